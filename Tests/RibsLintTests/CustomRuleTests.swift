import Foundation
@testable import RibsLintKit
import RibsLintRules
import Testing

/// Rules a team writes in `.ribslint.yml` under `custom_rules:`.
@Suite("Custom rules")
struct CustomRuleTests {
    static let repository = SnapshotTests.repository

    /// Findings of the custom rules `yaml` defines on `sources`, linted as one project under it.
    func findings(_ yaml: String, _ sources: [(path: String, text: String)], profile: String? = nil) throws -> [Finding] {
        var configuration = try Configuration.parse(yaml: yaml, path: "cfg.yml", catalog: RuleRegistry.catalog, rootDirectory: "/")
        if let profile { configuration.profile = profile }
        let ruleSet = try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog)
        let custom = Set(ruleSet.customEntries.map(\.id))
        return Linter(configuration: configuration, ruleSet: ruleSet, jobs: 1).lint(sources: sources, project: ProjectFacts()).findings
            .filter { custom.contains($0.ruleID) }
    }

    /// `line:column message` of each finding.
    func places(_ yaml: String, _ sources: [(path: String, text: String)], profile: String? = nil) throws -> [String] {
        try findings(yaml, sources, profile: profile).map { "\($0.path):\($0.line):\($0.column) \($0.message)" }
    }

    func refusal(_ yaml: String) -> String {
        do {
            _ = try RuleSet(configuration: try Configuration.parse(yaml: yaml, path: "cfg.yml", catalog: RuleRegistry.catalog, rootDirectory: "/"),
                            catalog: RuleRegistry.catalog)
            return "no error"
        } catch {
            return error.message
        }
    }

    static let ribsApp: [(path: String, text: String)] = [
        ("Base/BaseRouter.swift", "import RIBs\nclass BaseRouter<I, V>: ViewableRouter<I, V> {}\n"),
        ("Login/LoginRouter.swift", """
            import RIBs
            import UIKit

            final class LoginRouter: BaseRouter<LoginInteractable, LoginViewControllable>, LoginRouting {
                private let signUpBuilder: SignUpBuildable
                func routeToSignUp() {
                    let screen = SignUpViewController()
                    viewController.uiviewController.present(screen, animated: true)
                }
            }
            """),
        ("Login/LoginInteractor.swift", """
            import RIBs
            #if canImport(UIKit)
            import UIKit
            #endif

            protocol LoginListener: AnyObject {}
            @MainActor
            final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                var listener: LoginListener?
                private(set) var attempts = 0
                public func signIn() {}
                fileprivate func reset() {}
            }
            """),
        ("Login/LoginBuilder.swift", """
            import RIBs
            final class LoginBuilder: Builder<LoginDependency>, LoginBuildable {
                func build(withListener listener: LoginListener) -> LoginRouting {
                    let interactor = LoginInteractor(presenter: LoginViewController())
                    return LoginRouter(interactor: interactor, viewController: LoginViewController())
                }
                func buildPreview() -> LoginRouting { build(withListener: PreviewListener()) }
            }
            """),
    ]

    @Test("select: each subject kind — type, member, call, reference, import, file")
    func subjectKinds() throws {
        func selected(_ select: String, _ filter: String = "{}") throws -> [String] {
            let yaml = "custom_rules:\n  probe:\n    message: \"{{kind}} {{subject}}\"\n    select: { \(select): \(filter) }\n    only: { name: \"/^$/\" }\n"
            return try findings(yaml, Self.ribsApp).filter { $0.path.hasPrefix("Login/LoginInteractor") }.map(\.message)
        }
        #expect(try selected("type") == ["protocol LoginListener", "class LoginInteractor"])
        #expect(try selected("member") == ["var listener", "var attempts", "func signIn", "func reset"])
        #expect(try selected("import") == ["import RIBs", "import UIKit"], "an import inside `#if canImport` counts")
        #expect(try selected("file") == ["file LoginInteractor.swift"])
        #expect(try selected("call", "{ name: \"*\" }").isEmpty)
        let references = try selected("reference")
        #expect(references.contains("type PresentableInteractor") && references.contains("type LoginListener"))
        let kinds = try findings(
            "custom_rules:\n  probe:\n    message: \"{{kind}} {{subject}}\"\n    select: { reference: { name: \"*creen\" } }\n    only: { name: \"/^$/\" }\n",
            [("R.swift", "let screen = Screen()\nfunc go() { present(screen); _ = self.screen; let s: Screen = screen }\n")]).map(\.message)
        #expect(kinds == ["type Screen", "value screen", "member screen", "type Screen", "value screen"], "a declaration is no reference")
        let calls = try findings(
            "custom_rules:\n  probe:\n    message: \"{{subject}}\"\n    select: { call: {} }\n    only: { name: \"/^$/\" }\n", Self.ribsApp
        ).filter { $0.path == "Login/LoginRouter.swift" }.map(\.message)
        #expect(calls == ["SignUpViewController", "present"], "a construction is named by the type it makes")
    }

    @Test("filters: role, name (glob, regex), kind, in with captures, inherits and conforms across files, attribute, access, constructs, not, any, all")
    func filters() throws {
        func names(_ select: String) throws -> [String] {
            let yaml = "custom_rules:\n  probe:\n    message: \"{{subject}}\"\n    select: \(select)\n    only: { name: \"/^$/\" }\n"
            return try findings(yaml, Self.ribsApp).map(\.message)
        }
        // A role through an app's base class in another file.
        #expect(try names("{ type: { role: router } }") == ["BaseRouter", "LoginRouter"])
        #expect(try names("{ type: { role: router, inherits: BaseRouter } }") == ["LoginRouter"])
        #expect(try names("{ type: { inherits: ViewableRouter } }") == ["BaseRouter", "LoginRouter"], "a superclass anywhere in the chain")
        #expect(try names("{ type: { inherits: { name: ViewableRouter, direct: true } } }") == ["BaseRouter"])
        #expect(try names("{ type: { conforms: LoginRouting } }") == ["LoginRouter"])
        #expect(try names("{ type: { name: \"Login*\", kind: class, not: { role: builder } } }") == ["LoginInteractor", "LoginRouter"])
        #expect(try names("{ type: { name: \"/^Log(in|out)Builder$/\" } }") == ["LoginBuilder"])
        #expect(try names("{ type: { any: [{ role: builder }, { role: interactor }] } }") == ["LoginBuilder", "LoginInteractor"])
        #expect(try names("{ type: { all: [{ role: interactor }, { attribute: MainActor }] } }") == ["LoginInteractor"])
        #expect(try names("{ member: { role: interactor, access: internal } }") == ["listener", "attempts"], "`private(set)` keeps the getter internal")
        #expect(try names("{ member: { role: interactor, access: [public, fileprivate] } }") == ["signIn", "reset"])
        #expect(try names("{ member: { role: builder, kind: func, constructs: { role: router } } }") == ["build"])
        #expect(try names("{ member: { role: router, kind: let } }") == ["signUpBuilder"])
        #expect(try names("{ member: { access: private, kind: let } }") == ["signUpBuilder"])
        #expect(try names("{ member: { attribute: \"@MainActor\" } }").isEmpty && (try names("{ type: { attribute: \"@MainActor\" } }")) == ["LoginInteractor"])
        #expect(try names("{ file: { in: \"Login/**\", name: \"*Router.swift\" } }") == ["LoginRouter.swift"])
        #expect(try names("{ import: { name: UIKit, in: \"Base\" } }").isEmpty)

        // The module: a Swift package's target, a Tuist module's folder above `Sources`, else the first folder.
        let modules = try findings(
            "custom_rules:\n  probe:\n    message: \"{{module}} {{subject}}\"\n    select: { file: { module: [Pay, App] } }\n    only: { name: \"/^$/\" }\n", [
                ("Projects/Pay/Sources/Views/PayView.swift", ""), ("App/AppDelegate.swift", ""), ("Projects/Home/Sources/HomeView.swift", ""),
            ]).map(\.message)
        #expect(modules == ["App AppDelegate.swift", "Pay PayView.swift"])
        let package = try makeProject([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"PayKit\")])\n",
            "Sources/PayKit/Views/PayView.swift": "import UIKit\n",
            ".ribslint.yml": "custom_rules:\n  probe:\n    message: \"{{module}}\"\n    select: { file: { module: PayKit } }\n    forbid: { import: {} }\n",
        ])
        #expect(try runRibslint(["--no-cache", "--only-rule", "probe"], in: package).stdout == "Sources/PayKit/Views/PayView.swift:1:1: warning: PayKit (probe)\n")

        let captured = try findings("""
            custom_rules:
              probe:
                message: "{{subject}} of {{feature}} in {{layer}}"
                select: { type: { in: "Features/{feature}/{layer}/**" } }
                only: { kind: protocol }
            """, [("App/Features/Pay/Interface/Pay.swift", "public final class PayService {}")])
        #expect(captured.map(\.message) == ["PayService of Pay in Interface"], "a pattern matches from any folder down")
    }

    @Test("assertions: forbid at each match, require at the subject with the count, only at the subject's name")
    func assertions() throws {
        let forbid = try places("""
            custom_rules:
              no_concrete_screens:
                message: "{{subject}} names {{match}}"
                select: { type: { role: router } }
                forbid: { reference: { kind: type, name: "*ViewController", not: { name: "*ViewControllable" } } }
            """, Self.ribsApp)
        #expect(forbid == ["Login/LoginRouter.swift:7:22 LoginRouter names SignUpViewController"])
        let require = try places("""
            custom_rules:
              one_router:
                message: "{{subject}} makes {{count}} routers"
                select: { member: { role: builder, name: "build*", kind: func } }
                require: { call: { constructs: { role: router } } }
                count: 1
            """, Self.ribsApp)
        #expect(require == ["Login/LoginBuilder.swift:7:10 buildPreview makes 0 routers"])
        let bounded = try places("""
            custom_rules:
              few_members:
                message: "{{subject}} has {{count}} members"
                select: { type: { role: interactor } }
                require: { member: {} }
                count: { min: 1, max: 3 }
            """, Self.ribsApp)
        #expect(bounded == ["Login/LoginInteractor.swift:8:13 LoginInteractor has 4 members"])
        let only = try places("""
            custom_rules:
              listener_is_weak:
                message: "{{type}}.{{subject}} is strong"
                select: { member: { role: interactor, name: listener } }
                only: { attribute: weak }
            """, Self.ribsApp)
        #expect(only == ["Login/LoginInteractor.swift:9:9 LoginInteractor.listener is strong"])
        let imports = try places("""
            custom_rules:
              no_ui:
                message: "{{subject}}: {{match}}"
                select: { type: { role: interactor } }
                forbid: { import: { name: UIKit } }
            """, Self.ribsApp)
        #expect(imports == ["Login/LoginInteractor.swift:3:1 LoginInteractor: UIKit"], "an import is found in the subject's file")
    }

    @Test("roles of every profile: VIPER's module parts and ComposableRIBs' routers, builders, views and reducers")
    func profileRoles() throws {
        let viper = try findings("""
            custom_rules:
              probe:
                message: "{{subject}}"
                select: { type: { role: presenter } }
                only: { name: "/^$/" }
            """, [
                ("Login/LoginContract.swift", "protocol LoginPresenterProtocol: AnyObject {}\nprotocol LoginViewProtocol: AnyObject {}"),
                ("Login/LoginPresenter.swift", "final class LoginPresenter: LoginPresenterProtocol { weak var view: LoginViewProtocol? }"),
            ], profile: "viper")
        #expect(viper.map(\.message) == ["LoginPresenter"])
        let composable = try findings("""
            custom_rules:
              probe:
                message: "{{subject}}"
                select: { type: { role: reducer } }
                only: { name: "/^$/" }
            """, [("Feature.swift", "import ComposableArchitecture\n@Reducer\nstruct Feature {}\nstruct Other {}")], profile: "composable-ribs")
        #expect(composable.map(\.message) == ["Feature"])
    }

    @Test("a mistake in a custom rule stops the run at its line and column")
    func mistakes() {
        func rule(_ body: String) -> String { refusal("custom_rules:\n  probe:\n" + body) }
        let base = "    message: m\n    select: { type: {} }\n"
        #expect(rule(base + "    only: { kind: protocol }\n    colour: red\n").hasPrefix("cfg.yml:6:5: error: unknown key 'colour' in custom rule 'probe'"))
        #expect(rule("    message: m\n    select: { type: { rol: router } }\n    only: {}\n").hasPrefix("cfg.yml:4:23: error: unknown key 'rol' in a type filter (did you mean 'role'?)"))
        #expect(rule("    message: m\n    select: { import: { role: router } }\n    only: {}\n").contains("a import has no 'role'"))
        #expect(rule("    message: m\n    select: { member: { kind: class } }\n    only: {}\n").contains("a member's kind is one of func, var, let, init, not 'class'"))
        #expect(rule(base + "    only: { role: reducer }\n").contains("error: custom rule 'probe' selects role 'reducer', not a role of profile 'ribs'"))
        #expect(rule(base + "    only: { name: \"/[/\" }\n").hasPrefix("cfg.yml:5:19: error: '/[/' is not a regular expression"))
        #expect(rule(base + "    forbid: { call: {} }\n    only: {}\n").contains("asserts one thing"))
        #expect(rule(base + "    only: { name: x }\n    count: 2\n").contains("sets 'count', which only 'require' reads"))
        #expect(rule(base + "    only: { name: x }\n    fix: { insert_before: \"weak \" }\n").contains("'fix' needs 'safety: safe'"))
        #expect(rule("    message: \"{{count}}\"\n    select: { type: {} }\n    only: { name: x }\n").contains("writes '{{count}}', which it has no value for"))
        #expect(rule("    select: { type: {} }\n    only: { name: x }\n").contains("custom rule 'probe' has no 'message'"))
        #expect(rule("    message: m\n    select: { type: {} }\n").contains("has no assertion"))
        #expect(rule(base + "    forbid: { file: {} }\n").contains("a file holds no file"))
        #expect(rule(base + "    only: { name: x }\n    examples:\n      - bad: \"class A {}\"\n").contains("marks where each finding is reported with ↓"))
        #expect(refusal("custom_rules:\n  ProbeRule: {}\n").hasPrefix("cfg.yml:2:3: error: a custom rule's id is snake_case"))
        #expect(refusal("custom_rules:\n  weak_listener: {}\n").contains("'weak_listener' is a rule ribslint ships"))
        #expect(refusal("disabled_rules: [probe]\n").contains("unknown rule 'probe' in 'disabled_rules'"), "an id no configuration defines")
        #expect(rule("    message: m\n    select: { type: { name: \"\" } }\n    only: { kind: class }\n").hasPrefix("cfg.yml:4:29: error: an empty pattern"))
        #expect(rule("    message: m\n    select: { type: { in: \"\" } }\n    only: { kind: class }\n").contains("an empty pattern"))
        #expect(rule(base + "    only: {}\n").hasPrefix("cfg.yml:5:11: error: 'only' needs a condition"))
        #expect(rule(base + "    only: { any: [{}] }\n").contains("a condition"))
        #expect(rule(base + "    only: { role: routr }\n").hasPrefix("cfg.yml:5:19: error: unknown role 'routr' (did you mean 'router'?)"))
        #expect(rule(base + "    only: { name: x }\n    count: 2\n").hasPrefix("cfg.yml:6:5"))
        #expect(refusal("custom_rules:\n  probe:\n    message: m\n    select: { file: {} }\n    only: { name: x }\nrules:\n  probe: { severity: error }\n")
            .contains("'probe' is a custom rule: its severity goes under custom_rules"))
    }

    @Test("nested configurations override a custom rule key by key and may turn it off; one naming another profile's roles stays behind")
    func nested() throws {
        let root = try makeProject([
            ".ribslint.yml": """
                custom_rules:
                  strong_listener:
                    severity: error
                    message: "{{subject}} is strong"
                    select: { member: { role: interactor, name: listener } }
                    only: { attribute: weak }
                  no_ui:
                    message: "{{match}} imported"
                    select: { file: {} }
                    forbid: { import: { name: UIKit } }
                only_rules: [strong_listener, no_ui]
                """,
            "A/AInteractor.swift": "import RIBs\nimport UIKit\nfinal class AInteractor: Interactor { var listener: AListener? }\n",
            "B/.ribslint.yml": "custom_rules:\n  strong_listener: { severity: warning }\ndisabled_rules: [no_ui]\n",
            "B/BInteractor.swift": "import RIBs\nimport UIKit\nfinal class BInteractor: Interactor { var listener: BListener? }\n",
            "V/.ribslint.yml": "profile: viper\n",
            "V/VInteractor.swift": "import UIKit\nfinal class VInteractor { var listener: AnyObject? }\n",
        ])
        let run = try runRibslint(["--no-cache"], in: root)
        #expect(run.stdout.split(separator: "\n").sorted() == [
            "A/AInteractor.swift:2:1: warning: UIKit imported (no_ui)",
            "A/AInteractor.swift:3:43: error: listener is strong (strong_listener)",
            "B/BInteractor.swift:3:43: warning: listener is strong (strong_listener)",
            "V/VInteractor.swift:1:1: warning: UIKit imported (no_ui)",
        ], "\(run.stdout)\(run.stderr)")
    }

    @Test("--staged: a custom rule's violation staged fails the commit, whatever the working tree holds")
    func staged() throws {
        let root = try makeProject([
            ".ribslint.yml": "custom_rules:\n  no_ui:\n    severity: error\n    message: \"{{match}}\"\n    select: { file: {} }\n    forbid: { import: { name: UIKit } }\n",
            "A.swift": "import Foundation\n",
        ])
        try git(["init", "-q"], in: root)
        try git(["add", "-A"], in: root)
        try git(["commit", "-qm", "start"], in: root)
        try Data("import UIKit\n".utf8).write(to: root.appendingPathComponent("A.swift"))
        try git(["add", "A.swift"], in: root)
        try Data("import Foundation\n".utf8).write(to: root.appendingPathComponent("A.swift"))
        let run = try runRibslint(["--staged"], in: root)
        #expect(run.status == 1 && run.stdout == "A.swift:1:1: error: UIKit (no_ui)\n", "\(run.stdout)\(run.stderr)")
    }

    @Test("an editor's check of a nested configuration knows the custom rules above it")
    func editorCheck() throws {
        let root = try makeProject([
            ".ribslint.yml": "custom_rules:\n  no_ui:\n    message: m\n    select: { file: {} }\n    forbid: { import: { name: UIKit } }\n",
            "A/.ribslint.yml": "disabled_rules: [no_ui]\n",
        ])
        let nested = root.appendingPathComponent("A/.ribslint.yml").path
        try Configuration.check(yaml: "disabled_rules: [no_ui]\ncustom_rules:\n  no_ui: { severity: error }\n", path: nested, catalog: RuleRegistry.catalog)
        #expect(throws: UsageError.self) { try Configuration.check(yaml: "disabled_rules: [no_uii]\n", path: nested, catalog: RuleRegistry.catalog) }
        #expect(throws: UsageError.self) {
            try Configuration.check(yaml: "custom_rules:\n  lone: { severity: error }\n", path: nested, catalog: RuleRegistry.catalog)
        }
    }

    @Test("custom findings obey suppressions, only_rules, baselines, every reporter and the cache")
    func engine() throws {
        let yaml = """
            custom_rules:
              no_ui:
                message: "{{match}} imported"
                why: "Interactors stay free of UI."
                docs: https://example.com/no_ui
                select: { file: {} }
                forbid: { import: { name: UIKit } }
            """
        let root = try makeProject([
            ".ribslint.yml": yaml,
            "A.swift": "import UIKit\n",
            "B.swift": "// ribslint:disable:next no_ui\nimport UIKit\n",
            "C.swift": "import Foundation // ribslint:disable:this no_ui\n",
        ])
        let first = try runRibslint([], in: root)
        #expect(first.stdout.split(separator: "\n") == [
            "A.swift:1:1: warning: UIKit imported (no_ui)",
            "C.swift:1:19: warning: suppression of 'no_ui' silences no finding; remove it (unused_suppression)",
        ], "\(first.stdout)\(first.stderr)")
        // A suppression of a custom rule is one of a known rule, even while that rule is off.
        #expect(try runRibslint(["--only-rule", "unused_suppression"], in: root).stdout.isEmpty)
        // The cache knows the rule: a new message is reported at once.
        try Data(yaml.replacingOccurrences(of: "imported", with: "is UI").utf8).write(to: root.appendingPathComponent(".ribslint.yml"))
        #expect(try runRibslint([], in: root).stdout.contains("A.swift:1:1: warning: UIKit is UI (no_ui)"))
        // A baseline accepts it, and knows it as a rule when updated.
        #expect(try runRibslint(["baseline"], in: root).status == 0)
        let baselined = try runRibslint(["--baseline", "ribslint-baseline.json"], in: root)
        #expect(baselined.status == 0 && !baselined.stdout.contains("(no_ui)"), "\(baselined.stdout)\(baselined.stderr)")
        let updated = try runRibslint(["baseline", "--update"], in: root)
        #expect(updated.status == 0 && !updated.stderr.contains("dropping"), "\(updated.stderr)")
        // SARIF describes it with its own words.
        let sarif = try runRibslint(["--reporter", "sarif", "--no-cache"], in: root)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let rules = ((log["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any]).flatMap { ($0["driver"] as? [String: Any])?["rules"] as? [[String: Any]] } ?? []
        let noUI = try #require(rules.first { $0["id"] as? String == "no_ui" })
        #expect((noUI["fullDescription"] as? [String: Any])?["text"] as? String == "Interactors stay free of UI.")
        #expect(noUI["helpUri"] as? String == "https://example.com/no_ui")
    }

    /// A custom rule with a safe fix, as a `custom_rules:` entry.
    static let listenerIsWeak = """
          listener_is_weak:
            message: "{{subject}} is strong"
            select: { member: { role: interactor, name: listener } }
            only: { attribute: weak }
            fix: { insert_before: "weak ", safety: safe }

        """

    @Test("a run from any folder: `in:` reads paths from the configuration's folder; a nested file's overrides and ids resolve")
    func fromAnyFolder() throws {
        let root = try makeProject([
            ".ribslint.yml": """
                custom_rules:
                  interfaces:
                    message: "{{subject}} in {{feature}}"
                    select: { type: { in: "App/Features/{feature}/**" } }
                    only: { kind: protocol }
                  no_ui:
                    message: m
                    select: { file: {} }
                    forbid: { import: { name: UIKit } }
                  router_rule:
                    message: r
                    select: { type: { role: router } }
                    only: { name: "/^$/" }
                """,
            "App/Features/Pay/PayService.swift": "final class PayService {}\n",
            "App/.ribslint.yml": "custom_rules:\n  interfaces: { severity: error, only: { kind: [protocol, enum] } }\ndisabled_rules: [no_ui]\n",
            "V/.ribslint.yml": "profile: viper\ncustom_rules:\n  router_rule: { severity: error }\n",
            "V/VRouter.swift": "import RIBs\nfinal class VRouter: ViewableRouter<I, V> {}\n",
        ])
        let fromRoot = try runRibslint(["--no-cache", "--only-rule", "interfaces"], in: root)
        #expect(fromRoot.stdout == "App/Features/Pay/PayService.swift:1:13: error: PayService in Pay (interfaces)\n", "\(fromRoot.stdout)\(fromRoot.stderr)")
        let fromApp = try runRibslint(["--no-cache", "--only-rule", "interfaces", "."], in: root.appendingPathComponent("App"))
        #expect(fromApp.status == 1 && fromApp.stdout.contains("PayService in Pay (interfaces)"), "\(fromApp.stdout)\(fromApp.stderr)")
        // test-rules of a nested file: its overrides on top of the rules above.
        let nestedTests = try runRibslint(["test-rules", "App/.ribslint.yml", "--examples-only"], in: root)
        #expect(nestedTests.status == 0 && nestedTests.stdout.contains("warning: interfaces: it has no examples"), "\(nestedTests.stdout)\(nestedTests.stderr)")
        // A rule over RIBs roles stays behind in the VIPER folder, even with a severity set there.
        let routers = try runRibslint(["--no-cache", "--only-rule", "router_rule"], in: root)
        #expect(routers.status == 0 && routers.stdout.isEmpty, "\(routers.stdout)\(routers.stderr)")
        #expect(refusal("custom_rules:\n  probe:\n    message: m\n    select: { file: { in: \"/abs/**\" } }\n    only: { name: x }\n").contains("relative to the configuration's folder"))
    }

    @Test("fixes: a safe one by --fix, an unsafe one only with --unsafe-fixes; each fixed file linted again")
    func fixes() throws {
        let root = try makeProject([
            ".ribslint.yml": "custom_rules:\n" + Self.listenerIsWeak + """
                  no_ui:
                    message: "{{match}} imported"
                    select: { type: { role: interactor } }
                    forbid: { import: { name: UIKit } }
                    fix: { remove: true, safety: unsafe }
                only_rules: [listener_is_weak, no_ui]
                """,
            "AInteractor.swift": "import RIBs\nimport UIKit\n\nfinal class AInteractor: Interactor {\n    private var listener: AListener?\n}\n",
        ])
        let safe = try runRibslint(["--fix", "--no-cache"], in: root)
        #expect(safe.stderr.contains("no_ui not fixed: its fix is marked `safety: unsafe`"), "\(safe.stderr)")
        let afterSafe = try String(contentsOf: root.appendingPathComponent("AInteractor.swift"), encoding: .utf8)
        #expect(afterSafe == "import RIBs\nimport UIKit\n\nfinal class AInteractor: Interactor {\n    private weak var listener: AListener?\n}\n")
        #expect(try runRibslint(["--unsafe-fixes", "--no-cache"], in: root).status == 2, "--unsafe-fixes goes with --fix")
        _ = try runRibslint(["--fix", "--unsafe-fixes", "--no-cache"], in: root)
        let afterUnsafe = try String(contentsOf: root.appendingPathComponent("AInteractor.swift"), encoding: .utf8)
        #expect(afterUnsafe == "import RIBs\n\nfinal class AInteractor: Interactor {\n    private weak var listener: AListener?\n}\n")
    }

    @Test("fix edits on each kind: a module replaced in its import, a statement removed with its semicolon, no fix that would drop a neighbour")
    func fixEdits() throws {
        func fixed(_ rule: String, _ code: String) throws -> String {
            let root = try makeProject([".ribslint.yml": "custom_rules:\n  probe:\n    message: m\n" + rule + "only_rules: [probe]\n", "A.swift": code])
            _ = try runRibslint(["--fix", "--unsafe-fixes", "--no-cache"], in: root)
            return try String(contentsOf: root.appendingPathComponent("A.swift"), encoding: .utf8)
        }
        let importRule = "    select: { file: {} }\n    forbid: { import: { name: UIKit } }\n    fix: { replace: SwiftUI, safety: unsafe }\n"
        #expect(try fixed(importRule, "@testable import UIKit\n") == "@testable import SwiftUI\n")
        let callRule = "    select: { call: { name: track } }\n    only: { name: x }\n    fix: { remove: true, safety: unsafe }\n"
        #expect(try fixed(callRule, "func go() {\n    track(); foo()\n    track()\n}\n") == "func go() {\n    foo()\n}\n")
        let memberRule = "    select: { member: { name: other } }\n    only: { name: x }\n    fix: { remove: true, safety: unsafe }\n"
        #expect(try fixed(memberRule, "final class A {\n    var listener: L?, other: L?\n}\n") == "final class A {\n    var listener: L?, other: L?\n}\n")
        let documented = "final class A {\n    /// The other.\n    // ribslint:disable:next probe\n    var other: L?\n    var kept = 1\n}\n"
        let removeAll = "    select: { member: { name: kept } }\n    only: { name: x }\n    fix: { remove: true, safety: unsafe }\n"
        #expect(try fixed(removeAll, documented.replacingOccurrences(of: "    // ribslint:disable:next probe\n", with: ""))
            == "final class A {\n    /// The other.\n    var other: L?\n}\n")
        let removeOther = "    select: { member: { name: other } }\n    only: { name: x }\n    fix: { remove: true, safety: unsafe }\n"
        #expect(try fixed(removeOther, "final class A {\n    /// The other.\n    var other: L?\n    var kept = 1\n}\n") == "final class A {\n    var kept = 1\n}\n",
                "its doc comment goes with it")
        #expect(try fixed(removeOther, "final class A {\n    // MARK: - State\n    \n    var other: L?\n}\n") == "final class A {\n    // MARK: - State\n    \n}\n",
                "a MARK and a blank line of spaces stay")
        let implicitReturn = "    select: { call: { name: track } }\n    only: { name: x }\n    fix: { remove: true, safety: unsafe }\n"
        #expect(try fixed(implicitReturn, "func g() -> Bool { track() }\n") == "func g() -> Bool { track() }\n", "a body's only expression may be what it returns")
        let scoped = "    select: { file: {} }\n    forbid: { import: { name: UIKit } }\n    fix: { replace: SwiftUI, safety: unsafe }\n"
        #expect(try fixed(scoped, "import struct UIKit.UIColor\n") == "import struct SwiftUI.UIColor\n")
        let renamed = "    select: { call: { name: HomeRouter } }\n    only: { name: x }\n    fix: { replace: MockRouter, safety: unsafe }\n"
        #expect(try fixed(renamed, "let r: HomeRouter = .init(i: 1)\nlet s = HomeRouter(i: 2)\n") == "let r: HomeRouter = .init(i: 1)\nlet s = MockRouter(i: 2)\n")
    }

    @Test("a call query that spells a name finds, from where it is spelt, what a walk of every call finds")
    func callsFoundWhereSpelt() throws {
        // `*Service` has a run; `/^.*[S][e][r][v][i][c][e]$/` accepts the same names and has none, so its calls come from a walk.
        let source = """
            import Foundation
            #if canImport(PayService)
            import PayService
            #endif
            // PayService() in a comment, "PayService()" in a string
            final class CheckoutInteractor {
                let direct = PayService()
                let generic = CacheService<Int>()
                let qualified = Payments.CardService(key: 1)
                let explicit = PayService.init()
                let nested = Payments.CardService.init(key: 2)
                let specialized = CacheService<Int>.init()
                let annotated: PayService = .init()
                let optional: LedgerService? = .init()
                let wrapped: Box<AuditService> = .init()
                func go() {
                    makeService()
                    self.sessionService.start()
                    #if DEBUG
                    _ = DebugService()
                    #endif
                    #if false
                    _ = NeverService()
                    #endif
                    let closure = { TrailingService() }
                    _ = closure
                }
            }
            """
        func found(_ pattern: String) throws -> [String] {
            let yaml = """
                custom_rules:
                  named:
                    message: "{{subject}}"
                    select: { call: { name: "\(pattern)" } }
                    only: { name: "/^$/" }
                  made:
                    message: "{{match}} in {{subject}}"
                    select: { type: { kind: class } }
                    forbid: { call: { constructs: { name: "\(pattern)" } } }
                  counted:
                    message: "{{subject}} makes {{count}}"
                    select: { type: { kind: class } }
                    require: { call: { constructs: { name: "\(pattern)" } } }
                    count: { max: 0 }
                """
            return try places(yaml, [("App/Checkout.swift", source)])
        }
        let spelt = try found("*Service")
        #expect(spelt == (try found("/^.*[S][e][r][v][i][c][e]$/")))
        for made in ["PayService", "CacheService", "CardService", "LedgerService", "DebugService", "TrailingService"] {
            #expect(spelt.contains { $0.hasSuffix(" \(made) in CheckoutInteractor") }, "\(made) is made")
        }
        #expect(spelt.contains("App/Checkout.swift:6:13 CheckoutInteractor makes 10"), "a count holds no call of a clause never compiled")
        #expect(spelt.contains("App/Checkout.swift:17:9 makeService") && !spelt.contains { $0.contains("makeService in") },
                "a call named so, which makes no type")
        #expect(!spelt.contains { $0.contains("NeverService") || $0.contains("AuditService") || $0.contains(":2:") || $0.contains(":5:") },
                "nothing of a clause never compiled, of a condition, a comment or a string; a generic argument is not what `.init` makes")
    }

    @Test("what a name run may not claim: quantifier bounds, nested sets, operators beside a name, equivalent spellings, shared runs")
    func nameRunEdges() throws {
        func messages(_ rules: String, _ source: String) throws -> [String] {
            try findings("custom_rules:\n" + rules, [("App/Edges.swift", source)]).map(\.message).sorted()
        }
        // `{2,100}` bounds a quantifier and `abcdefgh` sits in a nested set: neither is text every match holds.
        let bounded = "  probe:\n    message: \"{{subject}}\"\n    select: { type: { kind: class } }\n    only: { name: \"/^[A-Z][A-Za-z0-9]{2,100}$/\" }\n"
        #expect(try messages(bounded, "class HomeRouter {}\nclass x {}\n") == ["x"])
        let nested = "  probe:\n    message: \"{{subject}}\"\n    select: { type: { name: \"/^[[a-z]abcdefgh]+$/\" } }\n    only: { name: \"/^$/\" }\n"
        #expect(try messages(nested, "class abc {}\nclass Q {}\n") == ["abc"])
        let bracketFirst = "  probe:\n    message: \"{{subject}}\"\n    select: { type: { name: \"/^[[]x]abc]$/\" } }\n    only: { name: \"/^$/\" }\n"
        #expect(try messages(bracketFirst, "class x {}\nclass y {}\n") == ["x"], "a `]` first in a nested set is itself")
        // An operator's name may touch a word.
        let equality = "  probe:\n    message: \"{{subject}}\"\n    select: { member: { name: \"==\" } }\n    only: { name: \"/^$/\" }\n"
        #expect(try messages(equality, "struct A { static func==(l: A, r: A) -> Bool { true } }\n") == ["=="])
        // An operator character beside a name does not extend it.
        let operators = "  probe:\n    message: \"{{subject}}\"\n    select: { reference: { name: ProfileViewController } }\n    only: { name: \"/^$/\" }\n"
        #expect(try messages(operators, "infix operator ×\nlet a = ProfileViewController.count\nlet b = 2×ProfileViewController.count\n").count == 2)
        // Names compare by their scalars, as a glob does: a composed é is not an e and a combining accent.
        let spelt = "  probe:\n    message: \"{{subject}}\"\n    select: { type: { name: \"Caf\u{E9}\" } }\n    only: { name: \"/^$/\" }\n"
        #expect(try messages(spelt, "class Caf\u{E9} {}\nclass Cafe\u{301} {}\n") == ["Caf\u{E9}"])
        // A run holding `<` and `>` is its own (the first rule's `<Int>` is not the second's `Int`, anchored at both
        // ends): two runs never share a search.
        let shared = """
              a_generic:
                message: "{{subject}}"
                select: { type: { name: "*<Int>*" } }
                only: { name: "/^$/" }
              b_counts:
                message: "{{match}}"
                select: { type: { kind: class } }
                forbid: { reference: { name: Int } }

            """
        #expect(try messages(shared, "class A { let n: Int = 0 }\n") == ["Int"])
    }

    @Test("a call or reference inside another is a descendant, and of two starting together the enclosing one comes first")
    func expressionsInsideExpressions() throws {
        func messages(_ pattern: String, _ rules: String, _ source: String) throws -> [String] {
            try findings("custom_rules:\n" + rules.replacingOccurrences(of: "PATTERN", with: pattern), [("App/Calls.swift", source)]).map(\.message)
        }
        let count = """
              probe:
                message: "{{subject}} holds {{count}}"
                select: { reference: { name: makeBuilder } }
                require: { call: { name: "PATTERN" } }
                count: { max: 0 }

            """
        for pattern in ["makeBuilder", "/^(makeBuilder)$/"] {
            #expect(try messages(pattern, count, "let b = makeBuilder()\n").isEmpty, "a reference holds no call (\(pattern))")
        }
        let chained = """
              probe:
                message: "{{match}} made in {{subject}}"
                select: { call: { name: "make*" } }
                forbid: { call: { constructs: { name: "PATTERN" } } }

            """
        for pattern in ["*Router", "/^.*[R][o][u][t][e][r]$/"] {
            #expect(try messages(pattern, chained, "let x = makeA(HomeRouter()).makeB()\n") == ["HomeRouter made in makeB"], "\(pattern)")
        }
    }

    @Test("name globs of each shape and in: patterns whose ** stands for no folder select what they say")
    func patternShapes() throws {
        let types = [("App/Types.swift", "class Router {}\nclass LoginRouter {}\nclass RouterLogin {}\nclass Ro {}\nclass LoginRouterImpl {}\nclass Röuter {}\n")]
        func named(_ pattern: String) throws -> [String] {
            try findings("custom_rules:\n  probe:\n    message: \"{{subject}}\"\n    select: { type: { name: \"\(pattern)\" } }\n    only: { name: \"/^$/\" }\n", types)
                .map(\.message)
        }
        #expect(try named("Router") == ["Router"])
        #expect(try named("Login*") == ["LoginRouter", "LoginRouterImpl"])
        #expect(try named("*Router") == ["Router", "LoginRouter"])
        #expect(try named("*Router*") == ["Router", "LoginRouter", "RouterLogin", "LoginRouterImpl"])
        #expect(try named("L?gin*r") == ["LoginRouter"])
        #expect(try named("R?uter") == ["Router", "Röuter"], "? is one character, however many bytes")
        #expect(try named("/^R.?o/") == ["Router", "RouterLogin", "Ro"])
        #expect(try named("/Router$/") == ["Router", "LoginRouter"])
        let files = [("App/Features/Interface/A.swift", "class A {}\n"), ("App/Features/Pay/Interface/B.swift", "class B {}\n"),
                     ("App/Features/Pay/C.swift", "class C {}\n")]
        let placed = try findings(
            "custom_rules:\n  probe:\n    message: \"{{subject}}\"\n    select: { type: { in: \"Features/**/Interface/**\" } }\n    only: { name: \"/^$/\" }\n", files)
        #expect(placed.map(\.message) == ["A", "B"])
    }

    @Test("in: patterns match and capture as the regular expression they stand for: leftmost start, longest pieces first")
    func pathPatternsAsRegularExpressions() throws {
        // The regular expression a pattern stands for (`PathPattern.match`'s documentation): the oracle.
        func expression(_ pattern: String) -> NSRegularExpression {
            var text = "(?:^|/)"
            var characters = Array(pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern)
            while characters.last == "/" { characters.removeLast() }
            var index = 0
            while index < characters.count {
                switch characters[index] {
                case "*" where index + 1 < characters.count && characters[index + 1] == "*":
                    let slash = index + 2 < characters.count && characters[index + 2] == "/"
                    text += slash ? "(?:.*/)?" : ".*"
                    index += slash ? 3 : 2
                    continue
                case "*": text += "[^/]*"
                case "?": text += "[^/]"
                case "{":
                    text += "([^/]+)"
                    index = characters[index...].firstIndex(of: "}")! + 1
                    continue
                default: text += NSRegularExpression.escapedPattern(for: String(characters[index]))
                }
                index += 1
            }
            return try! NSRegularExpression(pattern: text + "(?:/.*)?$")
        }
        func oracle(_ pattern: String, _ names: [String], _ path: String) -> [String: String]? {
            guard let result = expression(pattern).firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) else { return nil }
            var values: [String: String] = [:]
            for (offset, name) in names.enumerated() {
                // By UTF-16 offsets: a capture may end inside a character (`e` of a decomposed `é`, `\r` of `\r\n`).
                let capture = result.range(at: offset + 1)
                if capture.location != NSNotFound { values[name] = (path as NSString).substring(with: capture) }
            }
            return values
        }
        let patterns = [
            "Features/{feature}/Interface/**", "Modules/{module}/**", "**/Sources/**", "Tests/**", "**/{a}/{b}", "{a}*{b}", "{a}{b}",
            "Features/**/Interface", "**", "*", "?", "{name}", "A?c/**/d*", "./App/", "**/x/**/y", "a**b", "{a}/**/{b}.swift",
            "Pay*/{x}", "Résumé/**", "x?/y", "R?sum?/{a}", "{a}é/**", "x/**", "**/y", "x/y?", "x/{a}?",
            // Folders and everything under them, matched without the general matcher where the path is one line of ASCII:
            // `**/` first takes as many folders as it can, so its captures are the last place's.
            "**/Sources/{target}/**", "{a}/Sources/**", "Modules/{module}/Sources/**", "**/{a}/x/**", "Sources/**", "**/a/b/**",
        ]
        let paths = [
            "Features/Pay/Interface/A.swift", "App/Features/Pay/Interface/B.swift", "Features/Pay/Impl/C.swift",
            "Modules/Core/Sources/Core/X.swift", "Modules/Core", "Modules/", "/Modules/Core/Y.swift", "Tests/ATests.swift",
            "App/Tests/ATests.swift", "a/b/c/d/e", "abc", "a//b", "Abc/d/e/dz", "App/x.swift", "./App/x.swift", "x/y", "q/x/m/n/y/z",
            "ab", "a/b", "axxb", "a/x/b.swift", "Payments/one", "Résumé/a.swift", "Re\u{301}sume\u{301}/a.swift", "x😀/y", "x/y\n",
            "x/y\r\n", "x\ny/z", "", "/", "Features/Pay/Interface", "x\u{2028}q/y", "x/y\u{85}", "Résumé/é/a", "x/😀😀/y", "x/\u{2029}",
            "A/Sources/X/Sources/Y/f.swift", "Sources/X/Sources/Y/f", "Modules/a/Modules/b/Sources/c", "q/x/x/x/z", "a/b/a/b/c", "Sources/",
            "Sources/X/", "x/Sources/\n/y", "Modules/é/Sources/a",
        ]
        for pattern in patterns {
            let compiled = try PathPattern(pattern)
            for path in paths {
                #expect(compiled.match(path) == oracle(pattern, compiled.captures, path), "\(pattern) on \(path.debugDescription)")
                #expect(compiled.accepts(path) == (compiled.match(path) != nil), "accepts: \(pattern) on \(path.debugDescription)")
            }
        }
        // Each piece is tried once at each place: twelve `**` over 300 characters answer at once, where trying
        // every way to split the path among them would not end.
        let hostile = try PathPattern(String(repeating: "**a", count: 12) + "**b")
        let long = String(repeating: "a", count: 300)
        #expect(hostile.match(long) == nil)
        #expect(hostile.match(long + "b") == [:])
    }

    @Test("a reference query that spells a name finds, from where it is spelt, what a walk of every expression finds")
    func referencesFoundWhereSpelt() throws {
        // `*Kit` has a run (`Kit`, ending a name): its references are looked up where `Kit` is spelt. `/^.*[K]it$/`
        // accepts the same names and has no run of three letters outside a class: its references come from a walk.
        let source = """
            import UIKit
            #if canImport(FooKit)
            import FooKit
            #endif
            // FooKit in a comment, "FooKit" in a string
            final class Screen: BaseKit<FooKit>, `BarKit` {
                let kit: Outer.FooKit = FooKit()
                var view: FooKitView?
                func go() {
                    _ = self.toolKit.value
                    let local: [String: FooKit] = [:]
                    #if DEBUG
                    print(DebugKit.shared, local)
                    #else
                    print(ReleaseKit.shared)
                    #endif
                    #if false
                    _ = NeverKit()
                    #endif
                }
                struct Nested { let inner: InnerKit }
            }
            let top = `TopKit`.make(FooKit.self)
            """
        func found(_ pattern: String) throws -> [String] {
            let yaml = """
                custom_rules:
                  everywhere:
                    message: "{{kind}} {{subject}}"
                    select: { reference: { name: "\(pattern)" } }
                    only: { name: "/^$/" }
                  in_classes:
                    message: "{{match}} in {{subject}}"
                    select: { type: { kind: class } }
                    forbid: { reference: { name: "\(pattern)", not: { name: "Base*" } } }
                """
            return try places(yaml, [("App/Screen.swift", source)])
        }
        let spelt = try found("*Kit")
        #expect(spelt == (try found("/^.*[K]it$/")))
        #expect(spelt.contains("App/Screen.swift:13:15 type DebugKit") && spelt.contains("App/Screen.swift:15:15 ReleaseKit in Screen"))
        #expect(spelt.contains("App/Screen.swift:7:20 FooKit in Screen") && spelt.contains("App/Screen.swift:10:18 member toolKit"))
        #expect(spelt.contains("App/Screen.swift:6:38 BarKit in Screen") && spelt.contains("App/Screen.swift:23:11 type TopKit"),
                "a name in backticks is the name")
        #expect(!spelt.contains { $0.contains("BaseKit in") }, "the forbidden query's own conditions hold")
        #expect(!spelt.contains { $0.contains("NeverKit") || $0.contains("FooKitView") || $0.contains(":2:") },
                "nothing of a clause never compiled, of a condition, or of a longer name")
        #expect(spelt.filter { $0.hasPrefix("App/Screen.swift:5:") }.isEmpty, "nothing in a comment or a string")
    }

    @Test("only: a subject is reported where it fails the assertion, whichever condition is judged first")
    func onlyJudgedWithItsFailure() throws {
        // The failure of `only: { not: { role: router } }` is being a router: judged before the project's conformances,
        // and a file without a router is passed over. The findings are those of judging the selection, then the assertion.
        let sources: [(path: String, text: String)] = [
            ("Listeners.swift", "protocol ChildListener: AnyObject {}\nprotocol HomeInteractable: ChildListener {}\n"),
            ("HomeRouter.swift", "import RIBs\nfinal class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeInteractable {}\n"),
            ("HomeInteractor.swift", "import RIBs\nfinal class HomeInteractor: Interactor, HomeInteractable {}\nfinal class Plain: HomeInteractable {}\n"),
            ("Tests/HomeTests.swift", "import RIBs\nfinal class TestRouter: Router<HomeInteractable>, HomeInteractable {}\n"),
        ]
        #expect(try places("""
            custom_rules:
              listeners_are_no_routers:
                message: "{{subject}}"
                select: { type: { conforms: "*Listener", kind: class } }
                only: { not: { role: router } }
            """, sources) == ["HomeRouter.swift:2:13 HomeRouter", "Tests/HomeTests.swift:2:13 TestRouter"])
        // A failure on the file's path alone passes over the files that cannot fail.
        #expect(try places("""
            custom_rules:
              routers_outside_tests:
                message: "{{subject}}"
                select: { type: { role: router } }
                only: { in: "Tests/**" }
            """, sources) == ["HomeRouter.swift:2:13 HomeRouter"])
    }

    @Test("types nested in classes, extensions and #if clauses are subjects, as at the top level; none is read in a protocol")
    func nestedDeclarations() throws {
        func names(_ code: String) throws -> [String] {
            try findings("custom_rules:\n  probe:\n    message: \"{{subject}}\"\n    select: { type: {} }\n    only: { name: \"/^$/\" }\n",
                         [("A.swift", code)]).map(\.message)
        }
        #expect(try names("final class A {\n    var x = 1\n    enum Inner { case a }\n}\n") == ["A", "Inner"])
        #expect(try names("extension A {\n    #if DEBUG\n    struct Probe {}\n    #endif\n}\n") == ["A", "Probe"])
        #expect(try names("extension [Int] {\n    struct Chunk {}\n}\n") == ["[Int]", "Chunk"])
        // Swift nests no type in a protocol (and the file model does not look there): such a type is not read, whether
        // or not the file nests types elsewhere.
        #expect(try names("protocol P {\n    class Q {}\n}\nfinal class R {}\n") == ["P", "R"])
        #expect(try names("protocol P {\n    class Q {}\n}\nfinal class R {\n    enum E {}\n}\n") == ["P", "R", "E"])
        #expect(try names("final class A {\n    var x = 1\n    func f() { struct Local {} }\n}\n") == ["A"], "a body is never entered")
    }

    @Test("members, access and constructions as Swift reads them")
    func swiftSemantics() throws {
        func names(_ select: String, _ code: String) throws -> [String] {
            try findings("custom_rules:\n  probe:\n    message: \"{{subject}}\"\n    select: \(select)\n    only: { name: \"/^$/\" }\n", [("A.swift", code)]).map(\.message)
        }
        #expect(try names("{ member: {} }", "func go() {\n#if DEBUG\n    var local = 1\n#endif\n}\n#if DEBUG\nvar global = 1\n#endif\n") == ["go", "global"])
        #expect(try names("{ member: { access: public } }", "public protocol Service { func fetch() }\nprotocol Other { func other() }\n") == ["fetch"])
        #expect(try names("{ member: { access: fileprivate } }", "private extension A { func helper() {} }\n") == ["helper"])
        let code = "import RIBs\nfinal class HomeRouter: Router<I> {}\nfunc build() {\n    let c: HomeRouter = .init(interactor: i)\n    _ = Module.HomeRouter(interactor: i)\n    _ = HomeRouter.init(interactor: i)\n    let d: HomeRouter? = .init(interactor: i)\n}\n"
        #expect(try findings("""
            custom_rules:
              probe:
                message: "{{count}}"
                select: { member: { name: build } }
                require: { call: { constructs: { role: router } } }
                count: 0
            """, [("A.swift", code)]).map(\.message) == ["4"])
        #expect(try names("{ type: { name: Protocol } }", "final class `Protocol` {}\n") == ["Protocol"], "a name is read without its backticks")
    }

    @Test("test-rules passes on Examples' configuration and fails, exit 1, on missed, noisy, misplaced and wrongly fixed examples")
    func testRules() throws {
        let examples = try runRibslint(["test-rules"], in: Self.repository)
        #expect(examples.status == 0, "\(examples.stdout)\(examples.stderr)")
        #expect(examples.stdout.split(separator: "\n").count == 5 && !examples.stdout.contains("warning:"), "\(examples.stdout)")

        let root = try makeProject([
            ".ribslint.yml": "custom_rules:\n" + Self.listenerIsWeak + """
                    examples:
                      - bad: "import RIBs\\nfinal class AI: Interactor { var ↓listener: L? }"
                      - bad: "import RIBs\\nfinal class AI: Interactor { ↓var listener: L? }"
                      - bad: "import RIBs\\n↓final class AI: Interactor { weak var listener: L? }"
                      - bad: "import RIBs\\nfinal class AI: Interactor { var ↓listener: L? }"
                        fixed: "import RIBs\\nfinal class AI: Interactor { var listener: L? }"
                      - good: "import RIBs\\nfinal class AI: Interactor { var listener: L? }"
                  unused_probe:
                    message: m
                    select: { type: { name: Nothing } }
                    only: { kind: class }
                """,
        ])
        let run = try runRibslint(["test-rules"], in: root)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("listener_is_weak: validated") })
        #expect(lines.contains { $0.contains("error: listener_is_weak: wrong position: bad: expected at 2:30, reported at 2:34") })
        #expect(lines.contains { $0.contains("error: listener_is_weak: missed: bad: no finding at 2:1") })
        #expect(lines.contains { $0.contains("error: listener_is_weak: wrong fix: 'fixed' expects") })
        #expect(lines.contains { $0.contains("error: listener_is_weak: noisy: good: a finding at 2:34") })
        #expect(lines.contains { $0.contains("warning: unused_probe: it has no examples") })
        #expect(lines.contains { $0.contains("warning: unused_probe: it selects nothing in this project") })
    }

    @Test("the cookbook of Docs/custom-rules.md is a valid configuration whose examples all pass")
    func cookbook() throws {
        let page = try String(contentsOf: Self.repository.appendingPathComponent("Docs/custom-rules.md"), encoding: .utf8)
        let cookbook = try #require(page.components(separatedBy: "## Cookbook").last?.components(separatedBy: "```yaml\n").dropFirst().first)
        let yaml = String(try #require(cookbook.components(separatedBy: "```").first))
        let root = try makeProject([".ribslint.yml": yaml])
        let run = try runRibslint(["test-rules", "--examples-only"], in: root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 10 && run.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix(": validated") })

        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Custom rules").dropFirst().first?.components(separatedBy: "```yaml\n").dropFirst().first)
        let example = try makeProject([".ribslint.yml": String(try #require(section.components(separatedBy: "```").first))])
        let readmeRun = try runRibslint(["test-rules", "--examples-only"], in: example)
        #expect(readmeRun.status == 0 && readmeRun.stdout.hasSuffix("interactor_listener_is_weak: validated\n"), "\(readmeRun.stdout)\(readmeRun.stderr)")
    }

    @Test("explain prints what a rule selects, with roles, and where it reports")
    func explain() throws {
        let root = try makeProject([
            ".ribslint.yml": "custom_rules:\n  listener_is_weak:\n    message: \"{{subject}} is strong\"\n    select: { member: { role: interactor, name: listener } }\n    only: { attribute: weak }\n",
            "AInteractor.swift": "import RIBs\nfinal class AInteractor: Interactor {\n    var listener: AListener?\n}\n",
            "BInteractor.swift": "import RIBs\nfinal class BInteractor: Interactor {\n    weak var listener: BListener?\n}\n",
        ])
        let run = try runRibslint(["explain", "listener_is_weak"], in: root)
        #expect(run.stdout.split(separator: "\n").dropFirst() == [
            "AInteractor.swift:3:9: selected var listener (role interactor)",
            "BInteractor.swift:3:14: selected var listener (role interactor)",
            "AInteractor.swift:3:9: reported: listener is strong",
        ], "\(run.stdout)\(run.stderr)")
        #expect(try runRibslint(["explain", "listener_is_weakk"], in: root).stderr.contains("did you mean 'listener_is_weak'?"))
    }
}
