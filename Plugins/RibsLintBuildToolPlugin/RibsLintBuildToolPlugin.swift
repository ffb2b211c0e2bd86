import Foundation
import PackagePlugin

/// Lints a target's Swift files on every build that changes one of them or a `.ribslint.yml` above them.
/// Findings appear as compiler diagnostics (`path:line:column: warning: …`, absolute paths); findings at
/// error level fail the build. The cache lives in the plugin's work directory, the one place a sandboxed
/// build may write. The project rules see the target's files: lint the whole package with the command
/// plugin or in CI to follow the RIB tree across targets.
@main
struct RibsLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        let work = context.pluginWorkDirectoryURL
        // An empty Swift file, written once ribslint passes: an output the target compiles, so the build runs
        // the command whenever an input changed, and runs it again after a failure.
        let stamp = work.appendingPathComponent("ribslint-\(target.name)-linted.swift")
        let tool = try context.tool(named: "ribslint").url
        let arguments = [
            tool.path, "lint", "--quiet", "--allow-zero-files", "--reporter", "xcode", "--base-path", "/",
            "--cache-path", work.appendingPathComponent("ribslint.cache").path, "--", target.directoryURL.path,
        ]
        let script = #"tool="$1"; stamp="$2"; shift 2; "$tool" "$@" && printf '// ribslint passed\n' > "$stamp""#
        return [.buildCommand(
            displayName: "ribslint \(target.name)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, "ribslint-plugin", arguments[0], stamp.path] + arguments.dropFirst(),
            // ribslint itself is an input: a new release lints again.
            inputFiles: [tool] + sources + configurations(above: target.directoryURL),
            outputFiles: [stamp])]
    }

    /// The `.ribslint.yml` files that govern the target, as ribslint finds them: in its folder and every folder
    /// above, past the package's (a monorepo's root configuration included).
    private func configurations(above folder: URL) -> [URL] {
        var found: [URL] = []
        var current = folder.standardizedFileURL
        while true {
            let candidate = current.appendingPathComponent(".ribslint.yml")
            if FileManager.default.fileExists(atPath: candidate.path) { found.append(candidate) }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return found }
            current = parent
        }
    }
}
