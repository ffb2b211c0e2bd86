import RibsLintKit
import SwiftSyntax

public struct VIPERInteractorNavigationRule: Rule {
    public static let description = RuleDescription(
        id: "viper_interactor_navigation",
        name: "VIPER Interactor Navigation",
        summary: "An interactor navigates: UIKit or SwiftUI navigation, leaving the app, or a router it holds.",
        rationale: """
            VIPER Playbook, "Responsibilities — Interactor": "Avoid direct view or navigation concerns"; "Anti-Patterns and \
            Fixes": "Interactor performing navigation … route navigation through Router called by Presenter"; "PR Review \
            Checklist": "Interactor does not navigate." The interactor owns use cases; it reports outcomes to its presenter, \
            and the presenter asks the router to move. An interactor that pushes, presents, opens URLs or holds a router \
            cannot be tested without a UI and hides the module's flow from its presenter.
            """,
        profiles: ["viper"],
        defaultSeverity: .error,
        options: [
            OptionDoc(
                "navigation_types", .stringList, default: .stringList([]),
                "More types whose stored references navigate (`AppCoordinator`, `*Coordinator`): a `*` stands for any prefix."),
        ],
        triggering: [
            Example("""
                protocol AgendaInteractorInput: AnyObject { func openDay() }
                protocol AgendaRouterInput: AnyObject { func showDay() }
                final class AgendaInteractor: AgendaInteractorInput {
                    weak var navigationController: UINavigationController?
                    private let 1️⃣router: AgendaRouterInput
                    init(router: AgendaRouterInput) { self.router = router }
                    func openDay() {
                        navigationController?.2️⃣pushViewController(UIViewController(), animated: true)
                        router.3️⃣showDay()
                    }
                }
                """, messages: [
                    "interactor 'AgendaInteractor' holds a navigation dependency 'router' (AgendaRouterInput); report the outcome to the presenter and let it call the router",
                    "interactor 'AgendaInteractor' navigates (navigationController.pushViewController); report the outcome to the presenter and let it call the router",
                    "interactor 'AgendaInteractor' navigates (router.showDay); report the outcome to the presenter and let it call the router",
                ]),
            Example("""
                protocol BookingInteractorInput: AnyObject { func finish(in window: UIWindow, url: URL) }
                final class BookingInteractor: BookingInteractorInput {
                    func finish(in window: UIWindow, url: URL) {
                        window.1️⃣rootViewController = UIViewController()
                        UIApplication.shared.2️⃣open(url)
                        let controller = UIViewController()
                        controller.3️⃣present(UIViewController(), animated: true) {}
                        controller.4️⃣dismiss(animated: false)
                    }
                }
                """, messages: [
                    "interactor 'BookingInteractor' navigates (rootViewController); report the outcome to the presenter and let it call the router",
                    "interactor 'BookingInteractor' navigates (UIApplication.shared.open); report the outcome to the presenter and let it call the router",
                    "interactor 'BookingInteractor' navigates (present); report the outcome to the presenter and let it call the router",
                    "interactor 'BookingInteractor' navigates (dismiss); report the outcome to the presenter and let it call the router",
                ]),
            Example("""
                import SwiftUI
                protocol InvitesInteracting: AnyObject { func accept() }
                final class InvitesInteractor: InvitesInteracting {
                    private var path = NavigationPath()
                    private let 1️⃣coordinator: AppCoordinator
                    init(coordinator: AppCoordinator) { self.coordinator = coordinator }
                    func accept() {
                        path.2️⃣append("accepted")
                        coordinator.3️⃣finishInvites()
                    }
                }
                """, configuration: ["navigation_types": .stringList(["*Coordinator"])], messages: [
                    "interactor 'InvitesInteractor' holds a navigation dependency 'coordinator' (AppCoordinator); report the outcome to the presenter and let it call the router",
                    "interactor 'InvitesInteractor' navigates (path.append); report the outcome to the presenter and let it call the router",
                    "interactor 'InvitesInteractor' navigates (coordinator.finishInvites); report the outcome to the presenter and let it call the router",
                ]),
            // A router typed by its implementation class, and calls from extensions in this file and another.
            Example("""
                // file: Contacts/ContactsInteractor.swift
                protocol ContactsInteractorInput: AnyObject {}
                final class ContactsRouterImpl { func openPicker() {} }
                final class ContactsInteractorImpl: ContactsInteractorInput {
                    let 1️⃣router: ContactsRouterImpl
                    init(router: ContactsRouterImpl) { self.router = router }
                }
                extension ContactsInteractorImpl {
                    func pick() { router.2️⃣openPicker() }
                }
                // file: Contacts/ContactsInteractor+Links.swift
                extension ContactsInteractorImpl {
                    func openLink() { self.router.3️⃣openPicker() }
                }
                """, messages: [
                    "interactor 'ContactsInteractorImpl' holds a navigation dependency 'router' (ContactsRouterImpl); report the outcome to the presenter and let it call the router",
                    "interactor 'ContactsInteractorImpl' navigates (router.openPicker); report the outcome to the presenter and let it call the router",
                    "interactor 'ContactsInteractorImpl' navigates (router.openPicker); report the outcome to the presenter and let it call the router",
                ]),
        ],
        nonTriggering: [
            // An enum case named like UIKit's call, matched in a pattern.
            Example("""
                protocol WineInteractorInput: AnyObject { func didTapBuy(_ action: BuyAction) }
                enum BuyAction { case openURL(URL?), none }
                final class WineInteractor: WineInteractorInput {
                    weak var output: WineInteractorOutput?
                    func didTapBuy(_ action: BuyAction) {
                        switch action {
                        case .openURL(let url): output?.showPartner(url)
                        case .none: break
                        }
                    }
                }
                """),
            Example("""
                protocol AgendaInteractorInput: AnyObject { func load() }
                protocol AgendaInteractorOutput: AnyObject { func presentAgenda(_ days: [String]); func present(conflicts: [String]) }
                final class AgendaInteractor: AgendaInteractorInput {
                    weak var presenter: AgendaInteractorOutput?
                    weak var output: AgendaInteractorOutput?
                    private var undoStack = UndoStack()
                    private var history = History()
                    private let reminderAlert = ReminderAlert()
                    private let sheet = ShareSheet()
                    func load() {
                        presenter?.presentAgenda([])
                        output?.present(conflicts: [])
                        undoStack.push("edit")
                        history.pop()
                        reminderAlert.dismiss(after: 5)
                        sheet.present(["a"])
                        NotificationCenter.default.post(name: .agendaChanged, object: nil)
                    }
                }
                """),
            Example("""
                protocol SignInInteractorInput: AnyObject { func signIn(presenting viewController: UIViewController) }
                final class SignInInteractor: SignInInteractorInput {
                    private let ssoClient: SSOClient
                    private let syncCoordinator: SyncCoordinator
                    init(ssoClient: SSOClient, syncCoordinator: SyncCoordinator) {
                        self.ssoClient = ssoClient
                        self.syncCoordinator = syncCoordinator
                    }
                    func signIn(presenting viewController: UIViewController) {
                        ssoClient.signIn(presenting: viewController)
                        syncCoordinator.mergeChanges()
                    }
                    func destination() -> Destination { .home }
                }
                """),
            Example("""
                enum CalDAVRouter { case agenda(week: Int) }
                protocol CalendarInteractorInput: AnyObject { func sync() }
                final class CalendarInteractor: CalendarInteractorInput {
                    private let routes: CalDAVRouter
                    init(routes: CalDAVRouter) { self.routes = routes }
                    func sync() {
                        let request = CalDAVRouter.agenda(week: 3)
                        _ = request
                    }
                }
                """),
            Example("""
                protocol ProfileRouting: AnyObject { func openSettings() }
                protocol ProfilePresenting: AnyObject { func didTapSettings() }
                final class ProfilePresenter: ProfilePresenting {
                    private let router: ProfileRouting
                    init(router: ProfileRouting) { self.router = router }
                    func didTapSettings() { router.openSettings() }
                }
                final class ProfileRouter: ProfileRouting {
                    weak var viewController: UIViewController?
                    func openSettings() {
                        viewController?.navigationController?.pushViewController(UIViewController(), animated: true)
                    }
                }
                """),
        ])

    private let navigationTypes: [String]

    public init(options: RuleOptions) {
        navigationTypes = options.strings("navigation_types")
    }

    /// UIKit's navigation calls by name and the argument labels they start with.
    static let navigationCalls: [String: [String?]] = [
        "pushViewController": [nil, "animated"], "popViewController": ["animated"], "popToRootViewController": ["animated"],
        "popToViewController": [nil, "animated"], "setViewControllers": [nil, "animated"], "present": [nil, "animated"],
        "dismiss": ["animated"], "show": [nil, "sender"], "showDetailViewController": [nil, "sender"],
        "performSegue": ["withIdentifier", "sender"], "openURL": [nil],
    ]
    static let navigationState: Set<String> = ["rootViewController", "viewControllers", "selectedIndex", "selectedViewController"]
    static let routerSuffixes = ["Router", "RouterInput", "RouterProtocol", "Routing", "Wireframe", "WireframeProtocol", "WireframeInput"]

    public func violations(in file: LintFile) -> [Violation] {
        let module = VIPERModule.of(file)
        let interactors = module.parts(.interactor)
        guard !interactors.isEmpty else { return [] }
        let resolver = file.model.projectTypes
        var found = OnePerStatement()
        for interactor in interactors {
            var routers = Set<String>()
            var paths = Set<String>()
            if interactor.kind == .extension {
                if let primary = interactors.first(where: { $0.name == interactor.name && $0.kind != .extension }) {
                    // An extension calls through the stored properties of its class in this file (reported there).
                    for property in TypeDeclaration.storedProperties(of: primary.members) where !property.isStatic {
                        let held = Self.heldTypes(property)
                        if held.contains("NavigationPath") { paths.insert(property.name) }
                        if held.contains(where: { isNavigator($0, resolver) }) { routers.insert(property.name) }
                    }
                } else {
                    // An extension in another file cannot see them: the usual names stand for them.
                    routers = ["router", "wireframe"]
                }
            }
            for property in TypeDeclaration.storedProperties(of: interactor.members) where !property.isStatic {
                let held = Self.heldTypes(property)
                if held.contains("NavigationPath") { paths.insert(property.name) }
                guard let router = held.first(where: { isNavigator($0, resolver) }) else { continue }
                routers.insert(property.name)
                // A navigation controller is reported where it is used: holding one is a judgment call.
                guard router != "UINavigationController" else { continue }
                found.append(Violation(
                    at: property.nameNode,
                    "interactor '\(interactor.name)' holds a navigation dependency '\(property.name)' (\(router)); "
                        + "report the outcome to the presenter and let it call the router"))
            }
            let visitor = NavigationVisitor(routers: routers, paths: paths)
            visitor.walk(interactor.members)
            for (node, what) in visitor.found {
                found.report(node, "interactor '\(interactor.name)' navigates (\(what)); report the outcome to the presenter and let it call the router")
            }
        }
        return found.violations
    }

    /// The types a property holds, by its annotation or what its initializer constructs.
    static func heldTypes(_ property: StoredProperty) -> [String] {
        property.type?.heldTypeNames ?? property.initializer?.as(FunctionCallExprSyntax.self)?.constructedTypeName.map { [$0] } ?? []
    }

    /// A VIPER router (by contract or a router name that is no value type), a navigation controller, or a
    /// type named in `navigation_types`.
    private func isNavigator(_ name: String, _ resolver: TypeResolver) -> Bool {
        if name == "UINavigationController" { return true }
        if navigationTypes.contains(where: { $0.hasPrefix("*") ? name.hasSuffix($0.dropFirst()) : name == $0 }) { return true }
        if VIPERModule.contractRole(ofProtocol: name, resolver: resolver) == .router { return true }
        let base = VIPERModule.implementationTails.last { !$0.isEmpty && name.hasSuffix($0) }.map { String(name.dropLast($0.count)) } ?? name
        guard Self.routerSuffixes.contains(where: { base.hasSuffix($0) && base.count > $0.count }) else { return false }
        let kind = resolver.primary(name)?.kind
        return kind != .enum && kind != .struct
    }

    private final class NavigationVisitor: TypeBodyVisitor {
        let routers: Set<String>
        let paths: Set<String>
        var found: [(Syntax, String)] = []

        init(routers: Set<String>, paths: Set<String>) {
            self.routers = routers
            self.paths = paths
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else {
                if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self), reference.baseName.text == "openURL" {
                    found.append((Syntax(reference), "openURL"))
                }
                return .visitChildren
            }
            let name = member.declName.baseName.text
            let holder = member.base.flatMap { Self.storedName($0) }
            if let holder, routers.contains(holder) {
                found.append((Syntax(member.declName), "\(holder).\(name)"))
            } else if let holder, paths.contains(holder), ["append", "removeLast"].contains(name) {
                found.append((Syntax(member.declName), "\(holder).\(name)"))
            } else if name == "open", member.base?.trimmedText.hasSuffix("UIApplication.shared") == true {
                found.append((Syntax(member.declName), "UIApplication.shared.open"))
            } else if member.base != nil, let labels = VIPERInteractorNavigationRule.navigationCalls[name] {
                // `.openURL(let url)` with no base is an enum case (a pattern, a value), never UIKit's call.
                let given = node.arguments.map { $0.label?.text }
                if given.count >= labels.count, Array(given.prefix(labels.count)) == labels {
                    found.append((Syntax(member.declName), name))
                }
            }
            return .visitChildren
        }

        /// An assignment, as the parser leaves it unfolded: `window.rootViewController = …`.
        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let member = elements[0].as(MemberAccessExprSyntax.self),
                VIPERInteractorNavigationRule.navigationState.contains(member.declName.baseName.text)
            {
                found.append((Syntax(member.declName), member.declName.baseName.text))
            }
            return .visitChildren
        }

        /// `router`, `self.router`, `router?`, `self?.router`: the stored property a call is made on.
        static func storedName(_ base: ExprSyntax) -> String? {
            let expr = base.unwrapped
            if let reference = expr.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
            if let member = expr.as(MemberAccessExprSyntax.self), let owner = member.base?.unwrapped.as(DeclReferenceExprSyntax.self),
                owner.baseName.tokenKind == .keyword(.self)
            {
                return member.declName.baseName.text
            }
            return nil
        }
    }
}
