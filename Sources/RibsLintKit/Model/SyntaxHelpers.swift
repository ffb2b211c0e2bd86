import SwiftSyntax

extension TypeSyntax {
    /// The declared name without module qualification or generic arguments: `RIBs.Router<I>` → `Router`.
    public var baseName: String? {
        if let identifier = self.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = self.as(MemberTypeSyntax.self) { return member.name.text }
        return nil
    }

    /// The type an optional wraps (`LaunchWorkflow?`, `HomeRouter!` → the wrapped type); any other type itself.
    public var unwrappedOptional: TypeSyntax {
        self.as(OptionalTypeSyntax.self)?.wrappedType ?? self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType ?? self
    }

    /// The named types a value of this type holds: optionals, `any`/`some`, arrays and dictionary
    /// values and compositions are looked through; function types hold none.
    public var heldTypeNames: [String] {
        if let name = baseName {
            if let identifier = self.as(IdentifierTypeSyntax.self),
                ["Optional", "ImplicitlyUnwrappedOptional", "Array", "Set", "Weak"].contains(name),
                let argument = identifier.genericArgumentClause?.arguments.first?.argument.as(TypeSyntax.self)
            {
                return argument.heldTypeNames
            }
            return [name]
        }
        if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType.heldTypeNames }
        if let unwrapped = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return unwrapped.wrappedType.heldTypeNames
        }
        if let existential = self.as(SomeOrAnyTypeSyntax.self) { return existential.constraint.heldTypeNames }
        if let array = self.as(ArrayTypeSyntax.self) { return array.element.heldTypeNames }
        if let dictionary = self.as(DictionaryTypeSyntax.self) { return dictionary.value.heldTypeNames }
        if let attributed = self.as(AttributedTypeSyntax.self) { return attributed.baseType.heldTypeNames }
        if let composition = self.as(CompositionTypeSyntax.self) {
            return composition.elements.flatMap { $0.type.heldTypeNames }
        }
        if let tuple = self.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return only.type.heldTypeNames
        }
        return []
    }
}

extension ExprSyntax {
    /// Looks through `x?`, `x!`, `(x)` and `try`/`await` to the expression that names the value.
    public var unwrapped: ExprSyntax {
        if let chain = self.as(OptionalChainingExprSyntax.self) { return chain.expression.unwrapped }
        if let forced = self.as(ForceUnwrapExprSyntax.self) { return forced.expression.unwrapped }
        if let tuple = self.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return only.expression.unwrapped
        }
        if let tryExpr = self.as(TryExprSyntax.self) { return tryExpr.expression.unwrapped }
        if let awaitExpr = self.as(AwaitExprSyntax.self) { return awaitExpr.expression.unwrapped }
        if let sequence = self.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let first = sequence.elements.first,
            sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true
        {
            return first.unwrapped
        }
        return self
    }

    /// The name a chain of members starts from: `item.viewControllable.uiviewController` → `item`.
    public var rootName: String? {
        var current = unwrapped
        while let base = current.as(MemberAccessExprSyntax.self)?.base { current = base.unwrapped }
        return current.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The name this expression ends in: `a.b.c` → `c`, `c` → `c`, `self` → `self`.
    public var lastName: String? {
        let expr = unwrapped
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expr.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }
}

extension DeclModifierListSyntax {
    public func contains(_ keyword: Keyword) -> Bool {
        contains { $0.name.tokenKind == .keyword(keyword) }
    }
}

extension SyntaxProtocol {
    /// The node's source text without the leading trivia of its first token and the trailing trivia of its last:
    /// swift-syntax's `trimmedDescription`, which copies the node into a new arena and rebuilds it twice to get there
    /// (about 40,000 instructions for a short expression). Use this one; `SyntaxHelperTests` holds the two equal.
    public var trimmedText: String {
        let text = description
        // `trimmed` clears the trivia of the first and last tokens of every view: a missing token's is none.
        let leading = firstToken(viewMode: .all)?.presence == .present ? leadingTriviaLength.utf8Length : 0
        let trailing = lastToken(viewMode: .all)?.presence == .present ? trailingTriviaLength.utf8Length : 0
        guard leading > 0 || trailing > 0 else { return text }
        let bytes = text.utf8
        let start = bytes.index(bytes.startIndex, offsetBy: leading)
        let end = bytes.index(bytes.endIndex, offsetBy: -trailing)
        return start < end ? String(Substring(bytes[start..<end])) : ""
    }
}

extension SyntaxProtocol {
    /// The innermost statement-like node around this one: a code block item, a condition or a member.
    public var enclosingStatement: Syntax? {
        var node: Syntax? = Syntax(self)
        while let current = node {
            if current.is(CodeBlockItemSyntax.self) || current.is(ConditionElementSyntax.self)
                || current.is(MemberBlockItemSyntax.self)
            {
                return current
            }
            node = current.parent
        }
        return nil
    }
}

extension SyntaxProtocol {
    /// Whether a type declaration (of a nested type) lies between this node and `ancestor`.
    public func isInNestedType(below ancestor: Syntax) -> Bool {
        var node = parent
        while let current = node, current.id != ancestor.id {
            if current.is(ClassDeclSyntax.self) || current.is(StructDeclSyntax.self) || current.is(EnumDeclSyntax.self)
                || current.is(ActorDeclSyntax.self) || current.is(ProtocolDeclSyntax.self) || current.is(ExtensionDeclSyntax.self)
            {
                return true
            }
            node = current.parent
        }
        return false
    }
}

/// A walker over one type's own code: nested type declarations belong to other types and are skipped.
open class TypeBodyVisitor: SyntaxVisitor {
    public init() { super.init(viewMode: .sourceAccurate) }

    open override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    open override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    open override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    open override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    open override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    open override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension AttributeListSyntax {
    /// Whether an attribute named `name` is written here (`@MainActor`, `@Observable`), module prefix dropped.
    public func contains(named name: String) -> Bool {
        contains { element in
            guard case .attribute(let attribute) = element else { return false }
            return attribute.attributeName.baseName == name
        }
    }
}

extension SourceFileSyntax {
    /// The file's imports, those in `#if` clauses included (`#if canImport(UIKit) import UIKit #endif` imports
    /// UIKit wherever it can), `#if false` left out.
    public var importDeclarations: [ImportDeclSyntax] {
        func imports(in items: CodeBlockItemListSyntax) -> [ImportDeclSyntax] {
            items.flatMap { item -> [ImportDeclSyntax] in
                if let declaration = item.item.as(ImportDeclSyntax.self) { return [declaration] }
                guard let conditional = item.item.as(IfConfigDeclSyntax.self) else { return [] }
                return conditional.clauses.flatMap { clause -> [ImportDeclSyntax] in
                    guard !clause.isNeverCompiled, case .statements(let nested) = clause.elements else { return [] }
                    return imports(in: nested)
                }
            }
        }
        return imports(in: statements)
    }
}

extension IfConfigClauseSyntax {
    /// `#if false` or `#if 0` (parentheses and spacing aside): code that is never compiled, never modelled
    /// and never reported.
    public var isNeverCompiled: Bool {
        guard poundKeyword.tokenKind == .poundIf, var condition = condition else { return false }
        while let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            condition = only.expression
        }
        return condition.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false)
            || condition.as(IntegerLiteralExprSyntax.self)?.literal.text == "0"
    }
}

extension SyntaxProtocol {
    /// The UTF-8 offset where a declaration's block starts: the line of the first comment directly above it
    /// (no blank line between), else its own line; nil when it shares its line with other code. A
    /// `// MARK:` line naming `markNaming`, a blank line above the block, heads it too. Where a fix cuts a
    /// declaration out with its comments, or inserts text above one.
    public func blockStart(markNaming name: String? = nil) -> Int? {
        var offset = position.utf8Offset
        var start: Int? = offset == 0 ? 0 : nil
        var mark: Int?
        var breaks = 0
        var lineStart = offset
        // The comment that began the last line with code-free text, and where that line starts.
        var lastComment: (line: Int, text: String)?
        for piece in leadingTrivia {
            let pieceStart = offset
            offset += piece.sourceLength.utf8Length
            switch piece {
            case .newlines(let count), .carriageReturnLineFeeds(let count), .carriageReturns(let count):
                breaks += count
                // After the first line break, or after a blank line: the block starts on the next line.
                if start == nil || breaks > 1 {
                    if breaks > 1 {
                        let isMark = lastComment.map { $0.text.hasPrefix("// MARK:") && name.map($0.text.contains) == true } ?? false
                        mark = isMark ? lastComment?.line : nil
                    }
                    start = offset
                }
                lineStart = offset
            case .spaces, .tabs: continue
            case .lineComment(let text):
                lastComment = pieceStart == lineStart || breaks > 0 ? (lineStart, text) : nil
                breaks = 0
            default:
                lastComment = nil
                breaks = 0
            }
        }
        guard let start else { return nil }
        return mark ?? start
    }
}

extension DeclModifierListSyntax {
    /// `private` or `fileprivate`: every use of the declaration is in its own file.
    public var keepsToFile: Bool { contains { ["private", "fileprivate"].contains($0.name.text) } }
}

extension FunctionCallExprSyntax {
    /// The name of a method called on the type itself: `attachChild(x)`, `self.attachChild(x)`, `self?.attachChild(x)`;
    /// nil for a call on anything else.
    public var selfCalledName: String? {
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        else { return nil }
        return member.declName.baseName.text
    }
}

extension MemberBlockItemListSyntax {
    /// The declarations of the block, those of `#if` clauses included (not `#if false`).
    var declarations: [DeclSyntax] {
        flatMap { member -> [DeclSyntax] in
            guard let conditional = member.decl.as(IfConfigDeclSyntax.self) else { return [member.decl] }
            return conditional.clauses.flatMap { clause -> [DeclSyntax] in
                guard !clause.isNeverCompiled, case .decls(let nested) = clause.elements else { return [] }
                return nested.declarations
            }
        }
    }
}
