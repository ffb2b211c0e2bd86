import Foundation
import RibsLintKit
@testable import RibsLintRules
import Testing

/// The roles each profile other than `ribs` gives (`RoleTests` has those of `ribs`): read from the example apps
/// as a project — every file's declarations in one type index — and from small files of our own.
@Suite("Roles of the swiftui-rib, viper and composable-ribs profiles")
struct ProfileRoleTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// The files of an example app's folder, each linted with the whole folder's type index, by path.
    func project(_ folder: String, profile: Profile) throws -> [String: LintFile] {
        let root = Self.examples.appendingPathComponent(folder)
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
        let sources = try paths.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
        let index = TypeIndex(sources.flatMap { LintFile(path: $0.0, source: $0.1, profile: profile).model.declarations })
        return Dictionary(uniqueKeysWithValues: sources.map { ($0.0, LintFile(path: $0.0, source: $0.1, profile: profile, index: index)) })
    }

    @Test("swiftui-rib: containers by what they publish and who stores them, interactor and router by their protocols, the builder by what it builds")
    func swiftUIRIB() throws {
        let files = try project("SwiftUIRIBApp", profile: .swiftUIRIB)
        var roles: [String: SwiftUIRIBRole] = [:]
        for file in files.values {
            let found = SwiftUIRIBRoles.of(file)
            for name in found.order { roles[name] = found.role(of: name) }
        }
        #expect(roles["WorkoutStateContainer"] == .stateContainer)
        #expect(roles["WorkoutViewContainer"] == .viewContainer)
        #expect(roles["WorkoutInteractorImpl"] == .interactor)
        #expect(roles["WorkoutRouterImpl"] == .router)
        #expect(roles["WorkoutBuilder"] == .builder)
        #expect(roles["WorkoutView"] == .view)
        #expect(roles["WorkoutDependency"] == .dependency)
        // Renamed parts follow the profile's roles, as `roles:` adjusts them.
        var overrides = RoleOverrides()
        overrides.suffixes[.interactor] = ["Engine"]
        let source = """
            import Combine
            protocol RunEngine: AnyObject { func start() }
            final class RunEngineImpl: RunEngine { func start() {} }
            """
        let renamed = LintFile(path: "Run/RunEngine.swift", source: source, profile: Profile.swiftUIRIB.applying(overrides))
        let plain = LintFile(path: "Run/RunEngine.swift", source: source, profile: .swiftUIRIB)
        #expect(SwiftUIRIBRoles.of(renamed).role(of: "RunEngineImpl") == .interactor)
        #expect(SwiftUIRIBRoles.of(plain).role(of: "RunEngineImpl") != .interactor)
    }

    @Test("viper: each part from the module contract it adopts, the module factory by name; a RIBs file is not VIPER code")
    func viper() throws {
        let files = try project("VIPERApp", profile: .viper)
        var roles: [String: VIPERRole] = [:]
        for file in files.values {
            for part in VIPERModule.of(file).parts { roles[part.type.name] = part.role }
        }
        #expect(roles["AgendaViewController"] == .view)
        #expect(roles["AgendaPresenter"] == .presenter)
        #expect(roles["AgendaInteractor"] == .interactor)
        #expect(roles["AgendaRouter"] == .router)
        let contracts = """
            import UIKit
            protocol NotesViewInput: AnyObject { func show(_ notes: [String]) }
            protocol NotesViewOutput { func viewDidLoad() }
            protocol NotesRouterInput { func close() }
            final class NotesScreen: UIViewController, NotesViewInput { func show(_ notes: [String]) {} }
            final class NotesHandler: NotesViewOutput { func viewDidLoad() {} }
            final class NotesNavigator: NotesRouterInput { func close() {} }
            final class NotesAssembly {}
            final class NotesCache {}
            """
        let own = Dictionary(uniqueKeysWithValues: VIPERModule.of(LintFile(path: "Notes/Notes.swift", source: contracts, profile: .viper)).parts
            .map { ($0.type.name, $0.role) })
        #expect(own["NotesScreen"] == .view, "a view by the contract it adopts, whatever its name")
        #expect(own["NotesHandler"] == .presenter)
        #expect(own["NotesNavigator"] == .router)
        #expect(own["NotesAssembly"] == .factory)
        #expect(own["NotesCache"] == nil)
        let ribs = LintFile(path: "Notes/NotesRouter.swift", source: "import RIBs\n" + contracts, profile: .viper)
        #expect(VIPERModule.of(ribs).parts.isEmpty, "a file of another architecture's framework")
    }

    @Test("composable-ribs: routers by the framework's classes and contracts, builders by what they build")
    func composableRIBs() throws {
        let files = try project("ComposableRIBsApp", profile: .composableRIBs)
        var routers: [String] = []
        var builders: [String] = []
        for file in files.values {
            let roles = ComposableRoles.of(file)
            routers += roles.routers().compactMap(\.first?.name)
            builders += file.model.types.filter { $0.kind != .protocol && roles.isBuilder($0) }.map(\.name)
        }
        #expect(routers.contains("AccountsRouter"), "\(routers)")
        #expect(Set(builders).isSuperset(of: ["AccountsBuilder", "PayeeBuilder"]), "\(builders)")
        #expect(!routers.contains { $0.hasSuffix("Builder") || $0.hasSuffix("View") }, "\(routers)")
        // A `…Builder` that builds no RIB is none.
        let request = LintFile(path: "Net/URLRequestBuilder.swift", source: """
            import ComposableRIBs
            struct URLRequestBuilder { func build() -> URLRequest { URLRequest(url: URL(string: "https://example.com")!) } }
            """, profile: .composableRIBs)
        #expect(request.model.types.allSatisfy { !ComposableRoles.of(request).isBuilder($0) })
    }
}

@Suite("The nearest RIB of a name")
struct NearestTests {
    /// What `Nearest` must answer: the candidate whose folder shares the most leading components with the
    /// reference, the least on a tie — by comparing every candidate.
    func expected(_ candidates: [(Int, String)], _ reference: String, _ accepted: (Int) -> Bool) -> Int? {
        let components = reference.split(separator: "/")
        var best: (Int, Int)?
        for (candidate, folder) in candidates where accepted(candidate) {
            let shared = zip(components, folder.split(separator: "/")).prefix { $0 == $1 }.count
            if let current = best, shared < current.1 || shared == current.1 && candidate >= current.0 { continue }
            best = (candidate, shared)
        }
        return best?.0
    }

    @Test("a few candidates and many, indexed by folder, give the answer of comparing every one")
    func sameAnswers() {
        var generator = SplitMix(seed: 20261128)
        let words = ["App", "Shop", "Chat", "Login", "Home", "Sources", "Features", "A", "B"]
        func folder() -> String { (0..<Int.random(in: 0...4, using: &generator)).map { _ in words.randomElement(using: &generator)! }.joined(separator: "/") }
        for count in [1, 3, 15, 16, 17, 60] {
            for _ in 0..<20 {
                let candidates = (0..<count).map { ($0 * 7 % count, folder()) }
                var nearest = RIBProject.Nearest<Int>()
                // The same candidates given by a file in their folder.
                var byFile = RIBProject.Nearest<Int>(placesAreFiles: true)
                for (candidate, folder) in candidates {
                    nearest.insert(candidate, at: folder)
                    byFile.insert(candidate, at: folder.isEmpty ? "F.swift" : folder + "/F.swift")
                }
                for _ in 0..<20 {
                    let reference = folder()
                    let odd = Bool.random(using: &generator)
                    let accepted: (Int) -> Bool = { odd ? $0 % 2 == 1 : true }
                    let answer = expected(candidates, reference, accepted)
                    #expect(nearest.nearest(to: reference, where: accepted, before: <) == answer, "\(count) candidates \(candidates), reference \(reference)")
                    #expect(byFile.nearest(to: reference, where: accepted, before: <) == answer, "by file: \(count) candidates, reference \(reference)")
                }
            }
        }
    }
}

/// A seeded generator: the same cases on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
