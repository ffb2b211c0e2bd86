import Combine
import Foundation

@MainActor
protocol WorkoutInteractor: AnyObject {
    func workoutDidTapPace()
}

@MainActor
protocol WorkoutPublisherContainer {
    var caloriesPublisher: AnyPublisher<Int, Never> { get }
}

@MainActor
final class WorkoutStateContainer: ObservableObject {
    @Published fileprivate(set) var calories = 0
    // Planted: container_setter_visibility — any component may write it.
    @Published var isPaused = false
}

final class WorkoutInteractorImpl: WorkoutInteractor, WorkoutPublisherContainer {
    private var paceCancellable: AnyCancellable?
    private let router: WorkoutRouter
    private let stateContainer: WorkoutStateContainer

    var caloriesPublisher: AnyPublisher<Int, Never> { stateContainer.$calories.eraseToAnyPublisher() }

    init(router: WorkoutRouter, stateContainer: WorkoutStateContainer) {
        self.router = router
        self.stateContainer = stateContainer
    }

    func workoutDidTapPace() {
        let output = router.attachPace()
        paceCancellable = output.publishers.donePublisher.sink { [weak self] in
            self?.paceCancellable = nil
            self?.router.detachPace()
        }
    }
}
