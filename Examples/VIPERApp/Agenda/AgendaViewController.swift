import UIKit

final class AgendaViewController: UITableViewController, AgendaViewInput {
    var output: AgendaViewOutput?
    private var days: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        output?.viewDidLoad()
    }

    func show(days: [String]) {
        self.days = days
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        // Planted: viper_view_service_access — the view goes to the data layer itself.
        let service = CalendarService()
        _ = service.days(from: days[indexPath.row])
        output?.didSelect(day: days[indexPath.row])
    }
}
