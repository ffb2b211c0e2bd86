import RIBs

/// sourcery: CreateMock
protocol ProfileDependency: Dependency {
    var sessionService: SessionServicing { get }
}

/// sourcery: CreateMock
protocol ProfileBuildable: Buildable {
    func build(withListener listener: ProfileListener) -> ProfileRouting
}

final class ProfileBuilder: Builder<ProfileDependency>, ProfileBuildable {
    func build(withListener listener: ProfileListener) -> ProfileRouting {
        let viewController = ProfileViewController()
        let interactor = ProfileInteractor(presenter: viewController, dependency: dependency)
        interactor.listener = listener
        return ProfileRouter(interactor: interactor, viewController: viewController)
    }
}
