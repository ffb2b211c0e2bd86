import RibsLintKit
import SwiftSyntax

/// What a router's code (its class and extensions) attaches and detaches, each child known by its RIB's name
/// (`settings`): `attach_detach_balance` weighs them, the RIB tree draws what a router attaches.
final class ChildAttachments: LocalCollector {
    /// `isKnown`: the kind is a RIB's name; otherwise it is the attached expression's text. `alias`: the kind
    /// by names alone, where declared types gave another.
    /// `property`: the stored property the attached child is read from (`attachChild(currentChild!)`).
    var attaches: [(kind: String, alias: String?, isKnown: Bool, call: FunctionCallExprSyntax, function: String, property: String?)] = []
    var detached: Set<String> = []
    /// The router's stored builders and child routers, by name: their declared types.
    var propertyTypes: [String: String] = [:]
    /// A detach whose child cannot be told apart (`children.forEach { detachChild($0) }`) balances every attach.
    var detachesAnything = false
    /// The router's stored properties; the kinds of the children assigned to each (`self.current = router`); and
    /// those a detach reached.
    var storedNames: Set<String> = []
    var storedKinds: [String: Set<String>] = [:]
    var detachedProperties: Set<String> = []
    /// The stored properties assigned a child of no known kind, and those detached whose child only their assignments
    /// tell.
    private var untoldStored: Set<String> = []
    private var detachedByProperty: Set<String> = []
    private var function = ""
    /// The project's types, to find what an app's helper methods detach (`dismissRouter(router, animated: true)`);
    /// the names of the router's own methods, which are none.
    private let types: TypeResolver?
    private var ownMethods: Set<String> = []
    /// What the router's declarations inherit: a class's detaching method serves the classes that inherit it only.
    private let inherited: [String]
    private let routerName: String

    /// Walks the router's parts; stored builders and child routers are known by their declared types, which typos
    /// in names do not touch. With `types`, a call of a helper method that detaches a child (`HelperMethod`) is a detach.
    init(_ router: [TypeDeclaration], types: TypeResolver? = nil) {
        self.types = types
        inherited = router.flatMap(\.inherited)
        routerName = router.first?.name ?? ""
        super.init()
        ownMethods = Set(router.flatMap(\.functions).map(\.name.text))
        for property in router.flatMap(\.storedProperties) {
            guard let type = property.type?.heldTypeNames.first,
                ["Buildable", "Builder", "Routing", "Router"].contains(where: { type.hasSuffix($0) && type.count > $0.count }),
                !Self.genericRouting.contains(type)
            else { continue }
            propertyTypes[property.name] = type
        }
        storedNames = Set(router.flatMap(\.storedProperties).map(\.name))
        for part in router { walk(part.members) }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        function = node.name.text
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        function = "init"
        return .visitChildren
    }

    /// `children.forEach(detachChild(_:))` hands the function over: any child may be detached.
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.text == "detachChild" {
            // `detachChild(x)` or `self.detachChild(x)`: a call.
            let callee = node.parent?.as(MemberAccessExprSyntax.self).map(Syntax.init) ?? Syntax(node)
            if callee.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != callee.id { detachesAnything = true }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let detachedHere = detachedByHelper(node) {
            if let argument = detachedHere { detach(argument) } else { detachesAnything = true }
            return .visitChildren
        }
        guard let callee = node.selfCalledName, let argument = node.arguments.first?.expression else { return .visitChildren }
        if callee == "attachChild" {
            let (kind, alias) = kinds(of: argument)
            attaches.append((kind ?? argument.trimmedText, alias, kind != nil, node, function, storedProperty(argument)))
        } else if callee == "detachChild" {
            detach(argument)
        }
        return .visitChildren
    }

    /// A child detached by its kind; through a stored property (`if let currentChild { detachChild(currentChild) }`),
    /// the kinds assigned to it (`detachedProperties`, weighed once the walk has seen every assignment); else any child.
    private func detach(_ argument: ExprSyntax) {
        let (kind, alias) = kinds(of: argument)
        let property = storedProperty(argument)
        if let property { detachedProperties.insert(property) }
        if let kind {
            detached.formUnion([kind] + (alias.map { [$0] } ?? []))
        } else if let property {
            detachedByProperty.insert(property)
        } else {
            detachesAnything = true
        }
    }

    /// Whether a detach through a stored property whose own name and type tell no child (`currentChild`) may detach any
    /// child: the property is never assigned in the router's code, or assigned something of no known kind.
    var detachesUntoldChild: Bool {
        detachedByProperty.contains { storedKinds[$0]?.isEmpty != false || untoldStored.contains($0) }
    }

    /// For a call on `self` of an app's helper that detaches a child: the argument handed in as that child, or
    /// `.some(nil)` where the helper detaches some other child (`detachCurrentChild()`); nil for any other call.
    private func detachedByHelper(_ node: FunctionCallExprSyntax) -> ExprSyntax?? {
        guard let types else { return nil }
        guard let callee = node.selfCalledName, !["attachChild", "detachChild"].contains(callee), !ownMethods.contains(callee), callee.first?.isLowercase == true else { return nil }
        let labels = node.arguments.map { $0.label?.text ?? "_" }
        let trailing = (node.trailingClosure == nil ? 0 : 1) + node.additionalTrailingClosures.count
        for helper in types.helperMethods(named: callee, doing: .detaches(parameter: nil)) where helper.accepts(labels: labels, trailingClosures: trailing) {
            // A class's method (a base router's `detachAllChildren()`) is the router's only where it is the router's own
            // class or one the router inherits.
            if helper.type != routerName, types.primary(helper.type)?.kind == .class, !types.supertypes(of: inherited).contains(helper.type) { continue }
            guard case .detaches(let parameter) = helper.action else { continue }
            guard let parameter else { return .some(nil) }
            let arguments = Array(node.arguments)
            guard let position = helper.argument(forParameter: parameter, labels: labels), position < arguments.count else { return .some(nil) }
            return .some(arguments[position].expression)
        }
        return nil
    }

    /// `self.current = router`, `current = router`, `self?.current = router`, `current = router as ViewableRouting`: the
    /// child now stored in the property.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        let isCast = elements.count == 5 && elements[3].is(UnresolvedAsExprSyntax.self)
        if elements.count == 3 || isCast, elements[1].is(AssignmentExprSyntax.self), let property = storedProperty(elements[0], following: false) {
            let (kind, alias) = kinds(of: elements[2])
            storedKinds[property, default: []].formUnion([kind, alias].compactMap { $0 })
            if kind == nil, !elements[2].is(NilLiteralExprSyntax.self) { untoldStored.insert(property) }
        }
        return .visitChildren
    }

    /// The stored property an expression reads (`current`, `self.current`), through locals bound to it when `following`.
    private func storedProperty(_ expression: ExprSyntax, following: Bool = true, depth: Int = 0) -> String? {
        let expression = expression.unwrapped
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return storedNames.contains(member.declName.baseName.text) ? member.declName.baseName.text : nil
        }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        if following, depth < 4, let bound = latestBinding(of: name) { return storedProperty(bound, depth: depth + 1) }
        return storedNames.contains(name) ? name : nil
    }

    /// The child's kind by declared types where the router declares them, and by names alone when that differs:
    /// a child attached by one and detached by the other is still the same child.
    private func kinds(of expression: ExprSyntax) -> (String?, String?) {
        let typed = kind(of: expression, byTypes: true)
        let named = kind(of: expression, byTypes: false)
        return (typed, named != typed ? named : nil)
    }

    /// The child's kind: the RIB name of the builder that built it or of the Routing type it was found as;
    /// `byTypes`: a stored builder or child router by its declared type (`propertyTypes`), else by its name.
    private func kind(of expression: ExprSyntax, byTypes: Bool, depth: Int = 0) -> String? {
        let text = expression.trimmedText
        if let castType = ViewControllerReach.castType(expression) ?? Self.castType(in: text) {
            // `children.last as? ViewableRouting` finds any child.
            return Self.genericRouting.contains(castType) ? nil : Self.ribName(castType)
        }
        // `children.first`, `children.last`: any kind of child.
        if text.hasPrefix("children") || text.hasPrefix("self.children") { return nil }
        if let call = expression.unwrapped.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), RIBName.isBuildMethod(member.declName.baseName.text),
            let builder = member.base
        {
            return builderName(of: builder, byTypes: byTypes, depth: depth).map(Self.ribName)
        }
        if let name = expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, depth < 4 {
            if let bound = latestBinding(of: name) { return kind(of: bound, byTypes: byTypes, depth: depth + 1) }
            // A stored child (`guard let router = tagSettingsRouter`): that child, not any; by its type when declared.
            if byTypes, let type = propertyTypes[name], type.hasSuffix("Router") || type.hasSuffix("Routing") {
                return Self.ribName(type)
            }
            return name.hasSuffix("Router") || name.hasSuffix("Routing") ? Self.ribName(name) : nil
        }
        // `loggedIn.router`: the child is named by what holds its router.
        if let member = expression.unwrapped.as(MemberAccessExprSyntax.self), let base = member.base,
            ["router", "routing"].contains(member.declName.baseName.text), depth < 4
        {
            return kind(of: base, byTypes: byTypes, depth: depth + 1)
        }
        // `params.home`: the child named by the member; `params.homeBuilder` is its builder, no child.
        if let name = expression.lastName, depth < 4, !name.hasSuffix("Builder"), !name.hasSuffix("Buildable") { return Self.ribName(name) }
        return nil
    }

    /// The builder a `build` is called on: a property's name, or the type a local was constructed as
    /// (`let builder = DetailBuilder(dependency: …)` → `DetailBuilder`).
    private func builderName(of expression: ExprSyntax, byTypes: Bool, depth: Int) -> String? {
        if let name = expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, depth < 4, let bound = latestBinding(of: name) {
            if let type = bound.unwrapped.as(FunctionCallExprSyntax.self)?.constructedTypeName, type.hasSuffix("Builder") { return type }
            // `guard let builder = childBuilder`: the builder bound from.
            if bound.unwrapped.is(DeclReferenceExprSyntax.self) || bound.unwrapped.is(MemberAccessExprSyntax.self) {
                return builderName(of: bound, byTypes: byTypes, depth: depth + 1)
            }
        }
        if byTypes, let name = expression.lastName, let type = propertyTypes[name], type.hasSuffix("Buildable") || type.hasSuffix("Builder") {
            return type
        }
        return expression.lastName
    }

    static let genericRouting: Set<String> = ["Routing", "ViewableRouting", "LaunchRouting", "Router", "ViewableRouter"]

    /// `children.first(where: { $0 is XRouting })`, `children.compactMap { $0 as? Detail.Routing }`: the type
    /// tested or cast to inside a search of `children`; `Detail.Routing` reads as `DetailRouting`.
    private static func castType(in text: String) -> String? {
        guard text.contains("children"),
            let range = text.range(of: #"\b(is|as[?!])\s+"#, options: .regularExpression)
        else { return nil }
        return RIBName.qualified(text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "." }
            .split(separator: ".").map(String.init))
    }

    /// The RIB a known kind names: `settings` → `Settings`.
    static func rib(ofKind kind: String) -> String { kind.prefix(1).uppercased() + kind.dropFirst() }

    /// `settingsBuilder` → `settings`, `SettingsRouting` → `settings`, `settingsRouter` → `settings`.
    static func ribName(_ name: String) -> String {
        var base = name
        for suffix in ["Buildable", "Builder", "Routing", "Router"] where base.hasSuffix(suffix) && base.count > suffix.count {
            base = String(base.dropLast(suffix.count))
            break
        }
        return base.prefix(1).lowercased() + base.dropFirst()
    }
}
