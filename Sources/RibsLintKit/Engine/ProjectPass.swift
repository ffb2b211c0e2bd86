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
