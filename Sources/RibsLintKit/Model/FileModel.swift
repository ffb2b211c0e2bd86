import SwiftSyntax

/// A stored property of a type (computed properties are not stored and are left out).
public struct StoredProperty {
    public let name: String
    public let type: TypeSyntax?
    public let initializer: ExprSyntax?
    public let isLet: Bool
    public let isWeak: Bool
    public let isStatic: Bool
    public let declaration: VariableDeclSyntax
    public let binding: PatternBindingSyntax

    /// Where a finding about this property points: its name.
    public var nameNode: PatternSyntax { binding.pattern }
}

/// A class, struct, enum, actor or extension, with the role it plays.
public struct TypeDeclaration {
    public enum Kind: String, Sendable { case `class`, `struct`, `enum`, `actor`, `extension`, `protocol` }

    public let name: String
    public let kind: Kind
    /// Base names of the inheritance clause, superclass first.
    public let inherited: [String]
    /// Its superclass chain and every conformance, across the project (see `TypeIndex`).
    public let inheritance: ResolvedInheritance
    public let role: Role?
    public let declaration: DeclSyntax
    public let members: MemberBlockSyntax
    /// Computed once with the model: several rules read them.
    public let storedProperties: [StoredProperty]

    init(
        name: String, kind: Kind, inherited: [String], inheritance: ResolvedInheritance, role: Role?, declaration: DeclSyntax,
        members: MemberBlockSyntax
    ) {
        self.name = name
        self.kind = kind
        self.inherited = inherited
        self.inheritance = inheritance
        self.role = role
        self.declaration = declaration
        self.members = members
        self.storedProperties = role == nil ? [] : Self.storedProperties(of: members)
    }

    /// The stored properties among `members`: what `storedProperties` holds for a type with a role.
    public static func storedProperties(of members: MemberBlockSyntax) -> [StoredProperty] {
        storedProperties(of: members.members)
    }

    /// Properties inside `#if` clauses count (`#if DEBUG var counter = 0`), except those of `#if false`.
    private static func storedProperties(of members: MemberBlockItemListSyntax) -> [StoredProperty] {
        members.flatMap { item -> [StoredProperty] in
            if let conditional = item.decl.as(IfConfigDeclSyntax.self) {
                return conditional.clauses.flatMap { clause -> [StoredProperty] in
                    guard case .decls(let nested) = clause.elements, !clause.isNeverCompiled else { return [] }
                    return storedProperties(of: nested)
                }
            }
            guard let variable = item.decl.as(VariableDeclSyntax.self) else { return [] }
            var isWeak = false
            var isStatic = false
            for modifier in variable.modifiers {
                switch modifier.name.tokenKind {
                case .keyword(.weak), .keyword(.unowned): isWeak = true
                case .keyword(.static), .keyword(.class): isStatic = true
                default: break
                }
            }
            return variable.bindings.compactMap { binding in
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
                    binding.isStored
                else { return nil }
                return StoredProperty(
                    name: identifier.identifier.text,
                    type: binding.typeAnnotation?.type ?? variable.bindings.last?.typeAnnotation?.type,
                    initializer: binding.initializer?.value,
                    isLet: variable.bindingSpecifier.tokenKind == .keyword(.let),
                    isWeak: isWeak,
                    isStatic: isStatic,
                    declaration: variable,
                    binding: binding)
            }
        }
    }

    /// Names of every property the type declares, stored or computed.
    public var declaredPropertyNames: [String] {
        members.members.flatMap { item -> [String] in
            item.decl.as(VariableDeclSyntax.self)?.bindings.compactMap {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            } ?? []
        }
    }

    public var initializers: [InitializerDeclSyntax] {
        members.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
    }

    public var functions: [FunctionDeclSyntax] {
        members.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
    }
}

extension PatternBindingSyntax {
    /// True unless the binding has a getter (computed); `willSet`/`didSet` observers keep it stored.
    public var isStored: Bool {
        guard let accessorBlock else { return true }
        switch accessorBlock.accessors {
        case .getter: return false
        case .accessors(let accessors):
            return accessors.allSatisfy {
                [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
            }
        }
    }
}

/// A protocol with the contract role its name gives it.
public struct ProtocolDeclaration {
    public let name: String
    public let role: ProtocolRole?
    public let declaration: ProtocolDeclSyntax
}

/// What one pass over a file learns: imports, types with the roles the profile gives them, protocols.
public struct FileModel {
    public let imports: [String]
    /// The file imports one of the profile's frameworks, so name suffixes give roles.
    public let importsFramework: Bool
    public let types: [TypeDeclaration]
    public let protocols: [ProtocolDeclaration]
    /// Whether a type, protocol or import is declared inside a type's (or an extension's) member block: without one,
    /// a reader of the file's outline need not look through member blocks for them.
    public let nestsDeclarations: Bool
    /// What the file declares, for the project's `TypeIndex`.
    public let declarations: [DeclaredType]
    /// The project's types, for rules that ask about other files (who conforms to a protocol); every
    /// question is recorded, so the file is linted again when the answer changes.
    public let projectTypes: TypeResolver
    /// Every name the file looked up in the index, with the answer's fingerprint: while the answers stay
    /// the same, so do the file's results.
    var lookups: [String: String] { projectTypes.lookups }

    /// The member blocks of `type` and of its extensions in this file: where a private member can be used.
    public func bodies(of type: TypeDeclaration) -> [MemberBlockSyntax] {
        types.filter { $0.name == type.name && ($0.kind == .extension || $0.declaration.id == type.declaration.id) }.map(\.members)
    }

    /// - Parameter index: the project's types; without one, the file's own declarations are all it knows.
    /// - Parameters:
    ///   - mayNavigate: the file's text names `navigationController`, so its extensions may declare navigation helpers.
    ///   - mayDetach: the file's text names `detachChild`, so its extensions may declare detaching helpers.
    ///   - mayRelay: the file's text names `viewControllable.`, so its extensions may call methods on a router's view
    ///     controller. Without any of the three, no navigating, detaching or relaying helper
    ///     (`DeclaredType.helperMethods`) is looked for.
    ///   - mayArrange: the file's text names a call that removes a view or a view controller, so its classes and
    ///     extensions may declare methods that only arrange the view hierarchy.
    ///   - mayActivate: the file's text names `didBecomeActive`, so its classes may call their router as they become
    ///     active, and when else they call it is recorded too (`InteractorActivation`).
    ///   - mayRoute: the file's text names `router`, so its extensions of classes declared elsewhere may call theirs.
    ///   - mayActivateChildren: the file's text names `activate()`, so its extensions may declare methods that
    ///     (de)activate the interactor of a child handed in.
    ///   - mayHideBars: the file's text names a navigation bar, so its classes' initializers may hide their own
    ///     (`DeclaredType.hidesBarAtInit`).
    ///   - mayMakeBuilders: the file's text names `Builder(` or `.init(dependency:`, so its computed properties may make
    ///     RIB builders (`DeclaredType.buildersMade`).
    ///   - mayBuildUI: the file's text names `static func`, `class func` or `extension UIViewController`, so its methods
    ///     may construct UIKit types for others (`DeclaredType.uiBuilt`).
    public init(
        tree: SourceFileSyntax, profile: Profile, index: TypeIndex? = nil, mayNavigate: Bool = true, mayDetach: Bool = true, mayRelay: Bool = true,
        mayArrange: Bool = true, mayActivate: Bool = true, mayRoute: Bool = true, mayActivateChildren: Bool = true, mayHideBars: Bool = true,
        mayMakeBuilders: Bool = true, mayBuildUI: Bool = true
    ) {
        var collector = DeclarationCollector()
        collector.looksForHelperMethods = mayNavigate || mayDetach || mayRelay || mayActivateChildren
        collector.looksForDetachingBases = mayDetach
        collector.looksForActivation = mayActivate
        collector.looksForRoutes = mayRoute
        collector.collect(tree.statements)
        collector.addActivations(in: tree)
        if mayHideBars { collector.addBarHidingInitializers() }
        if mayMakeBuilders { collector.addBuilderMakingProperties() }
        if mayBuildUI { collector.addUIBuildingMethods() }
        collector.addEnvironmentValues()
        // The file's type aliases are the index's by their names: any of its declarations keeps them.
        if !collector.typeAliases.isEmpty, !collector.types.isEmpty {
            collector.types[0].helperMethods += collector.typeAliases
            collector.typeAliases = []
        }
        // A class whose superclass is one of the profile's own (`ViewableRouter`, `PresentableInteractor`, a `Builder`) is
        // no view controller: whether its methods only arrange is never asked.
        if mayArrange {
            collector.addArrangingMethods { type in type.kind == .class && type.inherited.first.map(profile.isBaseClass) == true }
        }
        imports = collector.imports
        nestsDeclarations = collector.nestsDeclarations
        let importsFramework = collector.imports.contains { profile.frameworks.contains($0) }
        self.importsFramework = importsFramework
        // A build manifest (Tuist's `Project.swift` and its helpers, `Package.swift`) declares no RIB's contract.
        let isManifest = collector.imports.contains { $0 == "ProjectDescription" || $0 == "PackageDescription" }
        protocols = collector.protocols.map { node in
            let role = isManifest ? nil : profile.declaredProtocolRole(named: node.name.text, importsFramework: importsFramework)
            return ProtocolDeclaration(name: node.name.text, role: role, declaration: node)
        }
        // Every declaration, even one that inherits nothing: that the project declares a name is what VIPER's
        // modules and contracts are recognised by.
        // A type of this file that declares a `navigationController` of its own (`protocol NavigationControllable {
        // var navigationController: UINavigationController { get } }`): its extensions use that one, handed in.
        let ownNavigationControllers = !mayNavigate ? [] : Set(
            collector.protocols.filter { HelperMethods.declaresNavigationController($0.memberBlock.members) }.map(\.name.text)
                + collector.types.filter { $0.kind != .extension && HelperMethods.declaresNavigationController($0.members.members) }.map(\.name))
        var declared = collector.types.map { type in
            type.declared(recordingHolds: profile.indexesHeldTypes, helperMethods: !ownNavigationControllers.contains(type.name))
        } + collector.protocols.map { node in
            DeclaredType(
                // The older `protocol P: class` is `AnyObject` spelt another way.
                name: node.name.text, kind: .protocol,
                inherited: node.inheritanceClause?.inheritedTypes.compactMap { $0.type.is(ClassRestrictionTypeSyntax.self) ? "AnyObject" : $0.type.baseName } ?? [],
                genericArguments: [], isMainActor: node.attributes.contains(named: "MainActor"),
                // A file declaring protocols and no other type keeps its type aliases on the first of them.
                helperMethods: node.id == collector.protocols.first?.id ? collector.typeAliases : [])
        }
        // A file declaring type aliases and no type keeps them on an entry of its first alias's name (an extension of it,
        // to the index: no primary declaration), as its scan reads it (`DeclarationScan`).
        if collector.types.isEmpty, collector.protocols.isEmpty, let alias = collector.firstTypeAlias {
            declared.append(DeclaredType(name: alias, kind: .extension, inherited: [], genericArguments: [], helperMethods: collector.typeAliases))
        }
        declarations = declared
        let resolver = TypeResolver(index: index ?? TypeIndex(declarations, project: false), profile: profile, importsFramework: importsFramework)

        var resolvedByName: [String: (Role?, ResolvedInheritance)] = [:]
        var types: [TypeDeclaration] = []
        /// Conformances extensions elsewhere add matter only while no base class has decided the role.
        func completed(_ inheritance: ResolvedInheritance, of name: String) -> ResolvedInheritance {
            guard profile.baseClassRole(of: inheritance) == nil else { return inheritance }
            var inheritance = inheritance
            inheritance.conformances += resolver.extensionConformances(of: name).filter { !inheritance.conformances.contains($0) }
            return inheritance
        }
        // Test doubles subclass or mimic RIB types but play no part in the app's RIB tree.
        for declaration in collector.types where declaration.kind != .extension && !TestCode.isTestDouble(declaration.name) {
            let inheritance = completed(
                resolver.resolve(declaration.name, kind: declaration.kind, inherited: declaration.inherited), of: declaration.name)
            var named = importsFramework ? profile.role(named: declaration.name, kind: declaration.kind) : nil
            // The name decides only where something structural points the same way (`nameAloneNeedsOneOf`): a base class
            // out of sight (UIKit's and Foundation's aside), a RIB contract it conforms to, or what it holds. A
            // `DeepLinkRouter: DeepLinkHandling` or a `PushRouter: NSObject, UNUserNotificationCenterDelegate` that holds no
            // interactor is a service.
            if let role = named, inheritance.superclasses.allSatisfy(Self.isPlatformName),
                !inheritance.conformances.contains(where: { profile.protocolRole(named: $0) != nil }),
                let needed = profile.definition(of: role)?.nameAloneNeedsOneOf, !needed.isEmpty, !declaration.holdsAny(of: needed)
            {
                named = nil
            }
            let role = profile.role(of: inheritance) ?? named
            resolvedByName[declaration.name] = (role, inheritance)
            types.append(declaration.with(role: role, inheritance: inheritance))
        }
        for declaration in collector.types where declaration.kind == .extension && !TestCode.isTestDouble(declaration.name) {
            if let (role, inheritance) = resolvedByName[declaration.name] {
                types.append(declaration.with(role: role, inheritance: inheritance))
                continue
            }
            // A type declared in another file: its role comes from that declaration, through the index. A type
            // the project only extends (`extension UIView`) has the conformances its extensions give it.
            var inheritance = ResolvedInheritance(conformances: declaration.inherited)
            let primary = resolver.primary(declaration.name)
            if let primary {
                inheritance = completed(
                    resolver.resolve(declaration.name, kind: primary.kind, inherited: primary.inherited + declaration.inherited),
                    of: declaration.name)
            }
            // UIKit's and Foundation's own classes (`extension UIViewController`, shared by every screen) play no RIB's part,
            // whatever their names end in.
            let isPlatformType = primary == nil && Self.isPlatformName(declaration.name)
            let role = profile.role(of: inheritance)
                ?? (importsFramework && !isPlatformType ? profile.role(named: declaration.name, kind: .extension) : nil)
            resolvedByName[declaration.name] = (role, inheritance)
            types.append(declaration.with(role: role, inheritance: inheritance))
        }
        self.types = types.sorted { $0.declaration.position < $1.declaration.position }
        projectTypes = resolver
    }

    /// `UIViewController`, `NSObject`: Apple's prefix, then a capital.
    static func isPlatformName(_ name: String) -> Bool {
        let characters = Array(name.utf8.prefix(3))
        return characters.count == 3 && (name.hasPrefix("UI") || name.hasPrefix("NS")) && characters[2] >= UInt8(ascii: "A") && characters[2] <= UInt8(ascii: "Z")
    }

    public func types(_ role: Role) -> [TypeDeclaration] {
        types.filter { $0.role == role }
    }

    /// Types of a role with their same-file extensions, one group per type name, in file order.
    public func typeGroups(_ role: Role) -> [[TypeDeclaration]] {
        var order: [String] = []
        var groups: [String: [TypeDeclaration]] = [:]
        for type in types(role) {
            if groups[type.name] == nil { order.append(type.name) }
            groups[type.name, default: []].append(type)
        }
        return order.compactMap { groups[$0] }
    }

}

private struct PendingType {
    let name: String
    let kind: TypeDeclaration.Kind
    let inherited: [String]
    let declaration: DeclSyntax
    let members: MemberBlockSyntax

    let genericArguments: [String]
    let isMainActor: Bool
    var helperMethods: [String]

    func with(role: Role?, inheritance: ResolvedInheritance) -> TypeDeclaration {
        TypeDeclaration(
            name: name, kind: kind, inherited: inherited, inheritance: inheritance, role: role, declaration: declaration,
            members: members)
    }

    /// Conformances macros add: `@Observable` makes the type `Observable`, TCA's `@Reducer` a `Reducer`.
    let macroConformances: [String]

    /// A stored property or an initializer parameter with one of these names.
    func holdsAny(of names: Set<String>) -> Bool {
        TypeDeclaration.storedProperties(of: members).contains { names.contains($0.name) }
            || members.members.contains { member in
                member.decl.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters.contains {
                    names.contains(($0.secondName ?? $0.firstName).text) || names.contains($0.firstName.text)
                } == true
            }
    }

    func declared(recordingHolds: Bool, helperMethods keepsHelpers: Bool = true) -> DeclaredType {
        DeclaredType(
            name: name, kind: kind, inherited: inherited + macroConformances.filter { !inherited.contains($0) }, genericArguments: genericArguments,
            isMainActor: isMainActor, holds: recordingHolds && [.class, .struct, .actor].contains(kind) ? holds : [],
            helperMethods: keepsHelpers ? helperMethods : helperMethods.filter { !$0.hasPrefix("navigates ") && !$0.hasPrefix("detaches") })
    }

    /// `name:Type` of every stored property and initializer parameter with a written type.
    private var holds: [String] {
        var holds: [String] = []
        for property in TypeDeclaration.storedProperties(of: members) where !property.isStatic {
            for type in property.type?.heldTypeNames ?? [] where !holds.contains("\(property.name):\(type)") {
                holds.append("\(property.name):\(type)")
            }
        }
        for initializer in members.members.compactMap({ $0.decl.as(InitializerDeclSyntax.self) }) {
            for parameter in initializer.signature.parameterClause.parameters {
                let name = (parameter.secondName ?? parameter.firstName).text
                for type in parameter.type.heldTypeNames where !holds.contains("\(name):\(type)") { holds.append("\(name):\(type)") }
            }
        }
        return holds
    }
}

/// Descends declarations only — top level, member blocks, `#if` clauses — never into bodies or
/// expressions: no declaration a RIB rule reads lives there, and the descent stays cheap.
private struct DeclarationCollector {
    var imports: [String] = []
    var types: [PendingType] = []
    var protocols: [ProtocolDeclSyntax] = []
    /// The type aliases declared outside bodies, as `DeclaredType.typeAlias` entries.
    var typeAliases: [String] = []
    var firstTypeAlias: String?
    var looksForHelperMethods = true
    /// Whether classes that are not final may declare methods that detach a child for their subclasses (a base router's
    /// `detachAllChildren()`), kept as `detaches` entries as an extension's are. A final class's are not: the index
    /// merges every declaration of a name, and two modules' `RootRouter`s would answer for each other.
    var looksForDetachingBases = true
    var looksForActivation = true
    var looksForRoutes = true
    /// Whether a type, protocol or import was met inside a member block (`FileModel.nestsDeclarations`).
    var nestsDeclarations = false
    /// How many member blocks the descent is in.
    private var depth = 0

    /// The methods of classes and extensions that only arrange the view hierarchy (`ViewHierarchy.arranging`), each
    /// reading the stored properties of its class in the file as its own.
    mutating func addArrangingMethods(skipping isNoScreen: (PendingType) -> Bool) {
        let classes = types.filter { $0.kind == .class }
        let noScreens = Set(types.filter(isNoScreen).map(\.name))
        for index in types.indices where (types[index].kind == .class || types[index].kind == .extension) && !noScreens.contains(types[index].name) {
            let name = types[index].name
            types[index].helperMethods += ViewHierarchy.arranging(in: types[index].members) {
                Set(classes.filter { $0.name == name }.flatMap { TypeDeclaration.storedProperties(of: $0.members).map(\.name) })
            }
        }
    }

    /// The computed properties of classes and extensions that make a new RIB builder each time they are read
    /// (`DeclaredType.buildersMade`).
    mutating func addBuilderMakingProperties() {
        for index in types.indices where types[index].kind == .class || types[index].kind == .extension {
            types[index].helperMethods += HelperMethods.builderMakingProperties(in: types[index].members.members)
        }
    }

    /// The static methods of types and extensions, and the methods of extensions of `UIViewController`, that construct
    /// UIKit types (`DeclaredType.uiBuilt`).
    mutating func addUIBuildingMethods() {
        for index in types.indices {
            let extendsScreen = types[index].kind == .extension && types[index].name == "UIViewController"
            types[index].helperMethods += HelperMethods.uiBuildingMethods(in: types[index].members.members, everyMethod: extendsScreen)
        }
    }

    /// The values extensions of `EnvironmentValues` and `DependencyValues` declare, with the types they hold
    /// (`DeclaredType.environmentValue`): `@Entry var cardsRouter: CardsRouter? = nil`, or a computed property over a key.
    mutating func addEnvironmentValues() {
        for index in types.indices where types[index].kind == .extension && DeclaredType.environments.contains(types[index].name) {
            for member in types[index].members.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let type = binding.typeAnnotation?.type
                    else { continue }
                    types[index].helperMethods += type.heldTypeNames.map { DeclaredType.entry(DeclaredType.environmentValue, name, making: $0) }
                }
            }
        }
    }

    /// Classes whose initializers hide their own navigation bar (`DeclaredType.hidesBarAtInit`).
    mutating func addBarHidingInitializers() {
        for index in types.indices where types[index].kind == .class {
            let hides = types[index].members.members.contains { member in
                member.decl.as(InitializerDeclSyntax.self)?.body.map(HelperMethods.hidesOwnBar) == true
            }
            if hides { types[index].helperMethods.append(DeclaredType.hidesBarAtInit) }
        }
    }

    /// What each class has its router do as it becomes active, and when else (`InteractorActivation`), read from its
    /// methods and those of its extensions in the file.
    mutating func addActivations(in tree: SourceFileSyntax) {
        // A test double (`RootInteractableMock`) has no role: its router calls say nothing of when the app's routing runs.
        // An extension of a class declared elsewhere: what it has the router do, it does later.
        if looksForRoutes {
            let classes = Set(types.filter { $0.kind == .class }.map(\.name))
            for index in types.indices where types[index].kind == .extension && !classes.contains(types[index].name) {
                let routes = InteractorActivation.routes(in: [types[index].members.members])
                if !routes.isEmpty, !TestCode.isTestDouble(types[index].name) { types[index].helperMethods += routes }
            }
        }
        guard looksForActivation || looksForRoutes else { return }
        for index in types.indices where types[index].kind == .class {
            let name = types[index].name
            // A class that never becomes active in this file (no `didBecomeActive` written) but keeps a router: all it has
            // the router do, it does later (`router?.detachCurrentChild()`).
            if !looksForActivation, !Self.declaresRouter(types[index].members.members) { continue }
            let blocks = [types[index].members] + types.filter { $0.kind == .extension && $0.name == name }.map(\.members)
            let entries = looksForActivation
                ? InteractorActivation.entries(in: blocks.map(\.members)) {
                    // The names the file reads outside the class and its extensions.
                    let spans = blocks.map { $0.position.utf8Offset..<$0.endPosition.utf8Offset }
                    var names = Set<String>()
                    for token in tree.tokens(viewMode: .sourceAccurate) where !spans.contains(where: { $0.contains(token.position.utf8Offset) }) {
                        if case .identifier(let text) = token.tokenKind { names.insert(text) }
                    }
                    return names
                }
                : InteractorActivation.routes(in: blocks.map(\.members))
            if !entries.isEmpty, !TestCode.isTestDouble(name) { types[index].helperMethods += entries }
        }
    }

    /// Whether the members declare a stored property named `router`.
    private static func declaresRouter(_ members: MemberBlockItemListSyntax) -> Bool {
        members.contains { member in
            member.decl.as(VariableDeclSyntax.self)?.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "router" } == true
        }
    }

    mutating func collect(_ items: CodeBlockItemListSyntax) {
        for item in items {
            if case .decl(let declaration) = item.item { collect(declaration) }
        }
    }

    mutating func collect(_ members: MemberBlockItemListSyntax) {
        depth += 1
        for member in members { collect(member.decl) }
        depth -= 1
    }

    mutating func collect(_ declaration: DeclSyntax) {
        if depth > 0, !nestsDeclarations {
            switch declaration.kind {
            case .importDecl, .classDecl, .structDecl, .enumDecl, .actorDecl, .extensionDecl, .protocolDecl: nestsDeclarations = true
            default: break
            }
        }
        switch declaration.as(DeclSyntaxEnum.self) {
        case .importDecl(let node):
            if let module = node.path.first?.name.text { imports.append(module) }
        case .classDecl(let node):
            add(node.name.text, .class, node.inheritanceClause, declaration, node.memberBlock, node.attributes)
        case .structDecl(let node):
            add(node.name.text, .struct, node.inheritanceClause, declaration, node.memberBlock, node.attributes)
        case .enumDecl(let node):
            add(node.name.text, .enum, node.inheritanceClause, declaration, node.memberBlock, node.attributes)
        case .actorDecl(let node):
            add(node.name.text, .actor, node.inheritanceClause, declaration, node.memberBlock, node.attributes)
        case .extensionDecl(let node):
            if let name = node.extendedType.baseName {
                add(name, .extension, node.inheritanceClause, declaration, node.memberBlock, AttributeListSyntax([]))
            } else {
                collect(node.memberBlock.members)
            }
        case .protocolDecl(let node):
            protocols.append(node)
        case .typeAliasDecl(let node):
            if firstTypeAlias == nil { firstTypeAlias = node.name.text }
            typeAliases += node.initializer.value.heldTypeNames.map { DeclaredType.entry(DeclaredType.typeAlias, node.name.text, making: $0) }
        case .ifConfigDecl(let node):
            for clause in node.clauses where !clause.isNeverCompiled {
                switch clause.elements {
                case .statements(let items): collect(items)
                case .decls(let members): collect(members)
                default: break
                }
            }
        default:
            break
        }
    }

    private mutating func add(
        _ name: String, _ kind: TypeDeclaration.Kind, _ inheritance: InheritanceClauseSyntax?,
        _ declaration: DeclSyntax, _ members: MemberBlockSyntax, _ attributes: AttributeListSyntax
    ) {
        let inherited = inheritance?.inheritedTypes.compactMap { $0.type.baseName } ?? []
        let first = inheritance?.inheritedTypes.first?.type
        let arguments = first?.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments
            ?? first?.as(MemberTypeSyntax.self)?.genericArgumentClause?.arguments
        types.append(PendingType(
            name: name, kind: kind, inherited: inherited, declaration: declaration, members: members,
            genericArguments: arguments?.compactMap { $0.argument.as(TypeSyntax.self)?.baseName } ?? [],
            isMainActor: kind != .extension && attributes.contains(named: "MainActor"),
            helperMethods: kind == .extension && looksForHelperMethods ? HelperMethods.declared(in: members.members)
                : kind == .class && looksForDetachingBases && declaration.as(ClassDeclSyntax.self)?.modifiers.contains(.final) == false
                    ? HelperMethods.declared(in: members.members).filter { $0.hasPrefix("detaches") } : [],
            macroConformances: ["Observable", "Reducer"].filter(attributes.contains(named:))))
        collect(members.members)
    }
}

/// The methods of an extension that navigate on the navigation controller their view controller sits in: a body
/// that reaches `navigationController` through `self` (`navigationController`, `self.navigationController`,
/// `uiviewController.navigationController`) and pushes, pops, sets a stack, or presents or dismisses from it. Called
/// on a RIB's view controller, such a helper discovers the navigation controller as surely as the access written out.
enum HelperMethods {
    static let moves: Set<String> = [
        "pushViewController", "popViewController", "popToRootViewController", "popToViewController", "setViewControllers", "show",
        "present", "dismiss",
    ]

    /// The methods among `members` (static ones, or `everyMethod`) that construct a UIKit type — `UIAlertController(…)`,
    /// `UIAlertAction.init(…)`, a name of `UI`, `SF`, `MF` or `PH` and a capital — as `DeclaredType.uiBuilt` entries,
    /// each type once. Closures in the body count: an alert's action is made in one.
    static func uiBuildingMethods(in members: MemberBlockItemListSyntax, everyMethod: Bool) -> [String] {
        members.flatMap { member -> [String] in
            guard let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body,
                everyMethod || function.modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) })
            else { return [] }
            var made: [String] = []
            for token in body.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = token.tokenKind, name.count > 3, ["UI", "SF", "MF", "PH"].contains(where: name.hasPrefix),
                    name.dropFirst(2).first?.isUppercase == true, !made.contains(name),
                    let reference = token.parent?.as(DeclReferenceExprSyntax.self)
                else { continue }
                var called = ExprSyntax(reference)
                if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id,
                    access.declName.baseName.tokenKind == .keyword(.`init`)
                {
                    called = ExprSyntax(access)
                }
                if let call = called.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == called.id { made.append(name) }
            }
            return made.map { DeclaredType.entry(DeclaredType.uiBuilt, function.name.text, making: $0) }
        }
    }

    /// The computed instance properties among `members` whose getter is one construction of a RIB builder, as
    /// `DeclaredType.buildersMade` entries: `var detailBuilder: DetailBuildable { DetailBuilder(dependency: self) }`, or
    /// `{ return .init(dependency: self) }` under a `*Builder` annotation. A builder is made with `dependency:` or
    /// `componentBuilder:`, as a router's own construction is told from a `URLBuilder()`.
    static func builderMakingProperties(in members: MemberBlockItemListSyntax) -> [String] {
        members.flatMap { member -> [String] in
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) })
            else { return [] }
            return variable.bindings.compactMap { binding -> String? in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let accessors = binding.accessorBlock?.accessors
                else { return nil }
                let body: CodeBlockItemListSyntax
                switch accessors {
                case .getter(let items): body = items
                case .accessors(let list):
                    guard let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) })?.body?.statements else { return nil }
                    body = getter
                }
                guard body.count == 1, let item = body.first?.item else { return nil }
                let value: ExprSyntax?
                switch item {
                case .expr(let expression): value = expression
                case .stmt(let statement): value = statement.as(ReturnStmtSyntax.self)?.expression
                default: value = nil
                }
                guard let call = value?.as(FunctionCallExprSyntax.self),
                    call.arguments.contains(where: { ["dependency", "componentBuilder"].contains($0.label?.text) })
                else { return nil }
                let made: String?
                if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                    made = reference.baseName.text
                } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
                    member.declName.baseName.tokenKind == .keyword(.`init`)
                {
                    made = binding.typeAnnotation?.type.as(IdentifierTypeSyntax.self)?.name.text
                } else {
                    made = nil
                }
                guard let made, made.hasSuffix("Builder"), made.first?.isUppercase == true else { return nil }
                return DeclaredType.entry(DeclaredType.buildersMade, name, making: made)
            }
        }
    }

    /// Whether `body` hides the navigation bar of the class it is in: `isNavigationBarHidden = true`,
    /// `setNavigationBarHidden(true, …)` or `navigationBar.isHidden = true`, bare or on `self`.
    static func hidesOwnBar(_ body: CodeBlockSyntax) -> Bool {
        for token in body.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, ["isNavigationBarHidden", "setNavigationBarHidden", "isHidden"].contains(name),
                let next = token.nextToken(viewMode: .sourceAccurate), next.tokenKind == .equal || next.tokenKind == .leftParen,
                next.nextToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.true)
            else { continue }
            var subject = token
            if name == "isHidden" {
                // The bar's own `isHidden`, not a view's.
                guard let period = token.previousToken(viewMode: .sourceAccurate), period.tokenKind == .period,
                    let bar = period.previousToken(viewMode: .sourceAccurate), bar.tokenKind == .identifier("navigationBar")
                else { continue }
                subject = bar
            }
            guard let before = subject.previousToken(viewMode: .sourceAccurate) else { continue }
            if before.tokenKind != .period || before.previousToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.self) { return true }
        }
        return false
    }

    /// The entries (`navigates push(_:animated?:)`, `detaches#0 close(_:)`; see `DeclaredType.helperMethods`) of the
    /// helper methods among `members`, `#if` clauses included (not `#if false`).
    static func declared(in members: MemberBlockItemListSyntax) -> [String] {
        let declarations = members.declarations
        // `private var navigation: UINavigationController? { uiviewController.navigationController }`: a computed
        // property of the extension that reaches the navigation controller stands for it in the methods beside it.
        var reaching = Set<String>()
        for declaration in declarations {
            guard let variable = declaration.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let accessors = binding.accessorBlock else { continue }
                let reader = BodyReader(reaching: [])
                reader.walk(accessors)
                if reader.readsNavigationController { reaching.insert(name) }
            }
        }
        let functions = declarations.compactMap { declaration -> (signature: String, reader: BodyReader)? in
            guard let function = declaration.as(FunctionDeclSyntax.self), let body = function.body else { return nil }
            // A parameter named `navigationController` is one the caller hands in.
            let reader = BodyReader(reaching: reaching, parameters: function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
            reader.walk(body)
            return (HelperMethod.signature(of: function), reader)
        }
        // A method that calls a helper beside it on `self` (`show(_:)` calling `self.push(…)`) is one too.
        var helpers = functions.map { $0.reader.reachesAndMoves ? method($0.signature) : nil }
        var changed = true
        while changed {
            changed = false
            for index in functions.indices where helpers[index] == nil {
                let callsHelper = functions[index].reader.selfCalls.contains { call in
                    helpers.contains { $0?.name == call.name && $0?.accepts(labels: call.labels, trailingClosures: call.trailingClosures) == true }
                }
                if callsHelper {
                    helpers[index] = method(functions[index].signature)
                    changed = true
                }
            }
        }
        var found = functions.indices.compactMap { helpers[$0] == nil ? nil : "navigates " + functions[$0].signature }
        // A method that navigates through its router's view controller (`pushRouter(_:animated:)` calling
        // `viewControllable.pushViewController(…)`): whether that navigates is the type index's to say.
        for index in functions.indices where helpers[index] == nil {
            for call in functions[index].reader.viewControllableCalls { found.append("relays#" + call + " " + functions[index].signature) }
        }
        // `detachChild(router)` of a parameter: the child handed in; of anything else, some child. A method handing a
        // child to a detaching method beside it (`close(r)` calling `dismissRouter(r, animated: true)`) detaches it too.
        for (function, positions) in zip(functions, handedOn(functions.map(\.reader.detached), among: functions)) {
            for position in positions { found.append("detaches" + (position.map { "#\($0)" } ?? "") + " " + function.signature) }
        }
        // `child.interactor.activate()` of a parameter: the child handed in is activated (or deactivated), also through a
        // method beside it (`start(c)` calling `activate(c)`).
        for (word, names) in [("activatesChild#", \BodyReader.activatedNames), ("deactivatesChild#", \BodyReader.deactivatedNames)] {
            let direct = functions.map { function in
                function.reader[keyPath: names].compactMap(function.reader.parameter(named:)).map(Optional.some)
            }
            for (function, positions) in zip(functions, handedOn(direct, among: functions)) {
                var written: Set<Int> = []
                for case let position? in positions where written.insert(position).inserted { found.append(word + "\(position) " + function.signature) }
            }
        }
        return found
    }

    /// What each of `functions` does to the children at `positions` (a parameter's position; nil: another child), with
    /// what the methods beside it that it calls do to the children it hands them.
    private static func handedOn(_ start: [[Int?]], among functions: [(signature: String, reader: BodyReader)]) -> [[Int?]] {
        var positions = start
        var changed = true
        while changed {
            changed = false
            for index in functions.indices {
                for call in functions[index].reader.selfCalls {
                    for other in functions.indices where other != index && !positions[other].isEmpty {
                        guard let callee = method(functions[other].signature),
                            callee.name == call.name, callee.accepts(labels: call.labels, trailingClosures: call.trailingClosures)
                        else { continue }
                        for position in positions[other] {
                            let handed = position.flatMap { callee.argument(forParameter: $0, labels: call.labels) }.flatMap { call.arguments[$0] }
                            let own = handed.flatMap { functions[index].reader.parameter(named: $0) }
                            if !positions[index].contains(own) {
                                positions[index].append(own)
                                changed = true
                            }
                        }
                    }
                }
            }
        }
        return positions
    }

    /// A method beside the one being read, as its calls reach it (the action does not matter there).
    private static func method(_ signature: String) -> HelperMethod? { HelperMethod(type: "", action: .navigates, signature: signature[...]) }

    /// Whether `members` declare a property named `navigationController`.
    static func declaresNavigationController(_ members: MemberBlockItemListSyntax) -> Bool {
        members.declarations.contains { declaration in
            declaration.as(VariableDeclSyntax.self)?.bindings.contains {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "navigationController"
            } == true
        }
    }

    /// What a body does with the navigation controller its view controller sits in.
    private final class BodyReader: SyntaxVisitor {
        /// The extension's properties that reach the navigation controller, and the parameters that hide a name.
        let reaching: Set<String>
        let parameters: [String]
        /// The names `detachChild(…)` is called with (nil: not a name).
        private var detachedNames: [String?] = []
        /// The names whose interactor is activated or deactivated (`child.interactor.activate()`).
        private(set) var activatedNames: [String] = []
        private(set) var deactivatedNames: [String] = []
        /// The children `detachChild(…)` is called with: a parameter's position, or nil for any other value (a local,
        /// a closure's parameter, `children.last`).
        var detached: [Int?] {
            var positions: [Int?] = []
            for name in detachedNames {
                let position = name.flatMap(parameter(named:))
                if !positions.contains(position) { positions.append(position) }
            }
            return positions
        }

        /// The position of the method's parameter that `name` reads in its body: none where a local or a closure's
        /// parameter of that name hides it.
        func parameter(named name: String) -> Int? {
            closureParameters.contains(name) || bound.contains(name) || hidden.contains(name) ? nil : parameters.firstIndex(of: name)
        }
        /// Locals bound to what reaches it (`guard let navigation = navigationController`), and names bound to
        /// anything else (`let navigationController = UINavigationController()`, a closure's parameter), which hide
        /// the property of that name.
        private var bound: Set<String> = []
        private var hidden: Set<String> = []
        /// What a push, a pop, a stack change, a presentation or a dismissal is made on, in order.
        private var moved: [ExprSyntax] = []
        /// The calls of a method by its name alone or on `self` (`push(…)`, `self.push(…)`, `self?.push(…)`): the
        /// extension's own methods among them, and `detachChild`.
        var selfCalls: [(name: String, labels: [String], trailingClosures: Int, arguments: [String?])] = []
        /// The calls of a method on the router's view controller (`viewControllable.push(…)`, `self.viewControllable
        /// .push(…)`), as `push(_:animated:)+0` (the trailing closures' count after the `+`).
        var viewControllableCalls: [String] = []
        /// Something it reaches is pushed or popped on, has its stack set, or presents or dismisses.
        var reachesAndMoves: Bool { moved.contains(where: reaches) }
        /// It reaches the navigation controller at all (a property's getter).
        private(set) var readsNavigationController = false

        init(reaching: Set<String>, parameters: [String] = []) {
            self.reaching = reaching
            self.parameters = parameters
            super.init(viewMode: .sourceAccurate)
        }

        /// `navigationController`, `self.navigationController`, `uiviewController.navigationController`, a reaching
        /// property or a local bound to one, optional chaining and unwrapping looked through.
        func reaches(_ expression: ExprSyntax) -> Bool {
            var expression = expression
            while let inner = expression.as(OptionalChainingExprSyntax.self)?.expression ?? expression.as(ForceUnwrapExprSyntax.self)?.expression {
                expression = inner
            }
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                return bound.contains(name)
                    || (name == "navigationController" || reaching.contains(name)) && !parameters.contains(name) && !hidden.contains(name)
            }
            guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
            let name = member.declName.baseName.text
            return (name == "navigationController" || reaching.contains(name)) && isSelfsViewController(base)
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if let base = node.base, Self.isMove(node) { moved.append(base) }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            // A member's name (`other.navigationController`) is read with its base, after it.
            let isMemberName = node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id
            if !readsNavigationController, !isMemberName, reaches(ExprSyntax(node)) { readsNavigationController = true }
            return .visitChildren
        }

        override func visitPost(_ node: MemberAccessExprSyntax) {
            if !readsNavigationController, reaches(ExprSyntax(node)) { readsNavigationController = true }
        }

        /// `let navigation = navigationController`, `guard let navigation = self.navigationController`, `if let
        /// navigationController` (the shorthand binds the name it reads).
        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                if let value = node.initializer?.value { bind(name, reaching: reaches(value)) }
                else if name == "navigationController" || reaching.contains(name) { bound.insert(name) }
            }
            return .visitChildren
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                bind(name, reaching: node.initializer.map { reaches($0.value) } ?? false)
            }
            return .visitChildren
        }

        override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
            bind(node.name.text, reaching: false)
            closureParameters.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
            let name = (node.secondName ?? node.firstName).text
            bind(name, reaching: false)
            closureParameters.insert(name)
            return .visitChildren
        }

        /// Names a closure of the body takes: a child detached by one of them is not the method's parameter.
        private(set) var closureParameters: Set<String> = []

        private func bind(_ name: String, reaching: Bool) {
            if reaching { bound.insert(name) } else if !bound.contains(name) { hidden.insert(name) }
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            var name: String?
            if node.arguments.isEmpty, let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                ["activate", "deactivate"].contains(member.declName.baseName.text),
                let interactor = member.base?.unwrapped.as(MemberAccessExprSyntax.self), interactor.declName.baseName.text == "interactor",
                let child = interactor.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text
            {
                if member.declName.baseName.text == "activate" { activatedNames.append(child) } else { deactivatedNames.append(child) }
            }
            if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                name = reference.baseName.text
            } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), var base = member.base {
                if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
                if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { name = member.declName.baseName.text }
                if isViewControllable(base) {
                    let trailing = (node.trailingClosure == nil ? 0 : 1) + node.additionalTrailingClosures.count
                    let call = member.declName.baseName.text + "(" + node.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")+\(trailing)"
                    if !viewControllableCalls.contains(call) { viewControllableCalls.append(call) }
                }
            }
            if let name {
                let trailing = (node.trailingClosure == nil ? 0 : 1) + node.additionalTrailingClosures.count
                selfCalls.append((
                    name, node.arguments.map { $0.label?.text ?? "_" }, trailing,
                    node.arguments.map { $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text }))
                if name == "detachChild", let child = node.arguments.first?.expression {
                    detachedNames.append(child.as(DeclReferenceExprSyntax.self)?.baseName.text)
                }
            }
            return .visitChildren
        }

        /// `viewControllable` or `self.viewControllable`, where no parameter or local hides the name: a router's view
        /// controller.
        private func isViewControllable(_ base: ExprSyntax) -> Bool {
            if let reference = base.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                return name == "viewControllable" && !parameters.contains(name) && !hidden.contains(name) && !bound.contains(name)
            }
            guard let member = base.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "viewControllable" else { return false }
            // `self.viewControllable`, `self?.viewControllable` in a closure capturing `self` weakly.
            return member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        }

        /// `self`, `uiviewController` or `self.uiviewController`: the view controller the extended type is; in an extension
        /// of a router, its screen's (`viewControllable.uiviewController`, `self.viewControllable.uiviewController`).
        private func isSelfsViewController(_ base: ExprSyntax) -> Bool {
            var base = base
            while let unwrapped = base.as(OptionalChainingExprSyntax.self)?.expression ?? base.as(ForceUnwrapExprSyntax.self)?.expression {
                base = unwrapped
            }
            if let reference = base.as(DeclReferenceExprSyntax.self) {
                return reference.baseName.tokenKind == .keyword(.self) || reference.baseName.text == "uiviewController"
            }
            guard let member = base.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "uiviewController",
                let owner = member.base?.unwrapped
            else { return false }
            return owner.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) || isViewControllable(owner)
        }

        /// A push, a pop or a stack set, called on the member's base (`….pushViewController(…)`); or its
        /// `viewControllers` assigned or changed in place (`….viewControllers.append(…)`) — the base is then the
        /// container whose stack changes.
        private static func isMove(_ node: MemberAccessExprSyntax) -> Bool {
            let name = node.declName.baseName.text
            if HelperMethods.moves.contains(name) { return node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id }
            guard name == "viewControllers" else { return false }
            if let change = node.parent?.as(MemberAccessExprSyntax.self), change.base?.id == node.id,
                ["append", "insert", "remove", "removeLast", "removeFirst", "removeAll", "removeSubrange", "replaceSubrange"]
                    .contains(change.declName.baseName.text)
            {
                return true
            }
            guard let list = node.parent?.as(ExprListSyntax.self) else { return false }
            let elements = Array(list)
            guard let position = elements.firstIndex(where: { $0.id == node.id }), position + 1 < elements.count else { return false }
            return elements[position + 1].is(AssignmentExprSyntax.self)
        }
    }
}

/// A method that does what rules ask about across files (`DeclaredType.helperMethods`), as the type index answers
/// for it: the type that declares it, what it does, and what a call must spell to reach it.
public struct HelperMethod: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// Pushes, pops or sets the stack of the navigation controller its view controller sits in.
        case navigates
        /// Detaches a child router: the one handed in as the parameter at this position, or (nil) another.
        case detaches(parameter: Int?)
        /// Only arranges the view hierarchy (`ViewHierarchy.arranging(in:)`): adds, removes, presents or dismisses view
        /// controllers and views.
        case arranges
        /// Called on the router by an interactor as it becomes active (`InteractorActivation`).
        case activates
        /// Called on the router by a class at any other time.
        case routes
        /// Calls a method on its router's view controller (`viewControllable.pushViewController(_:animated:)`): the
        /// method's name, the call's argument labels and its trailing closures.
        case relays(name: String, labels: [String], trailingClosures: Int)
        /// Activates, or deactivates, the interactor of the child router handed in as the parameter at this position
        /// (`child.interactor.activate()`; ComposableRIBs' `attachChild` does not).
        case activatesChild(parameter: Int)
        case deactivatesChild(parameter: Int)

        /// The word an entry starts with: `navigates`, `detaches` (whatever the parameter), `arranges`, `activates`.
        public var word: String {
            switch self {
            case .navigates: "navigates"
            case .detaches: "detaches"
            case .arranges: "arranges"
            case .activates: "activates"
            case .routes: "routes"
            case .relays: "relays"
            case .activatesChild: "activatesChild"
            case .deactivatesChild: "deactivatesChild"
            }
        }
    }

    public let type: String
    public let action: Action
    public let name: String
    /// Each parameter's argument label (`_` for none), and whether it has a default value.
    public let parameters: [(label: String, defaulted: Bool)]

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.type == rhs.type && lhs.action == rhs.action && lhs.name == rhs.name && lhs.parameters.elementsEqual(rhs.parameters) { $0 == $1 }
    }

    /// `push(_:animated?:)`: the name, and each parameter's label with `?` where it has a default value.
    public static func signature(of function: FunctionDeclSyntax) -> String {
        (function.name.identifier?.name ?? function.name.text) + "("
            + function.signature.parameterClause.parameters.map { $0.firstName.text + ($0.defaultValue == nil ? ":" : "?:") }.joined() + ")"
    }

    /// The method's name in a declaration's entry: `push` of `navigates push(_:animated?:)`.
    static func name(of declared: String) -> String {
        // By bytes: the space and the parenthesis are ASCII, and reading by characters cost more than the type index's
        // other work with these entries.
        let bytes = declared.utf8
        guard let space = bytes.firstIndex(of: UInt8(ascii: " ")) else { return "" }
        let start = bytes.index(after: space)
        return String(declared[start..<(bytes[start...].firstIndex(of: UInt8(ascii: "(")) ?? bytes.endIndex)])
    }

    /// From the index's `Type navigates push(_:animated?:)` (`detaches#0 …`: the first parameter; `detaches …`: any).
    init?(entry: String) {
        let parts = entry.split(separator: " ", maxSplits: 2)
        guard parts.count == 3 else { return nil }
        let action: Action
        switch parts[1] {
        case "navigates": action = .navigates
        case "arranges": action = .arranges
        case "activates": action = .activates
        case "routes": action = .routes
        case "detaches": action = .detaches(parameter: nil)
        case let word where word.hasPrefix("detaches#"):
            guard let position = Int(word.dropFirst("detaches#".count)) else { return nil }
            action = .detaches(parameter: position)
        case let word where word.hasPrefix("activatesChild#"):
            guard let position = Int(word.dropFirst("activatesChild#".count)) else { return nil }
            action = .activatesChild(parameter: position)
        case let word where word.hasPrefix("deactivatesChild#"):
            guard let position = Int(word.dropFirst("deactivatesChild#".count)) else { return nil }
            action = .deactivatesChild(parameter: position)
        case let word where word.hasPrefix("relays#"):
            // `relays#push(_:animated:)+0`.
            let call = word.dropFirst("relays#".count)
            guard let plus = call.lastIndex(of: "+"), let trailing = Int(call[call.index(after: plus)...]),
                let relayed = HelperMethod(type: "", action: .routes, signature: call[..<plus])
            else { return nil }
            action = .relays(name: relayed.name, labels: relayed.parameters.map(\.label), trailingClosures: trailing)
        default: return nil
        }
        self.init(type: String(parts[0]), action: action, signature: parts[2])
    }

    /// A helper of `type` declared as `signature` (`push(_:animated?:)`); nil for a text that is none.
    public init?(type: String, action: Action, signature: Substring) {
        guard signature.hasSuffix(")"), let open = signature.firstIndex(of: "(") else { return nil }
        self.type = type
        self.action = action
        name = String(signature[..<open])
        parameters = signature[signature.index(after: open)..<signature.index(before: signature.endIndex)].split(separator: ":").map { part in
            part.hasSuffix("?") ? (String(part.dropLast()), true) : (String(part), false)
        }
    }

    /// The position among a call's arguments (labelled `labels`) of the one given for the parameter at `parameter`;
    /// nil where the call leaves it to its default.
    public func argument(forParameter parameter: Int, labels: [String]) -> Int? {
        var next = 0
        for (position, label) in labels.enumerated() {
            while next < parameters.count, parameters[next].label != label, parameters[next].defaulted { next += 1 }
            guard next < parameters.count else { return nil }
            if next == parameter { return position }
            next += 1
        }
        return nil
    }

    /// Whether a call with these argument labels (`_` for none) and this many trailing closures reaches this method:
    /// each label in turn matches the next parameter, defaulted ones skipped; the trailing closures fill what is left.
    public func accepts(labels: [String], trailingClosures: Int) -> Bool {
        var remaining = parameters[...]
        for label in labels {
            while let next = remaining.first, next.label != label, next.defaulted { remaining.removeFirst() }
            guard remaining.first?.label == label else { return false }
            remaining.removeFirst()
        }
        let required = remaining.filter { !$0.defaulted }.count
        return trailingClosures >= required && trailingClosures <= remaining.count
    }
}
