/// The type index stage: the project's types from every file's declarations, and the files whose questions
/// about them get other answers from the whole project than they got alone, linted again.
extension Linter {
    /// The project's types, from every file's declarations.
    /// - Parameter asked: the questions to answer (`TypeIndex.Question` keys); nil for every declaration.
    /// `jobs` threads pick, by hashes, the files that may declare an asked name; only those are decoded.
    /// `known`: types declared outside the run's files (the facts of the targets they depend on).
    static func typeIndex(of outcomes: [FileOutcome], answering asked: Set<String>?, jobs: Int = 1, known: [DeclaredType] = []) -> TypeIndex {
        guard let asked else { return TypeIndex(Array(outcomes.lazy.flatMap(\.declarations)) + known) }
        var names = Set<String>()
        var inherited = Set<String>()
        var held = Set<String>()
        var helpers = Set<String>()
        for key in asked {
            switch TypeIndex.Question(key: key) {
            case .inheritors?: inherited.insert(String(key.dropFirst()))
            case .holders?: held.insert(String(key.dropFirst()))
            // `^navigates push`: the method's name is what declarations are searched for.
            case .helperMethod?: helpers.insert(String(key.dropFirst().drop { $0 != " " }.dropFirst()))
            case .primary?, .extensions?, .helpersOfType?: names.insert(String(key.dropFirst()))
            case nil: continue
            }
        }
        func holdsAsked(_ declaration: DeclaredType) -> Bool {
            declaration.holds.contains { entry in
                guard let colon = entry.firstIndex(of: ":") else { return false }
                return held.contains(String(entry[entry.index(after: colon)...]))
            }
        }
        func declaresAsked(_ declaration: DeclaredType) -> Bool {
            names.contains(declaration.name) || (!inherited.isEmpty && declaration.inherited.contains(where: inherited.contains))
                || (!held.isEmpty && holdsAsked(declaration))
                || (!helpers.isEmpty && declaration.helperMethods.contains { helpers.contains(HelperMethod.name(of: $0)) })
        }
        let hashed = Set((names.union(inherited).union(held).union(helpers)).map { fnv1a($0.utf8) })
        var declarations: [DeclaredType] = []
        // By position: each outcome whole, copied, would cost a retain and release per field.
        let mayDeclare = ParallelMap.shares(outcomes.count, jobs: jobs) { outcomes[$0].types.mayDeclare(any: hashed) }
        for position in outcomes.indices where mayDeclare[position] {
            for declaration in outcomes[position].declarations where declaresAsked(declaration) { declarations.append(declaration) }
        }
        for declaration in known where declaresAsked(declaration) { declarations.append(declaration) }
        return TypeIndex(declarations)
    }

    /// A file linted again with the whole project's types: what it looked up is declared or extended elsewhere.
    func relint(_ file: DiscoveredFile, _ first: FileOutcome, project: ProjectFacts, index: TypeIndex) -> FileOutcome {
        guard let (data, stamp) = try? read(file).get(), let source = String(validating: data, as: UTF8.self) else { return first }
        var outcome = outcome(source: source, path: file.displayPath, project: project.forFile(at: file.absolutePath), index: index)
        outcome.contentHash = first.contentHash.map { _ in stableHash(data) }
        outcome.stamp = stamp
        return outcome
    }

    /// Lints again the files among `pending` whose questions about the project's types get other answers from
    /// the whole project than they got; returns how many were linted again. Only what files asked about
    /// matters: the index holds every declaration of the names asked (and of what inherits them), so its
    /// answers are exact. A file linted again may ask about more names (a grandparent class): the index widens
    /// and that file is checked again, until nothing new is asked. `known`: types declared outside the run's
    /// files; `again`: how a file is linted again (default: read from disk, `relint`).
    func answerTypeQuestions(
        in outcomes: inout [FileOutcome], pending: [Int], scoping: Scoping, project: ProjectFacts, known: [DeclaredType] = [],
        again: (@Sendable (Int, FileOutcome, TypeIndex) -> FileOutcome)? = nil
    ) -> Int {
        let files = scoping.files
        var asked = Set<String>()
        var pending = pending
        var relinted = 0
        for round in 0... {
            let before = asked.count
            for position in pending {
                // A file answered ahead asks again only about helper methods (`FileOutcome.answeredAhead`).
                if round == 0, outcomes[position].answeredAhead {
                    asked.formUnion(outcomes[position].lookups.keys.lazy.filter(TypeIndex.Question.isAboutHelpers))
                } else {
                    asked.formUnion(outcomes[position].lookups.keys)
                }
            }
            guard round == 0 || asked.count > before else { break }
            var index = round < 8
                ? Self.typeIndex(of: outcomes, answering: asked, jobs: jobs, known: known) : Self.typeIndex(of: outcomes, answering: nil, known: known)
            var answers: [String: String] = [:]
            let stale = pending.filter { position in
                index.answersDiffer(from: outcomes[position].lookups, answers: &answers, helpersOnly: round == 0 && outcomes[position].answeredAhead)
            }
            // A file answered ahead that is linted again asks all its questions of the index it is linted with: that
            // index holds the declarations of every name it asked about, not only its helpers'.
            if round == 0, stale.contains(where: { outcomes[$0].answeredAhead }) {
                let helpersOnly = asked.count
                for position in stale where outcomes[position].answeredAhead { asked.formUnion(outcomes[position].lookups.keys) }
                if asked.count > helpersOnly { index = Self.typeIndex(of: outcomes, answering: asked, jobs: jobs, known: known) }
            }
            let current = outcomes
            let linting = index
            let relints = ParallelMap.map(stale, jobs: jobs) { position in
                again?(position, current[position], linting)
                    ?? scoping.linter(position).relint(files[position], current[position], project: project, index: linting)
            }
            for (position, outcome) in zip(stale, relints) { outcomes[position] = outcome }
            relinted += stale.count
            pending = stale
            if pending.isEmpty || round >= 8 { break }
        }
        return relinted
    }
}
