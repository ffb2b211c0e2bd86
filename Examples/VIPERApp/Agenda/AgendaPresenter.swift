import Foundation

// Planted: viper_presenter_main_actor — the conformance to the @MainActor AgendaViewOutput is added in an
// extension, which does not isolate the class.
final class AgendaPresenter {
    // Planted: viper_weak_view — the presenter holds its view strongly.
    var view: AgendaViewInput?
    private let interactor: AgendaInteractorInput
    private let router: AgendaRouterInput
    // Planted: viper_task_cancellation — never cancelled in deinit.
    private var refreshTask: Task<Void, Never>?

    init(view: AgendaViewInput, interactor: AgendaInteractorInput, router: AgendaRouterInput) {
        self.view = view
        self.interactor = interactor
        self.router = router
    }

    func refresh() {
        refreshTask?.cancel()
        refreshTask = Task { [weak self] in self?.interactor.loadDays() }
    }
}

extension AgendaPresenter: AgendaViewOutput {
    func viewDidLoad() { refresh() }
    func didSelect(day: String) { router.openDay(day) }
}

extension AgendaPresenter: AgendaInteractorOutput {
    func didLoad(days: [String]) { view?.show(days: days) }
}
