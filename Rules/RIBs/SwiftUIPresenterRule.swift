import RibsLintKit
import SwiftSyntax

public struct SwiftUIPresenterRule: Rule {
    public static let description = RuleDescription(
        id: "swiftui_presenter",
        name: "SwiftUI Presenter",
        summary: "A presenter conforming to its RIB's `Presentable` contract is a UIKit view controller (directly or through the app's base classes) instead of a `UIHostingController<View>`.",
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
            // The contract its interactor is a `PresentableInteractor` of, misspelt and refining nothing: a presenter all the same.
            Example("""
                // file: Splash/SplashInteractor.swift
                import RIBs
                protocol SplashPresntable: AnyObject {}
                final class SplashInteractor: PresentableInteractor<SplashPresntable>, SplashInteractable {}
                // file: Splash/SplashViewController.swift
                import RIBs
                import UIKit
                final class 1️⃣SplashViewController: UIViewController, SplashPresntable, SplashViewControllable {}
                """, messages: [
                    "presenter 'SplashViewController' subclasses UIViewController; new presenters are `UIHostingController<View>` subclasses rendering SwiftUI",
                ]),
            // Through the app's base class, a table view controller, or Texture's view controller.
            Example("""
                import AsyncDisplayKit
                import RIBs
                import UIKit
                class BaseViewController: UIViewController {}
                final class 1️⃣FeedViewController: BaseViewController, FeedPresentable, FeedViewControllable {}
                final class 2️⃣InboxViewController: UITableViewController, InboxPresentable {}
                final class 3️⃣LoginViewController: ASDKViewController<LoginContainerNode>, LoginPresentable, LoginViewControllable {}
                """, messages: [
                    "presenter 'FeedViewController' subclasses UIViewController (through BaseViewController); new presenters are `UIHostingController<View>` subclasses rendering SwiftUI",
                    "presenter 'InboxViewController' subclasses UITableViewController; new presenters are `UIHostingController<View>` subclasses rendering SwiftUI",
                    "presenter 'LoginViewController' subclasses ASDKViewController; new presenters are `UIHostingController<View>` subclasses rendering SwiftUI",
                ]),
            // The RIB's presenter contract is named otherwise, and refines `Presentable`; a base class adopting such a contract
            // for its subclasses is none itself.
            Example("""
                // file: Counter/CounterInteractor.swift
                import RIBs
                protocol CounterPresenting: Presentable {}
                // file: Counter/CounterViewController.swift
                import RIBs
                final class 1️⃣CounterViewController: UIViewController, CounterPresenting, CounterViewControllable {}
                // file: Base/BaseViewController.swift
                import RIBs
                protocol AppPresenting: Presentable {}
                class BaseViewController: UIViewController, AppPresenting {}
                // file: Feed/FeedViewController.swift
                import RIBs
                final class 2️⃣FeedViewController: BaseViewController {}
                """, messages: [
                    "presenter 'CounterViewController' subclasses UIViewController; new presenters are `UIHostingController<View>` subclasses rendering SwiftUI",
                    "presenter 'FeedViewController' subclasses UIViewController (through BaseViewController); new presenters are `UIHostingController<View>` subclasses rendering SwiftUI",
                ]),
            // The app's base class adopts the framework's bare `Presentable` for its subclasses: only they are presenters.
            Example("""
                // file: Base/BaseViewController.swift
                import RIBs
                import UIKit
                class BaseViewController: UIViewController, Presentable {}
                // file: Feed/FeedViewController.swift
                import RIBs
                final class 1️⃣FeedViewController: BaseViewController, FeedPresentable, FeedViewControllable {}
                // file: Profile/ProfileViewController.swift
                import RIBs
                class 2️⃣ProfileViewController: UIViewController, Presentable, ProfileViewControllable {}
                final class 3️⃣ProfilePadViewController: ProfileViewController {}
                """, messages: [
                    "presenter 'FeedViewController' subclasses UIViewController (through BaseViewController); new presenters are `UIHostingController<View>` subclasses rendering SwiftUI",
                    "presenter 'ProfileViewController' subclasses UIViewController; new presenters are `UIHostingController<View>` subclasses rendering SwiftUI",
                    "presenter 'ProfilePadViewController' subclasses UIViewController (through ProfileViewController); new presenters are `UIHostingController<View>` subclasses rendering SwiftUI",
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
            // A hosting controller through the app's base class, and a container, are no UIKit presenters.
            Example("""
                import RIBs
                import SwiftUI
                class HostingScreen<Content: View>: UIHostingController<Content> {}
                final class PayViewController: HostingScreen<PayView>, PayPresentable {}
                final class TabsViewController: UITabBarController, TabsPresentable {}
                class AppNavigationController: UINavigationController {}
                final class FlowViewController: AppNavigationController, FlowPresentable {}
                """),
            // An app's base class given the SwiftUI view it hosts renders SwiftUI.
            Example("""
                import RIBs
                import SwiftUI
                class BaseViewController<Content: View>: UIViewController {
                    func attach(view: Content) {}
                }
                struct CartView: View {
                    var body: some View { Text("Cart") }
                }
                final class CartViewController: BaseViewController<CartView>, CartPresentable, CartViewControllable {}
                """),
        ])

    public init(options: RuleOptions) {}

    /// UIKit screens a presenter may descend from, Texture's (`ASDKViewController<Node>`, a `UIViewController`) among them;
    /// a chain that passes a hosting controller or a container is none.
    static let uiKitScreens: Set<String> = ["UIViewController", "UITableViewController", "UICollectionViewController", "ASDKViewController", "ASViewController"]
    static let notScreens = ViewControllerReach.containerClasses.union(["UIHostingController"])

    /// `class BaseViewController: UIViewController, Presentable`, which the app's classes subclass: a base class adopting
    /// only the framework's own `Presentable`, and no RIB's contract (`FeedViewControllable`), is no RIB's presenter;
    /// its subclasses are reported. A test double subclassing it makes it no base.
    static func isBaseOfPresenters(_ type: TypeDeclaration, presentables: [String], refined: Bool = false, file: LintFile) -> Bool {
        let resolver = file.model.projectTypes
        guard refined || presentables.allSatisfy({ $0 == "Presentable" }),
            !resolver.supertypes(of: type.inherited + resolver.extensionConformances(of: type.name)).contains(where: { name in
                ProtocolRole(protocolName: name) == .viewControllable && name != "ViewControllable"
            })
        else { return false }
        return resolver.inheritors(of: type.name).contains { $0.entry.kind == .class && !TestCode.isTestDouble($0.name) }
    }

    /// `DetailViewController: BaseViewController<DetailView>` with `DetailView: View`: a base class of the app's
    /// that hosts the SwiftUI view it is given renders SwiftUI, whatever UIKit class it descends from.
    static func hostsSwiftUIView(_ type: TypeDeclaration, file: LintFile) -> Bool {
        let resolver = file.model.projectTypes
        return type.superclassArguments.contains { name in
            guard let entry = resolver.primary(name) else { return false }
            return entry.kind == .struct && entry.inherited.contains("View")
        }
    }

    public func violations(in file: LintFile) -> [Violation] {
        guard file.contains("Controller") else { return [] }
        let candidates = file.model.types.filter { type in
            type.kind == .class && type.inheritance.superclasses.contains(where: Self.uiKitScreens.contains)
                && !type.inheritance.superclasses.contains(where: Self.notScreens.contains) && !Self.hostsSwiftUIView(type, file: file)
        }
        guard !candidates.isEmpty else { return [] }
        // What the class and its extensions in this file conform to, by name: asked once per file, not per class.
        let inherited = Dictionary(grouping: file.model.types, by: \.name).mapValues { $0.flatMap(\.inherited) }
        // The contracts interactors are `PresentableInteractor`s of, whatever they are named (`SplashPresntable`): asked
        // once per file, and only where a screen adopts no `*Presentable` of either kind above.
        var interactorContracts: Set<String>?
        return candidates.compactMap { type -> Violation? in
            let conformances = inherited[type.name, default: []] + type.inheritance.conformances
            var presentables = conformances.filter { ProtocolRole(protocolName: $0) == .presentable }
            // A contract named otherwise that refines one (`protocol CounterPresenting: Presentable`); a class adopting one
            // that other classes inherit is their base, as with the bare `Presentable`.
            let refined = presentables.isEmpty
            if refined {
                presentables = conformances.filter { name in
                    file.model.projectTypes.primary(name)?.kind == .protocol
                        && file.model.projectTypes.firstSupertype(of: [name], where: { ProtocolRole(protocolName: $0) == .presentable }) != nil
                }
            }
            if presentables.isEmpty {
                if interactorContracts == nil {
                    interactorContracts = Set(file.model.projectTypes.inheritors(of: "PresentableInteractor").flatMap(\.entry.genericArguments))
                }
                presentables = conformances.filter { interactorContracts?.contains($0) == true && file.model.projectTypes.primary($0)?.kind == .protocol }
            }
            guard !presentables.isEmpty, !Self.isBaseOfPresenters(type, presentables: presentables, refined: refined, file: file),
                let declaration = type.declaration.as(ClassDeclSyntax.self),
                let screen = type.inheritance.superclasses.firstIndex(where: Self.uiKitScreens.contains)
            else { return nil }
            let bases = type.inheritance.superclasses[..<screen]
            let through = bases.isEmpty ? "" : " (through \(bases.joined(separator: ", ")))"
            return Violation(
                at: declaration.name,
                "presenter '\(type.name)' subclasses \(type.inheritance.superclasses[screen])\(through); new presenters are `UIHostingController<View>` subclasses rendering SwiftUI")
        }
    }
}
