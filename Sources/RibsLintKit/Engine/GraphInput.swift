/// What `ribslint graph` reads: the facts of every file of the profiles that draw a tree.
extension Linter {
    /// The facts of every file of `profiles` below `paths` (or `included`) that `kinds` take, as one project:
    /// what `ribslint graph` draws. Files that cannot be read are named in `unreadable`; `otherProfiles` counts
    /// the files left out for being under another profile, by its name.
    public func project(
        paths: [String], workingDirectory: String, profiles names: Set<String>, facts kinds: [any FileFacts.Type]
    ) throws(UsageError) -> (Project, unreadable: [String], fileCount: Int, otherProfiles: [String: Int]) {
        let discovery = FileDiscovery(configuration: configuration, workingDirectory: workingDirectory, base: reportBase(workingDirectory: workingDirectory))
        let scoping = try scoping(of: try discovery.swiftFiles(paths: paths))
        let ofProfile = scoping.files.indices.filter { names.contains(scoping.linter($0).ruleSet.profile.name) }
        let files = ofProfile.map { scoping.files[$0] }
        let profiles = ofProfile.map { scoping.linter($0).ruleSet.profile }
        @Sendable func contribution(_ file: LintFile) -> FileContribution {
            var facts: [String: any FileFacts] = [:]
            for kind in kinds { facts[kind.id] = kind.init(file: file) }
            return FileContribution(path: file.path, facts: facts)
        }
        // As the linter does: each file alone first, again only where the project's types answer otherwise.
        typealias Read = (source: String, declarations: [DeclaredType], lookups: [String: String], contribution: FileContribution)
        // Each file within the parse budget, as `lint` parses it: a file past it is named, not waited on.
        let budget = ParallelMap.Budget<Int, Result<Read, FileProblem>>(
            seconds: { [parseBudget] position in Self.budget(parseBudget, bytes: fileSize(files[position].absolutePath)) }, least: parseBudget,
            timedOut: { [parseBudget] position in
                .failure(FileProblem(message: Self.overBudget(files[position].displayPath, Self.budget(parseBudget, bytes: fileSize(files[position].absolutePath)))))
            })
        let first = ParallelMap.map(Array(files.indices), jobs: jobs, budget: budget) { position -> Result<Read, FileProblem> in
            let file = files[position]
            guard let (data, _) = readFile(file.absolutePath), let source = String(validating: data, as: UTF8.self) else {
                return .failure(FileProblem(message: "\(file.displayPath): error: cannot read the file as UTF-8 text; skipped"))
            }
            if let problem = NestingDepth.problem(source, path: file.displayPath) { return .failure(FileProblem(message: problem)) }
            let lintFile = LintFile(path: file.displayPath, source: source, profile: profiles[position])
            let read = contribution(lintFile)
            return .success((source, lintFile.model.declarations, lintFile.model.lookups, read))
        }
        let index = TypeIndex(first.lazy.compactMap { try? $0.get() }.flatMap(\.declarations))
        let contributions = ParallelMap.map(Array(files.indices), jobs: jobs) { position -> FileContribution? in
            guard let read = try? first[position].get() else { return nil }
            guard index.answersDiffer(from: read.lookups) else { return read.contribution }
            return contribution(LintFile(path: files[position].displayPath, source: read.source, profile: profiles[position], index: index))
        }
        let unreadable = first.compactMap { outcome -> String? in
            guard case .failure(let problem) = outcome else { return nil }
            return problem.message
        }
        var otherProfiles: [String: Int] = [:]
        for position in scoping.files.indices where !names.contains(scoping.linter(position).ruleSet.profile.name) {
            otherProfiles[scoping.linter(position).ruleSet.profile.name, default: 0] += 1
        }
        return (Project(files: contributions.compactMap { $0 }), unreadable, scoping.files.count, otherProfiles)
    }

    /// Why a file was left out of `project(…)`.
    struct FileProblem: Error, Sendable {
        let message: String
    }
}
