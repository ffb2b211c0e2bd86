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
            capture keeps it alive. A `self` inside a nested closure that captures `[weak self]` itself is not captured \
            strongly by the subscription's closure.
            """,
        defaultSeverity: .warning,
        isOptIn: true,
        triggering: [
            Example("""
                import RxSwift
                final class LoginViewController: UIViewController, LoginPresentable {
                    func bind() {
                        button.rx.tap.subscribe(onNext: 1️⃣{ self.submit() }).disposed(by: disposeBag)
                        publisher.sink 2️⃣{ value in self.render(value) }.store(in: &cancellables)
                        stream.subscribe(onNext: 3️⃣{ value in queue.async { self.render(value) } }).disposed(by: disposeBag)
                    }
                }
                """, messages: [
                    "subscription closure captures `self` strongly; capture `[weak self]`",
                    "subscription closure captures `self` strongly; capture `[weak self]`",
                    "subscription closure captures `self` strongly; capture `[weak self]`",
                ]),
        ],
        nonTriggering: [
            Example("""
                import XCTest
                final class FeedRepositoryCheck: XCTestCase {
                    func testLoad() {
                        _ = repository.load().subscribe(onNext: { self.items = $0 })
                    }
                }
                """),
            // The nested closure captures `self` weakly: the subscription's own closure does not capture it.
            Example("""
                import RIBs
                import RxSwift
                final class FeedViewController: UIViewController, FeedPresentable {
                    func bind() {
                        items.subscribe(onNext: { items in queue.async { [weak self] in self?.render(items) } }).disposed(by: disposeBag)
                    }
                }
                """),
            Example("""
                import RxSwift
                final class LoginViewController: UIViewController, LoginPresentable {
                    func bind() {
                        button.rx.tap.subscribe(onNext: { [weak self] in self?.submit() }).disposed(by: disposeBag)
                        publisher.sink { [unowned self] value in self.render(value) }.store(in: &cancellables)
                        button.rx.tap.subscribe(onNext: { print("tap") }).disposed(by: disposeBag)
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
        return file.model.types.filter { type in
            type.role != .interactor && type.role != .worker && type.kind == .class && !type.inheritance.superclasses.contains("XCTestCase")
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

    /// A `self` in the closure, or in a closure nested in it that does not capture `self` weakly or unowned itself.
    static func capturesSelfStrongly(_ closure: ClosureExprSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
                found || WeakSelfCaptureRule.capturesSelfWeakly(node) ? .skipChildren : .visitChildren
            }
            override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
                if token.tokenKind == .keyword(.self) { found = true }
                return .skipChildren
            }
        }
        guard !capturesSelfWeakly(closure) else { return false }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(closure.statements)
        return finder.found
    }

    /// `[weak self]`, `[unowned self]`.
    static func capturesSelfWeakly(_ closure: ClosureExprSyntax) -> Bool {
        (closure.signature?.capture?.items ?? []).contains { $0.name.text == "self" && $0.specifier != nil }
    }
}
