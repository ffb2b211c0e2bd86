import UIKit

enum AgendaAssembly {
    static func build(calendar: CalendarServiceProtocol) -> UIViewController {
        let view = AgendaViewController()
        let interactor = AgendaInteractor(calendar: calendar)
        let router = AgendaRouter()
        let presenter = AgendaPresenter(view: view, interactor: interactor, router: router)
        view.output = presenter
        interactor.output = presenter
        router.viewController = view
        return view
    }
}
