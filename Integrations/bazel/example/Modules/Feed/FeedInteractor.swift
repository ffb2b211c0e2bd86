import RIBs

public protocol FeedRouting: ViewableRouting {}

protocol FeedPresentable: Presentable {}

public protocol FeedListener: AnyObject {
    func feedDidClose()
}

final class FeedInteractor: PresentableInteractor<FeedPresentable>, FeedInteractable {
    weak var router: FeedRouting?
    weak var listener: FeedListener?

    func close() {
        listener?.feedDidClose()
    }
}
