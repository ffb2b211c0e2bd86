import RIBs

/// sourcery: CreateMock
protocol ProfileDependency: Dependency {
    var sessionService: SessionServicing { get }
}

/// sourcery: CreateMock
protocol ProfileBuildable: Buildable {
    func build(withListener listener: ProfileListener) -> ProfileRouting
}

final class ProfileComponent: Component<ProfileDependency>, SettingsDependency, FeedDependency {
    var sessionService: SessionServicing { dependency.sessionService }
    let feedService: FeedServicing = FeedService()
}

final class ProfileBuilder: Builder<ProfileDependency>, ProfileBuildable {
    func build(withListener listener: ProfileListener) -> ProfileRouting {
        let component = ProfileComponent(dependency: dependency)
        let viewController = ProfileViewController()
        let interactor = ProfileInteractor(presenter: viewController, dependency: dependency)
        interactor.listener = listener
        return ProfileRouter(
            interactor: interactor, viewController: viewController,
            settingsBuilder: SettingsBuilder(dependency: component), component: component)
    }
}
