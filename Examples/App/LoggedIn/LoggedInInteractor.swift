import RIBs

/// sourcery: CreateMock
protocol LoggedInRouting: Routing {
    func routeToFeed()
    func routeToProfile()
    func routeFromProfile()
    func cleanupViews()
}

/// sourcery: CreateMock
protocol LoggedInListener: AnyObject {
    func didLogOut()
}

/// View-less: LoggedIn owns the navigation stack its children are pushed on.
final class LoggedInInteractor: Interactor, LoggedInInteractable {
    weak var router: LoggedInRouting?
    weak var listener: LoggedInListener?
    private let userName: String

    init(userName: String) {
        self.userName = userName
        super.init()
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        router?.routeToFeed()
    }

    override func willResignActive() {
        super.willResignActive()
        router?.cleanupViews()
    }

    func feedDidSelectProfile() { router?.routeToProfile() }
    func profileDidClose() { router?.routeFromProfile() }
    func profileDidLogOut() { listener?.didLogOut() }
}
