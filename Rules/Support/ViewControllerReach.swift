import RibsLintKit
import SwiftSyntax

/// Which expressions in a type's code denote a view controller: the router's `viewController`,
/// `viewControllable` and `uiviewController` (its own or a child's), what UIKit hangs off them,
/// and locals bound to any of these.
struct ViewControllerReach {
    static let roots: Set<String> = ["viewController", "viewControllable", "uiviewController"]
    /// UIKit's containers: view controllers that hold and navigate between others rather than show a screen.
    static let containerClasses: Set<String> = ["UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController"]
    static let relatives: Set<String> = [
        "navigationController", "tabBarController", "parent", "presentedViewController",
        "presentingViewController", "topViewController", "visibleViewController", "splitViewController",
    ]

    /// Locals bound to a view controller in the type's code, by name, with their bindings: a name counts only where its
    /// binding is in scope (`Syntax.isVisible(at:)`: `let bar = router.viewControllable` does not make the `bar` builder
    /// property read before it a view controller).
    private var locals: [String: [Syntax]] = [:]
    /// Stored properties holding a view controller or a container the type was handed.
    private(set) var properties: Set<String> = []
    /// Locals bound to a container made here (`let nav = UINavigationController(rootViewController: …)`): the
    /// type's own to set up, but not to dress (its `tabBarItem`).
    private(set) var madeContainers: Set<String> = []

    /// - Parameter storedContainers: also count the type's stored view controllers and containers
    ///   (`private let navigationController: NavigationControllable`) — for what a router does with them,
    ///   not for whether it discovered them.
    /// - Parameter declarations: the type's declarations in the file (its class and extensions), whose stored
    ///   properties and assignments count for it; default: the type alone.
    init(scanning type: TypeDeclaration, storedContainers: Bool = false, declarations: [TypeDeclaration]? = nil) {
        if storedContainers {
            // Handed in, not made here: a container the router creates is its own to set up.
            let declarations = declarations ?? [type]
            let constructed = declarations.reduce(into: Set<String>()) { $0.formUnion(Self.constructedProperties(of: $1)) }
            properties = Set(declarations.flatMap(\.storedProperties).filter { property in
                property.type?.heldTypeNames.contains { name in
                    name.hasSuffix("ViewControllable") || name == "NavigationControllable"
                        || ["UIViewController", "UINavigationController", "UITabBarController"].contains(name)
                } == true && property.initializer == nil && !constructed.contains(property.name)
            }.map(\.name))
        }
        let collector = LocalCollector()
        collector.walk(type.members)
        let bindings = collector.bindings
        for (name, value, _) in bindings {
            guard let call = value.unwrapped.as(FunctionCallExprSyntax.self),
                let made = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            else { continue }
            // The guide's wrapper made here (`NavigationControllerable(root: …)`) is a container too.
            if Self.containerClasses.contains(made) || made.hasSuffix("NavigationController") || made.hasSuffix("TabBarController")
                || made.first?.isUppercase == true && NavigationControllerDiscoveryRule.isNavigationWrapper(made)
            {
                madeContainers.insert(name)
            }
        }
        // What a wrapper made here holds (`let nav = navigation.navigationController`).
        for (name, value, _) in bindings where !madeContainers.contains(name) {
            if let member = value.unwrapped.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "navigationController",
                let base = member.base?.unwrapped.as(DeclReferenceExprSyntax.self), madeContainers.contains(base.baseName.text)
            {
                madeContainers.insert(name)
            }
        }
        // A local bound to another local: repeat until no new binding is found.
        var found = Set<SyntaxIdentifier>()
        var changed = true
        while changed {
            changed = false
            for (name, value, binding) in bindings where !found.contains(binding.id) && binds(value) {
                found.insert(binding.id)
                locals[name, default: []].append(binding)
                changed = true
            }
        }
    }

    private func isLocal(_ reference: DeclReferenceExprSyntax) -> Bool {
        locals[reference.baseName.text]?.contains { $0.isVisible(at: reference) } == true
    }

    /// Properties the type assigns a newly constructed object: `navigation = UINavigationController()`.
    static func constructedProperties(of type: TypeDeclaration) -> Set<String> {
        final class Finder: TypeBodyVisitor {
            var names: Set<String> = []
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                for (index, element) in elements.enumerated()
                where element.is(AssignmentExprSyntax.self) && index > 0 && index + 1 < elements.count
                    && elements[index + 1].as(FunctionCallExprSyntax.self)?.calledExpression.is(DeclReferenceExprSyntax.self) == true
                {
                    if let name = elements[index - 1].lastName { names.insert(name) }
                }
                return .visitChildren
            }
        }
        let finder = Finder()
        finder.walk(type.members)
        return finder.names
    }

    private func binds(_ value: ExprSyntax) -> Bool {
        if reaches(value) { return true }
        if let call = value.unwrapped.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            // A system framework's view controller made here is one too (`SFSafariViewController(url:)`).
            return RIBName.isAppViewController(name) || RIBName.isPlatformViewController(name)
        }
        return false
    }

    /// True when `expression` denotes a view controller.
    func reaches(_ expression: ExprSyntax) -> Bool {
        if let castType = Self.castType(expression), castType.hasSuffix("ViewController") { return true }
        let expression = expression.unwrapped
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return Self.roots.contains(name) || isLocal(reference) || properties.contains(name) && !reference.isShadowed(name)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if Self.roots.contains(name) { return true }
            if properties.contains(name), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { return true }
            if Self.relatives.contains(name), let base = member.base { return reaches(base) }
        }
        return false
    }

    /// The type named by `x as? T` / `x as! T`, looking through parentheses and optional chaining.
    static func castType(_ expression: ExprSyntax) -> String? {
        var current = expression
        while true {
            if let chain = current.as(OptionalChainingExprSyntax.self) { current = chain.expression; continue }
            if let forced = current.as(ForceUnwrapExprSyntax.self) { current = forced.expression; continue }
            if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                current = only.expression
                continue
            }
            break
        }
        guard let sequence = current.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].is(UnresolvedAsExprSyntax.self), let type = elements[2].as(TypeExprSyntax.self)?.type else {
            return nil
        }
        if let member = type.as(MemberTypeSyntax.self), let module = member.baseType.baseName {
            return RIBName.qualified([module, member.name.text])
        }
        return type.heldTypeNames.first
    }

    /// The root view controller expression a member chain starts from, and the chain's members; a subscript is read
    /// through and kept with the member it indexes (`tabBar.items![0].image` → `tabBar`, `items[0]`, `image`).
    func chain(_ expression: ExprSyntax) -> (rootReaches: Bool, members: [String]) {
        let (steps, root) = Self.memberChain(expression)
        var members: [String] = []
        for step in steps {
            if reaches(step.node) { return (true, members.reversed()) }
            members.append(step.name)
        }
        return (reaches(root), members.reversed())
    }

    /// A chain's members from its last on — each one's name, with the subscripts that index it (`items[0]` of
    /// `tabs.tabBar.items?[0].image`), and its member access — and the chain's root (`tabs`); optionals looked through.
    static func memberChain(_ expression: ExprSyntax) -> (members: [(name: String, node: ExprSyntax)], root: ExprSyntax) {
        var members: [(String, ExprSyntax)] = []
        var node = expression.unwrapped
        var subscripted = ""
        while true {
            if let access = node.as(SubscriptCallExprSyntax.self) {
                subscripted = "[" + access.arguments.trimmedText + "]" + subscripted
                node = access.calledExpression.unwrapped
                continue
            }
            guard let member = node.as(MemberAccessExprSyntax.self), let base = member.base?.unwrapped else { break }
            members.append((member.declName.baseName.text + subscripted, node))
            subscripted = ""
            node = base
        }
        return (members, node)
    }
}

/// `let name = value`, `if let name = value`, `guard let name = value` in a type's own code, in walk order.
class LocalCollector: TypeBodyVisitor {
    /// Each local's name, the value bound to it, and the binding.
    private(set) var bindings: [(name: String, value: ExprSyntax, binding: Syntax)] = []

    /// What `name` was last bound to before the point the walk has reached.
    func latestBinding(of name: String) -> ExprSyntax? {
        bindings.last { $0.name == name }?.value
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
            bindings.append((name, value, Syntax(node)))
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
            bindings.append((name, value, Syntax(node)))
        }
        return .visitChildren
    }
}
