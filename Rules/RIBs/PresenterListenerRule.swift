import RibsLintKit
import SwiftSyntax

public struct PresenterListenerRule: Rule {
    public static let description = RuleDescription(
        id: "presenter_listener",
        name: "Presenter Listener",
        summary: "A view-having presenter keeps a reference to its interactor, as a `listener` or an interactor-typed property.",
        rationale: """
            RIBs Architecture Guide, "Presenter/Presentable Pattern Rules": "Only view-having RIBs implement Presentable with Rx bindings (no listener protocol)" and, in the \
            FAQ, "Presenter should not have references to its Interactor." UI events reach the interactor as \
            `Observable`s on the `*Presentable`, which keeps the presenter passive and free of retain cycles.
            """,
        defaultSeverity: .warning,
        triggering: [
            Example("""
                import RIBs
                protocol LoginPresentableListener: AnyObject { func didTapLogin() }
                final class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {
                    weak var 1️⃣listener: LoginPresentableListener?
                    private let 2️⃣interactor: LoginInteractable
                }
                """, messages: [
                    "presenter 'LoginViewController' keeps a reference to its interactor ('listener'); expose UI events as Observables on its Presentable for the interactor to subscribe to, and remove 'listener' along with what requires or sets it",
                    "presenter 'LoginViewController' keeps a reference to its interactor ('interactor'); expose UI events as Observables on its Presentable for the interactor to subscribe to, and remove 'interactor' along with what requires or sets it",
                ]),
            // Another port of RIBs, whose file shows neither Rx nor Combine: both are named.
            Example("""
                import ShortRibs
                import UIKit
                protocol ScorePresentableListener: AnyObject { func didTapDone() }
                final class ScoreViewController: UIViewController, ScorePresentable, ScoreViewControllable {
                    weak var 1️⃣listener: ScorePresentableListener?
                }
                """, messages: [
                    "presenter 'ScoreViewController' keeps a reference to its interactor ('listener'); expose UI events as streams (Observables or publishers) on its Presentable for the interactor to subscribe to, and remove 'listener' along with what requires or sets it",
                ]),
            Example("""
                // file: Quiz/QuizViewController.swift
                import RIBs
                final class QuizViewController: UIViewController, QuizPresentable, QuizViewControllable {
                    weak var 1️⃣handler: QuizPresenterHandler?
                }
                // file: Quiz/QuizInteractor.swift
                import RIBs
                protocol QuizPresenterHandler: AnyObject { func answerTapped(index: Int) }
                final class QuizInteractor: PresentableInteractor<QuizPresentable>, QuizInteractable, QuizPresenterHandler {
                    override init(presenter: QuizPresentable) {
                        super.init(presenter: presenter)
                        presenter.handler = self
                    }
                    func answerTapped(index: Int) {}
                }
                """, messages: [
                    "presenter 'QuizViewController' keeps a reference to its interactor ('handler'); expose UI events as Observables on its Presentable for the interactor to subscribe to, and remove 'handler' along with what requires or sets it",
                ]),
            Example("""
                // file: Poll/PollViewController.swift
                import RIBs
                final class PollViewController: UIViewController, PollPresentable, PollViewControllable {
                    weak var 1️⃣handler: PollPresenterHandler?
                }
                // file: Poll/PollRouter.swift
                import RIBs
                protocol PollPresenterHandler: AnyObject { func voteTapped() }
                protocol PollInteractable: Interactable, PollPresenterHandler {}
                // file: Poll/PollInteractor.swift
                import RIBs
                final class PollInteractor: PresentableInteractor<PollPresentable>, PollInteractable {
                    func voteTapped() {}
                }
                // file: PollTests/PollInteractableMock.swift
                final class PollInteractableMock: PollInteractable { func voteTapped() {} }
                """, messages: [
                    "presenter 'PollViewController' keeps a reference to its interactor ('handler'); expose UI events as Observables on its Presentable for the interactor to subscribe to, and remove 'handler' along with what requires or sets it",
                ]),
            // The screen adopts the listener, and so does its interactor, known by its name (its base class in another
            // module): the property may hold the interactor.
            Example("""
                // file: SignIn/SignInViewController.swift
                import RIBs
                protocol PopUpListener: AnyObject { func popUpClosed() }
                final class SignInViewController: UIViewController, SignInPresentable, SignInViewControllable {
                    weak var 1️⃣popUpListener: PopUpListener?
                }
                extension SignInViewController: PopUpListener { func popUpClosed() {} }
                // file: SignIn/SignInInteractor.swift
                import RIBs
                import CoreKit
                final class SignInInteractor: BaseInteractor<SignInPresentable>, SignInInteractable, PopUpListener { func popUpClosed() {} }
                """, messages: [
                    "presenter 'SignInViewController' keeps a reference to its interactor ('popUpListener'); expose UI events as Observables on its Presentable for the interactor to subscribe to, and remove 'popUpListener' along with what requires or sets it",
                ]),
            // A tab bar that is its RIB's presenter, through an extension adopting the Presentable.
            Example("""
                // file: Root/RootTabBarController.swift
                import RIBs
                protocol RootPresentableListener: AnyObject { func didSelectTab(at index: Int) }
                final class RootTabBarController: UITabBarController, RootViewControllable {
                    weak var 1️⃣listener: RootPresentableListener?
                }
                // file: Root/RootInteractor.swift
                import RIBs
                extension RootTabBarController: RootPresentable {}
                final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable, RootPresentableListener {
                    func didSelectTab(at index: Int) {}
                }
                """, messages: [
                    "presenter 'RootTabBarController' keeps a reference to its interactor ('listener'); expose UI events as Observables on its Presentable for the interactor to subscribe to, and remove 'listener' along with what requires or sets it",
                ]),
            // A listener forwarded to the SwiftUI view: the view keeps the interactor.
            Example("""
                import RIBs
                import SwiftUI
                protocol HomePresentableListener: AnyObject { func didTapStart() }
                final class HomeViewController: UIHostingController<HomeView>, HomePresentable, HomeViewControllable {
                    var 1️⃣listener: HomePresentableListener? {
                        get { rootView.listener }
                        set { rootView.listener = newValue }
                    }
                }
                """, messages: [
                    "presenter 'HomeViewController' keeps a reference to its interactor ('listener'); expose UI events as Observables on its Presentable for the interactor to subscribe to, and remove 'listener' along with what requires or sets it",
                ]),
        ],
        nonTriggering: [
            Example("""
                import RIBs
                import RxSwift
                final class LoginViewController: UIHostingController<LoginView>, LoginPresentable, LoginViewControllable {
                    private let loginTappedSubject = PublishSubject<Void>()
                    var loginTapped: Observable<Void> { loginTappedSubject.asObservable() }
                    private let scrollListener: ScrollListening
                    private let formatter: ScoreFormatting
                    private let tracker: Trackable
                }
                protocol ScoreFormatting: AnyObject {}
                final class ScoreFormatter: ScoreFormatting {}
                protocol Trackable: AnyObject {}
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable, Trackable {}
                final class AnalyticsService: Trackable {}
                """),
            Example("""
                final class SettingsViewController: UIViewController {
                    weak var listener: SettingsListener?
                }
                """),
            // A listener the screen adopts itself, for a pop-up it shows; the interactor is not one.
            Example("""
                import RIBs
                protocol PopUpListener: AnyObject { func popUpClosed() }
                final class SignInViewController: UIViewController, SignInPresentable, SignInViewControllable {
                    weak var popUpListener: PopUpListener?
                }
                extension SignInViewController: PopUpListener { func popUpClosed() {} }
                final class SignInInteractor: PresentableInteractor<SignInPresentable>, SignInInteractable {}
                """),
            // The tab bar of a view-less RIB: a container that adopts no Presentable, its interactor an `Interactor`.
            Example("""
                // file: Main/MainViewController.swift
                import ModernRIBs
                import UIKit
                protocol MainViewListener: AnyObject {}
                final class MainViewController: UITabBarController, MainViewControllable {
                    weak var listener: MainViewListener?
                    func setTabs(_ tabs: [ViewControllable]) { viewControllers = tabs.map { $0.uiviewController } }
                }
                // file: Main/MainInteractor.swift
                import ModernRIBs
                final class MainInteractor: Interactor, MainInteractable, MainViewListener {}
                """),
            // A helper class named like a listener, declared in another file: no protocol, so no interactor behind it.
            Example("""
                // file: Chat/ChatViewController.swift
                import RIBs
                final class ChatViewController: UIViewController, ChatPresentable, ChatViewControllable {
                    private let keyboardListener: KeyboardListener
                    private let scrollListener: ScrollListener
                }
                // file: Common/KeyboardListener.swift
                import UIKit
                final class KeyboardListener { var height: CGFloat = 0 }
                struct ScrollListener { let offset: CGFloat }
                """),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        let resolver = file.model.projectTypes
        // In the file's idiom: ModernRIBs and CombineRIBs bind Combine publishers, Uber's RIBs Rx Observables; a file that
        // shows neither (another port of RIBs, UIKit alone) is told both.
        let imports = file.model.imports
        let rx = ["RxSwift", "RxCocoa", "RIBs"].contains(where: imports.contains)
        let combine = ["ModernRIBs", "CombineRIBs", "Combine"].contains(where: imports.contains)
        let streams = combine && !["RxSwift", "RxCocoa"].contains(where: imports.contains) ? "publishers"
            : rx ? "Observables" : "streams (Observables or publishers)"
        return file.model.types(.presenter).flatMap { presenter -> [Violation] in
            // A container (`UITabBarController`) presenting nothing of its own, as no `*Presentable` it adopts says: the
            // view controller of a view-less RIB (the guide's "base `Interactor` + container controllers only").
            if let superclass = presenter.inherited.first, NavigationControllerDiscoveryRule.isContainer(superclass, resolver),
                resolver.firstSupertype(of: [presenter.name] + presenter.inherited, where: { ProtocolRole(protocolName: $0) == .presentable }) == nil
            {
                return []
            }
            let properties = presenter.storedProperties.filter { !$0.isStatic }.map { ($0.name, $0.type, Syntax($0.nameNode)) }
                + Self.forwardedProperties(of: presenter)
            return properties.compactMap { name, type, node -> Violation? in
                let held = type?.heldTypeNames ?? []
                // Named as a listener, and no class, struct or enum of the project (`KeyboardListener` that watches the keyboard).
                let isListener = held.contains {
                    let role = ProtocolRole(protocolName: $0)
                    return (role == .presentableListener || role == .listener) && resolver.primary($0).map { $0.kind == .protocol } ?? true
                }
                let isInteractor = held.contains {
                    $0.hasSuffix("Interactor") || ProtocolRole(protocolName: $0) == .interactable
                        || Self.isAdoptedByInteractor($0, resolver, profile: file.profile)
                }
                guard isListener || isInteractor else { return nil }
                // A listener the presenter itself adopts and no interactor does (`weak var popUpListener:
                // PopUpListener?` on a screen that listens to its own pop-up): it holds no interactor.
                if !isInteractor, held.allSatisfy({ Self.isAdoptedByScreenNotInteractor($0, presenter.name, resolver, profile: file.profile) }) {
                    return nil
                }
                return Violation(
                    at: node,
                    "presenter '\(presenter.name)' keeps a reference to its interactor ('\(name)'); expose UI events as \(streams) on its Presentable for the interactor to subscribe to, and remove '\(name)' along with what requires or sets it")
            }
        }
    }

    /// The presenter's computed instance properties with a setter (`var listener: HomePresentableListener? { get {
    /// rootView.listener } set { rootView.listener = newValue } }`): what is set there is kept by its view.
    private static func forwardedProperties(of presenter: TypeDeclaration) -> [(String, TypeSyntax?, Syntax)] {
        presenter.members.members.flatMap { item -> [(String, TypeSyntax?, Syntax)] in
            guard let variable = item.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) })
            else { return [] }
            return variable.bindings.compactMap { binding in
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self), !binding.isStored,
                    case .accessors(let accessors) = binding.accessorBlock?.accessors,
                    accessors.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.set) })
                else { return nil }
                return (identifier.identifier.text, binding.typeAnnotation?.type, Syntax(binding.pattern))
            }
        }
    }

    /// A project protocol only interactors adopt (`QuizPresenterHandler`): a property of that type holds an
    /// interactor. One a service adopts too (`Trackable`) may hold the service.
    /// Adopters through refining protocols count (`protocol QuizInteractable: Interactable, QuizPresenterHandler`);
    /// test doubles do not. An interactor is a class whose superclass chain reaches the profile's interactor base class.
    static func isAdoptedByInteractor(_ name: String, _ resolver: TypeResolver, profile: Profile) -> Bool {
        let adopters = adopters(of: name, resolver)
        return !adopters.isEmpty && adopters.allSatisfy { isInteractor($0.entry, resolver, profile: profile) }
    }

    /// A project protocol the presenter `screen` adopts (directly, in an extension, or through a refining protocol) and
    /// no interactor does.
    static func isAdoptedByScreenNotInteractor(_ name: String, _ screen: String, _ resolver: TypeResolver, profile: Profile) -> Bool {
        let adopters = adopters(of: name, resolver)
        // An interactor known by its name (its base class in another module) counts as one too: only a listener surely
        // no interactor's is let go.
        return adopters.contains { $0.name == screen }
            && !adopters.contains { isInteractor($0.entry, resolver, profile: profile) || $0.name.hasSuffix("Interactor") }
    }

    /// A class whose superclass chain reaches the profile's interactor base class.
    private static func isInteractor(_ entry: TypeIndex.Entry, _ resolver: TypeResolver, profile: Profile) -> Bool {
        entry.kind == .class && profile.baseClassRole(among: resolver.supertypes(of: entry.inherited)) == .interactor
    }

    /// The types that adopt a project protocol, through refining protocols, test doubles aside; none for a name the
    /// project declares as no protocol.
    private static func adopters(of name: String, _ resolver: TypeResolver) -> [(name: String, entry: TypeIndex.Entry)] {
        guard resolver.primary(name)?.kind == .protocol else { return [] }
        var adopters: [(name: String, entry: TypeIndex.Entry)] = []
        var pending = [name]
        var seen: Set<String> = [name]
        while let next = pending.popLast(), seen.count <= 16 {
            for inheritor in resolver.inheritors(of: next) {
                if inheritor.entry.kind != .protocol {
                    adopters.append(inheritor)
                } else if seen.insert(inheritor.name).inserted {
                    pending.append(inheritor.name)
                }
            }
        }
        adopters.removeAll { TestCode.isTestDouble($0.name) }
        return adopters
    }
}
