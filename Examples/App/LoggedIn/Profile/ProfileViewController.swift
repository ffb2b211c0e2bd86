import RIBs
import RxSwift
import SwiftUI

struct ProfileView: View {
    var onLogout: () -> Void = {}

    var body: some View {
        Button("Log out") { onLogout() }
    }
}

final class ProfileViewController: UIHostingController<ProfileView>, ProfilePresentable, ProfileViewControllable {
    private let logoutSubject = PublishSubject<Void>()

    init() {
        super.init(rootView: ProfileView())
        rootView.onLogout = { [weak self] in self?.logoutSubject.onNext(()) }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    var logoutTapped: Observable<Void> { logoutSubject.asObservable() }
}
