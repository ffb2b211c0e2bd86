import RibsLintKit
import SwiftSyntax

public struct InteractorDisposeBagRule: Rule {
    public static let description = RuleDescription(
        id: "interactor_dispose_bag",
        name: "Interactor Dispose Bag",
        summary: "An interactor or worker keeps subscriptions in a `DisposeBag` or `Set<AnyCancellable>` instead of binding them to its lifecycle.",
        rationale: """
            RIBs Architecture Guide, "Rx Lifecycle in Interactors": "Do NOT create a DisposeBag in Interactors or Workers." A bag \
            lives as long as the object, not as long as the RIB is active: subscriptions keep firing after \
            deactivation. Use `.disposeOnDeactivate(interactor: self)` in interactors and `.disposeOnStop(self)` \
            in workers (`cancelOnDeactivate(interactor:)` with Combine).
            """,
        defaultSeverity: .error,
        triggering: [
            Example("""
                import RIBs
                import RxSwift
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                    private var 1️⃣disposeBag = DisposeBag()
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        presenter.loginTapped
                            .subscribe(onNext: { [weak self] in self?.login() })
                            2️⃣.disposed(by: disposeBag)
                    }
                    override func willResignActive() {
                        super.willResignActive()
                        3️⃣disposeBag = DisposeBag()
                    }
                }
                """, messages: [
                    "interactor 'LoginInteractor' stores a subscription bag; drop it and bind each subscription with `.disposeOnDeactivate(interactor: self)`",
                    "interactor 'LoginInteractor' puts a subscription in a bag with `.disposed(by:)`; end the chain with `.disposeOnDeactivate(interactor: self)`",
                    "interactor 'LoginInteractor' resets a subscription bag; bind subscriptions with `.disposeOnDeactivate(interactor: self)` instead",
                ]),
            Example("""
                import Combine
                final class FeedWorker: Worker {
                    private var 1️⃣cancellables = Set<AnyCancellable>()
                    private let 2️⃣bag: DisposeBag
                    override func didStart(_ interactorScope: InteractorScope) {
                        super.didStart(interactorScope)
                        feed.sink { _ in }3️⃣.store(in: &cancellables)
                        let local = 4️⃣DisposeBag()
                        _ = local
                    }
                }
                """, messages: [
                    "worker 'FeedWorker' stores a subscription bag; drop it and bind each subscription with `.cancelOnStop(self)`",
                    "worker 'FeedWorker' stores a subscription bag; drop it and bind each subscription with `.disposeOnStop(self)`",
                    "worker 'FeedWorker' puts a subscription in a bag with `.store(in:)`; end the chain with `.cancelOnStop(self)`",
                    "worker 'FeedWorker' creates a subscription bag; bind subscriptions with `.disposeOnStop(self)` instead",
                ]),
            // A bag declared without a value and given one in `init`: one finding, at the property (no reset).
            Example("""
                import RIBs
                import RxSwift
                final class DiaryInteractor: PresentableInteractor<DiaryPresentable>, DiaryInteractable {
                    private let 1️⃣bag: DisposeBag
                    init(presenter: DiaryPresentable) {
                        self.bag = DisposeBag()
                        super.init(presenter: presenter)
                    }
                }
                """, messages: [
                    "interactor 'DiaryInteractor' stores a subscription bag; drop it and bind each subscription with `.disposeOnDeactivate(interactor: self)`",
                ]),
            // After `super.init`, an initializer's assignment is a reset; so is a local bag named like the property.
            Example("""
                import RIBs
                import RxSwift
                final class NoteInteractor: PresentableInteractor<NotePresentable>, NoteInteractable {
                    private var 1️⃣bag: DisposeBag
                    init(presenter: NotePresentable, shared: DisposeBag) {
                        bag = shared
                        super.init(presenter: presenter)
                        2️⃣bag = DisposeBag()
                    }
                    convenience init(presenter: NotePresentable) {
                        var bag: DisposeBag
                        3️⃣bag = DisposeBag()
                        self.init(presenter: presenter, shared: bag)
                    }
                }
                """, messages: [
                    "interactor 'NoteInteractor' stores a subscription bag; drop it and bind each subscription with `.disposeOnDeactivate(interactor: self)`",
                    "interactor 'NoteInteractor' resets a subscription bag; bind subscriptions with `.disposeOnDeactivate(interactor: self)` instead",
                    "interactor 'NoteInteractor' resets a subscription bag; bind subscriptions with `.disposeOnDeactivate(interactor: self)` instead",
                ]),
            Example("""
                import ModernRIBs
                final class CartInteractor: Interactor, CartInteractable {
                    private var 1️⃣subscriptions: [AnyCancellable] = []
                }
                """, messages: [
                    "interactor 'CartInteractor' stores a subscription bag; drop it and bind each subscription with `.cancelOnDeactivate(interactor: self)`",
                ]),
            // RxSwift in a ModernRIBs interactor: ModernRIBs binds Combine's cancellables, so the disposable is handed to one.
            Example("""
                import Combine
                import ModernRIBs
                import RxSwift
                final class ScoreInteractor: PresentableInteractor<ScorePresentable>, ScoreInteractable {
                    private let 1️⃣disposeBag = DisposeBag()
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        scores.subscribe(onNext: { [weak self] in self?.presenter.show($0) })2️⃣.disposed(by: disposeBag)
                    }
                }
                """, messages: [
                    "interactor 'ScoreInteractor' stores a subscription bag; drop it and bind each subscription with `AnyCancellable(disposable.dispose).cancelOnDeactivate(interactor: self)`",
                    "interactor 'ScoreInteractor' puts a subscription in a bag with `.disposed(by:)`; keep the `Disposable` it returns (`let disposable = …`) and bind it with `AnyCancellable(disposable.dispose).cancelOnDeactivate(interactor: self)` (ModernRIBs binds Combine's cancellables, not RxSwift's disposables)",
                ]),
        ],
        nonTriggering: [
            Example("""
                import RIBs
                import RxSwift
                final class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {
                    private let disposeBag = DisposeBag()
                    func bind() { button.rx.tap.bind(to: tapped).disposed(by: disposeBag) }
                }
                struct LoginView: View {
                    let bag = DisposeBag()
                }
                final class SessionService {
                    private var cancellables = Set<AnyCancellable>()
                    func start() { stream.sink { _ in }.store(in: &cancellables) }
                }
                """),
            Example("""
                import ModernRIBs
                final class FeedInteractor: PresentableInteractor<FeedPresentable>, FeedInteractable {
                    private let tasks = TaskBag()
                    func load() {
                        Task { [weak self] in await self?.fetch() }.store(in: tasks)
                        Task.detached { }.store(in: tasks)
                    }
                    override func willResignActive() {
                        super.willResignActive()
                        tasks.cancelAll()
                    }
                }
                """),
            Example("""
                import RxSwift
                // An MVVM app's own base class named like RIBs' is what the compiler takes: no RIBs interactor.
                class Interactor {
                    func start() {}
                }
                final class AssetCollectionViewModel: Interactor {
                    private let bag = DisposeBag()
                    func load() { assets.subscribe(onNext: { _ in }).disposed(by: bag) }
                }
                """),
            Example("""
                import RxSwift
                final class SearchInteractor {
                    private let disposeBag = DisposeBag()
                    func bind() { query.subscribe().disposed(by: disposeBag) }
                }
                """),
            Example("""
                import RIBs
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                    private var pending: AnyCancellable?
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        presenter.loginTapped
                            .subscribe(onNext: { self.login() })
                            .disposeOnDeactivate(interactor: self)
                    }
                }
                """),
        ],
        corrections: [
            // The chain ends with the lifecycle operator; the private bag, now unused, goes with its reset.
            Correction(Example("""
                import RIBs
                import RxSwift
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                    private var disposeBag = DisposeBag()
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        presenter.loginTapped
                            .subscribe(onNext: { [weak self] in self?.login() })
                            .disposed(by: disposeBag)
                    }
                    override func willResignActive() {
                        super.willResignActive()
                        disposeBag = DisposeBag()
                    }
                }
                """), becomes: """
                import RIBs
                import RxSwift
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        presenter.loginTapped
                            .subscribe(onNext: { [weak self] in self?.login() })
                            .disposeOnDeactivate(interactor: self)
                    }
                    override func willResignActive() {
                        super.willResignActive()
                    }
                }
                """),
            // A worker of a Combine codebase cancels on stop.
            Correction(Example("""
                import CombineRIBs
                final class FeedWorker: Worker {
                    private var cancellables = Set<AnyCancellable>()
                    override func didStart(_ interactorScope: InteractorScope) {
                        super.didStart(interactorScope)
                        feed.sink { _ in }.store(in: &cancellables)
                    }
                }
                """), becomes: """
                import CombineRIBs
                final class FeedWorker: Worker {
                    override func didStart(_ interactorScope: InteractorScope) {
                        super.didStart(interactorScope)
                        feed.sink { _ in }.cancelOnStop(self)
                    }
                }
                """),
        ],
        fixNeeds: "a chain is rewritten only when it is kept in the type's own private bag and ended where it starts (`didBecomeActive`, a worker's `didStart`) in a file whose framework has a lifecycle operator; a bag goes only once nothing else uses it")

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard ["DisposeBag", "AnyCancellable", "disposed(", "store("].contains(where: file.contains) else { return [] }
        let bodies = BeforeStart.byName(file.model)
        return file.model.types.filter { $0.role == .interactor || $0.role == .worker }.flatMap { type in
            let isWorker = type.role == .worker
            let visitor = Visitor(
                owner: type, lifecycle: Lifecycle(isWorker: isWorker, file: file, rxChain: true),
                combine: Lifecycle(isWorker: isWorker, file: file, combineChain: true), bags: OwnBags(type: type, file: file),
                beforeStart: BeforeStart(bodies: bodies[type.name] ?? []))
            visitor.walk(type.members)
            return visitor.findings.violations
        }
    }

    static func isBagType(_ type: TypeSyntax?) -> Bool {
        guard let type else { return false }
        let names = type.heldTypeNames
        if names.contains("DisposeBag") { return true }
        guard names.contains("AnyCancellable") else { return false }
        let text = type.trimmedText
        return text.hasPrefix("Set<") || text.hasPrefix("[")
    }

    /// `Task { … }`, `Task.detached { … }`, `Task<Void, Never> { … }`: kept in a bag, it is no subscription.
    static func isTask(_ expression: ExprSyntax?) -> Bool {
        guard let called = expression?.as(FunctionCallExprSyntax.self)?.calledExpression else { return false }
        let root = called.as(MemberAccessExprSyntax.self)?.base ?? called.as(GenericSpecializationExprSyntax.self)?.expression ?? called
        return root.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task"
    }

    static func isBagConstruction(_ expression: ExprSyntax?) -> Bool {
        guard let call = expression?.unwrapped.as(FunctionCallExprSyntax.self) else { return false }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == "DisposeBag"
        }
        if let specialized = call.calledExpression.as(GenericSpecializationExprSyntax.self),
            let generic = specialized.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            generic == "Set", specialized.genericArgumentClause.arguments.first?.argument.trimmedText == "AnyCancellable"
        {
            return true
        }
        return call.calledExpression.as(ArrayExprSyntax.self)?.elements.first?.expression.trimmedText == "AnyCancellable"
    }

    private final class Visitor: TypeBodyVisitor {
        let owner: TypeDeclaration
        let bags: OwnBags
        let beforeStart: BeforeStart
        /// The lifecycle of Rx chains and bags (and where it starts), and of Combine's (`.store(in:)`).
        let rx: Lifecycle
        let combine: Lifecycle
        var findings = OnePerStatement()

        init(owner: TypeDeclaration, lifecycle: Lifecycle, combine: Lifecycle, bags: OwnBags, beforeStart: BeforeStart) {
            self.owner = owner
            self.bags = bags
            self.beforeStart = beforeStart
            rx = lifecycle
            self.combine = combine
            super.init()
        }

        /// The operator to bind with, quoted: Combine's for a bag of cancellables, else Rx's.
        private func advice(holdingCancellables: Bool) -> String { "`\((holdingCancellables ? combine : rx).advice)`" }

        private func report(_ node: some SyntaxProtocol, _ message: String, fix: [Edit] = []) { findings.report(node, message, fix: fix) }

        /// The removal of the own bag an expression names (`bag`, `self.bag`, a property's pattern), if it can go.
        private func removal(_ node: some SyntaxProtocol) -> [Edit] {
            let name = node.as(IdentifierPatternSyntax.self)?.identifier.text ?? node.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? node.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            return name.flatMap(bags.removal(of:)) ?? []
        }

        private var kind: String { owner.role == .worker ? "worker" : "interactor" }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            let isMember = node.parent?.parent?.parent?.is(MemberBlockItemSyntax.self) == true
            if isMember, node.isStored, isBagType(node.typeAnnotation?.type) || isBagConstruction(node.initializer?.value) {
                let advice = advice(holdingCancellables: holdsCancellables(node.typeAnnotation?.type) || holdsCancellables(node.initializer?.value))
                report(
                    node.pattern, "\(kind) '\(owner.name)' stores a subscription bag; drop it and bind each subscription with \(advice)",
                    fix: removal(node.pattern))
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            for (index, element) in elements.enumerated()
            where element.is(AssignmentExprSyntax.self) && index > 0 && index + 1 < elements.count
                && isBagConstruction(elements[index + 1])
            {
                // A bag declared without a value gets it in `init`: the stored property is the finding.
                if bags.isFirstValue(of: elements[index - 1]) {
                    findings.settle(node)
                    continue
                }
                let advice = advice(holdingCancellables: holdsCancellables(elements[index + 1]))
                report(
                    elements[index - 1], "\(kind) '\(owner.name)' resets a subscription bag; bind subscriptions with \(advice) instead",
                    fix: removal(elements[index - 1]))
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if isBagConstruction(ExprSyntax(node)) {
                let advice = advice(holdingCancellables: holdsCancellables(ExprSyntax(node)))
                report(node, "\(kind) '\(owner.name)' creates a subscription bag; bind subscriptions with \(advice) instead")
            } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
                let name = member.declName.baseName.text
                let label = node.arguments.first?.label?.text
                // `Task { … }.store(in: tasks)` keeps a task in the app's own bag: no subscription, and no operator fits it.
                if (name == "disposed" && label == "by") || (name == "store" && label == "in"), !InteractorDisposeBagRule.isTask(member.base) {
                    // Every bagged subscription is its own finding, even beside another in one statement.
                    let bagging = "\(kind) '\(owner.name)' puts a subscription in a bag with `.\(name)(\(label ?? ""):)`"
                    let chain = name == "store" ? combine : rx
                    if let caller = beforeStart.caller(of: node) {
                        // Bound there, it would end at once: no fix either.
                        findings.append(Violation(
                            at: member.period, "\(bagging) \(caller), \(rx.notYet); subscribe in `\(rx.start)` and \(chain.ending(there: true))"))
                    } else {
                        findings.append(Violation(
                            at: member.period, "\(bagging); \(chain.ending())", fix: bags.replacement(of: node).map { [$0] } ?? []))
                    }
                }
            }
            return .visitChildren
        }

        private func isBagType(_ type: TypeSyntax?) -> Bool { InteractorDisposeBagRule.isBagType(type) }
        /// A Combine bag (`Set<AnyCancellable>`, `[AnyCancellable]`): its subscriptions take Combine's operator, whatever
        /// the file imports besides.
        private func holdsCancellables(_ node: (some SyntaxProtocol)?) -> Bool {
            node?.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier("AnyCancellable") } == true
        }
        private func isBagConstruction(_ expression: ExprSyntax?) -> Bool { InteractorDisposeBagRule.isBagConstruction(expression) }
    }
}
