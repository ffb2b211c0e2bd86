import SwiftUI

struct WorkoutDependency {
    let targetCalories: Int
}

struct WorkoutOutput {
    let view: WorkoutView
    let publishers: WorkoutPublisherContainer
}

@MainActor
final class WorkoutBuilder {
    private let dependency: WorkoutDependency

    init(withDependency dependency: WorkoutDependency) {
        self.dependency = dependency
    }

    func build() -> WorkoutOutput {
        let stateContainer = WorkoutStateContainer()
        let viewContainer = WorkoutViewContainer()
        let router = WorkoutRouterImpl(viewContainer: viewContainer)
        let interactor = WorkoutInteractorImpl(router: router, stateContainer: stateContainer)
        let view = WorkoutView(interactor: interactor, stateContainer: stateContainer, viewContainer: viewContainer)
        return WorkoutOutput(view: view, publishers: interactor)
    }
}
