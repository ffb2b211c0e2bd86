import SwiftSyntax

/// The edits of a custom rule's fix on what a finding reports.
enum CustomRuleFixes {
    static func edits(_ fix: CustomFix, for subject: CustomSubjects.Subject, values: [String: String], in file: LintFile) -> Result<[Edit], CustomRuleError> {
        let node = subject.node
        switch fix.action {
        case .remove:
            switch subject.kind {
            case .member where (node.as(VariableDeclSyntax.self)?.bindings.count ?? 1) > 1:
                return .failure(CustomRuleError("removing it would remove the other variables declared with it"))
            case .import, .member, .type:
                return .success([Edit(start: 0, end: 0, replacement: "").with(lines(around: withComments(node, subject.span), in: file))])
            case .call where node.parent?.as(CodeBlockItemSyntax.self)?.parent?.as(CodeBlockItemListSyntax.self).map({ $0.count == 1 }) == true:
                return .failure(CustomRuleError("it is its body's only statement, which may be what the body returns"))
            case .call where node.parent?.is(CodeBlockItemSyntax.self) == true:
                return .success([Edit(start: 0, end: 0, replacement: "").with(lines(around: subject.span, in: file))])
            default:
                return .failure(CustomRuleError("removing it would break the expression or declaration it is part of"))
            }
        case .insertBefore(let template):
            let at: Int
            switch subject.kind {
            case .type, .member: at = introducer(of: node)?.positionAfterSkippingLeadingTrivia.utf8Offset ?? subject.span.lowerBound
            case .file: at = file.hasByteOrderMark ? 3 : 0
            default: at = subject.span.lowerBound
            }
            return .success([Edit(start: at, end: at, replacement: CustomRuleCheck.render(template, values))])
        case .insertAfter(let template):
            let at: Int
            switch subject.kind {
            case .type, .member: at = subject.nameSpan.upperBound
            case .file: at = file.source.utf8.count
            default: at = subject.span.upperBound
            }
            return .success([Edit(start: at, end: at, replacement: CustomRuleCheck.render(template, values))])
        case .replace(let template):
            guard subject.kind != .file else { return .failure(CustomRuleError("a file is not replaced; insert into it")) }
            if let call = node.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil {
                return .failure(CustomRuleError("`.\(member.declName.baseName.text)(…)` names its type elsewhere (an annotation, a parameter)"))
            }
            var span = subject.kind == .call ? callName(subject) : subject.nameSpan
            if let module = node.as(ImportDeclSyntax.self)?.path.first?.name {
                // The module: `import struct UIKit.UIColor` keeps its kind and the declaration it imports.
                span = module.positionAfterSkippingLeadingTrivia.utf8Offset..<module.endPositionBeforeTrailingTrivia.utf8Offset
            }
            return .success([Edit(start: span.lowerBound, end: span.upperBound, replacement: CustomRuleCheck.render(template, values))])
        }
    }

    /// A call's name alone: `present` of `viewController.present(…)`.
    private static func callName(_ subject: CustomSubjects.Subject) -> Range<Int> {
        guard let call = subject.node.as(FunctionCallExprSyntax.self) else { return subject.nameSpan }
        var called = call.calledExpression
        if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
        if let member = called.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base {
                return base.positionAfterSkippingLeadingTrivia.utf8Offset..<base.endPositionBeforeTrailingTrivia.utf8Offset
            }
            return member.declName.positionAfterSkippingLeadingTrivia.utf8Offset..<member.declName.endPositionBeforeTrailingTrivia.utf8Offset
        }
        return called.positionAfterSkippingLeadingTrivia.utf8Offset..<called.endPositionBeforeTrailingTrivia.utf8Offset
    }

    /// The keyword a declaration starts with after its attributes and modifiers: `class`, `var`, `func`.
    private static func introducer(of node: Syntax) -> TokenSyntax? {
        switch node.as(SyntaxEnum.self) {
        case .classDecl(let decl): decl.classKeyword
        case .structDecl(let decl): decl.structKeyword
        case .enumDecl(let decl): decl.enumKeyword
        case .actorDecl(let decl): decl.actorKeyword
        case .protocolDecl(let decl): decl.protocolKeyword
        case .extensionDecl(let decl): decl.extensionKeyword
        case .functionDecl(let decl): decl.funcKeyword
        case .initializerDecl(let decl): decl.initKeyword
        case .variableDecl(let decl): decl.bindingSpecifier
        default: nil
        }
    }

    /// A declaration's span from the comments right above it that are about it — its documentation, a `ribslint:`
    /// directive — up to a blank line or any other comment (a `// MARK:`, a file's header stay).
    private static func withComments(_ node: Syntax, _ span: Range<Int>) -> Range<Int> {
        guard !node.is(ImportDeclSyntax.self), let trivia = node.firstToken(viewMode: .sourceAccurate)?.leadingTrivia else { return span }
        var start = span.lowerBound
        var kept = 0
        var lineEnds = 0
        for piece in trivia.pieces.reversed() {
            switch piece {
            case .newlines(let count), .carriageReturnLineFeeds(let count), .carriageReturns(let count):
                lineEnds += count
                // Two line ends with only spaces between: a blank line.
                if lineEnds > 1 { return start..<span.upperBound }
            case .spaces, .tabs:
                break
            case .docLineComment, .docBlockComment:
                lineEnds = 0
                start = span.lowerBound - kept - piece.sourceLength.utf8Length
            case .lineComment(let text) where text.contains("ribslint:"):
                lineEnds = 0
                start = span.lowerBound - kept - piece.sourceLength.utf8Length
            default:
                return start..<span.upperBound
            }
            kept += piece.sourceLength.utf8Length
        }
        return start..<span.upperBound
    }

    /// `span`'s whole lines when nothing else stands on them; else `span` with the `;` that ends it.
    private static func lines(around span: Range<Int>, in file: LintFile) -> Range<Int> {
        let bytes = Array(file.source.utf8)
        var start = span.lowerBound
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        var end = span.upperBound
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") || bytes[end] == UInt8(ascii: ";") { end += 1 }
        let alone = (start == 0 || bytes[start - 1] == UInt8(ascii: "\n")) && (end == bytes.count || bytes[end] == UInt8(ascii: "\n") || bytes[end] == UInt8(ascii: "\r"))
        guard alone else { return bytes[span.upperBound..<end].contains(UInt8(ascii: ";")) ? span.lowerBound..<end : span }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\r") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\n") { end += 1 }
        return start..<end
    }
}

private extension Edit {
    func with(_ range: Range<Int>) -> Edit { Edit(start: range.lowerBound, end: range.upperBound, replacement: replacement) }
}
