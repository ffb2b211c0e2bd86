import RIBs

/// sourcery: CreateMock
protocol FeedInteractable: Interactable {
    var router: FeedRouting? { get set }
    var listener: FeedListener? { get set }
}

/// sourcery: CreateMock
protocol FeedViewControllable: ViewControllable {}

final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
    private let navigationController: NavigationControllable

    init(interactor: FeedInteractable, viewController: FeedViewControllable, navigationController: NavigationControllable) {
        self.navigationController = navigationController
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }
}
