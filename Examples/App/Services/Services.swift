import Foundation
import RxSwift

struct User { let name: String }
struct FeedItem: Identifiable { let id: Int; let title: String }

protocol SessionServicing {
    var currentUser: Observable<User?> { get }
    func logIn(name: String) -> Observable<User>
    func logOut()
}

protocol FeedServicing {
    var items: Observable<[FeedItem]> { get }
}

/// A plain service, not a RIB: owning a DisposeBag is right here (seed 000 §7).
final class FeedService: FeedServicing {
    private let subject = BehaviorSubject<[FeedItem]>(value: [])
    private let disposeBag = DisposeBag()
    var items: Observable<[FeedItem]> { subject.asObservable() }

    init() {
        Observable.just([FeedItem(id: 1, title: "Welcome")])
            .bind(to: subject)
            .disposed(by: disposeBag)
    }
}
