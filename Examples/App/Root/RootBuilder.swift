import RIBs

/// sourcery: CreateMock
protocol RootDependency: Dependency {
    var sessionService: SessionServicing { get }
}

final class RootComponent: Component<RootDependency>, LoggedOutDependency, LoggedInDependency {
    var sessionService: SessionServicing { dependency.sessionService }
    let feedService: FeedServicing = FeedService()
}

/// sourcery: CreateMock
protocol RootBuildable: Buildable {
    func build() -> LaunchRouting
}

final class RootBuilder: Builder<RootDependency>, RootBuildable {
    func build() -> LaunchRouting {
        let component = RootComponent(dependency: dependency)
        let viewController = RootViewController()
        let interactor = RootInteractor(sessionService: component.sessionService)
        return RootRouter(
            interactor: interactor,
            viewController: viewController,
            loggedOutBuilder: LoggedOutBuilder(dependency: component),
            loggedInBuilder: LoggedInBuilder(dependency: component))
    }
}
