/// The rules a run applies, with their severities and options, chosen from the configuration.
public struct RuleSet: Sendable {
    public struct Entry: Sendable {
        public let rule: any Rule
        public let severity: Severity
        /// Stored: reading it through `description` copies the whole description, examples included.
        public let id: String
        public var description: RuleDescription { type(of: rule).description }
    }

    public struct ProjectEntry: Sendable {
        public let rule: any ProjectRule
        public let severity: Severity
        /// Stored: reading it through `description` copies the whole description, examples included.
        public let id: String
        public var description: RuleDescription { type(of: rule).description }
    }

    /// A rule of the project's configuration (`custom_rules:`).
    public struct CustomEntry: Sendable {
        let check: CustomRuleCheck
        public var rule: CustomRule { check.rule }
        public var severity: Severity { check.rule.severity }
        public var id: String { check.rule.id }
    }

    public let entries: [Entry]
    public let projectEntries: [ProjectEntry]
    /// The custom rules that are on, in id order.
    public let customEntries: [CustomEntry]
    /// Every custom rule the configuration defines, on or off, in id order.
    public let definedCustomRules: [CustomRule]
    /// The file facts the enabled project rules read, each kind once.
    public internal(set) var factKinds: [any FileFacts.Type]
    /// Severity of `unused_suppression`, nil when it is off.
    public let unusedSuppressionSeverity: Severity?
    /// Every rule id a suppression comment may name.
    public let knownIDs: Set<String>
    /// The profile in force, with the project's role overrides applied.
    public let profile: Profile
    /// The convention of the profile the configuration chose, if any.
    public let convention: Convention?
    /// Descriptions of the rules that are on, in id order: what reporters list.
    public let enabledDescriptions: [RuleDescription]

    /// - Parameter onlyRules: rule ids from the command line; they replace the configuration's choice.
    public init(
        configuration: Configuration, catalog: Catalog, onlyRules: [String] = []
    ) throws(UsageError) {
        if let unknown = configuration.unresolvedRuleIDs.first { throw UsageError(unknown.error) }
        let available = catalog.rules, project = catalog.projectRules
        let profile = (catalog.profile(named: configuration.profile) ?? Profile(name: configuration.profile)).applying(configuration.roles)
        let roleModel = catalog.roleModel(of: profile)
        var custom: [CustomRule] = []
        for draft in configuration.customRules.values.sorted(by: { $0.id < $1.id }) {
            if let rule = try draft.rule(profile: profile, roleNames: roleModel.roleNames) { custom.append(rule) }
        }
        let all = available.map { $0.description } + project.map { $0.description } + [UnusedSuppression.description] + custom.map(\.ruleDescription)
        // A custom rule left behind here (it selects another profile's roles) is still a rule.
        for id in onlyRules where !all.contains(where: { $0.id == id }) && configuration.customRules[id] == nil {
            throw UsageError("error: unknown rule '\(id)'; `ribslint rules` lists them")
        }
        let convention = configuration.conventions.flatMap { catalog.profile(named: configuration.profile)?.convention(named: $0) }
        let enabled: Set<String>
        if !onlyRules.isEmpty {
            enabled = Set(onlyRules)
        } else if !configuration.onlyRules.isEmpty {
            // A nested configuration may disable one of the rules chosen above.
            enabled = Set(configuration.onlyRules).subtracting(configuration.disabledRules)
        } else {
            // A custom rule is on wherever it is defined.
            let defaults = all.filter {
                $0.profiles.contains(configuration.profile) && !$0.isOptIn && convention?.optInRules.contains($0.id) != true
            }.map(\.id) + custom.map(\.id)
            enabled = Set(defaults + configuration.optInRules).subtracting(configuration.disabledRules)
        }
        func severity(_ description: RuleDescription) -> Severity {
            configuration.ruleSettings[description.id]?.severity ?? description.defaultSeverity
        }
        func options(_ description: RuleDescription) -> RuleOptions {
            let conventional = convention?.options[description.id] ?? [:]
            let configured = configuration.ruleSettings[description.id]?.options ?? [:]
            return RuleOptions(conventional.merging(configured) { $1 }, documented: description.options)
        }
        entries = available.filter { enabled.contains($0.description.id) }.map {
            Entry(rule: $0.init(options: options($0.description)), severity: severity($0.description), id: $0.description.id)
        }
        projectEntries = project.filter { enabled.contains($0.description.id) }.map {
            ProjectEntry(rule: $0.init(options: options($0.description)), severity: severity($0.description), id: $0.description.id)
        }
        definedCustomRules = custom
        customEntries = custom.filter { enabled.contains($0.id) }.map { CustomEntry(check: CustomRuleCheck(rule: $0, roles: roleModel)) }
        var factIDs = Set<String>()
        factKinds = projectEntries.flatMap { type(of: $0.rule).facts }.filter { factIDs.insert($0.id).inserted }
        unusedSuppressionSeverity = enabled.contains(UnusedSuppression.id) ? severity(UnusedSuppression.description) : nil
        knownIDs = Set(all.map(\.id))
        self.profile = profile
        self.convention = convention
        enabledDescriptions = all.filter { enabled.contains($0.id) }.sorted { $0.id < $1.id }
    }
}
