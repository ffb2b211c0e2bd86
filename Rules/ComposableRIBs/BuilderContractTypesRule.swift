import RibsLintKit
import SwiftSyntax

public struct BuilderContractTypesRule: Rule {
    public static let description = RuleDescription(
        id: "builder_contract_types",
        name: "Builder Contract Types",
        summary: "A builder or router names a concrete module type where a contract belongs: a router class, a concrete builder or a concrete dependency.",
        rationale: """
            ComposableRIBs Module Wiring Guide, "Boundary Rules": "Parent-child composition must use contracts such as `any \
            ChildBuildable` and `any ChildRouting`" and "Concrete type leakage across module boundaries is forbidden"; \
            "Review Checklist": "Builder inputs and outputs are contract-based (`any Protocol`), not concrete module types"; \
            "Common Pitfalls": "Passing concrete parent dependencies into child builders breaks protocol-first boundaries." A \
            parent that names its child's router class or builder type compiles against the child's insides and cannot be \
            tested with a fake. A concrete default behind a contract type (`any ChildBuildable = ChildBuilder()`) is the \
            guide's own shape. In RIBs + TCA modules Uber RIBs' builders count; a plain Uber RIBs app has no part here.
            """,
        profiles: ["composable-ribs"],
        defaultSeverity: .error,
        triggering: [
            Example("""
                // file: Transfer/TransferBuilder.swift
                import ComposableArchitecture
                import ComposableRIBs
                struct BankSession { let token: String }
                protocol TransferRouting: RoutableViewControlling {}
                final class TransferRouter: SwiftUIHostingRouter<TransferFeature, TransferView>, TransferRouting {}
                protocol TransferBuildable {
                    func build(with dependency: any TransferDependency) -> any TransferRouting
                }
                struct TransferBuilder: TransferBuildable {
                    func build(with dependency: any TransferDependency) -> any TransferRouting {
                        TransferRouter(interactor: TCAInteractor(initialState: .init()) { TransferFeature() })
                    }
                    1️⃣func buildConcrete(with dependency: any TransferDependency) -> TransferRouter {
                        TransferRouter(interactor: TCAInteractor(initialState: .init()) { TransferFeature() })
                    }
                    2️⃣func build(session: BankSession) -> any TransferRouting {
                        TransferRouter(interactor: TCAInteractor(initialState: .init()) { TransferFeature() })
                    }
                    func build(
                        3️⃣with dependency: BankSession
                    ) -> any TransferRouting {
                        TransferRouter(interactor: TCAInteractor(initialState: .init()) { TransferFeature() })
                    }
                }
                """, messages: [
                    "method 'buildConcrete' returns router class 'TransferRouter'; return its routing contract (`any …Routing`) so the parent depends on the contract only",
                    "method 'build' takes concrete 'BankSession' as its dependency; take a dependency protocol (`any …Dependency`) that the parent's component implements",
                    "method 'build' takes concrete 'BankSession' as its dependency; take a dependency protocol (`any …Dependency`) that the parent's component implements",
                ]),
            // A router holding a concrete child builder and a concrete child router.
            Example("""
                // file: Payees/PayeeBuilder.swift
                import ComposableRIBs
                protocol PayeeBuildable {
                    func build(with dependency: any PayeeDependency) -> any PayeeRouting
                }
                struct PayeeBuilder: PayeeBuildable {
                    func build(with dependency: any PayeeDependency) -> any PayeeRouting { fatalError() }
                }
                final class CardRouter: SwiftUIHostingRouter<CardFeature, CardView> {}
                // file: Payees/PayeesRouter.swift
                import ComposableRIBs
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView> {
                    private lazy var 1️⃣payeeBuilder = PayeeBuilder()
                    private let 2️⃣statementBuilder: PayeeBuilder
                    let 3️⃣cardRouter: CardRouter
                    4️⃣init(interactor: TCAInteractor<PayeesFeature>, statementBuilder: PayeeBuilder, cardRouter: CardRouter) {
                        self.statementBuilder = statementBuilder
                        self.cardRouter = cardRouter
                        super.init(interactor: interactor) { PayeesView(store: $0) }
                    }
                }
                """, messages: [
                    "type 'PayeesRouter' stores 'PayeeBuilder' concretely; hold its contract (`any …Buildable`, `any …Routing`) and pass the concrete type only as a default argument or from the builder",
                    "type 'PayeesRouter' stores 'PayeeBuilder' concretely; hold its contract (`any …Buildable`, `any …Routing`) and pass the concrete type only as a default argument or from the builder",
                    "type 'PayeesRouter' stores 'CardRouter' concretely; hold its contract (`any …Buildable`, `any …Routing`) and pass the concrete type only as a default argument or from the builder",
                    "type 'PayeesRouter' receives 'PayeeBuilder' concretely; hold its contract (`any …Buildable`, `any …Routing`) and pass the concrete type only as a default argument or from the builder",
                ]),
            // A builder conforming to its contract in an extension, held by a router in another file.
            Example("""
                // file: Payee/PayeeFactory.swift
                import ComposableRIBs
                protocol PayeeRouting: RoutableViewControlling {}
                protocol PayeeBuildable {
                    func build(with dependency: any PayeeDependency) -> any PayeeRouting
                }
                final class PayeeFactory {
                    func build(with dependency: any PayeeDependency) -> any PayeeRouting { fatalError() }
                }
                extension PayeeFactory: PayeeBuildable {}
                // file: Payees/PayeesRouter.swift
                import ComposableRIBs
                final class PayeesRouter: SwiftUIHostingRouter<PayeesFeature, PayeesView> {
                    private let 1️⃣payeeFactory: PayeeFactory
                }
                """, messages: [
                    "type 'PayeesRouter' stores 'PayeeFactory' concretely; hold its contract (`any …Buildable`, `any …Routing`) and pass the concrete type only as a default argument or from the builder",
                ]),
        ],
        nonTriggering: [
            // Uber RIBs' own sources declare `Buildable` themselves: not ComposableRIBs' contract.
            Example("""
                public protocol Buildable: AnyObject {}
                open class Component<DependencyType> {}
                open class ComponentizedBuilder<ComponentType, RouterType>: Buildable {
                    open func build(with component: Component<Void>) -> RouterType { fatalError() }
                }
                """, path: "RIBs/Classes/ComponentizedBuilder.swift"),
            // The guide's shape: contracts everywhere, a concrete default behind a contract type, locals in methods.
            Example("""
                // file: Parent/ParentBuilder.swift
                import ComposableArchitecture
                import ComposableRIBs
                protocol ParentBuildable {
                    func build(with dependency: any ParentDependency) -> any ParentRouting
                }
                struct ParentBuilder: ParentBuildable {
                    private let childBuilder: any ChildBuildable
                    init(childBuilder: any ChildBuildable = ChildBuilder()) {
                        self.childBuilder = childBuilder
                    }
                    func build(with dependency: any ParentDependency) -> any ParentRouting {
                        let interactor = TCAInteractor(initialState: ParentFeature.State()) { ParentFeature() }
                        let component = ParentComponent(dependency: dependency)
                        return ParentRouter(interactor: interactor, component: component, childBuilder: childBuilder)
                    }
                }
                // file: Parent/ParentRouter.swift
                import ComposableArchitecture
                import ComposableRIBs
                import UIKit
                protocol ParentRouting: RoutableViewControlling {}
                final class ParentRouter: SwiftUIHostingRouter<ParentFeature, ParentView>, ParentRouting {
                    private let childBuilder: any ChildBuildable
                    private let dependency: any ParentDependency
                    private var childRouter: (any ChildRouting)?
                    private weak var navigationController: UINavigationController?
                    private let hosting: UIViewController
                    init(interactor: TCAInteractor<ParentFeature>, component: ParentComponent, childBuilder: any ChildBuildable) {
                        self.childBuilder = childBuilder
                        self.dependency = component
                        self.hosting = UIViewController()
                        super.init(interactor: interactor) { ParentView(store: $0) }
                    }
                    func showChild() {
                        let child = childBuilder.build(with: ParentComponent(dependency: dependency))
                        childRouter = child
                    }
                }
                """),
            // Generic parameters constrained to contracts, `some` contracts, a view type parameter.
            Example("""
                import ComposableRIBs
                struct LoanBuilder<Child: LoanDetailBuildable>: LoanBuildable {
                    let child: Child
                    func build(with dependency: some LoanDependency) -> some LoanRouting { fatalError() }
                }
                """),
            // No ComposableRIBs import, nothing returned is a router: not builders.
            Example("""
                import SwiftUI
                struct WelcomeBuilder {
                    func build(session: Session) -> UIHostingController<WelcomeView> { fatalError() }
                }
                final class URLRequestBuilder {
                    func build(endpoint: Endpoint) -> URLRequest { fatalError() }
                }
                final class StatementPDFBuilder {
                    private let formatter: StatementFormatter
                    init(formatter: StatementFormatter) { self.formatter = formatter }
                }
                """),
            // A plain Uber RIBs builder (no TCA): no part of this profile, whatever it names.
            Example("""
                import RIBs
                final class SettingsComponent: Component<SettingsDependency> {}
                final class SettingsBuilder: Builder<SettingsDependency>, SettingsBuildable {
                    func build(withListener listener: SettingsListener) -> SettingsRouter {
                        fatalError()
                    }
                }
                """),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard !file.isTestFile else { return [] }
        let roles = ComposableRoles.of(file)
        guard roles.mayUseFramework || roles.isLegacy else { return [] }
        var violations: [Violation] = []
        for type in roles.groups(where: { roles.isBuilder($0) || roles.isRouter($0) }).joined() {
            for function in type.functions where function.name.text.hasPrefix("build") {
                violations += buildMethod(function, roles: roles, file: file)
            }
            for property in TypeDeclaration.storedProperties(of: type.members) where !property.isStatic {
                if let name = concrete(property.heldTypeNames(in: type), roles: roles) {
                    violations.append(Violation(at: property.nameNode, message(type, "stores '\(name)'", name)))
                }
            }
            for initializer in type.initializers {
                let oneLine = Self.isOneLine(initializer.initKeyword, initializer.signature, in: file)
                for parameter in initializer.signature.parameterClause.parameters {
                    guard let name = concrete(parameter.type.heldTypeNames, roles: roles) else { continue }
                    violations.append(Violation(
                        at: oneLine ? Syntax(initializer.initKeyword) : Syntax(parameter), message(type, "receives '\(name)'", name)))
                    if oneLine { break }
                }
            }
        }
        return violations
    }

    /// A concrete builder or a router class among the names a declaration holds, through type aliases.
    private func concrete(_ names: [String], roles: ComposableRoles) -> String? {
        names.flatMap { [$0] + roles.aliased($0) }.first { roles.routerKind(of: $0) == .routerClass || roles.isConcreteBuilder($0) }
    }

    /// A `build…` returning a router class, or taking a concrete project type as its dependency.
    private func buildMethod(_ function: FunctionDeclSyntax, roles: ComposableRoles, file: LintFile) -> [Violation] {
        var violations: [Violation] = []
        let oneLine = Self.isOneLine(function.funcKeyword, function.signature, in: file)
        if let returned = function.signature.returnClause?.type, let (name, kind) = roles.routerType(in: returned), kind == .routerClass {
            violations.append(Violation(
                at: oneLine ? Syntax(function.funcKeyword) : Syntax(returned),
                "method '\(function.name.text)' returns router class '\(name)'; return its routing contract (`any …Routing`) so the parent "
                    + "depends on the contract only"))
        }
        for (index, parameter) in function.signature.parameterClause.parameters.enumerated() {
            let label = parameter.firstName.text + " " + (parameter.secondName?.text ?? "")
            guard index == 0 || label.lowercased().contains("dependency"),
                let name = parameter.type.heldTypeNames.first(where: { Self.isConcreteProjectType($0, roles: roles) })
            else { continue }
            let anchor = oneLine ? Syntax(function.funcKeyword) : Syntax(parameter)
            guard !violations.contains(where: { $0.position == anchor.positionAfterSkippingLeadingTrivia.utf8Offset }) else { continue }
            violations.append(Violation(
                at: anchor,
                "method '\(function.name.text)' takes concrete '\(name)' as its dependency; take a dependency protocol (`any …Dependency`) "
                    + "that the parent's component implements"))
        }
        return violations
    }

    /// A struct, class, enum or actor the project declares: no protocol, no platform type. The project's index
    /// keeps only types that inherit something; this file's own are all known.
    static func isConcreteProjectType(_ name: String, roles: ComposableRoles) -> Bool {
        guard name.first?.isUppercase == true else { return false }
        let concrete: Set<TypeDeclaration.Kind> = [.struct, .class, .enum, .actor]
        if let local = roles.file.model.types.first(where: { $0.name == name && $0.kind != .extension }) {
            return concrete.contains(local.kind)
        }
        return roles.file.model.projectTypes.primary(name).map { concrete.contains($0.kind) } ?? false
    }

    static func isOneLine(_ keyword: TokenSyntax, _ signature: some SyntaxProtocol, in file: LintFile) -> Bool {
        file.location(of: keyword.positionAfterSkippingLeadingTrivia.utf8Offset).line
            == file.location(of: signature.endPositionBeforeTrailingTrivia.utf8Offset).line
    }

    private func message(_ type: TypeDeclaration, _ what: String, _ name: String) -> String {
        "type '\(type.name)' \(what) concretely; hold its contract (`any …Buildable`, `any …Routing`) and pass the concrete type "
            + "only as a default argument or from the builder"
    }
}
