import RibsLintKit
import SwiftSyntax

public struct ChildBuilderInjectionRule: Rule {
    public static let description = RuleDescription(
        id: "child_builder_injection",
        name: "Child Builder Injection",
        summary: "A router gets a child builder some other way than a `let` assigned from its initializer.",
        rationale: """
            Seed 000, "Passing Child Builders to Routers": "The best way to pass the child builder to the router is via \
            the initializer." A builder set later through a setter or kept in a `var` may be missing or replaced: \
            "Child builders should be available unconditionally ... It should be impossible to 'forget' to pass required \
            properties." A builder constructed inside the router ties it to the DI system only the Builder may know.
            """,
        defaultSeverity: .warning,
        triggering: [
            Example("""
                import RIBs
                final class ParentRouter: ViewableRouter<ParentInteractable, ParentViewControllable>, ParentRouting {
                    private var 1️⃣childBuilder: ChildBuildable?
                    var 2️⃣detailBuilder: DetailBuilder

                    func setChildBuilder(_ builder: ChildBuildable) {
                        3️⃣self.childBuilder = builder
                    }

                    func routeToDetail() {
                        let builder = 4️⃣DetailBuilder(dependency: component)
                        attachChild(builder.build(withListener: interactor))
                    }

                    func routeToHelp() {
                        attachChild(5️⃣HelpBuilder().build(withListener: interactor))
                    }
                }
                """),
        ],
        nonTriggering: [
            Example("""
                import RIBs
                final class ParentRouter: ViewableRouter<ParentInteractable, ParentViewControllable>, ParentRouting {
                    private let childBuilder: ChildBuildable

                    init(childBuilder: ChildBuildable, interactor: ParentInteractable, viewController: ParentViewControllable) {
                        self.childBuilder = childBuilder
                        super.init(interactor: interactor, viewController: viewController)
                    }

                    func routeToChild() {
                        let childRouter = childBuilder.build(withListener: interactor)
                        attachChild(childRouter)
                    }

                    func routeToHelp() {
                        let url = URLBuilder().path("help").url
                        let title = AttributedStringBuilder(font: .body).text("Help").make()
                        openHelp(url, title)
                    }
                }
                """),
            Example("""
                import RIBs
                final class ParentBuilder: Builder<ParentDependency>, ParentBuildable {
                    func build(withListener listener: ParentListener) -> ParentRouting {
                        let component = ParentComponent(dependency: dependency)
                        return ParentRouter(childBuilder: ChildBuilder(dependency: component))
                    }
                }
                """),
        ])

    public init(options: RuleOptions) {}

    static func isBuilderType(_ name: String) -> Bool {
        ProtocolRole(protocolName: name) == .buildable || (name.hasSuffix("Builder") && name != "ViewBuilder")
    }

    public func violations(in file: LintFile) -> [Violation] {
        file.model.types(.router).flatMap { router -> [Violation] in
            let builderProperties = router.storedProperties.filter {
                !$0.isStatic && $0.type?.heldTypeNames.contains(where: Self.isBuilderType) == true
            }
            var violations = builderProperties.filter { !$0.isLet }.map {
                Violation(at: $0.nameNode, "router keeps child builder '\($0.name)' in a `var`; take it in `init` and keep it as `private let`")
            }
            let visitor = Visitor(builderNames: Set(builderProperties.map(\.name)))
            for function in router.functions {
                visitor.walk(function)
            }
            violations += visitor.violations
            return violations
        }
    }

    private final class Visitor: TypeBodyVisitor {
        let builderNames: Set<String>
        var violations: [Violation] = []

        init(builderNames: Set<String>) {
            self.builderNames = builderNames
            super.init()
        }

        /// A RIB builder is made with `dependency:` (or `componentBuilder:`) or is built from at once;
        /// a `URLBuilder()` or `AttributedStringBuilder()` is no child.
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let labels = node.arguments.compactMap { $0.label?.text }
            let builtAtOnce = node.parent?.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "build"
            if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                name.hasSuffix("Builder"), name.first?.isUppercase == true,
                labels.contains("dependency") || labels.contains("componentBuilder") || builtAtOnce
            {
                violations.append(Violation(at: node, "router constructs '\(name)'; let the parent's builder create it and pass it to the router's `init`"))
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            for (index, element) in elements.enumerated() where element.is(AssignmentExprSyntax.self) && index > 0 {
                let target = elements[index - 1]
                let isSelfMember = target.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                if let name = target.lastName, builderNames.contains(name),
                    target.is(DeclReferenceExprSyntax.self) || isSelfMember
                {
                    violations.append(Violation(at: target, "router sets child builder '\(name)' after creation; pass it to `init` instead"))
                }
            }
            return .visitChildren
        }
    }
}
