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

    @Test("test doubles play no role")
    func testDoubles() {
        let found = roles("""
            import RIBs
            final class InteractorMock: Interactor, LoginInteractable {}
            final class MockLoginRouter: Router<LoginInteractable>, LoginRouting {}
            final class LoginListenerSpy: LoginListener {}
            """)
        #expect(found.values.allSatisfy { $0 == nil })
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
            final class BRouter {}
            final class C: Interactor {}
            """, profile: Profile.ribs.applying(configuration.roles))
        #expect(found["A"] == .interactor)
        #expect(found["BRouter"] == .router)
        #expect(found["C"] == .some(nil))
    }
}
