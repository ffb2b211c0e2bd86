import Foundation
import Testing

/// The README's "Adopting ribslint on an existing codebase", step by step, on small apps of our own: the conventions,
/// baseline, a git pre-commit hook, a CI gate on new findings only, an Xcode build phase that only warns.
@Suite("Adoption", .serialized)
struct AdoptionTests {
    /// A parent RIB that builds a child; the parent's router stores its child (a legacy error).
    let parentBuilder = """
        import RIBs
        final class ParentBuilder: Builder<ParentDependency>, ParentBuildable {
            func build() -> ParentRouting { ParentRouter(child: ChildBuilder(dependency: component)) }
        }
        """
    let parentRouter = """
        import RIBs
        // The parent keeps its child around.
        final class ParentRouter: Router<ParentInteractable> {
            var child: ChildRouting?
        }
        """
    let childBuilder = """
        import RIBs
        final class ChildBuilder: Builder<ChildDependency>, ChildBuildable {
            func build() -> ChildRouting { ChildRouter() }
        }
        """

    func commit(_ message: String, in root: URL) throws -> RunResult {
        try git(["add", "-A"], in: root)
        return try git(["commit", "-qm", message], in: root, expectSuccess: false)
    }

    @Test("baseline, then a pre-commit hook that blocks only new findings and RIB cycles, a CI gate, an Xcode build phase")
    func walkthrough() throws {
        let root = try makeProject([
            "App/Parent/ParentBuilder.swift": parentBuilder, "App/Parent/ParentRouter.swift": parentRouter,
            "App/Child/ChildBuilder.swift": childBuilder,
            ".ribslint.yml": "included: [App]\nbaseline: ribslint-baseline.json\nonly_rules: [router_child_reference, rib_cycle]\n",
        ])
        try git(["init", "-q"], in: root)
        // Step 2 (step 1, the conventions, is proposesTheConvention): record today's findings; the lint then passes.
        let before = try runRibslint([], in: root)
        #expect(before.status == 2, "a configured baseline that does not exist yet is an error: \(before.stderr)")
        let recorded = try runRibslint(["baseline"], in: root)
        #expect(recorded.status == 0)
        #expect(recorded.stderr.contains("Recorded 1 finding of 3 files in ribslint-baseline.json"))
        let gate = try runRibslint([], in: root)
        #expect(gate.status == 0)
        #expect(gate.stderr.contains("(0 new, 1 in the baseline, 0 fixed)"))
        #expect(try commit("adopt ribslint", in: root).status == 0)

        // Step 3: the pre-commit hook lints what is staged, with the whole project in view.
        let hook = root.appendingPathComponent(".git/hooks/pre-commit")
        try Data("#!/bin/sh\nexec '\(ribslintBinary.path)' lint --staged --quiet\n".utf8).write(to: hook)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)

        // A comment edited in a legacy file passes: its finding is in the baseline.
        try Data(parentRouter.replacingOccurrences(of: "keeps its child around", with: "keeps its only child").utf8)
            .write(to: root.appendingPathComponent("App/Parent/ParentRouter.swift"))
        #expect(try commit("reword a comment", in: root).status == 0)

        // A new violation is blocked, and only it is shown.
        let newRouter = "import RIBs\nfinal class ChildRouter: Router<ChildInteractable> {\n    var grandchild: GrandchildRouting?\n}\n"
        try Data(newRouter.utf8).write(to: root.appendingPathComponent("App/Child/ChildRouter.swift"))
        let blocked = try commit("add a child router", in: root)
        #expect(blocked.status != 0)
        let shown = (blocked.stdout + blocked.stderr).split(separator: "\n").filter { $0.contains(": error:") }
        #expect(shown.count == 1)
        #expect(shown.first?.hasPrefix("App/Child/ChildRouter.swift:3:9: error: router stores child router 'grandchild'") == true)
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Child/ChildRouter.swift"))

        // A commit that closes a RIB cycle is blocked, though the other half of the cycle is not in it.
        try Data(childBuilder.replacingOccurrences(of: "ChildRouter()", with: "ChildRouter(parent: ParentBuilder(dependency: component))").utf8)
            .write(to: root.appendingPathComponent("App/Child/ChildBuilder.swift"))
        let cycle = try commit("child builds its parent", in: root)
        #expect(cycle.status != 0)
        #expect((cycle.stdout + cycle.stderr).contains("closes the RIB cycle"))
        try git(["reset", "-q"], in: root)
        try git(["checkout", "--", "."], in: root)

        // Step 4: the CI gate fails on new findings only, and still writes its report.
        #expect(try runRibslint(["--reporter", "sarif", "--output", "ribslint.sarif"], in: root).status == 0)
        let sarif = try String(contentsOf: root.appendingPathComponent("ribslint.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"baselineState\" : \"unchanged\""))

        // Step 5: an Xcode build phase shows the baseline's findings as warnings and passes.
        let xcode = try runRibslint(["--show-baselined"], in: root)
        #expect(xcode.status == 0)
        #expect(xcode.stdout.contains("App/Parent/ParentRouter.swift:4:9: warning: router stores child router 'child'"))
        #expect(xcode.stdout.contains("(in the baseline) (router_child_reference)"))

        // Fixed findings shrink the baseline.
        try Data(parentRouter.replacingOccurrences(of: "    var child: ChildRouting?\n", with: "").utf8)
            .write(to: root.appendingPathComponent("App/Parent/ParentRouter.swift"))
        #expect(try runRibslint(["--strict-baseline"], in: root).status == 1)
        #expect(try runRibslint(["baseline", "--update"], in: root).status == 0)
        #expect(try runRibslint(["--strict-baseline"], in: root).status == 0)
    }

    /// A view controller as Uber's RIB Xcode template writes it: its `*PresentableListener` declared beside it,
    /// the interactor kept as a weak `listener`.
    static func templateViewController(_ rib: String) -> String {
        """
        import RIBs
        import UIKit

        protocol \(rib)PresentableListener: AnyObject {}

        final class \(rib)ViewController: UIViewController, \(rib)Presentable, \(rib)ViewControllable {
            weak var listener: \(rib)PresentableListener?
        }
        """
    }

    @Test("a first run on RIBs from Uber's template proposes `conventions: uber-template`, and what it accepts; not with a baseline or the convention, nor for a few such RIBs")
    func proposesTheConvention() throws {
        var files: [String: String] = [:]
        for rib in ["Login", "Home", "Card", "Feed"] { files["App/\(rib)/\(rib)ViewController.swift"] = Self.templateViewController(rib) }
        let root = try makeProject(files)
        let first = try runRibslint(["--no-cache"], in: root)
        let advice = try #require(first.stderr.split(separator: "\n").first { $0.hasPrefix("note: 4 of 4 view controllers look generated by Uber's RIB Xcode template") })
        #expect(advice.contains("add `conventions: uber-template` to .ribslint.yml before recording a baseline"))
        // What it says it accepts is what the convention takes away.
        let words = advice.split(separator: " ")
        let total = try #require(Int(words[words.count - 2]))
        let accepted = try #require(advice.components(separatedBy: "layout, ").last?.split(separator: " ").first.flatMap { Int($0) })
        try "conventions: uber-template\n".write(to: root.appendingPathComponent(".ribslint.yml"), atomically: true, encoding: .utf8)
        let adopted = try runRibslint(["--no-cache", "--reporter", "json"], in: root)
        let left = try #require(try JSONSerialization.jsonObject(with: Data(adopted.stdout.utf8)) as? [String: Any])["findings"] as? [Any]
        #expect(accepted > 0 && total - accepted == left?.count, "\(accepted) of \(total), \(left?.count ?? -1) left")
        #expect(!adopted.stderr.contains("uber-template"))
        // A baseline recorded: the choice was made.
        try "baseline: b.json\n".write(to: root.appendingPathComponent(".ribslint.yml"), atomically: true, encoding: .utf8)
        #expect(try runRibslint(["baseline"], in: root).status == 0)
        #expect(try !runRibslint(["--no-cache"], in: root).stderr.contains("uber-template"))
        // Two template view controllers are too few; three among four guide-style ones are not most of them.
        let few = try makeProject([
            "App/Login/LoginViewController.swift": Self.templateViewController("Login"),
            "App/Home/HomeViewController.swift": Self.templateViewController("Home"),
        ])
        #expect(try !runRibslint(["--no-cache"], in: few).stderr.contains("uber-template"))
        var mixed: [String: String] = [:]
        for rib in ["Login", "Home", "Card"] { mixed["App/\(rib)/\(rib)ViewController.swift"] = Self.templateViewController(rib) }
        for rib in ["Feed", "Pay", "Map", "Chat"] {
            mixed["App/\(rib)/\(rib)ViewController.swift"] =
                "import RIBs\nimport UIKit\nfinal class \(rib)ViewController: UIViewController, \(rib)Presentable, \(rib)ViewControllable {}\n"
        }
        let mixedRun = try runRibslint(["--no-cache"], in: try makeProject(mixed))
        #expect(mixedRun.stderr.contains("swiftui_presenter 7") && !mixedRun.stderr.contains("uber-template"), "\(mixedRun.stderr)")
        mixed["App/Feed/FeedViewController.swift"] = Self.templateViewController("Feed")
        #expect(try runRibslint(["--no-cache"], in: try makeProject(mixed)).stderr.contains("note: 4 of 7 view controllers look generated"))
    }

}
