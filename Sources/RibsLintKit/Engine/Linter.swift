#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Runs a lint: finds the files, runs the file pass on each (in parallel, from the cache where it can),
/// then the project pass over their facts, and gathers the findings in a deterministic order. The file
/// pass lives in `FilePass.swift`, the project pass in `ProjectPass.swift`, every cache decision in
/// `LintCache`, which configuration governs each file in `Configuration/Scoping.swift`, and file reads in
/// `FileSystem.swift`.
public struct Linter: Sendable {
    public let configuration: Configuration
    public internal(set) var ruleSet: RuleSet
    public let jobs: Int
    /// Nested configurations to honour (the command line sets them); without, every file gets `configuration`.
    public var scopes: ConfigurationScopes?
    /// The folder reports name files relative to (`--base-path`); default: the git repository around the
    /// working directory, else the working directory. `/` names every file by its absolute path.
    public var basePath: String?
    /// Texts to lint in place of files on disk, by absolute path: `--fix` checks its fixes before writing, and
    /// `--staged` lints what the index holds. A listed file given here need not exist on disk.
    var overlay: [PathKey: String] = [:]

    /// Lints these texts in place of the files at their absolute paths (the content a commit would hold).
    public mutating func lintInstead(_ texts: [String: String]) {
        for (path, text) in texts { overlay[PathKey(path)] = text }
    }
    /// Seconds a file may take, plus one per 100 KB: swift-syntax 603's lookahead takes exponential time on
    /// some half-typed code (`[[[[…` thirty deep), and a file past its budget is reported unparsed while the
    /// run goes on.
    public var parseBudget: Double = 10
    /// The run's per-file data is left to the process's exit instead of being freed when `lint` returns, as
    /// clang's `-disable-free` does: a command-line run of a 50,000-file project spent 40 ms freeing it.
    public var leavesRunDataToExit = false

    static func budget(_ base: Double, bytes: Int) -> Double { base + Double(bytes) / 100_000 }

    static func overBudget(_ path: String, _ seconds: Double) -> String {
        "\(path): error: could not be parsed in \(seconds < 1 ? String(seconds) : String(Int(seconds))) s; skipped (swift-syntax 603 takes exponential time on some deeply nested code, such as thirty `[` in a row)"
    }

    /// Whether a run over `paths` (the configuration's `included` when empty) covers the file reports name
    /// `displayPath`: it is one of the paths or lies below one. Baselines count as fixed only the entries of such files.
    public func covers(paths: [String], workingDirectory: String) -> (String) -> Bool {
        let discovery = FileDiscovery(configuration: configuration, workingDirectory: workingDirectory, base: reportBase(workingDirectory: workingDirectory))
        let roots = discovery.roots(of: paths)
        return { displayPath in discovery.isCovered(displayPath, by: roots) }
    }

    /// Where paths in reports start: `basePath`, else the repository's top level, else the working directory.
    public func reportBase(workingDirectory: String) -> String {
        basePath ?? repositoryRoot(around: workingDirectory) ?? workingDirectory
    }

    public init(configuration: Configuration, ruleSet: RuleSet, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.configuration = configuration
        self.ruleSet = ruleSet
        self.jobs = max(1, jobs)
    }

    /// Lints the given paths (or the configuration's `included` when there are none), reusing and then
    /// rewriting the cache at `cachePath` when one is given.
    public func lint(paths: [String], workingDirectory: String, cachePath: String? = nil) throws(UsageError) -> LintResult {
        try lint(paths: paths, workingDirectory: workingDirectory, cachePath: cachePath, toolVersion: ribslintVersion)
    }

    /// `toolVersion` is the version a cache must have been written by (tests pretend to be another).
    func lint(paths: [String], workingDirectory: String, cachePath: String?, toolVersion: String) throws(UsageError) -> LintResult {
        let startedAt = Int(time(nil))
        let stored = cachePath.map { LintCache(path: $0, toolVersion: toolVersion, configurationKey: LintCache.key(for: self), jobs: jobs) }
        let memory = stored.map { FolderMemory(cache: $0) }
        let discovery = FileDiscovery(
            configuration: configuration, workingDirectory: workingDirectory, base: reportBase(workingDirectory: workingDirectory), jobs: jobs,
            memory: memory, givenTexts: Set(overlay.keys))
        // A list of files (a pre-commit hook's staged files) is linted with the whole project in view: the
        // project rules need every file, and the cache answers for the unchanged ones. Only the listed files are
        // reported. The project is the configuration's `included`, else the repository holding the files.
        var focus: Set<PathKey>?
        var (discovered, walkedConfigurations, discoveryProblems) = try discovery.discover(paths: paths)
        // The project's files as walked, before nested configurations drop any: the test file names' search may
        // take them rather than walk again.
        var walked = (roots: discovery.roots(of: paths), files: discovered)
        var runPaths = paths
        var notes: [String] = []
        var skippedRules = Set<String>()
        if paths.contains(where: { $0.hasSuffix(".swift") }) {
            if let projectPaths = Self.projectPaths(around: discovered, discovery: discovery) {
                focus = Set(discovered.map { PathKey($0.absolutePath) })
                let whole = try discovery.discover(paths: projectPaths)
                walked = (discovery.roots(of: projectPaths), whole.files)
                // The project holds the listed files, unless its walk skips them (a template, vendored code).
                let outside = discovered.filter { Self.position(of: $0.absolutePath, in: whole.files) == nil }
                discovered = outside.isEmpty ? whole.files : (whole.files + outside).sorted { PathKey($0.absolutePath) < PathKey($1.absolutePath) }
                walkedConfigurations += whole.sourceryConfigurations
                discoveryProblems += whole.problems
                runPaths = projectPaths
            }
        }
        let scoping = try scoping(of: discovered, listings: memory)
        let projectRules = Set(scoping.linters.flatMap { $0.ruleSet.projectEntries.map(\.id) }).sorted()
        if paths.contains(where: { $0.hasSuffix(".swift") }), focus == nil, !projectRules.isEmpty {
            notes.append(Self.skipped(projectRules, because: "no .ribslint.yml or git repository around the listed files shows the whole project"))
            skippedRules = Set(projectRules)
        }
        let files = scoping.files
        // Sourcery reads what its configurations list, whether they sit in a walked folder or above the linted paths.
        let configurations = Set(walkedConfigurations + discovery.sourceryConfigurations(paths: runPaths)).sorted()
        // Package manifests among the files, and in the folders above the linted paths.
        // By position and bytes: a monorepo has tens of thousands of paths.
        let manifests = Set(files.indices.lazy.filter { endsWith(files[$0].absolutePath, "/Package.swift") }.map { files[$0].absolutePath }
            + discovery.packageManifests(paths: runPaths)).sorted()
        let project = ProjectFacts(sourceryRoots: configurations.flatMap(SourceryConfiguration.sourceRoots(of:)), packageManifests: manifests)
        let cache = stored?.forProject(project, configurations: scoping.key)
        // Whole-project rules need the whole project: listed files without it would make every RIB look incomplete.
        let seesWholeProject = focus != nil || !paths.contains(where: { $0.hasSuffix(".swift") })
        let runsProjectRules = seesWholeProject && !projectRules.isEmpty
        let budget = ParallelMap.Budget<Int, FileOutcome>(
            seconds: { [parseBudget] position in Self.budget(parseBudget, bytes: fileSize(files[position].absolutePath)) }, least: parseBudget,
            timedOut: { [parseBudget] position in
                FileOutcome(unreadable: Self.overBudget(files[position].displayPath, Self.budget(parseBudget, bytes: fileSize(files[position].absolutePath))))
            })
        // Files whose stamps the cache trusts cost a `stat` and a decode: taken in shares, with no bookkeeping per
        // file. The rest are read, and linted when the cache has not seen their bytes, each within its budget.
        // The cache's entries are in path order too: a file's is likely at its own position.
        var outcomes =
            cache?.settledOutcomes(of: files)
            ?? Array(repeating: FileOutcome(), count: files.count)
        let unsettled = files.indices.filter { !outcomes[$0].stampTrusted }
        let linted = ParallelMap.map(unsettled, jobs: jobs, budget: budget) { position in
            scoping.linter(position).lint(fileAt: files[position], project: project, cache: cache, startedAt: startedAt)
        }
        for (position, outcome) in zip(unsettled, linted) { outcomes[position] = outcome }
        // Files whose questions about the project's types get other answers from the whole project than they
        // got are linted again. When the cache's answers were recorded for exactly these files as they are
        // (`LintCache.filesKey`), every recorded answer still holds and the index is not even built.
        // With files linted afresh, the files key as the recording run would have had it, in the same pass.
        let afresh = outcomes.indices.filter { !outcomes[$0].fromCache }
        let recorded = afresh.isEmpty ? nil : cache?.recordedHashes(afresh, files: files, outcomes: outcomes, sameAnswers: false)
        // The names of the project's Swift files, when a project rule reads them (test files): the project key hashes
        // them in the pass that hashes the files.
        let needsTestNames = runsProjectRules
            && scoping.linters.contains { $0.ruleSet.projectEntries.contains { type(of: $0.rule).readsAllFileNames } }
        let (otherFileNames, namesHoldDisplayPaths) = needsTestNames ? discovery.allSwiftFileNames(paths: runPaths, walked: walked) : ([], false)
        let keys = LintCache.projectKeys(files: files, outcomes: outcomes, otherFileNames: otherFileNames, recorded: recorded?.hashes, jobs: jobs)
        let (filesKey, recordedFilesKey) = (keys.filesKey, keys.recordedFilesKey)
        let unchanged = cache?.filesKey == filesKey && outcomes.indices.allSatisfy { outcomes[$0].fromCache }
        var relintedCount = 0
        if !unchanged {
            // Only what files asked about matters: the index holds every declaration of the names asked (and
            // of what inherits them), so its answers are exact. A file linted again may ask about more names
            // (a grandparent class): the index widens and that file is checked again, until nothing new is asked.
            // When only some files' bodies changed, only those files can get other answers.
            var asked = Set<String>()
            var pending = recorded?.declareAlike == true && recordedFilesKey == cache?.filesKey ? afresh : Array(outcomes.indices)
            for round in 0... {
                let before = asked.count
                for position in pending { asked.formUnion(outcomes[position].lookups.keys) }
                guard round == 0 || asked.count > before else { break }
                let index = round < 8 ? Self.typeIndex(of: outcomes, answering: asked, jobs: jobs) : Self.typeIndex(of: outcomes, answering: nil)
                let stale = pending.filter { index.answersDiffer(from: outcomes[$0].lookups) }
                let current = outcomes
                let relinted = ParallelMap.map(stale, jobs: jobs) { position in
                    scoping.linter(position).relint(files[position], current[position], project: project, index: index)
                }
                for (position, outcome) in zip(stale, relinted) { outcomes[position] = outcome }
                relintedCount += stale.count
                pending = stale
                if pending.isEmpty || round >= 8 { break }
            }
        }
        // The listed files, when files were listed.
        let listed = focus.map { focus in focus.compactMap { Self.position(of: $0.path, in: files) }.sorted() } ?? []
        var projectRecord: LintCache.ProjectRecord?
        // The project findings: recorded, or found over the files the listed ones relate to, or over all files.
        var found: [Finding] = []
        var projectFilesRead = 0
        if runsProjectRules {
            // Files linted again hash as they were read again.
            let key = relintedCount == 0 ? keys.key
                : LintCache.projectKey(files: files, outcomes: outcomes, otherFileNames: otherFileNames, jobs: jobs)
            // Recorded findings that do not decode (a bug of ours, as the checksum holds) leave the pass to run.
            if let recorded = cache?.projectRecord(key: key, outcomes: outcomes), let findings = recorded.findings() {
                (projectRecord, found) = (recorded, findings)
            } else if focus != nil,
                // A copy for the threads that index the files' links.
                case let current = outcomes,
                let related = LinkHashes.related(to: listed, count: current.count, jobs: jobs, links: { current[$0].links }), related.count < files.count
            {
                // Only the listed files' project findings are reported: the rules read the files those may depend on,
                // and the names of all the others (test files have no facts, and answer `rib_test_presence`).
                projectFilesRead = related.count
                // The others' names in one pass beside the related positions, which are sorted: a monorepo has
                // tens of thousands. The test file names may hold them all already.
                var others = otherFileNames
                if !namesHoldDisplayPaths {
                    others.reserveCapacity(otherFileNames.count + files.count - related.count)
                    var nextRelated = related.startIndex
                    for position in files.indices {
                        if nextRelated < related.endIndex, related[nextRelated] == position {
                            nextRelated += 1
                        } else {
                            others.append(files[position].displayPath)
                        }
                    }
                }
                found = projectFindings(
                    contributions(at: related, of: outcomes, scoping: scoping, project: project), at: related, scoping: scoping, otherFileNames: others)
            } else {
                let all = Array(files.indices)
                projectFilesRead = all.count
                found = projectFindings(
                    contributions(at: all, of: outcomes, scoping: scoping, project: project), at: all, scoping: scoping, otherFileNames: otherFileNames)
                projectRecord = LintCache.ProjectRecord(key: key, findings: found)
            }
        }
        var cacheWarning: String?
        if let cache, let memory {
            cacheWarning = cache.record(
                outcomes, of: files, unrecorded: Set(listed), filesKey: filesKey, recordedFilesKey: recordedFilesKey, folders: memory, project: projectRecord,
                run: discovery, paths: runPaths, startedAt: startedAt)
        }
        var result: LintResult
        if focus != nil {
            let listedPaths = Set(listed.map { PathKey(files[$0].displayPath) })
            result = merge(
                listed.map { outcomes[$0] },
                projectFindings: found.filter { finding in
                    listedPaths.contains(PathKey(finding.path)) || finding.concerns.contains { listedPaths.contains(PathKey($0)) }
                })
        } else {
            result = merge(outcomes, projectFindings: found)
        }
        if !runsProjectRules, !projectRules.isEmpty {
            // No project pass will judge a `disable all` the file rules found nothing for: judge it now, against the
            // rules that ran.
            let unjudged = files.indices.flatMap { position -> [Finding] in
                guard let severity = scoping.linter(position).ruleSet.unusedSuppressionSeverity,
                    let contribution = outcomes[position].contribution.decoded([])
                else { return [] }
                return contribution.suppressions.filter { $0.ruleID == "all" && $0.awaitingVerdict }.map {
                    var finding = Self.finding(UnusedSuppression.id, severity, "suppression of 'all' silences no finding; remove it", at: $0.point)
                    finding.fingerprint = stableHash("\(finding.ruleID)|\(finding.path)|\(finding.lineText)|0")
                    return finding
                }
            }
            result.findings = (result.findings + unjudged).sorted(by: Finding.ordered)
        }
        result.cacheHits = outcomes.count(where: \.fromCache)
        result.cacheMisses = cache == nil ? 0 : outcomes.count - result.cacheHits
        result.filesRead = outcomes.count { !$0.stampTrusted }
        result.relinted = relintedCount
        result.projectFilesRead = projectFilesRead
        result.foldersRead = memory?.foldersRead ?? 0
        result.notes = scoping.notes + notes
        result.skippedRules = skippedRules
        result.warnings = cacheWarning.map { [$0] } ?? []
        result.unreadable = discoveryProblems + result.unreadable
        result.rules = Self.enabledRules(of: scoping.linters)
        if leavesRunDataToExit { RunData.leave((discovered, scoping, outcomes, memory, cache, stored)) }
        return result
    }

    /// Where the file at `absolutePath` is among `files`, which are in path order (a binary search).
    static func position(of absolutePath: String, in files: [DiscoveredFile]) -> Int? {
        let key = PathKey(absolutePath)
        var (low, high) = (0, files.count)
        while low < high {
            let middle = (low + high) / 2
            if PathKey(files[middle].absolutePath) < key { low = middle + 1 } else { high = middle }
        }
        return low < files.count && PathKey(files[low].absolutePath) == key ? low : nil
    }

    /// The note naming project rules a run could not apply, and why.
    static func skipped(_ projectRules: [String], because reason: String) -> String {
        "note: \(projectRules.count) project rule\(projectRules.count == 1 ? "" : "s") skipped (\(projectRules.joined(separator: ", "))): \(reason)"
    }

    /// The paths that make up the project around listed files: the configuration's `included` when a
    /// configuration file was found, else the git repository holding the first file; nil when neither is known.
    static func projectPaths(around files: [DiscoveredFile], discovery: FileDiscovery) -> [String]? {
        if discovery.configuration.configPath != nil { return discovery.roots(of: []) }
        guard let first = files.first else { return nil }
        return repositoryRoot(around: parentFolder(of: first.absolutePath)).map { [$0] }
    }

    /// The project's types, from every file's declarations.
    /// - Parameter asked: the questions to answer (`TypeIndex.Question` keys); nil for every declaration.
    /// `jobs` threads pick, by hashes, the files that may declare an asked name; only those are decoded.
    static func typeIndex(of outcomes: [FileOutcome], answering asked: Set<String>?, jobs: Int = 1) -> TypeIndex {
        guard let asked else { return TypeIndex(outcomes.lazy.flatMap(\.declarations)) }
        var names = Set<String>()
        var inherited = Set<String>()
        var held = Set<String>()
        for key in asked {
            switch TypeIndex.Question(key: key) {
            case .inheritors?: inherited.insert(String(key.dropFirst()))
            case .holders?: held.insert(String(key.dropFirst()))
            case .primary?, .extensions?: names.insert(String(key.dropFirst()))
            case nil: continue
            }
        }
        func holdsAsked(_ declaration: DeclaredType) -> Bool {
            declaration.holds.contains { entry in
                guard let colon = entry.firstIndex(of: ":") else { return false }
                return held.contains(String(entry[entry.index(after: colon)...]))
            }
        }
        let hashed = Set((names.union(inherited).union(held)).map { fnv1a($0.utf8) })
        var declarations: [DeclaredType] = []
        // By position: each outcome whole, copied, would cost a retain and release per field.
        let mayDeclare = ParallelMap.shares(outcomes.count, jobs: jobs) { outcomes[$0].types.mayDeclare(any: hashed) }
        for position in outcomes.indices where mayDeclare[position] {
            for declaration in outcomes[position].declarations
            where names.contains(declaration.name) || (!inherited.isEmpty && declaration.inherited.contains(where: inherited.contains))
                || (!held.isEmpty && holdsAsked(declaration))
            {
                declarations.append(declaration)
            }
        }
        return TypeIndex(declarations)
    }

    /// A file linted again with the whole project's types: what it looked up is declared or extended elsewhere.
    /// A file's bytes: its text in `overlay` (no stamp), else what is on disk.
    private func read(_ file: DiscoveredFile) -> Result<(data: [UInt8], stamp: FileStamp?), ReadProblem> {
        if let text = overlay[PathKey(file.absolutePath)] { return .success((Array(text.utf8), nil)) }
        return readRegularFile(file.absolutePath).map { ($0.data, $0.stamp) }
    }

    func relint(_ file: DiscoveredFile, _ first: FileOutcome, project: ProjectFacts, index: TypeIndex) -> FileOutcome {
        guard let (data, stamp) = try? read(file).get(), let source = String(validating: data, as: UTF8.self) else { return first }
        var outcome = outcome(source: source, path: file.displayPath, project: project.forFile(at: file.absolutePath), index: index)
        outcome.contentHash = first.contentHash.map { _ in stableHash(data) }
        outcome.stamp = stamp
        return outcome
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

    /// The rules on for some file, in id order.
    static func enabledRules(of linters: [Linter]) -> [RuleDescription] {
        var seen = Set<String>()
        return linters.flatMap(\.ruleSet.enabledDescriptions).filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    /// The facts of every file of `profiles` below `paths` (or `included`) that `kinds` take, as one project:
    /// what `ribslint graph` draws. Files that cannot be read are named in `unreadable`.
    public func project(
        paths: [String], workingDirectory: String, profiles names: Set<String>, facts kinds: [any FileFacts.Type]
    ) throws(UsageError) -> (Project, unreadable: [String], fileCount: Int) {
        let discovery = FileDiscovery(configuration: configuration, workingDirectory: workingDirectory, base: reportBase(workingDirectory: workingDirectory))
        let scoping = try scoping(of: try discovery.swiftFiles(paths: paths))
        let ofProfile = scoping.files.indices.filter { names.contains(scoping.linter($0).ruleSet.profile.name) }
        let files = ofProfile.map { scoping.files[$0] }
        let profiles = ofProfile.map { scoping.linter($0).ruleSet.profile }
        @Sendable func contribution(_ file: LintFile) -> FileContribution {
            var facts: [String: any FileFacts] = [:]
            for kind in kinds { facts[kind.id] = kind.init(file: file) }
            return FileContribution(path: file.path, facts: facts)
        }
        // As the linter does: each file alone first, again only where the project's types answer otherwise.
        typealias Read = (source: String, declarations: [DeclaredType], lookups: [String: String], contribution: FileContribution)
        // Each file within the parse budget, as `lint` parses it: a file past it is named, not waited on.
        let budget = ParallelMap.Budget<Int, Result<Read, FileProblem>>(
            seconds: { [parseBudget] position in Self.budget(parseBudget, bytes: fileSize(files[position].absolutePath)) }, least: parseBudget,
            timedOut: { [parseBudget] position in
                .failure(FileProblem(message: Self.overBudget(files[position].displayPath, Self.budget(parseBudget, bytes: fileSize(files[position].absolutePath)))))
            })
        let first = ParallelMap.map(Array(files.indices), jobs: jobs, budget: budget) { position -> Result<Read, FileProblem> in
            let file = files[position]
            guard let (data, _) = readFile(file.absolutePath), let source = String(validating: data, as: UTF8.self) else {
                return .failure(FileProblem(message: "\(file.displayPath): error: cannot read the file as UTF-8 text; skipped"))
            }
            if let problem = NestingDepth.problem(source, path: file.displayPath) { return .failure(FileProblem(message: problem)) }
            let lintFile = LintFile(path: file.displayPath, source: source, profile: profiles[position])
            let read = contribution(lintFile)
            return .success((source, lintFile.model.declarations, lintFile.model.lookups, read))
        }
        let index = TypeIndex(first.lazy.compactMap { try? $0.get() }.flatMap(\.declarations))
        let contributions = ParallelMap.map(Array(files.indices), jobs: jobs) { position -> FileContribution? in
            guard let read = try? first[position].get() else { return nil }
            guard index.answersDiffer(from: read.lookups) else { return read.contribution }
            return contribution(LintFile(path: files[position].displayPath, source: read.source, profile: profiles[position], index: index))
        }
        let unreadable = first.compactMap { outcome -> String? in
            guard case .failure(let problem) = outcome else { return nil }
            return problem.message
        }
        return (Project(files: contributions.compactMap { $0 }), unreadable, scoping.files.count)
    }

    /// Why a file was left out of `project(…)`.
    struct FileProblem: Error, Sendable {
        let message: String
    }

    /// Lints sources held in memory as files at the given paths, the project pass included (tests, tools).
    public func lint(sources: [(path: String, text: String)], project: ProjectFacts) -> LintResult {
        var outcomes = sources.map { outcome(source: $0.text, path: $0.path, project: project, index: nil) }
        let index = Self.typeIndex(of: outcomes, answering: nil)
        for (position, source) in sources.enumerated() where index.answersDiffer(from: outcomes[position].lookups) {
            outcomes[position] = outcome(source: source.text, path: source.path, project: project, index: index)
        }
        let projectFindings = ruleSet.projectEntries.isEmpty
            ? [] : projectFindings(outcomes.compactMap { $0.contribution.decoded(ruleSet.factKinds) }, otherFileNames: [])
        return merge(outcomes, projectFindings: projectFindings)
    }

    public func lint(source: String, path: String, project: ProjectFacts) -> [Finding] {
        lint(sources: [(path, source)], project: project).findings
    }

    struct FileOutcome: Sendable {
        /// Decoded when reported: a listed run reports its own files' only.
        var storedFindings = StoredFindings.decoded([])
        /// Cached findings that do not decode give none (the checksum makes that a bug of ours).
        var findings: [Finding] { storedFindings.decoded ?? [] }
        var contribution = StoredContribution.decoded(FileContribution(path: ""))
        /// How its facts link to other files' (`FactLinks`); nil when they may bear on any file. A file with no
        /// facts (unreadable, or under rules that take none) links to nothing; the file pass and the cache set it
        /// from the facts.
        var links: LinkHashes? = LinkHashes()
        /// What the file declares, for the project's type index, and what it looked up there.
        var types = StoredTypes.decoded([], [:])
        var declarations: [DeclaredType] { types.declarations }
        var lookups: [String: String] { types.lookups }
        var lineCount = 0
        var unreadable: String?
        var syntaxNote: String?
        var contentHash: String?
        var stamp: FileStamp?
        /// The result came from the cache: by a stamp it trusts (`stampTrusted`, the file unread) or by the
        /// bytes' hash.
        var fromCache = false
        var stampTrusted = false
        /// Something the cache should record: a fresh result, or a stamp that changed or can now be trusted.
        var isNews = true
    }

    /// Gathers file outcomes in input order with the project findings, sorts.
    func merge(_ outcomes: [FileOutcome], projectFindings: [Finding]) -> LintResult {
        var result = LintResult(findings: [], fileCount: outcomes.count, lineCount: 0)
        for outcome in outcomes {
            result.findings += outcome.findings
            result.lineCount += outcome.lineCount
            if let problem = outcome.unreadable { result.unreadable.append(problem) }
            if let note = outcome.syntaxNote { result.syntaxNotes.append(note) }
        }
        result.fileCount -= result.unreadable.count
        result.findings += projectFindings
        result.findings.sort(by: Finding.ordered)
        return result
    }

    /// One file's outcome: from the cache when it has the file, else read and linted afresh.
    func lint(fileAt file: DiscoveredFile, project: ProjectFacts, cache: LintCache?, startedAt: Int) -> FileOutcome {
        let bytes: (data: [UInt8], stamp: FileStamp?, hash: String?)
        if let cache {
            switch cache.lookup(file, startedAt: startedAt) {
            case .hit(let outcome): return outcome
            case .unreadable(let problem): return FileOutcome(unreadable: "\(file.displayPath): error: \(problem.message); skipped")
            case .miss(let data, let stamp, let hash): bytes = (data, stamp, hash)
            }
        } else {
            switch read(file) {
            case .success(let read): bytes = (read.data, read.stamp, nil)
            case .failure(let problem): return FileOutcome(unreadable: "\(file.displayPath): error: \(problem.message); skipped")
            }
        }
        guard let source = String(validating: bytes.data, as: UTF8.self) else {
            return FileOutcome(unreadable: "\(file.displayPath): error: not UTF-8 text; skipped")
        }
        var outcome = outcome(source: source, path: file.displayPath, project: project.forFile(at: file.absolutePath), index: nil)
        outcome.contentHash = bytes.hash
        outcome.stamp = bytes.stamp
        return outcome
    }

}


/// What a run leaves to the process's exit (`Linter.leavesRunDataToExit`): held, never released.
private enum RunData {
    private final class Held {
        let data: Any
        init(_ data: Any) { self.data = data }
    }

    static func leave(_ data: Any) { _ = Unmanaged.passRetained(Held(data)) }
}



extension Linter {
    /// Lints text from standard input as the file at `path` (editors): excluded paths yield nothing.
    public func lint(source: String, stdinPath path: String, workingDirectory: String) throws(UsageError) -> LintResult {
        let discovery = FileDiscovery(configuration: configuration, workingDirectory: workingDirectory, base: reportBase(workingDirectory: workingDirectory))
        let absolute = path.hasPrefix("/") ? path : URL(fileURLWithPath: workingDirectory).appendingPathComponent(path).standardizedFileURL.path
        var result = LintResult(findings: [], fileCount: 0, lineCount: 0, unreadable: [], syntaxNotes: [])
        guard !discovery.isExcluded(absolute) else { return result }
        let file = DiscoveredFile(absolutePath: absolute, displayPath: discovery.display(absolute))
        let scoping = try scoping(of: [file])
        result.notes = scoping.notes
        result.rules = Self.enabledRules(of: scoping.linters)
        guard !scoping.files.isEmpty else { return result }
        let projectRules = scoping.linter(0).ruleSet.projectEntries.map(\.id).sorted()
        if !projectRules.isEmpty {
            result.notes.append(Self.skipped(projectRules, because: "standard input is linted without the rest of the project"))
            result.skippedRules = Set(projectRules)
        }
        let linter = scoping.linter(0)
        let folder = [URL(fileURLWithPath: absolute).deletingLastPathComponent().path]
        let configurations = discovery.sourceryConfigurations(paths: folder)
        let project = ProjectFacts(
            sourceryRoots: configurations.flatMap(SourceryConfiguration.sourceRoots(of:)),
            packageManifests: discovery.packageManifests(paths: folder)
        ).forFile(at: absolute)
        // On a thread with room for deep nesting, within the parse budget, as files are.
        let seconds = Self.budget(parseBudget, bytes: source.utf8.count)
        let budget = ParallelMap.Budget<DiscoveredFile, FileOutcome>(
            seconds: { _ in seconds }, least: seconds, timedOut: { FileOutcome(unreadable: Self.overBudget($0.displayPath, seconds)) })
        let outcome = ParallelMap.map([file], jobs: 1, budget: budget) {
            linter.outcome(source: source, path: $0.displayPath, project: project, index: nil)
        }[0]
        if let problem = outcome.unreadable { result.unreadable = [problem] }
        result.findings = outcome.findings
        result.fileCount = 1
        result.lineCount = outcome.lineCount
        result.syntaxNotes = outcome.syntaxNote.map { [$0] } ?? []
        return result
    }
}
