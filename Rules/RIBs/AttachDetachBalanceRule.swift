import RibsLintKit
import SwiftSyntax

public struct AttachDetachBalanceRule: Rule {
    public static let description = RuleDescription(
        id: "attach_detach_balance",
        name: "Attach Detach Balance",
        summary: "A router attaches a kind of child it never detaches.",
        rationale: """
            RIBs Architecture Guide, "RIB Lifecycle Management": "ALWAYS attach/detach child RIBs properly" — `attachChild(childRouter) \
            // Required!` and `detachChild(childRouter) // Required!`. A child that is attached but never detached keeps \
            its interactor active and its subscriptions alive. Children attached in `didLoad` or `init`, by container \
            setup (a function that calls `set…ViewControllers` or assigns `viewControllers`), by embedding the child's \
            view in the router's own (`addChild`, `embed…`, or handing its view controllable to a method of the router's \
            view controller — as it is, in a list, or wrapped in a container such as `[AppNavigationController(root: \
            feed.viewControllable)]` — never presenting, pushing or replacing it), or in functions those \
            call, live as long as the router (tabs, a launch router's permanent children, a search bar inside a \
            screen) and are left alone; so do children attached by the routing method the RIB's interactor calls as it becomes \
            active and at no other time — in `didBecomeActive`, in a private method only it calls, or in a `Task` either starts \
            (its body runs once). `attachChild` and `detachChild` count written bare or through `self`. A call of an app's helper method, declared in an extension anywhere in the \
            project or in a base class the router inherits, whose body calls `detachChild` detaches the child it is handed (`dismissRouter(router, animated: \
            true)`), or, where it detaches a child it finds itself (`detachCurrentChild()`), any child — also when the \
            router's interactor calls it on the router (`router?.detachCurrentChild()`) and it extends one of the router's \
            protocols or classes.
            """,
        defaultSeverity: .warning,
        triggering: [
            // The interactor closes the splash through the router's own method, in an extension beside the class: it
            // detaches the splash it keeps, not whatever child is current; Home stays attached.
            Example("""
                // file: Root/RootRouter.swift
                import RIBs
                final class RootRouter: ViewableRouter<RootInteractable, RootViewControllable> {
                    private let homeBuilder: HomeBuildable
                    private let splashBuilder: SplashBuildable
                    private var splashRouter: SplashRouting?
                }
                extension RootRouter: RootRouting {
                    func routeToSplash() {
                        let router = splashBuilder.build(withListener: interactor)
                        attachChild(router)
                        viewController.uiviewController.present(router.viewControllable.uiviewController, animated: true)
                        splashRouter = router
                    }
                    func dismissSplash() {
                        guard let router = splashRouter else { return }
                        detachChild(router)
                        splashRouter = nil
                    }
                    func routeToHome() {
                        let router = homeBuilder.build(withListener: interactor)
                        1️⃣attachChild(router)
                        viewController.uiviewController.present(router.viewControllable.uiviewController, animated: true)
                    }
                }
                // file: Root/RootInteractor.swift
                import RIBs
                final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {
                    weak var router: RootRouting?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        router?.routeToSplash()
                    }
                    func splashDidFinish() {
                        router?.dismissSplash()
                        router?.routeToHome()
                    }
                }
                """, messages: [
                    "router attaches the Home child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            // Wrapped in the app's container and presented: a screen shown, not one embedded in the router's own.
            Example("""
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToChart() {
                        let chart = chartBuilder.build(withListener: interactor)
                        1️⃣attachChild(chart)
                        viewController.present(AppNavigationController(root: chart.viewControllable), animated: true)
                    }
                }
                """, messages: [
                    "router attaches the Chart child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            // A stack animated in on each tap is a push, whatever the method is called.
            Example("""
                import RIBs
                final class OrdersRouter: ViewableRouter<OrdersInteractable, OrdersViewControllable>, OrdersRouting {
                    func routeToDetail(id: String) {
                        let detail = detailBuilder.build(withListener: interactor, id: id)
                        1️⃣attachChild(detail)
                        viewController.set(viewControllers: [viewController, detail.viewControllable], animated: true)
                    }
                }
                """, messages: [
                    "router attaches the Detail child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            // Routed to from a subscription its interactor makes as it becomes active (which fires as often as it
            // likes), or by another RIB's interactor: not once, as the RIB comes up.
            Example("""
                // file: Root/RootRouter.swift
                import RIBs
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    func routeToMain() {
                        let main = mainBuilder.build(withListener: interactor)
                        1️⃣attachChild(main)
                        viewController.present(main.viewControllable, animated: false)
                    }
                    func routeToHelp(topic: String) {
                        let help = helpBuilder.build(withListener: interactor)
                        2️⃣attachChild(help)
                        viewController.present(help.viewControllable, animated: true)
                    }
                }
                // file: Root/RootInteractor.swift
                import RIBs
                final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {
                    weak var router: RootRouting?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        session.signedIn.subscribe(onNext: { [weak self] _ in self?.router?.routeToMain() }).disposeOnDeactivate(interactor: self)
                    }
                }
                // file: Help/HelpInteractor.swift
                import RIBs
                final class HelpInteractor: PresentableInteractor<HelpPresentable>, HelpInteractable {
                    weak var router: HelpRouting?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        router?.routeToHelp(topic: "start")
                    }
                }
                """, messages: [
                    "router attaches the Main child but never detaches it; detach it when the child closes, or its interactor stays active",
                    "router attaches the Help child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            // Another router, which this one does not inherit, declares a method of that name that detaches its children.
            Example("""
                // file: Core/SessionRouter.swift
                import RIBs
                class SessionRouter: ViewableRouter<SessionInteractable, SessionViewControllable> {
                    func detachAllChildren() {
                        children.forEach { detachChild($0) }
                    }
                }
                // file: Music/MusicRouter.swift
                import RIBs
                final class MusicRouter: ViewableRouter<MusicInteractable, MusicViewControllable>, MusicRouting {
                    func routeToAlbum() {
                        let album = albumBuilder.build(withListener: interactor)
                        1️⃣attachChild(album)
                        viewController.uiviewController.present(album.viewControllable.uiviewController, animated: true)
                    }
                    func routeBackFromAlbum() {
                        detachAllChildren()
                    }
                }
                extension MusicRouter {
                    func detachAllChildren() {}
                }
                """, messages: [
                    "router attaches the Album child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            // An app's helper detaches the child it is handed, in another file: the one handed in, not every child.
            Example("""
                // file: Utils/ViewableRouting+Detach.swift
                import RIBs
                extension ViewableRouting {
                    func close(animated: Bool, child router: ViewableRouting, completion: (() -> Void)? = nil) {
                        viewControllable.uiviewController.dismiss(animated: animated, completion: completion)
                        detachChild(router)
                    }
                }
                // file: Album/AlbumRouter.swift
                import RIBs
                final class AlbumRouter: ViewableRouter<AlbumInteractable, AlbumViewControllable>, AlbumRouting {
                    private let photosRouter: ViewableRouting
                    private let cameraRouter: ViewableRouting
                    func routeToMedia() {
                        attachChild(photosRouter)
                        1️⃣attachChild(cameraRouter)
                    }
                    func routeBack() {
                        close(animated: true, child: photosRouter)
                    }
                }
                """, messages: [
                    "router attaches the Camera child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            // The stored child it detaches was only ever the LoggedOut child: the Login child is never detached.
            Example("""
                import RIBs
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    private var currentChild: ViewableRouting?
                    func routeToLoggedOut() {
                        let loggedOut = loggedOutBuilder.build(withListener: interactor)
                        currentChild = loggedOut
                        attachChild(loggedOut)
                        viewController.present(loggedOut.viewControllable)
                    }
                    func routeToLogin() {
                        dismissCurrent()
                        let login = loginBuilder.build(withListener: interactor)
                        1️⃣attachChild(login)
                    }
                    private func dismissCurrent() {
                        if let currentChild {
                            detachChild(currentChild)
                            viewController.dismiss(currentChild.viewControllable)
                        }
                        currentChild = nil
                    }
                }
                """, messages: [
                    "router attaches the Login child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            // The helper its interactor calls detaches a child of another kind of object: not of this router.
            Example("""
                // file: Support/Coordinator+Close.swift
                import RIBs
                extension FlowCoordinating {
                    func detachTopChild() {
                        if let child = children.last { detachChild(child) }
                    }
                }
                // file: Plan/PlanRouter.swift
                import RIBs
                final class PlanRouter: ViewableRouter<PlanInteractable, PlanViewControllable>, PlanRouting {
                    func routeToMap() {
                        let map = mapBuilder.build(withListener: interactor)
                        1️⃣attachChild(map)
                        viewController.push(map.viewControllable)
                    }
                }
                // file: Plan/PlanInteractor.swift
                import RIBs
                protocol PlanRouting: ViewableRouting {
                    func routeToMap()
                    func detachTopChild()
                }
                final class PlanInteractor: PresentableInteractor<PlanPresentable>, PlanInteractable {
                    weak var router: PlanRouting?
                    func mapDidClose() {
                        router?.detachTopChild()
                    }
                }
                """, messages: [
                    "router attaches the Map child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            // Detaching one stored child says nothing about another.
            Example("""
                import RIBs
                final class TagRouter: ViewableRouter<TagInteractable, TagViewControllable>, TagRouting {
                    private var settingsRouter: ViewableRouting?
                    func attachBar() {
                        let router = barBuilder.build(withListener: interactor)
                        1️⃣attachChild(router)
                    }
                    func attachSettings() {
                        let router = settingsBuilder.build(withListener: interactor)
                        settingsRouter = router
                        attachChild(router)
                    }
                    func detachSettings() {
                        guard let router = settingsRouter else { return }
                        detachChild(router)
                        settingsRouter = nil
                    }
                }
                """, messages: [
                    "router attaches the Bar child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            Example("""
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    func routeToSettings() {
                        let settings = settingsBuilder.build(withListener: interactor)
                        1️⃣attachChild(settings)
                        viewController.present(settings.viewControllable, animated: true)
                    }
                    func routeToProfile() {
                        let profile = profileBuilder.build(withListener: interactor)
                        attachChild(profile)
                    }
                    func routeFromProfile() {
                        guard let profile = children.first(where: { $0 is ProfileRouting }) else { return }
                        detachChild(profile)
                    }
                }
                """, messages: [
                    "router attaches the Settings child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            Example("""
                import RIBs
                final class TabsRouter: ViewableRouter<TabsInteractable, TabsViewControllable>, TabsRouting {
                    func routeToFeed() {
                        let router = feedBuilder.build(withListener: interactor)
                        attachChild(router)
                    }
                    func routeToSearch() {
                        let router = searchBuilder.build(withListener: interactor)
                        1️⃣attachChild(router)
                    }
                    func closeFeed() {
                        guard let router = children.first(where: { $0 is FeedRouting }) else { return }
                        detachChild(router)
                    }
                }
                """, messages: [
                    "router attaches the Search child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            // The private method that routes runs as the interactor becomes active, and again when a child finishes.
            Example("""
                // file: Start/StartRouter.swift
                import RIBs
                final class StartRouter: LaunchRouter<StartInteractable, StartViewControllable>, StartRouting {
                    func attachWallet() {
                        let wallet = walletBuilder.build(withListener: interactor)
                        1️⃣attachChild(wallet)
                    }
                }
                // file: Start/StartInteractor.swift
                import RIBs
                final class StartInteractor: PresentableInteractor<StartPresentable>, StartInteractable {
                    weak var router: StartRouting?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        refresh()
                    }
                    func onboardingDidFinish() {
                        refresh()
                    }
                }
                private extension StartInteractor {
                    func refresh() {
                        Task { [weak self] in
                            await self?.store.reload()
                            self?.router?.attachWallet()
                        }
                    }
                }
                """, messages: [
                    "router attaches the Wallet child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            // As it becomes active, but again and again: a loop in the `Task`, a private method handed on as a selector, one
            // an extension in another file calls later.
            Example("""
                // file: Start/StartRouter.swift
                import RIBs
                final class StartRouter: LaunchRouter<StartInteractable, StartViewControllable>, StartRouting {
                    func attachFeed() {
                        let feed = feedBuilder.build(withListener: interactor)
                        1️⃣attachChild(feed)
                    }
                    func attachBanner() {
                        let banner = bannerBuilder.build(withListener: interactor)
                        2️⃣attachChild(banner)
                    }
                    func attachInbox() {
                        let inbox = inboxBuilder.build(withListener: interactor)
                        3️⃣attachChild(inbox)
                    }
                }
                // file: Start/StartInteractor.swift
                import RIBs
                final class StartInteractor: PresentableInteractor<StartPresentable>, StartInteractable {
                    weak var router: StartRouting?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        Task { [weak self] in
                            for await _ in feedUpdates { self?.router?.attachFeed() }
                        }
                        showBanner()
                        NotificationCenter.default.addObserver(self, selector: #selector(showBanner), name: .bannerChanged, object: nil)
                        router?.attachInbox()
                    }
                    @objc private func showBanner() { router?.attachBanner() }
                }
                // file: Start/StartInteractor+Inbox.swift
                extension StartInteractor {
                    func inboxDidChange() { router?.attachInbox() }
                }
                """, messages: [
                    "router attaches the Feed child but never detaches it; detach it when the child closes, or its interactor stays active",
                    "router attaches the Banner child but never detaches it; detach it when the child closes, or its interactor stays active",
                    "router attaches the Inbox child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            // Written through `self`, an attach is an attach, and a detach detaches the child it names, not every one.
            Example("""
                import RIBs
                final class TicketsRouter: ViewableRouter<TicketsInteractable, TicketsViewControllable>, TicketsRouting {
                    private var logRouter: ViewableRouting?
                    func routeToLog() {
                        let router = logBuilder.build(withListener: interactor)
                        logRouter = router
                        self.attachChild(router)
                    }
                    func routeToFilter() {
                        let router = filterBuilder.build(withListener: interactor)
                        1️⃣self.attachChild(router)
                        viewController.present(router.viewControllable, animated: true)
                    }
                    func closeLog() {
                        guard let router = logRouter else { return }
                        self.detachChild(router)
                        logRouter = nil
                    }
                }
                """, messages: [
                    "router attaches the Filter child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            // Children set up as the router loads, which its interactor asks for again as it resigns: attached once more
            // each time, never detached.
            Example("""
                // file: Shell/ShellRouter.swift
                import RIBs
                protocol ShellInteractable: Interactable, NewsListener {}
                final class ShellRouter: ViewableRouter<ShellInteractable, ShellViewControllable>, ShellRouting {
                    override func didLoad() {
                        super.didLoad()
                        installTabs()
                    }
                    func installTabs() {
                        let news = newsBuilder.build(withListener: interactor)
                        1️⃣attachChild(news)
                        viewController.showTabs([news.viewControllable])
                    }
                }
                // file: Shell/ShellInteractor.swift
                import RIBs
                protocol ShellRouting: ViewableRouting {
                    func installTabs()
                }
                final class ShellInteractor: PresentableInteractor<ShellPresentable>, ShellInteractable {
                    weak var router: ShellRouting?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                    }
                    override func willResignActive() {
                        super.willResignActive()
                        router?.installTabs()
                    }
                }
                """, messages: [
                    "router attaches the News child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
        ],
        nonTriggering: [
            // The app's base router, in another file, declares the method that detaches every child.
            Example("""
                // file: Core/BaseRouter.swift
                import RIBs
                class BaseRouter<InteractorType, ViewControllerType>: ViewableRouter<InteractorType, ViewControllerType> {
                    func detachAllChildren() {
                        children.forEach { detachChild($0) }
                    }
                }
                // file: Music/MusicRouter.swift
                import RIBs
                final class MusicRouter: BaseRouter<MusicInteractable, MusicViewControllable>, MusicRouting {
                    func routeToAlbum() {
                        let album = albumBuilder.build(withListener: interactor)
                        attachChild(album)
                        viewController.uiviewController.present(album.viewControllable.uiviewController, animated: true)
                    }
                    func routeBackFromAlbum() {
                        detachAllChildren()
                    }
                }
                """),
            // Built by a builder bound to a local from the router's optional one: the child is that builder's RIB.
            Example("""
                import RIBs
                final class WalletRouter: ViewableRouter<WalletInteractable, WalletViewControllable>, WalletRouting {
                    var cardBuilder: CardBuildable?
                    func routeToCard() {
                        guard let builder = cardBuilder else { return }
                        let card = builder.build(withListener: interactor)
                        attachChild(card)
                        viewController.present(card.viewControllable)
                    }
                    func routeBackFromCard() {
                        guard let card = children.last as? CardRouting else { return }
                        detachChild(card)
                    }
                }
                """),
            // Detached by the router's own extension in another file, which finds the child among its children.
            Example("""
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToDetail() {
                        let detail = detailBuilder.build(withListener: interactor)
                        attachChild(detail)
                        viewController.present(detail.viewControllable)
                    }
                }
                // file: Feed/FeedRouter+Detail.swift
                import RIBs
                extension FeedRouter {
                    func routeBackFromDetail() {
                        guard let detail = children.first(where: { $0 is DetailRouting }) else { return }
                        detachChild(detail)
                    }
                }
                """),
            // A builder's second entry point builds the same RIB: the child it built is the one detached by name later.
            Example("""
                import RIBs
                final class ProfileRouter: ViewableRouter<ProfileInteractable, ProfileViewControllable>, ProfileRouting {
                    private var albumRouter: ViewableRouting?
                    func showAlbum() {
                        let router = albumBuilder.buildSingleSelect(withListener: interactor)
                        attachChild(router)
                        albumRouter = router
                    }
                    func closeAlbum() {
                        if let albumRouter {
                            detachChild(albumRouter)
                            self.albumRouter = nil
                        }
                    }
                }
                """),
            // Attached once, as the interactor becomes active: through a private method of an extension in its file, in a
            // `Task` that method starts (its body runs once).
            Example("""
                // file: Start/StartRouter.swift
                import RIBs
                final class StartRouter: LaunchRouter<StartInteractable, StartViewControllable>, StartRouting {
                    func attachWallet() {
                        let wallet = walletBuilder.build(withListener: interactor)
                        attachChild(wallet)
                    }
                }
                // file: Start/StartInteractor.swift
                import RIBs
                final class StartInteractor: PresentableInteractor<StartPresentable>, StartInteractable {
                    weak var router: StartRouting?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        self.refresh()
                    }
                }
                private extension StartInteractor {
                    func refresh() {
                        Task { @MainActor [weak self] in
                            await self?.store.reload()
                            self?.router?.attachWallet()
                        }
                    }
                }
                """),
            // The RIBs guide's other place for a child that lives as long as its parent: the routing method its own
            // interactor calls as it becomes active, in another file.
            Example("""
                // file: Root/RootRouter.swift
                import RIBs
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    func routeToMain(animated: Bool) {
                        let main = mainBuilder.build(withListener: interactor)
                        attachChild(main)
                        viewController.present(main.viewControllable, animated: animated)
                    }
                }
                // file: Root/RootInteractor.swift
                import RIBs
                final class RootInteractor: PresentableInteractor<RootPresentable>, RootPresentableListener {
                    weak var router: RootRouting?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        if session.isReady { self.router?.routeToMain(animated: false) }
                    }
                }
                extension RootInteractor: RootInteractable {}
                """),
            // Routed to as the interactor becomes active; a test's mock of the interactor, which calls it at another time,
            // is no code of the app.
            Example("""
                // file: App/Root/RootRouter.swift
                import RIBs
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    func routeToWelcome() {
                        let welcome = welcomeBuilder.build(withListener: interactor)
                        attachChild(welcome)
                        viewController.present(welcome.viewControllable, animated: false)
                    }
                }
                // file: App/Root/RootInteractor.swift
                import RIBs
                final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {
                    weak var router: RootRouting?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        router?.routeToWelcome()
                    }
                }
                // file: AppTestSupport/RootInteractableMock.swift
                import RIBs
                final class RootInteractableMock: RootInteractable {
                    weak var router: RootRouting?
                    // Stands in for RootInteractor.didBecomeActive in the router's tests.
                    func simulateStart() {
                        router?.routeToWelcome()
                    }
                }
                """),
            // The stored child is detached through its property: whatever was assigned to it, in a closure or cast, and a
            // child attached from the property itself.
            Example("""
                import RIBs
                final class PlayerRouter: ViewableRouter<PlayerInteractable, PlayerViewControllable>, PlayerRouting {
                    private var currentChild: ViewableRouting?
                    func routeToLyrics() {
                        let lyrics = lyricsBuilder.build(withListener: interactor)
                        attachChild(lyrics)
                        viewController.showSheet(lyrics.viewControllable) { [weak self] in self?.currentChild = lyrics }
                    }
                    func routeToQueue() {
                        let queue = queueBuilder.build(withListener: interactor)
                        currentChild = queue as ViewableRouting
                        attachChild(queue)
                    }
                    func routeToCast() {
                        currentChild = castBuilder.build(withListener: interactor)
                        attachChild(currentChild!)
                    }
                    func closeCurrent() {
                        if let currentChild {
                            detachChild(currentChild)
                            viewController.dismiss(currentChild.viewControllable)
                        }
                        currentChild = nil
                    }
                }
                """),
            // Its interactor closes the child through the app's helper on the router, which detaches the last child.
            Example("""
                // file: Support/ViewableRouting+Close.swift
                import RIBs
                extension ViewableRouting {
                    func detachTopChild() {
                        if let child = children.last { detachChild(child) }
                    }
                }
                // file: Plan/PlanRouter.swift
                import RIBs
                final class PlanRouter: ViewableRouter<PlanInteractable, PlanViewControllable>, PlanRouting {
                    func routeToMap() {
                        let map = mapBuilder.build(withListener: interactor)
                        attachChild(map)
                        viewController.push(map.viewControllable)
                    }
                }
                // file: Plan/PlanInteractor.swift
                import RIBs
                protocol PlanRouting: ViewableRouting {
                    func routeToMap()
                }
                final class PlanInteractor: PresentableInteractor<PlanPresentable>, PlanInteractable {
                    weak var router: PlanRouting?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        Task { await presenter.show(plan) }
                    }
                    func mapDidClose() {
                        router?.detachTopChild()
                    }
                }
                """),
            // The same through a helper on `Routing`, called from an interactor that writes no `didBecomeActive`.
            Example("""
                // file: Support/Routing+Close.swift
                import RIBs
                extension Routing {
                    func closeLastChild(animated: Bool = true) {
                        guard let child = children.last else { return }
                        detachChild(child)
                    }
                }
                // file: Trip/TripRouter.swift
                import RIBs
                final class TripRouter: ViewableRouter<TripInteractable, TripViewControllable>, TripRouting {
                    func routeToTicket() {
                        let ticket = ticketBuilder.build(withListener: interactor)
                        attachChild(ticket)
                        viewController.present(ticket.viewControllable)
                    }
                }
                // file: Trip/TripInteractor.swift
                import RIBs
                protocol TripRouting: ViewableRouting {
                    func routeToTicket()
                }
                final class TripInteractor: PresentableInteractor<TripPresentable>, TripInteractable {
                    weak var router: TripRouting?
                }
                extension TripInteractor: TicketListener {
                    func ticketDidClose() {
                        router?.closeLastChild()
                    }
                }
                """),
            // Detached through the app's helpers: one handed the child, one that detaches the last child itself.
            Example("""
                // file: Utils/ViewableRouting+Detach.swift
                import RIBs
                extension ViewableRouting {
                    func dismissRouter(_ router: ViewableRouting, animated: Bool) {
                        viewControllable.uiviewController.dismiss(animated: animated, completion: nil)
                        detachChild(router)
                    }
                    func detachCurrentChild() {
                        guard let child = children.last else { return }
                        detachChild(child)
                    }
                    // Through the helper beside it.
                    func closeFlow(_ flow: ViewableRouting) {
                        dismissRouter(flow, animated: false)
                    }
                }
                // file: Home/HomeRouter.swift
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    private var settingsRouter: ViewableRouting?
                    func routeToSettings() {
                        let router = settingsBuilder.build(withListener: interactor)
                        settingsRouter = router
                        attachChild(router)
                    }
                    func closeSettings() {
                        guard let router = settingsRouter else { return }
                        self.dismissRouter(router, animated: true)
                        settingsRouter = nil
                    }
                }
                // file: Map/MapRouter.swift
                import RIBs
                final class MapRouter: ViewableRouter<MapInteractable, MapViewControllable>, MapRouting {
                    func routeToMarker() {
                        attachChild(markerBuilder.build(withListener: interactor))
                    }
                    func closeMarker() {
                        detachCurrentChild()
                    }
                }
                // file: Trip/TripRouter.swift
                import RIBs
                final class TripRouter: ViewableRouter<TripInteractable, TripViewControllable>, TripRouting {
                    private let bookingRouter: ViewableRouting
                    private let mapRouter: ViewableRouting
                    func routeToBooking() {
                        attachChild(bookingRouter)
                        attachChild(mapRouter)
                    }
                    func closeBooking() {
                        closeFlow(bookingRouter)
                        closeFlow(mapRouter)
                    }
                }
                """),
            // Embedded in the parent's screen: it lives and goes with the parent.
            Example("""
                import RIBs
                final class SearchRouter: ViewableRouter<SearchInteractable, SearchViewControllable>, SearchRouting {
                    func attachSearchBar() {
                        let router = searchBarBuilder.build(withListener: interactor)
                        attachChild(router)
                        viewController.addChild(router.viewControllable)
                    }
                }
                """),
            // A child attached by its builder's type and detached by a generically typed property's name.
            Example("""
                import RIBs
                final class AppRootRouter: LaunchRouter<AppRootInteractable, AppRootViewControllable>, AppRootRouting {
                    private let loginBuildable: LoginMainBuildable
                    private var loginRouting: Routing?
                    func attachLogin() {
                        let router = loginBuildable.build(withListener: interactor)
                        loginRouting = router
                        attachChild(router)
                        viewController.present(router.viewControllable, animated: true)
                    }
                    func detachLogin() {
                        guard let loginRouting else { return }
                        detachChild(loginRouting)
                    }
                }
                """),
            // Stored builders and children known by their types, whatever their names' typos.
            Example("""
                import RIBs
                final class CreateRouter: ViewableRouter<CreateInteractable, CreateViewControllable>, CreateRouting {
                    private let addItemBuildabel: AddItemBuildable
                    private var addItmRouting: AddItemRouting?
                    func attachAddItem() {
                        let router = addItemBuildabel.build(withListener: interactor)
                        addItmRouting = router
                        attachChild(router)
                        viewController.present(router.viewControllable, animated: true)
                    }
                    func detachAddItem() {
                        guard let router = addItmRouting else { return }
                        detachChild(router)
                    }
                }
                """),
            Example("""
                import RIBs
                final class ShopRouter: ViewableRouter<ShopInteractable, ShopViewControllable>, ShopRouting {
                    private var activeRouting: ViewableRouting?
                    func routeToCart() {
                        let router = cartBuilder.build(withListener: interactor)
                        viewController.present(router.viewControllable)
                        self.activeRouting = router
                        attachChild(router)
                    }
                    func closeCart() {
                        guard let router = activeRouting else { return }
                        detachChild(router)
                        viewController.dismiss()
                        activeRouting = nil
                    }
                    func attachStats() {
                        let stats = statsBuilder.build(withListener: interactor)
                        let panel = stats.viewControllable
                        viewController.addPanel(panel)
                        attachChild(stats)
                    }
                }
                """),
            Example("""
                import RIBs
                final class RoutineRouter: ViewableRouter<RoutineInteractable, RoutineViewControllable>, RoutineRouting {
                    func attachWeekChart() {
                        let week = weekChartBuilder.build(withListener: interactor)
                        viewController.setWeekChart(week.viewControllable)
                        attachChild(week)
                    }
                }
                """),
            Example("""
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    override func didLoad() {
                        super.didLoad()
                        attachChild(tabsBuilder.build(withListener: interactor))
                    }
                    func routeToSettings() {
                        let settings = settingsBuilder.build(withListener: interactor)
                        attachChild(settings)
                    }
                    func routeFromSettings() {
                        guard let settings = children.last as? SettingsRouting else { return }
                        detachChild(settings)
                    }
                }
                """),
            // Tabs handed to the launch router's own screen in a list, each wrapped in the app's container, whenever the
            // interactor asks (not only as it becomes active): they live as long as the app.
            Example("""
                import RIBs
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    private var feedRouting: ViewableRouting?
                    private var inboxRouting: ViewableRouting?
                    func attachTabs() {
                        guard feedRouting == nil else { return }
                        let feed = feedBuilder.build(withListener: interactor)
                        feedRouting = feed
                        attachChild(feed)
                        let inbox = inboxBuilder.build(withListener: interactor)
                        inboxRouting = inbox
                        attachChild(inbox)
                        viewController.setTabs([
                            AppNavigationController(root: feed.viewControllable),
                            AppNavigationController(root: inbox.viewControllable),
                        ])
                    }
                }
                """),
            Example("""
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func attachPanels() {
                        let chart = chartBuilder.build(withListener: interactor)
                        attachChild(chart)
                        viewController.setPanels([chart.viewControllable.uiviewController])
                    }
                }
                """),
            // Tabs installed through the screen's own `set(viewControllers:)`.
            Example("""
                import RIBs
                final class TabsRouter: ViewableRouter<TabsInteractable, TabsViewControllable>, TabsRouting {
                    func attachTabs() {
                        let plogging = ploggingBuilder.build(withListener: interactor)
                        let feed = feedBuilder.build(withListener: interactor)
                        attachChild(plogging)
                        attachChild(feed)
                        viewController.set(viewControllers: [plogging.viewControllable, feed.viewControllable])
                    }
                }
                """),
            Example("""
                import RIBs
                final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable>, MainRouting {
                    override func didLoad() {
                        super.didLoad()
                        routeToSplash()
                    }
                    private func routeToSplash() {
                        attachChild(splashBuilder.build(withListener: interactor))
                    }
                    func attachTabs() {
                        viewController.setViewControllers([attachFeed(), attachSearch()], animated: false)
                    }
                    private func attachFeed() -> ViewControllable {
                        let feed = feedBuilder.build(withListener: interactor)
                        attachChild(feed)
                        return feed.viewControllable
                    }
                    private func attachSearch() -> ViewControllable {
                        let search = searchBuilder.build(withListener: interactor)
                        attachChild(search.router)
                        return search.router.viewControllable
                    }
                    func routeToDetails() {
                        let details = detailsBuilder.build(withListener: interactor)
                        attachChild(details.router)
                    }
                    func closeDetails() {
                        guard let details = children.first as? Details.Routing else { return }
                        detachChild(details)
                    }
                    func routeToSearchResults() {
                        attachChild(searchResultsBuilder.build(withListener: interactor))
                    }
                    func closeSearchResults() {
                        guard let results = (children.lazy.compactMap { $0 as? SearchResults.Routing }.first) else { return }
                        detachChild(results)
                    }
                }
                """),
            Example("""
                import RIBs
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    func routeToLoggedIn() {
                        detachCurrentChild()
                        attachChild(loggedInBuilder.build(withListener: interactor))
                    }
                    private func detachCurrentChild() {
                        guard let current = children.first else { return }
                        detachChild(current)
                    }
                }
                """),
            Example("""
                import RIBs
                final class FlowRouter: Router<FlowInteractable>, FlowRouting {
                    func routeToStep() {
                        let step = stepBuilder.build(withListener: interactor)
                        attachChild(step)
                    }
                    func closeAll() {
                        children.forEach { detachChild($0) }
                    }
                    func routeToHelp() {
                        attachChild(helpBuilder.build(withListener: interactor))
                    }
                    func routeBack() {
                        guard let child = children.last as? ViewableRouting else { return }
                        detachChild(child)
                    }
                }
                """),
            Example("""
                import RIBs
                final class SearchRouter: Router<SearchInteractable>, SearchRouting {
                    func routeToAlbums() {
                        attachChild(albumsBuilder.build(withListener: interactor))
                    }
                }
                private extension SearchRouter {
                    func detachChildren() {
                        children.forEach(detachChild(_:))
                    }
                }
                """),
        ],
        precision: .medium)

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard file.contains("attachChild") else { return [] }
        return file.model.typeGroups(.router).flatMap { router -> [Violation] in
            let functions = Self.lifetimeFunctions(of: router)
            var lifetime = functions.lifetime
            let calls = functions.calls
            let visitor = ChildAttachments(router, types: file.model.projectTypes)
            if visitor.detachesAnything || visitor.detachesUntoldChild { return [] }
            // A detach through a stored property (`guard let router = current`) detaches every child stored in it.
            let detached = visitor.detached.union(visitor.detachedProperties.flatMap { visitor.storedKinds[$0] ?? [] })
            // A child attached from a stored property (`attachChild(currentChild!)`) is detached by a detach through it.
            let neverDetached = visitor.attaches.filter { attach in
                !detached.contains(attach.kind) && !(attach.alias.map(detached.contains) ?? false)
                    && !(attach.property.map(visitor.detachedProperties.contains) ?? false)
            }
            // A method that sets up the router's lifelong children (from `didLoad`) that its interactor calls again later
            // (`willResignActive() { router?.installTabs() }`) attaches them again: they do not live as long as the router.
            // Tabs and embedded children, installed as the screen is set up, stay lifelong whoever asks for them.
            if neverDetached.contains(where: { lifetime.contains($0.function) }) {
                lifetime.subtract(Self.routedAgain(of: router, calls: calls, types: file.model.projectTypes).subtracting(functions.settingUp))
            }
            let unbalanced = neverDetached.filter { !lifetime.contains($0.function) }
            guard !unbalanced.isEmpty else { return [] }
            // Only now the interactor's files are asked: whether it closes children through an app's helper, and which
            // of the methods that lead to these attaches it calls as it becomes active.
            if Self.interactorDetachesAnyChild(of: router, types: file.model.projectTypes)
                || Self.extensionElsewhereDetaches(router, types: file.model.projectTypes)
            {
                return []
            }
            let activated = Self.activatedFunctions(leadingTo: Set(unbalanced.map(\.function)), calls: calls, of: router, types: file.model.projectTypes)
            return unbalanced.filter { !activated.contains($0.function) }.map {
                let child = $0.isKnown ? "the \(ChildAttachments.rib(ofKind: $0.kind)) child" : "a child (`\($0.kind)`)"
                return Violation(at: $0.call, "router attaches \(child) but never detaches it; detach it when the child closes, or its interactor stays active")
            }
        }
    }

    /// `set(viewControllers: […])`: the screen's own `set` with that first label and no `animated:`.
    static func installsTabs(_ token: TokenSyntax, named identifier: String) -> Bool {
        guard identifier == "set", let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
        let callee = reference.parent?.as(MemberAccessExprSyntax.self).map(Syntax.init) ?? Syntax(reference)
        guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id else { return false }
        return call.arguments.first?.label?.text == "viewControllers" && !call.arguments.contains { $0.label?.text == "animated" }
    }

    /// Functions whose children live as long as the router, as its own code shows: `didLoad` and `init`, container
    /// setup that installs children as tabs (`setViewControllers`, `set(viewControllers:)`, `viewControllers =`), and
    /// what those call; with the router's calls of its own methods, by the calling method, and the functions that set up
    /// containers or embed children with what they call (`settingUp`). (The routing its interactor starts as it becomes
    /// active is `activatedFunctions`, asked of other files only for the attaches left.)
    static func lifetimeFunctions(of router: [TypeDeclaration]) -> (lifetime: Set<String>, calls: [String: Set<String>], settingUp: Set<String>) {
        var calls: [String: Set<String>] = [:]
        var lifetime: Set<String> = ["didLoad", "init"]
        var embedding: Set<String> = []
        for member in router.flatMap(\.members.members) {
            let name: String
            let body: Syntax
            if let function = member.decl.as(FunctionDeclSyntax.self), let block = function.body {
                name = function.name.text
                body = Syntax(block)
            } else if let initializer = member.decl.as(InitializerDeclSyntax.self), let block = initializer.body {
                name = "init"
                body = Syntax(block)
            } else {
                continue
            }
            if embedsAttachedChild(body) { embedding.insert(name) }
            for token in body.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let identifier) = token.tokenKind, let next = token.nextToken(viewMode: .sourceAccurate)
                else { continue }
                if next.tokenKind == .leftParen {
                    calls[name, default: []].insert(identifier)
                    // `setViewControllers(…)`, `setTabViewControllers(…)`, and an app's `set(viewControllers: …)` that installs
                    // them once, unanimated (one that animates a new stack in is a push).
                    if identifier.hasPrefix("set"), identifier.hasSuffix("ViewControllers") || Self.installsTabs(token, named: identifier) {
                        lifetime.insert(name)
                    }
                } else if identifier == "viewControllers", next.tokenKind == .equal {
                    lifetime.insert(name)
                }
            }
        }
        // A child whose view is embedded in the router's own (`addChild`, `embed…`, or handed to one of its view
        // controller's methods: `viewController.setWeekChart(week.viewControllable)`), not presented or pushed, is
        // part of the parent's screen and lives as long as it: a search bar, a list inside a tab.
        for (function, called) in calls where called.contains("attachChild") {
            let embeds = called.contains { $0 == "addChild" || $0.hasPrefix("embed") } || embedding.contains(function)
            let navigates = called.contains { ["present", "push", "show", "replace"].contains(where: $0.hasPrefix) }
            if embeds, !navigates { lifetime.insert(function) }
        }
        let settingUp = reached(from: lifetime.subtracting(["didLoad", "init"]), calls: calls)
        return (reached(from: lifetime, calls: calls), calls, settingUp)
    }

    /// Which of `targets` an interactor adopting the router's `Interactable` (`Router<RootInteractable>`, `LaunchRouter<
    /// RootInteractable, …>`) has run as it becomes active: called on the router in `didBecomeActive`
    /// (`InteractorActivation`, matched by name and labels), or called by a method that is, through the router's own
    /// calls.
    private static func activatedFunctions(
        leadingTo targets: Set<String>, calls: [String: Set<String>], of router: [TypeDeclaration], types: TypeResolver
    ) -> Set<String> {
        // The methods from which a target is reached, the targets among them.
        var leading = targets
        var changed = true
        while changed {
            changed = false
            for (caller, called) in calls where !leading.contains(caller) && !called.isDisjoint(with: leading) {
                leading.insert(caller)
                changed = true
            }
        }
        let activated = RouterActivation.functions(among: leading, of: router, types: types)
        var reached = activated
        var frontier = Array(activated)
        while let next = frontier.popLast() {
            for called in calls[next, default: []] where !reached.contains(called) {
                reached.insert(called)
                frontier.append(called)
            }
        }
        return reached.intersection(targets)
    }

    /// The router's methods a class adopting its `Interactable` calls on it other than as it becomes active (`routes`
    /// entries, `InteractorActivation`), and what those methods call of the router's own.
    private static func routedAgain(of router: [TypeDeclaration], calls: [String: Set<String>], types: TypeResolver) -> Set<String> {
        let own = Set(router.flatMap(\.functions).map(\.name.text))
        return reached(from: Set(routerCallsOfInteractors(of: router, types: types).map(\.name).filter(own.contains)), calls: calls)
    }

    /// The calls on the router that classes adopting its `Interactable` make other than as they become active (their
    /// `routes` entries, `InteractorActivation`).
    private static func routerCallsOfInteractors(of router: [TypeDeclaration], types: TypeResolver) -> [HelperMethod] {
        guard let interactable = RouterActivation.interactable(of: router) else { return [] }
        return types.inheritors(of: interactable).flatMap { interactor, _ in
            types.helperMethods(ofType: interactor).filter { $0.hasPrefix("routes ") }.compactMap { entry in
                HelperMethod(type: "", action: .routes, signature: entry.dropFirst("routes ".count))
            }
        }
    }

    /// `functions` and the router's own methods they call, transitively.
    private static func reached(from functions: Set<String>, calls: [String: Set<String>]) -> Set<String> {
        var reached = functions
        var frontier = Array(reached)
        while let next = frontier.popLast() {
            for called in calls[next, default: []] where calls[called] != nil && reached.insert(called).inserted {
                frontier.append(called)
            }
        }
        return reached
    }

    /// Whether an extension of the router in another file (`FeedRouter+Detail.swift`) declares a method that detaches a
    /// child it finds itself (`guard let detail = children.first(where: { $0 is DetailRouting }) …; detachChild(detail)`):
    /// which child it is, this file cannot tell.
    private static func extensionElsewhereDetaches(_ router: [TypeDeclaration], types: TypeResolver) -> Bool {
        guard let name = router.first?.name else { return false }
        let own = Set(router.flatMap(\.functions).map(\.name.text))
        return types.helperMethods(ofType: name).contains { entry in
            guard entry.hasPrefix("detaches ") else { return false }
            return HelperMethod(type: name, action: .detaches(parameter: nil), signature: entry.dropFirst("detaches ".count)).map { !own.contains($0.name) } ?? false
        }
    }

    /// Whether a class adopting the router's `Interactable` calls on the router an app's helper, declared in an extension
    /// of one of the router's supertypes anywhere in the project, that detaches a child it finds itself
    /// (`router?.detachCurrentChild()` with `extension ViewableRouting { func detachCurrentChild() { … detachChild(child)
    /// } }`): any child may be the one it detaches.
    private static func interactorDetachesAnyChild(of router: [TypeDeclaration], types: TypeResolver) -> Bool {
        guard let name = router.first?.name else { return false }
        var routerTypes: Set<String>?
        // The router's own methods in view (its class and extensions here): what they detach is read from their bodies.
        let ownMethods = Set(router.flatMap(\.functions).map(\.name.text))
        for call in routerCallsOfInteractors(of: router, types: types) {
            let labels = call.parameters.map(\.label)
            for helper in types.helperMethods(named: call.name, doing: .detaches(parameter: nil))
            where helper.action == .detaches(parameter: nil) && (0...1).contains(where: { helper.accepts(labels: labels, trailingClosures: $0) })
                && !(helper.type == name && ownMethods.contains(helper.name))
            {
                // Every router is a `Routing`, whatever the project declares of the framework's protocols.
                if routerTypes == nil { routerTypes = Set([name, "Routing"] + types.supertypes(of: router.flatMap(\.inherited))) }
                if routerTypes?.contains(helper.type) == true { return true }
            }
        }
        return false
    }

    /// Whether `body` attaches a child and hands that child's `viewControllable` to a method of the router's own
    /// view controller that does not navigate (`viewController.setWeekChart(week.viewControllable)`), directly or
    /// through a local (`let panel = week.viewControllable`).
    private static func embedsAttachedChild(_ body: Syntax) -> Bool {
        var handed: Set<String> = []
        var attached: Set<String> = []
        var views: [String: String] = [:]
        for token in body.tokens(viewMode: .sourceAccurate) {
            if token.text == "attachChild" {
                let callee = token.parent?.parent?.as(MemberAccessExprSyntax.self).map(Syntax.init) ?? token.parent
                if let call = callee?.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee?.id,
                    call.selfCalledName == "attachChild",
                    let child = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)
                {
                    attached.insert(child.baseName.text)
                }
                continue
            }
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            if token.text == "viewControllable", let member = reference.parent?.as(MemberAccessExprSyntax.self),
                let child = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
            {
                if let local = member.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?.pattern
                    .as(IdentifierPatternSyntax.self)?.identifier.text
                {
                    views[local] = child
                } else if isEmbedding(ExprSyntax(member)) {
                    handed.insert(child)
                }
            } else if let child = views[token.text], isEmbedding(ExprSyntax(reference)) {
                handed.insert(child)
            }
        }
        return !handed.isDisjoint(with: attached)
    }

    /// Whether `argument` is handed to a method of the router's own view controller that does not navigate
    /// (`owner.method(argument)`: the argument, the list, the call), as it is or inside what carries it there: an
    /// array literal (`viewController.setTabs([feed.viewControllable])`), a wrapper's initializer
    /// (`NavigationControllable(viewControllable: feed.viewControllable)`), `.uiviewController`.
    private static func isEmbedding(_ argument: ExprSyntax) -> Bool {
        var argument = argument
        // A few wrappers deep: a tab's view wrapped in a container, in the list of tabs.
        for _ in 0..<4 {
            if let member = argument.parent?.as(MemberAccessExprSyntax.self), member.base?.id == argument.id,
                member.declName.baseName.text == "uiviewController"
            {
                argument = ExprSyntax(member)
                continue
            }
            if let element = argument.parent?.as(ArrayElementSyntax.self), let array = element.parent?.parent?.as(ArrayExprSyntax.self) {
                argument = ExprSyntax(array)
                continue
            }
            guard let call = argument.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                call.arguments.contains(where: { $0.expression.id == argument.id })
            else { return false }
            if let method = call.calledExpression.as(MemberAccessExprSyntax.self),
                let owner = method.base?.as(DeclReferenceExprSyntax.self), ["viewController", "viewControllable"].contains(owner.baseName.text)
            {
                // Animated in (`set(viewControllers: [root, detail.viewControllable], animated: true)`): a push.
                let animated = call.arguments.contains {
                    $0.label?.text == "animated" && $0.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind != .keyword(.false)
                }
                return !animated && !navigatingPrefixes.contains(where: method.declName.baseName.text.hasPrefix)
            }
            // A type's initializer: a wrapper whose value goes on.
            guard let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true
            else { return false }
            argument = ExprSyntax(call)
        }
        return false
    }

    /// Calls that show or take away a screen rather than embed one.
    static let navigatingPrefixes = ["present", "push", "show", "replace", "dismiss", "pop"]
}
