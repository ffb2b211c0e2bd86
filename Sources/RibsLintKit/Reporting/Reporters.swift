import Foundation

/// Everything a reporter needs beyond the findings.
public struct ReportContext: Sendable {
    public let rules: [RuleDescription]
    /// The folder findings' relative paths start from (`Linter.reportBase`): SARIF's `%SRCROOT%`.
    public let basePath: String
    /// Where rule pages are read (`docs_url:`; default `RuleDocumentation.defaultBaseURL`).
    public let docsURL: String
    /// SARIF `automationDetails`: one category per app of a monorepo, so that code scanning keeps each
    /// upload's alerts apart (`--sarif-category`).
    public let sarifCategory: String?
    /// SARIF's `%SRCROOT%` is left without its absolute location (`--sarif-no-root-uri`): a report made in a
    /// build system's sandbox does not name the sandbox, and is the same on every machine.
    public var sarifOmitsRootURI = false
    /// Where the people and editors reading the `xcode` report are (the working directory): a file below it is
    /// named from it, any other by its absolute path, so that a click or `vim path:line` opens it from a
    /// module's folder too. Nil: as the findings name them, relative to `basePath` (what `--base-path` asks).
    /// Machine reports and fingerprints always name files relative to `basePath`.
    public let readerDirectory: String?
    /// `readerDirectory` as the shell spells it and as the file system resolves it (a symlinked `/tmp`), each
    /// ending in `/`.
    private let readerFolders: [String]

    public init(
        rules: [RuleDescription], basePath: String, docsURL: String = RuleDocumentation.defaultBaseURL, sarifCategory: String? = nil,
        readerDirectory: String? = nil
    ) {
        self.rules = rules
        self.basePath = basePath
        self.docsURL = docsURL
        self.sarifCategory = sarifCategory
        self.readerDirectory = readerDirectory
        func folder(_ path: String) -> String { path.hasSuffix("/") ? path : path + "/" }
        readerFolders = readerDirectory.map { [folder($0), folder(URL(fileURLWithPath: $0).resolvingSymlinksInPath().path)] } ?? []
    }

    func page(_ ruleID: String) -> String {
        rules.first { $0.id == ruleID && $0.helpURL != nil }?.helpURL ?? RuleDocumentation.page(ruleID, base: docsURL)
    }

    /// `path` (relative to `basePath`, or absolute) as the reader opens it (see `readerDirectory`).
    func readable(_ path: String) -> String {
        guard !readerFolders.isEmpty else { return path }
        let absolute = path.hasPrefix("/") ? path : (basePath.hasSuffix("/") ? basePath : basePath + "/") + path
        for folder in readerFolders where absolute.hasPrefix(folder) { return String(absolute.dropFirst(folder.count)) }
        return absolute
    }
}

public enum Reporter: String, Sendable, CaseIterable {
    case xcode, json, sarif, github, junit, checkstyle, gitlab, codeclimate

    public func render(_ result: LintResult, _ context: ReportContext) -> String {
        switch self {
        case .xcode: return result.findings.map { Self.xcodeLine($0, path: context.readable($0.path)) }.joined()
        case .github: return result.findings.map { Self.githubLine($0, context) }.joined()
        case .json: return Self.json(result)
        case .sarif: return SARIF.render(result, context)
        case .junit: return CIReports.junit(result)
        case .checkstyle: return CIReports.checkstyle(result)
        case .gitlab: return CIReports.gitlab(result)
        case .codeclimate: return CIReports.codeclimate(result, context)
        }
    }

    /// What `ribslint reporters` says of each.
    public var summary: String {
        switch self {
        case .xcode: return "path:line:column: severity: message (rule) — Xcode, editors, terminals (default)"
        case .json: return "ribslint's JSON report, format version 1 (Docs/ribslint-report.schema.json)"
        case .sarif: return "SARIF 2.1.0 for GitHub code scanning and other dashboards"
        case .github: return "GitHub Actions workflow commands: annotations on the pull request"
        case .junit: return "JUnit XML, one failed test case per finding: CI test report panes"
        case .checkstyle: return "Checkstyle XML: Jenkins warnings plugins, reviewdog, Danger"
        case .gitlab: return "GitLab Code Quality JSON (artifacts: reports: codequality)"
        case .codeclimate: return "Code Climate engine issues, NUL-separated"
        }
    }

    /// One line per finding, whatever the path or message holds (a file name, a suppression's rule id): see
    /// `printable`.
    static func xcodeLine(_ finding: Finding, path: String? = nil) -> String {
        "\(printable(path ?? finding.path)):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(printable(finding.message)) (\(finding.ruleID))\n"
    }

    /// `text` with what a terminal or a log would act on escaped: control characters (C0, DEL, C1: escape
    /// sequences, line breaks, backspaces) and the Unicode line and paragraph separators, as `\n`, `\r`, `\t` or
    /// `\u{…}`. Other text, non-ASCII names included, is left as it is.
    /// `keepingLineBreaks`: `\n` and `\r` stay (GitHub's workflow commands encode them, and show the break).
    static func printable(_ text: String, keepingLineBreaks: Bool = false) -> String {
        func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
            if keepingLineBreaks, scalar == "\n" || scalar == "\r" { return false }
            return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
        }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case _ where !needsEscape(scalar): escaped.unicodeScalars.append(scalar)
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where needsEscape(scalar): escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The annotation's title names the rule and its page, the one place GitHub shows beside the message.
    static func githubLine(_ finding: Finding, _ context: ReportContext) -> String {
        func property(_ value: String) -> String {
            data(value).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        func data(_ value: String) -> String {
            value.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
        // A log shows what the runner prints: the path and the message made printable first.
        let path = printable(finding.path, keepingLineBreaks: true)
        return "::\(finding.severity.rawValue) file=\(property(path)),line=\(finding.line),col=\(finding.column),"
            + "endLine=\(finding.endLine),endColumn=\(finding.endColumn),title=\(property("\(finding.ruleID) · \(context.page(finding.ruleID))"))::\(data(printable(finding.message, keepingLineBreaks: true)))\n"
    }

    /// JSON report, format version 1: `{findings[], summary, tool, version}`, keys sorted, two-space indent.
    /// Written by hand: Foundation's encoder took most of a warm run's time over tens of thousands of findings.
    static func json(_ result: LintResult) -> String {
        var out = JSONText()
        out.reserve(400 * result.findings.count + 400)
        out.raw("{\n  \"findings\" : [")
        for (index, finding) in result.findings.enumerated() {
            out.raw(index == 0 ? "\n    {\n" : ",\n    {\n")
            out.field("column", finding.column)
            out.field("endColumn", finding.endColumn)
            out.field("endLine", finding.endLine)
            out.field("file", finding.path)
            out.field("fingerprint", finding.fingerprint)
            out.field("line", finding.line)
            out.field("message", finding.message)
            out.field("rule", finding.ruleID)
            out.field("severity", finding.severity.rawValue, last: true)
            out.raw("    }")
        }
        out.raw(result.findings.isEmpty ? "],\n" : "\n  ],\n")
        let errors = result.findings.count { $0.severity == .error }
        out.raw("  \"summary\" : {\n")
        if let baseline = result.baseline {
            out.raw("    \"baseline\" : {\n      \"fixed\" : \(baseline.fixed),\n      \"unchanged\" : \(baseline.unchanged.count)\n    },\n")
        }
        out.raw("    \"errors\" : \(errors),\n    \"files\" : \(result.fileCount),\n")
        out.raw("    \"incomplete\" : \(!result.unreadable.isEmpty),\n    \"rules\" : {")
        for (index, (id, count)) in result.findingsByRule.enumerated() {
            out.raw(index == 0 ? "\n      " : ",\n      ")
            out.string(id)
            out.raw(" : \(count)")
        }
        out.raw(result.findings.isEmpty ? "},\n" : "\n    },\n")
        out.raw("    \"warnings\" : \(result.findings.count - errors)\n  },\n")
        out.raw("  \"tool\" : {\n    \"name\" : \"ribslint\",\n    \"version\" : ")
        out.string(ribslintVersion)
        out.raw("\n  },\n  \"version\" : 1\n}\n")
        return out.text
    }

    /// JSON text built byte by byte: string interpolation per field cost more than the rest of a warm run.
    struct JSONText {
        private var bytes: [UInt8] = []

        var text: String { String(decoding: bytes, as: UTF8.self) }

        mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

        mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

        /// A field of a finding: six spaces in, a comma after unless it is the last.
        mutating func field(_ key: String, _ value: String, last: Bool = false) {
            name(key)
            string(value)
            bytes.append(contentsOf: last ? "\n".utf8 : ",\n".utf8)
        }

        mutating func field(_ key: String, _ value: Int) {
            name(key)
            raw(String(value))
            bytes.append(contentsOf: ",\n".utf8)
        }

        private mutating func name(_ key: String) {
            bytes.append(contentsOf: "      \"".utf8)
            bytes.append(contentsOf: key.utf8)
            bytes.append(contentsOf: "\" : ".utf8)
        }

        /// A string literal: quotes, backslashes and control characters escaped.
        mutating func string(_ value: String) {
            bytes.append(UInt8(ascii: "\""))
            for byte in value.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
                case UInt8(ascii: "\n"): bytes.append(contentsOf: "\\n".utf8)
                case UInt8(ascii: "\r"): bytes.append(contentsOf: "\\r".utf8)
                case UInt8(ascii: "\t"): bytes.append(contentsOf: "\\t".utf8)
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: "\\u00".utf8)
                    bytes.append(contentsOf: [hex[Int(byte >> 4)], hex[Int(byte & 0xf)]])
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    public static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else { return "{}\n" }
        return text + "\n"
    }
}

/// SARIF 2.1.0, as GitHub code scanning and other CI dashboards read it.
public enum SARIF {
    struct Log: Encodable {
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let version = "2.1.0"
        let runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    struct Run: Encodable {
        let tool: Tool
        let automationDetails: AutomationDetails?
        let invocations: [Invocation]
        let originalUriBaseIds: [String: BaseLocation]
        let columnKind = "utf16CodeUnits"
        let results: [Result]
    }
    /// Whether the run did its whole job; files it could not lint are notifications, so a dashboard shows them.
    struct Invocation: Encodable {
        let executionSuccessful: Bool
        let toolExecutionNotifications: [Notification]
    }
    struct Notification: Encodable {
        var level = "error"
        let message: Message
    }
    /// GitHub reads the category as the id up to its last `/`.
    struct AutomationDetails: Encodable { let id: String }
    struct Tool: Encodable { let driver: Driver }
    struct Driver: Encodable {
        let name = "ribslint"
        let version = ribslintVersion
        let semanticVersion = ribslintVersion
        let rules: [ReportingDescriptor]
    }
    struct Message: Encodable { let text: String; var markdown: String? = nil }
    struct ReportingDescriptor: Encodable {
        let id: String
        let name: String
        let shortDescription: Message
        let fullDescription: Message
        let help: Message
        let helpUri: String
        let defaultConfiguration: Configuration
        let properties: Properties
        struct Configuration: Encodable { let level: String }
        /// What code scanning reads of a rule: its tags (filters), precision and severity.
        struct Properties: Encodable {
            let tags: [String]
            let precision: String
            let problemSeverity: String
            enum CodingKeys: String, CodingKey { case tags, precision, problemSeverity = "problem.severity" }
        }
    }
    struct ArtifactLocation: Encodable { let uri: String; var uriBaseId: String? = nil }
    /// Where a base of relative URIs lies; unknown (`{}`) when the report leaves it to the reader.
    struct BaseLocation: Encodable { let uri: String? }
    struct Region: Encodable { let startLine: Int, startColumn: Int, endLine: Int, endColumn: Int }
    struct PhysicalLocation: Encodable { let artifactLocation: ArtifactLocation; let region: Region }
    struct Location: Encodable { let physicalLocation: PhysicalLocation }
    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Message
        let locations: [Location]
        let partialFingerprints: [String: String]
        /// `new` or `unchanged` when a baseline was applied.
        var baselineState: String?
        /// A finding of the baseline: accepted, so that code scanning opens no alert for it (GitHub's "SARIF
        /// support for code scanning": a result whose suppression is accepted is closed), while it stays in the
        /// log, `unchanged`.
        var suppressions: [Suppression]?
    }
    struct Suppression: Encodable {
        let kind = "external"
        let status = "accepted"
        let justification = "In the baseline: a finding accepted when ribslint was adopted (`ribslint baseline`)."
    }

    /// GitHub code scanning rejects a run of more results (its documented hard limit, "Results per run").
    public static let resultLimit = 25_000

    /// How many of a run's results a SARIF report leaves out to stay within `resultLimit`.
    public static func resultsCut(_ result: LintResult) -> Int {
        max(0, result.findings.count + listedUnchanged(result).count - resultLimit)
    }

    /// With a baseline, its findings are listed too, marked `unchanged` and suppressed as accepted: code scanning
    /// shows them closed, not as alerts (unless `--show-baselined` already made them findings).
    private static func listedUnchanged(_ result: LintResult) -> [Finding] {
        result.baseline.map { $0.shown ? [] : $0.unchanged } ?? []
    }

    static func render(_ result: LintResult, _ context: ReportContext) -> String {
        let rules = context.rules.sorted { $0.id < $1.id }
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let root = context.basePath.hasSuffix("/") ? context.basePath : context.basePath + "/"
        let unchanged = listedUnchanged(result)
        // `--show-baselined` makes the baseline's findings findings again (warnings): still `unchanged` and accepted here.
        let shownBaselined = Set(result.baseline.map { $0.shown ? $0.unchanged.map(\.fingerprint) : [] } ?? [])
        let states = result.findings.map { finding in
            result.baseline == nil ? nil : shownBaselined.contains(finding.fingerprint) ? "unchanged" : "new"
        } + unchanged.map { _ in "unchanged" }
        var listed = zip(result.findings + unchanged, states).map { $0 }
        // Past the limit, new findings and errors are kept first, as code scanning ranks by severity.
        let cut = resultsCut(result)
        if cut > 0 {
            func rank(_ item: (Finding, String?)) -> Int { (item.1 == "unchanged" ? 2 : 0) + (item.0.severity == .error ? 0 : 1) }
            listed = Array(listed.sorted { rank($0) != rank($1) ? rank($0) < rank($1) : Finding.ordered($0.0, $1.0) }.prefix(resultLimit))
        }
        var notifications = result.unreadable.map { Notification(message: Message(text: $0)) }
        if cut > 0 {
            notifications.append(Notification(level: "warning", message: Message(
                text: "\(cut) of \(cut + resultLimit) results were left out: GitHub code scanning takes at most \(resultLimit) per run. "
                    + "New findings and errors were kept first; the json reporter lists every finding.")))
        }
        let results = listed.sorted { Finding.ordered($0.0, $1.0) }.map { finding, state in
            Result(
                ruleId: finding.ruleID, ruleIndex: index[finding.ruleID] ?? 0, level: finding.severity.rawValue,
                message: Message(text: finding.message),
                locations: [Location(physicalLocation: PhysicalLocation(
                    artifactLocation: artifact(finding.path, context),
                    region: Region(startLine: finding.line, startColumn: finding.column, endLine: finding.endLine, endColumn: finding.endColumn)))],
                partialFingerprints: ["ribslint/v1": finding.fingerprint], baselineState: state,
                suppressions: state == "unchanged" ? [Suppression()] : nil)
        }
        let log = Log(runs: [Run(
            tool: Tool(driver: Driver(rules: rules.map { descriptor($0, context) })),
            automationDetails: context.sarifCategory.map { AutomationDetails(id: $0 + "/") },
            invocations: [Invocation(executionSuccessful: result.unreadable.isEmpty, toolExecutionNotifications: notifications)],
            originalUriBaseIds: [
                "%SRCROOT%": BaseLocation(uri: context.sarifOmitsRootURI ? nil : URL(fileURLWithPath: root, isDirectory: true).absoluteString)
            ],
            results: results)])
        return Reporter.encode(log)
    }

    static func descriptor(_ rule: RuleDescription, _ context: ReportContext) -> ReportingDescriptor {
        ReportingDescriptor(
            id: rule.id, name: rule.name.replacingOccurrences(of: " ", with: ""),
            shortDescription: Message(text: rule.summary), fullDescription: Message(text: rule.rationale),
            help: Message(text: rule.rationale, markdown: RuleDocumentation.markdown(rule)),
            helpUri: context.page(rule.id),
            defaultConfiguration: .init(level: rule.defaultSeverity.rawValue),
            properties: .init(
                tags: ["architecture"] + rule.profiles + (rule.fixes ? ["autofix"] : []),
                precision: rule.precision.rawValue, problemSeverity: rule.defaultSeverity.rawValue))
    }

    /// A finding's relative path is relative to `%SRCROOT%`; a file outside it is named by its file URI.
    static func artifact(_ path: String, _ context: ReportContext) -> ArtifactLocation {
        if path.hasPrefix("/") { return ArtifactLocation(uri: URL(fileURLWithPath: path).absoluteString) }
        return ArtifactLocation(uri: path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path, uriBaseId: "%SRCROOT%")
    }
}
