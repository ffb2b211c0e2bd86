import RIBs

public protocol ProfileRouting: ViewableRouting {}

protocol ProfilePresentable: Presentable {}

public protocol ProfileListener: AnyObject {
    func profileDidSignOut()
}

final class ProfileInteractor: PresentableInteractor<ProfilePresentable>, ProfileInteractable {
    weak var router: ProfileRouting?
    var listener: ProfileListener?

    func signOut() {
        listener?.profileDidSignOut()
    }
}
