import RibsLintKit
import SwiftSyntax

public struct DependencyContainerStructRule: Rule {
    public static let description = RuleDescription(
        id: "dependency_container_struct",
        name: "Dependency Container Struct",
        summary: "A RIB's dependency container is a class or a DI component instead of a plain struct.",
        rationale: """
            SwiftUI-RIB README, "Simplifying things", among the changes from Uber's RIBs: "No Component, dependency container is a simple struct \
            that contains all the dependencies. You collect all the dependencies, put them in that struct and give it to the \
            builder." A class (or actor) handed to a builder as its dependency, or a RIBs/Needle `Component` subclass in a \
            SwiftUI-RIB, brings back shared mutable wiring and a component tree the architecture replaces with one value. \
            A dependency declared in another file than its builder is recognised by the builder that takes it as its \
            dependency (`init(withDependency dependency: SharedServices)`), whatever its name; a class named `…Dependency` \
            that no builder takes is left alone. A builder receiving a protocol is left alone: the value \
            its caller builds may well be a struct.
            """,
        profiles: ["swiftui-rib"],
        defaultSeverity: .warning,
        triggering: [
            Example("""
                1️⃣class ChallengeDependency {
                    let api: ChallengeAPI
                    init(api: ChallengeAPI) { self.api = api }
                }
                @MainActor final class ChallengeBuilder {
                    private let dependency: ChallengeDependency
                    init(dependency: ChallengeDependency) { self.dependency = dependency }
                    func build() -> ChallengeOutput {
                        let stateContainer = ChallengeStateContainer()
                        return ChallengeOutput(view: ChallengeView(stateContainer: stateContainer), publishers: ChallengeInteractorImpl())
                    }
                }
                final class ChallengeStateContainer: ObservableObject {}
                """, messages: [
                    "the dependency container 'ChallengeDependency' is a class; declare it `struct ChallengeDependency` holding the dependencies its builder needs",
                ]),
            Example("""
                // file: Rings/RingsDependency.swift
                final 1️⃣actor RingsDependency {
                    let store: HealthStore
                    init(store: HealthStore) { self.store = store }
                }
                // file: Rings/RingsBuilder.swift
                final class RingsStateContainer: ObservableObject {}
                @MainActor final class RingsBuilder {
                    private let dependency: RingsDependency
                    init(withDependency dependency: RingsDependency) { self.dependency = dependency }
                }
                """, messages: [
                    "the dependency container 'RingsDependency' is a actor; declare it `struct RingsDependency` holding the dependencies its builder needs",
                ]),
            Example("""
                import RIBs
                final 1️⃣class StreakComponent: Component<StreakDependency> {
                    var store: StreakStore { shared { StreakStore() } }
                }
                final class StreakViewContainer: ObservableObject {}
                final class StreakRouterImpl: StreakRouter {
                    private let viewContainer: StreakViewContainer
                    init(viewContainer: StreakViewContainer) { self.viewContainer = viewContainer }
                }
                """, messages: [
                    "class 'StreakComponent' is a DI component ('Component') in a SwiftUI-RIB; pass the RIB's dependencies in a plain `struct` given to its builder instead",
                ]),
            // A builder in another file takes it as its dependency, whatever its name.
            Example("""
                // file: App/SharedServices.swift
                final 1️⃣class SharedServices {
                    let session: URLSession
                    init(session: URLSession) { self.session = session }
                }
                // file: Club/ClubBuilder.swift
                final class ClubStateContainer: ObservableObject {}
                @MainActor final class ClubBuilder {
                    private let dependency: SharedServices
                    init(withDependency dependency: SharedServices) { self.dependency = dependency }
                }
                """, messages: [
                    "the dependency container 'SharedServices' is a class; declare it `struct SharedServices` holding the dependencies its builder needs",
                ]),
            // A project with SwiftUI-RIB containers: a DI component anywhere in it is a leftover.
            Example("""
                // file: Root/RootComponent.swift
                import NeedleFoundation
                final 1️⃣class RootComponent: BootstrapComponent {}
                // file: Workout/WorkoutViewContainer.swift
                import SwiftUI
                final class WorkoutViewContainer: ObservableObject {}
                """, messages: [
                    "class 'RootComponent' is a DI component ('BootstrapComponent') in a SwiftUI-RIB; pass the RIB's dependencies in a plain `struct` given to its builder instead",
                ]),
        ],
        nonTriggering: [
            // A class named like a dependency that no builder takes: its builder takes a struct.
            Example("""
                // file: Settings/SettingsDependency.swift
                final class SettingsDependency {
                    let defaults: UserDefaults
                    init(defaults: UserDefaults) { self.defaults = defaults }
                }
                // file: Settings/SettingsBuilder.swift
                final class SettingsViewContainer: ObservableObject {}
                struct SettingsContext { let defaults: UserDefaults }
                @MainActor final class SettingsBuilder {
                    private let dependency: SettingsContext
                    init(withDependency dependency: SettingsContext) { self.dependency = dependency }
                }
                // file: Settings/SettingsCoordinator.swift
                final class SettingsCoordinator {
                    init(dependency: SettingsDependency) {}
                }
                """),
            Example("""
                struct RoutineDependency {
                    let healthStore: HKHealthStore
                    let api: RoutineAPI
                }
                @MainActor final class RoutineBuilder {
                    private let dependency: RoutineDependency
                    init(withDependency dependency: RoutineDependency) { self.dependency = dependency }
                    func build() -> RoutineOutput {
                        RoutineOutput(view: RoutineView(viewContainer: RoutineViewContainer()), publishers: RoutineInteractorImpl())
                    }
                }
                final class RoutineViewContainer: ObservableObject {}
                """),
            // A composition root fills the structs but is never handed to a builder; UI components; a `…Dependency`
            // class no builder receives.
            Example("""
                import SwiftUI
                final class ServiceHub {
                    let api = API()
                    var routine: RoutineDependency { RoutineDependency(api: api) }
                }
                struct StreakChipComponent: View {
                    var body: some View { Text("7") }
                }
                final class RingComponent: UIView {}
                final class AnalyticsDependency {
                    let tracker: Tracker
                    init(tracker: Tracker) { self.tracker = tracker }
                }
                """),
            // A builder receiving a protocol: the caller's value may be a struct.
            Example("""
                protocol RoutineDependency {
                    var api: RoutineAPI { get }
                }
                @MainActor final class RoutineBuilder {
                    init(withDependency dependency: any RoutineDependency) {}
                    func build() -> RoutineOutput {
                        RoutineOutput(view: RoutineView(viewContainer: RoutineViewContainer()), publishers: RoutineInteractorImpl())
                    }
                }
                final class RoutineViewContainer: ObservableObject {}
                """),
            // A plain RIBs app linted under this profile: its components belong to RIBs, not to a SwiftUI-RIB.
            Example("""
                import RIBs
                protocol LoginDependency: Dependency {}
                final class LoginComponent: Component<LoginDependency> {}
                final class LoginBuilder: Builder<LoginDependency>, LoginBuildable {
                    func build(withListener listener: LoginListener) -> LoginRouting {
                        let component = LoginComponent(dependency: dependency)
                        return LoginRouter(interactor: LoginInteractor(), viewController: LoginViewController())
                    }
                }
                """),
        ])

    private static let componentBases: Set<String> = ["Component", "EmptyComponent", "BootstrapComponent"]


    public init(options: RuleOptions) {
    }

    public func violations(in file: LintFile) -> [Violation] {
        guard !file.isTestFile else { return [] }
        let classes = file.model.types.filter { $0.kind == .class || $0.kind == .actor }
        guard !classes.isEmpty else { return [] }
        let roles = SwiftUIRIBRoles.of(file)
        let received = Set(roles.types(.builder).flatMap(roles.dependencyTypes(of:)))
        return classes.compactMap { type -> Violation? in
            let keyword = Self.keyword(of: type)
            // Received by a builder of this file, or, in a project with SwiftUI-RIB containers, of another: one whose
            // initializer takes it as its dependency or that stores it so (`init(withDependency dependency: SharedServices)`).
            if received.contains(type.name) || roles.projectHasContainers && file.model.projectTypes.holders(of: type.name).contains(where: { holder, property, _ in
                holder.hasSuffix("Builder") && property.lowercased().contains("dependenc") && !file.model.types.contains { $0.name == holder }
            }) {
                return Violation(
                    at: keyword,
                    "the dependency container '\(type.name)' is a \(type.kind.rawValue); declare it `struct \(type.name)` holding the dependencies its builder needs")
            }
            guard let base = type.inherited.first, Self.componentBases.contains(base),
                !roles.isProjectProtocol(base), file.model.projectTypes.primary(base) == nil,
                roles.declaresSwiftUIRIBParts || roles.showsStructure(type.name) || roles.projectHasContainers
            else { return nil }
            return Violation(
                at: keyword,
                "class '\(type.name)' is a DI component ('\(base)') in a SwiftUI-RIB; pass the RIB's dependencies in a plain `struct` given to its builder instead")
        }
    }

    private static func keyword(of type: TypeDeclaration) -> Syntax {
        if let node = type.declaration.as(ClassDeclSyntax.self) { return Syntax(node.classKeyword) }
        if let node = type.declaration.as(ActorDeclSyntax.self) { return Syntax(node.actorKeyword) }
        return Syntax(type.declaration)
    }
}
