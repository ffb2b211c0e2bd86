/// What a run produced: findings in reporting order, and what could not be linted.
public struct LintResult: Sendable {
    public var findings: [Finding]
    public var fileCount: Int
    public var lineCount: Int
    /// Files that could not be read or are not UTF-8 text: the run is incomplete.
    public var unreadable: [String]
    /// Files swift-syntax could not fully parse: linted as far as they parse.
    public var syntaxNotes: [String]
    /// What the user should know about the run that is not a finding: no configuration governs some files.
    public var notes: [String] = []
    /// What went wrong around the run without stopping it (a cache that cannot be written): shown even when
    /// notes are not.
    public var warnings: [String] = []
    /// Every rule on for some file, in id order: what reporters list.
    public var rules: [RuleDescription]?
    /// Set once a baseline was applied (`applying(_:)`): `findings` are then the new ones only.
    public var baseline: BaselineOutcome?

    /// What a baseline did to a run.
    public struct BaselineOutcome: Sendable {
        /// Findings the baseline holds: not reported (SARIF lists them as `unchanged`), never failing the run.
        public var unchanged: [Finding]
        /// Recorded findings no longer there: the baseline can shrink (`ribslint baseline --update`).
        public var fixed: Int
        /// The unchanged findings are among `findings` too, as warnings (`--show-baselined`).
        public var shown = false
    }

    /// How many findings each rule reported, in rule id order.
    public var findingsByRule: [(id: String, count: Int)] {
        var counts: [String: Int] = [:]
        for finding in findings { counts[finding.ruleID, default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// This result with the findings a baseline holds set apart; with `showingBaselined`, they are still
    /// reported, as warnings, so that an Xcode build or an editor shows them without failing on them.
    /// `covered`: whether this run covered the file at an entry's recorded path (see `Baseline.judge`).
    public func applying(_ baseline: Baseline, showingBaselined: Bool = false, covered: @escaping (String) -> Bool = { _ in true }) -> LintResult {
        let verdict = baseline.judge(findings, judged: judges(coveredBy: covered))
        var result = self
        result.findings = verdict.new
        if showingBaselined {
            result.findings = (verdict.new + verdict.unchanged.map { $0.demoted(message: " (in the baseline)") }).sorted(by: Finding.ordered)
        }
        result.baseline = BaselineOutcome(unchanged: verdict.unchanged, fixed: verdict.fixed.reduce(0) { $0 + $1.count }, shown: showingBaselined)
        return result
    }
    /// Whether this run judged a baseline entry: its file covered, and its rule run (not turned off by
    /// `--only-rule`, not a project rule the run had to skip).
    public func judges(coveredBy covered: @escaping (String) -> Bool) -> (Baseline.Entry) -> Bool {
        let ran = rules.map { Set($0.map(\.id)).subtracting(skippedRules) }
        let skipped = skippedRules
        return { entry in covered(entry.path) && (ran?.contains(entry.rule) ?? !skipped.contains(entry.rule)) }
    }

    /// Project rules this run could not apply (standard input, listed files without the project in view).
    public var skippedRules: Set<String> = []
    /// Files whose results came from the cache, and files linted afresh.
    public var cacheHits = 0
    public var cacheMisses = 0
    /// Files whose bytes were read, and folders listed: a cached file or folder whose stamp the cache
    /// trusts is not.
    public var filesRead = 0
    public var foldersRead = 0
    /// Files linted a second time because types they inherit from are declared or extended in other files.
    public var relinted = 0
    /// Files whose facts the project rules read: every file, or for listed files only those their project
    /// findings can depend on (see `FactLinks`); none when the recorded project findings still held.
    public var projectFilesRead = 0

    public init(findings: [Finding], fileCount: Int, lineCount: Int, unreadable: [String] = [], syntaxNotes: [String] = []) {
        self.findings = findings
        self.fileCount = fileCount
        self.lineCount = lineCount
        self.unreadable = unreadable
        self.syntaxNotes = syntaxNotes
    }
}
