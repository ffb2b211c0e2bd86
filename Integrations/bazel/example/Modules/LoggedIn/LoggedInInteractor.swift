import Feed
import Profile
import RIBs

public protocol LoggedInRouting: Routing {
    func routeToFeed()
    func routeToProfile()
}

public protocol LoggedInListener: AnyObject {
    func loggedInDidSignOut()
}

final class LoggedInInteractor: Interactor, LoggedInInteractable {
    weak var router: LoggedInRouting?
    weak var listener: LoggedInListener?

    override func didBecomeActive() {
        super.didBecomeActive()
        router?.routeToFeed()
    }

    func feedDidClose() {
        router?.routeToProfile()
    }

    func profileDidSignOut() {
        listener?.loggedInDidSignOut()
    }
}
