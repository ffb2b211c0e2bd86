import RibsLintKit
import SwiftSyntax

public struct VIPERViewServiceAccessRule: Rule {
    static let defaultSuffixes = [
        "Service", "ServiceProtocol", "ServiceType", "Repository", "RepositoryProtocol", "APIClient", "ApiClient", "HTTPClient",
        "NetworkClient", "API", "Storage", "StorageProtocol", "DataManager", "NetworkManager", "APIManager", "DatabaseManager",
        "PersistenceManager", "CoreDataManager", "Database", "DAO", "Gateway", "UseCase",
    ]
    static let defaultTypes = [
        "URLSession", "NSManagedObjectContext", "NSPersistentContainer", "ModelContext", "UserDefaults", "FileManager", "Realm",
        "Session", "AF",
    ]

    public static let description = RuleDescription(
        id: "viper_view_service_access",
        name: "VIPER View Service Access",
        summary: "A view of a VIPER module holds, builds or calls a service, repository, API client or store.",
        rationale: """
            VIPER Playbook, "Responsibilities — View": "Avoid direct service/repository access"; "Anti-Patterns and Fixes": \
            the view doing business work, calling services directly; for SwiftUI, "use an adapter (`ObservableObject`) that \
            forwards to Presenter". Data flows view → presenter → interactor → repository or service: a view that reaches \
            the data layer skips the layers that make the module testable, and its screen can no longer be rendered \
            without a network or a database.
            """,
        profiles: ["viper"],
        defaultSeverity: .warning,
        options: [
            OptionDoc(
                "service_suffixes", .stringList, default: .stringList(defaultSuffixes),
                "Type name suffixes of the data layer (`Service`, `Repository`, `APIClient`, …)."),
            OptionDoc(
                "service_types", .stringList, default: .stringList(defaultTypes),
                "System and library types of the data layer (`URLSession`, `UserDefaults`, `ModelContext`, …)."),
        ],
        triggering: [
            Example("""
                protocol AgendaViewInput: AnyObject { func show(_ days: [String]) }
                protocol AgendaViewOutput: AnyObject { func viewDidLoad() }
                final class AgendaViewController: UIViewController, AgendaViewInput {
                    var output: AgendaViewOutput?
                    let 1️⃣service: AgendaServiceProtocol
                    private let api = 2️⃣AgendaAPIService()
                    init(service: AgendaServiceProtocol) {
                        self.service = service
                        super.init(nibName: nil, bundle: nil)
                    }
                    func show(_ days: [String]) {}
                    @objc func didTapSave() {
                        let draft = 3️⃣DraftEventStorage(calendarID: "work")
                        draft.save()
                        4️⃣HolidayService.shared.load()
                        let names = 5️⃣UserDefaults.standard.stringArray(forKey: "names")
                        _ = names
                        service.fetch()
                    }
                }
                """, messages: [
                    "view 'AgendaViewController' holds the data-layer type 'AgendaServiceProtocol'; send the user's intent to the presenter and let the interactor reach the data",
                    "view 'AgendaViewController' builds 'AgendaAPIService'; send the user's intent to the presenter and let the interactor reach the data",
                    "view 'AgendaViewController' builds 'DraftEventStorage'; send the user's intent to the presenter and let the interactor reach the data",
                    "view 'AgendaViewController' reaches 'HolidayService.shared'; send the user's intent to the presenter and let the interactor reach the data",
                    "view 'AgendaViewController' reaches 'UserDefaults.standard'; send the user's intent to the presenter and let the interactor reach the data",
                ]),
            Example("""
                import SwiftUI
                import SwiftData
                protocol InvitesView: AnyObject {}
                protocol InvitesPresentation: AnyObject {}
                final class InvitesViewAdapter: ObservableObject, InvitesView {
                    var 1️⃣repository: AttendeeRepository?
                }
                struct InvitesScreen: View {
                    @Query var 2️⃣invites: [Invite]
                    @Environment(\\.modelContext) private var 3️⃣context
                    var body: some View { Text("Invites") }
                }
                """, path: "Invites/View/InvitesScreen.swift", messages: [
                    "view 'InvitesViewAdapter' holds the data-layer type 'AttendeeRepository'; send the user's intent to the presenter and let the interactor reach the data",
                    "view 'InvitesScreen' fetches data itself (@Query); let the presenter hand it the data to show",
                    "view 'InvitesScreen' fetches data itself (@Environment); let the presenter hand it the data to show",
                ]),
            Example("""
                final class EventCell: UITableViewCell {
                    func configure() { _ = 1️⃣FileManager.default.urls(for: .documentDirectory, in: .userDomainMask) }
                }
                // file: Agenda/AgendaPresenter.swift
                final class AgendaPresenter {}
                final class AgendaRouter {}
                """, path: "Agenda/EventCell.swift", messages: [
                    "view 'EventCell' reaches 'FileManager.default'; send the user's intent to the presenter and let the interactor reach the data",
                ]),
            Example("""
                final class OnboardingPage: UIViewController {
                    func finish() { 1️⃣UserDefaults.standard.set(true, forKey: "onboarded") }
                }
                // file: Onboarding/OnboardingPresenter.swift
                final class OnboardingPresenter {}
                """, path: "Onboarding/View/Pages/OnboardingPage.swift", messages: [
                    "view 'OnboardingPage' reaches 'UserDefaults.standard'; send the user's intent to the presenter and let the interactor reach the data",
                ]),
            // A view in a folder named after it below the module's is the module's (a view controller there is a screen
            // of its own).
            Example("""
                final class HeaderView: UIView {
                    private let service = 1️⃣ProfileService()
                }
                // file: Profile/ProfilePresenter.swift
                final class ProfilePresenter {}
                final class ProfileInteractor {}
                """, path: "Profile/Header/HeaderView.swift", messages: [
                    "view 'HeaderView' builds 'ProfileService'; send the user's intent to the presenter and let the interactor reach the data",
                ]),
            // A cell in any folder below the module's.
            Example("""
                final class AgendaDayCell: UITableViewCell {
                    func configure() { _ = 1️⃣FileManager.default.urls(for: .documentDirectory, in: .userDomainMask) }
                }
                // file: Agenda/AgendaPresenter.swift
                final class AgendaPresenter {}
                final class AgendaRouter {}
                """, path: "Agenda/TableView/Cells/AgendaDayCell.swift", messages: [
                    "view 'AgendaDayCell' reaches 'FileManager.default'; send the user's intent to the presenter and let the interactor reach the data",
                ]),
            Example("""
                protocol MajorViewInput: AnyObject {}
                protocol MajorViewOutput: AnyObject {}
                final class MajorViewController: UIViewController, MajorViewInput {
                    var output: MajorViewOutput?
                    func save() { 1️⃣APIManager.auth.saveMajor(named: "Physics") }
                }
                // file: Network/APIManager.swift
                final class APIManager { static let auth = AuthClient() }
                """, messages: [
                    "view 'MajorViewController' reaches 'APIManager.auth'; send the user's intent to the presenter and let the interactor reach the data",
                ]),
        ],
        nonTriggering: [
            // TextKit's text storage measures the text a view lays out: no data layer.
            Example("""
                protocol NoteView: AnyObject { func render(_ text: String) }
                protocol NotePresenting: AnyObject { func viewDidLoad() }
                final class NoteViewController: UIViewController, NoteView {
                    var presenter: NotePresenting?
                    func render(_ text: String) {
                        let storage = NSTextStorage(attributedString: NSAttributedString(string: text))
                        _ = storage.length
                    }
                }
                final class NotePresenter: NotePresenting {
                    weak var view: NoteView?
                    func viewDidLoad() {}
                }
                """),
            // A layer's Swinject registration makes no module of the layer's folder: a debug screen beside it is no view.
            Example("""
                // file: Presentation/Assembly/PresentationAssembly.swift
                import Swinject
                final class PresentationAssembly: Assembly {
                    func assemble(container: Container) {}
                }
                // file: Presentation/FLEX/FeatureTogglesViewController.swift
                import UIKit
                final class FeatureTogglesViewController: UITableViewController {
                    private let session = URLSession.shared
                    private let repository = FeatureToggleRepository()
                }
                """),
            Example("""
                import SwiftUI
                protocol ProfileView: AnyObject { func render(_ name: String) }
                protocol ProfilePresenting: AnyObject { func viewDidLoad() }
                final class ProfileViewController: UIViewController, ProfileView {
                    var presenter: ProfilePresenting?
                    var output: ProfilePresenting?
                    private let formatter = DateFormatter()
                    private let dataSource = ProfileDataSource()
                    private let avatar = AvatarLoader()
                    @AppStorage("compact") var compact = false
                    func render(_ name: String) {
                        UIApplication.shared.applicationIconBadgeNumber = 0
                        _ = UIDevice.current.orientation
                        _ = UIScreen.main.bounds
                        _ = Bundle.main.bundleIdentifier
                        _ = AppTheme.shared.palette
                        NotificationCenter.default.addObserver(self, selector: #selector(keyboard), name: .keyboardWillShow, object: nil)
                        avatarView.kf.setImage(with: nil)
                        presenter?.viewDidLoad()
                    }
                    @objc func keyboard() {}
                    let avatarView = UIImageView()
                }
                """),
            Example("""
                protocol AgendaViewOutput: AnyObject {}
                protocol AgendaInteractorInput: AnyObject {}
                final class AgendaPresenter: AgendaViewOutput {
                    private let service = AgendaAPIService()
                }
                final class AgendaInteractor: AgendaInteractorInput {
                    let repository: AttendeeRepository
                    init(repository: AttendeeRepository) { self.repository = repository }
                    func load() { _ = URLSession.shared }
                }
                """),
            Example("""
                protocol InvitesViewProtocol: AnyObject {}
                protocol InvitesPresenterProtocol: AnyObject {}
                final class InvitesPresenter: InvitesPresenterProtocol {}
                final class InvitesInteractor { var dataManager: InvitesRemoteDataManager? }
                final class InvitesRemoteDataManager {}
                final class InvitesViewController: UIViewController, InvitesViewProtocol {
                    func showNextStep() {
                        let next = InvitesViewController()
                        let presenter = InvitesPresenter()
                        let interactor = InvitesInteractor()
                        interactor.dataManager = InvitesRemoteDataManager()
                        _ = (next, presenter)
                    }
                }
                """),
            // A screen of its own in a folder named after it, inside a module's folder: not that module's view.
            Example("""
                final class EditAddressViewController: UIViewController {
                    private let service: LocationsServiceProtocol = LocationsService()
                }
                // file: Addresses/Base/AddressesPresenter.swift
                protocol AddressesViewProtocol: AnyObject {}
                final class AddressesPresenter {}
                final class AddressesRouter {}
                // file: Addresses/Base/AddressesViewController.swift
                final class AddressesViewController: UIViewController, AddressesViewProtocol {}
                """, path: "Addresses/EditAddress/EditAddressViewController.swift"),
            Example("""
                final class NotesCell: UITableViewCell {
                    func load() { _ = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask) }
                }
                """, path: "Library/Views/Cells/NotesCell.swift"),
            // An app's `Views/` folder is no module's role folder (`View/`).
            Example("""
                struct AppRootView: View {
                    @State private var lastTab = UserDefaults.standard.integer(forKey: "tab")
                    var body: some View { Text("Home") }
                }
                """, path: "Views/AppRootView.swift"),
            Example("""
                struct SettingsView: View {
                    let service: SettingsService
                    var body: some View { Text("Settings") }
                }
                """),
            Example("""
                import SwiftUI
                protocol ProfileView: AnyObject {}
                protocol ProfilePresenting: AnyObject {}
                struct ProfileScreen_Previews: PreviewProvider {
                    static var previews: some View { ProfileScreen(service: ProfileService()) }
                }
                #Preview { ProfileScreen(service: ProfileService()) }
                """),
            Example("""
                protocol SearchViewInput: AnyObject {}
                protocol SearchViewOutput: AnyObject {}
                final class SearchViewController: UIViewController, SearchViewInput {
                    var output: SearchViewOutput?
                    let placeholder = API.searchPlaceholder
                    let pageSize = Database.pageSize
                    let key = Storage.Keys.lastTab
                }
                // file: Network/API.swift
                enum API { static let searchPlaceholder = "Search" }
                struct Database { static let pageSize = 20 }
                """),
        ],
        precision: .medium)

    private let suffixes: [String]
    private let types: Set<String>

    public init(options: RuleOptions) {
        suffixes = options.strings("service_suffixes")
        types = Set(options.strings("service_types"))
    }

    /// UIKit's own view-layer classes named like a data layer: TextKit's `NSTextStorage` holds the text a view lays out.
    static let viewLayerTypes: Set<String> = ["NSTextStorage"]

    /// A name that is a suffix alone counts when the project declares it as a class or actor (`APIManager`,
    /// `Database`): a struct or enum of that name is a namespace of endpoints or keys (`API.baseURL`), and one the
    /// project does not declare may be anything (Firebase's `Storage`).
    func isService(_ name: String, _ resolver: TypeResolver) -> Bool {
        if Self.viewLayerTypes.contains(name), resolver.primary(name) == nil { return false }
        return types.contains(name) || suffixes.contains { suffix in
            name.hasSuffix(suffix) && (name.count > suffix.count || [.class, .actor].contains(resolver.primary(name)?.kind))
        }
    }

    public func violations(in file: LintFile) -> [Violation] {
        let module = VIPERModule.of(file)
        let views = module.parts(.view) + module.viewLayer
        guard !views.isEmpty else { return [] }
        let resolver = file.model.projectTypes
        var found = OnePerStatement()
        for view in views {
            var reportedProperties = Set<SyntaxIdentifier>()
            for property in TypeDeclaration.storedProperties(of: view.members) where !property.isStatic {
                let attributes = property.declaration.attributes
                if let fetching = ["Query", "FetchRequest", "SectionedFetchRequest"].first(where: attributes.contains(named:))
                    ?? (attributes.trimmedText.contains("\\.modelContext") || attributes.trimmedText.contains("\\.managedObjectContext")
                        ? "Environment" : nil)
                {
                    found.report(property.nameNode, "view '\(view.name)' fetches data itself (@\(fetching)); let the presenter hand it the data to show")
                    reportedProperties.insert(property.declaration.id)
                    continue
                }
                guard let service = property.type?.heldTypeNames.first(where: { isService($0, resolver) }) else { continue }
                found.report(property.nameNode, message(view, "holds the data-layer type '\(service)'"))
                reportedProperties.insert(property.declaration.id)
            }
            let visitor = Visitor(rule: self, resolver: resolver)
            visitor.walk(view.members)
            for (node, what) in visitor.found where !Self.isInside(node, reportedProperties) {
                found.report(node, message(view, what))
            }
        }
        return found.violations
    }

    private func message(_ view: TypeDeclaration, _ what: String) -> String {
        "view '\(view.name)' \(what); send the user's intent to the presenter and let the interactor reach the data"
    }

    private static func isInside(_ node: Syntax, _ declarations: Set<SyntaxIdentifier>) -> Bool {
        var current: Syntax? = node
        while let syntax = current {
            if declarations.contains(syntax.id) { return true }
            current = syntax.parent
        }
        return false
    }

    private final class Visitor: TypeBodyVisitor {
        let rule: VIPERViewServiceAccessRule
        let resolver: TypeResolver
        var found: [(Syntax, String)] = []

        init(rule: VIPERViewServiceAccessRule, resolver: TypeResolver) {
            self.rule = rule
            self.resolver = resolver
        }

        /// A function assembling a module wires the data layer into its interactor: factory scope, not the view's.
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            VIPERModule.constructsModule(node, resolver) ? .skipChildren : .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.constructedTypeName, name.first?.isUppercase == true, rule.isService(name, resolver) {
                found.append((Syntax(node.calledExpression), "builds '\(name)'"))
            }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            // A nested type (`Storage.Keys`) is no access to anything.
            if let base = node.base?.as(DeclReferenceExprSyntax.self), base.baseName.text.first?.isUppercase == true,
                node.declName.baseName.text.first?.isUppercase != true,
                rule.isService(base.baseName.text, resolver), node.declName.baseName.tokenKind != .keyword(.`init`)
            {
                found.append((Syntax(base), "reaches '\(base.baseName.text).\(node.declName.baseName.text)'"))
            }
            return .visitChildren
        }
    }
}
