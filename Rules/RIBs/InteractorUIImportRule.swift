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

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard let interactor = file.model.types.first(where: { $0.role == .interactor && $0.kind == .class }) else { return [] }
        return file.tree.importDeclarations.compactMap { importDecl -> Violation? in
            guard let module = importDecl.path.first?.name.text, Self.uiModules.contains(module) else { return nil }
            return Violation(
                at: importDecl,
                "interactor '\(interactor.name)' imports \(module); keep business logic UI-free and drive the UI through the Presentable")
        }
    }
}
