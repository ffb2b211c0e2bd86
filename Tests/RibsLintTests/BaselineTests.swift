import Foundation
import Testing

/// `ribslint baseline` records today's findings; `--baseline` reports and fails only on new ones.
@Suite("Baseline", .serialized)
struct BaselineTests {
    let legacy = "import RIBs\nfinal class BRouter: Router<BInteractable> {\n    var child: ChildRouting?\n    var other: OtherRouting?\n}\n"

    func project() throws -> URL {
        try makeProject([".ribslint.yml": "baseline: ribslint-baseline.json\n", "Legacy/BRouter.swift": legacy])
    }

    @Test("recorded findings pass; lines inserted above, reindenting and a moved file keep them recognised")
    func survivesEdits() throws {
        let root = try project()
        let recorded = try runRibslint(["baseline"], in: root)
        #expect(recorded.status == 0)
        #expect(recorded.stderr.contains("Recorded 3 findings of 1 file"))
        let clean = try runRibslint(["--no-cache", "."], in: root)
        #expect(clean.status == 0)
        #expect(clean.stdout.isEmpty)
        #expect(clean.stderr.contains("(0 new, 3 in the baseline, 0 fixed)"))
        let moved = "// moved with its RIB\n\n" + legacy.replacingOccurrences(of: "    var child", with: "        var   child")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Features/B"), withIntermediateDirectories: true)
        try moved.write(to: root.appendingPathComponent("Features/B/BRouter.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: root.appendingPathComponent("Legacy"))
        let after = try runRibslint(["--no-cache", "."], in: root)
        #expect(after.status == 0)
        #expect(after.stderr.contains("(0 new, 3 in the baseline, 0 fixed)"))
    }

    @Test("a new finding is the only one reported and fails the run; a fixed one is counted, and fails under --strict-baseline")
    func newAndFixed() throws {
        let root = try project()
        _ = try runRibslint(["baseline"], in: root)
        let worse = legacy.replacingOccurrences(of: "    var other: OtherRouting?\n", with: "    var other: OtherRouting?\n    var third: ThirdRouting?\n")
        try worse.write(to: root.appendingPathComponent("Legacy/BRouter.swift"), atomically: true, encoding: .utf8)
        let run = try runRibslint(["--no-cache", "."], in: root)
        #expect(run.status == 1)
        #expect(run.stdout.split(separator: "\n").count == 1)
        #expect(run.stdout.contains("Legacy/BRouter.swift:5:9: error:"))
        #expect(run.stderr.contains("(1 new, 3 in the baseline, 0 fixed)"))
        let sarif = try runRibslint(["--no-cache", "--reporter", "sarif", "."], in: root)
        #expect(sarif.stdout.components(separatedBy: "\"baselineState\" : \"unchanged\"").count == 4)
        #expect(sarif.stdout.components(separatedBy: "\"baselineState\" : \"new\"").count == 2)
        let better = legacy.replacingOccurrences(of: "    var other: OtherRouting?\n", with: "")
        try better.write(to: root.appendingPathComponent("Legacy/BRouter.swift"), atomically: true, encoding: .utf8)
        let fixed = try runRibslint(["--no-cache", "."], in: root)
        #expect(fixed.status == 0)
        #expect(fixed.stderr.contains("(0 new, 2 in the baseline, 1 fixed)"))
        let strict = try runRibslint(["--no-cache", "--strict-baseline", "."], in: root)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("run `ribslint baseline --update`"))
        #expect(try runRibslint(["baseline", "--update"], in: root).status == 0)
        #expect(try runRibslint(["--no-cache", "--strict-baseline", "."], in: root).status == 0)
    }

    @Test("a missing or foreign baseline stops the run with exit 2; --update needs an existing file")
    func badBaselines() throws {
        let root = try project()
        let missing = try runRibslint(["--no-cache", "."], in: root)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("error: no baseline at "))
        try "{\"entries\": 3}".write(to: root.appendingPathComponent("ribslint-baseline.json"), atomically: true, encoding: .utf8)
        let foreign = try runRibslint(["--no-cache", "."], in: root)
        #expect(foreign.status == 2)
        #expect(foreign.stderr.contains("not a ribslint baseline"))
        #expect(try runRibslint(["baseline", "--update", "--output", "elsewhere.json"], in: root).status == 2)
    }
}
