/// A check over one file. Rules are values: no I/O, no global state.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init(options: RuleOptions)
    func violations(in file: LintFile) -> [Violation]
}

/// Everything a user or a test needs to know about a rule, in one value.
public struct RuleDescription: Sendable {
    public let id: String
    public let name: String
    /// One sentence: what it reports.
    public let summary: String
    /// Why it matters, citing the architecture guide.
    public let rationale: String
    public let profiles: [String]
    public let defaultSeverity: Severity
    public let isOptIn: Bool
    public let options: [OptionDoc]
    public let triggering: [Example]
    public let nonTriggering: [Example]
    /// What `--fix` makes of code: each example's code before, and the code it must become. A rule with
    /// corrections fixes; one without does not.
    public let corrections: [Correction]
    public var fixes: Bool { !corrections.isEmpty }
    /// For a rule that fixes: when a finding has no fix, what its fix needs that was missing, as `--fix`'s note
    /// says it (a finding may say more, `Violation.whyNoFix`).
    public var fixNeeds: String?
    /// How often a finding of the rule is a true one on code it has not seen: `high` for rules that decide
    /// from what the code declares and wires, `medium` for those that also go by names or conventions.
    /// Code scanning shows it (SARIF `precision`).
    public let precision: Precision
    /// Where its documentation is read when not among ribslint's rule pages: a custom rule's `docs`.
    public var helpURL: String?

    public enum Precision: String, Sendable {
        case veryHigh = "very-high", high, medium, low
    }

    public init(
        id: String, name: String, summary: String, rationale: String, profiles: [String] = ["ribs"],
        defaultSeverity: Severity, isOptIn: Bool = false, options: [OptionDoc] = [],
        triggering: [Example], nonTriggering: [Example], corrections: [Correction] = [], fixNeeds: String? = nil, precision: Precision = .high
    ) {
        self.fixNeeds = fixNeeds
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.profiles = profiles
        self.defaultSeverity = defaultSeverity
        self.isOptIn = isOptIn
        self.options = options
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.corrections = corrections
        self.precision = precision
    }
}

/// A fix in the rule's docs and tests: `before` (an example, with its path and options) becomes `after`.
public struct Correction: Sendable {
    public let before: Example
    public let after: String

    public init(_ before: Example, becomes after: String) {
        self.before = before
        self.after = after
    }
}

/// A Swift snippet for a rule's docs and tests. In a triggering example each emoji marker
/// (1️⃣ … 9️⃣, 🔟) stands where exactly one finding of the rule must start, and `messages` says what each
/// finding says, in the order of the markers (file by file).
public struct Example: Sendable, CustomStringConvertible {
    public let code: String
    /// The file the snippet pretends to be; roles and placement read it.
    public let path: String
    public let configuration: [String: OptionValue]
    /// The message of the finding at each marker, in the markers' order: every triggering example states them.
    public let messages: [String]
    public let file: String
    public let line: Int

    public init(
        _ code: String, path: String = "Example.swift", configuration: [String: OptionValue] = [:], messages: [String] = [],
        file: String = #filePath, line: Int = #line
    ) {
        self.code = code
        self.path = path
        self.configuration = configuration
        self.messages = messages
        self.file = file
        self.line = line
    }

    public var description: String { "\(file.split(separator: "/").last ?? ""):\(line)" }

    /// The files of the snippet: a line `// file: Path/Name.swift` starts a new one; without such lines
    /// the whole snippet is one file at `path`.
    public var files: [(path: String, code: String)] {
        let marker = "// file: "
        var files: [(path: String, code: String)] = []
        var lines: [Substring] = []
        var current = path
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(marker) {
                if !lines.isEmpty { files.append((current, lines.joined(separator: "\n"))) }
                current = String(line.dropFirst(marker.count))
                lines = []
            } else {
                lines.append(line)
            }
        }
        files.append((current, lines.joined(separator: "\n")))
        return files
    }
}

/// A rule option: its name in `.ribslint.yml`, its kind, default and meaning.
public struct OptionDoc: Sendable {
    public enum Kind: Sendable, Equatable {
        case bool
        case string(allowed: [String])
        case stringList
    }

    public let name: String
    public let kind: Kind
    public let defaultValue: OptionValue
    public let summary: String

    public init(_ name: String, _ kind: Kind, default defaultValue: OptionValue, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

public enum OptionValue: Sendable, Equatable, CustomStringConvertible {
    case bool(Bool)
    case string(String)
    case stringList([String])

    public var description: String {
        switch self {
        case .bool(let value): "\(value)"
        case .string(let value): value
        case .stringList(let values): "[" + values.joined(separator: ", ") + "]"
        }
    }
}

/// A rule's options after the configuration has been checked against its `OptionDoc`s.
public struct RuleOptions: Sendable {
    private let values: [String: OptionValue]
    private let defaults: [String: OptionValue]

    public init(_ values: [String: OptionValue] = [:], documented: [OptionDoc] = []) {
        self.values = values
        self.defaults = Dictionary(uniqueKeysWithValues: documented.map { ($0.name, $0.defaultValue) })
    }

    private func value(_ name: String) -> OptionValue? { values[name] ?? defaults[name] }

    public func bool(_ name: String) -> Bool {
        if case .bool(let value)? = value(name) { return value }
        return false
    }

    public func string(_ name: String) -> String {
        if case .string(let value)? = value(name) { return value }
        return ""
    }

    public func strings(_ name: String) -> [String] {
        if case .stringList(let values)? = value(name) { return values }
        return []
    }
}
