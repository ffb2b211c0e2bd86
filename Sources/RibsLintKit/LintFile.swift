import SwiftParser
import SwiftSyntax

/// Facts about the whole project that a file rule may read.
public struct ProjectFacts: Sendable, Equatable {
    /// A Sourcery configuration was found at the project root or above a linted path.
    public var usesSourcery: Bool

    public init(usesSourcery: Bool = false) {
        self.usesSourcery = usesSourcery
    }
}

/// One parsed Swift file with its model: what every rule reads.
public struct LintFile {
    public let path: String
    public let source: String
    public let tree: SourceFileSyntax
    public let model: FileModel
    public let project: ProjectFacts
    private let lineStarts: [Int]

    public init(path: String, source: String, conventions: RoleConventions, project: ProjectFacts = ProjectFacts()) {
        self.path = path
        self.source = source
        self.tree = Parser.parse(source: source)
        self.model = FileModel(tree: tree, conventions: conventions)
        self.project = project
        var starts = [0]
        for (offset, byte) in source.utf8.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        self.lineStarts = starts
    }

    /// The file's name without directories: `LoginRouter.swift`.
    public var fileName: Substring { path.split(separator: "/").last ?? Substring(path) }

    public var hasSyntaxErrors: Bool { tree.hasError }

    /// 1-based line and UTF-16 column of a UTF-8 offset, the way editors and SARIF count.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, source.utf8.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let utf8 = source.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[low])
        let end = utf8.index(utf8.startIndex, offsetBy: clamped)
        let column = source[start..<end].utf16.count + 1
        return (low + 1, column)
    }

    /// The text of a 1-based line, without its line break.
    public func lineText(_ line: Int) -> Substring {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let utf8 = source.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[line - 1])
        let endOffset = line < lineStarts.count ? lineStarts[line] - 1 : utf8.count
        let end = utf8.index(utf8.startIndex, offsetBy: max(endOffset, lineStarts[line - 1]))
        return source[start..<end]
    }

    public var lineCount: Int { lineStarts.count }

    /// Whether the file's text contains `needle`: a byte scan, much cheaper than Foundation's search,
    /// for rules that can skip a file outright.
    public func contains(_ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return true }
        return source.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.count >= pattern.count else { return false }
            var index = 0
            let last = bytes.count - pattern.count
            while index <= last {
                if bytes[index] == first {
                    var matched = 1
                    while matched < pattern.count, bytes[index + matched] == pattern[matched] { matched += 1 }
                    if matched == pattern.count { return true }
                }
                index += 1
            }
            return false
        } ?? source.contains(needle)
    }
}
