import SwiftSyntax

/// What a class has its router do, and when: `override func didBecomeActive() { super.didBecomeActive(); router?
/// .routeToMain() }` gives `activates routeToMain()`; a router call anywhere else (another method, or a closure
/// `didBecomeActive` leaves behind, such as a subscription's) gives `routes routeToMain()`
/// (`DeclaredType.helperMethods`). The RIBs guide names the first, beside the router's own `didLoad`, as where a RIB
/// attaches the children that live as long as it does — when nothing routes there again later.
enum InteractorActivation {
    /// The entries of a class's router calls among `members`, with their argument labels: none unless its
    /// `didBecomeActive()` calls the router, since only then does a rule ask when else it does.
    static func entries(in members: MemberBlockItemListSyntax) -> [String] {
        let functions = members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
        guard let activation = functions.first(where: { $0.name.text == "didBecomeActive" && $0.signature.parameterClause.parameters.isEmpty }),
            let body = activation.body
        else { return [] }
        let activating = Finder(activating: true)
        activating.walk(body)
        guard !activating.found.isEmpty else { return [] }
        return activating.found + routes(in: members, skipping: activation.id).filter { !activating.found.contains($0) }
    }

    /// The `routes` entries of the router calls in the methods among `members` (an extension of a class whose
    /// `didBecomeActive` calls the router), but `skipping`.
    static func routes(in members: MemberBlockItemListSyntax, skipping: SyntaxIdentifier? = nil) -> [String] {
        var found: [String] = []
        for member in members {
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.id != skipping, let body = function.body else { continue }
            let finder = Finder(activating: false)
            finder.walk(body)
            for entry in finder.found where !found.contains(entry) { found.append(entry) }
        }
        return found
    }

    private final class Finder: SyntaxVisitor {
        /// Calls made as the method runs count as `activates`; those in a closure it leaves behind as `routes`.
        let activating: Bool
        private var closures = 0
        var found: [String] = []

        init(activating: Bool) {
            self.activating = activating
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            closures += 1
            return .visitChildren
        }

        override func visitPost(_ node: ClosureExprSyntax) { closures -= 1 }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let receiver = member.base?.unwrapped else {
                return .visitChildren
            }
            // `router`, or `self.router`.
            let isRouter = receiver.as(DeclReferenceExprSyntax.self)?.baseName.text == "router"
                || receiver.as(MemberAccessExprSyntax.self).map { access in
                    access.declName.baseName.text == "router" && access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                } == true
            if isRouter {
                let word = activating && closures == 0 && node.trailingClosure == nil ? "activates " : "routes "
                let entry = word + member.declName.baseName.text + "(" + node.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
                if !found.contains(entry) { found.append(entry) }
            }
            return .visitChildren
        }
    }
}
