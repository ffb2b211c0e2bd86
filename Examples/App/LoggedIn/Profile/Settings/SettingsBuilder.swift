import RIBs

/// sourcery: CreateMock
protocol SettingsDependency: Dependency {
    var sessionService: SessionServicing { get }
}

/// sourcery: CreateMock
protocol SettingsBuildable: Buildable {
    func build(withListener listener: SettingsListener) -> ViewableRouting
}

/// Planted: Settings has no Router, and its view-having interactor extends plain Interactor.
final class SettingsBuilder: Builder<SettingsDependency>, SettingsBuildable {
    func build(withListener listener: SettingsListener) -> ViewableRouting {
        let viewController = SettingsViewController()
        let interactor = SettingsInteractor(sessionService: dependency.sessionService)
        interactor.listener = listener
        return ViewableRouter(interactor: interactor, viewController: viewController)
    }
}
