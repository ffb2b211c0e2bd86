import RibsLintKit
import SwiftSyntax

public struct RouterChildReferenceRule: Rule {
    public static let description = RuleDescription(
        id: "router_child_reference",
        name: "Router Child Reference",
        summary: "A router keeps a child router in a stored property instead of finding it in `children`.",
        rationale: """
            RIBs Architecture Guide, "Routing to a child", bad examples: a router storing `private var childRouter: ChildRouting?` \
            "has to manage additional state (error-prone, can get out-of sync). Use Router's `children` collection \
            to access children and find needed router by type."
            """,
        defaultSeverity: .error,
        triggering: [
            Example("""
                import RIBs
                final class ParentRouter: ViewableRouter<ParentInteractable, ParentViewControllable>, ParentRouting {
                    private var 1️⃣childRouter: ChildRouting?
                    var 2️⃣loggedIn: ViewableRouting?
                    private var 3️⃣tabs: [TabRouting] = []
                    let 4️⃣detailRouter: any DetailRouting
                    private weak var 5️⃣current: (ViewableRouting & Detachable)?
                }
                """, messages: [
                    "router stores child router 'childRouter' (ChildRouting); find it in `children` when you need it, so attach and detach keep one source of truth",
                    "router stores child router 'loggedIn' (ViewableRouting); find it in `children` when you need it, so attach and detach keep one source of truth",
                    "router stores child router 'tabs' (TabRouting); find it in `children` when you need it, so attach and detach keep one source of truth",
                    "router stores child router 'detailRouter' (DetailRouting); find it in `children` when you need it, so attach and detach keep one source of truth",
                    "router stores child router 'current' (ViewableRouting); find it in `children` when you need it, so attach and detach keep one source of truth",
                ]),
            Example("""
                final class AppRouter: LaunchRouter<AppInteractable, AppViewControllable> {
                    private var 1️⃣routers: [String: SettingsRouter] = [:]
                }
                """, messages: [
                    "router stores child router 'routers' (SettingsRouter); find it in `children` when you need it, so attach and detach keep one source of truth",
                ]),
            // The type given only by the initializer, or by the child builder's `build`.
            Example("""
                import RIBs
                final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable>, MainRouting {
                    private var 1️⃣tabs = [ViewableRouting]()
                    private lazy var 2️⃣detail = detailBuilder.build(withListener: interactor)
                    private let detailBuilder: DetailBuildable
                }
                """, messages: [
                    "router stores child router 'tabs' (ViewableRouting); find it in `children` when you need it, so attach and detach keep one source of truth",
                    "router stores child router 'detail' (DetailRouting); find it in `children` when you need it, so attach and detach keep one source of truth",
                ]),
        ],
        nonTriggering: [
            Example("""
                import RIBs
                final class ParentRouter: ViewableRouter<ParentInteractable, ParentViewControllable>, ParentRouting {
                    private let childBuilder: ChildBuildable
                    private var onClose: ((ChildRouting) -> Void)?
                    var activeChild: ChildRouting? { children.first(where: { $0 is ChildRouting }) as? ChildRouting }

                    init(childBuilder: ChildBuildable, interactor: ParentInteractable, viewController: ParentViewControllable) {
                        self.childBuilder = childBuilder
                        super.init(interactor: interactor, viewController: viewController)
                    }

                    func routeToChild() {
                        let childRouter = childBuilder.build(withListener: interactor)
                        attachChild(childRouter)
                    }
                }
                """),
            Example("""
                import RIBs
                final class ChildInteractor: Interactor, ChildInteractable {
                    weak var router: ChildRouting?
                }
                """),
            Example("""
                import RIBs
                final class SplashRouter: ViewableRouter<SplashInteractable, SplashViewControllable>, SplashRouting {
                    private let deepLinkRouter: DeepLinkRouter
                    private let routingAnalytics: RoutingAnalytics
                }
                """),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        file.model.types(.router).flatMap { router in
            router.storedProperties.compactMap { property -> Violation? in
                guard !property.isStatic,
                    let held = property.heldTypeNames(in: router).first(where: { Self.isRouterType($0, isLet: property.isLet) })
                else { return nil }
                return Violation(
                    at: property.nameNode,
                    "router stores child router '\(property.name)' (\(held)); find it in `children` when you need it, so attach and detach keep one source of truth")
            }
        }
    }

    /// `*Routing` always; a concrete `*Router` only in a `var`: a `let` one is injected once, like a
    /// `DeepLinkRouter` service, while a child router comes and goes with attach and detach.
    static func isRouterType(_ name: String, isLet: Bool) -> Bool {
        ProtocolRole(protocolName: name) == .routing || (!isLet && name.hasSuffix("Router"))
    }
}
