import ComposableArchitecture
import ComposableRIBs
import SwiftUI

protocol PayeeDependency {}

struct PayeeComponent: PayeeDependency {}

protocol PayeeRouting: RoutableViewControlling {}

protocol PayeeBuildable {
    func build(with dependency: any PayeeDependency) -> any PayeeRouting
}

struct PayeeBuilder: PayeeBuildable {
    func build(with dependency: any PayeeDependency) -> any PayeeRouting {
        PayeeRouter(interactor: TCAInteractor(initialState: PayeeFeature.State()) { PayeeFeature() })
    }
}

final class PayeeRouter: SwiftUIHostingRouter<PayeeFeature, PayeeView>, PayeeRouting {}

@Reducer
struct PayeeFeature {
    struct State: Equatable {}

    enum Action {
        case doneTapped
    }

    var body: some ReducerOf<Self> {
        Reduce { _, _ in .none }
    }
}

struct PayeeView: View {
    let store: StoreOf<PayeeFeature>

    var body: some View {
        Button("Done") { store.send(.doneTapped) }
    }
}
