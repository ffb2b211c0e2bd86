#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwiftParserDiagnostics
import SwiftSyntax

/// The per-file pass: parse once, model once, run the file rules, apply suppressions, fingerprint — and
/// take the facts the project rules asked for before the syntax tree is dropped.
extension Linter {
    /// Lints one file's text as if it lived at `path`: the engine behind files, stdin and tests.
    func outcome(source: String, path: String, project: ProjectFacts, index: TypeIndex?) -> FileOutcome {
        if let problem = NestingDepth.problem(source, path: path) { return FileOutcome(unreadable: problem) }
        let file = LintFile(path: path, source: source, profile: ruleSet.profile, project: project, index: index)
        var outcome = lint(file)
        outcome.lineCount = file.lineCount
        outcome.types = .decoded(file.model.declarations, file.model.lookups)
        if file.hasSyntaxErrors {
            let (offset, problem) = Self.firstSyntaxError(in: file.tree)
            let (line, column) = file.location(of: offset)
            outcome.syntaxNote = "\(path):\(line):\(column): warning: swift-syntax could not fully parse this file (\(problem)); "
                + "findings cover what parsed"
        }
        return outcome
    }

    func lint(_ file: LintFile) -> FileOutcome {
        var raw: [Finding] = []
        let disabled = Self.disabledCode(in: file)
        for entry in ruleSet.entries {
            let id = entry.id
            raw += entry.rule.violations(in: file).filter { violation in !disabled.contains { $0.contains(violation.position) } }
                .map { finding(id, entry.severity, $0, file) }
        }
        if !ruleSet.customEntries.isEmpty {
            let state = CustomRuleFile.of(file)
            for entry in ruleSet.customEntries {
                raw += entry.check.violations(in: file, state).filter { violation in !disabled.contains { $0.contains(violation.position) } }
                    .map { finding(entry.id, entry.severity, $0, file) }
            }
        }
        file.dropSharedModels()
        let suppressions = SuppressionMap(file: file, ignoring: disabled)
        var used = Set<String>()
        var findings = raw.filter { finding in
            let silencing = suppressions.silencing(finding.ruleID, line: finding.line)
            for index in silencing { used.insert("\(index) \(finding.ruleID)") }
            return silencing.isEmpty
        }
        var contribution = FileContribution(path: file.path)
        if !ruleSet.factKinds.isEmpty {
            var facts: [String: any FileFacts] = [:]
            for kind in ruleSet.factKinds { facts[kind.id] = kind.init(file: file) }
            contribution = FileContribution(path: file.path, facts: facts, suppressions: projectSpans(suppressions, used: used, file: file))
        }
        if let severity = ruleSet.unusedSuppressionSeverity {
            let unused = unusedSuppressions(suppressions, used: used, file: file, severity: severity)
            findings += unused.filter { suppressions.silencing($0.ruleID, line: $0.line).isEmpty }
        }
        return FileOutcome(
            storedFindings: .decoded(Self.fingerprinted(findings.sorted(by: Finding.ordered), file: file)), contribution: .decoded(contribution),
            links: contribution.links)
    }

    /// Spans the project pass must honour: those naming a project rule, or `all`.
    private func projectSpans(_ map: SuppressionMap, used: Set<String>, file: LintFile) -> [SuppressedSpan] {
        guard !map.spans.isEmpty else { return [] }
        let projectIDs = Set(ruleSet.projectEntries.map(\.id))
        return map.spans.filter { projectIDs.contains($0.ruleID) || $0.ruleID == "all" }.map { span in
            let directive = map.directives[span.directive]
            return SuppressedSpan(
                ruleID: span.ruleID, lines: span.lines, point: SourcePoint(offset: directive.offset, end: directive.endOffset, in: file),
                awaitingVerdict: !used.contains { $0.hasPrefix("\(span.directive) ") }, reenabled: span.reenabled)
        }
    }


    private func unusedSuppressions(_ map: SuppressionMap, used: Set<String>, file: LintFile, severity: Severity) -> [Finding] {
        guard !map.directives.isEmpty else { return [] }
        var findings: [Finding] = []
        let enabled = Set(ruleSet.entries.map(\.id) + ruleSet.customEntries.map(\.id))
        // The project pass judges suppressions of its own rules, and of `all` while it runs.
        var deferred = Set(ruleSet.projectEntries.map(\.id))
        if !deferred.isEmpty { deferred.insert("all") }
        for (index, directive) in map.directives.enumerated() {
            func report(_ message: String) {
                findings.append(finding(UnusedSuppression.id, severity, Violation(position: directive.offset, endPosition: directive.endOffset, message: message), file))
            }
            if let mistake = map.mistakes[index] {
                report(mistake)
                continue
            }
            for id in directive.ruleIDs where !deferred.contains(id) || (id == "all" && used.contains(where: { $0.hasPrefix("\(index) ") })) {
                if id != "all", !ruleSet.knownIDs.contains(id) {
                    report("suppression names unknown rule '\(id)'\(DidYouMean.clause(for: id, in: ruleSet.knownIDs)); `ribslint rules` lists the ids")
                } else if directive.action == .disable, id == "all" || enabled.contains(id),
                    !used.contains("\(index) \(id)"), !(id == "all" && used.contains(where: { $0.hasPrefix("\(index) ") }))
                {
                    report("suppression of '\(id)' silences no finding; remove it")
                }
            }
        }
        return findings
    }

    private func finding(_ id: String, _ severity: Severity, _ violation: Violation, _ file: LintFile) -> Finding {
        let begin = file.location(of: violation.position)
        let finish = file.location(of: max(violation.position, violation.endPosition))
        var finding = Finding(
            ruleID: id, severity: severity, path: file.path, line: begin.line, column: begin.column,
            endLine: finish.line, endColumn: finish.column, message: violation.message, context: file.context(at: violation.position),
            lineText: file.trimmedLineText(begin.line))
        finding.fix = violation.fix
        finding.relocation = violation.relocation
        finding.whyNoFix = violation.whyNoFix
        finding.fixIsUnsafe = violation.fixIsUnsafe
        return finding
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

    /// Byte ranges of `#if false` / `#if 0` clauses: code that is never compiled is never reported.
    /// Found from the file's `#if` tokens (a byte search), not by walking the whole tree.
    static func disabledCode(in file: LintFile) -> [Range<Int>] {
        file.tokens(spelled: "#if", in: file.tree).compactMap { token in
            guard let clause = token.parent?.as(IfConfigClauseSyntax.self), clause.isNeverCompiled else { return nil }
            return clause.position.utf8Offset..<clause.endPosition.utf8Offset
        }
    }

    /// Where the parser first gave up and what it expected there, as swift-syntax's own diagnostics say it.
    static func firstSyntaxError(in tree: SourceFileSyntax) -> (offset: Int, problem: String) {
        // swift-syntax 603 traps ("A Fix-It must have at least one change") building the fix-it of an `=`
        // the lexer finds unevenly spaced when spaces or tabs already stand on both sides of it — a control
        // character before the `=` does it. Such a file's note is that token's, and the generator is not run.
        func spaced(_ trivia: Trivia?) -> Bool {
            trivia?.contains { piece in
                switch piece {
                case .spaces, .tabs: return true
                default: return false
                }
            } ?? false
        }
        for token in tree.tokens(viewMode: .all) where token.tokenDiagnostic?.kind == .equalMustHaveConsistentWhitespaceOnBothSides {
            if spaced(token.previousToken(viewMode: .all)?.trailingTrivia), spaced(token.trailingTrivia) {
                return (token.positionAfterSkippingLeadingTrivia.utf8Offset, "'=' must have consistent whitespace on both sides")
            }
        }
        // Only the statement or member holding the first error is diagnosed: the generator measures the indentation
        // of each statement run on from the one before from the start of its line, so a line of a thousand of them
        // (a minified or mangled file) took the square of its length, seconds.
        let scope = firstErrorScope(in: tree)
        // A large scope (a statement of 40 KB of nested string interpolations took the generator 3 GB and
        // seconds) is not diagnosed: its first missing or unexpected token says where, in a few words.
        guard scope.totalLength.utf8Length <= maximumDiagnosedScope else {
            for token in scope.tokens(viewMode: .all) where token.presence == .missing || token.parent?.is(UnexpectedNodesSyntax.self) == true {
                let offset = token.positionAfterSkippingLeadingTrivia.utf8Offset
                return (offset, token.presence == .missing ? "expected '\(token.text)'" : "unexpected code '\(token.text.prefix(20))'")
            }
            return (scope.positionAfterSkippingLeadingTrivia.utf8Offset, "a syntax error")
        }
        let first = ParseDiagnosticsGenerator.diagnostics(for: scope).min { $0.position < $1.position }
        return (first?.position.utf8Offset ?? 0, first?.message ?? "a syntax error")
    }

    /// The largest statement or member, in bytes, whose syntax error swift-syntax's diagnostics generator explains.
    static let maximumDiagnosedScope = 16_384

    /// The statement or member (else the file) holding the first missing token, unexpected code or token the lexer
    /// warned of.
    static func firstErrorScope(in tree: SourceFileSyntax) -> Syntax {
        var node = Syntax(tree)
        while let child = node.children(viewMode: .all).first(where: { $0.hasError || $0.hasWarning }) {
            node = child
            if node.is(TokenSyntax.self) || node.is(UnexpectedNodesSyntax.self) { break }
        }
        while let parent = node.parent, !node.is(CodeBlockItemSyntax.self), !node.is(MemberBlockItemSyntax.self) { node = parent }
        return node
    }
}

/// The file pass over a run's files.
extension Linter {
    /// Each file's outcome, in the files' order: files whose stamps the cache trusts cost a `stat` and a decode,
    /// taken in shares with no bookkeeping per file; the rest are read, and linted when the cache has not seen
    /// their bytes, each within its parse budget. The cache's entries are in path order too: a file's is likely
    /// at its own position.
    /// `known`: types declared outside the run's files (the facts of the targets they depend on).
    func lintFiles(_ scoping: Scoping, project: ProjectFacts, cache: LintCache?, startedAt: Int, known: [DeclaredType] = []) -> [FileOutcome] {
        let files = scoping.files
        let budget = ParallelMap.Budget<Int, FileOutcome>(
            seconds: { [parseBudget] position in Self.budget(parseBudget, bytes: fileSize(files[position].absolutePath)) }, least: parseBudget,
            timedOut: { [parseBudget] position in
                FileOutcome(unreadable: Self.overBudget(files[position].displayPath, Self.budget(parseBudget, bytes: fileSize(files[position].absolutePath))))
            })
        var outcomes =
            cache?.settledOutcomes(of: files)
            ?? Array(repeating: FileOutcome(), count: files.count)
        // A file whose text is given is never taken by its stamp on disk.
        if cache != nil, !overlay.isEmpty {
            for position in files.indices where overlay[PathKey(files[position].absolutePath)] != nil { outcomes[position] = FileOutcome() }
        }
        let unsettled = files.indices.filter { !outcomes[$0].stampTrusted }
        let (ahead, scanned) = scanAhead(of: unsettled, scoping: scoping, known: known)
        let linted = ParallelMap.map(unsettled, jobs: jobs, budget: budget) { position in
            scoping.linter(position).lint(fileAt: files[position], project: project, cache: cache, startedAt: startedAt, index: ahead)
        }
        for (position, outcome) in zip(unsettled, linted) { outcomes[position] = outcome }
        // Every file was read ahead, and each one's parse declares what its scan read: the index the files were linted
        // with is the whole project's, so what those linted afresh asked of it stands, but for the helper methods a
        // scan does not read (`FileOutcome.answeredAhead`).
        if ahead != nil, unsettled.count == files.count,
            zip(unsettled, scanned).allSatisfy({ position, read in DeclaredType.declareAlike(outcomes[position].declarations, read) })
        {
            for position in unsettled where !outcomes[position].fromCache { outcomes[position].answeredAhead = true }
        }
        return outcomes
    }

    /// The types the files at `positions` declare, read from their bytes without parsing (`DeclarationScan`):
    /// each of those files is linted with the others' types in view, so that one whose roles depend on another's
    /// declarations (a `FeedRouter: BaseRouter<…>` whose `BaseRouter` lives elsewhere) is parsed and linted once,
    /// not linted alone and again once the type index is complete. Nil for fewer than two files. The type index
    /// stage checks the files' answers against the parsed declarations (all of them where a file's scan and parse
    /// differ; else those about helper methods, which the scan does not read). `known`: types declared outside the
    /// run's files, in view too.
    func declarationsAhead(of positions: [Int], scoping: Scoping, known: [DeclaredType] = []) -> TypeIndex? {
        scanAhead(of: positions, scoping: scoping, known: known).index
    }

    /// The index of `declarationsAhead(of:scoping:known:)`, with what the scan read of each file, in the order of
    /// `positions` (none when there is no index).
    private func scanAhead(of positions: [Int], scoping: Scoping, known: [DeclaredType]) -> (index: TypeIndex?, scanned: [[DeclaredType]]) {
        guard positions.count > 1 || !known.isEmpty else { return (nil, []) }
        let declarations = ParallelMap.map(positions, jobs: jobs) { position -> [DeclaredType] in
            guard case .success(let read) = read(scoping.files[position]) else { return [] }
            return DeclarationScan.declarations(in: read.data, recordingHolds: scoping.linter(position).ruleSet.profile.indexesHeldTypes)
        }
        return (TypeIndex(Array(declarations.joined()) + known), declarations)
    }

    /// One file's outcome: from the cache when it has the file, else read and linted afresh, with `index` (the
    /// types of the files linted with it) when given.
    func lint(fileAt file: DiscoveredFile, project: ProjectFacts, cache: LintCache?, startedAt: Int, index: TypeIndex? = nil) -> FileOutcome {
        let bytes: (data: [UInt8], stamp: FileStamp?, hash: String?)
        if let cache, let text = overlay[PathKey(file.absolutePath)] {
            // A text given in place of the file (an editor's buffer, the staged content) is looked up by its own
            // bytes: the cache's entry holds for it only when the file on disk, as recorded, is that text.
            let data = Array(text.utf8), hash = stableHash(data)
            if !lintsGivenTextsAfresh, var outcome = cache.entry(for: file.displayPath, contentHash: hash) {
                outcome.isNews = false
                return outcome
            }
            bytes = (data, nil, hash)
        } else if let cache {
            switch cache.lookup(file, startedAt: startedAt) {
            case .hit(let outcome): return outcome
            case .unreadable(let problem): return FileOutcome(unreadable: "\(file.displayPath): error: \(problem.message); skipped")
            case .miss(let data, let stamp, let hash): bytes = (data, stamp, hash)
            }
        } else {
            switch read(file) {
            case .success(let read): bytes = (read.data, read.stamp, nil)
            case .failure(let problem): return FileOutcome(unreadable: "\(file.displayPath): error: \(problem.message); skipped")
            }
        }
        guard let source = String(validating: bytes.data, as: UTF8.self) else {
            return FileOutcome(unreadable: "\(file.displayPath): error: not UTF-8 text; skipped")
        }
        var outcome = outcome(source: source, path: file.displayPath, project: project.forFile(at: file.absolutePath), index: index)
        outcome.contentHash = bytes.hash
        outcome.stamp = bytes.stamp
        return outcome
    }

    /// A file's bytes: its text in `overlay` (no stamp), else what is on disk.
    func read(_ file: DiscoveredFile) -> Result<(data: [UInt8], stamp: FileStamp?), ReadProblem> {
        if let text = overlay[PathKey(file.absolutePath)] { return .success((Array(text.utf8), nil)) }
        return readRegularFile(file.absolutePath).map { ($0.data, $0.stamp) }
    }
}
