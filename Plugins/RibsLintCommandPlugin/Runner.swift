import Foundation
import PackagePlugin

/// Runs `ribslint lint` over the package's Swift targets (or those `--target` names), from the package's
/// folder, with the cache in the plugin's work directory. A ribslint that fails fails the command, saying
/// ribslint's exit code (`swift package` itself exits 1 either way).
/// Shared by the `ribslint` and `ribslint-fix` command plugins (this file is linked into both).
func runRibslint(_ context: PluginContext, _ arguments: [String]) throws {
    var extractor = ArgumentExtractor(arguments)
    let named = extractor.extractOption(named: "target")
    let targets = named.isEmpty ? context.package.targets : try context.package.targets(named: named)
    let folders = targets.compactMap { $0 as? SourceModuleTarget }.filter { !$0.sourceFiles(withSuffix: "swift").map(\.url).isEmpty }
        .map(\.directoryURL.path)
    let process = Process()
    process.executableURL = try context.tool(named: "ribslint").url
    process.currentDirectoryURL = context.package.directoryURL
    process.arguments = ["lint", "--cache-path", context.pluginWorkDirectoryURL.appendingPathComponent("ribslint.cache").path]
        + extractor.remainingArguments + ["--"] + folders
    try process.run()
    process.waitUntilExit()
    if process.terminationReason != .exit || process.terminationStatus != 0 {
        Diagnostics.error("ribslint exited \(process.terminationStatus)")
        throw RibslintFailed(status: process.terminationStatus)
    }
}

/// ribslint's exit code: 1 findings at error level, 2 the tool could not do its job.
struct RibslintFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "ribslint exited \(status)" }
}
