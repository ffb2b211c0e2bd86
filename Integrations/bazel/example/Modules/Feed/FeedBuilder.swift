import RIBs

public protocol FeedDependency: Dependency {}

final class FeedComponent: Component<FeedDependency> {}

public protocol FeedBuildable: Buildable {
    func build(withListener listener: FeedListener) -> FeedRouting
}

public final class FeedBuilder: Builder<FeedDependency>, FeedBuildable {
    public func build(withListener listener: FeedListener) -> FeedRouting {
        let viewController = FeedViewController()
        let interactor = FeedInteractor(presenter: viewController)
        interactor.listener = listener
        return FeedRouter(interactor: interactor, viewController: viewController)
    }
}
