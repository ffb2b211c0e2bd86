import ComposableArchitecture
import SwiftUI

struct AccountsView: View {
    let store: StoreOf<AccountsFeature>
    // Planted: view_router_reference — a view holds its router.
    let router: any AccountsRouting

    var body: some View {
        Button("Payee") { store.send(.payeeTapped) }
    }
}
