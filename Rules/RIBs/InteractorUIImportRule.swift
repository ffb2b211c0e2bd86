import RibsLintKit
import SwiftSyntax

public struct InteractorUIImportRule: Rule {
    public static let description = RuleDescription(
        id: "interactor_ui_import",
        name: "Interactor UI Import",
        summary: "A file declaring an interactor imports UIKit or SwiftUI.",
        rationale: """
            RIBs Architecture Guide, "RIB Components": the interactor "contains business logic and state management" and controls UI only \
            "via Presentable binders"; the RIBs overview: "Views are designed to be as dumb as possible". An interactor that \
            can see UIKit or SwiftUI starts building UI state it should hand to the presenter, and cannot be tested \
            without a UI framework.
            """,
        defaultSeverity: .warning,
        triggering: [
            Example("""
                import RIBs
                1️⃣import UIKit
                2️⃣import SwiftUI
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}
                """, messages: [
                    "interactor 'LoginInteractor' imports UIKit; keep business logic UI-free and drive the UI through the Presentable",
                    "interactor 'LoginInteractor' imports SwiftUI; keep business logic UI-free and drive the UI through the Presentable",
                ]),
            // What the file uses of UIKit is named: the types to move out before the import can go.
            Example("""
                import RIBs
                1️⃣import UIKit
                protocol AlbumRouting: ViewableRouting {
                    var navigationController: UINavigationController { get }
                }
                final class AlbumInteractor: PresentableInteractor<AlbumPresentable>, AlbumInteractable {
                    func didPick(images: [UIImage]) {}
                }
                """, messages: [
                    "interactor 'AlbumInteractor' imports UIKit for 'UINavigationController', 'UIImage'; keep business logic UI-free: leave them to the presenter and the router, and drive the UI through the Presentable",
                ]),
            // A type of the app's own named like UIKit's is none of UIKit's.
            Example("""
                // file: Shared/UIState.swift
                struct UIState {}
                // file: Home/HomeInteractor.swift
                import RIBs
                1️⃣import UIKit
                final class HomeInteractor: PresentableInteractor<HomePresentable>, HomeInteractable {
                    var state = UIState()
                }
                """, messages: [
                    "interactor 'HomeInteractor' imports UIKit; keep business logic UI-free and drive the UI through the Presentable",
                ]),
            // An import that holds wherever UIKit exists is an import of UIKit.
            Example("""
                import RIBs
                #if canImport(UIKit)
                1️⃣import UIKit
                #endif
                final class CartInteractor: Interactor, CartInteractable {}
                """, messages: [
                    "interactor 'CartInteractor' imports UIKit; keep business logic UI-free and drive the UI through the Presentable",
                ]),
        ],
        nonTriggering: [
            Example("""
                import Foundation
                import RIBs
                import RxSwift
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}
                """),
            Example("""
                import RIBs
                import UIKit
                final class LoginViewController: UIViewController, LoginPresentable {}
                """),
            Example("""
                import RIBs
                import UIKit
                final class InteractorMock: Interactor {}
                """, path: "RIBsTests/Mocks.swift"),
            Example("""
                import RIBs
                #if false
                import UIKit
                #endif
                final class CartInteractor: Interactor, CartInteractable {}
                """),
        ])

    static let uiModules: Set<String> = ["UIKit", "SwiftUI"]

    /// The UIKit types the file's code names (`UIImage`, `UINavigationController`), in the order they first appear;
    /// comments and strings say nothing, nor does a type of the project's own (`struct UIState`).
    static func uiKitNames(in file: LintFile) -> [String] {
        guard file.contains("UI") else { return [] }
        var names: [String] = []
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, RIBName.isUIKit(name), name != "UIKit", !names.contains(name) else { continue }
            names.append(name)
        }
        return names.filter { file.model.projectTypes.primary($0) == nil }
    }

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard let interactor = file.model.types.first(where: { $0.role == .interactor && $0.kind == .class }) else { return [] }
        return file.tree.importDeclarations.compactMap { importDecl -> Violation? in
            guard let module = importDecl.path.first?.name.text, Self.uiModules.contains(module) else { return nil }
            // The UIKit types the file uses are what removing the import breaks: named, they say what to move.
            let used = module == "UIKit" ? Self.uiKitNames(in: file) : []
            let named = used.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (used.count > 3 ? ", …" : "")
            return Violation(
                at: importDecl,
                used.isEmpty
                    ? "interactor '\(interactor.name)' imports \(module); keep business logic UI-free and drive the UI through the Presentable"
                    : "interactor '\(interactor.name)' imports UIKit for \(named); keep business logic UI-free: leave them to the presenter "
                        + "and the router, and drive the UI through the Presentable")
        }
    }
}
