#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import SwiftSyntax

/// What a run produced: findings in reporting order, and what could not be linted.
public struct LintResult: Sendable {
    public var findings: [Finding]
    public var fileCount: Int
    public var lineCount: Int
    /// Files that could not be read or are not UTF-8 text: the run is incomplete.
    public var unreadable: [String]
    /// Files swift-syntax could not fully parse: linted as far as they parse.
    public var syntaxNotes: [String]
    /// Files whose results came from the cache, and files linted afresh.
    public var cacheHits = 0
    public var cacheMisses = 0
    /// Files whose bytes were read, and folders listed: a cached file or folder whose stamp the cache
    /// trusts is not.
    public var filesRead = 0
    public var foldersRead = 0

    public init(findings: [Finding], fileCount: Int, lineCount: Int, unreadable: [String] = [], syntaxNotes: [String] = []) {
        self.findings = findings
        self.fileCount = fileCount
        self.lineCount = lineCount
        self.unreadable = unreadable
        self.syntaxNotes = syntaxNotes
    }
}

/// Lints files: parse once, model once, run the rules, apply suppressions, sort.
public struct Linter: Sendable {
    public let configuration: Configuration
    public let ruleSet: RuleSet
    public let jobs: Int

    public init(configuration: Configuration, ruleSet: RuleSet, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.configuration = configuration
        self.ruleSet = ruleSet
        self.jobs = max(1, jobs)
    }

    /// Lints the given paths (or the configuration's `included` when there are none), reusing and then
    /// rewriting `cache` when one is given. `project` is the result of `projectFacts(paths:…)` when the
    /// caller already has it (it keys the cache).
    public func lint(
        paths: [String], workingDirectory: String, cache: LintCache? = nil, project: ProjectFacts? = nil
    ) throws(UsageError) -> LintResult {
        let startedAt = Int(time(nil))
        let memory = cache.map { FolderMemory(cache: $0) }
        let discovery = FileDiscovery(configuration: configuration, workingDirectory: workingDirectory, jobs: jobs, memory: memory)
        let files = try discovery.swiftFiles(paths: paths)
        // Whole-project rules need the whole project: a list of single files (a pre-commit hook's staged
        // files) would make every RIB look incomplete.
        let runsProjectRules = paths.allSatisfy { !$0.hasSuffix(".swift") } && !ruleSet.projectEntries.isEmpty
        let project = project ?? projectFacts(paths: paths, workingDirectory: workingDirectory)
        let outcomes = ParallelMap.map(files, jobs: jobs) { file in
            lint(fileAt: file, project: project, cache: cache, startedAt: startedAt)
        }
        var projectRecord: LintCache.ProjectRecord?
        if runsProjectRules {
            let needsTestNames = ruleSet.projectEntries.contains { $0.id == "rib_test_presence" }
            let otherFileNames = needsTestNames ? discovery.allSwiftFileNames() : []
            let key = Self.projectKey(files: files, outcomes: outcomes, otherFileNames: otherFileNames)
            if let cached = cache?.project, cached.key == key, outcomes.allSatisfy({ $0.contentHash != nil }) {
                projectRecord = cached
            } else {
                projectRecord = LintCache.ProjectRecord(
                    key: key, findings: projectFindings(facts(of: outcomes, files: files, project: project), otherFileNames: otherFileNames))
            }
        }
        if let cache, let memory {
            save(outcomes, of: files, folders: memory, project: projectRecord, to: cache, run: discovery, paths: paths, startedAt: startedAt)
        }
        var result = merge(outcomes, projectFindings: projectRecord?.findings ?? [])
        result.cacheHits = outcomes.count(where: \.fromCache)
        result.cacheMisses = cache == nil ? 0 : outcomes.count - result.cacheHits
        result.filesRead = outcomes.count { !$0.stampTrusted }
        result.foldersRead = memory?.foldersRead ?? 0
        return result
    }

    /// Every file's facts for the project pass; a file whose cached facts do not decode is linted again.
    private func facts(of outcomes: [FileOutcome], files: [DiscoveredFile], project: ProjectFacts) -> [FileFacts] {
        zip(files, outcomes).map { file, outcome in
            outcome.facts.facts() ?? lint(fileAt: file, project: project, cache: nil, startedAt: 0).facts.facts() ?? FileFacts()
        }
    }

    /// Rewrites the cache when this run learnt something: a file linted afresh, a stamp that changed or can
    /// now be trusted, a file gone, new project findings. Entries of files outside this run's paths stay.
    private func save(
        _ outcomes: [FileOutcome], of files: [DiscoveredFile], folders: FolderMemory, project: LintCache.ProjectRecord?,
        to cache: LintCache, run discovery: FileDiscovery, paths: [String], startedAt: Int
    ) {
        let learnt = outcomes.contains(where: \.isNews) || folders.isNews || project.map { $0.key != cache.project?.key } ?? false
        // Nothing new of any file or folder, and no other: the cache would come out the same.
        if !learnt, cache.entries.count == outcomes.count, cache.folders.count == folders.listings.count { return }
        var fresh: [String: LintCache.Entry] = [:]
        for (file, outcome) in zip(files, outcomes) {
            if let hash = outcome.contentHash, let stamp = outcome.stamp {
                fresh[file.displayPath] = LintCache.Entry(
                    contentHash: hash, stamp: stamp, findings: outcome.findings, facts: outcome.facts,
                    lineCount: outcome.lineCount, syntaxNote: outcome.syntaxNote)
            }
        }
        let roots = discovery.roots(of: paths)
        var kept = LintCache.Kept()
        var dropped = false
        for (path, entry) in cache.entries where fresh[path] == nil {
            if discovery.isCovered(path, by: roots) { dropped = true } else { kept.entries[path] = entry }
        }
        for (path, listing) in cache.folders where folders.listings[path] == nil {
            if discovery.isCovered(path, by: roots) { dropped = true } else { kept.folders[path] = listing }
        }
        guard learnt || dropped else { return }
        // A cache that cannot be written costs speed next time, never correctness now.
        try? cache.save(fresh, folders: folders.listings, kept: kept, project: project ?? cache.project, startedAt: startedAt)
    }

    /// What the project findings depend on besides the configuration: every file's path and bytes, and
    /// the names of the project's Swift files.
    static func projectKey(files: [DiscoveredFile], outcomes: [FileOutcome], otherFileNames: [String]) -> String {
        var hash = StableHasher()
        for (file, outcome) in zip(files, outcomes) {
            hash.combine(file.displayPath)
            hash.combine(outcome.contentHash ?? "-")
        }
        hash.combine("other files")
        otherFileNames.forEach { hash.combine($0) }
        return hash.value
    }

    /// Lints sources held in memory as files at the given paths, the project pass included (tests, tools).
    public func lint(sources: [(path: String, text: String)], project: ProjectFacts) -> LintResult {
        let outcomes = sources.map { outcome(source: $0.text, path: $0.path, project: project) }
        let projectFindings = ruleSet.projectEntries.isEmpty ? [] : projectFindings(outcomes.compactMap { $0.facts.facts() }, otherFileNames: [])
        return merge(outcomes, projectFindings: projectFindings)
    }

    struct FileOutcome: Sendable {
        var findings: [Finding] = []
        var facts = StoredFacts.decoded(FileFacts())
        var lineCount = 0
        var unreadable: String?
        var syntaxNote: String?
        var contentHash: String?
        var stamp: FileStamp?
        /// The result came from the cache: by a stamp it trusts (`stampTrusted`, the file unread) or by the
        /// bytes' hash.
        var fromCache = false
        var stampTrusted = false
        /// Something the cache should record: a fresh result, or a stamp that changed or can now be trusted.
        var isNews = true
    }

    /// Gathers file outcomes in input order with the project findings, sorts.
    func merge(_ outcomes: [FileOutcome], projectFindings: [Finding]) -> LintResult {
        var result = LintResult(findings: [], fileCount: outcomes.count, lineCount: 0)
        for outcome in outcomes {
            result.findings += outcome.findings
            result.lineCount += outcome.lineCount
            if let problem = outcome.unreadable { result.unreadable.append(problem) }
            if let note = outcome.syntaxNote { result.syntaxNotes.append(note) }
        }
        result.fileCount -= result.unreadable.count
        result.findings += projectFindings
        result.findings.sort(by: Finding.ordered)
        return result
    }

    func lint(fileAt file: DiscoveredFile, project: ProjectFacts, cache: LintCache?, startedAt: Int) -> FileOutcome {
        if let cache, let stamp = FileStamp.of(file.absolutePath), let entry = cache.settledEntry(for: file.displayPath, stamp: stamp) {
            var outcome = FileOutcome(entry)
            outcome.stampTrusted = true
            outcome.isNews = false
            return outcome
        }
        guard let (data, stamp) = readFile(file.absolutePath) else {
            return FileOutcome(unreadable: "\(file.displayPath): error: cannot read the file; skipped")
        }
        let hash = cache.map { _ in stableHash(data) }
        if let hash, let entry = cache?.entry(for: file.displayPath, contentHash: hash) {
            var outcome = FileOutcome(entry)
            outcome.stamp = stamp
            // News only when the stamp changed, or will be trusted once this run records it.
            outcome.isNews = stamp != entry.stamp || LintCache.isSettled(stamp, recordedAt: startedAt)
            return outcome
        }
        guard let source = String(validating: data, as: UTF8.self) else {
            return FileOutcome(unreadable: "\(file.displayPath): error: not UTF-8 text; skipped")
        }
        var outcome = outcome(source: source, path: file.displayPath, project: project)
        outcome.contentHash = hash
        outcome.stamp = stamp
        return outcome
    }

    /// What the results of a file depend on besides its bytes: the rules, their severities and options,
    /// role conventions, the profile and the project facts file rules read.
    public func cacheKey(project: ProjectFacts) -> String {
        var parts = ["profile=\(configuration.profile)", "sourcery=\(project.usesSourcery)"]
        parts += ruleSet.entries.map { "rule=\($0.id):\($0.severity.rawValue)" }
        parts += ruleSet.projectEntries.map { "project=\($0.id):\($0.severity.rawValue)" }
        parts.append("unused=\(ruleSet.unusedSuppressionSeverity?.rawValue ?? "off")")
        for (id, setting) in configuration.ruleSettings.sorted(by: { $0.key < $1.key }) {
            parts.append("options=\(id):" + setting.options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))
        }
        let conventions = ruleSet.conventions
        parts.append("frameworks=" + conventions.frameworks.sorted().joined(separator: ","))
        parts.append("presenters=" + conventions.presenterBaseClasses.sorted().joined(separator: ","))
        for role in Role.allCases {
            parts.append("\(role)=" + (conventions.baseClasses[role] ?? []).sorted().joined(separator: ",") + "|"
                + (conventions.suffixes[role] ?? []).joined(separator: ","))
        }
        return stableHash(parts.joined(separator: "\n"))
    }

    /// The project facts for a run over `paths`: what `cacheKey` needs before linting starts.
    public func projectFacts(paths: [String], workingDirectory: String) -> ProjectFacts {
        let discovery = FileDiscovery(configuration: configuration, workingDirectory: workingDirectory)
        return ProjectFacts(usesSourcery: discovery.findsSourceryConfiguration(paths: paths))
    }

    /// Lints one file's text as if it lived at `path`: the engine behind files, stdin and tests.
    func outcome(source: String, path: String, project: ProjectFacts) -> FileOutcome {
        let file = LintFile(path: path, source: source, conventions: ruleSet.conventions, project: project)
        var outcome = lint(file)
        outcome.lineCount = file.lineCount
        if file.hasSyntaxErrors {
            let (line, column) = file.location(of: Self.firstSyntaxError(in: file.tree))
            outcome.syntaxNote = "\(path):\(line):\(column): warning: swift-syntax could not fully parse this file; "
                + "findings cover what parsed"
        }
        return outcome
    }
}

extension Linter.FileOutcome {
    init(_ entry: LintCache.Entry) {
        self.init(
            findings: entry.findings, facts: entry.facts, lineCount: entry.lineCount, syntaxNote: entry.syntaxNote,
            contentHash: entry.contentHash, stamp: entry.stamp, fromCache: true)
    }
}

extension Linter {
    public func lint(source: String, path: String, project: ProjectFacts) -> [Finding] {
        lint(sources: [(path, source)], project: project).findings
    }

    func lint(_ file: LintFile) -> FileOutcome {
        var raw: [Finding] = []
        for entry in ruleSet.entries {
            let id = entry.id
            raw += entry.rule.violations(in: file).map { finding(id, entry.severity, $0.position, $0.endPosition, $0.message, file) }
        }
        let suppressions = SuppressionMap(file: file)
        var used = Set<String>()
        var findings = raw.filter { finding in
            let silencing = suppressions.silencing(finding.ruleID, line: finding.line)
            for index in silencing { used.insert("\(index) \(finding.ruleID)") }
            return silencing.isEmpty
        }
        var facts = FileFacts()
        if !ruleSet.projectEntries.isEmpty {
            facts = FileFacts(
                file: file, conventions: ruleSet.conventions,
                navigation: ruleSet.projectEntries.contains { $0.id == "back_navigation" })
            facts.suppressions = projectSpans(suppressions, used: used, file: file)
        }
        if let severity = ruleSet.unusedSuppressionSeverity {
            let unused = unusedSuppressions(suppressions, used: used, file: file, severity: severity)
            findings += unused.filter { suppressions.silencing($0.ruleID, line: $0.line).isEmpty }
        }
        return FileOutcome(findings: Self.fingerprinted(findings.sorted(by: Finding.ordered), file: file), facts: .decoded(facts))
    }

    /// Spans the project pass must honour: those naming a project rule, or `all`.
    private func projectSpans(_ map: SuppressionMap, used: Set<String>, file: LintFile) -> [FileFacts.SuppressedSpan] {
        guard !map.spans.isEmpty else { return [] }
        let projectIDs = Set(ruleSet.projectEntries.map(\.id))
        return map.spans.filter { projectIDs.contains($0.ruleID) || $0.ruleID == "all" }.map { span in
            let directive = map.directives[span.directive]
            return FileFacts.SuppressedSpan(
                ruleID: span.ruleID, lines: span.lines, point: SourcePoint(offset: directive.offset, end: directive.endOffset, in: file),
                awaitingVerdict: !used.contains { $0.hasPrefix("\(span.directive) ") })
        }
    }

    /// Findings of the project rules over every file's facts, with suppressions and their verdicts applied.
    func projectFindings(_ facts: [FileFacts], otherFileNames: [String]) -> [Finding] {
        let project = RIBProject(facts: facts, otherFileNames: otherFileNames)
        let spans = Dictionary(grouping: facts.flatMap(\.suppressions), by: \.point.path)
        var usedSpans = Set<String>()
        var findings: [Finding] = []
        // The project rules read one shared model: each on its own thread.
        let violations = ParallelMap.map(ruleSet.projectEntries, jobs: jobs) { $0.rule.violations(in: project) }
        for (entry, violations) in zip(ruleSet.projectEntries, violations) {
            let id = entry.id
            for violation in violations {
                let point = violation.point
                let silencing = spans[point.path, default: []].filter {
                    ($0.ruleID == id || $0.ruleID == "all") && $0.lines.contains(point.line)
                }
                for span in silencing { usedSpans.insert("\(span.point.path):\(span.point.line):\(span.point.column)") }
                if silencing.isEmpty { findings.append(Self.finding(id, entry.severity, violation.message, at: point)) }
            }
        }
        if let severity = ruleSet.unusedSuppressionSeverity {
            var reported = Set<String>()
            for span in facts.flatMap(\.suppressions) where span.awaitingVerdict {
                let key = "\(span.point.path):\(span.point.line):\(span.point.column)"
                guard !usedSpans.contains(key), reported.insert(key + span.ruleID).inserted else { continue }
                findings.append(Self.finding(
                    UnusedSuppression.id, severity, "suppression of '\(span.ruleID)' silences no finding; remove it", at: span.point))
            }
        }
        var seen: [String: Int] = [:]
        return findings.map { finding in
            var finding = finding
            let key = "\(finding.ruleID)|\(finding.path)|\(finding.fingerprint)"
            let ordinal = seen[key, default: 0]
            seen[key] = ordinal + 1
            finding.fingerprint = stableHash("\(key)|\(ordinal)")
            return finding
        }
    }

    /// A project finding; its fingerprint is finished once all are known (see `projectFindings`).
    static func finding(_ id: String, _ severity: Severity, _ message: String, at point: SourcePoint) -> Finding {
        Finding(
            ruleID: id, severity: severity, path: point.path, line: point.line, column: point.column,
            endLine: point.endLine, endColumn: point.endColumn, message: message, fingerprint: point.lineText)
    }

    private func unusedSuppressions(_ map: SuppressionMap, used: Set<String>, file: LintFile, severity: Severity) -> [Finding] {
        guard !map.directives.isEmpty else { return [] }
        var findings: [Finding] = []
        let enabled = Set(ruleSet.entries.map(\.id))
        // The project pass judges suppressions of its own rules, and of `all` while it runs.
        var deferred = Set(ruleSet.projectEntries.map(\.id))
        if !deferred.isEmpty { deferred.insert("all") }
        for (index, directive) in map.directives.enumerated() {
            func report(_ message: String) {
                findings.append(finding(UnusedSuppression.id, severity, directive.offset, directive.endOffset, message, file))
            }
            if directive.isMalformed {
                report("malformed suppression; write `// ribslint:disable[:next|this|previous|file] <rule ids|all> [- reason]`")
                continue
            }
            for id in directive.ruleIDs where !deferred.contains(id) || (id == "all" && used.contains(where: { $0.hasPrefix("\(index) ") })) {
                if id != "all", !ruleSet.knownIDs.contains(id) {
                    report("suppression names unknown rule '\(id)'; `ribslint rules` lists the ids")
                } else if directive.action == .disable, id == "all" || enabled.contains(id),
                    !used.contains("\(index) \(id)"), !(id == "all" && used.contains(where: { $0.hasPrefix("\(index) ") }))
                {
                    report("suppression of '\(id)' silences no finding; remove it")
                }
            }
        }
        return findings
    }

    private func finding(_ id: String, _ severity: Severity, _ start: Int, _ end: Int, _ message: String, _ file: LintFile) -> Finding {
        let begin = file.location(of: start)
        let finish = file.location(of: max(start, end))
        return Finding(
            ruleID: id, severity: severity, path: file.path, line: begin.line, column: begin.column,
            endLine: finish.line, endColumn: finish.column, message: message)
    }

    /// Fingerprints hash the rule, the path, the finding's trimmed line text and its ordinal among equal
    /// keys — so inserting lines above a finding leaves it unchanged.
    static func fingerprinted(_ findings: [Finding], file: LintFile) -> [Finding] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            var finding = finding
            let text = file.trimmedLineText(finding.line)
            let key = "\(finding.ruleID)|\(finding.path)|\(text)"
            let ordinal = seen[key, default: 0]
            seen[key] = ordinal + 1
            finding.fingerprint = stableHash("\(key)|\(ordinal)")
            return finding
        }
    }

    static func firstSyntaxError(in tree: SourceFileSyntax) -> Int {
        for token in tree.tokens(viewMode: .all) {
            if token.presence == .missing || token.parent?.is(UnexpectedNodesSyntax.self) == true {
                return token.positionAfterSkippingLeadingTrivia.utf8Offset
            }
        }
        return 0
    }
}

/// A file's bytes by `open`/`read` (Foundation's `contents(atPath:)` costs more than the read on Linux),
/// with its stamp taken before the read: an edit racing the read changes the stamp too.
func readFile(_ path: String) -> (data: [UInt8], stamp: FileStamp)? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    // Sized by `fstat` (one byte more, to see the end), read until end of file: a file may still grow
    // while it is read. The buffer is not zeroed first; only what `read` filled is kept.
    var bytes: [UInt8] = []
    var capacity = max(Int(info.st_size), 0) + 1
    while true {
        var failed = false
        let filled = bytes.count
        bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let start = buffer.baseAddress!
            bytes.withUnsafeBufferPointer { old in
                if let base = old.baseAddress { start.initialize(from: base, count: old.count) }
            }
            count = filled
            while count < capacity {
                let got = read(descriptor, start + count, capacity - count)
                if got < 0 { failed = true; return }
                if got == 0 { return }
                count += got
            }
        }
        if failed { return nil }
        if bytes.count < capacity { return (bytes, FileStamp(info)) }
        capacity *= 2
    }
}

/// Maps over items on `jobs` threads; results keep the input order, so output never depends on timing.
enum ParallelMap {
    static func map<Input: Sendable, Output: Sendable>(
        _ items: [Input], jobs: Int, _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        let slots = Slots<Output>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, items.count))) { _ in
            while let index = slots.claimNext() {
                slots.set(index, transform(items[index]))
            }
        }
        return slots.values()
    }

    private final class Slots<Value>: @unchecked Sendable {
        private var storage: [Value?]
        private var counter = 0
        private let lock = NSLock()

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Value) {
            lock.lock()
            storage[index] = value
            lock.unlock()
        }

        /// The next index no thread has taken yet.
        func claimNext() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard counter < storage.count else { return nil }
            counter += 1
            return counter - 1
        }

        func values() -> [Value] { storage.compactMap { $0 } }
    }
}

extension Linter {
    /// Lints text from standard input as the file at `path` (editors): excluded paths yield nothing.
    public func lint(source: String, stdinPath path: String, workingDirectory: String) -> LintResult {
        let discovery = FileDiscovery(configuration: configuration, workingDirectory: workingDirectory)
        let absolute = path.hasPrefix("/") ? path : URL(fileURLWithPath: workingDirectory).appendingPathComponent(path).standardizedFileURL.path
        var result = LintResult(findings: [], fileCount: 0, lineCount: 0, unreadable: [], syntaxNotes: [])
        guard !discovery.isExcluded(absolute) else { return result }
        let project = ProjectFacts(usesSourcery: discovery.findsSourceryConfiguration(paths: [URL(fileURLWithPath: absolute).deletingLastPathComponent().path]))
        let outcome = outcome(source: source, path: path, project: project)
        result.findings = outcome.findings
        result.fileCount = 1
        result.lineCount = outcome.lineCount
        result.syntaxNotes = outcome.syntaxNote.map { [$0] } ?? []
        return result
    }
}
