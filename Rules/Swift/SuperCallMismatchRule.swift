import RibsLintKit
import SwiftSyntax

public struct SuperCallMismatchRule: Rule {
    public static let description = RuleDescription(
        id: "super_call_mismatch",
        name: "Super Call Mismatch",
        summary: "An overriding method calls a different method on `super` than the one it overrides.",
        rationale: """
            The RIBs Architecture Guide's own example in "Handling Back navigation" overrides `viewDidDisappear` and calls \
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
                """, messages: [
                    "override of 'viewDidDisappear' calls 'super.viewWillDisappear'; call 'super.viewDidDisappear' so the superclass runs its own 'viewDidDisappear'",
                ]),
            Example("""
                import RIBs
                final class LoginInteractor: Interactor {
                    override func willResignActive() {
                        1️⃣super.didBecomeActive()
                    }
                }
                """, messages: [
                    "override of 'willResignActive' calls 'super.didBecomeActive'; call 'super.willResignActive' so the superclass runs its own 'willResignActive'",
                ]),
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
                    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
                        guard super.responds(to: action) else { return false }
                        return super.canBecomeFirstResponder && action == #selector(copy(_:))
                    }
                    override func viewWillLayoutSubviews() {
                        if super.isEditing() { reload() }
                        let fits = super.sizeThatFits(bounds.size)
                        use(fits)
                    }
                }
                """),
            Example("""
                final class RoundTimer: AppTimer {
                    override func cancel() {
                        super.cancel()
                        if remaining > 0 { super.complete() }
                    }
                }
                """),
        ])

    public init(options: RuleOptions) {}

    /// An override that calls its own super method too has let the superclass do its job: another super call
    /// beside it is deliberate (`super.complete()` skipping this class's own `complete()`).
    static func callsOwnSuper(_ function: FunctionDeclSyntax) -> Bool {
        function.body?.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.tokenKind == .keyword(.super), let member = token.parent?.parent?.as(MemberAccessExprSyntax.self) else { return false }
            return member.declName.baseName.text == function.name.text && member.parent?.is(FunctionCallExprSyntax.self) == true
        } == true
    }

    /// A super call standing as a statement of its own forwards the override's job; one inside a condition,
    /// an expression or a `return` asks the superclass something (`guard super.canPerformAction(…)`).
    static func isStatement(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { node = parent }
        return node.parent?.is(CodeBlockItemSyntax.self) == true
    }

    public func violations(in file: LintFile) -> [Violation] {
        guard file.contains("super.") else { return [] }
        // Overrides are members of the model's types, nested ones included: each `super` token in a type
        // leads up to the function around it, which must be an override among the type's own members.
        return file.model.types.flatMap { type in
            file.tokens(spelled: "super", in: type.members).compactMap { token -> Violation? in
                guard let base = token.parent?.as(SuperExprSyntax.self), let member = base.parent?.as(MemberAccessExprSyntax.self),
                    member.base?.id == base.id, let call = member.parent?.as(FunctionCallExprSyntax.self),
                    call.calledExpression.id == member.id, let function = call.enclosingFunction,
                    function.parent?.parent?.parent?.id == type.members.id, function.modifiers.contains(.override)
                else { return nil }
                let overriding = function.name.text
                let called = member.declName.baseName.text
                guard called != overriding, Self.isStatement(call), !Self.callsOwnSuper(function) else { return nil }
                return Violation(
                    at: base,
                    "override of '\(overriding)' calls 'super.\(called)'; call 'super.\(overriding)' so the superclass runs its own '\(overriding)'")
            }
        }
    }
}
