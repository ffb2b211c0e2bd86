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
                """, path: "Login/LoginRouter.swift", messages: [
                    "protocol 'LoginRouting' belongs in the Login RIB's interactor file (*Interactor.swift), where *Routing protocols live",
                ]),
            Example("""
                import RIBs
                1️⃣protocol LoginInteractorDependency: Dependency {}
                2️⃣protocol LoginViewControllable: ViewControllable {}
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}
                """, path: "Login/LoginInteractor.swift", messages: [
                    "protocol 'LoginInteractorDependency' belongs in the Login RIB's builder file (*Builder.swift), where *Dependency protocols live",
                    "protocol 'LoginViewControllable' belongs in the Login RIB's router file (*Router.swift), where *ViewControllable protocols live",
                ]),
            // A presenter's file is a presenter file whatever it is called.
            Example("""
                import RIBs
                1️⃣protocol ShareViewControllerListener: AnyObject {}
                final class ShareExtensionViewController: UIViewController, SharePresentable, ShareViewControllable {}
                """, path: "Share/ShareExtension.swift", messages: [
                    "protocol 'ShareViewControllerListener' belongs in the Share RIB's interactor file (*Interactor.swift), where *Listener protocols live",
                ]),
            // Uber's Xcode template keeps it beside the view controller; an interactor file is then the wrong place.
            Example("""
                import RIBs
                1️⃣protocol LoginPresentableListener: AnyObject {}
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}
                """, path: "Login/LoginInteractor.swift", configuration: ["presentable_listener_file": .string("presenter")], messages: [
                    "protocol 'LoginPresentableListener' belongs in the Login RIB's presenter file (*ViewController.swift), where *PresentableListener protocols live",
                ]),
        ],
        nonTriggering: [
            // The app's generic base router and the routing contract its subclasses' contracts refine: no RIB's file.
            Example("""
                // file: Common/RIBs/BaseViewableRouter.swift
                import RIBs
                protocol BaseViewableRouting: ViewableRouting {
                    func request(_ request: BaseViewableRouterRequest)
                }
                class BaseViewableRouter<InteractorType, ViewControllerType>: ViewableRouter<InteractorType, ViewControllerType>, BaseViewableRouting {
                    func request(_ request: BaseViewableRouterRequest) {}
                }
                """),
            // A public screen of a shared module, built by the builders of RIBs of other names in other modules: no one RIB's
            // interactor file can hold its listener.
            Example("""
                // file: Shared/Sources/SeeAll/SeeAllViewController.swift
                import ModernRIBs
                import UIKit
                public protocol SeeAllPresentableListener: AnyObject { func didTapClose() }
                public final class SeeAllViewController: UIViewController, SeeAllPresentable, SeeAllViewControllable {
                    public weak var listener: SeeAllPresentableListener?
                }
                // file: Places/Sources/PlacesSeeAll/PlacesSeeAllBuilder.swift
                import ModernRIBs
                import Shared
                final class PlacesSeeAllBuilder: Builder<PlacesSeeAllDependency>, PlacesSeeAllBuildable {
                    func build(withListener listener: PlacesSeeAllListener) -> PlacesSeeAllRouting {
                        let viewController = SeeAllViewController()
                        let interactor = PlacesSeeAllInteractor(presenter: viewController)
                        return PlacesSeeAllRouter(interactor: interactor, viewController: viewController)
                    }
                }
                """),
            // A kit's base view controller, open for the apps' presenters to subclass.
            Example("""
                import RIBs
                public protocol BaseViewControllable: ViewControllable {}
                open class BaseViewController: UIViewController, BaseViewControllable {}
                """, path: "Kit/BaseViewController.swift"),
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
        ],
        corrections: [
            // Moved with its doc comment above the class of the right file beside it, when that file exists.
            Correction(Example("""
                // file: Login/LoginViewController.swift
                import RIBs
                import UIKit

                /// What the screen tells the interactor.
                protocol LoginPresentableListener: AnyObject {
                    func didTapLogin(name: String)
                }

                final class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {
                    weak var listener: LoginPresentableListener?
                }
                // file: Login/LoginInteractor.swift
                import RIBs

                protocol LoginPresentable: Presentable {}

                /// Logs the user in.
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable, LoginPresentableListener {}
                """), becomes: """
                // file: Login/LoginViewController.swift
                import RIBs
                import UIKit

                final class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {
                    weak var listener: LoginPresentableListener?
                }
                // file: Login/LoginInteractor.swift
                import RIBs

                protocol LoginPresentable: Presentable {}

                /// What the screen tells the interactor.
                protocol LoginPresentableListener: AnyObject {
                    func didTapLogin(name: String)
                }

                /// Logs the user in.
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable, LoginPresentableListener {}
                """),
            // A `// MARK:` naming the protocol goes with it, and it lands above the destination class's own MARK.
            Correction(Example("""
                // file: Cart/CartBuilder.swift
                import RIBs

                // MARK: - CartInteractable

                protocol CartInteractable: Interactable {}

                // MARK: - CartBuilder

                final class CartBuilder: Builder<CartDependency>, CartBuildable {}
                // file: Cart/CartRouter.swift
                import RIBs

                // MARK: - CartRouter

                final class CartRouter: Router<CartInteractable>, CartRouting {}
                """), becomes: """
                // file: Cart/CartBuilder.swift
                import RIBs

                // MARK: - CartBuilder

                final class CartBuilder: Builder<CartDependency>, CartBuildable {}
                // file: Cart/CartRouter.swift
                import RIBs

                // MARK: - CartInteractable

                protocol CartInteractable: Interactable {}

                // MARK: - CartRouter

                final class CartRouter: Router<CartInteractable>, CartRouting {}
                """),
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
        // An `open` class is a base for other modules' parts (`open class BaseViewController`), no RIB's own; so is a
        // generic one (`class BaseViewableRouter<I, V>`), as the RIB model has it.
        let parts = file.model.types.filter { type in
            let declaration = type.declaration.as(ClassDeclSyntax.self)
            return type.kind == .class && type.role.map { Self.fileSuffixes[$0] != nil } == true
                && declaration?.modifiers.contains(.open) != true && declaration?.genericParameterClause == nil
        }
        guard let first = parts.first, let firstRole = first.role else { return [] }
        let roles = Set(parts.compactMap(\.role))
        let rib = RIBFacts.ribName(of: first, role: firstRole, profile: file.profile, path: file.path, resolver: file.model.projectTypes)
        // A public screen of a shared module that no RIB of its name has parts for (`public final class
        // StorySeeAllViewController`, built by the builders of four RIBs in other modules): its contracts serve them all,
        // and no one RIB's file can hold them.
        let isShared = first.declaration.as(ClassDeclSyntax.self)?.modifiers.contains(.public) == true
        return file.model.protocols.compactMap { declaration in
            guard let role = declaration.role, let home = homes[role], !roles.contains(home), let suffix = Self.fileSuffixes[home]
            else { return nil }
            if isShared, file.model.projectTypes.primary(rib + suffix.replacingOccurrences(of: ".swift", with: "")) == nil { return nil }
            var violation = Violation(
                at: declaration.declaration.protocolKeyword,
                role == .presentableListener && home == .interactor
                    ? "protocol '\(declaration.name)' belongs in the \(rib) RIB's interactor file (*\(suffix)), if anywhere: a presenter should expose its events through its Presentable instead"
                    : "protocol '\(declaration.name)' belongs in the \(rib) RIB's \(home) file (*\(suffix)), where *\(role.suffix) protocols live")
            // Only the RIB's own contract moves (`LoginPresentableListener` from Login's view controller): one
            // named for another RIB is a stray the user should look at.
            guard declaration.name == rib + role.suffix else {
                violation.whyNoFix = "only \(rib + role.suffix), the \(rib) RIB's own, is moved; move '\(declaration.name)' by hand if it is this RIB's"
                return violation
            }
            switch Self.move(declaration.declaration, to: rib + suffix.replacingOccurrences(of: ".swift", with: ""), in: file) {
            case .success(let (cut, relocation)):
                violation.fix = [cut]
                violation.relocation = relocation
            case .failure(let reason):
                violation.whyNoFix = reason.text
            }
            return violation
        }
    }
}

extension ProtocolPlacementRule {
    /// Types any Swift file knows without an import.
    static let standardTypes: Set<String> = [
        "AnyObject", "Any", "Self", "Void", "Never", "Error", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8",
        "UInt16", "UInt32", "UInt64", "Double", "Float", "String", "Substring", "Character", "Optional", "Array", "Dictionary",
        "Set", "Result", "Sendable", "Equatable", "Hashable", "Identifiable", "Codable", "CustomStringConvertible",
    ]

    /// Moving a top-level protocol, with its comments (a `// MARK:` naming it included), above the class
    /// `destination` declares in the file beside this one: the cut here and the text for there. The destination
    /// must be a class of the project; the fix planner checks the moved types are known there.
    static func move(_ declaration: ProtocolDeclSyntax, to destination: String, in file: LintFile) -> Result<(Edit, Relocation), Unmoved> {
        guard declaration.parent?.parent?.parent?.is(SourceFileSyntax.self) == true else { return .failure(Unmoved("it is declared inside another declaration")) }
        // A private protocol is the file's own: moved, the file would lose it.
        guard !declaration.modifiers.keepsToFile else { return .failure(Unmoved("it is private to this file, which would lose it")) }
        guard let start = declaration.blockStart(markNaming: declaration.name.text) else {
            return .failure(Unmoved("code before it shares its first line"))
        }
        guard file.model.projectTypes.primary(destination)?.kind == .class else {
            return .failure(Unmoved("the project declares no class \(destination) to put it beside"))
        }
        let end = declaration.endPositionBeforeTrailingTrivia.utf8Offset
        let bytes = Array(file.source.utf8)
        let (cr, lf) = (UInt8(ascii: "\r"), UInt8(ascii: "\n"))
        /// The length of the line break (`\n`, `\r\n` or a lone `\r`) at `index`, 0 if none.
        func lineBreak(at index: Int) -> Int {
            guard index < bytes.count else { return 0 }
            if bytes[index] == lf { return 1 }
            guard bytes[index] == cr else { return 0 }
            return index + 1 < bytes.count && bytes[index + 1] == lf ? 2 : 1
        }
        /// Past the spaces and tabs from `index`.
        func pastBlanks(_ index: Int) -> Int {
            var index = index
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            return index
        }
        var cutEnd = pastBlanks(end)
        guard cutEnd == bytes.count || lineBreak(at: cutEnd) > 0 else { return .failure(Unmoved("code after it shares its last line")) }
        cutEnd += lineBreak(at: cutEnd)
        // With a blank line on both sides, one of them goes too.
        let breakBefore = start >= 2 && bytes[start - 2] == cr && bytes[start - 1] == lf ? 2 : start >= 1 && (bytes[start - 1] == lf || bytes[start - 1] == cr) ? 1 : 0
        let blankBefore = start == 0 || (breakBefore > 0 && start - breakBefore >= 1 && (bytes[start - breakBefore - 1] == lf || bytes[start - breakBefore - 1] == cr))
        let next = pastBlanks(cutEnd)
        if blankBefore, lineBreak(at: next) > 0 { cutEnd = next + lineBreak(at: next) }
        let types = Set(declaration.tokens(viewMode: .sourceAccurate).filter { token in
            token.parent?.is(IdentifierTypeSyntax.self) == true || token.parent?.is(MemberTypeSyntax.self) == true
        }.map(\.text)).subtracting(standardTypes).sorted()
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return .success((Edit(start: start, end: cutEnd, replacement: ""), Relocation(text: text, besideClass: destination, imports: file.model.imports, types: types)))
    }

    /// Why a protocol is not moved.
    struct Unmoved: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }
}
