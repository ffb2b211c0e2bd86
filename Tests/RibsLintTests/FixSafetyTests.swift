import Foundation
import RibsLintKit
import RibsLintRules
import Testing

/// `--fix` never loses a byte: groups of files are written whole or not at all, files it must not replace are
/// left with a note, byte-order marks and line breaks are kept, and one run reaches the fixed point.
@Suite("Fix safety", .serialized)
struct FixSafetyTests {
    let viewController = "import RIBs\nimport UIKit\n\nprotocol LoginPresentableListener: AnyObject {}\n\nfinal class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {}\n"
    let interactor = "import RIBs\n\nfinal class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}\n"
    let strongListener = "import RIBs\n\nprotocol CardListener: AnyObject {}\n\nfinal class CardInteractor: Interactor, CardInteractable {\n    var listener: CardListener?\n}\n"

    func text(_ root: URL, _ path: String) throws -> String { try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }

    func bytes(_ root: URL, _ path: String) throws -> [UInt8] { Array(try Data(contentsOf: root.appendingPathComponent(path))) }

    @Test("a protocol moved from or into a file that cannot be replaced (immutable) changes neither file; one that fails while the group is written is undone",
        .enabled(if: getuid() == 0, "chattr +i needs root"))
    func groupAllOrNothing() throws {
        for immutable in ["Login/LoginInteractor.swift", "Login/LoginViewController.swift"] {
            let root = try makeProject(["Login/LoginViewController.swift": viewController, "Login/LoginInteractor.swift": interactor])
            let path = root.appendingPathComponent(immutable).path
            #expect(try runProcess("/usr/bin/env", ["chattr", "+i", path], in: root).status == 0)
            defer { _ = try? runProcess("/usr/bin/env", ["chattr", "-i", path], in: root) }
            let run = try runRibslint(["--fix", "--no-cache", "--only-rule", "protocol_placement", "Login"], in: root)
            #expect(run.stderr.contains("\(immutable): note: fixes not made: the file is read-only"), "\(run.stderr)")
            #expect(run.stderr.contains("Fixed 0 findings in 0 files"), "\(run.stderr)")
            #expect(try text(root, "Login/LoginViewController.swift") == viewController)
            #expect(try text(root, "Login/LoginInteractor.swift") == interactor)
        }
        // Made immutable after planning: the interactor (first in the group) is swapped in, the view controller
        // refuses, and the interactor is swapped back.
        let root = try makeProject(["Login/LoginViewController.swift": viewController, "Login/LoginInteractor.swift": interactor])
        let plan = try planProtocolMoves(in: root)
        let second = root.appendingPathComponent("Login/LoginViewController.swift").path
        #expect(try runProcess("/usr/bin/env", ["chattr", "+i", second], in: root).status == 0)
        defer { _ = try? runProcess("/usr/bin/env", ["chattr", "-i", second], in: root) }
        let written = plan.write()
        #expect(written.files.isEmpty)
        #expect(written.failures.count == 1 && written.failures[0].contains("nothing of Login/LoginInteractor.swift, Login/LoginViewController.swift was written"), "\(written.failures)")
        #expect(try text(root, "Login/LoginViewController.swift") == viewController)
        #expect(try text(root, "Login/LoginInteractor.swift") == interactor)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Login").path).filter { $0.contains(".ribslint-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("a byte-order mark stays first in its file and is never moved; the fixed files parse")
    func byteOrderMarks() throws {
        let mark = "\u{FEFF}"
        let root = try makeProject([
            "Login/LoginViewController.swift": mark + "protocol LoginPresentableListener: AnyObject {}\n\nfinal class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {}\n",
            "Login/LoginInteractor.swift": mark + "final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}\n",
        ])
        let run = try runRibslint(["--fix", "--no-cache", "--only-rule", "protocol_placement", "Login"], in: root)
        #expect(run.status == 0 && run.stderr.contains("Fixed 1 finding in 2 files"), "\(run.stderr)")
        for path in ["Login/LoginViewController.swift", "Login/LoginInteractor.swift"] {
            let fixed = try bytes(root, path)
            #expect(Array(fixed.prefix(3)) == [0xEF, 0xBB, 0xBF], "\(path)")
            #expect(fixed.dropFirst(3).firstIndex(of: 0xEF) == nil, "\(path): a second mark")
        }
        #expect(try bytes(root, "Login/LoginInteractor.swift") == Array((mark + "protocol LoginPresentableListener: AnyObject {}\n\nfinal class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}\n").utf8))
        let parse = try runProcess("/usr/bin/env", ["swiftc", "-parse", "Login/LoginViewController.swift", "Login/LoginInteractor.swift"], in: root)
        #expect(parse.status == 0, "\(parse.stderr)")
    }

    @Test("a file with lone carriage returns is fixed with them, and the dry run's diff applies to give the same bytes")
    func loneCarriageReturns() throws {
        let cr = { (text: String) in text.replacingOccurrences(of: "\n", with: "\r") }
        let root = try makeProject(["Login/LoginViewController.swift": cr(viewController), "Login/LoginInteractor.swift": cr(interactor)])
        try git(["init", "-q"], in: root)
        let dry = try runRibslint(["--fix", "--dry-run", "--no-cache", "--only-rule", "protocol_placement", "Login"], in: root)
        #expect(dry.stderr.contains("Would fix 1 finding in 2 files"), "\(dry.stderr)")
        try Data(dry.stdout.utf8).write(to: root.appendingPathComponent("fix.diff"))
        let fixed = try runRibslint(["--fix", "--no-cache", "--only-rule", "protocol_placement", "Login"], in: root)
        #expect(fixed.status == 0)
        let written = try text(root, "Login/LoginInteractor.swift")
        #expect(written == cr("import RIBs\n\nprotocol LoginPresentableListener: AnyObject {}\n\nfinal class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}\n"))
        #expect(!written.utf8.contains(UInt8(ascii: "\n")))
        let writtenSource = try text(root, "Login/LoginViewController.swift")
        try Data(cr(viewController).utf8).write(to: root.appendingPathComponent("Login/LoginViewController.swift"))
        try Data(cr(interactor).utf8).write(to: root.appendingPathComponent("Login/LoginInteractor.swift"))
        let apply = try git(["apply", "fix.diff"], in: root, expectSuccess: false)
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(try text(root, "Login/LoginInteractor.swift") == written)
        #expect(try text(root, "Login/LoginViewController.swift") == writtenSource)
    }

    @Test("a read-only file, a file with hard links and a symlinked twin are not replaced: each gets a note, the rest is fixed, the summary counts what was written")
    func filesNotToReplace() throws {
        let root = try makeProject([
            "Card/CardInteractor.swift": strongListener,
            "Locked/LockedInteractor.swift": strongListener.replacingOccurrences(of: "Card", with: "Locked"),
            "Linked/LinkedInteractor.swift": strongListener.replacingOccurrences(of: "Card", with: "Linked"),
        ])
        let locked = root.appendingPathComponent("Locked/LockedInteractor.swift").path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: locked)
        try FileManager.default.linkItem(atPath: root.appendingPathComponent("Linked/LinkedInteractor.swift").path, toPath: root.appendingPathComponent("outside-link.swift.txt").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("Card/CardTwin.swift").path, withDestinationPath: "CardInteractor.swift")
        let run = try runRibslint(["--fix", "--no-cache", "--only-rule", "weak_listener", "Card", "Locked", "Linked"], in: root)
        #expect(run.stderr.contains("Locked/LockedInteractor.swift: note: fixes not made: the file is read-only"), "\(run.stderr)")
        #expect(run.stderr.contains("Linked/LinkedInteractor.swift: note: fixes not made: the file has 2 hard links"), "\(run.stderr)")
        #expect(run.stderr.contains("Fixed 1 finding in 1 file (weak_listener 1)"), "\(run.stderr)")
        #expect(try text(root, "Card/CardInteractor.swift").contains("    weak var listener: CardListener?"))
        #expect(try text(root, "Locked/LockedInteractor.swift") == strongListener.replacingOccurrences(of: "Card", with: "Locked"))
        #expect(try text(root, "outside-link.swift.txt") == strongListener.replacingOccurrences(of: "Card", with: "Linked"))
        let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("Card/CardTwin.swift").path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "the twin link was replaced")
        // The twin, where the walk lists it, is the same file: a note, not a conflict.
        #expect(!run.stderr.contains("changed on disk"), "\(run.stderr)")
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        // A dry run writes nothing: its patch fixes the read-only file too (a build sandbox's inputs are read-only).
        let dry = try runRibslint(["--fix", "--dry-run", "--no-cache", "--only-rule", "weak_listener", "Locked"], in: root)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("+++ b/Locked/LockedInteractor.swift") && dry.stdout.contains("+    weak var listener: LockedListener?"))
        #expect(!dry.stderr.contains("read-only"), "\(dry.stderr)")
    }

    @Test("one run reaches the fixed point: a protocol moved and then annotated, where two runs were needed")
    func fixedPointInOneRun() throws {
        let root = try makeProject([
            ".sourcery.yml": "sources: [Login]\n", "Login/LoginViewController.swift": viewController,
            "Login/LoginInteractor.swift": interactor,
        ])
        let rules = ["--only-rule", "protocol_placement", "--only-rule", "create_mock_annotation"]
        let run = try runRibslint(["--fix", "--no-cache"] + rules + ["Login"], in: root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("Fixed 2 findings in 2 files (create_mock_annotation 1, protocol_placement 1)"), "\(run.stderr)")
        #expect(try text(root, "Login/LoginInteractor.swift").contains("/// sourcery: CreateMock\nprotocol LoginPresentableListener"))
        let again = try runRibslint(["--fix", "--no-cache"] + rules + ["Login"], in: root)
        #expect(again.stderr.contains("Fixed 0 findings in 0 files"), "\(again.stderr)")
        // The same with absolute names (`--base-path /`): a file fixed in one round is no twin of itself in the next.
        let other = try makeProject([
            ".sourcery.yml": "sources: [Login]\n", "Login/LoginViewController.swift": viewController, "Login/LoginInteractor.swift": interactor,
        ])
        let absolute = try runRibslint(["--fix", "--no-cache", "--base-path", "/"] + rules + ["Login"], in: other)
        #expect(absolute.stderr.contains("Fixed 2 findings in 2 files"), "\(absolute.stderr)")
        #expect(!absolute.stderr.contains("same file as"), "\(absolute.stderr)")
    }

    @Test("--fix parses deeply nested code on the large-stack threads lint uses")
    func deepNestingUnderFix() throws {
        let depth = 1_500
        let nested = String(repeating: "A<", count: depth) + "B" + String(repeating: ">", count: depth)
        let root = try makeProject(["Deep.swift": "let value: \(nested)? = nil\n", "Card/CardInteractor.swift": strongListener])
        for arguments in [["--fix"], ["--fix", "--dry-run"]] {
            let run = try runRibslint(arguments + ["--no-cache", "--only-rule", "weak_listener", "."], in: root)
            #expect(run.status == 0 || run.status == 1, "\(arguments): exit \(run.status) \(run.stderr.suffix(300))")
        }
        #expect(try text(root, "Card/CardInteractor.swift").contains("weak var listener"))
    }

    @Test("the dry run's diff of 8,000 changed lines in one file is found in bounded memory and applies")
    func largeDiffs() throws {
        let old = (0..<8_000).map { "    var listener\($0 % 3): Listener?\n" }.joined()
        let new = old.replacingOccurrences(of: "    var listener", with: "    weak var listener")
        let diff = FixPlan.unifiedDiff("import RIBs\n" + old + "// end\n", "import RIBs\n" + new + "// end\n", path: "Big.swift")
        #expect(diff.hasPrefix("--- a/Big.swift\n+++ b/Big.swift\n@@ -1,8002 +1,8002 @@\n import RIBs\n-    var listener0"), "\(diff.prefix(200))")
        let root = try makeProject(["Big.swift": "import RIBs\n" + old + "// end\n"])
        try git(["init", "-q"], in: root)
        try Data(diff.utf8).write(to: root.appendingPathComponent("fix.diff"))
        let apply = try git(["apply", "fix.diff"], in: root, expectSuccess: false)
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(try text(root, "Big.swift") == "import RIBs\n" + new + "// end\n")
        // Small changes still get the shortest diff, with context around each.
        let small = FixPlan.unifiedDiff("a\nb\nc\nd\ne\nf\ng\nh\ni\n", "a\nb\nc\nd\nE\nf\ng\nh\ni\n", path: "s")
        #expect(small == "--- a/s\n+++ b/s\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n")
    }

    @Test("every finding of a rule that fixes, left unfixed, gets a note saying what its fix needs")
    func unfixedFindingsSayWhy() throws {
        let source = "import RIBs\nimport RxSwift\n\nfinal class CardInteractor: Interactor, CardInteractable {\n    init(stream: Observable<Int>) {\n"
            + "        super.init()\n        stream.subscribe(onNext: { _ in }).disposed(by: bag)\n    }\n    let bag = DisposeBag()\n    var listener: CardListener\n}\n"
        let root = try makeProject(["CardInteractor.swift": source])
        let run = try runRibslint(["--fix", "--no-cache", "."], in: root)
        let notes = run.stderr.split(separator: "\n").filter { $0.contains(" not fixed: ") }
        for rule in ["interactor_rx_lifecycle", "interactor_dispose_bag", "weak_listener"] {
            #expect(notes.contains { $0.contains("note: \(rule) not fixed: no fix is safe here: ") && $0.hasSuffix("`ribslint rules \(rule)` says how to fix it") }, "\(rule): \(run.stderr)")
        }
        #expect(notes.count == 4, "\(run.stderr)")
        #expect(try text(root, "CardInteractor.swift") == source)
    }
}
