/// How deep a source nests brackets, found in one pass over its bytes before it is parsed: swift-syntax 603's
/// parser recurses once per level of `(`, `[`, `{` and generic `<`, and 100,000 `A<` in a row overflow even the
/// large stack files are parsed on (SIGSEGV). No real code comes near `limit`; a file past it is reported
/// unparsed, and the rest of the run goes on.
enum NestingDepth {
    static let limit = 10_000

    /// The depth the source reaches, counted until it passes `limit` (comments and string literals skipped
    /// roughly: a line comment to its line's end, a block comment to its close, a string to its closing quote
    /// on the line).
    static func of(_ source: String, upTo limit: Int = limit) -> Int {
        var depth = 0, deepest = 0, angles = 0
        var bytes = source.utf8.makeIterator()
        var previous: UInt8 = 0
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "/") where previous == UInt8(ascii: "/"):
                while let next = bytes.next(), next != UInt8(ascii: "\n") {}
                previous = UInt8(ascii: "\n")
                continue
            case UInt8(ascii: "*") where previous == UInt8(ascii: "/"):
                var last: UInt8 = 0
                while let next = bytes.next(), !(last == UInt8(ascii: "*") && next == UInt8(ascii: "/")) { last = next }
                previous = 0
                continue
            case UInt8(ascii: "\""):
                var escaped = false
                while let next = bytes.next(), next != UInt8(ascii: "\n") {
                    if escaped { escaped = false } else if next == UInt8(ascii: "\\") { escaped = true } else if next == UInt8(ascii: "\"") { break }
                }
            case UInt8(ascii: "("), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            // A brace or a semicolon ends any generic argument list: the `<` before it that no `>` closed were
            // comparisons.
            case UInt8(ascii: "{"):
                (depth, angles) = (depth + 1, 0)
            case UInt8(ascii: "}"):
                (depth, angles) = (max(0, depth - 1), 0)
            case UInt8(ascii: ";"):
                angles = 0
            case UInt8(ascii: "<"):
                angles += 1
            case UInt8(ascii: ">") where angles > 0 && previous != UInt8(ascii: "-"):
                angles -= 1
            default:
                break
            }
            deepest = max(deepest, depth + angles)
            if deepest > limit { return deepest }
            previous = byte
        }
        return deepest
    }

    /// The error for a file that nests past `limit`, or nil.
    static func problem(_ source: String, path: String) -> String? {
        guard of(source) > limit else { return nil }
        return "\(path): error: nests more than \(limit) brackets or generic arguments deep, past what ribslint parses; skipped"
    }
}
