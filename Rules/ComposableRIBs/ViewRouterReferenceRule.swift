import RibsLintKit
import SwiftSyntax

public struct ViewRouterReferenceRule: Rule {
    public static let description = RuleDescription(
        id: "view_router_reference",
        name: "View Router Reference",
        summary: "A SwiftUI view stores or receives a router.",
        rationale: """
            ComposableRIBs Module Wiring Guide, "Boundary Rules": "SwiftUI views must receive only `StoreOf<Feature>` (or scoped \
            stores), never router references", and "Review Checklist": "Views do not import or store router references." A \
            view that holds its router navigates behind the reducer's back and keeps the router alive from the view tree. \
            Give the view its store; let the reducer emit a delegate action and the router observe it. A type is a router \
            by ComposableRIBs' types, not by its name: an `ObservableObject` called `…Router` that holds a \
            `NavigationPath` is plain SwiftUI state.
            """,
        profiles: ["composable-ribs"],
        defaultSeverity: .error,
        triggering: [
            Example("""
                import ComposableArchitecture
                import ComposableRIBs
                import SwiftUI
                protocol PayeesRouting: RoutableViewControlling {}
                final class AccountsRouter: SwiftUIHostingRouter<AccountsFeature, AccountsView> {}
                struct PayeesView: View {
                    let store: StoreOf<PayeesFeature>
                    let 1️⃣router: any PayeesRouting
                    @ObservedObject var 2️⃣accounts: AccountsRouter
                    @EnvironmentObject var 3️⃣parent: AccountsRouter
                    var 4️⃣optional: AccountsRouter?
                    var body: some View { Text("Payees") }
                }
                """, messages: [
                    "view 'PayeesView' holds router 'router' (PayeesRouting); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                    "view 'PayeesView' holds router 'accounts' (AccountsRouter); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                    "view 'PayeesView' holds router 'parent' (AccountsRouter); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                    "view 'PayeesView' holds router 'optional' (AccountsRouter); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                ]),
            // An explicit initializer: the parameter and the property are two findings; a one-line `init` is
            // reported at `init`.
            Example("""
                import ComposableArchitecture
                import ComposableRIBs
                import SwiftUI
                final class CardsRouter: SwiftUIHostingRouter<CardsFeature, CardsView> {}
                struct CardsView: View {
                    let store: StoreOf<CardsFeature>
                    private let 1️⃣router: CardsRouter
                    init(
                        store: StoreOf<CardsFeature>,
                        2️⃣router: CardsRouter
                    ) {
                        self.store = store
                        self.router = router
                    }
                    var body: some View { Text("Cards") }
                }
                extension CardsView {
                    3️⃣init(router: CardsRouter) { self.init(store: router.store, router: router) }
                }
                """, messages: [
                    "view 'CardsView' holds router 'router' (CardsRouter); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                    "view 'CardsView' holds router 'router' (CardsRouter); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                    "view 'CardsView' holds router 'router' (CardsRouter); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                ]),
            // The view's file need not import ComposableRIBs: the router's declaration says what it is.
            Example("""
                // file: Loans/LoansRouter.swift
                import ComposableRIBs
                final class LoansRouter: SwiftUIHostingRouter<LoansFeature, LoansView> {}
                // file: Loans/LoansView.swift
                import SwiftUI
                struct LoansView: View {
                    let 1️⃣router: LoansRouter
                    var body: some View { Text("Loans") }
                }
                """, messages: [
                    "view 'LoansView' holds router 'router' (LoansRouter); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                ]),
            // A generic view whose parameter is a router contract.
            Example("""
                import ComposableArchitecture
                import ComposableRIBs
                import SwiftUI
                protocol LoansRouting: RoutableViewControlling {}
                struct LoansView<Router: LoansRouting>: View {
                    let store: StoreOf<LoansFeature>
                    let 1️⃣router: Router
                    var body: some View { Text("Loans") }
                }
                """, messages: [
                    "view 'LoansView' holds router 'router' (LoansRouting); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                ]),
            // An environment value declared with a router type.
            Example("""
                import ComposableRIBs
                import SwiftUI
                final class CardsRouter: SwiftUIHostingRouter<CardsFeature, CardsView> {}
                extension EnvironmentValues {
                    @Entry var cardsRouter: CardsRouter? = nil
                }
                struct CardRow: View {
                    @Environment(\\.cardsRouter) private var 1️⃣router
                    var body: some View { Text("Card") }
                }
                """, messages: [
                    "view 'CardRow' holds router 'router' (CardsRouter); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                ]),
            // Environment values declared in another file, with `@Entry` and over a key.
            Example("""
                // file: Cards/CardsRouting.swift
                import ComposableRIBs
                protocol CardsRouting: RoutableViewControlling {}
                final class CardsRouter: SwiftUIHostingRouter<CardsFeature, CardsView>, CardsRouting {}
                // file: Cards/Environment+Routers.swift
                import SwiftUI
                private struct CardsRouterKey: EnvironmentKey {
                    static let defaultValue: (any CardsRouting)? = nil
                }
                extension EnvironmentValues {
                    @Entry var cardsRouter: CardsRouter? = nil
                    var cardsRouting: (any CardsRouting)? {
                        get { self[CardsRouterKey.self] }
                        set { self[CardsRouterKey.self] = newValue }
                    }
                }
                // file: Cards/CardRow.swift
                import SwiftUI
                struct CardRow: View {
                    @Environment(\\.cardsRouter) private var 1️⃣router
                    @Environment(\\.cardsRouting) private var 2️⃣routing
                    var body: some View { Text("Card") }
                }
                """, messages: [
                    "view 'CardRow' holds router 'router' (CardsRouter); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                    "view 'CardRow' holds router 'routing' (CardsRouting); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                ]),
            // An `@Observable` router taken from the environment by its type.
            Example("""
                // file: Accounts/AccountsRouter.swift
                import ComposableRIBs
                import Observation
                @Observable
                final class AccountsRouter: SwiftUIHostingRouter<AccountsFeature, AccountsView> {}
                // file: Accounts/AccountRow.swift
                import SwiftUI
                struct AccountRow: View {
                    @Environment(AccountsRouter.self) private var 1️⃣router
                    var body: some View { Text("Row") }
                }
                """, messages: [
                    "view 'AccountRow' holds router 'router' (AccountsRouter); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                ]),
            // A view file importing only SwiftUI, holding contracts that refine `Routing` elsewhere.
            Example("""
                // file: Transfer/TransferRouting.swift
                import ComposableRIBs
                protocol TransferRouting: Routing {}
                protocol ReviewRouting: TransferRouting {}
                // file: Transfer/TransferView.swift
                import SwiftUI
                struct TransferView: View {
                    let 1️⃣routers: [any ReviewRouting]
                    var body: some View { Text("Transfer") }
                }
                """, messages: [
                    "view 'TransferView' holds router 'routers' (ReviewRouting); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                ]),
            // A legacy RIBs + TCA module: the router declared where RIBs is imported, held by a view that imports SwiftUI.
            Example("""
                // file: Home/HomeRouter.swift
                import RIBs
                protocol HomeRouting: ViewableRouting {}
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {}
                // file: Home/HomeView.swift
                import ComposableArchitecture
                import SwiftUI
                struct HomeView: View {
                    let store: StoreOf<HomeFeature>
                    weak var 1️⃣router: HomeRouter?
                    let 2️⃣routing: any HomeRouting
                    var body: some View { Text("Home") }
                }
                """, messages: [
                    "view 'HomeView' holds router 'router' (HomeRouter); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                    "view 'HomeView' holds router 'routing' (HomeRouting); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                ]),
            // A router contract under a type alias another file declares.
            Example("""
                // file: Payees/PayeesRouting.swift
                import ComposableRIBs
                protocol PayeesRouting: RoutableViewControlling {}
                typealias PayeesRouterRef = any PayeesRouting
                // file: Payees/PayeesView.swift
                import SwiftUI
                struct PayeesView: View {
                    let 1️⃣router: PayeesRouterRef
                    var body: some View { Text("Payees") }
                }
                """, messages: [
                    "view 'PayeesView' holds router 'router' (PayeesRouting); pass it only a `StoreOf<Feature>` and let the router observe the feature's delegate actions",
                ]),
        ],
        nonTriggering: [
            Example("""
                import ComposableArchitecture
                import SwiftUI
                struct TransferView: View {
                    let store: StoreOf<TransferFeature>
                    let amountStore: StoreOf<AmountFeature>
                    let onDone: () -> Void
                    @Environment(\\.dismiss) private var dismiss
                    @Environment(\\.openURL) private var openURL
                    var body: some View { Text("Transfer") }
                }
                struct AmountView: View {
                    @Bindable var store: StoreOf<AmountFeature>
                    var body: some View { Text("Amount") }
                }
                """),
            // Values named like routers that are none: plain SwiftUI navigation state, a rate picker.
            Example("""
                import SwiftUI
                final class StackRouter: ObservableObject {
                    @Published var path = NavigationPath()
                }
                struct CurrencyRouter {
                    func provider(for pair: String) -> String { pair }
                }
                struct RatesView: View {
                    @EnvironmentObject var flow: StackRouter
                    let rates: CurrencyRouter
                    var body: some View { Text("Rates") }
                }
                """),
            // Non-view code that hands a router around is not the view's property.
            Example("""
                import ComposableRIBs
                import UIKit
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    private var launchRouter: (any LaunchRouting)?
                }
                """),
            // A closure the router fills with its own method is a hidden reference, but no router type.
            Example("""
                import ComposableArchitecture
                import SwiftUI
                struct ReceiptView: View {
                    let store: StoreOf<ReceiptFeature>
                    let onClose: @MainActor () -> Void
                    var body: some View { Button("Close", action: onClose) }
                }
                """),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard !file.isTestFile, file.model.imports.contains("SwiftUI") || !file.model.types.filter({ $0.kind == .extension }).isEmpty
        else { return [] }
        // No import needed: a view file names its router's type, and the project's declarations say what it is.
        let roles = ComposableRoles.of(file)
        var violations: [Violation] = []
        for view in roles.groups(where: roles.isView).joined() {
            let constraints = Self.genericConstraints(of: view)
            for property in TypeDeclaration.storedProperties(of: view.members) where !property.isStatic {
                let type = property.type ?? environmentValueType(of: property, in: file, roles: roles)
                if let (name, _) = roles.routerType(in: type) ?? Self.constraint(of: type, in: constraints).flatMap(roles.routerType(in:)) {
                    violations.append(Violation(at: property.nameNode, message(view.name, property.name, name)))
                }
            }
            for initializer in view.initializers {
                let oneLine = file.location(of: initializer.initKeyword.positionAfterSkippingLeadingTrivia.utf8Offset).line
                    == file.location(of: initializer.signature.endPositionBeforeTrailingTrivia.utf8Offset).line
                for parameter in initializer.signature.parameterClause.parameters {
                    guard let (name, _) = roles.routerType(in: parameter.type) else { continue }
                    let anchor = oneLine ? Syntax(initializer.initKeyword) : Syntax(parameter)
                    violations.append(Violation(at: anchor, message(view.name, (parameter.secondName ?? parameter.firstName).text, name)))
                    if oneLine { break }
                }
            }
        }
        return violations
    }

    /// The protocols a generic view's parameters must conform to: `Router` in `struct LoansView<Router: LoansRouting>` or
    /// `where Router: LoansRouting`.
    static func genericConstraints(of view: TypeDeclaration) -> [String: TypeSyntax] {
        let generics = view.declaration.as(StructDeclSyntax.self).map { ($0.genericParameterClause, $0.genericWhereClause) }
            ?? view.declaration.as(ClassDeclSyntax.self).map { ($0.genericParameterClause, $0.genericWhereClause) }
        guard let (parameters, whereClause) = generics else { return [:] }
        var constraints: [String: TypeSyntax] = [:]
        for parameter in parameters?.parameters ?? [] {
            if let inherited = parameter.inheritedType { constraints[parameter.name.text] = inherited }
        }
        for requirement in whereClause?.requirements ?? [] {
            if case .conformanceRequirement(let conformance) = requirement.requirement,
                let name = conformance.leftType.as(IdentifierTypeSyntax.self)?.name.text
            {
                constraints[name] = conformance.rightType
            }
        }
        return constraints
    }

    /// The constraint of the generic parameter a property's type names (`let router: Router`, `Router?`).
    static func constraint(of type: TypeSyntax?, in constraints: [String: TypeSyntax]) -> TypeSyntax? {
        guard !constraints.isEmpty else { return nil }
        return type?.heldTypeNames.lazy.compactMap { constraints[$0] }.first
    }

    /// The type of `@Environment(\.key) var x`: the type `EnvironmentValues.key` is declared with in this file, or the
    /// router type it holds where another file declares it; of `@Environment(AccountsRouter.self) var x` (an `@Observable`
    /// object by its type), that type.
    private func environmentValueType(of property: StoredProperty, in file: LintFile, roles: ComposableRoles) -> TypeSyntax? {
        for attribute in property.declaration.attributes {
            guard case .attribute(let attribute) = attribute, attribute.attributeName.baseName == "Environment",
                case .argumentList(let arguments)? = attribute.arguments
            else { continue }
            if let member = arguments.first?.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
                let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName
            {
                return TypeSyntax(IdentifierTypeSyntax(name: .identifier(type.text)))
            }
            guard let keyPath = arguments.first?.expression.as(KeyPathExprSyntax.self),
                let key = keyPath.components.last?.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text
            else { continue }
            for values in file.model.types where values.name == "EnvironmentValues" {
                for member in values.members.members {
                    guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == key {
                        return binding.typeAnnotation?.type
                    }
                }
            }
            for held in file.model.projectTypes.helpers(DeclaredType.environmentValue, named: key) where held.type == "EnvironmentValues" {
                let type = TypeSyntax(IdentifierTypeSyntax(name: .identifier(held.made)))
                if roles.routerType(in: type) != nil { return type }
            }
        }
        return nil
    }

    private func message(_ view: String, _ name: String, _ router: String) -> String {
        "view '\(view)' holds router '\(name)' (\(router)); pass it only a `StoreOf<Feature>` and let the router observe "
            + "the feature's delegate actions"
    }
}
