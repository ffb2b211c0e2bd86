import RibsLintKit
import SwiftSyntax

public struct ChildRouterReleaseRule: Rule {
    public static let description = RuleDescription(
        id: "child_router_release",
        name: "Child Router Release",
        summary: "A router detaches a child it keeps in a stored property and never releases that property.",
        rationale: """
            ComposableRIBs Module Wiring Guide, "Wiring Pipeline": dismissible children are built on demand, and "On close: \
            deactivate, detach, pop/dismiss, and release child reference (`nil`)"; "Common Pitfalls": "Long-lived strong child \
            router references for dismissible flows cause `deinit` leaks"; "Review Checklist": "Dismissible child routers are \
            built on demand and released on close." Holding a child while it is on screen is fine (this replaces the Uber \
            RIBs rule `router_child_reference` here); keeping it after the detach keeps its interactor, store and view \
            alive. A plain Uber RIBs router (no TCA in its file) is not looked at: its rules are the `ribs` profile's.
            """,
        profiles: ["composable-ribs"],
        defaultSeverity: .error,
        triggering: [
            Example("""
                import ComposableRIBs
                import UIKit
                protocol PayeeRouting: RoutableViewControlling {}
                protocol HelpRouting: RoutableViewControlling {}
                protocol TabRouting: RoutableViewControlling {}
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView>, PayeesRouting {
                    private var 1️⃣payeeRouter: (any PayeeRouting)?
                    private let 2️⃣helpRouter: any HelpRouting
                    private var 3️⃣tabs: [any TabRouting] = []
                    private weak var navigationController: UINavigationController?
                    func closePayee() {
                        guard let payee = payeeRouter, let navigationController else { return }
                        deactivateDetachAndPop(payee, in: navigationController, to: viewController, animated: true)
                    }
                    func closeHelp() {
                        helpRouter.interactor.deactivate()
                        detachChild(helpRouter)
                    }
                    func closeTabs() {
                        for tab in tabs {
                            deactivateDetachAndReleaseIfNeeded(tab)
                        }
                    }
                }
                """, messages: [
                    "router keeps child 'payeeRouter' after detaching it; set it to nil when the child closes (for example in the helper's `onRelease:` closure) so the child can deinit",
                    "router keeps child 'helpRouter' after detaching it; make it an optional `var` when the child closes (for example in the helper's `onRelease:` closure) so the child can deinit",
                    "router keeps child 'tabs' after detaching it; remove the child from it when the child closes (for example in the helper's `onRelease:` closure) so the child can deinit",
                ]),
            // Children detached through `forEach`, a loop over a dictionary, and a `case let` binding.
            Example("""
                import ComposableRIBs
                protocol PassRouting: RoutableViewControlling {}
                protocol OfferRouting: RoutableViewControlling {}
                final class WalletRouter: SwiftUIHostingRouter<WalletFeature, WalletView> {
                    private var 1️⃣passRouters: [any PassRouting] = []
                    private var 2️⃣offerRouters: [String: any OfferRouting] = [:]
                    private var 3️⃣promoRouters: [String: any OfferRouting] = [:]
                    private var 4️⃣bannerRouter: (any OfferRouting)?
                    func closeAllPasses() {
                        passRouters.forEach { deactivateDetachAndReleaseIfNeeded($0) }
                    }
                    func closeAllOffers() {
                        for (_, offer) in offerRouters {
                            deactivateDetachAndDismiss(offer, animated: false)
                        }
                    }
                    func closePromos() {
                        promoRouters.values.forEach { promo in
                            promo.interactor.deactivate()
                            detachChild(promo)
                        }
                    }
                    func closeBanner() {
                        if case let banner? = bannerRouter {
                            deactivateDetachAndReleaseIfNeeded(banner)
                        }
                    }
                }
                """, messages: [
                    "router keeps child 'passRouters' after detaching it; remove the child from it when the child closes (for example in the helper's `onRelease:` closure) so the child can deinit",
                    "router keeps child 'offerRouters' after detaching it; remove the child from it when the child closes (for example in the helper's `onRelease:` closure) so the child can deinit",
                    "router keeps child 'promoRouters' after detaching it; remove the child from it when the child closes (for example in the helper's `onRelease:` closure) so the child can deinit",
                    "router keeps child 'bannerRouter' after detaching it; set it to nil when the child closes (for example in the helper's `onRelease:` closure) so the child can deinit",
                ]),
            Example("""
                import ComposableRIBs
                protocol LoanRouting: RoutableViewControlling {}
                final class LoansRouter: SwiftUIHostingRouter<LoansFeature, LoansView>, LoansRouting {
                    private var 1️⃣loanRouters: [Loan.ID: any LoanRouting] = [:]
                    func closeLoan(_ id: Loan.ID) {
                        if let loan = loanRouters[id] {
                            deactivateDetachAndDismiss(loan, animated: true)
                        }
                    }
                }
                """, messages: [
                    "router keeps child 'loanRouters' after detaching it; remove the child from it when the child closes (for example in the helper's `onRelease:` closure) so the child can deinit",
                ]),
        ],
        nonTriggering: [
            // Collections emptied or filtered after the detach: a new empty value, or what is left.
            Example("""
                import ComposableRIBs
                protocol PassRouting: RoutableViewControlling {}
                final class WalletRouter: SwiftUIHostingRouter<WalletFeature, WalletView> {
                    private var passRouters: [any PassRouting] = []
                    private var offerRouters: [String: any PassRouting] = [:]
                    private var cardRouters: [any PassRouting] = []
                    func closeAllPasses() {
                        passRouters.forEach { deactivateDetachAndReleaseIfNeeded($0) }
                        passRouters = .init()
                    }
                    func closeAllOffers() {
                        for (_, offer) in offerRouters { deactivateDetachAndReleaseIfNeeded(offer) }
                        offerRouters = Dictionary()
                    }
                    func closeCard(_ card: any PassRouting) {
                        deactivateDetachAndReleaseIfNeeded(card)
                        cardRouters = cardRouters.filter { $0 !== card }
                    }
                    func closeCards() {
                        cardRouters.forEach { deactivateDetachAndReleaseIfNeeded($0) }
                    }
                }
                """),
            // Released in a closure, in a `defer`, in a helper, with `.none` or `Optional.none`, by removing the element.
            Example("""
                import ComposableRIBs
                import UIKit
                protocol PayeeRouting: RoutableViewControlling {}
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView>, PayeesRouting {
                    private var payeeRouter: (any PayeeRouting)?
                    private var statementRouter: (any PayeeRouting)?
                    private var loanRouters: [Loan.ID: any PayeeRouting] = [:]
                    private var cardRouters: [any PayeeRouting] = []
                    private var helpRouter: (any PayeeRouting)?
                    private var limitRouter: (any PayeeRouting)?
                    private weak var navigationController: UINavigationController?
                    func closePayee() {
                        guard let payeeRouter, let navigationController else { return }
                        deactivateDetachAndPop(payeeRouter, in: navigationController, to: viewController, animated: true,
                            onRelease: { [weak self] in self?.payeeRouter = nil })
                    }
                    func closeStatement() {
                        guard let statement = statementRouter else { return }
                        deactivateDetachAndDismiss(statement, animated: true)
                        forgetStatement()
                    }
                    private func forgetStatement() { statementRouter = .none }
                    func closeLimit() {
                        guard let limit = limitRouter else { return }
                        deactivateDetachAndDismiss(limit, animated: true)
                        limitRouter = Optional.none
                    }
                    func closeLoan(_ id: Loan.ID) {
                        defer { loanRouters.removeValue(forKey: id) }
                        if let loan = loanRouters[id] { deactivateDetachAndReleaseIfNeeded(loan) }
                    }
                    func closeCard(_ card: any PayeeRouting) {
                        deactivateDetachAndReleaseIfNeeded(card)
                        cardRouters.removeAll { $0 === card }
                    }
                    func closeHelp() {
                        if let help = helpRouter { detachChild(help) }
                    }
                }
                extension PayeesRouter {
                    func forgetHelp() { helpRouter = nil }
                }
                """),
            // Weak children (the `children` array owns them), children that stay for good, builders, locals.
            Example("""
                import ComposableRIBs
                protocol DetailRouting: RoutableViewControlling {}
                final class AccountsRouter: SwiftUIHostingRouter<AccountsFeature, AccountsView>, AccountsRouting {
                    private weak var detailRouter: (any DetailRouting)?
                    private let balanceHeader: any DetailRouting
                    private let detailBuilder: any DetailBuildable
                    func closeDetail() {
                        guard let detailRouter else { return }
                        detailRouter.interactor.deactivate()
                        detachChild(detailRouter)
                    }
                    func swap(with dependency: any DetailDependency) {
                        let detail = detailBuilder.build(with: dependency)
                        attachActivate(detail)
                        deactivateDetachAndReleaseIfNeeded(detail)
                    }
                }
                """),
            // A plain Uber RIBs router without TCA: the `ribs` profile's business, silent here.
            Example("""
                import RIBs
                final class SettingsRouter: ViewableRouter<SettingsInteractable, SettingsViewControllable>, SettingsRouting {
                    private var profileRouter: ViewableRouting?
                    func detachProfile() {
                        guard let profileRouter else { return }
                        detachChild(profileRouter)
                    }
                }
                """),
        ])

    static let detaching = ["detachChild", "deactivateDetachAndPop", "deactivateDetachAndDismiss", "deactivateDetachAndReleaseIfNeeded"]
    static let removing: Set<String> = ["removeAll", "remove", "removeValue", "removeFirst", "removeLast", "popLast", "popFirst"]

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard !file.isTestFile, Self.detaching.contains(where: file.contains) else { return [] }
        let roles = ComposableRoles.of(file)
        return roles.routers().flatMap { group -> [Violation] in
            let children = group.flatMap { TypeDeclaration.storedProperties(of: $0.members) }.filter { property in
                !property.isStatic && !property.isWeak && roles.routerType(in: property.type) != nil
            }
            guard !children.isEmpty else { return [] }
            var detached = Set<String>()
            var released = Set<String>()
            for router in group {
                for call in file.calls(named: Self.detaching, in: router.members) where call.isCalledOnSelf {
                    if let argument = call.arguments.first?.expression, let property = roles.storedProperty(referencedBy: argument) {
                        detached.insert(property)
                    }
                }
                released.formUnion(Self.releases(in: router, file: file))
            }
            return children.compactMap { child -> Violation? in
                guard detached.contains(child.name), child.isLet || !released.contains(child.name) else { return nil }
                let isCollection = child.type.map { type in
                    type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self)
                        || ["Array", "Dictionary", "Set"].contains(type.as(IdentifierTypeSyntax.self)?.name.text ?? "")
                } ?? (child.initializer?.is(ArrayExprSyntax.self) == true || child.initializer?.is(DictionaryExprSyntax.self) == true)
                let fix = child.isLet ? "make it an optional `var`" : isCollection ? "remove the child from it" : "set it to nil"
                return Violation(
                    at: child.nameNode,
                    "router keeps child '\(child.name)' after detaching it; \(fix) when the child closes "
                        + "(for example in the helper's `onRelease:` closure) so the child can deinit")
            }
        }
    }

    /// `.init()`, `[any PassRouting]()`, `[String: any PassRouting]()`, `Dictionary()`, `Array<any PassRouting>()`.
    static func makesEmptyCollection(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.arguments.isEmpty, call.trailingClosure == nil else { return false }
        var called = call.calledExpression
        if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
        if let member = called.as(MemberAccessExprSyntax.self) { return member.base == nil && member.declName.baseName.tokenKind == .keyword(.`init`) }
        if called.is(ArrayExprSyntax.self) || called.is(DictionaryExprSyntax.self) { return true }
        return ["Array", "Dictionary", "Set", "ContiguousArray"].contains(called.as(DeclReferenceExprSyntax.self)?.baseName.text ?? "")
    }

    /// Properties the type's code releases: `x = nil`, `x = .none`, `x[id] = nil`, `x = []`, `x.removeAll …`.
    static func releases(in router: TypeDeclaration, file: LintFile) -> Set<String> {
        final class Finder: TypeBodyVisitor {
            var names = Set<String>()
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                for (index, element) in elements.enumerated() where element.is(AssignmentExprSyntax.self) && index > 0 {
                    guard index + 1 < elements.count, let name = ComposableRoles.rootName(elements[index - 1]) else { continue }
                    let value = elements[index + 1]
                    let isEmpty = value.is(NilLiteralExprSyntax.self)
                        || value.as(MemberAccessExprSyntax.self).map { member in
                            // `.none`, `Optional.none`.
                            member.declName.baseName.text == "none"
                                && (member.base == nil || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Optional")
                        } == true
                        || value.as(ArrayExprSyntax.self)?.elements.isEmpty == true
                        || value.is(DictionaryExprSyntax.self) && value.as(DictionaryExprSyntax.self)?.content.is(TokenSyntax.self) == true
                        // `.init()`, `[any PassRouting]()`, `Dictionary()`: a new, empty collection.
                        || value.as(FunctionCallExprSyntax.self).map(ChildRouterReleaseRule.makesEmptyCollection) == true
                        // `routers = routers.filter { … }`: what is left after the closed child is taken out.
                        || value.as(FunctionCallExprSyntax.self).map { call in
                            ["filter", "dropLast", "dropFirst"].contains(call.calledName ?? "") && call.receiver.flatMap(ComposableRoles.rootName) == name
                        } == true
                    if isEmpty { names.insert(name) }
                }
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let name = node.calledName, ChildRouterReleaseRule.removing.contains(name), let receiver = node.receiver,
                    let property = ComposableRoles.rootName(receiver)
                {
                    names.insert(property)
                }
                return .visitChildren
            }
        }
        let finder = Finder()
        finder.walk(router.members)
        return finder.names
    }
}
