import RibsLintKit
import Testing

/// What findings tell the user to write: advice must compile in the file's own framework.
@Suite("Advice")
struct AdviceTests {
    @Test("a subscription made from `init` is told to move to `didBecomeActive()`: bound where it is, it would end at once")
    func subscriptionBeforeActivation() throws {
        let findings = try lint("""
            import ModernRIBs
            final class NoteInteractor: PresentableInteractor<NotePresentable>, NoteInteractable {
                private var cancellables = Set<AnyCancellable>()
                init(presenter: NotePresentable, repository: NoteRepository) {
                    super.init(presenter: presenter)
                    repository.title.sink { _ in }.store(in: &cancellables)
                    bind()
                    DispatchQueue.main.async { self.later() }
                }
                override func didBecomeActive() {
                    super.didBecomeActive()
                    refresh()
                }
                func refresh() { notes.sink { _ in }.store(in: &cancellables) }
                func later() { pages.sink { _ in }.store(in: &cancellables) }
            }
            private extension NoteInteractor {
                func bind() { self.load(id: 1) }
                func load(id: Int) { notes.sink { _ in }.store(in: &cancellables) }
                func load() { notes.sink { _ in }.store(in: &cancellables) }
            }
            """, rules: ["interactor_dispose_bag", "interactor_rx_lifecycle"])
        let chains = findings.filter { $0.line != 3 }.map { "\($0.line) \($0.ruleID): \($0.message)" }
        let sink = "`.cancelOnDeactivate(interactor: self)`"
        #expect(chains == [
            "6 interactor_rx_lifecycle: subscription in interactor 'NoteInteractor' is made during `init`, before the interactor is active, where \(sink) would end it at once; subscribe in `didBecomeActive()` and end the chain there with \(sink)",
            "6 interactor_dispose_bag: interactor 'NoteInteractor' puts a subscription in a bag with `.store(in:)` during `init`, before the interactor is active; subscribe in `didBecomeActive()` and end the chain there with \(sink)",
            // Called from didBecomeActive, or from a closure `init` only hands on: bound where it is, it lives.
            "14 interactor_rx_lifecycle: subscription in interactor 'NoteInteractor' is not bound to its lifecycle; end the chain with \(sink)",
            "14 interactor_dispose_bag: interactor 'NoteInteractor' puts a subscription in a bag with `.store(in:)`; end the chain with \(sink)",
            "15 interactor_rx_lifecycle: subscription in interactor 'NoteInteractor' is not bound to its lifecycle; end the chain with \(sink)",
            "15 interactor_dispose_bag: interactor 'NoteInteractor' puts a subscription in a bag with `.store(in:)`; end the chain with \(sink)",
            // In an extension, through another method; its overload `init` does not call keeps the usual advice.
            "19 interactor_rx_lifecycle: subscription in interactor 'NoteInteractor' is made in 'load(id:)', which `init` calls, before the interactor is active, where \(sink) would end it at once; subscribe in `didBecomeActive()` and end the chain there with \(sink)",
            "19 interactor_dispose_bag: interactor 'NoteInteractor' puts a subscription in a bag with `.store(in:)` in 'load(id:)', which `init` calls, before the interactor is active; subscribe in `didBecomeActive()` and end the chain there with \(sink)",
            "20 interactor_rx_lifecycle: subscription in interactor 'NoteInteractor' is not bound to its lifecycle; end the chain with \(sink)",
            "20 interactor_dispose_bag: interactor 'NoteInteractor' puts a subscription in a bag with `.store(in:)`; end the chain with \(sink)",
        ])
    }

    @Test("viper_presenter_main_actor names every part the isolation needs: the presenter's factory, the view protocol's presenter")
    func mainActorAdvice() throws {
        let findings = try lint("""
            import UIKit
            protocol BossViewProtocol: AnyObject { func show(_ names: [String]) }
            protocol BossPresenterProtocol: AnyObject { func didLoad(_ names: [String]) }
            final class BossPresenter: BossPresenterProtocol {
                weak var view: BossViewProtocol?
                func didLoad(_ names: [String]) { view?.show(names) }
            }
            """, rules: ["viper_presenter_main_actor"], profile: "viper")
        #expect(findings.map(\.message) == [
            "view protocol 'BossViewProtocol' is not isolated to the main actor; declare it `@MainActor protocol BossViewProtocol` so every view update is checked, and make the presenter that calls it `@MainActor` too",
            "presenter 'BossPresenter' is not isolated to the main actor; mark it `@MainActor`, its conformance to a nonisolated protocol too (`: @MainActor P`), and the module factory that creates it (a nonisolated function cannot call its initializer)",
        ])
    }

    @Test("presenter_listener tells a ModernRIBs or Combine presenter to expose publishers, an Rx one Observables")
    func presenterStreams() throws {
        func advice(_ imports: String) throws -> [String] {
            try lint("""
                \(imports)
                final class NoteViewController: UIViewController, NotePresentable {
                    weak var listener: NotePresentableListener?
                }
                """, rules: ["presenter_listener"]).map(\.message)
        }
        let combine = "presenter 'NoteViewController' keeps a reference to its interactor ('listener'); expose UI events as publishers on its Presentable for the interactor to subscribe to, and remove 'listener' along with what requires or sets it"
        #expect(try advice("import ModernRIBs\nimport UIKit") == [combine])
        #expect(try advice("import RIBs\nimport Combine") == [combine])
        #expect(try advice("import RIBs\nimport RxSwift\nimport Combine") == [combine.replacingOccurrences(of: "publishers", with: "Observables")])
        #expect(try advice("import RIBs") == [combine.replacingOccurrences(of: "publishers", with: "Observables")])
    }

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
        // Walked from Alpha (the first by name) along its references, Beta's reference back to Alpha closes it.
        #expect(findings.map(\.path) == ["Beta/BetaBuilder.swift"])
        #expect(findings.first?.message.contains("this reference from 'Beta' to 'Alpha' closes the RIB cycle Beta → Alpha → Gamma → Beta;") == true,
            "\(findings)")
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
