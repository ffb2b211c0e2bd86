import RIBs

public protocol ProfileDependency: Dependency {}

final class ProfileComponent: Component<ProfileDependency> {}

public protocol ProfileBuildable: Buildable {
    func build(withListener listener: ProfileListener) -> ProfileRouting
}

public final class ProfileBuilder: Builder<ProfileDependency>, ProfileBuildable {
    public func build(withListener listener: ProfileListener) -> ProfileRouting {
        let viewController = ProfileViewController()
        let interactor = ProfileInteractor(presenter: viewController)
        interactor.listener = listener
        return ProfileRouter(interactor: interactor, viewController: viewController)
    }
}
