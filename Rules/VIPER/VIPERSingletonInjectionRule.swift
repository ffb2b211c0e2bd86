import RibsLintKit
import SwiftSyntax

public struct VIPERSingletonInjectionRule: Rule {
    public static let description = RuleDescription(
        id: "viper_singleton_injection",
        name: "VIPER Singleton Injection",
        summary: "A module factory, presenter or interactor reaches for a global singleton instead of receiving a protocol.",
        rationale: """
            VIPER Playbook, "Assembly Guidance": "inject protocols, not concrete global singletons" and "inject external \
            dependencies (repositories, services) from the caller"; "Responsibilities — Interactor": "Call \
            repositories/services through protocols". A `Service.shared` read inside the module — even as a default \
            argument, or written `.shared` where the parameter or property names its type — fixes the dependency for good: tests cannot replace it and the caller no longer decides. \
            Composition roots (the app and scene delegates, the `@main` App, DI containers) are where singletons are \
            created and handed down, and are left alone.
            """,
        profiles: ["viper"],
        defaultSeverity: .warning,
        triggering: [
            Example("""
                protocol AgendaInteractorInput: AnyObject { func load() }
                protocol CalendarSyncing: AnyObject {}
                final class CloudSync: CalendarSyncing { static let shared = CloudSync() }
                final class AgendaInteractor: AgendaInteractorInput {
                    private let sync: CalendarSyncing
                    init(sync: CalendarSyncing = CloudSync.1️⃣shared) { self.sync = sync }
                    func load() {
                        let data = URLSession.2️⃣shared.dataTask(with: URL(fileURLWithPath: "/"))
                        _ = data
                        UserDefaults.3️⃣standard.set(true, forKey: "loaded")
                        let session = AVAudioSession.4️⃣sharedInstance()
                        _ = session
                        _ = KeychainWrapper.5️⃣standard.string(forKey: "token")
                    }
                }
                """, messages: [
                    "module code 'AgendaInteractor' reaches the singleton 'CloudSync.shared'; take a protocol in `init` and let the composition root pass the instance",
                    "module code 'AgendaInteractor' reaches the singleton 'URLSession.shared'; take a protocol in `init` and let the composition root pass the instance",
                    "module code 'AgendaInteractor' reaches the singleton 'UserDefaults.standard'; take a protocol in `init` and let the composition root pass the instance",
                    "module code 'AgendaInteractor' reaches the singleton 'AVAudioSession.sharedInstance'; take a protocol in `init` and let the composition root pass the instance",
                    "module code 'AgendaInteractor' reaches the singleton 'KeychainWrapper.standard'; take a protocol in `init` and let the composition root pass the instance",
                ]),
            // A module factory that imports Swinject for its resolver is module code all the same.
            Example("""
                import Swinject
                protocol WalletViewInput: AnyObject {}
                protocol WalletViewOutput: AnyObject {}
                final class WalletViewController: UIViewController, WalletViewInput {}
                final class WalletPresenter: WalletViewOutput { init(resolver: Resolver) {} }
                final class AppAssembler { static let shared = AppAssembler(); let resolver: Resolver = Container() }
                final class WalletModuleFactory {
                    func make() -> UIViewController {
                        let presenter = WalletPresenter(resolver: AppAssembler.1️⃣shared.resolver)
                        _ = presenter
                        return WalletViewController()
                    }
                }
                """, messages: [
                    "module code 'WalletModuleFactory.make' reaches the singleton 'AppAssembler.shared'; take a protocol as a parameter of `make` and let the composition root pass the instance",
                ]),
            // Alamofire's shared session, by either of its names.
            Example("""
                import Alamofire
                protocol SettingsInteractorInput: AnyObject { func clearAll() }
                final class SettingsInteractor: SettingsInteractorInput {
                    func clearAll() {
                        SessionManager.1️⃣default.session.getAllTasks { tasks in tasks.forEach { $0.cancel() } }
                        Session.2️⃣default.cancelAllRequests()
                    }
                }
                """, messages: [
                    "module code 'SettingsInteractor' reaches the singleton 'SessionManager.default'; take a protocol in `init` and let the composition root pass the instance",
                    "module code 'SettingsInteractor' reaches the singleton 'Session.default'; take a protocol in `init` and let the composition root pass the instance",
                ]),
            // An implicit member as a default value, its type written beside it: the caller no longer injects.
            Example("""
                protocol FeedInteractorInput: AnyObject { func load() }
                final class FeedStore { static let shared = FeedStore() }
                protocol FeedStoring: AnyObject {}
                final class FeedInteractor: FeedInteractorInput {
                    private let store: any FeedStoring
                    private let center: NotificationCenter? = .1️⃣default
                    init(
                        store: FeedStore = .2️⃣shared,
                        cache: any FeedStoring = .3️⃣shared,
                        library: PHPhotoLibrary = .4️⃣shared()
                    ) {
                        self.store = store
                    }
                    func load() {}
                }
                """, messages: [
                    "module code 'FeedInteractor' reaches the singleton 'NotificationCenter.default'; take a protocol in `init` and let the composition root pass the instance",
                    "module code 'FeedInteractor' reaches the singleton 'FeedStore.shared'; take a protocol in `init` and let the composition root pass the instance",
                    "module code 'FeedInteractor' reaches the singleton 'FeedStoring.shared'; take a protocol in `init` and let the composition root pass the instance",
                    "module code 'FeedInteractor' reaches the singleton 'PHPhotoLibrary.shared'; take a protocol in `init` and let the composition root pass the instance",
                ]),
            // A presenter that answers a header view's delegate protocol (named like a view protocol) is a presenter still.
            Example("""
                // file: Projects/ProjectsPresenter.swift
                final class ProjectsPresenter: ViewToPresenterProjectsProtocol, SectionHeaderViewProtocol {
                    weak var view: PresenterToViewProjectsProtocol?
                    func didTapAdd() { DataManager.1️⃣shared.addProject() }
                }
                // file: Projects/ProjectsProtocols.swift
                protocol ViewToPresenterProjectsProtocol: AnyObject {}
                protocol PresenterToViewProjectsProtocol: AnyObject {}
                // file: Projects/SectionHeaderView.swift
                import UIKit
                protocol SectionHeaderViewProtocol: AnyObject { func didTapAdd() }
                final class SectionHeaderView: UITableViewHeaderFooterView {
                    weak var delegate: SectionHeaderViewProtocol?
                }
                // file: Projects/ProjectsViewController.swift
                import UIKit
                final class ProjectsViewController: UIViewController, PresenterToViewProjectsProtocol {
                    var presenter: ViewToPresenterProjectsProtocol?
                }
                """, messages: [
                    "module code 'ProjectsPresenter' reaches the singleton 'DataManager.shared'; take a protocol in `init` and let the composition root pass the instance",
                ]),
            Example("""
                protocol BookingViewOutput: AnyObject {}
                final class BookingPresenter: BookingViewOutput {
                    weak var store: BookingStore? = BookingStore.1️⃣shared
                    func reload() { NotificationCenter.2️⃣default.post(name: .init("reload"), object: nil) }
                }
                """, messages: [
                    "module code 'BookingPresenter' reaches the singleton 'BookingStore.shared'; take a protocol in `init` and let the composition root pass the instance",
                    "module code 'BookingPresenter' reaches the singleton 'NotificationCenter.default'; take a protocol in `init` and let the composition root pass the instance",
                ]),
            Example("""
                final class ProfileViewController: UIViewController {}
                final class ProfilePresenter {}
                final class ProfileRouter {
                    class func makeModule() -> UIViewController {
                        let view = ProfileViewController()
                        let presenter = ProfilePresenter()
                        _ = presenter
                        _ = FileManager.1️⃣default.temporaryDirectory
                        return view
                    }
                    func openHelp() { UIApplication.shared.open(URL(fileURLWithPath: "/")) }
                }
                """, messages: [
                    "module code 'ProfileRouter.makeModule' reaches the singleton 'FileManager.default'; take a protocol as a parameter of `makeModule` and let the composition root pass the instance",
                ]),
        ],
        nonTriggering: [
            // A Swinject registration is a composition root: it hands the singletons down.
            Example("""
                import Swinject
                protocol WalletViewOutput: AnyObject {}
                final class WalletPresenter: WalletViewOutput { init(session: URLSession) {} }
                final class WalletAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(WalletPresenter.self) { _ in WalletPresenter(session: URLSession.shared) }
                    }
                }
                """),
            // Registrations adopting `Assembly` in an extension, or in a function of any type.
            Example("""
                import Swinject
                protocol CardViewInput: AnyObject {}
                protocol CardViewOutput: AnyObject {}
                final class CardViewController: UIViewController, CardViewInput { var output: CardViewOutput? }
                final class CardPresenter: CardViewOutput { weak var view: CardViewInput?; init(session: URLSession) {} }
                final class CardAssembly {
                    func assemble(container: Container) {
                        container.register(CardViewInput.self) { _ in
                            let presenter = CardPresenter(session: URLSession.shared)
                            let view = CardViewController()
                            view.output = presenter
                            presenter.view = view
                            return view
                        }
                    }
                }
                extension CardAssembly: Assembly {}
                enum Registrations {
                    static func register(in container: Container) {
                        container.register(CardViewInput.self) { _ in
                            let presenter = CardPresenter(session: URLSession.shared)
                            let view = CardViewController()
                            view.output = presenter
                            return view
                        }
                    }
                }
                """),
            Example("""
                // Generated using Sourcery 2.1.7 — https://github.com/krzysztofzablocki/Sourcery
                // DO NOT EDIT
                protocol LibraryViewOutput: AnyObject {}
                final class LibraryPresenter: LibraryViewOutput {}
                extension LibraryPresenter {
                    func reload() { _ = UserDefaults.standard }
                }
                """, path: "Sourcery/AutoMockable.swift"),
            Example("""
                enum Sharing { case shared, `private` }
                struct ReminderOptions { static let `default` = ReminderOptions() }
                protocol AgendaInteractorInput: AnyObject { func load() }
                final class AgendaInteractor: AgendaInteractorInput {
                    private let environment: AppEnvironment
                    private let feed: HolidayFeed
                    private let options: ReminderOptions = .default
                    private let scope: CKDatabase.Scope? = .shared
                    init(environment: AppEnvironment, feed: HolidayFeed = HolidayFeed(session: .shared), sharing: Sharing = .shared) {
                        self.environment = environment
                        self.feed = feed
                    }
                    func load() {
                        DispatchQueue.global(qos: .default).async {}
                        let sharing = Sharing.shared
                        _ = sharing
                        _ = ReminderOptions.default
                        _ = URLSessionConfiguration.default
                        _ = environment.shared.calendarStore
                        _ = DispatchQueue.main
                        _ = Bundle.main
                        _ = Locale.current
                        _ = Calendar.current
                        _ = ProcessInfo.processInfo
                        _ = HolidayAPIService.fetchHolidays()
                        let service = AgendaService()
                        _ = service
                    }
                }
                """),
            Example("""
                final class CalendarStore { static let shared = CalendarStore() }
                @main
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication) {
                        let store = CalendarStore.shared
                        _ = store
                    }
                }
                final class AppDependencyContainer {
                    let store = CalendarStore.shared
                }
                """),
            Example("""
                protocol ProfileView: AnyObject {}
                protocol ProfileRouting: AnyObject { func openHelp() }
                final class ProfileViewController: UIViewController, ProfileView {
                    let defaults = UserDefaults.standard
                }
                final class ProfileRouter: ProfileRouting {
                    func openHelp() { UIApplication.shared.open(URL(fileURLWithPath: "/")) }
                }
                """),
            Example("""
                protocol ProfileInteracting: AnyObject {}
                final class ProfileInteractor: ProfileInteracting {
                    func load() { _ = URLSession.shared }
                }
                """, path: "ProfileTests/ProfileInteractorTests.swift"),
            Example("""
                import RxSwift
                protocol HomeInteractorInput: AnyObject { func load() }
                final class HomeInteractor: HomeInteractorInput {
                    let movies: Observable<[String]>
                    init(movies: Observable<[String]>) { self.movies = movies }
                    func load() {
                        _ = movies.observe(on: MainScheduler.instance).subscribe(on: CurrentThreadScheduler.instance)
                        _ = movies.observe(on: MainScheduler.asyncInstance)
                    }
                }
                """),
        ],
        precision: .medium)

    public init(options: RuleOptions) {}

    /// Types the project does not declare whose `.default`/`.standard` is a shared instance: Foundation's, and
    /// SwiftKeychainWrapper's `KeychainWrapper.standard`, Alamofire's `Session.default` (`SessionManager.default` before
    /// its fifth version). On other such types it is as often a value (`JSONEncoding.default`, `MKMapType.standard`).
    static let knownSingletons: Set<String> = [
        "FileManager", "NotificationCenter", "UserDefaults", "DistributedNotificationCenter", "KeychainWrapper", "Session", "SessionManager",
    ]
    /// Environment values, as `DispatchQueue.main` is: the main actor, the process, and the schedulers of RxSwift and Combine.
    static let notSingletons: Set<String> = [
        "MainActor", "ProcessInfo", "MainScheduler", "ConcurrentMainScheduler", "CurrentThreadScheduler", "ImmediateScheduler",
    ]
    static let compositionRootConformances: Set<String> = ["UIApplicationDelegate", "UIWindowSceneDelegate", "App", "NSApplicationDelegate"]
    static let compositionRootSuffixes = ["Container", "DependencyContainer", "Dependencies", "Resolver", "AppDelegate", "SceneDelegate"]
    /// Frameworks whose files are composition roots as a whole. Swinject's are not: a module factory imports it for its
    /// `Resolver` type; its registrations (`Assembly`) are roots by themselves.
    static let injectionFrameworks: Set<String> = ["Factory", "NeedleFoundation"]

    public func violations(in file: LintFile) -> [Violation] {
        guard file.contains(".shared") || file.contains(".default") || file.contains(".standard") || file.contains(".instance") else { return [] }
        let module = VIPERModule.of(file)
        guard module.isVIPERCode, !file.model.imports.contains(where: Self.injectionFrameworks.contains) else { return [] }
        let resolver = file.model.projectTypes
        let swinject = file.model.imports.contains("Swinject")
        // Each scope with where the instance should come in instead: a part's `init`, a factory method's parameters.
        var scopes: [(node: Syntax, owner: String, entry: String)] = []
        var whole = Set<String>()
        for part in module.parts where [.presenter, .interactor, .factory].contains(part.role) {
            scopes.append((Syntax(part.type.members), part.type.name, "in `init`"))
            whole.insert(part.type.name)
        }
        for type in file.model.types where !whole.contains(type.name) && !isCompositionRoot(type, resolver) {
            for function in type.functions where VIPERModule.constructsModule(function, resolver) && !(swinject && Self.registers(function)) {
                scopes.append((Syntax(function), "\(type.name).\(function.name.text)", "as a parameter of `\(function.name.text)`"))
            }
        }
        var lines = Set<Int>()
        var violations: [Violation] = []
        for (node, owner, entry) in scopes {
            let visitor = AccessorVisitor()
            visitor.walk(node)
            for (accessor, typeName, nested) in visitor.found {
                // A nested type named on a default value (`Scope` of `CKDatabase.Scope = .shared`): only one the project
                // declares as a class, a struct or an actor.
                if nested, ![.class, .struct, .actor].contains(resolver.primary(typeName)?.kind) { continue }
                guard isSingleton(accessor.baseName.text, on: typeName, resolver) else { continue }
                guard lines.insert(file.location(of: accessor.positionAfterSkippingLeadingTrivia.utf8Offset).line).inserted else { continue }
                violations.append(Violation(
                    at: accessor,
                    "module code '\(owner)' reaches the singleton '\(typeName).\(accessor.baseName.text)'; take a protocol \(entry) and let the composition root pass the instance"))
            }
        }
        return violations
    }

    private func isSingleton(_ member: String, on type: String, _ resolver: TypeResolver) -> Bool {
        guard !Self.notSingletons.contains(type) else { return false }
        let kind = resolver.primary(type)?.kind
        switch member {
        case "default", "standard":
            if let kind { return kind == .class || kind == .actor }
            return Self.knownSingletons.contains(type)
        default:
            return kind != .enum
        }
    }

    private func isCompositionRoot(_ type: TypeDeclaration, _ resolver: TypeResolver) -> Bool {
        type.inherited.contains(where: Self.compositionRootConformances.contains)
            || VIPERModule.isRegistration(type.inherited + resolver.extensionConformances(of: type.name), resolver: resolver)
            || Self.compositionRootSuffixes.contains { type.name.hasSuffix($0) || type.name == $0 }
            || type.declaration.asProtocol(WithAttributesSyntax.self)?.attributes.contains(named: "main") == true
    }

    /// A function that registers with a Swinject container (`container.register(ProfileViewInput.self) { … }`): a
    /// registration, which is a composition root (Roles §5) wherever it is declared.
    static func registers(_ function: FunctionDeclSyntax) -> Bool {
        function.body?.tokens(viewMode: .sourceAccurate).contains { token in
            (token.tokenKind == .identifier("register") || token.tokenKind == .identifier("autoregister"))
                && token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period
                && token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen
        } == true
    }

    /// `Type.shared`, `Type.sharedInstance()`, `Type.default`, `Module.Type.standard`: accessors named on a type.
    private final class AccessorVisitor: SyntaxVisitor {
        /// Each accessor, the type it is read on, and whether that type was written nested on a default value's declaration.
        var found: [(accessor: DeclReferenceExprSyntax, type: String, nested: Bool)] = []

        init() { super.init(viewMode: .sourceAccurate) }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            let member = node.declName.baseName.text
            guard member.hasPrefix("shared") || ["instance", "default", "standard"].contains(member) else { return .visitChildren }
            guard let base = node.base else {
                // `init(store: Store = .shared)`, `var store: Store? = .shared`, `library: PHPhotoLibrary = .shared()`: the
                // type is written beside the value.
                if let (typeName, nested) = Self.declaredType(ofDefault: node) { found.append((node.declName, typeName, nested)) }
                return .visitChildren
            }
            guard let typeName = base.lastName, typeName.first?.isUppercase == true,
                base.is(DeclReferenceExprSyntax.self) || base.as(MemberAccessExprSyntax.self)?.base?.lastName?.first?.isUppercase == true
            else { return .visitChildren }
            found.append((node.declName, typeName, false))
            return .visitChildren
        }

        /// The type named on the parameter or the stored property an implicit member (or a call of one: `.shared()`) is
        /// the default value of (`Store` of `store: Store? = .shared`, of `any Store`); nil where the value is anything
        /// else, or the type is no plain name; `nested` for a nested type's last name (`Scope` of `CKDatabase.Scope`): most
        /// often an enum, whose `.shared` is a case.
        private static func declaredType(ofDefault value: MemberAccessExprSyntax) -> (name: String, nested: Bool)? {
            var value = Syntax(value)
            if let call = value.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == value.id, call.arguments.isEmpty,
                call.trailingClosure == nil
            {
                value = Syntax(call)
            }
            guard let clause = value.parent?.as(InitializerClauseSyntax.self) else { return nil }
            let type: TypeSyntax?
            if let parameter = clause.parent?.as(FunctionParameterSyntax.self) {
                type = parameter.type
            } else if let binding = clause.parent?.as(PatternBindingSyntax.self) {
                type = binding.typeAnnotation?.type
            } else {
                return nil
            }
            guard var written = type?.unwrappedOptional else { return nil }
            if let existential = written.as(SomeOrAnyTypeSyntax.self) { written = existential.constraint }
            if let nested = written.as(MemberTypeSyntax.self) { return (nested.name.text, true) }
            return written.as(IdentifierTypeSyntax.self).map { ($0.name.text, false) }
        }
    }
}
