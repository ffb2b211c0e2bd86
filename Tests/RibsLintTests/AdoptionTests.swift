import Foundation
import Testing

/// The README's "Adopting ribslint on an existing codebase", step by step, on a small legacy app of our own:
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
        // Step 1: record today's findings; the lint then passes.
        let before = try runRibslint([], in: root)
        #expect(before.status == 2, "a configured baseline that does not exist yet is an error: \(before.stderr)")
        let recorded = try runRibslint(["baseline"], in: root)
        #expect(recorded.status == 0)
        #expect(recorded.stderr.contains("Recorded 1 finding of 3 files in ribslint-baseline.json"))
        let gate = try runRibslint([], in: root)
        #expect(gate.status == 0)
        #expect(gate.stderr.contains("(0 new, 1 in the baseline, 0 fixed)"))
        #expect(try commit("adopt ribslint", in: root).status == 0)

        // Step 2: the pre-commit hook lints what is staged, with the whole project in view.
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

        // Step 3: the CI gate fails on new findings only, and still writes its report.
        #expect(try runRibslint(["--reporter", "sarif", "--output", "ribslint.sarif"], in: root).status == 0)
        let sarif = try String(contentsOf: root.appendingPathComponent("ribslint.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"baselineState\" : \"unchanged\""))

        // Step 4: an Xcode build phase shows the baseline's findings as warnings and passes.
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
}
