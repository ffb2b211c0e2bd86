import Foundation

/// What `ribslint facts` writes and `ribslint check --facts` reads: each file's findings of the file rules, the
/// facts the project rules read, its project suppressions, what it declares for the type index and what it
/// asked there. The seam a build system's per-target actions use: the facts of each target are taken where its
/// sources are, and one check merges them and runs the project rules. JSON, described in
/// `Docs/ribslint-facts.schema.json`; `format` changes only when a field changes meaning or goes, and a facts
/// file is read only by the ribslint release that wrote it (`tool`), as a build system takes facts again when
/// its tools change.
public struct FactsFile: Sendable {
    public static let format = 2

    /// The ribslint release that wrote it (`ribslintVersion`): its version, not its build, so that the same files
    /// give the same bytes on every machine (a build system's remote cache shares them).
    public var tool: String
    public var files: [Entry]
    /// The Swift files below the paths it covers, excluded ones included, relative to the folder the project's
    /// test file search starts from: what `rib_test_presence` reads. Nil when no rule on for its files reads them.
    public var fileNames: [String]?
    /// The types of files this facts file offers to the facts of other files, without the files (`ribslint facts
    /// --types-output`: what a build target's dependents read, unchanged by edits that declare nothing new).
    public var types: [DeclaredType]?

    /// One file's facts.
    public struct Entry: Sendable {
        /// As reports name it: relative to the run's report base.
        public var path: String
        /// The facts view of the configuration that governed it (`Linter.factsView()`, `LintCache.key(for:)` without
        /// the facts kinds): profile, roles, conventions and rule options.
        var configuration: String
        /// A hash of its bytes: a check lints it again from disk only when they are still these.
        var contentHash: String
        /// Its bytes hold `ribslint:`: a comment that may suppress findings, whose verdict depends on which rules are
        /// on, so the check lints it again from disk.
        var directives: Bool
        var lineCount: Int
        /// The findings of every file rule of its profile, at their default severities, suppressions applied and
        /// fingerprinted: the check keeps those of the rules on there, at their severities.
        var findings: [Finding]
        /// The facts of every kind a project rule of its profile reads, by kind.
        var facts: [String: any FileFacts]
        var suppressions: [SuppressedSpan]
        var declarations: [DeclaredType]
        var lookups: [String: String]
        var syntaxNote: String?
    }

    public init(tool: String = ribslintVersion, files: [Entry], fileNames: [String]?, types: [DeclaredType]? = nil) {
        self.tool = tool
        self.files = files
        self.fileNames = fileNames
        self.types = types
    }

    /// The facts of the same files' types alone (see `types`).
    public var typesOnly: FactsFile { FactsFile(tool: tool, files: [], fileNames: nil, types: files.flatMap(\.declarations)) }

    /// Every type it declares: its files' and its `types`.
    public var declarations: [DeclaredType] { files.flatMap(\.declarations) + (types ?? []) }

    /// The facts as JSON: keys sorted, one line, so that the same files give the same bytes.
    public func json() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every field is a string, number, boolean, array or object: encoding cannot fail.
        return Array((try? encoder.encode(Coded(self))) ?? Data()) + [UInt8(ascii: "\n")]
    }

    /// Reads the facts `ribslint facts` wrote to `path`; `kinds`: every kind of facts a project rule reads.
    public init(contentsOf path: String, kinds: [any FileFacts.Type]) throws(UsageError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("error: cannot read the facts file \(path)")
        }
        let decoder = JSONDecoder()
        decoder.userInfo[Self.kindsKey] = Dictionary(kinds.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if let format = try? decoder.decode(FormatOnly.self, from: data).format, format != Self.format {
            throw UsageError("error: \(path) holds facts of format \(format); this ribslint reads format \(Self.format): take the facts again with it")
        }
        do {
            self = try decoder.decode(Coded.self, from: data).facts
        } catch let error as UnknownKind {
            throw UsageError("error: \(path) holds facts of kind '\(error.id)', which this ribslint does not know: take the facts again with it")
        } catch {
            throw UsageError("error: \(path) is not a facts file `ribslint facts` wrote (\(Self.reason(error)))")
        }
    }

    static let kindsKey = CodingUserInfoKey(rawValue: "ribslint.facts.kinds")!

    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?: return context.debugDescription
        case .keyNotFound(let key, let context)?: return "no '\(key.stringValue)'" + where_(context)
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?: return context.debugDescription + where_(context)
        default: return "\(error)"
        }
    }

    private static func where_(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? "" : " at \(path)"
    }
}

private struct UnknownKind: Error {
    let id: String
}

private struct FormatOnly: Decodable {
    let format: Int
}

/// A name of a JSON object's field, whatever it is.
private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The JSON form, field by field: the format is written out here, not derived from the engine's types.
private struct Coded: Codable {
    let facts: FactsFile

    init(_ facts: FactsFile) { self.facts = facts }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let tool = try container.decode(String.self, forKey: Key("tool"))
        let files = try container.decode([CodedEntry].self, forKey: Key("files")).map(\.entry)
        let names = try container.decodeIfPresent([String].self, forKey: Key("fileNames"))
        let types = try container.decodeIfPresent([CodedDeclaration].self, forKey: Key("types")).map { try $0.map { try $0.declaration } }
        facts = FactsFile(tool: tool, files: files, fileNames: names, types: types)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(FactsFile.format, forKey: Key("format"))
        try container.encode(facts.tool, forKey: Key("tool"))
        try container.encode(facts.files.map(CodedEntry.init), forKey: Key("files"))
        try container.encodeIfPresent(facts.fileNames, forKey: Key("fileNames"))
        try container.encodeIfPresent(facts.types?.map(CodedDeclaration.init), forKey: Key("types"))
    }
}

private struct CodedEntry: Codable {
    let entry: FactsFile.Entry

    init(_ entry: FactsFile.Entry) { self.entry = entry }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let kinds = decoder.userInfo[FactsFile.kindsKey] as? [String: any FileFacts.Type] ?? [:]
        let factsContainer = try container.nestedContainer(keyedBy: Key.self, forKey: Key("facts"))
        var facts: [String: any FileFacts] = [:]
        for key in factsContainer.allKeys {
            guard let kind = kinds[key.stringValue] else { throw UnknownKind(id: key.stringValue) }
            facts[key.stringValue] = try kind.init(from: factsContainer.superDecoder(forKey: key))
        }
        let path = try container.decode(String.self, forKey: Key("path"))
        entry = FactsFile.Entry(
            path: path,
            configuration: try container.decode(String.self, forKey: Key("configuration")),
            contentHash: try container.decode(String.self, forKey: Key("contentHash")),
            directives: try container.decode(Bool.self, forKey: Key("directives")),
            lineCount: try container.decode(Int.self, forKey: Key("lines")),
            findings: try container.decode([CodedFinding].self, forKey: Key("findings")).map { try $0.finding(in: path) },
            facts: facts,
            suppressions: try container.decode([CodedSpan].self, forKey: Key("suppressions")).map(\.span),
            declarations: try container.decode([CodedDeclaration].self, forKey: Key("declarations")).map { try $0.declaration },
            lookups: try container.decode([String: String].self, forKey: Key("lookups")),
            syntaxNote: try container.decodeIfPresent(String.self, forKey: Key("syntaxNote")))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(entry.path, forKey: Key("path"))
        try container.encode(entry.configuration, forKey: Key("configuration"))
        try container.encode(entry.contentHash, forKey: Key("contentHash"))
        try container.encode(entry.directives, forKey: Key("directives"))
        try container.encode(entry.lineCount, forKey: Key("lines"))
        try container.encode(entry.findings.map(CodedFinding.init), forKey: Key("findings"))
        var factsContainer = container.nestedContainer(keyedBy: Key.self, forKey: Key("facts"))
        for (id, facts) in entry.facts { try factsContainer.encode(facts, forKey: Key(id)) }
        try container.encode(entry.suppressions.map(CodedSpan.init), forKey: Key("suppressions"))
        try container.encode(entry.declarations.map(CodedDeclaration.init), forKey: Key("declarations"))
        try container.encode(entry.lookups, forKey: Key("lookups"))
        try container.encodeIfPresent(entry.syntaxNote, forKey: Key("syntaxNote"))
    }
}

/// A file rule's finding; its file is the entry's.
private struct CodedFinding: Codable {
    let rule: String
    let severity: String
    let line: Int
    let column: Int
    let endLine: Int
    let endColumn: Int
    let message: String
    let fingerprint: String
    let context: String
    let lineText: String

    init(_ finding: Finding) {
        (rule, severity, line, column) = (finding.ruleID, finding.severity.rawValue, finding.line, finding.column)
        (endLine, endColumn, message) = (finding.endLine, finding.endColumn, finding.message)
        (fingerprint, context, lineText) = (finding.fingerprint, finding.context, finding.lineText)
    }

    func finding(in path: String) throws -> Finding {
        guard let severity = Severity(rawValue: severity) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [Key("severity")], debugDescription: "unknown severity '\(severity)'"))
        }
        return Finding(
            ruleID: rule, severity: severity, path: path, line: line, column: column, endLine: endLine, endColumn: endColumn,
            message: message, fingerprint: fingerprint, context: context, lineText: lineText)
    }
}

private struct CodedSpan: Codable {
    let rule: String
    let firstLine: Int
    let lastLine: Int
    let directive: SourcePoint
    let awaitingVerdict: Bool
    let reenabled: [String: Int]

    init(_ span: SuppressedSpan) {
        (rule, firstLine, lastLine, directive) = (span.ruleID, span.lines.lowerBound, span.lines.upperBound, span.point)
        (awaitingVerdict, reenabled) = (span.awaitingVerdict, span.reenabled)
    }

    var span: SuppressedSpan {
        var span = SuppressedSpan(
            ruleID: rule, lines: firstLine...max(firstLine, lastLine), point: directive, awaitingVerdict: awaitingVerdict)
        span.reenabled = reenabled
        return span
    }
}

private struct CodedDeclaration: Codable {
    let name: String
    let kind: String
    let inherited: [String]
    let genericArguments: [String]
    let isMainActor: Bool
    let holds: [String]
    /// Left out when empty, as most declarations' are; facts taken before helpers were recorded have none.
    let helperMethods: [String]?

    init(_ declared: DeclaredType) {
        (name, kind, inherited) = (declared.name, declared.kind.rawValue, declared.inherited)
        (genericArguments, isMainActor, holds) = (declared.genericArguments, declared.isMainActor, declared.holds)
        helperMethods = declared.helperMethods.isEmpty ? nil : declared.helperMethods
    }

    var declaration: DeclaredType {
        get throws {
            guard let kind = TypeDeclaration.Kind(rawValue: kind) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [Key("kind")], debugDescription: "unknown kind of declaration '\(kind)'"))
            }
            return DeclaredType(
                name: name, kind: kind, inherited: inherited, genericArguments: genericArguments, isMainActor: isMainActor, holds: holds,
                helperMethods: helperMethods ?? [])
        }
    }
}
