import RibsLintKit
import SwiftSyntax

public struct ChildActivationRule: Rule {
    public static let description = RuleDescription(
        id: "child_activation",
        name: "Child Activation",
        summary: "A ComposableRIBs router attaches a child without activating its interactor, or detaches one without deactivating it.",
        rationale: """
            ComposableRIBs Module Wiring Guide, "Minimal Parent -> Child Example": `attachChild(child)` is followed by \
            `child.interactor.activate()`, and the close path runs `childRouter.interactor.deactivate()` before \
            `detachChild(childRouter)`; "Wiring Pipeline": "On close: deactivate, detach, pop/dismiss". ComposableRIBs' \
            `attachChild` only records the child (unlike Uber RIBs', it does not activate): a child attached alone never \
            starts its feature, and one detached while active keeps its effects running. The framework's helpers \
            (`attachActivate…`, `deactivateDetachAnd…`) do both.
            """,
        profiles: ["composable-ribs"],
        defaultSeverity: .error,
        triggering: [
            Example("""
                import ComposableRIBs
                import UIKit
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView>, PayeesRouting {
                    private let payeeBuilder: any PayeeBuildable
                    private var payeeRouter: (any PayeeRouting)?
                    private var helpRouter: (any HelpRouting)?
                    func openPayee(with dependency: any PayeeDependency) {
                        guard payeeRouter == nil else { return }
                        let payee = payeeBuilder.build(with: dependency)
                        1️⃣attachChild(payee)
                        helpRouter?.interactor.activate()
                        payeeRouter = payee
                    }
                    func closePayee() {
                        guard let payeeRouter else { return }
                        self.2️⃣detachChild(payeeRouter)
                        self.payeeRouter = nil
                    }
                }
                """, messages: [
                    "child is attached but its interactor is never activated; call `child.interactor.activate()` after `attachChild`, or use `attachActivate(_:)`",
                    "child is detached without deactivating its interactor; call `child.interactor.deactivate()` before `detachChild`, or use `deactivateDetachAndReleaseIfNeeded(_:)`",
                ]),
            // A method of that name on another type says nothing of this router's call; one handed another child neither.
            Example("""
                // file: Features/Cards/CardsCoordinator+Lifecycle.swift
                import ComposableRIBs
                extension CardsCoordinator {
                    func start(_ child: any RoutableViewControlling) {
                        child.interactor.activate()
                    }
                }
                // file: Features/Payees/PayeesRouter+Lifecycle.swift
                import ComposableRIBs
                extension PayeesRouter {
                    func show(_ child: any RoutableViewControlling, after other: any RoutableViewControlling) {
                        other.interactor.activate()
                    }
                }
                // file: Features/Payees/PayeesRouter.swift
                import ComposableRIBs
                import UIKit
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView>, PayeesRouting {
                    private let payeeBuilder: any PayeeBuildable
                    private var payeeRouter: (any PayeeRouting)?
                    func openPayee(with dependency: any PayeeDependency, over card: any CardRouting) {
                        let payee = payeeBuilder.build(with: dependency)
                        1️⃣attachChild(payee)
                        start(payee)
                        show(payee, after: card)
                        payeeRouter = payee
                    }
                }
                """, messages: [
                    "child is attached but its interactor is never activated; call `child.interactor.activate()` after `attachChild`, or use `attachActivate(_:)`",
                ]),
            // `super.attachChild` attaches too; an override forwarding to it is no attach of its own.
            Example("""
                import ComposableRIBs
                final class TabsRouter: BaseRouter {
                    private let sectionBuilder: any SectionBuildable
                    private var extraRouter: (any SectionRouting)?
                    func showExtra() {
                        guard extraRouter == nil else { return }
                        let extra = sectionBuilder.build(with: SectionComponent())
                        extraRouter = extra
                        super.1️⃣attachChild(extra)
                    }
                    override func attachChild(_ child: any RoutableViewControlling) {
                        super.attachChild(child)
                        log("attached")
                    }
                }
                """, messages: [
                    "child is attached but its interactor is never activated; call `child.interactor.activate()` after `attachChild`, or use `attachActivate(_:)`",
                ]),
            // A router through the app's own base class, closing in an extension in a file without imports.
            Example("""
                // file: Bank/BankRouter.swift
                import ComposableArchitecture
                import ComposableRIBs
                class BankRouter<Feature: Reducer, Content: View>: SwiftUIHostingRouter<Feature, Content> where Feature.State: Equatable {}
                // file: Bank/LoansRouter.swift
                import ComposableRIBs
                final class LoansRouter: BankRouter<LoansFeature, LoansView>, LoansRouting {
                    var loanRouter: (any LoanRouting)?
                }
                // file: Bank/LoansRouter+Close.swift
                extension LoansRouter {
                    func closeLoan() {
                        guard let loanRouter else { return }
                        1️⃣detachChild(loanRouter)
                        self.loanRouter = nil
                    }
                }
                """, messages: [
                    "child is detached without deactivating its interactor; call `child.interactor.deactivate()` before `detachChild`, or use `deactivateDetachAndReleaseIfNeeded(_:)`",
                ]),
        ],
        nonTriggering: [
            // The router's own helpers, declared by an extension in another file, (de)activate the child handed in (one
            // through another beside it).
            Example("""
                // file: Features/Payees/PayeesRouter+Lifecycle.swift
                import ComposableRIBs
                extension PayeesRouter {
                    func start(_ child: any RoutableViewControlling) {
                        wake(child)
                    }
                    func stop(_ child: any RoutableViewControlling, animated: Bool = false) {
                        child.interactor.deactivate()
                    }
                    private func wake(_ router: any RoutableViewControlling) {
                        router.interactor.activate()
                    }
                }
                // file: Features/Payees/PayeesRouter.swift
                import ComposableRIBs
                import UIKit
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView>, PayeesRouting {
                    private let payeeBuilder: any PayeeBuildable
                    private var payeeRouter: (any PayeeRouting)?
                    func openPayee(with dependency: any PayeeDependency) {
                        guard payeeRouter == nil else { return }
                        let payee = payeeBuilder.build(with: dependency)
                        attachChild(payee)
                        start(payee)
                        payeeRouter = payee
                    }
                    func closePayee() {
                        guard let payee = payeeRouter else { return }
                        stop(payee)
                        detachChild(payee)
                        payeeRouter = nil
                    }
                }
                """),
            // Activated through the property the child was kept in first.
            Example("""
                import ComposableRIBs
                final class ListRouter: SwiftUIHostingRouter<ListFeature, ListView>, ListRouting {
                    private let detailBuilder: any DetailBuildable
                    private var detailRouter: (any DetailRouting)?
                    func openDetail(_ dependency: any DetailDependency) {
                        guard detailRouter == nil else { return }
                        let detail = detailBuilder.build(with: dependency)
                        detailRouter = detail
                        attachChild(detail)
                        detailRouter?.interactor.activate()
                    }
                }
                """),
            // The guide's sequence, a helper called right after, and the framework helpers.
            Example("""
                import ComposableRIBs
                import UIKit
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView>, PayeesRouting {
                    private let payeeBuilder: any PayeeBuildable
                    private var payeeRouter: (any PayeeRouting)?
                    private var cardRouter: (any CardRouting)?
                    private weak var navigationController: UINavigationController?
                    func openPayee(with dependency: any PayeeDependency) {
                        guard payeeRouter == nil else { return }
                        let payee = payeeBuilder.build(with: dependency)
                        attachChild(payee)
                        prepare(payee, animated: false)
                        payeeRouter = payee
                    }
                    private func prepare(_ child: any PayeeRouting, animated: Bool) {
                        child.interactor.activate()
                    }
                    func closePayee() {
                        guard let payeeRouter else { return }
                        payeeRouter.interactor.deactivate()
                        detachChild(payeeRouter)
                        self.payeeRouter = nil
                    }
                    func openCard(_ card: any CardRouting) {
                        guard let navigationController else { return }
                        attachActivateAndPush(card, in: navigationController, animated: true)
                        cardRouter = card
                    }
                    func closeCard() {
                        guard let cardRouter else { return }
                        deactivateDetachAndReleaseIfNeeded(cardRouter) { [weak self] in self?.cardRouter = nil }
                    }
                }
                """),
            // Uber RIBs routers in a RIBs + TCA module: their `attachChild` activates.
            Example("""
                import ComposableArchitecture
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    private let detailBuilder: DetailBuildable
                    private var detailRouting: ViewableRouting?
                    let store: StoreOf<HomeFeature>
                    func attachDetail() {
                        guard detailRouting == nil else { return }
                        let router = detailBuilder.build(withListener: interactor)
                        detailRouting = router
                        attachChild(router)
                    }
                }
                """),
            // The launch router activates its root through `activateRoot()`.
            Example("""
                import ComposableRIBs
                final class AppLaunchRouter: UIKitLaunchRouter {
                    override func activateRoot() {
                        super.activateRoot()
                    }
                }
                """),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard !file.isTestFile, file.contains("tachChild") else { return [] }
        let roles = ComposableRoles.of(file)
        var violations: [Violation] = []
        for group in roles.routers() where group.contains(where: roles.isComposableRouter) {
            let methods = Dictionary(group.flatMap(\.functions).map { ($0.name.text, $0) }, uniquingKeysWith: { first, _ in first })
            for router in group {
                // `super.attachChild(child)` attaches as well, except as the forward of an override of that very method.
                for call in file.calls(named: ["attachChild", "detachChild"], in: router.members)
                where call.isCalledOnSelf || (call.isCalledOnSuper && call.enclosingFunction?.name.text != call.calledName) {
                    guard let argument = call.arguments.first?.expression, let body = Self.enclosingBody(of: call) else { continue }
                    let attaching = call.calledName == "attachChild"
                    var identities: Set<String> = []
                    if let name = ComposableRoles.rootName(argument) { identities.insert(name) }
                    if let property = roles.storedProperty(referencedBy: argument) { identities.insert(property) }
                    identities.formUnion(Self.keepers(of: identities, in: body))
                    let wanted = attaching ? "activate" : "deactivate"
                    var visited: Set<String> = []
                    guard !Self.calls(wanted, on: identities, in: body, methods: methods, file: file, visited: &visited),
                        !Self.handsToHelper(wanted, identities, in: body, of: group, methods: methods, file: file)
                    else { continue }
                    violations.append(Violation(
                        at: call.nameNode,
                        attaching
                            ? "child is attached but its interactor is never activated; call `child.interactor.activate()` after "
                                + "`attachChild`, or use `attachActivate(_:)`"
                            : "child is detached without deactivating its interactor; call `child.interactor.deactivate()` before "
                                + "`detachChild`, or use `deactivateDetachAndReleaseIfNeeded(_:)`"))
                }
            }
        }
        return violations
    }

    /// The properties or locals the body assigns the child to (`detailRouter = detail`, `self.detailRouter = detail`):
    /// activating it through one of them activates the same child.
    static func keepers(of identities: Set<String>, in body: CodeBlockSyntax) -> Set<String> {
        final class Finder: SyntaxVisitor {
            let identities: Set<String>
            var found: Set<String> = []
            init(_ identities: Set<String>) {
                self.identities = identities
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let value = ComposableRoles.rootName(elements[2]),
                    identities.contains(value), let target = ComposableRoles.rootName(elements[0])
                {
                    found.insert(target)
                }
                return .visitChildren
            }
        }
        let finder = Finder(identities)
        finder.walk(body)
        return finder.found
    }

    /// The body of the function or initializer the call is in.
    static func enclosingBody(of node: some SyntaxProtocol) -> CodeBlockSyntax? {
        var current = node.parent
        while let scope = current {
            if let function = scope.as(FunctionDeclSyntax.self) { return function.body }
            if let initializer = scope.as(InitializerDeclSyntax.self) { return initializer.body }
            if scope.is(MemberBlockSyntax.self) { return nil }
            current = scope.parent
        }
        return nil
    }

    /// Whether `body` hands the child to a method of the router declared in another file, by an extension of it or of a
    /// class it inherits, that calls `<parameter>.interactor.<wanted>()` (`start(payee)` with `extension PayeesRouter {
    /// func start(_ child: any RoutableViewControlling) { child.interactor.activate() } }`).
    static func handsToHelper(
        _ wanted: String, _ identities: Set<String>, in body: CodeBlockSyntax, of router: [TypeDeclaration], methods: [String: FunctionDeclSyntax],
        file: LintFile
    ) -> Bool {
        let types = file.model.projectTypes
        let action: HelperMethod.Action = wanted == "activate" ? .activatesChild(parameter: 0) : .deactivatesChild(parameter: 0)
        var routerTypes: Set<String>?
        for identity in identities {
            for token in file.tokens(spelled: identity, in: body) {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), let argument = reference.parent?.as(LabeledExprSyntax.self),
                    let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.isCalledOnSelf, let name = call.calledName,
                    methods[name] == nil, let position = call.arguments.firstIndex(where: { $0.id == argument.id })
                else { continue }
                let labels = call.arguments.map { $0.label?.text ?? "_" }
                let trailing = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
                for helper in types.helperMethods(named: name, doing: action) where helper.accepts(labels: labels, trailingClosures: trailing) {
                    let parameter: Int
                    switch helper.action {
                    case .activatesChild(let at) where wanted == "activate": parameter = at
                    case .deactivatesChild(let at) where wanted == "deactivate": parameter = at
                    default: continue
                    }
                    guard helper.argument(forParameter: parameter, labels: labels) == call.arguments.distance(from: call.arguments.startIndex, to: position)
                    else { continue }
                    if routerTypes == nil { routerTypes = Set(router.map(\.name) + types.supertypes(of: router.flatMap(\.inherited))) }
                    if routerTypes?.contains(helper.type) == true { return true }
                }
            }
        }
        return false
    }

    /// Whether `body` — or a router method it calls, handed the child — calls `<child>.interactor.<wanted>()`.
    static func calls(
        _ wanted: String, on identities: Set<String>, in body: CodeBlockSyntax, methods: [String: FunctionDeclSyntax], file: LintFile,
        visited: inout Set<String>
    ) -> Bool {
        for call in file.calls(named: [wanted], in: body) {
            guard let interactor = call.receiver?.unwrapped.as(MemberAccessExprSyntax.self),
                interactor.declName.baseName.text == "interactor", let child = interactor.base,
                let name = ComposableRoles.rootName(child)
            else { continue }
            if identities.contains(name) { return true }
        }
        for call in file.calls(named: Array(methods.keys), in: body) where call.isCalledOnSelf {
            guard let name = call.calledName, let helper = methods[name], let helperBody = helper.body,
                visited.insert(name).inserted
            else { continue }
            var handed = identities
            for (argument, parameter) in zip(call.arguments, helper.signature.parameterClause.parameters) {
                if let root = ComposableRoles.rootName(argument.expression), identities.contains(root) {
                    handed.insert((parameter.secondName ?? parameter.firstName).text)
                }
            }
            if calls(wanted, on: handed, in: helperBody, methods: methods, file: file, visited: &visited) { return true }
        }
        return false
    }
}
