import RibsLintKit
import SwiftSyntax

public struct ChildRouterReleaseRule: ProjectRule {
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
            // A router split into files: the child kept in the class's file, detached in an extension's, through the
            // router's own method that detaches what it is handed, and each element handed to the detach itself.
            Example("""
                // file: Payees/PayeesRouter.swift
                import ComposableRIBs
                protocol PayeeRouting: RoutableViewControlling {}
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView>, PayeesRouting {
                    var 1️⃣payeeRouter: (any PayeeRouting)?
                    private var 2️⃣statementRouter: (any PayeeRouting)?
                    private var 3️⃣tabRouters: [any PayeeRouting] = []
                    func closeStatement() {
                        guard let statementRouter else { return }
                        close(statementRouter)
                    }
                    func closeTabs() {
                        tabRouters.forEach { $0.interactor.deactivate() }
                        tabRouters.forEach(detachChild)
                    }
                    private func close(_ child: any RoutableViewControlling) {
                        child.interactor.deactivate()
                        detachChild(child)
                    }
                }
                // file: Payees/PayeesRouter+Close.swift
                import ComposableRIBs
                extension PayeesRouter {
                    func closePayee() {
                        guard let payee = payeeRouter else { return }
                        deactivateDetachAndReleaseIfNeeded(payee)
                    }
                }
                """, messages: [
                    "router keeps child 'payeeRouter' after detaching it; set it to nil when the child closes (for example in the helper's `onRelease:` closure) so the child can deinit",
                    "router keeps child 'statementRouter' after detaching it; set it to nil when the child closes (for example in the helper's `onRelease:` closure) so the child can deinit",
                    "router keeps child 'tabRouters' after detaching it; remove the child from it when the child closes (for example in the helper's `onRelease:` closure) so the child can deinit",
                ]),
            // Two modules with a router of one name: the release in one module's extension is not the other's.
            Example("""
                // file: Wallet/Payees/PayeesRouter.swift
                import ComposableRIBs
                protocol PayeeRouting: RoutableViewControlling {}
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView> {
                    var 1️⃣payeeRouter: (any PayeeRouting)?
                }
                // file: Wallet/Payees/PayeesRouter+Close.swift
                import ComposableRIBs
                extension PayeesRouter {
                    func closePayee() {
                        guard let payeeRouter else { return }
                        deactivateDetachAndReleaseIfNeeded(payeeRouter)
                    }
                }
                // file: Cards/Payees/PayeesRouter.swift
                import ComposableRIBs
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView> {
                    var payeeRouter: (any PayeeRouting)?
                }
                // file: Cards/Payees/PayeesRouter+Close.swift
                import ComposableRIBs
                extension PayeesRouter {
                    func closePayee() {
                        guard let payeeRouter else { return }
                        deactivateDetachAndReleaseIfNeeded(payeeRouter) { [weak self] in self?.payeeRouter = nil }
                    }
                }
                """, messages: [
                    "router keeps child 'payeeRouter' after detaching it; set it to nil when the child closes (for example in the helper's `onRelease:` closure) so the child can deinit",
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
            // Detached in one extension file and released in another, or released by a method the router calls.
            Example("""
                // file: Payees/PayeesRouter.swift
                import ComposableRIBs
                protocol PayeeRouting: RoutableViewControlling {}
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView>, PayeesRouting {
                    var payeeRouter: (any PayeeRouting)?
                    var helpRouter: (any PayeeRouting)?
                    func closeHelp() {
                        guard let help = helpRouter else { return }
                        deactivateDetachAndReleaseIfNeeded(help)
                        forgetHelp()
                    }
                }
                // file: Payees/PayeesRouter+Close.swift
                import ComposableRIBs
                extension PayeesRouter {
                    func closePayee() {
                        guard let payeeRouter else { return }
                        deactivateDetachAndReleaseIfNeeded(payeeRouter)
                    }
                }
                // file: Payees/PayeesRouter+State.swift
                extension PayeesRouter {
                    func forgetHelp() { helpRouter = nil }
                    func payeeClosed() { payeeRouter = nil }
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

    public static let facts: [any FileFacts.Type] = [ChildRouterFacts.self]

    public init(options: RuleOptions) {}

    /// A router's children are judged with what every file of the project does with them: a router split into
    /// extensions may detach a child in one file and release it in another. Where several modules declare a router of
    /// one name, an extension's uses count for the declaration nearest it, by folder.
    public func violations(in project: Project) -> [ProjectViolation] {
        let files = project.files.compactMap { file in (file.facts[ChildRouterFacts.id] as? ChildRouterFacts).map { (file.path, $0) } }
        var declaredIn: [String: [String]] = [:]
        for (path, facts) in files {
            for type in Set(facts.children.map(\.type)) { declaredIn[type, default: []].append(path) }
        }
        var detached: Set<Use> = []
        var released: Set<Use> = []
        for (path, facts) in files {
            for use in facts.detached {
                for declaration in Self.nearest(declaredIn[use.type] ?? [], to: path) { detached.insert(Use(declaration, use.type, use.property)) }
            }
            for use in facts.released {
                for declaration in Self.nearest(declaredIn[use.type] ?? [], to: path) { released.insert(Use(declaration, use.type, use.property)) }
            }
        }
        return files.flatMap { path, facts in facts.children.map { (path, $0) } }.compactMap { path, child -> ProjectViolation? in
            let use = Use(path, child.type, child.name)
            guard detached.contains(use), child.isLet || !released.contains(use) else { return nil }
            let fix = child.isLet ? "make it an optional `var`" : child.isCollection ? "remove the child from it" : "set it to nil"
            return ProjectViolation(
                at: child.point,
                "router keeps child '\(child.name)' after detaching it; \(fix) when the child closes "
                    + "(for example in the helper's `onRelease:` closure) so the child can deinit")
        }
    }

    /// A property of the router declared in the file at `path`.
    private struct Use: Hashable {
        let path: String
        let type: String
        let property: String

        init(_ path: String, _ type: String, _ property: String) {
            self.path = path
            self.type = type
            self.property = property
        }
    }

    /// The paths among `declarations` sharing the most leading folders with `path`.
    static func nearest(_ declarations: [String], to path: String) -> [String] {
        guard declarations.count > 1 else { return declarations }
        let folders = path.split(separator: "/").dropLast()
        func shared(_ other: String) -> Int {
            zip(folders, other.split(separator: "/").dropLast()).prefix { $0 == $1 }.count
        }
        let best = declarations.map(shared).max() ?? 0
        return declarations.filter { shared($0) == best }
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
