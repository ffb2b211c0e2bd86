import RibsLintKit
import SwiftSyntax

public struct ChildAttachGuardRule: Rule {
    public static let description = RuleDescription(
        id: "child_attach_guard",
        name: "Child Attach Guard",
        summary: "A router builds and attaches a child without first checking that it is not attached already, or force-unwraps a stored child to close it.",
        rationale: """
            ComposableRIBs Module Wiring Guide, "Review Checklist": "Duplicate attach is guarded and non-existent detach is no-op \
            safe"; the guide's example opens with `guard childRouter == nil … else { return }` and closes with `guard let \
            childRouter else { return }`. A double tap or a repeated delegate action otherwise builds a second child over the \
            first, and a close that arrives twice crashes on the force unwrap. One-shot attaches in `init`, `load()` or a \
            `bindState()` override run once. A plain Uber RIBs router (no TCA in its file) is not looked at here.
            """,
        profiles: ["composable-ribs"],
        defaultSeverity: .warning,
        triggering: [
            // A `didLoad(page:)` callback runs on each page: not the one-shot `didLoad()`.
            Example("""
                import RIBs
                import ComposableArchitecture
                final class ArchiveRouter: ViewableRouter<ArchiveInteractable, ArchiveViewControllable>, ArchiveRouting {
                    private let detailBuilder: DetailBuildable
                    private var detailRouting: ViewableRouting?
                    func didLoad(page: Int) {
                        let router = detailBuilder.build(withListener: interactor)
                        detailRouting = router
                        1️⃣attachChild(router)
                    }
                }
                """, messages: [
                    "method 'didLoad' builds and attaches a child without checking it is not attached already; start with `guard childRouter == nil else { return }`",
                ]),
            Example("""
                import ComposableRIBs
                import UIKit
                protocol PayeeRouting: RoutableViewControlling {}
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView>, PayeesRouting {
                    private let payeeBuilder: any PayeeBuildable
                    private var payeeRouter: (any PayeeRouting)?
                    private weak var navigationController: UINavigationController?
                    func openPayee(with dependency: any PayeeDependency) {
                        guard let navigationController else { return }
                        let payee = payeeBuilder.build(with: dependency)
                        payeeRouter = payee
                        1️⃣attachActivateAndPush(payee, in: navigationController, animated: true)
                    }
                    func closePayee() {
                        payeeRouter2️⃣!.interactor.deactivate()
                        detachChild(payeeRouter3️⃣!)
                        payeeRouter = nil
                    }
                }
                """, messages: [
                    "method 'openPayee' builds and attaches a child without checking it is not attached already; start with `guard childRouter == nil else { return }`",
                    "closing force-unwraps 'payeeRouter', which crashes when the child is already gone; write `guard let payeeRouter else { return }`",
                    "closing force-unwraps 'payeeRouter', which crashes when the child is already gone; write `guard let payeeRouter else { return }`",
                ]),
            // RIBs + TCA: an Uber RIBs router in a module that uses TCA counts.
            Example("""
                import ComposableArchitecture
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    private let detailBuilder: DetailBuildable
                    private var detailRouting: ViewableRouting?
                    let store: StoreOf<HomeFeature>
                    func attachDetail() {
                        let router = detailBuilder.build(withListener: interactor)
                        detailRouting = router
                        1️⃣attachChild(router)
                    }
                }
                """, messages: [
                    "method 'attachDetail' builds and attaches a child without checking it is not attached already; start with `guard childRouter == nil else { return }`",
                ]),
            // A builder whose type only its initializer tells, and a close path in an extension in another file.
            Example("""
                // file: Statements/StatementsRouter.swift
                import ComposableRIBs
                protocol StatementRouting: RoutableViewControlling {}
                final class StatementsRouter: SwiftUIHostingRouter<StatementsFeature, StatementsView> {
                    private lazy var statementBuilder = StatementBuilder()
                    private var statementRouter: (any StatementRouting)?
                    func openStatement(_ id: String) {
                        let statement = statementBuilder.build(with: id)
                        statementRouter = statement
                        1️⃣attachActivate(statement)
                    }
                }
                // file: Statements/StatementsRouter+Help.swift
                import ComposableRIBs
                extension StatementsRouter {
                    func openHelp() {
                        let help = helpBuilder.build()
                        2️⃣attachActivate(help)
                    }
                }
                """, messages: [
                    "method 'openStatement' builds and attaches a child without checking it is not attached already; start with `guard childRouter == nil else { return }`",
                    "method 'openHelp' builds and attaches a child without checking it is not attached already; start with `guard childRouter == nil else { return }`",
                ]),
            // An early return that checks something else is no guard of the child.
            Example("""
                import ComposableRIBs
                import UIKit
                final class InboxRouter: SwiftUIHostingRouter<InboxFeature, InboxView>, InboxRouting {
                    private let messageBuilder: any MessageBuildable
                    private var messageRouter: (any MessageRouting)?
                    private weak var navigationController: UINavigationController?
                    func openMessage(_ id: String) {
                        guard navigationController != nil else { return }
                        let message = messageBuilder.build(with: id)
                        messageRouter = message
                        1️⃣attachActivate(message)
                    }
                }
                """, messages: [
                    "method 'openMessage' builds and attaches a child without checking it is not attached already; start with `guard childRouter == nil else { return }`",
                ]),
        ],
        nonTriggering: [
            // The child's types in an interface module, out of view: the guard checks the property the child is kept in.
            Example("""
                // file: Parent/ParentRouter.swift
                import ComposableRIBs
                final class ParentRouter: SwiftUIHostingRouter<ParentFeature, ParentView>, ParentRouting {
                    let childBuilder: any ChildBuildable
                    var childRouter: (any ChildRouting)?
                }
                // file: Parent/ParentRouter+Child.swift
                import ComposableRIBs
                extension ParentRouter {
                    func presentChildIfNeeded() {
                        guard childRouter == nil else { return }
                        let child = childBuilder.build(with: ParentToChildComponent())
                        attachActivate(child)
                        childRouter = child
                    }
                }
                """),
            // A router split into extensions in other files: the guard checks a child stored in the class's file.
            Example("""
                // file: Map/MapRouter.swift
                import ComposableRIBs
                protocol PlaceRouting: RoutableViewControlling {}
                protocol PlaceBuildable { func build(with dependency: any PlaceDependency) -> any PlaceRouting }
                final class MapRouter: SwiftUIHostingRouter<MapFeature, MapView> {
                    let placeBuilder: any PlaceBuildable
                    var placeRouter: (any PlaceRouting)?
                }
                // file: Map/MapRouter+Place.swift
                import ComposableRIBs
                extension MapRouter {
                    func showPlace(_ dependency: any PlaceDependency) {
                        guard placeRouter == nil else { return }
                        let place = placeBuilder.build(with: dependency)
                        placeRouter = place
                        attachActivate(place)
                    }
                }
                """),
            Example("""
                import ComposableRIBs
                import UIKit
                protocol PayeeRouting: RoutableViewControlling {}
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView>, PayeesRouting {
                    private let payeeBuilder: any PayeeBuildable
                    private var payeeRouter: (any PayeeRouting)?
                    private var statementRouters: [any PayeeRouting] = []
                    private var isHelpAttached = false
                    private weak var navigationController: UINavigationController?
                    func openPayee(with dependency: any PayeeDependency) {
                        guard payeeRouter == nil, let navigationController else { return }
                        let payee = payeeBuilder.build(with: dependency)
                        payeeRouter = payee
                        attachActivateAndPush(payee, in: navigationController, animated: true)
                    }
                    func openAgain(with dependency: any PayeeDependency) {
                        if let existing = payeeRouter {
                            existing.interactor.activate()
                            return
                        }
                        attachActivate(payeeBuilder.build(with: dependency))
                    }
                    func openOnce(with dependency: any PayeeDependency) {
                        if payeeRouter != nil { return }
                        attachActivate(payeeBuilder.build(with: dependency))
                    }
                    // The same checks written the other way round.
                    func openReversed(with dependency: any PayeeDependency) {
                        guard nil == payeeRouter else { return }
                        attachActivate(payeeBuilder.build(with: dependency))
                    }
                    func openByPattern(with dependency: any PayeeDependency) {
                        guard case .none = payeeRouter else { return }
                        attachActivate(payeeBuilder.build(with: dependency))
                    }
                    func openHelp(with dependency: any PayeeDependency) {
                        guard !isHelpAttached else { return }
                        isHelpAttached = true
                        attachActivate(payeeBuilder.build(with: dependency))
                    }
                    func openStatement(id: String, dependency: any PayeeDependency) {
                        guard !statementRouters.contains(where: { $0.id == id }) else { return }
                        let statement = payeeBuilder.build(with: dependency)
                        attachActivate(statement)
                    }
                    func openChild(with dependency: any PayeeDependency) {
                        guard !children.contains(where: { $0 is any PayeeRouting }) else { return }
                        attachActivate(payeeBuilder.build(with: dependency))
                    }
                    func closePayee() {
                        guard let payeeRouter else { return }
                        deactivateDetachAndReleaseIfNeeded(payeeRouter)
                        self.payeeRouter = nil
                    }
                    func closeQuietly() {
                        if let payee = payeeRouter { detachChild(payee) }
                        payeeRouter?.interactor.deactivate()
                    }
                }
                """),
            // An extension in another file guards the child its router stores: known by the extension's detach of it.
            Example("""
                // file: Parent/ParentRouter.swift
                import ComposableRIBs
                final class ParentRouter: SwiftUIHostingRouter<ParentFeature, ParentView>, ParentRouting {
                    let childBuilder: any ChildBuildable
                    let composeBuilder: any ComposeBuildable
                    var childRouter: (any ChildRouting)?
                    var composeRouter: (any ComposeRouting)?
                }
                // file: Parent/ParentRouter+Child.swift
                import ComposableRIBs
                extension ParentRouter {
                    func presentChildIfNeeded() {
                        guard childRouter == nil else { return }
                        let child = childBuilder.build(with: ParentToChildComponent())
                        attachChild(child)
                        childRouter = child
                    }
                    func dismissChildIfNeeded() {
                        guard let childRouter else { return }
                        detachChild(childRouter)
                        self.childRouter = nil
                    }
                    func openCompose() {
                        guard composeRouter == nil else { return }
                        let compose = composeBuilder.build(with: ParentToChildComponent())
                        composeRouter = compose
                        attachChild(compose)
                    }
                    func closeCompose() {
                        guard let compose = composeRouter else { return }
                        detachChild(compose)
                        composeRouter = nil
                    }
                }
                """),
            // One-shot attaches: in `init`, `load()` and a `bindState()` override.
            Example("""
                import ComposableRIBs
                final class HomeRouter: SwiftUIHostingRouter<HomeFeature, HomeView>, HomeRouting {
                    private let headerBuilder: any HeaderBuildable
                    init(interactor: TCAInteractor<HomeFeature>, headerBuilder: any HeaderBuildable) {
                        self.headerBuilder = headerBuilder
                        super.init(interactor: interactor) { HomeView(store: $0) }
                        attachActivate(headerBuilder.build(with: HomeComponent()))
                    }
                    override func load() {
                        attachActivate(headerBuilder.build(with: HomeComponent()))
                    }
                    override func bindState() {
                        attachActivate(headerBuilder.build(with: HomeComponent()))
                    }
                }
                """),
            // A legacy router beside TCA: `didLoad()` runs once; a child whose protocol an interface module declares, out
            // of view, is known by its detach, and the guard on it counts.
            Example("""
                import RIBs
                import ComposableArchitecture
                final class ArchiveRouter: ViewableRouter<ArchiveInteractable, ArchiveViewControllable>, ArchiveRouting {
                    private let searchBuilder: ArchiveSearchBuildable
                    private var searchRouting: ArchiveSearchRouting?
                    override func didLoad() {
                        super.didLoad()
                        attachChild(searchBuilder.build(withListener: interactor))
                    }
                    func routeToSearch() {
                        guard searchRouting == nil else { return }
                        let router = searchBuilder.build(withListener: interactor)
                        searchRouting = router
                        attachChild(router)
                    }
                    func detachSearch() {
                        guard let searchRouting else { return }
                        detachChild(searchRouting)
                        self.searchRouting = nil
                    }
                }
                """),
            // A plain Uber RIBs router without TCA: the `ribs` profile's business, silent here.
            Example("""
                import RIBs
                final class SettingsRouter: ViewableRouter<SettingsInteractable, SettingsViewControllable>, SettingsRouting {
                    private let profileBuilder: ProfileBuildable
                    func routeToProfile() {
                        attachChild(profileBuilder.build(withListener: interactor))
                    }
                }
                """),
        ])

    static let attaching = ["attachChild", "attachActivate", "attachActivateAndPush", "attachActivateAndPresent"]
    /// Run once (without parameters): ComposableRIBs' `load()` and `bindState()`, and `didLoad()`, their twin in a router
    /// of Uber's RIBs.
    static let oneShot: Set<String> = ["load", "bindState", "didLoad"]

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard !file.isTestFile, file.contains("ttach") || file.contains("!") else { return [] }
        let roles = ComposableRoles.of(file)
        var violations: [Violation] = []
        for group in roles.routers() {
            let stored = group.flatMap { TypeDeclaration.storedProperties(of: $0.members) }
            // A child by its type, or, where the type is declared out of view (an interface module), by what the router
            // does with it: a stored property it detaches.
            let detachedValues = group.flatMap { file.calls(named: ChildRouterReleaseRule.detaching, in: $0.members) }.compactMap { $0.arguments.first?.expression }
            let detached = Set(detachedValues.compactMap(ComposableRoles.rootName))
            var children = Set(stored.filter { roles.routerType(in: $0.type) != nil || detached.contains($0.name) }.map(\.name))
            // Extensions of a router declared in another file: its children, stored out of view, by what they detach.
            if group.allSatisfy({ $0.kind == .extension }) {
                children.formUnion(detachedValues.compactMap(roles.propertyOutOfView(referencedBy:)))
                // And by what the class stores there, as the type index records it (`var placeRouter: (any PlaceRouting)?`).
                for held in group.first.flatMap({ file.model.projectTypes.primary($0.name) })?.holds ?? [] {
                    let parts = held.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, roles.routerKind(of: String(parts[1])) != nil { children.insert(String(parts[0])) }
                }
            }
            for router in group {
                for function in router.functions
                where !Self.oneShot.contains(function.name.text) || !function.signature.parameterClause.parameters.isEmpty {
                    guard let body = function.body else { continue }
                    let attaches = file.calls(named: Self.attaching, in: body).filter(\.isCalledOnSelf)
                    guard let attach = attaches.first, Self.buildsChild(in: body, roles: roles) else { continue }
                    // The property the attached child is kept in (`childRouter = child`), whatever its type says.
                    var kept = children
                    if let attached = attach.arguments.first?.expression, let local = ComposableRoles.rootName(attached) {
                        kept.formUnion(Self.properties(assigned: local, in: body))
                    }
                    guard !Self.isGuarded(before: attach, in: body, children: kept) else { continue }
                    violations.append(Violation(
                        at: attach.nameNode,
                        "method '\(function.name.text)' builds and attaches a child without checking it is not attached already; "
                            + "start with `guard childRouter == nil else { return }`"))
                }
                violations += forcedCloses(in: router, children: children, file: file)
            }
        }
        return violations
    }

    /// A `build…` call on a child builder: a value typed `…Buildable`/`…Builder` or a builder made on the spot.
    static func buildsChild(in body: CodeBlockSyntax, roles: ComposableRoles) -> Bool {
        roles.file.tokens(containing: "build", in: body).contains { token in
            guard token.text.hasPrefix("build"), let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                member.parent?.is(FunctionCallExprSyntax.self) == true, let receiver = member.base
            else { return false }
            var names = roles.declaredType(of: receiver)?.heldTypeNames
                ?? receiver.unwrapped.as(FunctionCallExprSyntax.self)?.constructedTypeName.map { [$0] } ?? []
            if names.isEmpty, let name = ComposableRoles.rootName(receiver) {
                switch roles.declaration(of: name, at: Syntax(receiver)) {
                case .property(_, nil, let initializer?)?:
                    // `lazy var statementBuilder = StatementBuilder()`: the type its initializer makes.
                    names = initializer.as(FunctionCallExprSyntax.self)?.constructedTypeName.map { [$0] } ?? []
                case nil:
                    // A property of the router declared in another file (this is an extension): its name says it.
                    names = name.hasSuffix("Builder") ? [name.prefix(1).uppercased() + name.dropFirst()] : []
                default: break
                }
            }
            return names.contains { $0.hasSuffix("Buildable") || $0.hasSuffix("Builder") || roles.isConcreteBuilder($0) }
        }
    }

    /// The names `body` sets to the local `local` (`childRouter = child`, `self.childRouter = child`).
    static func properties(assigned local: String, in body: CodeBlockSyntax) -> Set<String> {
        final class Finder: SyntaxVisitor {
            let local: String
            var names: Set<String> = []
            init(local: String) {
                self.local = local
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                    elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text == local, let name = ComposableRoles.rootName(elements[0])
                {
                    names.insert(name)
                }
                return .visitChildren
            }
        }
        let finder = Finder(local: local)
        finder.walk(body)
        return finder.names
    }

    /// An earlier `guard` that returns unless the child is absent, or an `if` that returns when it is present.
    static func isGuarded(before attach: FunctionCallExprSyntax, in body: CodeBlockSyntax, children: Set<String>) -> Bool {
        final class Finder: SyntaxVisitor {
            let limit: AbsolutePosition
            let children: Set<String>
            var found = false
            init(limit: AbsolutePosition, children: Set<String>) {
                self.limit = limit
                self.children = children
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
                if node.endPosition <= limit, node.conditions.contains(where: { ChildAttachGuardRule.isExistenceCheck($0, children) }) {
                    found = true
                }
                return .visitChildren
            }
            override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
                if node.endPosition <= limit, node.body.statements.contains(where: { $0.item.is(ReturnStmtSyntax.self) }),
                    node.conditions.contains(where: { ChildAttachGuardRule.isExistenceCheck($0, children) })
                {
                    found = true
                }
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(limit: attach.position, children: children)
        finder.walk(body)
        return finder.found
    }

    /// `x == nil`, `x != nil`, `!flag`, `flag`, `….contains(…)`, or `let y = child` of a stored child.
    static func isExistenceCheck(_ condition: ConditionElementSyntax, _ children: Set<String>) -> Bool {
        switch condition.condition {
        case .optionalBinding(let binding):
            guard let value = binding.initializer?.value else {
                return binding.pattern.as(IdentifierPatternSyntax.self).map { children.contains($0.identifier.text) } ?? false
            }
            return ComposableRoles.rootName(value).map(children.contains) ?? false
        case .expression(let expression):
            let text = expression.trimmedText
            // A `nil` check counts only on a stored child (`navigationController != nil` guards something else).
            if text.contains("nil") {
                // `child == nil`, or `nil == child`.
                let elements = expression.as(SequenceExprSyntax.self).map { Array($0.elements) } ?? [expression]
                let checked = elements.first?.is(NilLiteralExprSyntax.self) == true ? elements.last ?? expression : elements.first ?? expression
                return ComposableRoles.rootName(checked).map(children.contains) ?? false
            }
            return text.hasPrefix("!") || text.contains("contains(") || text.contains("isEmpty")
                || expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self)
        case .matchingPattern(let pattern):
            // `guard case .none = child`, `if case let child? = child`.
            return ComposableRoles.rootName(pattern.initializer.value).map(children.contains) ?? false
        default:
            return false
        }
    }

    /// `child!.interactor.deactivate()` and `detachChild(child!)` on a stored child.
    private func forcedCloses(in router: TypeDeclaration, children: Set<String>, file: LintFile) -> [Violation] {
        guard !children.isEmpty, file.contains("!") else { return [] }
        var forced: [ForceUnwrapExprSyntax] = []
        for call in file.calls(named: ChildRouterReleaseRule.detaching, in: router.members) {
            if let argument = call.arguments.first?.expression.as(ForceUnwrapExprSyntax.self) { forced.append(argument) }
        }
        for call in file.calls(named: ["deactivate"], in: router.members) {
            if let interactor = call.receiver?.as(MemberAccessExprSyntax.self), interactor.declName.baseName.text == "interactor",
                let base = interactor.base?.as(ForceUnwrapExprSyntax.self)
            {
                forced.append(base)
            }
        }
        return forced.compactMap { unwrap in
            guard let name = ComposableRoles.rootName(unwrap.expression), children.contains(name) else { return nil }
            return Violation(
                at: unwrap.exclamationMark,
                "closing force-unwraps '\(name)', which crashes when the child is already gone; write `guard let \(name) else { return }`")
        }
    }
}
