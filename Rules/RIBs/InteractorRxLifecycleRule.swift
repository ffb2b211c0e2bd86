import RibsLintKit
import SwiftSyntax

public struct InteractorRxLifecycleRule: Rule {
    public static let description = RuleDescription(
        id: "interactor_rx_lifecycle",
        name: "Interactor Rx Lifecycle",
        summary: "A subscription in an interactor or worker is not bound to its lifecycle.",
        rationale: """
            RIBs Architecture Guide, "Rx Lifecycle in Interactors": "For Interactors, ALWAYS use `.disposeOnDeactivate(interactor: self)` for subscriptions made in \
            `didBecomeActive()`. For Workers ... ALWAYS use `.disposeOnStop(self)`." A subscription that outlives \
            deactivation keeps running business logic for a RIB that is gone; with Combine, end the chain with \
            `.cancelOnDeactivate(interactor: self)`.
            """,
        defaultSeverity: .error,
        triggering: [
            // Inside `Observable.create` the inner subscription must be returned, not dropped.
            Example("""
                import RIBs
                final class SignUpInteractor: PresentableInteractor<SignUpPresentable>, SignUpInteractable {
                    func mutate() -> Observable<Int> {
                        Observable.create { [weak self] observer in
                            let _ = self?.service.check()1️⃣.subscribe(onNext: { observer.onNext($0) })
                            return Disposables.create()
                        }
                    }
                }
                """, messages: [
                    "subscription inside `create` in interactor 'SignUpInteractor' is dropped; return its disposable from the `create` closure so the outer subscription owns it",
                ]),
            Example("""
                import RIBs
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        presenter.loginTapped
                            1️⃣.subscribe(onNext: { self.login() })
                            .disposed(by: disposeBag)
                        _ = session.stream2️⃣.subscribe(with: self, onNext: { owner, _ in owner.reload() })
                        presenter.name3️⃣.bind(to: nameRelay)
                        let kept = output4️⃣.drive(onNext: { _ in })
                        publisher5️⃣.sink { [weak self] in self?.apply($0) }.store(in: &cancellables)
                    }
                }
                """, messages: [
                    "subscription in interactor 'LoginInteractor' is not bound to its lifecycle; end the chain with `.disposeOnDeactivate(interactor: self)`",
                    "subscription in interactor 'LoginInteractor' is not bound to its lifecycle; end the chain with `.disposeOnDeactivate(interactor: self)`",
                    "subscription in interactor 'LoginInteractor' is not bound to its lifecycle; end the chain with `.disposeOnDeactivate(interactor: self)`",
                    "subscription in interactor 'LoginInteractor' is not bound to its lifecycle; end the chain with `.disposeOnDeactivate(interactor: self)`",
                    "subscription in interactor 'LoginInteractor' is not bound to its lifecycle; keep the `AnyCancellable` it returns (`let cancellable = …`) and bind it with `Disposables.create(with: cancellable.cancel).disposeOnDeactivate(interactor: self)` (`import RxSwift`) (Uber's RIBs binds RxSwift's disposables, not Combine's cancellables)",
                ]),
            // An RxSwift chain in a ModernRIBs interactor: ModernRIBs binds Combine's `AnyCancellable`s, so the disposable
            // is handed to one, as is the `Cancellable` a workflow's `subscribe(_:)` returns; Combine's own `subscribe(_:)`
            // returns an `AnyCancellable` that binds as it is.
            Example("""
                import ModernRIBs
                import RxSwift
                final class ScoreInteractor: PresentableInteractor<ScorePresentable>, ScoreInteractable {
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        scores1️⃣.subscribe(onNext: { [weak self] in self?.presenter.show($0) })
                        names2️⃣.bind(to: nameRelay)
                        publisher3️⃣.subscribe(subject)
                        LaunchWorkflow(url: url)4️⃣.subscribe(self)
                    }
                    // Bound as the advice says: silent.
                    func bindLater() {
                        let disposable = scores.subscribe(onNext: { [weak self] in self?.presenter.show($0) })
                        AnyCancellable(disposable.dispose).cancelOnDeactivate(interactor: self)
                        AnyCancellable(names.bind(to: nameRelay).dispose).cancelOnDeactivate(interactor: self)
                        let cancellable = LaunchWorkflow(url: url).subscribe(self)
                        AnyCancellable(cancellable).cancelOnDeactivate(interactor: self)
                    }
                }
                class LaunchWorkflow: Workflow<ScoreActionableItem> {}
                """, messages: [
                    "subscription in interactor 'ScoreInteractor' is not bound to its lifecycle; keep the `Disposable` it returns (`let disposable = …`) and bind it with `AnyCancellable(disposable.dispose).cancelOnDeactivate(interactor: self)` (`import Combine`) (ModernRIBs binds Combine's cancellables, not RxSwift's disposables)",
                    "subscription in interactor 'ScoreInteractor' is not bound to its lifecycle; keep the `Disposable` it returns (`let disposable = …`) and bind it with `AnyCancellable(disposable.dispose).cancelOnDeactivate(interactor: self)` (`import Combine`) (ModernRIBs binds Combine's cancellables, not RxSwift's disposables)",
                    "subscription in interactor 'ScoreInteractor' is not bound to its lifecycle; end the chain with `.cancelOnDeactivate(interactor: self)`",
                    "subscription in interactor 'ScoreInteractor' is not bound to its lifecycle; keep the `Cancellable` it returns (`let cancellable = …`) and bind it with `AnyCancellable(cancellable).cancelOnDeactivate(interactor: self)` (`import Combine`) (ModernRIBs binds `AnyCancellable`s, and a workflow returns a `Cancellable`)",
                ]),
            // A project that adds `cancelOnDeactivate` for Uber's RIBs (its file uses it) gets it as advice.
            Example("""
                import RIBs
                import Combine
                final class FeedInteractor: PresentableInteractor<FeedPresentable>, FeedInteractable {
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        articles.sink { [weak self] in self?.show($0) }.cancelOnDeactivate(interactor: self)
                        headlines1️⃣.sink { [weak self] in self?.pin($0) }.store(in: &cancellables)
                    }
                }
                """, messages: [
                    "subscription in interactor 'FeedInteractor' is not bound to its lifecycle; end the chain with `.cancelOnDeactivate(interactor: self)`",
                ]),
            Example("""
                import RIBs
                final class SyncWorker: Worker, SyncWorking {
                    override func didStart(_ interactorScope: InteractorScope) {
                        super.didStart(interactorScope)
                        storage.changes
                            .map { $0.count }
                            1️⃣.subscribe(onNext: { self.publish($0) })
                            .disposeOnDeactivate(interactor: owner)
                    }
                }
                """, messages: [
                    "subscription in worker 'SyncWorker' is not bound to its lifecycle; end the chain with `.disposeOnStop(self)`",
                ]),
            // RxSwift's `bind(onNext:)` with its closure trailing.
            Example("""
                import RIBs
                import RxSwift
                final class BrandInteractor: PresentableInteractor<BrandPresentable>, BrandInteractable {
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        categoryCount1️⃣.bind { [weak self] count in self?.presenter.show(count) }.disposed(by: disposeBag)
                    }
                }
                """, messages: [
                    "subscription in interactor 'BrandInteractor' is not bound to its lifecycle; end the chain with `.disposeOnDeactivate(interactor: self)`",
                ]),
            // Kept in a bag the interactor empties by hand as it resigns: bound, but not the guide's way.
            Example("""
                import ModernRIBs
                import Combine
                final class TimerInteractor: PresentableInteractor<TimerPresentable>, TimerInteractable {
                    private var cancellables: Set<AnyCancellable>
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        ticks1️⃣.sink { [weak self] in self?.show($0) }.store(in: &cancellables)
                    }
                    override func willResignActive() {
                        super.willResignActive()
                        cancellables.forEach { $0.cancel() }
                        cancellables.removeAll()
                    }
                }
                """, messages: [
                    "subscription in interactor 'TimerInteractor' is kept in 'cancellables', which `willResignActive` empties by hand; end the chain with `.cancelOnDeactivate(interactor: self)` instead, and drop the bag when nothing else uses it",
                ]),
        ],
        nonTriggering: [
            // An app's own method named like an Rx one, here already bound, is not a subscription; ModernRIBs keeps
            // the deprecated `disposeOnDeactivate` working.
            Example("""
                import RIBs
                final class TagsInteractor: PresentableInteractor<TagsPresentable>, TagsInteractable {
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        tagStream.subscribe(disposedOnDeactivate: self) { [weak self] tags in self?.show(tags) }
                        title.bind { [weak self] in self?.presenter.show($0) }
                        presenter.bind()
                    }
                }
                """),
            Example("""
                import ModernRIBs
                final class TodayInteractor: PresentableInteractor<TodayPresentable>, TodayInteractable {
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        apps.sink { [weak self] in self?.show($0) }.cancelOnDeactivate(interactor: self)
                        legacy.sink { _ in }.disposeOnDeactivate(interactor: self)
                    }
                }
                """),
            Example("""
                import RIBs
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        presenter.loginTapped
                            .flatMapLatest { [service] in service.performAction() }
                            .observe(on: MainScheduler.instance)
                            .subscribe(onNext: {
                                // It's OK to capture self: the subscription ends with the interactor's activity.
                                self.handleEvent()
                            })
                            .disposeOnDeactivate(interactor: self)
                        presenter.name.bind(to: nameRelay).disposeOnDeactivate(interactor: self)
                        publisher.sink { self.apply($0) }.cancelOnDeactivate(interactor: self)
                        stream.subscribe(on: backgroundScheduler).subscribe().disposeOnDeactivate(interactor: self)
                        publisher.assign(to: &$title)
                    }
                }
                """),
            Example("""
                import RIBs
                final class SyncWorker: Worker {
                    override func didStart(_ interactorScope: InteractorScope) {
                        super.didStart(interactorScope)
                        storage.changes.bind(to: subject).disposeOnStop(self)
                    }
                }
                """),
            Example("""
                import RxSwift
                final class SearchViewModel {
                    func bind() { query.subscribe(onNext: { print($0) }).disposed(by: bag) }
                }
                """),
        ],
        corrections: [
            // A bag the interactor shares with others stays; the chain is bound to the lifecycle.
            Correction(Example("""
                import ModernRIBs
                final class TodayInteractor: PresentableInteractor<TodayPresentable>, TodayInteractable {
                    var cancellables = Set<AnyCancellable>()
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        apps.sink { [weak self] in self?.show($0) }
                            .store(in: &cancellables)
                    }
                }
                """), becomes: """
                import ModernRIBs
                final class TodayInteractor: PresentableInteractor<TodayPresentable>, TodayInteractable {
                    var cancellables = Set<AnyCancellable>()
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        apps.sink { [weak self] in self?.show($0) }
                            .cancelOnDeactivate(interactor: self)
                    }
                }
                """),
        ],
        fixNeeds: "a chain is rewritten only when it is kept in the type's own bag and made where it starts (`didBecomeActive`, a worker's `didStart`, not `init` or a closure with a weak `self`) in a file whose framework has a lifecycle operator")

    public init(options: RuleOptions) {}

    /// The bag a chain ends in (`.store(in: &cancellables)`, `.disposed(by: bag)`) where the type's lifecycle end
    /// (`willResignActive`, a worker's `didStop`), in the file, empties it: `bag.removeAll()`, `bag.forEach { $0.cancel()
    /// }`, `bag = []`, `bag = DisposeBag()`. The bag's name and the method's.
    static func bagEmptiedByHand(_ end: FunctionCallExprSyntax?, of type: TypeDeclaration, in file: LintFile, isWorker: Bool) -> (String, String)? {
        guard let end, let member = end.calledExpression.as(MemberAccessExprSyntax.self),
            ["store", "disposed"].contains(member.declName.baseName.text), let argument = end.arguments.first?.expression
        else { return nil }
        guard let bag = (argument.as(InOutExprSyntax.self)?.expression ?? argument).lastName else { return nil }
        let method = isWorker ? "didStop" : "willResignActive"
        final class Emptying: SyntaxVisitor {
            let bag: String
            var found = false
            init(bag: String) {
                self.bag = bag
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let called = node.calledExpression.as(MemberAccessExprSyntax.self), called.base?.lastName == bag {
                    let name = called.declName.baseName.text
                    if name == "removeAll" || name == "forEach" && node.trimmedText.contains("cancel") || name == "forEach"
                        && node.trimmedText.contains("dispose")
                    {
                        found = true
                    }
                }
                return found ? .skipChildren : .visitChildren
            }
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[0].lastName == bag { found = true }
                return found ? .skipChildren : .visitChildren
            }
        }
        for declaration in file.model.types where declaration.name == type.name {
            for function in declaration.functions where function.name.text == method {
                guard let body = function.body else { continue }
                let emptying = Emptying(bag: bag)
                emptying.walk(body)
                if emptying.found { return (bag, method) }
            }
        }
        return nil
    }

    public func violations(in file: LintFile) -> [Violation] {
        guard Subscription.names.contains(where: { file.contains("." + $0) }) else { return [] }
        let bodies = BeforeStart.byName(file.model)
        return file.model.types.filter { $0.role == .interactor || $0.role == .worker }.flatMap { type in
            let isWorker = type.role == .worker
            let beforeStart = BeforeStart(bodies: bodies[type.name] ?? [])
            return file.calls(named: Subscription.names, in: type.members).compactMap { call -> Violation? in
                guard let member = Subscription.isSubscribing(call, imports: file.model.imports) else { return nil }
                let combine = ["sink", "assign"].contains(member.declName.baseName.text)
                // ModernRIBs' `Workflow.subscribe(_:)`: one unlabelled argument, the actionable item.
                let workflow = member.declName.baseName.text == "subscribe" && call.arguments.count == 1 && call.arguments.first?.label == nil
                    && call.trailingClosure == nil && member.base.map { Subscription.isWorkflow($0, of: type, file: file) } == true
                let lifecycle = Lifecycle(isWorker: isWorker, file: file, combineChain: combine, rxChain: Subscription.isRx(call, imports: file.model.imports), workflow: workflow)
                let endCall = Subscription.chainEnd(from: call)
                guard let end = Subscription.name(of: endCall), !lifecycle.accepted.contains(end),
                    !Subscription.isBound(endCall, accepted: lifecycle.accepted)
                else { return nil }
                let owner = "\(isWorker ? "worker" : "interactor") '\(type.name)'"
                if Subscription.isInsideCreate(call) {
                    return Violation(
                        at: member.period,
                        "subscription inside `create` in \(owner) is dropped; return its disposable from the `create` closure so the outer subscription owns it")
                }
                if let caller = beforeStart.caller(of: call) {
                    return Violation(
                        at: member.period,
                        "subscription in \(owner) is made \(caller), \(lifecycle.notYet), where `\(lifecycle.advice)` would end it at once; "
                            + "subscribe in `\(lifecycle.start)` and \(lifecycle.ending(there: true))")
                }
                let fix = OwnBags(type: type, file: file).replacement(of: endCall).map { [$0] } ?? []
                // Kept in a bag the lifecycle's end empties by hand: bound, but not the guide's way.
                if let (bag, method) = Self.bagEmptiedByHand(endCall, of: type, in: file, isWorker: isWorker) {
                    return Violation(
                        at: member.period,
                        "subscription in \(owner) is kept in '\(bag)', which `\(method)` empties by hand; \(lifecycle.ending()) instead, and drop the bag when nothing else uses it",
                        fix: fix)
                }
                return Violation(
                    at: member.period, "subscription in \(owner) is not bound to its lifecycle; \(lifecycle.ending())", fix: fix)
            }
        }
    }
}
