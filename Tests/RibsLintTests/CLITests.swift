import Foundation
import RibsLintRules
import RibsLintKit
import Testing

@Suite("Command line", .serialized)
struct CLITests {
    let clean = "import RIBs\nfinal class ARouter: Router<AInteractable> {}\n"
    let violating = "import RIBs\nfinal class BRouter: Router<BInteractable> {\n    var child: ChildRouting?\n}\n"
    let warningOnly = "import RIBs\nfinal class CRouter: Router<CInteractable> {\n    // ribslint:disable:next router_child_reference\n    let x = 1\n}\n"

    @Test("exit 0 without error-level findings, 1 with, 1 for warnings under --strict")
    func exitCodes() throws {
        let project = try makeProject(["A.swift": clean, "B.swift": violating, "C.swift": warningOnly])
        #expect(try runRibslint(["lint", "A.swift"], in: project).status == 0)
        let failing = try runRibslint(["B.swift"], in: project)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("B.swift:3:9: error:"))
        #expect(failing.stderr.contains("Linted 1 file in"))
        #expect(failing.stderr.contains("1 error, 0 warnings"))
        #expect(try runRibslint(["C.swift"], in: project).status == 0)
        #expect(try runRibslint(["--strict", "C.swift"], in: project).status == 1)
        #expect(try runRibslint(["--quiet", "A.swift"], in: project).stderr.isEmpty)
    }

    @Test("exit 2 when the tool cannot do its job")
    func usageErrors() throws {
        let project = try makeProject(["A.swift": clean, ".ribslint.yml": "disabled_rules: [nope]\n", "ok/A.swift": clean])
        let badConfig = try runRibslint([], in: project)
        #expect(badConfig.status == 2)
        #expect(badConfig.stderr.contains(".ribslint.yml:1:18: error: unknown rule 'nope'"))
        let elsewhere = project.appendingPathComponent("ok")
        try Data("included: [.]\n".utf8).write(to: elsewhere.appendingPathComponent(".ribslint.yml"))
        #expect(try runRibslint(["missing.swift"], in: elsewhere).status == 2)
        #expect(try runRibslint(["--only-rule", "nope"], in: elsewhere).status == 2)
        #expect(try runRibslint(["--reporter", "html"], in: elsewhere).status == 2)
        #expect(try runRibslint(["--no-such-flag"], in: elsewhere).status == 2)
        #expect(try runRibslint(["--config", "absent.yml"], in: elsewhere).status == 2)
        #expect(try runRibslint(["rules", "nope"], in: elsewhere).status == 2)
        #expect(try runRibslint(["rules", "--profile", "android"], in: elsewhere).status == 2)
        // The broken configuration above governs `ok/` too (nested configurations), until `--config` replaces it.
        #expect(try runRibslint([], in: elsewhere).stderr.contains(".ribslint.yml:1:18: error: unknown rule 'nope'"))
        #expect(try runRibslint(["--config", ".ribslint.yml"], in: elsewhere).status == 0)
    }

    @Test("a non-UTF-8 file is reported and the rest still linted, exit 2")
    func nonUTF8() throws {
        let project = try makeProject(["B.swift": violating])
        try Data([0x63, 0x6C, 0x61, 0x73, 0x73, 0x20, 0xFF, 0xFE, 0x0A]).write(to: project.appendingPathComponent("Latin.swift"))
        let run = try runRibslint(["."], in: project)
        #expect(run.status == 2)
        #expect(run.stderr.contains("Latin.swift: error: not UTF-8 text; skipped"))
        #expect(run.stdout.contains("B.swift:3:9: error:"))
    }

    @Test("an empty file, and one swift-syntax cannot fully parse, are linted without a crash")
    func oddFiles() throws {
        let broken = violating + "func broken( {\n    let = \n"
        let project = try makeProject(["Empty.swift": "", "Broken.swift": broken])
        let run = try runRibslint(["."], in: project)
        #expect(run.status == 1)
        #expect(run.stdout.contains("Broken.swift:3:9: error:"))
        #expect(run.stderr.contains("Broken.swift:5:"))
        #expect(run.stderr.contains("could not fully parse"))
    }

    @Test("hidden folders, Xcode template bundles and vendored code are not walked")
    func skippedFolders() throws {
        let project = try makeProject([
            "App/B.swift": violating, ".build/checkouts/C.swift": violating,
            "Templates/RIB.xctemplate/Default/___FILEBASENAME___Router.swift": violating,
            "Pods/RIBs/D.swift": violating, "Carthage/Checkouts/E.swift": violating,
            "Build/SourcePackages/checkouts/F.swift": violating,
        ])
        let run = try runRibslint(["--no-cache", "."], in: project)
        #expect(run.stdout.components(separatedBy: "\n").filter { $0.contains("error:") } == [
            "App/B.swift:3:9: error: router stores child router 'child' (ChildRouting); find it in `children` when you need it, so attach and detach keep one source of truth (router_child_reference)",
        ])
    }

    @Test("a symlink loop ends, and a linked folder is linted once")
    func symlinkLoop() throws {
        let project = try makeProject(["Sub/B.swift": violating])
        try FileManager.default.createSymbolicLink(
            atPath: project.appendingPathComponent("Sub/loop").path, withDestinationPath: project.path)
        let run = try runRibslint(["."], in: project)
        #expect(run.status == 1)
        #expect(run.stdout.components(separatedBy: "\n").filter { $0.contains("error:") }.count == 1)
    }

    @Test("a 20 MB file is linted")
    func largeFile() throws {
        var text = violating
        let method = "    func route\(0)() { attachChild(builder.build(withListener: interactor)) }\n"
        let body = String(repeating: "// generated padding line for a very large file ..........................\n", count: 270_000)
        text += "final class LargeRouter: Router<LargeInteractable> {\n" + method + body + "    var late: LateRouting?\n}\n"
        #expect(text.utf8.count > 20_000_000)
        let project = try makeProject(["Large.swift": text])
        let run = try runRibslint(["--reporter", "json", "."], in: project)
        #expect(run.status == 1)
        // Header (4 lines), the class and its method (2), the padding: `late` stands on line 270_007.
        #expect(run.stdout.contains("\"line\" : 270007"))
    }

    @Test("--stdin-path lints standard input as that file")
    func standardInput() throws {
        let project = try makeProject(["A.swift": clean])
        let run = try runRibslint(["--stdin-path", "Feature/BRouter.swift"], in: project, stdin: violating)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("Feature/BRouter.swift:3:9: error:"))
    }

    @Test("--output writes the report to a file; sarif and json are valid JSON")
    func output() throws {
        let project = try makeProject(["B.swift": violating])
        for reporter in ["sarif", "json"] {
            let run = try runRibslint(["--reporter", reporter, "--output", "report.\(reporter)", "."], in: project)
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
            let data = try Data(contentsOf: project.appendingPathComponent("report.\(reporter)"))
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil)
        }
    }

    @Test("output is byte-identical whatever the thread count")
    func determinism() throws {
        var files: [String: String] = [:]
        for index in 0..<40 {
            files["M\(index)/R\(index)Router.swift"] = violating.replacingOccurrences(of: "BRouter", with: "R\(index)Router")
        }
        let project = try makeProject(files)
        let single = try runRibslint(["--jobs", "1", "--reporter", "sarif", "."], in: project)
        let parallel = try runRibslint(["--jobs", "4", "--reporter", "sarif", "."], in: project)
        #expect(single.stdout == parallel.stdout)
        #expect(single.stdout.contains("M39/R39Router.swift"))
    }

    @Test("`rules` lists every rule and `rules <id>` prints its documentation")
    func rules() throws {
        let project = try makeProject([:])
        let table = try runRibslint(["rules"], in: project)
        #expect(table.status == 0)
        for id in ["router_ui_access", "interactor_dispose_bag", "super_call_mismatch", "unused_suppression"] {
            #expect(table.stdout.contains("`\(id)`"))
        }
        let doc = try runRibslint(["rules", "router_child_reference"], in: project)
        #expect(doc.stdout.contains("## Why is this bad?"))
        #expect(doc.stdout.contains("↓childRouter"))
        #expect(doc.stdout.hasSuffix("Online: \(RuleDocumentation.defaultBaseURL)router_child_reference.md\n"))
    }

    @Test("`docs --output` writes one page per rule and the index; `reporters` lists every format")
    func docsAndReporters() throws {
        let project = try makeProject([:])
        let written = try runRibslint(["docs", "--output", "Site/rules"], in: project)
        #expect(written.status == 0)
        #expect(written.stderr == "Wrote \(RuleRegistry.descriptions.count + 1) pages to Site/rules\n")
        for page in RuleDocumentation.pages(RuleRegistry.descriptions) {
            #expect(try String(contentsOf: project.appendingPathComponent("Site/rules/\(page.name)"), encoding: .utf8) == page.text)
        }
        try Data().write(to: project.appendingPathComponent("file"))
        let blocked = try runRibslint(["docs", "--output", "file/rules"], in: project)
        #expect(blocked.status == 2)
        #expect(blocked.stderr.contains("error: cannot create the folder file/rules"))
        // A page's place taken by a folder, late in the list: no page is written, and the run says which.
        let pages = RuleDocumentation.pages(RuleRegistry.descriptions).map(\.name).sorted()
        let late = pages[pages.count * 3 / 4]
        try FileManager.default.createDirectory(at: project.appendingPathComponent("Other/\(late)"), withIntermediateDirectories: true)
        let partial = try runRibslint(["docs", "--output", "Other"], in: project)
        #expect(partial.status == 2, "\(partial.stderr)")
        #expect(partial.stderr.contains("error: cannot write Other/\(late): it is a folder; no file was written"), "\(partial.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("Other").path) == [late])

        let reporters = try runRibslint(["reporters"], in: project)
        #expect(reporters.status == 0)
        #expect(reporters.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) } == Reporter.allCases.map(\.rawValue))
    }

    @Test("--sarif-category goes with the SARIF reporter; docs_url moves every link")
    func sarifOptions() throws {
        let project = try makeProject([
            "ARouter.swift": "import RIBs\nfinal class ARouter: Router<AInteractable> {\n    var child: ChildRouting?\n}\n",
            ".ribslint.yml": "docs_url: https://wiki.example.com/ribslint/\n",
        ])
        let misplaced = try runRibslint(["--no-cache", "--sarif-category", "app"], in: project)
        #expect(misplaced.status == 2)
        #expect(misplaced.stderr.contains("error: --sarif-category goes with --reporter sarif"))
        #expect(try runRibslint(["--no-cache", "--reporter", "sarif", "--sarif-category", "two words"], in: project).status == 2)
        let sarif = try runRibslint(["--no-cache", "--reporter", "sarif", "--sarif-category", "app"], in: project)
        #expect(sarif.status == 1)
        #expect(sarif.stdout.contains("\"id\" : \"app/\""))
        #expect(sarif.stdout.contains("\"helpUri\" : \"https://wiki.example.com/ribslint/router_child_reference.md\""))
        let github = try runRibslint(["--no-cache", "--reporter", "github"], in: project)
        #expect(github.stdout.contains("title=router_child_reference · https%3A//wiki.example.com/ribslint/router_child_reference.md::"))
        try Data("docs_url: ''\n".utf8).write(to: project.appendingPathComponent(".ribslint.yml"))
        #expect(try runRibslint(["--no-cache"], in: project).stderr.contains(".ribslint.yml:1:11: error: 'docs_url' must be a URL or folder without spaces"))
    }

    @Test("started in a folder of the project, `ribslint` lints that folder's files with the whole project in view")
    func lintsTheFolderItIsStartedIn() throws {
        let root = try makeProject([
            ".ribslint.yml": "included: [App]\n",
            "App/Home/HomeRouter.swift": """
                import RIBs
                final class HomeBuilder: Builder<HomeDependency>, HomeBuildable {}
                final class HomeInteractor: PresentableInteractor<HomePresentable>, HomeInteractable {}
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    private let cardBuilder: CardBuildable
                    var child: ChildRouting?
                }
                """,
            "App/Card/CardBuilder.swift": """
                import RIBs
                final class CardBuilder: Builder<CardDependency>, CardBuildable {
                    func build() -> CardRouting { CardRouter(homeBuilder: HomeBuilder(dependency: component)) }
                }
                """,
            "Scripts/Tool.swift": "import Foundation\nstruct Tool {}\n",
            "Docs/README.md": "# Docs\n",
        ])
        func findings(_ run: RunResult) throws -> [String] {
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let found = try #require(report["findings"] as? [[String: Any]])
            return try found.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }
        }
        let whole = try findings(try runRibslint(["--reporter", "json", "--no-cache"], in: root))
        let card = root.appendingPathComponent("App/Card")
        let inCard = try runRibslint(["--reporter", "json", "--no-cache"], in: card)
        #expect(inCard.status == 1)
        #expect(inCard.stderr.contains("note: linted the project's files in App/Card (the rest of the project read for project rules)"))
        // The folder's findings as the whole run has them, project rules included (Card's missing parts), and the
        // cycle Card is part of, where the whole run reports it (as a pre-commit run of Card's file shows it).
        let inFolder = whole.filter { $0.contains("\"file\":\"App\\/Card\\/") }
        #expect(inFolder.contains { $0.contains("\"rule\":\"rib_completeness\"") })
        let cycle = whole.filter { $0.contains("\"rule\":\"rib_cycle\"") }
        #expect(cycle.count == 1 && !inFolder.contains(cycle[0]))
        #expect(try findings(inCard) == (inFolder + cycle).sorted { whole.firstIndex(of: $0)! < whole.firstIndex(of: $1)! })
        #expect(whole.contains { $0.contains("App\\/Home\\/HomeRouter.swift") && $0.contains("router_child_reference") })
        // An editor's report names the files from where it was started: below it relative, else absolute.
        let xcode = try runRibslint(["--no-cache"], in: card).stdout.split(separator: "\n")
        #expect(xcode.count == 2)
        #expect(xcode.first?.hasPrefix("CardBuilder.swift:2:13: warning:") == true)
        #expect(xcode.last?.hasPrefix(root.appendingPathComponent("App/Home/HomeRouter.swift").path + ":5:30: error:") == true)
        // A folder the project does not include is said to hold none of its files; --allow-zero-files passes it.
        let scripts = try runRibslint(["--no-cache"], in: root.appendingPathComponent("Scripts"))
        #expect(scripts.status == 2)
        #expect(scripts.stderr.contains("error: no Swift file of the project lies in this folder"))
        #expect(scripts.stderr.contains("the configuration's included paths (App)"))
        #expect(try runRibslint(["--no-cache", "--allow-zero-files"], in: root.appendingPathComponent("Docs")).status == 0)
        // Paths given still lint what they name, from wherever.
        let named = try runRibslint(["--no-cache", "../Home/HomeRouter.swift"], in: card)
        #expect(named.stdout.contains("(router_child_reference)"))
    }
}
