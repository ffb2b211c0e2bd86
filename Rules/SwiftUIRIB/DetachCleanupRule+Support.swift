import RibsLintKit
import SwiftSyntax

/// Where an interactor keeps a subscription to a child's publishers.
struct SubscriptionHolder {
    enum Kind { case property, dictionary, shared }
    let property: String
    let kind: Kind

    var isShared: Bool { kind == .shared }

    /// The holders of the subscriptions started from what an attach call returned: `let output = router.attachX()`
    /// then `output.publishers.….sink(…)`, kept in a property, a dictionary entry or a shared set.
    static func holders(ofOutputOf attach: FunctionCallExprSyntax, file: LintFile) -> [SubscriptionHolder] {
        var root = attach.enclosingStatement ?? Syntax(attach)
        var local: String?
        if let binding = attach.parent?.parent?.as(PatternBindingSyntax.self), binding.initializer?.value.id == attach.id {
            local = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            if let body = attach.enclosingFunction?.body.map(Syntax.init) ?? attach.nearestCodeBlock { root = body }
        }
        return file.calls(named: ["sink", "assign"], in: root).compactMap { call -> SubscriptionHolder? in
            guard Subscription.isSubscribing(call, imports: file.model.imports) != nil else { return nil }
            let source = Self.chainRoot(of: call, stoppingAt: attach)
            if let local {
                guard source.as(DeclReferenceExprSyntax.self)?.baseName.text == local else { return nil }
            } else if source.id != Syntax(attach).id {
                return nil
            }
            return holder(of: Subscription.chainEnd(from: call))
        }
    }

    /// The start of a method chain: `output.publishers.done.sink(…)` → `output`; the attach call itself when chained.
    private static func chainRoot(of call: FunctionCallExprSyntax, stoppingAt attach: FunctionCallExprSyntax) -> Syntax {
        var node = Syntax(call.calledExpression)
        while node.id != Syntax(attach).id {
            if let member = node.as(MemberAccessExprSyntax.self), let base = member.base {
                node = Syntax(base)
            } else if let inner = node.as(FunctionCallExprSyntax.self) {
                node = Syntax(inner.calledExpression)
            } else if let chain = node.as(OptionalChainingExprSyntax.self) {
                node = Syntax(chain.expression)
            } else if let forced = node.as(ForceUnwrapExprSyntax.self) {
                node = Syntax(forced.expression)
            } else {
                break
            }
        }
        return node
    }

    private static func holder(of end: FunctionCallExprSyntax) -> SubscriptionHolder? {
        if Subscription.name(of: end) == "store", let target = end.arguments.first?.expression {
            let set = target.as(InOutExprSyntax.self)?.expression ?? target
            return set.lastName.map { SubscriptionHolder(property: $0, kind: .shared) }
        }
        guard let sequence = end.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == ExprSyntax(end).id else { return nil }
        if let subscripted = elements[0].as(SubscriptCallExprSyntax.self) {
            return subscripted.calledExpression.lastName.map { SubscriptionHolder(property: $0, kind: .dictionary) }
        }
        return elements[0].lastName.map { SubscriptionHolder(property: $0, kind: .property) }
    }

    /// Released in `scope`: set to nil, cancelled, its entry removed — or by an interactor helper called there.
    func isReleased(in scope: Syntax, helpers: [FunctionDeclSyntax], depth: Int = 0) -> Bool {
        final class Finder: SyntaxVisitor {
            let property: String
            var released = false
            var called: [String] = []
            /// Methods called on `self`.
            var selfCalls: [String] = []
            init(property: String) {
                self.property = property
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].is(NilLiteralExprSyntax.self) {
                    let target = elements[0].as(SubscriptCallExprSyntax.self)?.calledExpression ?? elements[0]
                    if target.lastName == property { released = true }
                }
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
                    let name = member.declName.baseName.text
                    if ["cancel", "removeValue", "removeAll"].contains(name), member.base?.lastName == property { released = true }
                    if member.base?.lastName == "self" {
                        called.append(name)
                        selfCalls.append(name)
                    }
                } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                    called.append(reference.baseName.text)
                }
                return .visitChildren
            }
        }
        let finder = Finder(property: property)
        finder.walk(scope)
        if finder.released { return true }
        guard depth == 0 else { return false }
        // A method of the interactor declared in another file (an extension) may release it: given the benefit.
        if finder.selfCalls.contains(where: { name in !helpers.contains { $0.name.text == name } }) { return true }
        return helpers.contains { helper in
            guard finder.called.contains(helper.name.text), let body = helper.body else { return false }
            return isReleased(in: Syntax(body), helpers: helpers, depth: 1)
        }
    }
}

/// Calls of a router's methods in an interactor's code: `router.attachPace()`, `self?.router.detachPace()`.
struct RouterCalls: Sequence {
    let calls: [(call: FunctionCallExprSyntax, name: TokenSyntax)]

    init(routers: Set<String>, in members: MemberBlockSyntax) {
        final class Finder: TypeBodyVisitor {
            let routers: Set<String>
            var calls: [(call: FunctionCallExprSyntax, name: TokenSyntax)] = []
            init(routers: Set<String>) {
                self.routers = routers
                super.init()
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.lastName,
                    routers.contains(base)
                {
                    calls.append((node, member.declName.baseName))
                }
                return .visitChildren
            }
        }
        let finder = Finder(routers: routers)
        finder.walk(members)
        calls = finder.calls
    }

    func makeIterator() -> IndexingIterator<[(call: FunctionCallExprSyntax, name: TokenSyntax)]> { calls.makeIterator() }
}

/// What a router's code does to its ViewContainer: which members an attach method puts a child's view in, which
/// members a detach method clears — directly, through a ViewContainer method, or through a router helper.
struct ContainerReach {
    struct Members {
        var members: Set<String> = []
        /// Through a ViewContainer method ribslint cannot read (declared in another file): anything may be touched.
        var everything = false
    }

    let properties: Set<String>
    let container: TypeDeclaration?
    let helpers: [FunctionDeclSyntax]

    private static let clearingMethods: Set<String> = ["removeAll", "remove", "removeValue", "removeLast", "popLast", "removeFirst", "removeSubrange"]

    /// The member of the ViewContainer an expression names: `viewContainer.lapList`, `self.viewContainer.laps[id]`;
    /// inside the container's own methods, `lapList` or `self.lapList`.
    private func member(_ expression: ExprSyntax, inContainer: Bool) -> String? {
        var expression = expression.unwrapped
        if let subscripted = expression.as(SubscriptCallExprSyntax.self) { expression = subscripted.calledExpression.unwrapped }
        if inContainer {
            if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
            if let member = expression.as(MemberAccessExprSyntax.self), member.base?.lastName == "self" { return member.declName.baseName.text }
            return nil
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, isContainer(base) else { return nil }
        return member.declName.baseName.text
    }

    private func isContainer(_ expression: ExprSyntax) -> Bool {
        guard let name = expression.lastName, properties.contains(name) else { return false }
        let unwrapped = expression.unwrapped
        if unwrapped.is(DeclReferenceExprSyntax.self) { return true }
        return unwrapped.as(MemberAccessExprSyntax.self)?.base?.lastName == "self"
    }

    /// The members an attach method puts a child's view in (`= output.view`, a ViewContainer method given it).
    func viewMembers(of function: FunctionDeclSyntax) -> Members {
        var result = Members()
        let views = Self.viewLocals(in: function)
        for assignment in Self.assignments(in: function) where Self.carriesView(assignment.value, locals: views) {
            if let name = member(assignment.target, inContainer: false) { result.members.insert(name) }
        }
        for call in Self.calls(in: function) {
            guard let called = call.calledExpression.as(MemberAccessExprSyntax.self), let base = called.base,
                call.arguments.contains(where: { Self.carriesView($0.expression, locals: views) })
            else { continue }
            // `viewContainer.waypoints.append(output.view)`: the member the view is added to.
            if !isContainer(base), ["append", "insert", "updateValue"].contains(called.declName.baseName.text),
                let name = member(base, inContainer: false)
            {
                result.members.insert(name)
                continue
            }
            guard isContainer(base) else { continue }
            let method = container.flatMap { container in container.functions.first { $0.name.text == called.declName.baseName.text } }
            guard let method else { result.everything = true; continue }
            for assignment in Self.assignments(in: method) {
                if let name = member(assignment.target, inContainer: true) { result.members.insert(name) }
            }
        }
        return result
    }

    /// The members a detach method clears, following one ViewContainer method or router helper.
    func clearedMembers(by function: FunctionDeclSyntax, inContainer: Bool = false, depth: Int = 0) -> Members {
        var result = Members()
        for assignment in Self.assignments(in: function) where Self.isEmptyValue(assignment.value) {
            if let name = member(assignment.target, inContainer: inContainer) { result.members.insert(name) }
        }
        for call in Self.calls(in: function) {
            if let called = call.calledExpression.as(MemberAccessExprSyntax.self), let base = called.base {
                let method = called.declName.baseName.text
                if Self.clearingMethods.contains(method), let name = member(base, inContainer: inContainer) {
                    result.members.insert(name)
                } else if !inContainer, depth == 0, isContainer(base) {
                    guard let body = container?.functions.first(where: { $0.name.text == method }) else {
                        result.everything = true
                        continue
                    }
                    result.members.formUnion(clearedMembers(by: body, inContainer: true, depth: 1).members)
                } else if !inContainer, depth == 0, base.lastName == "self" {
                    guard let helper = helper(named: method, besides: function) else {
                        // A router method declared in another file (an extension) may clear it: given the benefit.
                        result.everything = true
                        continue
                    }
                    let inner = clearedMembers(by: helper, depth: 1)
                    result.members.formUnion(inner.members)
                    result.everything = result.everything || inner.everything
                }
            } else if !inContainer, depth == 0, let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
                reference.baseName.text.first?.isLowercase == true, !Self.globalFunctions.contains(reference.baseName.text)
            {
                guard let helper = helper(named: reference.baseName.text, besides: function) else {
                    result.everything = true
                    continue
                }
                let inner = clearedMembers(by: helper, depth: 1)
                result.members.formUnion(inner.members)
                result.everything = result.everything || inner.everything
            }
        }
        return result
    }

    /// Swift's and SwiftUI's free functions: no router method hides behind them.
    static let globalFunctions: Set<String> = [
        "print", "debugPrint", "dump", "assert", "assertionFailure", "precondition", "preconditionFailure", "fatalError",
        "withAnimation", "withTransaction",
    ]

    private func helper(named name: String, besides function: FunctionDeclSyntax) -> FunctionDeclSyntax? {
        helpers.first { $0.name.text == name && $0.id != function.id }
    }

    private static func isEmptyValue(_ value: ExprSyntax) -> Bool {
        if value.is(NilLiteralExprSyntax.self) { return true }
        // `.none`, Optional's nil spelled out.
        if let member = value.as(MemberAccessExprSyntax.self), member.base == nil, member.declName.baseName.text == "none" { return true }
        if let array = value.as(ArrayExprSyntax.self) { return array.elements.isEmpty }
        if let dictionary = value.as(DictionaryExprSyntax.self), case .colon = dictionary.content { return true }
        return false
    }

    /// `output.view`, or a local bound to it.
    private static func carriesView(_ value: ExprSyntax, locals: Set<String>) -> Bool {
        if let member = value.unwrapped.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "view" { return true }
        if let reference = value.unwrapped.as(DeclReferenceExprSyntax.self), locals.contains(reference.baseName.text) { return true }
        if let call = value.unwrapped.as(FunctionCallExprSyntax.self) {
            return call.arguments.contains { carriesView($0.expression, locals: locals) }
        }
        // `[output.view]`, `existing + [output.view]`.
        if let array = value.unwrapped.as(ArrayExprSyntax.self) {
            return array.elements.contains { carriesView($0.expression, locals: locals) }
        }
        if let sequence = value.unwrapped.as(SequenceExprSyntax.self) {
            return sequence.elements.contains { carriesView($0, locals: locals) }
        }
        return false
    }

    private static func viewLocals(in function: FunctionDeclSyntax) -> Set<String> {
        Set(function.localBindings.compactMap { binding in
            guard let value = binding.initializer?.value, carriesView(value, locals: []) else { return nil }
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        })
    }

    private static func assignments(in function: FunctionDeclSyntax) -> [(target: ExprSyntax, value: ExprSyntax)] {
        final class Finder: SyntaxVisitor {
            var found: [(target: ExprSyntax, value: ExprSyntax)] = []
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) { found.append((elements[0], elements[2])) }
                return .visitChildren
            }
        }
        guard let body = function.body else { return [] }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }

    private static func calls(in function: FunctionDeclSyntax) -> [FunctionCallExprSyntax] {
        final class Finder: SyntaxVisitor {
            var found: [FunctionCallExprSyntax] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                found.append(node)
                return .visitChildren
            }
        }
        guard let body = function.body else { return [] }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }
}

private extension SyntaxProtocol {
    /// The code block a statement sits in: where a local bound outside any function lives.
    var nearestCodeBlock: Syntax? {
        var node = parent
        while let current = node {
            if current.is(CodeBlockSyntax.self) || current.is(ClosureExprSyntax.self) { return current }
            node = current.parent
        }
        return nil
    }
}
