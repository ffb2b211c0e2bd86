import RibsLintKit
import SwiftSyntax

public struct VIPERPresenterMainActorRule: Rule {
    public static let description = RuleDescription(
        id: "viper_presenter_main_actor",
        name: "VIPER Presenter Main Actor",
        summary: "A presenter class or a module's view protocol is not isolated to the main actor.",
        rationale: """
            VIPER Playbook, "Wiring Pattern": "Keep presenter/view updates on the main actor so UI calls are thread-safe", \
            with `@MainActor protocol ProfileView: AnyObject` and `@MainActor final class ProfilePresenter`. Isolation \
            written on the type (or inferred by Swift from a `@MainActor` protocol its declaration adopts, or a \
            `@MainActor` superclass) lets the compiler prove every view update happens on the main thread; \
            `DispatchQueue.main.async` in each method proves nothing, and a conformance added in an extension does not \
            isolate the class. Code written before Swift concurrency is reported too: a baseline absorbs it.
            """,
        profiles: ["viper"],
        defaultSeverity: .warning,
        options: [
            OptionDoc(
                "default_isolation", .string(allowed: ["nonisolated", "main_actor"]), default: .string("nonisolated"),
                "`main_actor` when the module is built with main-actor default isolation (SE-0466) by Xcode settings; a Swift package whose `Package.swift` sets `.defaultIsolation(MainActor.self)` is recognised without it."),
        ],
        triggering: [
            // The presenter's view, found by what adopts it: a screen that holds the presenter back.
            Example("""
                import UIKit
                @MainActor protocol WalletPresenterInput { func viewDidLoad() }
                1️⃣protocol WalletPresenterOutput: AnyObject { func reload(_ rows: [String]) }
                @MainActor final class WalletPresenter: WalletPresenterInput {
                    weak var output: WalletPresenterOutput?
                    func viewDidLoad() { output?.reload([]) }
                }
                final class WalletViewController: UIViewController, WalletPresenterOutput {
                    var presenter: WalletPresenterInput!
                    func reload(_ rows: [String]) {}
                }
                """, messages: [
                    "view protocol 'WalletPresenterOutput' is not isolated to the main actor; declare it `@MainActor protocol WalletPresenterOutput` so every view update is checked, and make the presenter that calls it `@MainActor` too",
                ]),
            Example("""
                1️⃣protocol CardView: class { func show(_ title: String) }
                @MainActor final class CardPresenter: CardPresenterProtocol {}
                @MainActor protocol CardPresenterProtocol: AnyObject {}
                final class CardInteractor {}
                """, messages: [
                    "view protocol 'CardView' is not isolated to the main actor; declare it `@MainActor protocol CardView` so every view update is checked, and make the presenter that calls it `@MainActor` too",
                ]),
            Example("""
                1️⃣protocol AgendaViewInput: AnyObject { func show(_ days: [String]) }
                @MainActor protocol AgendaViewOutput: AnyObject { func viewDidLoad() }
                final 2️⃣class AgendaPresenter {
                    weak var view: AgendaViewInput?
                    @MainActor func refresh() { DispatchQueue.main.async { self.view?.show([]) } }
                }
                extension AgendaPresenter: AgendaViewOutput {
                    func viewDidLoad() {}
                }
                """, messages: [
                    "view protocol 'AgendaViewInput' is not isolated to the main actor; declare it `@MainActor protocol AgendaViewInput` so every view update is checked, and make the presenter that calls it `@MainActor` too",
                    "presenter 'AgendaPresenter' is not isolated to the main actor; mark it `@MainActor`, its conformance to a nonisolated protocol too (`: @MainActor P`), and the module factory that creates it (a nonisolated function cannot call its initializer) (a @MainActor protocol adopted in an extension does not isolate the class)",
                ]),
            Example("""
                @MainActor protocol BookingViewInput: AnyObject {}
                protocol BookingPresenterProtocol: AnyObject {}
                final class BookingViewController: UIViewController, BookingViewInput {}
                @available(iOS 15, *)
                final 1️⃣class BookingPresenter: BookingPresenterProtocol {
                    func load() { Task { @MainActor in } }
                }
                """, messages: [
                    "presenter 'BookingPresenter' is not isolated to the main actor; mark it `@MainActor`, its conformance to a nonisolated protocol too (`: @MainActor P`), and the module factory that creates it (a nonisolated function cannot call its initializer)",
                ]),
            Example("""
                @MainActor protocol InvitesViewInput: AnyObject {}
                protocol InvitesPresentation: AnyObject {}
                1️⃣class InvitesPresenter: InvitesPresentation {}
                @MainActor extension InvitesPresenter {
                    func refresh() {}
                }
                """, messages: [
                    "presenter 'InvitesPresenter' is not isolated to the main actor; mark it `@MainActor`, its conformance to a nonisolated protocol too (`: @MainActor P`), and the module factory that creates it (a nonisolated function cannot call its initializer)",
                ]),
            Example("""
                // file: Agenda/AgendaPresenter.swift
                @MainActor protocol AgendaViewInput: AnyObject {}
                final 1️⃣class AgendaPresenter {
                    weak var view: AgendaViewInput?
                }
                // file: Agenda/AgendaPresenter+Output.swift
                @MainActor protocol AgendaViewOutput: AnyObject {}
                extension AgendaPresenter: AgendaViewOutput {}
                """, messages: [
                    "presenter 'AgendaPresenter' is not isolated to the main actor; mark it `@MainActor`, its conformance to a nonisolated protocol too (`: @MainActor P`), and the module factory that creates it (a nonisolated function cannot call its initializer) (a @MainActor protocol adopted in an extension does not isolate the class)",
                ]),
            Example("""
                protocol PokemonListPresenter: ObservableObject {}
                final class PokemonListView {}
                final 1️⃣class PokemonListPresenterDefault {}
                extension PokemonListPresenterDefault: PokemonListPresenter {}
                final class PokemonListRouterDefault {}
                """, messages: [
                    "presenter 'PokemonListPresenterDefault' is not isolated to the main actor; mark it `@MainActor`, its conformance to a nonisolated protocol too (`: @MainActor P`), and the module factory that creates it (a nonisolated function cannot call its initializer)",
                ]),
            Example("""
                1️⃣protocol CheckoutDisplaying: AnyObject { func showTotal(_ text: String) }
                protocol CheckoutInteractorOutput: AnyObject {}
                @MainActor final class CheckoutPresenter: CheckoutInteractorOutput {
                    weak var display: CheckoutDisplaying?
                }
                """, messages: [
                    "view protocol 'CheckoutDisplaying' is not isolated to the main actor; declare it `@MainActor protocol CheckoutDisplaying` so every view update is checked, and make the presenter that calls it `@MainActor` too",
                ]),
            Example("""
                1️⃣protocol ViewInterface: AnyObject {}
                @MainActor protocol LoginViewInterface: ViewInterface {}
                """, messages: [
                    "view protocol 'ViewInterface' is not isolated to the main actor; declare it `@MainActor protocol ViewInterface` so every view update is checked, and make the presenter that calls it `@MainActor` too",
                ]),
            // The view protocol named by a presenter's view reference in another file.
            Example("""
                // file: Agenda/AgendaScreenDisplay.swift
                1️⃣protocol AgendaScreenDisplay: AnyObject { func show(_ days: [String]) }
                // file: Agenda/AgendaPresenter.swift
                protocol AgendaViewOutput: AnyObject {}
                @MainActor final class AgendaPresenter: AgendaViewOutput {
                    weak var view: AgendaScreenDisplay?
                }
                """, messages: [
                    "view protocol 'AgendaScreenDisplay' is not isolated to the main actor; declare it `@MainActor protocol AgendaScreenDisplay` so every view update is checked, and make the presenter that calls it `@MainActor` too",
                ]),
        ],
        nonTriggering: [
            // A view's delegate protocol, held by views alone, is how that view talks out: no module's view protocol.
            Example("""
                import UIKit
                protocol CodeFieldViewProtocol: AnyObject { func didEnter(code: String) }
                final class CodeFieldView: UIView {
                    weak var delegate: CodeFieldViewProtocol?
                }
                final class VerifyViewController: UIViewController, CodeFieldViewProtocol {
                    func didEnter(code: String) {}
                }
                """),
            // A `*ViewModel` never has a role, not even from the `Presenter/` folder it sits in.
            Example("""
                // file: Restaurant/Presenter/RestaurantFooterViewModel.swift
                import UIKit
                protocol RestaurantFooterDisplaying: AnyObject { func render(_ total: String) }
                final class RestaurantFooterViewModel {
                    weak var view: RestaurantFooterDisplaying?
                    func load() { view?.render("0") }
                }
                """),
            Example("""
                @MainActor protocol ProfileView: AnyObject { func render(_ name: String) }
                protocol ProfilePresenting: AnyObject { func viewDidLoad() }
                @MainActor
                final class ProfilePresenter: ProfilePresenting {
                    weak var view: ProfileView?
                    nonisolated func identifier() -> String { "profile" }
                    func viewDidLoad() {}
                }
                """),
            Example("""
                @MainActor protocol IsolatedView: AnyObject {}
                protocol AgendaViewInput: IsolatedView {}
                @MainActor protocol AgendaPresenting: AnyObject {}
                final class AgendaPresenter: AgendaPresenting {
                    weak var view: AgendaViewInput?
                }
                """),
            Example("""
                import Observation
                @MainActor protocol InvitesViewInput: AnyObject {}
                protocol InvitesViewOutput: AnyObject {}
                @MainActor @Observable final class InvitesPresenter: InvitesViewOutput {}
                """),
            Example("""
                protocol BookingViewInput: AnyObject {}
                protocol BookingViewOutput: AnyObject {}
                final class BookingPresenter: BookingViewOutput {}
                """, configuration: ["default_isolation": .string("main_actor")]),
            Example("""
                @MainActor class BasePresenter {}
                @MainActor protocol CalendarViewInput: AnyObject {}
                protocol CalendarViewOutput: AnyObject {}
                final class CalendarPresenter: BasePresenter, CalendarViewOutput {}
                """),
            Example("""
                protocol ChangeNameViewOutput: AnyObject {}
                final class ChangeNamePresenter {
                    weak var delegate: ChangeNameViewOutput?
                }
                """),
            Example("""
                final class BannerPresenter {}
                protocol HighlightableView: AnyObject { func highlight() }
                """),
        ])

    private let isolatedByDefault: Bool

    public init(options: RuleOptions) {
        isolatedByDefault = options.string("default_isolation") == "main_actor"
    }

    static let mainActorPlatformClasses = VIPERModule.uiKitViewBases.union(["UIResponder", "UIApplication"])

    public func violations(in file: LintFile) -> [Violation] {
        guard !isolatedByDefault, !file.project.isMainActorByDefault else { return [] }
        let module = VIPERModule.of(file)
        let resolver = file.model.projectTypes
        var violations: [Violation] = []
        for presenter in module.parts(.presenter) where presenter.kind == .class || presenter.kind == .struct {
            guard !isIsolated(presenter.declaration.asProtocol(WithAttributesSyntax.self)?.attributes, inherited: presenter.inherited, resolver),
                let keyword = Self.keyword(of: presenter.declaration)
            else { continue }
            // A `@MainActor` protocol adopted only in an extension is the usual surprise: say so when it is the case.
            let adoptedLate = resolver.supertypes(of: resolver.extensionConformances(of: presenter.name)).contains { resolver.primary($0)?.isMainActor == true }
            violations.append(Violation(
                at: keyword,
                "presenter '\(presenter.name)' is not isolated to the main actor; mark it `@MainActor`, its conformance to a nonisolated"
                    + " protocol too (`: @MainActor P`), and the module factory that creates it (a nonisolated function cannot call its initializer)"
                    + (adoptedLate ? " (a @MainActor protocol adopted in an extension does not isolate the class)" : "")))
        }
        guard module.isVIPERCode else { return violations }
        // A presenter's view reference declares its module's view protocol, whatever that is called.
        let viewTypes = Set(module.parts(.presenter).flatMap { presenter in
            TypeDeclaration.storedProperties(of: presenter.members).filter { VIPERWeakViewRule.presenterViewNames.contains($0.name) }
                .flatMap { $0.type?.heldTypeNames ?? [] }
        })
        for declared in file.model.protocols
        where viewTypes.contains(declared.name) || VIPERModule.isViewProtocol(declared.name, resolver: resolver)
            || isPresentersView(declared.name, resolver)
        {
            let node = declared.declaration
            guard !isIsolated(node.attributes, inherited: node.inheritanceClause?.inheritedTypes.compactMap { $0.type.baseName } ?? [], resolver)
            else { continue }
            violations.append(Violation(
                at: node.protocolKeyword,
                "view protocol '\(declared.name)' is not isolated to the main actor; declare it `@MainActor protocol \(declared.name)` so every view update is checked, and make the presenter that calls it `@MainActor` too"))
        }
        return violations
    }

    /// The declared type of a presenter's view reference in another file (`weak var display: CheckoutDisplaying?`).
    private func isPresentersView(_ name: String, _ resolver: TypeResolver) -> Bool {
        resolver.holders(of: name).contains { holder in
            VIPERModule.role(of: holder.holder, kind: holder.entry.kind, inherited: holder.entry.inherited, declaration: nil, resolver: resolver) == .presenter
                && (VIPERWeakViewRule.presenterViewNames.contains(holder.property)
                    || !VIPERWeakViewRule.moduleOutputNames.contains(holder.property)
                        && VIPERModule.isScreenProtocol(name, heldBy: holder.holder, resolver: resolver))
        }
    }

    /// `@MainActor` written on the declaration, or inferred from a `@MainActor` protocol or superclass.
    private func isIsolated(_ attributes: AttributeListSyntax?, inherited: [String], _ resolver: TypeResolver) -> Bool {
        if attributes?.contains(named: "MainActor") == true { return true }
        return resolver.supertypes(of: inherited).contains { name in
            Self.mainActorPlatformClasses.contains(name) || resolver.primary(name)?.isMainActor == true
        }
    }

    static func keyword(of declaration: DeclSyntax) -> TokenSyntax? {
        declaration.as(ClassDeclSyntax.self)?.classKeyword ?? declaration.as(StructDeclSyntax.self)?.structKeyword
    }
}
