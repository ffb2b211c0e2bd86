import RibsLintKit

/// Every rule ribslint ships, in the order `ribslint rules` lists them.
public enum RuleRegistry {
    public static let rules: [any Rule.Type] = [
        AttachDetachBalanceRule.self,
        ChildBuilderInjectionRule.self,
        CreateMockAnnotationRule.self,
        InteractorDependencyInjectionRule.self,
        InteractorDisposeBagRule.self,
        InteractorRxLifecycleRule.self,
        InteractorUIImportRule.self,
        NavigationControllerDiscoveryRule.self,
        PresenterListenerRule.self,
        ProtocolPlacementRule.self,
        RouterChildReferenceRule.self,
        RouterUIAccessRule.self,
        SuperCallMismatchRule.self,
        SwiftUIPresenterRule.self,
        WeakListenerRule.self,
        WeakSelfCaptureRule.self,
    ]

    /// Rules over the whole project's RIB model.
    public static let projectRules: [any ProjectRule.Type] = [
        BackNavigationRule.self,
        InteractorKindRule.self,
        RIBCompletenessRule.self,
        RIBCycleRule.self,
        RIBTestPresenceRule.self,
    ]

    /// Descriptions of every rule, the engine's `unused_suppression` included, sorted by id.
    public static var descriptions: [RuleDescription] {
        (rules.map { $0.description } + projectRules.map { $0.description } + [UnusedSuppression.description])
            .sorted { $0.id < $1.id }
    }
}
