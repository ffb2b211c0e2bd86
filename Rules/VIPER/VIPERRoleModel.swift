import RibsLintKit

/// VIPER's roles for custom rules (`role: presenter`): the module's parts as the profile's rules find them.
struct VIPERRoleModel: RoleModel {
    var roleNames: [String] { VIPERRole.allCases.map(\.customRuleName) }

    func role(of type: TypeDeclaration, in file: LintFile) -> String? {
        VIPERModule.of(file).parts.first { $0.type.name == type.name }?.role.customRuleName
    }

    func role(ofTypeNamed name: String, in file: LintFile) -> String? {
        guard let entry = file.model.projectTypes.primary(name) else { return nil }
        return VIPERModule.role(of: name, kind: entry.kind, inherited: entry.inherited, declaration: nil, resolver: file.model.projectTypes)?
            .customRuleName
    }
}

extension VIPERRole {
    /// Its name in `custom_rules`: `view`, `presenter`, `interactor`, `router`, `factory`.
    var customRuleName: String {
        switch self {
        case .view: "view"
        case .presenter: "presenter"
        case .interactor: "interactor"
        case .router: "router"
        case .factory: "factory"
        }
    }
}
