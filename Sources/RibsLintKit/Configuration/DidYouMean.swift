/// "Did you mean …": the known name closest to one that is not known, when it is close enough to be a typo or
/// another tool's spelling of the same thing.
public enum DidYouMean {
    /// The known name nearest `name` by edit distance (case and `-`/`_` ignored), if it is within a quarter of
    /// the name's length (at least 1, at most 3: typos, not other names); of equally near ones, the first by name
    /// (whatever `known`'s order).
    public static func closest(to name: String, in known: some Sequence<String>) -> String? {
        let wanted = Array(normalized(name))
        let limit = min(3, max(1, wanted.count / 4))
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(wanted, Array(normalized(candidate)))
            guard distance <= limit else { continue }
            if let best, distance > best.distance || (distance == best.distance && candidate >= best.name) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// " (did you mean 'x'?)" for `name` among `known`, or "".
    public static func clause(for name: String, in known: some Sequence<String>) -> String {
        closest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
    }

    private static func normalized(_ text: String) -> String {
        String(text.lowercased().map { $0 == "-" ? "_" : $0 })
    }

    /// Levenshtein distance, one row at a time.
    public static func editDistance(_ left: [Character], _ right: [Character]) -> Int {
        if left.isEmpty { return right.count }
        var previous = Array(0...right.count)
        var current = previous
        for (row, character) in left.enumerated() {
            current[0] = row + 1
            for column in 1...max(1, right.count) where column <= right.count {
                current[column] = min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + (character == right[column - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
