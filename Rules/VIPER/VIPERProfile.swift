import RibsLintKit

extension Profile {
    /// Its roles and rules come with the profile's rulebook (RULES-viper.md); until then only the rules for
    /// every Swift file run under it.
    public static let viper = Profile(name: "viper")
}
