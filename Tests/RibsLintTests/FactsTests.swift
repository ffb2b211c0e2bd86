import Foundation
@testable import RibsLintKit
import Testing

/// `ribslint facts` and `ribslint check --facts`: a project's facts taken in parts (a build system's targets) and
/// checked together report what `ribslint lint` reports, byte for byte; bad facts are refused with exit 2.
@Suite("Facts export and check")
struct FactsTests {
    /// Three "targets": Base declares the base class Feature's router inherits; Feature and Loop hold a RIB cycle.
    static let files = [
        ".ribslint.yml": "included: [Base, Feature, Loop, Tests]\nopt_in_rules: [rib_test_presence]\n",
        "Base/BaseRouter.swift": """
            import RIBs
            class BaseRouter<InteractorType, ViewControllerType>: ViewableRouter<InteractorType, ViewControllerType> {}
            """,
        "Feature/FeedRouter.swift": """
            import RIBs
            import UIKit
            final class FeedRouter: BaseRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                func routeToDetail() {
                    viewController.uiviewController.view.backgroundColor = .red
                }
            }
            """,
        "Feature/LoopBBuilder.swift": """
            import RIBs
            final class LoopBBuilder: Builder<LoopBDependency>, LoopBBuildable {
                func build() -> LoopBRouting { LoopBRouter(a: LoopABuilder(dependency: dependency)) }
            }
            """,
        "Loop/LoopABuilder.swift": """
            import RIBs
            final class LoopABuilder: Builder<LoopADependency>, LoopABuildable {
                func build() -> LoopARouting { LoopARouter(b: LoopBBuilder(dependency: dependency)) }
            }
            """,
        "Tests/LoopATests.swift": "// ribslint:disable:next rib_cycle\nimport XCTest\n",
    ]

    @discardableResult
    private func facts(_ arguments: [String], in root: URL) throws -> RunResult {
        let run = try runRibslint(["facts", "--quiet"] + arguments, in: root)
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        return run
    }

    @Test("facts taken in parts, with or without each other's types, check to lint's report; with them, no source is read")
    func partsCheckToTheLintReport() throws {
        let root = try makeProject(Self.files)
        let lint = try runRibslint(["lint", "--no-cache", "--reporter", "json", "--quiet"], in: root)
        #expect(lint.status == 1)
        // What the parts must meet on: a finding that needs Base's class (the router is one only through it), a
        // cycle across two parts, an unused suppression of a project rule, a test file in a part of its own.
        let report = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any])
        let rules = Set(try #require(report["findings"] as? [[String: Any]]).compactMap { $0["rule"] as? String })
        #expect(rules.isSuperset(of: ["router_ui_access", "rib_cycle", "unused_suppression"]))
        #expect(!lint.stdout.contains("'LoopA' has no test file"))
        try facts(["-o", "whole.json"], in: root)
        for part in ["Base", "Feature", "Loop", "Tests"] { try facts([part, "-o", "\(part).json"], in: root) }
        let check = ["check", "--reporter", "json", "--quiet", "--facts"]
        #expect(try runRibslint(check + ["whole.json"], in: root).stdout == lint.stdout)
        let parts = ["Base.json", "Feature.json", "Loop.json", "Tests.json"]
        let checked = try runRibslint(check + parts, in: root)
        #expect(checked.status == 1)
        #expect(checked.stdout == lint.stdout)
        // A baseline judges only the files the facts hold: Base's alone leave every other entry unfixed.
        #expect(try runRibslint(["baseline", "--output", "baseline.json"], in: root).status == 0)
        let baselined = try runRibslint(["check", "--baseline", "baseline.json", "--strict-baseline", "--facts", "Base.json"], in: root)
        #expect(baselined.status == 0)
        #expect(baselined.stderr.contains("(0 new, 0 in the baseline, 0 fixed)"))
        #expect(try runRibslint(["check", "--baseline", "baseline.json", "--strict-baseline", "--facts"] + parts, in: root).status == 0)
        // Feature's facts were taken without Base's class: the check lints its router again from disk, and fails
        // when it is not there.
        let router = root.appendingPathComponent("Feature/FeedRouter.swift")
        let text = try String(contentsOf: router, encoding: .utf8)
        try FileManager.default.removeItem(at: router)
        let without = try runRibslint(check + parts, in: root)
        #expect(without.status == 2)
        #expect(without.stderr.contains("Feature/FeedRouter.swift: error: its facts were taken without the declarations of a type it uses"))
        try Data(text.utf8).write(to: router)
        // Taken with Base's facts, or with its types alone, Feature's need no source at all.
        try facts(["Base", "-o", "Base.json", "--types-output", "Base.types.json"], in: root)
        for dependency in ["Base.json", "Base.types.json"] {
            try Data(text.utf8).write(to: router)
            try facts(["Feature", "--facts", dependency, "-o", "Feature.json"], in: root)
            try FileManager.default.removeItem(at: router)
            let fromFacts = try runRibslint(check + parts, in: root)
            #expect(fromFacts.status == 1)
            #expect(fromFacts.stdout == lint.stdout)
        }
        // The types alone do not change with an edit that declares nothing new (a build system's dependents stay cached).
        let types = try Data(contentsOf: root.appendingPathComponent("Base.types.json"))
        let base = root.appendingPathComponent("Base/BaseRouter.swift")
        try Data((try String(contentsOf: base, encoding: .utf8) + "\n// a comment\nextension BaseRouter { func tap() {} }\n").utf8).write(to: base)
        try facts(["Base", "-o", "Base.json", "--types-output", "Base.types.json"], in: root)
        #expect(try Data(contentsOf: root.appendingPathComponent("Base.types.json")) != types)
        try Data((try String(contentsOf: base, encoding: .utf8) + "\n// only a comment\n").utf8).write(to: base)
        let before = try Data(contentsOf: root.appendingPathComponent("Base.types.json"))
        try facts(["Base", "-o", "Base.json", "--types-output", "Base.types.json"], in: root)
        #expect(try Data(contentsOf: root.appendingPathComponent("Base.types.json")) == before)
    }

    @Test("facts are the same bytes on any number of threads, and written whole")
    func deterministic() throws {
        let root = try makeProject(Self.files)
        try facts(["--jobs", "1", "-o", "one.json"], in: root)
        try facts(["--jobs", "4", "-o", "four.json"], in: root)
        let one = try Data(contentsOf: root.appendingPathComponent("one.json"))
        let four = try Data(contentsOf: root.appendingPathComponent("four.json"))
        #expect(!one.isEmpty && one == four)
        let object = try #require(try JSONSerialization.jsonObject(with: one) as? [String: Any])
        #expect(object["format"] as? Int == 2)
        // The release, not the build: no stamp or time, so every machine writes the same bytes.
        #expect(object["tool"] as? String == ribslintVersion)
        #expect((object["files"] as? [[String: Any]])?.map { $0["path"] as? String } == [
            "Base/BaseRouter.swift", "Feature/FeedRouter.swift", "Feature/LoopBBuilder.swift", "Loop/LoopABuilder.swift", "Tests/LoopATests.swift",
        ])
    }

    @Test("which rules are on and how severe is the check's: facts taken under one choice check to lint's report under another")
    func rulesAreTheChecks() throws {
        let root = try makeProject(Self.files)
        try facts(["-o", "before.json"], in: root)
        for part in ["Base", "Feature", "Loop", "Tests"] { try facts([part, "-o", "\(part).json"], in: root) }
        // Off, on, another severity, an opt-in, unused suppressions off: none of it is the facts'.
        let chosen = """
            included: [Base, Feature, Loop, Tests]
            opt_in_rules: [rib_test_presence, weak_self_capture]
            disabled_rules: [rib_cycle, unused_suppression]
            rules:
              router_ui_access: { severity: warning }
            reporter: json
            """
        try Data(chosen.utf8).write(to: root.appendingPathComponent(".ribslint.yml"))
        try facts(["-o", "after.json"], in: root)
        #expect(try Data(contentsOf: root.appendingPathComponent("before.json")) == Data(contentsOf: root.appendingPathComponent("after.json")))
        let lint = try runRibslint(["lint", "--no-cache", "--quiet"], in: root)
        #expect(lint.stdout.contains("\"rule\" : \"router_ui_access\""))
        #expect(!lint.stdout.contains("\"rule\" : \"rib_cycle\""))
        #expect(!lint.stdout.contains("\"severity\" : \"error\""))
        let check = ["check", "--quiet", "--facts"]
        #expect(try runRibslint(check + ["before.json"], in: root).stdout == lint.stdout)
        #expect(try runRibslint(check + ["Base.json", "Feature.json", "Loop.json", "Tests.json"], in: root).stdout == lint.stdout)
        // A build system's list of facts files, one per line (LF or CRLF), names with spaces too.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("facts of Loop"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: root.appendingPathComponent("Loop.json"), to: root.appendingPathComponent("facts of Loop/Loop.json"))
        try Data("Base.json\r\nFeature.json\nfacts of Loop/Loop.json\r\nTests.json\n".utf8).write(to: root.appendingPathComponent("list.txt"))
        #expect(try runRibslint(["check", "--quiet", "--facts-list", "list.txt"], in: root).stdout == lint.stdout)
        #expect(try runRibslint(["check", "--facts-list", "nowhere.txt"], in: root).stderr.contains("cannot read the list of facts files nowhere.txt"))
        // A file with a `ribslint:` comment is linted again: its suppressions' verdicts depend on the rules on.
        try FileManager.default.removeItem(at: root.appendingPathComponent("Tests/LoopATests.swift"))
        let gone = try runRibslint(check + ["before.json"], in: root)
        #expect(gone.status == 2)
        #expect(gone.stderr.contains("Tests/LoopATests.swift: error: its findings depend on which rules are on here"))
    }

    @Test("a nested configuration turning on a project rule of another profile: the check lints its files again, as lint does")
    func ruleOfAnotherProfile() throws {
        var files = Self.files
        files["Loop/.ribslint.yml"] = "profile: swiftui-rib\nopt_in_rules: [rib_completeness]\n"
        let root = try makeProject(files)
        let lint = try runRibslint(["lint", "--no-cache", "--reporter", "json", "--quiet"], in: root)
        try facts(["-o", "whole.json"], in: root)
        let check = try runRibslint(["check", "--reporter", "json", "--quiet", "--facts", "whole.json"], in: root)
        #expect(check.status == lint.status, "\(check.stderr)")
        #expect(check.stdout == lint.stdout)
    }

    @Test("facts-configuration keeps what facts depend on: the same bytes when rules or severities change, facts as from the files")
    func factsConfiguration() throws {
        var files = Self.files
        files["Feature/.ribslint.yml"] = "# the feature's\nrules:\n  router_ui_access: { severity: warning }\n"
        let root = try makeProject(files)
        func write(_ text: String, to name: String) throws { try Data(text.utf8).write(to: root.appendingPathComponent(name)) }
        func read(_ name: String) throws -> Data { try Data(contentsOf: root.appendingPathComponent(name)) }
        let configurations = [".ribslint.yml", "./Feature/.ribslint.yml"]
        #expect(try runRibslint(["facts-configuration", "-o", "one.json"] + configurations, in: root).status == 0)
        let written = try #require(try JSONSerialization.jsonObject(with: read("one.json")) as? [String: Any])
        #expect(written["format"] as? Int == 1)
        #expect((written["configurations"] as? [String: String])?.keys.sorted() == [".ribslint.yml", "Feature/.ribslint.yml"])
        // Severities, rules on or off, the baseline, comments: the same bytes. An option: other bytes.
        try write("rules:\n  router_ui_access: { severity: error }\ndisabled_rules: [rib_cycle]\n", to: "Feature/.ribslint.yml")
        try write(Self.files[".ribslint.yml"]! + "baseline: b.json\nreporter: json\n", to: ".ribslint.yml")
        #expect(try runRibslint(["facts-configuration", "-o", "two.json"] + configurations, in: root).status == 0)
        #expect(try read("one.json") == read("two.json"))
        try write("rules:\n  router_ui_access: { ui_types: [UILabel] }\n", to: "Feature/.ribslint.yml")
        #expect(try runRibslint(["facts-configuration", "-o", "three.json"] + configurations, in: root).status == 0)
        #expect(try read("one.json") != read("three.json"))
        // Facts taken from it are those taken from the files, whatever configuration files the disk holds.
        try facts(["-o", "files.json"], in: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent("Feature/.ribslint.yml"))
        try write("profile: viper\n", to: ".ribslint.yml")
        try facts(["--facts-configuration", "three.json", "-o", "given.json"], in: root)
        #expect(try read("files.json") == read("given.json"))
        // A configuration with a mistake is refused where it is, and so is a file of another name.
        try write("rules:\n  router_ui_acess: {}\n", to: "Feature/.ribslint.yml")
        let bad = try runRibslint(["facts-configuration", "-o", "four.json"] + configurations, in: root)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown rule 'router_ui_acess'"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("four.json").path))
        #expect(try runRibslint(["facts-configuration", "-o", "four.json", "ribslint.yml"], in: root).status == 2)
        #expect(try runRibslint(["facts", "--facts-configuration", "nowhere.json", "-o", "x.json"], in: root).stderr.contains("cannot read the facts configuration"))
        // Another release's is refused: what facts depend on is each release's to say.
        let other = try String(contentsOf: root.appendingPathComponent("three.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"tool\":\"\(ribslintVersion)\"", with: "\"tool\":\"0.0.1\"")
        try write(other, to: "other.json")
        let refused = try runRibslint(["facts", "--facts-configuration", "other.json", "-o", "x.json"], in: root)
        #expect(refused.status == 2 && refused.stderr.contains("was written by another ribslint (0.0.1)"))
    }

    @Test("every configuration key is the facts' or the check's alone, so a new key must say which")
    func everyKeyIsSorted() {
        #expect(FactsConfiguration.keys.isDisjoint(with: FactsConfiguration.checkKeys))
        #expect(FactsConfiguration.keys.union(FactsConfiguration.checkKeys) == Set(Configuration.Key.allCases))
    }

    @Test("bad facts, another configuration or another ribslint: exit 2 and a clear message; a failed facts run writes nothing")
    func refusals() throws {
        let root = try makeProject(Self.files)
        try facts(["-o", "whole.json"], in: root)
        func check(_ facts: String) throws -> RunResult { try runRibslint(["check", "--facts", facts], in: root) }
        func write(_ text: String, to name: String) throws { try Data(text.utf8).write(to: root.appendingPathComponent(name)) }
        let whole = try String(contentsOf: root.appendingPathComponent("whole.json"), encoding: .utf8)
        let cases: [(text: String, message: String)] = [
            ("not json", "is not a facts file `ribslint facts` wrote"),
            ("{\"format\":7}", "holds facts of format 7; this ribslint reads format 2"),
            ("{\"format\":2,\"tool\":\"x\"}", "is not a facts file `ribslint facts` wrote (no 'files')"),
            (whole.replacingOccurrences(of: "\"tool\":\"", with: "\"tool\":\"0.0.1 "), "facts taken by another ribslint (0.0.1 "),
            (whole.replacingOccurrences(of: "\"rib-parts-", with: "\"rib-partz-"), "holds facts of kind 'rib-partz-"),
        ]
        for (position, bad) in cases.enumerated() {
            try write(bad.text, to: "bad\(position).json")
            let run = try check("bad\(position).json")
            #expect(run.status == 2)
            #expect(run.stderr.contains(bad.message), "\(bad.message): \(run.stderr)")
        }
        #expect(try check("missing.json").stderr.contains("error: cannot read the facts file missing.json"))
        #expect(try runRibslint(["check"], in: root).status == 2)
        // Another configuration here than the facts were taken under: a rule's option differs.
        try write(Self.files[".ribslint.yml"]! + "rules:\n  router_ui_access:\n    ui_types: [UILabel]\n", to: ".ribslint.yml")
        let other = try check("whole.json")
        #expect(other.status == 2)
        #expect(other.stderr.contains("were taken under another configuration than governs it here"))
        #expect(try runRibslint(["facts", "--only-rule", "rib_cycle", "-o", "only.json"], in: root).stderr.contains("choose rules at the check"))
        // A path that is not there: nothing written.
        let missing = try runRibslint(["facts", "Nowhere", "-o", "nowhere.json"], in: root)
        #expect(missing.status == 2)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("nowhere.json").path))
        // The same file in two facts files must be the same facts.
        try facts(["Base", "-o", "base.json"], in: root)
        try write("import RIBs\nclass BaseRouter {}\n", to: "Base/BaseRouter.swift")
        try facts(["Base", "-o", "base2.json"], in: root)
        let twice = try runRibslint(["check", "--facts", "base.json", "base2.json"], in: root)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("two facts files hold Base/BaseRouter.swift"))
    }
}
