/// `ribslint test-rules`: each custom rule's examples run as tests. A `bad` example marks with `↓` where each
/// finding is reported; `good` must give none; `fixed` is what `bad` becomes once its fixes are made (unsafe ones
/// too).
public enum CustomRuleExamples {
    public static let marker = "↓"

    public enum Verdict: String, Sendable {
        case validated
        case missed
        case noisy
        case wrongPosition = "wrong position"
        case wrongFix = "wrong fix"
        /// A rule without examples, or one that selects nothing in the project: a warning, not a failure.
        case warning
    }

    public struct Outcome: Sendable, Equatable {
        public let rule: String
        /// Where the example (or, for a rule's warning, the rule) is written: `path:line:column`.
        public let origin: String
        public let verdict: Verdict
        public let detail: String

        public init(rule: String, origin: String, verdict: Verdict, detail: String) {
            self.rule = rule
            self.origin = origin
            self.verdict = verdict
            self.detail = detail
        }

        public var isFailure: Bool { verdict != .validated && verdict != .warning }

        /// As `ribslint test-rules` prints it.
        public var line: String {
            let level = isFailure ? "error" : verdict == .warning ? "warning" : "note"
            let verdict = self.verdict == .warning ? "" : self.verdict.rawValue + (detail.isEmpty ? "" : ": ")
            return "\(origin): \(level): \(rule): \(verdict)\(detail)"
        }
    }

    /// Every example of every custom rule `linter`'s configuration defines, run under that configuration with the
    /// rule alone on.
    public static func run(_ linter: Linter, catalog: Catalog) throws(UsageError) -> [Outcome] {
        var outcomes: [Outcome] = []
        for rule in linter.customRules {
            var alone = linter
            alone.scopes = nil
            alone.ruleSet = try RuleSet(configuration: linter.configuration, catalog: catalog, onlyRules: [rule.id])
            if rule.examples.isEmpty {
                outcomes.append(Outcome(rule: rule.id, origin: rule.origin, verdict: .warning, detail: "it has no examples; each rule's examples are its tests"))
            }
            for example in rule.examples { outcomes += run(example, of: rule, alone) }
        }
        return outcomes
    }

    static func run(_ example: CustomExample, of rule: CustomRule, _ linter: Linter) -> [Outcome] {
        var outcomes: [Outcome] = []
        func lint(_ code: String) -> [Finding] {
            let sources = [(path: example.path, text: code)] + example.context.map { (path: $0.path, text: $0.code) }
            return linter.lint(sources: sources, project: ProjectFacts()).findings.filter { $0.path == example.path && $0.ruleID == rule.id }
        }
        if let bad = example.bad {
            let (code, markers) = stripped(bad)
            let file = LintFile(path: example.path, source: code, profile: linter.ruleSet.profile)
            let expected = markers.map { file.location(of: $0) }
            var findings = lint(code)
            var unmatched: [(line: Int, column: Int)] = []
            for position in expected {
                if let found = findings.firstIndex(where: { $0.line == position.line && $0.column == position.column }) {
                    findings.remove(at: found)
                } else {
                    unmatched.append(position)
                }
            }
            var problems: [(Verdict, String)] = []
            for position in unmatched {
                if let near = findings.firstIndex(where: { $0.line == position.line }) {
                    problems.append((.wrongPosition, "bad: expected at \(position.line):\(position.column), reported at \(findings[near].line):\(findings[near].column)"))
                    findings.remove(at: near)
                } else {
                    problems.append((.missed, "bad: no finding at \(position.line):\(position.column), where \(marker) stands"))
                }
            }
            for finding in findings {
                problems.append((.noisy, "bad: a finding at \(finding.line):\(finding.column) where no \(marker) stands: \(finding.message)"))
            }
            for (verdict, detail) in problems { outcomes.append(Outcome(rule: rule.id, origin: example.origin, verdict: verdict, detail: detail)) }
            if let fixed = example.fixed {
                let (result, _) = Edit.apply(lint(code), to: code)
                if result != fixed {
                    outcomes.append(Outcome(
                        rule: rule.id, origin: example.origin, verdict: .wrongFix,
                        detail: "'fixed' expects\n\(fixed)\nbut the fix makes\n\(result)"))
                }
            }
        }
        if let good = example.good {
            for finding in lint(good) {
                outcomes.append(Outcome(
                    rule: rule.id, origin: example.origin, verdict: .noisy, detail: "good: a finding at \(finding.line):\(finding.column): \(finding.message)"))
            }
        }
        if outcomes.isEmpty { outcomes.append(Outcome(rule: rule.id, origin: example.origin, verdict: .validated, detail: "")) }
        return outcomes
    }

    /// The code without its markers, and the UTF-8 offset each stood at.
    static func stripped(_ code: String) -> (String, [Int]) {
        var text = ""
        var offsets: [Int] = []
        var rest = code[...]
        while let range = rest.range(of: marker) {
            text += rest[..<range.lowerBound]
            offsets.append(text.utf8.count)
            rest = rest[range.upperBound...]
        }
        return (text + rest, offsets)
    }
}
