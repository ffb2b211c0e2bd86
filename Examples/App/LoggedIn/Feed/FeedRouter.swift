import RIBs

/// sourcery: CreateMock
protocol FeedInteractable: Interactable {
    var router: FeedRouting? { get set }
    var listener: FeedListener? { get set }
}

/// sourcery: CreateMock
protocol FeedViewControllable: ViewControllable {}

final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
    // Planted: a suppression left behind after the code it excused was fixed.
    // ribslint:disable:next router_child_reference
    private let navigationController: NavigationControllable
    // Planted: Feed is handed Profile's builder while Profile builds Feed: a cycle.
    private let profileBuilder: ProfileBuildable

    init(
        interactor: FeedInteractable, viewController: FeedViewControllable, navigationController: NavigationControllable,
        profileBuilder: ProfileBuildable
    ) {
        self.navigationController = navigationController
        self.profileBuilder = profileBuilder
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }
}
