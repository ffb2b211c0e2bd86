/// Everything ribslint ships: its profiles and their rules. `RibsLintRules` declares it; the command line
/// hands it to the configuration and the rule set.
public struct Catalog: Sendable {
    public let profiles: [Profile]
    public let rules: [any Rule.Type]
    public let projectRules: [any ProjectRule.Type]
    /// How a profile whose roles its `RoleDefinition`s do not tell finds them, by profile name (VIPER's modules).
    public let roleModels: [String: any RoleModel]

    public init(profiles: [Profile], rules: [any Rule.Type], projectRules: [any ProjectRule.Type], roleModels: [String: any RoleModel] = [:]) {
        self.profiles = profiles
        self.rules = rules
        self.projectRules = projectRules
        self.roleModels = roleModels
    }

    /// Who plays which role under `profile` (with a project's `roles:` applied), for custom rules.
    public func roleModel(of profile: Profile) -> any RoleModel {
        roleModels[profile.name] ?? DefinedRoles(profile: profile)
    }

    public func profile(named name: String) -> Profile? { profiles.first { $0.name == name } }

    /// Descriptions of every rule, the engine's `unused_suppression` included, sorted by id.
    public var descriptions: [RuleDescription] {
        (rules.map { $0.description } + projectRules.map { $0.description } + [UnusedSuppression.description])
            .sorted { $0.id < $1.id }
    }
}
