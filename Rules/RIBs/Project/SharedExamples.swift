import RibsLintKit

/// Examples several project rules share: one RIB described once.
enum SharedExamples {
    /// A service named like a router, in a file that imports RIBs: no RIBs base class, no RIB contract, no interactor
    /// held. It plays no RIB's part (no RIB 'DeepLink'), and the router it parks for later is no child it keeps.
    static let serviceNamedRouter = Example("""
            // file: Services/DeepLinkRouter.swift
            import RIBs
            protocol DeepLinkHandling: AnyObject { func handle(_ url: URL) -> Bool }
            final class DeepLinkRouter: DeepLinkHandling {
                private var pendingRouter: ViewableRouting?
                func handle(_ url: URL) -> Bool { url.scheme == "myapp" }
                func park(_ router: ViewableRouting) { pendingRouter = router }
            }
            """)

    /// The app's own base interactor, inherited by its RIBs' interactors: no RIB 'App' of its own.
    static let appBaseInteractor = Example("""
            // file: Core/AppInteractor.swift
            import RIBs
            class AppInteractor: Interactor {
                override func willResignActive() { super.willResignActive() }
            }
            // file: Alerts/AlertsRIB.swift
            import RIBs
            final class AlertsBuilder: Builder<AlertsDependency>, AlertsBuildable {
                func build() -> AlertsRouting { AlertsRouter(interactor: AlertsInteractor()) }
            }
            final class AlertsInteractor: AppInteractor, AlertsInteractable {}
            final class AlertsRouter: Router<AlertsInteractable>, AlertsRouting {}
            // file: Tests/AlertsInteractorTests.swift
            import XCTest
            final class AlertsInteractorTests: XCTestCase {}
            """)

    /// A RIB is what its builder wires: the tab bar controller it constructs is its presenter, whatever its
    /// name, and a router inheriting the app's own base class (declared in another file) is its router.
    static let wiredTabs = Example("""
            // file: Base/BaseRouter.swift
            import RIBs
            open class BaseRouter<I, V>: ViewableRouter<I, V> {}
            // file: Tabs/TabsBuilder.swift
            import RIBs
            final class TabsBuilder: Builder<TabsDependency>, TabsBuildable {
                func build(withListener listener: TabsListener) -> TabsRouting {
                    let tabBar = MainTabBarController()
                    let interactor = TabsInteractor(presenter: tabBar)
                    return TabsRouter(interactor: interactor, viewController: tabBar)
                }
            }
            // file: Tabs/TabsInteractor.swift
            import RIBs
            final class TabsInteractor: PresentableInteractor<TabsPresentable>, TabsInteractable {}
            // file: Tabs/TabsRouter.swift
            import UIKit
            final class TabsRouter: BaseRouter<TabsInteractable, TabsViewControllable>, TabsRouting {}
            // file: Tabs/MainTabBarController.swift
            import UIKit
            final class MainTabBarController: UITabBarController, TabsViewControllable {}
            // file: Tabs/MainTabBarController+Presentable.swift
            extension MainTabBarController: TabsPresentable {}
            """)

    /// Two RIBs whose builders construct one view controller class: it is the presenter of each.
    static let sharedPresenter = Example("""
            // file: Lists/ListViewController.swift
            import RIBs
            final class ListViewController: UIViewController, ListPresentable, ListViewControllable {}
            // file: Lists/TopPicks/TopPicksBuilder.swift
            import RIBs
            final class TopPicksBuilder: Builder<TopPicksDependency>, TopPicksBuildable {
                func build(withListener listener: TopPicksListener) -> TopPicksRouting {
                    let viewController = ListViewController()
                    return TopPicksRouter(interactor: TopPicksInteractor(presenter: viewController), viewController: viewController)
                }
            }
            final class TopPicksInteractor: PresentableInteractor<ListPresentable>, TopPicksInteractable {}
            final class TopPicksRouter: ViewableRouter<TopPicksInteractable, ListViewControllable>, TopPicksRouting {}
            // file: Lists/Trending/TrendingBuilder.swift
            import RIBs
            final class TrendingBuilder: Builder<TrendingDependency>, TrendingBuildable {
                func build(withListener listener: TrendingListener) -> TrendingRouting {
                    let viewController = ListViewController()
                    return TrendingRouter(interactor: TrendingInteractor(presenter: viewController), viewController: viewController)
                }
            }
            final class TrendingInteractor: PresentableInteractor<ListPresentable>, TrendingInteractable {}
            final class TrendingRouter: ViewableRouter<TrendingInteractable, ListViewControllable>, TrendingRouting {}
            """)
}
