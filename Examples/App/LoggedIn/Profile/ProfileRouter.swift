import RIBs
import UIKit

/// sourcery: CreateMock
protocol ProfileInteractable: Interactable, SettingsListener, FeedListener {
    var router: ProfileRouting? { get set }
    var listener: ProfileListener? { get set }
    func confirmLogout()
}

/// sourcery: CreateMock
protocol ProfileViewControllable: ViewControllable {}

final class ProfileRouter: ViewableRouter<ProfileInteractable, ProfileViewControllable>, ProfileRouting {
    private let settingsBuilder: SettingsBuildable
    private let component: ProfileComponent

    init(
        interactor: ProfileInteractable, viewController: ProfileViewControllable, settingsBuilder: SettingsBuildable,
        component: ProfileComponent
    ) {
        self.settingsBuilder = settingsBuilder
        self.component = component
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    // Planted: Settings is attached and never detached.
    func routeToSettings() {
        let settings = settingsBuilder.build(withListener: interactor)
        attachChild(settings)
        viewController.present(settings.viewControllable, animated: true)
    }

    // Planted: the router builds a child builder itself (and Feed builds Profile: a cycle).
    func routeToFeed() {
        let feed = FeedBuilder(dependency: component).build(withListener: interactor, navigationController: UINavigationController())
        attachChild(feed)
        viewController.present(feed.viewControllable, animated: true)
    }

    func routeFromFeed() {
        guard let feed = children.last as? FeedRouting else { return }
        detachChild(feed)
        viewController.dismiss(feed.viewControllable, animated: true)
    }

    func routeToLogoutConfirmation() {
        // Planted: the router builds UI and reaches for a navigation controller it was never given.
        let alert = UIAlertController(title: "Log out?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Log out", style: .destructive) { _ in self.interactor.confirmLogout() })
        viewController.uiviewController.navigationController?.present(alert, animated: true)
        viewController.uiviewController.title = "Profile"
    }
}
