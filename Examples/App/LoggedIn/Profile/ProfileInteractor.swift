import RIBs
import RxSwift
// Planted: business logic that can see UIKit.
import UIKit

/// sourcery: CreateMock
protocol ProfileRouting: ViewableRouting {
    func routeToLogoutConfirmation()
    func routeToSettings()
    func routeToFeed()
}

/// sourcery: CreateMock
protocol ProfilePresentable: Presentable {
    var logoutTapped: Observable<Void> { get }
}

protocol ProfileListener: AnyObject {
    func profileDidClose()
    func profileDidLogOut()
}

final class ProfileInteractor: PresentableInteractor<ProfilePresentable>, ProfileInteractable {
    weak var router: ProfileRouting?
    weak var listener: ProfileListener?
    private let sessionService: SessionServicing

    // Planted: the interactor takes the whole dependency instead of the one service it uses.
    init(presenter: ProfilePresentable, dependency: ProfileDependency) {
        self.sessionService = dependency.sessionService
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.logoutTapped
            .subscribe(onNext: { self.router?.routeToLogoutConfirmation() })
            .disposeOnDeactivate(interactor: self)
    }

    func confirmLogout() {
        sessionService.logOut()
        listener?.profileDidLogOut()
    }
}
