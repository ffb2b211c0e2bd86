import Foundation

/// How deep a source nests, found in one pass over its bytes before it is parsed. swift-syntax 603's parser
/// recurses once per level of `(`, `[`, `{` and generic `<`: 100,000 `A<` in a row overflow even the large stack
/// files are parsed on (SIGSEGV). It also takes memory in the square of the depth of string interpolations
/// nested in one another: 1,000 levels take 74 MB, 8,000 three gigabytes. No real code comes near the limits; a
/// file past one is reported unparsed, and the rest of the run goes on.
enum NestingDepth {
    static let limit = 10_000
    static let interpolationLimit = 1_000

    /// How deep the source goes: brackets and generic arguments (`depth`, a `<` counted only right after a name),
    /// and string interpolations inside
    /// string interpolations (`interpolations`), counted until one passes its limit. Comments are skipped; a
    /// string ends at its closing quote or its line's end (a multi-line string's text counts as code: it would take
    /// thousands of unclosed brackets to matter).
    static func of(_ source: String, upTo limits: (depth: Int, interpolations: Int) = (limit, interpolationLimit)) -> (depth: Int, interpolations: Int) {
        var source = source
        return source.withUTF8 { of(bytes: $0, upTo: limits) }
    }

    /// The same over the source's bytes, read by index (the string's own iterator costs several times as much).
    private static func of(bytes: UnsafeBufferPointer<UInt8>, upTo limits: (depth: Int, interpolations: Int)) -> (depth: Int, interpolations: Int) {
        let (slash, star, quote, backslash, newline) = (UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"))
        var depth = 0, deepest = 0, angles = 0
        /// The bracket depth at which each open interpolation began: its closing `)` returns to the string.
        var interpolations: [Int] = []
        var deepestInterpolation = 0
        var inString = false, escaped = false
        var index = 0
        let count = bytes.count
        var previous: UInt8 = 0
        /// A `<` right after a name, a digit or a `>` may open generic arguments (`A<`); one after an operator
        /// character or a space is a comparison, a range or a shift (`a < b`, `0..<n`, `<<`).
        func opensGenerics(after byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: ">") || byte >= 0x80
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        while index < count {
            let byte = bytes[index]
            index += 1
            if inString {
                if escaped {
                    escaped = false
                    if byte == UInt8(ascii: "(") {
                        interpolations.append(depth)
                        depth += 1
                        inString = false
                        deepestInterpolation = max(deepestInterpolation, interpolations.count)
                        if deepestInterpolation > limits.interpolations { break }
                    }
                } else if byte == backslash {
                    escaped = true
                } else if byte == quote || byte == newline {
                    inString = false
                }
                previous = byte
                continue
            }
            switch byte {
            case slash where previous == slash:
                // To the line's end, and past it.
                if let end = memchr(bytes.baseAddress! + index, Int32(newline), count - index) {
                    index = UnsafeRawPointer(end) - UnsafeRawPointer(bytes.baseAddress!) + 1
                } else {
                    index = count
                }
                previous = newline
                continue
            case star where previous == slash:
                // To the first `*/`, and past it.
                var last: UInt8 = 0
                while index < count {
                    let next = bytes[index]
                    index += 1
                    if last == star && next == slash { break }
                    last = next
                }
                previous = 0
                continue
            case quote:
                inString = true
            case UInt8(ascii: "("), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth = max(0, depth - 1)
                if let opened = interpolations.last, depth <= opened {
                    interpolations.removeLast()
                    inString = true
                }
            // A brace or a semicolon ends any generic argument list: the `<` before it that no `>` closed were
            // comparisons.
            case UInt8(ascii: "{"):
                (depth, angles) = (depth + 1, 0)
            case UInt8(ascii: "}"):
                (depth, angles) = (max(0, depth - 1), 0)
            case UInt8(ascii: ";"):
                angles = 0
            case UInt8(ascii: "<") where opensGenerics(after: previous):
                angles += 1
            case UInt8(ascii: ">") where angles > 0 && previous != UInt8(ascii: "-"):
                angles -= 1
            default:
                break
            }
            deepest = max(deepest, depth + angles)
            if deepest > limits.depth { break }
            previous = byte
        }
        return (deepest, deepestInterpolation)
    }

    /// Whether the bytes are too few to pass a limit, which most files are: each level of nesting opens with a byte
    /// of its own, so a source of `limit` bytes or fewer nests no deeper; each interpolation opens with a backslash, so
    /// one with `interpolationLimit` backslashes or fewer interpolates no deeper. Answered without the walk.
    static func cannotPassLimits(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= limit else { return false }
        guard let base = bytes.baseAddress else { return true }
        var (index, backslashes) = (0, 0)
        while index < bytes.count, let found = memchr(base + index, Int32(UInt8(ascii: "\\")), bytes.count - index) {
            backslashes += 1
            if backslashes > interpolationLimit { return false }
            index = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
        }
        return true
    }

    /// The error for a file that nests past a limit, or nil.
    static func problem(_ source: String, path: String) -> String? {
        var source = source
        if source.withUTF8(cannotPassLimits) { return nil }
        let found = of(source)
        if found.depth > limit {
            return "\(path): error: nests more than \(limit) brackets or generic arguments deep, past what ribslint parses; skipped"
        }
        if found.interpolations > interpolationLimit {
            return "\(path): error: nests more than \(interpolationLimit) string interpolations in one another, past what ribslint parses; skipped"
        }
        return nil
    }
}
