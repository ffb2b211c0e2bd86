import Foundation
@testable import RibsLintKit
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

    /// `files` and a router whose base class, in another file, makes it a router.
    var inheriting: [String: String] {
        files.merging([
            "Base/BaseRouter.swift": "import RIBs\nopen class BaseRouter<I>: Router<I> {}\n",
            "Feed/FeedRouter.swift": "import UIKit\nfinal class FeedRouter: BaseRouter<FeedInteractable> {\n    var detail: DetailRouting?\n}\n",
        ]) { $1 }
    }

    func run(
        _ root: URL, cachePath: String?, toolVersion: String = ribslintBuildIdentity, disabled: [String] = [], optIn: [String] = [],
        paths: [String] = [], profile: String = "ribs", diskUnchanged: Bool = false
    ) throws -> LintResult {
        var configuration = Configuration(rootDirectory: root.path)
        configuration.profile = profile
        configuration.disabledRules = disabled
        configuration.optInRules = optIn
        let ruleSet = try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog)
        var linter = Linter(configuration: configuration, ruleSet: ruleSet, jobs: 2)
        // As the command line runs: every file's configuration found from its folder, on top of this one.
        linter.scopes = ConfigurationScopes(catalog: RuleRegistry.catalog, base: configuration)
        linter.diskUnchangedSinceLastRun = diskUnchanged
        return try linter.lint(paths: paths, workingDirectory: root.path, cachePath: cachePath, toolVersion: toolVersion)
    }

    /// Sets the dates of the project's files and folders an hour back, as an untouched checkout's are.
    func backdate(_ root: URL) throws {
        let items = [root.path] + (FileManager.default.subpaths(atPath: root.path) ?? []).map { root.appendingPathComponent($0).path }
        for path in items {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: path)
        }
    }

    /// Beside the project, not in it: a cache folder appearing in the project would be news to the next run.
    func cachePath(_ root: URL) -> String { root.path + ".cache/ribslint.cache" }

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

    @Test("project findings the cache holds unread are written back as they were: a later warm run reports them")
    func projectRecordKeptUnread() throws {
        let root = try makeProject(files)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let cold = try run(root, cachePath: cachePath(root))
        let recorded = try Data(contentsOf: URL(fileURLWithPath: cachePath(root)))
        // A new stamp on unchanged bytes is news: this listed run rewrites the cache, keeping the project findings
        // it loaded and never decoded.
        try backdate(root)
        let listed = try run(root, cachePath: cachePath(root), paths: ["Other/Plain.swift"])
        #expect(listed.findings.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cachePath(root))) != recorded)
        let warm = try run(root, cachePath: cachePath(root))
        #expect(warm.cacheHits == 3 && warm.projectFilesRead == 0, "the kept project findings answer")
        #expect(warm.findings == cold.findings && warm.findings.contains { $0.ruleID == "rib_cycle" })
    }

    @Test("recorded project findings that do not decode are no record: the warm run finds them again")
    func undecodableProjectFindings() throws {
        let root = try makeProject(files)
        let cold = try run(root, cachePath: cachePath(root))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cachePath(root))))
        // Past the header (format, version, configuration key, recording time, project facts, files key) and the
        // record's key to its findings' bytes.
        var reader = CacheReader(Array(bytes.dropLast(8)))
        for _ in 0..<3 { _ = try reader.string() }
        _ = try reader.int()
        for _ in 0..<2 { _ = try reader.string() }
        #expect(try reader.bool())
        _ = try reader.string()
        let stored = try reader.bytes(try reader.int())
        // A count no list of that length holds; an empty list with bytes after it.
        for damage: UInt8 in [0x7f, 0x00] {
            var damaged = bytes
            damaged[stored.range.lowerBound] = damage
            let sum = damaged.dropLast(8).withUnsafeBytes { checksum($0) }
            damaged.replaceSubrange((damaged.count - 8)..., with: (0..<8).map { UInt8(truncatingIfNeeded: sum >> (8 * $0)) })
            try Data(damaged).write(to: URL(fileURLWithPath: cachePath(root)))
            let warm = try run(root, cachePath: cachePath(root))
            #expect(warm.cacheHits == 3 && warm.projectFilesRead == 3, "the files from the cache, the project pass run again")
            #expect(warm.findings == cold.findings && warm.findings.contains { $0.ruleID == "rib_cycle" })
        }
    }

    @Test("a file's recorded findings stay encoded until they are reported, and decode to what its pass found")
    func findingsKeptEncoded() throws {
        let root = try makeProject(files)
        try backdate(root)
        let cold = try run(root, cachePath: cachePath(root))
        let path = "Home/HomeBuilder.swift"
        let file = DiscoveredFile(absolutePath: root.path + "/" + path, displayPath: path, stamp: FileStamp.of(root.path + "/" + path))
        let cache = try recordedCache(root, cache: cachePath(root))
        let outcome = try #require(cache.settledOutcome(file))
        // As the threads take them, each through its own alias of the store; a file the cache does not hold, none.
        let missing = DiscoveredFile(absolutePath: root.path + "/Missing.swift", displayPath: "Missing.swift")
        let taken = cache.settledOutcomes(of: [file, missing])
        #expect(taken.map(\.stampTrusted) == [true, false] && taken[0].findings == outcome.findings && taken[0].contentHash == outcome.contentHash)
        guard case .encoded = outcome.storedFindings else {
            Issue.record("decoded on reading the cache")
            return
        }
        // The file's own findings: the whole run's there, but the project rules'.
        let projectRules = Set(try RuleSet(configuration: Configuration(rootDirectory: root.path), catalog: RuleRegistry.catalog).projectEntries.map(\.id))
        let own = cold.findings.filter { $0.path == path && !projectRules.contains($0.ruleID) }
        #expect(outcome.findings == own && !own.isEmpty)
        // A count no list of that length holds; an empty list with bytes after it.
        #expect(StoredFindings.encoded(StoredBytes(copying: [0x7f])).decoded == nil && StoredFindings.encoded(StoredBytes(copying: [0, 0])).decoded == nil)
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

    @Test("a text given in place of a file (an editor's buffer, the staged content) is looked up by its own bytes")
    func givenTexts() throws {
        let root = try makeProject(files)
        // A repository around the files: a run of one file reads the whole project, as an editor's does.
        try git(["init", "-q"], in: root)
        try backdate(root)
        let path = root.appendingPathComponent("Home/HomeBuilder.swift").path
        let disk = try String(contentsOfFile: path, encoding: .utf8)
        let cold = try run(root, cachePath: cachePath(root))
        #expect(cold.findings.contains { $0.ruleID == "weak_listener" && $0.path == "Home/HomeBuilder.swift" })
        func lint(_ text: String) throws -> LintResult {
            var configuration = Configuration(rootDirectory: root.path)
            configuration.profile = "ribs"
            var linter = Linter(configuration: configuration, ruleSet: try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog), jobs: 2)
            linter.scopes = ConfigurationScopes(catalog: RuleRegistry.catalog, base: configuration)
            linter.lintInstead([path: text])
            return try linter.lint(paths: [path], workingDirectory: root.path, cachePath: cachePath(root))
        }
        // The buffer fixes the finding: linted afresh, though the file's stamp on disk is trusted; the others hit.
        let edited = try lint(disk.replacingOccurrences(of: "var listener", with: "weak var listener"))
        #expect(!edited.findings.contains { $0.ruleID == "weak_listener" })
        #expect(edited.cacheMisses == 1 && edited.cacheHits == 2)
        // The buffer as the file is on disk: its entry answers.
        let same = try lint(disk)
        #expect(same.cacheMisses == 0 && same.cacheHits == 3)
        #expect(same.findings.filter { $0.path == "Home/HomeBuilder.swift" } == cold.findings.filter { $0.path == "Home/HomeBuilder.swift" })
        // And the file on disk is still what the cache answers for.
        #expect(try run(root, cachePath: cachePath(root)).findings == cold.findings)
    }

    @Test("adding a file lints that file only; adding a folder's configuration relints what it governs")
    func addFile() throws {
        let root = try makeProject(files)
        _ = try run(root, cachePath: cachePath(root))
        try "final class Extra {}\n".write(to: root.appendingPathComponent("Other/Extra.swift"), atomically: true, encoding: .utf8)
        let added = try run(root, cachePath: cachePath(root))
        #expect(added.cacheHits == 3 && added.cacheMisses == 1)
        try "disabled_rules: [weak_listener]\n".write(to: root.appendingPathComponent("Home/.ribslint.yml"), atomically: true, encoding: .utf8)
        let configured = try run(root, cachePath: cachePath(root))
        #expect(configured.cacheHits == 0)
        #expect(!configured.findings.contains { $0.ruleID == "weak_listener" && $0.path.hasPrefix("Home/") })
    }

    @Test("a file whose stamp the cache trusts is not read; a touched one is read and hits by its bytes")
    func stamps() throws {
        let root = try makeProject(files)
        try backdate(root)
        let cold = try run(root, cachePath: cachePath(root))
        #expect(cold.filesRead == 3)
        let warm = try run(root, cachePath: cachePath(root))
        #expect(warm.filesRead == 0 && warm.cacheHits == 3)
        #expect(warm.findings == cold.findings)
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: root.appendingPathComponent("Other/Plain.swift").path)
        let touched = try run(root, cachePath: cachePath(root))
        #expect(touched.filesRead == 1 && touched.cacheHits == 3)
    }

    @Test("with a cache, the walk takes each file's stamp in its folder, a linked file's too, as stat gives it; without one, none")
    func walkStamps() throws {
        let root = try makeProject(files)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Other/Linked.swift").path, withDestinationPath: root.appendingPathComponent("Home/HomeBuilder.swift").path)
        var discovery = FileDiscovery(
            configuration: Configuration(rootDirectory: root.path), workingDirectory: root.path, base: root.path, jobs: 2, memory: FolderMemory(cache: nil))
        let stamped = try discovery.discover(paths: [root.path]).files
        #expect(stamped.map(\.displayPath).sorted() == (Array(files.keys) + ["Other/Linked.swift"]).sorted())
        for file in stamped {
            #expect(file.stamp != nil && file.stamp == FileStamp.of(file.absolutePath), "\(file.displayPath)")
        }
        #expect(stamped.first { $0.displayPath == "Other/Linked.swift" }?.stamp == FileStamp.of(root.appendingPathComponent("Home/HomeBuilder.swift").path))
        discovery.memory = nil
        #expect(try discovery.discover(paths: [root.path]).files.allSatisfy { $0.stamp == nil })
    }

    @Test("the walk gives each root's files in the byte order of their paths, so sorting them finds them sorted")
    func walkOrder() throws {
        // A file name sorts before a longer folder name it starts, `-` and `.` before `/`, NFC before NFD.
        let names = [
            "A.swift", "A.swiftui/In.swift", "A/B.swift", "A/B/C.swift", "A-B/D.swift", "A.B/E.swift", "AB.swift", "AB/F.swift",
            "Caf\u{E9}/G.swift", "Cafe\u{301}/H.swift", "Cafe/I.swift", "a/J.swift", "A/B-C.swift", "A/B.C/K.swift",
        ]
        let root = try makeProject(Dictionary(uniqueKeysWithValues: names.map { ($0, "struct S {}\n") }))
        for memory in [nil, FolderMemory(cache: nil)] {
            let discovery = FileDiscovery(
                configuration: Configuration(rootDirectory: root.path), workingDirectory: root.path, base: root.path, jobs: 2, memory: memory)
            let walked = discovery.walk([root.path]).files.map { PathKey($0.path) }
            #expect(walked.count == names.count)
            #expect(walked == walked.sorted(), "\(walked.map(\.path))")
            #expect(Set(walked) == Set(names.map { PathKey(root.path + "/" + $0) }))
        }
    }

    @Test("a file's folder is told by its bytes where they are ASCII around the last slash, else as parentFolder says")
    func directlyInFolder() {
        let cases: [(String, String, Bool)] = [
            ("/a/b/x.swift", "/a/b", true), ("/x.swift", "/", true), ("/a/b/c/x.swift", "/a/b", false), ("/a/bc/x.swift", "/a/b", false),
            ("/a/b", "/a/b", false), ("/a/Cafe\u{301}/x.swift", "/a/Cafe\u{301}", true), ("/a/b/\u{301}x.swift", "/a/b", false),
            ("/a/b\u{301}/x.swift", "/a/b", false), ("/a/b/", "/a/b", false),
        ]
        for (path, folder, expected) in cases {
            #expect(isDirectly(path, in: folder) == expected, "\(path) in \(folder)")
            #expect(!isDirectly(path, in: folder) || parentFolder(of: path) == folder, "\(path)")
        }
    }

    @Test("a path's folder is found by its bytes where they are ASCII around the last slash, else by Character")
    func parentFolders() {
        let cases: [(String, String)] = [
            ("/a/b/x.swift", "/a/b"), ("/x.swift", "/"), ("x.swift", "x.swift"), ("", ""), ("/", "/"), ("/a/b/", "/a/b"), ("a/b", "a"),
            ("/é/ü.swift", "/é"), ("relative/ö/x", "relative/ö"),
            // A combining mark after the last slash, or a prepended one before it, makes one Character with it: the
            // slash before is the folder's end.
            ("/a/Cafe\u{301}/x.swift", "/a/Cafe\u{301}"), ("/a/b/\u{301}x.swift", "/a"), ("/a\u{600}/x.swift", "/"),
            ("/a/\u{600}x/y.swift", "/a/\u{600}x"),
        ]
        for (path, folder) in cases {
            #expect(parentFolder(of: path).utf8.elementsEqual(folder.utf8), "\(path)")
        }
    }

    @Test("a folder whose stamp the cache trusts is not listed again; adding or removing a file is seen")
    func folders() throws {
        let root = try makeProject(files)
        let cache = cachePath(root)
        try backdate(root)
        let cold = try run(root, cachePath: cache)
        #expect(cold.foldersRead == 4 && cold.fileCount == 3)
        let warm = try run(root, cachePath: cache)
        #expect(warm.foldersRead == 0 && warm.filesRead == 0 && warm.fileCount == 3)
        try Data("struct Extra {}\n".utf8).write(to: root.appendingPathComponent("Other/Extra.swift"))
        let added = try run(root, cachePath: cache)
        #expect(added.foldersRead == 1 && added.fileCount == 4 && added.cacheMisses == 1)
        try FileManager.default.removeItem(at: root.appendingPathComponent("Other/Plain.swift"))
        let removed = try run(root, cachePath: cache)
        #expect(removed.fileCount == 3 && !removed.findings.contains { $0.path.hasSuffix("Plain.swift") })
    }

    /// The cache `run` wrote at `cache`, read as `Linter.lint` reads it.
    func recordedCache(_ root: URL, cache: String, excluded: [String] = [], optIn: [String] = []) throws -> LintCache {
        var configuration = Configuration(rootDirectory: root.path)
        configuration.excluded = excluded
        configuration.optInRules = optIn
        let linter = Linter(configuration: configuration, ruleSet: try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog), jobs: 2)
        return LintCache(path: cache, configurationKey: LintCache.key(for: linter), jobs: 2)
    }

    /// A discovery over the cache `run` wrote at `cache`, as `Linter.lint` makes one, and its folder memory.
    func recordedDiscovery(
        _ root: URL, cache: String, excluded: [String] = [], optIn: [String] = []
    ) throws -> (discovery: FileDiscovery, memory: FolderMemory) {
        var configuration = Configuration(rootDirectory: root.path)
        configuration.excluded = excluded
        let memory = FolderMemory(cache: try recordedCache(root, cache: cache, excluded: excluded, optIn: optIn))
        return (FileDiscovery(configuration: configuration, workingDirectory: root.path, base: root.path, jobs: 2, memory: memory), memory)
    }

    /// What a walk with no cache finds: files with their paths and stamps, and Sourcery's configurations.
    func walked(_ root: URL) throws -> (files: [DiscoveredFile], stamps: [FileStamp?], sourcery: [String]) {
        let discovery = FileDiscovery(
            configuration: Configuration(rootDirectory: root.path), workingDirectory: root.path, base: root.path, jobs: 2, memory: FolderMemory(cache: nil))
        let found = try discovery.discover(paths: [root.path])
        return (found.files, found.files.map(\.stamp), found.sourceryConfigurations)
    }

    @Test("the walk the cache recorded answers the next run over the same folders: the walk's files, stamps taken now")
    func recordedWalk() throws {
        let root = try makeProject(files.merging(["Home/Deep/Er/Inner.swift": "struct Inner {}\n", "Card/.sourcery.yml": "sources: [.]\n"]) { $1 })
        let cache = cachePath(root)
        try backdate(root)
        _ = try run(root, cachePath: cache)
        var (discovery, memory) = try recordedDiscovery(root, cache: cache)
        var taken = try discovery.discover(paths: [root.path])
        var walk = try walked(root)
        #expect(memory.tookRecordedWalk && memory.foldersRead == 0)
        #expect(taken.files == walk.files && taken.files.map(\.stamp) == walk.stamps && taken.files.count == 4)
        #expect(taken.sourceryConfigurations == walk.sourcery && walk.sourcery == [root.path + "/Card/.sourcery.yml"])
        // A file written: its stamp now. A folder touched, its entries the same: read again, and still answering.
        try Data("struct Plain { let x = 1 }\n".utf8).write(to: root.appendingPathComponent("Other/Plain.swift"))
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: root.appendingPathComponent("Home/Deep").path)
        (discovery, memory) = try recordedDiscovery(root, cache: cache)
        taken = try discovery.discover(paths: [root.path])
        walk = try walked(root)
        #expect(memory.tookRecordedWalk && memory.foldersRead == 1 && !memory.isNews)
        #expect(taken.files == walk.files && taken.files.map(\.stamp) == walk.stamps)
        #expect(memory.hasConfiguration(root.path + "/Home/Deep/Er") == false && memory.hasConfiguration(root.path + "/Home/Deep") == false)
    }

    @Test("a folder whose entries changed, other folders walked, or other exclusions make the run walk; a walk past a link records none")
    func recordedWalkRefused() throws {
        let root = try makeProject(files)
        let cache = cachePath(root)
        try backdate(root)
        _ = try run(root, cachePath: cache)
        #expect(try recordedCache(root, cache: cache).walk != nil)
        var (discovery, memory) = try recordedDiscovery(root, cache: cache, excluded: ["Other"])
        #expect(try discovery.discover(paths: [root.path]).files.count == 2 && !memory.tookRecordedWalk)
        (discovery, memory) = try recordedDiscovery(root, cache: cache)
        #expect(try discovery.discover(paths: [root.path + "/Home"]).files.count == 1 && !memory.tookRecordedWalk)
        try Data("struct Extra {}\n".utf8).write(to: root.appendingPathComponent("Other/Extra.swift"))
        (discovery, memory) = try recordedDiscovery(root, cache: cache)
        let added = try discovery.discover(paths: [root.path]).files
        let walk = try walked(root)
        #expect(!memory.tookRecordedWalk && added == walk.files && added.count == 4)
        // The run that saw the new file records the walk with it; a link in the tree leaves none.
        _ = try run(root, cachePath: cache)
        (discovery, memory) = try recordedDiscovery(root, cache: cache)
        #expect(try discovery.discover(paths: [root.path]).files.count == 4 && memory.tookRecordedWalk)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Other/Linked.swift").path, withDestinationPath: root.appendingPathComponent("Home/HomeBuilder.swift").path)
        let linked = try run(root, cachePath: cache)
        let recorded = try recordedCache(root, cache: cache)
        #expect(linked.fileCount == 5 && recorded.walk == nil)
        (discovery, memory) = try recordedDiscovery(root, cache: cache)
        #expect(try discovery.discover(paths: [root.path]).files.count == 5 && !memory.tookRecordedWalk)
    }

    @Test("folders stamped just before the recording run are read again, and answer while their entries are the same")
    func recordedWalkUnsettled() throws {
        let root = try makeProject(files)
        let cache = cachePath(root)
        _ = try run(root, cachePath: cache)
        let (discovery, memory) = try recordedDiscovery(root, cache: cache)
        let taken = try discovery.discover(paths: [root.path]).files
        let walk = try walked(root)
        #expect(memory.tookRecordedWalk && memory.foldersRead == 4 && taken == walk.files)
    }

    @Test("a root that became a link to another root, or a folder whose name differs only in its normalization, makes the run walk")
    func recordedWalkIdentity() throws {
        let nfc = "Caf\u{E9}", nfd = "Cafe\u{301}"
        let root = try makeProject(["A/X.swift": "struct X {}\n", "B/X.swift": "struct X {}\n", "\(nfc)/Y.swift": "struct Y {}\n", "\(nfd)/Z.swift": "struct Z {}\n"])
        let cache = cachePath(root)
        let (a, b) = (root.path + "/A", root.path + "/B")
        try backdate(root)
        _ = try run(root, cachePath: cache, paths: [a, b])
        var (discovery, memory) = try recordedDiscovery(root, cache: cache)
        #expect(try discovery.discover(paths: [a, b]).files.count == 2 && memory.tookRecordedWalk)
        // B's entries are A's: read again, they hash the same, but B is A now.
        try FileManager.default.removeItem(atPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        (discovery, memory) = try recordedDiscovery(root, cache: cache)
        #expect(try discovery.discover(paths: [a, b]).files.map(\.displayPath) == ["A/X.swift"] && !memory.tookRecordedWalk)
        _ = try run(root, cachePath: cache, paths: [root.path + "/" + nfc])
        (discovery, memory) = try recordedDiscovery(root, cache: cache)
        #expect(try discovery.discover(paths: [root.path + "/" + nfd]).files.map(\.displayPath) == ["\(nfd)/Z.swift"] && !memory.tookRecordedWalk)
    }

    @Test("a walk that met a name that is not UTF-8, or one folder as two roots, records no walk")
    func recordedWalkUnclean() throws {
        let root = try makeProject(files)
        var name = Array((root.path + "/Other/").utf8) + [0xFF] + Array(".swift".utf8) + [0]
        let descriptor = name.withUnsafeMutableBytes { open($0.baseAddress!.assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        var discovery = FileDiscovery(
            configuration: Configuration(rootDirectory: root.path), workingDirectory: root.path, base: root.path, jobs: 2, memory: FolderMemory(cache: nil))
        let found = try discovery.discover(paths: [root.path])
        #expect(found.problems.count == 1 && discovery.memory?.walkToRecord == nil)
        // The same folder as two roots.
        try FileManager.default.createSymbolicLink(atPath: root.path + "/Again", withDestinationPath: root.path + "/Home")
        discovery.memory = FolderMemory(cache: nil)
        #expect(try discovery.discover(paths: [root.path + "/Home", root.path + "/Again"]).files.count == 1 && discovery.memory?.walkToRecord == nil)
        discovery.memory = FolderMemory(cache: nil)
        _ = try discovery.discover(paths: [root.path + "/Home"])
        #expect(discovery.memory?.walkToRecord != nil)
    }

    @Test("runs that take the recorded walk report as runs that walk, and a cache they rewrite keeps every folder and the walk")
    func recordedWalkRuns() throws {
        let root = try makeProject(inheriting)
        // A repository: a listed file's run sees the whole project.
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let cache = cachePath(root)
        try backdate(root)
        let cold = try run(root, cachePath: cache, optIn: ["rib_test_presence"])
        let warm = try run(root, cachePath: cache, optIn: ["rib_test_presence"])
        #expect(warm.findings == cold.findings && warm.foldersRead == 0 && warm.filesRead == 0)
        // One file edited, the rest unread: the cache is written again, with the folders the run did not read.
        let base = root.appendingPathComponent("Base/BaseRouter.swift")
        try Data("import RIBs\nopen class BaseRouter<I>: Router<I> { func extra() {} }\n".utf8).write(to: base)
        let edited = try run(root, cachePath: cache, optIn: ["rib_test_presence"])
        #expect(edited.filesRead == 1 && edited.foldersRead == 0)
        let (discovery, memory) = try recordedDiscovery(root, cache: cache, optIn: ["rib_test_presence"])
        _ = try discovery.discover(paths: [root.path])
        #expect(memory.tookRecordedWalk && memory.recordedFolderCount == 6)
        let listed = try run(root, cachePath: cache, optIn: ["rib_test_presence"], paths: [root.path + "/Feed/FeedRouter.swift"])
        let feed = edited.findings.filter { $0.path == "Feed/FeedRouter.swift" }
        #expect(listed.findings == feed && feed.contains { $0.ruleID == "rib_test_presence" } && listed.foldersRead == 0)
    }

    @Test("the test file names are the project walk's when it walked the searched folder whole, its display paths when reports name files from there; with exclusions, the folder is walked")
    func testNamesFromProjectWalk() throws {
        let root = try makeProject(files.merging(["HomeTests/HomeInteractorTests.swift": "final class HomeInteractorTests {}\n"]) { $1 })
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        var configuration = Configuration(rootDirectory: root.path)
        for base in [root.path, "/"] {
            let discovery = FileDiscovery(configuration: configuration, workingDirectory: root.path, base: base, jobs: 2, memory: FolderMemory(cache: nil))
            let found = try discovery.discover(paths: [root.path]).files
            let names = discovery.allSwiftFileNames(paths: [root.path]).names
            #expect(names.count == 4 && names.contains("HomeTests/HomeInteractorTests.swift"))
            let taken = discovery.allSwiftFileNames(paths: [root.path], walked: ([root.path], found))
            // The display paths themselves when reports name files from the searched folder.
            #expect(taken.names == names && taken.holdsDisplayPaths == (base == root.path) && !discovery.allSwiftFileNames(paths: [root.path]).holdsDisplayPaths)
            // Taken from the walk given, not walked again.
            #expect(discovery.allSwiftFileNames(paths: [root.path], walked: ([root.path], Array(found.prefix(1)))).names == ["Card/CardBuilder.swift"])
            #expect(discovery.allSwiftFileNames(paths: [root.path], walked: ([root.path + "/Home"], found)).names == names)
        }
        configuration.excluded = ["HomeTests"]
        let excluding = FileDiscovery(configuration: configuration, workingDirectory: root.path, base: root.path, jobs: 2, memory: nil)
        let found = try excluding.discover(paths: [root.path]).files
        #expect(found.count == 3 && excluding.allSwiftFileNames(paths: [root.path], walked: ([root.path], found)).names.count == 4)
    }

    @Test("a run told the disk is as the last run found it (an editor's watcher) asks it nothing, but still reads what changed just before that run")
    func diskUnchanged() throws {
        let root = try makeProject(files)
        try backdate(root)
        let cold = try run(root, cachePath: cachePath(root))
        _ = try run(root, cachePath: cachePath(root))
        let trusted = try run(root, cachePath: cachePath(root), diskUnchanged: true)
        #expect(trusted.filesRead == 0 && trusted.cacheHits == 3 && trusted.findings == cold.findings)
        // Nothing is asked: a file removed behind the promise's back is still reported as recorded.
        try FileManager.default.removeItem(at: root.appendingPathComponent("Other/Plain.swift"))
        #expect(try run(root, cachePath: cachePath(root), diskUnchanged: true).fileCount == 3)
        #expect(try run(root, cachePath: cachePath(root)).fileCount == 2)
        // Files changed just before the recording run are read whatever the promise: their stamps are not trusted.
        let fresh = try makeProject(files)
        _ = try run(fresh, cachePath: cachePath(fresh))
        #expect(try run(fresh, cachePath: cachePath(fresh), diskUnchanged: true).filesRead == 3)
    }

    @Test("files changed just before the recording run are read every time: an edit in the same clock tick cannot hide")
    func racyStamps() throws {
        let root = try makeProject(files)
        _ = try run(root, cachePath: cachePath(root))
        let again = try run(root, cachePath: cachePath(root))
        #expect(again.filesRead == 3 && again.cacheHits == 3)
    }

    @Test("linting single files keeps the cache of the rest of the project")
    func subset() throws {
        let root = try makeProject(files)
        try backdate(root)
        _ = try run(root, cachePath: cachePath(root))
        let one = try run(root, cachePath: cachePath(root), paths: ["Other/Plain.swift"])
        #expect(one.fileCount == 1 && one.cacheHits == 1)
        let all = try run(root, cachePath: cachePath(root))
        #expect(all.cacheMisses == 0 && all.filesRead == 0)
    }

    @Test("an edit that breaks a cycle runs the project pass again")
    func projectPass() throws {
        let root = try makeProject(files)
        #expect(try run(root, cachePath: cachePath(root)).findings.contains { $0.ruleID == "rib_cycle" })
        let card = root.appendingPathComponent("Card/CardBuilder.swift")
        let text = try String(contentsOf: card, encoding: .utf8).replacingOccurrences(of: "HomeBuilder(dependency: dependency)", with: "nil")
        try text.write(to: card, atomically: true, encoding: .utf8)
        let after = try run(root, cachePath: cachePath(root))
        #expect(after.cacheHits == 2)
        #expect(!after.findings.contains { $0.ruleID == "rib_cycle" })
    }

    @Test("an edited listed file over a warm cache: the whole run's findings for it, from the files it relates to; the cache kept as it was")
    func listedFileOverWarmCache() throws {
        var project = files
        project["Far/FarBuilder.swift"] = "import RIBs\nfinal class FarBuilder: Builder<FarDependency>, FarBuildable {\n    func build() -> FarRouting { FarRouter() }\n}\n"
        project["Detail/DetailRouter.swift"] = """
            import RIBs
            final class DetailRouter: ViewableRouter<DetailInteractable, DetailViewControllable>, DetailRouting {
                func routeToPhoto() {
                    let photo = photoBuilder.build(withListener: interactor)
                    attachChild(photo)
                    navigationController.pushViewController(photo.viewControllable.uiviewController, animated: true)
                }
            }
            """
        project["Photo/PhotoViewController.swift"] = "import RIBs\nfinal class PhotoViewController: BaseViewController, PhotoPresentable, PhotoViewControllable {}\n"
        project["Base/BaseViewController.swift"] = """
            import UIKit
            class BaseViewController: UIViewController {
                override func viewDidDisappear(_ animated: Bool) {
                    super.viewDidDisappear(animated)
                    if isMovingFromParent { onBack() }
                }
                func onBack() {}
            }
            """
        let root = try makeProject(project)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        var listed: [String: LintResult] = [:]
        for path in ["Card/CardBuilder.swift", "Detail/DetailRouter.swift"] {
            _ = try run(root, cachePath: cachePath(root), optIn: ["back_navigation"])
            let recorded = try Data(contentsOf: URL(fileURLWithPath: cachePath(root)))
            let url = root.appendingPathComponent(path)
            try (project[path]! + "// edited\n").write(to: url, atomically: true, encoding: .utf8)
            listed[path] = try run(root, cachePath: cachePath(root), optIn: ["back_navigation"], paths: [path])
            let whole = try run(root, cachePath: nil, optIn: ["back_navigation"])
            #expect(listed[path]?.findings == whole.findings.filter { $0.concerns(path) })
            #expect(try Data(contentsOf: URL(fileURLWithPath: cachePath(root))) == recorded, "only the listed file is news: the cache is not rewritten")
            try project[path]!.write(to: url, atomically: true, encoding: .utf8)
        }
        // The cycle reads Home's and Card's files; Far, Plain and the photo screens are none of Card's business.
        let card = try #require(listed["Card/CardBuilder.swift"])
        #expect(card.findings.contains { $0.ruleID == "rib_cycle" } && card.projectFilesRead == 2)
        // A push refers to the child, whose presenter's base class handles back navigation: three files, no finding.
        let detail = try #require(listed["Detail/DetailRouter.swift"])
        #expect(!detail.findings.contains { $0.ruleID == "back_navigation" } && detail.projectFilesRead == 3)
    }

    @Test("a listed run after a run over one folder records the project's walk and files key once: the runs after it walk nothing and check one file's answers")
    func listedRunAfterFolderRun() throws {
        let root = try makeProject(files)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let cache = cachePath(root)
        try backdate(root)
        _ = try run(root, cachePath: cache)
        let whole = try recordedCache(root, cache: cache)
        // A run over one folder records its own walk, and the files key of its own files.
        _ = try run(root, cachePath: cache, paths: ["Home"])
        let folder = try recordedCache(root, cache: cache)
        func sameWalk(_ one: LintCache, _ other: LintCache) -> Bool {
            one.walk.map { Array($0.store.bytes[$0.range]) } == other.walk.map { Array($0.store.bytes[$0.range]) }
        }
        #expect(folder.filesKey != whole.filesKey && !sameWalk(folder, whole))
        // A comment added to a file, as a pre-commit hook lints it: the cache is written once, with the project's walk
        // and the files key of the project with the file's recorded bytes, which the whole run recorded.
        let edited = root.appendingPathComponent("Card/CardBuilder.swift")
        try (files["Card/CardBuilder.swift"]! + "// edited\n").write(to: edited, atomically: false, encoding: .utf8)
        let first = try run(root, cachePath: cache, paths: ["Card/CardBuilder.swift"])
        let after = try recordedCache(root, cache: cache)
        #expect(after.filesKey == whole.filesKey)
        #expect(sameWalk(after, whole))
        let written = try Data(contentsOf: URL(fileURLWithPath: cache))
        let second = try run(root, cachePath: cache, paths: ["Card/CardBuilder.swift"])
        #expect(second.findings == first.findings && first.findings.contains { $0.ruleID == "rib_cycle" })
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == written, "nothing new: the cache is not written again")
        let (discovery, memory) = try recordedDiscovery(root, cache: cache)
        _ = try discovery.discover(paths: [root.path])
        #expect(memory.tookRecordedWalk)
        // An edit that declares more: the cache keeps the file's recorded entry, which the recorded key still names.
        try (files["Card/CardBuilder.swift"]! + "final class CardExtra {}\n").write(to: edited, atomically: false, encoding: .utf8)
        let more = try run(root, cachePath: cache, paths: ["Card/CardBuilder.swift"])
        #expect(try recordedCache(root, cache: cache).filesKey == whole.filesKey)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == written, "only the listed file is news")
        #expect(more.findings == (try run(root, cachePath: nil)).findings.filter { $0.concerns("Card/CardBuilder.swift") })
    }

    @Test("a first listed run with no cache records the listed file too: the next run of it takes every file from the cache")
    func firstListedRunRecordsTheListedFile() throws {
        let root = try makeProject(files)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let first = try run(root, cachePath: cachePath(root), paths: ["Card/CardBuilder.swift"])
        let again = try run(root, cachePath: cachePath(root), paths: ["Card/CardBuilder.swift"])
        #expect(again.findings == first.findings)
        #expect(again.cacheHits == files.count && again.cacheMisses == 0, "\(again.cacheHits) of \(files.count)")
    }

    @Test("stored records are found by their paths' bytes, as the writer orders them; records out of order are not trusted")
    func storedRecords() throws {
        // NFC and NFD spellings are two files on Linux, and two records.
        let paths = ["b/Home.swift", "a/Caf\u{E9}.swift", "a/Cafe\u{301}.swift", "a/Card.swift", "a"]
        var writer = CacheWriter()
        writer.write(
            records: [PathKey(paths[0]): StoredBytes(copying: [1, 2])],
            adding: Dictionary(uniqueKeysWithValues: paths.dropFirst().enumerated().map { (PathKey($1), $0) })
        ) { number, writer in writer.write(number) }
        var reader = CacheReader(writer.bytes)
        let records = try reader.records()
        #expect(records.count == 5 && reader.isAtEnd)
        #expect(records[paths[0]].map { Array($0.store.bytes[$0.range]) } == [1, 2])
        for (number, path) in paths.dropFirst().enumerated() {
            var field = CacheReader(try #require(records[path], "\(path)"))
            #expect(try field.int() == number)
        }
        #expect(records["a/Card"] == nil && records["b"] == nil && records["c"] == nil && records[""] == nil)
        // A likely position is tried first; a wrong or impossible one falls back to the search.
        for (position, path) in paths.map(PathKey.init).sorted().map(\.path).enumerated() {
            for near in [position, (position + 1) % paths.count, -1, paths.count, nil] {
                #expect(records[path, near: near]?.range == records[path]?.range && records[path] != nil, "\(path) near \(String(describing: near))")
            }
        }
        #expect(records["a/Card", near: 2] == nil)
        // Through an alias of the store, for one thread: the same records, under another reference count that keeps
        // the store alive.
        weak var owner: ByteStore?
        let alias = try { () throws -> StoredRecords in
            var reader = CacheReader(writer.bytes)
            let records = try reader.records()
            owner = records[paths[0]]?.store
            return records.aliased()
        }()
        #expect(owner != nil && alias[paths[0]]?.store !== owner)
        for path in paths { #expect(alias[path].map { Array($0.store.bytes[$0.range]) } == records[path].map { Array($0.store.bytes[$0.range]) }) }
        #expect(records.byPath.map(\.path) == paths.map(PathKey.init).sorted())
        // Written in order, then two paths swapped in place: refused.
        var ordered = CacheWriter()
        ordered.write(records: [:], adding: [PathKey("a"): 1, PathKey("b"): 2]) { number, writer in writer.write(number) }
        var inOrder = CacheReader(ordered.bytes)
        #expect(try inOrder.records().count == 2 && inOrder.isAtEnd)
        var swapped = ordered.bytes
        let first = try #require(swapped.firstIndex(of: UInt8(ascii: "a")))
        swapped.swapAt(first, try #require(swapped.firstIndex(of: UInt8(ascii: "b"))))
        var unordered = CacheReader(swapped)
        #expect(throws: CacheReader.Malformed.self) { try unordered.records() }
        // The order is checked in shares on the threads: two paths out of order, or the same path twice, anywhere
        // among many records (at a share's edge too) are refused, whatever the thread count.
        var many = CacheWriter()
        many.write(records: [:], adding: Dictionary(uniqueKeysWithValues: (10..<50).map { (PathKey("k\($0)"), $0) })) { number, writer in
            writer.write(number)
        }
        func place(of name: String, in bytes: [UInt8]) throws -> Int {
            try #require(bytes.indices.first { bytes[$0...].starts(with: Array(name.utf8)) })
        }
        for jobs in [1, 2, 3, 8] {
            var whole = CacheReader(many.bytes)
            #expect(try whole.records(jobs: jobs).count == 40 && whole.isAtEnd)
            for (first, second) in [("k10", "k11"), ("k29", "k30"), ("k34", "k35"), ("k48", "k49")] {
                var outOfOrder = many.bytes, twice = many.bytes
                let (at, other) = (try place(of: first, in: many.bytes), try place(of: second, in: many.bytes))
                outOfOrder.replaceSubrange(at..<(at + 3), with: Array(second.utf8))
                outOfOrder.replaceSubrange(other..<(other + 3), with: Array(first.utf8))
                twice.replaceSubrange(other..<(other + 3), with: Array(first.utf8))
                for bytes in [outOfOrder, twice] {
                    var reader = CacheReader(bytes)
                    #expect(throws: CacheReader.Malformed.self, "\(first) \(second) on \(jobs)") { try reader.records(jobs: jobs) }
                }
            }
        }
        // A length past the bytes there are: refused, not read beyond.
        var cut = CacheReader(Array(ordered.bytes.dropLast()))
        #expect(throws: CacheReader.Malformed.self) { try cut.records() }
    }

    @Test("a type's fingerprint, hashed in parts, is the hash of its answer's text, as caches of earlier runs recorded it")
    func typeFingerprintInParts() {
        let index = TypeIndex([
            DeclaredType(name: "HomeRouter", kind: .class, inherited: ["ViewableRouter", "HomeRouting"], genericArguments: ["HomeInteractable", "HomeViewControllable"]),
            DeclaredType(name: "Lone", kind: .struct, inherited: [], genericArguments: [], isMainActor: true),
            DeclaredType(name: "HomeRouter", kind: .extension, inherited: ["Tracking"], genericArguments: []),
            DeclaredType(name: "HomeRouter", kind: .extension, inherited: ["Sending", "Logging"], genericArguments: []),
        ])
        #expect(index.fingerprint(.primary, "HomeRouter") == stableHash("class|ViewableRouter,HomeRouting|HomeInteractable,HomeViewControllable"))
        #expect(index.fingerprint(.primary, "Lone") == stableHash("struct|||@MainActor"))
        #expect(index.fingerprint(.extensions, "HomeRouter") == stableHash("Tracking,Sending,Logging"))
        #expect(index.fingerprint(.primary, "Absent") == "-")
        #expect(stableHash("") == "cbf29ce484222325" && stableHash("a") == "af63dc4c8601ec8c")
    }

    @Test("a file's content hash fits a String's inline storage and tells apart bytes that differ only in length")
    func contentHash() {
        let samples: [[UInt8]] = [[], [0], [0, 0], Array(repeating: 0xff, count: 1 << 20), Array("struct A {}\n".utf8)]
        #expect(samples.allSatisfy { stableHash($0).utf8.count <= 15 })
        #expect(Set(samples.map { stableHash($0) }).count == samples.count)
    }

    @Test("the cache's checksum sees every byte, at every length")
    func cacheChecksum() {
        for count in [0, 1, 7, 8, 31, 32, 33, 100] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            let whole = bytes.withUnsafeBytes { checksum($0) }
            for position in bytes.indices {
                var altered = bytes
                altered[position] ^= 0x10
                #expect(altered.withUnsafeBytes { checksum($0) } != whole, "byte \(position) of \(count)")
            }
            #expect((bytes + [0]).withUnsafeBytes { checksum($0) } != whole, "a zero byte more, at \(count)")
        }
        // Past one block: the same sum on any number of threads, and a byte of any block counts.
        var large = (0..<(2 * checksumBlock + 5)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let one = large.withUnsafeBytes { checksum($0, jobs: 1) }
        #expect([2, 3, 8].allSatisfy { jobs in large.withUnsafeBytes { checksum($0, jobs: jobs) } == one })
        for position in [0, checksumBlock - 1, checksumBlock, 2 * checksumBlock + 4] {
            large[position] ^= 0x10
            #expect(large.withUnsafeBytes { checksum($0, jobs: 2) } != one, "byte \(position)")
            large[position] ^= 0x10
        }
        #expect(large.dropLast().withUnsafeBytes { checksum($0, jobs: 2) } != one)
    }

    @Test("the links' table of names grows past the room it starts with, and every name still finds its holders")
    func linksTableGrows() {
        // Three files joining 40 names each: the table starts with room for a few names per file.
        let names = { (prefix: String) in (0..<40).map { fnv1a("\(prefix)\($0)".utf8) } }
        let links = [
            LinkHashes(joins: names("A"), refers: [names("B")[39]]), LinkHashes(joins: names("B") + [names("A")[0]]),
            LinkHashes(joins: names("C"), refers: [fnv1a("Nobody".utf8)]),
        ]
        // Indexed on one thread, or in shares on several: a name's holders in any share are found.
        for jobs in [1, 2, 3, 8] {
            #expect(LinkHashes.related(to: [0], count: 3, jobs: jobs, links: { links[$0] }) == [0, 1])
            #expect(LinkHashes.related(to: [1], count: 3, jobs: jobs, links: { links[$0] }) == [0, 1], "file 1 joins A0, which file 0 joins")
            #expect(LinkHashes.related(to: [2], count: 3, jobs: jobs, links: { links[$0] }) == [2])
            for unknown in 0..<3 {
                #expect(LinkHashes.related(to: [1], count: 3, jobs: jobs, links: { $0 == unknown ? nil : links[$0] }) == nil, "file \(unknown)'s links unknown")
            }
        }
    }

    @Test("the files key and the project key are the same whatever the threads that hash their words")
    func filesKeyThreads() {
        let files = (0..<50).map { DiscoveredFile(absolutePath: "/p/F\($0).swift", displayPath: "F\($0).swift") }
        let outcomes = (0..<50).map { position in
            var outcome = Linter.FileOutcome()
            outcome.contentHash = position == 7 ? nil : "h\(position)"
            return outcome
        }
        // Two names are the display paths of the files at their positions (their words are reused), two are not.
        let names = ["F0.swift", "X.swift", "F2.swift", "T.swift"]
        let one = LintCache.projectKeys(files: files, outcomes: outcomes, otherFileNames: names, recorded: [3: "r3"], jobs: 1)
        for jobs in [2, 3, 8] {
            let many = LintCache.projectKeys(files: files, outcomes: outcomes, otherFileNames: names, recorded: [3: "r3"], jobs: jobs)
            #expect(many.key == one.key && many.filesKey == one.filesKey && many.recordedFilesKey == one.recordedFilesKey)
        }
        // As one hasher over the files in path order, then the names, as the key always was.
        var expected = StableHasher()
        for position in 0..<50 {
            expected.combine(word: StableHasher.word("F\(position).swift"))
            expected.combine(word: StableHasher.word(position == 7 ? "-" : "h\(position)"))
        }
        expected.combine("other files")
        #expect(one.filesKey == expected.value)
        for name in names { expected.combine(name) }
        #expect(one.key == expected.value)
        #expect(one.filesKey == LintCache.projectKeys(files: files, outcomes: outcomes, otherFileNames: [], recorded: nil).key)
        #expect(one.filesKey != one.recordedFilesKey, "file 3's recorded bytes differ")
        let swapped = LintCache.projectKeys(
            files: files, outcomes: outcomes, otherFileNames: ["X.swift", "F0.swift", "F2.swift", "T.swift"], recorded: nil)
        #expect(swapped.key != one.key && swapped.filesKey == one.filesKey, "the names count in their order")
        let reordered = LintCache.projectKeys(files: files.reversed(), outcomes: outcomes.reversed(), otherFileNames: names, recorded: nil, jobs: 2)
        #expect(reordered.key != one.key, "the files count in path order")
    }

    @Test("a path's end is matched by its bytes, as the file system stores the name")
    func pathEndsWith() {
        #expect(endsWith("/a/Package.swift", "/Package.swift"))
        #expect(endsWith("/Café/Package.swift", "/Package.swift"))
        #expect(!endsWith("/a/MyPackage.swift", "/Package.swift"))
        #expect(!endsWith("Package.swift", "/Package.swift"), "shorter than the suffix")
        #expect(endsWith("", "") && !endsWith("", "/") && endsWith("a.swift", "a.swift"))
        #expect(!endsWith("/a/Package.swift/", "/Package.swift"))
        #expect(endsWith("/a\u{0600}/Package.swift", "/Package.swift"), "a prepended mark makes one Character with the slash")
        #expect(endsWith("Tests/LoginTests.swift", "Tests.swift") && !endsWith("Tests/LoginTest.swift", "Tests.swift"))
    }

    @Test("cheap items mapped in shares keep their order, whatever the count and the threads")
    func shares() {
        for (count, jobs) in [(0, 2), (1, 4), (7, 2), (1_000, 3)] {
            #expect(ParallelMap.shares(count, jobs: jobs) { $0 * 2 } == (0..<count).map { $0 * 2 })
            // What a share makes once, each of its items gets (kept alive here, so no two share an address): four
            // contiguous shares a thread.
            final class Share: Sendable {}
            let taken = ParallelMap.shares(count, jobs: jobs, each: { Share() }) { share, index in (share, index) }
            #expect(taken.map(\.1) == Array(0..<count))
            let runs = taken.indices.filter { $0 == 0 || taken[$0].0 !== taken[$0 - 1].0 }.count
            #expect(Set(taken.map { ObjectIdentifier($0.0) }).count == runs && runs == min(count, jobs * 4))
        }
    }

    @Test("files are linked by the names they join, and by the names they refer to only to those joining them")
    func links() {
        let hashes = { (names: [String]) in names.map { fnv1a($0.utf8) } }
        let links: [LinkHashes?] = [
            LinkHashes(joins: hashes(["Home"]), refers: hashes(["Card", "UIViewController"])),
            LinkHashes(joins: hashes(["Card", "CardBuilder"])),
            LinkHashes(joins: hashes(["CardBuilder"]), refers: hashes(["Photo"])),
            LinkHashes(joins: hashes(["Photo"])),
            LinkHashes(joins: hashes(["Other"]), refers: hashes(["Card", "UIViewController"])),
        ]
        #expect(LinkHashes.related(to: [0], count: links.count, links: { links[$0] }) == [0, 1, 2, 3])
        #expect(LinkHashes.related(to: [3], count: links.count, links: { links[$0] }) == [3], "nothing Photo joins leads back to who refers to it")
        #expect(LinkHashes.related(to: [4], count: links.count, links: { links[$0] }) == [1, 2, 3, 4])
        #expect(LinkHashes.related(to: [1], count: links.count + 1, links: { $0 < links.count ? links[$0] : nil }) == nil, "a file whose facts may bear on any file")
    }

    @Test("a file is linted again when a declaration it inherits from changes in another file")
    func typeDependency() throws {
        let project = inheriting
        let root = try makeProject(project)
        let cold = try run(root, cachePath: cachePath(root))
        #expect(cold.relinted == 0, "the declarations read ahead show FeedRouter.swift that BaseRouter is a Router: each file is linted once")
        #expect(cold.findings.contains { $0.ruleID == "router_child_reference" && $0.path == "Feed/FeedRouter.swift" })
        let warm = try run(root, cachePath: cachePath(root))
        #expect(warm.relinted == 0 && warm.findings == cold.findings)
        try "open class BaseRouter<I> {}\n".write(to: root.appendingPathComponent("Base/BaseRouter.swift"), atomically: true, encoding: .utf8)
        let after = try run(root, cachePath: cachePath(root))
        #expect(after.relinted == 1, "FeedRouter.swift looked BaseRouter up and gets another answer")
        #expect(!after.findings.contains { $0.ruleID == "router_child_reference" && $0.path == "Feed/FeedRouter.swift" })
    }

    @Test("where the scan ahead and the parse read a file's types otherwise, the parse decides: its files' answers are all checked")
    func scanAndParseDisagree() throws {
        // A base class 40 enums deep: the scan reads 64 levels; the parser as many as its build allows (fewer in a debug
        // build). Where the two differ, no answer a file got from the scan is trusted, and the type index stage checks
        // every one against the parse.
        let depth = 40
        let deep = "import RIBs\n" + (0..<depth).map { "enum L\($0) {" }.joined(separator: "\n") + "\nopen class DeepRouter<I>: Router<I> {}\n"
            + String(repeating: "}\n", count: depth)
        let root = try makeProject(files.merging([
            "Base/Deep.swift": deep,
            "Feed/FeedRouter.swift": "import UIKit\nfinal class FeedRouter: DeepRouter<FeedInteractable> {\n    var detail: DetailRouting?\n}\n",
        ]) { $1 })
        let scanned = DeclarationScan.declarations(in: Array(deep.utf8))
        let parsed = LintFile(path: "Deep.swift", source: deep, profile: .ribs).model.declarations
        #expect(scanned.contains { $0.name == "DeepRouter" })
        let cold = try run(root, cachePath: nil)
        let isRouter = cold.findings.contains { $0.ruleID == "router_child_reference" && $0.path == "Feed/FeedRouter.swift" }
        #expect(isRouter == parsed.contains { $0.name == "DeepRouter" }, "FeedRouter is a router as the parse reads Deep.swift")
        #expect(cold.relinted == (DeclaredType.declareAlike(scanned, parsed) ? 0 : 1))
    }

    @Test("a file linted again for a helper method on a cold run is linted once more only, with all it asked of the project answered")
    func helperRelintSeesProject() throws {
        let root = try makeProject(files.merging([
            "Utils/Navigation.swift": """
                import RIBs
                extension ViewControllable {
                    func push(_ child: ViewControllable) {
                        uiviewController.navigationController?.pushViewController(child.uiviewController, animated: true)
                    }
                }

                """,
            "Base/BaseRouter.swift": "import RIBs\nopen class BaseRouter<I, V>: ViewableRouter<I, V> {}\n",
            "Feed/FeedRouter.swift": """
                import UIKit
                final class FeedRouter: BaseRouter<FeedInteractable, FeedViewControllable> {
                    var detail: DetailRouting?
                    func routeToPost() {
                        viewController.push(postBuilder.build(withListener: interactor).viewControllable)
                    }
                }

                """,
        ]) { $1 })
        let cold = try run(root, cachePath: nil)
        #expect(cold.relinted == 1, "FeedRouter.swift asked about push, which only the parse shows navigating")
        #expect(cold.findings.contains { $0.ruleID == "navigation_controller_discovery" && $0.path == "Feed/FeedRouter.swift" })
        #expect(cold.findings.contains { $0.ruleID == "router_child_reference" && $0.path == "Feed/FeedRouter.swift" }, "still a router")
    }

    @Test("two custom-rule queries alike in words but not in patterns are told apart")
    func queryIdentity() throws {
        let one = Filter.any([.name(try NamePattern("/Router/, name=/Home/"))])
        let other = Filter.any([.name(try NamePattern("/Router/")), .name(try NamePattern("/Home/"))])
        #expect(one.description == other.description, "their words are the same")
        #expect(CustomRule.Query(kind: .call, filter: one).key != CustomRule.Query(kind: .call, filter: other).key)
        #expect(CustomRule.Query(kind: .call, filter: other).key == CustomRule.Query(kind: .call, filter: other).key)
        #expect(CustomRule.Query(kind: .reference, filter: other).key != CustomRule.Query(kind: .call, filter: other).key)
    }

    @Test("two readings of a file declare alike when all but what their methods do is the same, in the same order")
    func declareAlike() {
        let router = DeclaredType(name: "FeedRouter", kind: .class, inherited: ["ViewableRouter"], genericArguments: ["FeedInteractable"])
        let helping = DeclaredType(
            name: "FeedRouter", kind: .class, inherited: ["ViewableRouter"], genericArguments: ["FeedInteractable"],
            helperMethods: ["arranges clear()"])
        let protocolType = DeclaredType(name: "FeedRouting", kind: .protocol, inherited: ["ViewableRouting"], genericArguments: [])
        #expect(DeclaredType.declareAlike([router, protocolType], [helping, protocolType]))
        #expect(!DeclaredType.declareAlike([router, protocolType], [protocolType, router]), "the index merges a name's declarations in order")
        #expect(!DeclaredType.declareAlike([router], [router, protocolType]))
        #expect(!DeclaredType.declareAlike(
            [router], [DeclaredType(name: "FeedRouter", kind: .class, inherited: ["Router"], genericArguments: ["FeedInteractable"])]))
        #expect(!DeclaredType.declareAlike(
            [router], [DeclaredType(name: "FeedRouter", kind: .class, inherited: ["ViewableRouter"], genericArguments: ["FeedInteractable"], holds: ["x:Y"])]))
        #expect(!DeclaredType.declareAlike(
            [router], [DeclaredType(name: "FeedRouter", kind: .class, inherited: ["ViewableRouter"], genericArguments: ["FeedInteractable"], isMainActor: true)]))
    }

    @Test("an edit inside a body checks that file alone against the project's types, and still gets the project's answers")
    func bodyEdit() throws {
        let project = inheriting
        let root = try makeProject(project)
        // Files the cache trusts by their stamps are not read: the edited file is the only one linted.
        try backdate(root)
        let cold = try run(root, cachePath: cachePath(root))
        let feed = root.appendingPathComponent("Feed/FeedRouter.swift")
        try (project["Feed/FeedRouter.swift"]! + "// edited\n").write(to: feed, atomically: true, encoding: .utf8)
        let edited = try run(root, cachePath: cachePath(root))
        #expect(edited.cacheMisses == 1 && edited.relinted == 1, "alone, FeedRouter.swift cannot see that BaseRouter is a Router")
        #expect(edited.findings == cold.findings)
        try (project["Base/BaseRouter.swift"]! + "// edited\n").write(to: root.appendingPathComponent("Base/BaseRouter.swift"), atomically: true, encoding: .utf8)
        let base = try run(root, cachePath: cachePath(root))
        #expect(base.cacheMisses == 1 && base.relinted == 0 && base.findings == cold.findings)
    }

    @Test("a listed file's run while another file's declarations change leaves no answer the cache would wrongly trust")
    func listedRunBesideDeclarationChange() throws {
        let project = inheriting
        let root = try makeProject(project)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let cold = try run(root, cachePath: cachePath(root))
        #expect(cold.findings.contains { $0.ruleID == "router_child_reference" && $0.path == "Feed/FeedRouter.swift" })
        // The listed file is edited; meanwhile BaseRouter stops being a router.
        let feed = root.appendingPathComponent("Feed/FeedRouter.swift")
        try (project["Feed/FeedRouter.swift"]! + "// edited\n").write(to: feed, atomically: true, encoding: .utf8)
        try "open class BaseRouter<I> {}\n".write(to: root.appendingPathComponent("Base/BaseRouter.swift"), atomically: true, encoding: .utf8)
        let listed = try run(root, cachePath: cachePath(root), paths: ["Feed/FeedRouter.swift"])
        #expect(!listed.findings.contains { $0.ruleID == "router_child_reference" })
        // The edit is undone: the listed file's recorded entry, written back as it was, must not be trusted.
        try project["Feed/FeedRouter.swift"]!.write(to: feed, atomically: true, encoding: .utf8)
        let after = try run(root, cachePath: cachePath(root))
        #expect(after.findings == (try run(root, cachePath: nil)).findings)
        #expect(!after.findings.contains { $0.ruleID == "router_child_reference" })
    }

    @Test("a file is linted again when who holds its type changes in another file")
    func holderDependency() throws {
        let root = try makeProject([
            "Rest/RestLayout.swift": "import Observation\n@Observable\nfinal class RestLayout {\n    var restSeconds = 60\n}\n",
            "Rest/RestScreens.swift": "final class RestScreens {\n    private let viewContainer: RestLayout\n    init(viewContainer: RestLayout) { self.viewContainer = viewContainer }\n}\n",
        ])
        func layoutFindings(_ result: LintResult) -> [String] {
            result.findings.filter { $0.ruleID == "container_setter_visibility" }.map { "\($0.path):\($0.line)" }
        }
        let cold = try run(root, cachePath: cachePath(root), profile: "swiftui-rib")
        #expect(layoutFindings(cold) == ["Rest/RestLayout.swift:4"])
        let warm = try run(root, cachePath: cachePath(root), profile: "swiftui-rib")
        #expect(warm.relinted == 0 && layoutFindings(warm) == layoutFindings(cold))
        try "final class RestScreens {}\n".write(to: root.appendingPathComponent("Rest/RestScreens.swift"), atomically: true, encoding: .utf8)
        let after = try run(root, cachePath: cachePath(root), profile: "swiftui-rib")
        #expect(after.relinted == 1, "RestLayout.swift asked who holds RestLayout and gets another answer")
        #expect(layoutFindings(after).isEmpty)
    }

    @Test("a call of a navigation helper is linted again when the helper's body changes in another file")
    func navigationHelperDependency() throws {
        let helper = "import RIBs\nextension ViewControllable {\n    func push(_ child: ViewControllable) {\n        %@\n    }\n}\n"
        let pushes = "uiviewController.navigationController?.pushViewController(child.uiviewController, animated: true)"
        let root = try makeProject([
            "Utils/Navigation.swift": helper.replacingOccurrences(of: "%@", with: pushes),
            "Feed/FeedRouter.swift": """
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToPost() {
                        viewController.push(postBuilder.build(withListener: interactor).viewControllable)
                    }
                }

                """,
        ])
        func discoveries(_ result: LintResult) -> [String] {
            result.findings.filter { $0.ruleID == "navigation_controller_discovery" }.map { "\($0.path):\($0.line):\($0.column)" }
        }
        let cold = try run(root, cachePath: cachePath(root))
        #expect(discoveries(cold) == ["Feed/FeedRouter.swift:4:24"])
        let warm = try run(root, cachePath: cachePath(root))
        #expect(warm.relinted == 0 && discoveries(warm) == discoveries(cold))
        // The helper now presents: the router's file asked about `push` and gets another answer.
        let presents = "uiviewController.present(child.uiviewController, animated: true)"
        try helper.replacingOccurrences(of: "%@", with: presents).write(
            to: root.appendingPathComponent("Utils/Navigation.swift"), atomically: true, encoding: .utf8)
        let after = try run(root, cachePath: cachePath(root))
        #expect(discoveries(after).isEmpty)
        #expect(discoveries(after) == discoveries(try run(root, cachePath: nil)))
    }

    @Test("a router's call of its screen's method is linted again when that method, in another file, stops only arranging the hierarchy")
    func arrangingMethodDependency() throws {
        let screen = """
            import RIBs
            final class FeedViewController: UIViewController, FeedPresentable, FeedViewControllable {
                private var child: UIViewController?
                func clear() {
                    child?.view.removeFromSuperview()
                    child?.removeFromParent()
                    %@
                }
            }

            """
        let root = try makeProject([
            "Feed/FeedViewController.swift": screen.replacingOccurrences(of: "%@", with: "child = nil"),
            "Feed/FeedRouter.swift": """
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func detachPost() {
                        viewController.clear()
                    }
                }

                """,
        ])
        func uiAccess(_ result: LintResult) -> [String] {
            result.findings.filter { $0.ruleID == "router_ui_access" }.map { "\($0.path):\($0.line):\($0.column)" }
        }
        let cold = try run(root, cachePath: cachePath(root))
        #expect(uiAccess(cold).isEmpty)
        let warm = try run(root, cachePath: cachePath(root))
        #expect(warm.relinted == 0 && uiAccess(warm).isEmpty)
        // The method now sets what the screen shows: the router's file asked about `clear` and gets another answer.
        try screen.replacingOccurrences(of: "%@", with: "titleLabel.text = nil").write(
            to: root.appendingPathComponent("Feed/FeedViewController.swift"), atomically: true, encoding: .utf8)
        let after = try run(root, cachePath: cachePath(root))
        #expect(uiAccess(after) == ["Feed/FeedRouter.swift:4:9"])
        #expect(uiAccess(after) == uiAccess(try run(root, cachePath: nil)))
    }

    @Test("a router's attach is judged again when its interactor, in another file, stops or starts routing there as it becomes active")
    func activationDependency() throws {
        let interactor = """
            import RIBs
            final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {
                weak var router: RootRouting?
                override func didBecomeActive() {
                    super.didBecomeActive()
                    %@
                }
                func signOut() {
                    %@
                }
            }

            """
        func write(_ activating: String, _ later: String, to root: URL) throws {
            var text = interactor
            for part in [activating, later] { text = text.replacingOccurrences(of: "%@", with: part, options: [], range: text.range(of: "%@")) }
            try text.write(to: root.appendingPathComponent("Root/RootInteractor.swift"), atomically: true, encoding: .utf8)
        }
        let root = try makeProject([
            "Root/RootInteractor.swift": "",
            "Root/RootRouter.swift": """
                import RIBs
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    func routeToMain() {
                        let main = mainBuilder.build(withListener: interactor)
                        attachChild(main)
                        viewController.present(main.viewControllable, animated: false)
                    }
                }

                """,
        ])
        func balance(_ result: LintResult) -> [String] {
            result.findings.filter { $0.ruleID == "attach_detach_balance" }.map { "\($0.path):\($0.line):\($0.column)" }
        }
        try write("router?.routeToMain()", "", to: root)
        let cold = try run(root, cachePath: cachePath(root))
        #expect(balance(cold).isEmpty)
        #expect(try run(root, cachePath: cachePath(root)).relinted == 0)
        // Routed there again later: the child must be detached first.
        try write("router?.routeToMain()", "router?.routeToMain()", to: root)
        let later = try run(root, cachePath: cachePath(root))
        #expect(balance(later) == ["Root/RootRouter.swift:5:9"])
        // Not as it becomes active at all.
        try write("", "router?.routeToMain()", to: root)
        let after = try run(root, cachePath: cachePath(root))
        #expect(balance(after) == ["Root/RootRouter.swift:5:9"])
        #expect(balance(after) == balance(try run(root, cachePath: nil)))
    }

    @Test("names every file declares or extends alike make no file depend on the others")
    func noFalseDependencies() throws {
        var project: [String: String] = [:]
        for name in ["A", "B", "C"] {
            project["\(name)/\(name)View.swift"] = """
                import UIKit
                final class \(name)View: UIView {
                    private enum Constants { static let inset = 8 }
                }
                extension UIView: Themed {}
                """
        }
        let root = try makeProject(project)
        #expect(try run(root, cachePath: cachePath(root)).relinted == 0)
    }

    @Test("Sourcery reads what its configuration lists, wherever it sits; the cache follows it")
    func sourceryScope() throws {
        let listener = "import RIBs\nprotocol LoginListener: AnyObject {}\n"
        let root = try makeProject([
            "ShopApp/Sources/Login/LoginInteractor.swift": listener,
            "ShopApp/Tools/.sourcery.yml": "sources:\n  include:\n    - ../Sources\n",
            "ChatApp/Login/LoginInteractor.swift": listener,
        ])
        let with = try run(root, cachePath: cachePath(root))
        #expect(with.findings.map(\.path) == ["ShopApp/Sources/Login/LoginInteractor.swift"], "only the files Sourcery reads")
        try FileManager.default.removeItem(at: root.appendingPathComponent("ShopApp/Tools/.sourcery.yml"))
        let without = try run(root, cachePath: cachePath(root))
        #expect(without.findings.isEmpty, "recorded results computed with Sourcery in use are not reused without it")
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
        // One byte changed anywhere: the checksum no longer matches.
        var altered = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        altered[altered.count / 2] ^= 0x01
        try Data(altered).write(to: URL(fileURLWithPath: path))
        #expect(try run(root, cachePath: path).cacheHits == 0)
        // An empty file, as a crash before the first write leaves, is no cache.
        try Data().write(to: URL(fileURLWithPath: path))
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
