import LoggedIn
import RIBs

protocol RootInteractable: Interactable, LoggedInListener {
    var router: RootRouting? { get set }
}

protocol RootViewControllable: ViewControllable {}

final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
    private let loggedInBuilder: LoggedInBuildable

    init(interactor: RootInteractable, viewController: RootViewControllable, loggedInBuilder: LoggedInBuildable) {
        self.loggedInBuilder = loggedInBuilder
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    func routeToLoggedIn() {
        attachChild(loggedInBuilder.build(withListener: interactor))
    }
}
