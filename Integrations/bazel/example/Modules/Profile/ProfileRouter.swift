import Core
import RIBs

protocol ProfileInteractable: Interactable {
    var router: ProfileRouting? { get set }
}

protocol ProfileViewControllable: ViewControllable {}

final class ProfileRouter: BaseRouter<ProfileInteractable, ProfileViewControllable>, ProfileRouting {
    override init(interactor: ProfileInteractable, viewController: ProfileViewControllable) {
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }
}
