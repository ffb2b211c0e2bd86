import ComposableArchitecture
import ComposableRIBs

struct AccountsBuilder: AccountsBuildable {
    private let payeeBuilder: any PayeeBuildable

    init(payeeBuilder: any PayeeBuildable = PayeeBuilder()) {
        self.payeeBuilder = payeeBuilder
    }

    func build(with dependency: any AccountsDependency) -> any AccountsRouting {
        AccountsRouter(
            interactor: TCAInteractor(initialState: AccountsFeature.State()) { AccountsFeature() },
            payeeBuilder: payeeBuilder)
    }
}
