import PackagePlugin

/// `swift package --allow-writing-to-package-directory ribslint-fix [--target NAME …] [options…]`: what
/// `ribslint --fix` fixes in the package's Swift targets, then what is left reported. A plugin of its own,
/// so that linting (`swift package ribslint`) never asks to write.
@main
struct RibsLintFixPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try runRibslint(context, ["--fix"] + arguments)
    }
}
