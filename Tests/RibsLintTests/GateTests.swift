import Foundation
import Testing

/// A CI gate says what it did: paths from the repository's root, no silent pass over nothing, counts per
/// rule, and every file it cannot write named in its own words.
@Suite("Gate reporting", .serialized)
struct GateTests {
    let violating = "import RIBs\nfinal class BRouter: Router<BInteractable> {\n    var child: ChildRouting?\n}\n"

    /// A repository (a `.git` entry is what marks its top level) with one violating file two folders down.
    func repository() throws -> URL {
        let root = try makeProject(["App/Feature/BRouter.swift": violating])
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        return root
    }

    func fingerprints(_ json: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return (object["findings"] as? [[String: Any]] ?? []).compactMap { $0["fingerprint"] as? String }
    }

    @Test("machine reports name files from the repository's top level, whatever the working directory; the xcode report from the working directory, as editors open them; --base-path chooses another folder, / absolute paths")
    func pathsFromTheRepositoryRoot() throws {
        let root = try repository(), feature = root.appendingPathComponent("App/Feature")
        #expect(try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "."], in: feature).stdout.hasPrefix("BRouter.swift:3:9: error:"))
        // A file outside the working directory: by its absolute path.
        let other = root.appendingPathComponent("App/Other", isDirectory: true)
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let elsewhere = try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "../Feature"], in: other)
        #expect(elsewhere.stdout.hasPrefix(feature.standardizedFileURL.path + "/BRouter.swift:3:9: error:"), "\(elsewhere.stdout)")
        #expect(try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "App"], in: root).stdout.hasPrefix("App/Feature/BRouter.swift:3:9: error:"))
        #expect(try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "--base-path", "..", "."], in: feature).stdout.hasPrefix("Feature/BRouter.swift:3:9:"))
        let absolute = try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "--base-path", "/", "."], in: feature).stdout
        #expect(absolute.hasPrefix(feature.standardizedFileURL.path + "/BRouter.swift:3:9:"))
        #expect(try runRibslint(["--base-path", "missing", "."], in: feature).stderr.contains("error: --base-path missing is not a folder"))
        // Standard input named from a module's folder: the name the editor gave, which it opens.
        let stdin = try runRibslint(["--only-rule", "router_child_reference", "--stdin-path", "BRouter.swift"], in: feature, stdin: violating)
        #expect(stdin.stdout.hasPrefix("BRouter.swift:3:9: error:"), "\(stdin.stdout)")
        // Fingerprints and SARIF uris come out the same from any folder.
        let fromRoot = try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "--reporter", "json", "App"], in: root).stdout
        let fromFeature = try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "--reporter", "json", "."], in: feature).stdout
        #expect(try fingerprints(fromRoot) == fingerprints(fromFeature))
        #expect(try !fingerprints(fromRoot).isEmpty)
        let sarif = try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "--reporter", "sarif", "."], in: feature).stdout
        #expect(sarif.contains("\"uri\" : \"App/Feature/BRouter.swift\""))
        #expect(sarif.contains("\"uri\" : \"\(URL(fileURLWithPath: root.standardizedFileURL.path, isDirectory: true).absoluteString)\""))
    }

    @Test("no Swift file to lint is exit 2 with a message, unless allowed by flag or configuration")
    func zeroFiles() throws {
        let project = try makeProject(["Docs/readme.md": "no code\n", "Sources/.ribslint.yml": "excluded: ['*.swift']\n", "Sources/A.swift": violating])
        let empty = try runRibslint(["Docs"], in: project)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("ribslint: error: no Swift file to lint in Docs once `excluded` is applied; pass --allow-zero-files"))
        #expect(try runRibslint(["Sources"], in: project).status == 2)
        #expect(try runRibslint(["--allow-zero-files", "Docs"], in: project).status == 0)
        try Data("allow_zero_files: true\n".utf8).write(to: project.appendingPathComponent(".ribslint.yml"))
        #expect(try runRibslint(["Docs"], in: project).status == 0)
    }

    @Test("an `included` path that does not exist names the configuration, line and column; `included: []` lints nothing and says so")
    func includedMistakes() throws {
        let project = try makeProject(["A.swift": violating, ".ribslint.yml": "included:\n  - A.swift\n  - Nope\n"])
        let missing = try runRibslint([], in: project)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains(".ribslint.yml:3:5: error: 'included' names Nope, which does not exist"))
        try Data("included: []\n".utf8).write(to: project.appendingPathComponent(".ribslint.yml"))
        let empty = try runRibslint([], in: project)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("the configuration's `included` is empty, so there is nothing to lint"))
    }

    @Test("the summary counts findings per rule, on stderr and in the JSON report")
    func countsPerRule() throws {
        let project = try makeProject(["B.swift": violating, "C.swift": violating.replacingOccurrences(of: "BRouter", with: "CRouter")])
        let run = try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "."], in: project)
        #expect(run.stderr.contains("Linted 2 files in"))
        #expect(run.stderr.contains("By rule: router_child_reference 2\n"))
        let json = try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "--reporter", "json", "."], in: project).stdout
        let summary = try #require((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["summary"] as? [String: Any])
        #expect(summary["rules"] as? [String: Int] == ["router_child_reference": 2])
    }

    @Test("--output into a missing folder or onto a folder says so; a cache that cannot be written is one warning")
    func unwritable() throws {
        let project = try makeProject(["B.swift": violating])
        let missing = try runRibslint(["--output", "out/report.txt", "."], in: project)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("ribslint: error: cannot write the report to out/report.txt: no folder out; create it first"))
        try FileManager.default.createDirectory(at: project.appendingPathComponent("Reports"), withIntermediateDirectories: true)
        #expect(try runRibslint(["--output", "Reports", "."], in: project).stderr.contains("cannot write the report to Reports: it is a folder"))
        let cache = try runRibslint(["--quiet", "--only-rule", "router_child_reference", "--cache-path", "Reports", "."], in: project)
        #expect(cache.status == 1)
        #expect(cache.stdout.contains("B.swift:3:9: error:"))
        #expect(cache.stderr == "warning: cannot write the cache at Reports: it is a folder; the next run lints every file afresh (--cache-path PATH or --no-cache)\n")
    }

    @Test("the partial-parse note names where swift-syntax stopped and what it expected")
    func syntaxNote() throws {
        let project = try makeProject(["Broken.swift": violating + "func broken(\n    let x = [1, 2\n}\n"])
        let run = try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "."], in: project)
        #expect(run.stdout.contains("Broken.swift:3:9: error:"))
        #expect(run.stderr.contains("Broken.swift:6:10: warning: swift-syntax could not fully parse this file (expected ':' and type in parameter)"))
    }
}
