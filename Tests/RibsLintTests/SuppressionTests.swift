import RibsLintKit
import Testing

@Suite("Suppressions")
struct SuppressionTests {
    let router = "import RIBs\nfinal class ARouter: Router<AInteractable> {\n"

    func findings(_ body: String) throws -> [String] {
        try lint(router + body + "\n}", rules: ["router_child_reference"]).map { "\($0.line) \($0.ruleID)" }
    }

    @Test("next, this, previous silence one line")
    func lineScopes() throws {
        #expect(try findings("""
            // ribslint:disable:next router_child_reference - migrating in TICKET-1
            var a: ARouting?
            var b: BRouting? // ribslint:disable:this router_child_reference
            var c: CRouting?
            // ribslint:disable:previous router_child_reference
            var d: DRouting?
            """) == ["8 router_child_reference"])
    }

    @Test("code in `#if false` or `#if 0` is never reported; other conditions are")
    func disabledCode() throws {
        let viper = """
            protocol AgendaInteractorInput: AnyObject {}
            final class AgendaInteractor: AgendaInteractorInput {
                func finish() {
                    #if false
                    UIApplication.shared.open(URL(fileURLWithPath: "/"))
                    #elseif DEBUG
                    _ = URLSession.shared
                    #endif
                    #if 0
                    _ = FileManager.default
                    #endif
                    #if (false)
                    // ribslint:disable:next viper_singleton_injection
                    _ = UserDefaults.standard
                    #endif
                }
            }
            """
        let findings = try lint(viper, rules: ["viper_interactor_navigation", "viper_singleton_injection"], profile: "viper")
        #expect(findings.map { "\($0.line) \($0.ruleID)" } == ["7 viper_singleton_injection"], "a directive in dead code is not reported unused either")
    }

    @Test("disable and enable bound a region; all covers every rule")
    func regions() throws {
        #expect(try findings("""
            // ribslint:disable router_child_reference
            var a: ARouting?
            var b: BRouting?
            // ribslint:enable router_child_reference
            var c: CRouting?
            // ribslint:disable all
            var d: DRouting?
            """) == ["7 router_child_reference"])
    }

    @Test("the file-level form silences the whole file")
    func fileLevel() throws {
        #expect(try findings("var a: ARouting?\n// ribslint:disable:file router_child_reference\nvar b: BRouting?").isEmpty)
    }

    @Test("unused, unknown and malformed suppressions are reported")
    func unused() throws {
        let found = try findings("""
            // ribslint:disable:next router_child_reference
            let name = "x"
            // ribslint:disable:next no_such_rule
            var a: ARouting?
            // ribslint:disable:nxt router_child_reference
            // ribslint:disable:next
            """)
        #expect(found == [
            "3 unused_suppression", "5 unused_suppression", "6 router_child_reference", "7 unused_suppression",
            "8 unused_suppression",
        ])
    }

    @Test("text in strings and block comments is not a suppression")
    func notComments() throws {
        #expect(try findings("""
            let s = "// ribslint:disable:next router_child_reference"
            /* ribslint:disable:next router_child_reference */
            var a: ARouting?
            """) == ["5 router_child_reference"])
    }

    @Test("an unused suppression can itself be silenced")
    func silencingUnused() throws {
        #expect(try findings("""
            // ribslint:disable:next unused_suppression
            // ribslint:disable:next router_child_reference
            let name = "x"
            """).isEmpty)
    }

    @Test("inside `disable all`, `enable X` turns X back on and leaves the rest off")
    func enableInsideDisableAll() throws {
        let source = """
            import RIBs
            import UIKit
            // ribslint:disable all
            final class ARouter: Router<AInteractable> {
                var a: ARouting?
                // ribslint:enable router_child_reference
                var b: BRouting?
                func go() { viewController.present(UIViewController(), animated: true) }
            }
            // ribslint:enable all
            """
        let found = try lint(source, rules: ["router_child_reference", "router_ui_access"]).map { "\($0.line) \($0.ruleID)" }
        #expect(found == ["7 router_child_reference"])
    }

    @Test("an enable that ends no region, disable:previous on line 1 and a `///` directive are each reported")
    func grammarMistakes() throws {
        let source = """
            // ribslint:disable:previous router_child_reference
            import RIBs
            /// ribslint:disable:next router_child_reference
            final class ARouter: Router<AInteractable> {
                // ribslint:enable router_child_reference
                var a: ARouting?
            }
            """
        let found = try lint(source, rules: ["router_child_reference"]).map { "\($0.line) \($0.ruleID) \($0.message)" }
        #expect(found == [
            "1 unused_suppression `disable:previous` on line 1 has no line before it to silence",
            "3 unused_suppression a `///` doc comment is no directive and silences nothing; write `// ribslint:…`",
            "5 unused_suppression this `enable` ends no `disable` region above it; remove it",
            "6 router_child_reference router stores child router 'a' (ARouting); find it in `children` when you need it, so attach and detach keep one source of truth",
        ])
    }
}
