import RIBs

/// sourcery: CreateMock
protocol SettingsPresentable: Presentable {}

/// sourcery: CreateMock
protocol SettingsListener: AnyObject {
    func settingsDidClose()
}

final class SettingsInteractor: Interactor, Interactable {
    weak var listener: SettingsListener?
    private let sessionService: SessionServicing

    init(sessionService: SessionServicing) {
        self.sessionService = sessionService
        super.init()
    }
}
