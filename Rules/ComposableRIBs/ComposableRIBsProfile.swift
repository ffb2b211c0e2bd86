import RibsLintKit

extension Profile {
    /// RIBs on The Composable Architecture (ComposableRIBs Module Wiring Guide; RULES-composable-ribs.md "Roles"). The
    /// model's roles hold what a base class alone decides: ComposableRIBs' own router classes and contract. Everything the
    /// rules need beyond that — routing contracts refined through the project, names ComposableRIBs shares with Uber RIBs,
    /// legacy RIBs + TCA modules, builders, views, reducers, stores — is `ComposableRoles`. No name suffix gives a role.
    /// Files record what their types store, so a router split into extensions in other files knows its children there.
    public static let composableRIBs: Profile = {
        var profile = Profile(
            name: "composable-ribs",
            frameworks: ["ComposableRIBs", "ComposableRIBsCore", "ComposableRIBsTCA", "ComposableRIBsUI"],
            roles: [
                RoleDefinition(.router, baseClasses: ["SwiftUIHostingRouter", "UIKitLaunchRouter", "BaseLaunchRouter", "RoutableViewControlling"])
            ])
        profile.indexesHeldTypes = true
        return profile
    }()
}
