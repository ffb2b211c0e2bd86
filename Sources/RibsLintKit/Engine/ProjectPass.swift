/// The project pass: every project rule over every file's facts, with the suppressions that name them.
extension Linter {
    /// Findings of the project rules over every file's facts, with suppressions and their verdicts applied.
    func projectFindings(_ files: [FileContribution], otherFileNames: [String]) -> [Finding] {
        let project = Project(files: files, otherFileNames: otherFileNames)
        let spans = Dictionary(grouping: files.flatMap(\.suppressions), by: \.point.path)
        var usedSpans = Set<String>()
        var findings: [Finding] = []
        // The project rules share the project's models: each on its own thread.
        let violations = ParallelMap.map(ruleSet.projectEntries, jobs: jobs) { $0.rule.violations(in: project) }
        for (entry, violations) in zip(ruleSet.projectEntries, violations) {
            let id = entry.id
            for violation in violations {
                let point = violation.point
                let silencing = spans[point.path, default: []].filter {
                    $0.silences(id, line: point.line)
                }
                for span in silencing { usedSpans.insert("\(span.point.path):\(span.point.line):\(span.point.column)") }
                guard silencing.isEmpty else { continue }
                var finding = Self.finding(id, entry.severity, violation.message, at: point)
                finding.concerns = violation.concerns
                findings.append(finding)
            }
        }
        if let severity = ruleSet.unusedSuppressionSeverity {
            var reported = Set<String>()
            for span in files.flatMap(\.suppressions) where span.awaitingVerdict {
                let key = "\(span.point.path):\(span.point.line):\(span.point.column)"
                guard !usedSpans.contains(key), reported.insert(key + span.ruleID).inserted else { continue }
                findings.append(Self.finding(
                    UnusedSuppression.id, severity, "suppression of '\(span.ruleID)' silences no finding; remove it", at: span.point))
            }
        }
        var seen: [String: Int] = [:]
        return findings.map { finding in
            var finding = finding
            let key = "\(finding.ruleID)|\(finding.path)|\(finding.fingerprint)"
            let ordinal = seen[key, default: 0]
            seen[key] = ordinal + 1
            finding.fingerprint = stableHash("\(key)|\(ordinal)")
            return finding
        }
    }


    /// A project finding; its fingerprint is finished once all are known (see `projectFindings`).
    static func finding(_ id: String, _ severity: Severity, _ message: String, at point: SourcePoint) -> Finding {
        Finding(
            ruleID: id, severity: severity, path: point.path, line: point.line, column: point.column,
            endLine: point.endLine, endColumn: point.endColumn, message: message, fingerprint: point.lineText, context: point.context,
            lineText: point.lineText)
    }
}

/// The project stage of a run: which files the project rules read, and the findings, recorded or found.
extension Linter {
    /// What the project pass gives: its findings, what the cache should record of them, and how many files'
    /// facts the rules read.
    struct ProjectStage {
        var findings: [Finding] = []
        var record: LintCache.ProjectRecord?
        var filesRead = 0
    }

    /// The project findings: recorded under `key`, or found over the files the `listed` ones relate to, or over
    /// all files. `testNames` are the project's Swift file names when a rule reads them, and whether they hold
    /// every file's display path.
    func projectStage(
        _ outcomes: [FileOutcome], listed: [Int]?, key: String, cache: LintCache?, scoping: Scoping, project: ProjectFacts,
        testNames: (names: [String], holdDisplayPaths: Bool)
    ) -> ProjectStage {
        let files = scoping.files
        var stage = ProjectStage()
        // Recorded findings that do not decode (a bug of ours, as the checksum holds) leave the pass to run.
        if let recorded = cache?.projectRecord(key: key, outcomes: outcomes), let findings = recorded.findings() {
            (stage.record, stage.findings) = (recorded, findings)
        } else if let listed,
            let related = LinkHashes.related(to: listed, count: outcomes.count, jobs: jobs, links: { outcomes[$0].links }), related.count < files.count
        {
            // Only the listed files' project findings are reported: the rules read the files those may depend on,
            // and the names of all the others (test files have no facts, and answer `rib_test_presence`).
            stage.filesRead = related.count
            // The others' names in one pass beside the related positions, which are sorted: a monorepo has
            // tens of thousands. The test file names may hold them all already.
            var others = testNames.names
            if !testNames.holdDisplayPaths {
                others.reserveCapacity(testNames.names.count + files.count - related.count)
                var nextRelated = related.startIndex
                for position in files.indices {
                    if nextRelated < related.endIndex, related[nextRelated] == position {
                        nextRelated += 1
                    } else {
                        others.append(files[position].displayPath)
                    }
                }
            }
            stage.findings = projectFindings(
                contributions(at: related, of: outcomes, scoping: scoping, project: project), at: related, scoping: scoping, otherFileNames: others)
        } else {
            let all = Array(files.indices)
            stage.filesRead = all.count
            stage.findings = projectFindings(
                contributions(at: all, of: outcomes, scoping: scoping, project: project), at: all, scoping: scoping, otherFileNames: testNames.names)
            stage.record = LintCache.ProjectRecord(key: key, findings: stage.findings)
        }
        return stage
    }

    /// The contributions of the files at `positions` to the project pass; a file whose cached facts do not
    /// decode is linted again.
    private func contributions(at positions: [Int], of outcomes: [FileOutcome], scoping: Scoping, project: ProjectFacts) -> [FileContribution] {
        let decoded = ParallelMap.map(positions, jobs: jobs) { position in
            outcomes[position].contribution.decoded(scoping.linter(position).ruleSet.factKinds)
        }
        var index: TypeIndex?
        return zip(positions, decoded).map { position, decoded in
            if let decoded { return decoded }
            let (file, linter) = (scoping.files[position], scoping.linter(position))
            // Built once, and only if some file needs it.
            let whole = index ?? Self.typeIndex(of: outcomes, answering: nil)
            index = whole
            return linter.relint(file, outcomes[position], project: project, index: whole).contribution.decoded(linter.ruleSet.factKinds)
                ?? FileContribution(path: file.displayPath)
        }
    }

    /// The project findings of every configuration over the files at `positions`: each one's project rules run
    /// over the facts of every one of those files of its profile, and report in the files it governs.
    private func projectFindings(_ contributions: [FileContribution], at positions: [Int], scoping: Scoping, otherFileNames: [String]) -> [Finding] {
        guard scoping.linters.count > 1 else {
            return scoping.linters[0].projectFindings(contributions, otherFileNames: otherFileNames)
        }
        var findings: [Finding] = []
        for (scope, linter) in scoping.linters.enumerated() where !linter.ruleSet.projectEntries.isEmpty {
            let profile = linter.ruleSet.profile.name
            var governed = Set<String>()
            var sameProfile: [FileContribution] = []
            for (position, contribution) in zip(positions, contributions) where scoping.linter(position).ruleSet.profile.name == profile {
                sameProfile.append(contribution)
                if scoping.scopeOfFile[position] == scope { governed.insert(contribution.path) }
            }
            findings += linter.projectFindings(sameProfile, otherFileNames: otherFileNames).filter { governed.contains($0.path) }
        }
        return findings
    }
}
