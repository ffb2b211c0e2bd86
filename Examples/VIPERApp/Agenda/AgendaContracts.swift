import UIKit

// Planted: viper_presenter_main_actor — the view protocol is not @MainActor.
protocol AgendaViewInput: AnyObject {
    func show(days: [String])
}

@MainActor
protocol AgendaViewOutput: AnyObject {
    func viewDidLoad()
    func didSelect(day: String)
}

protocol AgendaInteractorInput: AnyObject {
    func loadDays()
}

protocol AgendaInteractorOutput: AnyObject {
    func didLoad(days: [String])
}

protocol AgendaRouterInput: AnyObject {
    func openDay(_ day: String)
}
