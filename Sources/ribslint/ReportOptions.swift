import ArgumentParser
import Foundation
import RibsLintKit
import RibsLintRules

/// What `lint`, `facts` and `check` run under: the configuration, a profile or rules chosen on the command line,
/// and how many threads. `facts` and `check` must be given the same as each other.
struct SelectionOptions: ParsableArguments {
    @Option(help: "The configuration file; default: .ribslint.yml in the working directory or a folder above it.")
    var config: String?

    @Option(help: "Lint every file under this profile, whatever the configuration files say: ribs, swiftui-rib, viper or composable-ribs.")
    var profile: String?

    @Option(name: .customLong("only-rule"), help: "Run only this rule (repeatable).")
    var onlyRules: [String] = []

    @Option(help: "How many files to lint at once; default: the number of cores.")
    var jobs: Int?

    /// The linter these options make (see `makeLinter`), `--jobs` checked.
    /// `texts`: configuration files' texts by absolute path, the only ones then.
    func linter(workingDirectory: String, texts: [String: String]? = nil) throws -> Linter {
        if let jobs, jobs < 1 { throw UsageError("error: --jobs must be at least 1") }
        return try makeLinter(config: config, workingDirectory: workingDirectory, onlyRules: onlyRules, profile: profile, jobs: jobs, texts: texts)
    }
}

/// How `lint` and `check` report a run and end it: the reporter, where the report goes, the baseline, the exit code.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Output format: \(Reporter.allCases.map(\.rawValue).joined(separator: ", ")) (`ribslint reporters`)."))
    var reporter: String?

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "With --reporter sarif: the run's category (SARIF automationDetails), one per app of a monorepo, so code scanning keeps each upload's alerts apart.")
    var sarifCategory: String?

    @Flag(help: "With --reporter sarif: leave out where %SRCROOT% lies on this machine (results stay relative to the report base), so that a report made in a build sandbox is the same everywhere.")
    var sarifNoRootUri = false

    @Flag(help: "Exit 1 on any finding, warnings included.")
    var strict = false

    @Flag(help: "Print no summary or notes on standard error.")
    var quiet = false

    @Option(help: "Report and fail only on findings not in this baseline (`ribslint baseline` writes it); default: the configuration's `baseline`.")
    var baseline: String?

    @Flag(help: "With a baseline, also fail while it holds findings that are fixed (run `ribslint baseline --update`).")
    var strictBaseline = false

    @Flag(help: "With a baseline, still report the findings it holds, as warnings that never fail the run (an Xcode build phase, an editor).")
    var showBaselined = false

    @Option(help: "Name files in reports relative to this folder; default: the git repository's top level, else the working directory. `/` prints absolute paths.")
    var basePath: String?

    /// Sets `--base-path` on the linter, which must name a folder.
    func applyBasePath(to linter: inout Linter, workingDirectory: String) throws {
        try setBasePath(basePath, on: &linter, workingDirectory: workingDirectory)
    }
}

/// Sets a `--base-path` on the linter; it must name a folder.
func setBasePath(_ basePath: String?, on linter: inout Linter, workingDirectory: String) throws {
    guard let basePath else { return }
    var isFolder: ObjCBool = false
    let folder = URL(fileURLWithPath: basePath, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)).standardizedFileURL.path
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
        throw UsageError("error: --base-path \(basePath) is not a folder")
    }
    linter.basePath = folder
}

extension ReportOptions {
    /// The reporter asked for (else the configuration's), with `--sarif-category` checked against it.
    func chosenReporter(_ linter: Linter) throws -> Reporter {
        let format = reporter ?? linter.configuration.reporter
        guard let chosen = Reporter(rawValue: format) else {
            throw UsageError("error: unknown reporter '\(format)'; use one of \(Reporter.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if sarifNoRootUri, chosen != .sarif { throw UsageError("error: --sarif-no-root-uri goes with --reporter sarif") }
        if let sarifCategory {
            guard chosen == .sarif else { throw UsageError("error: --sarif-category goes with --reporter sarif") }
            guard !sarifCategory.isEmpty, !sarifCategory.contains(where: \.isWhitespace) else {
                throw UsageError("error: --sarif-category must be a name without spaces, such as ribslint-login-app")
            }
        }
        return chosen
    }

    /// Applies the baseline, writes the report, prints the summary and ends the run with its exit code (see `lint`'s
    /// help). `covered`: whether the run covered the file a baseline entry names (asked only with a baseline).
    func finish(
        _ result: LintResult, linter: Linter, reporter: Reporter, covered: () -> (String) -> Bool, workingDirectory: String, verb: String,
        start: Date
    ) throws {
        var result = result
        let configuration = linter.configuration
        if let path = baseline ?? configuration.baseline {
            result = result.applying(try RibsLintKit.Baseline(contentsOf: path, knownRules: knownRuleIDs(linter, result)), showingBaselined: showBaselined, covered: covered())
        } else if showBaselined {
            throw UsageError("error: --show-baselined needs a baseline (--baseline FILE or `baseline:` in .ribslint.yml)")
        }
        var context = ReportContext(
            rules: result.rules ?? linter.ruleSet.enabledDescriptions, basePath: linter.reportBase(workingDirectory: workingDirectory),
            docsURL: configuration.docsURL ?? RuleDocumentation.defaultBaseURL, sarifCategory: sarifCategory,
            readerDirectory: basePath == nil ? workingDirectory : nil)
        context.sarifOmitsRootURI = sarifNoRootUri
        let report = reporter.render(result, context)
        if reporter == .sarif, case let cut = SARIF.resultsCut(result), cut > 0 {
            printError("warning: the SARIF report leaves out \(cut) results: GitHub code scanning takes at most \(SARIF.resultLimit) per run (new findings and errors kept first)")
        }
        if let output {
            try writeReport(report, to: output)
        } else {
            Console.out(report)
        }

        let errors = result.findings.count { $0.severity == .error }
        let warnings = result.findings.count - errors
        for problem in result.unreadable + result.warnings { printError(problem) }
        if !quiet {
            for note in result.notes + result.syntaxNotes { printError(note) }
            let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
            let baselined = result.baseline.map {
                " (\(result.findings.count - ($0.shown ? $0.unchanged.count : 0)) new, \($0.unchanged.count) in the baseline, \($0.fixed) fixed)"
            } ?? ""
            printError("\(verb) \(result.fileCount) file\(result.fileCount == 1 ? "" : "s") in \(seconds) s: "
                + "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")" + baselined)
            if !result.findings.isEmpty {
                printError("By rule: " + result.findingsByRule.map { "\($0.id) \($0.count)" }.joined(separator: ", "))
            }
            // Before a baseline is recorded, the convention the code follows is worth choosing first.
            if configuration.conventions == nil, result.baseline == nil, configuration.profile == Profile.ribs.name,
                let advice = Convention.uberTemplateAdvice(for: result.findings)
            {
                printError(advice)
            }
        }
        if !result.unreadable.isEmpty { throw ExitCode(2) }
        // The baseline's findings `--show-baselined` prints are warnings that never fail the run, strict or not.
        let shownBaselined = result.baseline.map { $0.shown ? $0.unchanged.count : 0 } ?? 0
        if errors > 0 || ((strict || configuration.strict == true) && warnings > shownBaselined) { throw ExitCode(1) }
        if strictBaseline, let fixed = result.baseline?.fixed, fixed > 0 {
            printError("ribslint: the baseline holds \(fixed) finding\(fixed == 1 ? "" : "s") that no longer occur; run `ribslint baseline --update`")
            throw ExitCode(1)
        }
    }
}
