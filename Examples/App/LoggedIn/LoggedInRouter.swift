import RIBs

/// sourcery: CreateMock
protocol LoggedInInteractable: Interactable, FeedListener, ProfileListener {
    var router: LoggedInRouting? { get set }
    var listener: LoggedInListener? { get set }
}

final class LoggedInRouter: Router<LoggedInInteractable>, LoggedInRouting {
    private let navigationController: NavigationControllable
    private let feedBuilder: FeedBuildable
    private let profileBuilder: ProfileBuildable
    // Planted: a second source of truth next to `children`.
    private var currentChild: ViewableRouting?

    init(
        interactor: LoggedInInteractable,
        navigationController: NavigationControllable,
        feedBuilder: FeedBuildable,
        profileBuilder: ProfileBuildable
    ) {
        self.navigationController = navigationController
        self.feedBuilder = feedBuilder
        self.profileBuilder = profileBuilder
        super.init(interactor: interactor)
        interactor.router = self
    }

    func routeToFeed() {
        let feed = feedBuilder.build(withListener: interactor, navigationController: navigationController)
        attachChild(feed)
        navigationController.setViewControllers([feed.viewControllable], animated: false)
    }

    func routeToProfile() {
        let profile = profileBuilder.build(withListener: interactor)
        currentChild = profile
        attachChild(profile)
        navigationController.push(profile.viewControllable, animated: true)
    }

    func routeFromProfile() {
        guard let profile = children.last as? ProfileRouting else { return }
        detachChild(profile)
        currentChild = nil
        navigationController.pop(animated: true)
    }

    func cleanupViews() {
        navigationController.setViewControllers([], animated: false)
    }
}
