/// Glob patterns for `excluded`: `*` within a path component, `**` across components, `?` one
/// character; a pattern without wildcards also matches everything below the folder it names.
enum Glob {
    static func hasWildcard(_ pattern: String) -> Bool { pattern.contains { $0 == "*" || $0 == "?" } }

    /// The folders of a pattern before its first wildcard (`Apps/*/Sources` → `Apps`; `**/*.swift` → `.`): what
    /// a walk for it starts from.
    static func literalPrefix(of pattern: String) -> String {
        guard hasWildcard(pattern) else { return pattern }
        let literal = pattern.split(separator: "/", omittingEmptySubsequences: false).prefix { !hasWildcard(String($0)) }
        let joined = literal.joined(separator: "/")
        return joined.isEmpty ? (pattern.hasPrefix("/") ? "/" : ".") : joined
    }

    static func matches(_ pattern: String, _ path: String) -> Bool {
        var pattern = pattern
        if pattern.hasPrefix("./") { pattern.removeFirst(2) }
        while pattern.hasSuffix("/") { pattern.removeLast() }
        if !hasWildcard(pattern) {
            return path == pattern || path.hasPrefix(pattern + "/")
        }
        var whole = Matcher(pattern: Array(pattern.utf8), text: Array(path.utf8))
        var below = Matcher(pattern: Array((pattern + "/**").utf8), text: Array(path.utf8))
        return whole.matches(0, 0) || below.matches(0, 0)
    }

    /// `*` within a path segment, `**` across segments, `?` one character but `/`. Literal runs are a loop and
    /// each star remembers where it failed, so time stays polynomial (`**/**/**/…` used to backtrack without
    /// end) and recursion never goes deeper than the pattern has stars.
    private struct Matcher {
        let pattern: [UInt8]
        let text: [UInt8]
        private var failed = Set<Int>()

        init(pattern: [UInt8], text: [UInt8]) {
            self.pattern = pattern
            self.text = text
        }

        mutating func matches(_ start: Int, _ position: Int) -> Bool {
            let star = UInt8(ascii: "*"), slash = UInt8(ascii: "/")
            var (i, j) = (start, position)
            while i < pattern.count {
                if pattern[i] == star {
                    let key = i * (text.count + 1) + j
                    if failed.contains(key) { return false }
                    var found = false
                    if i + 1 < pattern.count, pattern[i + 1] == star {
                        var after = i + 2
                        if after < pattern.count, pattern[after] == slash { after += 1 }
                        found = (j...text.count).contains { matches(after, $0) }
                    } else {
                        var k = j
                        while !found {
                            found = matches(i + 1, k)
                            guard k < text.count, text[k] != slash else { break }
                            k += 1
                        }
                    }
                    if !found { failed.insert(key) }
                    return found
                }
                guard j < text.count else { return false }
                if pattern[i] == UInt8(ascii: "?") ? text[j] == slash : pattern[i] != text[j] { return false }
                i += 1
                j += 1
            }
            return j == text.count
        }
    }
}
