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
                    }
                }
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
            Example("""
                import RxSwift
                final class LoginViewController: UIViewController {
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

    static func capturesSelfStrongly(_ closure: ClosureExprSyntax) -> Bool {
        let captures = closure.signature?.capture?.items ?? []
        let weakSelf = captures.contains { item in
            item.name.text == "self" && item.specifier != nil
        }
        guard !weakSelf else { return false }
        return closure.statements.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.self) }
    }
}
