import RIBs

/// sourcery: CreateMock
protocol LoggedInDependency: Dependency {
    var sessionService: SessionServicing { get }
    var feedService: FeedServicing { get }
}

final class LoggedInComponent: Component<LoggedInDependency>, FeedDependency, ProfileDependency {
    let userName: String
    let navigationController: NavigationControllable
    var sessionService: SessionServicing { dependency.sessionService }
    var feedService: FeedServicing { dependency.feedService }

    init(dependency: LoggedInDependency, userName: String, navigationController: NavigationControllable) {
        self.userName = userName
        self.navigationController = navigationController
        super.init(dependency: dependency)
    }
}

/// sourcery: CreateMock
protocol LoggedInBuildable: Buildable {
    func build(withListener listener: LoggedInListener, userName: String, navigationController: NavigationControllable) -> LoggedInRouting
}

final class LoggedInBuilder: Builder<LoggedInDependency>, LoggedInBuildable {
    func build(withListener listener: LoggedInListener, userName: String, navigationController: NavigationControllable) -> LoggedInRouting {
        let component = LoggedInComponent(dependency: dependency, userName: userName, navigationController: navigationController)
        let interactor = LoggedInInteractor(userName: userName)
        interactor.listener = listener
        return LoggedInRouter(
            interactor: interactor,
            navigationController: navigationController,
            feedBuilder: FeedBuilder(dependency: component),
            profileBuilder: ProfileBuilder(dependency: component))
    }
}
