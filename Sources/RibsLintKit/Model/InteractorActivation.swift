import SwiftSyntax

/// What an interactor has its router do as it becomes active: `override func didBecomeActive() { super
/// .didBecomeActive(); router?.routeToMain() }` gives `activates routeToMain()` (`DeclaredType.helperMethods`). The
/// RIBs guide names this, beside the router's own `didLoad`, as where a RIB attaches the children that live as long as
/// it does.
enum InteractorActivation {
    /// The entries of the router calls in `didBecomeActive()` among `members`: made as it runs, not in a closure it
    /// leaves behind (a subscription's runs later, as often as it fires), with their argument labels.
    static func entries(in members: MemberBlockItemListSyntax) -> [String] {
        let functions = members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
        guard let activation = functions.first(where: { $0.name.text == "didBecomeActive" && $0.signature.parameterClause.parameters.isEmpty }),
            let body = activation.body
        else { return [] }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }

    private final class Finder: SyntaxVisitor {
        var found: [String] = []

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.trailingClosure == nil, let member = node.calledExpression.as(MemberAccessExprSyntax.self), var receiver = member.base
            else { return .visitChildren }
            while let inner = receiver.as(OptionalChainingExprSyntax.self)?.expression ?? receiver.as(ForceUnwrapExprSyntax.self)?.expression {
                receiver = inner
            }
            // `router`, or `self.router`.
            let isRouter = receiver.as(DeclReferenceExprSyntax.self)?.baseName.text == "router"
                || receiver.as(MemberAccessExprSyntax.self).map { access in
                    access.declName.baseName.text == "router" && access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                } == true
            if isRouter {
                let entry = "activates " + member.declName.baseName.text + "(" + node.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
                if !found.contains(entry) { found.append(entry) }
            }
            return .visitChildren
        }
    }
}
