import RibsLintKit

/// Every profile and rule ribslint ships, in the order `ribslint rules` lists them.
public enum RuleRegistry {
    public static let rules: [any Rule.Type] = [
        AttachDetachBalanceRule.self,
        BuilderContractTypesRule.self,
        ChildActivationRule.self,
        ChildAttachGuardRule.self,
        ChildBuilderInjectionRule.self,
        ContainerSetterVisibilityRule.self,
        CreateMockAnnotationRule.self,
        DependencyContainerStructRule.self,
        DetachCleanupRule.self,
        InteractorDependencyInjectionRule.self,
        InteractorDisposeBagRule.self,
        InteractorRxLifecycleRule.self,
        InteractorUIImportRule.self,
        NavigationControllerDiscoveryRule.self,
        PresenterListenerRule.self,
        ProtocolPlacementRule.self,
        RIBReferenceDirectionRule.self,
        RIBSuperclassRule.self,
        ReducerNavigationRule.self,
        RouterChildReferenceRule.self,
        RouterStatePollingRule.self,
        RouterStoreSendRule.self,
        RouterUIAccessRule.self,
        SuperCallMismatchRule.self,
        SwiftUIPresenterRule.self,
        VIPERInteractorNavigationRule.self,
        VIPERPresenterMainActorRule.self,
        VIPERSingletonInjectionRule.self,
        VIPERTaskCancellationRule.self,
        VIPERViewServiceAccessRule.self,
        VIPERWeakViewRule.self,
        ViewRouterReferenceRule.self,
        WeakListenerRule.self,
        WeakSelfCaptureRule.self,
    ]

    /// Rules over the whole project.
    public static let projectRules: [any ProjectRule.Type] = [
        BackNavigationRule.self,
        ChildRouterReleaseRule.self,
        InteractorKindRule.self,
        RIBCompletenessRule.self,
        RIBCycleRule.self,
        RIBTestPresenceRule.self,
    ]

    /// The profiles in the order `.ribslint.yml`'s error messages list them; `ribs` is the default.
    public static let profiles: [Profile] = [.ribs, .swiftUIRIB, .viper, .composableRIBs]

    public static let catalog = Catalog(
        profiles: profiles, rules: rules, projectRules: projectRules,
        roleModels: [Profile.viper.name: VIPERRoleModel(), Profile.composableRIBs.name: ComposableRoleModel()])

    /// Descriptions of every rule, the engine's `unused_suppression` included, sorted by id.
    public static var descriptions: [RuleDescription] { catalog.descriptions }
}
