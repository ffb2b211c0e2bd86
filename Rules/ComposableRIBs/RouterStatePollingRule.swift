import RibsLintKit
import SwiftSyntax

public struct RouterStatePollingRule: Rule {
    public static let description = RuleDescription(
        id: "router_state_polling",
        name: "Router State Polling",
        summary: "A router subscribes to store state to decide navigation instead of observing delegate actions.",
        rationale: """
            ComposableRIBs Module Wiring Guide, "Common Pitfalls": "State-flag polling for routing (`showX`, `shouldClose`) \
            creates implicit coupling and stale transitions." The guide's router maps delegate actions to UIKit transitions \
            (`observeAction(for: \\.delegate)`): each transition happens once, when the reducer asks for it. A router \
            watching `showsPINPad` replays stale flags on resubscription and must reset them behind the reducer's back. \
            State-driven routing is the documented fallback, hence a warning.
            """,
        profiles: ["composable-ribs"],
        defaultSeverity: .warning,
        triggering: [
            Example("""
                import Combine
                import ComposableArchitecture
                import ComposableRIBs
                final class TransferRouter: SwiftUIHostingRouter<TransferFeature, TransferView>, TransferRouting {
                    private let store: StoreOf<TransferFeature>
                    private let viewStore: ViewStoreOf<TransferFeature>
                    override func bindState() {
                        viewStore.1️⃣publisher.showsPINPad
                            .sink { [weak self] shows in if shows { self?.openPINPad() } }
                            .store(in: &cancellables)
                        store.2️⃣publisher
                            .selectedCardID
                            .removeDuplicates()
                            .sink { [weak self] _ in self?.openCard() }
                            .store(in: &cancellables)
                        ViewStore(store, observe: { $0 }).3️⃣publisher.isReviewingTransfer
                            .sink { _ in }
                            .store(in: &cancellables)
                        4️⃣observe { [weak self] in
                            if self?.store.shouldClose == true { self?.close() }
                        }
                    }
                    private func openPINPad() {}
                    private func openCard() {}
                    private func close() {}
                }
                """, messages: [
                    "router 'TransferRouter' derives navigation from store state; have the reducer send a delegate action and route from `observeAction(for: \\.delegate)`",
                    "router 'TransferRouter' derives navigation from store state; have the reducer send a delegate action and route from `observeAction(for: \\.delegate)`",
                    "router 'TransferRouter' derives navigation from store state; have the reducer send a delegate action and route from `observeAction(for: \\.delegate)`",
                    "router 'TransferRouter' derives navigation from store state; have the reducer send a delegate action and route from `observeAction(for: \\.delegate)`",
                ]),
        ],
        nonTriggering: [
            Example("""
                import Combine
                import ComposableArchitecture
                import ComposableRIBs
                final class TransferRouter: SwiftUIHostingRouter<TransferFeature, TransferView>, TransferRouting {
                    private let store: StoreOf<TransferFeature>
                    override func bindState() {
                        observeAction(for: \\.delegate) { [weak self] delegate in
                            guard let self else { return }
                            let id = self.store.withState(\\.transfer.id)
                            let viewStore = ViewStore(self.store, observe: { $0 })
                            if viewStore.showsPINPad { self.openPINPad(id) }
                        }
                        Timer.publish(every: 60, on: .main, in: .common).autoconnect()
                            .sink { _ in }
                            .store(in: &cancellables)
                    }
                    private func openPINPad(_ id: Transfer.ID) {}
                }
                """),
            // Views and reducers observe state: that is their job.
            Example("""
                import ComposableArchitecture
                import SwiftUI
                struct TransferView: View {
                    let store: StoreOf<TransferFeature>
                    var body: some View {
                        Text("Transfer").onReceive(ViewStore(store, observe: { $0 }).publisher.isReviewingTransfer) { _ in }
                    }
                }
                """),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard !file.isTestFile, file.contains("publisher") || file.contains("observe") else { return [] }
        let roles = ComposableRoles.of(file)
        var violations: [Violation] = []
        for router in roles.routers().joined() {
            for token in file.tokens(spelled: "publisher", in: router.members) {
                guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.id == token.id,
                    let base = member.base, roles.isStore(base), !member.isInNestedType(below: Syntax(router.members))
                else { continue }
                violations.append(Violation(at: member.declName, message(router.name)))
            }
            for call in file.calls(named: ["observe"], in: router.members) where call.isCalledOnSelf && call.arguments.isEmpty {
                guard let closure = call.trailingClosure, !file.tokens(spelled: "store", in: closure).isEmpty else { continue }
                violations.append(Violation(at: call.nameNode, message(router.name)))
            }
        }
        return violations
    }

    private func message(_ router: String) -> String {
        "router '\(router)' derives navigation from store state; have the reducer send a delegate action and route from "
            + "`observeAction(for: \\.delegate)`"
    }
}
