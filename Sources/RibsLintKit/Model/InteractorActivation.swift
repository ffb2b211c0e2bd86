import SwiftSyntax

/// What a class has its router do, and when: `override func didBecomeActive() { super.didBecomeActive(); router?
/// .routeToMain() }` gives `activates routeToMain()`; a router call anywhere else (another method, or a closure
/// `didBecomeActive` leaves behind, such as a subscription's) gives `routes routeToMain()`
/// (`DeclaredType.helperMethods`). The RIBs guide names the first, beside the router's own `didLoad`, as where a RIB
/// attaches the children that live as long as it does — when nothing routes there again later.
///
/// `didBecomeActive` may do it through the class's private methods (`synchronize()`, declared in the class or an
/// extension of it in the file) that nothing else reaches. The body of a `Task` (or a `DispatchQueue`'s `async`) runs
/// once, as the method that starts it: no closure left behind; a loop in it runs again.
enum InteractorActivation {
    /// The entries of a class's router calls in `members` (the class's, then its extensions' in the file), with their
    /// argument labels. A class whose `didBecomeActive()` calls neither the router nor its own methods activates
    /// nothing: its router calls are all `routes` (an interactor closing its child through an app's helper on the
    /// router, `router?.detachCurrentChild()`). `mentionedElsewhere` gives the names the rest of the file reads
    /// (another type may call a `fileprivate` method).
    static func entries(in members: [MemberBlockItemListSyntax], mentionedElsewhere: () -> Set<String>) -> [String] {
        let declarations = members.flatMap(\.declarations)
        let functions = declarations.compactMap { $0.as(FunctionDeclSyntax.self) }.filter { $0.body != nil }
        guard let activation = functions.firstIndex(where: { $0.name.text == "didBecomeActive" && $0.signature.parameterClause.parameters.isEmpty })
        else { return routes(in: members) }
        let activated = Method(functions[activation], readsNames: false)
        guard !activated.routerCalls.isEmpty || !activated.ownCalls.isEmpty else { return routes(in: members) }
        // What the class's properties call or name (their observers and accessors, a closure as an initial value): later.
        let others = Finder(readsNames: true)
        for declaration in declarations {
            guard let variable = declaration.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let accessors = binding.accessorBlock { others.walk(accessors) }
                if let value = binding.initializer?.value,
                    value.is(ClosureExprSyntax.self) || value.as(FunctionCallExprSyntax.self)?.calledExpression.is(ClosureExprSyntax.self) == true
                {
                    others.walk(value)
                }
            }
        }
        let privateNames = Set(functions.filter { Method.privacy(of: $0).isPrivate }.map(\.name.text))
        // Most classes call no private method of theirs as they become active: every other method may run later.
        guard activated.ownCalls.contains(where: { $0.now && privateNames.contains($0.name) && $0.name != "didBecomeActive" }) else {
            var found: [String] = []
            for call in activated.routerCalls {
                let entry = (call.now ? "activates " : "routes ") + call.entry
                if !found.contains(entry) { found.append(entry) }
            }
            guard !found.isEmpty else { return routes(in: members) }
            for index in functions.indices where index != activation {
                for call in Method(functions[index], readsNames: false).routerCalls where !found.contains("routes " + call.entry) {
                    found.append("routes " + call.entry)
                }
            }
            for call in others.routerCalls where !found.contains("routes " + call.entry) { found.append("routes " + call.entry) }
            return found
        }
        // Read again, with the names each hands on; and what initializers call, later.
        let methods = functions.map { Method($0, readsNames: true) }
        for initializer in declarations.compactMap({ $0.as(InitializerDeclSyntax.self)?.body }) { others.walk(initializer) }
        var called: Set<String> = []
        for method in methods { for call in method.ownCalls { called.insert(call.name) } }
        // Methods that may run later: any another type may call, one no method here calls, one named without being called
        // (`#selector(refresh)`, `subscribe(onNext: handle)`), and whatever those call or a closure left behind calls.
        var elsewhere: Set<String>?
        var later = Set(methods.indices.filter { index in
            let method = methods[index]
            guard index != activation else { return false }
            if !method.isPrivate || !called.contains(method.name) { return true }
            if method.isFilePrivate {
                if elsewhere == nil { elsewhere = mentionedElsewhere() }
                if elsewhere?.contains(method.name) == true { return true }
            }
            return false
        })
        var frontier = Array(later)
        func markLater(_ name: String) {
            for index in methods.indices where methods[index].name == name && index != activation && later.insert(index).inserted {
                frontier.append(index)
            }
        }
        for method in methods + [others] {
            for call in method.ownCalls where !call.now || method === others { markLater(call.name) }
            for name in method.named { markLater(name) }
        }
        while let next = frontier.popLast() { for call in methods[next].ownCalls { markLater(call.name) } }
        // Methods that run as the class becomes active, and only then: reached from `didBecomeActive` as it runs, and not
        // from themselves (a method calling itself again runs more than once).
        var activating = [activation]
        var index = 0
        while index < activating.count {
            for call in methods[activating[index]].ownCalls where call.now {
                for found in methods.indices where methods[found].name == call.name && !later.contains(found) && !activating.contains(found) {
                    activating.append(found)
                }
            }
            index += 1
        }
        let repeating = Set(activating.filter { reaches(methods[$0].name, from: $0, in: methods) })
        var found: [String] = []
        for method in activating {
            for call in methods[method].routerCalls {
                let entry = (call.now && !repeating.contains(method) ? "activates " : "routes ") + call.entry
                if !found.contains(entry) { found.append(entry) }
            }
        }
        guard !found.isEmpty else { return routes(in: members) }
        for method in methods.indices where later.contains(method) {
            for call in methods[method].routerCalls where !found.contains("routes " + call.entry) { found.append("routes " + call.entry) }
        }
        for call in others.routerCalls where !found.contains("routes " + call.entry) { found.append("routes " + call.entry) }
        return found
    }

    /// The `routes` entries of an extension of a class declared in another file, or of a class that activates nothing:
    /// whatever they call on the router, the class's `didBecomeActive` does not call as it runs.
    static func routes(in members: [MemberBlockItemListSyntax]) -> [String] {
        let finder = Finder(readsNames: false)
        for declaration in members.flatMap(\.declarations) { finder.walk(declaration) }
        var found: [String] = []
        for call in finder.routerCalls where !found.contains("routes " + call.entry) { found.append("routes " + call.entry) }
        return found
    }

    /// Whether the method at `start` calls one named `name`, itself or through the others it calls.
    private static func reaches(_ name: String, from start: Int, in methods: [Method]) -> Bool {
        var seen: Set<Int> = [start]
        var frontier = [start]
        while let next = frontier.popLast() {
            for call in methods[next].ownCalls {
                if call.name == name { return true }
                for found in methods.indices where methods[found].name == call.name && seen.insert(found).inserted { frontier.append(found) }
            }
        }
        return false
    }

    /// One method of the class: what it calls on the router and on the class itself, and whether each call is made as it
    /// runs (`now`) or in a closure it leaves behind; the methods it names without calling.
    private final class Method: Finder {
        let name: String
        let isPrivate: Bool
        /// `fileprivate`, or a member of a `private extension`: another type in the file may call it.
        let isFilePrivate: Bool

        init(_ function: FunctionDeclSyntax, readsNames: Bool) {
            name = function.name.text
            (isPrivate, isFilePrivate) = Self.privacy(of: function)
            super.init(readsNames: readsNames)
            if let body = function.body { walk(body) }
        }

        /// Private, or a member of a private extension; `fileprivate`, or a member of a private extension.
        static func privacy(of function: FunctionDeclSyntax) -> (isPrivate: Bool, isFilePrivate: Bool) {
            let own = function.modifiers.map(\.name.text)
            let extended = function.parent?.parent?.parent?.parent?.as(ExtensionDeclSyntax.self)?.modifiers.map(\.name.text) ?? []
            let isFilePrivate = own.contains("fileprivate") || !own.contains("private") && extended.contains { $0 == "private" || $0 == "fileprivate" }
            return (own.contains("private") || isFilePrivate, isFilePrivate)
        }
    }

    private class Finder: SyntaxVisitor {
        /// Closures entered that run later or more than once, and loops.
        private var repeated = 0
        /// `routeToMain(animated:)`.
        var routerCalls: [(entry: String, now: Bool)] = []
        var ownCalls: [(name: String, now: Bool)] = []
        /// Names read without a call: a method handed on (`#selector(refresh)`, `onNext: handle`, `self.handle`), when
        /// `readsNames`.
        var named: Set<String> = []
        private let readsNames: Bool

        init(readsNames: Bool) {
            self.readsNames = readsNames
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            if !Self.runsOnce(node) { repeated += 1 }
            return .visitChildren
        }

        override func visitPost(_ node: ClosureExprSyntax) {
            if !Self.runsOnce(node) { repeated -= 1 }
        }

        override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
            repeated += 1
            return .visitChildren
        }

        override func visitPost(_ node: ForStmtSyntax) { repeated -= 1 }

        override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
            repeated += 1
            return .visitChildren
        }

        override func visitPost(_ node: WhileStmtSyntax) { repeated -= 1 }

        override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
            repeated += 1
            return .visitChildren
        }

        override func visitPost(_ node: RepeatStmtSyntax) { repeated -= 1 }

        /// Whether `closure` is the body of a `Task`, `Task.detached` or a queue's `async`: it runs once.
        private static func runsOnce(_ closure: ClosureExprSyntax) -> Bool {
            var call = closure.parent?.as(FunctionCallExprSyntax.self)
            if call == nil, let argument = closure.parent?.as(LabeledExprSyntax.self), argument.label == nil {
                call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
            }
            guard let called = call?.calledExpression else { return false }
            if let name = called.as(DeclReferenceExprSyntax.self)?.baseName.text { return name == "Task" }
            if let generic = called.as(GenericSpecializationExprSyntax.self) {
                return generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task"
            }
            guard let member = called.as(MemberAccessExprSyntax.self) else { return false }
            let method = member.declName.baseName.text
            if method == "detached" { return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task" }
            return method == "async" && member.base?.trimmedText.hasPrefix("DispatchQueue") == true
        }

        /// A name read where it is not called: `handle`, or `self.handle`.
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            guard readsNames else { return .visitChildren }
            var reference = Syntax(node)
            if let member = node.parent?.as(MemberAccessExprSyntax.self) {
                guard member.declName.id == node.id, member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                else { return .visitChildren }
                reference = Syntax(member)
            }
            if reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != reference.id { named.insert(node.baseName.text) }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let now = repeated == 0
            if let name = node.selfCalledName {
                ownCalls.append((name, now))
                return .visitChildren
            }
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let receiver = member.base?.unwrapped else {
                return .visitChildren
            }
            // `router`, or `self.router`.
            let isRouter = receiver.as(DeclReferenceExprSyntax.self)?.baseName.text == "router"
                || receiver.as(MemberAccessExprSyntax.self).map { access in
                    access.declName.baseName.text == "router" && access.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                } == true
            if isRouter {
                let entry = member.declName.baseName.text + "(" + node.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
                routerCalls.append((entry, now && node.trailingClosure == nil))
            }
            return .visitChildren
        }
    }
}
