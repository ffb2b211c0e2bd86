import RibsLintKit
import Testing

/// What findings tell the user to write: advice must compile in the file's own framework.
@Suite("Advice")
struct AdviceTests {
    @Test("lifecycle advice follows the framework the file imports")
    func lifecycleAdvice() throws {
        let modern = try lint("""
            import ModernRIBs
            final class SearchInteractor: PresentableInteractor<SearchPresentable>, SearchInteractable {
                private var cancellables = Set<AnyCancellable>()
                func start() { query.sink { _ in }.store(in: &cancellables) }
            }
            """, rules: ["interactor_dispose_bag", "interactor_rx_lifecycle"])
        #expect(modern.count == 3)
        #expect(modern.allSatisfy { $0.message.contains("`.cancelOnDeactivate(interactor: self)`") }, "\(modern.map(\.message))")
        let rx = try lint("""
            import RIBs
            final class FeedWorker: Worker {
                func start() { stream.subscribe(onNext: { _ in }).disposed(by: bag) }
            }
            """, rules: ["interactor_dispose_bag", "interactor_rx_lifecycle"])
        #expect(rx.count == 2)
        #expect(rx.allSatisfy { $0.message.contains("`.disposeOnStop(self)`") }, "\(rx.map(\.message))")
        let created = try lint("""
            import RIBs
            final class SignUpInteractor: Interactor, SignUpInteractable {
                func check() -> Observable<Int> {
                    Observable.create { [weak self] observer in
                        _ = self?.service.check().subscribe(onNext: { observer.onNext($0) })
                        return Disposables.create()
                    }
                }
            }
            """, rules: ["interactor_rx_lifecycle"])
        #expect(created.map(\.message) == [
            "subscription inside `create` in interactor 'SignUpInteractor' is dropped; return its disposable from the `create` closure so the outer subscription owns it",
        ])
    }

    @Test("a cycle's message follows its edges, not the alphabet")
    func cyclePath() throws {
        func builder(_ name: String, building child: String) -> (path: String, text: String) {
            ("\(name)/\(name)Builder.swift", """
                import RIBs
                final class \(name)Builder: Builder<\(name)Dependency>, \(name)Buildable {
                    func build() -> \(name)Routing { \(name)Router(child: \(child)Builder(dependency: dependency)) }
                }
                """)
        }
        let findings = try lint(
            sources: [builder("Alpha", building: "Gamma"), builder("Beta", building: "Alpha"), builder("Gamma", building: "Beta")],
            rules: ["rib_cycle"])
        #expect(findings.count == 3)
        let alpha = try #require(findings.first { $0.path == "Alpha/AlphaBuilder.swift" })
        #expect(alpha.message.contains("closes the RIB cycle Alpha → Gamma → Beta → Alpha"), "\(alpha.message)")
    }

    @Test("`weak var` advice says a project protocol must be class-bound for it, across files, and only when it is not")
    func weakViewAdvice() throws {
        let findings = try lint(
            sources: [
                ("Home/HomePresenter.swift", """
                    final class HomePresenter: HomeViewOutput, HomeInteractorOutput {
                        var view: HomeViewInput?
                        var viewController: UIViewController?
                    }
                    """),
                ("Home/HomeContract.swift", """
                    protocol HomeViewInput { func show(_ titles: [String]) }
                    protocol HomeViewOutput: AnyObject {}
                    protocol HomeInteractorOutput: AnyObject {}
                    """),
                ("Card/CardInteractor.swift", """
                    final class CardInteractor: CardInteractorInput {
                        var presenter: CardInteractorOutput?
                        var output: CardLegacyOutput?
                    }
                    """),
                ("Card/CardContract.swift", """
                    protocol CardInteractorInput: AnyObject {}
                    protocol CardInteractorOutput: AnyObject {}
                    protocol CardLegacyOutput: class {}
                    final class CardPresenter: CardInteractorOutput, CardLegacyOutput { var interactor: CardInteractorInput? }
                    """),
            ],
            rules: ["viper_weak_view"], profile: "viper")
        let messages = findings.map(\.message)
        #expect(messages.count == 4, "\(messages)")
        // A protocol already class-bound, by `AnyObject` or the older `class`, needs no word of advice.
        #expect(messages.contains { $0.contains("'presenter' strongly; declare it `weak var` so") })
        #expect(messages.contains { $0.contains("'output' strongly; declare it `weak var` so") })
        #expect(messages.contains { $0.contains("'view' strongly; declare it `weak var` ('HomeViewInput' must be class-bound: `protocol HomeViewInput: AnyObject`) so") })
        #expect(messages.contains { $0.contains("'viewController' strongly; declare it `weak var` so") })
    }
}
