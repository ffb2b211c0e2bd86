import RibsLintKit
import SwiftSyntax

public struct InteractorDependencyInjectionRule: Rule {
    public static let description = RuleDescription(
        id: "interactor_dependency_injection",
        name: "Interactor Dependency Injection",
        summary: "An interactor or presenter takes or stores a `*Dependency` protocol or a RIB `*Component`.",
        rationale: """
            Seed 000, Critical Dependency Injection Pattern: "NEVER pass `*Dependency` protocol references \
            directly to Interactors/ViewControllers ... ALWAYS extract actual services/workers/streams from the \
            component in the Builder." Only the Builder may know the DI system; an interactor holding the \
            dependency hides what it really uses and cannot be tested with plain mocks.
            """,
        defaultSeverity: .error,
        triggering: [
            Example("""
                import RIBs
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                    init(presenter: LoginPresentable, 1️⃣dependency: LoginDependency) {
                        super.init(presenter: presenter)
                    }
                }
                """),
            Example("""
                final class LoginInteractor: Interactor {
                    init(2️⃣dependency: any LoginInteractorDependency) {}
                }
                """),
            Example("""
                import RIBs
                final class LoginInteractor: Interactor, LoginInteractable {
                    private let 3️⃣dependency: LoginDependency?
                }
                """),
            Example("""
                import RIBs
                final class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {
                    init(4️⃣component: LoginComponent) {
                        super.init(nibName: nil, bundle: nil)
                    }
                }
                """),
            Example("""
                import ModernRIBs
                final class ProfileViewController: UIHostingController<ProfileView>, ProfilePresentable {
                    init(_ 5️⃣dependency: ProfileDependency & AnalyticsProviding) {
                        super.init(rootView: ProfileView())
                    }
                }
                """),
        ],
        nonTriggering: [
            Example("""
                import RIBs
                final class LoginBuilder: Builder<LoginDependency>, LoginBuildable {
                    override init(dependency: LoginDependency) {
                        super.init(dependency: dependency)
                    }
                }
                final class LoginComponent: Component<LoginDependency> {
                    init(dependency: LoginDependency, extra: LoginDependency) { super.init(dependency: dependency) }
                }
                """),
            Example("""
                import RIBs
                final class LoginInteractor: Interactor, LoginInteractable {
                    private let storage: Storing
                    init(storage: Storing) {
                        self.storage = storage
                        super.init()
                    }
                }
                """),
            Example("""
                import RIBs
                final class GraphViewController: UIViewController, GraphPresentable {
                    init(graph: DependencyGraphView, header: HeaderComponentView) {
                        super.init(nibName: nil, bundle: nil)
                    }
                }
                """),
            Example("""
                import RIBs
                final class CardViewController: UIViewController, CardPresentable {
                    init(badge: BadgeComponent) {
                        super.init(nibName: nil, bundle: nil)
                    }
                }
                """),
            Example("""
                final class SearchInteractor {
                    init(dependency: SearchDependency) {}
                }
                """),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        let ribComponents = Set(file.model.types(.component).map(\.name))
        var violations: [Violation] = []
        for type in file.model.types where type.role == .interactor || type.role == .presenter {
            let prefix = RIBName.prefix(of: type.name, role: type.role)
            func offending(_ typeSyntax: TypeSyntax?, label: String) -> String? {
                typeSyntax?.heldTypeNames.first { name in
                    if name.hasSuffix("Dependency") { return true }
                    guard name.hasSuffix("Component"), name != "Component" else { return false }
                    return ribComponents.contains(name) || name == prefix + "Component" || label == "component"
                }
            }
            for initializer in type.initializers {
                for parameter in initializer.signature.parameterClause.parameters {
                    let label = (parameter.secondName ?? parameter.firstName).text
                    if let name = offending(parameter.type, label: label) {
                        let node = parameter.secondName.map(Syntax.init) ?? Syntax(parameter.firstName)
                        let anchor = parameter.firstName.tokenKind == .wildcard ? node : Syntax(parameter)
                        violations.append(Violation(at: anchor, message(type, name)))
                    }
                }
            }
            for property in type.storedProperties where !property.isStatic {
                if let name = offending(property.type, label: property.name) {
                    violations.append(Violation(at: property.nameNode, message(type, name)))
                }
            }
        }
        return violations
    }

    private func message(_ type: TypeDeclaration, _ dependency: String) -> String {
        "\(type.role?.rawValue ?? "type") '\(type.name)' receives '\(dependency)'; extract the services it needs "
            + "from the component in the builder and pass those instead"
    }
}
