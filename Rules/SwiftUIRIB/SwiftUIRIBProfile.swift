import RibsLintKit

extension Profile {
    /// Its roles and rules come with the profile's rulebook (RULES-swiftui-rib.md); until then only the rules for
    /// every Swift file run under it.
    public static let swiftUIRIB = Profile(name: "swiftui-rib")
}
