/// The last stage of a run, assemble: the file outcomes and project findings gathered in a deterministic order.
extension Linter {
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

    /// The run's result: the `listed` files' outcomes (every file's when none were listed) with the project
    /// findings in those files or concerning them. `judgesSuppressionsOfAll`: no project pass ran although the
    /// configuration has project rules, so a `disable all` the file rules found nothing for is judged here,
    /// against the rules that ran.
    func assemble(_ outcomes: [FileOutcome], projectFindings found: [Finding], listed: [Int]?, scoping: Scoping, judgesSuppressionsOfAll: Bool) -> LintResult {
        let files = scoping.files
        var result: LintResult
        if let listed {
            let listedPaths = Set(listed.map { PathKey(files[$0].displayPath) })
            result = merge(
                listed.map { outcomes[$0] },
                projectFindings: found.filter { finding in
                    listedPaths.contains(PathKey(finding.path)) || finding.concerns.contains { listedPaths.contains(PathKey($0)) }
                })
        } else {
            result = merge(outcomes, projectFindings: found)
        }
        if judgesSuppressionsOfAll {
            let unjudged = files.indices.flatMap { position -> [Finding] in
                guard let severity = scoping.linter(position).ruleSet.unusedSuppressionSeverity,
                    let contribution = outcomes[position].contribution.decoded([])
                else { return [] }
                return contribution.suppressions.filter { $0.ruleID == "all" && $0.awaitingVerdict }.map {
                    var finding = Self.finding(UnusedSuppression.id, severity, "suppression of 'all' silences no finding; remove it", at: $0.point)
                    finding.fingerprint = stableHash("\(finding.ruleID)|\(finding.path)|\(finding.lineText)|0")
                    return finding
                }
            }
            result.findings = (result.findings + unjudged).sorted(by: Finding.ordered)
        }
        return result
    }
}
