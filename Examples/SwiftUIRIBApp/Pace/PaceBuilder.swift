import SwiftUI

// Planted: dependency_container_struct — the builder's dependency container is a class.
final class PaceDependency {
    let targetPace: Int

    init(targetPace: Int) {
        self.targetPace = targetPace
    }
}

struct PaceOutput {
    let view: PaceView
    let publishers: PacePublisherContainer
}

@MainActor
final class PaceBuilder {
    private let dependency: PaceDependency

    init(withDependency dependency: PaceDependency) {
        self.dependency = dependency
    }

    func build() -> PaceOutput {
        let stateContainer = PaceStateContainer()
        _ = PaceRouterImpl(viewContainer: PaceViewContainer())
        let interactor = PaceInteractorImpl(stateContainer: stateContainer)
        return PaceOutput(view: PaceView(interactor: interactor, stateContainer: stateContainer), publishers: interactor)
    }
}

struct PaceView: View {
    let interactor: PaceInteractor
    @ObservedObject var stateContainer: PaceStateContainer

    var body: some View {
        Button("Done \(stateContainer.secondsPerKilometer)") { interactor.paceDidTapDone() }
    }
}

@MainActor
protocol PaceRouter: AnyObject {}

@MainActor
final class PaceViewContainer: ObservableObject {}

final class PaceRouterImpl: PaceRouter {
    private let viewContainer: PaceViewContainer

    init(viewContainer: PaceViewContainer) {
        self.viewContainer = viewContainer
    }
}
