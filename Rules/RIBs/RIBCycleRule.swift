import RibsLintKit

public struct RIBCycleRule: ProjectRule {
    public static let description = RuleDescription(
        id: "rib_cycle",
        name: "RIB Cycle",
        summary: "RIBs build each other in a cycle instead of forming a tree.",
        rationale: """
            RIBs Architecture Guide, "Error Prevention": "NEVER create circular dependencies between RIBs". The RIB tree comes from \
            which builders construct or are handed which child builders; a cycle means a child can build its own \
            ancestor, dependencies flow up as well as down, and the static tree — "If it builds - it works" — is gone. \
            Each cycle is reported at the reference that closes it, once: walking each group of RIBs that reach \
            one another from the first of its RIBs in a fixed order (by name and folder), a reference back to a RIB still on the way. \
            Removing every reported reference leaves no cycle.
            """,
        defaultSeverity: .error,
        triggering: [
            // Two apps with the same RIB names: the cycle in the second is found, the first stays clean.
            Example("""
                // file: AApp/Profile/ProfileBuilder.swift
                import RIBs
                final class ProfileBuilder: Builder<ProfileDependency>, ProfileBuildable {
                    func build() -> ProfileRouting { ProfileRouter(settingsBuilder: SettingsBuilder(dependency: dependency)) }
                }
                // file: AApp/Settings/SettingsBuilder.swift
                import RIBs
                final class SettingsBuilder: Builder<SettingsDependency>, SettingsBuildable {}
                // file: ZApp/Profile/ProfileBuilder.swift
                import RIBs
                final class ProfileBuilder: Builder<ProfileDependency>, ProfileBuildable {
                    func build() -> ProfileRouting { ProfileRouter(settingsBuilder: SettingsBuilder(dependency: dependency)) }
                }
                // file: ZApp/Settings/SettingsBuilder.swift
                import RIBs
                final class SettingsBuilder: Builder<SettingsDependency>, SettingsBuildable {
                    func build() -> SettingsRouting { SettingsRouter(profileBuilder: 1️⃣ProfileBuilder(dependency: dependency)) }
                }
                """, messages: [
                    "this reference from 'Settings' to 'Profile' closes the RIB cycle Settings → Profile → Settings; RIBs must form a tree, so pass what the child needs down instead",
                ]),
            Example("""
                // file: Login/LoginBuilder.swift
                import RIBs
                final class LoginBuilder: Builder<LoginDependency>, LoginBuildable {
                    func build(withListener listener: LoginListener) -> LoginRouting {
                        let component = LoginComponent(dependency: dependency)
                        return LoginRouter(homeBuilder: 1️⃣HomeBuilder(dependency: component))
                    }
                }
                // file: Home/HomeRouter.swift
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    private let loginBuilder: LoginBuildable
                    init(loginBuilder: LoginBuildable) {
                        self.loginBuilder = loginBuilder
                    }
                }
                """, messages: [
                    "this reference from 'Login' to 'Home' closes the RIB cycle Login → Home → Login; RIBs must form a tree, so pass what the child needs down instead",
                ]),
        ],
        nonTriggering: [
            // Two apps of one monorepo, each with its own Profile and Settings: different RIBs, no cycle.
            Example("""
                // file: ShopApp/Profile/ProfileBuilder.swift
                import RIBs
                final class ProfileBuilder: Builder<ProfileDependency>, ProfileBuildable {
                    func build() -> ProfileRouting { ProfileRouter(settingsBuilder: SettingsBuilder(dependency: dependency)) }
                }
                // file: ShopApp/Settings/SettingsBuilder.swift
                import RIBs
                final class SettingsBuilder: Builder<SettingsDependency>, SettingsBuildable {}
                // file: ChatApp/Settings/SettingsBuilder.swift
                import RIBs
                final class SettingsBuilder: Builder<SettingsDependency>, SettingsBuildable {
                    func build() -> SettingsRouting { SettingsRouter(profileBuilder: ProfileBuilder(dependency: dependency)) }
                }
                // file: ChatApp/Profile/ProfileBuilder.swift
                import RIBs
                final class ProfileBuilder: Builder<ProfileDependency>, ProfileBuildable {}
                """),
            Example("""
                // file: Root/RootBuilder.swift
                import RIBs
                final class RootBuilder: Builder<RootDependency>, RootBuildable {
                    func build() -> LaunchRouting {
                        let component = RootComponent(dependency: dependency)
                        return RootRouter(loginBuilder: LoginBuilder(dependency: component), homeBuilder: HomeBuilder(dependency: component))
                    }
                }
                // file: Login/LoginBuilder.swift
                import RIBs
                final class LoginBuilder: Builder<LoginDependency>, LoginBuildable {
                    func build(withListener listener: LoginListener) -> LoginRouting {
                        LoginRouter(interactor: LoginInteractor())
                    }
                }
                // file: Folder/FolderBuilder.swift
                import RIBs
                final class FolderBuilder: Builder<FolderDependency>, FolderBuildable {
                    func build(withListener listener: FolderListener) -> FolderRouting {
                        FolderRouter(subfolderBuilder: FolderBuilder(dependency: dependency))
                    }
                }
                """),
        ])

    public static let facts: [any FileFacts.Type] = [RIBFacts.self]

    public init(options: RuleOptions) {}

    /// A cycle's names for a message, from `first` along `way` (which ends with `first` again) — whole up to twelve
    /// names, else the first six and the last five with how many are left out. `way` holds those only when the
    /// cycle is longer (see `RIBProject.ClosingReference`); only the names shown are looked up (`name`).
    public static func shown(_ first: String, way: [String], length: Int, name: (String) -> String = { $0 }) -> String {
        guard length > 11 else { return ([first] + way).map(name).joined(separator: " → ") }
        return (([first] + way.prefix(5)).map(name) + ["… \(length - 10) more …"] + way.suffix(5).map(name)).joined(separator: " → ")
    }

    public func violations(in project: Project) -> [ProjectViolation] {
        let project = project.model(RIBProject.self)
        return project.closingReferences.map { closing in
            let edge = closing.reference
            let cycle = Self.shown(edge.from, way: closing.way, length: closing.length, name: project.name(of:))
            return ProjectViolation(
                at: edge.point,
                "this reference from '\(project.name(of: edge.from))' to '\(project.name(of: edge.to))' closes the RIB cycle \(cycle); "
                    + "RIBs must form a tree, so pass what the child needs down instead",
                concerns: closing.files)
        }
    }
}
