import RibsLintKit
import SwiftSyntax

public struct AttachDetachBalanceRule: Rule {
    public static let description = RuleDescription(
        id: "attach_detach_balance",
        name: "Attach Detach Balance",
        summary: "A router attaches a kind of child it never detaches.",
        rationale: """
            Seed 000, RIB Lifecycle Management: "ALWAYS attach/detach child RIBs properly" — `attachChild(childRouter) \
            // Required!` and `detachChild(childRouter) // Required!`. A child that is attached but never detached keeps \
            its interactor active and its subscriptions alive. Children attached in `didLoad` or `init` live as long \
            as the router (tabs, a launch router's permanent children) and are left alone.
            """,
        defaultSeverity: .warning,
        triggering: [
            Example("""
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    func routeToSettings() {
                        let settings = settingsBuilder.build(withListener: interactor)
                        1️⃣attachChild(settings)
                        viewController.present(settings.viewControllable, animated: true)
                    }
                    func routeToProfile() {
                        let profile = profileBuilder.build(withListener: interactor)
                        attachChild(profile)
                    }
                    func routeFromProfile() {
                        guard let profile = children.first(where: { $0 is ProfileRouting }) else { return }
                        detachChild(profile)
                    }
                }
                """),
        ],
        nonTriggering: [
            Example("""
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    override func didLoad() {
                        super.didLoad()
                        attachChild(tabsBuilder.build(withListener: interactor))
                    }
                    func routeToSettings() {
                        let settings = settingsBuilder.build(withListener: interactor)
                        attachChild(settings)
                    }
                    func routeFromSettings() {
                        guard let settings = children.last as? SettingsRouting else { return }
                        detachChild(settings)
                    }
                }
                """),
            Example("""
                import RIBs
                final class FlowRouter: Router<FlowInteractable>, FlowRouting {
                    func routeToStep() {
                        let step = stepBuilder.build(withListener: interactor)
                        attachChild(step)
                    }
                    func closeAll() {
                        children.forEach { detachChild($0) }
                    }
                }
                """),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        file.model.types(.router).flatMap { router -> [Violation] in
            let visitor = Visitor()
            visitor.walk(router.members)
            if visitor.detachesAnything { return [] }
            return visitor.attaches.filter { !visitor.detached.contains($0.kind) }.map {
                Violation(at: $0.call, "router attaches '\($0.kind)' but never detaches it; detach it when the child closes, or its interactor stays active")
            }
        }
    }

    private final class Visitor: TypeBodyVisitor {
        var attaches: [(kind: String, call: FunctionCallExprSyntax)] = []
        var detached: Set<String> = []
        /// A detach whose child cannot be told apart (`children.forEach { detachChild($0) }`) balances every attach.
        var detachesAnything = false
        private var bindings: [String: ExprSyntax] = [:]
        private var lifetimeFunction = false

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            lifetimeFunction = node.name.text == "didLoad"
            return .visitChildren
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            lifetimeFunction = true
            return .visitChildren
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
                bindings[name] = value
            }
            return .visitChildren
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
                bindings[name] = value
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let callee = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                let argument = node.arguments.first?.expression
            else { return .visitChildren }
            if callee == "attachChild", !lifetimeFunction {
                attaches.append((kind(of: argument) ?? argument.trimmedDescription, node))
            } else if callee == "detachChild" {
                if let kind = kind(of: argument) { detached.insert(kind) } else { detachesAnything = true }
            }
            return .visitChildren
        }

        /// The child's kind: the RIB name of the builder that built it or of the Routing type it was found as.
        private func kind(of expression: ExprSyntax, depth: Int = 0) -> String? {
            let text = expression.trimmedDescription
            if let castType = ViewControllerReach.castType(expression) ?? Self.isType(in: text) {
                return Self.ribName(castType)
            }
            if let call = expression.unwrapped.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "build",
                let builder = member.base?.lastName
            {
                return Self.ribName(builder)
            }
            if let name = expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, depth < 4 {
                if let bound = bindings[name] { return kind(of: bound, depth: depth + 1) }
                return nil
            }
            if let name = expression.lastName, depth < 4 { return Self.ribName(name) }
            return nil
        }

        /// `children.first(where: { $0 is XRouting })`: the type named after `is`.
        private static func isType(in text: String) -> String? {
            guard let range = text.range(of: " is ") else { return nil }
            return String(text[range.upperBound...].prefix { $0.isLetter || $0.isNumber })
        }

        /// `settingsBuilder` → `settings`, `SettingsRouting` → `settings`, `settingsRouter` → `settings`.
        static func ribName(_ name: String) -> String {
            var base = name
            for suffix in ["Buildable", "Builder", "Routing", "Router"] where base.hasSuffix(suffix) && base.count > suffix.count {
                base = String(base.dropLast(suffix.count))
                break
            }
            return base.prefix(1).lowercased() + base.dropFirst()
        }
    }
}
