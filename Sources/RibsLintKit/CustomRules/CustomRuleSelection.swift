/// One subject a custom rule selected: what `ribslint explain` lists and `ribslint test-rules` counts.
public struct CustomRuleSelection: Sendable, Equatable {
    public let rule: String
    public let path: String
    public let line: Int
    public let column: Int
    /// `class`, `func`, `call`, …
    public let kind: String
    public let name: String
    /// The role of the subject, or of the type it is in.
    public let role: String?
}

extension Linter {
    /// What each custom rule on for the files under `paths` (the configuration's `included` when empty) selects
    /// there, read with the whole project's declarations as a lint reads them; `only` narrows it to one rule. With
    /// the custom rules the configurations of those files define, on or off (nested ones' included).
    public func customRuleSelections(
        paths: [String], workingDirectory: String, only: String? = nil
    ) throws(UsageError) -> (selections: [CustomRuleSelection], defined: [CustomRule], on: Set<String>) {
        let discovery = FileDiscovery(
            configuration: configuration, workingDirectory: workingDirectory, base: reportBase(workingDirectory: workingDirectory), jobs: jobs,
            givenTexts: Set(overlay.keys))
        let run = try RunFiles(paths: paths, discovery: discovery)
        let scoping = try scoping(of: run.files)
        let index = declarationsAhead(of: Array(scoping.files.indices), scoping: scoping) ?? TypeIndex([])
        let project = run.projectFacts(of: scoping.files)
        let selections = ParallelMap.map(Array(scoping.files.indices), jobs: jobs) { position -> [CustomRuleSelection] in
            let linter = scoping.linter(position)
            let checks = linter.ruleSet.customEntries.filter { only == nil || $0.id == only }
            guard !checks.isEmpty, case .success(let read) = linter.read(scoping.files[position]),
                let source = String(validating: read.data, as: UTF8.self), NestingDepth.problem(source, path: "") == nil
            else { return [] }
            let file = LintFile(
                path: scoping.files[position].displayPath, source: source, profile: linter.ruleSet.profile,
                project: project.forFile(at: scoping.files[position].absolutePath), index: index)
            return checks.flatMap { $0.check.selections(in: file) }
        }
        var seen = Set<String>()
        let defined = scoping.linters.flatMap(\.customRules).filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
        let on = Set(scoping.linters.flatMap { $0.ruleSet.customEntries.map(\.id) })
        // Listed files bring the project around them into view; only theirs are what was asked about.
        let covered = covers(paths: paths, workingDirectory: workingDirectory)
        return (selections.flatMap { $0 }.filter { covered($0.path) }, defined, on)
    }
}
