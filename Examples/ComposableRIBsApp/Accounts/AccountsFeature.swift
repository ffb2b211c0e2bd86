import ComposableArchitecture
import UIKit

@Reducer
struct AccountsFeature {
    @ObservableState
    struct State: Equatable {
        var showsPayee = false
    }

    enum Action {
        case payeeTapped
        case closeTapped
        case delegate(Delegate)

        enum Delegate {
            case openPayee
            case closePayee
        }
    }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .payeeTapped:
                state.showsPayee = true
                return .send(.delegate(.openPayee))
            case .closeTapped:
                state.showsPayee = false
                // Planted: reducer_navigation — the reducer dismisses a screen itself.
                let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
                scene?.windows.first?.rootViewController?.dismiss(animated: true)
                return .send(.delegate(.closePayee))
            case .delegate:
                return .none
            }
        }
    }
}
