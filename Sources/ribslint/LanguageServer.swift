import ArgumentParser
import Foundation
import RibsLintKit
import RibsLintRules

/// `ribslint lsp`: a language server over standard input and output (LSP 3.17, JSON-RPC with Content-Length
/// framing). An open buffer is linted as the file at its real path — its configuration chain, the profile, the
/// whole project read for the project rules — and its findings are diagnostics: pulled by clients that ask for
/// them (`textDocument/diagnostic`), pushed to those that do not (`textDocument/publishDiagnostics`).
struct LanguageServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server over standard input and output: findings of open buffers as diagnostics as you type.",
        discussion: """
            Editors start it with the workspace as its root (VS Code, Neovim, Helix, Zed, Sublime: README "Editors"). \
            Each buffer is linted as the file at its path, under that file's configuration, with the rest of the project \
            read from disk for the project rules. Docs/language-server.md lists what it offers.
            """)

    @Option(help: "The configuration file; default: .ribslint.yml in the workspace or the folder above each file.")
    var config: String?

    func run() throws {
        var server = LanguageServer(config: config)
        server.serve()
    }
}

/// The protocol layer and the state of the open documents.
struct LanguageServer {
    let config: String?
    /// The workspace's folder (`rootUri`), where configurations are looked for and reports are based.
    private var root = FileManager.default.currentDirectoryPath
    /// Open documents by absolute path: their text as the editor holds it.
    private var documents: [String: String] = [:]
    /// The client pulls diagnostics (`textDocument/diagnostic`); else they are pushed.
    private var pulls = false
    /// The client refreshes pulled diagnostics when asked (`workspace/diagnostic/refresh`).
    private var refreshes = false
    /// Configuration files whose errors were last published, to clear once they are mended.
    private var faultyConfigurations: Set<String> = []
    private var nextRequest = 0
    /// Documents changed since their diagnostics were last published.
    private var dirty: Set<String> = []
    /// The client watches files for the server when asked (`client/registerCapability`).
    private var watchesFiles = false
    private var shutdownRequested = false
    private var channel = MessageChannel()
    /// Whether the files on disk are as the last lint found them: the client watches them all (`**/*`) and has said
    /// nothing changed since. A lint then asks the file system nothing (`Linter.diskUnchangedSinceLastRun`).
    private let disk = DiskWatch()
    /// The id of the request registering the file watchers, whose answer says whether the client watches.
    private var watchRegistration: String?

    private final class DiskWatch {
        /// The client reports every change of the workspace's files.
        var watched = false
        /// No change reported since the last lint, which saw the files as they are.
        var unchangedSinceLint = false
    }

    init(config: String?) { self.config = config }

    mutating func serve() {
        while let read = channel.read() {
            switch read {
            case .message(let message):
                if let method = message["method"] as? String {
                    handle(method, params: message["params"] as? [String: Any] ?? [:], id: message["id"])
                } else if let id = message["id"] as? String, id == watchRegistration {
                    // The client's answer to the watchers' registration: only once it watches does the server trust
                    // the disk between the changes it reports.
                    disk.watched = message["error"] == nil
                    disk.unchangedSinceLint = false
                }
            case .unreadable(let why):
                channel.write(["jsonrpc": "2.0", "id": NSNull(), "error": ["code": -32700, "message": why]])
            }
            // Stale results are dropped: documents changed while more of the editor's messages waited are linted
            // once the input is idle, whatever came in between (a code action, a hover).
            if !dirty.isEmpty, !channel.hasPendingInput {
                let changed = dirty.sorted()
                dirty = []
                for path in changed { publish(uri: URL(fileURLWithPath: path).absoluteString, path: path) }
                refreshOthers(than: changed.count == 1 ? changed[0] : "")
            }
        }
        // The client went away (end of input): exit as `exit` without `shutdown` would.
        Foundation.exit(shutdownRequested ? 0 : 1)
    }

    private mutating func handle(_ method: String, params: [String: Any], id: Any?) {
        switch method {
        case "initialize":
            if let rootURI = params["rootUri"] as? String, let path = Self.path(ofURI: rootURI) {
                root = path
            } else if let rootPath = params["rootPath"] as? String {
                root = rootPath
            }
            let capabilities = params["capabilities"] as? [String: Any]
            pulls = (capabilities?["textDocument"] as? [String: Any])?["diagnostic"] != nil
            refreshes = ((capabilities?["workspace"] as? [String: Any])?["diagnostics"] as? [String: Any])?["refreshSupport"] as? Bool == true
            watchesFiles = ((capabilities?["workspace"] as? [String: Any])?["didChangeWatchedFiles"] as? [String: Any])?["dynamicRegistration"] as? Bool == true
            var serverCapabilities: [String: Any] = [
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            ]
            if pulls { serverCapabilities["diagnosticProvider"] = ["interFileDependencies": true, "workspaceDiagnostics": true] }
            serverCapabilities["codeActionProvider"] = ["codeActionKinds": ["quickfix", Self.fixAllKind]]
            serverCapabilities["hoverProvider"] = true
            respond(id, result: ["capabilities": serverCapabilities, "serverInfo": ["name": "ribslint", "version": ribslintVersion]])
        case "initialized":
            // Configurations changed outside the editor (a checkout, another tool) re-lint the open files.
            if watchesFiles {
                nextRequest += 1
                watchRegistration = "ribslint-register-\(nextRequest)"
                channel.write(["jsonrpc": "2.0", "id": watchRegistration ?? "", "method": "client/registerCapability", "params": [
                    "registrations": [["id": "ribslint-configurations", "method": "workspace/didChangeWatchedFiles",
                                       "registerOptions": ["watchers": [["globPattern": "**/\(Configuration.fileName)"], ["globPattern": "**/*"]]]]],
                ]])
            }
        case "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration":
            break
        case "workspace/didChangeWatchedFiles":
            let changed = (params["changes"] as? [[String: Any]] ?? []).compactMap { ($0["uri"] as? String).flatMap(Self.path(ofURI:)) }
            // Anything changed on disk: the next lint asks the file system again.
            disk.unchangedSinceLint = false
            if changed.contains(where: Self.isConfiguration) {
                for path in changed where Self.isConfiguration(path) { publish(uri: URL(fileURLWithPath: path).absoluteString, path: path) }
                refreshOthers(than: "")
            } else if changed.contains(where: { $0.hasSuffix(".swift") && documents[$0] == nil && walkReaches($0, from: root) }) {
                // A Swift file changed outside the editor (a checkout, a generator): the open files' project findings may change.
                refreshOthers(than: "")
            }
        case "shutdown":
            shutdownRequested = true
            respond(id, result: NSNull())
        case "exit":
            Foundation.exit(shutdownRequested ? 0 : 1)
        case "textDocument/didOpen":
            guard let document = params["textDocument"] as? [String: Any], let uri = document["uri"] as? String,
                let path = Self.path(ofURI: uri), let text = document["text"] as? String
            else { return }
            documents[path] = text
            publish(uri: uri, path: path)
        case "textDocument/didChange":
            guard let document = params["textDocument"] as? [String: Any], let uri = document["uri"] as? String,
                let path = Self.path(ofURI: uri), var text = documents[path]
            else { return }
            for change in params["contentChanges"] as? [[String: Any]] ?? [] {
                text = TextEdit.apply(change, to: text)
            }
            documents[path] = text
            // Linted when the input is idle (see `serve`); what this file declares may change other files' findings
            // (a RIB's children, a cycle, a role), so theirs are refreshed then too.
            _ = uri
            dirty.insert(path)
        case "textDocument/didSave":
            guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String, let path = Self.path(ofURI: uri) else { return }
            disk.unchangedSinceLint = false
            publish(uri: uri, path: path)
            // A configuration saved applies to every open file at once, without a restart.
            if Self.isConfiguration(path) { refreshOthers(than: path) }
        case "textDocument/didClose":
            guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String, let path = Self.path(ofURI: uri) else { return }
            documents[path] = nil
            // Its file on disk may differ from what the cache last recorded of it (it was read from the buffer while
            // open, and may have been saved since): the next lint asks the disk.
            disk.unchangedSinceLint = false
            if !pulls { notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": [Any]()]) }
        case "textDocument/diagnostic":
            guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String else {
                respondError(id, code: -32602, message: "textDocument/diagnostic needs a textDocument")
                return
            }
            // A buffer that is no file (`untitled:`) has no path to lint it as: nothing to report.
            guard let path = Self.path(ofURI: uri) else {
                respond(id, result: ["kind": "full", "items": [Any]()])
                return
            }
            if Self.isConfiguration(path) {
                respond(id, result: ["kind": "full", "items": configurationProblems(of: path)])
                return
            }
            let (diagnostics, problem) = path.hasSuffix(".swift") ? diagnostics(of: path) : ([], nil)
            report(problem)
            respond(id, result: ["kind": "full", "items": diagnostics])
        case "workspace/diagnostic":
            // The whole project's findings, for the files not open (those are pulled one by one); a file reported
            // before with none now gets an empty report, which clears it.
            let previous = (params["previousResultIds"] as? [[String: Any]] ?? []).compactMap { $0["uri"] as? String }
            let (reports, problem) = workspaceReports(previouslyReported: previous)
            report(problem)
            respond(id, result: ["items": reports])
        case "textDocument/hover":
            guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String, let path = Self.path(ofURI: uri),
                let position = params["position"] as? [String: Any], let line = position["line"] as? Int, let character = position["character"] as? Int
            else {
                respondError(id, code: -32602, message: "textDocument/hover needs a textDocument with a file URI and a position")
                return
            }
            let limit = 1 << 30
            respond(id, result: hover(path: path, line: min(max(line, 0), limit) + 1, column: min(max(character, 0), limit) + 1) ?? NSNull())
        case "textDocument/codeAction":
            guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String, let path = Self.path(ofURI: uri) else {
                respondError(id, code: -32602, message: "textDocument/codeAction needs a textDocument with a file URI")
                return
            }
            let context = params["context"] as? [String: Any] ?? [:]
            let only = context["only"] as? [String]
            var actions: [[String: Any]] = []
            if only.map({ $0.contains { "quickfix".hasPrefix($0) } }) ?? true {
                actions += quickFixes(uri: uri, path: path, range: params["range"] as? [String: Any] ?? [:])
            }
            // Fixing everything reads the whole project and plans `--fix`: only when the client asks for it (on save).
            if only?.contains(where: { Self.fixAllKind.hasPrefix($0) && $0 != "" }) == true, let fixAll = fixAll(uri: uri, path: path) {
                actions.append(fixAll)
            }
            respond(id, result: actions)
        default:
            // Unknown requests get an answer; unknown notifications are ignored, as the protocol asks.
            if id != nil { respondError(id, code: -32601, message: "ribslint does not handle \(method)") }
        }
    }

    /// Pushes a document's diagnostics to a client that does not pull them; a configuration's errors are pushed to
    /// every client, at their line and column in the YAML.
    private mutating func publish(uri: String, path: String) {
        if Self.isConfiguration(path) {
            // A client that pulls asks for them (a pushed copy would be shown twice).
            guard !pulls else { return }
            let problems = configurationProblems(of: path)
            notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": problems])
            if problems.isEmpty { faultyConfigurations.remove(path) } else { faultyConfigurations.insert(path) }
            return
        }
        guard path.hasSuffix(".swift") else { return }
        let (diagnostics, problem) = diagnostics(of: path)
        report(problem)
        guard !pulls else { return }
        notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": diagnostics])
    }

    /// The other open files' diagnostics anew: pushed, or the client asked to pull them again.
    private mutating func refreshOthers(than path: String) {
        if pulls {
            guard refreshes else { return }
            nextRequest += 1
            channel.write(["jsonrpc": "2.0", "id": "ribslint-refresh-\(nextRequest)", "method": "workspace/diagnostic/refresh"])
            return
        }
        for other in documents.keys.sorted() where other != path && other.hasSuffix(".swift") {
            publish(uri: URL(fileURLWithPath: other).absoluteString, path: other)
        }
    }

    /// Why a file could not be linted: a configuration's error is published on that configuration file (at its
    /// line and column), anything else logged; a configuration mended has its diagnostics cleared.
    private mutating func report(_ problem: String?) {
        if let problem, let located = Self.configurationError(problem) {
            faultyConfigurations.insert(located.path)
            notify("textDocument/publishDiagnostics", ["uri": URL(fileURLWithPath: located.path).absoluteString, "diagnostics": [located.diagnostic]])
            return
        }
        if let problem { logMessage(problem) }
        for path in faultyConfigurations.sorted() where documents[path] == nil && configurationProblems(of: path).isEmpty {
            faultyConfigurations.remove(path)
            notify("textDocument/publishDiagnostics", ["uri": URL(fileURLWithPath: path).absoluteString, "diagnostics": [Any]()])
        }
    }

    static func isConfiguration(_ path: String) -> Bool { (path as NSString).lastPathComponent == Configuration.fileName }

    /// The errors of a configuration file as its buffer (or the file on disk) holds it, as diagnostics.
    private func configurationProblems(of path: String) -> [[String: Any]] {
        guard let text = documents[path] ?? (try? String(contentsOfFile: path, encoding: .utf8)) else { return [] }
        do {
            try Configuration.check(yaml: text, path: path, catalog: RuleRegistry.catalog)
            return []
        } catch {
            let located = Self.configurationError(error.message)
            return [located?.diagnostic ?? Self.problem(error.message, line: 0, character: 0)]
        }
    }

    /// `path:line:column: error: message` — a configuration's error — as the file and a diagnostic at that place.
    static func configurationError(_ message: String) -> (path: String, diagnostic: [String: Any])? {
        let parts = message.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let line = Int(parts[1]), let column = Int(parts[2]), isConfiguration(String(parts[0])) else { return nil }
        let text = parts[3].trimmingCharacters(in: .whitespaces)
        return (String(parts[0]), problem(text.hasPrefix("error: ") ? String(text.dropFirst(7)) : text, line: line - 1, character: column - 1))
    }

    static func problem(_ message: String, line: Int, character: Int) -> [String: Any] {
        let place = ["line": max(0, line), "character": max(0, character)]
        return ["range": ["start": place, "end": place], "severity": 1, "source": "ribslint", "code": "configuration", "message": message]
    }

    /// The findings of the file at `path` — its open buffer's text, or what is on disk — as LSP diagnostics, and
    /// what kept ribslint from linting it (a bad configuration), if anything.
    private func diagnostics(of path: String) -> ([[String: Any]], String?) {
        let (findings, docs, problem) = findings(of: path)
        return (findings.map { Self.diagnostic($0, docs: docs, base: base) }, problem)
    }

    /// Where report paths start (the git repository's top level, else the workspace).
    private var base: String { repositoryRoot(around: root) ?? root }

    /// The findings of the file at `path` — those not in the configuration's baseline, as `lint` reports them —
    /// where rule pages are read, and what kept ribslint from linting it. `withFixes`: linted afresh, so that each
    /// finding carries its fix (the cache keeps none). `baselined`: the file's findings the baseline holds.
    private func findings(of path: String, withFixes: Bool = false) -> (findings: [Finding], docs: RulePages, problem: String?) {
        let found = findingsAndBaseline(of: path, withFixes: withFixes)
        return (found.findings, found.docs, found.problem)
    }

    private func findingsAndBaseline(of path: String, withFixes: Bool = false)
        -> (findings: [Finding], baselined: [Finding], baseline: String?, docs: RulePages, problem: String?)
    {
        do {
            var linter = try linter(for: path)
            // The buffer by its own bytes, or afresh when its fixes are wanted.
            linter.lintsGivenTextsAfresh = withFixes
            let result = try lintAsReported(linter, paths: [path])
            let base = linter.reportBase(workingDirectory: root)
            let isHere = { (finding: Finding) in
                (finding.path.hasPrefix("/") ? finding.path : (base as NSString).appendingPathComponent(finding.path)) == path
            }
            let baseline = linter.configuration.baseline
            let docs = RulePages(linter, result)
            return (result.findings.filter(isHere), (result.baseline?.unchanged ?? []).filter(isHere), baseline, docs, result.unreadable.first)
        } catch let error as UsageError {
            return ([], [], nil, RulePages(), error.message)
        } catch {
            return ([], [], nil, RulePages(), "\(error)")
        }
    }

    /// `paths` (the whole project when empty) linted as `lint` reports them: the cache answering for every file it
    /// can, as a pre-commit run's does; the disk unasked while the client watches it and has reported no change; the
    /// configuration's baseline applied.
    private func lintAsReported(_ linter: Linter, paths: [String]) throws -> LintResult {
        var linter = linter
        linter.diskUnchangedSinceLastRun = disk.watched && disk.unchangedSinceLint
        var result = try linter.lint(paths: paths, workingDirectory: root, cachePath: LintCache.defaultPath(rootDirectory: linter.configuration.rootDirectory))
        disk.unchangedSinceLint = disk.watched
        if let baseline = linter.configuration.baseline {
            let covered = linter.covers(paths: paths, workingDirectory: root)
            result = result.applying(try RibsLintKit.Baseline(contentsOf: baseline, knownRules: knownRuleIDs(linter, result)), covered: covered)
        }
        return result
    }

    /// Each file's findings in the whole project (the open buffers as they are, the baseline applied) but the open
    /// files', as workspace diagnostic reports in path order; an empty one for a file `previouslyReported` now clear.
    private func workspaceReports(previouslyReported: [String]) -> (reports: [[String: Any]], problem: String?) {
        do {
            var linter = try makeLinter(config: config, workingDirectory: root)
            linter.lintInstead(documents)
            let result = try lintAsReported(linter, paths: [])
            let base = linter.reportBase(workingDirectory: root)
            let docs = RulePages(linter, result)
            var byFile: [String: [[String: Any]]] = [:]
            for finding in result.findings {
                let path = finding.path.hasPrefix("/") ? finding.path : (base as NSString).appendingPathComponent(finding.path)
                guard documents[path] == nil else { continue }
                byFile[URL(fileURLWithPath: path).absoluteString, default: []].append(Self.diagnostic(finding, docs: docs, base: base))
            }
            for uri in previouslyReported where byFile[uri] == nil {
                if let path = Self.path(ofURI: uri), documents[path] == nil { byFile[uri] = [] }
            }
            let reports: [[String: Any]] = byFile.keys.sorted().map { uri in
                let items = byFile[uri] ?? []
                let data = (try? JSONSerialization.data(withJSONObject: items, options: [.sortedKeys])) ?? Data()
                return ["kind": "full", "uri": uri, "version": NSNull(), "resultId": stableHash(String(decoding: data, as: UTF8.self)), "items": items]
            }
            return (reports, result.unreadable.first)
        } catch {
            return ([], (error as? UsageError)?.message ?? "\(error)")
        }
    }

    /// A linter that reads every open buffer in place of its file on disk (the configuration read again each time).
    private func linter(for path: String, onlyRule: String? = nil) throws -> Linter {
        var linter = try makeLinter(config: config, workingDirectory: root, onlyRules: onlyRule.map { [$0] } ?? [])
        linter.lintInstead(documents)
        // The file asked about is read as a buffer even when it is not open, so that it, too, is linted afresh
        // when its fixes are wanted.
        if documents[path] == nil, let text = try? String(contentsOfFile: path, encoding: .utf8) { linter.lintInstead([path: text]) }
        return linter
    }

    static let fixAllKind = "source.fixAll.ribslint"

    /// On a finding: its rule, why, and where to read more; on a type's name: its role and why (1-based line and
    /// UTF-16 column).
    private func hover(path: String, line: Int, column: Int) -> [String: Any]? {
        guard path.hasSuffix(".swift") else { return nil }
        let (findings, docs, _) = findings(of: path)
        func contains(_ finding: Finding) -> Bool {
            (finding.line, finding.column) <= (line, column) && (line, column) < (finding.endLine, max(finding.endColumn, finding.column + 1))
        }
        let here = findings.filter(contains)
        if !here.isEmpty {
            // A project's custom rules are described by its configuration.
            let custom = (try? linter(for: path))?.customRules.map(\.ruleDescription) ?? []
            let text = here.map { finding -> String in
                let description = (RuleRegistry.catalog.descriptions + custom).first { $0.id == finding.ruleID }
                return ["**\(finding.ruleID)** — \(description?.summary ?? finding.message)", description?.rationale ?? "",
                        "[The rule's page](\(docs.page(finding.ruleID)))"]
                    .filter { !$0.isEmpty }.joined(separator: "\n\n")
            }.joined(separator: "\n\n---\n\n")
            return ["contents": ["kind": "markdown", "value": text], "range": (Self.diagnostic(here[0], docs: docs)["range"] ?? NSNull())]
        }
        if let suppression = suppressionHover(path: path, line: line, column: column, docs: docs) { return suppression }
        guard let linter = try? linter(for: path), let types = try? linter.typeRoles(ofFileAt: path, workingDirectory: root),
            let type = types.first(where: { $0.line == line && $0.column <= column && column <= $0.endColumn })
        else { return nil }
        let place = { (character: Int) in ["line": type.line - 1, "character": character - 1] }
        return ["contents": ["kind": "markdown", "value": type.text], "range": ["start": place(type.column), "end": place(type.endColumn)]]
    }

    /// On a `// ribslint:` comment: what the rule under the cursor asks and why (every rule it names when the cursor
    /// is elsewhere on it), and where to read more; nil off such a comment. `line` and `column` are 1-based, UTF-16.
    private func suppressionHover(path: String, line: Int, column: Int, docs: RulePages) -> [String: Any]? {
        guard let text = documents[path] ?? (try? String(contentsOfFile: path, encoding: .utf8)) else { return nil }
        // LSP's lines end at `\n`, `\r\n` or `\r`, as Character's newlines do.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard line >= 1, line <= lines.count else { return nil }
        let lineText = String(lines[line - 1])
        func unit(_ index: String.Index) -> Int { lineText.utf16.distance(from: lineText.startIndex, to: index) }
        guard let comment = lineText.range(of: "//"), let marker = lineText.range(of: "ribslint:", range: comment.upperBound..<lineText.endIndex),
            lineText[comment.upperBound..<marker.lowerBound].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "/" }), unit(comment.lowerBound) < column
        else { return nil }
        var body = lineText[marker.upperBound...]
        if let dash = body.range(of: " - ") { body = body[..<dash.lowerBound] }
        // The command (`disable:next`), then the rule ids, each with where it stands.
        var words: [(id: String, start: Int, end: Int)] = []
        var index = body.startIndex
        while index < body.endIndex {
            guard !" \t,".contains(body[index]) else {
                index = body.index(after: index)
                continue
            }
            let end = body[index...].firstIndex { " \t,".contains($0) } ?? body.endIndex
            words.append((String(body[index..<end]), unit(index), unit(end)))
            index = end
        }
        let ids = Array(words.dropFirst())
        guard !ids.isEmpty else { return nil }
        let pointed = ids.filter { $0.start < column && column <= $0.end }
        let shown = pointed.isEmpty ? ids : pointed
        let custom = (try? linter(for: path))?.customRules.map(\.ruleDescription) ?? []
        let descriptions = RuleRegistry.catalog.descriptions + [UnusedSuppression.description] + custom
        let value = shown.map { word -> String in
            if word.id == "all" { return "**all** — every rule, for the lines this comment covers" }
            guard let description = descriptions.first(where: { $0.id == word.id }) else {
                return "**\(word.id)** — not a rule ribslint knows; `ribslint rules` lists them"
            }
            return ["**\(word.id)** — \(description.summary)", description.rationale,
                    "[The rule's page](\(docs.page(word.id)))"].filter { !$0.isEmpty }.joined(separator: "\n\n")
        }.joined(separator: "\n\n---\n\n")
        let (start, end) = pointed.first.map { ($0.start, $0.end) } ?? (unit(comment.lowerBound), lineText.utf16.count)
        return ["contents": ["kind": "markdown", "value": value],
                "range": ["start": ["line": line - 1, "character": start], "end": ["line": line - 1, "character": end]]]
    }

    /// For each finding in `range`: its fix, when its rule has one that stays in the file, a suppression of it on
    /// its line, and of its rule in the whole file.
    private func quickFixes(uri: String, path: String, range: [String: Any]) -> [[String: Any]] {
        let (findings, baselined, baseline, docs, _) = findingsAndBaseline(of: path, withFixes: true)
        let text = documents[path] ?? (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let first = (range["start"] as? [String: Any])?["line"] as? Int ?? 0
        let lines = first...max(first, (range["end"] as? [String: Any])?["line"] as? Int ?? Int.max)
        var actions: [[String: Any]] = []
        var suppressedInFile = Set<String>(), movedRules = Set<String>()
        for finding in findings where (finding.line - 1...max(finding.line, finding.endLine) - 1).overlaps(lines) {
            let diagnostic = Self.diagnostic(finding, docs: docs)
            if !finding.fix.isEmpty, finding.relocation == nil {
                let edits = finding.fix.sorted { $0.start < $1.start }.map { edit in
                    ["range": ["start": TextEdit.position(ofUTF8: edit.start, in: text), "end": TextEdit.position(ofUTF8: edit.end, in: text)],
                     "newText": edit.replacement] as [String: Any]
                }
                actions.append([
                    "title": "Fix: \(finding.message.split(separator: ";").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? finding.ruleID) (\(finding.ruleID))",
                    "kind": "quickfix", "diagnostics": [diagnostic], "isPreferred": true, "edit": ["changes": [uri: edits]],
                ])
            }
            let lineText = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(finding.line - 1).first ?? ""
            let indent = lineText.prefix { $0 == " " || $0 == "\t" }
            let insertion = ["line": finding.line - 1, "character": 0]
            if let baseline, let added = Self.baselineEdit(adding: finding, to: baseline, keeping: baselined) {
                actions.append(["title": "Add this \(finding.ruleID) finding to the baseline", "kind": "quickfix", "diagnostics": [diagnostic], "edit": added])
            }
            actions.append([
                "title": "Suppress \(finding.ruleID) on this line", "kind": "quickfix", "diagnostics": [diagnostic],
                "edit": ["changes": [uri: [["range": ["start": insertion, "end": insertion],
                    "newText": "\(indent)// ribslint:disable:next \(finding.ruleID) - <reason>\n"]]]],
            ])
            // A fix that moves text to another file, planned as `--fix` plans it (every such move of the rule in the
            // file: they share the files they write), once per rule.
            if finding.relocation != nil, movedRules.insert(finding.ruleID).inserted,
                var moved = fixAll(uri: uri, path: path, onlyRule: finding.ruleID)
            {
                moved["title"] = "Fix: move it where it belongs, as --fix would (\(finding.ruleID))"
                moved["kind"] = "quickfix"
                moved["diagnostics"] = [diagnostic]
                moved["isPreferred"] = true
                actions.append(moved)
            }
            // Once per rule: every finding of it in the file goes with one comment at the top.
            if suppressedInFile.insert(finding.ruleID).inserted {
                let top = ["line": 0, "character": 0]
                actions.append([
                    "title": "Suppress \(finding.ruleID) in this file", "kind": "quickfix", "diagnostics": [diagnostic],
                    "edit": ["changes": [uri: [["range": ["start": top, "end": top],
                        "newText": "// ribslint:disable:file \(finding.ruleID) - <reason>\n"]]]],
                ])
            }
        }
        return actions
    }

    /// The baseline file rewritten with `finding` recorded beside the file's findings it already holds.
    static func baselineEdit(adding finding: Finding, to path: String, keeping baselined: [Finding]) -> [String: Any]? {
        guard let recorded = try? RibsLintKit.Baseline(contentsOf: path) else { return nil }
        let updated = recorded.updating(with: baselined + [finding]) { $0.path == finding.path }
        let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let end = TextEdit.position(ofUTF8: old.utf8.count, in: old)
        return ["changes": [URL(fileURLWithPath: path).absoluteString: [["range": ["start": ["line": 0, "character": 0], "end": end], "newText": updated.json]]]]
    }

    /// Every fix `--fix` would make in the file (and in the files its fixes move text to), checked as `--fix`
    /// checks them: each fixed file must parse and lint again without those findings.
    /// `onlyRule`: that rule's fixes alone (a quick fix that moves text to another file, as `--fix` plans it).
    private func fixAll(uri: String, path: String, onlyRule: String? = nil) -> [String: Any]? {
        guard let plan = try? linter(for: path, onlyRule: onlyRule).planFixes(paths: [path], workingDirectory: root, writing: false) else { return nil }
        let group = plan.groups.first { $0.contains { file in plan.files.contains { $0.path == file && $0.absolutePath == path } } } ?? []
        var changes: [String: Any] = [:]
        for file in plan.files where file.absolutePath == path || group.contains(file.path) {
            let end = TextEdit.position(ofUTF8: file.original.utf8.count, in: file.original)
            changes[URL(fileURLWithPath: file.absolutePath).absoluteString] = [
                ["range": ["start": ["line": 0, "character": 0], "end": end], "newText": file.fixed]
            ]
        }
        guard !changes.isEmpty else { return nil }
        return ["title": "Fix all ribslint findings that have a safe fix", "kind": Self.fixAllKind, "edit": ["changes": changes]]
    }

    /// A finding as an LSP diagnostic: 0-based lines, UTF-16 columns (as findings count them), the rule's page.
    static func diagnostic(_ finding: Finding, docs: RulePages, base: String? = nil) -> [String: Any] {
        var diagnostic: [String: Any] = [
            "range": [
                "start": ["line": finding.line - 1, "character": finding.column - 1],
                "end": ["line": finding.endLine - 1, "character": finding.endColumn - 1],
            ],
            "severity": finding.severity == .error ? 1 : 2,
            "code": finding.ruleID,
            "codeDescription": ["href": docs.page(finding.ruleID)],
            "source": "ribslint",
            "message": finding.message,
        ]
        // The other files a whole-project finding is about (the rest of a RIB cycle), for the editor to show beside it.
        if let base, case let others = finding.concerns.filter({ $0 != finding.path }), !others.isEmpty {
            diagnostic["relatedInformation"] = others.map { path -> [String: Any] in
                let absolute = path.hasPrefix("/") ? path : (base as NSString).appendingPathComponent(path)
                let start = ["line": 0, "character": 0]
                return ["location": ["uri": URL(fileURLWithPath: absolute).absoluteString, "range": ["start": start, "end": start]],
                        "message": "part of what \(finding.ruleID) reports here"]
            }
        }
        return diagnostic
    }

    /// The absolute path a `file://` URI names.
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    private mutating func respond(_ id: Any?, result: Any) {
        channel.write(["jsonrpc": "2.0", "id": id ?? NSNull(), "result": result])
    }

    private mutating func respondError(_ id: Any?, code: Int, message: String) {
        channel.write(["jsonrpc": "2.0", "id": id ?? NSNull(), "error": ["code": code, "message": message]])
    }

    private mutating func notify(_ method: String, _ params: [String: Any]) {
        channel.write(["jsonrpc": "2.0", "method": method, "params": params])
    }

    private mutating func logMessage(_ text: String) {
        notify("window/logMessage", ["type": 1, "message": text])
    }
}

/// Where the editor links each rule: ribslint's pages under the configuration's `docs_url`, a custom rule's `docs`.
struct RulePages {
    var base = RuleDocumentation.defaultBaseURL
    var custom: [String: String] = [:]

    init() {}

    init(_ linter: Linter, _ result: LintResult) {
        base = linter.configuration.docsURL ?? RuleDocumentation.defaultBaseURL
        for rule in (result.rules ?? []) + linter.customRules.map(\.ruleDescription) { custom[rule.id] = rule.helpURL }
    }

    func page(_ id: String) -> String { custom[id] ?? RuleDocumentation.page(id, base: base) }
}

/// JSON-RPC messages framed by `Content-Length` headers, read from standard input and written to standard output.
struct MessageChannel {
    private var buffer: [UInt8] = []

    enum Read {
        case message([String: Any])
        /// A frame whose body is not a JSON object, or whose length is not one to read: answered with a parse error.
        case unreadable(String)
    }

    /// The most a message may hold.
    static let maximumLength = 64 << 20

    /// The next message; nil at the end of input.
    mutating func read() -> Read? {
        while true {
            if let message = takeMessage() { return message }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = Foundation.read(STDIN_FILENO, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
        }
    }

    /// Whether another message is already waiting (in the buffer or on standard input).
    var hasPendingInput: Bool {
        if buffer.contains(where: { !($0 == 10 || $0 == 13) }) { return true }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    /// A whole message from the buffer, if one is there.
    private mutating func takeMessage() -> Read? {
        while true {
            // Headers are a few short lines: the blank line that ends them is looked for in the first 8 KB only, byte by
            // byte, so a large message arriving in pieces is not searched again and again.
            guard let headerEnd = (0..<max(0, min(buffer.count - 3, 8192))).first(where: { at in
                buffer[at] == 13 && buffer[at + 1] == 10 && buffer[at + 2] == 13 && buffer[at + 3] == 10
            }) else {
                // No header end where one must be: not the protocol; drop what came and read on.
                if buffer.count > 8192 { buffer.removeAll() }
                return nil
            }
            let headers = String(decoding: buffer[0..<headerEnd], as: UTF8.self)
            let length = headers.split(separator: "\r\n").compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }.first ?? 0
            let start = headerEnd + 4
            guard (0...Self.maximumLength).contains(length) else {
                buffer.removeFirst(start)
                return .unreadable("Content-Length \(length) is not between 0 and \(Self.maximumLength)")
            }
            guard buffer.count >= start + length else { return nil }
            let body = Data(buffer[start..<start + length])
            buffer.removeFirst(start + length)
            guard let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return .unreadable("the message is not a JSON object") }
            return .message(message)
        }
    }

    mutating func write(_ message: [String: Any]) {
        guard let body = try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + Array(body)
        _ = writeFully(bytes, to: STDOUT_FILENO)
    }
}

/// A `textDocument/didChange` content change applied to a text: a whole new text, or a range (0-based lines,
/// UTF-16 characters) replaced.
enum TextEdit {
    static func apply(_ change: [String: Any], to text: String) -> String {
        guard let newText = change["text"] as? String else { return text }
        guard let range = change["range"] as? [String: Any], let start = range["start"] as? [String: Any],
            let end = range["end"] as? [String: Any]
        else { return newText }
        let utf16 = Array(text.utf16)
        let from = offset(start, in: utf16), to = max(offset(end, in: utf16), from)
        return String(decoding: utf16[0..<from] + Array(newText.utf16) + utf16[to...], as: UTF16.self)
    }

    /// The LSP position (0-based line, UTF-16 character) of a UTF-8 byte offset of `text`.
    static func position(ofUTF8 offset: Int, in text: String) -> [String: Int] {
        let utf8 = Array(text.utf8)
        let clamped = min(max(0, offset), utf8.count)
        let lineStart = utf8[..<clamped].lastIndex(of: 10).map { $0 + 1 } ?? 0
        let line = utf8[..<lineStart].count { $0 == 10 }
        let character = String(decoding: utf8[lineStart..<clamped], as: UTF8.self).utf16.count
        return ["line": line, "character": character]
    }

    /// The UTF-16 offset of an LSP position, clamped to the text.
    static func offset(_ position: [String: Any], in utf16: [UInt16]) -> Int {
        let line = position["line"] as? Int ?? 0, character = position["character"] as? Int ?? 0
        var offset = 0, currentLine = 0
        while currentLine < line, offset < utf16.count {
            if utf16[offset] == 10 { currentLine += 1 }
            offset += 1
        }
        var column = 0
        while column < character, offset < utf16.count, utf16[offset] != 10 {
            offset += 1
            column += 1
        }
        return offset
    }
}
