import UIKit

// A module written the way the VIPER Playbook asks: no finding here.
@MainActor
protocol SettingsViewInput: AnyObject {
    func show(name: String)
}

@MainActor
protocol SettingsViewOutput: AnyObject {
    func viewDidLoad()
}

protocol SettingsInteractorInput: AnyObject {
    func loadName() async -> String
}

@MainActor
final class SettingsPresenter: SettingsViewOutput {
    weak var view: SettingsViewInput?
    private let interactor: SettingsInteractorInput
    private var loadTask: Task<Void, Never>?

    init(interactor: SettingsInteractorInput) {
        self.interactor = interactor
    }

    deinit {
        loadTask?.cancel()
    }

    func viewDidLoad() {
        loadTask?.cancel()
        loadTask = Task { [weak self] in
            guard let self else { return }
            let name = await interactor.loadName()
            view?.show(name: name)
        }
    }
}

final class SettingsInteractor: SettingsInteractorInput {
    private let profile: ProfileServiceProtocol

    init(profile: ProfileServiceProtocol) {
        self.profile = profile
    }

    func loadName() async -> String { await profile.name() }
}

final class SettingsViewController: UIViewController, SettingsViewInput {
    var output: SettingsViewOutput?

    override func viewDidLoad() {
        super.viewDidLoad()
        output?.viewDidLoad()
    }

    func show(name: String) { title = name }
}

enum SettingsAssembly {
    static func build(profile: ProfileServiceProtocol) -> UIViewController {
        let view = SettingsViewController()
        let presenter = SettingsPresenter(interactor: SettingsInteractor(profile: profile))
        presenter.view = view
        view.output = presenter
        return view
    }
}
