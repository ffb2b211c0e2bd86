import RibsLintKit

extension Profile {
    /// SwiftUI-RIB (SwiftUI-RIB README): no framework and no base classes, so the Profile model's roles (base
    /// classes anywhere, name suffixes in a framework-importing file) have nothing to hold. Its roles come from
    /// structure — conformances, what a type stores, `ObservableObject`/`@Observable` — in `SwiftUIRIBRoles`, and
    /// from the name suffixes teams rename, held here as the roles' suffixes (`SwiftUIRIBNames`).
    /// Files record what their types store, so a container declared alone in its file is known by who holds it.
    public static let swiftUIRIB: Profile = {
        var profile = Profile(name: "swiftui-rib")
        profile.indexesHeldTypes = true
        // Name suffixes only (no type takes a role from them alone: the profile imports no framework), which
        // `roles:` adjusts for every rule and the graph at once.
        profile.roles = [
            RoleDefinition(.interactor, suffixes: ["Interactor"], suffixKinds: []),
            RoleDefinition(.router, suffixes: ["Router"], suffixKinds: []),
            RoleDefinition(.stateContainer, suffixes: ["StateContainer"], suffixKinds: []),
            RoleDefinition(.viewContainer, suffixes: ["ViewContainer"], suffixKinds: []),
            RoleDefinition(.publisherContainer, suffixes: ["PublisherContainer"], suffixKinds: []),
        ]
        return profile
    }()
}

extension Role {
    /// SwiftUI-RIB's observable state an interactor writes.
    public static let stateContainer = Role("state_container")
    /// SwiftUI-RIB's observable child views a router writes.
    public static let viewContainer = Role("view_container")
    /// The protocols a SwiftUI-RIB interactor exposes its streams through.
    public static let publisherContainer = Role("publisher_container")
}
