import RIBs

/// sourcery: CreateMock
protocol FeedDependency: Dependency, ProfileDependency {
    var feedService: FeedServicing { get }
}

/// sourcery: CreateMock
protocol FeedBuildable: Buildable {
    func build(withListener listener: FeedListener, navigationController: NavigationControllable) -> FeedRouting
}

final class FeedBuilder: Builder<FeedDependency>, FeedBuildable {
    func build(withListener listener: FeedListener, navigationController: NavigationControllable) -> FeedRouting {
        let viewController = FeedViewController()
        let interactor = FeedInteractor(presenter: viewController, feedService: dependency.feedService)
        interactor.listener = listener
        return FeedRouter(
            interactor: interactor, viewController: viewController, navigationController: navigationController,
            profileBuilder: ProfileBuilder(dependency: dependency))
    }
}
