/// `unused_suppression` is computed by the engine after every other rule: it needs their findings.
public enum UnusedSuppression {
    public static let id = "unused_suppression"

    public static let description = RuleDescription(
        id: id,
        name: "Unused Suppression",
        summary: "A `// ribslint:` comment that silences no finding, names an unknown rule, or is malformed.",
        rationale: """
            A suppression outlives the code it excused; left in place it will silently hide the next real \
            violation on that line. Like ruff's RUF100, ribslint reports suppressions that no longer do anything.
            """,
        profiles: Configuration.profiles,
        defaultSeverity: .warning,
        triggering: [
            Example("""
                import RIBs
                final class LoginInteractor: Interactor {
                    1️⃣// ribslint:disable:next interactor_dispose_bag
                    private let storage: Storing
                }
                """, messages: [
                    "suppression of 'interactor_dispose_bag' silences no finding; remove it",
                ]),
            Example("""
                let x = 1 1️⃣// ribslint:disable:this not_a_rule
                """, messages: [
                    "suppression names unknown rule 'not_a_rule'; `ribslint rules` lists the ids",
                ]),
            Example("""
                1️⃣// ribslint:disable:sometimes router_ui_access
                let x = 1
                """, messages: [
                    "malformed suppression; write `// ribslint:disable[:next|this|previous|file] <rule ids|all> [- reason]`",
                ]),
        ],
        nonTriggering: [
            Example("""
                import RIBs
                final class LoginInteractor: Interactor {
                    // ribslint:disable:next interactor_dispose_bag - migrating in JIRA-123
                    private let disposeBag = DisposeBag()
                }
                """),
            Example("""
                // The word ribslint:disable inside a block comment is prose: /* ribslint:disable all */
                let text = "// ribslint:disable all"
                """),
        ])
}
