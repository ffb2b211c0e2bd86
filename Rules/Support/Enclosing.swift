import SwiftSyntax

extension SyntaxProtocol {
    /// The function whose body holds this node: a nested function's `super` calls are its own business.
    var enclosingFunction: FunctionDeclSyntax? {
        var node = parent
        while let current = node {
            if let function = current.as(FunctionDeclSyntax.self) { return function }
            node = current.parent
        }
        return nil
    }
}

extension SyntaxProtocol {
    /// Whether the function or initializer around this node declares `name` (a parameter, a local, a closure
    /// parameter), hiding the type's property of that name.
    func isShadowed(_ name: String) -> Bool {
        var node = parent
        while let current = node {
            if current.is(FunctionDeclSyntax.self) || current.is(InitializerDeclSyntax.self) {
                return current.tokens(viewMode: .sourceAccurate).contains { token in
                    guard token.text == name, let parent = token.parent else { return false }
                    return parent.is(FunctionParameterSyntax.self) || parent.is(IdentifierPatternSyntax.self)
                        || parent.is(ClosureShorthandParameterSyntax.self) || parent.is(ClosureParameterSyntax.self)
                }
            }
            node = current.parent
        }
        return false
    }
}

extension FunctionDeclSyntax {
    /// The `let`/`var` bindings of the function's body, closures included.
    var localBindings: [PatternBindingSyntax] { body?.localBindings ?? [] }
}

extension InitializerDeclSyntax {
    /// The `let`/`var` bindings of the initializer's body, closures included.
    var localBindings: [PatternBindingSyntax] { body?.localBindings ?? [] }
}

extension CodeBlockSyntax {
    /// The `let`/`var` bindings of the block, closures included, nested functions' not.
    var localBindings: [PatternBindingSyntax] {
        final class Collector: SyntaxVisitor {
            var bindings: [PatternBindingSyntax] = []
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                bindings.append(node)
                return .visitChildren
            }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(self)
        return collector.bindings
    }
}
