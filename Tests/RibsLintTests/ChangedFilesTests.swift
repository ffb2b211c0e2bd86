import Foundation
import Testing

/// Listed files (a pre-commit hook's), `--changed-since` and `--staged` are linted with the whole project in view.
@Suite("Changed files", .serialized)
struct ChangedFilesTests {
    let a = "import RIBs\nfinal class ABuilder: Builder<ADependency>, ABuildable {\n    func build() -> ARouting { ARouter(bBuilder: BBuilder(dependency: component)) }\n}\n"
    let b = "import RIBs\nfinal class BBuilder: Builder<BDependency>, BBuildable {\n    func build() -> BRouting { BRouter() }\n}\n"
    let bClosingCycle = "import RIBs\nfinal class BBuilder: Builder<BDependency>, BBuildable {\n    func build() -> BRouting { BRouter(aBuilder: ABuilder(dependency: component)) }\n}\n"

    /// A git repository holding `files` (default: A building B), committed.
    func repository(_ files: [String: String]? = nil) throws -> URL {
        let root = try makeProject(files ?? ["A/ABuilder.swift": a, "B/BBuilder.swift": b])
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

    @Test("a listed file whose new reference closes a cycle that is reported at another file's reference is blocked too")
    func cycleReportedElsewhere() throws {
        let plainA = "import RIBs\nfinal class ABuilder: Builder<ADependency>, ABuildable {\n    func build() -> ARouting { ARouter() }\n}\n"
        // C builds A: part of the project, outside the cycle.
        let c = "import RIBs\nfinal class CBuilder: Builder<CDependency>, CBuildable {\n    func build() -> CRouting { CRouter(aBuilder: ABuilder(dependency: component)) }\n}\n"
        let root = try repository(["A/ABuilder.swift": plainA, "B/BBuilder.swift": bClosingCycle, "C/CBuilder.swift": c])
        #expect(try runRibslint(["A/ABuilder.swift"], in: root).status == 0)
        // A now builds B, which builds A: the cycle is walked from A, so B's reference closes it — and A's run shows it.
        try a.write(to: root.appendingPathComponent("A/ABuilder.swift"), atomically: true, encoding: .utf8)
        let message = "B/BBuilder.swift:3:50: error: this reference from 'B' to 'A' closes the RIB cycle B → A → B;"
        let listed = try runRibslint(["A/ABuilder.swift"], in: root)
        #expect(listed.status == 1 && listed.stdout.contains(message), "\(listed.stdout)")
        try git(["add", "A/ABuilder.swift"], in: root)
        let staged = try runRibslint(["--staged"], in: root)
        #expect(staged.status == 1 && staged.stdout.contains(message), "\(staged.stdout)")
        // A file that builds a RIB of the cycle without being part of it is not held up by it.
        let outside = try runRibslint(["C/CBuilder.swift"], in: root)
        #expect(outside.status == 0 && !outside.stdout.contains("rib_cycle"), "\(outside.stdout)")
    }

    @Test("a listed router pushing a child whose base view controller calls an app's back-button helper is silent, as the whole run is")
    func backButtonHelperSeenFromListedFiles() throws {
        let root = try repository([
            ".ribslint.yml": "opt_in_rules: [back_navigation]\n",
            "Topup/TopupRouter.swift": """
                import ModernRIBs
                final class TopupRouter: Router<TopupInteractable>, TopupRouting {
                    func attachCardOnFile() {
                        let router = cardOnFileBuildable.build(withListener: interactor)
                        navigationControllable?.pushViewController(router.viewControllable, animated: true)
                        attachChild(router)
                    }
                }
                """,
            "SuperUI/UIViewController+Utils.swift": """
                import UIKit
                extension UIViewController {
                    func setupNavigationItem(target: Any?, action: Selector?) {
                        navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .close, target: target, action: action)
                    }
                }
                """,
            "Base/BaseViewController.swift": """
                import UIKit
                class BaseViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        setupNavigationItem(target: self, action: #selector(close))
                    }
                }
                """,
            "CardOnFile/CardOnFileViewController.swift": """
                import ModernRIBs
                final class CardOnFileViewController: BaseViewController, CardOnFilePresentable, CardOnFileViewControllable {}
                """,
        ])
        let whole = try runRibslint(["--no-cache", "--only-rule", "back_navigation", "."], in: root)
        #expect(whole.status == 0 && !whole.stdout.contains("back_navigation"), "\(whole.stdout)")
        for file in ["Topup/TopupRouter.swift", "CardOnFile/CardOnFileViewController.swift", "Base/BaseViewController.swift"] {
            let listed = try runRibslint(["--no-cache", "--only-rule", "back_navigation", file], in: root)
            #expect(listed.status == 0 && !listed.stdout.contains("back_navigation"), "\(file): \(listed.stdout)")
        }
        // A helper that sets another button leaves the back button: the push is reported, alone or not.
        try """
            import UIKit
            extension UIViewController {
                func setupNavigationItem(target: Any?, action: Selector?) {
                    navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .close, target: target, action: action)
                }
            }
            """.write(to: root.appendingPathComponent("SuperUI/UIViewController+Utils.swift"), atomically: true, encoding: .utf8)
        let message = "Topup/TopupRouter.swift:5:9: warning: child 'CardOnFile' is pushed"
        #expect(try runRibslint(["--no-cache", "--only-rule", "back_navigation", "."], in: root).stdout.contains(message))
        #expect(try runRibslint(["--no-cache", "--only-rule", "back_navigation", "Topup/TopupRouter.swift"], in: root).stdout.contains(message))
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
        #expect(monorepo.stdout.hasPrefix("App/Cart/CartInteractor.swift:2:13: warning:"), "\(monorepo.stdout)")
    }

    @Test("listed files with neither a configuration nor a repository around them say that the project rules were skipped")
    func skippedProjectRules() throws {
        let root = try makeProject(["A/ABuilder.swift": a, "B/BBuilder.swift": bClosingCycle])
        let run = try runRibslint(["B/BBuilder.swift"], in: root)
        #expect(run.stderr.contains("note: 3 project rules skipped (interactor_kind, rib_completeness, rib_cycle): no .ribslint.yml or git repository"))
        #expect(!run.stdout.contains("rib_cycle"))
    }

    @Test("--staged lints what the index holds: a staged violation with a clean working tree fails, a clean staged change with a dirty working tree passes, a staged file deleted from the working tree is still linted")
    func stagedContent() throws {
        let root = try repository()
        let bPath = root.appendingPathComponent("B/BBuilder.swift")
        // The violation staged, the working tree put back as committed.
        try bClosingCycle.write(to: bPath, atomically: true, encoding: .utf8)
        try git(["add", "B/BBuilder.swift"], in: root)
        try b.write(to: bPath, atomically: true, encoding: .utf8)
        let stagedBad = try runRibslint(["--staged"], in: root)
        #expect(stagedBad.status == 1, "\(stagedBad.stdout)\(stagedBad.stderr)")
        #expect(stagedBad.stdout.contains("B/BBuilder.swift:3:50: error: this reference from 'B' to 'A' closes the RIB cycle"))
        // The same, from a subfolder and with a cache: the index decides, run after run (the cache answers for the
        // staged text by its own bytes), and a run of the working tree is not served what was staged.
        let cache = root.appendingPathComponent("cache.bin").path
        let fromSubfolder = try runRibslint(["--staged", "--cache-path", cache], in: root.appendingPathComponent("A"))
        #expect(fromSubfolder.status == 1 && fromSubfolder.stdout.contains("closes the RIB cycle"), "\(fromSubfolder.stdout)")
        #expect(FileManager.default.fileExists(atPath: cache))
        let again = try runRibslint(["--staged", "--cache-path", cache], in: root.appendingPathComponent("A"))
        #expect(again.status == 1 && again.stdout == fromSubfolder.stdout, "\(again.stdout)")
        let workingTree = try runRibslint(["--cache-path", cache, "B/BBuilder.swift"], in: root)
        #expect(workingTree.status == 0 && !workingTree.stdout.contains("closes the RIB cycle"), "\(workingTree.stdout)")
        // --fix would rewrite the working tree, which is not what is staged.
        let fix = try runRibslint(["--staged", "--fix"], in: root)
        #expect(fix.status == 2 && fix.stderr.contains("stage or stash those edits first"), "\(fix.stderr)")
        // The staged file deleted from the working tree: the commit still holds it.
        try FileManager.default.removeItem(at: bPath)
        let deleted = try runRibslint(["--staged"], in: root)
        #expect(deleted.status == 1 && deleted.stdout.contains("B/BBuilder.swift:3:50: error:"), "\(deleted.stdout)\(deleted.stderr)")
        // A clean change staged, the violation left unstaged in the working tree: the commit is clean.
        try git(["reset", "-q", "--hard"], in: root)
        try (a + "// reviewed\n").write(to: root.appendingPathComponent("A/ABuilder.swift"), atomically: true, encoding: .utf8)
        try git(["add", "A/ABuilder.swift"], in: root)
        try bClosingCycle.write(to: bPath, atomically: true, encoding: .utf8)
        let stagedClean = try runRibslint(["--staged"], in: root)
        #expect(stagedClean.status == 0, "\(stagedClean.stdout)\(stagedClean.stderr)")
        #expect(!stagedClean.stdout.contains("rib_cycle"))
        // Linting the working tree's files finds the unstaged violation.
        #expect(try runRibslint(["--no-cache", "B/BBuilder.swift"], in: root).status == 1)
    }

    @Test("--changed-since takes revisions only: an option-like value is refused before git runs, and git never reads it as an option")
    func changedSinceIsNoOption() throws {
        let root = try repository()
        try bClosingCycle.write(to: root.appendingPathComponent("B/BBuilder.swift"), atomically: true, encoding: .utf8)
        try git(["add", "B/BBuilder.swift"], in: root)
        let victim = root.appendingPathComponent("victim.txt")
        try "keep me\n".write(to: victim, atomically: true, encoding: .utf8)
        #expect(try runRibslint(["--changed-since="], in: root).status == 2)
        for revision in ["--output=victim.txt", "-ovictim.txt", "--output=../victim.txt"] {
            let run = try runRibslint(["--changed-since=\(revision)"], in: root)
            #expect(run.status == 2, "\(revision): \(run.stderr)")
            #expect(run.stderr.contains("--changed-since takes a git revision"), "\(revision): \(run.stderr)")
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me\n")
        // A revision git does not know is named as such; a good one still works.
        let unknown = try runRibslint(["--changed-since", "no-such-branch"], in: root)
        #expect(unknown.status == 2 && unknown.stderr.contains("git knows no revision 'no-such-branch'"), "\(unknown.stderr)")
        let good = try runRibslint(["--changed-since", "HEAD"], in: root)
        #expect(good.status == 1 && good.stdout.contains("closes the RIB cycle"), "\(good.stdout)")
        // A file whose name starts with a dash is a path, not an option, where ribslint hands paths on.
        try "import RIBs\nfinal class DRouter: Router<DInteractable> {}\n".write(
            to: root.appendingPathComponent("--output=victim.txt.swift"), atomically: true, encoding: .utf8)
        let dashed = try runRibslint(["--no-cache", "--", "--output=victim.txt.swift"], in: root)
        #expect(dashed.status != 2, "\(dashed.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me\n")
    }

    @Test("--staged --fix fixes the working tree, then lints what the commit holds: the unstaged fix does not pass the gate; nothing staged judges no baseline entry")
    func stagedFixAndEmptyRuns() throws {
        let root = try makeProject([
            ".ribslint.yml": "baseline: ribslint-baseline.json\n",
            "Card/CardInteractor.swift": "import RIBs\n\nprotocol CardListener: AnyObject {}\n\nfinal class CardInteractor: Interactor, CardInteractable {\n    var listener: CardListener?\n}\n",
            "B/BBuilder.swift": b,
        ])
        try git(["init", "-q"], in: root)
        #expect(try runRibslint(["baseline"], in: root).status == 0)
        try git(["add", "-A"], in: root)
        try git(["commit", "-qm", "start"], in: root)
        // Nothing staged: no entry is judged, so none counts as fixed.
        let empty = try runRibslint(["--staged", "--strict-baseline"], in: root)
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(!empty.stderr.contains("no longer occur"), "\(empty.stderr)")
        try "import RIBs\n\nprotocol BListener: AnyObject {}\n\nfinal class BInteractor: Interactor, BInteractable {\n    var listener: BListener?\n}\n"
            .write(to: root.appendingPathComponent("B/BInteractor.swift"), atomically: true, encoding: .utf8)
        try git(["add", "B/BInteractor.swift"], in: root)
        let fixed = try runRibslint(["--staged", "--fix", "--only-rule", "weak_listener"], in: root)
        #expect(fixed.stderr.contains("Fixed 1 finding in 1 file"), "\(fixed.stderr)")
        #expect(fixed.stderr.contains("stage them (git add)"), "\(fixed.stderr)")
        #expect(fixed.status == 1, "the index still holds the strong listener: \(fixed.stdout)\(fixed.stderr)")
        #expect(try String(contentsOf: root.appendingPathComponent("B/BInteractor.swift"), encoding: .utf8).contains("weak var listener"))
        try git(["add", "B/BInteractor.swift"], in: root)
        #expect(try runRibslint(["--staged", "--only-rule", "weak_listener"], in: root).status == 0)
    }
}
