import ArgumentParser
import Foundation
import RibsLintKit
import RibsLintRules

struct TestRules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test-rules",
        abstract: "Run the examples of the custom rules a configuration defines, as tests.",
        discussion: """
            Each `bad` example must give a finding at each ↓ and nowhere else, each `good` none, and each `fixed` must be \
            what the fixes make of `bad`. A rule without examples, or one that selects nothing in the project (without \
            `allow_empty: true`), is a warning. Exit codes: 0 every example passes; 1 one fails; 2 the configuration is wrong.
            """)

    @Argument(help: "A .ribslint.yml (its rules with those of the configurations above it); default: the one in the working directory or a folder above it.")
    var config: String?

    @Flag(help: "Do not lint the project to find rules that select nothing.")
    var examplesOnly = false

    func run() throws {
        var workingDirectory = FileManager.default.currentDirectoryPath
        // A configuration file given: tested as a run in its folder sees it, on top of the configurations above it.
        if let config {
            guard FileManager.default.fileExists(atPath: config), (config as NSString).lastPathComponent == Configuration.fileName else {
                throw UsageError("error: \(config) is not a \(Configuration.fileName) file")
            }
            workingDirectory = URL(fileURLWithPath: config, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true))
                .standardizedFileURL.deletingLastPathComponent().path
        }
        let linter = try makeLinter(config: nil, workingDirectory: workingDirectory)
        guard !linter.customRules.isEmpty else {
            throw UsageError("error: \(linter.configuration.configPath ?? "the configuration") defines no custom rules (`custom_rules:`)")
        }
        var outcomes = try CustomRuleExamples.run(linter, catalog: RuleRegistry.catalog)
        if !examplesOnly {
            var project = linter
            project.folder = nil
            let (selections, _, onInScopes) = try project.customRuleSelections(paths: [], workingDirectory: workingDirectory)
            let on = onInScopes.union(linter.ruleSet.customEntries.map(\.id))
            let selected = Set(selections.map(\.rule))
            // A rule that is off everywhere selects nothing by choice.
            for rule in linter.customRules where !rule.allowEmpty && on.contains(rule.id) && !selected.contains(rule.id) {
                outcomes.append(.init(
                    rule: rule.id, origin: rule.origin, verdict: .warning,
                    detail: "it selects nothing in this project, which looks exactly like code without violations; check 'select', or set 'allow_empty: true'"))
            }
        }
        for outcome in outcomes.sorted(by: { ($0.rule, $0.origin) < ($1.rule, $1.origin) }) { Console.out(outcome.line + "\n") }
        // By example: one may fail in several ways.
        let failures = Set(outcomes.filter(\.isFailure).map(\.origin)).count
        let passed = outcomes.filter { $0.verdict == .validated }.count
        let warnings = outcomes.count { $0.verdict == .warning }
        printError("\(passed) example\(passed == 1 ? "" : "s") validated, \(failures) failed, \(warnings) warning\(warnings == 1 ? "" : "s")")
        if failures > 0 { throw ExitCode(1) }
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Print what a custom rule selects, and where it reports.",
        discussion: "Each subject the rule's `select` picks, with its kind and role, then the rule's findings there.")

    @Argument(help: "A custom rule's id.")
    var rule: String

    @Argument(help: "Files or folders; default: the configuration's `included`.")
    var paths: [String] = []

    @Option(help: "The configuration file; default: .ribslint.yml in the working directory or a folder above it.")
    var config: String?

    func run() throws {
        let workingDirectory = FileManager.default.currentDirectoryPath
        var linter = try makeLinter(config: config, workingDirectory: workingDirectory)
        linter.folder = nil
        let (selections, defined, on) = try linter.customRuleSelections(paths: paths, workingDirectory: workingDirectory, only: rule)
        guard let custom = defined.first(where: { $0.id == rule }) else {
            let ids = defined.map(\.id)
            throw UsageError("error: '\(rule)' is no custom rule of the configurations here\(DidYouMean.clause(for: rule, in: ids))"
                + (ids.isEmpty ? "; they define none" : "; they define \(ids.joined(separator: ", "))"))
        }
        Console.out("\(custom.id) (\(custom.origin)): select \(custom.select); \(custom.assertion)\n")
        if !on.contains(rule) { Console.out("\(custom.id) is off here (disabled_rules, only_rules or --only-rule): it selects and reports nothing\n") }
        for selection in selections {
            Console.out("\(selection.path):\(selection.line):\(selection.column): selected \(selection.kind) \(selection.name)"
                + (selection.role.map { " (role \($0))" } ?? "") + "\n")
        }
        let findings = try linter.lint(paths: paths, workingDirectory: workingDirectory).findings.filter { $0.ruleID == rule }
        for finding in findings { Console.out("\(finding.path):\(finding.line):\(finding.column): reported: \(finding.message)\n") }
        printError("\(selections.count) selected, \(findings.count) reported")
    }
}
