import RibsLintKit
import SwiftSyntax

public struct SuperCallMismatchRule: Rule {
    public static let description = RuleDescription(
        id: "super_call_mismatch",
        name: "Super Call Mismatch",
        summary: "An overriding method calls a different method on `super` than the one it overrides.",
        rationale: """
            Seed 000's own back-navigation example overrides `viewDidDisappear` and calls \
            `super.viewWillDisappear(animated)`: UIKit never sees the disappearance it expects, and RIBs' \
            `didBecomeActive`/`willResignActive`/`didLoad` overrides that call the wrong super skip the framework's \
            lifecycle work. An override calls its own super.
            """,
        profiles: Configuration.profiles,
        defaultSeverity: .error,
        triggering: [
            Example("""
                final class ChildViewController: UIHostingController<ChildView> {
                    override func viewDidDisappear(_ animated: Bool) {
                        1️⃣super.viewWillDisappear(animated)
                        if isMovingFromParent { backSubject.onNext(()) }
                    }
                }
                """),
            Example("""
                import RIBs
                final class LoginInteractor: Interactor {
                    override func willResignActive() {
                        1️⃣super.didBecomeActive()
                    }
                }
                """),
        ],
        nonTriggering: [
            Example("""
                final class ChildViewController: UIViewController {
                    override func viewDidDisappear(_ animated: Bool) {
                        super.viewDidDisappear(animated)
                    }
                    override init(nibName: String?, bundle: Bundle?) {
                        super.init(nibName: nibName, bundle: bundle)
                    }
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let size = super.preferredContentSize
                        _ = size
                    }
                    func helper() { super.viewWillAppear(true) }
                }
                """),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard file.contains("super.") else { return [] }
        // Overrides are members of the model's types, nested ones included: only their bodies are read.
        return file.model.types.flatMap(\.functions).filter { $0.modifiers.contains(.override) }.flatMap { function in
            let visitor = Visitor(overriding: function.name.text)
            if let body = function.body { visitor.walk(body) }
            return visitor.violations
        }
    }

    private final class Visitor: SyntaxVisitor {
        let overriding: String
        var violations: [Violation] = []

        init(overriding: String) {
            self.overriding = overriding
            super.init(viewMode: .sourceAccurate)
        }

        /// A nested function's `super` calls are its own business.
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                let base = member.base, base.is(SuperExprSyntax.self)
            else { return .visitChildren }
            let called = member.declName.baseName.text
            if called != overriding {
                violations.append(Violation(
                    at: base,
                    "override of '\(overriding)' calls 'super.\(called)'; call 'super.\(overriding)' so the superclass runs its own '\(overriding)'"))
            }
            return .visitChildren
        }
    }
}
