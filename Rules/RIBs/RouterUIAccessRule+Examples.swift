import RibsLintKit

extension RouterUIAccessRule {
    static let triggeringExamples = [
        // A screen the router makes itself: reported where it names the class; wiring its listener is no UI state.
        Example("""
            import RIBs
            final class PlanRouter: ViewableRouter<PlanInteractable, PlanViewControllable>, PlanRouting {
                func routeToDatePicker(date: Date) {
                    let picker = 1️⃣DatePickerViewController(initialDate: date)
                    picker.listener = interactor
                    viewController.uiviewController.present(picker, animated: true)
                }
            }
            """, messages: [
                "router names the concrete view controller 'DatePickerViewController'; work with its ViewControllable and leave the type to the builder",
            ]),
        // UI content built by the app's helpers, in other files: a static method, and an extension of `UIViewController`
        // called on the router's screen.
        Example("""
            // file: Movie/MovieRouter.swift
            import RIBs
            final class MovieRouter: ViewableRouter<MovieInteractable, MovieViewControllable>, MovieRouting {
                func routeToError(_ text: String) {
                    1️⃣Alerts.show(text, on: viewController.uiviewController)
                }
                func routeToShare(_ url: URL) {
                    2️⃣viewController.uiviewController.share(url)
                }
            }
            // file: Common/Alerts.swift
            import UIKit
            enum Alerts {
                static func show(_ text: String, on screen: UIViewController) {
                    let alert = UIAlertController(title: nil, message: text, preferredStyle: .alert)
                    alert.addAction(UIAlertAction(title: "OK", style: .default))
                    screen.present(alert, animated: true)
                }
            }
            // file: Common/UIViewController+Share.swift
            import UIKit
            extension UIViewController {
                func share(_ url: URL) { present(UIActivityViewController(activityItems: [url], applicationActivities: nil), animated: true) }
            }
            """, messages: [
                "router builds UI content ('UIAlertController') through 'Alerts.show'; let the presenter build it, driven by the interactor through its Presentable",
                "router builds UI content ('UIActivityViewController') through 'share'; let the presenter build it, driven by the interactor through its Presentable",
            ]),
        // An app's view controller named otherwise, and a system picker built in the router.
        Example("""
            // file: Support/SupportRouter.swift
            import RIBs
            final class SupportRouter: ViewableRouter<SupportInteractable, SupportViewControllable>, SupportRouting {
                func routeToError(_ message: String) {
                    1️⃣AlertVC.show(on: viewController.uiviewController, message: message)
                }
                func routeToPhotoPicker() {
                    let picker = 2️⃣UIImagePickerController()
                    viewController.uiviewController.present(picker, animated: true)
                }
            }
            // file: Common/AlertVC.swift
            import UIKit
            class BaseViewController: UIViewController {}
            final class AlertVC: BaseViewController {
                static func show(on host: UIViewController, message: String) {}
            }
            """, messages: [
                "router names the concrete view controller 'AlertVC'; work with its ViewControllable and leave the type to the builder",
                "router builds UI content ('UIImagePickerController'); let the presenter build it, driven by the interactor through its Presentable",
            ]),
        // Through an item picked by index: the tab bar's items, and a child screen's title, are the screen's UI.
        Example("""
            import RIBs
            final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                func attachTabs(icon: UIImage) {
                    1️⃣viewController.uiviewController.tabBar.items![0].image = icon
                    2️⃣viewController.uiviewController.tabBar.items?[1].title = "Chats"
                    3️⃣viewController.uiviewController.children[0].view.backgroundColor = .white
                }
                func attachInbox(_ inbox: ViewableRouting) {
                    let tabs = UITabBarController()
                    tabs.setViewControllers([inbox.viewControllable.uiviewController], animated: false)
                    4️⃣tabs.tabBar.items?[0].badgeValue = "3"
                    5️⃣tabs.viewControllers?[0].tabBarItem.image = UIImage(systemName: "tray")
                    viewController.present(tabs, animated: true)
                }
            }
            """, messages: [
                "router sets 'tabBar.items[0].image' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'tabBar.items[1].title' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'children[0].view.backgroundColor' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'tabBar.items[0].badgeValue' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'tabBarItem.image' on a view controller; UI state belongs to the presenter, driven by the interactor",
            ]),
        // Through a presentation setting to what it presents: the screen's UI.
        Example("""
            import RIBs
            final class CardRouter: ViewableRouter<CardInteractable, CardViewControllable>, CardRouting {
                func routeToCard() {
                    1️⃣viewController.uiviewController.sheetPresentationController?.presentedViewController.title = "Expanded"
                }
            }
            """, messages: [
                "router sets 'sheetPresentationController.presentedViewController.title' on a view controller; UI state belongs to the presenter, driven by the interactor",
            ]),
        // The screen's method of that name also sets what it shows; another class's method of that name, which the
        // router's view controller protocol does not lead to, says nothing of this screen.
        Example("""
            // file: Tickets/TicketsRouter.swift
            import RIBs
            final class TicketsRouter: ViewableRouter<TicketsInteractable, TicketsViewControllable>, TicketsRouting {
                func detachDetail() {
                    1️⃣viewController.clear(completion: nil)
                    2️⃣viewController.reset()
                    3️⃣viewController.close()
                }
            }
            // file: Tickets/TicketsViewController.swift
            import RIBs
            final class TicketsViewController: UIViewController, TicketsPresentable, TicketsViewControllable {
                func clear(completion: (() -> Void)?) {
                    activeFlow?.uiviewController.removeFromParent()
                    titleLabel.text = "No ticket"
                    completion?()
                }
                func reset() { label.text = nil }
                // The screen's inherited title is what it shows, not a property of its own.
                func close() {
                    title = nil
                    dismiss(animated: true)
                }
            }
            // file: Common/ScreenContainer.swift
            import UIKit
            final class ScreenContainer: UIViewController {
                func reset() { children.forEach { $0.removeFromParent() } }
            }
            """, messages: [
                "router calls 'clear' on a view controller; a router may only manage the view hierarchy, so route UI changes through the interactor and its Presentable",
                "router calls 'reset' on a view controller; a router may only manage the view hierarchy, so route UI changes through the interactor and its Presentable",
                "router calls 'close' on a view controller; a router may only manage the view hierarchy, so route UI changes through the interactor and its Presentable",
            ]),
        // A closure giving a child's title, not its view: UI state.
        Example("""
            import RIBs
            final class CrewRouter: ViewableRouter<CrewInteractable, CrewViewControllable>, CrewRouting {
                func attachNewTicket() {
                    let child = newTicketBuilder.build(withListener: interactor)
                    attachChild(child)
                    1️⃣viewController.titleProvider = { child.viewControllable.uiviewController.title }
                }
            }
            """, messages: [
                "router sets 'titleProvider' on a view controller; UI state belongs to the presenter, driven by the interactor",
            ]),
        // Named like a hierarchy operation, but it hands over text: the presenter builds that alert.
        // UI state set through the navigation controller the router was handed, from a method in an extension.
        Example("""
            import RIBs
            final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable> {
                private let navigationController: NavigationControllable
            }
            extension FeedRouter: FeedRouting {
                func routeToDetail() {
                    navigationController.pushViewController(detail.viewControllable.uiviewController, animated: true)
                    1️⃣navigationController.navigationBar.tintColor = .red
                }
            }
            """, messages: [
                "router sets 'navigationBar.tintColor' on a view controller; UI state belongs to the presenter, driven by the interactor",
            ]),
        Example("""
            import RIBs
            final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                func routeToError() {
                    1️⃣viewController.presentAlert(title: "Oops", message: "Try again")
                }
            }
            """, messages: [
                "router calls 'presentAlert' on a view controller; a router may only manage the view hierarchy, so route UI changes through the interactor and its Presentable",
            ]),
        Example("""
            import RIBs
            final class SettingsRouter: ViewableRouter<SettingsInteractable, SettingsViewControllable>, SettingsRouting {
                func routeToHelp(url: URL) {
                    1️⃣viewControllable.openSafariWithUrl(url: url)
                }
                func showProgress() {
                    2️⃣viewController.showLoading()
                    3️⃣viewController.update(title: "Loading")
                }
            }
            """, messages: [
                "router calls 'openSafariWithUrl' on a view controller; a router may only manage the view hierarchy, so route UI changes through the interactor and its Presentable",
                "router calls 'showLoading' on a view controller; a router may only manage the view hierarchy, so route UI changes through the interactor and its Presentable",
                "router calls 'update' on a view controller; a router may only manage the view hierarchy, so route UI changes through the interactor and its Presentable",
            ]),
        Example("""
            import RIBs
            final class LoginRouter: ViewableRouter<LoginInteractable, LoginViewControllable>, LoginRouting {
                func routeToDetail() {
                    let child = detailBuilder.build(withListener: interactor)
                    let vc = child.viewControllable
                    1️⃣viewController.title = "Login"
                    2️⃣vc.uiviewController.navigationItem.backBarButtonItem = UIBarButtonItem()
                    3️⃣vc.uiviewController.view.backgroundColor = .red
                    4️⃣viewController.uiviewController.navigationItem.setHidesBackButton(true, animated: false)
                    viewController.push(vc, animated: true)
                }
            }
            """, messages: [
                "router sets 'title' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'navigationItem.backBarButtonItem' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'view.backgroundColor' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router calls 'setHidesBackButton' on a view controller's navigationItem; bar items are UI, so let the presenter configure them",
            ]),
        Example("""
            import RIBs
            final class CategoryRouter: ViewableRouter<CategoryInteractable, CategoryViewControllable>, CategoryRouting {
                func routeToCategory(_ title: String) {
                    let child = categoryBuilder.build(withListener: interactor)
                    guard let detailVC = child.viewControllable.uiviewController 1️⃣as? DetailCategoryViewController else { return }
                    2️⃣detailVC.categoryTitle = title
                    viewController.push(child.viewControllable, animated: true)
                }
                func isOnAmountScreen(_ navigation: UINavigationController) -> Bool {
                    navigation.viewControllers.contains { $0 3️⃣is EnterAmountViewController }
                }
                func hasAmountScreen(_ navigation: UINavigationController) -> Bool {
                    navigation.viewControllers.contains(4️⃣EnterAmountViewController.self)
                }
            }
            """, messages: [
                "router casts to the concrete view controller 'DetailCategoryViewController'; work with its ViewControllable instead",
                "router sets 'categoryTitle' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router casts to the concrete view controller 'EnterAmountViewController'; work with its ViewControllable instead",
                "router names the concrete view controller 'EnterAmountViewController'; work with its ViewControllable and leave the type to the builder",
            ]),
        // The RIB's own screen is concrete even when it is a container, and a screen class taking a root view controller
        // is a screen: neither is a container the router makes.
        Example("""
            import RIBs
            final class RootTabViewController: UITabBarController, RootPresentable, RootViewControllable {}
            final class CardViewController: UIViewController {
                init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }
            }
            final class RootRouter: ViewableRouter<RootInteractable, RootViewControllable>, RootRouting {
                func routeToCard(_ child: ViewableRouting) {
                    let tabs = viewController.uiviewController 1️⃣as? RootTabViewController
                    let card = 2️⃣CardViewController(rootViewController: child.viewControllable.uiviewController)
                    viewController.uiviewController.present(card, animated: true)
                }
            }
            """, messages: [
                "router casts to the concrete view controller 'RootTabViewController'; work with its ViewControllable instead",
                "router names the concrete view controller 'CardViewController'; work with its ViewControllable and leave the type to the builder",
            ]),
        // The bar of the container the guide's wrapper holds, made here: the screen's UI too.
        Example("""
            import RIBs
            final class ComposeRouter: ViewableRouter<ComposeInteractable, ComposeViewControllable>, ComposeRouting {
                func routeToEditor() {
                    let editor = editorBuilder.build(withListener: interactor)
                    attachChild(editor)
                    let navigation = NavigationControllerable(root: editor.viewControllable)
                    let nav = navigation.navigationController
                    1️⃣nav.navigationBar.tintColor = .black
                    2️⃣navigation.navigationController.navigationBar.prefersLargeTitles = true
                    navigation.navigationController.modalPresentationStyle = .fullScreen
                    viewController.present(navigation, animated: true, completion: nil)
                }
            }
            """, messages: [
                "router sets 'navigationBar.tintColor' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'navigationBar.prefersLargeTitles' on a view controller; UI state belongs to the presenter, driven by the interactor",
            ]),
        // A container the router makes is its own to set up (its stack, its delegate), but its tab bar item is the
        // screen's UI.
        Example("""
            import RIBs
            final class TabsRouter: ViewableRouter<TabsInteractable, TabsViewControllable>, TabsRouting {
                func routeToTabs() {
                    let feed = feedBuilder.build(withListener: interactor)
                    attachChild(feed)
                    let navigation = UINavigationController(rootViewController: feed.viewControllable.uiviewController)
                    1️⃣navigation.tabBarItem = UITabBarItem(title: "Feed", image: nil, tag: 0)
                    navigation.modalPresentationStyle = .fullScreen
                    let search = UINavigationController(rootViewController: feed.viewControllable.uiviewController)
                    2️⃣search.tabBarItem.image = UIImage(systemName: "magnifyingglass")
                    3️⃣search.navigationBar.tintColor = .label
                    search.navigationBar.isHidden = true
                    // A container its component provides: its tab bar item is the screen's UI too.
                    let home = component.homeNavigationController
                    4️⃣home.tabBarItem = UITabBarItem(title: "Home", image: nil, tag: 1)
                    home.setNavigationBarHidden(true, animated: false)
                    viewController.setTabs([navigation, search, home])
                }
                // A view controller handed to a closure or a method, declared as one.
                func routeToMore(_ screens: [UIViewController]) {
                    screens.forEach { (screen: UIViewController) in
                        5️⃣screen.tabBarItem = UITabBarItem(title: "More", image: nil, tag: 2)
                    }
                }
                func style(_ tab: UINavigationController, item: TabItem) {
                    6️⃣tab.tabBarItem.title = "Tab"
                    item.tabBarItem = .more
                }
                // A local in view shadows the parameter of that name.
                func route(_ feed: TabItem) {
                    let feed = screens.feedNavigationController
                    7️⃣feed.tabBarItem = UITabBarItem(title: "Feed", image: nil, tag: 0)
                }
            }
            """, messages: [
                "router sets 'tabBarItem' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'tabBarItem.image' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'navigationBar.tintColor' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'tabBarItem' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'tabBarItem' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'tabBarItem.title' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'tabBarItem' on a view controller; UI state belongs to the presenter, driven by the interactor",
            ]),
        // A tab bar item built on a statement of its own is UI content built in the router, like a bar button item.
        Example("""
            import RIBs
            final class CrewRouter: ViewableRouter<CrewInteractable, CrewViewControllable>, CrewRouting {
                func attachTabs() {
                    let inbox = inboxBuilder.build(withListener: interactor)
                    attachChild(inbox)
                    let item = 1️⃣UITabBarItem(title: "Inbox", image: UIImage(systemName: "tray"), selectedImage: nil)
                    2️⃣inbox.viewControllable.uiviewController.tabBarItem = item
                    viewController.setViewControllers([inbox.viewControllable])
                }
            }
            """, messages: [
                "router builds UI content ('UITabBarItem'); let the presenter build it, driven by the interactor through its Presentable",
                "router sets 'tabBarItem' on a view controller; UI state belongs to the presenter, driven by the interactor",
            ]),
        Example("""
            import RIBs
            import SafariServices
            final class ProfileRouter: ViewableRouter<ProfileInteractable, ProfileViewControllable>, ProfileRouting {
                func routeToLogoutConfirmation() {
                    let alert = 1️⃣UIAlertController(title: "Log out?", message: nil, preferredStyle: .alert)
                    alert.addAction(2️⃣UIAlertAction(title: "OK", style: .default))
                    viewController.present(alert, animated: true)
                }
                func routeToTerms(url: URL) {
                    // A system view controller is built once, not named twice: its nested `Configuration` is no app screen.
                    let configuration = SFSafariViewController.Configuration()
                    viewController.present(3️⃣SFSafariViewController(url: url, configuration: configuration), animated: true)
                }
                func banner() -> some View {
                    4️⃣Text("Welcome")
                }
            }
            """, messages: [
                "router builds UI content ('UIAlertController'); let the presenter build it, driven by the interactor through its Presentable",
                "router builds UI content ('UIAlertAction'); let the presenter build it, driven by the interactor through its Presentable",
                "router builds UI content ('SFSafariViewController'); let the presenter build it, driven by the interactor through its Presentable",
                "router builds UI content ('Text'); let the presenter build it, driven by the interactor through its Presentable",
            ]),
        Example("""
            import RIBs
            final class ScoreRouter: Router<ScoreInteractable>, ScoreRouting {
                private let presenter: ScorePresentable
                init(interactor: ScoreInteractable, presenter: ScorePresentable) {
                    self.presenter = presenter
                    super.init(interactor: interactor)
                }
                func routeToResult() {
                    1️⃣presenter.showResult()
                    2️⃣(viewController as? ScorePresentable)?.showResult()
                }
            }
            """, messages: [
                "router calls Presentable member 'showResult'; the interactor drives the presenter, not the router",
                "router calls 'showResult' on a view controller; a router may only manage the view hierarchy, so route UI changes through the interactor and its Presentable",
            ]),
        // An alert initialized under its type annotation with an action handed to it, a screen class of the app reached
        // by a cast, and the view of a view controller are UI work.
        Example("""
            import RIBs
            import UIKit
            final class ProfileScreenController: UIViewController, ProfileViewControllable {}
            final class ProfileRouter: ViewableRouter<ProfileInteractable, ProfileViewControllable>, ProfileRouting {
                func routeToConfirm() {
                    let alert: UIAlertController = 1️⃣.init(title: "Sure?", message: nil, preferredStyle: .alert)
                    alert.addAction(2️⃣.init(title: "Cancel", style: .cancel))
                    viewController.present(alert, animated: true)
                }
                func routeToEdit() {
                    guard let screen = viewController.uiviewController 3️⃣as? ProfileScreenController else { return }
                    4️⃣viewController.uiviewController.view.endEditing(true)
                }
                func routeToList() {
                    5️⃣viewController.uiviewController.delegate = self
                    6️⃣viewController.uiviewController.tableView.delegate = self
                }
            }
            """, messages: [
                "router builds UI content ('UIAlertController'); let the presenter build it, driven by the interactor through its Presentable",
                "router builds UI content ('UIAlertAction'); let the presenter build it, driven by the interactor through its Presentable",
                "router casts to the concrete view controller 'ProfileScreenController'; work with its ViewControllable instead",
                "router calls 'endEditing' on a view controller's view; a router may only manage the view hierarchy, so route UI changes through the interactor and its Presentable",
                "router sets 'delegate' on a view controller; UI state belongs to the presenter, driven by the interactor",
                "router sets 'tableView.delegate' on a view controller; UI state belongs to the presenter, driven by the interactor",
            ]),
        // A tab's item built as what a method of the router returns, with `return` and without, in a `switch`, or as a
        // computed property's value.
        Example("""
            import RIBs
            import UIKit
            final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable>, MainRouting {
                private func item(title: String) -> UITabBarItem {
                    return 1️⃣.init(title: title, image: nil, selectedImage: nil)
                }
                private func settingsItem() -> UITabBarItem {
                    2️⃣.init(title: "Settings", image: nil, selectedImage: nil)
                }
                private func item(for tab: Int) -> UITabBarItem {
                    switch tab {
                    case 0: return 3️⃣.init(title: "Home", image: nil, selectedImage: nil)
                    default: return 4️⃣.init(title: "More", image: nil, selectedImage: nil)
                    }
                }
                private var closeItem: UIBarButtonItem { 5️⃣.init(title: "Close", style: .plain, target: nil, action: nil) }
            }
            """, messages: [
                "router builds UI content ('UITabBarItem'); let the presenter build it, driven by the interactor through its Presentable",
                "router builds UI content ('UITabBarItem'); let the presenter build it, driven by the interactor through its Presentable",
                "router builds UI content ('UITabBarItem'); let the presenter build it, driven by the interactor through its Presentable",
                "router builds UI content ('UITabBarItem'); let the presenter build it, driven by the interactor through its Presentable",
                "router builds UI content ('UIBarButtonItem'); let the presenter build it, driven by the interactor through its Presentable",
            ]),
    ]

    static let nonTriggeringExamples = [
        // The app's static helpers that build no UI, and a screen's own method that does, called on another screen.
        Example("""
            // file: Movie/MovieRouter.swift
            import RIBs
            final class MovieRouter: ViewableRouter<MovieInteractable, MovieViewControllable>, MovieRouting {
                func routeToDetail(_ movie: Movie) {
                    let title = Formatter.title(of: movie)
                    let detail = detailBuilder.build(withListener: interactor, title: title)
                    attachChild(detail)
                    viewController.push(detail.viewControllable)
                }
            }
            // file: Common/Formatter.swift
            import UIKit
            enum Formatter {
                static func title(of movie: Movie) -> String { movie.name.uppercased() }
            }
            """),
        // The window's root swapped for the screen the app shows next: hierarchy management.
        Example("""
            import RIBs
            final class RootRouter: ViewableRouter<RootInteractable, RootViewControllable>, RootRouting {
                private let split: UISplitViewController
                func routeToMain() {
                    viewController.uiviewController.view.window?.rootViewController = split
                }
            }
            """),
        // A navigation container made around the child's screen, whatever its class is called: one declared in
        // Objective-C (out of view) and one declared in Swift.
        Example("""
            import RIBs
            final class MainNavigationViewController: UINavigationController {}
            final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                func routeToSearch(_ search: ViewableRouting) {
                    let nav = FacecarNavigationViewController(rootViewController: search.viewControllable.uiviewController)
                    nav.modalPresentationStyle = .fullScreen
                    viewController.uiviewController.present(nav, animated: true)
                    let main = MainNavigationViewController(rootViewController: search.viewControllable.uiviewController)
                    viewController.uiviewController.present(main, animated: true)
                }
            }
            """),
        // A local named like the builder property, declared after the builder is read: `search.build` calls the builder.
        Example("""
            import RIBs
            final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable>, MainRouting {
                private let search: SearchBuildable
                func attachSearch() {
                    let router = search.build(withListener: interactor)
                    let search = router.viewControllable
                    viewController.setSearch(search)
                    attachChild(router)
                }
            }
            """),
        // Properties of that name on what is no view controller: the router's own, a value it keeps, its listener.
        Example("""
            import RIBs
            struct TabConfiguration { var tabBarItem: TabItem = .home }
            final class TabsRouter: ViewableRouter<TabsInteractable, TabsViewControllable>, TabsRouting {
                private var config = TabConfiguration()
                private var tabBarItem: TabItem = .home
                func routeToHome() {
                    config.tabBarItem = .home
                    self.tabBarItem = .search
                    interactor.navigationItem = "home"
                    let settings = TabConfiguration()
                    settings.tabBarItem = .search
                }
            }
            """),
        // A method of the router's screen, in another file, that only arranges the view hierarchy: removing a child's
        // view and controller, calling back, setting a stack. Hierarchy work, whatever its name.
        Example("""
            // file: Tickets/TicketsRouter.swift
            import RIBs
            final class TicketsRouter: ViewableRouter<TicketsInteractable, TicketsViewControllable>, TicketsRouting {
                func detachDetail() {
                    viewController.clear { [weak self] in self?.detachChild(self!.detail!) }
                    viewController.cleanUp(completion: nil)
                    viewController.set([], animated: false)
                }
            }
            // file: Tickets/TicketsViewController.swift
            import RIBs
            final class TicketsViewController: UIViewController, TicketsPresentable {
                private var activeFlow: ViewControllable?
                func clear(completion: (() -> Void)?) {
                    activeFlow?.uiviewController.view.removeFromSuperview()
                    activeFlow?.uiviewController.removeFromParent()
                    self.activeFlow = nil
                    completion?()
                }
            }
            extension TicketsViewController: TicketsViewControllable {
                func cleanUp(completion: (() -> Void)? = nil) {
                    Task { @MainActor in
                        activeFlow?.uiviewController.willMove(toParent: nil)
                        activeFlow?.uiviewController.removeFromParent()
                        activeFlow = nil
                        completion?()
                    }
                }
                func set(_ screens: [ViewControllable], animated: Bool) {
                    navigationController?.setViewControllers(screens.map { $0.uiviewController }, animated: animated)
                }
            }
            // file: Main/MainRouter.swift
            import RIBs
            final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable>, MainRouting {
                func routeToProfile() {
                    let profile = profileBuilder.build(withListener: interactor)
                    attachChild(profile)
                    profile.viewControllable.setPresentationStyle(style: .overFullScreen)
                    viewController.present(profile.viewControllable, animated: true)
                    viewController.selectProfileTab()
                }
            }
            // file: Main/MainViewController.swift
            import RIBs
            final class MainViewController: UITabBarController, MainPresentable, MainViewControllable {
                func selectProfileTab() { selectedIndex = 2 }
            }
            // file: Common/ViewControllable+Presentation.swift
            import RIBs
            extension ViewControllable {
                func setPresentationStyle(style: UIModalPresentationStyle) { uiviewController.modalPresentationStyle = style }
            }
            """),
        // A child's view handed to the screen to hold, directly or through a closure giving it: hierarchy.
        Example("""
            import RIBs
            final class CrewRouter: ViewableRouter<CrewInteractable, CrewViewControllable>, CrewRouting {
                func attachNewTicket() {
                    let child = newTicketBuilder.build(withListener: interactor)
                    attachChild(child)
                    viewController.newTicketScreen = { child.viewControllable.uiviewController }
                    viewController.detailScreen = child.viewControllable
                }
            }
            """),
        // A container's bar hidden or shown: how its stack is navigated (the guide's first option for back navigation).
        Example("""
            import RIBs
            final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable> {
                private let navigationController: NavigationControllable
            }
            extension FeedRouter: FeedRouting {
                func routeToDetail() {
                    navigationController.setNavigationBarHidden(true, animated: false)
                    navigationController.pushViewController(detail.viewControllable.uiviewController, animated: true)
                    viewController.uiviewController.navigationController?.isNavigationBarHidden = true
                }
            }
            """),
        // iOS 18's tabs: each tab hands over a container holding a child's view.
        Example("""
            import RIBs
            final class MainTabBarRouter: ViewableRouter<MainTabBarInteractable, MainTabBarViewControllable>, MainTabBarRouting {
                func attachTabs() {
                    let home = homeBuilder.build(withListener: interactor)
                    attachChild(home)
                    let homeNavigation = UINavigationController(rootViewController: home.viewControllable.uiviewController)
                    let homeTab = UITab(title: "Home", image: nil, identifier: "home") { _ in homeNavigation }
                    viewController.setTabs([homeTab])
                }
            }
            """),
        // A container the routing method creates, in a local that hides the stored one: its own to set up.
        Example("""
            import RIBs
            final class RootRouter: ViewableRouter<RootInteractable, RootViewControllable>, RootRouting {
                private var navigationController: NavigationControllable?
                func routeToLogin(child: ViewControllable) {
                    let navigationController = UINavigationController(rootViewController: child.uiviewController)
                    navigationController.delegate = navigationDelegate
                    viewController.uiviewController.present(navigationController, animated: true)
                }
            }
            """),
        // A child's view controllable wrapped in the app's own container, a view controllable declared in another file.
        Example("""
            import RIBs
            final class CommentRouter: ViewableRouter<CommentInteractable, CommentViewControllable>, CommentRouting {
                func attachComment() {
                    let comment = commentBuilder.build(withListener: interactor).viewControllable
                    let navigation = NavigationContainer(root: comment)
                    viewController.addCommentScreen(navigation)
                }
            }
            // file: Util/NavigationContainer.swift
            import RIBs
            final class NavigationContainer: NavigationControllable {
                init(root: ViewControllable) {}
            }
            protocol NavigationControllable: ViewControllable {}
            """),
        // Handing child view controllables to a container is hierarchy work, whatever the method is called.
        Example("""
            import RIBs
            final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable>, MainRouting {
                func attachTabs() {
                    let home = homeBuilder.build(withListener: interactor)
                    let settings = settingsBuilder.build(withListener: interactor)
                    let tabs: [ViewControllable] = [home.viewControllable, settings.viewControllable]
                    viewController.setTabs(tabs)
                    viewController.setVewControllers(viewControllers: [feedTab(), profileTab()])
                }
                private func feedTab() -> ViewControllable { feedBuilder.build(withListener: interactor).viewControllable }
                private func profileTab() -> ViewControllable { profileBuilder.build(withListener: interactor).viewControllable }
            }
            """),
        Example("""
            import RIBs
            final class LoginRouter: ViewableRouter<LoginInteractable, LoginViewControllable>, LoginRouting {
                private let navigationController: NavigationControllable
                func routeToChild() {
                    let child = childBuilder.build(withListener: interactor)
                    attachChild(child)
                    viewController.present(child.viewControllable, animated: true)
                    navigationController.pushViewController(child.viewControllable.uiviewController, animated: true)
                }
                func routeFromChild() {
                    viewControllable.uiviewController.dismiss(animated: true)
                    viewController.uiviewController.show(child.viewControllable.uiviewController, sender: nil)
                }
            }
            """),
        Example("""
            import RIBs
            final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                func routeToFeed() {
                    let navigationController = UINavigationController()
                    let feed = feedBuilder.build(withListener: interactor, navigationController: navigationController)
                    navigationController.viewControllers = [feed.viewControllable.uiviewController]
                    viewControllable.uiviewController.addChild(navigationController)
                    viewControllable.uiviewController.view.addSubview(navigationController.view)
                    navigationController.view.translatesAutoresizingMaskIntoConstraints = false
                    NSLayoutConstraint.activate([
                        navigationController.view.topAnchor.constraint(equalTo: viewControllable.uiviewController.view.topAnchor),
                    ])
                    navigationController.didMove(toParent: viewControllable.uiviewController)
                    viewControllable.uiviewController.setNeedsStatusBarAppearanceUpdate()
                    feed.viewControllable.uiviewController.hidesBottomBarWhenPushed = true
                    attachChild(feed)
                }
            }
            """),
        Example("""
            import RIBs
            final class PaymentRouter: ViewableRouter<PaymentInteractable, PaymentViewControllable>, PaymentRouting {
                func routeToCard() {
                    let card = cardBuilder.build(withListener: interactor)
                    let vc = card.viewControllable.uiviewController
                    vc.modalPresentationStyle = .fullScreen
                    vc.modalTransitionStyle = .crossDissolve
                    vc.isModalInPresentation = true
                    // How the sheet it is shown in behaves: presentation, too.
                    card.viewControllable.uiviewController.sheetPresentationController?.prefersGrabberVisible = true
                    viewController.present(card.viewControllable, animated: true)
                    let tabs = UITabBarController()
                    tabs.viewControllers = [vc]
                    _ = vc as? UINavigationController
                    _ = vc as UIViewController
                }
            }
            """),
        Example("""
            import RIBs
            final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                func routeToLoggedIn() {
                    let loggedIn = loggedInBuilder.build(withListener: interactor)
                    viewController.replaceModal(viewController: loggedIn.viewControllable)
                    viewController.setContent(loggedIn.viewControllable)
                    attachChild(loggedIn)
                }
                // The children's screens, gathered in a local list first.
                func routeToTabs(_ feed: ViewableRouting, _ search: ViewableRouting) {
                    let feedScreen = feed.viewControllable.uiviewController
                    let searchScreen = search.viewControllable.uiviewController
                    let all = [feedScreen, searchScreen]
                    viewController.displayChildren(all)
                }
            }
            """),
        Example("""
            import RIBs
            final class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {
                func showLoading() {
                    title = "Loading"
                    let alert = UIAlertController(title: nil, message: nil, preferredStyle: .alert)
                    present(alert, animated: true)
                }
            }
            """),
        Example("""
            final class AppRouter {
                let viewController = UIViewController()
                func go() { viewController.title = "Not a RIB router" }
            }
            """),
        // A container's delegate manages navigation; a cast to the app's tab bar container reaches a container.
        Example("""
            import RIBs
            import UIKit
            final class MainTabBarController: UITabBarController, MainViewControllable {}
            final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable>, MainRouting {
                private let navigation: UINavigationController
                func routeToFeed() {
                    navigation.delegate = self
                    viewController.uiviewController.navigationController?.delegate = self
                    viewController.uiviewController.view.insertSubview(banner.viewControllable.uiviewController.view, at: 0)
                    viewController.uiviewController.view.layoutIfNeeded()
                    guard let tabs = viewController.uiviewController as? MainTabBarController else { return }
                    tabs.selectedIndex = 0
                }
            }
            """),
    ]
}
