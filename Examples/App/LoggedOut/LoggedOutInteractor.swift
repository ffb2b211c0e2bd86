import RIBs
import RxSwift

/// sourcery: CreateMock
protocol LoggedOutRouting: ViewableRouting {}

/// sourcery: CreateMock
protocol LoggedOutPresentable: Presentable {
    var loginTapped: Observable<String> { get }
    var isLoading: Binder<Bool> { get }
}

// Planted: a Router-file protocol declared in the Interactor file.
/// sourcery: CreateMock
protocol LoggedOutViewControllable: ViewControllable {}

/// sourcery: CreateMock
protocol LoggedOutListener: AnyObject {
    func didLogIn(userName: String)
}

final class LoggedOutInteractor: PresentableInteractor<LoggedOutPresentable>, LoggedOutInteractable {
    weak var router: LoggedOutRouting?
    // Planted: the parent is held strongly.
    var listener: LoggedOutListener?
    private let sessionService: SessionServicing

    init(presenter: LoggedOutPresentable, sessionService: SessionServicing) {
        self.sessionService = sessionService
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.loginTapped
            .do(onNext: { _ in self.presenter.isLoading.onNext(true) })
            .flatMapLatest { [sessionService] name in sessionService.logIn(name: name) }
            .subscribe(onNext: { user in
                self.presenter.isLoading.onNext(false)
                self.listener?.didLogIn(userName: user.name)
            })
            .disposeOnDeactivate(interactor: self)
    }
}
