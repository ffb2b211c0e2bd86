/// Line-based unified diffs of a file and its fixed text, by Myers' algorithm: fixes change a few lines,
/// so the work grows with the file's length times the number of changed lines.
enum UnifiedDiff {
    static let context = 3

    static func of(_ old: String, _ new: String, path: String) -> String {
        let a = lines(old), b = lines(new)
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(script(a, b), a, b) {
            out += "@@ -\(range(hunk.oldStart, hunk.oldCount)) +\(range(hunk.newStart, hunk.newCount)) @@\n"
            out += hunk.lines.joined()
        }
        return out
    }

    /// `start` is 0-based; an empty range names the line before it, as `diff -u` does.
    private static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(start),0"
        case 1: "\(start + 1)"
        default: "\(start + 1),\(count)"
        }
    }

    /// Lines with their line breaks, split on the `\n` byte (a `\r\n` is one `Character`, so a CRLF file does
    /// not split by characters); a last line without one is marked as `diff` marks it.
    private static func lines(_ text: String) -> [String] {
        // Split and marked by bytes: a last line ending in a lone `\r` keeps it (`\r\n` is one Character).
        var pieces = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let last = pieces.popLast()
        var result = pieces.map { String(decoding: $0, as: UTF8.self) + "\n" }
        if let last, !last.isEmpty { result.append(String(decoding: last, as: UTF8.self) + "\n\\ No newline at end of file\n") }
        return result
    }

    enum Step { case same, removed, added }

    /// The most frontier entries the search keeps (8 bytes each): past it, the lines between the common start
    /// and end are given as all removed, then all added — a diff that still applies, found in linear memory
    /// (8,000 one-line fixes in one file took 5 GB).
    static let traceBudget = 16_000_000

    /// An edit script: the shortest, unless finding it would take more than `traceBudget`. Each step with the
    /// old and new line index it stands at.
    static func script(_ a: [String], _ b: [String], budget: Int = traceBudget) -> [(step: Step, old: Int, new: Int)] {
        // The common first and last lines, set aside: fixes change few lines of a file.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let (middleA, middleB) = (Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
        let middle = shortest(middleA, middleB, budget: budget)
            ?? (middleA.indices.map { (Step.removed, $0, 0) } + middleB.indices.map { (Step.added, middleA.count, $0) })
        return (0..<prefix).map { (Step.same, $0, $0) }
            + middle.map { ($0.step, $0.old + prefix, $0.new + prefix) }
            + (0..<suffix).map { (Step.same, a.count - suffix + $0, b.count - suffix + $0) }
    }

    /// Myers' shortest edit script, or nil when its search would keep more than `budget` frontier entries.
    static func shortest(_ a: [String], _ b: [String], budget: Int) -> [(step: Step, old: Int, new: Int)]? {
        let (n, m) = (a.count, b.count)
        let offset = n + m + 1
        guard 2 * offset + 1 <= budget else { return nil }
        var frontier = Array(repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        search: for d in 0...(n + m) {
            guard (trace.count + 1) * frontier.count <= budget else { return nil }
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1])
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { (x, y) = (x + 1, y + 1) }
                frontier[offset + k] = x
                if x >= n, y >= m { break search }
            }
        }
        // Walk back from the end through the recorded frontiers.
        var steps: [(step: Step, old: Int, new: Int)] = []
        var (x, y) = (n, m)
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d], k = x - y
            let previousK = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[offset + previousK], previousY = previousX - previousK
            while x > previousX, y > previousY {
                (x, y) = (x - 1, y - 1)
                steps.append((.same, x, y))
            }
            guard d > 0 else { break }
            if x == previousX {
                y -= 1
                steps.append((.added, x, y))
            } else {
                x -= 1
                steps.append((.removed, x, y))
            }
        }
        return steps.reversed()
    }

    struct Hunk {
        var oldStart = 0, oldCount = 0, newStart = 0, newCount = 0
        var lines: [String] = []
    }

    /// Hunks with `context` lines around each change; changes closer than twice that share one.
    private static func hunks(_ script: [(step: Step, old: Int, new: Int)], _ a: [String], _ b: [String]) -> [Hunk] {
        let changed = script.indices.filter { script[$0].step != .same }
        var hunks: [Hunk] = []
        var groupStart = 0
        while groupStart < changed.count {
            var groupEnd = groupStart
            while groupEnd + 1 < changed.count, changed[groupEnd + 1] - changed[groupEnd] <= 2 * context + 1 { groupEnd += 1 }
            let first = max(0, changed[groupStart] - context), last = min(script.count - 1, changed[groupEnd] + context)
            var hunk = Hunk(oldStart: script[first].old, newStart: script[first].new)
            for (step, old, new) in script[first...last] {
                switch step {
                case .same:
                    hunk.lines.append(" " + a[old])
                    hunk.oldCount += 1
                    hunk.newCount += 1
                case .removed:
                    hunk.lines.append("-" + a[old])
                    hunk.oldCount += 1
                case .added:
                    hunk.lines.append("+" + b[new])
                    hunk.newCount += 1
                }
            }
            hunks.append(hunk)
            groupStart = groupEnd + 1
        }
        return hunks
    }
}
