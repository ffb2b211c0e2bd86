import ArgumentParser
import Foundation
import RibsLintKit
import RibsLintRules

/// `ribslint facts`: the first half of a run, for a build system's per-target action.
struct Facts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facts",
        abstract: "Take the facts of some Swift files (a build target's), for `ribslint check --facts` to lint with the rest of the project.",
        discussion: """
            Reads only the files under PATHS (default: the configuration's `included`), each linted by every file rule \
            of its profile with the types those files and the --facts files declare in view, and writes what the project \
            rules need of them to --output (JSON: Docs/ribslint-facts.schema.json). Which rules are on and at what \
            severity is the check's to apply: facts depend only on the profile, roles, conventions and rule options. \
            Give each target the facts of the targets it depends on, so a class it inherits from another module is \
            known. Exit codes: 0 written; 2 nothing written (a missing path, an unreadable or unparsable file, a bad \
            configuration or facts file).
            """)

    @Argument(help: "Files or folders; default: the configuration's `included`.")
    var paths: [String] = []

    @Option(name: [.short, .long], help: "Where to write the facts (written whole or not at all).")
    var output: String

    @Option(name: .customLong("facts"), help: "The facts (or --types-output) of a target these files depend on, whose types are then in view (repeatable).")
    var dependencies: [String] = []

    @Option(help: "Also write the types these files declare alone, for their dependents' --facts: unchanged by an edit that declares nothing new.")
    var typesOutput: String?

    @Option(help: "Read the configuration files from this file (`ribslint facts-configuration` writes it) instead of the file system: they are then the only ones.")
    var factsConfiguration: String?

    @OptionGroup var selection: SelectionOptions

    @Option(help: "Name files relative to this folder, as `lint --base-path`; the check must name them the same way.")
    var basePath: String?

    @Option(help: "Seconds a file may take before it is given up as unparsable, plus one per 100 KB (default 10).")
    var parseBudget: Double?

    @Flag(help: "Write facts of no file when no Swift file is found (default: exit 2).")
    var allowZeroFiles = false

    @Flag(help: "Print no summary or notes on standard error.")
    var quiet = false

    func run() throws {
        let start = Date()
        let workingDirectory = FileManager.default.currentDirectoryPath
        guard selection.onlyRules.isEmpty else {
            throw UsageError("error: facts take every rule of the profile; choose rules at the check (`ribslint check --only-rule`)")
        }
        var texts: [String: String]?
        if let factsConfiguration {
            guard selection.config == nil else { throw UsageError("error: --facts-configuration holds the configuration files; --config cannot join it") }
            texts = try FactsConfiguration(contentsOf: factsConfiguration).texts(in: workingDirectory)
        }
        var linter = try selection.linter(workingDirectory: workingDirectory, texts: texts)
        try setBasePath(basePath, on: &linter, workingDirectory: workingDirectory)
        if let parseBudget {
            guard parseBudget > 0 else { throw UsageError("error: --parse-budget must be more than 0 seconds") }
            linter.parseBudget = parseBudget
        }
        let known = try dependencies.map { path throws(UsageError) in try FactsFile(contentsOf: path, kinds: allFactKinds) }
        for (path, facts) in zip(dependencies, known) where facts.tool != ribslintVersion {
            throw UsageError("error: \(path) was taken by another ribslint (\(facts.tool)) than this one (\(ribslintVersion)): take it again with this one")
        }
        let taken = try linter.facts(paths: paths, workingDirectory: workingDirectory, dependencies: known)
        if !taken.problems.isEmpty {
            for problem in taken.problems { printError(problem) }
            printError("ribslint: error: no facts written to \(output): the check would miss what those files hold")
            throw ExitCode(2)
        }
        if taken.facts.files.isEmpty, !allowZeroFiles {
            let searched = paths.isEmpty ? "the configuration's included paths (\(linter.configuration.included.joined(separator: ", ")))" : paths.joined(separator: ", ")
            throw UsageError("error: no Swift file to take the facts of in \(searched) once `excluded` is applied; pass --allow-zero-files if that is expected")
        }
        for (facts, path) in [(taken.facts, output)] + (typesOutput.map { [(taken.facts.typesOnly, $0)] } ?? []) {
            do {
                try writeAtomically(facts.json(), to: path)
            } catch {
                throw UsageError("error: cannot write the facts to \(path): \(writeFailureReason(error, path: path))")
            }
        }
        if !quiet {
            for note in taken.notes { printError(note) }
            let count = taken.facts.files.count
            printError("Took the facts of \(count) file\(count == 1 ? "" : "s") in \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
        }
    }
}

/// `ribslint check --facts`: the second half, over the facts of every target.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint from the facts `ribslint facts` took: each file's findings as taken, and the project rules over all of them.",
        discussion: """
            Reports what `ribslint lint` reports on the same files, under the configuration found here (each file's must \
            be the one its facts were taken under), with the same reporters, baseline and exit codes. A file whose facts \
            were taken without the declarations of a type it uses is linted again where it lies, or the check fails.
            """)

    @Option(name: .customLong("facts"), parsing: .upToNextOption, help: "The facts files to merge (one or more, repeatable).")
    var facts: [String] = []

    @Option(help: "A file naming facts files, one per line (a build system's parameter file): no command line is too long for it.")
    var factsList: String?

    @OptionGroup var report: ReportOptions

    @OptionGroup var selection: SelectionOptions

    @Flag(help: "Pass when the facts hold no file (default: exit 2).")
    var allowZeroFiles = false

    func run() throws {
        let start = Date()
        let workingDirectory = FileManager.default.currentDirectoryPath
        var facts = facts
        if let factsList {
            guard let data = FileManager.default.contents(atPath: factsList), let text = String(data: data, encoding: .utf8) else {
                throw UsageError("error: cannot read the list of facts files \(factsList)")
            }
            facts += text.split(whereSeparator: \.isNewline).map(String.init)
        }
        guard !facts.isEmpty else { throw UsageError("error: give the facts to check: --facts FILE… or --facts-list FILE, written by `ribslint facts`") }
        var linter = try selection.linter(workingDirectory: workingDirectory)
        try report.applyBasePath(to: &linter, workingDirectory: workingDirectory)
        let reporter = try report.chosenReporter(linter)
        let loaded = try facts.map { path throws(UsageError) in try FactsFile(contentsOf: path, kinds: allFactKinds) }
        let result = try linter.check(facts: loaded, workingDirectory: workingDirectory)
        if result.fileCount == 0, result.unreadable.isEmpty, !allowZeroFiles, !linter.configuration.allowZeroFiles {
            throw UsageError("error: the facts hold no Swift file; pass --allow-zero-files if that is expected")
        }
        // A baseline's entries of files no facts hold are not judged: the check did not see those files.
        let covered = { () -> (String) -> Bool in
            let paths = Set(loaded.flatMap { $0.files.map(\.path) })
            return { paths.contains($0) }
        }
        try report.finish(result, linter: linter, reporter: reporter, covered: covered, workingDirectory: workingDirectory, verb: "Checked", start: start)
    }
}

/// `ribslint facts-configuration`: what of the configuration files the facts depend on, for a build system.
struct FactsConfigurationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facts-configuration",
        abstract: "Write what of some .ribslint.yml files the facts depend on, for `ribslint facts --facts-configuration`.",
        discussion: """
            Keeps of each configuration `profile`, `roles`, `conventions`, the rules' options, `included` and `excluded`, \
            and leaves out what only `ribslint check` reads: which rules are on, their severities, the baseline, the \
            reporter. A build system writes it in one action from the configuration files and gives it to every facts \
            action in their place: turning a rule off or changing a severity then leaves it the same bytes, and only \
            the checks run again. Each file is checked whole first. Exit codes: 0 written; 2 nothing written.
            """)

    @Argument(help: "The .ribslint.yml files, as the facts actions will find them from their working directory (none: the defaults).")
    var configurations: [String] = []

    @Option(name: [.short, .long], help: "Where to write it (written whole or not at all).")
    var output: String

    func run() throws {
        for path in configurations where URL(fileURLWithPath: path).lastPathComponent != Configuration.fileName {
            throw UsageError("error: \(path) is not named \(Configuration.fileName): only such files are found as configurations")
        }
        let written = try FactsConfiguration(paths: configurations, catalog: RuleRegistry.catalog)
        do {
            try writeAtomically(written.json(), to: output)
        } catch {
            throw UsageError("error: cannot write the facts configuration to \(output): \(writeFailureReason(error, path: output))")
        }
    }
}

/// Every kind of facts a project rule reads: what a facts file may hold.
let allFactKinds: [any FileFacts.Type] = {
    var seen = Set<String>()
    return RuleRegistry.catalog.projectRules.flatMap { $0.facts }.filter { seen.insert($0.id).inserted }
}()
