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
            // A child of another module, named with it.
            Example("""
                import RIBs
                import Settings
                final class Router: ViewableRouter<Interactable, ViewControllable>, Routing {
                    private var 1️⃣settingsRouter: Settings.Routing?
                }
                """, messages: [
                    "router stores child router 'settingsRouter' (Settings.Routing); find it in `children` when you need it, so attach and detach keep one source of truth",
                ]),
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
            // Whatever its declared type, a property that holds a child the router attaches is a child reference.
            Example("""
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    private var 1️⃣current: Routing?
                    private var 2️⃣presented: AnyObject?
                    private let settingsBuilder: SettingsBuildable

                    func routeToSettings() {
                        let settings = settingsBuilder.build(withListener: interactor)
                        current = settings
                        attachChild(settings)
                    }

                    func routeToHelp() {
                        let help = helpBuilder.build(withListener: interactor)
                        self.presented = help
                        attachChild(help)
                    }
                }
                """, messages: [
                    "router stores child router 'current' (Routing); find it in `children` when you need it, so attach and detach keep one source of truth",
                    "router stores child router 'presented' (AnyObject); find it in `children` when you need it, so attach and detach keep one source of truth",
                ]),
        ],
        nonTriggering: [
            SharedExamples.serviceNamedRouter,
            // Builders handed in as the members of a value, kept as builders.
            Example("""
                import RIBs
                struct MainChildBuilders { let login: LoginBuildable; let home: HomeBuildable }
                final class MainRouter: LaunchRouter<MainInteractable, MainViewControllable>, MainRouting {
                    private let loginBuilder: LoginBuildable
                    private let homeBuilder: HomeBuildable
                    init(interactor: MainInteractable, viewController: MainViewControllable, builders: MainChildBuilders) {
                        self.loginBuilder = builders.login
                        self.homeBuilder = builders.home
                        super.init(interactor: interactor, viewController: viewController)
                    }
                    func attachLogin() { attachChild(loginBuilder.build(withListener: interactor)) }
                    func attachHome() { attachChild(homeBuilder.build(withListener: interactor)) }
                }
                """),
            // Child builders handed in together (`params.loginBuilder`) and kept: builders, not children.
            Example("""
                import RIBs
                protocol MainRouterParams {
                    var loginBuilder: LoginBuildable { get }
                    var homeBuilder: HomeBuildable { get }
                }
                final class MainRouter: LaunchRouter<MainInteractable, MainViewControllable>, MainRouting {
                    private let loginBuilder: LoginBuildable
                    private let homeBuilder: HomeBuildable
                    init(interactor: MainInteractable, viewController: MainViewControllable, params: MainRouterParams) {
                        self.loginBuilder = params.loginBuilder
                        self.homeBuilder = params.homeBuilder
                        super.init(interactor: interactor, viewController: viewController)
                    }
                    func attachLogin() {
                        let login = loginBuilder.build(withListener: interactor)
                        attachChild(login)
                    }
                    func attachHome() {
                        let home = homeBuilder.build(withListener: interactor)
                        attachChild(home)
                    }
                }
                """),
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
            // A value a builder makes that is never attached is no child: a request, a URL.
            Example("""
                import RIBs
                final class SearchRouter: ViewableRouter<SearchInteractable, SearchViewControllable>, SearchRouting {
                    private var request: URLRequest?
                    private let requestBuilder: RequestBuilder

                    func routeToResults() {
                        request = requestBuilder.build()
                        let results = resultsBuilder.build(withListener: interactor)
                        attachChild(results)
                    }
                }
                """),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        file.model.typeGroups(.router).flatMap { group -> [Violation] in
            // What the router attaches, and the children its code stores in each property (`self.current = router`).
            let attachments = file.contains("attachChild") ? ChildAttachments(group) : nil
            let attached = Set(attachments?.attaches.filter(\.isKnown).map(\.kind) ?? [])
            return group.flatMap { router in
                router.storedProperties.compactMap { property -> Violation? in
                    guard !property.isStatic else { return nil }
                    let declared = property.heldTypeNames(in: router)
                    let held = declared.first(where: { Self.isRouterType($0, isLet: property.isLet) })
                        ?? Self.attachedChild(stored: attachments?.storedKinds[property.name] ?? [], attached: attached, declared: declared)
                    guard let held else { return nil }
                    return Violation(
                        at: property.nameNode,
                        "router stores child router '\(property.name)' (\(Self.spelled(held, in: property.type))); find it in `children` when you need it, so attach and detach keep one source of truth")
                }
            }
        }
    }

    /// A property the router's code assigns a child it also attaches holds a child router, whatever its declared
    /// type (`var current: Routing?`, `var presented: AnyObject?`): that type, else the child's routing protocol.
    static func attachedChild(stored kinds: Set<String>, attached: Set<String>, declared: [String]) -> String? {
        // Declared a builder (`private let loginBuilder: LoginBuildable`): what it is assigned builds children.
        guard !declared.contains(where: { $0.hasSuffix("Buildable") || $0.hasSuffix("Builder") }),
            let kind = kinds.intersection(attached).sorted().first
        else { return nil }
        return declared.first ?? ChildAttachments.rib(ofKind: kind) + "Routing"
    }

    /// `Settings.Routing` where the property's type names the child's module: `Routing` alone is the router's own module's.
    static func spelled(_ name: String, in type: TypeSyntax?) -> String {
        guard let type else { return name }
        for token in type.tokens(viewMode: .sourceAccurate) where token.text == name {
            if let member = token.parent?.as(MemberTypeSyntax.self), member.name.id == token.id, member.genericArgumentClause == nil {
                return member.trimmedText
            }
        }
        return name
    }

    /// `*Routing` always; a concrete `*Router` only in a `var`: a `let` one is injected once, like a
    /// `DeepLinkRouter` service, while a child router comes and goes with attach and detach.
    static func isRouterType(_ name: String, isLet: Bool) -> Bool {
        ProtocolRole(protocolName: name) == .routing || (!isLet && name.hasSuffix("Router"))
    }
}
