import RibsLintKit
import SwiftSyntax

/// A ComposableRIBs file's parts as the RIB tree reads them (`RIBFacts`, `ribslint graph`): builders and
/// routers, each in the RIB of its name prefix; a router's `TCAInteractor` (the framework's, which app code
/// only holds) and the SwiftUI view it hosts complete its RIB. Child builders a router holds or builds are
/// its edges.
enum ComposableTree {
    static func parts(of file: LintFile) -> [RIBFacts.TypedPart] {
        guard !file.isTestFile else { return [] }
        let roles = ComposableRoles(file)
        var parts: [RIBFacts.TypedPart] = []
        let frameworkClasses = ComposableRoles.composableRouterClasses.union(ComposableRoles.sharedRouterClasses)
        for type in file.model.types where (type.kind == .class || type.kind == .struct) && !frameworkClasses.contains(type.name) {
            if roles.isBuilder(type) {
                parts.append((type, .builder, stem(type.name, dropping: "Builder"), nil))
            } else if type.kind == .class, roles.isRouter(type) {
                let rib = stem(type.name, dropping: "Router")
                parts.append((type, .router, rib, nil))
                let arguments = type.superclassArguments
                if let feature = arguments.first {
                    parts.append((type, .interactor, rib, "TCAInteractor<\(feature)>"))
                }
                if arguments.count > 1, let view = arguments.last {
                    parts.append((type, .presenter, rib, view))
                }
            }
        }
        return parts
    }

    /// Launch routers hold the tree's root and neither an interactor nor a view of their own.
    static let launchRouters: Set<String> = ["UIKitLaunchRouter", "BaseLaunchRouter"]

    /// `PayeeRouter` → `Payee`.
    static func stem(_ name: String, dropping suffix: String) -> String {
        name.hasSuffix(suffix) && name.count > suffix.count ? String(name.dropLast(suffix.count)) : name
    }
}
