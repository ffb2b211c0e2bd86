import RIBs
import UIKit

/// sourcery: CreateMock
protocol RootInteractable: Interactable, LoggedOutListener, LoggedInListener {
    var router: RootRouting? { get set }
}

/// sourcery: CreateMock
protocol RootViewControllable: ViewControllable {
    func replaceModal(viewController: ViewControllable?)
}

final class RootViewController: UIViewController, RootViewControllable {
    func replaceModal(viewController: ViewControllable?) {
        presentedViewController?.dismiss(animated: false)
        if let viewController {
            present(viewController.uiviewController, animated: false)
        }
    }
}

/// The view-less root of the app: it swaps LoggedOut and LoggedIn for each other.
final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
    private let loggedOutBuilder: LoggedOutBuildable
    private let loggedInBuilder: LoggedInBuildable

    init(
        interactor: RootInteractable,
        viewController: RootViewControllable,
        loggedOutBuilder: LoggedOutBuildable,
        loggedInBuilder: LoggedInBuildable
    ) {
        self.loggedOutBuilder = loggedOutBuilder
        self.loggedInBuilder = loggedInBuilder
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    func routeToLoggedOut() {
        detachCurrentChild()
        let loggedOut = loggedOutBuilder.build(withListener: interactor)
        attachChild(loggedOut)
        viewController.replaceModal(viewController: loggedOut.viewControllable)
    }

    func routeToLoggedIn(userName: String) {
        detachCurrentChild()
        let navigationController = UINavigationController()
        let loggedIn = loggedInBuilder.build(
            withListener: interactor, userName: userName, navigationController: navigationController)
        attachChild(loggedIn)
        viewController.replaceModal(viewController: navigationController)
    }

    private func detachCurrentChild() {
        guard let current = children.first else { return }
        detachChild(current)
        viewController.replaceModal(viewController: nil)
    }
}
