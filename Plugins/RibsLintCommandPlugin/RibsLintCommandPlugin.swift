import PackagePlugin

/// `swift package ribslint [--target NAME …] [ribslint lint options…]`: lints the package's Swift targets
/// (or the ones named) with the whole package in view, from the package's folder.
@main
struct RibsLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try runRibslint(context, arguments)
    }
}
