import SwiftSyntax

/// A place in a file a project finding can point at, with the line text its fingerprint needs.
public struct SourcePoint: Codable, Sendable, Hashable {
    public let path: String
    public let line: Int
    public let column: Int
    public let endLine: Int
    public let endColumn: Int
    public let lineText: String
    /// The declarations around it (see `Finding.context`).
    public let context: String

    init(path: String, line: Int, column: Int, endLine: Int, endColumn: Int, lineText: String, context: String) {
        self.path = path
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.lineText = lineText
        self.context = context
    }

    public init(_ node: some SyntaxProtocol, in file: LintFile) {
        self.init(
            offset: node.positionAfterSkippingLeadingTrivia.utf8Offset, end: node.endPositionBeforeTrailingTrivia.utf8Offset,
            in: file)
    }

    public init(offset: Int, end endOffset: Int, in file: LintFile) {
        let start = file.location(of: offset)
        let end = file.location(of: endOffset)
        path = file.path
        line = start.line
        column = start.column
        endLine = end.line
        endColumn = end.column
        lineText = file.trimmedLineText(start.line)
        context = file.context(at: offset)
    }
}
