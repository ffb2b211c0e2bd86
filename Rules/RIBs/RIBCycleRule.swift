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
            Each reference that closes the cycle is reported where it is made.
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
                    func build() -> ProfileRouting { ProfileRouter(settingsBuilder: 1️⃣SettingsBuilder(dependency: dependency)) }
                }
                // file: ZApp/Settings/SettingsBuilder.swift
                import RIBs
                final class SettingsBuilder: Builder<SettingsDependency>, SettingsBuildable {
                    func build() -> SettingsRouting { SettingsRouter(profileBuilder: 2️⃣ProfileBuilder(dependency: dependency)) }
                }
                """),
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
                    private let loginBuilder: 2️⃣LoginBuildable
                    init(loginBuilder: LoginBuildable) {
                        self.loginBuilder = loginBuilder
                    }
                }
                """),
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

    /// The shortest way from `start` to `end` along `edges` (breadth first, edges in their order), both ends
    /// included: how the cycle really runs, for the message.
    static func path(from start: String, to end: String, along edges: [String: [String]]) -> [String] {
        var previous: [String: String] = [start: start]
        var queue = [start]
        var index = 0
        while index < queue.count, previous[end] == nil {
            let node = queue[index]
            index += 1
            for next in edges[node, default: []] where previous[next] == nil {
                previous[next] = node
                queue.append(next)
            }
        }
        var path = [end]
        while let last = path.last, last != start, let before = previous[last] { path.append(before) }
        return path.reversed()
    }

    /// A cycle's names for a message: a long one keeps its ends and says how many it leaves out.
    public static func shown(_ names: [String]) -> String {
        guard names.count > 12 else { return names.joined(separator: " → ") }
        return (names.prefix(6) + ["… \(names.count - 11) more …"] + names.suffix(5)).joined(separator: " → ")
    }

    public func violations(in project: Project) -> [ProjectViolation] {
        let project = project.model(RIBProject.self)
        return project.cycles.flatMap { cycle -> [ProjectViolation] in
            let members = Set(cycle)
            let inside = project.edges.filter { members.contains($0.from) && members.contains($0.to) }
            var adjacency: [String: [String]] = [:]
            for edge in inside { adjacency[edge.from, default: []].append(edge.to) }
            return inside.map { edge in
                let path = ([edge.from] + Self.path(from: edge.to, to: edge.from, along: adjacency)).map(project.name(of:))
                return ProjectViolation(
                    at: edge.point,
                    "this reference from '\(project.name(of: edge.from))' to '\(project.name(of: edge.to))' closes the RIB cycle \(Self.shown(path)); RIBs must form a tree, so pass what the child needs down instead")
            }
        }
    }
}
