import RibsLintKit
import SwiftSyntax

public struct ReducerNavigationRule: Rule {
    public static let description = RuleDescription(
        id: "reducer_navigation",
        name: "Reducer Navigation",
        summary: "A reducer or a SwiftUI view performs UIKit navigation, or a reducer calls a router.",
        rationale: """
            ComposableRIBs Module Wiring Guide, "Boundary Rules": "Reducers own state and business logic" and "Routers own UIKit \
            navigation side effects"; "Review Checklist": "Router is the only layer performing UIKit push/pop/present/dismiss"; \
            "Common Pitfalls": "Routing logic in reducers or views blurs ownership and makes lifecycle behavior harder to \
            test." A reducer returns a delegate action (`.send(.delegate(.finished))`) and the router, observing it, pushes \
            or presents; SwiftUI's own state-driven presentation (`.sheet(store:)`, `NavigationStack`) stays in the view. \
            This applies to every reducer and view, RIB or not, but only to UIKit navigation.
            """,
        profiles: ["composable-ribs"],
        defaultSeverity: .error,
        triggering: [
            Example("""
                import ComposableArchitecture
                import UIKit
                @Reducer
                struct StatementFeature {
                    let navigationController: UINavigationController
                    var body: some ReducerOf<Self> {
                        Reduce { state, action in
                            switch action {
                            case .openTapped:
                                navigationController.1️⃣pushViewController(UIViewController(), animated: true)
                                return .none
                            case .closeTapped:
                                return .run { _ in
                                    await navigationController.2️⃣popViewController(animated: true)
                                }
                            }
                        }
                    }
                    func share(_ controller: UIViewController, scene: UIWindowScene) {
                        scene.windows.first?.rootViewController?.3️⃣show(controller, sender: nil)
                        scene.windows.first?.4️⃣rootViewController = controller
                    }
                }
                """, messages: [
                    "reducer performs UIKit navigation ('pushViewController'); return a delegate action (`.send(.delegate(…))`) and let the router push, present or dismiss",
                    "reducer performs UIKit navigation ('popViewController'); return a delegate action (`.send(.delegate(…))`) and let the router push, present or dismiss",
                    "reducer performs UIKit navigation ('show'); return a delegate action (`.send(.delegate(…))`) and let the router push, present or dismiss",
                    "reducer replaces a window's root view controller; leave the window to the launch router and route from a delegate action",
                ]),
            // Views: UIKit navigation however the controller is found.
            Example("""
                import SwiftUI
                import UIKit
                struct ReceiptView: View {
                    let controller: UIViewController
                    var body: some View {
                        Button("Share") {
                            controller.1️⃣present(UIActivityViewController(activityItems: [], applicationActivities: nil), animated: true)
                        }
                    }
                }
                extension ReceiptView {
                    func close() { controller.2️⃣dismiss(animated: true) }
                }
                """, messages: [
                    "view performs UIKit navigation ('present'); return a delegate action (`.send(.delegate(…))`) and let the router push, present or dismiss",
                    "view performs UIKit navigation ('dismiss'); return a delegate action (`.send(.delegate(…))`) and let the router push, present or dismiss",
                ]),
            // RIBs + TCA: a `Reduce` closure in an Uber RIBs interactor calling its router.
            Example("""
                import ComposableArchitecture
                import RIBs
                protocol HomeRouting: ViewableRouting {
                    func routeToDetail(count: Int)
                }
                final class HomeInteractor: PresentableInteractor<HomePresentable>, HomeInteractable {
                    weak var router: HomeRouting?
                    weak var listener: HomeListener?
                    private func reducer() -> Reduce<HomeFeature.State, HomeFeature.Action> {
                        Reduce { [weak self] state, action in
                            switch action {
                            case .detailTapped:
                                self?.router?.1️⃣routeToDetail(count: state.count)
                                return .none
                            case .closeTapped:
                                self?.listener?.homeDidClose()
                                return .none
                            }
                        }
                    }
                }
                """, messages: [
                    "reducer calls router 'HomeRouting' ('routeToDetail'); return a delegate action and let the router observe it with `observeAction(for: \\.delegate)`",
                ]),
            // The router captured in a local before the `Reduce`, and `self.router` beside that local.
            Example("""
                import ComposableArchitecture
                import RIBs
                protocol HomeRouting: ViewableRouting {
                    func routeToDetail()
                    func routeToSettings()
                }
                final class HomeInteractor: PresentableInteractor<HomePresentable>, HomeInteractable {
                    weak var router: HomeRouting?
                    private func reducer() -> Reduce<HomeFeature.State, HomeFeature.Action> {
                        let router = self.router
                        return Reduce { [weak self] state, action in
                            guard let self else { return .none }
                            switch action {
                            case .detailTapped:
                                self.router?.1️⃣routeToDetail()
                            case .settingsTapped:
                                router?.2️⃣routeToSettings()
                            }
                            return .none
                        }
                    }
                }
                """, messages: [
                    "reducer calls router 'HomeRouting' ('routeToDetail'); return a delegate action and let the router observe it with `observeAction(for: \\.delegate)`",
                    "reducer calls router 'HomeRouting' ('routeToSettings'); return a delegate action and let the router observe it with `observeAction(for: \\.delegate)`",
                ]),
            // A reducer's extension in another file, and a `Reduce` with explicit generic arguments.
            Example("""
                // file: Goals/GoalsFeature.swift
                import ComposableArchitecture
                struct GoalsFeature: Reducer {
                    struct State {}
                    enum Action { case close }
                    let navigation: UINavigationController
                    lazy var reducer = Reduce<State, Action> { state, action in
                        self.navigation.1️⃣popToRootViewController(animated: true)
                        return .none
                    }
                }
                // file: Goals/GoalsFeature+Helpers.swift
                import UIKit
                extension GoalsFeature {
                    func close(_ navigation: UINavigationController) { navigation.2️⃣popViewController(animated: true) }
                }
                """, messages: [
                    "reducer performs UIKit navigation ('popToRootViewController'); return a delegate action (`.send(.delegate(…))`) and let the router push, present or dismiss",
                    "reducer performs UIKit navigation ('popViewController'); return a delegate action (`.send(.delegate(…))`) and let the router push, present or dismiss",
                ]),
            // Extensions of a `@Reducer` type, in its own file and in another.
            Example("""
                // file: Payee/PayeeFeature.swift
                import ComposableArchitecture
                @Reducer
                struct PayeeFeature {
                    struct State {}
                    enum Action { case done }
                }
                extension PayeeFeature {
                    func leave(_ root: UIViewController?) { root?.1️⃣showDetailViewController(UIViewController(), sender: nil) }
                }
                // file: Payee/PayeeFeature+UIKit.swift
                import UIKit
                extension PayeeFeature {
                    func reset(_ navigation: UINavigationController) { navigation.2️⃣popToRootViewController(animated: false) }
                }
                """, messages: [
                    "reducer performs UIKit navigation ('showDetailViewController'); return a delegate action (`.send(.delegate(…))`) and let the router push, present or dismiss",
                    "reducer performs UIKit navigation ('popToRootViewController'); return a delegate action (`.send(.delegate(…))`) and let the router push, present or dismiss",
                ]),
            // A reducer in an extension file calling the router its feature keeps in the type's own file.
            Example("""
                // file: Payees/PayeesFeature.swift
                import ComposableArchitecture
                import ComposableRIBs
                protocol PayeesRouting: RoutableViewControlling {
                    func routeToPayee(id: String)
                }
                @Reducer
                struct PayeesFeature {
                    @ObservableState struct State: Equatable {}
                    enum Action { case payeeTapped(String) }
                    var router: (any PayeesRouting)?
                }
                // file: Payees/PayeesFeature+Body.swift
                import ComposableArchitecture
                extension PayeesFeature {
                    var body: some ReducerOf<Self> {
                        Reduce { state, action in
                            if case let .payeeTapped(id) = action {
                                router?.1️⃣routeToPayee(id: id)
                            }
                            return .none
                        }
                    }
                }
                """, messages: [
                    "reducer calls router 'PayeesRouting' ('routeToPayee'); return a delegate action and let the router observe it with `observeAction(for: \\.delegate)`",
                ]),
        ],
        nonTriggering: [
            // State-driven SwiftUI and TCA presentation, delegate actions, actions named like navigation.
            Example("""
                import ComposableArchitecture
                import SwiftUI
                @Reducer
                struct CardsFeature {
                    @ObservableState
                    struct State {
                        @Presents var detail: CardDetailFeature.State?
                        var path = StackState<CardDetailFeature.State>()
                    }
                    enum Action {
                        case dismissTapped
                        case delegate(Delegate)
                        enum Delegate { case transferFinished }
                    }
                    var body: some ReducerOf<Self> {
                        Reduce { state, action in
                            switch action {
                            case .dismissTapped:
                                return .send(.delegate(.transferFinished))
                            case .delegate:
                                return .none
                            }
                        }
                    }
                }
                struct CardsView: View {
                    @Bindable var store: StoreOf<CardsFeature>
                    @Environment(\\.dismiss) private var dismiss
                    @Environment(\\.openURL) private var openURL
                    var body: some View {
                        NavigationStack {
                            Button("Close") { dismiss() }
                                .sheet(item: $store.scope(state: \\.detail, action: \\.detail)) { CardDetailView(store: $0) }
                                .navigationDestination(for: String.self) { Text($0) }
                            Button("Help") {
                                openURL(URL(string: "https://example.com")!)
                                UIApplication.shared.open(URL(string: "https://example.com")!)
                                UIPasteboard.general.string = "card"
                            }
                        }
                    }
                }
                """),
            // UIKit navigation where it belongs: routers, scene delegates.
            Example("""
                import ComposableRIBs
                import UIKit
                final class CardsRouter: SwiftUIHostingRouter<CardsFeature, CardsView> {
                    private weak var navigationController: UINavigationController?
                    func openDetail(_ detail: any CardDetailRouting) {
                        navigationController?.pushViewController(detail.viewController, animated: true)
                    }
                }
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func start(_ root: UIViewController) {
                        window?.rootViewController = root
                    }
                }
                """),
            // The nested `Coordinator` of a representable belongs to UIKit, not to the view.
            Example("""
                import SwiftUI
                import UIKit
                struct ScannerView: UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> UIViewController { UIViewController() }
                    func updateUIViewController(_ controller: UIViewController, context: Context) {}
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    final class Coordinator {
                        func fail(on controller: UIViewController) {
                            controller.present(UIAlertController(title: "Error", message: nil, preferredStyle: .alert), animated: true)
                        }
                    }
                }
                """),
        ])

    static let navigation = [
        "pushViewController", "popViewController", "popToViewController", "popToRootViewController", "setViewControllers",
        "present", "dismiss", "show", "showDetailViewController", "performSegue",
    ]

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard !file.isTestFile else { return [] }
        let navigates = Self.navigation.contains(where: file.contains) || file.contains("rootViewController")
        let usesTCA = ComposableRoles.usesTCA(file)
        guard navigates || usesTCA else { return [] }
        let roles = ComposableRoles.of(file)
        var regions: [(node: Syntax, isReducer: Bool)] = []
        if usesTCA {
            // Wherever written, nested types included: a `Reduce` in an Uber RIBs interactor is reducer code too.
            let reduces = file.tokens(spelled: "Reduce", in: file.tree).compactMap { token -> FunctionCallExprSyntax? in
                // `Reduce { … }`, or `Reduce<State, Action> { … }`.
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return nil }
                let called = reference.parent?.as(GenericSpecializationExprSyntax.self).map(Syntax.init) ?? Syntax(reference)
                guard let call = called.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == called.id else { return nil }
                return call
            }
            for reduce in reduces {
                regions += reduce.arguments.map { (Syntax($0.expression), true) }
                if let trailing = reduce.trailingClosure { regions.append((Syntax(trailing), true)) }
                regions += reduce.additionalTrailingClosures.map { (Syntax($0.closure), true) }
            }
        }
        for type in file.model.types where type.kind != .protocol {
            if usesTCA || type.kind == .extension, roles.isReducer(type) {
                regions.append((Syntax(type.members), true))
            } else if navigates, file.model.imports.contains("SwiftUI") || type.kind == .extension, roles.isView(type) {
                regions.append((Syntax(type.members), false))
            }
        }
        var seen = Set<Int>()
        var violations: [Violation] = []
        for region in regions {
            let finder = Finder(roles: roles, isReducer: region.isReducer, root: region.node)
            finder.walk(region.node)
            for violation in finder.violations where seen.insert(violation.position).inserted {
                violations.append(violation)
            }
        }
        return violations
    }

    private final class Finder: TypeBodyVisitor {
        let roles: ComposableRoles
        let isReducer: Bool
        let root: Syntax
        var violations: [Violation] = []

        init(roles: ComposableRoles, isReducer: Bool, root: Syntax) {
            self.roles = roles
            self.isReducer = isReducer
            self.root = root
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let name = node.calledName else { return .visitChildren }
            let layer = isReducer ? "reducer" : "view"
            if ReducerNavigationRule.navigation.contains(name), ReducerNavigationRule.isUIKitNavigation(node, name) {
                violations.append(Violation(
                    at: node.nameNode,
                    "\(layer) performs UIKit navigation ('\(name)'); return a delegate action (`.send(.delegate(…))`) and let "
                        + "the router push, present or dismiss"))
            } else if isReducer, let receiver = node.receiver, let (router, _) = roles.routerType(in: roles.declaredType(of: receiver)) {
                violations.append(Violation(
                    at: node.nameNode,
                    "reducer calls router '\(router)' ('\(name)'); return a delegate action and let the router observe it with "
                        + "`observeAction(for: \\.delegate)`"))
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            for (index, element) in elements.enumerated() where index > 0 && element.is(AssignmentExprSyntax.self) {
                if let member = elements[index - 1].as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rootViewController" {
                    violations.append(Violation(
                        at: member.declName,
                        "\(isReducer ? "reducer" : "view") replaces a window's root view controller; leave the window to the "
                            + "launch router and route from a delegate action"))
                }
            }
            return .visitChildren
        }
    }

    /// The UIKit signatures: `present(_:animated:)`, `dismiss(animated:)`, `show(_:sender:)`; the other names are UIKit's own.
    static func isUIKitNavigation(_ call: FunctionCallExprSyntax, _ name: String) -> Bool {
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        switch name {
        case "present": return labels.count >= 2 && labels[1] == "animated"
        case "dismiss": return labels.first == "animated"
        case "show", "showDetailViewController": return labels == ["_", "sender"]
        case "performSegue": return labels == ["withIdentifier", "sender"]
        default: return call.receiver != nil
        }
    }
}
