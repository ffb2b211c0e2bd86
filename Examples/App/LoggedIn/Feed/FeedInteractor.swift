import RIBs
import RxSwift

/// sourcery: CreateMock
protocol FeedRouting: ViewableRouting {}

/// sourcery: CreateMock
protocol FeedPresentable: Presentable {
    var items: Binder<[FeedItem]> { get }
    var profileTapped: Observable<Void> { get }
}

/// sourcery: CreateMock

protocol FeedListener: AnyObject {
    func feedDidSelectProfile()
}

final class FeedInteractor: PresentableInteractor<FeedPresentable>, FeedInteractable {
    weak var router: FeedRouting?
    weak var listener: FeedListener?
    private let feedService: FeedServicing
    // Planted: a bag outlives deactivation; the subscriptions keep firing.
    private let disposeBag = DisposeBag()

    init(presenter: FeedPresentable, feedService: FeedServicing) {
        self.feedService = feedService
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        feedService.items
            .bind(to: presenter.items)
            .disposed(by: disposeBag)
        presenter.profileTapped
            .subscribe(onNext: { self.listener?.feedDidSelectProfile() })
            .disposeOnDeactivate(interactor: self)
    }
}
