import RibsLintKit
import SwiftSyntax

public struct VIPERWeakViewRule: Rule {
    public static let description = RuleDescription(
        id: "viper_weak_view",
        name: "VIPER Weak View",
        summary: "A presenter, interactor or router holds its back reference (view, presenter, view controller) strongly.",
        rationale: """
            VIPER Playbook, "Wiring Pattern": "Keep `view` weak to avoid retain cycles"; "Assembly Guidance": "set weak \
            back-references (e.g., `presenter.view`) after construction"; "Anti-Patterns and Fixes": View, Presenter and \
            Router retaining each other strongly. Ownership runs view → presenter → interactor and router, so every \
            reference back — a presenter's view, an interactor's output, a router's view controller — must be `weak` or \
            `unowned`, or the module is never freed. The rule checks the declaration; it does not try to prove a cycle.
            """,
        profiles: ["viper"],
        defaultSeverity: .error,
        triggering: [
            // Contracts named by their direction, in a module whose name ends in `View`: the presenter's and the interactor's
            // protocols are theirs, not the view's.
            Example("""
                import UIKit
                protocol PresenterToViewMapViewProtocol: AnyObject { func showPins() }
                protocol ViewToPresenterMapViewProtocol: AnyObject { func viewDidLoad() }
                protocol PresenterToInteractorMapViewProtocol: AnyObject { var presenter: InteractorToPresenterMapViewProtocol? { get set } }
                protocol InteractorToPresenterMapViewProtocol: AnyObject {}
                final class MapViewPresenter: ViewToPresenterMapViewProtocol {
                    var 1️⃣view: PresenterToViewMapViewProtocol?
                    var interactor: PresenterToInteractorMapViewProtocol?
                    func viewDidLoad() { view?.showPins() }
                }
                extension MapViewPresenter: InteractorToPresenterMapViewProtocol {}
                final class MapViewInteractor: PresenterToInteractorMapViewProtocol {
                    var 2️⃣presenter: InteractorToPresenterMapViewProtocol?
                }
                final class MapViewController: UIViewController, PresenterToViewMapViewProtocol {
                    var presenter: ViewToPresenterMapViewProtocol?
                    func showPins() {}
                }
                """, messages: [
                    "presenter 'MapViewPresenter' holds its view 'view' strongly; declare it `weak var` so view, presenter and router do not keep each other alive",
                    "interactor 'MapViewInteractor' holds its presenter 'presenter' strongly; declare it `weak var` so view, presenter and router do not keep each other alive",
                ]),
            // A protocol the presenter holds, adopted only by a screen that holds the presenter back: its view, whatever it is
            // called.
            Example("""
                import UIKit
                protocol CartPresenterInput { func viewDidLoad() }
                protocol CartPresenterOutput: AnyObject { func show(total: String) }
                final class CartPresenter: CartPresenterInput {
                    var 1️⃣output: CartPresenterOutput?
                    func viewDidLoad() { output?.show(total: "0") }
                }
                final class CartViewController: UIViewController, CartPresenterOutput {
                    var presenter: CartPresenterInput!
                    func show(total: String) {}
                }
                """, messages: [
                    "presenter 'CartPresenter' holds its view 'output' strongly; declare it `weak var` so view, presenter and router do not keep each other alive",
                ]),
            // A test's spy adopting the protocol too stands in for the screen.
            Example("""
                // file: Orders/OrdersPresenter.swift
                import UIKit
                protocol OrdersPresenterInput { func viewDidLoad() }
                protocol OrdersPresenterOutput: AnyObject { func show(count: Int) }
                final class OrdersPresenter: OrdersPresenterInput {
                    var 1️⃣output: OrdersPresenterOutput?
                    func viewDidLoad() { output?.show(count: 0) }
                }
                // file: Orders/OrdersViewController.swift
                import UIKit
                final class OrdersViewController: UIViewController { var presenter: OrdersPresenterInput! }
                extension OrdersViewController: OrdersPresenterOutput { func show(count: Int) {} }
                // file: OrdersTests/OrdersPresenterTests.swift
                final class OrdersPresenterOutputSpy: OrdersPresenterOutput { func show(count: Int) {} }
                """, messages: [
                    "presenter 'OrdersPresenter' holds its view 'output' strongly; declare it `weak var` so view, presenter and router do not keep each other alive",
                ]),
            Example("""
                protocol AgendaViewInput: AnyObject { func show(_ days: [String]) }
                protocol AgendaInteractorInput: AnyObject { func load() }
                protocol AgendaInteractorOutput: AnyObject { func didLoad(_ days: [String]) }
                protocol AgendaRouterInput: AnyObject { func openDay(_ day: String) }
                final class AgendaPresenter: AgendaInteractorOutput {
                    var 1️⃣view: AgendaViewInput?
                    let interactor: AgendaInteractorInput
                    let router: AgendaRouterInput
                    init(view: AgendaViewInput, interactor: AgendaInteractorInput, router: AgendaRouterInput) {
                        self.view = view
                        self.interactor = interactor
                        self.router = router
                    }
                    func didLoad(_ days: [String]) { view?.show(days) }
                }
                final class AgendaInteractor: AgendaInteractorInput {
                    var 2️⃣output: AgendaInteractorOutput?
                    func load() { output?.didLoad([]) }
                }
                final class AgendaRouter: AgendaRouterInput {
                    private let 3️⃣viewController: UIViewController
                    init(viewController: UIViewController) { self.viewController = viewController }
                    func openDay(_ day: String) {}
                }
                """, messages: [
                    "presenter 'AgendaPresenter' holds its view 'view' strongly; declare it `weak var` so view, presenter and router do not keep each other alive",
                    "interactor 'AgendaInteractor' holds its presenter 'output' strongly; declare it `weak var` so view, presenter and router do not keep each other alive",
                    "router 'AgendaRouter' holds its view controller 'viewController' strongly; declare it `weak var` so view, presenter and router do not keep each other alive",
                ]),
            Example("""
                protocol BookingViewOutput: AnyObject { func didTapConfirm() }
                final class BookingViewController: UIViewController {}
                final class BookingPresenter: BookingViewOutput {
                    private let 1️⃣viewController: BookingViewController
                    init(viewController: BookingViewController) { self.viewController = viewController }
                    func didTapConfirm() {}
                }
                """, messages: [
                    "presenter 'BookingPresenter' holds its view 'viewController' strongly; declare it `weak var` so view, presenter and router do not keep each other alive",
                ]),
            Example("""
                protocol LoadingDisplaying: AnyObject { func showSpinner() }
                protocol InvitesPresentation: AnyObject { func refresh() }
                final class InvitesPresenter: InvitesPresentation {
                    private var 1️⃣display: LoadingDisplaying
                    init(display: LoadingDisplaying) { self.display = display }
                    func refresh() { display.showSpinner() }
                }
                """, messages: [
                    "presenter 'InvitesPresenter' holds its view 'display' strongly; declare it `weak var` so view, presenter and router do not keep each other alive",
                ]),
            // Held through a type alias of the file.
            Example("""
                protocol AgendaViewProtocol: AnyObject {}
                protocol AgendaPresenterProtocol: AnyObject {}
                protocol AgendaRouterProtocol: AnyObject {
                    typealias EntryPoint = AgendaViewProtocol & UIViewController
                    var entry: EntryPoint! { get }
                }
                final class AgendaPresenter: AgendaPresenterProtocol {}
                final class AgendaRouter: AgendaRouterProtocol {
                    var 1️⃣entry: EntryPoint!
                }
                """, messages: [
                    "router 'AgendaRouter' holds its view controller 'entry' strongly; declare it `weak var` so view, presenter and router do not keep each other alive",
                ]),
            // The module's screen, a subclass of the app's base screen, whatever its name; a view protocol refining the
            // app's base one keeps it when made class-bound.
            Example("""
                // file: Booking/BookingWireframe.swift
                import UIKit
                final class BookingWireframe {
                    var 1️⃣bookingController: BookingController?
                    func presentBooking(from source: UIViewController) {
                        let controller = BookingController()
                        bookingController = controller
                        source.show(controller, sender: nil)
                    }
                }
                // file: Booking/BookingPresenter.swift
                protocol BookingViewInterface: AlertShowing { func show(slots: [String]) }
                final class BookingPresenter {
                    var 2️⃣view: BookingViewInterface?
                }
                // file: Booking/BookingInteractor.swift
                final class BookingInteractor {}
                // file: Booking/BookingController.swift
                import UIKit
                final class BookingController: AppController, BookingViewInterface { func show(slots: [String]) {} }
                // file: Common/AppController.swift
                import UIKit
                protocol AlertShowing { func showAlert(_ text: String) }
                class AppController: UIViewController, AlertShowing { func showAlert(_ text: String) {} }
                """, messages: [
                    "router 'BookingWireframe' holds its view controller 'bookingController' strongly; declare it `weak var` so view, presenter and router do not keep each other alive",
                    "presenter 'BookingPresenter' holds its view 'view' strongly; declare it `weak var` ('BookingViewInterface' must be class-bound: `protocol BookingViewInterface: AlertShowing, AnyObject`) so view, presenter and router do not keep each other alive",
                ]),
        ],
        nonTriggering: [
            // The screen that presents the module, handed to the router's method and kept: another module's screen.
            Example("""
                // file: Booking/BookingWireframe.swift
                import UIKit
                final class BookingWireframe {
                    weak var bookingViewController: BookingViewController?
                    var prevController: UIViewController?
                    func presentBooking(from prevController: UIViewController) {
                        let controller = BookingViewController()
                        bookingViewController = controller
                        self.prevController = prevController
                        prevController.show(controller, sender: nil)
                    }
                }
                // file: Booking/BookingPresenter.swift
                final class BookingPresenter {}
                // file: Booking/BookingInteractor.swift
                final class BookingInteractor {}
                """),
            // A presenter with a view of its own, reporting to another module's screen that holds this module's input.
            Example("""
                import UIKit
                protocol ProfileViewInput: AnyObject {}
                protocol ProfileViewOutput: AnyObject { func viewDidLoad() }
                protocol ProfileModuleInput: AnyObject { func configure(userID: String) }
                protocol ProfileModuleOutput: AnyObject { func profileDidLogOut() }
                final class ProfilePresenter: ProfileViewOutput, ProfileModuleInput {
                    weak var view: ProfileViewInput?
                    var moduleOutput: ProfileModuleOutput?
                    func configure(userID: String) {}
                    func viewDidLoad() {}
                }
                final class SettingsViewController: UIViewController, ProfileModuleOutput {
                    var profileModule: ProfileModuleInput?
                    func profileDidLogOut() {}
                }
                """),
            // A screen of another module that the presenter reports to, holding no presenter of this one: not its view.
            Example("""
                import UIKit
                protocol CheckoutPresenterInput { func pay() }
                protocol CheckoutCompletionHandling: AnyObject { func checkoutDidFinish() }
                final class CheckoutPresenter: CheckoutPresenterInput {
                    let completion: CheckoutCompletionHandling
                    init(completion: CheckoutCompletionHandling) { self.completion = completion }
                    func pay() { completion.checkoutDidFinish() }
                }
                final class OrdersViewController: UIViewController, CheckoutCompletionHandling {
                    func checkoutDidFinish() {}
                }
                """),
            // A view controller is the View, whatever contract it also adopts: it owns its root view.
            Example("""
                protocol LoginInteractorOutput: AnyObject { func loaded(_ name: String) }
                final class LoginInteractor { weak var output: LoginInteractorOutput? }
                final class LoginRootView: UIView {}
                final class LoginViewController: UIViewController, LoginInteractorOutput {
                    private let contentView: LoginRootView
                    private let interactor: LoginInteractor
                    func loaded(_ name: String) {}
                }
                """),
            // The view owns the interactor, the interactor its presenter, and the presenter holds no interactor: no cycle.
            Example("""
                protocol DocumentsPresenterProtocol: AnyObject { func update() }
                protocol DocumentsInteractorProtocol: AnyObject { func viewDidLoad() }
                final class DocumentsInteractor: DocumentsInteractorProtocol {
                    private let presenter: DocumentsPresenterProtocol
                    init(presenter: DocumentsPresenterProtocol) { self.presenter = presenter }
                    func viewDidLoad() { presenter.update() }
                }
                final class DocumentsPresenter: DocumentsPresenterProtocol {
                    weak var viewController: DocumentsViewController?
                    func update() {}
                }
                final class DocumentsViewController: UIViewController {
                    var interactor: DocumentsInteractorProtocol?
                }
                """),
            Example("""
                protocol ProfileView: AnyObject { func render(_ name: String) }
                protocol ProfilePresenting: AnyObject { func viewDidLoad() }
                protocol ProfileInteracting: AnyObject { func load() }
                protocol ProfileInteractorOutput: AnyObject { func loaded(_ name: String) }
                final class ProfilePresenter: ProfilePresenting, ProfileInteractorOutput {
                    weak var view: ProfileView?
                    weak var userInterface: (ProfileView & AnyObject)?
                    private weak var viewController: UIViewController?
                    unowned let display: ProfileView
                    private let interactor: ProfileInteracting
                    init(view: ProfileView, interactor: ProfileInteracting) {
                        self.display = view
                        self.interactor = interactor
                    }
                    func viewDidLoad() { interactor.load() }
                    func loaded(_ name: String) { view?.render(name) }
                }
                final class ProfileInteractor: ProfileInteracting {
                    weak var output: ProfileInteractorOutput!
                    unowned(unsafe) let presenter: ProfilePresenting
                    init(presenter: ProfilePresenting) { self.presenter = presenter }
                    func load() {}
                }
                """),
            Example("""
                protocol ProfileView: AnyObject {}
                protocol ProfilePresenting: AnyObject {
                    var view: ProfileView? { get set }
                }
                final class ProfileViewController: UIViewController, ProfileView {
                    var presenter: ProfilePresenting?
                    var output: ProfilePresenting!
                    var onClose: (() -> Void)?
                    func bind() { onClose = { self.dismiss(animated: true) } }
                }
                """),
            Example("""
                protocol ProfileRouting: AnyObject { func openSettings() }
                protocol ProfilePresenting: AnyObject {}
                final class ProfileRouter: ProfileRouting {
                    private let navigationController: UINavigationController
                    private let window: UIWindow
                    init(navigationController: UINavigationController, window: UIWindow) {
                        self.navigationController = navigationController
                        self.window = window
                    }
                    func openSettings() {}
                }
                final class ProfilePresenter: ProfilePresenting {
                    var viewController: UIViewController { view as! UIViewController }
                    weak var view: AnyObject?
                    let viewModel: ProfileViewModel
                    let viewModelFactory: ProfileViewModelFactory
                    var viewStyle = ProfileViewStyle.compact
                    weak var moduleOutput: ProfileModuleOutput?
                    var delegate: ProfileModuleOutput?
                    init(viewModel: ProfileViewModel, viewModelFactory: ProfileViewModelFactory) {
                        self.viewModel = viewModel
                        self.viewModelFactory = viewModelFactory
                    }
                    func refresh() {
                        guard let view = view else { return }
                        let other = view
                        _ = other
                    }
                }
                """),
            Example("""
                import SwiftUI
                protocol ProfileView: AnyObject {}
                protocol ProfilePresenting: AnyObject {}
                final class ProfileViewAdapter: ObservableObject, ProfileView {
                    let presenter: ProfilePresenting
                    init(presenter: ProfilePresenting) { self.presenter = presenter }
                }
                struct ProfileScreen: View {
                    @State var presenter: ProfilePresenting
                    var body: some View { Text("Profile") }
                }
                enum ProfileAssembly {
                    static func build() -> UIViewController {
                        let viewController = UIViewController()
                        return viewController
                    }
                }
                final class ProfileConfigurator {
                    let viewController = UIViewController()
                }
                """),
            Example("""
                final class BannerPresenter {
                    private let view: UIView
                    init(view: UIView) { self.view = view }
                }
                """),
            Example("""
                protocol ViewableRouting: AnyObject {}
                open class Router<InteractorType> {}
                open class ViewableRouter<InteractorType, ViewControllerType>: Router<InteractorType>, ViewableRouting {
                    public let viewController: ViewControllerType
                    public init(viewController: ViewControllerType) { self.viewController = viewController }
                }
                """, path: "RIBs/Classes/ViewableRouter.swift"),
            Example("""
                protocol AgendaViewInput: AnyObject {}
                final class AgendaPresenterMock {
                    var view: AgendaViewInput?
                }
                """),
        ])

    public init(options: RuleOptions) {}

    static let presenterViewNames: Set<String> = ["view", "viewController", "viewInput", "userInterface", "display"]
    static let interactorOutputNames: Set<String> = ["output", "presenter", "delegate", "interactorOutput"]
    static let routerViewNames: Set<String> = ["viewController", "transitionHandler", "view"]

    public func violations(in file: LintFile) -> [Violation] {
        guard file.contains("var ") || file.contains("let ") else { return [] }
        let module = VIPERModule.of(file)
        let resolver = file.model.projectTypes
        var violations: [Violation] = []
        let aliases = TypeAliases.declared(in: file)
        for part in module.parts where part.type.kind == .class || part.type.kind == .extension {
            for property in TypeDeclaration.storedProperties(of: part.type.members) where !property.isWeak && !property.isStatic {
                // A type alias of the file stands for what it names (`typealias EntryPoint = HomeViewProtocol & UIViewController`).
                let held = (property.type?.heldTypeNames ?? []).flatMap { aliases[$0] ?? [$0] }
                let reference: String?
                switch part.role {
                case .presenter:
                    let typedView = held.contains { isView($0, resolver) }
                        || Self.holdsScreenProtocol(property, held, of: part.type, resolver)
                    reference = Self.presenterViewNames.contains(property.name) || typedView ? "its view" : nil
                case .interactor:
                    let typedOutput = held.contains { name in
                        ["InteractorOutput", "InteractorOutputProtocol", "Presenter", "PresenterProtocol"].contains { name.hasSuffix($0) }
                            || VIPERModule.contractRole(ofProtocol: name, resolver: resolver) == .presenter
                    }
                    reference = Self.interactorOutputNames.contains(property.name) || typedOutput ? "its presenter" : nil
                case .router:
                    let typedView = held.contains { name in
                        name == "UIViewController" || name.hasSuffix("ViewController") && name != "UINavigationController"
                            || VIPERModule.isViewProtocol(name, resolver: resolver) || Self.isScreenClass(name, resolver)
                    }
                    // A plain `UIViewController` a method is handed and keeps (`func present(from prevController:
                    // UIViewController) { self.prevController = prevController; … }`): the screen that presents this
                    // module, another module's.
                    if held == ["UIViewController"], Self.keepsParameter(property.name, in: part.type) { continue }
                    reference = Self.routerViewNames.contains(property.name) || typedView ? "its view controller" : nil
                case .view, .factory:
                    reference = nil
                }
                guard let reference, !Self.holdsContainerOrValue(held) else { continue }
                // The interactor's presenter is a cycle only when that presenter holds the interactor back; where the view
                // owns the interactor and the interactor its presenter, this reference is the owning one.
                if part.role == .interactor, !Self.presenterMayHold(part.type, presenter: held, resolver) { continue }
                // `weak` compiles only on a class-bound type: the advice says so for a project protocol not seen to be one
                // (`: AnyObject`, `: class`, or refining such); `@objc` or `where Self:` the index cannot tell.
                let contract = held.first { resolver.primary($0)?.kind == .protocol && !VIPERModule.isClassBound($0, resolver: resolver) }
                // What the protocol refines stays (`protocol ShareDelegate: BaseViewProtocol, AnyObject`).
                violations.append(Violation(
                    at: property.nameNode,
                    "\(part.role.name) '\(part.type.name)' holds \(reference) '\(property.name)' strongly; "
                        + "declare it `weak var`\(contract.map { " ('\($0)' must be class-bound: `protocol \(Self.classBound($0, resolver))`)" } ?? "") "
                        + "so view, presenter and router do not keep each other alive"))
            }
        }
        return violations
    }

    /// `Name: AnyObject`, after what the protocol already refines (`ShareDelegate: BaseViewProtocol, AnyObject`).
    static func classBound(_ name: String, _ resolver: TypeResolver) -> String {
        "\(name): " + ((resolver.primary(name)?.inherited ?? []) + ["AnyObject"]).joined(separator: ", ")
    }

    /// A project class whose superclass chain reaches a UIKit screen (`RecordController: AppController`, `AppController:
    /// UIViewController`), and no container.
    static func isScreenClass(_ name: String, _ resolver: TypeResolver) -> Bool {
        guard resolver.primary(name)?.kind == .class else { return false }
        let chain = resolver.supertypes(of: [name])
        return chain.contains(where: SwiftUIPresenterRule.uiKitScreens.contains) && !chain.contains(where: ViewControllerReach.containerClasses.contains)
    }

    /// Whether a method of `type` (not an initializer: a factory hands the module's own screen there) sets the
    /// property `name` to one of its parameters.
    static func keepsParameter(_ name: String, in type: TypeDeclaration) -> Bool {
        type.members.members.contains { member in
            guard let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body else { return false }
            let parameters = Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
            return body.statements.contains { item in
                guard let sequence = item.item.as(ExprSyntax.self)?.as(SequenceExprSyntax.self) else { return false }
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                    let value = elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text, parameters.contains(value)
                else { return false }
                let target = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? elements[0].as(MemberAccessExprSyntax.self).flatMap { member in
                        member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) ? member.declName.baseName.text : nil
                    }
                return target == name
            }
        }
    }

    /// Whether a project presenter the interactor holds (its class, or the classes adopting the protocol it is held
    /// as) stores the interactor (or one of its protocols) back; true when the project declares no such presenter.
    static func presenterMayHold(_ interactor: TypeDeclaration, presenter held: [String], _ resolver: TypeResolver) -> Bool {
        var presenters: Set<String> = []
        var seen: Set<String> = []
        var pending = held
        while let name = pending.popLast(), seen.count < 64 {
            guard seen.insert(name).inserted, let entry = resolver.primary(name) else { continue }
            if entry.kind == .class { presenters.insert(name) }
            pending += resolver.inheritors(of: name).map(\.name)
        }
        guard !presenters.isEmpty else { return true }
        let interactorNames = [interactor.name] + interactor.inheritance.conformances
        return interactorNames.contains { name in resolver.holders(of: name).contains { presenters.contains($0.holder) } }
    }

    /// A presenter's view: the module's view protocol, a view controller, or a UIKit view.
    private func isView(_ name: String, _ resolver: TypeResolver) -> Bool {
        if name.hasSuffix("ViewController") || name == "UIView" { return true }
        if VIPERModule.isViewProtocol(name, resolver: resolver) { return true }
        guard let entry = resolver.primary(name), entry.kind == .class, let superclass = entry.inherited.first else { return false }
        return resolver.supertypes(of: [superclass]).contains(where: VIPERModule.uiKitViewBases.contains)
    }

    /// A presenter with no view reference of its own holding a protocol only screens adopt, one of which holds the presenter
    /// back (`VIPERModule.isScreenProtocol`): its view. A module output or delegate to another module is out of scope.
    static func holdsScreenProtocol(_ property: StoredProperty, _ held: [String], of presenter: TypeDeclaration, _ resolver: TypeResolver) -> Bool {
        // The presenter's other properties are read only for a property that holds such a protocol, which few do.
        guard !moduleOutputNames.contains(property.name),
            held.contains(where: { VIPERModule.isScreenProtocol($0, heldBy: presenter.name, resolver: resolver) })
        else { return false }
        return !hasViewReference(presenter, resolver)
    }

    /// The names of a presenter's reference to another module, never its view (RULES-viper: out of scope).
    static let moduleOutputNames: Set<String> = ["moduleOutput", "delegate"]

    /// Whether the presenter already keeps a view by the view names or a view protocol.
    static func hasViewReference(_ presenter: TypeDeclaration, _ resolver: TypeResolver) -> Bool {
        TypeDeclaration.storedProperties(of: presenter.members).contains { property in
            presenterViewNames.contains(property.name)
                || property.type?.heldTypeNames.contains { VIPERModule.isViewProtocol($0, resolver: resolver) } == true
        }
    }

    /// Containers a router is handed (navigation controller, window) and values are never back references.
    private static func holdsContainerOrValue(_ held: [String]) -> Bool {
        held.contains { ["UINavigationController", "UIWindow", "String", "Int", "Bool"].contains($0) || $0.hasSuffix("ViewModel") }
    }
}
