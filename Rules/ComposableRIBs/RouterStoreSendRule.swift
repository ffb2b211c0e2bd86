import RibsLintKit
import SwiftSyntax

public struct RouterStoreSendRule: Rule {
    public static let description = RuleDescription(
        id: "router_store_send",
        name: "Router Store Send",
        summary: "A router dispatches feature actions with `send` on a store.",
        rationale: """
            ComposableRIBs Module Wiring Guide, "Boundary Rules": "Router code must not dispatch feature actions directly with \
            `store.send`", and "Review Checklist": "Router does not send feature actions directly." The reducer owns state; a \
            router that sends actions drives the feature from the outside, behind the reducer's back. Routers listen to \
            delegate actions (`observeAction(for: \\.delegate)`) and navigate; what the feature must learn comes through its \
            dependency or a delegate round trip. Roles come from ComposableRIBs' types (or, in RIBs + TCA modules, Uber \
            RIBs' routers), never from a name: a class called `…Router` that is no router may send.
            """,
        profiles: ["composable-ribs"],
        defaultSeverity: .error,
        triggering: [
            Example("""
                import ComposableArchitecture
                import ComposableRIBs
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView>, PayeesRouting {
                    private let store: StoreOf<PayeesFeature>
                    private let viewStore: ViewStoreOf<PayeesFeature>
                    func refresh() {
                        store.1️⃣send(.refresh)
                        _ = store.2️⃣send(.refresh)
                        viewStore.3️⃣send(.reload)
                        store.scope(state: \\.list, action: \\.list).4️⃣send(.reset)
                        store
                            .5️⃣send(.refresh)
                    }
                    func close() async {
                        await store.6️⃣send(.closed).finish()
                        observeAction(for: \\.delegate) { [weak self] _ in
                            self?.store.7️⃣send(.refresh)
                        }
                    }
                }
                """, messages: [
                    "router 'PayeesRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                    "router 'PayeesRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                    "router 'PayeesRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                    "router 'PayeesRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                    "router 'PayeesRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                    "router 'PayeesRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                    "router 'PayeesRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                ]),
            // Through the interactor, in an extension in another file, and a router known by a contract that
            // refines `RoutableViewControlling` in yet another file.
            Example("""
                // file: Accounts/AccountsRouting.swift
                import ComposableRIBs
                protocol AccountsRouting: RoutableViewControlling {}
                // file: Accounts/AccountsRouter.swift
                import ComposableRIBs
                final class AccountsRouter: BaseRouter, AccountsRouting {
                    let interactor: TCAInteractor<AccountsFeature>
                    init(interactor: TCAInteractor<AccountsFeature>) { self.interactor = interactor }
                }
                // file: Accounts/AccountsRouter+Child.swift
                import ComposableRIBs
                extension AccountsRouter {
                    func openStatement(_ child: any StatementRouting) {
                        interactor.store.1️⃣send(.statementOpened)
                        child.interactor.store.2️⃣send(.appeared)
                    }
                }
                """, messages: [
                    "router 'AccountsRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                    "router 'AccountsRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                ]),
            // A `TCAInteractor` under another name, one cast to it, and a store kept under a type alias.
            Example("""
                import ComposableArchitecture
                import ComposableRIBs
                typealias VaultStore = StoreOf<VaultFeature>
                final class VaultRouter: SwiftUIHostingRouter<VaultFeature, VaultView> {
                    private let feature: TCAInteractor<VaultFeature>
                    private let vault: VaultStore
                    init(interactor: TCAInteractor<VaultFeature>) {
                        self.feature = interactor
                        self.vault = interactor.store
                        super.init(interactor: interactor) { VaultView(store: $0) }
                    }
                    func lock() {
                        feature.store.1️⃣send(.lock)
                        vault.2️⃣send(.lock)
                    }
                    func unlock() {
                        guard let tca = interactor as? TCAInteractor<VaultFeature> else { return }
                        tca.store.3️⃣send(.unlock)
                    }
                }
                """, messages: [
                    "router 'VaultRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                    "router 'VaultRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                    "router 'VaultRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                ]),
            // An interactor of RIBs + TCA, a class of the app's own, keeps a feature's store: a send on it is a send.
            Example("""
                import ComposableArchitecture
                import ComposableRIBs
                protocol LoansRouting: RoutableViewControlling {}
                final class LoansInteractor: PresentableInteractor<LoansPresentable> {
                    let store: StoreOf<LoansFeature>
                }
                final class LoansRouter: SwiftUIHostingRouter<LoansFeature, LoansView>, LoansRouting {
                    private let loansInteractor: LoansInteractor
                    func closeAccount() {
                        loansInteractor.store.1️⃣send(.accountClosed)
                    }
                }
                """, messages: [
                    "router 'LoansRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                ]),
            // A router whose file imports no ComposableRIBs: its contract, declared elsewhere, makes it one.
            Example("""
                // file: Savings/SavingsRouting.swift
                import ComposableRIBs
                protocol SavingsRouting: RoutableViewControlling {}
                // file: Savings/SavingsRouter.swift
                import ComposableArchitecture
                final class SavingsRouter: NSObject, SavingsRouting {
                    let store: StoreOf<SavingsFeature>
                    func openGoal() { store.1️⃣send(.goalOpened) }
                }
                """, messages: [
                    "router 'SavingsRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                ]),
            // A store under a type alias a file of aliases alone declares.
            Example("""
                // file: Cards/CardsTypes.swift
                import ComposableArchitecture
                typealias CardsStore = StoreOf<CardsFeature>
                // file: Cards/CardsRouter.swift
                import ComposableArchitecture
                import ComposableRIBs
                final class CardsRouter: SwiftUIHostingRouter<CardsFeature, CardsView> {
                    private let cardsStore: CardsStore
                    func select(_ id: Int) {
                        cardsStore.1️⃣send(.select(id))
                    }
                }
                """, messages: [
                    "router 'CardsRouter' sends a feature action to a store; let the reducer decide, and route from its delegate actions with `observeAction(for: \\.delegate)`",
                ]),
        ],
        nonTriggering: [
            // A class of the app's own named like an interactor, from a pipeline older than TCA: its `store` is no store.
            Example("""
                import Combine
                import ComposableRIBs
                protocol BalanceRouting: RoutableViewControlling {}
                final class AnalyticsEventStore {
                    func send(_ event: String) {}
                }
                final class AnalyticsInteractor {
                    let store = AnalyticsEventStore()
                }
                final class BalanceRouter: SwiftUIHostingRouter<BalanceFeature, BalanceView>, BalanceRouting {
                    private let analyticsInteractor: AnalyticsInteractor
                    private lazy var trackingInteractor = AnalyticsInteractor()
                    init(interactor: TCAInteractor<BalanceFeature>, analytics: AnalyticsInteractor) {
                        self.analyticsInteractor = analytics
                        super.init(interactor: interactor) { BalanceView(store: $0) }
                    }
                    override func bindState() {
                        observeAction(for: \\.delegate) { [weak self] _ in
                            self?.analyticsInteractor.store.send("balance_changed")
                            self?.trackingInteractor.store.send("balance_changed")
                        }
                    }
                }
                """),
            // Sends on values that are no store.
            Example("""
                import Combine
                import ComposableRIBs
                final class BalanceRouter: SwiftUIHostingRouter<BalanceFeature, BalanceView>, BalanceRouting {
                    private let balance = CurrentValueSubject<Decimal, Never>(0)
                    private let relay: EventRelay
                    func update(total: Decimal, continuation: AsyncStream<Decimal>.Continuation) {
                        balance.send(total)
                        continuation.yield(total)
                        relay.emit(.updated)
                    }
                }
                """),
            // Delegate actions observed, state read once: the intended router side of a feature.
            Example("""
                import ComposableArchitecture
                import ComposableRIBs
                final class LoanRouter: SwiftUIHostingRouter<LoanFeature, LoanView>, LoanRouting {
                    private let store: StoreOf<LoanFeature>
                    override func bindState() {
                        observeAction(for: \\.delegate) { [weak self] delegate in
                            guard let self else { return }
                            let id = self.store.withState(\\.loan.id)
                            self.openDetail(id)
                        }
                    }
                    private func openDetail(_ id: Loan.ID) {}
                }
                """),
            // Views and reducers send: that is how a feature is driven.
            Example("""
                import ComposableArchitecture
                import SwiftUI
                struct TransferView: View {
                    let store: StoreOf<TransferFeature>
                    var body: some View {
                        Button("Send") { store.send(.confirmTapped) }
                    }
                }
                @Reducer
                struct TransferFeature {
                    var body: some ReducerOf<Self> {
                        Reduce { state, action in
                            switch action {
                            case .confirmTapped:
                                return .run { send in await send(.confirmed) }
                            case .confirmed:
                                return .send(.delegate(.transferFinished))
                            default:
                                return .none
                            }
                        }
                    }
                }
                """),
            // Named like a router, but neither inherits nor conforms to ComposableRIBs' types.
            Example("""
                import ComposableArchitecture
                import Foundation
                final class ActivityRouter {
                    private let store: StoreOf<AppFeature>
                    init(store: StoreOf<AppFeature>) { self.store = store }
                    func continueActivity(_ activity: NSUserActivity) {
                        store.send(.continueActivity(activity.activityType))
                    }
                }
                """),
            Example("""
                import ComposableArchitecture
                import ComposableRIBs
                final class PayeesRouterTests {
                    func testRefresh(router: PayeesRouter, store: StoreOf<PayeesFeature>) async {
                        await store.send(.refresh).finish()
                    }
                }
                final class PayeesRouterSpy: SwiftUIHostingRouter<PayeesFeature, PayeesView> {
                    let store: StoreOf<PayeesFeature>
                    func poke() { store.send(.refresh) }
                }
                """, path: "BankTests/PayeesRouterTests.swift"),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard !file.isTestFile, file.contains("send") else { return [] }
        let roles = ComposableRoles.of(file)
        return roles.routers().flatMap { group in
            group.flatMap { router in
                file.calls(named: ["send"], in: router.members).compactMap { call -> Violation? in
                    guard let receiver = call.receiver, roles.isStore(receiver) else { return nil }
                    return Violation(
                        at: call.nameNode,
                        "router '\(router.name)' sends a feature action to a store; let the reducer decide, and route from its "
                            + "delegate actions with `observeAction(for: \\.delegate)`")
                }
            }
        }
    }
}
