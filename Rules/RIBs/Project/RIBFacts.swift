import RibsLintKit
import SwiftSyntax

/// What one file contributes to the project's RIB tree: the RIB parts it declares and the children its
/// builders and routers build. Read by `interactor_kind`, `rib_completeness`, `rib_cycle`,
/// `rib_test_presence`, `back_navigation` and `ribslint graph`.
public struct RIBFacts: FileFacts, Equatable {
    public static let id = "rib-parts-9"

    /// A class playing a RIB role, and the RIB it belongs to.
    public struct Part: Codable, Sendable, Equatable {
        public let rib: String
        public let role: Role
        public let typeName: String
        /// The superclass, for interactors: `Interactor` or `PresentableInteractor`; for routers, the farthest of their
        /// superclass chain (`Router`, `ViewableRouter`, `LaunchRouter`, or an app's base class from another module).
        public let superclass: String?
        /// A presenter conforming to a `*Presentable`; a view controller that is only `*ViewControllable`
        /// is a container, as in a view-less Root.
        public let isPresentable: Bool
        /// A presenter hosting SwiftUI content (`UIHostingController` in its superclass chain): a screen even
        /// when it conforms only to its `*ViewControllable`, never a bare container.
        public let hostsContent: Bool
        /// A presenter keeping a listener (`weak var listener: HomeViewListener?`): it talks to its interactor, so it is
        /// the RIB's screen unless it is a container (a tab bar or navigation controller subclass).
        public let keepsListener: Bool
        /// Its superclass chain, nearest first: a presenter inherits what its base view controller does.
        public let superclasses: [String]
        /// Named for its role, or a presenter by its `*Presentable`: it joins the RIB of its name prefix when
        /// no builder wires it. Any other part joins only the RIB whose builder constructs it.
        public let isConventional: Bool
        /// A builder known by what it builds (a role-less class constructing a RIB's router and interactor): it
        /// builds the RIB of that name nearest to it, unless that RIB has a builder already.
        public let isFoundByWhatItBuilds: Bool
        public let point: SourcePoint
    }

    /// RIB `from` attaches, builds, is handed or provides RIB `to`; `fromType` is the builder, component or
    /// router that does.
    public struct Edge: Codable, Sendable, Equatable {
        public let from: String
        public let to: String
        public let fromType: String
        public let point: SourcePoint
        public let kind: Kind

        /// What a parent does with a child, as the code shows it.
        public enum Kind: String, Codable, Sendable, CaseIterable, Comparable {
            /// Its router attaches the child's router (`attachChild(detail)`, `detail` built by the child's builder).
            case attaches
            /// Its builder (or its router) constructs the child's builder, or works with it by type.
            case builds
            /// Its router holds the child's builder, or its initializer takes it.
            case handed
            /// Its component constructs or offers the child's builder, for descendants to use.
            case provides

            public static func < (lhs: Kind, rhs: Kind) -> Bool {
                allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
            }
        }
    }

    /// The types a builder constructs: its RIB's interactor, router and view controller, whatever their names.
    public struct Wiring: Codable, Sendable, Equatable {
        public let builderType: String
        /// The builder's file: several apps may each have a `LoginBuilder`.
        public let path: String
        public let constructed: [String]
    }

    public var parts: [Part] = []
    public var edges: [Edge] = []
    public var wirings: [Wiring] = []

    /// The parts of a file under its profile: the `ribs` role model, or the tree profiles' own (`swiftui-rib`,
    /// `composable-ribs`), whose RIBs are drawn by `ribslint graph` too.
    public init(file: LintFile) {
        switch file.profile.name {
        case Profile.swiftUIRIB.name: self.init(file: file, parts: SwiftUIRIBTree.parts(of: file))
        case Profile.composableRIBs.name where !file.model.imports.contains(where: Profile.ribs.frameworks.contains):
            self.init(file: file, parts: ComposableTree.parts(of: file))
        case Profile.composableRIBs.name:
            // A legacy module written as Uber RIBs + TCA: its parts are RIBs' own.
            let legacy = LintFile(path: file.path, source: file.source, profile: .ribs, project: file.project)
            self.init(file: legacy, parts: Self.ribTypes(of: legacy))
        default: self.init(file: file, parts: Self.ribTypes(of: file))
        }
    }

    /// A part as a profile sees it: the type, its role in `ribs` terms (a RIB's SwiftUI view stands for the
    /// presenter) and its RIB; `typeName` names a part the framework provides (ComposableRIBs' `TCAInteractor`).
    typealias TypedPart = (type: TypeDeclaration, role: Role, rib: String, typeName: String?)

    private init(file: LintFile, parts typed: [TypedPart]) {
        let isRIBs = file.profile.name == Profile.ribs.name
        // Asked of the file once, not of every type: a file of thousands of RIB classes searched itself per class.
        let constructsBuilders = file.contains("Builder(")
        for (type, role, rib, typeName) in typed {
            guard let declaration = type.declaration.asProtocol(DeclGroupSyntax.self), let name = Self.nameToken(of: type.declaration) else { continue }
            let conformances = type.inheritance.conformances
            let isPresentable = conformances.contains { ProtocolRole(protocolName: $0) == .presentable }
            // The app's own base classes (`BaseRouter<I, V>`, `class AppInteractor: Interactor`) are no RIB of their own.
            if declaration.as(ClassDeclSyntax.self)?.genericParameterClause == nil, !Self.isAppBase(type, file: file) {
                let interactorBase = type.inheritance.superclasses.first { file.profile.definition(of: .interactor)?.baseClasses.contains($0) == true }
                parts.append(Part(
                    rib: rib, role: role, typeName: typeName ?? type.name,
                    superclass: role == .interactor ? interactorBase ?? type.inheritance.superclasses.first
                        : role == .router ? type.inheritance.superclasses.last : nil,
                    isPresentable: isPresentable,
                    hostsContent: role == .presenter && (!isRIBs || type.inheritance.superclasses.contains("UIHostingController")),
                    keepsListener: role == .presenter && type.storedProperties.contains { property in
                        !property.isStatic && property.type?.heldTypeNames.contains { name in
                            [.listener, .presentableListener].contains(ProtocolRole(protocolName: name))
                                && file.model.projectTypes.primary(name)?.kind == .protocol
                        } == true
                    },
                    superclasses: role == .presenter ? type.inheritance.superclasses : [],
                    isConventional: !isRIBs || Self.isConventionallyNamed(type.name, role: role, conformances: conformances, profile: file.profile),
                    isFoundByWhatItBuilds: isRIBs && role == .builder && type.role == nil,
                    point: SourcePoint(name, in: file)))
            }
            if role == .builder, typeName == nil {
                wirings.append(Wiring(builderType: type.name, path: file.path, constructed: Self.constructedTypes(in: type, file: file)))
            }
            guard typeName == nil else { continue }
            if role == .builder || role == .component {
                edges += Self.builderEdges(from: rib, in: type, file: file, kind: role == .component ? .provides : .builds)
            } else if role == .router {
                // A router that constructs a builder itself (a `child_builder_injection` finding) still builds that child.
                edges += Self.handedBuilders(to: rib, in: type, file: file)
                    + (constructsBuilders ? Self.builderEdges(from: rib, in: type, file: file, kind: .builds) : [])
            }
        }
        if isRIBs, file.contains("attachChild"), !file.isTestFile {
            edges += Self.attachedChildren(in: file)
        }
    }

    /// The children a file's routers (their classes and extensions) attach: `attachChild(detail)` where `detail`
    /// came from the child's builder (`detailBuilder.build(…)`), known by the builder's declared type where the
    /// router declares it, else by its name.
    static func attachedChildren(in file: LintFile) -> [Edge] {
        file.model.typeGroups(.router).flatMap { router -> [Edge] in
            guard let first = router.first(where: { $0.kind == .class }) ?? router.first, !isFrameworks(first, file.profile, in: file) else { return [] }
            let rib = ribName(of: first, role: .router, profile: file.profile, path: file.path, resolver: file.model.projectTypes)
            var seen = Set<String>()
            return ChildAttachments(router).attaches.compactMap { attach -> Edge? in
                guard attach.isKnown, !attach.kind.isEmpty else { return nil }
                let child = ChildAttachments.rib(ofKind: attach.kind)
                guard child != rib, seen.insert(child).inserted else { return nil }
                return Edge(from: rib, to: child, fromType: first.name, point: SourcePoint(attach.call, in: file), kind: .attaches)
            }
        }
    }

    static func nameToken(of declaration: DeclSyntax) -> TokenSyntax? {
        declaration.as(ClassDeclSyntax.self)?.name ?? declaration.as(StructDeclSyntax.self)?.name
    }

    /// Type names a builder constructs (`LoginInteractor(presenter:)`, `RootTabBarController()`,
    /// `LoginRouter.init(…)`): first those it hands a router it makes as its `viewController:` or an interactor as its
    /// `presenter:` (the RIB's presenter, made directly or held in a local), then the others in source order — a builder
    /// may make its children's screens too, for its component.
    static func constructedTypes(in type: TypeDeclaration, file: LintFile) -> [String] {
        final class Finder: TypeBodyVisitor {
            let resolver: TypeResolver
            var names: [String] = []
            var handed: [String] = []
            /// Locals bound to a construction, by name: the type each was last bound to.
            var made: [String: String] = [:]
            init(resolver: TypeResolver) {
                self.resolver = resolver
                super.init()
            }
            /// The label a RIB part made here takes its presenter by: a router's `viewController:`, an interactor's
            /// `presenter:` (by the part's role, or its name where the project does not declare it).
            func presenterLabel(of name: String) -> String? {
                switch resolver.role(ofType: name) {
                case .router?: return "viewController"
                case .interactor?: return "presenter"
                case nil where resolver.primary(name) == nil:
                    return name.hasSuffix("Router") ? "viewController" : name.hasSuffix("Interactor") ? "presenter" : nil
                default: return nil
                }
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let name = node.constructedTypeName, name.first?.isUppercase == true {
                    if !names.contains(name) { names.append(name) }
                    let label = node.arguments.contains { ["viewController", "presenter"].contains($0.label?.text) } ? presenterLabel(of: name) : nil
                    for argument in node.arguments where label != nil && argument.label?.text == label {
                        let value = argument.expression.unwrapped
                        let type = value.as(FunctionCallExprSyntax.self)?.constructedTypeName
                            ?? value.as(DeclReferenceExprSyntax.self).flatMap { made[$0.baseName.text] }
                        if let type, type.first?.isUppercase == true, !handed.contains(type) { handed.append(type) }
                    }
                }
                return .visitChildren
            }
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let type = node.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self)?.constructedTypeName
                {
                    made[name] = type
                }
                return .visitChildren
            }
        }
        let finder = Finder(resolver: file.model.projectTypes)
        finder.walk(type.members)
        return finder.handed.filter(finder.names.contains) + finder.names.filter { !finder.handed.contains($0) }
    }

    /// The app's classes playing a RIB role in a production file, with the RIB each belongs to; and the classes
    /// that build a RIB whatever they are called or import (`structuralBuilder`).
    static func ribTypes(of file: LintFile) -> [TypedPart] {
        guard !file.isTestFile else { return [] }
        let mayBuild = file.contains("Router(") || file.contains("Router.init(")
        return file.model.types.compactMap { type in
            guard type.kind == .class, type.declaration.is(ClassDeclSyntax.self), !isFrameworks(type, file.profile) else { return nil }
            guard let role = type.role else { return mayBuild ? structuralBuilder(type, file: file) : nil }
            return (type, role, ribName(of: type, role: role, profile: file.profile, path: file.path, resolver: file.model.projectTypes), nil)
        }
    }

    /// A class with no role of its own that constructs a RIB's router and interactor (`PayAssembly.make()`
    /// builds `PayRouter` and `PayLogic`) is that RIB's builder, in the RIB of the router it builds.
    static func structuralBuilder(_ type: TypeDeclaration, file: LintFile) -> TypedPart? {
        let resolver = file.model.projectTypes
        var router: String?
        var buildsInteractor = false
        for name in constructedTypes(in: type, file: file) {
            switch resolver.role(ofType: name) {
            case .router?: router = router ?? name
            case .interactor?: buildsInteractor = true
            default: break
            }
        }
        guard let router, buildsInteractor else { return nil }
        let rib = RIBName.prefix(of: router, role: .router, profile: file.profile)
        return (type, .builder, rib.isEmpty ? router : rib, nil)
    }

    /// A RIB part is named for its role (`LoginRouter`, or plain `Router` in a folder per RIB), or is a
    /// presenter by its `*Presentable`; a `TasksBuilderAdapter` builds, but is no RIB of its own.
    static func isConventionallyNamed(_ name: String, role: Role, conformances: [String], profile: Profile) -> Bool {
        if role == .presenter, conformances.contains(where: { ProtocolRole(protocolName: $0) == .presentable }) { return true }
        return profile.definition(of: role)?.suffixes.contains { name.hasSuffix($0) } == true
    }

    /// Whether a class is the app's own base of a role, not a RIB's part (`ribs` profile): not final, conforming to no
    /// RIB's own contract (the framework's bare `Presentable` or `ViewControllable` aside) in its declaration or in
    /// extensions anywhere, and inherited by another class of the project (`class AppInteractor: Interactor`, which the
    /// RIBs' interactors inherit).
    static func isAppBase(_ type: TypeDeclaration, file: LintFile) -> Bool {
        guard file.profile.name == Profile.ribs.name, let declaration = type.declaration.as(ClassDeclSyntax.self),
            !declaration.modifiers.contains(.final)
        else { return false }
        let resolver = file.model.projectTypes
        let conformances = type.inheritance.conformances + resolver.extensionConformances(of: type.name)
        guard !conformances.contains(where: { name in
            guard let role = ProtocolRole(protocolName: name) else { return false }
            return name != role.suffix && !file.profile.frameworkProtocols.contains(name)
        }) else { return false }
        return resolver.inheritors(of: type.name).contains { $0.entry.kind == .class && !TestCode.isTestDouble($0.name) }
    }

    /// Whether a declaration is the framework's base class (its copy in the project, `open class LaunchRouter<InteractorType,
    /// ViewControllerType>: ViewableRouter<…>`) or an extension of one, not an app's class that happens to share its
    /// name (`final class LaunchRouter: ViewableRouter<LaunchInteractable, LaunchViewControllable>`): the framework's
    /// are `open` or generic.
    static func isFrameworks(_ type: TypeDeclaration, _ profile: Profile, in file: LintFile? = nil) -> Bool {
        guard profile.isBaseClass(type.name) else { return false }
        guard let declaration = type.declaration.as(ClassDeclSyntax.self) else {
            // An extension is the framework's unless the file declares an app's class of that name beside it.
            return file?.model.types.contains { other in
                other.name == type.name && other.kind == .class && !isFrameworks(other, profile)
            } != true
        }
        return declaration.genericParameterClause != nil || declaration.modifiers.contains(.open)
    }

    /// `LoginRouter` → `Login`; a presenter by the `*Presentable` it conforms to itself, in its declaration or
    /// an extension (not a superclass's): the one its name starts with, else its declaration's, else an
    /// extension's only one; a type named only by its role (`Router` in a folder per RIB) by its folder, the one above
    /// a package layout's `Sources`.
    static func ribName(of type: TypeDeclaration, role: Role, profile: Profile, path: String, resolver: TypeResolver) -> String {
        if role == .presenter {
            func named(_ conformance: String) -> Bool {
                ProtocolRole(protocolName: conformance) == .presentable && conformance.count > "Presentable".count
            }
            let declared = type.inherited.filter(named)
            let added = resolver.extensionConformances(of: type.name).filter { named($0) && !declared.contains($0) }
            let presentable = (declared + added).first { type.name.hasPrefix($0.dropLast("Presentable".count)) }
                ?? declared.first ?? (added.count == 1 ? added.first : nil)
            if let presentable { return String(presentable.dropLast("Presentable".count)) }
        }
        for suffix in profile.definition(of: role)?.suffixes ?? [] where type.name.hasSuffix(suffix) && type.name.count > suffix.count {
            return String(type.name.dropLast(suffix.count))
        }
        // The folder that names the module, above a layout's source folder (`Settings/Sources/Router.swift`).
        let folders = path.split(separator: "/").dropLast()
        return folders.last { !Self.sourceFolders.contains(String($0)) }.map(String.init) ?? folders.last.map(String.init) ?? type.name
    }

    /// Folders a package or pod layout puts the sources in: they name no module.
    static let sourceFolders: Set<String> = ["Source", "Sources", "Src", "src"]

    /// Child builders a builder constructs, and child builders a builder or router is handed.
    static func builderEdges(from rib: String, in type: TypeDeclaration, file: LintFile, kind: Edge.Kind) -> [Edge] {
        var edges: [Edge] = []
        for token in file.tokens(containing: "Build", in: type.members) {
            guard case .identifier(let name) = token.tokenKind, let child = childRIB(named: name, token: token) else { continue }
            if child != rib { edges.append(Edge(from: rib, to: child, fromType: type.name, point: SourcePoint(token, in: file), kind: kind)) }
        }
        var seen = Set<String>()
        return edges.filter { seen.insert("\($0.to)|\($0.point.line)").inserted }
    }

    /// A router's child builders: the builder types it stores or its initializer takes.
    static func handedBuilders(to rib: String, in type: TypeDeclaration, file: LintFile) -> [Edge] {
        let stored = TypeDeclaration.storedProperties(of: type.members).compactMap(\.type)
        let parameters = type.initializers.flatMap { $0.signature.parameterClause.parameters.map(\.type) }
        var seen = Set<String>()
        return (stored + parameters).compactMap { typeSyntax -> Edge? in
            guard let child = Self.builderRIB(typeSyntax), child != rib, seen.insert(child).inserted else { return nil }
            return Edge(from: rib, to: child, fromType: type.name, point: SourcePoint(typeSyntax, in: file), kind: .handed)
        }
    }

    /// `DetailBuildable`, `any DetailBuildable`, `Detail.Buildable`, `DetailBuilder?` → `Detail`.
    static func builderRIB(_ type: TypeSyntax) -> String? {
        var current = type
        while true {
            if let optional = current.as(OptionalTypeSyntax.self) { current = optional.wrappedType; continue }
            if let existential = current.as(SomeOrAnyTypeSyntax.self) { current = existential.constraint; continue }
            break
        }
        if let member = current.as(MemberTypeSyntax.self), ["Buildable", "Builder"].contains(member.name.text) {
            return member.baseType.baseName
        }
        return current.baseName.flatMap(RIBName.built(by:))
    }

    /// `DetailBuilder(` constructed, or `DetailBuildable` / `Detail.Buildable` named as a type.
    private static func childRIB(named name: String, token: TokenSyntax) -> String? {
        guard name.hasSuffix("Buildable") || name.hasSuffix("Builder") else { return nil }
        let isType = token.parent?.is(IdentifierTypeSyntax.self) == true || token.parent?.is(MemberTypeSyntax.self) == true
        let isConstruction = token.parent?.is(DeclReferenceExprSyntax.self) == true
            && token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen
        if name == "Buildable" || name == "Builder", isType, let member = token.parent?.as(MemberTypeSyntax.self) {
            return member.baseType.baseName
        }
        for suffix in ["Buildable", "Builder"] where name.hasSuffix(suffix) && name.count > suffix.count {
            guard suffix == "Buildable" ? isType : (isType || isConstruction) else { continue }
            guard name.first?.isUppercase == true, name != "ViewBuilder", name != "ResultBuilder" else { return nil }
            return String(name.dropLast(suffix.count))
        }
        return nil
    }
}

/// Children a router pushes on a navigation stack, and RIBs whose presenter handles back navigation:
/// what `back_navigation` reads.
public struct NavigationFacts: FileFacts, Equatable {
    public static let id = "rib-navigation-28"

    public var pushes: [RIBFacts.Edge] = []
    /// Children a router hands its own screen through a method of the screen's (`viewController.present(view:
    /// detail.viewControllable)`): pushes where the screen's class has that method push (`screenMethods`).
    public var shows: [Show] = []
    /// Pushes written as a call of the router's own screen (`viewController.push(viewController: detail.viewControllable)`):
    /// no push where the screen's class, or a base class of it, declares a method of that name that only presents
    /// modally.
    public var pushesThroughScreen: [Show] = []
    /// Children whose screen the router embeds in its own itself (`viewController.uiviewController.addChild(wallet
    /// .viewControllable.uiviewController)`): on its stack, as those embedded through a method of its screen.
    public var embeds: [RIBFacts.Edge] = []
    /// The methods of view controller classes and their extensions, and whether each pushes on the screen's own
    /// navigation controller.
    public var screenMethods: [ScreenMethod] = []
    /// Pushes onto a navigation container the router made itself (`let modal = UINavigationController()`): not the
    /// stack its own screen is in, whatever that screen does with its bar.
    public var pushesOntoMadeContainers: [SourcePoint] = []
    /// Children whose screen a router makes the root of a navigation controller whose bar it hides
    /// (`UINavigationController(rootViewController: child.viewControllable.uiviewController)`, then
    /// `isNavigationBarHidden = true`): what they push has no bar, as if their own screen hid it.
    public var rootsOfStacksWithoutBar: [RIBFacts.Edge] = []
    /// Pushes onto a container the router made with a child's screen as its root and keeps in a stored property
    /// (`navigationControllable = NavigationControllerable(root: photoPicker.viewControllable)`, in a helper the
    /// router calls with that screen, then `navigationControllable?.pushViewController(…)`), each as an edge from the
    /// router's RIB to that root child, at the push: where the root's screen hides the container's bar, what is
    /// pushed onto it has none.
    public var pushesOntoRootedContainers: [RIBFacts.Edge] = []
    /// Pushes onto a container the router's initializer was handed and keeps (`self.navigationController =
    /// navigationController`), with the initializer's label: where the code that made it hid its bar
    /// (`handedContainers`), what is pushed onto it has none.
    public var pushesOntoHandedContainers: [PushOntoHanded] = []
    /// Containers made without a bar and handed to an initializer (a builder's `ShopRouter(…, navigationController:
    /// navigation)`), and the methods of the file that make and return such a container.
    public var handedContainers: [HandedContainer] = []
    public var barlessContainerFactories: [String] = []
    /// Pushes a router makes on its own screen first, as it loads (`didLoad`) or as its interactor becomes active
    /// (`RouterActivation`): where that screen is a navigation controller, the first screen of its stack, which has no
    /// back button.
    public var pushesStartingStacks: [SourcePoint] = []
    /// First pushes a router makes as it loads or becomes active through methods others could call later as well: they
    /// start the stack when each protocol the router conforms to is the project's and requires none of those methods
    /// (otherwise its interactor may call one again, and then the push has a back button).
    public var pushesStartingStacksUnlessRequired: [LoadingPush] = []
    /// The protocols the file declares.
    public var protocols: [DeclaredProtocol] = []
    /// Classes whose file handles back navigation (presenters, and the base view controllers they inherit).
    public var typesHandlingBack: [String] = []
    /// Methods extensions of the file declare that replace or hide the back button of the view controller they are
    /// called on (`extension UIViewController { func setupNavigationItem(…) { navigationItem.leftBarButtonItem = … } }`).
    public var backButtonHelpers: [BackButtonHelper] = []
    /// Methods extensions of the file declare that hide the bar of the navigation controller the view controller they
    /// are called on sits in (`func hideOriginNavigationBar() { navigationController?.setNavigationBarHidden(true, …) }`):
    /// a class calling one hides its bar, as if it did so itself.
    public var barHidingHelpers: [BackButtonHelper] = []
    /// Methods extensions of the file declare that show that bar again: a class calling one shows it.
    public var barShowingHelpers: [BackButtonHelper] = []
    /// The methods a presenter's file (or a base view controller's) calls by name alone or on `self`, when its own code
    /// does not handle back navigation: one of them may be an app's helper that does (`backButtonHelpers`).
    public var helperCalls: HelperCalls?

    /// A method that replaces or hides the back button, and the type whose extension declares it.
    public struct BackButtonHelper: Codable, Sendable, Equatable {
        public let type: String
        public let method: String
    }

    /// Classes, the methods their file calls by name alone or on `self`, and the classes and protocols they inherit and
    /// adopt (a helper of a base class's, or of a protocol's they adopt, serves them).
    public struct HelperCalls: Codable, Sendable, Equatable {
        public let types: [String]
        public let methods: [String]
        public let bases: [String]
    }
    /// Classes whose file hides its navigation controller's bar, and never shows it: a parent presenter that does
    /// leaves the children pushed on its stack without a back button.
    public var typesHidingBar: [String] = []
    /// Classes whose file shows the bar (`setNavigationBarHidden(false, …)`): a child that does brings the back
    /// button back.
    public var typesShowingBar: [String] = []
    /// Classes (and extended types) whose code hears the stack pop (`typesObservingPops(_:)`): a navigation controller
    /// delegate's `navigationController(_:didShow:animated:)` or `willShow` that reports it, or a router making its
    /// interactor the delegate (`navigationController?.delegate = interactor.proxy`). A RIB with one such part detaches
    /// the children swiped off its stack itself.
    public var typesObservingPops: [String] = []

    /// A protocol: those it refines, and the methods without parameters it requires.
    public struct DeclaredProtocol: Codable, Sendable, Equatable {
        public let name: String
        public let inherits: [String]
        public let requires: [String]
    }

    /// A first push (`firstScreenCall`) reached through `methods`, which are not private, in a router that conforms to
    /// `conformances` (its superclass aside).
    public struct LoadingPush: Codable, Sendable, Equatable {
        public let point: SourcePoint
        public let methods: [String]
        public let conformances: [String]
    }

    /// A child shown through a method of the router's screen, named `method`, with the call's argument labels (`_`
    /// for none).
    public struct Show: Codable, Sendable, Equatable {
        public let edge: RIBFacts.Edge
        public let method: String
        public let labels: [String]
        /// The first screen the router hands its own screen as it loads or becomes active (`firstScreenCall`): where
        /// the screen is the navigation controller and the method pushes, its stack's first screen.
        public var startsStack: Bool?
    }

    /// A method a view controller class (or an extension of it) declares: its parameters' labels (`_` for none),
    /// which have default values, whether it pushes on the screen's own navigation controller and presents
    /// nothing modally, and whether it embeds the screen it is handed in its own (`addChild(…)`) and neither pushes
    /// nor presents.
    public struct ScreenMethod: Codable, Sendable, Equatable {
        public let type: String
        public let name: String
        public let labels: [String]
        public let defaulted: [Bool]
        public let pushes: Bool
        public var embeds = false
        /// It presents modally and pushes in no branch (`present(screen.uiviewController, animated: false)`).
        public var presentsOnly = false

        /// Whether a call with these argument labels calls it: each label in order, parameters with a default
        /// value left out as the call pleases.
        public func accepts(_ call: [String]) -> Bool {
            var next = call[...]
            for (label, hasDefault) in zip(labels, defaulted) {
                if next.first == label {
                    next = next.dropFirst()
                } else if !hasDefault {
                    return false
                }
            }
            return next.isEmpty
        }
    }

    public init(file: LintFile) {
        // A router's class and its extensions (`extension FeedRouter: FeedRouting { func routeToDetail() … }`). A child
        // pushed or shown is one a builder built.
        if file.contains("build"), !file.isTestFile {
            for type in file.model.types(.router) where type.kind == .class || type.kind == .extension {
                guard !RIBFacts.isFrameworks(type, file.profile, in: file) else { continue }
                let rib = RIBFacts.ribName(of: type, role: .router, profile: file.profile, path: file.path, resolver: file.model.projectTypes)
                let (pushed, shown, rooting, embedded, ontoRooted, ontoHanded) = Self.pushedChildren(from: rib, in: type, file: file)
                pushesOntoHandedContainers += ontoHanded
                rootsOfStacksWithoutBar += rooting
                pushesOntoRootedContainers += ontoRooted
                embeds += embedded
                for (edge, ontoMade, loadingThrough, throughScreen) in pushed {
                    pushes.append(edge)
                    if let throughScreen { pushesThroughScreen.append(throughScreen) }
                    if ontoMade { pushesOntoMadeContainers.append(edge.point) }
                    guard let through = loadingThrough else { continue }
                    if through.isEmpty {
                        pushesStartingStacks.append(edge.point)
                    } else {
                        // Its file's declarations', and those its extensions elsewhere add.
                        var conformances = file.model.types.filter { $0.name == type.name }.flatMap { declaration in
                            declaration.inherited.filter { !declaration.inheritance.superclasses.contains($0) }
                        }
                        for added in file.model.projectTypes.extensionConformances(of: type.name) where !conformances.contains(added) {
                            conformances.append(added)
                        }
                        pushesStartingStacksUnlessRequired.append(LoadingPush(point: edge.point, methods: through, conformances: conformances))
                    }
                }
                shows += shown
            }
        }
        // A screen's own methods, and whether each pushes: what a router's `viewController.present(view:)` does. A method
        // that presents counts as much as one that pushes: it may override or overload a pushing one.
        if file.contains("push") || file.contains("present") || file.contains("addChild"), !file.isTestFile {
            for type in file.model.types where (type.kind == .class || type.kind == .extension) && (type.role == .presenter || type.role == nil) {
                screenMethods += Self.screenMethods(of: type)
            }
        }
        // Only a presenter's file, or a base view controller's (a class with no role of its own), can say.
        let mayHandle = file.model.types.contains { type in
            type.kind == .class && (type.role == .presenter || (type.role == nil && !type.inheritance.superclasses.isEmpty))
        }
        if !file.isTestFile, mayHandle {
            let classes = file.model.types.filter { $0.kind == .class }.map(\.name)
            if Self.handlesBackNavigation(file) { typesHandlingBack = classes }
            let methods = DeclarationScan.methodsCalledOnSelf(in: Array(file.source.utf8))
            if !methods.isEmpty {
                // What the classes inherit and adopt (the protocols these refine are followed project-wide).
                var bases: [String] = []
                for type in file.model.types where type.kind == .class || type.kind == .extension {
                    for name in type.inheritance.all + type.inherited where !bases.contains(name) { bases.append(name) }
                }
                helperCalls = HelperCalls(types: classes, methods: methods, bases: bases)
            }
            let (hides, shows) = Self.barVisibility(file)
            if hides, !shows { typesHidingBar = classes }
            if shows { typesShowingBar = classes }
        }
        if !file.isTestFile, Self.backButtonWords.contains(where: file.contains) {
            backButtonHelpers = Self.helpers(in: file) { Self.replacesBackButton(file, in: $0) }
        }
        if !file.isTestFile, file.contains("NavigationBarHidden") {
            // A method that may do either (`setNavigationBar(hidden:)`) is neither.
            barHidingHelpers = Self.helpers(in: file) { Self.setsOwnBarHidden(true, file, in: $0) && !Self.setsOwnBarHidden(false, file, in: $0) }
            barShowingHelpers = Self.helpers(in: file) { Self.setsOwnBarHidden(false, file, in: $0) && !Self.setsOwnBarHidden(true, file, in: $0) }
        }
        if !file.isTestFile, file.contains("NavigationController") {
            (handedContainers, barlessContainerFactories) = Self.handedContainers(in: file)
        }
        if !file.isTestFile, file.contains("navigationController") { typesObservingPops = Self.typesObservingPops(file) }
        if !file.isTestFile, file.contains("protocol") {
            for declared in file.model.protocols {
                let requires = declared.declaration.memberBlock.members.compactMap { member -> String? in
                    guard let method = member.decl.as(FunctionDeclSyntax.self), method.signature.parameterClause.parameters.isEmpty else { return nil }
                    return method.name.text
                }
                let inherits = declared.declaration.inheritanceClause?.inheritedTypes.compactMap { $0.type.baseName } ?? []
                protocols.append(DeclaredProtocol(name: declared.name, inherits: inherits, requires: requires))
            }
        }
    }

    /// The types of the file whose code hears their stack pop and says so: a navigation controller delegate's
    /// `navigationController(_:didShow:animated:)` or `willShow` that calls a listener, a router, an interactor or a
    /// delegate, or detaches a child (not one that only shows or hides a bar); or a router handing a navigation
    /// controller its interactor, or something the interactor holds, as the delegate (`navigationController?.delegate
    /// = interactor.popObserver`; not `nil`, nor an animator of its own). Comments and strings say nothing.
    static func typesObservingPops(_ file: LintFile) -> [String] {
        var types: [String] = []
        func add(_ token: TokenSyntax) {
            if let name = enclosingClassName(of: token), !types.contains(name) { types.append(name) }
        }
        let named = file.tokens(spelled: "navigationController", in: file.tree).filter { $0.tokenKind == .identifier("navigationController") }
        for token in named {
            guard let function = token.parent?.as(FunctionDeclSyntax.self), function.name.id == token.id,
                function.signature.parameterClause.parameters.contains(where: { ["didShow", "willShow"].contains($0.firstName.text) }),
                let body = function.body, reportsPop(body)
            else { continue }
            add(token)
        }
        guard file.model.types.contains(where: { $0.role == .router }) else { return types }
        // A router that hears a screen shown on its stack (`viewControllable.uiviewController.rx.showingStateObserver(for:
        // .didShow).bind { [unowned self] _ in self.detachChildren() }`) and detaches its children there, itself or
        // through a method of its own that does.
        if file.contains("didShow") {
            let detaching = Set(file.model.types(.router).flatMap(\.functions).filter { function in
                function.body.map { Self.detachesEveryChild(Syntax($0)) } ?? false
            }.map(\.name.text))
            for token in file.tokens(spelled: "didShow", in: file.tree) where token.tokenKind == .identifier("didShow") {
                guard let statement = token.enclosingStatement, statement.is(CodeBlockItemSyntax.self),
                    Self.closureDetaches(in: statement, through: detaching)
                else { continue }
                add(token)
            }
        }
        for token in named {
            // `navigationController`, `?` or `!`, `.delegate`, `=`, then the interactor's.
            var next = token.nextToken(viewMode: .sourceAccurate)
            while let mark = next, mark.tokenKind == .postfixQuestionMark || mark.tokenKind == .exclamationMark {
                next = mark.nextToken(viewMode: .sourceAccurate)
            }
            guard next?.tokenKind == .period, let member = next?.nextToken(viewMode: .sourceAccurate), member.text == "delegate",
                let equal = member.nextToken(viewMode: .sourceAccurate), equal.tokenKind == .equal,
                var value = equal.nextToken(viewMode: .sourceAccurate)
            else { continue }
            if value.tokenKind == .keyword(.self), let period = value.nextToken(viewMode: .sourceAccurate), period.tokenKind == .period,
                let after = period.nextToken(viewMode: .sourceAccurate)
            {
                value = after
            }
            if value.tokenKind == .identifier("interactor") {
                add(token)
            } else if case .identifier(let held) = value.tokenKind, Self.setsDetachingCallback(on: held, in: file) {
                add(token)
            }
        }
        return types
    }

    /// Whether a router of the file sets a property of the object it holds as `held` (the delegate it hands its stack) to
    /// a closure that detaches every child, or calls a method of the router's that detaches the top child or every child
    /// (`navigationDelegate.onPop = { [weak self] _ in self?.routeBackFromProduct() }`, the method detaching
    /// `children.last`): the delegate reports pops to it. One particular child detached hears no pop of the others.
    private static func setsDetachingCallback(on held: String, in file: LintFile) -> Bool {
        let detaching = Set(file.model.types(.router).flatMap(\.functions).filter { function in
            guard let body = function.body else { return false }
            return detachesEveryChild(Syntax(body)) || detachesTopChild(body)
        }.map(\.name.text))
        for token in file.tokens(spelled: held, in: file.tree) where token.tokenKind == .identifier(held) {
            guard let statement = token.enclosingStatement, let item = statement.as(CodeBlockItemSyntax.self),
                let elements = item.item.as(ExprSyntax.self)?.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 3,
                elements[1].is(AssignmentExprSyntax.self), elements[2].is(ClosureExprSyntax.self),
                let target = elements[0].as(MemberAccessExprSyntax.self), target.base?.lastName == held
            else { continue }
            if closureDetaches(in: statement, through: detaching) { return true }
        }
        return false
    }

    /// Whether `body` detaches the child on top of the stack: `detachChild` and `children.last` both in it.
    private static func detachesTopChild(_ body: CodeBlockSyntax) -> Bool {
        var detaches = false
        var top = false
        for token in body.tokens(viewMode: .sourceAccurate) {
            if token.tokenKind == .identifier("detachChild") { detaches = true }
            // `children.last`, not `children.last(where: …)`, which finds one particular child.
            if token.tokenKind == .identifier("last"), token.nextToken(viewMode: .sourceAccurate)?.tokenKind != .leftParen,
                token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period,
                token.previousToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate)?.tokenKind == .identifier("children")
            {
                top = true
            }
        }
        return detaches && top
    }

    /// Whether `node` detaches every child: names `detachChild` and the router's `children` (`children.forEach(detachChild(_:))`,
    /// `for child in children { detachChild(child) }`).
    private static func detachesEveryChild(_ node: Syntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "forEach",
                    let base = member.base, NavigationFacts.holder(base) == "children",
                    node.arguments.contains(where: { Self.namesDetachChild($0) }) || node.trailingClosure.map(Self.namesDetachChild) == true
                {
                    found = true
                }
                return found ? .skipChildren : .visitChildren
            }
            override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
                if NavigationFacts.holder(node.sequence) == "children", Self.namesDetachChild(node.body) { found = true }
                return found ? .skipChildren : .visitChildren
            }
            /// Whether `node` names `detachChild` (a call, or the method handed on).
            static func namesDetachChild(_ node: some SyntaxProtocol) -> Bool {
                node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier("detachChild") }
            }
        }
        guard Finder.namesDetachChild(node) else { return false }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.found
    }

    /// Whether a closure in `statement` detaches a child, or calls a method of the router's own (`detaching`) that does.
    private static func closureDetaches(in statement: Syntax, through detaching: Set<String>) -> Bool {
        final class Finder: SyntaxVisitor {
            let detaching: Set<String>
            var found = false
            var depth = 0
            init(_ detaching: Set<String>) {
                self.detaching = detaching
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
                depth += 1
                return .visitChildren
            }
            override func visitPost(_ node: ClosureExprSyntax) { depth -= 1 }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if depth > 0, let name = node.selfCalledName, detaching.contains(name) { found = true }
                if depth > 0, NavigationFacts.detachesEveryChild(Syntax(node)) { found = true }
                return found ? .skipChildren : .visitChildren
            }
        }
        let finder = Finder(detaching)
        finder.walk(statement)
        return finder.found
    }

    /// The class, or the extended type, whose declaration holds `token`.
    private static func enclosingClassName(of token: TokenSyntax) -> String? {
        var node = token.parent
        while let current = node, !current.is(ClassDeclSyntax.self), !current.is(ExtensionDeclSyntax.self) { node = current.parent }
        return node?.as(ClassDeclSyntax.self)?.name.text ?? node?.as(ExtensionDeclSyntax.self)?.extendedType.trimmedText
    }

    /// A call in `body` on a `listener`, `router`, `interactor` or `delegate` (through `self`, `?` and `!`), or of
    /// `detachChild`: the pop reported to whoever detaches.
    private static func reportsPop(_ body: CodeBlockSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                let called = node.calledExpression.unwrapped
                if node.selfCalledName == "detachChild" { found = true }
                if let base = called.as(MemberAccessExprSyntax.self)?.base?.unwrapped {
                    let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    if let name, ["listener", "router", "interactor", "delegate"].contains(name) { found = true }
                }
                return found ? .skipChildren : .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }

    /// Whether the file's code hides the bar of the screen's own navigation controller (`navigationController?
    /// .isNavigationBarHidden = true`, `self.navigationController?.setNavigationBarHidden(true, …)`, `navigationController?
    /// .navigationBar.isHidden = true`, or a bare `setNavigationBarHidden(true, …)` in a navigation controller's own
    /// class) — not another container's — and whether it shows a bar (`… = false`, `(false, …)`, `navigationBar.isHidden = false`,
    /// SwiftUI's `.navigationBarHidden(false)`).
    static func barVisibility(_ file: LintFile) -> (hides: Bool, shows: Bool) {
        var hides = false, shows = false
        /// `navigationController` right before the member, through `?`, `!` and the period.
        func onOwnContainer(_ token: TokenSyntax) -> Bool {
            var previous = token.previousToken(viewMode: .sourceAccurate)
            guard previous?.tokenKind == .period else { return false }
            previous = previous?.previousToken(viewMode: .sourceAccurate)
            while let current = previous, current.tokenKind == .postfixQuestionMark || current.tokenKind == .exclamationMark {
                previous = current.previousToken(viewMode: .sourceAccurate)
            }
            if previous?.tokenKind == .identifier("navigationController") { return true }
            // `self.isNavigationBarHidden`: a navigation controller's own.
            return previous?.tokenKind == .keyword(.self) && isNavigationControllersOwn(token)
        }
        /// A bare `setNavigationBarHidden(…)` or `navigationBar` in a class that is a navigation controller: its own bar.
        func isNavigationControllersOwn(_ token: TokenSyntax) -> Bool {
            guard let name = enclosingClassName(of: token) else { return false }
            if let type = file.model.types.first(where: { $0.name == name && $0.kind == .class }) {
                return type.inheritance.superclasses.contains { $0.hasSuffix("NavigationController") }
            }
            // An extension of a class declared in another file.
            let types = file.model.projectTypes
            return types.primary(name)?.kind == .class && types.supertypes(of: [name]).contains { $0.hasSuffix("NavigationController") }
        }
        func isBare(_ token: TokenSyntax) -> Bool { token.previousToken(viewMode: .sourceAccurate)?.tokenKind != .period }
        for name in ["isNavigationBarHidden", "setNavigationBarHidden", "isHidden", "navigationBarHidden"] where file.contains(name) {
            for token in file.tokens(spelled: name, in: file.tree) where token.tokenKind == .identifier(name) {
                guard let next = token.nextToken(viewMode: .sourceAccurate), next.tokenKind == .equal || next.tokenKind == .leftParen,
                    let value = next.nextToken(viewMode: .sourceAccurate)
                else { continue }
                if name == "isHidden" {
                    // `navigationBar.isHidden = false` shows the bar; `= true` on the screen's own stack hides it. The swipe back
                    // still works then, but the rule counts it as hiding the back button, here as on a child's screen (its
                    // documented decision).
                    guard let owner = token.previousToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate),
                        owner.text == "navigationBar"
                    else { continue }
                    if value.tokenKind == .keyword(.false) { shows = true }
                    // The bar of its own stack hidden, as `back_navigation` counts it on a child's screen.
                    if value.tokenKind == .keyword(.true), onOwnContainer(owner) || isBare(owner) && isNavigationControllersOwn(owner) { hides = true }
                    continue
                }
                if value.tokenKind == .keyword(.true) {
                    if name != "navigationBarHidden", onOwnContainer(token) || isBare(token) && isNavigationControllersOwn(token) { hides = true }
                } else if value.tokenKind == .keyword(.false) {
                    shows = true
                }
            }
        }
        return (hides, shows)
    }

    /// `name` or `self.name`: a property of the type's own (`viewController`, `navigationController`).
    static func isOwn(_ name: String, _ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == name }
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == name else { return false }
        return member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.`self`)
    }

    /// `uiviewController.navigationController`, `self.uiviewController.navigationController`: in an extension of RIBs'
    /// `ViewControllable`, the navigation controller of the screen the method is called on.
    static func isScreensNavigationController(_ expression: ExprSyntax) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "navigationController",
            let base = member.base?.unwrapped
        else { return false }
        return isOwn("uiviewController", base)
    }

    /// What holds a child handed on: a local or a stored property, `self.` or not (`self.dashboardRouter!.viewControllable`
    /// → `dashboardRouter`).
    static func holder(_ expression: ExprSyntax) -> String? {
        var current = expression.unwrapped
        var member: String?
        while let access = current.as(MemberAccessExprSyntax.self), let base = access.base {
            member = access.declName.baseName.text
            current = base.unwrapped
        }
        guard let reference = current.as(DeclReferenceExprSyntax.self) else { return nil }
        return reference.baseName.tokenKind == .keyword(.self) ? member : reference.baseName.text
    }

    /// The type's methods, each pushing when it pushes on its own navigation controller (`navigationController?
    /// .pushViewController(…)`, `self.navigationController!.push…`, or, being one, `pushViewController(…)`) and presents
    /// nothing modally: a method that does either, as an argument says (`replace(vc:isPresent:)`), is not known to push.
    /// Its non-pushing methods count too: an override that presents hides the base class's push.
    static func screenMethods(of type: TypeDeclaration) -> [ScreenMethod] {
        final class Finder: SyntaxVisitor {
            var pushes = false
            var presents = false
            /// It makes the screen it is handed its child (`addChild(screen.uiviewController)`, `addChildViewController(…)`):
            /// a parameter's, not a container made or held around it.
            var embeds = false
            var parameters: Set<String> = []
            /// It pushes some other way: `show(_:sender:)` on its navigation controller, or a method of its own.
            var navigatesOtherwise = false
            /// It hides the bar of the stack it pushes on (`uiviewController.navigationController?.setNavigationBarHidden(true,
            /// …)`): the child has no back button, as where a router hides it before pushing.
            var hidesBar = false
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                let called = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    ?? node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                if called == "present", node.arguments.contains(where: { $0.label?.text == "animated" }) { presents = true }
                if called == "addChild" || called == "addChildViewController", node.arguments.count == 1,
                    let argument = node.arguments.first.flatMap({ NavigationFacts.holder($0.expression) }), parameters.contains(argument)
                {
                    embeds = true
                }
                // Anything else it calls on itself may push (`pushScreen(…)`, `self.show(…)`): only a method that presents
                // and calls nothing else of its own is known not to push.
                if called != "present", called != nil,
                    called == "show" || node.calledExpression.is(DeclReferenceExprSyntax.self)
                        || node.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                {
                    navigatesOtherwise = true
                }
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self), ["push", "pushViewController"].contains(member.declName.baseName.text),
                    let base = member.base?.unwrapped,
                    NavigationFacts.isOwn("navigationController", base) || NavigationFacts.isScreensNavigationController(base)
                        // The screen is the navigation controller: `self.pushViewController(…)`, `super.pushViewController(…)`.
                        || (member.declName.baseName.text == "pushViewController"
                            && (base.is(SuperExprSyntax.self) || base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)))
                {
                    pushes = true
                }
                // The same, bare: `pushViewController(screen, animated: true)`.
                if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "pushViewController" { pushes = true }
                // Only where the method always does it: a statement of its body, not of a branch or a closure.
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "setNavigationBarHidden",
                    node.arguments.first?.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true),
                    let base = member.base?.unwrapped,
                    NavigationFacts.isOwn("navigationController", base) || NavigationFacts.isScreensNavigationController(base),
                    node.parent?.is(CodeBlockItemSyntax.self) == true, node.parent?.parent?.parent?.parent?.is(FunctionDeclSyntax.self) == true
                {
                    hidesBar = true
                }
                return .visitChildren
            }
        }
        return type.functions.map { function in
            let finder = Finder(viewMode: .sourceAccurate)
            let parameters = function.signature.parameterClause.parameters
            finder.parameters = Set(parameters.map { ($0.secondName ?? $0.firstName).text })
            if let body = function.body { finder.walk(body) }
            return ScreenMethod(
                type: type.name, name: function.name.text, labels: parameters.map(\.firstName.text), defaulted: parameters.map { $0.defaultValue != nil },
                pushes: finder.pushes && !finder.presents && !finder.hidesBar, embeds: finder.embeds && !finder.pushes && !finder.presents,
                presentsOnly: finder.presents && !finder.pushes && !finder.navigatesOtherwise)
        }
    }

    /// `navigationController.push(detail.viewControllable…)` where `detail` came from `detailBuilder.build(…)`, directly
    /// or through a local (`let screen = detail.viewControllable`). The builder is known by its declared type where
    /// the router declares it (`private let catalog: ItemBuildable`), else by its name.
    /// With each, whether it pushes onto a container the router made (a local or a stored property it constructs), and
    /// whether it is the first screen of the router's own stack; then the children it shows through its screen's methods.
    static func pushedChildren(from rib: String, in type: TypeDeclaration, file: LintFile) -> (
        pushed: [(RIBFacts.Edge, ontoMade: Bool, loadingThrough: [String]?, throughScreen: Show?)], shown: [Show],
        rootingStacksWithoutBar: [RIBFacts.Edge], embedded: [RIBFacts.Edge], ontoRootedContainers: [RIBFacts.Edge], ontoHanded: [PushOntoHanded]
    ) {
        final class Finder: TypeBodyVisitor {
            var builtBy: [String: String] = [:]
            var pushes: [(String, FunctionCallExprSyntax)] = []
            /// Children handed to the router's screen through one of its methods (`viewController.present(view: child…)`,
            /// `self.viewController.…`).
            var shows: [(String, FunctionCallExprSyntax, String)] = []
            /// Children whose screen the router makes a child of its own (`viewController.uiviewController.addChild(…)`).
            var embeds: [(String, FunctionCallExprSyntax)] = []
            /// The names the member binds (parameters, locals, closures' parameters): they hide the stored properties of
            /// those names.
            var bound: Set<String> = []
            /// What each local was bound to, where that is a name (`guard let detail = self.detailRouter`, `if let
            /// detailRouter`, `let screen = detail.viewControllable`).
            var aliases: [String: String] = [:]
            override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
                bound.insert((node.secondName ?? node.firstName).text)
                return .visitChildren
            }
            override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
                bound.insert(node.name.text)
                return .visitChildren
            }
            override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
                bound.insert((node.secondName ?? node.firstName).text)
                return .visitChildren
            }
            override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
                if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    bound.insert(name)
                    aliases[name] = node.initializer.map { NavigationFacts.holder($0.value) } ?? name
                }
                return .visitChildren
            }
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
                rootedByLocal[name] = nil
                bound.insert(name)
                if let value = node.initializer?.value, let held = NavigationFacts.holder(value) { aliases[name] = held }
                guard let value = node.initializer?.value.unwrapped else { return .visitChildren }
                if let builder = builder(building: value) {
                    builtBy[name] = builder
                } else if let call = value.as(FunctionCallExprSyntax.self), let type = call.calledExpression.lastName,
                    type.first?.isUppercase == true, type.hasSuffix("Builder")
                {
                    madeBuilders[name] = type
                } else if let call = value.as(FunctionCallExprSyntax.self), let rooted = rootStack(call) {
                    // `let navigation = UINavigationController(rootViewController: child.viewControllable.uiviewController)`: the
                    // child as its local names it here (another branch may bind the name to another), or a stored property
                    // (`self.mainRouter!.viewControllable…`), whose builder is known once every member is read.
                    rootedByLocal[name] = rooted
                } else if let root = value.rootName, let builder = builtBy[root] {
                    builtBy[name] = builder
                }
                return .visitChildren
            }
            /// The entry of `stacksRooted` for `call`, when it makes a navigation controller (or the app's wrapper of one)
            /// with a screen as its root (`rootViewController:`, `root:`).
            private func rootStack(_ call: FunctionCallExprSyntax) -> Int? {
                guard NavigationFacts.madeContainer(call) != nil,
                    let root = call.arguments.first(where: { ["rootViewController", "root"].contains($0.label?.text) })
                        .flatMap({ NavigationFacts.holder($0.expression) })
                else { return nil }
                // A container class whose initializer hides its bar shows none (`BaseNavigationController(…)`).
                let made = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.lastName ?? call.calledExpression.lastName
                stacksRooted.append((builtBy[root], root, call, made.map(hidesBarAtInit) ?? false))
                return stacksRooted.count - 1
            }
            /// The builder a child is built by: `detailBuilder.build(…)`, `DetailBuilder(dependency: …).build(…)`, a local
            /// made so.
            private func builder(building value: ExprSyntax) -> String? {
                guard let call = value.unwrapped.as(FunctionCallExprSyntax.self),
                    let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "build",
                    let base = member.base?.unwrapped
                else { return nil }
                return base.as(FunctionCallExprSyntax.self)?.calledExpression.lastName ?? base.lastName.map({ madeBuilders[$0] ?? $0 })
            }
            /// Stored properties (or locals declared earlier) the member sets to a child a builder built (`self.giftRouter =
            /// giftBuilder.build(withListener: interactor)`), by name: the builder.
            var assignedBuilds: [String: String] = [:]
            /// Whether a container class of this name hides its bar as it is made (`DeclaredType.hidesBarAtInit`).
            var hidesBarAtInit: (String) -> Bool = { _ in false }
            /// Locals holding a builder the method made (`let builder = DetailBuilder(dependency: component)`), by type.
            var madeBuilders: [String: String] = [:]
            /// Navigation controllers the method makes with a child's screen as their root: the child's builder, the call
            /// that makes the container, and whether the method leaves its bar hidden.
            var stacksRooted: [(builder: String?, holder: String, call: FunctionCallExprSyntax, barHidden: Bool)] = []
            /// The entry of `stacksRooted` each local names where the walk is: a later binding of the name replaces it.
            private var rootedByLocal: [String: Int] = [:]
            /// A container of `stacksRooted`, named by a local, has its bar hidden or shown (the later statement wins).
            private func setsBar(of base: ExprSyntax?, hidden: Bool) {
                guard let name = base?.as(DeclReferenceExprSyntax.self)?.baseName.text, let index = rootedByLocal[name] else { return }
                stacksRooted[index].barHidden = hidden
            }
            /// A container's bar hidden or shown (`setNavigationBarHidden(true, …)`, `isNavigationBarHidden = false`): for
            /// `stacksRooted`, and, hidden, for `hidingBars`.
            private func setsNavigationBar(of base: ExprSyntax?, hidden: Bool) {
                setsBar(of: base, hidden: hidden)
                if hidden, let container = base?.lastName { hidingBars.insert(container) }
            }
            /// The containers whose bar the router hides (`navigationController.setNavigationBarHidden(true, …)`,
            /// `.isNavigationBarHidden = true`), by the name they end in.
            var hidingBars: Set<String> = []
            /// Names set to what a local holds (`self.navigationControllable = navigation`), with the local's name.
            var keptLocals: [(name: String, local: String)] = []
            /// Names set to a container of `stacksRooted` (`self.navigationControllable = navigation`, or made right there),
            /// with its entry.
            var keptRoots: [(name: String, rooted: Int)] = []
            /// The router's calls of its own methods with arguments (`presentInsideNavigation(router.viewControllable)`).
            var ownCalls: [(name: String, call: FunctionCallExprSyntax)] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "setNavigationBarHidden",
                    let value = node.arguments.first?.expression.as(BooleanLiteralExprSyntax.self)
                {
                    setsNavigationBar(of: member.base, hidden: value.literal.tokenKind == .keyword(.true))
                }
                if !node.arguments.isEmpty, let reference = node.calledExpression.as(DeclReferenceExprSyntax.self)
                    ?? node.calledExpression.as(MemberAccessExprSyntax.self).flatMap({ member in
                        member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) ? member.declName : nil
                    })
                {
                    ownCalls.append((reference.baseName.text, node))
                }
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
                    let name = member.declName.baseName.text
                    if name == "addChild" || name == "addChildViewController", let base = member.base?.unwrapped.as(MemberAccessExprSyntax.self),
                        base.declName.baseName.text == "uiviewController", let screen = base.base?.unwrapped, NavigationFacts.isOwn("viewController", screen)
                            || NavigationFacts.isOwn("viewControllable", screen),
                        let root = node.arguments.first.flatMap({ NavigationFacts.holder($0.expression) })
                    {
                        embeds.append((root, node))
                    } else if name == "push" || name == "pushViewController", let argument = node.arguments.first?.expression,
                        let root = NavigationFacts.holder(argument)
                    {
                        pushes.append((root, node))
                    } else if let base = member.base?.unwrapped, NavigationFacts.isOwn("viewController", base),
                        let root = node.arguments.first.flatMap({ NavigationFacts.holder($0.expression) })
                    {
                        shows.append((root, node, name))
                    }
                }
                return .visitChildren
            }
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let builder = builder(building: elements[2]),
                    let target = NavigationFacts.holder(elements[0])
                {
                    builtBy[target] = builder
                    assignedBuilds[target] = builder
                }
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let local = elements[2].as(DeclReferenceExprSyntax.self) {
                    let member = elements[0].as(MemberAccessExprSyntax.self)
                    if let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
                        ?? (member?.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) ? member?.declName.baseName.text : nil)
                    {
                        keptLocals.append((name, local.baseName.text))
                        if let rooted = rootedByLocal[local.baseName.text] { keptRoots.append((name, rooted)) }
                    }
                }
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let call = elements[2].unwrapped.as(FunctionCallExprSyntax.self),
                    let name = NavigationFacts.holder(elements[0]), let rooted = rootStack(call)
                {
                    keptRoots.append((name, rooted))
                }
                // `navigation.isNavigationBarHidden = true`; `navigation.navigationBar.isHidden = true` hides the bar of a stack
                // the router makes with a child's screen as its root, not of every container of that name.
                if let assignment = NavigationFacts.barAssignment(elements) {
                    if assignment.throughBar {
                        setsBar(of: assignment.container, hidden: assignment.hidden)
                    } else {
                        setsNavigationBar(of: assignment.container, hidden: assignment.hidden)
                    }
                }
                return .visitChildren
            }
        }
        // The class and its extensions in the file: their stored properties and what they do serve each other.
        let declarations = file.model.types.filter { $0.name == type.name }
        var declaredBuilders: [String: String] = [:]
        for property in declarations.flatMap(\.storedProperties) {
            if let declared = property.type?.heldTypeNames.first, ["Buildable", "Builder"].contains(where: { declared.hasSuffix($0) && declared.count > $0.count }) {
                declaredBuilders[property.name] = declared
            }
        }
        // Each member walked once, on its own: locals are scoped to their function (three routing methods may each call
        // theirs `router`).
        let types = file.model.projectTypes
        let walked = type.members.members.map { member -> Finder in
            let finder = Finder()
            finder.hidesBarAtInit = { types.helperMethods(ofType: $0).contains(DeclaredType.hidesBarAtInit) }
            finder.walk(member)
            return finder
        }
        // The router hides the bar of the container it pushes onto, anywhere in its class or its extensions in the file
        // (the guide's first option: with the bar, the back button and the swipe back are gone).
        var hidingBars = Set(walked.flatMap(\.hidingBars))
        // A container a member makes and hides the bar of in a local, then keeps in a stored property
        // (`navigationControllable = navigation`): what the router pushes onto the property later has no bar either.
        let storedProperties = Set(declarations.flatMap(\.storedProperties).map(\.name))
        for finder in walked {
            for (name, local) in finder.keptLocals where storedProperties.contains(name) && finder.hidingBars.contains(local) { hidingBars.insert(name) }
        }
        var assignedElsewhere: [(String, String)] = []
        for other in declarations where other.members.id != type.members.id {
            let finder = Finder()
            for member in other.members.members { finder.walk(member) }
            hidingBars.formUnion(finder.hidingBars)
            assignedElsewhere += finder.assignedBuilds.map { ($0.key, $0.value) }
        }
        // Containers the router makes: stored properties it constructs or initializes with a call, and locals.
        var made = ViewControllerReach(scanning: type).madeContainers
        for declaration in declarations {
            made.formUnion(ViewControllerReach.constructedProperties(of: declaration))
            made.formUnion(declaration.storedProperties.filter { $0.initializer?.unwrapped.is(FunctionCallExprSyntax.self) == true }.map(\.name))
        }
        /// The edge to the child a local built by a builder names, pushed or shown by `call`.
        func edge(_ local: String, _ call: FunctionCallExprSyntax, _ finder: Finder) -> RIBFacts.Edge? {
            builder(of: local, finder).flatMap { edge(builtBy: $0, call) }
        }
        /// The builder of the child a name holds where `call` is: a local built so, else a stored property built so, but
        /// not where a parameter or a local of the member hides the property — unless bound to it (`guard let detail =
        /// self.detailRouter`).
        func builder(of local: String, _ finder: Finder) -> String? {
            if let builder = finder.builtBy[local] { return builder }
            guard finder.bound.contains(local) else { return builtIntoProperties[local] }
            guard let alias = finder.aliases[local], alias == local || !finder.bound.contains(alias) else { return nil }
            return builtIntoProperties[alias]
        }
        // A stored property one member builds a child into (`self.giftRouter = giftBuilder.build(…)`), handed on in another
        // (`viewController.embedViewController(self.giftRouter!.viewControllable)`); where members set it from two
        // builders, from neither.
        let storedNames = Set(declarations.flatMap(\.storedProperties).map(\.name))
        var builtIntoProperties: [String: String] = [:]
        var twice: Set<String> = []
        for (name, builder) in walked.flatMap({ $0.assignedBuilds.map { ($0.key, $0.value) } }) + assignedElsewhere where storedNames.contains(name) {
            if let known = builtIntoProperties[name], known != builder { twice.insert(name) }
            builtIntoProperties[name] = builder
        }
        for name in twice { builtIntoProperties[name] = nil }
        /// The edge to the child the builder (a stored property's name, or a type's) builds.
        func edge(builtBy name: String, _ call: FunctionCallExprSyntax) -> RIBFacts.Edge? {
            var child = declaredBuilders[name] ?? name
            for suffix in ["Builder", "Buildable"] where child.hasSuffix(suffix) { child = String(child.dropLast(suffix.count)) }
            guard !child.isEmpty else { return nil }
            return RIBFacts.Edge(
                from: rib, to: child.prefix(1).uppercased() + child.dropFirst(), fromType: type.name, point: SourcePoint(call, in: file),
                kind: .attaches)
        }
        let hasScreenCalls = walked.contains { !$0.pushes.isEmpty || !$0.shows.isEmpty }
        let firstScreen = hasScreenCalls ? firstScreenCall(declarations, types: file.model.projectTypes) : nil
        let pushed = walked.flatMap { finder -> [(RIBFacts.Edge, ontoMade: Bool, loadingThrough: [String]?, throughScreen: Show?)] in
            finder.pushes.compactMap { local, call -> (RIBFacts.Edge, ontoMade: Bool, loadingThrough: [String]?, throughScreen: Show?)? in
                let member = call.calledExpression.as(MemberAccessExprSyntax.self)
                let container = member?.base?.lastName
                if let container, hidingBars.contains(container) {
                    return nil
                }
                return edge(local, call, finder).map { edge in
                    let onScreen = member?.base.map { NavigationFacts.isOwn("viewController", $0.unwrapped) } ?? false
                    let show = onScreen
                        ? Show(edge: edge, method: member?.declName.baseName.text ?? "", labels: call.arguments.map { $0.label?.text ?? "_" }, startsStack: nil)
                        : nil
                    return (edge, container.map(made.contains) ?? false, call.id == firstScreen?.call.id ? firstScreen?.through : nil, show)
                }
            }
        }
        let shown = walked.flatMap { finder in
            finder.shows.compactMap { local, call, method in
                edge(local, call, finder).map {
                    Show(edge: $0, method: method, labels: call.arguments.map { $0.label?.text ?? "_" }, startsStack: call.id == firstScreen?.call.id && firstScreen?.through.isEmpty == true ? true : nil)
                }
            }
        }
        // A child whose screen is the root of a navigation controller the router makes and hides the bar of, in one
        // method (`let navigation = UINavigationController(rootViewController: child.viewControllable.uiviewController)`,
        // `navigation.isNavigationBarHidden = true`): the stack the child pushes onto has no bar.
        let rootingStacksWithoutBar = walked.flatMap { finder in
            finder.stacksRooted.compactMap { known, holder, call, barHidden in
                barHidden ? (known ?? builder(of: holder, finder)).flatMap { edge(builtBy: $0, call) } : nil
            }
        }
        let embedded = walked.flatMap { finder in finder.embeds.compactMap { local, call in edge(local, call, finder) } }
        // Stored containers made with a child's screen as their root: the root's builder, by the property's name (one
        // set from two builders, or from a parameter no call of its method resolves, has none).
        var containerRoots: [String: String?] = [:]
        let members = walked.contains { !$0.keptRoots.isEmpty } ? Array(type.members.members) : []
        for (finder, member) in zip(walked, members) where !finder.keptRoots.isEmpty {
            for (name, rooted) in finder.keptRoots where storedNames.contains(name) {
                let entry = finder.stacksRooted[rooted]
                var builders = Set([entry.builder ?? builder(of: entry.holder, finder)].compactMap { $0 })
                // The root handed in (`private func presentInsideNavigation(_ screen: ViewControllable)`): what the router's
                // calls of the method hand it.
                if builders.isEmpty, let function = member.decl.as(FunctionDeclSyntax.self),
                    let position = function.signature.parameterClause.parameters.firstIndex(where: { ($0.secondName ?? $0.firstName).text == entry.holder })
                        .map({ function.signature.parameterClause.parameters.distance(from: function.signature.parameterClause.parameters.startIndex, to: $0) })
                {
                    for caller in walked {
                        for own in caller.ownCalls where own.name == function.name.text && position < own.call.arguments.count {
                            let argument = own.call.arguments[own.call.arguments.index(own.call.arguments.startIndex, offsetBy: position)]
                            if let holder = NavigationFacts.holder(argument.expression), let built = builder(of: holder, caller) { builders.insert(built) }
                        }
                    }
                }
                let root = builders.count == 1 ? builders.first : nil
                containerRoots[name] = containerRoots[name] == nil || containerRoots[name] == .some(root) ? .some(root) : .some(nil)
            }
        }
        let ontoRooted = containerRoots.isEmpty ? [] : walked.flatMap { finder in
            finder.pushes.compactMap { local, call -> RIBFacts.Edge? in
                guard edge(local, call, finder) != nil, let container = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.lastName,
                    let root = containerRoots[container] ?? nil
                else { return nil }
                return edge(builtBy: root, call)
            }
        }
        // Stored properties the class's initializers (here or in its other declarations in the file) set from a labelled
        // parameter (`self.navigationController = navigationController`), by that label: a builder may hand the router a
        // container whose bar it hid (`HandedContainer`). A property set from two labels, or from a local of the
        // initializer's own that hides the parameter, is left out.
        var handedLabels: [String: Set<String>] = [:]
        var unsure: Set<String> = []
        // Asked only where the declaration pushes.
        let initializers = walked.contains { !$0.pushes.isEmpty } ? declarations.flatMap(\.initializers) : []
        for initializer in initializers {
            guard let body = initializer.body else { continue }
            let finder = Finder()
            finder.walk(body)
            let ownLocals = Set(body.statements.flatMap { item in
                item.item.as(VariableDeclSyntax.self)?.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text } ?? []
            })
            for parameter in initializer.signature.parameterClause.parameters {
                let local = (parameter.secondName ?? parameter.firstName).text
                for (name, kept) in finder.keptLocals where kept == local && storedNames.contains(name) {
                    if parameter.firstName.tokenKind == .wildcard || ownLocals.contains(local) {
                        unsure.insert(name)
                    } else {
                        handedLabels[name, default: []].insert(parameter.firstName.text)
                    }
                }
            }
        }
        let ontoHanded = handedLabels.isEmpty ? [] : walked.flatMap { finder in
            finder.pushes.compactMap { local, call -> PushOntoHanded? in
                guard let container = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.lastName, !unsure.contains(container),
                    let labels = handedLabels[container], labels.count == 1, let label = labels.first,
                    !finder.bound.contains(container), let edge = edge(local, call, finder)
                else { return nil }
                return PushOntoHanded(router: type.name, label: label, point: edge.point)
            }
        }
        return (pushed, shown, rootingStacksWithoutBar, embedded, ontoRooted, ontoHanded)
    }

    /// The first screen the router hands its own screen, as its interactor becomes active or as it loads: the first
    /// push on `viewController`, or call of a method of it given a child's `viewControllable` (which pushes where the
    /// screen's method does), among the statements, in order, not in a closure, following the methods without parameters
    /// that the router's class or an extension of it in the file declares and they call. With the methods on the way
    /// that are not private (`through`), which others may call again later. Where the screen is the navigation
    /// controller, that child is its stack's first screen.
    /// - As it becomes active, first (`attachChild` activates a child, then loads it): in the one method with such a call
    ///   that an interactor calls on the router in `didBecomeActive` and at no other time (`RouterActivation`).
    /// - Else as it loads: in `didLoad` (`override func didLoad() { super.didLoad(); routeToLoggedOut() }`).
    private static func firstScreenCall(_ declarations: [TypeDeclaration], types: TypeResolver) -> (call: FunctionCallExprSyntax, through: [String])? {
        let functions = declarations.flatMap(\.functions)
        var starting: [String: (call: FunctionCallExprSyntax, through: [String])] = [:]
        for function in functions where function.name.text != "didLoad" && starting[function.name.text] == nil {
            if let statements = function.body?.statements, let found = firstScreenCall(in: statements, functions: functions, from: function.name.text) {
                starting[function.name.text] = found
            }
        }
        if !starting.isEmpty {
            let activated = RouterActivation.functions(among: Set(starting.keys), of: declarations, types: types)
            if activated.count == 1, let found = activated.first.flatMap({ starting[$0] }) { return found }
            // Two methods hand screens as it becomes active: which comes first is not known here.
            if activated.count > 1 { return nil }
        }
        guard let didLoad = functions.first(where: { $0.name.text == "didLoad" && $0.signature.parameterClause.parameters.isEmpty }),
            let body = didLoad.body
        else { return nil }
        return firstScreenCall(in: body.statements, functions: functions, from: "didLoad")
    }

    private static func firstScreenCall(in statements: CodeBlockItemListSyntax, functions: [FunctionDeclSyntax], from start: String) -> (
        call: FunctionCallExprSyntax, through: [String]
    )? {
        // Each method is followed once: one that calls itself, or calls back the method that called it, ends there.
        var followed: Set<String> = [start]
        /// A screen handed to `viewController` among the statements, outside closures.
        func screenCall(in statements: CodeBlockItemListSyntax, through: [String]) -> (call: FunctionCallExprSyntax, through: [String])? {
            for item in statements {
                guard let call = item.item.as(ExprSyntax.self)?.as(FunctionCallExprSyntax.self) else { continue }
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.unwrapped {
                    if ["push", "pushViewController"].contains(member.declName.baseName.text), base.lastName == "viewController" {
                        return (call, through)
                    }
                    // `viewController.present(tabBar.viewControllable)`: a method of the screen's, handed a child's screen.
                    if NavigationFacts.isOwn("viewController", base),
                        call.arguments.first?.expression.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier("viewControllable") }) == true
                    {
                        return (call, through)
                    }
                }
                let called = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? call.calledExpression.as(MemberAccessExprSyntax.self).flatMap { member in
                        member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.`self`) ? member.declName.baseName.text : nil
                    }
                guard let called, call.arguments.isEmpty, followed.insert(called).inserted,
                    let method = functions.first(where: { $0.name.text == called && $0.signature.parameterClause.parameters.isEmpty }),
                    let statements = method.body?.statements
                else { continue }
                let isPrivate = method.modifiers.contains { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }
                // The method's first screen, or none: a method that hands none leaves the next statement first.
                if let found = screenCall(in: statements, through: isPrivate ? through : through + [called]) { return found }
            }
            return nil
        }
        return screenCall(in: statements, through: [])
    }

    /// Code of the presenter's file (or its base class's), not comments or strings: `isMovingFromParent`, an
    /// override of `didMove(toParent:)`, the back button replaced (a custom left
    /// bar button) or hidden with the whole bar — `hidesBackButton = true`, `setHidesBackButton(true, …)`,
    /// `setNavigationBarHidden(true, …)`, `navigationBar.isHidden = true`, SwiftUI's
    /// `navigationBarBackButtonHidden(true)` in the view it hosts.
    static func handlesBackNavigation(_ file: LintFile) -> Bool {
        func code(_ name: String) -> [TokenSyntax] { Self.code(name, in: file.tree, of: file) }
        // `isMovingFromParentViewController`: the name before Swift 4.2.
        if ["isMovingFromParent", "isMovingFromParentViewController"].contains(where: { !code($0).isEmpty }) { return true }
        if code("didMove").contains(where: { $0.parent?.is(FunctionDeclSyntax.self) == true }) { return true }
        if replacesBackButton(file, in: file.tree) { return true }
        if code("isHidden").contains(where: { token in
            token.previousToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate)?.text == "navigationBar" && setsTrue(token)
        }) {
            return true
        }
        return ["isNavigationBarHidden", "setNavigationBarHidden", "navigationBarBackButtonHidden"].contains { code($0).contains(where: setsTrue) }
    }

    /// The methods of the file's extensions whose bodies do `what`, each with the type it serves: the extended type,
    /// and the app's classes a `where Self: BaseViewController` clause limits it to (a protocol's extension serves
    /// those; one limited to UIKit's `UIViewController` serves only the protocol's adopters, which are not known here).
    static func helpers(in file: LintFile, doing what: (CodeBlockSyntax) -> Bool) -> [BackButtonHelper] {
        file.model.types.filter { $0.kind == .extension }.flatMap { type -> [BackButtonHelper] in
            let constraints = type.declaration.as(ExtensionDeclSyntax.self)?.genericWhereClause?.requirements.compactMap { requirement -> String? in
                guard case .conformanceRequirement(let conformance) = requirement.requirement,
                    conformance.leftType.as(IdentifierTypeSyntax.self)?.name.tokenKind == .keyword(.Self),
                    let name = conformance.rightType.baseName, !SwiftUIPresenterRule.uiKitScreens.contains(name)
                else { return nil }
                return name
            } ?? []
            return type.members.members.flatMap { member -> [BackButtonHelper] in
                guard let method = member.decl.as(FunctionDeclSyntax.self), let body = method.body, what(body) else { return [] }
                return ([type.name] + constraints).map { BackButtonHelper(type: $0, method: method.name.text) }
            }
        }
    }

    /// `navigationController?.setNavigationBarHidden(true, …)`, `navigationController?.isNavigationBarHidden = true` (with
    /// `hidden` true; false: shown again): the bar of the navigation controller the view controller sits in — its own
    /// `navigationController`, `self.`'s, or in an extension of `ViewControllable` `uiviewController`'s; not another
    /// screen's (`screen.navigationController`).
    static func setsOwnBarHidden(_ hidden: Bool, _ file: LintFile, in node: some SyntaxProtocol) -> Bool {
        ["setNavigationBarHidden", "isNavigationBarHidden"].contains { name in
            code(name, in: node, of: file).contains { token in
                guard let next = token.nextToken(viewMode: .sourceAccurate), next.tokenKind == .equal || next.tokenKind == .leftParen,
                    next.nextToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(hidden ? .true : .false),
                    let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), let base = member.base?.unwrapped
                else { return false }
                return NavigationFacts.isOwn("navigationController", base) || NavigationFacts.isScreensNavigationController(base)
            }
        }
    }

    /// Whether the code in `node` replaces the back button (a custom left bar button) or hides it (`hidesBackButton =
    /// true`, `setHidesBackButton(true, …)`): what a presenter's file, or a helper method it calls, may do.
    static func replacesBackButton(_ file: LintFile, in node: some SyntaxProtocol) -> Bool {
        ["leftBarButtonItem", "leftBarButtonItems", "setLeftBarButton"].contains { !code($0, in: node, of: file).isEmpty }
            || ["hidesBackButton", "setHidesBackButton"].contains { code($0, in: node, of: file).contains(where: setsTrue) }
    }

    /// The tokens of `node` that are the name `name` in code (not a comment or a string).
    private static func code(_ name: String, in node: some SyntaxProtocol, of file: LintFile) -> [TokenSyntax] {
        guard file.contains(name) else { return [] }
        return file.tokens(spelled: name, in: node).filter { $0.tokenKind == .identifier(name) }
    }

    /// `name = true`, `name(true, …)`.
    private static func setsTrue(_ token: TokenSyntax) -> Bool {
        guard let next = token.nextToken(viewMode: .sourceAccurate), next.tokenKind == .equal || next.tokenKind == .leftParen else { return false }
        return next.nextToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.true)
    }
}

extension NavigationFacts {
    /// The words a back-button helper's body spells (`leftBarButtonItems` holds the first).
    static let backButtonWords = ["leftBarButtonItem", "setLeftBarButton", "hidesBackButton", "setHidesBackButton"]
}

extension RIBFacts {
    /// Parts meet their RIB by its name, their builder by their types; a child RIB and a presenter's base
    /// classes (whose files may handle back navigation) are referred to.
    public var links: FactLinks? {
        FactLinks(
            joins: parts.flatMap { [$0.rib, $0.typeName] } + edges.flatMap { [$0.from, $0.fromType, "into:" + $0.to] }
                + wirings.flatMap { [$0.builderType] + $0.constructed },
            refers: edges.map(\.to) + parts.flatMap(\.superclasses))
    }
}

extension NavigationFacts {
    /// A push belongs to the pushing RIB and refers to the child; a class handling back navigation meets the
    /// presenters it is, or is a base class of; a first push made through a method refers to the protocols its router
    /// conforms to, which meet the files that declare them (and refer to those they refine). Whether a RIB's screen is
    /// on a stack without a bar depends on every RIB that pushes it, and so on up: a push or show joins `into:` its
    /// child, and refers to `into:` its own RIB.
    public var links: FactLinks? {
        let moves = pushes + shows.map(\.edge) + embeds
        var refers: [String] = moves.flatMap { [$0.to, "into:" + $0.from] }
        refers += pushesStartingStacksUnlessRequired.flatMap(\.conformances) + protocols.flatMap(\.inherits)
        refers += (helperCalls?.methods ?? []).map { "back-button:" + $0 }
        // A container handed to a router's initializer: the router's pushes onto it meet the code that handed it, and
        // that code the app's methods that made it.
        refers += pushesOntoHandedContainers.map { "handed:" + $0.router } + handedContainers.compactMap(\.factory).map { "barless-factory:" + $0 }
        // A screen's method may be one of an extension of `ViewControllable`, which every screen adopts.
        if !shows.isEmpty { refers.append("ViewControllable") }
        return FactLinks(
            joins: typesHandlingBack + typesHidingBar + typesShowingBar + typesObservingPops + moves.flatMap { [$0.from, $0.fromType, "into:" + $0.to] }
                + screenMethods.map(\.type) + protocols.map(\.name) + (helperCalls?.types ?? []) + (backButtonHelpers + barHidingHelpers + barShowingHelpers).map { "back-button:" + $0.method }
                + handedContainers.map { "handed:" + $0.type } + barlessContainerFactories.map { "barless-factory:" + $0 },
            refers: refers)
    }
}
