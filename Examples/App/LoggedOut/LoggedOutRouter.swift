import RIBs

/// sourcery: CreateMock
protocol LoggedOutInteractable: Interactable {
    var router: LoggedOutRouting? { get set }
    var listener: LoggedOutListener? { get set }
}

final class LoggedOutRouter: ViewableRouter<LoggedOutInteractable, LoggedOutViewControllable>, LoggedOutRouting {
    override init(interactor: LoggedOutInteractable, viewController: LoggedOutViewControllable) {
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }
}

extension LoggedOutRouter {
    /// Planted (router_no_concrete_view_controllers, a custom rule of .ribslint.yml): the router names its screen's
    /// class.
    var isShowingSignIn: Bool { viewController.uiviewController is LoggedOutViewController }
}
