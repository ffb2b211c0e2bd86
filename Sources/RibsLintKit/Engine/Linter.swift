#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Runs a lint. `lint(paths:…)` reads as the run's stages, each in a file of its own under `Engine/`:
/// discover (`RunFiles.swift`) → resolve each file's configuration (`Configuration/Scoping.swift`) → the file
/// pass: parse, extract and lint each file, or take it from the cache (`FilePass.swift`) → the type index, and
/// the files whose questions about the project's types get other answers (`TypeIndexPass.swift`) → the project
/// pass (`ProjectPass.swift`) → record the cache (`Cache/`) → assemble (`Assembly.swift`). Reporting is the
/// caller's (`Reporting/`). Paths and reads are in `FileSystem.swift`.
public struct Linter: Sendable {
    public internal(set) var configuration: Configuration
    public internal(set) var ruleSet: RuleSet
    public let jobs: Int
    /// Nested configurations to honour (the command line sets them); without, every file gets `configuration`.
    public var scopes: ConfigurationScopes?
    /// The folder reports name files relative to (`--base-path`); default: the git repository around the
    /// working directory, else the working directory. `/` names every file by its absolute path.
    public var basePath: String?
    /// A folder inside the project that a run given no paths lints (`ribslint` started there): only the project's
    /// files in it are reported, while the whole project (`included`, `excluded`) is read for the project rules,
    /// as around listed files. Nil: the whole project.
    public var folder: String?
    /// Texts to lint in place of files on disk, by absolute path: `--fix` checks its fixes before writing, and
    /// `--staged` lints what the index holds. A listed file given here need not exist on disk.
    var overlay: [PathKey: String] = [:]

    /// The files and folders on disk are as the last run that wrote the cache found them — an editor's file watcher
    /// says so (`ribslint lsp`): the run takes the cache's walk and each file's recorded stamp without asking the file
    /// system, which on a monorepo is most of a warm run. Wrong results if it is not so; a file the cache does not
    /// trust (changed just before that run) is still asked.
    public var diskUnchangedSinceLastRun = false

    /// A text given in place of a file is linted afresh even when the cache holds its bytes, so that its findings
    /// carry their fixes (the cache keeps none): an editor's quick fixes.
    public var lintsGivenTextsAfresh = false

    /// `--fix` also makes the fixes custom rules mark `safety: unsafe` (`--unsafe-fixes`).
    public var unsafeFixes = false

    /// The custom rules the run's configuration defines, on or off, in id order.
    public var customRules: [CustomRule] { ruleSet.definedCustomRules }

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
        return { [folder] displayPath in discovery.isCovered(displayPath, by: roots, paths: paths, folder: folder) }
    }

    /// Where paths in reports start: `basePath`, else the repository's top level, else the working directory (the
    /// project's folder for a run in one of its folders, whose paths and fingerprints are then the whole run's).
    public func reportBase(workingDirectory: String) -> String {
        basePath ?? repositoryRoot(around: workingDirectory) ?? (folder == nil ? workingDirectory : configuration.rootDirectory)
    }

    public init(configuration: Configuration, ruleSet: RuleSet, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.configuration = configuration
        self.ruleSet = ruleSet
        self.jobs = max(1, jobs)
    }

    /// Lints the given paths (or the configuration's `included` when there are none), reusing and then
    /// rewriting the cache at `cachePath` when one is given.
    public func lint(paths: [String], workingDirectory: String, cachePath: String? = nil) throws(UsageError) -> LintResult {
        try lint(paths: paths, workingDirectory: workingDirectory, cachePath: cachePath, toolVersion: ribslintBuildIdentity)
    }

    /// `toolVersion` is the version a cache must have been written by (tests pretend to be another). The body is
    /// the run's stages in order (see the type's documentation).
    func lint(paths: [String], workingDirectory: String, cachePath: String?, toolVersion: String) throws(UsageError) -> LintResult {
        let startedAt = Int(time(nil))
        var stored = cachePath.map { LintCache(path: $0, toolVersion: toolVersion, configurationKey: LintCache.key(for: self), jobs: jobs) }
        stored?.trustsRecordedDisk = diskUnchangedSinceLastRun
        let memory = stored.map { FolderMemory(cache: $0) }
        memory?.trustsRecordedDisk = diskUnchangedSinceLastRun
        let discovery = FileDiscovery(
            configuration: configuration, workingDirectory: workingDirectory, base: reportBase(workingDirectory: workingDirectory), jobs: jobs,
            memory: memory, givenTexts: Set(overlay.keys))
        // Discover.
        let run = try RunFiles(paths: paths, discovery: discovery, folder: folder)
        // Resolve each file's configuration.
        let scoping = try scoping(of: run.files, listings: memory)
        let files = scoping.files
        let projectRules = Set(scoping.linters.flatMap { $0.ruleSet.projectEntries.map(\.id) }).sorted()
        var notes: [String] = []
        var skippedRules = Set<String>()
        if run.listsFiles, run.focus == nil, !projectRules.isEmpty {
            notes.append(Self.skipped(projectRules, because: "no .ribslint.yml or git repository around the listed files shows the whole project"))
            skippedRules = Set(projectRules)
        }
        let project = run.projectFacts(of: files)
        let cache = stored?.forProject(project, configurations: scoping.key)
        let runsProjectRules = run.seesWholeProject && !projectRules.isEmpty
        // Parse and lint each file once, or take it from the cache.
        var outcomes = lintFiles(scoping, project: project, cache: cache, startedAt: startedAt)
        // The type index. When the cache's answers were recorded for exactly these files as they are
        // (`LintCache.filesKey`), every recorded answer still holds and the index is not even built.
        // With files linted afresh, the files key as the recording run would have had it, in the same pass.
        let afresh = outcomes.indices.filter { !outcomes[$0].fromCache }
        let recorded = afresh.isEmpty ? nil : cache?.recordedHashes(afresh, files: files, outcomes: outcomes, sameAnswers: false)
        // The names of the project's Swift files, when a project rule reads them (test files): the project key hashes
        // them in the pass that hashes the files.
        let needsTestNames = runsProjectRules
            && scoping.linters.contains { $0.ruleSet.projectEntries.contains { type(of: $0.rule).readsAllFileNames } }
        let testNames = needsTestNames ? discovery.allSwiftFileNames(paths: run.paths, walked: run.walked) : ([], false)
        let keys = LintCache.projectKeys(files: files, outcomes: outcomes, otherFileNames: testNames.0, recorded: recorded?.hashes, jobs: jobs)
        let unchanged = cache?.filesKey == keys.filesKey && outcomes.indices.allSatisfy { outcomes[$0].fromCache }
        var relinted = 0
        if !unchanged {
            // When only some files' bodies changed, only those files can get other answers.
            let pending = recorded?.declareAlike == true && keys.recordedFilesKey == cache?.filesKey ? afresh : Array(outcomes.indices)
            relinted = answerTypeQuestions(in: &outcomes, pending: pending, scoping: scoping, project: project)
        }
        // The project pass.
        let listed = run.listed(in: files)
        var projectPass = ProjectStage()
        if runsProjectRules {
            // Files linted again hash as they were read again.
            let key = relinted == 0 ? keys.key
                : LintCache.projectKey(files: files, outcomes: outcomes, otherFileNames: testNames.0, jobs: jobs)
            projectPass = projectStage(
                outcomes, listed: listed, key: key, cache: cache, scoping: scoping, project: project,
                testNames: testNames)
        }
        // Record the cache.
        var cacheWarning: String?
        if let cache, let memory {
            // Listed files are being edited, and a text given in place of a file is not the file on disk.
            let given = overlay.isEmpty ? [] : files.indices.filter { overlay[PathKey(files[$0].absolutePath)] != nil }
            cacheWarning = cache.record(
                outcomes, of: files, unrecorded: Set(listed ?? []).union(given), filesKey: keys.filesKey, recordedFilesKey: keys.recordedFilesKey, folders: memory,
                project: projectPass.record, run: discovery, paths: run.paths, startedAt: startedAt)
        }
        // Assemble.
        var result = assemble(
            outcomes, projectFindings: projectPass.findings, listed: listed, scoping: scoping,
            judgesSuppressionsOfAll: !runsProjectRules && !projectRules.isEmpty)
        result.cacheHits = outcomes.count(where: \.fromCache)
        result.cacheMisses = cache == nil ? 0 : outcomes.count - result.cacheHits
        result.filesRead = outcomes.count { !$0.stampTrusted }
        result.relinted = relinted
        result.projectFilesRead = projectPass.filesRead
        result.foldersRead = memory?.foldersRead ?? 0
        result.notes = scoping.notes + notes
        result.skippedRules = skippedRules
        result.warnings = cacheWarning.map { [$0] } ?? []
        result.unreadable = run.problems + result.unreadable
        result.rules = Self.enabledRules(of: scoping.linters)
        if leavesRunDataToExit { RunData.leave((run, scoping, outcomes, memory, cache, stored)) }
        return result
    }

    /// The note naming project rules a run could not apply, and why.
    static func skipped(_ projectRules: [String], because reason: String) -> String {
        "note: \(projectRules.count) project rule\(projectRules.count == 1 ? "" : "s") skipped (\(projectRules.joined(separator: ", "))): \(reason)"
    }

    /// The rules on for some file, in id order.
    static func enabledRules(of linters: [Linter]) -> [RuleDescription] {
        var seen = Set<String>()
        return linters.flatMap(\.ruleSet.enabledDescriptions).filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
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
