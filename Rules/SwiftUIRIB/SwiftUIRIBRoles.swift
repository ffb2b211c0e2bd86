import RibsLintKit
import SwiftSyntax

/// The parts of a SwiftUI-RIB (SwiftUI-RIB README): no framework and no base classes, so roles come from
/// conformances, from what a type stores, and from names.
enum SwiftUIRIBRole: String, Sendable {
    case stateContainer, viewContainer, interactor, router, builder, view, dependency

    var isContainer: Bool { self == .stateContainer || self == .viewContainer }

    /// How a message names the part.
    var title: String {
        switch self {
        case .stateContainer: "StateContainer"
        case .viewContainer: "ViewContainer"
        case .interactor: "interactor"
        case .router: "router"
        case .builder: "builder"
        case .view: "RIB view"
        case .dependency: "dependency container"
        }
    }
}

/// The name suffixes teams rename (`…Engine`, `…Wireframe`, `…Store`, `…Layout`): the profile's roles, which
/// `.ribslint.yml`'s `roles:` adjusts once for every rule and the graph (`roles: { interactor: { suffixes: … } }`).
struct SwiftUIRIBNames: Sendable {
    let interactor: [String]
    let router: [String]
    let stateContainer: [String]
    let viewContainer: [String]
    let publisherContainer: [String]

    init(profile: Profile) {
        func suffixes(_ role: Role) -> [String] { profile.definition(of: role)?.suffixes ?? [] }
        interactor = suffixes(.interactor)
        router = suffixes(.router)
        stateContainer = suffixes(.stateContainer)
        viewContainer = suffixes(.viewContainer)
        publisherContainer = suffixes(.publisherContainer)
    }


    static func ends(_ name: String, in suffixes: [String]) -> String? {
        suffixes.first { name.hasSuffix($0) && name.count > $0.count }
    }

    /// The role a name alone gives a protocol: `WorkoutInteractor`, `WorkoutPublisherContainer` → interactor.
    func protocolRole(_ name: String) -> SwiftUIRIBRole? {
        if Self.ends(name, in: interactor + publisherContainer) != nil { return .interactor }
        if Self.ends(name, in: router) != nil { return .router }
        return nil
    }

    /// The template's class names: `WorkoutInteractorImpl`, `WorkoutRouterImpl`.
    func implementationRole(_ name: String) -> SwiftUIRIBRole? {
        guard name.hasSuffix("Impl") else { return nil }
        let stem = String(name.dropLast(4))
        if Self.ends(stem, in: interactor) != nil { return .interactor }
        if Self.ends(stem, in: router) != nil { return .router }
        return nil
    }

    func containerRole(_ name: String) -> SwiftUIRIBRole? {
        if Self.ends(name, in: viewContainer) != nil { return .viewContainer }
        if Self.ends(name, in: stateContainer) != nil { return .stateContainer }
        return nil
    }

    /// The RIB a part's name belongs to: `WorkoutRouterImpl`, `WorkoutStateContainer` → `Workout`.
    func prefix(of name: String) -> String {
        let stem = name.hasSuffix("Impl") ? String(name.dropLast(4)) : name
        for suffix in interactor + router + stateContainer + viewContainer + publisherContainer + ["Builder", "Dependency", "Component", "View"]
        where stem.hasSuffix(suffix) && stem.count > suffix.count {
            return String(stem.dropLast(suffix.count))
        }
        return stem
    }
}

/// A reference a type keeps: a stored property, or an initializer parameter (evidence for roles, never a finding).
struct SwiftUIRIBHolding {
    let name: String
    let typeNames: [String]
    let property: StoredProperty?
}

/// The roles of the types one file declares, decided in the order of the profile's rulebook (a type gets the
/// first that fits), and the roles of types declared elsewhere, read through the project's type index.
struct SwiftUIRIBRoles {
    let file: LintFile
    let names: SwiftUIRIBNames
    /// Declarations of each type the file declares or extends, primary declaration first.
    private(set) var declarations: [String: [TypeDeclaration]] = [:]
    private(set) var roles: [String: SwiftUIRIBRole] = [:]
    private(set) var holdings: [String: [SwiftUIRIBHolding]] = [:]
    /// Types named in order of declaration.
    private(set) var order: [String] = []

    init(file: LintFile, names: SwiftUIRIBNames) {
        self.file = file
        self.names = names
        for type in file.model.types where type.kind != .protocol {
            if declarations[type.name] == nil { order.append(type.name) }
            if type.kind == .extension {
                declarations[type.name, default: []].append(type)
            } else {
                declarations[type.name, default: []].insert(type, at: 0)
            }
            holdings[type.name, default: []] += Self.holdings(of: type)
        }
        resolve()
    }

    /// The file's roles under its profile's names, built once for all the profile's rules and the graph.
    static func of(_ file: LintFile) -> SwiftUIRIBRoles {
        file.shared("swiftui-rib-roles") { SwiftUIRIBRoles(file: file, names: SwiftUIRIBNames(profile: file.profile)) }
    }

    // MARK: - Questions rules ask

    func primary(_ name: String) -> TypeDeclaration? {
        declarations[name]?.first { $0.kind != .extension }
    }

    /// The role of a type, wherever declared: this file's decision, else what the index tells of it.
    func role(of name: String) -> SwiftUIRIBRole? {
        if let role = roles[name] { return role }
        if primary(name) != nil { return nil }
        return foreignRole(of: name)
    }

    /// Types of a role the file declares (or extends), in file order.
    func types(_ role: SwiftUIRIBRole) -> [String] {
        order.filter { roles[$0] == role }
    }

    /// The roles of the parts a type keeps, per holding.
    func heldRoles(of holding: SwiftUIRIBHolding) -> [(String, SwiftUIRIBRole)] {
        holding.typeNames.compactMap { name in role(of: name).map { (name, $0) } }
    }

    func stores(_ typeName: String, _ wanted: (SwiftUIRIBRole) -> Bool) -> Bool {
        (holdings[typeName] ?? []).contains { holding in heldRoles(of: holding).contains { wanted($0.1) } }
    }

    /// Whether a type shows SwiftUI-RIB structure rather than only a name another architecture shares (VIPER's
    /// `AgendaInteractor`, RIBs' `LoginRouter`): it is a container or a builder, stores a container, adopts a
    /// publisher container, or its RIB (`Rings` of `RingsRouterImpl`, `RingsDependency`) declares a container or
    /// a publisher container somewhere in the project.
    func showsStructure(_ typeName: String) -> Bool {
        if let role = roles[typeName], role.isContainer || role == .builder { return true }
        if stores(typeName, \.isContainer) { return true }
        let conformances = declarations[typeName]?.flatMap(Self.inherited) ?? []
        if conformances.contains(where: { SwiftUIRIBNames.ends($0, in: names.publisherContainer) != nil }) { return true }
        let prefixes = Set([typeName] + conformances.filter { names.protocolRole($0) != nil }).map(names.prefix(of:))
        return prefixes.contains { prefix in
            (names.stateContainer + names.viewContainer + names.publisherContainer).contains { suffix in
                let candidate = prefix + suffix
                if let role = roles[candidate] { return role.isContainer }
                return declarations[candidate] == nil && file.model.projectTypes.primary(candidate) != nil
            }
        }
    }

    /// The file declares a SwiftUI-RIB container or builder: a half-migrated RIB's file.
    var declaresSwiftUIRIBParts: Bool {
        roles.values.contains { $0.isContainer || $0 == .builder }
    }

    /// The project declares SwiftUI-RIB containers (`ObservableObject`s named for a container suffix): code in
    /// a `swiftui-rib` path is SwiftUI-RIB code, so a RIBs lifecycle class or component there is a leftover
    /// of a migration, not a plain RIBs app linted under the wrong profile.
    var projectHasContainers: Bool {
        (file.model.projectTypes.inheritors(of: "ObservableObject") + file.model.projectTypes.inheritors(of: "Observable"))
            .contains { names.containerRole($0.name) != nil }
    }

    // MARK: - Deciding roles

    private mutating func resolve() {
        // 1. StateContainer / ViewContainer.
        for name in order {
            guard let type = primary(name), type.kind == .class, isObservable(name) else { continue }
            let kind = names.containerRole(name) ?? namedByHolder(name)
            guard let kind, isStoredByClass(name) || isBuilt(name) || hasForeignRIB(name, kind: kind) && !isHeldBySwiftUI(name) else { continue }
            roles[name] = kind
        }
        // 2–4. Interactor, router, interactor by its StateContainer.
        for name in order where roles[name] == nil {
            guard let type = primary(name), type.kind == .class else { continue }
            let conformances = Self.inherited(type)
            let conformed = conformances.compactMap { conformance in
                names.protocolRole(conformance).flatMap { role in isProjectProtocol(conformance) ? role : nil }
            }
            if conformed.contains(.interactor) || names.implementationRole(name) == .interactor {
                roles[name] = .interactor
            } else if conformed.contains(.router) || names.implementationRole(name) == .router || stores(name, { $0 == .viewContainer }) {
                roles[name] = .router
            } else if stores(name, { $0 == .stateContainer }) {
                roles[name] = .interactor
            }
        }
        // 5. Builder.
        for name in order where roles[name] == nil && name.hasSuffix("Builder") && name.count > "Builder".count {
            guard let type = primary(name), type.kind == .class || type.kind == .struct else { continue }
            if constructsContainer(type) || buildsOutput(type) { roles[name] = .builder }
        }
        // 6. RIB View.
        for name in order where roles[name] == nil {
            guard let type = primary(name), type.kind == .struct, Self.inherited(type).contains("View") else { continue }
            if stores(name, { $0.isContainer || $0 == .interactor }) { roles[name] = .view }
        }
        // Extensions of a type declared in another file share its role there.
        for name in order where primary(name) == nil {
            roles[name] = foreignRole(of: name)
        }
        // 7. Dependency container: what a builder receives.
        for builder in types(.builder) {
            for dependency in dependencyTypes(of: builder) where roles[dependency] == nil && declarations[dependency] != nil {
                roles[dependency] = .dependency
            }
        }
    }

    /// The type a builder receives as its dependency: its initializer parameter labelled `withDependency` or
    /// `dependency`, or its stored property `dependency`.
    func dependencyTypes(of builder: String) -> [String] {
        var found: [String] = []
        for declaration in declarations[builder] ?? [] {
            for initializer in declaration.initializers {
                for parameter in initializer.signature.parameterClause.parameters
                where ["withDependency", "dependency"].contains(parameter.firstName.text) {
                    found += parameter.type.heldTypeNames
                }
            }
        }
        found += (holdings[builder] ?? []).filter { $0.property != nil && $0.name == "dependency" }.flatMap(\.typeNames)
        var seen = Set<String>()
        return found.filter { seen.insert($0).inserted }
    }

    private func isObservable(_ name: String) -> Bool {
        (declarations[name] ?? []).contains { declaration in
            Self.inherited(declaration).contains("ObservableObject")
                || declaration.declaration.as(ClassDeclSyntax.self)?.attributes.contains(named: "Observable") == true
        }
    }

    /// The declared type of a stored property or initializer parameter named `viewContainer`/`stateContainer`,
    /// in this file or any other.
    private func namedByHolder(_ name: String) -> SwiftUIRIBRole? {
        let holderNames = holdings.values.joined().filter { $0.typeNames.contains(name) }.map(\.name)
            + file.model.projectTypes.holders(of: name).map(\.property)
        if holderNames.contains("viewContainer") { return .viewContainer }
        if holderNames.contains("stateContainer") { return .stateContainer }
        return nil
    }

    /// Stored by a class — not by a SwiftUI `View` or `App`, whose `@State`/`@StateObject` helpers are plain
    /// SwiftUI — in this file or any other.
    private func isStoredByClass(_ name: String) -> Bool {
        let here = order.contains { holder in
            guard holder != name, let type = primary(holder), type.kind == .class || type.kind == .actor,
                !Self.inherited(type).contains(where: { $0 == "View" || $0 == "App" })
            else { return false }
            return (holdings[holder] ?? []).contains { $0.typeNames.contains(name) }
        }
        return here || file.model.projectTypes.holders(of: name).contains { holder in
            holder.holder != name && (holder.entry.kind == .class || holder.entry.kind == .actor)
                && !holder.entry.inherited.contains(where: { $0 == "View" || $0 == "App" })
        }
    }

    /// Held by a SwiftUI `View` or `App` (`@StateObject var purchases: PurchasesStateContainer`, `@State private var chart
    /// = ChartViewContainer()` with its type written), in this file or any other: plain SwiftUI state, whatever RIB
    /// shares its name's prefix.
    private func isHeldBySwiftUI(_ name: String) -> Bool {
        let here = order.contains { holder in
            guard holder != name, let type = primary(holder), Self.inherited(type).contains(where: { $0 == "View" || $0 == "App" }) else {
                return false
            }
            return (holdings[holder] ?? []).contains { $0.typeNames.contains(name) }
        }
        return here || file.model.projectTypes.holders(of: name).contains { holder in
            holder.holder != name && holder.entry.inherited.contains(where: { $0 == "View" || $0 == "App" })
        }
    }

    /// Instantiated in a `*Builder` of this file.
    private func isBuilt(_ name: String) -> Bool {
        order.contains { builder in
            guard builder.hasSuffix("Builder"), let type = primary(builder) else { return false }
            return Self.constructs(name, in: type, file: file)
        }
    }

    /// A container declared alone in its file: its RIB's protocols, declared elsewhere in the project, show
    /// that an interactor or a router holds it. A plain SwiftUI `PurchasesStateContainer` has no such RIB.
    private func hasForeignRIB(_ name: String, kind: SwiftUIRIBRole) -> Bool {
        guard names.containerRole(name) == kind else { return false }
        let prefix = names.prefix(of: name)
        return (names.interactor + names.router + names.publisherContainer).contains { suffix in
            isProjectProtocol(prefix + suffix)
        }
    }

    func isProjectProtocol(_ name: String) -> Bool {
        if file.model.protocols.contains(where: { $0.name == name }) { return true }
        return file.model.projectTypes.primary(name)?.kind == .protocol
    }

    private func constructsContainer(_ type: TypeDeclaration) -> Bool {
        constructedNames(in: type).contains { role(of: $0)?.isContainer == true }
    }

    /// Its `build…` method returns an Output: a type with a stored `view` (declared here), or the method
    /// constructs one with a `view:` argument.
    private func buildsOutput(_ type: TypeDeclaration) -> Bool {
        (declarations[type.name] ?? []).flatMap(\.functions).contains { function in
            guard function.name.text.hasPrefix("build") else { return false }
            if let returned = function.signature.returnClause?.type.heldTypeNames.first, let output = primary(returned),
                TypeDeclaration.storedProperties(of: output.members).contains(where: { $0.name == "view" })
            {
                return true
            }
            guard let body = function.body else { return false }
            return file.tokens(spelled: "view", in: body).contains { token in
                token.parent?.as(LabeledExprSyntax.self)?.label?.id == token.id
                    && token.parent?.parent?.parent?.is(FunctionCallExprSyntax.self) == true
            }
        }
    }

    /// Names of the types a type's code constructs: `WorkoutViewContainer()`, `.init` excluded.
    func constructedNames(in type: TypeDeclaration) -> [String] {
        final class Finder: TypeBodyVisitor {
            var names: [String] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let name = node.constructedTypeName, name.first?.isUppercase == true { names.append(name) }
                return .visitChildren
            }
        }
        let finder = Finder()
        for declaration in declarations[type.name] ?? [] { finder.walk(declaration.members) }
        return finder.names
    }

    private static func constructs(_ name: String, in type: TypeDeclaration, file: LintFile) -> Bool {
        file.tokens(spelled: name, in: type.members).contains { token in
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
            let called = reference.parent?.as(MemberAccessExprSyntax.self).map(ExprSyntax.init) ?? ExprSyntax(reference)
            return called.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == called.id
        }
    }

    /// Every name a type inherits, across the project: a class's first name is taken for a superclass until the
    /// index says it is a protocol, and `ObservableObject` or an external protocol never is declared here.
    static func inherited(_ type: TypeDeclaration) -> [String] {
        type.inheritance.superclasses + type.inheritance.conformances
    }

    private static func holdings(of type: TypeDeclaration) -> [SwiftUIRIBHolding] {
        let properties = TypeDeclaration.storedProperties(of: type.members).map { property in
            SwiftUIRIBHolding(name: property.name, typeNames: property.heldTypeNames(in: type), property: property)
        }
        let parameters = type.initializers.flatMap { initializer in
            initializer.signature.parameterClause.parameters.map { parameter in
                SwiftUIRIBHolding(
                    name: (parameter.secondName ?? parameter.firstName).text, typeNames: parameter.type.heldTypeNames, property: nil)
            }
        }
        return properties + parameters
    }

    // MARK: - Types declared in other files

    /// What the project's index tells of a type declared elsewhere: its conformances, its kind, its name.
    private func foreignRole(of name: String) -> SwiftUIRIBRole? {
        guard name.first?.isUppercase == true else { return nil }
        let resolver = file.model.projectTypes
        let entry = resolver.primary(name)
        switch entry?.kind {
        case .protocol?:
            return names.protocolRole(name)
        case .class?:
            let inherited = entry?.inherited ?? []
            if inherited.contains("ObservableObject") || inherited.contains("Observable") {
                // Named as a container, or held as one (`private let viewContainer: RestLayout` here).
                if let container = names.containerRole(name) ?? namedByHolder(name) { return container }
            }
            let conformed = inherited.compactMap { names.protocolRole($0) }
            if conformed.contains(.interactor) { return .interactor }
            if conformed.contains(.router) { return .router }
            return names.implementationRole(name)
        case .struct?:
            guard entry?.inherited.contains("View") == true, name.hasSuffix("View") else { return nil }
            let prefix = String(name.dropLast(4))
            let hasContainers = (names.stateContainer + names.viewContainer).contains { resolver.primary(prefix + $0)?.kind == .class }
            return hasContainers ? .view : nil
        case nil:
            // Not in the project: a name alone (a template `…Impl`).
            return names.implementationRole(name) ?? names.containerRole(name)
        default:
            return nil
        }
    }
}
