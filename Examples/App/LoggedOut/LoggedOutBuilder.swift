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

extension LoggedOutBuilder {
    /// Planted (builder_builds_one_router, a custom rule of .ribslint.yml): one build method makes the RIB's router
    /// twice, for the screen and for a preview.
    func buildWithPreview(withListener listener: LoggedOutListener) -> (LoggedOutRouting, LoggedOutRouting) {
        let viewController = LoggedOutViewController()
        let interactor = LoggedOutInteractor(presenter: viewController, sessionService: dependency.sessionService)
        interactor.listener = listener
        let preview = LoggedOutRouter(interactor: interactor, viewController: LoggedOutViewController())
        return (LoggedOutRouter(interactor: interactor, viewController: viewController), preview)
    }
}
