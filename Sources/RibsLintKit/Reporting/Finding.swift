/// How loudly a finding speaks; `error` fails the run.
public enum Severity: String, Sendable, CaseIterable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// What a rule reports about one file: where and what, before severity and suppressions apply.
public struct Violation: Sendable, Equatable {
    public let position: Int
    public let endPosition: Int
    public let message: String
    /// What `--fix` writes to remove it, applied all together or not at all; empty when it has no safe fix.
    public var fix: [Edit] = []
    /// Text the fix moves into another file, with the edits above.
    public var relocation: Relocation?
    /// For a rule that fixes, why this finding has no fix: `--fix` says so in its note.
    public var whyNoFix: String?
    /// Its fix may change what the code means or stop it compiling: `--fix` makes it only with `--unsafe-fixes`.
    public var fixIsUnsafe = false

    public init(at node: some SyntaxProtocol, _ message: String, fix: [Edit] = []) {
        self.position = node.positionAfterSkippingLeadingTrivia.utf8Offset
        self.endPosition = node.endPositionBeforeTrailingTrivia.utf8Offset
        self.message = message
        self.fix = fix
    }

    public init(position: Int, endPosition: Int, message: String, fix: [Edit] = []) {
        self.position = position
        self.endPosition = endPosition
        self.message = message
        self.fix = fix
    }
}

/// A replacement of the UTF-8 bytes `start..<end` of a file's text: what `--fix` writes. An insertion has
/// `start == end`; a deletion an empty replacement.
public struct Edit: Sendable, Hashable {
    public let start: Int
    public let end: Int
    public let replacement: String

    public init(start: Int, end: Int, replacement: String) {
        self.start = start
        self.end = end
        self.replacement = replacement
    }

    /// Replaces a node, its trivia left alone.
    public init(replacing node: some SyntaxProtocol, with replacement: String) {
        self.init(start: node.positionAfterSkippingLeadingTrivia.utf8Offset, end: node.endPositionBeforeTrailingTrivia.utf8Offset, replacement: replacement)
    }

    /// Inserts text at a byte offset.
    public init(inserting text: String, at offset: Int) {
        self.init(start: offset, end: offset, replacement: text)
    }
}

/// Text a fix moves into another file of the project: the file in the same folder that declares the class
/// `besideClass` at its top level, where it goes above that class (and the class's comments), a blank line
/// after it. `imports` are the modules of the file it leaves, `types` the names the text uses beyond the
/// standard library's: when the destination lacks one of those modules, each of the types must be declared in
/// the folder itself.
public struct Relocation: Sendable, Hashable {
    public let text: String
    public let besideClass: String
    public let imports: [String]
    public let types: [String]

    public init(text: String, besideClass: String, imports: [String], types: [String]) {
        self.text = text
        self.besideClass = besideClass
        self.imports = imports
        self.types = types
    }
}

/// A located, rule-attributed report, ready for a reporter.
public struct Finding: Sendable, Equatable {
    public let ruleID: String
    public internal(set) var severity: Severity
    /// The path as given to the linter, relative to the working directory when below it.
    public let path: String
    public let line: Int
    public let column: Int
    public let endLine: Int
    public let endColumn: Int
    public let message: String
    /// Stable across edits elsewhere in the file: rule, path, the finding's line text and its ordinal.
    public var fingerprint: String
    /// The declarations around it, `LoginInteractor.didBecomeActive` (empty at the top level): with the line's
    /// text, what a baseline recognises it by wherever the file moves.
    public var context: String
    /// The trimmed text of its first line.
    public var lineText: String
    /// The rule's fix, when it has one (kept only by runs that fix: the cache does not record it).
    public var fix: [Edit] = []
    public var relocation: Relocation?
    /// Why a rule that fixes gave this finding no fix (kept only by runs that fix).
    public var whyNoFix: String?
    /// Its fix is made only with `--unsafe-fixes` (kept only by runs that fix).
    public var fixIsUnsafe = false
    /// Other files a project finding is about (see `ProjectViolation.concerns`); reports do not show them.
    public var concerns: [String] = []

    public init(
        ruleID: String, severity: Severity, path: String, line: Int, column: Int,
        endLine: Int, endColumn: Int, message: String, fingerprint: String = "", context: String = "", lineText: String = ""
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.message = message
        self.fingerprint = fingerprint
        self.context = context
        self.lineText = lineText
    }

    /// This finding as a warning, its message ending with `suffix`.
    public func demoted(message suffix: String) -> Finding {
        var finding = Finding(
            ruleID: ruleID, severity: .warning, path: path, line: line, column: column, endLine: endLine, endColumn: endColumn,
            message: message + suffix, fingerprint: fingerprint, context: context, lineText: lineText)
        finding.fix = fix
        finding.relocation = relocation
        finding.concerns = concerns
        return finding
    }

    /// The reporting order: path, line, column, rule.
    /// Paths by their bytes: two names equal as Unicode text are still two files.
    public static func ordered(_ a: Finding, _ b: Finding) -> Bool {
        if !a.path.utf8.elementsEqual(b.path.utf8) { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
        return (a.line, a.column, a.ruleID, a.message) < (b.line, b.column, b.ruleID, b.message)
    }
}

import SwiftSyntax
