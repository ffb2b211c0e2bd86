import RIBs
import UIKit

/// sourcery: CreateMock
protocol ProfileInteractable: Interactable {
    var router: ProfileRouting? { get set }
    var listener: ProfileListener? { get set }
    func confirmLogout()
}

/// sourcery: CreateMock
protocol ProfileViewControllable: ViewControllable {}

final class ProfileRouter: ViewableRouter<ProfileInteractable, ProfileViewControllable>, ProfileRouting {
    override init(interactor: ProfileInteractable, viewController: ProfileViewControllable) {
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    func routeToLogoutConfirmation() {
        // Planted: the router builds UI and reaches for a navigation controller it was never given.
        let alert = UIAlertController(title: "Log out?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Log out", style: .destructive) { _ in self.interactor.confirmLogout() })
        viewController.uiviewController.navigationController?.present(alert, animated: true)
        viewController.uiviewController.title = "Profile"
    }
}
