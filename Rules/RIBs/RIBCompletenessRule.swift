import RibsLintKit

public struct RIBCompletenessRule: ProjectRule {
    public static let description = RuleDescription(
        id: "rib_completeness",
        name: "RIB Completeness",
        summary: "A RIB lacks one of its parts: Builder, Interactor, Router, and a ViewController when it owns a view.",
        rationale: """
            RIBs Architecture Guide, "Adding a New RIB (Spec Checklist)": "View-having: Builder, Interactor, Router, ViewController; View-less: \
            Builder, Interactor, Router only." A RIB without its builder cannot be wired by its parent, one without a \
            router cannot attach children, one without an interactor has nowhere for its logic.
            """,
        defaultSeverity: .warning,
        triggering: [
            Example("""
                // file: Login/LoginBuilder.swift
                import RIBs
                final class 1️⃣LoginBuilder: Builder<LoginDependency>, LoginBuildable {}
                // file: Login/LoginInteractor.swift
                import RIBs
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}
                // file: Login/LoginViewController.swift
                import RIBs
                final class LoginViewController: UIHostingController<LoginView>, LoginPresentable, LoginViewControllable {}
                """, messages: [
                    "the RIB 'Login' has no Router; a view-having RIB needs Builder, Interactor, Router and ViewController",
                ]),
            Example("""
                // file: Flow/FlowRouter.swift
                import RIBs
                final class 1️⃣FlowRouter: Router<FlowInteractable>, FlowRouting {}
                // file: Flow/FlowInteractor.swift
                import RIBs
                final class FlowInteractor: Interactor, FlowInteractable {}
                """, messages: [
                    "the RIB 'Flow' has no Builder; a view-less RIB needs Builder, Interactor and Router",
                ]),
        ],
        nonTriggering: [
            SharedExamples.wiredTabs,
            SharedExamples.sharedPresenter,
            SharedExamples.serviceNamedRouter,
            SharedExamples.appBaseInteractor,
            // An app's RIB named Launch: its `LaunchRouter` is its own class (final, not generic), not RIBs' base class of
            // that name, which a vendored copy declares `open` and generic.
            Example("""
                // file: Launch/LaunchBuilder.swift
                import RIBs
                final class LaunchBuilder: Builder<LaunchDependency>, LaunchBuildable {
                    func build(withListener listener: LaunchListener) -> LaunchRouting {
                        let viewController = LaunchViewController()
                        let interactor = LaunchInteractor(presenter: viewController)
                        return LaunchRouter(interactor: interactor, viewController: viewController)
                    }
                }
                // file: Launch/LaunchRouter.swift
                import RIBs
                final class LaunchRouter: ViewableRouter<LaunchInteractable, LaunchViewControllable>, LaunchRouting {}
                // file: Launch/LaunchInteractor.swift
                import RIBs
                final class LaunchInteractor: PresentableInteractor<LaunchPresentable>, LaunchInteractable {}
                // file: Launch/LaunchViewController.swift
                import RIBs
                final class LaunchViewController: UIViewController, LaunchPresentable, LaunchViewControllable {}
                // file: Vendor/RIBs/LaunchRouter.swift
                open class LaunchRouter<InteractorType, ViewControllerType>: ViewableRouter<InteractorType, ViewControllerType>, LaunchRouting {}
                """),
            // A launch builder makes a child's screen for its component before its own: its presenter is the one it hands
            // the router, and the child's screen stays the child's.
            Example("""
                // file: Home/HomeBuilder.swift
                import RIBs
                final class HomeBuilder: Builder<HomeDependency>, HomeBuildable {
                    func build() -> LaunchRouting {
                        let feedViewController = FeedViewController()
                        let tabBar = HomeTabBarController()
                        let component = HomeComponent(dependency: dependency, feedViewController: feedViewController)
                        let interactor = HomeInteractor(presenter: tabBar)
                        return HomeRouter(interactor: interactor, viewController: tabBar, feedBuilder: FeedBuilder(dependency: component))
                    }
                }
                // file: Home/HomeRouter.swift
                import RIBs
                final class HomeRouter: LaunchRouter<HomeInteractable, HomeViewControllable>, HomeRouting {}
                final class HomeInteractor: PresentableInteractor<HomePresentable>, HomeInteractable {}
                final class HomeTabBarController: UITabBarController, HomePresentable, HomeViewControllable {}
                // file: Feed/FeedBuilder.swift
                import RIBs
                final class FeedBuilder: Builder<FeedDependency>, FeedBuildable {
                    func build(withListener listener: FeedListener) -> FeedRouting {
                        let viewController = dependency.feedViewController
                        let interactor = FeedInteractor(presenter: viewController)
                        return FeedRouter(interactor: interactor, viewController: viewController)
                    }
                }
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {}
                final class FeedInteractor: PresentableInteractor<FeedPresentable>, FeedInteractable {}
                // file: Feed/FeedViewController.swift
                import RIBs
                final class FeedViewController: UIViewController, FeedPresentable, FeedViewControllable {}
                """),
            Example("""
                // file: Login/LoginBuilder.swift
                import RIBs
                final class LoginBuilder: Builder<LoginDependency>, LoginBuildable {}
                // file: Login/LoginInteractor.swift
                import RIBs
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}
                // file: Login/LoginRouter.swift
                import RIBs
                final class LoginRouter: ViewableRouter<LoginInteractable, LoginViewControllable>, LoginRouting {}
                // file: Login/LoginViewController.swift
                import RIBs
                final class LoginViewController: UIHostingController<LoginView>, LoginPresentable, LoginViewControllable {}
                // file: Flow/FlowBuilder.swift
                import RIBs
                final class FlowBuilder: Builder<FlowDependency>, FlowBuildable {}
                final class FlowInteractor: Interactor, FlowInteractable {}
                final class FlowRouter: Router<FlowInteractable>, FlowRouting {}
                // file: App/Adapters/TasksBuilderAdapter.swift
                import RIBs
                public final class DITasksBuilderAdapter: Builder<DITasksDependency>, DITasksBuildable {}
                // file: LoginTests/LoginRouterTests.swift
                import RIBs
                final class MockLoginRouter: LoginRouting {}
                final class SignupInteractorMock: Interactor {}
                """),
            Example("""
                // file: Inbox/Navigator/InboxNavigatorBuilder.swift
                import RIBs
                final class InboxNavigatorComponent: Component<InboxNavigatorDependency> {
                    var navigationController: InboxNavigatorViewControllable & InboxNavigatorPresentable { shared { InboxNavigatorNavigationController() } }
                }
                final class InboxNavigatorBuilder: Builder<InboxNavigatorDependency>, InboxNavigatorBuildable {}
                // file: Inbox/Navigator/InboxNavigatorInteractor.swift
                import RIBs
                protocol InboxNavigatorPresentable: Presentable {}
                final class InboxNavigatorInteractor: PresentableInteractor<InboxNavigatorPresentable>, InboxNavigatorInteractable {}
                // file: Inbox/Navigator/InboxNavigatorRouter.swift
                import RIBs
                protocol InboxNavigatorViewControllable: ViewControllable {}
                final class InboxNavigatorRouter: ViewableRouter<InboxNavigatorInteractable, InboxNavigatorViewControllable> {}
                // file: Inbox/Navigator/InboxNavigatorNavigationController.swift
                import RIBs
                final class InboxNavigatorNavigationController: UINavigationController {}
                extension InboxNavigatorNavigationController: InboxNavigatorViewControllable {}
                extension InboxNavigatorNavigationController: InboxNavigatorPresentable {}
                """),
            // A view-less router (`Router<…>`): its `PresentableInteractor` is `interactor_kind`'s finding, no missing view.
            Example("""
                // file: Sync/SyncBuilder.swift
                import RIBs
                final class SyncBuilder: Builder<SyncDependency>, SyncBuildable {
                    func build(withListener listener: SyncListener) -> SyncRouting {
                        let interactor = SyncInteractor(presenter: SyncStatusReporter())
                        return SyncRouter(interactor: interactor)
                    }
                }
                // file: Sync/SyncInteractor.swift
                import RIBs
                protocol SyncPresentable: Presentable {}
                final class SyncStatusReporter: SyncPresentable {}
                final class SyncInteractor: PresentableInteractor<SyncPresentable>, SyncInteractable {}
                // file: Sync/SyncRouter.swift
                import RIBs
                final class SyncRouter: Router<SyncInteractable>, SyncRouting {}
                """),
            // Another `*Presentable` added in an extension (a shared alert helper), or a superclass's, names no RIB.
            Example("""
                // file: Signup/SignupBuilder.swift
                import RIBs
                final class SignupBuilder: Builder<SignupDependency>, SignupBuildable {}
                final class SignupInteractor: PresentableInteractor<SignupPresentable>, SignupInteractable {}
                final class SignupRouter: ViewableRouter<SignupInteractable, SignupViewControllable>, SignupRouting {}
                // file: Signup/SignupViewController+Toast.swift
                import RIBs
                extension SignupViewController: ToastPresentable {}
                // file: Signup/SignupViewController.swift
                import RIBs
                final class SignupViewController: FormViewController, SignupViewControllable {}
                extension SignupViewController: SignupPresentable {}
                // file: Form/FormViewController.swift
                import RIBs
                class FormViewController: UIViewController, FormPresentable {}
                protocol FormPresentable: Presentable {}
                protocol ToastPresentable: AnyObject {}
                """),
        ],
        precision: .medium)

    public static let facts: [any FileFacts.Type] = [RIBFacts.self]

    public init(options: RuleOptions) {}

    public func violations(in project: Project) -> [ProjectViolation] {
        let project = project.model(RIBProject.self)
        return project.ribs.values.filter(\.isRIB).sorted { ($0.name, $0.id) < ($1.name, $1.id) }.compactMap { rib in
            let missing = rib.missingParts
            guard !missing.isEmpty, let anchor = rib.anchor else { return nil }
            let kind = rib.isViewHaving ? "a view-having RIB needs Builder, Interactor, Router and ViewController"
                : "a view-less RIB needs Builder, Interactor and Router"
            return ProjectViolation(
                at: anchor.point, "the RIB '\(rib.name)' has no \(missing.joined(separator: ", ")); \(kind)")
        }
    }
}
