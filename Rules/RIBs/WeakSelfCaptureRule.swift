import RibsLintKit
import SwiftSyntax

public struct WeakSelfCaptureRule: Rule {
    public static let description = RuleDescription(
        id: "weak_self_capture",
        name: "Weak Self Capture",
        summary: "Outside interactors and workers, an Rx or Combine subscription closure captures `self` strongly.",
        rationale: """
            RIBs Architecture Guide, "Frequently Asked Pitfalls and FAQ": strong `self` in Rx subscriptions is "OK in Interactors and Workers, as long as the Rx \
            subscription's lifetime is bound to self ... In all other cases (non-Interactor/Worker), make sure a \
            `[weak self]` is captured." A view controller's bag lives as long as the view controller, so a strong \
            capture keeps it alive.
            """,
        defaultSeverity: .warning,
        isOptIn: true,
        triggering: [
            Example("""
                import RxSwift
                final class LoginViewController: UIViewController {
                    func bind() {
                        button.rx.tap.subscribe(onNext: 1️⃣{ self.submit() }).disposed(by: disposeBag)
                        publisher.sink 2️⃣{ value in self.render(value) }.store(in: &cancellables)
                        // `[self]` captures it strongly, by name; `ItemCell.self` names a type.
                        items.bind(to: tableView.rx.items) 3️⃣{ [self] table, row, item in table.dequeue(ItemCell.self, row: row) }.disposed(by: disposeBag)
                    }
                }
                """, messages: [
                    "subscription closure captures `self` strongly; capture `[weak self]`",
                    "subscription closure captures `self` strongly; capture `[weak self]`",
                    "subscription closure captures `self` strongly; capture `[weak self]`",
                ]),
            // In extensions of the class, in its file or in another.
            Example("""
                // file: SignIn/SignInViewController.swift
                import RxSwift
                final class SignInViewController: UIViewController {
                    let disposeBag = DisposeBag()
                }
                private extension SignInViewController {
                    func bind() {
                        closeButton.rx.tap.bind 1️⃣{ _ in self.dismiss(animated: true) }.disposed(by: disposeBag)
                    }
                }
                // file: Profile/ProfileViewController+Binding.swift
                import RxSwift
                extension ProfileViewController {
                    func bind() {
                        avatar.rx.tap.subscribe(onNext: 2️⃣{ self.pickAvatar() }).disposed(by: disposeBag)
                    }
                }
                // file: Profile/ProfileViewController.swift
                import RxSwift
                final class ProfileViewController: UIViewController {}
                """, messages: [
                    "subscription closure captures `self` strongly; capture `[weak self]`",
                    "subscription closure captures `self` strongly; capture `[weak self]`",
                ]),
            // A nested closure's `[weak self]` is evaluated inside the subscription's closure, which so holds `self`
            // strongly: the weak capture belongs on the outer closure.
            Example("""
                import RxSwift
                final class FeedViewController: UIViewController {
                    func bind() {
                        items.subscribe(onNext: 1️⃣{ items in queue.async { [weak self] in self?.render(items) } }).disposed(by: disposeBag)
                    }
                }
                """, messages: [
                    "subscription closure captures `self` strongly; capture `[weak self]`",
                ]),
            // Inside a `[weak self]` closure that unwrapped it, a nested subscription holds the object again: through
            // `self`, or through the name it was bound to.
            Example("""
                import RxSwift
                final class TipViewController: UIViewController {
                    func bind() {
                        amount.bind { [weak self] value in
                            guard let strongSelf = self else { return }
                            strongSelf.rate.bind(onNext: 1️⃣{ current in self?.log(); strongSelf.render(current * value) }).disposed(by: strongSelf.disposeBag)
                            strongSelf.total.bind(onNext: 2️⃣{ [weak self] current in strongSelf.render(current) }).disposed(by: strongSelf.disposeBag)
                        }.disposed(by: disposeBag)
                    }
                }
                """, messages: [
                    "subscription closure captures 'strongSelf', a strong reference to `self` bound outside it; use the enclosing closure's weak `self` (`self?`) instead",
                    "subscription closure captures 'strongSelf', a strong reference to `self` bound outside it; use the enclosing closure's weak `self` (`self?`) instead",
                ]),
            Example("""
                import RxSwift
                final class RateViewController: UIViewController {
                    func bind() {
                        amount.bind { [weak self] value in
                            guard let self else { return }
                            self.rate.bind(onNext: 1️⃣{ current in self.render(current * value) }).disposed(by: self.disposeBag)
                        }.disposed(by: disposeBag)
                        total.bind { [weak self] value in
                            guard let strongSelf = self else { return }
                            strongSelf.rate.bind(onNext: 2️⃣{ current in strongSelf.render(current * value) }).disposed(by: strongSelf.disposeBag)
                        }.disposed(by: disposeBag)
                    }
                }
                """, messages: [
                    "subscription closure captures `self` strongly; capture `[weak self]`",
                    "subscription closure captures 'strongSelf', a strong reference to `self` bound outside it; use the enclosing closure's weak `self` (`self?`) instead",
                ]),
        ],
        nonTriggering: [
            // `withUnretained(self)` hands the object in as a parameter named `` `self` ``: no capture.
            Example("""
                import RxSwift
                final class EditingViewController: UIViewController, EditingPresentable {
                    private let disposeBag = DisposeBag()
                    func bind() {
                        saveButton.rx.tap.withUnretained(self)
                            .subscribe(onNext: { `self`, _ in self.listener?.save() })
                            .disposed(by: disposeBag)
                        titleField.rx.text.withUnretained(self)
                            .subscribe(onNext: { (`self`: EditingViewController, text: String?) in self.render(text) })
                            .disposed(by: disposeBag)
                    }
                }
                """),
            // A struct's `self` is a copy; a type the project does not declare may be one.
            Example("""
                import RxSwift
                struct ReceiptFormatter {
                    let disposeBag = DisposeBag()
                }
                extension ReceiptFormatter {
                    func bind() { totals.subscribe(onNext: { self.render($0) }).disposed(by: disposeBag) }
                }
                extension UIViewController {
                    func bindKeyboard() { keyboard.subscribe(onNext: { self.view.layoutIfNeeded() }).disposed(by: bag) }
                }
                """),
            Example("""
                import XCTest
                final class FeedRepositoryCheck: XCTestCase {
                    func testLoad() {
                        _ = repository.load().subscribe(onNext: { self.items = $0 })
                    }
                }
                """),
            Example("""
                import RxSwift
                final class LoginViewController: UIViewController {
                    func bind() {
                        button.rx.tap.subscribe(onNext: { [weak self] in self?.submit() }).disposed(by: disposeBag)
                        // Nested in a closure that captures `[weak self]`: `self?` is that closure's weak optional.
                        amount.bind { [weak self] value in
                            _ = self?.rate.take(1).bind(onNext: { current in self?.rate.onNext(current * value) })
                        }.disposed(by: disposeBag)
                        publisher.sink { [unowned self] value in self.render(value) }.store(in: &cancellables)
                        button.rx.tap.subscribe(onNext: { print("tap") }).disposed(by: disposeBag)
                        items.bind(to: tableView.rx.items) { table, row, item in table.dequeue(ItemCell.self, row: row) }.disposed(by: disposeBag)
                    }
                }
                """),
            // Nested in a closure that captures `[weak self]`: before it binds `self` again, beside a closure that binds its
            // own, or naming a label like a bound name — each holds the weak optional only.
            Example("""
                import RxSwift
                final class FeedViewController: UIViewController {
                    func bind() {
                        items.subscribe(onNext: { [weak self] value in
                            self?.taps.subscribe(onNext: { _ in self?.render(value) }).disposed(by: DisposeBag())
                            DispatchQueue.main.async { guard let self else { return }; self.render(value) }
                            guard let owner = self else { return }
                            owner.taps.subscribe(onNext: { _ in Log.write(owner: nil, value: value) }).disposed(by: owner.disposeBag)
                        }).disposed(by: disposeBag)
                    }
                }
                """),
            // In a `guard`'s `else`, `self` is still the weak optional the guard failed to unwrap.
            Example("""
                import RxSwift
                final class RateViewController: UIViewController {
                    func bind() {
                        amount.bind { [weak self] value in
                            guard let self else {
                                fallback.bind(onNext: { _ in self?.log() }).disposed(by: sharedBag)
                                return
                            }
                            self.render(value)
                        }.disposed(by: disposeBag)
                    }
                }
                """),
            // Nested in a closure that captures `[weak self]`, and binding that optional itself: no strong capture.
            Example("""
                import RxSwift
                final class SegmentsViewController: UIViewController {
                    func bind() {
                        segments.configure { [weak self] button, index in
                            guard let strongSelf = self else { return }
                            button.rx.tap.bind { _ in
                                guard let strongSelf = self else { return }
                                strongSelf.select(index)
                            }.disposed(by: strongSelf.disposeBag)
                        }
                    }
                }
                """),
            Example("""
                import RIBs
                final class LoginInteractor: Interactor {
                    override func didBecomeActive() {
                        super.didBecomeActive()
                        stream.subscribe(onNext: { self.reload() }).disposeOnDeactivate(interactor: self)
                    }
                }
                """),
        ],
        precision: .medium)

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        // Tests subscribe to finite streams they throw away: nothing outlives the test.
        guard !file.isTestFile, file.contains("self"), Subscription.names.contains(where: { file.contains("." + $0) }) else { return [] }
        let classes = Set(file.model.types.filter { $0.kind == .class }.map(\.name))
        return file.model.types.filter { type in
            guard type.role != .interactor, type.role != .worker, !type.inheritance.superclasses.contains("XCTestCase") else { return false }
            // A class, or an extension of one: declared in the file or elsewhere in the project (a struct's `self` is a
            // copy, and a type the project does not declare is not known to be a class).
            return type.kind == .class
                || (type.kind == .extension && (classes.contains(type.name) || file.model.projectTypes.primary(type.name)?.kind == .class))
        }.flatMap { type in
            file.calls(named: Subscription.names, in: type.members).flatMap { call -> [Violation] in
                guard Subscription.isSubscribing(call, imports: file.model.imports) != nil else { return [] }
                let closures = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) } + [call.trailingClosure].compactMap { $0 }
                return closures.compactMap { closure in
                    switch Self.strongCapture(in: closure) {
                    case nil: nil
                    case "self": Violation(at: closure.leftBrace, "subscription closure captures `self` strongly; capture `[weak self]`")
                    case let name?:
                        Violation(
                            at: closure.leftBrace,
                            "subscription closure captures '\(name)', a strong reference to `self` bound outside it; use the enclosing closure's weak `self` (`self?`) instead")
                    }
                }
            }
        }
    }

    /// What the closure holds `self` strongly through: `self` itself, or a name an enclosing `[weak self]` closure bound
    /// to the object before it (`guard let strongSelf = self`); nil when it holds nothing strongly.
    static func strongCapture(in closure: ClosureExprSyntax) -> String? {
        let outer = enclosingWeakSelfClosure(closure)
        let outside = outer.map { bindingsOfSelf(in: $0, visibleAt: closure) } ?? (names: [], rebindsSelf: false)
        // A name bound outside holds the object, whatever this closure's own capture list says about `self`.
        if !outside.names.isEmpty {
            let own = Set(bindingsOfSelf(in: closure, visibleAt: nil).names)
            if let name = referencedNames(in: closure).first(where: { outside.names.contains($0) && !own.contains($0) }) { return name }
        }
        // A parameter named `` `self` `` (`withUnretained(self)`'s `{ `self`, value in … }`) is what `self` is there.
        guard !capturesSelfWeakly(closure), !bindsSelfAsParameter(closure) else { return nil }
        // `[self]`: captured strongly, by name.
        if closure.signature?.capture?.items.contains(where: { $0.name.text == "self" && $0.specifier == nil }) == true { return "self" }
        // `CategoryCell.self` names a type: only `self` not after a period is the object.
        let mentionsSelf = closure.statements.tokens(viewMode: .sourceAccurate).contains {
            $0.tokenKind == .keyword(.self) && $0.previousToken(viewMode: .sourceAccurate)?.tokenKind != .period
        }
        // Inside a closure that captures `[weak self]`, `self` is that closure's weak optional (`self?.render()`,
        // `guard let strong = self`): holding it holds nothing strongly — unless the enclosing closure bound `self` to the
        // object again before this one (`guard let self`).
        guard mentionsSelf, outer == nil || outside.rebindsSelf else { return nil }
        return "self"
    }

    /// The names the closure's code reads as values (`wSelf.render()`), not labels or members (`owner: nil`, `x.wSelf`).
    static func referencedNames(in closure: ClosureExprSyntax) -> [String] {
        closure.statements.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard case .identifier(let name) = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id
            else { return nil }
            return name
        }
    }

    /// A closure one of whose parameters is named `` `self` ``.
    static func bindsSelfAsParameter(_ closure: ClosureExprSyntax) -> Bool {
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?: names.contains { $0.name.identifier?.name == "self" }
        case .parameterClause(let clause)?: clause.parameters.contains { ($0.secondName ?? $0.firstName).identifier?.name == "self" }
        case nil: false
        }
    }

    /// `[weak self]`, `[unowned self]` in the closure's capture list.
    static func capturesSelfWeakly(_ closure: ClosureExprSyntax) -> Bool {
        closure.signature?.capture?.items.contains { $0.name.text == "self" && $0.specifier != nil } == true
    }

    /// The closure around `closure` (within its function) that captures `self` weakly or unowned.
    static func enclosingWeakSelfClosure(_ closure: ClosureExprSyntax) -> ClosureExprSyntax? {
        var node = closure.parent
        while let current = node, !current.is(FunctionDeclSyntax.self), !current.is(InitializerDeclSyntax.self) {
            if let outer = current.as(ClosureExprSyntax.self), capturesSelfWeakly(outer) { return outer }
            node = current.parent
        }
        return nil
    }

    /// The names `closure` binds to `self` (`guard let strongSelf = self`, `if let this = self`, `let me = self`), and
    /// whether it binds `self` itself (`guard let self`, `guard let self = self`): with `visibleAt`, only bindings in
    /// scope there (declared before it, in a block around it).
    static func bindingsOfSelf(in closure: ClosureExprSyntax, visibleAt node: ClosureExprSyntax?) -> (names: [String], rebindsSelf: Bool) {
        final class Finder: SyntaxVisitor {
            var bindings: [(name: String, binding: Syntax)] = []
            override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
                guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier else { return .visitChildren }
                if name.tokenKind == .keyword(.self) || name.text == "`self`" {
                    bindings.append(("self", Syntax(node)))
                } else if node.initializer?.value.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                    bindings.append((name.text, Syntax(node)))
                }
                return .visitChildren
            }
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                if node.initializer?.value.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self),
                    let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                {
                    bindings.append((name, Syntax(node)))
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(closure.statements)
        let visible = finder.bindings.filter { node.map($0.binding.isVisible(at:)) ?? true }
        return (visible.map(\.name).filter { $0 != "self" }, visible.contains { $0.name == "self" })
    }
}
