import Foundation
import RibsLintKit
import RibsLintRules
import Testing

@Suite("Roles")
struct RoleTests {
    func roles(_ source: String, profile: Profile = .ribs) -> [String: Role?] {
        let file = LintFile(path: "x.swift", source: source, profile: profile)
        return Dictionary(file.model.types.map { ($0.name, $0.role) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("a superclass or conformance gives the role, module-qualified names included")
    func inheritance() {
        let found = roles("""
            final class A: RIBs.Interactor, AInteractable {}
            final class B: ModernRIBs.ViewableRouter<BInteractable, BViewControllable> {}
            final class C: Builder<CDependency>, CBuildable {}
            final class D: Component<DDependency> {}
            final class E: Worker {}
            final class F: UIHostingController<FView>, FPresentable {}
            final class G: UIViewController, GViewControllable {}
            final class H: UIViewController {}
            """)
        #expect(found["A"] == .interactor)
        #expect(found["B"] == .router)
        #expect(found["C"] == .builder)
        #expect(found["D"] == .component)
        #expect(found["E"] == .worker)
        #expect(found["F"] == .presenter)
        #expect(found["G"] == .presenter)
        #expect(found["H"] == .some(nil))
    }

    @Test("a base class of another module: a presenter when the class conforms to every presenter contract, else none")
    func baseClassOfAnotherModule() {
        let found = roles("""
            import Eureka
            final class WalletVC: FormViewController, WalletPresentable, WalletViewControllable {}
            final class HistoryVC: FormViewController, HistoryViewControllable {}
            final class Form: FormViewController {}
            final class Local: BaseScreen, LocalPresentable, LocalViewControllable {}
            final class CardModel: Identifiable, CardPresentable, CardViewControllable {}
            class BaseScreen {}
            """)
        #expect(found["WalletVC"] == .presenter)
        // One contract is not enough where nothing says the class is a view controller.
        #expect(found["HistoryVC"] == .some(nil))
        #expect(found["Form"] == .some(nil))
        // A base class the project declares, reaching no view controller: not one.
        #expect(found["Local"] == .some(nil))
        // A platform protocol listed first is no base class of another module.
        #expect(found["CardModel"] == .some(nil))
    }

    @Test("a name makes a router only with something structural beside it: a service named …Router is none")
    func namedRouterNeedsStructure() {
        let found = roles("""
            import RIBs
            final class DeepLinkRouter {
                private let flows: [String: Flow]
                func open(_ url: URL) {}
            }
            final class LegacyRouter {
                private let interactor: LegacyInteractable
            }
            final class PagingRouter {
                init(interactor: PagingInteractable, viewController: PagingViewControllable) {}
            }
            final class CartRouter: CartRouting {}
            final class PlainInteractor {}
            """)
        #expect(found["DeepLinkRouter"] == .some(nil))
        #expect(found["LegacyRouter"] == .router)
        #expect(found["PagingRouter"] == .router)
        #expect(found["CartRouter"] == .router)
        #expect(found["PlainInteractor"] == .interactor)
    }

    @Test("the type index resolves roles through the project's own base classes and other files' extensions")
    func typeIndex() throws {
        let base = "import RIBs\nopen class BaseRouter<I, V>: ViewableRouter<I, V> {}\nclass BaseScreen: UIViewController {}\n"
        let feed = """
            import UIKit
            final class FeedRouter: BaseRouter<FeedInteractable, FeedViewControllable>, FeedRouting {}
            final class FeedViewController: BaseScreen {}
            final class TabsController: UITabBarController, TabsPresentable {}
            """
        let presentable = "extension FeedViewController: FeedPresentable {}\n"
        let local = LintFile(path: "Feed/FeedRouter.swift", source: feed, profile: .ribs)
        #expect(local.model.types.allSatisfy { $0.role == nil || $0.name == "TabsController" }, "nothing in the file says more")
        var declarations = local.model.declarations
        declarations += LintFile(path: "Base.swift", source: base, profile: .ribs).model.declarations
        declarations += LintFile(path: "Feed/Feed+Presentable.swift", source: presentable, profile: .ribs).model.declarations
        let index = TypeIndex(declarations)
        let resolved = LintFile(path: "Feed/FeedRouter.swift", source: feed, profile: .ribs, index: index).model.types
        let roles = Dictionary(uniqueKeysWithValues: resolved.map { ($0.name, $0.role) })
        #expect(roles["FeedRouter"] == .router)
        #expect(roles["FeedViewController"] == .presenter, "UIViewController through BaseScreen, FeedPresentable from another file")
        #expect(roles["TabsController"] == .presenter, "a tab bar controller conforming to its Presentable")
        let router = try #require(resolved.first { $0.name == "FeedRouter" })
        #expect(router.inheritance.superclasses == ["BaseRouter", "ViewableRouter"])
    }

    @Test("a base class the project declares itself is the app's, unless it is the framework's vendored copy")
    func shadowedBaseClass() {
        func role(of type: String, with base: String) -> Role? {
            let model = "import RxSwift\nfinal class \(type): Interactor {}\n"
            var declarations = LintFile(path: "Model.swift", source: model, profile: .ribs).model.declarations
            declarations += LintFile(path: "Base.swift", source: base, profile: .ribs).model.declarations
            let file = LintFile(path: "Model.swift", source: model, profile: .ribs, index: TypeIndex(declarations))
            return file.model.types.first { $0.name == type }?.role
        }
        #expect(role(of: "AssetViewModel", with: "class Interactor {\n    func start() {}\n}\n") == nil, "an MVVM app's own base")
        #expect(role(of: "AssetViewModel", with: "class Interactor: NSObject {}\n") == nil)
        #expect(role(of: "AssetViewModel", with: "extension Interactor {\n    func log() {}\n}\n") == .interactor, "RIBs' class, extended")
        #expect(role(of: "FeedInteractor", with: "open class Interactor: Interactable {}\n") == .interactor, "RIBs vendored in the project")
        #expect(role(of: "FeedInteractor", with: "open class Interactor: ScopeInteractor, Interactable {}\n") == .interactor)
        // A file that imports RIBs means RIBs' class, whatever another module of the project declares.
        let model = "import RIBs\nfinal class FeedLogic: Interactor, FeedInteractable {}\n"
        var declarations = LintFile(path: "Feed/FeedLogic.swift", source: model, profile: .ribs).model.declarations
        declarations += LintFile(path: "Legacy/Interactor.swift", source: "class Interactor {}\n", profile: .ribs).model.declarations
        let importing = LintFile(path: "Feed/FeedLogic.swift", source: model, profile: .ribs, index: TypeIndex(declarations))
        #expect(importing.model.types.first { $0.name == "FeedLogic" }?.role == .interactor)
    }

    @Test("the language server's hover explains a role read across the project: inherited through an app's base class")
    func explainedAcrossFiles() throws {
        let root = try makeProject([
            "Core/BaseRouter.swift": "import RIBs\nopen class BaseRouter<I, V>: ViewableRouter<I, V> {}\n",
            "Feed/FeedRouter.swift": "import UIKit\nfinal class FeedRouter: BaseRouter<FeedInteractable, FeedViewControllable>, FeedRouting {}\n",
            "Feed/FeedWorker.swift": "import RIBs\nfinal class FeedWorker {}\n",
        ])
        try git(["init", "-q"], in: root)
        let configuration = Configuration(rootDirectory: root.path)
        var linter = Linter(configuration: configuration, ruleSet: try RuleSet(configuration: configuration, catalog: RuleRegistry.catalog), jobs: 1)
        linter.scopes = ConfigurationScopes(catalog: RuleRegistry.catalog, base: configuration)
        let feed = try #require(try linter.typeRoles(ofFileAt: root.appendingPathComponent("Feed/FeedRouter.swift").path, workingDirectory: root.path).first)
        #expect(feed.role == "router" && feed.superclasses == ["BaseRouter", "ViewableRouter"] && feed.isStructural)
        #expect((feed.line, feed.column, feed.endColumn) == (2, 13, 23))
        #expect(feed.text == "**FeedRouter** — router (profile ribs)\n\nInherits `ViewableRouter` through `BaseRouter`; conforms to `FeedRouting`.")
        // A role from a name (in a file importing RIBs) says so.
        let worker = try #require(try linter.typeRoles(ofFileAt: root.appendingPathComponent("Feed/FeedWorker.swift").path, workingDirectory: root.path).first)
        #expect(worker.role == "worker" && !worker.isStructural, "\(worker)")
        #expect(worker.text == "**FeedWorker** — worker (profile ribs)\n\nIts name gives the role: nothing it inherits does.", "\(worker.text)")
    }

    @Test("a cycle of superclasses ends")
    func inheritanceCycle() {
        let source = "class A: B {}\nclass B: A {}\nfinal class CRouter: A {}\n"
        let file = LintFile(path: "x.swift", source: source, profile: .ribs)
        #expect(file.model.types.allSatisfy { $0.role == nil })
    }

    @Test("a name suffix counts only in a file importing a RIBs framework")
    func suffix() {
        let without = roles("import RxSwift\nfinal class SearchInteractor { let bag = DisposeBag() }")
        #expect(without["SearchInteractor"] == .some(nil))
        let with = roles("import RIBs\nfinal class SearchInteractor: BaseThing {}")
        #expect(with["SearchInteractor"] == .interactor)
        let structure = roles("import RIBs\nstruct SearchInteractor {}")
        #expect(structure["SearchInteractor"] == .some(nil))
    }

    @Test("an extension shares its type's role")
    func extensions() {
        let file = LintFile(path: "x.swift", source: """
            final class LoginInteractor: Interactor {}
            extension LoginInteractor: LoginPresentableListener { func tap() {} }
            """, profile: .ribs)
        #expect(file.model.types.filter { $0.role == .interactor }.count == 2)
    }

    @Test("test doubles play no role; a name that only starts with the letters of one is the app's own")
    func testDoubles() {
        let found = roles("""
            import RIBs
            final class InteractorMock: Interactor, LoginInteractable {}
            final class MockLoginRouter: Router<LoginInteractable>, LoginRouting {}
            final class LoginListenerSpy: LoginListener {}
            """)
        #expect(found.values.allSatisfy { $0 == nil })
        let own = roles("""
            import RIBs
            final class MockupEditorRouter: ViewableRouter<MockupEditorInteractable, MockupEditorViewControllable> {}
            final class StubbornInteractor: Interactor, StubbornInteractable {}
            """)
        #expect(own["MockupEditorRouter"] == .router)
        #expect(own["StubbornInteractor"] == .interactor)
    }

    @Test("MVVM screen interactors stay silent")
    func mvvmInteractor() throws {
        let findings = try lint("""
            import RxSwift
            final class ProfileScreenInteractor {
                private let disposeBag = DisposeBag()
                init(dependency: ProfileDependency) {}
                func load() { api.profile().subscribe().disposed(by: disposeBag) }
            }
            """, rules: RuleRegistry.descriptions.map(\.id))
        #expect(findings.isEmpty)
    }

    @Test("role conventions come from .ribslint.yml")
    func configuredConventions() throws {
        let configuration = try Configuration.parse(yaml: """
            roles:
              frameworks: [AcmeRIBs]
              interactor:
                base_classes: [AcmeInteractor]
            """, path: ".ribslint.yml", catalog: RuleRegistry.catalog, rootDirectory: "/")
        let found = roles("""
            import AcmeRIBs
            final class A: AcmeInteractor {}
            final class BRouter: BRouting {}
            final class C: Interactor {}
            final class DRouter {
                private let interactor: DInteractable
            }
            """, profile: Profile.ribs.applying(configuration.roles))
        #expect(found["A"] == .interactor)
        #expect(found["BRouter"] == .router)
        #expect(found["DRouter"] == .router)
        #expect(found["C"] == .some(nil))
    }

    @Test("a class in `#if false` is never modelled: the compiled declaration is the one other files see")
    func neverCompiledDeclarations() {
        let file = LintFile(path: "Base.swift", source: """
            #if false
            class BaseViewController: NSObject {}
            #else
            class BaseViewController: UIViewController {}
            #endif
            """, profile: .ribs)
        #expect(file.model.declarations.map(\.inherited) == [["UIViewController"]])
    }
}
