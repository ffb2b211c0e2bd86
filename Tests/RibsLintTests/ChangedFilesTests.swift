import Foundation
import Testing

/// Listed files (a pre-commit hook's), `--changed-since` and `--staged` are linted with the whole project in view.
@Suite("Changed files", .serialized)
struct ChangedFilesTests {
    let a = "import RIBs\nfinal class ABuilder: Builder<ADependency>, ABuildable {\n    func build() -> ARouting { ARouter(bBuilder: BBuilder(dependency: component)) }\n}\n"
    let b = "import RIBs\nfinal class BBuilder: Builder<BDependency>, BBuildable {\n    func build() -> BRouting { BRouter() }\n}\n"
    let bClosingCycle = "import RIBs\nfinal class BBuilder: Builder<BDependency>, BBuildable {\n    func build() -> BRouting { BRouter(aBuilder: ABuilder(dependency: component)) }\n}\n"

    func repository() throws -> URL {
        let root = try makeProject(["A/ABuilder.swift": a, "B/BBuilder.swift": b])
        try git(["init", "-q"], in: root)
        try git(["add", "-A"], in: root)
        try git(["commit", "-qm", "start"], in: root)
        return root
    }

    @Test("a listed file that closes a RIB cycle is blocked: the project rules see every file, only the listed one is reported")
    func listedFileSeesTheProject() throws {
        let root = try repository()
        try bClosingCycle.write(to: root.appendingPathComponent("B/BBuilder.swift"), atomically: true, encoding: .utf8)
        let run = try runRibslint(["B/BBuilder.swift"], in: root)
        #expect(run.status == 1)
        #expect(run.stdout.contains("B/BBuilder.swift:3:50: error: this reference from 'B' to 'A' closes the RIB cycle"))
        #expect(!run.stdout.contains("A/ABuilder.swift"))
        #expect(run.stderr.contains("Linted 1 file"))
    }

    @Test("--changed-since and --staged list what git reports; nothing changed is a note")
    func gitLists() throws {
        let root = try repository()
        let quiet = try runRibslint(["--changed-since", "HEAD"], in: root)
        #expect(quiet.status == 0)
        #expect(quiet.stderr.contains("note: no changed Swift files"))
        try bClosingCycle.write(to: root.appendingPathComponent("B/BBuilder.swift"), atomically: true, encoding: .utf8)
        let changed = try runRibslint(["--changed-since", "HEAD"], in: root)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("rib_cycle"))
        #expect(try runRibslint(["--staged"], in: root).stderr.contains("no changed Swift files"))
        try git(["add", "B/BBuilder.swift"], in: root)
        let staged = try runRibslint(["--staged"], in: root)
        #expect(staged.status == 1)
        #expect(staged.stdout.contains("B/BBuilder.swift:3:50: error:"))
        #expect(try runRibslint(["--changed-since", "no-such-revision"], in: root).status == 2)
    }

    @Test("a listed file's RIB finds its test file anywhere in the repository, beyond the folder the run starts in")
    func testFilesAcrossTheRepository() throws {
        let root = try makeProject([
            "App/Login/LoginBuilder.swift":
                "import RIBs\nfinal class LoginBuilder: Builder<LoginDependency>, LoginBuildable {\n    func build() -> LoginRouting { LoginRouter(interactor: LoginInteractor()) }\n}\n",
            "App/Login/LoginInteractor.swift": "import RIBs\nfinal class LoginInteractor: Interactor, LoginInteractable {}\n",
            "App/Login/LoginRouter.swift": "import RIBs\nfinal class LoginRouter: Router<LoginInteractable>, LoginRouting {}\n",
            "App/Profile/ProfileInteractor.swift": "import RIBs\nfinal class ProfileInteractor: Interactor, ProfileInteractable {}\n",
            "Tests/LoginInteractorTests.swift": "import XCTest\nfinal class LoginInteractorTests: XCTestCase {}\n",
        ])
        try git(["init", "-q"], in: root)
        let app = root.appendingPathComponent("App")
        for path in ["Login/LoginInteractor.swift", "Profile/ProfileInteractor.swift"] {
            let run = try runRibslint(["--only-rule", "rib_test_presence", "--no-cache", path], in: app)
            #expect(run.stdout.contains("rib_test_presence") == path.hasPrefix("Profile"), "\(path): \(run.stdout)")
        }
    }

    @Test("a RIB finds its tests in its own repository under a configuration shared from above several, and in its app's folder under a monorepo app's own configuration")
    func testFilesOfOtherRepositories() throws {
        let root = try makeProject([
            "ribslint.yml": "profile: ribs\n",
            "app/App/Profile/ProfileInteractor.swift": "import RIBs\nfinal class ProfileInteractor: Interactor, ProfileInteractable {}\n",
            "app/App/Login/LoginInteractor.swift": "import RIBs\nfinal class LoginInteractor: Interactor, LoginInteractable {}\n",
            "app/AppTests/LoginInteractorTests.swift": "import XCTest\nfinal class LoginInteractorTests: XCTestCase {}\n",
            "other/OtherTests/ProfileInteractorTests.swift": "import XCTest\nfinal class ProfileInteractorTests: XCTestCase {}\n",
            "other/Other/Feed/FeedInteractor.swift": "import RIBs\nfinal class FeedInteractor: Interactor, FeedInteractable {}\n",
            "other/OtherTests/FeedInteractorTests.swift": "import XCTest\nfinal class FeedInteractorTests: XCTestCase {}\n",
            // A monorepo whose app folder has its own configuration keeps to that folder's tests.
            "mono/A/.ribslint.yml": "included: [App]\n",
            "mono/A/App/Cart/CartInteractor.swift": "import RIBs\nfinal class CartInteractor: Interactor, CartInteractable {}\n",
            "mono/B/BTests/CartInteractorTests.swift": "import XCTest\nfinal class CartInteractorTests: XCTestCase {}\n",
        ])
        for repository in ["app", "other", "mono"] { try git(["init", "-q"], in: root.appendingPathComponent(repository)) }
        let run = try runRibslint(
            ["--config", "../ribslint.yml", "--only-rule", "rib_test_presence", "--no-cache", "App"], in: root.appendingPathComponent("app"))
        #expect(run.stdout.contains("App/Profile/ProfileInteractor.swift:2:13: warning:"), "\(run.stdout)")
        #expect(!run.stdout.contains("LoginInteractor.swift"), "\(run.stdout)")
        // Both repositories in one run: each one's tests are searched, so the second's RIB is not left without its own.
        let both = try runRibslint(["--config", "ribslint.yml", "--only-rule", "rib_test_presence", "--no-cache", "app/App", "other/Other"], in: root)
        #expect(both.status == 0 && !both.stdout.contains("FeedInteractor.swift"), "\(both.stdout)")
        let monorepo = try runRibslint(["--only-rule", "rib_test_presence", "--no-cache"], in: root.appendingPathComponent("mono/A"))
        #expect(monorepo.stdout.contains("A/App/Cart/CartInteractor.swift:2:13: warning:"), "\(monorepo.stdout)")
    }

    @Test("listed files with neither a configuration nor a repository around them say that the project rules were skipped")
    func skippedProjectRules() throws {
        let root = try makeProject(["A/ABuilder.swift": a, "B/BBuilder.swift": bClosingCycle])
        let run = try runRibslint(["B/BBuilder.swift"], in: root)
        #expect(run.stderr.contains("note: 3 project rules skipped (interactor_kind, rib_completeness, rib_cycle): no .ribslint.yml or git repository"))
        #expect(!run.stdout.contains("rib_cycle"))
    }
}
