import RIBs
import RxSwift
import SwiftUI

final class LoggedOutViewState: ObservableObject {
    @Published var isLoading = false
}

struct LoggedOutView: View {
    @ObservedObject var state: LoggedOutViewState
    var onLogin: (String) -> Void = { _ in }
    @State private var name = ""

    var body: some View {
        VStack {
            TextField("Name", text: $name)
            if state.isLoading { ProgressView() }
            Button("Log in") { onLogin(name) }
        }
    }
}

final class LoggedOutViewController: UIHostingController<LoggedOutView>, LoggedOutPresentable, LoggedOutViewControllable {
    private let state = LoggedOutViewState()
    private let loginSubject = PublishSubject<String>()
    private let disposeBag = DisposeBag()

    init() {
        super.init(rootView: LoggedOutView(state: state))
        rootView.onLogin = { [weak self] name in self?.loginSubject.onNext(name) }
        // Planted: a view controller's subscription captures self strongly.
        loginSubject.subscribe(onNext: { _ in self.state.isLoading = true }).disposed(by: disposeBag)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    var loginTapped: Observable<String> { loginSubject.asObservable() }
    var isLoading: Binder<Bool> { Binder(state) { state, value in state.isLoading = value } }
}
