import Foundation

final class AgendaInteractor: AgendaInteractorInput {
    weak var output: AgendaInteractorOutput?
    private let calendar: CalendarServiceProtocol
    // Planted: viper_interactor_navigation — the interactor takes a router.
    var router: AgendaRouterInput?

    init(calendar: CalendarServiceProtocol) {
        self.calendar = calendar
    }

    func loadDays() {
        // Planted: viper_singleton_injection — a global singleton instead of an injected protocol.
        let today = CalendarCache.shared.today
        output?.didLoad(days: calendar.days(from: today))
        if calendar.days(from: today).isEmpty {
            router?.openDay(today)
        }
    }
}
