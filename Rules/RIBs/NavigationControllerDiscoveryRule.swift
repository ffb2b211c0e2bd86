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
            `setNavigationBarHidden`, toolbar visibility) is not navigating, and is left alone. An app's extension method \
            whose body pushes, pops, presents or dismisses on the view controller's `navigationController` (`extension \
            ViewControllable { func push(_:) }`, in any file of the project) discovers it for whoever calls it on a RIB's view controller: the call \
            is reported there; so does a router's call of an app's helper on `ViewableRouting` that hands the push to such \
            a method of its view controller (`pushRouter(_:animated:)` calling `viewControllable.pushViewController(…)`), or \
            that pushes or pops on `viewControllable.uiviewController.navigationController` itself.
            """,
        defaultSeverity: .error,
        triggering: [
            // A presenter reading its stack to pop itself: the comparison moves nothing, the pop does.
            Example("""
                import RIBs
                final class WalletViewController: UIViewController, WalletPresentable, WalletViewControllable {
                    func close() {
                        if navigationController?.viewControllers.count ?? 0 > 1 {
                            1️⃣navigationController?.popViewController(animated: true)
                        }
                    }
                }
                """, messages: [
                    "presenter 'WalletViewController' discovers a navigation controller; leave pushing and popping to its router, which receives the navigation controller (or a protocol wrapping it) through its builder (DI)",
                ]),
            // Styling the bar of a container found by a cast: a presenter's own children only are its to style.
            Example("""
                import RIBs
                final class FeedInteractor: PresentableInteractor<FeedPresentable>, FeedInteractable {
                    func style(_ screen: UIViewController) {
                        (screen 1️⃣as? UINavigationController)?.navigationBar.tintColor = .red
                    }
                }
                """, messages: [
                    "interactor 'FeedInteractor' discovers a navigation controller; ask its router to push or pop, and give the router the navigation controller (or a protocol wrapping it) through its builder (DI)",
                ]),
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
            // The router made the navigation controller around the child's screen, and later asks that screen for it.
            Example("""
                import RIBs
                final class NotesRouter: ViewableRouter<NotesInteractable, NotesViewControllable>, NotesRouting {
                    private var editor: ViewableRouting?
                    func routeToEditor() {
                        let editor = editorBuilder.build(withListener: interactor)
                        attachChild(editor)
                        self.editor = editor
                        viewController.present(UINavigationController(rootViewController: editor.viewControllable.uiviewController))
                    }
                    func routeFromEditor() {
                        guard let editor else { return }
                        detachChild(editor)
                        if let container = editor.viewControllable.uiviewController1️⃣.navigationController { viewController.dismiss(container) }
                    }
                }
                """, messages: [
                    "router 'NotesRouter' asks the screen of 'editor' for the navigation controller it made in 'routeToEditor'; keep the one it made (a stored property) and use that instead",
                ]),
            // The child stored in the class, the routing in an extension of it.
            Example("""
                import RIBs
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    private var signIn: SignInRouting?
                }
                extension RootRouter {
                    func routeToSignIn() {
                        let signIn = signInBuilder.build(withListener: interactor)
                        self.signIn = signIn
                        attachChild(signIn)
                        viewController.present(UINavigationController(rootViewController: signIn.viewControllable.uiviewController))
                    }
                    func routeToHome() {
                        guard let signIn else { return }
                        detachChild(signIn)
                        if let container = signIn.viewControllable.uiviewController1️⃣.navigationController { viewController.dismiss(container) }
                    }
                }
                """, messages: [
                    "router 'RootRouter' asks the screen of 'signIn' for the navigation controller it made in 'routeToSignIn'; keep the one it made (a stored property) and use that instead",
                ]),
            // A local or parameter of one method named like another's child, and a method that only finds a navigation
            // controller: nothing the router made, so the advice stays.
            Example("""
                import RIBs
                final class ProfileRouter: ViewableRouter<ProfileInteractable, ProfileViewControllable>, ProfileRouting {
                    func routeToSettings() {
                        let child = settingsBuilder.build(withListener: interactor)
                        attachChild(child)
                        viewController.present(UINavigationController(rootViewController: child.viewControllable.uiviewController))
                    }
                    func detachDetail(_ child: ViewableRouting) {
                        child.viewControllable.uiviewController1️⃣.navigationController?.popViewController(animated: true)
                        detachChild(child)
                    }
                    func routeToChat() {
                        let chat = chatBuilder.build(withListener: interactor)
                        attachChild(chat)
                        hostingNavigationController(of: chat.viewControllable)
                        chat.viewControllable.uiviewController2️⃣.navigationController?.popToRootViewController(animated: true)
                    }
                    private func hostingNavigationController(of screen: ViewControllable) {}
                }
                """, messages: [
                    "router 'ProfileRouter' discovers a navigation controller; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                    "router 'ProfileRouter' discovers a navigation controller; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
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
            // Two helpers down: the router's own helper hands its view controller's push to a helper on ViewControllable
            // that finds the navigation controller. A helper that presents finds none.
            Example("""
                // file: Core/ViewControllable+Routing.swift
                import ModernRIBs
                public extension ViewControllable {
                    func pushViewController(_ screen: ViewControllable, animated: Bool) {
                        if let navigation = uiviewController as? UINavigationController {
                            navigation.pushViewController(screen.uiviewController, animated: animated)
                        } else {
                            uiviewController.navigationController?.pushViewController(screen.uiviewController, animated: animated)
                        }
                    }
                }
                // file: Core/Router+Routing.swift
                import ModernRIBs
                public extension ViewableRouting {
                    func pushRouter(_ router: ViewableRouting, animated: Bool) {
                        viewControllable.pushViewController(router.viewControllable, animated: animated)
                        attachChild(router)
                    }
                    func presentRouter(_ router: ViewableRouting, animated: Bool) {
                        viewControllable.present(router.viewControllable, animated: animated)
                        attachChild(router)
                    }
                    func closeRouter(_ router: ViewableRouting) {
                        detachChild(router)
                    }
                }
                // file: Feed/FeedRouter.swift
                import ModernRIBs
                protocol FeedViewControllable: ViewControllable {}
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func attachDetail() {
                        self.1️⃣pushRouter(detailBuilder.build(withListener: interactor), animated: true)
                    }
                    func attachSheet() {
                        presentRouter(sheetBuilder.build(withListener: interactor), animated: true)
                    }
                }
                """, messages: [
                    "router 'FeedRouter' discovers a navigation controller through 'pushRouter', which calls 'ViewControllable.pushViewController', an extension method that navigates on the view controller's navigationController; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                ]),
            // A helper on ViewableRouting that finds its screen's navigation controller itself. One handed a screen to push
            // onto its own navigation controller discovers nothing of the router's.
            Example("""
                // file: Core/Router+Navigation.swift
                import RIBs
                extension ViewableRouting {
                    func pushChild(_ child: ViewableRouting) {
                        attachChild(child)
                        self.viewControllable.uiviewController.navigationController?.pushViewController(child.viewControllable.uiviewController, animated: true)
                    }
                    func stack(_ child: ViewableRouting, on viewControllable: ViewControllable) {
                        attachChild(child)
                        viewControllable.uiviewController.navigationController?.pushViewController(child.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Cart/CartRouter.swift
                import RIBs
                protocol CartViewControllable: ViewControllable {}
                final class CartRouter: ViewableRouter<CartInteractable, CartViewControllable>, CartRouting {
                    func routeToCheckout() {
                        1️⃣pushChild(checkoutBuilder.build(withListener: interactor))
                    }
                    func routeToCoupon(on host: ViewControllable) {
                        stack(couponBuilder.build(withListener: interactor), on: host)
                    }
                }
                """, messages: [
                    "router 'CartRouter' discovers a navigation controller through 'pushChild', an extension method of 'ViewableRouting' that navigates on the view controller's navigationController; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                ]),
            // An app's helper on ViewControllable, in another file, that reaches the navigation controller: each call on
            // the RIB's view controller discovers it there.
            Example("""
                // file: Utils/RIBs+Navigation.swift
                import RIBs
                extension ViewControllable {
                    func push(_ child: ViewControllable, animated: Bool = true) {
                        uiviewController.navigationController?.pushViewController(child.uiviewController, animated: animated)
                    }
                    func popToRoot() {
                        guard let navigation = self.uiviewController.navigationController else { return }
                        navigation.popToRootViewController(animated: true)
                    }
                }
                // file: Utils/ViewControllable+Stack.swift
                import RIBs
                extension ViewControllable {
                    private var stack: UINavigationController? { uiviewController as? UINavigationController ?? uiviewController.navigationController }
                    func replaceStack(with screens: [ViewControllable]) {
                        stack?.setViewControllers(screens.map(\\.uiviewController), animated: true)
                    }
                    // Through the helper beside it.
                    func open(_ screen: ViewControllable) {
                        DispatchQueue.main.async { [weak self] in self?.replaceStack(with: [screen]) }
                    }
                }
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToPost() {
                        let post = postBuilder.build(withListener: interactor)
                        attachChild(post)
                        viewController.1️⃣push(post.viewControllable)
                    }
                    func routeToTop() {
                        self.viewController.2️⃣popToRoot()
                    }
                    func routeToStart() {
                        viewController.3️⃣replaceStack(with: [startBuilder.build(withListener: interactor).viewControllable])
                        viewController.4️⃣open(startBuilder.build(withListener: interactor).viewControllable)
                    }
                    func routeBack(from post: ViewableRouting) {
                        post.viewControllable.5️⃣popToRoot()
                    }
                }
                """, messages: [
                    "router 'FeedRouter' discovers a navigation controller through 'push', an extension method of 'ViewControllable' that navigates on the view controller's navigationController; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                    "router 'FeedRouter' discovers a navigation controller through 'popToRoot', an extension method of 'ViewControllable' that navigates on the view controller's navigationController; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                    "router 'FeedRouter' discovers a navigation controller through 'replaceStack', an extension method of 'ViewControllable' that navigates on the view controller's navigationController; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                    "router 'FeedRouter' discovers a navigation controller through 'open', an extension method of 'ViewControllable' that navigates on the view controller's navigationController; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                    "router 'FeedRouter' discovers a navigation controller through 'popToRoot', an extension method of 'ViewControllable' that navigates on the view controller's navigationController; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                ]),
            // A helper that dismisses what the navigation controller the screen sits in presents, or the screen itself
            // where it sits in none: called on a RIB's view controller (its own or a child's), it discovers one. UIKit's
            // `dismiss` on the view controller itself is no helper's.
            Example("""
                // file: Support/ViewControllable+Dismiss.swift
                import RIBs
                public extension ViewControllable {
                    func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) {
                        if let navigation = self.uiviewController.navigationController {
                            navigation.dismiss(animated: animated, completion: completion)
                        } else {
                            self.uiviewController.dismiss(animated: animated, completion: completion)
                        }
                    }
                }
                // file: Profile/ProfileRouter.swift
                import RIBs
                final class ProfileRouter: ViewableRouter<ProfileInteractable, ProfileViewControllable>, ProfileRouting {
                    func dismissSettings(_ settings: ViewableRouting) {
                        settings.viewControllable.1️⃣dismiss(animated: true)
                        detachChild(settings)
                    }
                    func close() {
                        self.viewController.2️⃣dismiss()
                        viewController.uiviewController.dismiss(animated: true)
                    }
                }
                // file: Profile/ProfileViewController.swift
                import RIBs
                final class ProfileViewController: UIViewController, ProfilePresentable, ProfileViewControllable {
                    func closeTapped() {
                        dismiss(animated: true)
                    }
                }
                """, messages: [
                    "router 'ProfileRouter' discovers a navigation controller through 'dismiss', an extension method of 'ViewControllable' that navigates on the view controller's navigationController; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                    "router 'ProfileRouter' discovers a navigation controller through 'dismiss', an extension method of 'ViewControllable' that navigates on the view controller's navigationController; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                ]),
            // The navigation controller bound to a local of its own name, a stack changed in place, a call in a closure
            // or with its name on the next line.
            Example("""
                // file: Utils/ViewControllable+Stack.swift
                import RIBs
                extension ViewControllable {
                    func pushFaded(_ screen: ViewControllable) {
                        guard let navigationController = uiviewController.navigationController else { return }
                        navigationController.pushViewController(screen.uiviewController, animated: false)
                    }
                    func dropLast() {
                        uiviewController.navigationController?.viewControllers.removeLast()
                    }
                }
                // file: Cart/CartRouter.swift
                import RIBs
                final class CartRouter: ViewableRouter<CartInteractable, CartViewControllable>, CartRouting {
                    func routeToPayment() {
                        paymentBuilder.load { [weak self] payment in
                            self?.viewController.1️⃣pushFaded(payment.viewControllable)
                        }
                        viewController
                            .2️⃣dropLast()
                    }
                }
                """, messages: [
                    "router 'CartRouter' discovers a navigation controller through 'pushFaded', an extension method of 'ViewControllable' that navigates on the view controller's navigationController; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                    "router 'CartRouter' discovers a navigation controller through 'dropLast', an extension method of 'ViewControllable' that navigates on the view controller's navigationController; receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead",
                ]),
            // Casting the screens it holds to pop each one's stack: the cast finds stacks to navigate.
            Example("""
                import RIBs
                final class MainTabBarController: UITabBarController, MainPresentable, MainViewControllable {
                    func resetTabs() {
                        viewControllers?.forEach { controller in
                            if let navigation = controller 1️⃣as? UINavigationController { navigation.popToRootViewController(animated: false) }
                        }
                        viewControllers?.forEach { controller in
                            if let navigation = controller 2️⃣as? UINavigationController { navigation.viewControllers.removeLast() }
                        }
                    }
                }
                """, messages: [
                    "presenter 'MainTabBarController' discovers a navigation controller; leave pushing and popping to its router, which receives the navigation controller (or a protocol wrapping it) through its builder (DI)",
                    "presenter 'MainTabBarController' discovers a navigation controller; leave pushing and popping to its router, which receives the navigation controller (or a protocol wrapping it) through its builder (DI)",
                ]),
            // A presenter casting the container it sits in to the app's class and pushing on it.
            Example("""
                import RIBs
                import UIKit
                class AppNavigationController: UINavigationController {}
                final class FeedViewController: UIViewController, FeedPresentable, FeedViewControllable {
                    func openDetail() {
                        if let navigation = 1️⃣navigationController as? AppNavigationController {
                            navigation.pushViewController(DetailViewController(), animated: true)
                        }
                    }
                }
                """, messages: [
                    "presenter 'FeedViewController' discovers a navigation controller; leave pushing and popping to its router, which receives the navigation controller (or a protocol wrapping it) through its builder (DI)",
                ]),
        ],
        nonTriggering: [
            // The router's own view controller is a class wrapping the navigation controller its builder made: the helper
            // called on `self.viewControllable` pushes on that one.
            Example("""
                // file: Util/RIBs+Navigation.swift
                import RIBs
                import UIKit
                final class NavigationControllerable: ViewControllable {
                    var uiviewController: UIViewController { navigationController }
                    let navigationController: UINavigationController
                    init(root: ViewControllable) { navigationController = UINavigationController(rootViewController: root.uiviewController) }
                }
                extension ViewControllable {
                    func pushViewController(_ viewControllable: ViewControllable, animated: Bool) {
                        if let navigation = uiviewController as? UINavigationController {
                            navigation.pushViewController(viewControllable.uiviewController, animated: animated)
                        } else {
                            uiviewController.navigationController?.pushViewController(viewControllable.uiviewController, animated: animated)
                        }
                    }
                }
                // file: Login/LoginRouter.swift
                import RIBs
                final class LoginRouter: ViewableRouter<LoginInteractable, NavigationControllerable>, LoginRouting {
                    private let nickname: NicknameBuildable
                    func attachNickname() {
                        let router = nickname.build(withListener: interactor)
                        self.viewControllable.pushViewController(router.viewControllable, animated: true)
                        attachChild(router)
                    }
                }
                """),
            // The router's helper hands the push to a screen that wraps a navigation controller; a router whose own method
            // of that name is the one called; a type nested in a router calling its own.
            Example("""
                // file: Core/ViewControllable+Routing.swift
                import ModernRIBs
                public extension ViewControllable {
                    func pushViewController(_ screen: ViewControllable, animated: Bool) {
                        uiviewController.navigationController?.pushViewController(screen.uiviewController, animated: animated)
                    }
                }
                // file: Core/Router+Routing.swift
                import ModernRIBs
                public extension ViewableRouting {
                    func pushRouter(_ router: ViewableRouting, animated: Bool) {
                        viewControllable.pushViewController(router.viewControllable, animated: animated)
                        attachChild(router)
                    }
                }
                // file: Home/HomeRouter.swift
                import ModernRIBs
                protocol HomeViewControllable: ViewControllable {}
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    private let navigation: NavigationControllable
                    func attachDetail() {
                        pushRouter(detailBuilder.build(withListener: interactor), animated: true)
                    }
                    private func pushRouter(_ router: ViewableRouting, animated: Bool) {
                        navigation.pushViewController(router.viewControllable, animated: animated)
                        attachChild(router)
                    }
                    final class Stack {
                        func pushRouter(_ router: ViewableRouting, animated: Bool) {}
                        func run(_ router: ViewableRouting) { pushRouter(router, animated: true) }
                    }
                }
                // file: Root/RootRouter.swift
                import ModernRIBs
                protocol RootViewControllable: NavigationControllable {}
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    func attachMain() {
                        pushRouter(mainBuilder.build(withListener: interactor), animated: false)
                    }
                }
                """),
            // A presenter comparing its place in its stack to style its bars or hide the tab bar: nothing is pushed or popped.
            Example("""
                import RIBs
                final class WalletViewController: UIViewController, WalletPresentable, WalletViewControllable {
                    override var hidesBottomBarWhenPushed: Bool {
                        get { navigationController?.viewControllers.last != self }
                        set { super.hidesBottomBarWhenPushed = newValue }
                    }
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        guard self.navigationController?.viewControllers.count == 1 else { return }
                        navigationController?.navigationBar.tintColor = .white
                    }
                }
                """),
            // A container looking through the screens it holds, to select one: nothing is pushed or popped.
            Example("""
                import RIBs
                final class AppRootTabBarController: UITabBarController, AppRootPresentable, AppRootViewControllable {
                    func select(_ screen: ViewControllable) {
                        guard let index = viewControllers?.firstIndex(where: { controller in
                            if let navigation = controller as? UINavigationController {
                                return navigation.topViewController == screen.uiviewController
                            }
                            return controller == screen.uiviewController
                        }) else { return }
                        selectedIndex = index
                    }
                }
                """),
            // A helper of another type that stores its own navigation controller, one that styles a container it makes,
            // and a view controller that was handed in as a navigation controller: nothing is discovered.
            Example("""
                // file: Utils/Navigator.swift
                import RIBs
                final class Navigator {
                    let navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                }
                extension Navigator {
                    func push(_ screen: ViewControllable) {
                        navigationController.pushViewController(screen.uiviewController, animated: true)
                    }
                }
                extension ViewControllable {
                    func presentInNavigation(_ screen: ViewControllable) {
                        let navigationController = UINavigationController()
                        navigationController.setViewControllers([screen.uiviewController], animated: false)
                        uiviewController.present(navigationController, animated: true)
                    }
                    func presentWrapped(_ screen: ViewControllable) {
                        let wrapper = UINavigationController()
                        wrapper.navigationBar.tintColor = uiviewController.navigationController?.navigationBar.tintColor
                        wrapper.setViewControllers([screen.uiviewController], animated: false)
                        uiviewController.present(wrapper, animated: true)
                    }
                }
                // file: Onboarding/OnboardingRouter.swift
                import RIBs
                final class OnboardingRouter: Router<OnboardingInteractable>, OnboardingRouting {
                    private let viewController: NavigationControllable
                    init(interactor: OnboardingInteractable, viewController: NavigationControllable) {
                        self.viewController = viewController
                        super.init(interactor: interactor)
                    }
                    func routeToStep() {
                        viewController.push(stepBuilder.build(withListener: interactor).viewControllable)
                    }
                }
                // file: Nav/NavigationControllable.swift
                import RIBs
                protocol NavigationControllable: ViewControllable {
                    var navigationController: UINavigationController { get }
                }
                // file: Nav/NavigationControllable+Replace.swift
                import RIBs
                extension NavigationControllable {
                    func replace(with screen: ViewControllable) {
                        navigationController.setViewControllers([screen.uiviewController], animated: true)
                    }
                }
                // file: Feed/FeedRouter.swift
                import RIBs
                protocol FeedViewControllable: ViewControllable {}
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToPost() {
                        viewController.push(postBuilder.build(withListener: interactor).viewControllable)
                        viewController.presentWrapped(postBuilder.build(withListener: interactor).viewControllable)
                        viewController.presentInNavigation(postBuilder.build(withListener: interactor).viewControllable)
                    }
                }
                // file: Home/HomeRouter.swift
                import RIBs
                protocol HomeViewControllable: NavigationControllable {}
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    func routeToStart() {
                        viewController.replace(with: startBuilder.build(withListener: interactor).viewControllable)
                    }
                }
                """),
            // The router's view controller is a navigation controller, or its protocol has a method of the helper's
            // name: the call pushes on that view controller, and discovers nothing. UIKit's own class, extended, is
            // no RIB's presenter.
            Example("""
                // file: Utils/UIViewController+Push.swift
                import RIBs
                extension UIViewController {
                    func push(_ screen: UIViewController) {
                        navigationController?.pushViewController(screen, animated: true)
                    }
                }
                extension ViewControllable {
                    func push(viewController: ViewControllable, animated: Bool) {
                        uiviewController.navigationController?.pushViewController(viewController.uiviewController, animated: animated)
                    }
                }
                // file: Root/RootRouter.swift
                import RIBs
                protocol RootViewControllable: ViewControllable {
                    func push(viewController: ViewControllable, animated: Bool)
                }
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    func routeToHome() {
                        let home = homeBuilder.build(withListener: interactor)
                        attachChild(home)
                        viewController.push(viewController: home.viewControllable, animated: true)
                    }
                }
                // file: Shop/ShopRouter.swift
                import RIBs
                final class ShopNavigationController: UINavigationController, ShopViewControllable {}
                final class ShopRouter: ViewableRouter<ShopInteractable, ShopViewControllable>, ShopRouting {
                    func routeToCart() {
                        viewController.push(viewController: cartBuilder.build(withListener: interactor).viewControllable, animated: true)
                    }
                }
                // file: Home/HomeRouter.swift
                import RIBs
                protocol HomeViewControllable: ViewControllable {
                    func push(viewController: ViewControllable, animated: Bool)
                }
                // A view-less router handed its parent's screen, whose protocol declares the method.
                final class HomeRouter: Router<HomeInteractable>, HomeRouting {
                    private let viewController: HomeViewControllable
                    func routeToFeed() {
                        let feed = feedBuilder.build(withListener: interactor)
                        attachChild(feed)
                        viewController.push(viewController: feed.viewControllable, animated: false)
                    }
                }
                """),
            // A helper on ViewControllable that only presents, and a push on the navigation controller the router was
            // handed, whose method shares the helper's name: no navigation controller is discovered.
            Example("""
                // file: Utils/RIBs+Navigation.swift
                import RIBs
                extension ViewControllable {
                    func push(_ child: ViewControllable, animated: Bool = true) {
                        uiviewController.navigationController?.pushViewController(child.uiviewController, animated: animated)
                    }
                    func presentModally(_ child: ViewControllable) {
                        uiviewController.present(child.uiviewController, animated: true)
                    }
                    func setBarHidden() {
                        uiviewController.navigationController?.setNavigationBarHidden(true, animated: false)
                    }
                }
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    private let navigation: NavigationControllable
                    func routeToPost() {
                        let post = postBuilder.build(withListener: interactor)
                        attachChild(post)
                        navigation.push(post.viewControllable)
                        viewController.presentModally(post.viewControllable)
                        viewController.setBarHidden()
                        // A call whose labels no helper takes is another method.
                        viewController.push(post.viewControllable, from: .bottom)
                    }
                }
                """),
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
            // The screen handed in, bound to a local first, tested with `is`: it is presented as it is, or wrapped.
            Example("""
                import RIBs
                class BaseRouter<InteractorType, ViewControllerType>: ViewableRouter<InteractorType, ViewControllerType> {
                    func presentModally(_ child: ViewControllable, animated: Bool = true) {
                        let target = child.uiviewController
                        if target is UINavigationController {
                            viewControllable.uiviewController.present(target, animated: animated)
                        } else {
                            viewControllable.uiviewController.present(UINavigationController(rootViewController: target), animated: animated)
                        }
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
            // A presenter casting the container it sits in to the app's class, to turn its own swipe back off and on.
            Example("""
                import RIBs
                import UIKit
                class AppNavigationController: UINavigationController { var fullScreenPan: UIPanGestureRecognizer? }
                final class BoardViewController: UIViewController, BoardPresentable, BoardViewControllable {
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        if let navigation = self.navigationController as? AppNavigationController {
                            navigation.fullScreenPan?.isEnabled = false
                        }
                    }
                    override func viewWillDisappear(_ animated: Bool) {
                        super.viewWillDisappear(animated)
                        (navigationController as? AppNavigationController)?.fullScreenPan?.isEnabled = true
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
                        // The swipe back off, beside a back button of its own: handling back navigation, not pushing.
                        self.navigationController?.interactivePopGestureRecognizer?.isEnabled = false
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
                    // Whether its container is going away, as it disappears: reporting the close, not navigating.
                    override func viewDidDisappear(_ animated: Bool) {
                        super.viewDidDisappear(animated)
                        if navigationController?.isBeingDismissed ?? false { listener?.didClose() }
                    }
                }
                // The tab bar styles the bar of a container it has just made for a tab.
                final class MainViewController: UITabBarController, MainPresentable, MainViewControllable {
                    func setTabs(_ tabs: [ViewControllable]) {
                        viewControllers = tabs.map { UINavigationController(rootViewController: $0.uiviewController) }
                        (viewControllers?.last as? UINavigationController)?.navigationBar.prefersLargeTitles = true
                        (self.viewControllers?.first as? UINavigationController)?.navigationBar.prefersLargeTitles = false
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
        let discovers = file.contains("navigationController") || file.contains("UINavigationController")
        return file.model.types.filter { $0.role.map(Self.roles.contains) == true }.flatMap { type in
            var violations = Self.helperCalls(in: type, file)
            guard discovers else { return violations }
            let declarations = file.model.types.filter { $0.name == type.name }
            let visitor = Visitor(owner: type, declaredNames: Set(declarations.flatMap(\.declaredPropertyNames)), bodies: declarations.map(\.members))
            visitor.walk(type.members)
            violations += visitor.violations
            return violations
        }
    }

    /// Calls on the RIB's view controller (`viewController.push(child)`, `viewController.uiviewController.show(…)`) of
    /// an app's helper, declared in an extension anywhere in the project, that pushes or pops on the navigation
    /// controller the view controller sits in: the discovery happens in the helper, on the RIB's behalf.
    static func helperCalls(in type: TypeDeclaration, _ file: LintFile) -> [Violation] {
        var seen = Set<SyntaxIdentifier>()
        var violations: [Violation] = []
        let types = file.model.projectTypes
        // Most calls on a view controller are UIKit's (`present`, `dismiss`): the name is read from the text first, and
        // the tree looked at only where the project declares a helper of that name.
        let span = type.members.position.utf8Offset..<type.members.endPosition.utf8Offset
        for (offset, name) in calledNames(afterRootsIn: span, of: file) where !types.helperMethods(named: name, doing: .navigates).isEmpty {
            guard let token = file.token(at: offset), token.positionAfterSkippingLeadingTrivia.utf8Offset == offset,
                let (call, receiver) = calledOnViewController(from: token), seen.insert(call.id).inserted,
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                let receiverTypes = receiverTypes(receiver, of: type, file)
            else { continue }
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            let trailing = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
            // The helper must be one the receiver has: declared on its type or on what it adopts. One declared for a RIB
            // part itself (its presenter's extension) is reported where it reaches.
            guard let helper = types.helperMethods(named: member.declName.baseName.text, doing: .navigates).first(where: { helper in
                receiverTypes.contains(helper.type) && helper.accepts(labels: labels, trailingClosures: trailing)
                    && types.role(ofType: helper.type) == nil
            }), receiver != "viewController" || !viewControllableDeclares(helper.name, type, file) else { continue }
            let role = type.role?.rawValue ?? "type"
            violations.append(Violation(
                at: member.declName,
                "\(role) '\(type.name)' discovers a navigation controller through '\(helper.name)', an extension method of "
                    + "'\(helper.type)' that navigates on the view controller's navigationController; "
                    + advice(for: type.role)))
        }
        if type.role == .router { violations += relayedCalls(in: type, file) }
        return violations
    }

    /// A router's calls of an app's helper, declared on `ViewableRouting` or another protocol the router adopts, that
    /// calls on the router's view controller a helper of the first kind (`pushRouter(child, animated: true)`, whose
    /// body calls `viewControllable.pushViewController(…)`, an extension method of `ViewControllable` that pushes on
    /// `uiviewController.navigationController`): the discovery happens two helpers down, on the RIB's behalf.
    static func relayedCalls(in router: TypeDeclaration, _ file: LintFile) -> [Violation] {
        let types = file.model.projectTypes
        // Most calls a router makes by name are its own methods' and RIBs' (`attachChild`): the names are read from the
        // text, and the tree looked at only where the project declares a helper of that name that relays.
        let span = router.members.position.utf8Offset..<router.members.endPosition.utf8Offset
        var own: [HelperMethod]?
        /// The protocols whose helpers the router's calls reach, looked up at the first call that may relay: nil inside
        /// where none can (a router whose screen is or wraps a navigation controller, or with a project base class).
        var adopted: Set<String>??
        var violations: [Violation] = []
        var lookedUp: [String: [HelperMethod]] = [:]
        for (offset, name) in selfCalledNames(in: span, of: file) {
            if lookedUp[name] == nil {
                lookedUp[name] = types.helperMethods(named: name, doing: .navigates)
                    + types.helperMethods(named: name, doing: .relays(name: "", labels: [], trailingClosures: 0))
            }
            guard let helpers = lookedUp[name], !helpers.isEmpty, let token = file.token(at: offset),
                token.positionAfterSkippingLeadingTrivia.utf8Offset == offset, let call = selfCall(namedBy: token, in: router)
            else { continue }
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            let trailing = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
            // A method of the router's own that the call reaches is called instead (its class's or an extension's in
            // the file); so may one of a superclass the project declares, whose methods are not in view: no finding.
            if own == nil {
                own = file.model.types.filter { $0.name == router.name }.flatMap(\.functions).compactMap { function in
                    HelperMethod(type: router.name, action: .navigates, signature: HelperMethod.signature(of: function)[...])
                }
            }
            guard own?.contains(where: { $0.name == name && $0.accepts(labels: labels, trailingClosures: trailing) }) == false else { continue }
            if adopted == nil {
                if router.inheritance.superclasses.contains(where: { types.primary($0)?.kind == .class })
                    // In the helper, `viewControllable` is a `ViewControllable`: its extension's method of that name is the
                    // one called, unless the router's screen is (or wraps) a navigation controller, which has no other to find.
                    || receiverTypes("viewController", of: router, file) == nil
                {
                    adopted = .some(nil)
                } else {
                    // The router's protocols, and those of RIBs' router classes it descends from.
                    var found = Set(types.supertypes(of: router.inheritance.all))
                    if router.inheritance.superclasses.contains(where: { $0 == "ViewableRouter" || $0 == "LaunchRouter" }) { found.formUnion(["ViewableRouting", "Routing"]) }
                    adopted = .some(found)
                }
            }
            guard let reached = adopted ?? nil else { continue }
            for helper in helpers where reached.contains(helper.type) && helper.accepts(labels: labels, trailingClosures: trailing)
                // An extension of RIBs' router classes is linted as a router itself, where it navigates.
                && types.role(ofType: helper.type) == nil && !file.profile.isBaseClass(helper.type)
            {
                // The helper navigates itself (`viewControllable.uiviewController.navigationController?.pushViewController(…)`).
                if case .navigates = helper.action {
                    violations.append(Violation(
                        at: token,
                        "router '\(router.name)' discovers a navigation controller through '\(name)', an extension method of '\(helper.type)' "
                            + "that navigates on the view controller's navigationController; " + advice(for: .router)))
                    break
                }
                guard case .relays(let relayedName, let relayedLabels, let relayedTrailing) = helper.action,
                    let relayed = types.helperMethods(named: relayedName, doing: .navigates).first(where: { relayed in
                        relayed.type == "ViewControllable" && relayed.accepts(labels: relayedLabels, trailingClosures: relayedTrailing)
                    })
                else { continue }
                violations.append(Violation(
                    at: token,
                    "router '\(router.name)' discovers a navigation controller through '\(name)', which calls 'ViewControllable.\(relayed.name)', "
                        + "an extension method that navigates on the view controller's navigationController; " + advice(for: .router)))
                break
            }
        }
        return violations
    }

    /// The call `token` names as a method called by its name alone or on `self` (`pushRouter(…)`, `self.pushRouter(…)`,
    /// `self?.pushRouter(…)`, `self!.pushRouter(…)`), made by `router` itself: not in a type nested in it.
    private static func selfCall(namedBy token: TokenSyntax, in router: TypeDeclaration) -> FunctionCallExprSyntax? {
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.baseName.id == token.id else { return nil }
        var called = Syntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            guard member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
            called = Syntax(member)
        }
        guard let call = called.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == called.id else { return nil }
        var node = call.parent
        while let current = node, current.id != router.members.id {
            if current.is(ClassDeclSyntax.self) || current.is(StructDeclSyntax.self) || current.is(EnumDeclSyntax.self)
                || current.is(ActorDeclSyntax.self) || current.is(ExtensionDeclSyntax.self)
            {
                return nil
            }
            node = current.parent
        }
        return call
    }

    /// Where the text in `span` spells a lower-case name followed by `(` that is not a member of something other than
    /// `self` (`pushRouter(`, `self.pushRouter(`, `self?.pushRouter(`, `self!.pushRouter(`), with that name: a superset of the calls of a
    /// method by its name alone or on `self`, in order.
    static func selfCalledNames(in span: Range<Int>, of file: LintFile) -> [(offset: Int, name: String)] {
        var source = file.source
        return source.withUTF8 { bytes -> [(offset: Int, name: String)] in
            func isName(_ byte: UInt8) -> Bool {
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
            }
            /// Whether the bytes before `end` spell `self` as a whole name.
            func isSelf(before end: Int) -> Bool {
                end >= 4 && bytes[(end - 4)..<end].elementsEqual("self".utf8) && (end == 4 || !isName(bytes[end - 5]))
            }
            var found: [(offset: Int, name: String)] = []
            var position = span.lowerBound
            let end = min(span.upperBound, bytes.count)
            while position < end {
                guard isName(bytes[position]) else {
                    position += 1
                    continue
                }
                let start = position
                while position < end, isName(bytes[position]) { position += 1 }
                guard position < end, bytes[position] == UInt8(ascii: "("), bytes[start] >= 0x61, bytes[start] <= 0x7A else { continue }
                if start > 0, bytes[start - 1] == UInt8(ascii: ".") {
                    var before = start - 1
                    if before > 0, bytes[before - 1] == UInt8(ascii: "?") || bytes[before - 1] == UInt8(ascii: "!") { before -= 1 }
                    guard isSelf(before: before) else { continue }
                }
                found.append((start, String(decoding: bytes[start..<position], as: UTF8.self)))
            }
            return found
        }
    }

    /// The types a call on `receiver` (one of `ViewControllerReach.roots`) may find helpers on: a child's
    /// `viewControllable` is a `ViewControllable`, a `uiviewController` a `UIViewController`; the RIB's own
    /// `viewController` is its router's view controller type and what that adopts. Nil where the call finds no
    /// navigation controller by looking: the view controller is a navigation controller itself, or one was handed
    /// in (`private let viewController: NavigationControllable`).
    static func receiverTypes(_ receiver: String, of type: TypeDeclaration, _ file: LintFile) -> Set<String>? {
        switch receiver {
        case "uiviewController": return ["UIViewController"]
        case "viewControllable": return ["ViewControllable"]
        default: break
        }
        let stored = type.storedProperties.first { $0.name == receiver }.flatMap { $0.type?.heldTypeNames.first }
        guard let declared = stored ?? viewControllable(of: type, file) else { return ["ViewControllable", "UIViewController"] }
        if isNavigationWrapper(declared) || isContainer(declared, file.model.projectTypes) { return nil }
        if stored == nil {
            // A router whose view controller protocol only navigation controllers adopt.
            let classes = file.model.projectTypes.inheritors(of: declared).filter { $0.entry.kind == .class }
            if !classes.isEmpty, classes.allSatisfy({ isContainer($0.name, file.model.projectTypes) }) { return nil }
        }
        // A type the project does not declare (its file not in view) is taken to be a view controller.
        guard file.model.projectTypes.primary(declared) != nil else { return [declared, "ViewControllable", "UIViewController"] }
        let supertypes = file.model.projectTypes.supertypes(of: [declared])
        // `protocol HomeViewControllable: NavigationControllable`: the view controller wraps a navigation controller it
        // was given, whose helpers use that one.
        return supertypes.contains(where: isNavigationWrapper) ? nil : Set(supertypes)
    }

    /// `NavigationControllable`, `AppNavigationController`: the guide's protocol wrapping a navigation controller, or one.
    static func isNavigationWrapper(_ name: String) -> Bool { name.contains("NavigationControll") }

    /// The view controller type a router is given: its base class's second generic argument
    /// (`ViewableRouter<FeedInteractable, FeedViewControllable>`).
    static func viewControllable(of router: TypeDeclaration, _ file: LintFile) -> String? {
        file.model.declarations.first(where: { $0.name == router.name && $0.kind == .class })?.genericArguments.dropFirst().first
    }

    /// A navigation or other container controller, by its superclass chain through the project.
    static func isContainer(_ name: String, _ types: TypeResolver, depth: Int = 0) -> Bool {
        if ViewControllerReach.containerClasses.contains(name) { return true }
        guard depth < TypeResolver.maximumDepth, let entry = types.primary(name), entry.kind == .class, let superclass = entry.inherited.first
        else { return false }
        return isContainer(superclass, types, depth: depth + 1)
    }

    /// The router's view controller protocol, declared in its file, requires a method of this name
    /// (`protocol RootViewControllable: ViewControllable { func push(viewController:animated:) }`): the call is the
    /// view controller's own, which an extension's helper of that name does not replace.
    static func viewControllableDeclares(_ name: String, _ router: TypeDeclaration, _ file: LintFile) -> Bool {
        // The protocol of a `viewController` the router stores (a view-less `Router<…>` handed its parent's screen), or
        // the one its base class is given.
        let stored = router.storedProperties.first { $0.name == "viewController" }.flatMap { $0.type?.heldTypeNames.first }
        guard let controllable = stored ?? viewControllable(of: router, file),
            let declaration = file.model.protocols.first(where: { $0.name == controllable })?.declaration
        else { return false }
        return declaration.memberBlock.members.contains { $0.decl.as(FunctionDeclSyntax.self)?.name.text == name }
    }

    /// Where the text in `span` spells one of `ViewControllerReach.roots` whole followed by a call of a name
    /// (`viewController.push(`, `viewController.uiviewController?.show {`), with that name: the offset of the root.
    static func calledNames(afterRootsIn span: Range<Int>, of file: LintFile) -> [(offset: Int, name: String)] {
        var source = file.source
        return source.withUTF8 { bytes -> [(offset: Int, name: String)] in
            func isName(_ byte: UInt8) -> Bool {
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
            }
            /// The name after `.` (past `?` and `!`) at `position`, and where it ends.
            func member(at position: Int) -> (name: String, end: Int)? {
                var position = position
                // `viewController?.push(`, and `viewController` with `.push(` on the next line.
                while position < bytes.count, [UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
                    .contains(bytes[position])
                {
                    position += 1
                }
                guard position < bytes.count, bytes[position] == UInt8(ascii: ".") else { return nil }
                let start = position + 1
                var end = start
                while end < bytes.count, isName(bytes[end]) { end += 1 }
                return end > start ? (String(decoding: bytes[start..<end], as: UTF8.self), end) : nil
            }
            var found: [(offset: Int, name: String)] = []
            let end = min(span.upperBound, bytes.count)
            for root in ViewControllerReach.roots.sorted() {
                var from = span.lowerBound
                while from < end,
                    let hit = firstUTF8Offset(of: root, in: UnsafeBufferPointer(rebasing: bytes[from..<end])).map({ $0 + from })
                {
                    from = hit + 1
                    guard hit == 0 || !isName(bytes[hit - 1]), var next = member(at: hit + root.utf8.count) else { continue }
                    // `viewController.uiviewController.push(`: past the roots to what is called.
                    while ViewControllerReach.roots.contains(next.name), let further = member(at: next.end) { next = further }
                    var after = next.end
                    while after < bytes.count, bytes[after] == UInt8(ascii: " ") { after += 1 }
                    if after < bytes.count, bytes[after] == UInt8(ascii: "(") || bytes[after] == UInt8(ascii: "{") { found.append((hit, next.name)) }
                }
            }
            return found.sorted { $0.offset < $1.offset }
        }
    }

    /// The call made on the view controller `token` names (`viewController`, `self.viewController`,
    /// `viewController.uiviewController`), optional chaining and unwrapping looked through.
    static func calledOnViewController(from token: TokenSyntax) -> (call: FunctionCallExprSyntax, receiver: String)? {
        guard var node = token.parent.map(Syntax.init), node.is(DeclReferenceExprSyntax.self) else { return nil }
        if let qualified = node.parent?.as(MemberAccessExprSyntax.self), qualified.declName.id == node.id {
            // `self.viewController`, `self?.viewController`; a child's `router.viewControllable` and `…uiviewController`
            // are view controllers too.
            var base = qualified.base
            if let chained = base?.as(OptionalChainingExprSyntax.self) { base = chained.expression }
            let onSelf = base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            guard onSelf || token.text != "viewController" else { return nil }
            node = Syntax(qualified)
            // A router's `self.viewControllable` is its own view controller, as `viewController` is.
            if onSelf, token.text == "viewControllable" { return calledOnViewController(from: node, receiver: "viewController") }
        }
        return calledOnViewController(from: node, receiver: token.text)
    }

    /// The call on the view controller `node` names (`receiver`, one of `ViewControllerReach.roots`), through members
    /// that are view controllers too.
    private static func calledOnViewController(from node: Syntax, receiver: String) -> (call: FunctionCallExprSyntax, receiver: String)? {
        var node = node
        var receiver = receiver
        while true {
            while let wrapper = node.parent, wrapper.is(OptionalChainingExprSyntax.self) || wrapper.is(ForceUnwrapExprSyntax.self) {
                node = wrapper
            }
            guard let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id else { return nil }
            if let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id { return (call, receiver) }
            guard ViewControllerReach.roots.contains(member.declName.baseName.text) else { return nil }
            receiver = member.declName.baseName.text
            node = Syntax(member)
        }
    }

    /// What to do instead, by who discovers: the guide has a router push and pop on the navigation controller it
    /// was given, which a parent hands down through the builder.
    static func advice(for role: Role?) -> String {
        switch role {
        case .interactor?: "ask its router to push or pop, and give the router the navigation controller (or a protocol wrapping it) through its builder (DI)"
        case .presenter?: "leave pushing and popping to its router, which receives the navigation controller (or a protocol wrapping it) through its builder (DI)"
        case .builder?: "receive the navigation controller (or a protocol wrapping it) through its dependency or build(…) (DI) and hand it to the router"
        default: "receive the navigation controller (or a protocol wrapping it) through its builder (DI) and use that instead"
        }
    }

    private final class Visitor: TypeBodyVisitor {
        let owner: TypeDeclaration
        let reach: ViewControllerReach
        /// A view controller that declares its own `navigationController` is not reaching for UIKit's.
        let inheritsNavigationController: Bool
        var violations: [Violation] = []

        /// The properties the type and its extensions in the file declare.
        let declaredNames: Set<String>
        /// The bodies of the type and its extensions in the file.
        let bodies: [MemberBlockSyntax]

        init(owner: TypeDeclaration, declaredNames: Set<String>, bodies: [MemberBlockSyntax]) {
            self.owner = owner
            self.declaredNames = declaredNames
            self.bodies = bodies
            self.reach = ViewControllerReach(scanning: owner)
            self.inheritsNavigationController = owner.role == .presenter && !declaredNames.contains("navigationController")
            super.init()
        }

        private var message: String {
            "\(owner.role?.rawValue ?? "type") '\(owner.name)' discovers a navigation controller; \(NavigationControllerDiscoveryRule.advice(for: owner.role))"
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.declName.baseName.text == "navigationController", let base = node.base else { return .visitChildren }
            let baseName = base.lastName ?? ""
            let isSelf = base.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            if isSelf
                ? inheritsNavigationController && !Self.adjustsAppearance(node) && !Self.testsPresence(node) && !Self.testsStackPlace(node)
                    && !(owner.role == .presenter && Self.castOnlySetsUp(node))
                : (reach.reaches(base) || Self.namesViewController(baseName))
            {
                violations.append(Violation(at: node.period, madeContainerMessage(base) ?? message))
            }
            return .visitChildren
        }

        /// Where the router itself wrapped the screen `base` starts from in a navigation controller
        /// (`UINavigationController(root: child.viewControllable)` in `routeToChild`), and asks that screen for it later:
        /// the advice is to keep the one it made.
        private func madeContainerMessage(_ base: ExprSyntax) -> String? {
            // The child kept in a stored property (`self.editor = editor`): a local or parameter of one method says
            // nothing of what another made.
            guard owner.role == .router, let root = base.rootName, root != "self", declaredNames.contains(root),
                let method = madeContainers.first(where: { $0.root == root })?.method
            else { return nil }
            return "router '\(owner.name)' asks the screen of '\(root)' for the navigation controller it made in '\(method)'; "
                + "keep the one it made (a stored property) and use that instead"
        }

        /// The roots of the arguments of each navigation controller the type makes in the file (`UINavigationController(root:
        /// child.…)`), with the method that makes it; found when first asked.
        private lazy var madeContainers: [(root: String, method: String)] = {
            let finder = ContainerConstructionFinder()
            for body in bodies { finder.walk(body) }
            return finder.made
        }()

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if node.baseName.text == "navigationController", inheritsNavigationController,
                node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id, !Self.adjustsAppearance(node),
                !Self.testsPresence(node), !Self.testsStackPlace(node), !node.isShadowed("navigationController"),
                !(owner.role == .presenter && Self.castOnlySetsUp(node))
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
                && !(index > 0 && testsElementWithoutNavigating(elements[index - 1], in: node))
                && !(owner.role == .presenter && Self.castStylesBar(node, source: elements[index - 1]))
            {
                violations.append(Violation(at: element, message))
            }
            return .visitChildren
        }

        /// `(viewControllers?.last as? UINavigationController)?.navigationBar.prefersLargeTitles = true`: a presenter's own
        /// child container (among its `viewControllers`), only styled (`adjustsAppearance`), not navigated on.
        static func castStylesBar(_ cast: SequenceExprSyntax, source: ExprSyntax) -> Bool {
            guard startsFromOwnChildren(source), let element = cast.parent?.as(LabeledExprSyntax.self), element.label == nil,
                let list = element.parent?.as(LabeledExprListSyntax.self), list.count == 1,
                let parenthesized = list.parent?.as(TupleExprSyntax.self)
            else { return false }
            return adjustsAppearance(parenthesized)
        }

        /// Whether an access starts from the type's own `viewControllers` (`viewControllers?.last`,
        /// `self.viewControllers?.first(where: …)`, `viewControllers[0]`).
        static func startsFromOwnChildren(_ expression: ExprSyntax) -> Bool {
            var node = expression.unwrapped
            while !NavigationFacts.isOwn("viewControllers", node) {
                if let member = node.as(MemberAccessExprSyntax.self), let base = member.base {
                    node = base.unwrapped
                } else if let call = node.as(FunctionCallExprSyntax.self) {
                    node = call.calledExpression.unwrapped
                } else if let subscripted = node.as(SubscriptCallExprSyntax.self) {
                    node = subscripted.calledExpression.unwrapped
                } else {
                    return false
                }
            }
            return true
        }

        /// `if let nav = screen.uiviewController as? UINavigationController { … } else { UINavigationController(rootViewController: …) }`:
        /// a type test on a value the function was handed (a parameter), in a function that wraps it in a new
        /// container otherwise, avoids wrapping twice; unless what it found is pushed or popped on, it finds no
        /// navigation stack to use.
        static func testsHandedValueBeforeWrapping(_ source: ExprSyntax, in node: SequenceExprSyntax) -> Bool {
            guard let name = source.rootName, let function = node.enclosingFunction, let body = function.body else { return false }
            // The parameter itself, or a local the function binds to it first (`let target = child.uiviewController`).
            let parameters = Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
            let handed = parameters.contains(name) || body.statements.contains { item in
                item.item.as(VariableDeclSyntax.self)?.bindings.contains { binding in
                    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                        && binding.initializer?.value.rootName.map(parameters.contains) == true
                } == true
            }
            guard handed else { return false }
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
                        && stackMoves.contains(where: tokens[index + 2].text.hasPrefix)
                }
            } ?? false
            return wraps && !navigatesOnIt
        }

        /// The beginnings of the names of calls that move a stack (`pushViewController`, `popToRoot…`, `show`).
        static let stackMoves = ["push", "pop", "setViewControllers", "show"]

        /// `viewControllers?.firstIndex { controller in if let navigation = controller as? UINavigationController { … } }`:
        /// a type test on an element a closure is handed (a tab, a child), whose result is read but never pushed or
        /// popped on, looks at the screens a container holds; it finds no navigation stack to use.
        func testsElementWithoutNavigating(_ source: ExprSyntax, in node: SequenceExprSyntax) -> Bool {
            // A container (`UITabBarController`) looking at its own screens, bound by `if let` or `guard let`.
            guard owner.inheritance.superclasses.contains(where: ViewControllerReach.containerClasses.contains),
                node.parent?.as(InitializerClauseSyntax.self)?.parent?.is(OptionalBindingConditionSyntax.self) == true,
                let name = source.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text
            else { return false }
            var enclosing = node.parent
            while let current = enclosing, !current.is(ClosureExprSyntax.self) {
                if current.is(FunctionDeclSyntax.self) || current.is(InitializerDeclSyntax.self) { return false }
                enclosing = current.parent
            }
            guard let closure = enclosing?.as(ClosureExprSyntax.self), let signature = closure.signature else { return false }
            let parameters: [String]
            switch signature.parameterClause {
            case .simpleInput(let shorthand)?: parameters = shorthand.map(\.name.text)
            case .parameterClause(let clause)?: parameters = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
            case nil: parameters = []
            }
            guard parameters.contains(name) else { return false }
            // Nothing in the closure pushes, pops, shows or touches a stack.
            return !Self.reachesMember(startingWith: Self.stackMoves + ["viewControllers"], in: closure.statements)
        }

        /// Whether `node` reaches a member whose name starts with one of `prefixes` (`.push…`, `nav.viewControllers`).
        static func reachesMember(startingWith prefixes: [String], in node: some SyntaxProtocol) -> Bool {
            let tokens = Array(node.tokens(viewMode: .sourceAccurate))
            return tokens.indices.dropLast().contains { index in
                tokens[index].tokenKind == .period && prefixes.contains(where: tokens[index + 1].text.hasPrefix)
            }
        }

        /// Bar and toolbar appearance a presenter sets on its own container (`navigationController?.navigationBar
        /// .prefersLargeTitles`, `setNavigationBarHidden`), and the swipe back it turns off beside a back button of its
        /// own (`interactivePopGestureRecognizer?.isEnabled = false`): styling its screen, not navigating with it.
        static let appearance: Set<String> = [
            "interactivePopGestureRecognizer", "navigationBar", "navigationItem", "isNavigationBarHidden", "setNavigationBarHidden", "toolbar", "isToolbarHidden", "setToolbarHidden",
            "hidesBarsOnSwipe", "hidesBarsOnTap", "hidesBarsWhenKeyboardAppears", "hidesBarsWhenVerticallyCompact",
            // Whether it is going away or coming in: a screen reporting its close, as `isMovingFromParent` does.
            "isBeingDismissed", "isBeingPresented",
        ]

        /// The outermost of `node` and the `?` and `!` applied to it (`navigationController?`).
        static func throughUnwraps(_ node: Syntax) -> Syntax {
            var node = node
            while let parent = node.parent, parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                node = parent
            }
            return node
        }

        /// `if let navigation = navigationController as? AppNavigationController { navigation.fullScreenPan?.isEnabled = false }`,
        /// `(navigationController as? AppNavigationController)?.fullScreenPan?.isEnabled = true`: a presenter casting the
        /// container it sits in to the app's class to set it up (its own swipe back, its bar), pushing, popping, showing
        /// and presenting nothing with it.
        static func castOnlySetsUp(_ access: some ExprSyntaxProtocol) -> Bool {
            let node = throughUnwraps(Syntax(access))
            guard let list = node.parent?.as(ExprListSyntax.self), let cast = list.parent?.as(SequenceExprSyntax.self),
                list.count == 3, list.first?.id == node.id, Array(list)[1].is(UnresolvedAsExprSyntax.self)
            else { return false }
            let region: Syntax?
            if let binding = cast.parent?.as(InitializerClauseSyntax.self)?.parent?.as(OptionalBindingConditionSyntax.self) {
                let conditions = binding.parent?.parent?.as(ConditionElementListSyntax.self)
                if let ifExpression = conditions?.parent?.as(IfExprSyntax.self) {
                    region = Syntax(ifExpression.body)
                } else if let guarded = conditions?.parent?.as(GuardStmtSyntax.self) {
                    region = guarded.parent?.parent.map(Syntax.init)  // the block the `guard` stands in
                } else {
                    region = nil
                }
            } else if cast.parent?.is(LabeledExprSyntax.self) == true, cast.parent?.parent?.parent?.is(TupleExprSyntax.self) == true {
                region = node.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) }).map(Syntax.init)
            } else {
                region = nil
            }
            guard let region else { return false }
            return !reachesMember(startingWith: stackMoves + ["viewControllers", "present", "dismiss", "delegate"], in: region)
        }

        static func adjustsAppearance(_ access: some ExprSyntaxProtocol) -> Bool {
            let node = throughUnwraps(Syntax(access))
            guard let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id else { return false }
            let name = member.declName.baseName.text
            return appearance.contains(name) || isAssigned(member) && !["viewControllers", "delegate"].contains(name)
        }

        /// `navigationController != nil`, `nil == navigationController`, `if let _ = navigationController`, alone or as a
        /// part of `&&`, `||`, `? :` or an assignment: whether the screen sits in a stack (to lay itself out), which pushes
        /// and pops nothing.
        static func testsPresence(_ access: some ExprSyntaxProtocol) -> Bool {
            let node = throughUnwraps(Syntax(access))
            if let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(OptionalBindingConditionSyntax.self),
                binding.pattern.trimmedText == "_"
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

        /// `navigationController?.viewControllers.count == 1`, `navigationController?.viewControllers.last != self`: where the
        /// screen sits in its stack, compared (to lay itself out or style its bars), which pushes and pops nothing.
        static func testsStackPlace(_ access: some ExprSyntaxProtocol) -> Bool {
            /// The member access `name` read on `node` (through `?` and `!`), if that is what `node` is the base of.
            func member(of node: Syntax, in names: Set<String>) -> Syntax? {
                let node = throughUnwraps(node)
                guard let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
                    names.contains(member.declName.baseName.text)
                else { return nil }
                return Syntax(member)
            }
            guard let stack = member(of: Syntax(access), in: ["viewControllers"]),
                let member = member(of: stack, in: ["count", "first", "last", "isEmpty"])
            else { return false }
            let place = throughUnwraps(member)
            guard let list = place.parent?.as(ExprListSyntax.self) else { return false }
            let elements = Array(list)
            guard let position = elements.firstIndex(where: { $0.id == place.id }) else { return false }
            func isOperator(_ index: Int, _ names: Set<String>) -> Bool {
                elements.indices.contains(index) && elements[index].as(BinaryOperatorExprSyntax.self).map { names.contains($0.operator.text) } == true
            }
            let comparisons: Set<String> = ["==", "!=", "<", ">", "<=", ">=", "===", "!=="]
            // `count ?? 0 > 1`: a default given first binds tighter than the comparison.
            let after = isOperator(position + 1, ["??"]) ? position + 3 : position + 1
            return isOperator(position - 1, comparisons) || isOperator(after, comparisons)
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

/// Calls that make a navigation controller inside a method, with the names their arguments start from.
private final class ContainerConstructionFinder: TypeBodyVisitor {
    var made: [(root: String, method: String)] = []
    private var method: String?

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        method = node.name.text
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) { method = nil }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // A type's construction (`UINavigationController(…)`, `AppNavigationController(…)`), not a method that finds one.
        guard let method, let made = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            made.first?.isUppercase == true, made.hasSuffix("NavigationController")
        else { return .visitChildren }
        for argument in node.arguments { if let root = argument.expression.rootName { self.made.append((root, method)) } }
        return .visitChildren
    }
}
