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
                """, messages: [
                    "presenter 'LoginViewController' subclasses UIViewController; new presenters are `UIHostingController<View>` subclasses rendering SwiftUI",
                    "presenter 'ProfileViewController' subclasses UIViewController; new presenters are `UIHostingController<View>` subclasses rendering SwiftUI",
                    "presenter 'CartViewController' subclasses UIViewController; new presenters are `UIHostingController<View>` subclasses rendering SwiftUI",
                ]),
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
        let candidates = file.model.types.filter { $0.kind == .class && $0.inherited.first == "UIViewController" }
        guard !candidates.isEmpty else { return [] }
        // What the class and its extensions in this file conform to, by name: asked once per file, not per class.
        let inherited = Dictionary(grouping: file.model.types, by: \.name).mapValues { $0.flatMap(\.inherited) }
        return candidates.compactMap { type -> Violation? in
            guard inherited[type.name, default: []].contains(where: { ProtocolRole(protocolName: $0) == .presentable }),
                let declaration = type.declaration.as(ClassDeclSyntax.self)
            else { return nil }
            return Violation(
                at: declaration.name,
                "presenter '\(type.name)' subclasses UIViewController; new presenters are `UIHostingController<View>` subclasses rendering SwiftUI")
        }
    }
}
