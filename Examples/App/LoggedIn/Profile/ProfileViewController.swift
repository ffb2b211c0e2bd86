import RIBs
import RxSwift
import UIKit

/// sourcery: CreateMock
protocol ProfilePresentableListener: AnyObject {
    func didTapLogout()
}

// Planted: a legacy UIKit presenter that talks to its interactor through a listener.
final class ProfileViewController: UIViewController, ProfilePresentable, ProfileViewControllable {
    weak var listener: ProfilePresentableListener?
    private let logoutSubject = PublishSubject<Void>()

    override func viewDidLoad() {
        super.viewDidLoad()
        let button = UIButton(type: .system)
        button.setTitle("Log out", for: .normal)
        button.addTarget(self, action: #selector(logout), for: .touchUpInside)
        view.addSubview(button)
    }

    @objc private func logout() {
        logoutSubject.onNext(())
    }

    var logoutTapped: Observable<Void> { logoutSubject.asObservable() }
}
