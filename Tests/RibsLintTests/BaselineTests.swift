import Foundation
import RibsLintKit
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
        // Code scanning opens no alert for a result whose suppression is accepted: the baseline's three.
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        for result in results {
            let suppressions = result["suppressions"] as? [[String: String]]
            if result["baselineState"] as? String == "unchanged" {
                #expect(suppressions?.map { [$0["kind"], $0["status"]] } == [["external", "accepted"]])
            } else {
                #expect(suppressions == nil, "a new finding opens its alert")
            }
        }
        #expect(results.count == 4)
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

    let other = "import RIBs\nfinal class CRouter: Router<CInteractable> {\n    var child: ChildRouting?\n}\n"

    func twoFiles() throws -> URL {
        let root = try makeProject([".ribslint.yml": "baseline: ribslint-baseline.json\n", "Legacy/BRouter.swift": legacy, "Other/CRouter.swift": other])
        #expect(try runRibslint(["baseline"], in: root).status == 0)
        return root
    }

    @Test("a partial run (a folder, a file, standard input) counts as fixed only the entries of what it linted; --strict-baseline judges only those")
    func partialRuns() throws {
        let root = try twoFiles()
        // CRouter's finding fixed; a run over Legacy/ alone knows nothing of it.
        try "import RIBs\nfinal class CRouter: Router<CInteractable> {\n}\n".write(to: root.appendingPathComponent("Other/CRouter.swift"), atomically: true, encoding: .utf8)
        for arguments in [["Legacy"], ["Legacy/BRouter.swift"], ["--stdin-path", "Legacy/BRouter.swift"]] {
            let run = try runRibslint(["--no-cache", "--strict-baseline"] + arguments, in: root, stdin: arguments.first == "--stdin-path" ? legacy : nil)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("(0 new, \(arguments.first == "--stdin-path" ? 2 : 3) in the baseline, 0 fixed)"), "\(arguments): \(run.stderr)")
        }
        let other = try runRibslint(["--no-cache", "--strict-baseline", "Other"], in: root)
        #expect(other.status == 1 && other.stderr.contains("(0 new, 1 in the baseline, 1 fixed)"), "\(other.stderr)")
        let whole = try runRibslint(["--no-cache"], in: root)
        #expect(whole.stderr.contains("(0 new, 4 in the baseline, 1 fixed)"), "\(whole.stderr)")
        // Rules a run did not run fix nothing either.
        let oneRule = try runRibslint(["--no-cache", "--strict-baseline", "--only-rule", "rib_completeness"], in: root)
        #expect(oneRule.status == 0 && oneRule.stderr.contains("(0 new, 2 in the baseline, 0 fixed)"), "\(oneRule.stderr)")
    }

    @Test("baseline --update PATHS records those paths' findings anew and keeps every other entry")
    func updateKeepsOtherEntries() throws {
        let root = try twoFiles()
        let before = try String(contentsOf: root.appendingPathComponent("ribslint-baseline.json"), encoding: .utf8)
        #expect(before.contains("Other/CRouter.swift"))
        let worse = legacy.replacingOccurrences(of: "    var other: OtherRouting?\n", with: "    var other: OtherRouting?\n    var third: ThirdRouting?\n")
        try worse.write(to: root.appendingPathComponent("Legacy/BRouter.swift"), atomically: true, encoding: .utf8)
        #expect(try runRibslint(["--no-cache", "."], in: root).status == 1)
        let update = try runRibslint(["baseline", "--update", "Legacy"], in: root)
        #expect(update.status == 0, "\(update.stderr)")
        let after = try String(contentsOf: root.appendingPathComponent("ribslint-baseline.json"), encoding: .utf8)
        #expect(after.contains("Other/CRouter.swift"), "\(after)")
        #expect(after.contains("var third: ThirdRouting?"))
        let run = try runRibslint(["--no-cache", "--strict-baseline"], in: root)
        #expect(run.status == 0 && run.stderr.contains("(0 new, 6 in the baseline, 0 fixed)"), "\(run.stderr)")
    }

    @Test("a run from a module's folder, under the module's own configuration, takes the baseline and docs_url of the configuration above it in the repository")
    func baselineFromAbove() throws {
        let root = try makeProject([
            ".ribslint.yml": "baseline: ribslint-baseline.json\ndocs_url: https://example.com/ribslint/rules\n",
            "Modules/Legacy/.ribslint.yml": "disabled_rules: [weak_listener]\n",
            "Modules/Legacy/BRouter.swift": legacy,
        ])
        try git(["init", "-q"], in: root)
        #expect(try runRibslint(["baseline"], in: root).status == 0)
        let module = root.appendingPathComponent("Modules/Legacy")
        let run = try runRibslint(["--no-cache", "--reporter", "sarif"], in: module)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("(0 new, 3 in the baseline, 0 fixed)"), "\(run.stderr)")
        #expect(run.stdout.contains("https://example.com/ribslint/rules/"), "\(run.stdout)")
    }

    @Test("a comment added at the end of a baselined line keeps it baselined; a changed line's code does not")
    func commentsAreNotTheLine() throws {
        let root = try project()
        #expect(try runRibslint(["baseline"], in: root).status == 0)
        let commented = legacy.replacingOccurrences(of: "var child: ChildRouting?", with: "var child: ChildRouting? // TODO: hand down a listener instead")
            .replacingOccurrences(of: "var other: OtherRouting?", with: "var other: /* later */ OtherRouting?")
        try commented.write(to: root.appendingPathComponent("Legacy/BRouter.swift"), atomically: true, encoding: .utf8)
        let run = try runRibslint(["--no-cache"], in: root)
        #expect(run.status == 0 && run.stderr.contains("(0 new, 3 in the baseline, 0 fixed)"), "\(run.stdout)\(run.stderr)")
        let changed = legacy.replacingOccurrences(of: "var child: ChildRouting?", with: "var child: ChildRouting? = \"// not a comment\"")
        try changed.write(to: root.appendingPathComponent("Legacy/BRouter.swift"), atomically: true, encoding: .utf8)
        #expect(try runRibslint(["--no-cache"], in: root).status == 1)
    }

    @Test("entries with a count out of range, a missing field or an unknown rule are each an exit-2 error naming the entry")
    func badEntries() throws {
        let root = try project()
        #expect(try runRibslint(["baseline"], in: root).status == 0)
        let url = root.appendingPathComponent("ribslint-baseline.json")
        let good = try String(contentsOf: url, encoding: .utf8)
        let cases: [(String, String) -> String] = [
            { text, _ in text.replacingOccurrences(of: "\"count\" : 1", with: "\"count\" : 0") },
            { text, _ in text.replacingOccurrences(of: "\"count\" : 1", with: "\"count\" : -4") },
            { text, _ in text.replacingOccurrences(of: "\"count\" : 1", with: "\"count\" : 9223372036854775807") },
            { text, _ in text.replacingOccurrences(of: "\"count\" : 1", with: "\"count\" : 1e300") },
            { text, _ in text.replacingOccurrences(of: "\"count\" : 1", with: "\"count\" : 1.5") },
            { text, _ in text.replacingOccurrences(of: "\"count\" : 1,", with: "") },
            { text, _ in text.replacingOccurrences(of: "\"rule\" : \"router_child_reference\"", with: "\"rule\" : \"no_such_rule\"") },
            { text, _ in text.replacingOccurrences(of: "\"rule\" : \"router_child_reference\"", with: "\"rule\" : 7") },
        ]
        let expected = ["outside 1...", "outside 1...", "outside 1...", "outside 1...", "outside 1...", "has no \"count\"", "names no rule", "not text"]
        for (mutate, words) in zip(cases, expected) {
            let broken = mutate(good, "")
            #expect(broken != good)
            try broken.write(to: url, atomically: true, encoding: .utf8)
            let run = try runRibslint(["--no-cache"], in: root)
            #expect(run.status == 2, "\(words): \(run.stderr)")
            #expect(run.stderr.contains("error: entry ") && run.stderr.contains(words), "\(words): \(run.stderr)")
            // `--update` repairs a baseline whose rules an upgrade renamed (`updateDropsUnknownRules`), not the rest.
            #expect(try runRibslint(["baseline", "--update"], in: root).status == (words == "names no rule" ? 0 : 2))
        }
        try "{\"tool\": \"swiftlint\", \"version\": 1, \"entries\": []}".write(to: url, atomically: true, encoding: .utf8)
        let foreign = try runRibslint(["--no-cache"], in: root)
        #expect(foreign.status == 2 && foreign.stderr.contains("written by 'swiftlint'; this ribslint reads baselines of version 1 written by ribslint"), "\(foreign.stderr)")
    }

    @Test("a baseline larger than ribslint reads is not written")
    func sizeLimit() throws {
        let finding = Finding(ruleID: "weak_listener", severity: .error, path: "A.swift", line: 1, column: 1, endLine: 1, endColumn: 2, message: "m", context: "A", lineText: "let x")
        let baseline = Baseline(recording: [finding])
        let path = try makeProject([:]).appendingPathComponent("ribslint-baseline.json").path
        #expect(throws: UsageError.self) { try baseline.write(to: path, limit: 64) }
        #expect(!FileManager.default.fileExists(atPath: path))
        try baseline.write(to: path)
        #expect(try Baseline(contentsOf: path).entries == baseline.entries)
        #expect(maximumFileSize == 64 << 20)
    }

    @Test("baseline --update drops entries of rules this ribslint lacks, with a warning; lint still refuses them")
    func updateDropsUnknownRules() throws {
        let root = try project()
        #expect(try runRibslint(["baseline"], in: root).status == 0)
        let url = root.appendingPathComponent("ribslint-baseline.json")
        let renamed = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\"rule\" : \"rib_completeness\"", with: "\"rule\" : \"old_rule\"")
        try renamed.write(to: url, atomically: true, encoding: .utf8)
        #expect(try runRibslint(["--no-cache"], in: root).status == 2)
        let update = try runRibslint(["baseline", "--update"], in: root)
        #expect(update.status == 0 && update.stderr.contains("dropping the baseline's entries of rules this ribslint does not have: old_rule"), "\(update.stderr)")
        #expect(try runRibslint(["--no-cache", "--strict-baseline"], in: root).status == 0)
    }

    @Test("the baseline of a configuration outside the repository is not used from a module's folder")
    func baselineStaysInTheRepository() throws {
        let root = try makeProject([
            ".ribslint.yml": "baseline: outer-baseline.json\n",
            "repo/Modules/Legacy/.ribslint.yml": "disabled_rules: [weak_listener]\n",
            "repo/Modules/Legacy/BRouter.swift": legacy,
        ])
        try git(["init", "-q"], in: root.appendingPathComponent("repo"))
        let run = try runRibslint(["--no-cache"], in: root.appendingPathComponent("repo/Modules/Legacy"))
        #expect(run.status == 1, "\(run.stderr)")
        #expect(!run.stderr.contains("baseline"), "\(run.stderr)")
    }
}
