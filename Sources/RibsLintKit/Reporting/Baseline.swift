import Foundation

/// Today's findings, recorded so that a legacy codebase can adopt ribslint: only findings not in the baseline
/// are reported and fail the run. A finding is recognised by its rule, the declarations around it
/// (`LoginInteractor.didBecomeActive`) and the text of its line with runs of spaces collapsed — not by line
/// numbers or paths — so an entry survives lines inserted above it, edits elsewhere in the file, and the file
/// being moved or renamed. Equal keys are counted. Format: `Docs/ribslint-baseline.schema.json`.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Sendable, Equatable, Codable {
        public let rule: String
        public let context: String
        public let line: String
        public var count: Int
        /// Where it was when recorded: for people, not for matching.
        public let path: String

        var key: String { Baseline.key(rule: rule, context: context, line: line) }
    }

    public static let version = 1
    public private(set) var entries: [Entry]

    /// The baseline of these findings, in a stable order: one entry per file and key, so that the entries of some
    /// files can be rewritten and the others kept (`ribslint baseline --update PATHS`).
    public init(recording findings: [Finding]) {
        var counts: [String: Entry] = [:]
        for finding in findings {
            let key = Self.key(finding) + "\u{1}" + finding.path
            if var entry = counts[key] {
                entry.count += 1
                counts[key] = entry
            } else {
                counts[key] = Entry(
                    rule: finding.ruleID, context: finding.context, line: Self.normalized(finding.lineText), count: 1, path: finding.path)
            }
        }
        entries = counts.values.sorted(by: Self.ordered)
    }

    private static func ordered(_ a: Entry, _ b: Entry) -> Bool { (a.path, a.rule, a.context, a.line) < (b.path, b.rule, b.context, b.line) }

    /// The entries `kept` accepts.
    public func keeping(_ kept: (Entry) -> Bool) -> Baseline {
        var baseline = self
        baseline.entries = entries.filter(kept)
        return baseline
    }

    /// These findings recorded for the entries `judged` accepts (their files linted, their rules run), every other entry kept.
    public func updating(with findings: [Finding], judged: (Entry) -> Bool) -> Baseline {
        var updated = Baseline(recording: findings)
        updated.entries = (entries.filter { !judged($0) } + updated.entries).sorted(by: Self.ordered)
        return updated
    }

    static func key(rule: String, context: String, line: String) -> String { rule + "\u{1}" + context + "\u{1}" + code(of: line) }
    static func key(_ finding: Finding) -> String { key(rule: finding.ruleID, context: finding.context, line: normalized(finding.lineText)) }

    /// The line's text with runs of whitespace made one space: reindenting or respacing keeps the entry.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The line's code, its comments left out (`// TODO`, `/* … */`), as its key matches it: a comment added to a
    /// baselined line keeps it baselined. Text inside string literals stays, `"http://…"` included.
    static func code(of line: String) -> String {
        var kept: [Character] = []
        var inString = false, escaped = false, inBlock = false
        var characters = Array(line)[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            let next = characters.first
            if inBlock {
                if character == "*", next == "/" { (inBlock, characters) = (false, characters.dropFirst()) }
                continue
            }
            if inString {
                kept.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character == "/", next == "/" { break }
            if character == "/", next == "*" {
                (inBlock, characters) = (true, characters.dropFirst())
                kept.append(" ")
                continue
            }
            if character == "\"" { inString = true }
            kept.append(character)
        }
        return normalized(String(kept))
    }

    /// Findings split against the baseline: `new` ones are reported and gate the run, `unchanged` ones are in
    /// the baseline, and `fixed` counts the recorded findings no longer there (the baseline can shrink).
    public struct Verdict: Sendable {
        public var new: [Finding] = []
        public var unchanged: [Finding] = []
        public var fixed: [Entry] = []
    }

    /// `judged` says whether this run judged an entry: linted its recorded file (or would have found it) and ran its
    /// rule. The entries of files a partial run did not lint, or of rules it did not run, are never counted as fixed. A finding matches an entry of any
    /// file (a file may have moved); what no finding matched counts first against the entries not judged.
    public func judge(_ findings: [Finding], judged: (Entry) -> Bool = { _ in true }) -> Verdict {
        var remaining: [String: Int] = [:]
        for entry in entries { remaining[entry.key, default: 0] += entry.count }
        var verdict = Verdict()
        for finding in findings {
            let key = Self.key(finding)
            if let left = remaining[key], left > 0 {
                remaining[key] = left - 1
                verdict.unchanged.append(finding)
            } else {
                verdict.new.append(finding)
            }
        }
        for entry in entries where !judged(entry) {
            guard let left = remaining[entry.key], left > 0 else { continue }
            remaining[entry.key] = left - min(left, entry.count)
        }
        for entry in entries where judged(entry) {
            guard let left = remaining[entry.key], left > 0 else { continue }
            var fixed = entry
            fixed.count = min(left, entry.count)
            remaining[entry.key] = left - fixed.count
            verdict.fixed.append(fixed)
        }
        return verdict
    }

    // MARK: - The file

    private struct Document: Encodable {
        let tool: String
        let version: Int
        let entries: [Entry]
    }

    /// The most times one key may be recorded: far above any real file's count, far below what overflows a sum.
    static let maximumCount = 1_000_000

    /// The baseline at `path`; a missing, unreadable or malformed file stops the run, and so does an entry with a
    /// field missing, a count out of range or a rule `knownRules` lacks (when given), named by its position.
    public init(contentsOf path: String, knownRules: Set<String>? = nil) throws(UsageError) {
        let data: Data
        switch readRegularFile(path) {
        case .success(let read): data = Data(read.data)
        case .failure(.cannotOpen) where !FileManager.default.fileExists(atPath: path):
            throw UsageError("error: no baseline at \(path); create it with `ribslint baseline --output \(path)`")
        case .failure(let problem):
            throw UsageError("\(path): error: \(problem.message); the baseline must be a regular JSON file")
        }
        try self.init(json: data, path: path, knownRules: knownRules)
    }

    /// The baseline in `data`, read from `path` (named in errors): as `init(contentsOf:knownRules:)` checks it.
    public init(json data: Data, path: String, knownRules: Set<String>? = nil) throws(UsageError) {
        func malformed(_ why: String) -> UsageError {
            UsageError("\(path): error: not a ribslint baseline (\(why)); recreate it with `ribslint baseline`")
        }
        guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw malformed("not a JSON object") }
        guard let tool = document["tool"] as? String, let version = document["version"] as? Int else {
            throw malformed("no \"tool\" and \"version\"")
        }
        guard tool == "ribslint", version == Self.version else {
            throw UsageError("\(path): error: a baseline of version \(version) written by '\(tool)'; this ribslint reads baselines of version \(Self.version) written by ribslint")
        }
        guard let list = document["entries"] as? [Any] else { throw malformed("no \"entries\" list") }
        var entries: [Entry] = []
        entries.reserveCapacity(list.count)
        for (position, item) in list.enumerated() {
            func bad(_ why: String) -> UsageError {
                let rule = ((item as? [String: Any])?["rule"] as? String).map { " (\($0))" } ?? ""
                return UsageError("\(path): error: entry \(position + 1)\(rule) \(why); fix or remove it, or recreate the baseline with `ribslint baseline`")
            }
            guard let fields = item as? [String: Any] else { throw bad("is not an object") }
            var texts: [String: String] = [:]
            for name in ["rule", "context", "line", "path"] {
                guard let text = fields[name] as? String else { throw bad(fields[name] == nil ? "has no \"\(name)\"" : "has a \"\(name)\" that is not text") }
                texts[name] = text
            }
            guard let number = fields["count"] as? NSNumber else { throw bad(fields["count"] == nil ? "has no \"count\"" : "has a \"count\" that is not a number") }
            let count = number.doubleValue
            guard count == count.rounded(), count >= 1, count <= Double(Self.maximumCount) else {
                throw bad("has the count \(number), outside 1...\(Self.maximumCount)")
            }
            if let knownRules, !knownRules.contains(texts["rule"]!) { throw bad("names no rule of this ribslint (`ribslint rules` lists them)") }
            entries.append(Entry(rule: texts["rule"]!, context: texts["context"]!, line: texts["line"]!, count: Int(count), path: texts["path"]!))
        }
        self.entries = entries
    }

    /// The baseline as JSON: sorted keys, one entry per line block, the same bytes for the same findings.
    public var json: String {
        Reporter.encode(Document(tool: "ribslint", version: Self.version, entries: entries))
    }

    /// Writes the baseline atomically: a reader never sees half of it. A baseline larger than ribslint reads
    /// (`maximumFileSize`) is not written.
    public func write(to path: String, limit: Int = maximumFileSize) throws(UsageError) {
        let bytes = Array(json.utf8)
        guard bytes.count <= limit else {
            throw UsageError("error: the baseline would take \(bytes.count) bytes, more than the \(limit) ribslint reads; record it for fewer files, or fix some findings first")
        }
        do {
            try writeAtomically(bytes, to: path)
        } catch {
            throw UsageError("error: cannot write the baseline to \(path): \(writeFailureReason(error, path: path))")
        }
    }
}
