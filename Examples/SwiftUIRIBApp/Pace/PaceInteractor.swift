import Combine
import RIBs

@MainActor
protocol PaceInteractor: AnyObject {
    func paceDidTapDone()
}

@MainActor
protocol PacePublisherContainer {
    var donePublisher: AnyPublisher<Void, Never> { get }
}

@MainActor
final class PaceStateContainer: ObservableObject {
    @Published fileprivate(set) var secondsPerKilometer = 300
}

// Planted: rib_superclass — a half-migrated interactor still inherits RIBs' lifecycle class.
final class PaceInteractorImpl: Interactor, PaceInteractor, PacePublisherContainer {
    private let stateContainer: PaceStateContainer
    private let done = PassthroughSubject<Void, Never>()

    var donePublisher: AnyPublisher<Void, Never> { done.eraseToAnyPublisher() }

    init(stateContainer: PaceStateContainer) {
        self.stateContainer = stateContainer
    }

    func paceDidTapDone() {
        done.send(())
    }
}
