import SwiftSyntax

/// What a class has its router do, and when: `override func didBecomeActive() { super.didBecomeActive(); router?
/// .routeToMain() }` gives `activates routeToMain()`; a router call anywhere else (another method, or a closure
/// `didBecomeActive` leaves behind, such as a subscription's) gives `routes routeToMain()`
/// (`DeclaredType.helperMethods`). The RIBs guide names the first, beside the router's own `didLoad`, as where a RIB
/// attaches the children that live as long as it does — when nothing routes there again later.
///
/// `didBecomeActive` may do it through the class's own methods (`synchronize()`, declared in the class or an extension
/// of it in the file): a private method that runs only as the class becomes active calls the router as it does. The
/// body of a `Task` (or a `DispatchQueue`'s `async`) runs once, as the method that starts it: no closure left behind.
enum InteractorActivation {
    /// The entries of a class's router calls in `members` (the class's, then its extensions' in the file), with their
    /// argument labels: none unless its `didBecomeActive()` calls the router, since only then does a rule ask when else
    /// it does.
    static func entries(in members: [MemberBlockItemListSyntax]) -> [String] {
        let functions = members.flatMap { list in list.compactMap { $0.decl.as(FunctionDeclSyntax.self) } }.filter { $0.body != nil }
        guard let activation = functions.firstIndex(where: { $0.name.text == "didBecomeActive" && $0.signature.parameterClause.parameters.isEmpty })
        else { return [] }
        let activated = Method(functions[activation])
        guard !activated.routerCalls.isEmpty || !activated.ownCalls.isEmpty else { return [] }
        let methods = functions.indices.map { $0 == activation ? activated : Method(functions[$0]) }
        var called: Set<String> = []
        for method in methods { for call in method.ownCalls { called.insert(call.name) } }
        // Methods that may run later: any another type may call, one no method here calls, and whatever those call or a
        // closure left behind calls.
        var later = Set(methods.indices.filter { $0 != activation && (!methods[$0].isPrivate || !called.contains(methods[$0].name)) })
        var frontier = Array(later)
        func markLater(_ name: String) {
            for index in methods.indices where methods[index].name == name && index != activation && later.insert(index).inserted {
                frontier.append(index)
            }
        }
        for method in methods { for call in method.ownCalls where !call.now { markLater(call.name) } }
        while let next = frontier.popLast() { for call in methods[next].ownCalls { markLater(call.name) } }
        // Methods that run as the class becomes active, and only then.
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
        var found: [String] = []
        for method in activating {
            for call in methods[method].routerCalls where !found.contains((call.now ? "activates " : "routes ") + call.entry) {
                found.append((call.now ? "activates " : "routes ") + call.entry)
            }
        }
        guard !found.isEmpty else { return [] }
        for method in methods.indices where later.contains(method) {
            for call in methods[method].routerCalls where !found.contains("routes " + call.entry) { found.append("routes " + call.entry) }
        }
        return found
    }

    /// One method of the class: what it calls on the router and on the class itself, and whether each call is made as it
    /// runs (`now`) or in a closure it leaves behind.
    private struct Method {
        let name: String
        let isPrivate: Bool
        /// `routeToMain(animated:)`.
        let routerCalls: [(entry: String, now: Bool)]
        let ownCalls: [(name: String, now: Bool)]

        /// A method with a body.
        init(_ function: FunctionDeclSyntax) {
            name = function.name.text
            // Private itself, or a member of a private extension.
            let modifiers = [function.modifiers] + [function.parent?.parent?.parent?.parent?.as(ExtensionDeclSyntax.self)?.modifiers].compactMap { $0 }
            isPrivate = modifiers.contains { list in list.contains { ["private", "fileprivate"].contains($0.name.text) } }
            let finder = Finder()
            if let body = function.body { finder.walk(body) }
            routerCalls = finder.routerCalls
            ownCalls = finder.ownCalls
        }
    }

    private final class Finder: SyntaxVisitor {
        /// Closures entered that run later, or more than once.
        private var closures = 0
        var routerCalls: [(entry: String, now: Bool)] = []
        var ownCalls: [(name: String, now: Bool)] = []

        init() { super.init(viewMode: .sourceAccurate) }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            if !Self.runsOnce(node) { closures += 1 }
            return .visitChildren
        }

        override func visitPost(_ node: ClosureExprSyntax) {
            if !Self.runsOnce(node) { closures -= 1 }
        }

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
            return method == "async" && member.base?.trimmedDescription.hasPrefix("DispatchQueue") == true
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let now = closures == 0
            if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                ownCalls.append((reference.baseName.text, now))
                return .visitChildren
            }
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let receiver = member.base?.unwrapped else {
                return .visitChildren
            }
            if receiver.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                ownCalls.append((member.declName.baseName.text, now))
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
