import Foundation
import RibsLintKit
import RibsLintRules
import Testing

@Suite("Cache")
struct CacheTests {
    let files: [String: String] = [
        "Home/HomeBuilder.swift": """
            import RIBs
            final class HomeBuilder: Builder<HomeDependency>, HomeBuildable {
                func build() -> HomeRouting { HomeRouter(cardBuilder: CardBuilder(dependency: dependency)) }
            }
            final class HomeInteractor: Interactor, HomeInteractable { var listener: HomeListener? }
            final class HomeRouter: Router<HomeInteractable>, HomeRouting {}
            """,
        "Card/CardBuilder.swift": """
            import RIBs
            final class CardBuilder: Builder<CardDependency>, CardBuildable {
                func build() -> CardRouting { CardRouter(homeBuilder: HomeBuilder(dependency: dependency)) }
            }
            """,
        "Other/Plain.swift": "struct Plain {}\n",
    ]

    func run(
        _ root: URL, cachePath: String, toolVersion: String = ribslintVersion, disabled: [String] = []
    ) throws -> LintResult {
        var configuration = Configuration(rootDirectory: root.path)
        configuration.disabledRules = disabled
        let ruleSet = try RuleSet(configuration: configuration, available: RuleRegistry.rules, project: RuleRegistry.projectRules)
        let linter = Linter(configuration: configuration, ruleSet: ruleSet, jobs: 2)
        let key = linter.cacheKey(project: linter.projectFacts(paths: [], workingDirectory: root.path))
        let cache = LintCache(path: cachePath, toolVersion: toolVersion, configurationKey: key)
        return try linter.lint(paths: [], workingDirectory: root.path, cache: cache)
    }

    func cachePath(_ root: URL) -> String { root.appendingPathComponent("cache/ribslint.cache").path }

    @Test("a warm run reuses every file and reports the same findings, project findings included")
    func warm() throws {
        let root = try makeProject(files)
        let cold = try run(root, cachePath: cachePath(root))
        #expect(cold.cacheHits == 0 && cold.cacheMisses == 3)
        let written = try FileManager.default.attributesOfItem(atPath: cachePath(root))[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        let warm = try run(root, cachePath: cachePath(root))
        #expect(warm.cacheHits == 3 && warm.cacheMisses == 0)
        let rewritten = try FileManager.default.attributesOfItem(atPath: cachePath(root))[.modificationDate] as? Date
        #expect(written != nil && written == rewritten, "an unchanged run must not rewrite the cache")
        #expect(warm.findings == cold.findings)
        #expect(warm.findings.contains { $0.ruleID == "rib_cycle" })
        #expect(warm.findings.contains { $0.ruleID == "weak_listener" })
    }

    @Test("editing one file relints exactly that file")
    func edit() throws {
        let root = try makeProject(files)
        _ = try run(root, cachePath: cachePath(root))
        let edited = root.appendingPathComponent("Home/HomeBuilder.swift")
        let text = try String(contentsOf: edited, encoding: .utf8).replacingOccurrences(of: "var listener", with: "weak var listener")
        try text.write(to: edited, atomically: true, encoding: .utf8)
        let after = try run(root, cachePath: cachePath(root))
        #expect(after.cacheHits == 2 && after.cacheMisses == 1)
        #expect(!after.findings.contains { $0.ruleID == "weak_listener" })
    }

    @Test("a changed configuration or tool version relints everything")
    func invalidation() throws {
        let root = try makeProject(files)
        _ = try run(root, cachePath: cachePath(root))
        let otherConfiguration = try run(root, cachePath: cachePath(root), disabled: ["weak_listener"])
        #expect(otherConfiguration.cacheHits == 0)
        #expect(!otherConfiguration.findings.contains { $0.ruleID == "weak_listener" })
        let otherVersion = try run(root, cachePath: cachePath(root), toolVersion: "9.9.9")
        #expect(otherVersion.cacheHits == 0)
        #expect(try run(root, cachePath: cachePath(root), toolVersion: "9.9.9").cacheHits == 3)
    }

    @Test("a corrupt or foreign cache is ignored and rewritten")
    func corrupt() throws {
        let root = try makeProject(files)
        let path = cachePath(root)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{\"format\": 1, \"entries\": [1, 2".utf8).write(to: URL(fileURLWithPath: path))
        let first = try run(root, cachePath: path)
        #expect(first.cacheHits == 0)
        #expect(try run(root, cachePath: path).cacheHits == 3)
        try Data("{\"format\": 1, \"toolVersion\": \"0.0.1\", \"configurationKey\": \"x\", \"entries\": {}}".utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect(try run(root, cachePath: path).cacheHits == 0)
        // A valid cache cut short, as by a full disk, is not trusted either.
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count - 7).write(to: URL(fileURLWithPath: path))
        #expect(try run(root, cachePath: path).cacheHits == 0)
        #expect(try run(root, cachePath: path).cacheHits == 3)
    }

    @Test("the command line uses the cache unless told not to")
    func commandLine() throws {
        let root = try makeProject(files)
        let cold = try runRibslint(["--cache-path", "c.cache", "."], in: root)
        let warm = try runRibslint(["--cache-path", "c.cache", "."], in: root)
        let uncached = try runRibslint(["--no-cache", "--cache-path", "none.json", "."], in: root)
        #expect(cold.stdout == warm.stdout && warm.stdout == uncached.stdout)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("c.cache").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("none.json").path))
    }
}
