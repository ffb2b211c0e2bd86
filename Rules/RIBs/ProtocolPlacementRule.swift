import RibsLintKit
import SwiftSyntax

public struct ProtocolPlacementRule: Rule {
    public static let description = RuleDescription(
        id: "protocol_placement",
        name: "Protocol Placement",
        summary: "A RIB protocol is declared in another RIB file than the one its role belongs in.",
        rationale: """
            RIBs Architecture Guide, "Protocol Placement is NOT Arbitrary": `*Dependency` and `*Buildable` stay in `*Builder.swift`; \
            `*Interactable` and `*ViewControllable` in `*Router.swift`; `*Routing`, `*Listener`, `*Presentable` in \
            `*Interactor.swift`. "This organization enables proper mock generation and circular dependency prevention."
            """,
        defaultSeverity: .warning,
        options: [
            OptionDoc("allowed_files", .stringList, default: .stringList(["*Interface.swift", "*Protocols.swift"]),
                "File names (with `*`) where any RIB protocol may live, for interface-module conventions."),
        ],
        triggering: [
            Example("""
                import RIBs
                1️⃣protocol LoginRouting: ViewableRouting {}
                final class LoginRouter: ViewableRouter<LoginInteractable, LoginViewControllable>, LoginRouting {}
                """, path: "Login/LoginRouter.swift"),
            Example("""
                import RIBs
                1️⃣protocol LoginInteractorDependency: Dependency {}
                2️⃣protocol LoginViewControllable: ViewControllable {}
                """, path: "Login/LoginInteractor.swift"),
        ],
        nonTriggering: [
            Example("""
                import RIBs
                protocol LoginDependency: Dependency {}
                protocol LoginBuildable: Buildable {}
                """, path: "Login/LoginBuilder.swift"),
            Example("""
                import RIBs
                protocol LoginRouting: ViewableRouting {}
                protocol LoginPresentable: Presentable {}
                protocol LoginListener: AnyObject {}
                protocol LoginPresentableListener: AnyObject {}
                """, path: "Login/LoginInteractor.swift"),
            Example("""
                protocol LoginRouting: ViewableRouting {}
                protocol LoginListener: AnyObject {}
                """, path: "LoginInterface/LoginInterface.swift"),
            Example("""
                protocol SessionListener: AnyObject {}
                """, path: "Services/SessionService.swift"),
            Example("""
                import RIBs
                protocol LoginDependency: Dependency {}
                """, path: "Login/LoginComponent.swift"),
        ])

    /// Where each protocol role belongs: the file-name suffix of its home.
    static let homes: [ProtocolRole: String] = [
        .dependency: "Builder.swift", .buildable: "Builder.swift",
        .interactable: "Router.swift", .viewControllable: "Router.swift",
        .routing: "Interactor.swift", .listener: "Interactor.swift", .presentable: "Interactor.swift",
        .presentableListener: "Interactor.swift",
    ]
    /// The four files of a RIB (RIBs Architecture Guide, "RIB Directory Structure"); a separate `*Component.swift` is not one.
    static let ribFileSuffixes = ["Builder.swift", "Interactor.swift", "Router.swift", "ViewController.swift"]

    private let allowedFiles: [String]

    public init(options: RuleOptions) {
        allowedFiles = options.strings("allowed_files")
    }

    public func violations(in file: LintFile) -> [Violation] {
        let name = file.fileName
        guard let fileSuffix = Self.ribFileSuffixes.first(where: { name.hasSuffix($0) && name.count > $0.count }),
            !allowedFiles.contains(where: { Wildcard.matches(Substring($0), name) })
        else { return [] }
        return file.model.protocols.compactMap { declaration in
            guard let role = declaration.role, let home = Self.homes[role], home != fileSuffix else { return nil }
            let expected = String(name.dropLast(fileSuffix.count)) + home
            return Violation(
                at: declaration.declaration.protocolKeyword,
                "protocol '\(declaration.name)' belongs in \(expected): *\(role.suffix) protocols live in *\(home)")
        }
    }
}
