import SwiftSyntax

/// One `// ribslint:` comment. The grammar, one for every form:
///
///     // ribslint:(disable|enable)[:(next|this|previous|file)] <rule ids…|all> [- reason]
public struct Suppression: Sendable, Equatable {
    public enum Action: String, Sendable { case disable, enable }
    public enum Scope: String, Sendable { case region, next, this, previous, file }

    public let action: Action
    public let scope: Scope
    public let ruleIDs: [String]
    public let line: Int
    public let offset: Int
    public let endOffset: Int
    public let text: String

    static let marker = "ribslint:"

    /// Reads a `//` comment; nil when it is no ribslint directive. A malformed directive is
    /// returned with no rule ids, so it can be reported rather than ignored.
    static func parse(comment: String, line: Int, offset: Int) -> Suppression? {
        var body = comment.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        guard body.hasPrefix(marker) else { return nil }
        body = body.dropFirst(marker.count)
        if let dash = body.range(of: " - ") { body = body[..<dash.lowerBound] }
        let words = body.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
        guard let command = words.first else { return malformed(comment, line, offset) }
        let parts = command.split(separator: ":", omittingEmptySubsequences: false)
        guard let action = Action(rawValue: String(parts[0])), parts.count <= 2 else {
            return malformed(comment, line, offset)
        }
        var scope = Scope.region
        if parts.count == 2 {
            guard let parsed = Scope(rawValue: String(parts[1])), parsed != .region, action == .disable else {
                return malformed(comment, line, offset)
            }
            scope = parsed
        }
        let ids = words.dropFirst().map(String.init)
        guard !ids.isEmpty else { return malformed(comment, line, offset) }
        return Suppression(
            action: action, scope: scope, ruleIDs: ids, line: line, offset: offset,
            endOffset: offset + comment.utf8.count, text: comment)
    }

    private static func malformed(_ comment: String, _ line: Int, _ offset: Int) -> Suppression {
        Suppression(
            action: .disable, scope: .this, ruleIDs: [], line: line, offset: offset,
            endOffset: offset + comment.utf8.count, text: comment)
    }

    public var isMalformed: Bool { ruleIDs.isEmpty }

    func covers(_ id: String) -> Bool { ruleIDs.contains(id) || ruleIDs.contains("all") }
}

/// The suppressions of one file and which lines each one silences.
struct SuppressionMap {
    struct Span {
        let directive: Int
        let ruleID: String
        let lines: ClosedRange<Int>
    }

    let directives: [Suppression]
    let spans: [Span]

    /// - Parameter disabled: byte ranges of code never compiled (`#if false`): directives there do nothing.
    init(file: LintFile, ignoring disabled: [Range<Int>] = []) {
        directives = file.contains(Suppression.marker)
            ? Self.directives(in: file).filter { directive in !disabled.contains { $0.contains(directive.offset) } } : []
        var spans: [Span] = []
        for (index, directive) in directives.enumerated() where directive.action == .disable && !directive.isMalformed {
            for id in directive.ruleIDs {
                let lines: ClosedRange<Int>
                switch directive.scope {
                case .next: lines = (directive.line + 1)...(directive.line + 1)
                case .this: lines = directive.line...directive.line
                case .previous: lines = max(1, directive.line - 1)...max(1, directive.line - 1)
                case .file: lines = 1...max(1, file.lineCount)
                case .region:
                    let end = directives.dropFirst(index + 1).first {
                        $0.action == .enable && ($0.ruleIDs.contains(id) || $0.ruleIDs.contains("all"))
                    }
                    lines = directive.line...max(directive.line, end?.line ?? file.lineCount)
                }
                spans.append(Span(directive: index, ruleID: id, lines: lines))
            }
        }
        self.spans = spans
    }

    /// The directive index that silences a finding of `ruleID` at `line`, if any.
    func silencing(_ ruleID: String, line: Int) -> [Int] {
        spans.filter { ($0.ruleID == ruleID || $0.ruleID == "all") && $0.lines.contains(line) }.map(\.directive)
    }

    private static func directives(in file: LintFile) -> [Suppression] {
        var found: [Suppression] = []
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            var offset = token.position.utf8Offset
            for piece in token.leadingTrivia {
                collect(piece, at: offset, in: file, into: &found)
                offset += piece.sourceLength.utf8Length
            }
            offset = token.endPositionBeforeTrailingTrivia.utf8Offset
            for piece in token.trailingTrivia {
                collect(piece, at: offset, in: file, into: &found)
                offset += piece.sourceLength.utf8Length
            }
        }
        return found
    }

    private static func collect(_ piece: TriviaPiece, at offset: Int, in file: LintFile, into found: inout [Suppression]) {
        guard case .lineComment(let text) = piece, text.contains(Suppression.marker) else { return }
        if let directive = Suppression.parse(comment: text, line: file.location(of: offset).line, offset: offset) {
            found.append(directive)
        }
    }
}
