import RibsLintKit

extension Profile {
    /// SwiftUI-RIB (SwiftUI-RIB README): no framework and no base classes, so the Profile model's roles (base
    /// classes anywhere, name suffixes in a framework-importing file) have nothing to hold. Its roles come from
    /// structure — conformances, what a type stores, `ObservableObject`/`@Observable` — in `SwiftUIRIBRoles`, and
    /// the name suffixes teams rename are options of the rules that read them (`SwiftUIRIBNames.options`).
    /// Files record what their types store, so a container declared alone in its file is known by who holds it.
    public static let swiftUIRIB: Profile = {
        var profile = Profile(name: "swiftui-rib")
        profile.indexesHeldTypes = true
        return profile
    }()
}
