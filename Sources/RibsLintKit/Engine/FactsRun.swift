import Foundation

/// `ribslint facts` and `ribslint check --facts`: a run cut in two at its facts. The facts of each part of a
/// project (a build system's target) are taken where its sources are — discover, scope the configuration, the
/// file pass and the type index over those files alone — and one check merges them and does the rest: the type
/// index over every file, the project pass and assembly. Together they report what `ribslint lint` reports on
/// the same files, byte for byte.
extension Linter {
    /// What `facts(paths:…)` gives: the facts, and the files or paths it could not read (the facts are then not
    /// to be written: a check over them would miss those files' findings).
    public struct TakenFacts: Sendable {
        public var facts: FactsFile
        public var problems: [String]
        public var notes: [String]
    }

    /// The facts of the Swift files under `paths` (the configuration's `included` when empty), only those files
    /// read, each linted with the types they and `dependencies` (the facts of the targets they depend on) declare.
    public func facts(paths: [String], workingDirectory: String, dependencies: [FactsFile] = []) throws(UsageError) -> TakenFacts {
        let discovery = FileDiscovery(
            configuration: configuration, workingDirectory: workingDirectory, base: reportBase(workingDirectory: workingDirectory), jobs: jobs)
        let run = try RunFiles(paths: paths, discovery: discovery, readsProject: false)
        var scoping = try scoping(of: run.files)
        // Each file's facts view: every rule of its profile on, so that which rules are on, and at what severity, is
        // the check's to say; and every kind of facts the project rules of its profile read (a nested configuration
        // elsewhere may turn one on).
        for position in scoping.linters.indices {
            scoping.linters[position] = try scoping.linters[position].factsView(scopes?.catalog)
            scoping.linters[position].ruleSet.factKinds = factKinds(ofProfile: scoping.linters[position].ruleSet.profile.name)
        }
        let project = run.projectFacts(of: scoping.files)
        let known = dependencies.flatMap(\.declarations)
        var outcomes = lintFiles(scoping, project: project, cache: nil, startedAt: 0, known: known)
        _ = answerTypeQuestions(in: &outcomes, pending: Array(outcomes.indices), scoping: scoping, project: project, known: known)
        let files = scoping.files
        let hashes = ParallelMap.map(Array(files.indices), jobs: jobs) { position -> (hash: String, directives: Bool)? in
            guard case .success(let read) = read(files[position]) else { return nil }
            return (stableHash(read.data), Self.mayHoldDirectives(read.data))
        }
        var problems = run.problems
        var entries: [FactsFile.Entry] = []
        entries.reserveCapacity(files.count)
        for (position, outcome) in outcomes.enumerated() {
            if let problem = outcome.unreadable {
                problems.append(problem)
                continue
            }
            guard let (hash, directives) = hashes[position], let contribution = outcome.contribution.decoded([]) else {
                problems.append("\(files[position].displayPath): error: changed or went away while its facts were taken; skipped")
                continue
            }
            entries.append(FactsFile.Entry(
                path: files[position].displayPath, configuration: LintCache.key(for: scoping.linter(position), factKinds: false),
                contentHash: hash, directives: directives, lineCount: outcome.lineCount, findings: outcome.findings, facts: contribution.facts,
                suppressions: contribution.suppressions, declarations: outcome.declarations, lookups: outcome.lookups,
                syntaxNote: outcome.syntaxNote))
        }
        // The project's Swift file names as a lint finds them, or, for paths (a target), those below the paths.
        let names = paths.isEmpty ? discovery.allSwiftFileNames(paths: run.paths, walked: run.walked).names : discovery.swiftFileNames(under: run.paths)
        let facts = FactsFile(files: entries, fileNames: names)
        return TakenFacts(facts: facts, problems: problems, notes: scoping.notes)
    }

    /// What a file's facts are taken with: every rule of the profile on, at its default severity, under the
    /// configuration's profile, roles, conventions and rule options — all that a file's findings and facts depend
    /// on but which rules are on and how severe they are, which the check applies (and a change of which then re-runs
    /// no facts action of a build system). Without a catalog (a linter made without nested configurations), itself.
    func factsView(_ catalog: Catalog?) throws(UsageError) -> Linter {
        guard let catalog else { return self }
        var view = Configuration(rootDirectory: configuration.rootDirectory)
        view.configPath = configuration.configPath
        view.profile = configuration.profile
        view.included = configuration.included
        view.excluded = configuration.excluded
        view.nestedExclusions = configuration.nestedExclusions
        view.conventions = configuration.conventions
        view.roles = configuration.roles
        view.customRules = configuration.customRules
        view.ruleSettings = configuration.ruleSettings.compactMapValues { $0.options.isEmpty ? nil : RuleSetting(options: $0.options) }
        let rules = catalog.rules.map { $0.description } + catalog.projectRules.map { $0.description }
        view.optInRules = rules.filter { $0.profiles.contains(configuration.profile) }.map(\.id)
        var linter = self
        linter.configuration = view
        linter.ruleSet = try RuleSet(configuration: view, catalog: catalog)
        return linter
    }

    /// Whether a file's bytes may hold a `ribslint:` comment: its findings then depend on which rules are on (a
    /// suppression of a rule that is off is not reported unused), and a check lints it again.
    static func mayHoldDirectives(_ data: [UInt8]) -> Bool {
        let marker = Array(Suppression.marker.utf8)
        guard data.count >= marker.count else { return false }
        return data.withUnsafeBufferPointer { bytes in
            var start = 0
            while let at = bytes[start...].firstIndex(of: marker[0]), at + marker.count <= bytes.count {
                if bytes[at..<(at + marker.count)].elementsEqual(marker) { return true }
                start = at + 1
            }
            return false
        }
    }

    /// The kinds of facts every project rule of the profile reads, enabled or not; without the catalog (a linter
    /// made without nested configurations), those of its own rules.
    private func factKinds(ofProfile profile: String) -> [any FileFacts.Type] {
        guard let catalog = scopes?.catalog else { return ruleSet.factKinds }
        var seen = Set<String>()
        return catalog.projectRules.filter { $0.description.profiles.contains(profile) }.flatMap { $0.facts }.filter { seen.insert($0.id).inserted }
    }

    /// What `lint` reports on the files the `facts` hold, from those facts: each file's configuration here must be
    /// the one its facts were taken under. A file whose questions about the project's types get other answers from
    /// all the facts than from those it was taken with (a class it inherits from is declared in a target its facts
    /// were taken without) is linted again from disk, and must be there as it was.
    public func check(facts: [FactsFile], workingDirectory: String) throws(UsageError) -> LintResult {
        for file in facts where file.tool != ribslintVersion {
            throw UsageError("error: facts taken by another ribslint (\(file.tool)) than this one (\(ribslintVersion)): take them again with it")
        }
        let base = reportBase(workingDirectory: workingDirectory)
        let discovery = FileDiscovery(configuration: configuration, workingDirectory: workingDirectory, base: base, jobs: jobs)
        var byPath: [PathKey: (file: DiscoveredFile, entry: FactsFile.Entry)] = [:]
        for entry in facts.lazy.flatMap(\.files) {
            let absolute = entry.path.hasPrefix("/") ? entry.path : URL(fileURLWithPath: base).appendingPathComponent(entry.path).standardizedFileURL.path
            let key = PathKey(absolute)
            if let earlier = byPath[key] {
                guard earlier.entry.contentHash == entry.contentHash, earlier.entry.configuration == entry.configuration else {
                    throw UsageError("error: two facts files hold \(entry.path), taken from different text or configurations: give each file's facts once")
                }
                continue
            }
            byPath[key] = (DiscoveredFile(absolutePath: absolute, displayPath: entry.path), entry)
        }
        let sorted = byPath.sorted { $0.key < $1.key }.map(\.value)
        let scoping = try scoping(of: sorted.map(\.file))
        guard scoping.files.count == sorted.count else {
            let kept = Set(scoping.files.map { PathKey($0.absolutePath) })
            let dropped = sorted.first { !kept.contains(PathKey($0.file.absolutePath)) }?.entry.path ?? ""
            throw UsageError("error: \(dropped) is excluded by the configuration here, but facts of it were given: take the facts under this configuration")
        }
        // Each configuration's facts view, its key, and whether its rules, file and project ones, are all among the
        // view's (a nested configuration may turn on a rule of another profile).
        // And the severity of each file rule on here, which the findings taken at their defaults get.
        let views = try scoping.linters.map { linter throws(UsageError) -> (key: String, covers: Bool, severities: [String: Severity]) in
            let view = try linter.factsView(scopes?.catalog)
            let ruleIDs = Set(view.ruleSet.entries.map(\.id) + view.ruleSet.projectEntries.map(\.id) + view.ruleSet.customEntries.map(\.id))
            let onHere = linter.ruleSet.entries.map(\.id) + linter.ruleSet.projectEntries.map(\.id) + linter.ruleSet.customEntries.map(\.id)
            let severities = Dictionary(
                uniqueKeysWithValues: linter.ruleSet.entries.map { ($0.id, $0.severity) } + linter.ruleSet.customEntries.map { ($0.id, $0.severity) })
            return (LintCache.key(for: view, factKinds: false), onHere.allSatisfy(ruleIDs.contains), severities)
        }
        var outcomes: [FileOutcome] = []
        outcomes.reserveCapacity(sorted.count)
        // Files the facts cannot give the findings of under the rules on here: linted again from disk.
        var again: [Int] = []
        for (position, (_, entry)) in sorted.enumerated() {
            let linter = scoping.linter(position)
            let view = views[scoping.scopeOfFile[position]]
            guard entry.configuration == view.key else {
                throw UsageError("error: the facts of \(entry.path) were taken under another configuration than governs it here (profile, roles, conventions or rule options differ): take them again")
            }
            let kinds = linter.ruleSet.factKinds
            // A rule of another profile on here (a nested configuration's) may read facts its profile does not take.
            let lacksKinds = kinds.contains { entry.facts[$0.id] == nil }
            if entry.directives || !view.covers || lacksKinds { again.append(position) }
            let findings = entry.findings.compactMap { finding -> Finding? in
                guard let severity = view.severities[finding.ruleID] else { return nil }
                var finding = finding
                finding.severity = severity
                return finding
            }
            var contribution = FileContribution(path: entry.path)
            // A file linted again takes the facts it needs then.
            if !kinds.isEmpty, again.last != position {
                contribution = FileContribution(
                    path: entry.path, facts: entry.facts.filter { id, _ in kinds.contains { $0.id == id } }, suppressions: entry.suppressions)
            }
            outcomes.append(FileOutcome(
                storedFindings: .decoded(findings), contribution: .decoded(contribution), links: contribution.links,
                types: .decoded(entry.declarations, entry.lookups), lineCount: entry.lineCount, syntaxNote: entry.syntaxNote,
                contentHash: entry.contentHash))
        }
        let files = scoping.files
        let project = discovery.projectFacts(of: files, paths: [], sourceryConfigurations: [])
        // A file the facts cannot answer for is linted again where it lies, if it is still what its facts describe.
        let fromDisk = { @Sendable (position: Int, first: FileOutcome, index: TypeIndex, why: String, advice: String) -> FileOutcome in
            let file = files[position]
            guard case .success(let read) = scoping.linter(position).read(file), stableHash(read.data) == first.contentHash else {
                return FileOutcome(unreadable: "\(file.displayPath): error: \(why), and the file is not here as it was to lint again\(advice)")
            }
            return scoping.linter(position).relint(file, first, project: project, index: index)
        }
        // Those with `ribslint:` comments, or under a rule their facts were taken without, with every type in view.
        if !again.isEmpty {
            let index = Self.typeIndex(of: outcomes, answering: nil)
            let current = outcomes
            let outcomesAgain = ParallelMap.map(again, jobs: jobs) { position in
                fromDisk(
                    position, current[position], index,
                    "its findings depend on which rules are on here (it holds a `ribslint:` comment, or a rule of another profile is on)",
                    ": give the check the sources its facts were taken from")
            }
            for (position, outcome) in zip(again, outcomesAgain) { outcomes[position] = outcome }
        }
        let relinted = again.count + answerTypeQuestions(in: &outcomes, pending: Array(outcomes.indices), scoping: scoping, project: project) { position, first, index in
            fromDisk(
                position, first, index, """
                its facts were taken without the declarations of a type it uses that other facts declare (a class it inherits \
                from, a protocol it implements)
                """, "; take its facts with those of the targets it depends on (`ribslint facts --facts`)")
        }
        let projectRules = Set(scoping.linters.flatMap { $0.ruleSet.projectEntries.map(\.id) })
        var projectFindings: [Finding] = []
        if !projectRules.isEmpty {
            let readsNames = scoping.linters.contains { $0.ruleSet.projectEntries.contains { type(of: $0.rule).readsAllFileNames } }
            let names = readsNames ? Set(facts.flatMap { $0.fileNames ?? [] }).sorted { PathKey($0) < PathKey($1) } : []
            projectFindings = projectStage(
                outcomes, listed: nil, key: "", cache: nil, scoping: scoping, project: project, testNames: (names, false)
            ).findings
        }
        var result = assemble(outcomes, projectFindings: projectFindings, listed: nil, scoping: scoping, judgesSuppressionsOfAll: false)
        result.relinted = relinted
        result.notes = scoping.notes
        result.rules = Self.enabledRules(of: scoping.linters)
        return result
    }
}
