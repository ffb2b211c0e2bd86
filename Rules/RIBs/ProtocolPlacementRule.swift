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
            `*Interactor.swift`. "This organization enables proper mock generation and circular dependency prevention." \
            A file is the file of the RIB parts it declares, whatever it is called; a file that declares none is left alone.
            """,
        defaultSeverity: .warning,
        options: [
            OptionDoc("allowed_files", .stringList, default: .stringList(["*Interface.swift", "*Protocols.swift"]),
                "File names (with `*`) where any RIB protocol may live, for interface-module conventions."),
            OptionDoc("presentable_listener_file", .string(allowed: ["interactor", "presenter"]), default: .string("interactor"),
                "Where `*PresentableListener` belongs: the interactor's file (the guide), or the presenter's (Uber's Xcode template; `conventions: uber-template` sets it)."),
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
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}
                """, path: "Login/LoginInteractor.swift"),
            // A presenter's file is a presenter file whatever it is called.
            Example("""
                import RIBs
                1️⃣protocol ShareViewControllerListener: AnyObject {}
                final class ShareExtensionViewController: UIViewController, SharePresentable, ShareViewControllable {}
                """, path: "Share/ShareExtension.swift"),
            // Uber's Xcode template keeps it beside the view controller; an interactor file is then the wrong place.
            Example("""
                import RIBs
                1️⃣protocol LoginPresentableListener: AnyObject {}
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}
                """, path: "Login/LoginInteractor.swift", configuration: ["presentable_listener_file": .string("presenter")]),
        ],
        nonTriggering: [
            Example("""
                import RIBs
                protocol LoginDependency: Dependency {}
                protocol LoginBuildable: Buildable {}
                final class LoginBuilder: Builder<LoginDependency>, LoginBuildable {}
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
            // A file declaring no RIB part is no RIB file, whatever its name.
            Example("""
                import RIBs
                protocol FeedListener: AnyObject {}
                protocol FeedInteractorDependency {}
                """, path: "Feed/FeedInteractor.swift"),
            // Several parts in one file: each protocol is at home beside its part.
            Example("""
                import RIBs
                protocol FlowDependency: Dependency {}
                protocol FlowRouting: Routing {}
                protocol FlowInteractable: Interactable {}
                final class FlowBuilder: Builder<FlowDependency>, FlowBuildable {}
                final class FlowInteractor: Interactor, FlowInteractable {}
                final class FlowRouter: Router<FlowInteractable>, FlowRouting {}
                """, path: "Flow/FlowBuilder.swift"),
            Example("""
                import RIBs
                protocol LoginDependency: Dependency {}
                """, path: "Login/LoginComponent.swift"),
            Example("""
                import RIBs
                protocol LoginPresentableListener: AnyObject {}
                final class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {}
                """, path: "Login/LoginViewController.swift", configuration: ["presentable_listener_file": .string("presenter")]),
        ])

    /// Where each protocol role belongs: the file of the RIB part with this role.
    static let homes: [ProtocolRole: Role] = [
        .dependency: .builder, .buildable: .builder,
        .interactable: .router, .viewControllable: .router,
        .routing: .interactor, .listener: .interactor, .presentable: .interactor, .presentableListener: .interactor,
    ]
    /// The file-name suffix of each part's file (RIBs Architecture Guide, "RIB Directory Structure").
    static let fileSuffixes: [Role: String] = [
        .builder: "Builder.swift", .router: "Router.swift", .interactor: "Interactor.swift", .presenter: "ViewController.swift",
    ]

    private let allowedFiles: [String]
    private let homes: [ProtocolRole: Role]

    public init(options: RuleOptions) {
        allowedFiles = options.strings("allowed_files")
        var homes = Self.homes
        if options.string("presentable_listener_file") == "presenter" { homes[.presentableListener] = .presenter }
        self.homes = homes
    }

    /// A file is a RIB file for the parts it declares, whatever it is called; one that declares none (a
    /// component, a service, an interface module) holds protocols where it likes.
    public func violations(in file: LintFile) -> [Violation] {
        guard !file.model.protocols.isEmpty, !allowedFiles.contains(where: { Wildcard.matches(Substring($0), file.fileName) })
        else { return [] }
        let parts = file.model.types.filter { $0.kind == .class && $0.role.map { Self.fileSuffixes[$0] != nil } == true }
        guard let first = parts.first, let firstRole = first.role else { return [] }
        let roles = Set(parts.compactMap(\.role))
        let rib = RIBFacts.ribName(of: first, role: firstRole, profile: file.profile, path: file.path)
        return file.model.protocols.compactMap { declaration in
            guard let role = declaration.role, let home = homes[role], !roles.contains(home), let suffix = Self.fileSuffixes[home]
            else { return nil }
            if role == .presentableListener, home == .interactor {
                return Violation(
                    at: declaration.declaration.protocolKeyword,
                    "protocol '\(declaration.name)' belongs in the \(rib) RIB's interactor file (*\(suffix)), if anywhere: a presenter should expose its events through its Presentable instead")
            }
            return Violation(
                at: declaration.declaration.protocolKeyword,
                "protocol '\(declaration.name)' belongs in the \(rib) RIB's \(home) file (*\(suffix)), where *\(role.suffix) protocols live")
        }
    }
}
