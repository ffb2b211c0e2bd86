import RibsLintKit
import SwiftSyntax

/// The child routers each router class of a file keeps, and the properties the file's code detaches and releases
/// for each type: what `child_router_release` reads, since a router split into extensions may keep a child in the
/// class's file, detach it in one extension file and release it in another.
public struct ChildRouterFacts: FileFacts, Equatable {
    public static let id = "composable-child-routers-1"

    /// A stored property of a router class holding child routers (neither weak nor static).
    public struct Child: Codable, Sendable, Equatable {
        public let type: String
        public let name: String
        public let isLet: Bool
        /// An array, dictionary or set of children: released by removing the child, not by `nil`.
        public let isCollection: Bool
        public let point: SourcePoint
    }

    /// A property of `type` that the code of the type (or an extension of it) detaches or releases.
    public struct Use: Codable, Sendable, Equatable {
        public let type: String
        public let property: String
    }

    public var children: [Child] = []
    public var detached: [Use] = []
    public var released: [Use] = []

    /// A router's facts meet those of its extensions in other files by the type's name.
    public var links: FactLinks? {
        FactLinks(joins: Array(Set(children.map(\.type) + detached.map(\.type) + released.map(\.type))).sorted())
    }

    public init(file: LintFile) {
        guard !file.isTestFile else { return }
        let roles = ComposableRoles.of(file)
        let declaredHere = Set(file.model.types.filter { $0.kind != .extension }.map(\.name))
        // Routers with their extensions in this file, and extensions of types declared elsewhere (a router's, as like
        // as not, when they detach or release anything).
        let groups = roles.groups { type in
            roles.mayHoldRouters && roles.isRouter(type) || type.kind == .extension && !declaredHere.contains(type.name)
        }
        let mayDetach = ChildRouterReleaseRule.detaching.contains(where: file.contains)
        for group in groups {
            guard let name = group.first?.name else { continue }
            if group.contains(where: { $0.kind != .extension }) {
                children += Self.children(of: group, roles: roles, file: file)
            }
            if mayDetach {
                detached += Self.detachedProperties(in: group, roles: roles, file: file).map { Use(type: name, property: $0) }
            }
            let releases = group.reduce(into: Set<String>()) { $0.formUnion(ChildRouterReleaseRule.releases(in: $1, file: file)) }
            released += releases.sorted().map { Use(type: name, property: $0) }
        }
    }

    private static func children(of group: [TypeDeclaration], roles: ComposableRoles, file: LintFile) -> [Child] {
        group.flatMap { TypeDeclaration.storedProperties(of: $0.members) }.compactMap { property -> Child? in
            guard !property.isStatic, !property.isWeak, roles.routerType(in: property.type) != nil else { return nil }
            let isCollection = property.type.map { type in
                type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self)
                    || ["Array", "Dictionary", "Set"].contains(type.as(IdentifierTypeSyntax.self)?.name.text ?? "")
            } ?? (property.initializer?.is(ArrayExprSyntax.self) == true || property.initializer?.is(DictionaryExprSyntax.self) == true)
            return Child(
                type: group[0].name, name: property.name, isLet: property.isLet, isCollection: isCollection,
                point: SourcePoint(property.nameNode, in: file))
        }
    }

    /// The properties (stored here, or declared in another file) whose children the group's code detaches: as the
    /// argument of a detaching call on `self`, of one of the type's own methods that detaches its parameter
    /// (`close(payeeRouter)` with `func close(_ child: …) { …; detachChild(child) }`), or each element handed to it
    /// (`tabRouters.forEach(detachChild)`).
    private static func detachedProperties(in group: [TypeDeclaration], roles: ComposableRoles, file: LintFile) -> [String] {
        func property(_ expression: ExprSyntax) -> String? {
            roles.storedProperty(referencedBy: expression) ?? roles.propertyOutOfView(referencedBy: expression)
        }
        // One pass over the detaching calls: a method's parameter handed to one makes the method a detaching helper;
        // anything else detached is a property's child.
        var helpers: [String: Int] = [:]
        let detachedByType = group.map { type -> [String] in
            file.calls(named: ChildRouterReleaseRule.detaching, in: type.members).filter(\.isCalledOnSelf).compactMap { call in
                guard let argument = call.arguments.first?.expression else { return nil }
                // The type's method the call is in (not a function nested in it).
                var method = call.enclosingFunction
                while let function = method, function.parent?.is(MemberBlockItemSyntax.self) != true { method = function.enclosingFunction }
                let parameters = method?.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text } ?? []
                if let method, let name = argument.as(DeclReferenceExprSyntax.self)?.baseName.text, let position = parameters.firstIndex(of: name) {
                    helpers[method.name.text] = position
                    return nil
                }
                return property(argument)
            }
        }
        var found: [String] = []
        for (type, detached) in zip(group, detachedByType) {
            found += detached
            for call in file.calls(named: helpers.keys.sorted(), in: type.members) where call.isCalledOnSelf {
                let arguments = Array(call.arguments)
                guard let name = call.calledName, let position = helpers[name], position < arguments.count else { continue }
                if let child = property(arguments[position].expression) { found.append(child) }
            }
            // `tabRouters.forEach(detachChild)`: the method itself handed to the loop.
            for word in ChildRouterReleaseRule.detaching {
                for token in file.tokens(spelled: word, in: type.members) {
                    guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                        let call = reference.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                        ["forEach", "map"].contains(call.calledName ?? ""), call.arguments.count == 1,
                        call.arguments.first?.expression.id == ExprSyntax(reference).id,
                        let receiver = call.receiver, let name = property(receiver)
                    else { continue }
                    found.append(name)
                }
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0).inserted }
    }
}
