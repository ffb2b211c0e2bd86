import RibsLintKit
import SwiftSyntax

/// Who is what under `composable-ribs` (RULES-composable-ribs.md, "Roles"): routers, routing contracts,
/// builders, views, reducers and stores, from the framework's types reached through the project's
/// declarations — never from a name alone. Built once per file by each rule that needs it; every question
/// about another file goes through the project's `TypeResolver`, so the cache knows what the answer was.
struct ComposableRoles {
    let file: LintFile
    /// The file imports ComposableRIBs or one of its parts: `Routing`, `LaunchRouting` and `BaseRouter` are its.
    let isComposable: Bool
    /// The file imports Uber RIBs and uses TCA: RIBs' routers and contracts are legacy composable code.
    /// A plain Uber RIBs file is neither, and no rule of this profile looks at its routers.
    let isLegacy: Bool
    /// The file's type aliases (`typealias GoalsStore = StoreOf<GoalsFeature>`): what each name stands for.
    let aliases: [String: [String]]

    static let composableModules: Set<String> = ["ComposableRIBs", "ComposableRIBsCore", "ComposableRIBsTCA", "ComposableRIBsUI"]
    static let ribsModules: Set<String> = ["RIBs", "ModernRIBs", "CombineRIBs"]
    /// Names only ComposableRIBs gives: a router wherever they are reached.
    static let composableRouterClasses: Set<String> = ["SwiftUIHostingRouter", "UIKitLaunchRouter", "BaseLaunchRouter"]
    static let composableContracts: Set<String> = ["RoutableViewControlling"]
    /// Names ComposableRIBs shares with Uber RIBs or with apps: the framework's only where the file imports it.
    static let sharedRouterClasses: Set<String> = ["BaseRouter"]
    static let sharedContracts: Set<String> = ["Routing", "LaunchRouting"]
    static let legacyRouterClasses: Set<String> = ["Router", "ViewableRouter", "LaunchRouter"]
    static let legacyContracts: Set<String> = ["Routing", "ViewableRouting", "LaunchRouting"]
    /// Uber RIBs' router names no other framework uses (unlike `Router` and `Routing`).
    static let unmistakablyRIBs: Set<String> = ["ViewableRouter", "LaunchRouter", "ViewableRouting", "LaunchRouting"]
    static let legacyBuilderClasses: Set<String> = ["Builder", "ComponentizedBuilder", "SimpleComponentizedBuilder"]
    static let storeTypes: Set<String> = ["Store", "StoreOf", "ViewStore", "ViewStoreOf"]

    /// Not an Uber RIBs file: ComposableRIBs code need not import the framework in every file (a view, an
    /// extension, a router conforming to a contract declared elsewhere).
    let mayUseFramework: Bool

    init(_ file: LintFile) {
        self.file = file
        let imports = Set(file.model.imports)
        isComposable = !imports.isDisjoint(with: Self.composableModules)
        let importsRIBs = !imports.isDisjoint(with: Self.ribsModules)
        isLegacy = importsRIBs && Self.usesTCA(file)
        mayUseFramework = isComposable || !importsRIBs
        aliases = TypeAliases.declared(in: file)
    }

    /// Whether a type annotation holds a TCA store, through the type aliases of the file or the project.
    private func holdsStore(_ type: TypeSyntax) -> Bool {
        type.heldTypeNames.contains { name in Self.storeTypes.contains(name) || aliased(name).contains(where: Self.storeTypes.contains) }
    }

    /// What a type alias named `name` stands for, as the names its type holds: the file's own alias, or one another file
    /// declares (`typealias PayeeChild = any PayeeRouting` in the module's `Contracts.swift`). A name the project declares
    /// a type of is no alias.
    func aliased(_ name: String) -> [String] {
        if let declared = aliases[name] { return declared }
        guard name.first?.isUppercase == true, !file.model.types.contains(where: { $0.name == name }),
            file.model.projectTypes.primary(name) == nil
        else { return [] }
        return file.model.projectTypes.helpers(DeclaredType.typeAlias, named: name).map(\.made)
    }

    /// The file's roles, built once for all the profile's rules.
    static func of(_ file: LintFile) -> ComposableRoles { file.shared("composable-roles") { ComposableRoles(file) } }

    /// Whether a name ComposableRIBs shares with Uber RIBs and apps (`Routing`, `BaseRouter`) means the
    /// framework's: in a file importing it, or in a file of no other framework when the project declares no
    /// type of that name itself.
    private func meansFramework(_ shared: String) -> Bool {
        isComposable || mayUseFramework && file.model.projectTypes.primary(shared) == nil
    }

    /// Imports ComposableArchitecture, or names a TCA store or reducer.
    static func usesTCA(_ file: LintFile) -> Bool {
        if file.model.imports.contains("ComposableArchitecture") { return true }
        return ["Store", "StoreOf", "Reduce"].contains { word in
            file.tokens(spelled: word, in: file.tree).contains { $0.parent?.is(IdentifierTypeSyntax.self) == true
                || $0.parent?.is(DeclReferenceExprSyntax.self) == true }
        }
    }

    /// Whether the file can hold anything a router rule looks at: ComposableRIBs or legacy code, or a file
    /// extending a type declared elsewhere (its role comes from that declaration).
    var mayHoldRouters: Bool { mayUseFramework || isLegacy }

    // MARK: Routers

    enum RouterKind: Equatable {
        /// A router class: one that inherits the framework's router classes or conforms to a routing contract.
        case routerClass
        /// A protocol refining `Routing`, `RoutableViewControlling`, `LaunchRouting` (or RIBs' in legacy code).
        case contract
    }

    private func isRouterName(_ name: String) -> Bool {
        if Self.composableRouterClasses.contains(name) || Self.composableContracts.contains(name) { return true }
        if Self.sharedRouterClasses.contains(name) || Self.sharedContracts.contains(name), meansFramework(name) { return true }
        return isLegacy && (Self.legacyRouterClasses.contains(name) || Self.legacyContracts.contains(name))
    }

    private func isFrameworkRouterClass(_ name: String) -> Bool {
        Self.composableRouterClasses.contains(name) || (Self.sharedRouterClasses.contains(name) && meansFramework(name))
            || (isLegacy && Self.legacyRouterClasses.contains(name))
    }

    /// What a type named `name` is, as a router: the framework's own router types, or a project type whose
    /// superclasses and refined protocols, transitively, reach them.
    func routerKind(of name: String) -> RouterKind? {
        guard name.first?.isUppercase == true, !Self.storeTypes.contains(name) else { return nil }
        if isRouterName(name) { return isFrameworkRouterClass(name) ? .routerClass : .contract }
        guard let entry = file.model.projectTypes.primary(name), entry.kind == .class || entry.kind == .protocol else { return nil }
        // Uber RIBs' unmistakable names reached through the project's declarations count in any file (`protocol
        // HomeRouting: ViewableRouting` declared where RIBs is imported, held by a view that imports SwiftUI alone), unless
        // the project declares the name itself.
        let types = file.model.projectTypes
        guard types.supertypes(of: entry.inherited).contains(where: { name in
            isRouterName(name) || Self.unmistakablyRIBs.contains(name) && types.primary(name) == nil
        }) else { return nil }
        return entry.kind == .class ? .routerClass : .contract
    }

    /// Whether a type annotation holds a router: a router class or contract, `any`/`some` of one, optionals,
    /// arrays and dictionary values of those. Returns the first router type it names.
    func routerType(in type: TypeSyntax?) -> (name: String, kind: RouterKind)? {
        for name in type?.heldTypeNames ?? [] {
            if let kind = routerKind(of: name) { return (name, kind) }
            // Through a type alias (`typealias CouponChild = any CouponRouting`).
            for aliased in aliased(name) {
                if let kind = routerKind(of: aliased) { return (aliased, kind) }
            }
        }
        return nil
    }

    /// A class (or an extension of one, or of a routing contract) that plays the router.
    func isRouter(_ type: TypeDeclaration) -> Bool {
        guard type.kind == .class || type.kind == .extension else { return false }
        if type.kind == .extension, type.inheritance.superclasses.isEmpty,
            let primary = file.model.projectTypes.primary(type.name), primary.kind == .protocol
        {
            return routerKind(of: type.name) == .contract
        }
        return file.model.projectTypes.supertypes(of: type.inheritance.all).contains(where: isRouterName)
    }

    /// A router whose `attachChild`/`detachChild` are `BaseRouter`'s: they neither activate nor deactivate.
    func isComposableRouter(_ type: TypeDeclaration) -> Bool {
        let names = file.model.projectTypes.supertypes(of: type.inheritance.all)
        return names.contains("SwiftUIHostingRouter") || (names.contains("BaseRouter") && meansFramework("BaseRouter"))
    }

    /// The router types declared in the file with their same-file extensions, one group per name.
    func routers() -> [[TypeDeclaration]] {
        guard mayHoldRouters else { return [] }
        return groups { isRouter($0) }
    }

    func groups(where include: (TypeDeclaration) -> Bool) -> [[TypeDeclaration]] {
        var order: [String] = []
        var groups: [String: [TypeDeclaration]] = [:]
        var verdicts: [String: Bool] = [:]
        for type in file.model.types where type.kind != .protocol {
            let verdict = verdicts[type.name] ?? include(type)
            verdicts[type.name] = verdict
            guard verdict else { continue }
            if groups[type.name] == nil { order.append(type.name) }
            groups[type.name, default: []].append(type)
        }
        return order.compactMap { groups[$0] }
    }

    // MARK: Builders

    /// A type that builds a RIB: conforms to `Buildable` or a `…Buildable` contract, inherits a RIBs builder
    /// (legacy), or is a `…Builder` whose `build…` returns a router type. `URLRequestBuilder` is none.
    func isBuilder(_ type: TypeDeclaration) -> Bool {
        guard mayUseFramework || isLegacy, type.kind != .protocol else { return false }
        let names = file.model.projectTypes.supertypes(of: type.inheritance.all)
        // `Buildable` itself is a name Uber RIBs shares (its own sources declare it).
        if names.contains(where: { $0 == "Buildable" ? meansFramework($0) : $0.hasSuffix("Buildable") }) { return true }
        if isLegacy, names.contains(where: Self.legacyBuilderClasses.contains) { return true }
        return type.name.hasSuffix("Builder") && type.functions.contains { function in
            function.name.text.hasPrefix("build") && routerType(in: function.signature.returnClause?.type) != nil
        }
    }

    /// A concrete builder type named in another declaration: a project class or struct conforming to a
    /// buildable contract (or a legacy RIBs builder), or a builder declared in this file.
    func isConcreteBuilder(_ name: String) -> Bool {
        guard mayUseFramework || isLegacy, name.first?.isUppercase == true else { return false }
        if let local = file.model.types.first(where: { $0.name == name && $0.kind != .extension }) {
            return (local.kind == .class || local.kind == .struct) && isBuilder(local)
        }
        guard let entry = file.model.projectTypes.primary(name), entry.kind == .class || entry.kind == .struct else { return false }
        // Conforming where it is declared, or in an extension (`extension PayeeFactory: PayeeBuildable {}`).
        let names = file.model.projectTypes.supertypes(of: entry.inherited + file.model.projectTypes.extensionConformances(of: name))
        return names.contains { $0 == "Buildable" || $0.hasSuffix("Buildable") || (isLegacy && Self.legacyBuilderClasses.contains($0)) }
    }

    // MARK: Views and reducers

    /// A SwiftUI view: a struct (or an extension of one) conforming to `View`, not the project's own `View`.
    func isView(_ type: TypeDeclaration) -> Bool {
        guard type.kind == .struct || type.kind == .extension else { return false }
        if type.kind == .extension, let primary = file.model.projectTypes.primary(type.name), primary.kind != .struct { return false }
        guard file.model.projectTypes.supertypes(of: type.inheritance.all).contains("View") else { return false }
        return file.model.projectTypes.primary("View") == nil
    }

    /// A type annotated `@Reducer` or conforming to `Reducer` (`ReducerProtocol`).
    func isReducer(_ type: TypeDeclaration) -> Bool {
        if Self.attributes(of: type.declaration)?.contains(named: "Reducer") == true { return true }
        // An extension of a `@Reducer` type of this file (one in another file reaches its `Reducer` conformance
        // through the index: the macro adds it).
        if type.kind == .extension,
            file.model.types.contains(where: { $0.name == type.name && $0.kind != .extension && Self.attributes(of: $0.declaration)?.contains(named: "Reducer") == true })
        {
            return true
        }
        guard file.contains("Reducer") || type.kind == .extension else { return false }
        return file.model.projectTypes.supertypes(of: type.inheritance.all).contains { $0 == "Reducer" || $0 == "ReducerProtocol" }
    }

    static func attributes(of declaration: DeclSyntax) -> AttributeListSyntax? {
        declaration.as(StructDeclSyntax.self)?.attributes ?? declaration.as(ClassDeclSyntax.self)?.attributes
            ?? declaration.as(EnumDeclSyntax.self)?.attributes ?? declaration.as(ExtensionDeclSyntax.self)?.attributes
    }

    // MARK: Values

    /// Whether `expression` denotes a TCA store: a value typed `Store`/`StoreOf`/`ViewStore`/`ViewStoreOf`, a
    /// `ViewStore(…)` or `Store(…)` made on the spot, a `.scope(…)` of a store, or an interactor's `store`.
    func isStore(_ expression: ExprSyntax) -> Bool {
        let expression = expression.unwrapped
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let name = call.constructedTypeName { return Self.storeTypes.contains(name) }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "scope",
                let base = member.base
            {
                return isStore(base)
            }
            return false
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "store",
            let base = member.base?.unwrapped, let name = base.lastName, name.lowercased().hasSuffix("interactor")
        {
            return !isAppClassOtherThanInteractor(base)
        }
        // The store of a `TCAInteractor` under any name (`feature.store`), or cast to one (`guard let tca = interactor as?
        // TCAInteractor<Feature>`).
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "store", let base = member.base,
            isTCAInteractor(base)
        {
            return true
        }
        guard let name = Self.rootName(expression), isPlainOrSelf(expression) else { return false }
        switch declaration(of: name, at: Syntax(expression)) {
        case .typed(let type): return holdsStore(type)
        case .initialized(let value): return isStore(value)
        case .property(_, let type?, _): return holdsStore(type)
        case .property(_, nil, let value?): return isStore(value)
        case .untyped, .property: return name == "store" || name == "viewStore"
        case nil:
            // Declared out of sight (a project base class): only the names TCA code gives its stores.
            return name == "store" || name == "viewStore"
        }
    }

    /// A `TCAInteractor` value: declared as one, or cast to one (`interactor as? TCAInteractor<Feature>`), directly or
    /// through the locals bound from it.
    private func isTCAInteractor(_ expression: ExprSyntax, depth: Int = 0) -> Bool {
        var cast = expression
        if let optional = cast.as(OptionalChainingExprSyntax.self) { cast = optional.expression }
        if let tuple = cast.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first { cast = only.expression }
        if let sequence = cast.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true
        {
            return sequence.elements.last?.as(TypeExprSyntax.self)?.type.heldTypeNames.contains("TCAInteractor") == true
        }
        if let cast = cast.as(AsExprSyntax.self) { return cast.type.heldTypeNames.contains("TCAInteractor") }
        let plain = expression.unwrapped
        guard depth < 8, let name = Self.rootName(plain), isPlainOrSelf(plain) else { return false }
        switch declaration(of: name, at: Syntax(plain)) {
        case .typed(let type): return type.heldTypeNames.contains("TCAInteractor")
        case .property(_, let type?, _): return type.heldTypeNames.contains("TCAInteractor")
        case .initialized(let value): return isTCAInteractor(value, depth: depth + 1)
        case .property(_, nil, let value?): return isTCAInteractor(value, depth: depth + 1)
        default: return false
        }
    }

    /// Whether `expression` (`analyticsInteractor`) is declared as a type of this file's that is no `TCAInteractor` and
    /// whose `store` is declared as something other than a store (`let store = AnalyticsEventStore()` of a pipeline older
    /// than TCA): its `store` is no TCA store, whatever its name says. A type declared elsewhere is not looked into: an
    /// interactor of RIBs + TCA keeps a real `StoreOf<Feature>` there as often.
    private func isAppClassOtherThanInteractor(_ expression: ExprSyntax) -> Bool {
        guard let name = Self.rootName(expression), isPlainOrSelf(expression) else { return false }
        let type: TypeSyntax?
        switch declaration(of: name, at: Syntax(expression)) {
        case .typed(let declared): type = declared
        case .property(_, let declared?, _): type = declared
        case .initialized(let value), .property(_, nil, let value?):
            type = value.as(FunctionCallExprSyntax.self)?.constructedTypeName.map { TypeSyntax(IdentifierTypeSyntax(name: .identifier($0))) }
        default: type = nil
        }
        guard let held = type?.heldTypeNames.first, held != "TCAInteractor",
            let holder = file.model.types.first(where: { $0.name == held && ($0.kind == .class || $0.kind == .struct) }),
            let store = TypeDeclaration.storedProperties(of: holder.members).first(where: { $0.name == "store" })
        else { return false }
        if let declared = store.type { return !declared.heldTypeNames.contains(where: Self.storeTypes.contains) }
        guard let value = store.initializer, !isStore(value) else { return false }
        let types = file.model.projectTypes
        return holder.kind == .struct || !types.supertypes(of: holder.inherited).contains("TCAInteractor")
    }

    /// `x`, `self.x`, `self?.x`: a name, not a member of some other value.
    private func isPlainOrSelf(_ expression: ExprSyntax) -> Bool {
        if expression.is(DeclReferenceExprSyntax.self) { return true }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.unwrapped else { return false }
        return base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }

    /// The name an expression starts from, through `self.`, unwraps, subscripts: `self?.loans[id]!` → `loans`.
    static func rootName(_ expression: ExprSyntax) -> String? {
        let expression = expression.unwrapped
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.tokenKind == .keyword(.self) ? nil : reference.baseName.text
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) { return rootName(subscriptCall.calledExpression) }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.unwrapped,
            base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            return member.declName.baseName.text
        }
        return nil
    }

    enum Declared {
        case typed(TypeSyntax)
        case initialized(ExprSyntax)
        /// Declared (a closure parameter without a type) but of unknown type.
        case untyped
        /// A stored property of the enclosing type, with its annotation or initializer.
        case property(name: String, type: TypeSyntax?, initializer: ExprSyntax?)
    }

    /// Where `name` is declared as seen from `node`: an enclosing function's or closure's parameter, a local
    /// before it, a binding of an enclosing `if`/`guard`, or a stored property of the enclosing type (any of
    /// its declarations in this file).
    func declaration(of name: String, at node: Syntax) -> Declared? {
        var current: Syntax? = node
        while let scope = current?.parent {
            defer { current = scope }
            if let items = scope.as(CodeBlockItemListSyntax.self), let here = current {
                for item in items where item.endPosition <= here.position {
                    if let found = Self.binding(of: name, in: item.item) { return found }
                }
            } else if let function = scope.as(FunctionDeclSyntax.self) {
                if let found = Self.parameter(name, in: function.signature.parameterClause) { return found }
            } else if let initializer = scope.as(InitializerDeclSyntax.self) {
                if let found = Self.parameter(name, in: initializer.signature.parameterClause) { return found }
            } else if let closure = scope.as(ClosureExprSyntax.self), let element = Self.iteratedElement(name, in: closure) {
                return element
            } else if let closure = scope.as(ClosureExprSyntax.self), let signature = closure.signature {
                switch signature.parameterClause {
                case .simpleInput(let names)?:
                    if names.contains(where: { $0.name.text == name }) { return .untyped }
                case .parameterClause(let clause)?:
                    for parameter in clause.parameters where (parameter.secondName ?? parameter.firstName).text == name {
                        return parameter.type.map(Declared.typed) ?? .untyped
                    }
                case nil: break
                }
            } else if let conditions = scope.as(IfExprSyntax.self)?.conditions ?? scope.as(WhileStmtSyntax.self)?.conditions
                ?? scope.as(ConditionElementListSyntax.self)
            {
                // Bindings of an `if` or `while` hold in its body, and in the conditions after them.
                for condition in conditions where current?.position ?? condition.position >= condition.endPosition {
                    if let found = Self.optionalBinding(of: name, in: condition) { return found }
                }
            } else if let loop = scope.as(ForStmtSyntax.self), current?.id == loop.body.id, Self.isElement(name, loop.pattern) {
                return .initialized(Self.collection(loop.sequence))
            } else if scope.is(MemberBlockSyntax.self) {
                return storedProperty(name, ofTypeAround: scope)
            }
        }
        return nil
    }

    private static func parameter(_ name: String, in clause: FunctionParameterClauseSyntax) -> Declared? {
        clause.parameters.first { ($0.secondName ?? $0.firstName).text == name }.map { .typed($0.type) }
    }

    private static func binding(of name: String, in item: CodeBlockItemSyntax.Item) -> Declared? {
        if let variable = item.as(VariableDeclSyntax.self) {
            for (index, binding) in variable.bindings.enumerated()
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if let type = binding.typeAnnotation?.type ?? variable.bindings.dropFirst(index).first(where: { $0.typeAnnotation != nil })?.typeAnnotation?.type {
                    return .typed(type)
                }
                return binding.initializer.map { .initialized($0.value) } ?? .untyped
            }
        }
        if let guardStmt = item.as(GuardStmtSyntax.self) {
            for condition in guardStmt.conditions {
                if let found = optionalBinding(of: name, in: condition) { return found }
            }
        }
        return nil
    }

    /// The element a loop's pattern binds `name` to: `for router in routers`, or the value of `for (id, router) in routers`.
    private static func isElement(_ name: String, _ pattern: PatternSyntax) -> Bool {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) { return identifier.identifier.text == name }
        guard let tuple = pattern.as(TuplePatternSyntax.self), tuple.elements.count == 2 else { return false }
        return tuple.elements.last?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
    }

    /// What a loop over `sequence` visits the elements of: a dictionary's for `routers.values`.
    private static func collection(_ sequence: ExprSyntax) -> ExprSyntax {
        if let member = sequence.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "values", let base = member.base { return base }
        return sequence
    }

    /// The element of the collection whose `forEach` (or `map`) runs `closure`, where `name` is the closure's one untyped
    /// parameter (`$0` without a signature): `children.forEach { detachChild($0) }`, `routers.values.forEach { router in
    /// … }`, an optional's value in `child.map { detachChild($0) }`.
    private static func iteratedElement(_ name: String, in closure: ClosureExprSyntax) -> Declared? {
        guard let call = closure.receivingCall, ["forEach", "map", "compactMap", "flatMap"].contains(call.calledName ?? ""),
            let receiver = call.receiver
        else { return nil }
        let parameter: String?
        switch closure.signature?.parameterClause {
        case nil: parameter = closure.signature == nil ? "$0" : nil
        case .simpleInput(let names)?: parameter = names.count == 1 ? names.first?.name.text : nil
        case .parameterClause(let clause)?:
            parameter = clause.parameters.count == 1 && clause.parameters.first?.type == nil
                ? clause.parameters.first.map { ($0.secondName ?? $0.firstName).text } : nil
        }
        return parameter == name ? .initialized(collection(receiver)) : nil
    }

    private static func optionalBinding(of name: String, in condition: ConditionElementSyntax) -> Declared? {
        // `if case let router? = child`, `guard case .some(let router) = child`.
        if let matching = condition.condition.as(MatchingPatternConditionSyntax.self) {
            let binds = matching.pattern.tokens(viewMode: .sourceAccurate).contains { token in
                token.text == name && token.parent?.is(IdentifierPatternSyntax.self) == true
            }
            return binds ? .initialized(matching.initializer.value) : nil
        }
        guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        else { return nil }
        if let type = binding.typeAnnotation?.type { return .typed(type) }
        // `if let store` shorthand (no initializer): the outer name's declaration answers.
        return binding.initializer.map { .initialized($0.value) }
    }

    private func storedProperty(_ name: String, ofTypeAround members: Syntax) -> Declared? {
        guard let owner = Self.typeName(of: members.parent) else { return nil }
        for type in file.model.types where type.name == owner {
            for property in TypeDeclaration.storedProperties(of: type.members) where property.name == name {
                return .property(name: name, type: property.type, initializer: property.initializer)
            }
        }
        return nil
    }

    static func typeName(of declaration: Syntax?) -> String? {
        guard let declaration else { return nil }
        if let node = declaration.as(ClassDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(StructDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(EnumDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(ActorDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(ExtensionDeclSyntax.self) { return node.extendedType.baseName }
        return nil
    }

    /// The declared type of a value expression, where the file says it: `router`, `self?.router`, or a local bound from
    /// one (`let router = self.router`).
    func declaredType(of expression: ExprSyntax, depth: Int = 0) -> TypeSyntax? {
        let unwrapped = expression.unwrapped
        guard let name = Self.rootName(expression), isPlainOrSelf(unwrapped), depth < 4 else { return nil }
        // `self.router` is the property, whatever local the code around names `router`.
        let found = unwrapped.is(MemberAccessExprSyntax.self)
            ? Syntax(expression).ancestorOrSelf(mapping: { $0.as(MemberBlockSyntax.self) }).flatMap { storedProperty(name, ofTypeAround: Syntax($0)) }
            : declaration(of: name, at: Syntax(expression))
        switch found {
        case .typed(let type), .property(_, let type?, _): return type
        case .initialized(let value): return declaredType(of: value, depth: depth + 1)
        case nil: return heldType(named: name, around: Syntax(expression))
        default: return nil
        }
    }

    /// The type a property of the type around `node`, declared in another file, holds, as the project's index records
    /// it (`weak var router: DetailRouting?` in the class's file, read in an extension's `Reduce`): its first named type.
    private func heldType(named name: String, around node: Syntax) -> TypeSyntax? {
        guard let block = node.ancestorOrSelf(mapping: { $0.as(MemberBlockSyntax.self) }), let owner = Self.typeName(of: block.parent),
            let held = file.model.projectTypes.primary(owner)?.holds.first(where: { $0.hasPrefix(name + ":") })
        else { return nil }
        return TypeSyntax(IdentifierTypeSyntax(name: .identifier(String(held.dropFirst(name.count + 1)))))
    }

    /// The property, declared in another file, that an expression stands for: a name declared nowhere in view
    /// (`childRouter`, `self.childRouter`), or a local bound from one (`guard let child = childRouter`).
    func propertyOutOfView(referencedBy expression: ExprSyntax) -> String? {
        guard let origin = origin(of: expression), origin.declared == nil else { return nil }
        return origin.name
    }

    /// The stored property an expression stands for: `self.child`, `child!`, `children[id]`, or a local bound
    /// from one (`if let payee = payeeRouter`, `for loan in loans`).
    func storedProperty(referencedBy expression: ExprSyntax) -> String? {
        guard let origin = origin(of: expression) else { return nil }
        switch origin.declared {
        case .property(let property, _, _): return property
        case nil:
            // `self.child` of a property declared in another file: still the property.
            return origin.expression.unwrapped.is(MemberAccessExprSyntax.self) ? origin.name : nil
        default: return nil
        }
    }

    /// Where an expression's value comes from, through the locals bound from it (at most 8): the expression reached, the
    /// name it starts from, and that name's declaration (nil: none in view).
    private func origin(of expression: ExprSyntax) -> (expression: ExprSyntax, name: String, declared: Declared?)? {
        var expression = expression
        for _ in 0..<8 {
            guard let name = Self.rootName(expression) else { return nil }
            let declared = declaration(of: name, at: Syntax(expression))
            guard case .initialized(let value) = declared else { return (expression, name, declared) }
            expression = value
        }
        return nil
    }
}

extension FunctionCallExprSyntax {
    /// The name of the method called: `a.b.send(…)` → `send`, `attachChild(…)` → `attachChild`.
    var calledName: String? {
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The value the method is called on, nil for an unqualified call.
    var receiver: ExprSyntax? { calledExpression.as(MemberAccessExprSyntax.self)?.base }

    /// Called on the type itself: `attachChild(x)`, `self.attachChild(x)`, `self?.attachChild(x)`.
    var isCalledOnSelf: Bool {
        guard let receiver else { return true }
        return receiver.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }

    /// Called on the superclass's implementation: `super.attachChild(x)`.
    var isCalledOnSuper: Bool { receiver?.as(SuperExprSyntax.self) != nil }

    /// The method's name: where findings about the call point.
    var nameNode: Syntax {
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return Syntax(member.declName) }
        return Syntax(calledExpression)
    }
}
