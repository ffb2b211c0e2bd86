import Foundation
@testable import RibsLintKit
import Testing

/// A team coming from SwiftLint brings its habits: each difference gets the ribslint way, not a bare refusal.
@Suite("Coming from SwiftLint")
struct SwiftLintUsersTests {
    static let router = "import RIBs\nfinal class LoginRouter: Router<LoginInteractable> {\n    var child: ChildRouting?\n}\n"

    /// The first line ribslint prints on standard error for a project with this configuration.
    func refusal(_ configuration: String) throws -> String {
        let root = try makeProject(["LoginRouter.swift": Self.router, ".ribslint.yml": configuration])
        let run = try runRibslint(["--no-cache"], in: root)
        #expect(run.status == 2, "\(configuration)")
        return String(run.stderr.split(separator: "\n").first ?? "")
    }

    @Test("configuration keys: a typo, SwiftLint's spelling, SwiftLint-only keys, a rule block out of `rules:`, an unknown rule id")
    func configurationKeys() throws {
        #expect(try refusal("disabled_rule: [weak_listener]\n").hasSuffix("1:1: error: unknown key 'disabled_rule'; did you mean 'disabled_rules'?"))
        #expect(try refusal("allow_zero_lintable_files: true\n").hasSuffix("error: unknown key 'allow_zero_lintable_files' (SwiftLint's); ribslint's is 'allow_zero_files'"))
        #expect(try refusal("swiftlint_version: 0.50\n").hasSuffix("error: unknown key 'swiftlint_version' (SwiftLint's); ribslint's is 'ribslint_version'"))
        #expect(try refusal("warning_threshold: 3\n").hasSuffix("error: unknown key 'warning_threshold', a SwiftLint key: use `strict: true` to fail on warnings"))
        #expect(try refusal("router_child_reference:\n  severity: warning\n").hasSuffix(
            "error: 'router_child_reference' is a rule: its settings go under 'rules:' (rules: {router_child_reference: {severity: warning}})"))
        #expect(try refusal("router_child_refrence: {}\n").hasSuffix(
            "error: unknown key 'router_child_refrence'; did you mean the rule 'router_child_reference'? Its settings go under 'rules:'"))
        let unrelated = try refusal("line_length: 120\n")
        #expect(unrelated.contains("unknown key 'line_length'; known keys: allow_zero_files, ") && unrelated.hasSuffix("(a rule's settings go under 'rules:')"))
        #expect(try refusal("opt_in_rules: [weak_listenr]\n").hasSuffix(
            "1:16: error: unknown rule 'weak_listenr' in 'opt_in_rules' (did you mean 'weak_listener'?); `ribslint rules` lists them, and 'custom_rules' defines a project's own"))
        #expect(try refusal("rules:\n  router_child_referense: {severity: warning}\n").hasSuffix(
            "2:3: error: unknown rule 'router_child_referense' in 'rules' (did you mean 'router_child_reference'?); `ribslint rules` lists them"))
    }

    @Test("`strict: true` fails a run on warnings as --strict does; without it warnings pass")
    func strictKey() throws {
        let warning = "rules:\n  router_child_reference: {severity: warning}\n"
        let lenient = try makeProject(["LoginRouter.swift": Self.router, ".ribslint.yml": warning])
        #expect(try runRibslint(["--no-cache"], in: lenient).status == 0)
        let strict = try makeProject(["LoginRouter.swift": Self.router, ".ribslint.yml": warning + "strict: true\n"])
        let run = try runRibslint(["--no-cache"], in: strict)
        #expect(run.status == 1 && run.stdout.contains("warning: router stores child router 'child'"))
        #expect(try refusal("strict: sometimes\n").contains("'strict'"))
        // A module's own configuration takes `strict` from the project's above, as it takes `baseline`.
        let project = try makeProject([
            ".ribslint.yml": warning + "strict: true\n", "Mod/.ribslint.yml": warning, "Mod/LoginRouter.swift": Self.router,
        ])
        try FileManager.default.createDirectory(at: project.appendingPathComponent(".git"), withIntermediateDirectories: true)
        #expect(try runRibslint(["--no-cache"], in: project.appendingPathComponent("Mod")).status == 1)
        // The baseline's findings --show-baselined prints never fail the run, strict or not.
        try (warning + "strict: true\nbaseline: b.json\n").write(to: strict.appendingPathComponent(".ribslint.yml"), atomically: true, encoding: .utf8)
        #expect(try runRibslint(["baseline"], in: strict).status == 0)
        let shown = try runRibslint(["--no-cache", "--show-baselined"], in: strict)
        #expect(shown.status == 0 && shown.stdout.contains("(in the baseline)"), "\(shown.stdout)")
    }

    @Test("SwiftLint's flags get the ribslint way with exit 2; another command's own flag and a path after -- are left alone")
    func flags() throws {
        let root = try makeProject(["LoginRouter.swift": Self.router])
        for (arguments, hint) in [
            (["--write-baseline", "b.json"], "`ribslint baseline --output FILE`"),
            (["lint", "--lenient"], "set a rule's `severity: warning`"),
            (["--use-stdin"], "`--stdin-path PATH`"),
            (["--force-exclude"], "always applies `excluded`"),
            (["--path", "Sources"], "`ribslint lint PATH…`"),
            (["--autocorrect=true"], "`--fix`"),
            (["--format"], "does not format code"),
        ] {
            let run = try runRibslint(arguments, in: root)
            let flag = String((arguments.first == "lint" ? arguments[1] : arguments[0]).split(separator: "=")[0])
            #expect(run.status == 2 && run.stderr.hasPrefix("ribslint: error: unknown option '\(flag)' (SwiftLint's): "), "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(hint), "\(arguments): \(run.stderr)")
        }
        let graph = try runRibslint(["graph", "--format", "json", "."], in: root)
        #expect(graph.status == 0 && graph.stdout.hasPrefix("{"), "\(graph.stderr)")
        let path = try runRibslint(["lint", "--no-cache", "--", "--path"], in: root)
        #expect(path.status == 2 && path.stderr.contains("no such file or directory: --path"), "\(path.stderr)")
        let typo = try runRibslint(["rules", "weak_listenr"], in: root)
        #expect(typo.status == 2 && typo.stderr.contains("unknown rule 'weak_listenr' (did you mean 'weak_listener'?)"))
    }

    @Test("a suppression naming a rule with a typo is an unused_suppression finding that names the rule meant")
    func suppressionTypo() throws {
        let source = "import RIBs\nfinal class LoginRouter: Router<LoginInteractable> {\n    // ribslint:disable:next router_child_refrence\n    var child: ChildRouting?\n}\n"
        let root = try makeProject(["LoginRouter.swift": source])
        let run = try runRibslint(["--no-cache"], in: root)
        #expect(run.stdout.contains("suppression names unknown rule 'router_child_refrence' (did you mean 'router_child_reference'?); `ribslint rules` lists the ids"), "\(run.stdout)")
    }

    @Test("globs in `included`: folders and files by pattern beside plain paths; a listed path is linted whatever they say; warm runs and baselines agree")
    func includedGlobs() throws {
        let files = [
            "Apps/A/Sources/LoginRouter.swift", "Apps/A/Tests/LoginRouterTests.swift", "Apps/B/Sources/HomeRouter.swift", "Shared/CardRouter.swift",
        ]
        var project: [String: String] = [:]
        for path in files {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            project[path] = Self.router.replacingOccurrences(of: "LoginRouter", with: name + "X")
        }
        let root = try makeProject(project)
        func linted(_ included: String, _ arguments: [String] = ["--no-cache"]) throws -> [String] {
            try "included: \(included)\n".write(to: root.appendingPathComponent(".ribslint.yml"), atomically: true, encoding: .utf8)
            let run = try runRibslint(arguments, in: root)
            return run.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
        }
        #expect(try linted("[\"Apps/*/Sources\"]") == ["Apps/A/Sources/LoginRouter.swift", "Apps/B/Sources/HomeRouter.swift"])
        #expect(try linted("[\"Apps/**/*Router.swift\"]") == ["Apps/A/Sources/LoginRouter.swift", "Apps/B/Sources/HomeRouter.swift"])
        #expect(try linted("[\"Apps/*/Sources\", Shared]") == ["Apps/A/Sources/LoginRouter.swift", "Apps/B/Sources/HomeRouter.swift", "Shared/CardRouter.swift"])
        #expect(try linted("[\"**/*Tests.swift\"]") == ["Apps/A/Tests/LoginRouterTests.swift"])
        #expect(try linted("[\"Apps/*/Sources\"]", ["--no-cache", "Apps/A/Tests"]) == ["Apps/A/Tests/LoginRouterTests.swift"])
        // With a cache: the walk it records is the pattern's; another pattern walks again.
        let cache = ["--cache-path", root.appendingPathComponent("lint.cache").path]
        for _ in 0..<2 { #expect(try linted("[\"Apps/*/Sources\"]", cache).count == 2) }
        #expect(try linted("[\"Apps/**/*.swift\"]", cache).count == 3)
        #expect(try linted("[\"Apps/*/Sources\"]", cache).count == 2)
        #expect(try refusal("included: [\"Nope/*/Sources\"]\n").hasSuffix("1:12: error: 'included' names Nope/*/Sources, which does not exist"))
        // A pattern below a folder outside the configuration's, or an absolute one.
        let app = root.appendingPathComponent("Apps/A", isDirectory: true)
        try "included: [\"../B/**/*.swift\", \"\(root.standardizedFileURL.path)/Shared/*Router.swift\"]\n"
            .write(to: app.appendingPathComponent(".ribslint.yml"), atomically: true, encoding: .utf8)
        let outside = try runRibslint(["--no-cache", "--base-path", root.standardizedFileURL.path], in: app)
        #expect(outside.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) } == ["Apps/B/Sources/HomeRouter.swift", "Shared/CardRouter.swift"], "\(outside.stdout)")
        try FileManager.default.removeItem(at: app.appendingPathComponent(".ribslint.yml"))
        // A baseline of the whole project: a run over the pattern counts the files it leaves out neither new nor fixed.
        try "baseline: b.json\n".write(to: root.appendingPathComponent(".ribslint.yml"), atomically: true, encoding: .utf8)
        #expect(try runRibslint(["baseline"], in: root).status == 0)
        try "baseline: b.json\nincluded: [\"Apps/*/Sources\"]\n".write(to: root.appendingPathComponent(".ribslint.yml"), atomically: true, encoding: .utf8)
        let run = try runRibslint(["--no-cache", "--strict-baseline"], in: root)
        #expect(run.status == 0 && run.stderr.contains("(0 new, 2 in the baseline, 0 fixed)"), "\(run.stderr)")
    }

    @Test("the suggestion: near enough to be a typo, case and - ignored, the same whatever the order of the names")
    func closest() {
        #expect(DidYouMean.closest(to: "Disabled-Rules", in: ["disabled_rules", "only_rules"]) == "disabled_rules")
        #expect(DidYouMean.closest(to: "line_length", in: ["included", "excluded", "rules"]) == nil)
        #expect(DidYouMean.closest(to: "ab", in: ["xy"]) == nil)
        #expect(DidYouMean.closest(to: "abc", in: ["abd", "xyz"]) == "abd")
        #expect(DidYouMean.closest(to: "router_child_refrence", in: ["router_ui_access", "child_router_release"]) == nil)
        #expect(DidYouMean.closest(to: "rule_b", in: ["rule_c", "rule_a"]) == "rule_a")
        #expect(DidYouMean.closest(to: "rule_b", in: ["rule_a", "rule_c"]) == "rule_a")
        #expect(DidYouMean.closest(to: "", in: ["a"]) == "a" && DidYouMean.closest(to: "a", in: [String]()) == nil)
    }
}
