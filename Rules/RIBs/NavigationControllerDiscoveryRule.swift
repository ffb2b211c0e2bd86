import RibsLintKit
import SwiftSyntax

public struct NavigationControllerDiscoveryRule: Rule {
    public static let description = RuleDescription(
        id: "navigation_controller_discovery",
        name: "Navigation Controller Discovery",
        summary: "A RIB discovers a navigation controller through a view controller or a cast instead of receiving it through DI.",
        rationale: """
            RIBs Architecture Guide, "Navigation Controller Access Rules": "Do NOT attempt to 'discover' a nav controller by casting \
            the current view controller to `UINavigationController`, or accessing `viewController.navigationController`." \
            The `UINavigationController` (or a `NavigationControllable`) must be provided explicitly through DI at the \
            level that pushes and pops. A presenter styling the bar of the container it sits in (`navigationBar`, \
            `setNavigationBarHidden`, toolbar visibility) is not navigating, and is left alone.
            """,
        defaultSeverity: .error,
        triggering: [
            Example("""
                import RIBs
                final class DetailRouter: ViewableRouter<DetailInteractable, DetailViewControllable>, DetailRouting {
                    func routeToEdit() {
                        let edit = editBuilder.build(withListener: interactor)
                        viewController.uiviewController1️⃣.navigationController?.pushViewController(edit.viewControllable.uiviewController, animated: true)
                        let vc = viewController.uiviewController
                        vc2️⃣.navigationController?.popViewController(animated: true)
                        _ = viewController4️⃣.navigationController
                        if let nav = viewController.uiviewController 3️⃣as? UINavigationController { nav.popToRootViewController(animated: true) }
                    }
                }
                """, messages: [
                    "router 'DetailRouter' discovers a navigation controller; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                    "router 'DetailRouter' discovers a navigation controller; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                    "router 'DetailRouter' discovers a navigation controller; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                    "router 'DetailRouter' discovers a navigation controller; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                ]),
            Example("""
                import RIBs
                final class RootInteractor: Interactor, RootInteractable {
                    func findNavigation(window: UIWindow?) -> Bool {
                        window?.rootViewController 1️⃣is UINavigationController
                    }
                }
                final class HomeInteractor: PresentableInteractor<HomePresentable>, HomeInteractable {
                    func openSettings() {
                        (presenter as? UIViewController)?3️⃣.navigationController?.pushViewController(SettingsViewController(), animated: true)
                    }
                }
                final class RootBuilder: Builder<RootDependency>, RootBuildable {
                    func build(window: UIWindow) -> LaunchRouting {
                        let navigation = window.rootViewController 2️⃣as! UINavigationController
                        return RootRouter(navigation: navigation)
                    }
                }
                """, messages: [
                    "interactor 'RootInteractor' discovers a navigation controller; ask its router to push or pop, and give the router the navigation controller (or a protocol wrapping it) through its builder (DI)",
                    "interactor 'HomeInteractor' discovers a navigation controller; ask its router to push or pop, and give the router the navigation controller (or a protocol wrapping it) through its builder (DI)",
                    "builder 'RootBuilder' discovers a navigation controller; receive the navigation controller (or a protocol wrapping it) through its dependency or build(…) (DI) and hand it to the router",
                ]),
            // A presenter pushing or popping through the container UIKit lends it navigates without DI.
            Example("""
                import RIBs
                final class ProfileViewController: UIHostingController<ProfileView>, ProfilePresentable, ProfileViewControllable {
                    func push(_ child: ViewControllable) {
                        1️⃣navigationController?.pushViewController(child.uiviewController, animated: true)
                    }
                    func close() {
                        self2️⃣.navigationController?.popViewController(animated: true)
                    }
                    func restart(_ first: ViewControllable) {
                        // Setting the stack is navigating, whatever the syntax.
                        3️⃣navigationController?.viewControllers = [first.uiviewController]
                    }
                }
                """, messages: [
                    "presenter 'ProfileViewController' discovers a navigation controller; leave pushing and popping to its router, which receives the navigation controller (or a protocol wrapping it) through its builder (DI)",
                    "presenter 'ProfileViewController' discovers a navigation controller; leave pushing and popping to its router, which receives the navigation controller (or a protocol wrapping it) through its builder (DI)",
                    "presenter 'ProfileViewController' discovers a navigation controller; leave pushing and popping to its router, which receives the navigation controller (or a protocol wrapping it) through its builder (DI)",
                ]),
        ],
        nonTriggering: [
            // A screen handed in is tested so that it is not wrapped twice: no navigation stack is looked for.
            Example("""
                import RIBs
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    func present(_ screen: ViewControllable) {
                        let container: UIViewController
                        if let navigation = screen.uiviewController as? UINavigationController {
                            container = navigation
                        } else {
                            container = UINavigationController(rootViewController: screen.uiviewController)
                        }
                        viewController.present(container, animated: true)
                    }
                }
                """),
            // A local of an initializer hides the inherited property, as one of a method does.
            Example("""
                import RIBs
                final class MainViewController: SlideController, MainPresentable, MainViewControllable {
                    init() {
                        let navigationController = UINavigationController()
                        super.init(navigationController: navigationController)
                    }
                }
                """),
            // The guide's rule is about who may push and pop ("If a parent/child RIB must PUSH/POP…"): a presenter
            // styling its own bar is not reaching for a navigation stack.
            Example("""
                import RIBs
                final class BookmarkViewController: UIViewController, BookmarkPresentable, BookmarkViewControllable {
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        navigationController?.isNavigationBarHidden = true
                        self.navigationController?.navigationBar.prefersLargeTitles = false
                        navigationController?.setNavigationBarHidden(false, animated: animated)
                        navigationController?.navigationItem.largeTitleDisplayMode = .always
                        // A value set on the container, through an app's own property too: configuring, not navigating.
                        navigationController?.largeTitleBarColor = .white
                    }
                    // Whether it sits in a stack, to lay itself out: nothing is pushed or popped.
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        if self.navigationController != nil { layOutForStack() } else { layOutForSheet() }
                        guard nil != navigationController else { return }
                        if let _ = navigationController { showsBackArrow = true }
                        // Inside a condition, a choice or an assignment too.
                        if navigationController != nil && traitCollection.horizontalSizeClass == .compact { layOutForStack() }
                        closeButton.isHidden = nil == self.navigationController || isBeingPresented
                        title = navigationController == nil ? nil : "Feed"
                    }
                }
                """),
            Example("""
                import RIBs
                final class FlowRouter: ViewableRouter<FlowInteractable, ViewControllable>, FlowRouting {
                    private let navigationController: NavigationControllable
                    private let navigation: NavigationProviding
                    init(navigationController: NavigationControllable, navigation: NavigationProviding, interactor: FlowInteractable, viewController: ViewControllable) {
                        self.navigationController = navigationController
                        self.navigation = navigation
                        super.init(interactor: interactor, viewController: viewController)
                    }
                    func routeToStep() {
                        let step = stepBuilder.build(withListener: interactor)
                        navigationController.push(step.viewControllable, animated: true)
                        self.navigationController.pop(animated: true)
                        navigation.navigationController.popToRootViewController(animated: true)
                    }
                }
                """),
            Example("""
                import RIBs
                final class HostViewController: UIViewController, HostPresentable, HostViewControllable, UINavigationControllerDelegate {
                    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
                        navigationController.setNavigationBarHidden(false, animated: animated)
                    }
                }
                """),
            Example("""
                final class SettingsCoordinator {
                    func start(from viewController: UIViewController) {
                        viewController.navigationController?.pushViewController(UIViewController(), animated: true)
                        _ = viewController as? UINavigationController
                    }
                }
                """),
        ])

    public init(options: RuleOptions) {}

    static let roles: Set<Role> = [.router, .interactor, .builder, .presenter]

    public func violations(in file: LintFile) -> [Violation] {
        guard file.contains("navigationController") || file.contains("UINavigationController") else { return [] }
        return file.model.types.filter { $0.role.map(Self.roles.contains) == true }.flatMap { type in
            let declared = file.model.types.filter { $0.name == type.name }.flatMap(\.declaredPropertyNames)
            let visitor = Visitor(owner: type, declaredNames: Set(declared))
            visitor.walk(type.members)
            return visitor.violations
        }
    }

    private final class Visitor: TypeBodyVisitor {
        let owner: TypeDeclaration
        let reach: ViewControllerReach
        /// A view controller that declares its own `navigationController` is not reaching for UIKit's.
        let inheritsNavigationController: Bool
        var violations: [Violation] = []

        init(owner: TypeDeclaration, declaredNames: Set<String>) {
            self.owner = owner
            self.reach = ViewControllerReach(scanning: owner)
            self.inheritsNavigationController = owner.role == .presenter && !declaredNames.contains("navigationController")
            super.init()
        }

        /// What to do instead, by who discovers: the guide has a router push and pop on the navigation controller it
        /// was given, which a parent hands down through the builder.
        private var message: String {
            let advice = switch owner.role {
            case .interactor?: "ask its router to push or pop, and give the router the navigation controller (or a protocol wrapping it) through its builder (DI)"
            case .presenter?: "leave pushing and popping to its router, which receives the navigation controller (or a protocol wrapping it) through its builder (DI)"
            case .builder?: "receive the navigation controller (or a protocol wrapping it) through its dependency or build(…) (DI) and hand it to the router"
            default: "receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead"
            }
            return "\(owner.role?.rawValue ?? "type") '\(owner.name)' discovers a navigation controller; \(advice)"
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.declName.baseName.text == "navigationController", let base = node.base else { return .visitChildren }
            let baseName = base.lastName ?? ""
            let isSelf = base.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            if isSelf ? inheritsNavigationController && !Self.adjustsAppearance(node) && !Self.testsPresence(node)
                : (reach.reaches(base) || Self.namesViewController(baseName))
            {
                violations.append(Violation(at: node.period, message))
            }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if node.baseName.text == "navigationController", inheritsNavigationController,
                node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id, !Self.adjustsAppearance(node),
                !Self.testsPresence(node), !node.isShadowed("navigationController")
            {
                violations.append(Violation(at: node, message))
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            for (index, element) in elements.enumerated()
            where (element.is(UnresolvedAsExprSyntax.self) || element.is(UnresolvedIsExprSyntax.self))
                && index + 1 < elements.count
                && elements[index + 1].as(TypeExprSyntax.self)?.type.heldTypeNames.contains("UINavigationController") == true
                && !(index > 0 && Self.testsHandedValueBeforeWrapping(elements[index - 1], in: node))
            {
                violations.append(Violation(at: element, message))
            }
            return .visitChildren
        }

        /// `if let nav = screen.uiviewController as? UINavigationController { … } else { UINavigationController(rootViewController: …) }`:
        /// a type test on a value the function was handed (a parameter), in a function that wraps it in a new
        /// container otherwise, avoids wrapping twice; unless what it found is pushed or popped on, it finds no
        /// navigation stack to use.
        static func testsHandedValueBeforeWrapping(_ source: ExprSyntax, in node: SequenceExprSyntax) -> Bool {
            guard let name = source.rootName, let function = node.enclosingFunction,
                function.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }),
                let body = function.body
            else { return false }
            let tokens = Array(body.tokens(viewMode: .sourceAccurate))
            let wraps = tokens.indices.dropLast().contains { index in
                tokens[index].text.first?.isUppercase == true && tokens[index].text.hasSuffix("NavigationController")
                    && tokens[index + 1].tokenKind == .leftParen
            }
            // The name the found container is bound to (`if let nav = …`, `let nav = …`), and whether it is navigated on.
            let bound = (node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(OptionalBindingConditionSyntax.self)?.pattern
                ?? node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?.pattern)?
                .as(IdentifierPatternSyntax.self)?.identifier.text
            let navigatesOnIt = bound.map { bound in
                tokens.indices.dropLast(2).contains { index in
                    tokens[index].text == bound && tokens[index + 1].tokenKind == .period
                        && ["push", "pop", "setViewControllers", "show"].contains(where: tokens[index + 2].text.hasPrefix)
                }
            } ?? false
            return wraps && !navigatesOnIt
        }

        /// Bar and toolbar appearance a presenter sets on its own container (`navigationController?.navigationBar
        /// .prefersLargeTitles`, `setNavigationBarHidden`): styling its screen, not navigating with it.
        static let appearance: Set<String> = [
            "navigationBar", "navigationItem", "isNavigationBarHidden", "setNavigationBarHidden", "toolbar", "isToolbarHidden", "setToolbarHidden",
            "hidesBarsOnSwipe", "hidesBarsOnTap", "hidesBarsWhenKeyboardAppears", "hidesBarsWhenVerticallyCompact",
        ]

        static func adjustsAppearance(_ access: some ExprSyntaxProtocol) -> Bool {
            var node = Syntax(access)
            while let parent = node.parent, parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                node = parent
            }
            guard let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id else { return false }
            let name = member.declName.baseName.text
            return appearance.contains(name) || isAssigned(member) && !["viewControllers", "delegate"].contains(name)
        }

        /// `navigationController != nil`, `nil == navigationController`, `if let _ = navigationController`, alone or as a
        /// part of `&&`, `||`, `? :` or an assignment: whether the screen sits in a stack (to lay itself out), which pushes
        /// and pops nothing.
        static func testsPresence(_ access: some ExprSyntaxProtocol) -> Bool {
            var node = Syntax(access)
            while let parent = node.parent, parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                node = parent
            }
            if let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(OptionalBindingConditionSyntax.self),
                binding.pattern.trimmedDescription == "_"
            {
                return true
            }
            guard let list = node.parent?.as(ExprListSyntax.self) else { return false }
            let elements = Array(list)
            guard let position = elements.firstIndex(where: { $0.id == node.id }) else { return false }
            // The comparison's three elements, `access == nil` or `nil == access`; what is beside them binds less tightly.
            for start in [position, position - 2] where start >= 0 && start + 2 < elements.count {
                guard let comparison = elements[start + 1].as(BinaryOperatorExprSyntax.self), ["==", "!="].contains(comparison.operator.text),
                    elements[start == position ? start + 2 : start].is(NilLiteralExprSyntax.self),
                    start == 0 || bindsLessTightly(elements[start - 1]),
                    start + 3 == elements.count || bindsLessTightly(elements[start + 3])
                else { continue }
                return true
            }
            return false
        }

        /// `&&`, `||`, the ternary's `? :` and `=`: operators a comparison's operands do not reach past.
        static func bindsLessTightly(_ element: ExprSyntax) -> Bool {
            if element.is(UnresolvedTernaryExprSyntax.self) || element.is(AssignmentExprSyntax.self) { return true }
            return element.as(BinaryOperatorExprSyntax.self).map { ["&&", "||"].contains($0.operator.text) } ?? false
        }

        /// `navigationController?.barColor = …`: a value set on the container (an app's own property among them),
        /// which configures it and moves no screen — unless it is the stack itself or who answers its events.
        static func isAssigned(_ member: MemberAccessExprSyntax) -> Bool {
            guard let list = member.parent?.as(ExprListSyntax.self) else { return false }
            let elements = Array(list)
            guard let position = elements.firstIndex(where: { $0.id == member.id }), position + 1 < elements.count else { return false }
            return elements[position + 1].is(AssignmentExprSyntax.self)
        }

        static func namesViewController(_ name: String) -> Bool {
            let lowered = name.lowercased()
            return lowered.hasSuffix("viewcontroller") || lowered == "vc" || name.hasSuffix("VC")
        }
    }
}
