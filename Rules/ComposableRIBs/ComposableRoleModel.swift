import RibsLintKit

/// ComposableRIBs' roles for custom rules: routers, builders, SwiftUI views and reducers, as the profile's rules
/// find them.
struct ComposableRoleModel: RoleModel {
    var roleNames: [String] { ["router", "builder", "view", "reducer"] }

    func role(of type: TypeDeclaration, in file: LintFile) -> String? {
        let roles = ComposableRoles.of(file)
        if roles.isRouter(type) { return "router" }
        if roles.isBuilder(type) { return "builder" }
        if roles.isView(type) { return "view" }
        if roles.isReducer(type) { return "reducer" }
        return nil
    }

    func role(ofTypeNamed name: String, in file: LintFile) -> String? {
        let roles = ComposableRoles.of(file)
        if roles.isConcreteBuilder(name) { return "builder" }
        if roles.routerKind(of: name) == .routerClass { return "router" }
        return nil
    }
}
