import RibsLintKit

public struct InteractorKindRule: ProjectRule {
    public static let description = RuleDescription(
        id: "interactor_kind",
        name: "Interactor Kind",
        summary: "A view-having RIB's interactor extends plain `Interactor`, or a view-less RIB's extends `PresentableInteractor`.",
        rationale: """
            RIBs Architecture Guide, "Frequently Asked Pitfalls and FAQ": "Use PresentableInteractor only for view-having RIBs. View-less RIBs extend base Interactor \
            and have no Presentable." The base class says whether the interactor drives a presenter; getting it wrong \
            leaves a view without its presenter contract, or a coordinator with a presenter it cannot have.
            """,
        defaultSeverity: .warning,
        triggering: [
            // A SwiftUI screen that talks to its interactor through a listener of its own still owns a view.
            Example("""
                // file: Settings/SettingsBuilder.swift
                import ModernRIBs
                final class SettingsBuilder: Builder<SettingsDependency>, SettingsBuildable {
                    func build(withListener listener: SettingsListener) -> SettingsRouting {
                        let viewController = SettingsViewController()
                        let interactor = SettingsInteractor()
                        viewController.listener = interactor
                        return SettingsRouter(interactor: interactor, viewController: viewController)
                    }
                }
                // file: Settings/SettingsInteractor.swift
                import ModernRIBs
                final class 1️⃣SettingsInteractor: Interactor, SettingsInteractable {}
                // file: Settings/SettingsRouter.swift
                import ModernRIBs
                final class SettingsRouter: ViewableRouter<SettingsInteractable, SettingsViewControllable>, SettingsRouting {}
                // file: Settings/SettingsViewController.swift
                import ModernRIBs
                final class SettingsViewController: UIHostingController<SettingsView>, SettingsViewControllable {}
                """, messages: [
                    "the RIB 'Settings' has a presenter but 'SettingsInteractor' extends Interactor; view-having RIBs extend PresentableInteractor<SettingsPresentable> (declare that protocol for the presenter if it has none)",
                ]),
            Example("""
                // file: Login/LoginInteractor.swift
                import RIBs
                final class 1️⃣LoginInteractor: Interactor, LoginInteractable {}
                // file: Login/LoginViewController.swift
                import RIBs
                final class LoginViewController: UIHostingController<LoginView>, LoginPresentable, LoginViewControllable {}
                // file: Flow/FlowInteractor.swift
                import RIBs
                final class 2️⃣FlowInteractor: PresentableInteractor<FlowPresentable>, FlowInteractable {}
                final class FlowRouter: Router<FlowInteractable>, FlowRouting {}
                """, messages: [
                    "the RIB 'Login' has a presenter but 'LoginInteractor' extends Interactor; view-having RIBs extend PresentableInteractor<LoginPresentable> (declare that protocol for the presenter if it has none)",
                    "the RIB 'Flow' has no presenter but 'FlowInteractor' extends PresentableInteractor; view-less RIBs extend Interactor",
                ]),
            // A UIKit screen that is only `*ViewControllable` but keeps a listener its builder points at the interactor.
            Example("""
                // file: Home/HomeBuilder.swift
                import ModernRIBs
                final class HomeBuilder: Builder<HomeDependency>, HomeBuildable {
                    func build(withListener listener: HomeListener) -> ViewableRouting {
                        let interactor = HomeInteractor()
                        let viewController = HomeViewController()
                        viewController.listener = interactor
                        return HomeRouter(interactor: interactor, viewController: viewController)
                    }
                }
                // file: Home/HomeInteractor.swift
                import ModernRIBs
                final class 1️⃣HomeInteractor: Interactor, HomeInteractable, HomeViewListener {}
                // file: Home/HomeRouter.swift
                import ModernRIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {}
                // file: Home/HomeViewController.swift
                import UIKit
                protocol HomeViewListener: AnyObject {}
                final class HomeViewController: UIViewController, HomeViewControllable {
                    weak var listener: HomeViewListener?
                }
                """, messages: [
                    "the RIB 'Home' has a presenter but 'HomeInteractor' extends Interactor; view-having RIBs extend PresentableInteractor<HomePresentable> (declare that protocol for the presenter if it has none)",
                ]),
            // A screen the builder hands a `ViewableRouter`, conforming only to its `*ViewControllable`: a view all the same.
            Example("""
                // file: Card/CardBuilder.swift
                import RIBs
                final class CardBuilder: Builder<CardDependency>, CardBuildable {
                    func build(withListener listener: CardListener) -> CardRouting {
                        let viewController = CardViewController()
                        let interactor = CardInteractor()
                        return CardRouter(interactor: interactor, viewController: viewController)
                    }
                }
                // file: Card/CardInteractor.swift
                import RIBs
                final class 1️⃣CardInteractor: Interactor, CardInteractable {}
                // file: Card/CardRouter.swift
                import RIBs
                final class CardRouter: ViewableRouter<CardInteractable, CardViewControllable>, CardRouting {}
                // file: Card/CardViewController.swift
                import RIBs
                final class CardViewController: UIViewController, CardViewControllable {}
                """, messages: [
                    "the RIB 'Card' has a presenter but 'CardInteractor' extends Interactor; view-having RIBs extend PresentableInteractor<CardPresentable> (declare that protocol for the presenter if it has none)",
                ]),
        ],
        nonTriggering: [
            // A `ViewableRouter`, or an app's base router from another module, whose view controller the project does not
            // show: a RIB missing its view controller (`rib_completeness`), not an interactor of the wrong kind.
            Example("""
                // file: Pay/PayRouter.swift
                import RIBs
                final class PayInteractor: PresentableInteractor<PayPresentable>, PayInteractable {}
                final class PayRouter: ViewableRouter<PayInteractable, PayViewControllable>, PayRouting {}
                // file: Shop/ShopRouter.swift
                import RIBs
                import CoreRouting
                final class ShopInteractor: PresentableInteractor<ShopPresentable>, ShopInteractable {}
                final class ShopRouter: BaseRouter<ShopInteractable, ShopViewControllable>, ShopRouting {}
                """),
            SharedExamples.wiredTabs,
            SharedExamples.sharedPresenter,
            Example("""
                // file: Login/LoginInteractor.swift
                import RIBs
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}
                // file: Login/LoginViewController.swift
                import RIBs
                final class LoginViewController: UIHostingController<LoginView>, LoginPresentable, LoginViewControllable {}
                // file: Flow/FlowInteractor.swift
                import RIBs
                final class FlowInteractor: Interactor, FlowInteractable {}
                final class FlowRouter: Router<FlowInteractable>, FlowRouting {}
                // file: Cards/CardsInteractor.swift
                import RIBs
                final class CardsInteractor: PresentableInteractor<CardsPresentable>, CardsInteractable {}
                final class CardsRouter: ViewableRouter<CardsInteractable, CardsViewControllable>, CardsRouting {}
                final class CardsViewController: UIViewController, CardsViewControllable {}
                extension CardsViewController: CardsPresentable {}
                // file: Root/RootRouter.swift
                import RIBs
                final class RootInteractor: Interactor, RootInteractable {}
                final class RootViewController: UIViewController, RootViewControllable {}
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {}
                """),
            // A tab bar controller keeping a listener is still the container of a view-less coordinator.
            Example("""
                // file: Root/RootRouter.swift
                import RIBs
                final class RootInteractor: Interactor, RootInteractable {}
                final class RootViewController: UIViewController, RootViewControllable {
                    private let keyboard: KeyboardListener
                    init(keyboard: KeyboardListener) { self.keyboard = keyboard; super.init(nibName: nil, bundle: nil) }
                }
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {}
                // file: Support/KeyboardListener.swift
                final class KeyboardListener {}
                """),
            Example("""
                // file: Main/MainRouter.swift
                import ModernRIBs
                protocol MainViewListener: AnyObject {}
                final class MainInteractor: Interactor, MainInteractable, MainViewListener {}
                final class MainViewController: UITabBarController, MainViewControllable {
                    weak var listener: MainViewListener?
                }
                final class MainRouter: LaunchRouter<MainInteractable, MainViewControllable>, MainRouting {}
                """),
        ],
        precision: .medium)

    public static let facts: [any FileFacts.Type] = [RIBFacts.self]

    public init(options: RuleOptions) {}

    public func violations(in project: Project) -> [ProjectViolation] {
        let project = project.model(RIBProject.self)
        return project.ribs.values.sorted { ($0.name, $0.id) < ($1.name, $1.id) }.compactMap { rib in
            guard let interactor = rib.parts[.interactor] else { return nil }
            let hasPresenter = rib.hasPresenter
            switch interactor.superclass {
            case "Interactor" where hasPresenter:
                return ProjectViolation(
                    at: interactor.point,
                    "the RIB '\(rib.name)' has a presenter but '\(interactor.typeName)' extends Interactor; view-having RIBs extend PresentableInteractor<\(rib.name)Presentable> (declare that protocol for the presenter if it has none)")
            // Only a view-less `Router` says the RIB has no view; with any other (a `ViewableRouter`, a launch router, an
            // app's base router from another module) a view controller missing is `rib_completeness`'s finding.
            case "PresentableInteractor" where rib.parts[.presenter] == nil && rib.hasViewLessRouter:
                return ProjectViolation(
                    at: interactor.point,
                    "the RIB '\(rib.name)' has no presenter but '\(interactor.typeName)' extends PresentableInteractor; view-less RIBs extend Interactor")
            default:
                return nil
            }
        }
    }
}
