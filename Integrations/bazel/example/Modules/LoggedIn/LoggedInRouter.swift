import Feed
import Profile
import RIBs

protocol LoggedInInteractable: Interactable, FeedListener, ProfileListener {
    var router: LoggedInRouting? { get set }
}

final class LoggedInRouter: Router<LoggedInInteractable>, LoggedInRouting {
    private let feedBuilder: FeedBuildable
    private let profileBuilder: ProfileBuildable
    private var current: ViewableRouting?

    init(interactor: LoggedInInteractable, feedBuilder: FeedBuildable, profileBuilder: ProfileBuildable) {
        self.feedBuilder = feedBuilder
        self.profileBuilder = profileBuilder
        super.init(interactor: interactor)
        interactor.router = self
    }

    func routeToFeed() {
        show(feedBuilder.build(withListener: interactor))
    }

    func routeToProfile() {
        show(profileBuilder.build(withListener: interactor))
    }

    private func show(_ router: ViewableRouting) {
        if let current { detachChild(current) }
        attachChild(router)
        current = router
    }
}
