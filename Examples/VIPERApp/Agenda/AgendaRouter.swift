import UIKit

final class AgendaRouter: AgendaRouterInput {
    weak var viewController: UIViewController?

    func openDay(_ day: String) {
        let detail = UIViewController()
        detail.title = day
        viewController?.navigationController?.pushViewController(detail, animated: true)
    }
}
