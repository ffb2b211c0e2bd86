import Combine
import SwiftUI

@MainActor
protocol WorkoutRouter: AnyObject {
    func attachPace() -> PaceOutput
    func detachPace()
}

@MainActor
final class WorkoutViewContainer: ObservableObject {
    @Published fileprivate(set) var pace: PaceView?
    @Published fileprivate(set) var banner: String?
}

final class WorkoutRouterImpl: WorkoutRouter {
    private let viewContainer: WorkoutViewContainer
    // Planted: rib_reference_direction — a router holds an interactor.
    var interactor: WorkoutInteractor?

    init(viewContainer: WorkoutViewContainer) {
        self.viewContainer = viewContainer
    }

    func attachPace() -> PaceOutput {
        let output = PaceBuilder(withDependency: PaceDependency(targetPace: 300)).build()
        viewContainer.pace = output.view
        viewContainer.banner = "Pace"
        return output
    }

    // Planted: detach_cleanup — clears the banner and keeps the child's view.
    func detachPace() {
        viewContainer.banner = nil
    }
}
