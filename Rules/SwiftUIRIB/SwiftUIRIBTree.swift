import RibsLintKit

/// A SwiftUI-RIB file's parts as the RIB tree reads them (`RIBFacts`, `ribslint graph`): builders,
/// interactors, routers and RIB views, each in the RIB of its name prefix; the children a router's attach
/// methods build are its edges.
enum SwiftUIRIBTree {
    static func parts(of file: LintFile) -> [RIBFacts.TypedPart] {
        guard !file.isTestFile else { return [] }
        let roles = SwiftUIRIBRoles.of(file)
        return file.model.types.compactMap { type in
            guard type.kind == .class || type.kind == .struct, let role = roles.roles[type.name] else { return nil }
            let treeRole: Role
            switch role {
            case .builder: treeRole = .builder
            case .interactor: treeRole = .interactor
            case .router: treeRole = .router
            case .view: treeRole = .presenter
            case .stateContainer, .viewContainer, .dependency: return nil
            }
            let rib = role == .builder ? String(type.name.dropLast("Builder".count)) : roles.names.prefix(of: type.name)
            return (type, treeRole, rib, nil)
        }
    }
}
