import Foundation
import RibsLintKit
import RibsLintRules
import Testing

@Suite("Configuration")
struct ConfigurationTests {
    func parse(_ yaml: String) throws(UsageError) -> Configuration {
        try Configuration.parse(yaml: yaml, path: "cfg.yml", catalog: RuleRegistry.catalog, rootDirectory: "/root")
    }

    /// The error a configuration stops a run with: when it is read, or when its rules are chosen (a rule id it names
    /// that no configuration above it defines either).
    func failure(_ yaml: String) -> String {
        do {
            _ = try RuleSet(configuration: try parse(yaml), catalog: RuleRegistry.catalog)
            return "no error"
        } catch {
            return error.message
        }
    }

    @Test("every documented key is read")
    func keys() throws {
        let configuration = try parse("""
            profile: ribs
            included: [App, Modules]
            excluded: ["**/Generated/**"]
            disabled_rules: [super_call_mismatch]
            opt_in_rules: []
            reporter: sarif
            rules:
              router_ui_access:
                severity: warning
                hierarchy_methods: ["present*"]
              create_mock_annotation:
                scope: all_protocols
            """)
        #expect(configuration.included == ["App", "Modules"])
        #expect(configuration.excluded == ["**/Generated/**"])
        #expect(configuration.disabledRules == ["super_call_mismatch"])
        #expect(configuration.reporter == "sarif")
        #expect(configuration.ruleSettings["router_ui_access"]?.severity == .warning)
        #expect(configuration.ruleSettings["router_ui_access"]?.options["hierarchy_methods"] == .stringList(["present*"]))
        #expect(configuration.ruleSettings["create_mock_annotation"]?.options["scope"] == .string("all_protocols"))
    }

    @Test("mistakes stop the run with the file, line and column")
    func errors() {
        #expect(failure("includd: [App]") .hasPrefix("cfg.yml:1:1: error: unknown key 'includd'"))
        #expect(failure("disabled_rules:\n  - router_ui_acess").hasPrefix("cfg.yml:2:5: error: unknown rule 'router_ui_acess'"))
        #expect(failure("rules:\n  nope: {}").hasPrefix("cfg.yml:2:3: error: unknown rule 'nope'"))
        #expect(failure("rules:\n  router_ui_access:\n    severity: fatal").hasPrefix("cfg.yml:3:15: error: 'severity' must be one of"))
        #expect(failure("rules:\n  router_ui_access:\n    colour: red").hasPrefix("cfg.yml:3:5: error: unknown option 'colour'"))
        #expect(failure("rules:\n  create_mock_annotation:\n    scope: everything").contains("must be one of rib_protocols, all_protocols"))
        #expect(failure("included: {a: b}").hasPrefix("cfg.yml:1:11: error: 'included' must be a list of strings"))
        #expect(failure("reporter: html").contains("'reporter' must be one of"))
        #expect(failure("profile: android").contains("'profile' must be one of"))
        #expect(failure("included: [App\nexcluded: []").hasPrefix("cfg.yml:"))
        #expect(failure("included: [App\nexcluded: []").contains("invalid YAML"))
        #expect(failure("- a\n- b").contains("must be a mapping"))
        #expect(failure("roles:\n  presenterz: {}").contains("unknown key 'presenterz' in 'roles'"))
        // Every mistake with its line and column, lists never taken for scalars.
        #expect(failure("excluded: [a]\nexcluded: [b]") == "cfg.yml:2:1: error: this mapping sets 'excluded' more than once")
        // At the second occurrence, nested mappings and other keys between included.
        #expect(failure("profile: ribs\nrules:\n  weak_listener:\n    severity: warning\n  weak_listener:\n    severity: error\n")
            == "cfg.yml:5:3: error: this mapping sets 'weak_listener' more than once")
        #expect(failure("profile: ribs\nrules:\n  weak_listener: {}\n\"profile\": viper\n") == "cfg.yml:4:1: error: this mapping sets 'profile' more than once")
        #expect(failure("excluded: [a\u{1}]") == "cfg.yml:1:13: error: invalid YAML: control characters are not allowed")
        #expect(failure("excluded: 3") == "cfg.yml:1:11: error: 'excluded' must be a list of strings, such as [3]")
        #expect(failure("rules:\n  router_ui_access:\n    hierarchy_methods: 5")
            == "cfg.yml:3:24: error: 'hierarchy_methods' must be a list of strings, such as [5]")
    }

    @Test("an empty file is the default configuration")
    func empty() throws {
        let configuration = try parse("")
        #expect(configuration.included == ["."])
        #expect(configuration.reporter == "xcode")
    }

    @Test("only, opt-in and disabled rules choose the rule set")
    func ruleSelection() throws {
        var configuration = try parse("disabled_rules: [super_call_mismatch]")
        var ids = try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog).entries.map(\.id)
        #expect(!ids.contains("super_call_mismatch"))
        #expect(ids.contains("router_ui_access"))
        configuration = try parse("only_rules: [router_ui_access]")
        ids = try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog).entries.map(\.id)
        #expect(ids == ["router_ui_access"])
        ids = try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog, onlyRules: ["super_call_mismatch"])
            .entries.map(\.id)
        #expect(ids == ["super_call_mismatch"])
        #expect(throws: UsageError.self) {
            try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog, onlyRules: ["no_such_rule"])
        }
    }

    @Test("the profile chooses the default rules")
    func profiles() throws {
        func ids(_ yaml: String) throws -> Set<String> {
            Set(try RuleSet(configuration: try parse(yaml), catalog: RuleRegistry.catalog)
                .enabledDescriptions.map(\.id))
        }
        let ribs = try ids("profile: ribs")
        #expect(ribs.contains("router_child_reference"))
        #expect(ribs.contains("rib_cycle"))
        #expect(!ribs.contains("weak_self_capture"))
        let composable = try ids("profile: composable-ribs")
        #expect(!composable.contains("router_child_reference"))
        #expect(composable.contains("super_call_mismatch"))
        #expect(composable.contains("unused_suppression"))
        #expect(try ids("profile: composable-ribs\nopt_in_rules: [router_child_reference]").contains("router_child_reference"))
    }

    @Test("a severity override reaches the findings")
    func severity() throws {
        var configuration = try parse("rules:\n  router_child_reference:\n    severity: warning")
        configuration.onlyRules = ["router_child_reference"]
        let ruleSet = try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog)
        let findings = Linter(configuration: configuration, ruleSet: ruleSet, jobs: 1).lint(
            source: "final class A: Router<I> { var child: ChildRouting? }", path: "A.swift", project: ProjectFacts())
        #expect(findings.map(\.severity) == [.warning])
    }

    /// A view controller as Uber's RIB Xcode template generates it (written here by hand).
    static let templateViewController = """
        import RIBs
        import RxSwift
        import UIKit

        protocol CartPresentableListener: AnyObject {}

        final class CartViewController: UIViewController, CartPresentable, CartViewControllable {
            weak var listener: CartPresentableListener?
        }
        """

    func templateFindings(_ yaml: String) throws -> [String] {
        let configuration = try parse(yaml)
        let ruleSet = try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog)
        return Linter(configuration: configuration, ruleSet: ruleSet, jobs: 1)
            .lint(source: Self.templateViewController, path: "Cart/CartViewController.swift", project: ProjectFacts())
            .map { "\($0.line):\($0.ruleID)" }
    }

    @Test("`conventions: uber-template` accepts Uber's template view controller; each of its rules can be opted back into")
    func uberTemplateConvention() throws {
        #expect(try templateFindings("profile: ribs") == ["5:protocol_placement", "7:swiftui_presenter", "8:presenter_listener"])
        #expect(try templateFindings("conventions: uber-template") == [])
        #expect(try templateFindings("conventions: uber-template\nopt_in_rules: [presenter_listener]") == ["8:presenter_listener"])
        // An explicit option wins over the convention's default.
        #expect(try templateFindings("""
            conventions: uber-template
            rules:
              protocol_placement:
                presentable_listener_file: interactor
            """) == ["5:protocol_placement"])
        // A folder's configuration may choose the convention for its RIBs; a folder switching profile drops it.
        let base = try parse("profile: ribs"), templated = try parse("conventions: uber-template")
        #expect(base.layered(with: templated, catalog: RuleRegistry.catalog).conventions == "uber-template")
        #expect(templated.layered(with: try parse("profile: viper"), catalog: RuleRegistry.catalog).conventions == nil)
        #expect(templated.layered(with: try parse("excluded: [A]"), catalog: RuleRegistry.catalog).conventions == "uber-template")
        #expect(failure("profile: viper\nconventions: uber-template") == "cfg.yml:2:1: error: profile 'viper' has no conventions to choose from")
        #expect(failure("conventions: uber").hasPrefix("cfg.yml:1:14: error: 'conventions' must be one of uber-template"))
    }

    @Test("Docs/ribslint-config.schema.json is the schema made from what the reader accepts (RIBSLINT_BLESS=1 swift test rewrites it)")
    func schema() throws {
        let file = SnapshotTests.repository.appendingPathComponent("Docs/ribslint-config.schema.json")
        let made = ConfigurationSchema.json(catalog: RuleRegistry.catalog)
        if ProcessInfo.processInfo.environment["RIBSLINT_BLESS"] == "1" { try Data(made.utf8).write(to: file) }
        #expect(try String(contentsOf: file, encoding: .utf8) == made, "RIBSLINT_BLESS=1 swift test --filter Configuration rewrites it")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(made.utf8)) as? [String: Any])
        let keys = Set((schema["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        #expect(keys.isSuperset(of: ["profile", "rules", "custom_rules", "roles", "only_rules"]) && schema["additionalProperties"] as? Bool == false)
    }

    @Test("the README's example .ribslint.yml is a valid configuration, every key of it")
    func readmeExample() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Configuration: `.ribslint.yml`"))
        let start = try #require(readme.range(of: "```yaml\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let configuration = try parse(String(readme[start.upperBound..<end.lowerBound]))
        #expect(configuration.docsURL == "https://wiki.example.com/ribslint/")
        #expect(configuration.conventions == "uber-template")
        #expect(configuration.reporter == "xcode")
    }
}
