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
        guard file.source.contains("super.") else { return [] }
        let visitor = Visitor(viewMode: .sourceAccurate)
        visitor.walk(file.tree)
        return visitor.violations
    }

    private final class Visitor: SyntaxVisitor {
        var violations: [Violation] = []
        /// The name of each enclosing function, nil for one that overrides nothing.
        private var overriding: [String?] = []

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            overriding.append(node.modifiers.contains(.override) ? node.name.text : nil)
            return .visitChildren
        }

        override func visitPost(_ node: FunctionDeclSyntax) { overriding.removeLast() }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                member.base?.is(SuperExprSyntax.self) == true, let current = overriding.last, let name = current
            else { return .visitChildren }
            let called = member.declName.baseName.text
            if called != name, let base = member.base {
                violations.append(Violation(
                    at: base,
                    "override of '\(name)' calls 'super.\(called)'; call 'super.\(name)' so the superclass runs its own '\(name)'"))
            }
            return .visitChildren
        }
    }
}
