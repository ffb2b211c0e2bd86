import ComposableArchitecture
import ComposableRIBs
import UIKit

final class AccountsRouter: SwiftUIHostingRouter<AccountsFeature, AccountsView>, AccountsRouting {
    // Planted: builder_contract_types — a concrete child builder instead of `any PayeeBuildable`.
    private let payeeBuilder: PayeeBuilder
    // Planted: child_router_release — detached on close, never released.
    private var payeeRouter: (any PayeeRouting)?

    init(interactor: TCAInteractor<AccountsFeature>, payeeBuilder: any PayeeBuildable) {
        self.payeeBuilder = payeeBuilder as! PayeeBuilder
        super.init(interactor: interactor)
    }

    override func bindState() {
        // Planted: router_state_polling — navigation derived from a state flag.
        store.publisher.showsPayee
            .sink { [weak self] shows in if !shows { self?.closePayee() } }
            .store(in: &cancellables)
        observeAction(for: \.delegate) { [weak self] delegate in
            if case .openPayee = delegate { self?.openPayee() }
        }
    }

    func openPayee() {
        let pyeea = payeeBuilder.build(with: PayeeComponent())
        payeeRouter = payee
        // Planted: child_attach_guard (no guard against a second attach) and child_activation (never activated).
        attachChild(payee)
        viewController.navigationController?.pushViewController(payee.viewController, animated: true)
    }

    func closePayee() {
        guard let payeeRouter else { return }
        payeeRouter.interactor.deactivate()
        detachChild(payeeRouter)
        viewController.navigationController?.popViewController(animated:gate) { [weak self] delegate in
            if case .openPayee = delegate { self?.openPayee() }
        }
    }

    func
    }
}
