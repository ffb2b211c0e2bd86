import Foundation
import RibsLintKit
import RibsLintRules
import Testing

/// One documented fix of one rule.
struct CorrectionCase: CustomTestStringConvertible, Sendable {
    let rule: RuleDescription
    let correction: Correction
    let index: Int

    var testDescription: String { "\(rule.id) › correction #\(index + 1)" }

    static var all: [CorrectionCase] {
        RuleRegistry.descriptions.flatMap { rule in
            rule.corrections.enumerated().map { CorrectionCase(rule: rule, correction: $1, index: $0) }
        }
    }
}

/// A rule that offers a fix which does not remove its finding, and one whose fix breaks the syntax: what
/// `--fix` must refuse to write.
struct UselessFixRule: Rule {
    static let description = RuleDescription(
        id: "useless_fix", name: "Useless Fix", summary: "Reports every class.", rationale: "A test double.",
        defaultSeverity: .warning, triggering: [], nonTriggering: [])
    init(options: RuleOptions) {}
    func violations(in file: LintFile) -> [Violation] {
        file.model.types.map { type in
            let start = type.declaration.positionAfterSkippingLeadingTrivia.utf8Offset
            let fix = type.name.hasPrefix("Broken") ? Edit(inserting: "{ ", at: start) : Edit(inserting: "// still here\n", at: start)
            return Violation(position: start, endPosition: start, message: "class '\(type.name)'", fix: [fix])
        }
    }
}

@Suite("Fixes")
struct FixTests {
    /// The first file of the example, fixed by the rule's findings in the whole example.
    func fixed(_ example: Example, rule id: String) throws -> (text: String, findings: [Finding]) {
        let sources = example.files.map { ($0.path, MarkedText($0.code).text) }
        let findings = try lint(sources: sources, rules: [id], options: example.configuration.isEmpty ? [:] : [id: example.configuration])
        let first = sources[0]
        let (text, _) = Edit.apply(findings.filter { $0.path == first.0 }.sorted(by: Finding.ordered), to: first.1)
        return (text, findings)
    }

    /// The example's files written to a folder and fixed by `--fix`'s own planner, with only its rule on: the
    /// files as they would be written, in the example's `// file:` form.
    /// `skipped`: the notes the plan must give for fixes it does not make.
    func planned(_ example: Example, rule id: String, skipped: [String] = []) throws -> String {
        let files = example.files.map { ($0.path, MarkedText($0.code).text) }
        let project = try makeProject(Dictionary(uniqueKeysWithValues: files) .merging([".sourcery.yml": "sources: [.]\n"]) { $1 })
        var configuration = Configuration(rootDirectory: project.path)
        configuration.profile = RuleRegistry.descriptions.first { $0.id == id }?.profiles.first ?? "ribs"
        configuration.onlyRules = [id]
        if !example.configuration.isEmpty { configuration.ruleSettings[id] = RuleSetting(options: example.configuration) }
        let linter = Linter(configuration: configuration, ruleSet: try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog), jobs: 1)
        let plan = try linter.planFixes(paths: ["."], workingDirectory: project.path)
        #expect(plan.skipped == skipped)
        let texts = files.map { path, text in (path, plan.files.first { $0.path == path }?.fixed ?? text) }
        return texts.count == 1 ? texts[0].1 : texts.map { "// file: \($0.0)\n\($0.1)" }.joined(separator: "\n")
    }

    @Test("every correction of every rule turns the code into what it documents, and a second fix changes nothing", arguments: CorrectionCase.all)
    func correction(_ testCase: CorrectionCase) throws {
        let id = testCase.rule.id, before = testCase.correction.before
        let location = SourceLocation(
            fileID: "RibsLintRules/\(before.file.split(separator: "/").last ?? "")", filePath: before.file, line: before.line, column: 1)
        let text = try planned(before, rule: id)
        #expect(text != MarkedText(before.code).text, "the example has nothing to fix", sourceLocation: location)
        #expect(text == testCase.correction.after, sourceLocation: location)
        let after = Example(text, path: before.path, configuration: before.configuration)
        for file in after.files {
            #expect(!LintFile(path: file.path, source: file.code, profile: .ribs).hasSyntaxErrors, "\(file.path)", sourceLocation: location)
        }
        #expect(try planned(after, rule: id) == text, "a second fix changes the code again", sourceLocation: location)
    }

    @Test("the fixes of every triggering example of a rule that fixes leave code that parses")
    func triggeringExamplesParse() throws {
        for rule in RuleRegistry.descriptions where rule.fixes {
            for example in rule.triggering {
                let (text, _) = try fixed(example, rule: rule.id)
                #expect(!LintFile(path: example.path, source: text, profile: .ribs).hasSyntaxErrors, "\(rule.id) \(example)")
            }
        }
    }

    @Test("only rules that fix offer fixes, and the rules table says which")
    func fixingRules() throws {
        let fixing = RuleRegistry.descriptions.filter(\.fixes).map(\.id)
        #expect(fixing == ["create_mock_annotation", "interactor_dispose_bag", "interactor_rx_lifecycle", "protocol_placement", "weak_listener"])
        #expect(RuleDocumentation.table(RuleRegistry.descriptions).contains("| `weak_listener` | ribs | error | on | yes |"))
        #expect(RuleDocumentation.markdown(RuleRegistry.descriptions.first { $0.id == "weak_listener" }!).contains("## Autofix"))
    }

    @Test("a fix that leaves its finding, or breaks the syntax, is not made and the run says so")
    func refusedFixes() throws {
        let project = try makeProject(["Kept.swift": "final class Kept {}\n", "BrokenOne.swift": "final class BrokenOne {}\n"])
        var configuration = Configuration(rootDirectory: project.path)
        configuration.onlyRules = ["useless_fix"]
        let catalog = Catalog(profiles: [.ribs], rules: [UselessFixRule.self], projectRules: [])
        let linter = Linter(configuration: configuration, ruleSet: try RuleSet(configuration: configuration, catalog: catalog), jobs: 1)
        let plan = try linter.planFixes(paths: ["."], workingDirectory: project.path)
        #expect(plan.files.isEmpty)
        #expect(plan.skipped == [
            "BrokenOne.swift: note: fixes not made: the fixed file would not parse",
            "Kept.swift: note: fixes not made: linted again, the fixed file still reports useless_fix where it should not",
        ])
    }

    @Test("a protocol is not moved where its types would not be known, nor when no file of the right part is beside it, and the plan says why")
    func protocolStaysWithoutASafeDestination() throws {
        let viewController = """
            import RIBs
            import UIKit
            protocol CardPresentableListener: AnyObject {
                func didPick(_ image: UIImage)
            }
            final class CardViewController: UIViewController, CardPresentable, CardViewControllable {}
            """
        let interactor = "import RIBs\nfinal class CardInteractor: PresentableInteractor<CardPresentable>, CardInteractable {}\n"
        let needsUIKit = try planned(Example("// file: Card/CardViewController.swift\n\(viewController)\n// file: Card/CardInteractor.swift\n\(interactor)"), rule: "protocol_placement", skipped: [
            "Card/CardViewController.swift:3: note: protocol_placement not fixed: Card/CardInteractor.swift does not import UIKit, which may declare UIImage; move the protocol by hand and add the import"
        ])
        #expect(needsUIKit.contains("protocol CardPresentableListener: AnyObject {\n    func didPick(_ image: UIImage)\n}\nfinal class CardViewController"))
        let elsewhere = try planned(Example("// file: Card/CardViewController.swift\n\(viewController)\n// file: Other/CardInteractor.swift\n\(interactor)".replacingOccurrences(of: "UIImage", with: "String")), rule: "protocol_placement", skipped: [
            "Card/CardViewController.swift:3: note: protocol_placement not fixed: no single Swift file in its folder declares class CardInteractor, where it belongs"
        ])
        #expect(elsewhere.contains("protocol CardPresentableListener"))
        // A protocol named for another RIB is a stray: it stays where the user can see it.
        let stray = try planned(Example("// file: Card/CardViewController.swift\n\(viewController.replacingOccurrences(of: "UIImage", with: "String").replacingOccurrences(of: "protocol CardPresentableListener", with: "protocol WalletPresentableListener"))\n// file: Card/CardInteractor.swift\n\(interactor)"), rule: "protocol_placement", skipped: [
            "Card/CardViewController.swift:3: note: protocol_placement not fixed: only CardPresentableListener, the Card RIB's own, is moved; move 'WalletPresentableListener' by hand if it is this RIB's; `ribslint rules protocol_placement` says how to fix it"
        ])
        #expect(stray.contains("import UIKit\nprotocol WalletPresentableListener"))
        #expect(elsewhere.hasPrefix("// file: Card/CardViewController.swift\nimport RIBs\nimport UIKit\nprotocol CardPresentableListener"))
    }

    let interactor = """
        import RIBs
        import RxSwift

        protocol LoginListener: AnyObject {
            func loginDidFinish()
        }

        final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
            var listener: LoginListener?
            private let disposeBag = DisposeBag()

            override func didBecomeActive() {
                super.didBecomeActive()
                presenter.loginTapped
                    .subscribe(onNext: { [weak self] in self?.login() })
                    .disposed(by: disposeBag)
            }
        }

        """

    @Test("`--fix` writes the fixes and reports what is left; a second run changes nothing; `--dry-run` prints a diff git applies")
    func commandLine() throws {
        let project = try makeProject(["Login/LoginInteractor.swift": interactor, ".sourcery.yml": "sources: [Login]\n"])
        let file = project.appendingPathComponent("Login/LoginInteractor.swift")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        let dry = try runRibslint(["--fix", "--dry-run", "--only-rule", "weak_listener", "--only-rule", "interactor_dispose_bag",
            "--only-rule", "interactor_rx_lifecycle", "--only-rule", "create_mock_annotation", "Login"], in: project)
        #expect(dry.status == 0)
        #expect(dry.stdout.hasPrefix("--- a/Login/LoginInteractor.swift\n+++ b/Login/LoginInteractor.swift\n@@ -1,18 +1,18 @@\n"))
        #expect(dry.stdout.contains("-    var listener: LoginListener?\n-    private let disposeBag = DisposeBag()\n+    weak var listener: LoginListener?\n"))
        #expect(dry.stderr.contains("Would fix 5 findings in 1 file (create_mock_annotation 1, interactor_dispose_bag 2, interactor_rx_lifecycle 1, weak_listener 1)"))
        #expect(try String(contentsOf: file, encoding: .utf8) == interactor, "a dry run changed the file")
        try Data(dry.stdout.utf8).write(to: project.appendingPathComponent("fix.diff"))

        let run = try runRibslint(["--fix", "Login"], in: project)
        #expect(run.status == 0)
        #expect(run.stderr.contains("Fixed 5 findings in 1 file"))
        #expect(!run.stdout.contains("weak_listener") && !run.stdout.contains("interactor_dispose_bag") && !run.stdout.contains("create_mock"))
        let fixedText = try String(contentsOf: file, encoding: .utf8)
        #expect(fixedText.contains("/// sourcery: CreateMock\nprotocol LoginListener"))
        #expect(fixedText.contains("            .disposeOnDeactivate(interactor: self)\n"))
        #expect(!fixedText.contains("DisposeBag()"))
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o640)
        let second = try runRibslint(["--fix", "Login"], in: project)
        #expect(second.stderr.contains("Fixed 0 findings in 0 files"))
        #expect(try String(contentsOf: file, encoding: .utf8) == fixedText)

        // The dry run's diff turns the original into exactly what --fix wrote.
        try Data(interactor.utf8).write(to: file)
        #expect(try runProcess("/usr/bin/env", ["git", "apply", "--unsafe-paths", "fix.diff"], in: project).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == fixedText)
        #expect(try runRibslint(["--dry-run", "Login"], in: project).stderr.contains("--dry-run goes with --fix"))
    }

    @Test("weak_listener gives no fix where the optional would not compile: a lone expression returns it, another instance's property")
    func weakListenerLeavesValueUses() throws {
        let source = """
            import RIBs
            protocol RootListener: AnyObject { func isReady() -> Bool }
            final class CardInteractor: Interactor, CardInteractable {
                private let parent: RootListener
                init(parent: RootListener) { self.parent = parent }
                func ready() -> Bool { parent.isReady() }
            }
            extension CardInteractor {
                func poke() { parent.isReady() }
            }
            """
        let findings = try lint(source, rules: ["weak_listener"])
        #expect(findings.count == 1)
        #expect(findings.first?.fix.isEmpty == true)
        let viaOther = source.replacingOccurrences(of: "func ready() -> Bool { parent.isReady() }", with: "func ready(_ other: CardInteractor) { other.parent.isReady() }")
        #expect(try lint(viaOther, rules: ["weak_listener"]).first?.fix.isEmpty == true)
        // A use in an extension in the file is made optional with the rest.
        let statements = source.replacingOccurrences(of: "func ready() -> Bool { parent.isReady() }", with: "")
        let (fixed, _) = Edit.apply(try lint(statements, rules: ["weak_listener"]), to: statements)
        #expect(fixed.contains("private weak var parent: RootListener?"))
        #expect(fixed.contains("func poke() { parent?.isReady() }"))
    }

    @Test("a bag fix needs the framework's operator: no cancelOnDeactivate for Uber's RIBs, no disposeOnDeactivate for ModernRIBs' Rx, none for a task")
    func bagFixFollowsTheFramework() throws {
        func fixes(_ imports: String, _ chain: String) throws -> Bool {
            let source = "\(imports)\nfinal class AInteractor: Interactor, AInteractable {\n    var bag = DisposeBag()\n    var set = Set<AnyCancellable>()\n"
                + "    override func didBecomeActive() {\n        super.didBecomeActive()\n        stream.subscribe()\(chain)\n    }\n}\n"
            return try lint(source, rules: ["interactor_dispose_bag"]).contains { !$0.fix.isEmpty }
        }
        #expect(try fixes("import RIBs\nimport RxSwift", ".disposed(by: bag)"))
        #expect(try !fixes("import RIBs\nimport Combine", ".store(in: &set)"))
        #expect(try !fixes("import ModernRIBs\nimport RxSwift", ".disposed(by: bag)"))
        #expect(try fixes("import ModernRIBs", ".store(in: &set)"))
        // A private bag that also keeps a task: no operator fits the task, so the bag stays and nothing is fixed.
        let tasks = "import ModernRIBs\nfinal class AInteractor: Interactor, AInteractable {\n    private var set = Set<AnyCancellable>()\n"
            + "    override func didBecomeActive() {\n        super.didBecomeActive()\n        Task { await fetch() }.store(in: &set)\n    }\n}\n"
        let findings = try lint(tasks, rules: ["interactor_dispose_bag"])
        #expect(findings.count == 1 && findings.allSatisfy { $0.fix.isEmpty }, "\(findings)")
        #expect(try !lint(tasks.replacingOccurrences(of: "Task { await fetch() }", with: "stream.sink { _ in }"), rules: ["interactor_dispose_bag"]).allSatisfy { $0.fix.isEmpty })
    }

    @Test("two files whose names differ only in normalization are fixed each in its own bytes")
    func normalizationTwinsAreFixedApart() throws {
        let short = "import RIBs\nprotocol LoginListener: AnyObject {}\nfinal class AInteractor: Interactor, AInteractable {\n    var listener: LoginListener?\n}\n"
        let long = "// a longer file\n// with more lines above\n" + short.replacingOccurrences(of: "AInteractor", with: "BInteractor")
        let project = try makeProject(["Login/.keep": ""])
        try Data(short.utf8).write(to: project.appendingPathComponent("Login/Caf\u{E9}.swift"))
        try Data(long.utf8).write(to: project.appendingPathComponent("Login/Cafe\u{301}.swift"))
        let run = try runRibslint(["--fix", "--only-rule", "weak_listener", "Login"], in: project)
        #expect(run.stderr.contains("Fixed 2 findings in 2 files"))
        #expect(try String(contentsOf: project.appendingPathComponent("Login/Caf\u{E9}.swift"), encoding: .utf8) == short.replacingOccurrences(of: "    var listener", with: "    weak var listener"))
        #expect(try String(contentsOf: project.appendingPathComponent("Login/Cafe\u{301}.swift"), encoding: .utf8) == long.replacingOccurrences(of: "    var listener", with: "    weak var listener"))
    }

    @Test("files fixed together are written together: one changed on disk since planning, and none is written")
    func groupsAreWrittenWhole() throws {
        let viewController = "import RIBs\nimport UIKit\n\nprotocol LoginPresentableListener: AnyObject {}\n\nfinal class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {}\n"
        let interactor = "import RIBs\n\nfinal class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}\n"
        let project = try makeProject(["Login/LoginViewController.swift": viewController, "Login/LoginInteractor.swift": interactor])
        let plan = try planProtocolMoves(in: project)
        try Data((interactor + "// edited meanwhile\n").utf8).write(to: project.appendingPathComponent("Login/LoginInteractor.swift"))
        let failures = plan.write().failures
        #expect(failures.count == 1)
        #expect(failures.first?.contains("changed on disk while its fixes were planned") == true)
        #expect(try String(contentsOf: project.appendingPathComponent("Login/LoginViewController.swift"), encoding: .utf8) == viewController)
    }

    @Test("a private protocol stays; a fix reaching an unlisted file is checked there too; CRLF diffs apply; nothing to fix prints nothing")
    func edges() throws {
        let privateOne = "import RIBs\nprivate protocol LoginPresentableListener: AnyObject {}\nfinal class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {}\n"
        let interactor = "import RIBs\nfinal class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}\n"
        let kept = try planned(Example("// file: Login/LoginViewController.swift\n\(privateOne)\n// file: Login/LoginInteractor.swift\n\(interactor)"), rule: "protocol_placement", skipped: [
            "Login/LoginViewController.swift:2: note: protocol_placement not fixed: it is private to this file, which would lose it; `ribslint rules protocol_placement` says how to fix it"
        ])
        #expect(kept.contains("private protocol LoginPresentableListener: AnyObject {}\nfinal class LoginViewController"))

        let crlf = "import RIBs\r\nimport UIKit\r\n\r\nprotocol LoginPresentableListener: AnyObject {}\r\n\r\nfinal class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {}\r\n"
        let project = try makeProject(["Login/LoginViewController.swift": crlf, "Login/LoginInteractor.swift": interactor])
        try git(["init", "-q"], in: project)
        let listed = try runRibslint(["--fix", "--dry-run", "--only-rule", "protocol_placement", "Login/LoginViewController.swift"], in: project)
        #expect(listed.stdout.contains("+++ b/Login/LoginInteractor.swift"))
        try Data(listed.stdout.utf8).write(to: project.appendingPathComponent("fix.diff"))
        #expect(try git(["apply", "--check", "fix.diff"], in: project, expectSuccess: false).status == 0)
        #expect(try runRibslint(["--fix", "--only-rule", "protocol_placement", "Login/LoginViewController.swift"], in: project).status == 0)
        let nothing = try runRibslint(["--fix", "--dry-run", "--only-rule", "protocol_placement", "Login"], in: project)
        #expect(nothing.stdout.isEmpty)
        #expect(try String(contentsOf: project.appendingPathComponent("Login/LoginInteractor.swift"), encoding: .utf8).contains("protocol LoginPresentableListener: AnyObject {}\n\nfinal class LoginInteractor"))
    }
}
