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
    /// What is wrong with it, when it is a mistake: malformed, or in a comment that is no directive.
    public var problem: String?

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
        // Each id once: a directive naming one rule 40,000 times is one suppression, not 40,000.
        var seen = Set<Substring>()
        let ids = words.dropFirst().filter { seen.insert($0).inserted }.map(String.init)
        guard !ids.isEmpty else { return malformed(comment, line, offset) }
        return Suppression(
            action: action, scope: scope, ruleIDs: ids, line: line, offset: offset,
            endOffset: offset + comment.utf8.count, text: comment)
    }

    private static func malformed(_ comment: String, _ line: Int, _ offset: Int) -> Suppression {
        Suppression(
            action: .disable, scope: .this, ruleIDs: [], line: line, offset: offset,
            endOffset: offset + comment.utf8.count, text: comment,
            problem: "malformed suppression; write `// ribslint:disable[:next|this|previous|file] <rule ids|all> [- reason]`")
    }

    func covers(_ id: String) -> Bool { ruleIDs.contains(id) || ruleIDs.contains("all") }
}

/// The suppressions of one file and which lines each one silences.
struct SuppressionMap {
    struct Span {
        let directive: Int
        let ruleID: String
        let lines: ClosedRange<Int>
        /// Rules an `enable` turned back on inside a `disable all` region: silenced no further than that line.
        var reenabled: [String: Int] = [:]

        func silences(_ id: String, line: Int) -> Bool {
            (ruleID == id || ruleID == "all") && lines.contains(line) && !(reenabled[id].map { line > $0 } ?? false)
        }
    }

    let directives: [Suppression]
    let spans: [Span]
    /// Directives that are mistakes of grammar or placement, by index, with what to tell the user.
    let mistakes: [Int: String]

    /// - Parameter disabled: byte ranges of code never compiled (`#if false`): directives there do nothing.
    init(file: LintFile, ignoring disabled: [Range<Int>] = []) {
        directives = file.contains(Suppression.marker)
            ? Self.directives(in: file).filter { directive in !disabled.contains { $0.contains(directive.offset) } } : []
        var spans: [Span] = []
        var mistakes: [Int: String] = [:]
        // Which rules a region has turned off, directive by directive: an `enable` must end one.
        var off = Set<String>()
        for (index, directive) in directives.enumerated() {
            if let problem = directive.problem {
                mistakes[index] = problem
            } else if directive.scope == .previous, directive.line == 1 {
                mistakes[index] = "`disable:previous` on line 1 has no line before it to silence"
            } else if directive.scope == .region, directive.action == .disable {
                off.formUnion(directive.ruleIDs)
            } else if directive.scope == .region, directive.action == .enable {
                let ending = directive.ruleIDs.contains("all") ? off : off.intersection(directive.ruleIDs)
                if directive.ruleIDs.contains("all") ? off.isEmpty : directive.ruleIDs.contains(where: { !off.contains($0) && !off.contains("all") }) {
                    mistakes[index] = "this `enable` ends no `disable` region above it; remove it"
                }
                off.subtract(directive.ruleIDs.contains("all") ? off : ending)
            }
        }
        self.mistakes = mistakes
        for (index, directive) in directives.enumerated() where directive.action == .disable && mistakes[index] == nil {
            for id in directive.ruleIDs {
                let lines: ClosedRange<Int>
                var reenabled: [String: Int] = [:]
                switch directive.scope {
                case .next: lines = (directive.line + 1)...(directive.line + 1)
                case .this: lines = directive.line...directive.line
                case .previous: lines = (directive.line - 1)...(directive.line - 1)
                case .file: lines = 1...max(1, file.lineCount)
                case .region:
                    let later = directives.dropFirst(index + 1).filter { $0.action == .enable && $0.scope == .region }
                    let end = later.first { $0.ruleIDs.contains(id) || $0.ruleIDs.contains("all") }
                    lines = directive.line...max(directive.line, end?.line ?? file.lineCount)
                    // Inside `disable all`, `enable X` turns X back on and leaves the rest off.
                    if id == "all" {
                        for enable in later where enable.line < lines.upperBound {
                            for other in enable.ruleIDs where reenabled[other] == nil { reenabled[other] = enable.line }
                        }
                    }
                }
                spans.append(Span(directive: index, ruleID: id, lines: lines, reenabled: reenabled))
            }
        }
        self.spans = spans
    }

    /// The directive index that silences a finding of `ruleID` at `line`, if any.
    func silencing(_ ruleID: String, line: Int) -> [Int] {
        spans.filter { $0.silences(ruleID, line: line) }.map(\.directive)
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
        switch piece {
        case .lineComment(let text) where text.contains(Suppression.marker):
            if let directive = Suppression.parse(comment: text, line: file.location(of: offset).line, offset: offset) {
                found.append(directive)
            }
        case .docLineComment(let text) where text.dropFirst(3).drop(while: { $0 == " " || $0 == "\t" }).hasPrefix(Suppression.marker):
            // `/// ribslint:` looks like a directive and silences nothing: say so.
            found.append(Suppression(
                action: .disable, scope: .this, ruleIDs: [], line: file.location(of: offset).line, offset: offset,
                endOffset: offset + text.utf8.count, text: text,
                problem: "a `///` doc comment is no directive and silences nothing; write `// ribslint:…`"))
        default: break
        }
    }
}
