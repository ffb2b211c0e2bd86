import RibsLintKit
import SwiftSyntax

extension Profile {
    /// VIPER (VIPER Playbook; RULES-viper.md "Roles in VIPER") has no framework and no base class: its roles
    /// come from module contracts, names inside a module and folders, which `VIPERModule` reads.
    public static let viper: Profile = {
        var profile = Profile(name: "viper")
        // A presenter's view reference names its module's view protocol, wherever the protocol is declared.
        profile.indexesHeldTypes = true
        return profile
    }()
}

/// A part of a VIPER module, in the order a type adopting contracts of two parts is decided.
enum VIPERRole: Int, Comparable, CaseIterable {
    case view, presenter, interactor, router, factory

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Contract protocol suffixes, checked for every role before a plain `…View`.
    var contractSuffixes: [String] {
        switch self {
        case .view: ["ViewProtocol", "ViewInputProtocol", "ViewInput", "ViewInterface"]
        case .presenter:
            [
                "PresenterProtocol", "PresenterInput", "PresenterInterface", "ViewOutputProtocol", "ViewOutput",
                "InteractorOutputProtocol", "InteractorOutput", "Presentation", "EventHandler",
            ]
        case .interactor:
            ["InteractorInputProtocol", "InteractorInput", "InteractorProtocol", "InteractorInterface", "Interacting", "UseCase", "Interactor"]
        case .router:
            ["RouterInput", "RouterProtocol", "RouterInterface", "Routing", "WireframeProtocol", "WireframeInput", "Wireframe", "Router"]
        case .factory: ["AssemblyProtocol", "Assembly", "Configurator", "ModuleBuilder", "ModuleFactory", "ViewFactoryProtocol"]
        }
    }

    /// Name suffixes that give the role inside a module.
    var nameSuffixes: [String] {
        switch self {
        case .view: ["ViewController", "View", "Screen"]
        case .presenter: ["Presenter"]
        case .interactor: ["Interactor"]
        case .router: ["Router", "Wireframe"]
        case .factory: ["Assembly", "Configurator", "ModuleBuilder", "Builder", "ViewFactory", "Module"]
        }
    }

    /// Folder names that give the role to a type with no other (Roles §3: a module's `View/`, `Presenter/`, …; an
    /// app's `Views/` folder is no module's).
    var folders: Set<String> {
        switch self {
        case .view: ["View"]
        case .presenter: ["Presenter"]
        case .interactor: ["Interactor"]
        case .router: ["Router", "Wireframe"]
        case .factory: ["Assembly", "Configurator", "Builder"]
        }
    }

    var name: String {
        switch self {
        case .view: "view"
        case .presenter: "presenter"
        case .interactor: "interactor"
        case .router: "router"
        case .factory: "module factory"
        }
    }
}

/// The VIPER roles of one file's types (RULES-viper.md "Roles in VIPER"): first from the module contract a
/// type adopts (on the type or in an extension anywhere), then from its name inside a module (a prefix
/// shared by types of two roles, or a folder laid out by role), then from its folder. Answers about other
/// files come from the project's type index.
struct VIPERModule {
    struct Part {
        let type: TypeDeclaration
        let role: VIPERRole
    }

    let file: LintFile
    /// Types and extensions of the file with a role, in file order.
    let parts: [Part]
    /// UIKit and SwiftUI view types of the file that belong to a module's view layer without a role of their own.
    let viewLayer: [TypeDeclaration]
    /// Not a test, generated, or another architecture's file: its protocols may be module contracts.
    let isVIPERCode: Bool

    static let uiKitViewBases: Set<String> = viewControllerBases.union([
        "UINavigationController", "UITabBarController", "UISplitViewController", "UIView", "UITableViewCell",
        "UICollectionViewCell", "UICollectionReusableView", "UITableViewHeaderFooterView", "UIControl", "UIStackView", "UIScrollView",
    ])
    /// What a screen's view controller adds to the screen's name (`AddAddressViewController`).
    static let screenSuffixes: Set<String> = ["ViewController", "Controller", "Screen", "VC"]
    /// The UIKit classes a screen of its own subclasses (its view layer adds views, cells and containers).
    static let viewControllerBases: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UIPageViewController", "UIHostingController",
    ]
    /// Other architectures' frameworks: a file importing one is not VIPER code.
    static let otherFrameworks: Set<String> = [
        "RIBs", "ModernRIBs", "CombineRIBs", "ComposableRIBs", "ComposableRIBsCore", "ComposableRIBsTCA", "ComposableRIBsUI",
        "ComposableArchitecture",
    ]

    init(file: LintFile) {
        self.file = file
        guard !file.isTestFile, !file.fileName.hasSuffix(".generated.swift"), !Self.isGenerated(file),
            !file.model.imports.contains(where: Self.otherFrameworks.contains)
        else {
            parts = []
            viewLayer = []
            isVIPERCode = false
            return
        }
        isVIPERCode = true
        let resolver = file.model.projectTypes
        let folders = file.path.split(separator: "/").dropLast().map(String.init)
        let folderRole = Self.folderRole(of: file.path)
        var parts: [Part] = []
        var viewLayer: [TypeDeclaration] = []
        for type in file.model.types where type.kind != .protocol {
            var inherited = type.inherited
            var kind = type.kind
            if type.kind == .extension, let primary = resolver.primary(type.name) {
                inherited = primary.inherited + inherited
                kind = primary.kind
            }
            // What never has a role (a `*ViewModel`, a test double, another architecture's class) takes none from its
            // folder either.
            if let role = Self.role(of: type.name, kind: kind, inherited: inherited, declaration: type, resolver: resolver)
                ?? (Self.neverHasRole(type) ? nil
                    : Self.folderRole(folderRole, kind: kind, isViewType: Self.isViewType(type, inherited: inherited, resolver: resolver)))
            {
                parts.append(Part(type: type, role: role))
            }
        }
        // UIKit and SwiftUI types beside a view of the module, or anywhere below its folder, are its view layer.
        // `Agenda/EventCell.swift` beside `Agenda/AgendaPresenter.swift`, `Agenda/View/Cells/`, `Agenda/TableView/Cells/`:
        // the folder above `View/`, else the file's folder or one of the two above it, names a module — not a shared
        // `Library/Views/`.
        // A view controller in a folder named after it (`Addresses/AddAddress/AddAddressViewController.swift`) is a screen
        // of its own, not a view of the module whose folder holds that folder (a view, a cell, is the module's still).
        let ownScreen = folders.last.map { folder in
            file.model.types.contains { type in
                type.kind == .class && type.name.hasPrefix(folder) && Self.screenSuffixes.contains(String(type.name.dropFirst(folder.count)))
                    && Self.isViewControllerClass(inherited: type.inherited, resolver: resolver)
            }
        } == true
        let moduleFolders = folders.lastIndex(where: VIPERRole.view.folders.contains).map { $0 > 0 ? [folders[$0 - 1]] : [] }
            ?? Array(folders.suffix(ownScreen ? 1 : 3).reversed())
        let underModuleFolder = file.model.types.contains { Self.isViewType($0, inherited: $0.inherited, resolver: resolver) }
            && moduleFolders.contains { Self.moduleExists(prefix: $0, besides: .view, resolver: resolver) }
        if parts.contains(where: { $0.role == .view }) || underModuleFolder {
            for type in file.model.types where type.kind != .protocol && !parts.contains(where: { $0.type.name == type.name })
                && Self.isViewType(type, inherited: type.inherited, resolver: resolver)
            {
                viewLayer.append(type)
            }
        }
        self.parts = parts
        self.viewLayer = viewLayer
    }

    /// The file's module, built once for all the profile's rules.
    static func of(_ file: LintFile) -> VIPERModule { file.shared("viper-module") { VIPERModule(file: file) } }

    func parts(_ role: VIPERRole) -> [TypeDeclaration] { parts.filter { $0.role == role }.map(\.type) }

    /// A file Sourcery, SwiftGen or another generator wrote: its header says so.
    static func isGenerated(_ file: LintFile) -> Bool {
        let header = Substring(file.source.utf8.prefix(400))
        return ["Generated using", "DO NOT EDIT"].contains { header.firstIndex(ofBytes: $0) != nil }
    }

    /// The role a protocol declared in the project plays in a module's contract, from its name.
    static func contractRole(ofProtocol name: String, resolver: TypeResolver) -> VIPERRole? {
        guard let entry = resolver.primary(name), entry.kind == .protocol else { return nil }
        // A contract named by its direction says who adopts it first, whatever the module's name ends with
        // (`ViewToPresenterMapViewProtocol` is module MapView's presenter protocol).
        for (direction, role) in directions where name.hasPrefix(direction) && name.count > direction.count { return role }
        for role in VIPERRole.allCases where role.contractSuffixes.contains(where: { name.hasSuffix($0) && name.count > $0.count }) {
            // How a view talks out (`weak var delegate: HeaderViewProtocol?` of a `UITableViewHeaderFooterView` subclass) is
            // no module's view protocol, whatever its name: it is held by views alone.
            if role == .view, isDelegateOfViews(name, resolver: resolver) { return nil }
            return role
        }
        // A base view protocol the modules' view protocols refine (`protocol ViewInterface: AnyObject`).
        if VIPERRole.view.contractSuffixes.contains(name), isClassBound(name, resolver: resolver) { return .view }
        if name.hasSuffix("View"), name.count > 4, isClassBound(name, resolver: resolver),
            moduleExists(prefix: String(name.dropLast(4)), besides: .view, contracts: true, resolver: resolver)
        {
            return .view
        }
        return nil
    }

    /// The prefixes of a module template that names each contract by the way its calls go (`PresenterToViewHomeProtocol`,
    /// `ViewToPresenterHomeProtocol`, …): the part after `To` adopts it.
    static let directions: [(String, VIPERRole)] = [
        ("PresenterToView", .view), ("ViewToPresenter", .presenter), ("InteractorToPresenter", .presenter),
        ("PresenterToInteractor", .interactor), ("PresenterToRouter", .router),
    ]

    /// UIKit's views, cells and controls: a class descending from one is a view, not a screen.
    static let uiKitViews: Set<String> = uiKitViewBases.subtracting(viewControllerBases)
        .subtracting(["UINavigationController", "UITabBarController", "UISplitViewController"])
        .union([
            "UIButton", "UILabel", "UIImageView", "UITextField", "UITextView", "UITableView", "UICollectionView", "UISwitch",
            "UISlider", "UISegmentedControl", "UISearchBar", "UIPickerView", "UIDatePicker", "UIPageControl", "UIStepper",
            "UIVisualEffectView",
        ])

    /// Whether the project's types that hold a `name` (a stored property or an initializer's parameter) are all UIKit
    /// views: a view's delegate protocol.
    static func isDelegateOfViews(_ name: String, resolver: TypeResolver) -> Bool {
        let holders = resolver.holders(of: name)
        return !holders.isEmpty && holders.allSatisfy { holder in
            holder.entry.kind == .class && holder.entry.inherited.first.map { resolver.supertypes(of: [$0]).contains(where: uiKitViews.contains) } == true
        }
    }

    /// A class whose superclass (the first type it inherits) descends from a UIKit view controller.
    static func isViewControllerClass(inherited: [String], resolver: TypeResolver) -> Bool {
        inherited.first.map { resolver.supertypes(of: [$0]).contains(where: viewControllerBases.contains) } == true
    }

    /// A protocol `presenter` holds whose adopters in the project are all screens (view controllers), one of which holds
    /// the presenter back (`weak var output: WalletPresenterOutput?`, adopted by `WalletViewController: UIViewController`,
    /// which keeps `var presenter: WalletPresenterInput`): the presenter's view, whatever it or its property is called.
    static func isScreenProtocol(_ name: String, heldBy presenter: String, resolver: TypeResolver) -> Bool {
        guard resolver.primary(name)?.kind == .protocol else { return false }
        // A test's spy or mock adopting the view protocol stands in for the screen: it has no role.
        let adopters = resolver.inheritors(of: name).filter { !TestCode.isTestDouble($0.name) }
        guard !adopters.isEmpty, adopters.allSatisfy({ adopter in
            adopter.entry.kind == .class
                && isViewControllerClass(inherited: adopter.entry.inherited, resolver: resolver)
        }) else { return false }
        let presenterInherited = (resolver.primary(presenter)?.inherited ?? []) + resolver.extensionConformances(of: presenter)
        let presenterTypes = Set([presenter] + resolver.supertypes(of: presenterInherited))
        return adopters.contains { adopter in
            adopter.entry.holds.contains { held in
                held.firstIndex(of: ":").map { presenterTypes.contains(String(held[held.index(after: $0)...])) } == true
            }
        }
    }

    /// A view protocol of a module: a contract protocol with a View suffix, or one refining such.
    static func isViewProtocol(_ name: String, resolver: TypeResolver) -> Bool {
        resolver.supertypes(of: [name]).contains { contractRole(ofProtocol: $0, resolver: resolver) == .view }
    }

    /// A module-factory function (Roles §4): one that constructs a presenter together with the module's view, interactor
    /// or router. Its body is factory scope, whatever type it sits in.
    static func constructsModule(_ function: FunctionDeclSyntax, _ resolver: TypeResolver) -> Bool {
        guard let body = function.body, body.description.contains("(") else { return false }
        final class Constructions: SyntaxVisitor {
            var names: [String] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let name = node.constructedTypeName, name.first?.isUppercase == true { names.append(name) }
                return .visitChildren
            }
        }
        let constructions = Constructions(viewMode: .sourceAccurate)
        constructions.walk(body)
        var roles = Set<VIPERRole>()
        for name in Set(constructions.names) {
            guard let entry = resolver.primary(name),
                let role = role(of: name, kind: entry.kind, inherited: entry.inherited, declaration: nil, resolver: resolver)
            else { continue }
            roles.insert(role)
        }
        return roles.contains(.presenter) && !roles.isDisjoint(with: [.view, .interactor, .router])
    }

    static func isClassBound(_ name: String, resolver: TypeResolver) -> Bool {
        resolver.supertypes(of: [name]).contains { ["AnyObject", "NSObjectProtocol"].contains($0) }
    }

    /// Whether the project declares a type of another role with this prefix (a module), or, with
    /// `contracts`, a contract protocol of another role.
    static func moduleExists(prefix: String, besides own: VIPERRole, contracts: Bool = false, resolver: TypeResolver) -> Bool {
        guard !prefix.isEmpty else { return false }
        func isType(_ name: String) -> Bool {
            resolver.primary(name).map { entry in
                entry.kind != .protocol && !isRegistration(entry.inherited + resolver.extensionConformances(of: name), resolver: resolver)
            } ?? false
        }
        for role in VIPERRole.allCases where role != own {
            if role.nameSuffixes.contains(where: { suffix in implementationTails.contains { isType(prefix + suffix + $0) } })
                || contracts && role.contractSuffixes.contains(where: { resolver.primary(prefix + $0)?.kind == .protocol })
            {
                return true
            }
        }
        return false
    }

    /// A Swinject registration (`final class PresentationAssembly: Assembly`, Swinject's protocol, which the project
    /// does not declare): a composition root (Roles §5), no module's factory, and no sign of a module.
    static func isRegistration(_ adopted: [String], resolver: TypeResolver) -> Bool {
        adopted.contains("Assembly") && resolver.primary("Assembly") == nil
    }

    /// Tails an implementation class adds to its role's name: `AgendaInteractorImpl`, `PokemonListPresenterDefault`.
    static let implementationTails = ["", "Impl", "Default"]

    /// The role of a type declared in the project: by contract, else by its name inside a module. A
    /// `*ViewModel`, a test double, a class of another architecture or a value type that merely carries a role
    /// word has none.
    static func role(
        of name: String, kind: TypeDeclaration.Kind, inherited: [String], declaration: TypeDeclaration?, resolver: TypeResolver
    ) -> VIPERRole? {
        guard !neverHasRole(name), kind != .protocol else { return nil }
        if let declaration, isOtherArchitecture(declaration) { return nil }
        let adopted = inherited + resolver.extensionConformances(of: name)
        if isRegistration(adopted, resolver: resolver) { return nil }
        let contract = resolver.supertypes(of: adopted).compactMap { contractRole(ofProtocol: $0, resolver: resolver) }.min()
        // A UIKit view or view controller is the View whatever contracts it also adopts (Roles: the View is what
        // owns the screen), never a presenter holding its own root view.
        if let contract { return contract != .view && isViewType(kind: kind, inherited: inherited, resolver: resolver) ? .view : contract }
        let tail = implementationTails.last { !$0.isEmpty && name.hasSuffix($0) } ?? ""
        let base = String(name.dropLast(tail.count))
        for role in VIPERRole.allCases {
            guard let suffix = role.nameSuffixes.first(where: { base.hasSuffix($0) && base.count > $0.count }) else { continue }
            switch role {
            case .view:
                guard isViewType(kind: kind, inherited: inherited, resolver: resolver) else { return nil }
            case .factory:
                if suffix == "Module", let declaration, !hasStaticBuild(declaration) { return nil }
            case .presenter, .interactor, .router:
                guard kind == .class || kind == .actor else { return nil }
            }
            let prefix = String(base.dropLast(suffix.count))
            return moduleExists(prefix: prefix, besides: role, resolver: resolver) ? role : nil
        }
        return nil
    }

    /// Roles, "What never has a role": a test double or a `*ViewModel`, whatever it holds or conforms to.
    static func neverHasRole(_ name: String) -> Bool { TestCode.isTestDouble(name) || name.hasSuffix("ViewModel") }

    static func neverHasRole(_ type: TypeDeclaration) -> Bool { neverHasRole(type.name) || isOtherArchitecture(type) }

    /// RIBs' own classes (the framework's sources import nothing) and SwiftUI-RIB's shapes (containers held by
    /// interactors and routers): another architecture's parts.
    static func isOtherArchitecture(_ type: TypeDeclaration) -> Bool {
        let superclass = type.declaration.asProtocol(DeclGroupSyntax.self)?.inheritanceClause?.inheritedTypes.first?.type
        let genericSuperclass = superclass?.as(IdentifierTypeSyntax.self)?.genericArgumentClause != nil
            || superclass?.as(MemberTypeSyntax.self)?.genericArgumentClause != nil
        return (genericSuperclass && Profile.ribs.isBaseClass(superclass?.baseName ?? ""))
            || type.inherited.contains { $0.hasSuffix("PublisherContainer") }
            || TypeDeclaration.storedProperties(of: type.members).contains { property in
                property.type?.heldTypeNames.contains { $0.hasSuffix("StateContainer") || $0.hasSuffix("ViewContainer") } == true
            }
    }

    static func hasStaticBuild(_ type: TypeDeclaration) -> Bool {
        type.functions.contains { function in
            function.modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
                && ["build", "assemble", "create", "make"].contains { function.name.text.hasPrefix($0) }
        }
    }

    static func isViewType(_ type: TypeDeclaration, inherited: [String], resolver: TypeResolver) -> Bool {
        isViewType(kind: type.kind == .extension ? (resolver.primary(type.name)?.kind ?? .extension) : type.kind, inherited: inherited, resolver: resolver)
    }

    /// A UIKit view or view controller (through project superclasses), or a SwiftUI view.
    static func isViewType(kind: TypeDeclaration.Kind, inherited: [String], resolver: TypeResolver) -> Bool {
        if kind == .struct { return inherited.contains("View") && resolver.primary("View") == nil }
        guard kind == .class, let superclass = inherited.first else { return false }
        return resolver.supertypes(of: [superclass]).contains(where: uiKitViewBases.contains)
    }

    /// The role folder a file sits in (`Agenda/Presenter/AgendaPresenter.swift`).
    static func folderRole(of path: String) -> VIPERRole? {
        let folders = path.split(separator: "/").dropLast()
        guard let folder = folders.last else { return nil }
        return VIPERRole.allCases.first { $0.folders.contains(String(folder)) }
    }

    static func folderRole(_ role: VIPERRole?, kind: TypeDeclaration.Kind, isViewType: Bool) -> VIPERRole? {
        switch role {
        case .view: isViewType ? .view : nil
        case .presenter, .interactor, .router: kind == .class ? role : nil
        case .factory: [.class, .struct, .enum].contains(kind) ? role : nil
        case nil: nil
        }
    }
}
