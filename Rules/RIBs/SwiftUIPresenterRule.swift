import RibsLintKit
import SwiftSyntax

public struct SwiftUIPresenterRule: Rule {
    public static let description = RuleDescription(
        id: "swiftui_presenter",
        name: "SwiftUI Presenter",
        summary: "A presenter conforming to `*Presentable` subclasses `UIViewController` directly instead of `UIHostingController<View>`.",
        rationale: """
            RIBs Architecture Guide, "RIB Types" (SwiftUI-only for new UI): "All new view-having RIBs MUST implement UI in SwiftUI and use a \
            `UIHostingController<ViewType>` presenter. Do not introduce new UIKit-based presenters." Existing UIKit \
            presenters are legacy: suppress them per file or list them in `disabled_rules` for their folders.
            """,
        defaultSeverity: .warning,
        triggering: [
            Example("""
                import RIBs
                final class 1️⃣LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {}
                final class 2️⃣ProfileViewController: UIKit.UIViewController, ProfilePresentable {}
                final class 3️⃣CartViewController: UIViewController, CartViewControllable {}
                extension CartViewController: CartPresentable {}
                """),
        ],
        nonTriggering: [
            Example("""
                import RIBs
                import SwiftUI
                final class LoginViewController: UIHostingController<LoginView>, LoginPresentable, LoginViewControllable {}
                final class RootViewController: UIViewController, RootViewControllable {}
                final class SettingsViewController: UIViewController {}
                """),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        file.model.types.compactMap { type -> Violation? in
            let conformances = file.model.types.filter { $0.name == type.name }.flatMap(\.inherited)
            guard type.kind == .class, type.inherited.first == "UIViewController",
                conformances.contains(where: { ProtocolRole(protocolName: $0) == .presentable }),
                let declaration = type.declaration.as(ClassDeclSyntax.self)
            else { return nil }
            return Violation(
                at: declaration.name,
                "presenter '\(type.name)' subclasses UIViewController; new presenters are `UIHostingController<View>` subclasses rendering SwiftUI")
        }
    }
}
