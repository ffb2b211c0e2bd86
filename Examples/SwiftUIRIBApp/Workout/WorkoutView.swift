import SwiftUI

struct WorkoutView: View {
    let interactor: WorkoutInteractor
    @ObservedObject var stateContainer: WorkoutStateContainer
    @ObservedObject var viewContainer: WorkoutViewContainer

    var body: some View {
        VStack {
            Text("\(stateContainer.calories) kcal")
            Button("Pace") { interactor.workoutDidTapPace() }
            if let pace = viewContainer.pace { pace }
        }
    }
}
