import Core
import RIBs
import UIKit

protocol FeedInteractable: Interactable {
    var router: FeedRouting? { get set }
}

protocol FeedViewControllable: ViewControllable {}

final class FeedRouter: BaseRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
    override init(interactor: FeedInteractable, viewController: FeedViewControllable) {
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    func highlight() {
        viewController.uiviewController.view.backgroundColor = .systemYellow
    }
}
