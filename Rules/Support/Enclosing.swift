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

extension ClosureExprSyntax {
    /// The call this closure is handed to: as its trailing closure, one of its additional ones, or an argument.
    var receivingCall: FunctionCallExprSyntax? {
        parent?.as(FunctionCallExprSyntax.self) ?? parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
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

extension SyntaxProtocol {
    /// The `let`/`var` binding of `name` in the function or initializer around this node that is in scope here (the
    /// latest of them): `let picker = DatePickerViewController(…)` for `picker.listener`.
    func visibleLocalBinding(of name: String) -> PatternBindingSyntax? {
        var node = parent
        while let current = node, !current.is(FunctionDeclSyntax.self), !current.is(InitializerDeclSyntax.self) { node = current.parent }
        let bindings = node?.as(FunctionDeclSyntax.self)?.localBindings ?? node?.as(InitializerDeclSyntax.self)?.localBindings ?? []
        return bindings.last { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name && $0.isVisible(at: self) }
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

extension SyntaxProtocol {
    /// Whether the name this binding (a `let`/`var` binding, or a condition's `if let`/`guard let`/`while let`) declares
    /// is in scope at `node`: declared before it, in the code that sees it — the statements after it in its block (after
    /// a `guard`, not its `else`), the conditions after it and the body of an `if` or `while`, or (a type's member) the
    /// whole type.
    func isVisible(at node: some SyntaxProtocol) -> Bool {
        var notBefore = endPosition
        var current = parent
        while let scope = current {
            if let conditions = scope.as(ConditionElementListSyntax.self) {
                if node.position >= endPosition, conditions.range.contains(node.position) { return true }
                if let body = conditions.parent?.as(IfExprSyntax.self)?.body ?? conditions.parent?.as(WhileStmtSyntax.self)?.body {
                    return body.range.contains(node.position)
                }
                if let guardStatement = conditions.parent?.as(GuardStmtSyntax.self) { notBefore = guardStatement.endPosition }
            } else if scope.is(CodeBlockItemListSyntax.self) {
                return node.position >= notBefore && scope.range.contains(node.position)
            } else if scope.is(MemberBlockSyntax.self) {
                return scope.range.contains(node.position)
            }
            current = scope.parent
        }
        return false
    }
}
