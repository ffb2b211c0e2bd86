import ArgumentParser
import Foundation
import RibsLintKit
import RibsLintRules

struct RibsLint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ribslint",
        abstract: "A static architecture linter for iOS codebases built on Uber's RIBs.",
        version: ribslintVersion,
        subcommands: [
            Lint.self, Baseline.self, Rules.self, Docs.self, Reporters.self, Graph.self, Facts.self, FactsConfigurationCommand.self, Check.self, LanguageServerCommand.self,
            TestRules.self, Explain.self, VersionCommand.self,
        ],
        defaultSubcommand: Lint.self)
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint Swift files (the default command).",
        discussion: """
            Exit codes: 0 no finding at error level; 1 findings at error level (or any finding with --strict or `strict: true`); \
            2 the tool could not do its job (bad configuration, unknown rule, missing path, unreadable file, bad flag).
            """)

    @Argument(help: "Files or folders to lint; default: the configuration's `included`.")
    var paths: [String] = []

    @OptionGroup var selection: SelectionOptions

    @OptionGroup var report: ReportOptions

    @Option(help: "Lint standard input as if it were the file at this path.")
    var stdinPath: String?

    @Flag(help: "Lint every file afresh and leave the cache alone.")
    var noCache = false

    @Option(help: "The cache file; default: one per project under $XDG_CACHE_HOME/ribslint or ~/.cache/ribslint.")
    var cachePath: String?

    @Option(help: "Lint the Swift files changed since this git revision (working tree and untracked ones), with the whole project in view.")
    var changedSince: String?

    @Flag(help: "Lint the Swift files staged for commit, with the whole project in view (for a pre-commit hook).")
    var staged = false

    @Flag(help: "Pass when no Swift file is found to lint (default: exit 2); also `allow_zero_files: true`.")
    var allowZeroFiles = false

    @Option(help: "Seconds a file may take before it is skipped as unparsable, plus one per 100 KB (default 10): CPU seconds of its thread on Linux.")
    var parseBudget: Double?

    @Flag(help: "Fix what the rules that fix can (`ribslint rules` says which), then report what is left. Each fixed file must parse and lint again without those findings, else it is left alone.")
    var fix = false

    @Flag(help: "With --fix: print the fixes as a unified diff and change nothing.")
    var dryRun = false

    @Flag(help: "With --fix: also make the fixes of custom rules marked `safety: unsafe`.")
    var unsafeFixes = false

    func run() throws {
        let start = Date()
        let workingDirectory = FileManager.default.currentDirectoryPath
        var linter = try selection.linter(workingDirectory: workingDirectory)
        if let parseBudget {
            guard parseBudget > 0 else { throw UsageError("error: --parse-budget must be more than 0 seconds") }
            linter.parseBudget = parseBudget
        }
        try report.applyBasePath(to: &linter, workingDirectory: workingDirectory)
        let configuration = linter.configuration
        let reporter = try report.chosenReporter(linter)
        if dryRun, !fix { throw UsageError("error: --dry-run goes with --fix") }
        if unsafeFixes, !fix { throw UsageError("error: --unsafe-fixes goes with --fix") }
        linter.unsafeFixes = unsafeFixes
        if stdinPath != nil, !paths.isEmpty || changedSince != nil || staged {
            throw UsageError("error: --stdin-path lints standard input alone; give no paths, --changed-since or --staged with it")
        }
        if fix, stdinPath != nil { throw UsageError("error: --fix rewrites files; it does not apply to standard input") }
        // The files to lint: the paths given, or the changed ones; none when nothing changed.
        var lintPaths = paths
        // The staged content where it differs from the working tree: linted in its place (the cache answers for it
        // only by its own bytes).
        var stagedTexts: [String: String] = [:]
        if changedSince != nil || staged {
            let changes = try ChangedFiles.list(since: changedSince, staged: staged, in: workingDirectory)
            (lintPaths, stagedTexts) = (changes.paths, changes.stagedTexts)
            linter.lintInstead(stagedTexts)
        }
        let nothingChanged = (changedSince != nil || staged) && lintPaths.isEmpty
        // Started in a folder inside the project with no paths: that folder's files are linted, the project read.
        if lintPaths.isEmpty, stdinPath == nil, changedSince == nil, !staged, configuration.configPath != nil,
            workingDirectory.hasPrefix(configuration.rootDirectory.hasSuffix("/") ? configuration.rootDirectory : configuration.rootDirectory + "/")
        {
            linter.folder = workingDirectory
        }
        if fix, !stagedTexts.isEmpty {
            throw UsageError(
                "error: --fix rewrites the files in the working tree, and \(stagedTexts.count) staged file\(stagedTexts.count == 1 ? " differs" : "s differ") from them; "
                    + "stage or stash those edits first")
        }
        if fix, !nothingChanged {
            let plan = try linter.planFixes(paths: lintPaths, workingDirectory: workingDirectory, writing: !dryRun)
            if dryRun {
                let diff = plan.unifiedDiff
                if let output = report.output { try writeReport(diff, to: output) } else { Console.out(diff) }
            }
            let written = dryRun ? FixPlan.Written(files: plan.files) : plan.write()
            if staged, !written.files.isEmpty {
                // The fixes are in the working tree, not yet in the index: what follows lints what the commit holds.
                stagedTexts = try ChangedFiles.list(since: changedSince, staged: staged, in: workingDirectory).stagedTexts
                linter.lintInstead(stagedTexts)
                printError("note: the fixes are in the working tree; stage them (git add) for the commit to hold them")
            }
            for line in plan.skipped + written.failures { printError(line) }
            if !report.quiet { printError(Self.fixSummary(written.files, dryRun: dryRun)) }
            if dryRun {
                // The lint that follows a real fix names them; a dry run stops here.
                for problem in plan.unreadable { printError(problem) }
            }
            if dryRun || !written.failures.isEmpty { throw ExitCode(written.failures.isEmpty && plan.unreadable.isEmpty ? 0 : 2) }
        }
        var result: LintResult
        if let stdinPath {
            result = try lintStandardInput(linter, path: stdinPath, workingDirectory: workingDirectory)
        } else if nothingChanged {
            result = LintResult(findings: [], fileCount: 0, lineCount: 0)
            result.notes = ["note: no changed Swift files"]
        } else {
            let cache = noCache ? nil : cachePath ?? LintCache.defaultPath(rootDirectory: configuration.rootDirectory)
            linter.leavesRunDataToExit = true
            result = try linter.lint(paths: lintPaths, workingDirectory: workingDirectory, cachePath: cache)
            if let folder = linter.folder {
                let shown = String(folder.dropFirst(configuration.rootDirectory.count).drop { $0 == "/" })
                result.notes.append("note: linted the project's files in \(shown) (the rest of the project read for project rules); run from \(configuration.rootDirectory) or name paths to lint everything")
            }
        }
        if result.fileCount == 0, result.unreadable.isEmpty, stdinPath == nil, changedSince == nil, !staged, !allowZeroFiles, !configuration.allowZeroFiles {
            if paths.isEmpty, configuration.included.isEmpty {
                throw UsageError(
                    "error: the configuration's `included` is empty, so there is nothing to lint; name folders in it, or pass --allow-zero-files or set `allow_zero_files: true` if that is expected")
            }
            let searched = paths.isEmpty ? "the configuration's included paths (\(configuration.included.joined(separator: ", ")))" : paths.joined(separator: ", ")
            if let folder = linter.folder {
                throw UsageError("""
                    error: no Swift file of the project lies in this folder (\(folder)): \(searched) once `excluded` is applied; \
                    run ribslint from \(configuration.rootDirectory) to lint the whole project, or pass --allow-zero-files
                    """)
            }
            throw UsageError(
                "error: no Swift file to lint in \(searched) once `excluded` is applied; pass --allow-zero-files or set `allow_zero_files: true` if that is expected")
        }
        // A partial run (files, a folder, --staged, standard input) counts as fixed only the entries of what it linted.
        let covered = { [linter] () -> (String) -> Bool in
            nothingChanged ? { _ in false } : linter.covers(paths: stdinPath.map { [$0] } ?? lintPaths, workingDirectory: workingDirectory)
        }
        try report.finish(result, linter: linter, reporter: reporter, covered: covered, workingDirectory: workingDirectory, verb: "Linted", start: start)
    }

    /// `Fixed 5 findings in 3 files (weak_listener 2, create_mock_annotation 3)`, or what a dry run would fix.
    static func fixSummary(_ files: [FixPlan.File], dryRun: Bool) -> String {
        var byRule: [String: Int] = [:]
        for file in files { byRule.merge(file.fixedByRule, uniquingKeysWith: +) }
        let counts = byRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let fixed = byRule.values.reduce(0, +)
        let findings = "\(fixed) finding\(fixed == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s")"
        return (dryRun ? "Would fix " : "Fixed ") + findings + (counts.isEmpty ? "" : " (\(counts))")
    }

    private func lintStandardInput(_ linter: Linter, path: String, workingDirectory: String) throws -> LintResult {
        // No more than a file may hold: reading stops one byte past the limit.
        var data = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= maximumFileSize {
            let count = read(STDIN_FILENO, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                if count < 0 { throw UsageError("error: cannot read standard input: \(systemError(errno))") }
                break
            }
            data += chunk[0..<count]
        }
        guard data.count <= maximumFileSize else {
            throw UsageError("error: standard input is larger than \(maximumFileSize >> 20) MB, the most ribslint lints as one file")
        }
        guard let source = String(validating: data, as: UTF8.self) else {
            throw UsageError("error: standard input is not UTF-8 text")
        }
        return try linter.lint(source: source, stdinPath: path, workingDirectory: workingDirectory)
    }
}

struct Baseline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Record today's findings, so that a lint with the baseline reports and fails only on new ones.",
        discussion: """
            A finding is recognised by its rule, the declarations around it and the text of its line — not by line \
            numbers or paths — so entries survive edits elsewhere and files that move. `--update` rewrites an \
            existing baseline (findings fixed since drop out). Format: Docs/ribslint-baseline.schema.json.
            """)

    @Argument(help: "Files or folders; default: the configuration's `included`.")
    var paths: [String] = []

    @Option(help: "The configuration file; default: .ribslint.yml in the working directory or a folder above it.")
    var config: String?

    @Option(help: "Where to write the baseline; default: the configuration's `baseline`, else ribslint-baseline.json.")
    var output: String?

    @Flag(help: "Rewrite the existing baseline (it must exist): the entries of the files under PATHS (all files when none are given) are recorded anew, every other entry is kept.")
    var update = false

    func run() throws {
        let workingDirectory = FileManager.default.currentDirectoryPath
        let linter = try makeLinter(config: config, workingDirectory: workingDirectory)
        let configuration = linter.configuration
        let path = output ?? configuration.baseline ?? "ribslint-baseline.json"
        if update, !FileManager.default.fileExists(atPath: path) {
            throw UsageError("error: no baseline at \(path) to update; create it with `ribslint baseline`")
        }
        let result = try linter.lint(
            paths: paths, workingDirectory: workingDirectory, cachePath: LintCache.defaultPath(rootDirectory: configuration.rootDirectory))
        for problem in result.unreadable + result.warnings { printError(problem) }
        if !result.unreadable.isEmpty { throw ExitCode(2) }
        var baseline = RibsLintKit.Baseline(recording: result.findings)
        if update {
            // Entries of rules this ribslint no longer has (renamed or removed in an upgrade) are dropped, so that
            // `--update` repairs what `lint` refuses.
            let recorded = try RibsLintKit.Baseline(contentsOf: path)
            let known = knownRuleIDs(linter, result)
            let unknown = Set(recorded.entries.map(\.rule)).subtracting(known).sorted()
            if !unknown.isEmpty { printError("warning: dropping the baseline's entries of rules this ribslint does not have: \(unknown.joined(separator: ", "))") }
            baseline = recorded.keeping { known.contains($0.rule) }
                .updating(with: result.findings, judged: result.judges(coveredBy: linter.covers(paths: paths, workingDirectory: workingDirectory)))
        }
        try baseline.write(to: path)
        let shownPath = path.hasPrefix(workingDirectory + "/") ? String(path.dropFirst(workingDirectory.count + 1)) : path
        printError("Recorded \(result.findings.count) finding\(result.findings.count == 1 ? "" : "s") of \(result.fileCount) file\(result.fileCount == 1 ? "" : "s") in \(shownPath)")
    }
}

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the RIB tree: RIBs as nodes, parent → child edges, cycles and incomplete RIBs marked.",
        discussion: """
            Every profile whose RIBs form a tree is drawn: ribs, swiftui-rib and composable-ribs (each file under its own \
            profile); viper modules form no tree. An edge says what the parent does with the child: its router attaches \
            it (thick), it builds or is handed the child's builder (plain), or its component only provides that builder \
            for descendants (dotted, shown with --show-provided or when it closes a cycle).
            """)

    @Argument(help: "Files or folders; default: the configuration's `included`.")
    var paths: [String] = []

    @Option(help: "Output format: mermaid, dot or json.")
    var format: String = "mermaid"

    @Flag(help: "Also draw the builders a RIB's component provides for its descendants, not only its own children.")
    var showProvided = false

    @Option(help: "The configuration file; default: .ribslint.yml in the working directory or a folder above it.")
    var config: String?

    @Option(help: "Seconds a file may take before it is skipped as unparsable, plus one per 100 KB (default 10), as for `lint`.")
    var parseBudget: Double?

    func run() throws {
        guard let format = RIBGraph.Format(rawValue: format) else {
            throw UsageError("error: unknown graph format '\(format)'; use one of \(RIBGraph.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let workingDirectory = FileManager.default.currentDirectoryPath
        var linter = try makeLinter(config: config, workingDirectory: workingDirectory)
        if let parseBudget {
            guard parseBudget > 0 else { throw UsageError("error: --parse-budget must be more than 0 seconds") }
            linter.parseBudget = parseBudget
        }
        let (project, unreadable, fileCount, otherProfiles) = try linter.project(
            paths: paths, workingDirectory: workingDirectory, profiles: RIBGraph.profiles, facts: [RIBFacts.self])
        let searched = paths.isEmpty ? "the configuration's included paths (\(linter.configuration.included.joined(separator: ", ")))" : paths.joined(separator: ", ")
        if fileCount == 0 {
            throw UsageError("error: no Swift file to draw in \(searched) once `excluded` is applied")
        }
        // VIPER modules are wired side by side by their routers, not attached by parents: no tree to draw.
        let notDrawn = otherProfiles.values.reduce(0, +)
        let untreed = otherProfiles.sorted { $0.key < $1.key }.map { "\($0.value) Swift file\($0.value == 1 ? "" : "s") under \($0.key)" }
            .joined(separator: " and ")
        if notDrawn == fileCount {
            let drawing = [Profile.ribs, .swiftUIRIB, .composableRIBs].map(\.name).filter(RIBGraph.profiles.contains)
            throw UsageError("""
                error: nothing to draw in \(searched): \(untreed), whose modules form no tree of RIBs \
                (`ribslint graph` draws \(drawing.dropLast().joined(separator: ", ")) and \(drawing.last ?? ""))
                """)
        }
        if notDrawn > 0 { printError("note: not drawn: \(untreed), whose modules form no tree of RIBs") }
        let model = project.model(RIBProject.self)
        if !model.ribs.values.contains(where: \.isRIB) {
            let drawn = fileCount - notDrawn
            printError("note: no RIB found in \(drawn) Swift file\(drawn == 1 ? "" : "s"): none declares a builder, router or interactor of a RIB")
        }
        Console.out(RIBGraph.render(model, as: format, provided: showProvided))
        for problem in unreadable { printError(problem) }
        if !unreadable.isEmpty { throw ExitCode(2) }
    }
}

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "List the rules, or print one rule's documentation.")

    @Argument(help: "A rule id.")
    var id: String?

    @Option(help: "List only this profile's rules: ribs, swiftui-rib, viper or composable-ribs.")
    var profile: String?

    func run() throws {
        var rules = RuleRegistry.descriptions
        if let profile {
            guard RuleRegistry.catalog.profile(named: profile) != nil else {
                throw UsageError("error: unknown profile '\(profile)'; use one of \(RuleRegistry.profiles.map(\.name).joined(separator: ", "))")
            }
            rules = rules.filter { $0.profiles.contains(profile) }
        }
        guard let id else {
            Console.out(RuleDocumentation.table(rules))
            return
        }
        guard let rule = rules.first(where: { $0.id == id }) else {
            // A custom rule of the configuration here.
            let workingDirectory = FileManager.default.currentDirectoryPath
            let custom = (try? makeLinter(config: nil, workingDirectory: workingDirectory))?.customRules ?? []
            if let rule = custom.first(where: { $0.id == id }) {
                Console.out(RuleDocumentation.markdown(rule.ruleDescription) + "Defined at \(rule.origin); more: \(rule.ruleDescription.helpURL ?? "")\n")
                return
            }
            throw UsageError("error: unknown rule '\(id)'\(DidYouMean.clause(for: id, in: rules.map(\.id) + custom.map(\.id))); `ribslint rules` lists them")
        }
        Console.out(RuleDocumentation.markdown(rule) + "Online: \(RuleDocumentation.page(rule.id, base: RuleDocumentation.defaultBaseURL))\n")
    }
}

struct Docs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Write the rules reference: one Markdown page per rule and an index (README.md).",
        discussion: "The pages reports link to (SARIF helpUri, GitHub annotations); Docs/rules in this repository is written by it.")

    @Option(help: "The folder to write the pages into; created if missing.")
    var output = "Docs/rules"

    func run() throws {
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw UsageError("error: cannot create the folder \(output): \(error.localizedDescription)")
        }
        let pages = RuleDocumentation.pages(RuleRegistry.descriptions).map { ((output as NSString).appendingPathComponent($0.name), $0.text) }
        // Every page or none: all are written beside their places first, then put in place.
        if let failure = writeAllOrNothing(pages) {
            throw UsageError("error: cannot write \(failure.path): \(failure.reason)")
        }
        printError("Wrote \(pages.count) pages to \(output)")
    }
}

struct Reporters: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reporters", abstract: "List the report formats (--reporter, or `reporter:` in .ribslint.yml).")

    func run() {
        let width = Reporter.allCases.map(\.rawValue.count).max() ?? 0
        Console.out(Reporter.allCases.map { $0.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary + "\n" }.joined())
    }
}

struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version", abstract: "Print ribslint's version and the swift-syntax release it parses with.")

    func run() {
        Console.out("ribslint \(ribslintVersion)\nswift-syntax \(swiftSyntaxVersion)\n")
    }
}

/// Writes a report atomically, and says in the tool's words why it could not.
func writeReport(_ report: String, to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    var isFolder: ObjCBool = false
    guard folder.isEmpty || FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue else {
        throw UsageError("error: cannot write the report to \(path): no folder \(folder); create it first")
    }
    do {
        try writeAtomically(report, to: path)
    } catch {
        throw UsageError("error: cannot write the report to \(path): \(writeFailureReason(error, path: path))")
    }
}

/// The run's configuration and a linter that honours nested configurations, as every command builds them.
/// `--profile` is applied on top of each file's merged configuration: the base stays the file as written, so
/// its rules of another profile are left behind.
/// `texts`: configuration files' texts by absolute path, the only ones then (`facts --facts-configuration`).
func makeLinter(
    config: String?, workingDirectory: String, onlyRules: [String] = [], profile: String? = nil, jobs: Int? = nil,
    texts: [String: String]? = nil
) throws -> Linter {
    var configuration: Configuration
    if let texts {
        configuration = try ConfigurationScopes(catalog: RuleRegistry.catalog, texts: texts).nearestGivenConfiguration(from: workingDirectory)
            ?? Configuration(rootDirectory: workingDirectory)
    } else {
        configuration = try loadConfiguration(config, workingDirectory: workingDirectory)
    }
    let base = configuration
    if let profile {
        guard RuleRegistry.catalog.profile(named: profile) != nil else {
            throw UsageError("error: unknown profile '\(profile)'; use one of \(RuleRegistry.profiles.map(\.name).joined(separator: ", "))")
        }
        configuration.profile = profile
    }
    let ruleSet = try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog, onlyRules: onlyRules)
    var linter = Linter(configuration: configuration, ruleSet: ruleSet, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    linter.scopes = ConfigurationScopes(
        catalog: RuleRegistry.catalog, onlyRules: onlyRules, base: config == nil ? nil : base, profile: profile, texts: texts)
    return linter
}

/// The configuration given with `--config`, else the nearest `.ribslint.yml`, else the defaults.
func loadConfiguration(_ path: String?, workingDirectory: String) throws -> Configuration {
    if let path {
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageError("error: no configuration file at \(path)")
        }
        return try Configuration.load(path: path, catalog: RuleRegistry.catalog)
    }
    if let found = Configuration.find(from: workingDirectory) {
        var configuration = try Configuration.load(path: found, catalog: RuleRegistry.catalog)
        // `baseline`, `docs_url` and `strict` describe the project: a run from a module's folder, under the module's
        // own configuration, takes them from the configurations above it when that one sets none.
        func folderAbove(_ file: String) -> String { URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().path }
        // Within the repository only: a configuration in the home folder or an enclosing checkout is another project's.
        let repository = repositoryRoot(around: workingDirectory)
        func inRepository(_ path: String) -> Bool {
            guard let repository else { return false }
            return path == repository || path.hasPrefix(repository.hasSuffix("/") ? repository : repository + "/")
        }
        var folder = folderAbove(found)
        while configuration.baseline == nil || configuration.docsURL == nil || configuration.strict == nil, inRepository(folder), let above = Configuration.find(from: folder),
            inRepository(URL(fileURLWithPath: above).deletingLastPathComponent().path)
        {
            let outer = try Configuration.load(path: above, catalog: RuleRegistry.catalog)
            configuration.baseline = configuration.baseline ?? outer.baseline
            configuration.docsURL = configuration.docsURL ?? outer.docsURL
            configuration.strict = configuration.strict ?? outer.strict
            let next = folderAbove(above)
            guard next != folder else { break }
            folder = next
        }
        // Custom rules: those of every configuration above, as each file's chain of configurations has them.
        return try configuration.withCustomRulesAbove(catalog: RuleRegistry.catalog)
    }
    return Configuration(rootDirectory: workingDirectory)
}

/// The rule ids a baseline may name.
/// The rule ids a baseline may name: ribslint's, and the custom rules of the configurations a run read (its result's
/// rules, and those its configuration defines, on or off).
func knownRuleIDs(_ linter: Linter, _ result: LintResult) -> Set<String> {
    Set(RuleRegistry.descriptions.map(\.id) + [UnusedSuppression.id] + linter.customRules.map(\.id) + (result.rules ?? []).map(\.id))
}

func printError(_ message: String) {
    Console.error(message + "\n")
}

/// Standard output and error written with `write(2)`, so that a full disk, a closed descriptor or a reader
/// that went away is an answer and not a trap: a report that cannot be delivered is exit 2 with the reason on
/// standard error (quietly when the reader closed the pipe); standard error itself is best effort.
enum Console {
    static func out(_ text: String) {
        guard let failure = write(text, to: STDOUT_FILENO) else { return }
        if failure != EPIPE { error("ribslint: error: cannot write to standard output: \(systemError(failure))\n") }
        exit(2)
    }

    static func error(_ text: String) {
        _ = write(text, to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) -> Int32? {
        writeFully(Array(text.utf8), to: descriptor)
    }
}

// A reader that goes away (`ribslint … | head`) makes writes fail with EPIPE instead of killing the process.
signal(SIGPIPE, SIG_IGN)
do {
    if let hint = SwiftLintFlags.hint(for: Array(CommandLine.arguments.dropFirst())) { throw UsageError("error: " + hint) }
    var command = try RibsLint.parseAsRoot()
    try command.run()
} catch let error as UsageError {
    printError(error.message.hasPrefix("error:") ? "ribslint: " + error.message : error.message)
    exit(2)
} catch let error as ExitCode {
    exit(error.rawValue)
} catch {
    let code = RibsLint.exitCode(for: error)
    if code == .success {
        Console.out(RibsLint.fullMessage(for: error) + "\n")
        exit(0)
    }
    printError(RibsLint.fullMessage(for: error))
    exit(2)
}
