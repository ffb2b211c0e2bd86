import RIBs
import RxSwift
import SwiftUI

final class FeedViewState: ObservableObject {
    @Published var items: [FeedItem] = []
}

struct FeedView: View {
    @ObservedObject var state: FeedViewState
    var onProfile: () -> Void = {}

    var body: some View {
        List(state.items) { item in Text(item.title) }
            .toolbar { Button("Profile") { onProfile() } }
    }
}

final class FeedViewController: UIHostingController<FeedView>, FeedPresentable, FeedViewControllable {
    private let state = FeedViewState()
    private let profileSubject = PublishSubject<Void>()

    init() {
        super.init(rootView: FeedView(state: state))
        rootView.onProfile = { [weak self] in self?.profileSubject.onNext(()) }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    var items: Binder<[FeedItem]> { Binder(state) { state, items in state.items = items } }
    var profileTapped: Observable<Void> { profileSubject.asObservable() }

    // Planted: the override of viewDidDisappear calls the wrong super method.
    override func viewDidDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
    }
}
