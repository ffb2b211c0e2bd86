import Foundation
import Testing
import RibsLintKit
import RibsLintRules

/// Lints a snippet with only the given rules on (plus `unused_suppression`), the whole engine included.
func lint(
    _ source: String, path: String = "Example.swift", rules: [String], options: [String: [String: OptionValue]] = [:],
    usesSourcery: Bool = true, profile: String = "ribs"
) throws -> [Finding] {
    try lint(sources: [(path, source)], rules: rules, options: options, usesSourcery: usesSourcery, profile: profile)
}

/// Lints several files as one project, the project pass included.
func lint(
    sources: [(path: String, text: String)], rules: [String], options: [String: [String: OptionValue]] = [:],
    usesSourcery: Bool = true, profile: String = "ribs"
) throws -> [Finding] {
    var configuration = Configuration(rootDirectory: "/")
    configuration.profile = profile
    configuration.onlyRules = rules + [UnusedSuppression.id]
    for (id, values) in options { configuration.ruleSettings[id] = RuleSetting(severity: nil, options: values) }
    let ruleSet = try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog)
    return Linter(configuration: configuration, ruleSet: ruleSet, jobs: 1)
        .lint(sources: sources, project: ProjectFacts(usesSourcery: usesSourcery)).findings
}

extension Finding {
    /// Whether a run over the file at `path` alone reports this finding of a whole run: one in the file, or a project
    /// finding about it too (a RIB cycle one of its references is part of).
    func concerns(_ path: String) -> Bool { self.path == path || concerns.contains(path) }
}

/// The built `ribslint` executable, next to the test bundle.
var ribslintBinary: URL {
    var url = Bundle.main.bundleURL
    for _ in 0..<4 where !FileManager.default.fileExists(atPath: url.appendingPathComponent("ribslint").path) {
        url.deleteLastPathComponent()
    }
    return url.appendingPathComponent("ribslint")
}

struct RunResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs a program in `directory` and collects what it printed; standard input is fed `stdin`, or closed.
func runProcess(_ executable: String, _ arguments: [String], in directory: URL, environment: [String: String]? = nil, stdin: String? = nil) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus, stdout: stdout, stderr: stderr)
}

/// Runs the CLI in `directory`, optionally feeding standard input.
func runRibslint(_ arguments: [String], in directory: URL, stdin: String? = nil) throws -> RunResult {
    try runProcess(ribslintBinary.path, arguments, in: directory, stdin: stdin)
}

/// The folder every test project of this run is made in. The test process ends without running exit handlers, so
/// each run removes the folders of runs whose process is gone: a run leaves at most its own behind.
let scratchFolder: URL = {
    let temporary = FileManager.default.temporaryDirectory
    let prefix = "ribslint-tests-"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
        guard let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
        // `rm`: Foundation cannot remove the folders deeper than a path may be long that hostile-input tests make.
        _ = try? runProcess("/bin/rm", ["-rf", name], in: temporary)
    }
    return temporary.appendingPathComponent(prefix + "\(getpid())")
}()

/// A fresh temporary folder holding the given files (path → contents).
func makeProject(_ files: [String: String]) throws -> URL {
    let root = scratchFolder.appendingPathComponent(UUID().uuidString)
    for (path, contents) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    return root
}

/// Runs git in `root` as a CI user would, and returns its status and output.
@discardableResult
func git(_ arguments: [String], in root: URL, expectSuccess: Bool = true) throws -> RunResult {
    let result = try runProcess(
        "/usr/bin/env", ["git", "-c", "user.email=ci@example.com", "-c", "user.name=CI", "-c", "commit.gpgsign=false"] + arguments, in: root)
    if expectSuccess { #expect(result.status == 0, "git \(arguments): \(result.stderr)") }
    return result
}

/// `--fix`'s plan for the project at `root` with only `protocol_placement` on: a protocol moved between two files.
func planProtocolMoves(in root: URL) throws -> FixPlan {
    var configuration = Configuration(rootDirectory: root.path)
    configuration.onlyRules = ["protocol_placement"]
    let linter = Linter(configuration: configuration, ruleSet: try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog), jobs: 1)
    let plan = try linter.planFixes(paths: ["."], workingDirectory: root.path)
    #expect(plan.groups == [["Login/LoginInteractor.swift", "Login/LoginViewController.swift"]])
    return plan
}
