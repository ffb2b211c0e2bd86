import RIBs
import RxSwift

/// sourcery: CreateMock
protocol RootRouting: LaunchRouting {
    func routeToLoggedIn(userName: String)
    func routeToLoggedOut()
}

final class RootInteractor: Interactor, RootInteractable {
    weak var router: RootRouting?
    private let sessionService: SessionServicing

    init(sessionService: SessionServicing) {
        self.sessionService = sessionService
        super.init()
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        sessionService.currentUser
            .subscribe(onNext: { user in
                if let user {
                    self.router?.routeToLoggedIn(userName: user.name)
                } else {
                    self.router?.routeToLoggedOut()
                }
            })
            .disposeOnDeactivate(interactor: self)
    }

    func didLogIn(userName: String) {
        router?.routeToLoggedIn(userName: userName)
    }

    func didLogOut() {
        router?.routeToLoggedOut()
    }
}
