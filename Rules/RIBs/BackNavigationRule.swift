import RibsLintKit

public struct BackNavigationRule: ProjectRule {
    public static let description = RuleDescription(
        id: "back_navigation",
        name: "Back Navigation",
        summary: "A child pushed on a navigation stack has a presenter that neither hides the back button nor reports `isMovingFromParent`.",
        rationale: """
            RIBs Architecture Guide, "Handling Back navigation": the standard Back button and the swipe-to-pop gesture remove the view \
            controller without telling the parent router; "Failing to notify the parent Router would lead to memory \
            leaks, and undefined behavior later." Either hide the back button and offer a custom one \
            (`.navigationBarBackButtonHidden(true)`), or report `isMovingFromParent` from `viewDidDisappear`. A parent \
            that hears its stack pop (a navigation controller delegate reporting it, its interactor made the \
            delegate, a delegate object of its router's whose pop callback detaches the top child, or its router detaching its children as its screen is shown again) handles its children. A \
            parent that makes a child's screen the root of a navigation controller and hides its bar there hides it \
            for what the child pushes. So does a container whose bar is hidden where it is made: by the builder that hands it \
            to the router, or by an app's method that makes such containers. Decision: a bar hidden with `navigationBar.isHidden = \
            true` counts as hiding the back button, on the parent's screen as on the child's, though the swipe back still works. \
            The swipe-to-pop gesture turned off (`interactivePopGestureRecognizer?.isEnabled = false`) or taken over (its \
            `delegate`, `addTarget`) is no option: the Back button still pops the screen without a word.
            """,
        defaultSeverity: .warning,
        isOptIn: true,
        triggering: [
            // One parent makes the child's screen the root of a stack without a bar, another pushes it on its own stack,
            // which has one: what the child pushes may have a back button. So does a container whose bar is hidden, then
            // shown again.
            Example("""
                // file: Main/MainRouter.swift
                import RIBs
                final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable>, MainRouting {
                    func routeToAlarm() {
                        let router = alarmBuilder.build(withListener: interactor)
                        attachChild(router)
                        let navigation = UINavigationController(rootViewController: router.viewControllable.uiviewController)
                        navigation.isNavigationBarHidden = true
                        viewController.uiviewController.present(navigation, animated: true)
                    }
                }
                // file: Settings/SettingsRouter.swift
                import RIBs
                final class SettingsRouter: ViewableRouter<SettingsInteractable, SettingsViewControllable>, SettingsRouting {
                    func routeToAlarm() {
                        let router = alarmBuilder.build(withListener: interactor)
                        attachChild(router)
                        viewController.uiviewController.navigationController?.pushViewController(router.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Alarm/AlarmViewController.swift
                import RIBs
                final class AlarmViewController: UIViewController, AlarmPresentable, AlarmViewControllable {
                    override func viewDidDisappear(_ animated: Bool) {
                        super.viewDidDisappear(animated)
                        if isMovingFromParent { listener?.didPop() }
                    }
                }
                // file: Alarm/AlarmRouter.swift
                import RIBs
                final class AlarmRouter: ViewableRouter<AlarmInteractable, AlarmViewControllable>, AlarmRouting {
                    func routeToSnooze() {
                        let snooze = snoozeBuilder.build(withListener: interactor)
                        attachChild(snooze)
                        1️⃣viewController.uiviewController.navigationController?.pushViewController(snooze.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Snooze/SnoozeViewController.swift
                import RIBs
                final class SnoozeViewController: UIViewController, SnoozePresentable, SnoozeViewControllable {}
                """, messages: [
                    "child 'Snooze' is pushed but 'SnoozeViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // A container handed to the router by a builder that shows its bar after hiding it (another builder hiding it
            // does not change that), or made by an app's method that leaves the bar as it is: its pushes have a back button.
            Example("""
                // file: Shop/ShopRIB.swift
                import RIBs
                final class ShopBuilder: Builder<ShopDependency>, ShopBuildable {
                    func build(withListener listener: ShopListener) -> ShopRouting {
                        let navigation = UINavigationController()
                        navigation.isNavigationBarHidden = true
                        navigation.setNavigationBarHidden(false, animated: false)
                        return ShopRouter(interactor: ShopInteractor(), navigationController: navigation, other: UINavigationController.makeStyled())
                    }
                }
                final class ShopRouter: ViewableRouter<ShopInteractable, ViewControllable>, ShopRouting {
                    private let navigationController: UINavigationController
                    private let other: UINavigationController
                    init(interactor: ShopInteractable, navigationController: UINavigationController, other: UINavigationController) {
                        self.navigationController = navigationController
                        self.other = other
                        super.init(interactor: interactor, viewController: navigationController)
                    }
                    func routeToProduct() {
                        let product = productBuilder.build(withListener: interactor)
                        attachChild(product)
                        1️⃣navigationController.pushViewController(product.viewControllable.uiviewController, animated: true)
                    }
                    func routeToOffer() {
                        let offer = offerBuilder.build(withListener: interactor)
                        attachChild(offer)
                        2️⃣other.pushViewController(offer.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Shop/ShopPreview.swift
                import RIBs
                final class ShopKioskBuilder: Builder<ShopDependency> {
                    func build() -> ShopRouting {
                        let navigation = UINavigationController()
                        navigation.setNavigationBarHidden(true, animated: false)
                        return ShopRouter(interactor: ShopInteractor(), navigationController: navigation, other: UINavigationController())
                    }
                }
                // file: Support/UINavigationController+Style.swift
                import UIKit
                extension UINavigationController {
                    static func makeStyled() -> UINavigationController {
                        let container = UINavigationController()
                        container.navigationBar.tintColor = .black
                        return container
                    }
                }
                // file: Product/ProductViewController.swift
                import RIBs
                final class ProductViewController: UIViewController, ProductPresentable, ProductViewControllable {}
                // file: Offer/OfferViewController.swift
                import RIBs
                final class OfferViewController: UIViewController, OfferPresentable, OfferViewControllable {}
                """, messages: [
                    "child 'Product' is pushed but 'ProductViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                    "child 'Offer' is pushed but 'OfferViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // A child built into a stored property as the router loads, and pushed in another method through a method of
            // the router's screen that pushes.
            Example("""
                // file: Home/HomeRouter.swift
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    private var detailRouter: ViewableRouting?
                    override func didLoad() {
                        super.didLoad()
                        detailRouter = detailBuilder.build(withListener: interactor)
                    }
                    func routeToDetail() {
                        attachChild(self.detailRouter!)
                        1️⃣viewController.show(self.detailRouter!.viewControllable)
                    }
                }
                // file: Home/HomeViewController.swift
                import RIBs
                final class HomeViewController: UIViewController, HomePresentable, HomeViewControllable {
                    func show(_ screen: ViewControllable) {
                        navigationController?.pushViewController(screen.uiviewController, animated: true)
                    }
                }
                // file: Detail/DetailViewController.swift
                import RIBs
                final class DetailViewController: UIViewController, DetailPresentable, DetailViewControllable {}
                """, messages: [
                    "child 'Detail' is pushed but 'DetailViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // A parent whose screen hides its bar but gives each tab a navigation controller of its own (with a bar) does
            // not take the tab's pushes onto its stack; a base class's `push` that presents only where there is no
            // navigation controller still pushes. A parameter named like a stored property holds whatever it is handed.
            Example("""
                // file: Home/HomeRouter.swift
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    private var loginRouter: ViewableRouting?
                    func routeToLogin() {
                        loginRouter = loginBuilder.build(withListener: interactor)
                        attachChild(loginRouter!)
                        viewController.present(loginRouter!.viewControllable)
                    }
                    func routeToFeed() {
                        let feed = feedBuilder.build(withListener: interactor)
                        attachChild(feed)
                        viewController.setTab(feed.viewControllable)
                    }
                    func routeToSettings() {
                        pushChild(settingsBuilder.build(withListener: interactor))
                    }
                    private func pushChild(_ loginRouter: ViewableRouting) {
                        attachChild(loginRouter)
                        viewController.push(viewController: loginRouter.viewControllable)
                    }
                }
                // file: Home/HomeViewController.swift
                import RIBs
                final class HomeViewController: UIViewController, HomePresentable, HomeViewControllable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        navigationController?.setNavigationBarHidden(true, animated: false)
                    }
                    func setTab(_ screen: ViewControllable) {
                        let stack = UINavigationController(rootViewController: screen.uiviewController)
                        addChild(stack)
                        view.addSubview(stack.view)
                        stack.didMove(toParent: self)
                    }
                }
                // file: Common/BaseViewController.swift
                import RIBs
                class BaseViewController: UIViewController {
                    func push(viewController: ViewControllable) {
                        guard let navigationController else {
                            present(viewController.uiviewController, animated: true)
                            return
                        }
                        navigationController.pushViewController(viewController.uiviewController, animated: true)
                    }
                }
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToPost() {
                        let post = postBuilder.build(withListener: interactor)
                        attachChild(post)
                        1️⃣viewController.push(viewController: post.viewControllable)
                    }
                }
                // file: Feed/FeedViewController.swift
                import RIBs
                final class FeedViewController: BaseViewController, FeedPresentable, FeedViewControllable {}
                // file: Post/PostViewController.swift
                import RIBs
                final class PostViewController: UIViewController, PostPresentable, PostViewControllable {}
                // file: Login/LoginViewController.swift
                import RIBs
                final class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {}
                """, messages: [
                    "child 'Post' is pushed but 'PostViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // An app's router named like RIBs' `LaunchRouter`, routing in an extension beside it; and a router whose screen's
            // `didShow` detaches one child only, which hears no pop of the other.
            Example("""
                // file: Launch/LaunchRouter.swift
                import RIBs
                final class LaunchRouter: ViewableRouter<LaunchInteractable, LaunchViewControllable> {}
                extension LaunchRouter: LaunchRouting {
                    func routeToIntro() {
                        let intro = introBuilder.build(withListener: interactor)
                        attachChild(intro)
                        1️⃣viewController.uiviewController.navigationController?.pushViewController(intro.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Shelf/ShelfRouter.swift
                import RIBs
                final class ShelfRouter: ViewableRouter<ShelfInteractable, ShelfViewControllable>, ShelfRouting {
                    override func didLoad() {
                        super.didLoad()
                        viewControllable.uiviewController.rx.stackEvents(.didShow)
                            .subscribe(onNext: { [weak self] _ in self?.detachBook() })
                            .disposed(by: bag)
                    }
                    func routeToAuthor() {
                        let author = authorBuilder.build(withListener: interactor)
                        attachChild(author)
                        2️⃣viewController.uiviewController.navigationController?.pushViewController(author.viewControllable.uiviewController, animated: true)
                    }
                    private func detachBook() {
                        if let book = children.first(where: { $0 is BookRouting }) { detachChild(book) }
                    }
                }
                // file: Screens/Screens.swift
                import RIBs
                final class IntroViewController: UIViewController, IntroPresentable, IntroViewControllable {}
                final class AuthorViewController: UIViewController, AuthorPresentable, AuthorViewControllable {}
                """, messages: [
                    "child 'Intro' is pushed but 'IntroViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                    "child 'Author' is pushed but 'AuthorViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // A push through the app's extension of `ViewControllable`, on the navigation controller the screen sits in.
            Example("""
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToDetail() {
                        let detail = detailBuilder.build(withListener: interactor)
                        attachChild(detail)
                        1️⃣viewController.pushChild(detail.viewControllable)
                    }
                }
                // file: Support/ViewControllable+Push.swift
                import RIBs
                extension ViewControllable {
                    func pushChild(_ child: ViewControllable) {
                        uiviewController.navigationController?.pushViewController(child.uiviewController, animated: true)
                    }
                }
                // file: Detail/DetailViewController.swift
                import RIBs
                final class DetailViewController: UIViewController, DetailPresentable, DetailViewControllable {}
                """, messages: [
                    "child 'Detail' is pushed but 'DetailViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // An app's helper that sets another bar button leaves the back button as it is.
            Example("""
                // file: Topup/TopupRouter.swift
                import ModernRIBs
                final class TopupRouter: Router<TopupInteractable>, TopupRouting {
                    func attachCardOnFile() {
                        let router = cardOnFileBuildable.build(withListener: interactor)
                        1️⃣navigationControllable?.pushViewController(router.viewControllable, animated: true)
                        attachChild(router)
                    }
                }
                // file: SuperUI/UIViewController+Utils.swift
                import UIKit
                extension UIViewController {
                    func setupCloseItem(target: Any?, action: Selector?) {
                        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .close, target: target, action: action)
                    }
                }
                // file: CardOnFile/CardOnFileViewController.swift
                import ModernRIBs
                final class CardOnFileViewController: UIViewController, CardOnFilePresentable, CardOnFileViewControllable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        setupCloseItem(target: self, action: #selector(didTapClose))
                    }
                }
                """, messages: [
                    "child 'CardOnFile' is pushed but 'CardOnFileViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // A comment or a string naming the property handles nothing.
            Example("""
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToDetail() {
                        let detail = detailBuilder.build(withListener: interactor)
                        attachChild(detail)
                        1️⃣navigationController.push(detail.viewControllable, animated: true)
                    }
                }
                // file: Detail/DetailViewController.swift
                import RIBs
                final class DetailViewController: UIHostingController<DetailView>, DetailPresentable, DetailViewControllable {
                    // TODO: check isMovingFromParent
                    let note = "isMovingFromParent"
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        navigationController?.setNavigationBarHidden(false, animated: animated)
                    }
                }
                """, messages: [
                    "child 'Detail' is pushed but 'DetailViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            Example("""
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToDetail() {
                        let detail = detailBuilder.build(withListener: interactor)
                        attachChild(detail)
                        1️⃣navigationController.push(detail.viewControllable, animated: true)
                    }
                }
                // file: Detail/DetailViewController.swift
                import RIBs
                final class DetailViewController: UIHostingController<DetailView>, DetailPresentable, DetailViewControllable {}
                """, messages: [
                    "child 'Detail' is pushed but 'DetailViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // A screen that is no navigation controller, calling a method of its own named like the container's: no bar is
            // hidden.
            Example("""
                // file: Home/HomeRouter.swift
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    func routeToArticle() {
                        let article = articleBuilder.build(withListener: interactor)
                        attachChild(article)
                        1️⃣viewController.push(article.viewControllable)
                    }
                }
                // file: Home/HomeViewController.swift
                import RIBs
                final class HomeViewController: UIViewController, HomePresentable, HomeViewControllable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        setNavigationBarHidden(true, animated: false)
                        self.navigationBar.isHidden = true
                    }
                    func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { header.isHidden = hidden }
                    func push(_ screen: ViewControllable) { navigationController?.pushViewController(screen.uiviewController, animated: true) }
                }
                // file: Article/ArticleViewController.swift
                import RIBs
                final class ArticleViewController: UIViewController, ArticlePresentable, ArticleViewControllable {}
                """, messages: [
                    "child 'Article' is pushed but 'ArticleViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // A delegate object of the router's whose pop callback detaches one particular child hears no pop of the others.
            Example("""
                // file: Shop/ShopRouter.swift
                import RIBs
                final class ShopRouter: ViewableRouter<ShopInteractable, ViewControllable>, ShopRouting {
                    private let navigationController: UINavigationController
                    private let navigationDelegate = PopObservingDelegate()
                    init(interactor: ShopInteractable, navigationController: UINavigationController) {
                        self.navigationController = navigationController
                        super.init(interactor: interactor, viewController: navigationController)
                        navigationController.delegate = navigationDelegate
                        navigationDelegate.onPop = { [weak self] _ in self?.detachCart() }
                    }
                    func routeToProduct() {
                        let product = productBuilder.build(withListener: interactor)
                        attachChild(product)
                        1️⃣navigationController.pushViewController(product.viewControllable.uiviewController, animated: true)
                    }
                    private func detachCart() {
                        if let cart = children.last(where: { $0 is CartRouting }) { detachChild(cart) }
                    }
                }
                // file: Product/ProductViewController.swift
                import RIBs
                final class ProductViewController: UIViewController, ProductPresentable, ProductViewControllable {}
                """, messages: [
                    "child 'Product' is pushed but 'ProductViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // A delegate that only animates the push, or only shows and hides a bar as screens come, hears no pop; nor
            // does a router clearing the delegate or handing it an animator of its own; a comment setting one sets nothing.
            Example("""
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToDetail() {
                        // viewController.uiviewController.navigationController?.delegate = interactor.popObserver
                        viewController.uiviewController.navigationController?.delegate = nil
                        viewController.uiviewController.navigationController?.delegate = slideAnimator
                        let detail = detailBuilder.build(withListener: interactor)
                        attachChild(detail)
                        1️⃣navigationController.push(detail.viewControllable, animated: true)
                    }
                }
                // file: Feed/FeedViewController.swift
                import RIBs
                final class FeedViewController: UIViewController, FeedPresentable, FeedViewControllable, UINavigationControllerDelegate {
                    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
                    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
                        navigationController.setNavigationBarHidden(viewController === self, animated: animated)
                    }
                }
                // file: Detail/DetailViewController.swift
                import RIBs
                final class DetailViewController: UIViewController, DetailPresentable, DetailViewControllable {}
                """, messages: [
                    "child 'Detail' is pushed but 'DetailViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // Through a method of the router's own screen that pushes (in an extension of the screen's class, or its base
            // view controller's), whatever it is called.
            Example("""
                // file: List/ListRouter.swift
                import RIBs
                final class ListRouter: ViewableRouter<ListInteractable, ListViewControllable>, ListRouting {
                    func routeToItem() {
                        let item = itemBuilder.build(withListener: interactor)
                        attachChild(item)
                        1️⃣viewController.present(view: item.viewControllable)
                    }
                    func routeToHelp() {
                        let help = helpBuilder.build(withListener: interactor)
                        attachChild(help)
                        2️⃣viewController.show(screen: help.viewControllable)
                        let news = newsBuilder.build(withListener: interactor)
                        attachChild(news)
                        3️⃣self.viewController.open(news.viewControllable)
                    }
                }
                // file: List/ListViewController.swift
                import RIBs
                final class ListViewController: BaseListViewController, ListPresentable {}
                extension ListViewController: ListViewControllable {
                    func present(view: ViewControllable) {
                        navigationController?.pushViewController(view.uiviewController, animated: true)
                    }
                    // Found by its labels, a parameter with a default value left out.
                    func open(_ screen: ViewControllable, animated: Bool = true) {
                        navigationController?.pushViewController(screen.uiviewController, animated: animated)
                    }
                }
                // file: Common/BaseListViewController.swift
                import UIKit
                class BaseListViewController: UIViewController {
                    func show(screen: ViewControllable) {
                        self.navigationController!.pushViewController(screen.uiviewController, animated: true)
                    }
                }
                // file: Item/ItemViewController.swift
                import RIBs
                final class ItemViewController: UIViewController, ItemPresentable, ItemViewControllable {}
                // file: Help/HelpViewController.swift
                import RIBs
                final class HelpViewController: UIViewController, HelpPresentable, HelpViewControllable {}
                // file: News/NewsViewController.swift
                import RIBs
                final class NewsViewController: UIViewController, NewsPresentable, NewsViewControllable {}
                """, messages: [
                    "child 'Item' is pushed but 'ItemViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                    "child 'Help' is pushed but 'HelpViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                    "child 'News' is pushed but 'NewsViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // The interactor calls the method as it becomes active, and again later: the second time, the push has a back
            // button.
            Example("""
                // file: Root/RootRouter.swift
                import RIBs
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    func attachTabBar() {
                        let tabBar = tabBarBuilder.build(withListener: interactor)
                        attachChild(tabBar)
                        1️⃣viewController.present(tabBar.viewControllable)
                    }
                }
                // file: Root/RootInteractor.swift
                import RIBs
                final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {
                    weak var router: RootRouting?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        router?.attachTabBar()
                    }
                    func didLogIn() {
                        router?.attachTabBar()
                    }
                }
                // file: Root/RootViewController.swift
                import RIBs
                final class RootViewController: UINavigationController, RootPresentable, RootViewControllable {
                    func present(_ screen: ViewControllable) {
                        pushViewController(screen.uiviewController, animated: true)
                    }
                }
                // file: Root/RootBuilder.swift
                import RIBs
                final class RootBuilder: Builder<RootDependency>, RootBuildable {
                    func build() -> LaunchRouting {
                        RootRouter(interactor: RootInteractor(presenter: RootViewController()), viewController: RootViewController())
                    }
                }
                // file: TabBar/TabBarViewController.swift
                import RIBs
                final class TabBarViewController: UITabBarController, TabBarPresentable, TabBarViewControllable {}
                """, messages: [
                    "child 'TabBar' is pushed but 'TabBarViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // Through a method of a screen that is the navigation controller: it pushes on itself, bare, on `self` or
            // later on the main queue.
            Example("""
                // file: List/ListRouter.swift
                import RIBs
                final class ListRouter: ViewableRouter<ListInteractable, ListViewControllable>, ListRouting {
                    func routeToAdd() {
                        let add = addBuilder.build(withListener: interactor)
                        attachChild(add)
                        1️⃣viewController.show(viewController: add.viewControllable)
                    }
                    func routeToEdit() {
                        let edit = editBuilder.build(withListener: interactor)
                        attachChild(edit)
                        2️⃣viewController.open(edit.viewControllable)
                    }
                }
                // file: List/ListNavigationController.swift
                import RIBs
                final class ListNavigationController: UINavigationController, ListPresentable, ListViewControllable {
                    func show(viewController: ViewControllable) {
                        DispatchQueue.main.async { self.pushViewController(viewController.uiviewController, animated: true) }
                    }
                    func open(_ screen: ViewControllable) {
                        pushViewController(screen.uiviewController, animated: true)
                    }
                }
                // file: Add/AddViewController.swift
                import RIBs
                final class AddViewController: UIViewController, AddPresentable, AddViewControllable {}
                // file: Edit/EditViewController.swift
                import RIBs
                final class EditViewController: UIViewController, EditPresentable, EditViewControllable {}
                """, messages: [
                    "child 'Add' is pushed but 'AddViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                    "child 'Edit' is pushed but 'EditViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // As a router whose screen is the navigation controller loads: only its first push starts the stack; a second
            // one, one in a closure, or one in a method its routing protocol requires (the interactor may call it again
            // later) has a back button.
            Example("""
                // file: Root/RootRouter.swift
                import RIBs
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    override func didLoad() {
                        super.didLoad()
                        interactor.requests.subscribe(onNext: { [unowned self] in self.routeToIntro() })
                        routeToHome()
                        routeToIntro()
                    }
                    private func routeToHome() {
                        let home = homeBuilder.build(withListener: interactor)
                        attachChild(home)
                        viewController.push(home.viewControllable)
                    }
                    private func routeToIntro() {
                        let intro = introBuilder.build(withListener: interactor)
                        attachChild(intro)
                        1️⃣viewController.push(intro.viewControllable)
                    }
                }
                // file: Root/RootNavigationController.swift
                import RIBs
                final class RootNavigationController: UINavigationController, RootViewControllable {
                    func push(_ child: ViewControllable) { pushViewController(child.uiviewController, animated: true) }
                }
                // file: Root/RootBuilder.swift
                import RIBs
                final class RootBuilder: Builder<RootDependency>, RootBuildable {
                    func build() -> LaunchRouting {
                        RootRouter(interactor: RootInteractor(), viewController: RootNavigationController())
                    }
                }
                // file: Start/StartRouter.swift
                import RIBs
                final class StartRouter: ViewableRouter<StartInteractable, StartViewControllable>, StartRouting {
                    override func didLoad() {
                        super.didLoad()
                        routeToTour()
                    }
                    func routeToTour() {
                        let tour = tourBuilder.build(withListener: interactor)
                        attachChild(tour)
                        2️⃣viewController.push(tour.viewControllable)
                    }
                }
                // file: Start/StartNavigationController.swift
                import RIBs
                final class StartNavigationController: UINavigationController, StartViewControllable {
                    func push(_ child: ViewControllable) { pushViewController(child.uiviewController, animated: true) }
                }
                // file: Start/StartInteractor.swift
                import RIBs
                protocol StartRouting: ViewableRouting {
                    func routeToTour()
                }
                // file: Start/StartBuilder.swift
                import RIBs
                final class StartBuilder: Builder<StartDependency>, StartBuildable {
                    func build(withListener listener: StartListener) -> StartRouting {
                        StartRouter(interactor: StartInteractor(), viewController: StartNavigationController())
                    }
                }
                // file: Screens/Screens.swift
                import RIBs
                final class HomeViewController: UIViewController, HomePresentable, HomeViewControllable {}
                final class IntroViewController: UIViewController, IntroPresentable, IntroViewControllable {}
                final class TourViewController: UIViewController, TourPresentable, TourViewControllable {}
                """, messages: [
                    "child 'Intro' is pushed but 'IntroViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                    "child 'Tour' is pushed but 'TourViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // A builder made where it is used.
            Example("""
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToDetail() {
                        let detail = DetailBuilder(dependency: EmptyComponent()).build(withListener: interactor)
                        attachChild(detail)
                        1️⃣navigationController.push(detail.viewControllable, animated: true)
                    }
                    func routeToEdit() {
                        let builder = EditBuilder(dependency: EmptyComponent())
                        let edit = builder.build(withListener: interactor)
                        attachChild(edit)
                        2️⃣navigationController.push(edit.viewControllable, animated: true)
                    }
                }
                // file: Detail/DetailViewController.swift
                import RIBs
                final class DetailViewController: UIViewController, DetailPresentable, DetailViewControllable {}
                // file: Edit/EditViewController.swift
                import RIBs
                final class EditViewController: UIViewController, EditPresentable, EditViewControllable {}
                """, messages: [
                    "child 'Detail' is pushed but 'DetailViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                    "child 'Edit' is pushed but 'EditViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // A routing method in an extension of the router.
            Example("""
                // file: Note/NoteRouter.swift
                import RIBs
                final class NoteRouter: ViewableRouter<NoteInteractable, NoteViewControllable> {}
                extension NoteRouter: NoteRouting {
                    func routeToPage() {
                        let page = pageBuilder.build(withListener: interactor)
                        attachChild(page)
                        1️⃣navigationController.push(page.viewControllable, animated: true)
                    }
                }
                // file: Page/PageViewController.swift
                import RIBs
                final class PageViewController: UIViewController, PagePresentable, PageViewControllable {}
                """, messages: [
                    "child 'Page' is pushed but 'PageViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // The child's view through a local, and a builder known by the type the class declares it with, not its name.
            Example("""
                // file: Shop/ShopRouter.swift
                import RIBs
                final class ShopRouter: ViewableRouter<ShopInteractable, ShopViewControllable> {
                    private let catalog: ItemBuildable
                }
                extension ShopRouter: ShopRouting {
                    func routeToItem() {
                        let item = catalog.build(withListener: interactor)
                        attachChild(item)
                        let screen = item.viewControllable
                        1️⃣viewController.push(screen)
                    }
                }
                // file: Item/ItemViewController.swift
                import RIBs
                final class ItemViewController: UIViewController, ItemPresentable, ItemViewControllable {}
                """, messages: [
                    "child 'Item' is pushed but 'ItemViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // The bar shown, or another container's hidden: the child still gets the back button.
            Example("""
                // file: Cart/CartRouter.swift
                import RIBs
                final class CartRouter: ViewableRouter<CartInteractable, CartViewControllable>, CartRouting {
                    private let navigationController: UINavigationController
                    private let sheetNavigation: UINavigationController
                    func routeToCheckout() {
                        let checkout = checkoutBuilder.build(withListener: interactor)
                        attachChild(checkout)
                        sheetNavigation.setNavigationBarHidden(true, animated: false)
                        navigationController.setNavigationBarHidden(false, animated: false)
                        1️⃣navigationController.pushViewController(checkout.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Checkout/CheckoutViewController.swift
                import RIBs
                final class CheckoutViewController: UIViewController, CheckoutPresentable, CheckoutViewControllable {}
                """, messages: [
                    "child 'Checkout' is pushed but 'CheckoutViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // A flow presented in a container the router makes with its first child's screen as the root, in a helper: that
            // screen keeps the bar, or the child pushed shows it again.
            Example("""
                // file: Compose/ComposeRouter.swift
                import RIBs
                final class ComposeRouter: Router<ComposeInteractable>, ComposeRouting {
                    private var stack: NavigationControllerable?
                    private let viewController: ViewControllable
                    func attachPicker() {
                        let picker = pickerBuilder.build(withListener: interactor)
                        presentInFlow(picker.viewControllable)
                        attachChild(picker)
                    }
                    func attachEditor() {
                        let editor = editorBuilder.build(withListener: interactor)
                        1️⃣stack?.pushViewController(editor.viewControllable, animated: true)
                        attachChild(editor)
                    }
                    func attachPreview() {
                        let preview = previewBuilder.build(withListener: interactor)
                        2️⃣stack?.pushViewController(preview.viewControllable, animated: true)
                        attachChild(preview)
                    }
                    private func presentInFlow(_ screen: ViewControllable) {
                        let navigation = NavigationControllerable(root: screen)
                        stack = navigation
                        viewController.present(navigation, animated: true, completion: nil)
                    }
                }
                // file: Picker/PickerViewController.swift
                import RIBs
                final class PickerViewController: UIViewController, PickerPresentable, PickerViewControllable {}
                // file: Editor/EditorViewController.swift
                import RIBs
                final class EditorViewController: UIViewController, EditorPresentable, EditorViewControllable {}
                // file: Preview/PreviewViewController.swift
                import RIBs
                final class PreviewViewController: UIViewController, PreviewPresentable, PreviewViewControllable {}
                """, messages: [
                    "child 'Editor' is pushed but 'EditorViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                    "child 'Preview' is pushed but 'PreviewViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            Example("""
                // file: Compose/ComposeRouter.swift
                import RIBs
                final class ComposeRouter: Router<ComposeInteractable>, ComposeRouting {
                    private var stack: NavigationControllerable?
                    private let viewController: ViewControllable
                    func attachPicker() {
                        let picker = pickerBuilder.build(withListener: interactor)
                        presentInFlow(picker.viewControllable)
                        attachChild(picker)
                    }
                    func attachEditor() {
                        let editor = editorBuilder.build(withListener: interactor)
                        1️⃣stack?.pushViewController(editor.viewControllable, animated: true)
                        attachChild(editor)
                    }
                    private func presentInFlow(_ screen: ViewControllable) {
                        let navigation = NavigationControllerable(root: screen)
                        stack = navigation
                        viewController.present(navigation, animated: true, completion: nil)
                    }
                }
                // file: Picker/PickerViewController.swift
                import RIBs
                final class PickerViewController: UIViewController, PickerPresentable, PickerViewControllable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        navigationController?.isNavigationBarHidden = true
                    }
                }
                // file: Editor/EditorViewController.swift
                import RIBs
                final class EditorViewController: UIViewController, EditorPresentable, EditorViewControllable {
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        navigationController?.setNavigationBarHidden(false, animated: animated)
                    }
                }
                """, messages: [
                    "child 'Editor' is pushed but 'EditorViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // The parent's screen hides the bar, but the child shows it again: the back button is back.
            Example("""
                // file: Home/HomeRouter.swift
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    func routeToArticle() {
                        let article = articleBuilder.build(withListener: interactor)
                        attachChild(article)
                        1️⃣viewController.push(article.viewControllable)
                    }
                }
                // file: Home/HomeViewController.swift
                import RIBs
                final class HomeViewController: UIViewController, HomePresentable, HomeViewControllable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        navigationController?.isNavigationBarHidden = true
                    }
                }
                // file: Article/ArticleViewController.swift
                import RIBs
                final class ArticleViewController: UIViewController, ArticlePresentable, ArticleViewControllable {
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        navigationController?.setNavigationBarHidden(false, animated: animated)
                    }
                }
                """, messages: [
                    "child 'Article' is pushed but 'ArticleViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // A screen pushed on a stack without a bar, and on another with one: what it pushes may have a back button.
            Example("""
                // file: Home/HomeRouter.swift
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    func routeToArticle() {
                        let article = articleBuilder.build(withListener: interactor)
                        attachChild(article)
                        viewController.push(article.viewControllable)
                    }
                }
                // file: Home/HomeViewController.swift
                import RIBs
                final class HomeViewController: UIViewController, HomePresentable, HomeViewControllable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        navigationController?.isNavigationBarHidden = true
                    }
                }
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToArticle() {
                        let article = articleBuilder.build(withListener: interactor)
                        attachChild(article)
                        1️⃣viewController.push(article.viewControllable)
                    }
                }
                // file: Feed/FeedViewController.swift
                import RIBs
                final class FeedViewController: UIViewController, FeedPresentable, FeedViewControllable {}
                // file: Article/ArticleRouter.swift
                import RIBs
                final class ArticleRouter: ViewableRouter<ArticleInteractable, ArticleViewControllable>, ArticleRouting {
                    func routeToComments() {
                        let comments = commentsBuilder.build(withListener: interactor)
                        attachChild(comments)
                        2️⃣viewController.push(comments.viewControllable)
                    }
                }
                // file: Article/ArticleViewController.swift
                import RIBs
                final class ArticleViewController: UIViewController, ArticlePresentable, ArticleViewControllable {}
                // file: Comments/CommentsViewController.swift
                import RIBs
                final class CommentsViewController: UIViewController, CommentsPresentable, CommentsViewControllable {}
                """, messages: [
                    "child 'Article' is pushed but 'ArticleViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                    "child 'Comments' is pushed but 'CommentsViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // A screen pushed on a stack without a bar that another RIB also presents: what it pushes may have a back
            // button.
            Example("""
                // file: Home/HomeRouter.swift
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    func routeToArticle() {
                        let article = articleBuilder.build(withListener: interactor)
                        attachChild(article)
                        viewController.push(article.viewControllable)
                    }
                }
                // file: Home/HomeViewController.swift
                import RIBs
                final class HomeViewController: UIViewController, HomePresentable, HomeViewControllable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        navigationController?.isNavigationBarHidden = true
                    }
                }
                // file: Gallery/GalleryRouter.swift
                import RIBs
                final class GalleryRouter: ViewableRouter<GalleryInteractable, GalleryViewControllable>, GalleryRouting {
                    func routeToArticle() {
                        let article = articleBuilder.build(withListener: interactor)
                        attachChild(article)
                        viewController.uiviewController.present(UINavigationController(rootViewController: article.viewControllable.uiviewController), animated: true)
                    }
                }
                // file: Article/ArticleRouter.swift
                import RIBs
                final class ArticleRouter: ViewableRouter<ArticleInteractable, ArticleViewControllable>, ArticleRouting {
                    func routeToComments() {
                        let comments = commentsBuilder.build(withListener: interactor)
                        attachChild(comments)
                        1️⃣viewController.push(comments.viewControllable)
                    }
                }
                // file: Article/ArticleViewController.swift
                import RIBs
                final class ArticleViewController: UIViewController, ArticlePresentable, ArticleViewControllable {
                    override func viewWillDisappear(_ animated: Bool) {
                        super.viewWillDisappear(animated)
                        if isMovingFromParent { listener?.didPop() }
                    }
                }
                // file: Comments/CommentsViewController.swift
                import RIBs
                final class CommentsViewController: UIViewController, CommentsPresentable, CommentsViewControllable {}
                """, messages: [
                    "child 'Comments' is pushed but 'CommentsViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // The first push as the router loads or becomes active, through a method a protocol of the router's requires:
            // conformed to in another file, or required by a protocol it refines; or through one it calls that others
            // call too.
            Example("""
                // file: Mail/MailRouter.swift
                import RIBs
                final class MailRouter: ViewableRouter<MailInteractable, MailViewControllable> {
                    override func didLoad() {
                        super.didLoad()
                        loadInbox()
                    }
                    func loadInbox() {
                        let inbox = inboxBuilder.build(withListener: interactor)
                        attachChild(inbox)
                        1️⃣viewController.push(inbox.viewControllable)
                    }
                }
                // file: Mail/MailRouter+Routing.swift
                import RIBs
                extension MailRouter: MailRouting {}
                // file: Mail/MailInteractor.swift
                import RIBs
                protocol MailRouting: ViewableRouting {
                    func loadInbox()
                }
                // file: Mail/MailNavigationController.swift
                import RIBs
                final class MailNavigationController: UINavigationController, MailPresentable, MailViewControllable {
                    func push(_ child: ViewControllable) { pushViewController(child.uiviewController, animated: true) }
                }
                // file: Chat/ChatRouter.swift
                import RIBs
                final class ChatRouter: ViewableRouter<ChatInteractable, ChatViewControllable>, ChatRouting {
                    func start() {
                        showRooms()
                    }
                    func showRooms() {
                        let rooms = roomsBuilder.build(withListener: interactor)
                        attachChild(rooms)
                        2️⃣viewController.push(rooms.viewControllable)
                    }
                }
                // file: Chat/ChatInteractor.swift
                import RIBs
                protocol BaseChatRouting: ViewableRouting {
                    func showRooms()
                }
                protocol ChatRouting: BaseChatRouting {
                    func start()
                }
                final class ChatInteractor: PresentableInteractor<ChatPresentable>, ChatInteractable {
                    weak var router: ChatRouting?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        router?.start()
                    }
                    func didLeaveRoom() {
                        router?.showRooms()
                    }
                }
                // file: Chat/ChatNavigationController.swift
                import RIBs
                final class ChatNavigationController: UINavigationController, ChatPresentable, ChatViewControllable {
                    func push(_ child: ViewControllable) { pushViewController(child.uiviewController, animated: true) }
                }
                // file: Screens/Screens.swift
                import RIBs
                final class InboxViewController: UIViewController, InboxPresentable, InboxViewControllable {}
                final class RoomsViewController: UIViewController, RoomsPresentable, RoomsViewControllable {}
                """, messages: [
                    "child 'Inbox' is pushed but 'InboxViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                    "child 'Rooms' is pushed but 'RoomsViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // The parent's base screen hides the bar but the parent shows it again; another container's bar hidden
            // says nothing of the parent's own stack.
            Example("""
                // file: Home/HomeRouter.swift
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    func routeToArticle() {
                        let article = articleBuilder.build(withListener: interactor)
                        attachChild(article)
                        1️⃣viewController.push(article.viewControllable)
                    }
                }
                // file: Common/BareViewController.swift
                import UIKit
                class BareViewController: UIViewController {
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        navigationController?.setNavigationBarHidden(true, animated: animated)
                    }
                }
                // file: Home/HomeViewController.swift
                import RIBs
                final class HomeViewController: BareViewController, HomePresentable, HomeViewControllable {
                    override func viewWillDisappear(_ animated: Bool) {
                        super.viewWillDisappear(animated)
                        navigationController?.setNavigationBarHidden(false, animated: animated)
                    }
                }
                // file: Search/SearchRouter.swift
                import RIBs
                final class SearchRouter: ViewableRouter<SearchInteractable, SearchViewControllable>, SearchRouting {
                    func routeToArticle() {
                        let article = articleBuilder.build(withListener: interactor)
                        attachChild(article)
                        2️⃣viewController.push(article.viewControllable)
                    }
                }
                // file: Search/SearchViewController.swift
                import RIBs
                final class SearchViewController: UIViewController, SearchPresentable, SearchViewControllable {
                    func showHelp() {
                        let help = UINavigationController(rootViewController: HelpScreen())
                        help.isNavigationBarHidden = true
                        present(help, animated: true)
                    }
                }
                // file: Article/ArticleViewController.swift
                import RIBs
                final class ArticleViewController: UIViewController, ArticlePresentable, ArticleViewControllable {}
                """, messages: [
                    "child 'Article' is pushed but 'ArticleViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                    "child 'Article' is pushed but 'ArticleViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // The parent's screen hides its own stack's bar, but the router pushes onto a container it made.
            Example("""
                // file: Home/HomeRouter.swift
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    private let sheet = UINavigationController()
                    func routeToArticle() {
                        let article = articleBuilder.build(withListener: interactor)
                        attachChild(article)
                        viewController.present(sheet)
                        1️⃣sheet.pushViewController(article.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Home/HomeViewController.swift
                import RIBs
                final class HomeViewController: UIViewController, HomePresentable, HomeViewControllable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        navigationController?.isNavigationBarHidden = true
                    }
                }
                // file: Article/ArticleViewController.swift
                import RIBs
                final class ArticleViewController: UIViewController, ArticlePresentable, ArticleViewControllable {}
                """, messages: [
                    "child 'Article' is pushed but 'ArticleViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
            // The app's base screen turns the swipe off: the standard Back button still pops the child without a word.
            Example("""
                // file: Common/BaseScreen.swift
                import UIKit
                class BaseScreen: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        navigationController?.interactivePopGestureRecognizer?.isEnabled = false
                    }
                }
                // file: Shop/ShopRouter.swift
                import RIBs
                final class ShopRouter: ViewableRouter<ShopInteractable, ShopViewControllable>, ShopRouting {
                    func routeToCart() {
                        let cart = cartBuilder.build(withListener: interactor)
                        attachChild(cart)
                        1️⃣viewController.uiviewController.navigationController?.pushViewController(cart.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Cart/CartViewController.swift
                import RIBs
                final class CartViewController: BaseScreen, CartPresentable, CartViewControllable {}
                """, messages: [
                    "child 'Cart' is pushed but 'CartViewController' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back",
                ]),
        ],
        nonTriggering: [
            // A flow presented in a container the router makes, in a helper, with its first child's screen as the root;
            // that screen hides the container's bar, so the children pushed after it have no back button either.
            Example("""
                // file: Compose/ComposeRouter.swift
                import RIBs
                final class ComposeRouter: Router<ComposeInteractable>, ComposeRouting {
                    private var stack: NavigationControllerable?
                    private let viewController: ViewControllable
                    func attachPicker() {
                        let picker = pickerBuilder.build(withListener: interactor)
                        presentInFlow(picker.viewControllable)
                        attachChild(picker)
                    }
                    func attachEditor() {
                        let editor = editorBuilder.build(withListener: interactor)
                        stack?.pushViewController(editor.viewControllable, animated: true)
                        attachChild(editor)
                    }
                    private func presentInFlow(_ screen: ViewControllable) {
                        let navigation = NavigationControllerable(root: screen)
                        navigation.navigationController.modalPresentationStyle = .fullScreen
                        self.stack = navigation
                        viewController.present(navigation, animated: true, completion: nil)
                    }
                }
                // file: Picker/PickerViewController.swift
                import RIBs
                final class PickerViewController: UIViewController, PickerPresentable, PickerViewControllable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        setUpViews()
                    }
                    private func setUpViews() {
                        navigationController?.isNavigationBarHidden = true
                    }
                }
                // file: Editor/EditorViewController.swift
                import RIBs
                final class EditorViewController: UIViewController, EditorPresentable, EditorViewControllable {}
                """),
            // The router makes a navigation controller without a bar in one method, keeps it, and pushes onto it in others.
            Example("""
                // file: Flow/FlowRouter.swift
                import RIBs
                final class FlowRouter: Router<FlowInteractable>, FlowRouting {
                    private var navigation: UINavigationController?
                    func attachStart() {
                        let start = startBuilder.build(withListener: interactor)
                        let stack = UINavigationController(rootViewController: start.viewControllable.uiviewController)
                        stack.isNavigationBarHidden = true
                        self.navigation = stack
                        viewController.uiviewController.present(stack, animated: true)
                        attachChild(start)
                    }
                    func attachStep() {
                        let step = stepBuilder.build(withListener: interactor)
                        navigation?.pushViewController(step.viewControllable.uiviewController, animated: true)
                        attachChild(step)
                    }
                }
                // file: Step/StepViewController.swift
                import RIBs
                final class StepViewController: UIViewController, StepPresentable, StepViewControllable {}
                """),
            // The parent, in another module, makes the child's screen the root of a navigation controller whose bar it
            // hides: what the child pushes there has no back button.
            Example("""
                // file: Main/MainRouter.swift
                import RIBs
                final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable>, MainRouting {
                    private let alarmBuilder: AlarmFeature.AlarmBuildable
                    func routeToAlarm() {
                        let router = alarmBuilder.build(withListener: interactor)
                        attachChild(router)
                        let navigation = UINavigationController(rootViewController: router.viewControllable.uiviewController)
                        navigation.modalPresentationStyle = .fullScreen
                        navigation.isNavigationBarHidden = true
                        viewController.uiviewController.present(navigation, animated: true)
                    }
                }
                // file: Alarm/AlarmRouter.swift
                import RIBs
                final class AlarmRouter: ViewableRouter<AlarmInteractable, AlarmViewControllable>, AlarmRouting {
                    func routeToSnooze() {
                        let snooze = snoozeBuilder.build(withListener: interactor)
                        attachChild(snooze)
                        viewController.uiviewController.navigationController?.pushViewController(snooze.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Snooze/SnoozeViewController.swift
                import RIBs
                final class SnoozeViewController: UIViewController, SnoozePresentable, SnoozeViewControllable {}
                """),
            // The navigation controller is the app's subclass, which hides its bar as it is made.
            Example("""
                // file: Base/BaseNavigationController.swift
                import UIKit
                class BaseNavigationController: UINavigationController {
                    override init(rootViewController: UIViewController) {
                        super.init(rootViewController: rootViewController)
                        self.navigationBar.isHidden = true
                    }
                    required init?(coder: NSCoder) { super.init(coder: coder) }
                }
                // file: Main/MainRouter.swift
                import RIBs
                final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable>, MainRouting {
                    private let alarmBuilder: AlarmBuildable
                    func routeToAlarm() {
                        let router = alarmBuilder.build(withListener: interactor)
                        attachChild(router)
                        let navigation = BaseNavigationController(rootViewController: router.viewControllable.uiviewController)
                        viewController.uiviewController.present(navigation, animated: true)
                    }
                }
                // file: Alarm/AlarmRouter.swift
                import RIBs
                final class AlarmRouter: ViewableRouter<AlarmInteractable, AlarmViewControllable>, AlarmRouting {
                    func routeToSnooze() {
                        let snooze = snoozeBuilder.build(withListener: interactor)
                        attachChild(snooze)
                        viewController.uiviewController.navigationController?.pushViewController(snooze.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Snooze/SnoozeViewController.swift
                import RIBs
                final class SnoozeViewController: UIViewController, SnoozePresentable, SnoozeViewControllable {}
                """),
            // Every screen hides its bar through the app's helper, a protocol's extension for its base view controller.
            Example("""
                // file: Onboarding/OnboardingRouter.swift
                import RIBs
                final class OnboardingRouter: ViewableRouter<OnboardingInteractable, OnboardingViewControllable>, OnboardingRouting {
                    func routeToEmail() {
                        let email = emailBuilder.build(withListener: interactor)
                        attachChild(email)
                        navigationController.pushViewController(email.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: DesignSystem/CustomNavigationBar.swift
                import UIKit
                protocol CustomNavigationPresentable {}
                extension CustomNavigationPresentable where Self: BaseViewController {
                    func hideOriginNavigationBar() {
                        navigationController?.setNavigationBarHidden(true, animated: false)
                    }
                }
                // file: DesignSystem/BaseViewController.swift
                import UIKit
                open class BaseViewController: UIViewController, CustomNavigationPresentable {
                    open override func viewDidLoad() {
                        super.viewDidLoad()
                        hideOriginNavigationBar()
                    }
                }
                // file: Onboarding/OnboardingViewController.swift
                import RIBs
                final class OnboardingViewController: BaseViewController, OnboardingPresentable, OnboardingViewControllable {}
                // file: Email/EmailViewController.swift
                import RIBs
                final class EmailViewController: BaseViewController, EmailPresentable, EmailViewControllable {}
                """),
            // The first screen of a stack: the router's own screen is the navigation controller, and it pushes the
            // child as it loads.
            Example("""
                // file: Root/RootRouter.swift
                import RIBs
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    override func didLoad() {
                        super.didLoad()
                        let login = loginBuilder.build(withListener: interactor)
                        attachChild(login)
                        viewController.push(login.viewControllable)
                    }
                }
                // file: Welcome/WelcomeRouter.swift
                import RIBs
                final class WelcomeRouter: ViewableRouter<WelcomeInteractable, WelcomeViewControllable>, WelcomeRouting {
                    override func didLoad() {
                        super.didLoad()
                        self.routeToIntro()
                    }
                    private func routeToIntro() {
                        let intro = introBuilder.build(withListener: interactor)
                        attachChild(intro)
                        viewController.push(intro.viewControllable)
                    }
                }
                // file: Welcome/WelcomeNavigationController.swift
                import RIBs
                final class WelcomeNavigationController: UINavigationController, WelcomeViewControllable {
                    func push(_ child: ViewControllable) { pushViewController(child.uiviewController, animated: true) }
                }
                // file: Welcome/WelcomeBuilder.swift
                import RIBs
                final class WelcomeBuilder: Builder<WelcomeDependency>, WelcomeBuildable {
                    func build(withListener listener: WelcomeListener) -> WelcomeRouting {
                        let interactor = WelcomeInteractor()
                        return WelcomeRouter(interactor: interactor, viewController: WelcomeNavigationController())
                    }
                }
                // file: Intro/IntroViewController.swift
                import RIBs
                final class IntroViewController: UIViewController, IntroPresentable, IntroViewControllable {}
                // file: Root/RootNavigationController.swift
                import RIBs
                final class RootNavigationController: UINavigationController, RootViewControllable {
                    func push(_ child: ViewControllable) { pushViewController(child.uiviewController, animated: true) }
                }
                // file: Root/RootBuilder.swift
                import RIBs
                final class RootBuilder: Builder<RootDependency>, RootBuildable {
                    func build() -> LaunchRouting {
                        let interactor = RootInteractor()
                        return RootRouter(interactor: interactor, viewController: RootNavigationController())
                    }
                }
                // file: Login/LoginViewController.swift
                import RIBs
                final class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {}
                """),
            // The first screen as the interactor becomes active, through a method of the screen that pushes: the
            // interactor calls the router's method then and at no other time.
            Example("""
                // file: Root/RootRouter.swift
                import RIBs
                protocol RootViewControllable: ViewControllable {
                    func present(_ screen: ViewControllable)
                }
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    func attachTabBar() {
                        let tabBar = tabBarBuilder.build(withListener: interactor)
                        attachChild(tabBar)
                        viewController.present(tabBar.viewControllable)
                    }
                }
                // file: Root/RootInteractor.swift
                import RIBs
                protocol RootRouting: ViewableRouting {
                    func attachTabBar()
                }
                final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {
                    weak var router: RootRouting?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        router?.attachTabBar()
                    }
                }
                // file: Root/RootViewController.swift
                import RIBs
                final class RootViewController: UINavigationController, RootPresentable, RootViewControllable {
                    func present(_ screen: ViewControllable) {
                        pushViewController(screen.uiviewController, animated: true)
                    }
                }
                // file: Root/RootBuilder.swift
                import RIBs
                final class RootBuilder: Builder<RootDependency>, RootBuildable {
                    func build() -> LaunchRouting {
                        RootRouter(interactor: RootInteractor(presenter: RootViewController()), viewController: RootViewController())
                    }
                }
                // file: TabBar/TabBarViewController.swift
                import RIBs
                final class TabBarViewController: UITabBarController, TabBarPresentable, TabBarViewControllable {}
                """),
            // The first push as the router loads, through a method of an extension that its routing protocol does not
            // require: nothing else calls it.
            Example("""
                // file: Navigator/InboxNavigatorRouter.swift
                import RIBs
                final class InboxNavigatorRouter: ViewableRouter<InboxNavigatorInteractable, InboxNavigatorViewControllable> {
                    override func didLoad() {
                        super.didLoad()
                        loadInbox()
                    }
                }
                extension InboxNavigatorRouter {
                    func loadInbox() {
                        let inbox = inboxBuilder.build(withListener: interactor)
                        attachChild(inbox)
                        self.viewController.push(inbox.viewControllable)
                    }
                }
                extension InboxNavigatorRouter: InboxNavigatorRouting {
                    func cleanupViews() {}
                }
                // file: Navigator/InboxNavigatorInteractor.swift
                import RIBs
                protocol InboxNavigatorRouting: ViewableRouting {
                    func cleanupViews()
                }
                // file: Navigator/InboxNavigatorController.swift
                import RIBs
                final class InboxNavigatorController: UINavigationController, InboxNavigatorViewControllable {
                    func push(_ child: ViewControllable) { pushViewController(child.uiviewController, animated: true) }
                }
                // file: Navigator/InboxNavigatorBuilder.swift
                import RIBs
                final class InboxNavigatorBuilder: Builder<InboxNavigatorDependency>, InboxNavigatorBuildable {
                    func build(withListener listener: InboxNavigatorListener) -> InboxNavigatorRouting {
                        InboxNavigatorRouter(interactor: InboxNavigatorInteractor(), viewController: InboxNavigatorController())
                    }
                }
                // file: Inbox/InboxViewController.swift
                import RIBs
                final class InboxViewController: UIViewController, InboxPresentable, InboxViewControllable {}
                """),
            // A method of the router's screen that presents modally, or pushes on a container it is handed: no push on
            // the screen's own stack.
            Example("""
                // file: List/ListRouter.swift
                import RIBs
                final class ListRouter: ViewableRouter<ListInteractable, ListViewControllable>, ListRouting {
                    func routeToItem() {
                        let item = itemBuilder.build(withListener: interactor)
                        attachChild(item)
                        viewController.present(view: item.viewControllable)
                        let help = helpBuilder.build(withListener: interactor)
                        attachChild(help)
                        viewController.show(screen: help.viewControllable)
                        let sheet = sheetBuilder.build(withListener: interactor)
                        attachChild(sheet)
                        viewController.replace(with: sheet.viewControllable, modally: true)
                        let news = newsBuilder.build(withListener: interactor)
                        attachChild(news)
                        viewController.open(news.viewControllable)
                        let card = cardBuilder.build(withListener: interactor)
                        attachChild(card)
                        viewController.present(card: card.viewControllable)
                    }
                }
                // file: Common/BaseListViewController.swift
                import UIKit
                class BaseListViewController: UIViewController {
                    func open(_ screen: ViewControllable) {
                        navigationController?.pushViewController(screen.uiviewController, animated: true)
                    }
                    // An overload of a pushing name that presents.
                    func present(card: ViewControllable) {
                        present(UINavigationController(rootViewController: card.uiviewController), animated: true)
                    }
                    func present(view: ViewControllable, pushing: Bool) {
                        navigationController?.pushViewController(view.uiviewController, animated: true)
                    }
                }
                // file: List/ListViewController.swift
                import RIBs
                final class ListViewController: BaseListViewController, ListPresentable, ListViewControllable {
                    let sheet = UINavigationController()
                    func present(view: ViewControllable) {
                        present(view.uiviewController, animated: true)
                    }
                    // An override that presents: the base class's push is not what the screen does.
                    override func open(_ screen: ViewControllable) {
                        present(screen.uiviewController, animated: true)
                    }
                    func show(screen: ViewControllable) {
                        sheet.pushViewController(screen.uiviewController, animated: true)
                    }
                    // Pushes or presents, as the caller says.
                    func replace(with view: ViewControllable, modally: Bool) {
                        if modally {
                            present(view.uiviewController, animated: false)
                        } else {
                            navigationController?.pushViewController(view.uiviewController, animated: true)
                        }
                    }
                }
                // file: Item/ItemViewController.swift
                import RIBs
                final class ItemViewController: UIViewController, ItemPresentable, ItemViewControllable {}
                // file: Help/HelpViewController.swift
                import RIBs
                final class HelpViewController: UIViewController, HelpPresentable, HelpViewControllable {}
                // file: Sheet/SheetViewController.swift
                import RIBs
                final class SheetViewController: UIViewController, SheetPresentable, SheetViewControllable {}
                final class NewsViewController: UIViewController, NewsPresentable, NewsViewControllable {}
                final class CardViewController: UIViewController, CardPresentable, CardViewControllable {}
                final class BookViewController: UIViewController, BookPresentable, BookViewControllable {}
                // file: Shelf/ShelfRouter.swift
                import RIBs
                final class ShelfRouter: ViewableRouter<ShelfInteractable, ShelfViewControllable>, ShelfRouting {
                    func routeToBook() {
                        let book = bookBuilder.build(withListener: interactor)
                        attachChild(book)
                        viewController.open(book.viewControllable)
                    }
                }
                // file: Shelf/ShelfViewController.swift
                import RIBs
                final class ShelfViewController: BaseListViewController, ShelfPresentable, ShelfViewControllable {
                    override func open(_ screen: ViewControllable) {
                        present(screen.uiviewController, animated: true)
                    }
                }
                """),
            // The parent's screen is the navigation controller, and hides its own bar: bare, on `self`, or its
            // `navigationBar` in an extension.
            Example("""
                // file: Auth/AuthRouter.swift
                import RIBs
                final class AuthRouter: ViewableRouter<AuthInteractable, AuthViewControllable>, AuthRouting {
                    func routeToSignUp() {
                        let signUp = signUpBuilder.build(withListener: interactor)
                        attachChild(signUp)
                        viewController.push(signUp.viewControllable)
                    }
                }
                // file: Auth/AuthViewController.swift
                import RIBs
                final class AuthViewController: UINavigationController, AuthPresentable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        setNavigationBarHidden(true, animated: false)
                    }
                }
                extension AuthViewController: AuthViewControllable {
                    func push(_ screen: ViewControllable) { pushViewController(screen.uiviewController, animated: true) }
                }
                // file: SignUp/SignUpViewController.swift
                import RIBs
                final class SignUpViewController: UIViewController, SignUpPresentable, SignUpViewControllable {}
                // file: Onboard/OnboardRouter.swift
                import RIBs
                final class OnboardRouter: ViewableRouter<OnboardInteractable, OnboardViewControllable>, OnboardRouting {
                    func routeToTerms() {
                        let terms = termsBuilder.build(withListener: interactor)
                        attachChild(terms)
                        viewController.push(terms.viewControllable)
                    }
                }
                // file: Onboard/OnboardViewController.swift
                import RIBs
                final class OnboardViewController: UINavigationController, OnboardPresentable {
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        applyBarStyle()
                    }
                }
                extension OnboardViewController {
                    fileprivate func applyBarStyle() { navigationBar.isHidden = true }
                }
                extension OnboardViewController: OnboardViewControllable {
                    func push(_ screen: ViewControllable) { pushViewController(screen.uiviewController, animated: true) }
                }
                // file: Terms/TermsViewController.swift
                import RIBs
                final class TermsViewController: UIViewController, TermsPresentable, TermsViewControllable {}
                """),
            // The parent's screen hides the bar of the stack its children are pushed on, and no child shows it: nor do
            // the screens they push in turn, on the same stack, have a back button.
            Example("""
                // file: Home/HomeRouter.swift
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    func routeToArticle() {
                        let article = articleBuilder.build(withListener: interactor)
                        attachChild(article)
                        viewController.push(article.viewControllable)
                    }
                }
                // file: Home/HomeViewController.swift
                import RIBs
                final class HomeViewController: UIViewController, HomePresentable, HomeViewControllable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        navigationController?.isNavigationBarHidden = true
                    }
                }
                // file: Article/ArticleRouter.swift
                import RIBs
                final class ArticleRouter: ViewableRouter<ArticleInteractable, ArticleViewControllable>, ArticleRouting {
                    func routeToComments() {
                        let comments = commentsBuilder.build(withListener: interactor)
                        attachChild(comments)
                        viewController.push(comments.viewControllable)
                    }
                }
                // file: Article/ArticleViewController.swift
                import RIBs
                final class ArticleViewController: UIViewController, ArticlePresentable, ArticleViewControllable {}
                // file: Comments/CommentsViewController.swift
                import RIBs
                final class CommentsViewController: UIViewController, CommentsPresentable, CommentsViewControllable {}
                """),
            // Screens on a stack without a bar, however they got there: embedded by the router itself or by an app's helper
            // on `ViewControllable`, or made the root of a container whose bar is hidden from a stored property.
            Example("""
                // file: Main/MainRouter.swift
                import RIBs
                final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable>, MainRouting {
                    private var cardsRouter: ViewableRouting?
                    func routeToWallet() {
                        let wallet = walletBuilder.build(withListener: interactor)
                        attachChild(wallet)
                        viewController.uiviewController.addChild(wallet.viewControllable.uiviewController)
                        viewController.uiviewController.view.addSubview(wallet.viewControllable.uiviewController.view)
                    }
                    func routeToTips() {
                        let tips = tipsBuilder.build(withListener: interactor)
                        attachChild(tips)
                        viewController.embed(tips.viewControllable)
                    }
                    func routeToCards() {
                        cardsRouter = cardsBuilder.build(withListener: interactor)
                        attachChild(cardsRouter!)
                        let navigation = UINavigationController(rootViewController: self.cardsRouter!.viewControllable.uiviewController)
                        navigation.isNavigationBarHidden = true
                        viewController.uiviewController.present(navigation, animated: true)
                    }
                }
                // file: Main/MainViewController.swift
                import RIBs
                final class MainViewController: UIViewController, MainPresentable, MainViewControllable {
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        navigationController?.setNavigationBarHidden(true, animated: animated)
                    }
                }
                // file: Support/ViewControllable+Embed.swift
                import RIBs
                extension ViewControllable {
                    func embed(_ screen: ViewControllable) {
                        uiviewController.addChild(screen.uiviewController)
                        uiviewController.view.addSubview(screen.uiviewController.view)
                        screen.uiviewController.didMove(toParent: uiviewController)
                    }
                }
                // file: Wallet/WalletRouter.swift
                import RIBs
                final class WalletRouter: ViewableRouter<WalletInteractable, WalletViewControllable>, WalletRouting {
                    func routeToCard() {
                        let card = cardBuilder.build(withListener: interactor)
                        attachChild(card)
                        viewController.push(card.viewControllable)
                    }
                }
                // file: Tips/TipsRouter.swift
                import RIBs
                final class TipsRouter: ViewableRouter<TipsInteractable, TipsViewControllable>, TipsRouting {
                    func routeToHint() {
                        let hint = hintBuilder.build(withListener: interactor)
                        attachChild(hint)
                        viewController.push(hint.viewControllable)
                    }
                }
                // file: Cards/CardsRouter.swift
                import RIBs
                final class CardsRouter: ViewableRouter<CardsInteractable, CardsViewControllable>, CardsRouting {
                    func routeToDetail() {
                        let detail = detailBuilder.build(withListener: interactor)
                        attachChild(detail)
                        viewController.push(detail.viewControllable)
                    }
                }
                // file: Screens/Screens.swift
                import RIBs
                final class WalletViewController: UIViewController, WalletPresentable, WalletViewControllable {}
                final class TipsViewController: UIViewController, TipsPresentable, TipsViewControllable {}
                final class CardsViewController: UIViewController, CardsPresentable, CardsViewControllable {}
                final class CardViewController: UIViewController, CardPresentable, CardViewControllable {}
                final class HintViewController: UIViewController, HintPresentable, HintViewControllable {}
                final class DetailViewController: UIViewController, DetailPresentable, DetailViewControllable {}
                """),
            // `viewController.push(viewController:)` reaches the method the screen's base class declares, which presents
            // modally: nothing is pushed.
            Example("""
                // file: Common/BaseViewController.swift
                import RIBs
                class BaseViewController: UIViewController {
                    func push(viewController: ViewControllable) {
                        viewController.uiviewController.modalPresentationStyle = .fullScreen
                        present(viewController.uiviewController, animated: false, completion: nil)
                    }
                }
                // file: Breed/BreedRouter.swift
                import RIBs
                final class BreedRouter: ViewableRouter<BreedInteractable, BreedViewControllable>, BreedRouting {
                    func routeToSearch() {
                        let search = searchBuilder.build(withListener: interactor)
                        attachChild(search)
                        viewController.push(viewController: search.viewControllable)
                    }
                }
                // file: Breed/BreedViewController.swift
                import RIBs
                final class BreedViewController: BaseViewController, BreedPresentable, BreedViewControllable {}
                // file: Search/SearchViewController.swift
                import RIBs
                final class SearchViewController: UIViewController, SearchPresentable, SearchViewControllable {}
                """),
            // A child whose screen the parent embeds in its own (a method of the parent's screen that makes it a child
            // view controller, and neither pushes nor presents) sits on the parent's stack without a bar: what it pushes
            // has no back button either. The child is the one the router built into its stored property.
            Example("""
                // file: Main/MainRouter.swift
                import RIBs
                final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable>, MainRouting {
                    private var walletRouter: ViewableRouting?
                    func routeToWallet() {
                        if walletRouter == nil {
                            self.walletRouter = walletBuilder.build(withListener: interactor)
                            attachChild(walletRouter!)
                        }
                        self.viewController.embed(self.walletRouter!.viewControllable)
                    }
                }
                // file: Main/MainViewController.swift
                import RIBs
                final class MainViewController: UIViewController, MainPresentable, MainViewControllable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        navigationController?.isNavigationBarHidden = true
                    }
                    func embed(_ screen: ViewControllable) {
                        addChild(screen.uiviewController)
                        view.addSubview(screen.uiviewController.view)
                        screen.uiviewController.didMove(toParent: self)
                    }
                }
                // file: Wallet/WalletRouter.swift
                import RIBs
                final class WalletRouter: ViewableRouter<WalletInteractable, WalletViewControllable>, WalletRouting {
                    func routeToCard() {
                        let card = cardBuilder.build(withListener: interactor)
                        attachChild(card)
                        viewController.push(card.viewControllable)
                    }
                }
                // file: Wallet/WalletViewController.swift
                import RIBs
                final class WalletViewController: UIViewController, WalletPresentable, WalletViewControllable {}
                // file: Card/CardViewController.swift
                import RIBs
                final class CardViewController: UIViewController, CardPresentable, CardViewControllable {}
                """),
            // The router hides the bar of the container it pushes onto: before the push, or once in its class body for
            // the pushes its extensions make.
            Example("""
                // file: Cart/CartRouter.swift
                import RIBs
                final class CartRouter: ViewableRouter<CartInteractable, CartViewControllable>, CartRouting {
                    private let navigationController: UINavigationController
                    func routeToCheckout() {
                        let checkout = checkoutBuilder.build(withListener: interactor)
                        attachChild(checkout)
                        self.navigationController.setNavigationBarHidden(true, animated: false)
                        self.navigationController.pushViewController(checkout.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Orders/OrdersRouter.swift
                import RIBs
                final class OrdersRouter: ViewableRouter<OrdersInteractable, OrdersViewControllable> {
                    private let stack: UINavigationController
                    init(interactor: OrdersInteractable, viewController: OrdersViewControllable, stack: UINavigationController) {
                        self.stack = stack
                        stack.isNavigationBarHidden = true
                        super.init(interactor: interactor, viewController: viewController)
                    }
                }
                extension OrdersRouter: OrdersRouting {
                    func routeToOrder() {
                        let order = orderBuilder.build(withListener: interactor)
                        attachChild(order)
                        stack?.pushViewController(order.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Checkout/CheckoutViewController.swift
                import RIBs
                final class CheckoutViewController: UIViewController, CheckoutPresentable, CheckoutViewControllable {}
                // file: Order/OrderViewController.swift
                import RIBs
                final class OrderViewController: UIViewController, OrderPresentable, OrderViewControllable {}
                """),
            // The router pushes onto the container its builder made, hid the bar of and handed it, or made with an app's
            // method that returns a container without a bar.
            Example("""
                // file: Shop/ShopBuilder.swift
                import RIBs
                final class ShopBuilder: Builder<ShopDependency>, ShopBuildable {
                    func build(withListener listener: ShopListener) -> ShopRouting {
                        let navigation = UINavigationController()
                        navigation.setNavigationBarHidden(true, animated: false)
                        return ShopRouter(interactor: ShopInteractor(), navigationController: navigation)
                    }
                }
                // file: Shop/ShopRouter.swift
                import RIBs
                final class ShopRouter: ViewableRouter<ShopInteractable, ViewControllable> {
                    private let navigationController: UINavigationController
                    init(interactor: ShopInteractable, navigationController: UINavigationController) {
                        self.navigationController = navigationController
                        super.init(interactor: interactor, viewController: navigationController)
                    }
                }
                extension ShopRouter: ShopRouting {
                    func routeToProduct() {
                        let product = productBuilder.build(withListener: interactor)
                        attachChild(product)
                        navigationController.pushViewController(product.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Cart/CartRIB.swift
                import RIBs
                final class CartBuilder: Builder<CartDependency>, CartBuildable {
                    func build(withListener listener: CartListener) -> CartRouting {
                        CartRouter(interactor: CartInteractor(), stack: UINavigationController.makeFlowContainer())
                    }
                }
                final class CartRouter: ViewableRouter<CartInteractable, ViewControllable>, CartRouting {
                    private let stack: UINavigationController
                    init(interactor: CartInteractable, stack: UINavigationController) {
                        self.stack = stack
                        super.init(interactor: interactor, viewController: stack)
                    }
                    func routeToPayment() {
                        let payment = paymentBuilder.build(withListener: interactor)
                        attachChild(payment)
                        stack.pushViewController(payment.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Support/UINavigationController+Flow.swift
                import UIKit
                extension UINavigationController {
                    static func makeFlowContainer() -> UINavigationController {
                        let container = UINavigationController()
                        container.navigationBar.isHidden = true
                        return container
                    }
                }
                // file: Product/ProductViewController.swift
                import RIBs
                final class ProductViewController: UIViewController, ProductPresentable, ProductViewControllable {}
                // file: Payment/PaymentViewController.swift
                import RIBs
                final class PaymentViewController: UIViewController, PaymentPresentable, PaymentViewControllable {}
                """),
            // The router hands its stack a delegate object of its own and sets the callback the delegate calls on a pop to a
            // closure that detaches the child.
            Example("""
                // file: Shop/ShopRouter.swift
                import RIBs
                final class ShopRouter: ViewableRouter<ShopInteractable, ViewControllable>, ShopRouting {
                    private let navigationController: UINavigationController
                    private let navigationDelegate = PopObservingDelegate()
                    init(interactor: ShopInteractable, navigationController: UINavigationController) {
                        self.navigationController = navigationController
                        super.init(interactor: interactor, viewController: navigationController)
                        navigationController.delegate = navigationDelegate
                        navigationDelegate.onPop = { [weak self] _ in self?.routeBackFromProduct() }
                    }
                    func routeToProduct() {
                        let product = productBuilder.build(withListener: interactor)
                        attachChild(product)
                        navigationController.pushViewController(product.viewControllable.uiviewController, animated: true)
                    }
                    func routeBackFromProduct() {
                        guard let product = children.last else { return }
                        detachChild(product)
                    }
                }
                // file: Product/ProductViewController.swift
                import RIBs
                final class ProductViewController: UIViewController, ProductPresentable, ProductViewControllable {}
                """),
            // The parent hears its own screen shown again on its stack (an Rx wrapper of the navigation controller's
            // `didShow`) and detaches its children there, through a method of its own.
            Example("""
                // file: Shelf/ShelfRouter.swift
                import RIBs
                import RxSwift
                final class ShelfRouter: ViewableRouter<ShelfInteractable, ShelfViewControllable>, ShelfRouting {
                    private let bag = DisposeBag()
                    override func didLoad() {
                        super.didLoad()
                        viewControllable.uiviewController.rx.stackEvents(.didShow)
                            .subscribe(onNext: { [weak self] _ in self?.detachAll() })
                            .disposed(by: bag)
                    }
                    func routeToBook() {
                        let book = bookBuilder.build(withListener: interactor)
                        attachChild(book)
                        viewController.uiviewController.navigationController?.pushViewController(book.viewControllable.uiviewController, animated: true)
                    }
                    private func detachAll() {
                        children.forEach(detachChild(_:))
                    }
                }
                // file: Book/BookViewController.swift
                import RIBs
                final class BookViewController: UIViewController, BookPresentable, BookViewControllable {}
                """),
            // The parent hears its stack pop: its router hands the stack a delegate, or its screen is the stack's delegate
            // and hears what it shows.
            Example("""
                // file: Notes/NotesRouter.swift
                import RIBs
                final class NotesRouter: ViewableRouter<NotesInteractable, NotesViewControllable>, NotesRouting {
                    func routeToPage() {
                        let page = pageBuilder.build(withListener: interactor)
                        viewController.uiviewController.navigationController?.delegate = interactor.popObserver
                        viewController.push(page.viewControllable)
                        attachChild(page)
                    }
                }
                // file: Notes/NotesViewController.swift
                import RIBs
                final class NotesViewController: UIViewController, NotesPresentable, NotesViewControllable {}
                // file: Page/PageViewController.swift
                import RIBs
                final class PageViewController: UIViewController, PagePresentable, PageViewControllable {}
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToDetail() {
                        let detail = detailBuilder.build(withListener: interactor)
                        attachChild(detail)
                        navigationController.push(detail.viewControllable, animated: true)
                    }
                }
                // file: Feed/FeedViewController.swift
                import RIBs
                final class FeedViewController: UIViewController, FeedPresentable, FeedViewControllable {}
                extension FeedViewController: UINavigationControllerDelegate {
                    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
                        if viewController === self { listener?.didPopToFeed() }
                    }
                }
                // file: Detail/DetailViewController.swift
                import RIBs
                final class DetailViewController: UIViewController, DetailPresentable, DetailViewControllable {}
                """),
            // Handled by a base view controller in another file, by `didMove(toParent:)`, or by a custom back button.
            Example("""
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToDetail() {
                        let detail = detailBuilder.build(withListener: interactor)
                        attachChild(detail)
                        viewController.push(detail.viewControllable)
                        let tags = tagsBuilder.build(withListener: interactor)
                        viewController.push(tags.viewControllable)
                        let about = aboutBuilder.build(withListener: interactor)
                        viewController.push(about.viewControllable)
                    }
                }
                // file: Common/BaseViewController.swift
                import UIKit
                class BaseViewController: UIViewController {
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        navigationController?.navigationBar.isHidden = true
                    }
                }
                // file: Detail/DetailViewController.swift
                import RIBs
                final class DetailViewController: BaseViewController, DetailPresentable, DetailViewControllable {}
                // file: Tags/TagsViewController.swift
                import RIBs
                final class TagsViewController: UIViewController, TagsPresentable, TagsViewControllable {
                    override func didMove(toParent parent: UIViewController?) {
                        super.didMove(toParent: parent)
                        if parent == nil { listener?.didClose() }
                    }
                }
                // file: About/AboutViewController.swift
                import RIBs
                final class AboutViewController: UIViewController, AboutPresentable, AboutViewControllable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Back", style: .plain, target: self, action: #selector(close))
                    }
                }
                """),
            // A custom back button set through an app's helpers, declared in extensions in other files: called with
            // arguments, or with a trailing closure on `self?` inside a closure (a raw string spelling quotes around it).
            Example("""
                // file: Topup/TopupRouter.swift
                import ModernRIBs
                final class TopupRouter: Router<TopupInteractable>, TopupRouting {
                    func attachCardOnFile() {
                        let router = cardOnFileBuildable.build(withListener: interactor)
                        navigationControllable?.pushViewController(router.viewControllable, animated: true)
                        attachChild(router)
                    }
                    func attachAddPaymentMethod() {
                        let router = addPaymentMethodBuildable.build(withListener: interactor)
                        navigationControllable?.pushViewController(router.viewControllable, animated: true)
                        attachChild(router)
                    }
                }
                // file: SuperUI/UIViewController+Utils.swift
                import UIKit
                extension UIViewController {
                    func setupNavigationItem(with buttonType: DismissButtonType, target: Any?, action: Selector?) {
                        navigationItem.leftBarButtonItem = UIBarButtonItem(image: buttonType.image, style: .plain, target: target, action: action)
                    }
                    func setBackButton(_ action: @escaping () -> Void) {
                        navigationItem.leftBarButtonItem = BlockBarButtonItem(image: .back, action: action)
                    }
                }
                // file: CardOnFile/CardOnFileViewController.swift
                import ModernRIBs
                final class CardOnFileViewController: UIViewController, CardOnFilePresentable, CardOnFileViewControllable {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        setupNavigationItem(with: .back, target: self, action: #selector(didTapClose))
                    }
                }
                // file: AddPaymentMethod/AddPaymentMethodViewController.swift
                import ModernRIBs
                final class AddPaymentMethodViewController: UIViewController, AddPaymentMethodPresentable, AddPaymentMethodViewControllable {
                    let hint = #"a "quoted" \""" hint"#
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        DispatchQueue.main.async { [weak self] in
                            self?.setBackButton { [weak self] in self?.listener?.didTapBack() }
                        }
                    }
                }
                """),
            Example("""
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToDetail() {
                        let detail = detailBuilder.build(withListener: interactor)
                        attachChild(detail)
                        navigationController.push(detail.viewControllable, animated: true)
                        let about = aboutBuilder.build(withListener: interactor)
                        navigationController.pushViewController(about.viewControllable.uiviewController, animated: true)
                        let edit = editBuilder.build(withListener: interactor)
                        navigationController.pushViewController(edit.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Edit/EditViewController.swift
                import RIBs
                final class EditViewController: UIViewController, EditPresentable, EditViewControllable {
                    // The property's name before Swift 4.2.
                    override func viewWillDisappear(_ animated: Bool) {
                        super.viewWillDisappear(animated)
                        if isMovingFromParentViewController { listener?.movingFromParent() }
                    }
                }
                // file: Detail/DetailViewController.swift
                import RIBs
                final class DetailViewController: UIHostingController<DetailView>, DetailPresentable, DetailViewControllable {
                    override func viewDidDisappear(_ animated: Bool) {
                        super.viewDidDisappear(animated)
                        if isMovingFromParent { backSubject.onNext(()) }
                    }
                }
                // file: About/AboutViewController.swift
                import RIBs
                import SwiftUI
                struct AboutView: View {
                    var body: some View { Text("About").navigationBarBackButtonHidden(true) }
                }
                final class AboutViewController: UIHostingController<AboutView>, AboutPresentable, AboutViewControllable {}
                """),
        ],
        precision: .medium)

    public static let facts: [any FileFacts.Type] = [RIBFacts.self, NavigationFacts.self]

    public init(options: RuleOptions) {}

    public func violations(in project: Project) -> [ProjectViolation] {
        let project = project.model(RIBProject.self)
        return project.pushes.compactMap { push in
            guard let presenter = project.ribs[push.to]?.parts[.presenter], !project.ribsHandlingBack.contains(push.to) else { return nil }
            // The parent hears its stack pop, through a navigation controller delegate, and detaches the child itself.
            if project.ribsObservingPops.contains(push.from) { return nil }
            // The first screen of a stack: a router whose own screen is the navigation controller pushes it as it loads.
            if project.pushesStartingStacks.contains(push.point), let screen = project.ribs[push.from]?.parts[.presenter],
                ([screen.typeName] + screen.superclasses).contains("UINavigationController")
            {
                return nil
            }
            // Pushed onto a container the parent made with another child's screen as its root, which hides the container's
            // bar; neither that screen nor the child shows it again.
            if let root = project.rootsOfContainersPushedOnto[push.point], project.ribsHidingBar.contains(root),
                !project.ribsShowingBar.contains(root), !project.ribsShowingBar.contains(push.to)
            {
                return nil
            }
            // Pushed onto a container the router was handed by the code that made it and hid its bar (its builder, or an
            // app's method that makes such containers), and the child does not show it again.
            if project.pushesOntoBarlessHandedContainers.contains(push.point), !project.ribsShowingBar.contains(push.to) { return nil }
            // The parent's presenter hides the bar of the stack it pushes on, and the child does not show it again.
            if project.ribsOnStacksWithoutBar.contains(push.from), !project.ribsShowingBar.contains(push.to),
                !project.pushesOntoMadeContainers.contains(push.point)
            {
                return nil
            }
            return ProjectViolation(
                at: push.point,
                "child '\(project.name(of: push.to))' is pushed but '\(presenter.typeName)' neither hides the back button nor reports isMovingFromParent; handle back navigation or the child stays attached after a swipe back")
        }
    }
}
