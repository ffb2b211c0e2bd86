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

    /// The baseline of these findings, in a stable order.
    public init(recording findings: [Finding]) {
        var counts: [String: Entry] = [:]
        for finding in findings {
            let key = Self.key(finding)
            if var entry = counts[key] {
                entry.count += 1
                counts[key] = entry
            } else {
                counts[key] = Entry(
                    rule: finding.ruleID, context: finding.context, line: Self.normalized(finding.lineText), count: 1, path: finding.path)
            }
        }
        entries = counts.values.sorted { ($0.path, $0.rule, $0.context, $0.line) < ($1.path, $1.rule, $1.context, $1.line) }
    }

    static func key(rule: String, context: String, line: String) -> String { rule + "\u{1}" + context + "\u{1}" + line }
    static func key(_ finding: Finding) -> String { key(rule: finding.ruleID, context: finding.context, line: normalized(finding.lineText)) }

    /// The line's text with runs of whitespace made one space: reindenting or respacing keeps the entry.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Findings split against the baseline: `new` ones are reported and gate the run, `unchanged` ones are in
    /// the baseline, and `fixed` counts the recorded findings no longer there (the baseline can shrink).
    public struct Verdict: Sendable {
        public var new: [Finding] = []
        public var unchanged: [Finding] = []
        public var fixed: [Entry] = []
    }

    public func judge(_ findings: [Finding]) -> Verdict {
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
        for entry in entries {
            guard let left = remaining[entry.key], left > 0 else { continue }
            var fixed = entry
            fixed.count = min(left, entry.count)
            remaining[entry.key] = left - fixed.count
            verdict.fixed.append(fixed)
        }
        return verdict
    }

    // MARK: - The file

    private struct Document: Codable {
        let tool: String
        let version: Int
        let entries: [Entry]
    }

    /// The baseline at `path`; a missing, unreadable or malformed file stops the run.
    public init(contentsOf path: String) throws(UsageError) {
        let data: Data
        switch readRegularFile(path) {
        case .success(let read): data = Data(read.data)
        case .failure(.cannotOpen) where !FileManager.default.fileExists(atPath: path):
            throw UsageError("error: no baseline at \(path); create it with `ribslint baseline --output \(path)`")
        case .failure(let problem):
            throw UsageError("\(path): error: \(problem.message); the baseline must be a regular JSON file")
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw UsageError("\(path): error: not a ribslint baseline (\(error.localizedDescription)); recreate it with `ribslint baseline`")
        }
        guard document.tool == "ribslint", document.version == Self.version else {
            throw UsageError("\(path): error: baseline version \(document.version) of '\(document.tool)'; this ribslint reads version \(Self.version)")
        }
        entries = document.entries
    }

    /// The baseline as JSON: sorted keys, one entry per line block, the same bytes for the same findings.
    public var json: String {
        Reporter.encode(Document(tool: "ribslint", version: Self.version, entries: entries))
    }

    /// Writes the baseline atomically: a reader never sees half of it.
    public func write(to path: String) throws(UsageError) {
        do {
            try writeAtomically(json, to: path)
        } catch {
            throw UsageError("error: cannot write the baseline to \(path): \(writeFailureReason(error, path: path))")
        }
    }
}
