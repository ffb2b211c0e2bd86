import RibsLintKit
import SwiftSyntax

public struct InteractorDependencyInjectionRule: Rule {
    public static let description = RuleDescription(
        id: "interactor_dependency_injection",
        name: "Interactor Dependency Injection",
        summary: "An interactor or presenter takes or stores a `*Dependency` protocol or a RIB `*Component`.",
        rationale: """
            RIBs Architecture Guide, "Dependency Injection (Parent → Child)": "NEVER pass `*Dependency` protocol references \
            directly to Interactors/ViewControllers ... ALWAYS extract actual services/workers/streams from the \
            component in the Builder." Only the Builder may know the DI system; an interactor holding the \
            dependency hides what it really uses and cannot be tested with plain mocks.
            """,
        defaultSeverity: .error,
        triggering: [
            // The component itself behind a narrower name: still the DI container. The property that keeps the
            // parameter is the same mistake, reported once.
            Example("""
                // file: Search/SearchInteractor.swift
                import RIBs
                protocol SearchInteractorDependency {
                    var searchService: SearchServicing { get }
                }
                final class SearchInteractor: PresentableInteractor<SearchPresentable>, SearchInteractable {
                    private let dependency: SearchInteractorDependency
                    init(presenter: SearchPresentable, 1️⃣dependency: SearchInteractorDependency) {
                        self.dependency = dependency
                        super.init(presenter: presenter)
                    }
                }
                // file: Search/SearchBuilder.swift
                import RIBs
                final class SearchComponent: Component<SearchDependency>, SearchInteractorDependency {
                    var searchService: SearchServicing { dependency.searchService }
                }
                """, messages: [
                    "interactor 'SearchInteractor' receives 'SearchInteractorDependency'; extract the services it needs from the component in the builder and pass those instead",
                ]),
            Example("""
                import RIBs
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                    init(presenter: LoginPresentable, 1️⃣dependency: LoginDependency) {
                        super.init(presenter: presenter)
                    }
                }
                """, messages: [
                    "interactor 'LoginInteractor' receives 'LoginDependency'; extract the services it needs from the component in the builder and pass those instead",
                ]),
            Example("""
                final class LoginInteractor: Interactor {
                    init(2️⃣dependency: any LoginInteractorDependency) {}
                }
                """, messages: [
                    "interactor 'LoginInteractor' receives 'LoginInteractorDependency'; extract the services it needs from the component in the builder and pass those instead",
                ]),
            Example("""
                import RIBs
                final class LoginInteractor: Interactor, LoginInteractable {
                    private let 3️⃣dependency: LoginDependency?
                }
                """, messages: [
                    "interactor 'LoginInteractor' receives 'LoginDependency'; extract the services it needs from the component in the builder and pass those instead",
                ]),
            Example("""
                import RIBs
                final class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {
                    init(4️⃣component: LoginComponent) {
                        super.init(nibName: nil, bundle: nil)
                    }
                }
                """, messages: [
                    "presenter 'LoginViewController' receives 'LoginComponent'; extract the services it needs from the component in the builder and pass those instead",
                ]),
            Example("""
                import ModernRIBs
                final class ProfileViewController: UIHostingController<ProfileView>, ProfilePresentable {
                    init(_ 5️⃣dependency: ProfileDependency & AnalyticsProviding) {
                        super.init(rootView: ProfileView())
                    }
                }
                """, messages: [
                    "presenter 'ProfileViewController' receives 'ProfileDependency'; extract the services it needs from the component in the builder and pass those instead",
                ]),
            // A protocol only the component adopts, in another file: the builder hands the interactor its component.
            Example("""
                // file: Home/HomeInteractor.swift
                import ModernRIBs
                protocol HomeInteractorParams {
                    var api: GitHubAPIProtocol { get }
                }
                final class HomeInteractor: Interactor, HomeInteractable {
                    private let params: HomeInteractorParams
                    init(1️⃣params: HomeInteractorParams) {
                        self.params = params
                        super.init()
                    }
                }
                // file: Home/HomeBuilder.swift
                import ModernRIBs
                final class HomeComponent: Component<HomeDependency> {}
                extension HomeComponent: HomeInteractorParams {
                    var api: GitHubAPIProtocol { dependency.api }
                }
                // file: HomeTests/HomeInteractorParamsMock.swift
                final class HomeInteractorParamsMock: HomeInteractorParams { var api: GitHubAPIProtocol { fatalError() } }
                """, messages: [
                    "interactor 'HomeInteractor' receives 'HomeInteractorParams', which only 'HomeComponent' adopts; extract the services it needs from the component in the builder and pass those instead",
                ]),
        ],
        nonTriggering: [
            // A narrow bundle of the services the builder extracted, implemented by a plain struct, is not the
            // RIB's DI contract.
            Example("""
                // file: Search/SearchInteractor.swift
                import RIBs
                protocol SearchInteractorDependency {
                    var searchService: SearchServicing { get }
                }
                final class SearchInteractor: PresentableInteractor<SearchPresentable>, SearchInteractable {
                    private let dependency: SearchInteractorDependency
                    init(presenter: SearchPresentable, dependency: SearchInteractorDependency) {
                        self.dependency = dependency
                        super.init(presenter: presenter)
                    }
                }
                // file: Search/SearchBuilder.swift
                import RIBs
                struct SearchServices: SearchInteractorDependency {
                    let searchService: SearchServicing
                }
                """),
            // A protocol a component and a plain service both adopt: what is passed may be the service.
            Example("""
                // file: Feed/FeedInteractor.swift
                import RIBs
                protocol ImageLoading { func load(_ url: URL) }
                final class FeedInteractor: PresentableInteractor<FeedPresentable>, FeedInteractable {
                    init(presenter: FeedPresentable, images: ImageLoading) { super.init(presenter: presenter) }
                }
                // file: Feed/FeedBuilder.swift
                import RIBs
                final class FeedComponent: Component<FeedDependency>, ImageLoading { func load(_ url: URL) {} }
                final class CachedImageLoader: ImageLoading { func load(_ url: URL) {} }
                """),
            Example("""
                import RIBs
                struct ShopRequestDependency { let itemID: Int }
                final class ShopInteractor: PresentableInteractor<ShopPresentable>, ShopInteractable {
                    private let request: ShopRequestDependency
                    init(presenter: ShopPresentable, request: ShopRequestDependency) {
                        self.request = request
                        super.init(presenter: presenter)
                    }
                }
                """),
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
        let resolver = file.model.projectTypes
        var violations: [Violation] = []
        for type in file.model.types where type.role == .interactor || type.role == .presenter {
            let prefix = RIBName.prefix(of: type.name, role: type.role, profile: file.profile)
            func offending(_ typeSyntax: TypeSyntax?, label: String) -> String? {
                typeSyntax?.heldTypeNames.first { name in
                    // A value the project declares under such a name (`struct ShopRequestDependency { let itemID: Int }`)
                    // carries data: no DI contract.
                    if name.hasSuffix("Dependency") {
                        return ![.struct, .enum].contains(resolver.primary(name)?.kind) && !Self.isServiceBundle(name, rib: prefix, in: file)
                    }
                    // A RIB contract (`FeedPresentable`, `FeedListener`) is adopted by its parts, never a component.
                    if !name.hasSuffix("Component"), ProtocolRole(protocolName: name) == nil, Self.componentAdopting(name, in: file) != nil {
                        return true
                    }
                    guard name.hasSuffix("Component"), name != "Component" else { return false }
                    return ribComponents.contains(name) || name == prefix + "Component" || label == "component"
                }
            }
            // One finding per mistake: the parameter, and the property that keeps it only when no parameter
            // brought it in.
            var reported = Set<String>()
            for initializer in type.initializers {
                for parameter in initializer.signature.parameterClause.parameters {
                    let label = (parameter.secondName ?? parameter.firstName).text
                    if let name = offending(parameter.type, label: label), reported.insert(name).inserted {
                        let node = parameter.secondName.map(Syntax.init) ?? Syntax(parameter.firstName)
                        let anchor = parameter.firstName.tokenKind == .wildcard ? node : Syntax(parameter)
                        violations.append(Violation(at: anchor, message(type, name, in: file)))
                    }
                }
            }
            for property in type.storedProperties where !property.isStatic {
                if let name = offending(property.type, label: property.name), reported.insert(name).inserted {
                    violations.append(Violation(at: property.nameNode, message(type, name, in: file)))
                }
            }
        }
        return violations
    }

    /// A narrow protocol of services the builder extracted (`SearchInteractorDependency` implemented by a
    /// plain struct or class) rather than the RIB's DI contract: nothing that conforms to it is a component,
    /// and something does. The RIB's own `<RIB>Dependency` is always its DI contract.
    static func isServiceBundle(_ name: String, rib: String, in file: LintFile) -> Bool {
        guard name != rib + "Dependency" else { return false }
        let conformers = file.model.projectTypes.inheritors(of: name)
        return !conformers.isEmpty && conformers.allSatisfy { conformer in
            conformer.entry.kind != .protocol && !conformer.name.hasSuffix("Component")
                && !(conformer.entry.inherited.first.map { $0 == "Component" || $0.hasSuffix("Component") } ?? false)
        }
    }

    /// The component that adopts `name`, a project protocol only the project's components adopt (`HomeParams` with
    /// `extension HomeComponent: HomeParams`, test doubles aside): what is passed as one is the component itself.
    static func componentAdopting(_ name: String, in file: LintFile) -> String? {
        let resolver = file.model.projectTypes
        guard resolver.primary(name)?.kind == .protocol else { return nil }
        let adopters = resolver.inheritors(of: name).filter { !TestCode.isTestDouble($0.name) }
        guard let first = adopters.first, adopters.allSatisfy({ adopter in
            adopter.entry.kind == .class
                && (adopter.entry.inherited.first.map { $0 == "Component" || $0.hasSuffix("Component") } ?? adopter.name.hasSuffix("Component"))
        }) else { return nil }
        return first.name
    }

    private func message(_ type: TypeDeclaration, _ dependency: String, in file: LintFile) -> String {
        let adopter = dependency.hasSuffix("Dependency") || dependency.hasSuffix("Component")
            ? nil : Self.componentAdopting(dependency, in: file)
        return "\(type.role?.rawValue ?? "type") '\(type.name)' receives '\(dependency)'"
            + (adopter.map { ", which only '\($0)' adopts" } ?? "")
            + "; extract the services it needs from the component in the builder and pass those instead"
    }
}
