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
                        }.disposed(by: disposeBag)
                    }
                }
                """, messages: [
                    "subscription closure captures `self` strongly; capture `[weak self]`",
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
                    "subscription closure captures `self` strongly; capture `[weak self]`",
                ]),
        ],
        nonTriggering: [
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
                return closures.filter(Self.capturesSelfStrongly).map {
                    Violation(at: $0.leftBrace, "subscription closure captures `self` strongly; capture `[weak self]`")
                }
            }
        }
    }

    static func capturesSelfStrongly(_ closure: ClosureExprSyntax) -> Bool {
        guard !capturesSelfWeakly(closure) else { return false }
        // `[self]`: captured strongly, by name.
        if closure.signature?.capture?.items.contains(where: { $0.name.text == "self" && $0.specifier == nil }) == true { return true }
        let tokens = Array(closure.statements.tokens(viewMode: .sourceAccurate))
        // `CategoryCell.self` names a type: only `self` not after a period is the object.
        let mentionsSelf = tokens.contains { $0.tokenKind == .keyword(.self) && $0.previousToken(viewMode: .sourceAccurate)?.tokenKind != .period }
        guard let outer = enclosingWeakSelfClosure(closure) else { return mentionsSelf }
        // Inside a closure that captures `[weak self]`, `self` is that closure's weak optional (`self?.render()`,
        // `guard let strong = self`): holding it holds nothing strongly — unless the enclosing closure bound `self` to the
        // object again (`guard let self`), or this one uses a name it bound (`guard let strongSelf = self`).
        let outside = bindingsOfSelf(in: outer, skipping: closure)
        if outside.rebindsSelf && mentionsSelf { return true }
        let strong = outside.names.subtracting(bindingsOfSelf(in: closure, skipping: nil).names)
        return tokens.contains { token in
            if case .identifier(let name) = token.tokenKind { return strong.contains(name) }
            return false
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
    /// whether it binds `self` itself (`guard let self`, `guard let self = self`); not in `skipping`.
    static func bindingsOfSelf(in closure: ClosureExprSyntax, skipping: ClosureExprSyntax?) -> (names: Set<String>, rebindsSelf: Bool) {
        final class Finder: SyntaxVisitor {
            var names: Set<String> = []
            var rebindsSelf = false
            var skipped: SyntaxIdentifier?
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { node.id == skipped ? .skipChildren : .visitChildren }
            override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
                guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier else { return .visitChildren }
                if name.tokenKind == .keyword(.self) || name.text == "`self`" {
                    rebindsSelf = true
                } else if node.initializer?.value.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                    names.insert(name.text)
                }
                return .visitChildren
            }
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                if node.initializer?.value.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self),
                    let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                {
                    names.insert(name)
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.skipped = skipping?.id
        finder.walk(closure.statements)
        return (finder.names, finder.rebindsSelf)
    }
}
