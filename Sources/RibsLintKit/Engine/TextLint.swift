import Foundation

/// Lints texts held in memory: tests and tools, and an editor's unsaved buffer on standard input.
extension Linter {
    /// Lints sources held in memory as files at the given paths, the project pass included (tests, tools).
    /// As a run over files does (`lintFiles`, `answerTypeQuestions`): each text is linted with the declarations read
    /// ahead from every text (`DeclarationScan`), then again with the parsed ones where they answer its questions
    /// otherwise — only those about helper methods where every parse declares what its scan read.
    public func lint(sources: [(path: String, text: String)], project: ProjectFacts) -> LintResult {
        let scanned = sources.count > 1
            ? sources.map { DeclarationScan.declarations(in: Array($0.text.utf8), recordingHolds: ruleSet.profile.indexesHeldTypes) } : []
        let ahead = scanned.isEmpty ? nil : TypeIndex(Array(scanned.joined()))
        var outcomes = sources.map { outcome(source: $0.text, path: $0.path, project: project, index: ahead) }
        let answeredAhead = ahead != nil && zip(outcomes, scanned).allSatisfy { DeclaredType.declareAlike($0.declarations, $1) }
        let index = Self.typeIndex(of: outcomes, answering: nil)
        var answers: [String: String] = [:]
        for (position, source) in sources.enumerated()
        where index.answersDiffer(from: outcomes[position].lookups, answers: &answers, helpersOnly: answeredAhead) {
            outcomes[position] = outcome(source: source.text, path: source.path, project: project, index: index)
        }
        let projectFindings = ruleSet.projectEntries.isEmpty
            ? [] : projectFindings(outcomes.compactMap { $0.contribution.decoded(ruleSet.factKinds) }, otherFileNames: [])
        return merge(outcomes, projectFindings: projectFindings)
    }

    public func lint(source: String, path: String, project: ProjectFacts) -> [Finding] {
        lint(sources: [(path, source)], project: project).findings
    }
}

extension Linter {
    /// Lints text from standard input as the file at `path` (editors): excluded paths yield nothing.
    public func lint(source: String, stdinPath path: String, workingDirectory: String) throws(UsageError) -> LintResult {
        let discovery = FileDiscovery(configuration: configuration, workingDirectory: workingDirectory, base: reportBase(workingDirectory: workingDirectory))
        let absolute = path.hasPrefix("/") ? path : URL(fileURLWithPath: workingDirectory).appendingPathComponent(path).standardizedFileURL.path
        var result = LintResult(findings: [], fileCount: 0, lineCount: 0, unreadable: [], syntaxNotes: [])
        guard !discovery.isExcluded(absolute) else { return result }
        let file = DiscoveredFile(absolutePath: absolute, displayPath: discovery.display(absolute))
        let scoping = try scoping(of: [file])
        result.notes = scoping.notes
        result.rules = Self.enabledRules(of: scoping.linters)
        guard !scoping.files.isEmpty else { return result }
        let projectRules = scoping.linter(0).ruleSet.projectEntries.map(\.id).sorted()
        if !projectRules.isEmpty {
            result.notes.append(Self.skipped(projectRules, because: "standard input is linted without the rest of the project"))
            result.skippedRules = Set(projectRules)
        }
        let linter = scoping.linter(0)
        let folder = [URL(fileURLWithPath: absolute).deletingLastPathComponent().path]
        let configurations = discovery.sourceryConfigurations(paths: folder)
        let project = ProjectFacts(
            sourceryRoots: configurations.flatMap(SourceryConfiguration.sourceRoots(of:)),
            packageManifests: discovery.packageManifests(paths: folder)
        ).forFile(at: absolute)
        // On a thread with room for deep nesting, within the parse budget, as files are.
        let seconds = Self.budget(parseBudget, bytes: source.utf8.count)
        let budget = ParallelMap.Budget<DiscoveredFile, FileOutcome>(
            seconds: { _ in seconds }, least: seconds, timedOut: { FileOutcome(unreadable: Self.overBudget($0.displayPath, seconds)) })
        let outcome = ParallelMap.map([file], jobs: 1, budget: budget) {
            linter.outcome(source: source, path: $0.displayPath, project: project, index: nil)
        }[0]
        if let problem = outcome.unreadable { result.unreadable = [problem] }
        result.findings = outcome.findings
        result.fileCount = 1
        result.lineCount = outcome.lineCount
        result.syntaxNotes = outcome.syntaxNote.map { [$0] } ?? []
        return result
    }
}
