import LoggedIn
import RIBs

protocol RootRouting: ViewableRouting {
    func routeToLoggedIn()
}

protocol RootPresentable: Presentable {}

final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {
    weak var router: RootRouting?

    override func didBecomeActive() {
        super.didBecomeActive()
        router?.routeToLoggedIn()
    }

    func loggedInDidSignOut() {}
}
