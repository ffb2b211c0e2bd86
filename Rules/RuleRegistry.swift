import RibsLintKit

/// Every rule ribslint ships, in the order `ribslint rules` lists them.
public enum RuleRegistry {
    public static let rules: [any Rule.Type] = [
        CreateMockAnnotationRule.self,
        InteractorDependencyInjectionRule.self,
        InteractorDisposeBagRule.self,
        NavigationControllerDiscoveryRule.self,
        RouterChildReferenceRule.self,
        RouterUIAccessRule.self,
        SuperCallMismatchRule.self,
    ]

    /// Descriptions of every rule, the engine's `unused_suppression` included, sorted by id.
    public static var descriptions: [RuleDescription] {
        (rules.map { $0.description } + [UnusedSuppression.description]).sorted { $0.id < $1.id }
    }
}
