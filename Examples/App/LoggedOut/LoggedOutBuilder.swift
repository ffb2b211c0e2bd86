import RIBs

/// sourcery: CreateMock
protocol LoggedOutDependency: Dependency {
    var sessionService: SessionServicing { get }
}

final class LoggedOutComponent: Component<LoggedOutDependency> {}

/// sourcery: CreateMock
protocol LoggedOutBuildable: Buildable {
    func build(withListener listener: LoggedOutListener) -> LoggedOutRouting
}

final class LoggedOutBuilder: Builder<LoggedOutDependency>, LoggedOutBuildable {
    func build(withListener listener: LoggedOutListener) -> LoggedOutRouting {
        let viewController = LoggedOutViewController()
        let interactor = LoggedOutInteractor(presenter: viewController, sessionService: dependency.sessionService)
        interactor.listener = listener
        return LoggedOutRouter(interactor: interactor, viewController: viewController)
    }
}
