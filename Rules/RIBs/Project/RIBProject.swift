import RibsLintKit

/// The RIBs of the whole project, merged from every file's `RIBFacts` (and `NavigationFacts` where
/// `back_navigation` asked for them). A RIB is what its builder wires: the interactor, router and view
/// controller its builder constructs, wherever declared and whatever named. Parts no builder wires join
/// the RIB of their name prefix. Equal names in different folders (two apps, two modules) are different
/// RIBs: a part or a reference goes to the RIB of that name nearest to it in the folder tree.
public struct RIBProject: ProjectModel {
    public struct RIB: Sendable, Equatable {
        /// Unique in the project: the name and the folder of the part it grew from.
        public let id: String
        /// What users read: `Login`.
        public let name: String
        /// The folder of the part it grew from: where references to its name are judged near or far.
        public let folder: String
        public var parts: [Role: RIBFacts.Part] = [:]

        /// A RIB with a presenter owns a view; so does one whose interactor is a `PresentableInteractor`, unless its
        /// router is the framework's view-less `Router` (then the interactor's kind is the mistake, `interactor_kind`'s).
        public var isViewHaving: Bool {
            hasPresenter || parts[.interactor]?.superclass == "PresentableInteractor" && !hasViewLessRouter
        }

        /// A router of the framework's view-less `Router<…>`: the RIB has no view of its own.
        public var hasViewLessRouter: Bool { parts[.router]?.superclass == "Router" }

        /// A view controller implementing the RIB's `*Presentable`, or hosting SwiftUI content; or a screen that only
        /// conforms to its `*ViewControllable`: one that keeps a listener, or one handed to a `ViewableRouter`. A
        /// container (a view-less Root's navigation or tab bar controller) is none.
        public var hasPresenter: Bool {
            parts[.presenter].map { presenter in
                if presenter.isPresentable || presenter.hostsContent { return true }
                if presenter.superclasses.contains(where: ViewControllerReach.containerClasses.contains) { return false }
                return presenter.keepsListener
                    || parts[.router]?.superclass == "ViewableRouter" && presenter.superclasses.contains { $0.hasSuffix("ViewController") }
            } == true
        }

        /// A builder, router or interactor makes a RIB; a lone view controller may be plain UIKit.
        public var isRIB: Bool { parts[.builder] != nil || parts[.router] != nil || parts[.interactor] != nil }

        /// Parts a RIB of its kind needs but lacks (RIBs Architecture Guide, "Scaffolding the new RIB").
        public var missingParts: [String] {
            // A ComposableRIBs launch router holds the root: no interactor of its own.
            let isLaunch = parts[.router]?.superclass.map(ComposableTree.launchRouters.contains) == true
            let required: [(Role, String)] = [(.builder, "Builder")] + (isLaunch ? [] : [(.interactor, "Interactor")]) + [(.router, "Router")]
                + (isViewHaving ? [(.presenter, "ViewController")] : [])
            return required.filter { parts[$0.0] == nil }.map(\.1)
        }

        /// Where findings about the RIB as a whole point: its builder, else its router, else its interactor.
        public var anchor: RIBFacts.Part? {
            parts[.builder] ?? parts[.router] ?? parts[.interactor] ?? parts[.presenter]
        }
    }

    /// A parent → child reference between two RIBs, by id, and what the parent does with the child (each kind
    /// once, in `Kind` order).
    public struct Link: Sendable, Equatable {
        public let from: String
        public let to: String
        public let point: SourcePoint
        public var kinds: [RIBFacts.Edge.Kind]

        /// Whether the parent's own RIB uses the child: it attaches, builds or is handed it, not only provides it
        /// for descendants.
        public var isInTree: Bool { kinds != [.provides] }
    }

    /// By id.
    public let ribs: [String: RIB]
    /// Parent → child references, one per distinct pair, at the first place it is made, with every kind made.
    public let edges: [Link]
    public let pushes: [Link]
    public let ribsHandlingBack: Set<String>
    /// RIBs whose presenter (or a base view controller of it) hides its navigation bar and never shows it: the
    /// stack it pushes its children on has no back button.
    public let ribsHidingBar: Set<String>
    /// RIBs one of whose parts hears its stack pop (`NavigationFacts.typesObservingPops`): they detach the children swiped
    /// off it themselves.
    public let ribsObservingPops: Set<String>
    /// RIBs whose presenter shows the bar again.
    public let ribsShowingBar: Set<String>
    /// RIBs whose screen sits on a stack without a bar: their presenter hides it and never shows it
    /// (`ribsHidingBar`), or every RIB that has them in its tree is such a RIB and pushes them onto its own stack, not
    /// onto a container it made, and their presenter does not show the bar again. A bar hidden stays hidden for every
    /// screen pushed after, so their own pushes leave no back button either.
    public let ribsOnStacksWithoutBar: Set<String>
    /// Where a router pushes onto a container it made itself (`NavigationFacts.pushesOntoMadeContainers`).
    public let pushesOntoMadeContainers: [SourcePoint]
    /// Pushes onto a container the router was handed by code that made it and hid its bar (`NavigationFacts
    /// .handedContainers`).
    public let pushesOntoBarlessHandedContainers: Set<SourcePoint>
    /// Where a router pushes onto a container it made with a child's screen as its root
    /// (`NavigationFacts.pushesOntoRootedContainers`): that root child, by id.
    public let rootsOfContainersPushedOnto: [SourcePoint: String]
    /// Where a router pushes on its own screen when it loads or becomes active (`NavigationFacts.pushesStartingStacks`,
    /// the shows that start stacks, and the `pushesStartingStacksUnlessRequired` whose methods no protocol the router
    /// conforms to requires).
    public let pushesStartingStacks: Set<SourcePoint>
    /// Every Swift file the rules may ask about (test files): the linted ones and the rest of the project.
    public let filePaths: [String]

    static let partRoles: [Role] = [.builder, .interactor, .router, .presenter]

    public init(project: Project) {
        let facts = project.facts(RIBFacts.self)
        let parts = facts.flatMap(\.parts).filter { Self.partRoles.contains($0.role) }
        var ribs: [String: RIB] = [:]
        var ribOfPart: [Int: String] = [:]
        // Parts by type name, near the files they are in: a part of each name in every module is found without a search.
        var partsNamed: [String: Nearest<Int>] = [:]
        // The first part of each type in each file.
        var partInFile: [TypeInFile: Int] = [:]
        var builderInFile: [TypeInFile: Int] = [:]
        for (position, part) in parts.enumerated() {
            partsNamed[part.typeName, default: Nearest(placesAreFiles: true)].insert(position, at: part.point.path)
            let key = TypeInFile(type: part.typeName, path: part.point.path)
            if partInFile[key] == nil { partInFile[key] = position }
            if part.role == .builder, builderInFile[key] == nil { builderInFile[key] = position }
        }

        func add(_ position: Int, to id: String) {
            guard ribOfPart[position] == nil, ribs[id]?.parts[parts[position].role] == nil else { return }
            ribs[id]?.parts[parts[position].role] = parts[position]
            ribOfPart[position] = id
        }
        // Builders first: each is a RIB, and claims what it constructs.
        for (position, part) in parts.enumerated() where part.role == .builder && part.isConventional && !part.isFoundByWhatItBuilds {
            let id = Self.id(part.rib, at: part.point.path)
            guard ribs[id] == nil else { continue }
            ribs[id] = RIB(id: id, name: part.rib, folder: Self.folder(of: part.point.path))
            add(position, to: id)
        }
        // Then builders known by what they build: a RIB of that name in the same app or module tree (a folder in
        // common) has its builder already, and this one makes no other; else it makes the RIB.
        var ribsNamed: [String: Nearest<String>] = [:]
        for rib in ribs.values.sorted(by: { $0.id < $1.id }) { ribsNamed[rib.name, default: Nearest()].insert(rib.id, at: rib.folder) }
        for (position, part) in parts.enumerated() where part.role == .builder && part.isFoundByWhatItBuilds {
            let folder = Self.folder(of: part.point.path)
            if let named = ribsNamed[part.rib]?.nearest(to: folder, where: { _ in true }, before: <), let rib = ribs[named],
                Self.sharesFolder(rib.folder, folder)
            {
                continue
            }
            let id = Self.id(part.rib, at: part.point.path)
            ribs[id] = RIB(id: id, name: part.rib, folder: folder)
            ribsNamed[part.rib, default: Nearest()].insert(id, at: folder)
            add(position, to: id)
        }
        // A part another builder constructs too (one list view controller for two RIBs) is a part of each.
        var sharedRIBs: [Int: [String]] = [:]
        for wiring in facts.flatMap(\.wirings) {
            guard let builder = builderInFile[TypeInFile(type: wiring.builderType, path: wiring.path)], let id = ribOfPart[builder] else { continue }
            let folder = Self.folder(of: parts[builder].point.path)
            for name in wiring.constructed {
                guard let candidates = partsNamed[name] else { continue }
                if let nearest = candidates.nearest(to: folder, where: { parts[$0].role != .builder && ribOfPart[$0] == nil }, before: <) {
                    add(nearest, to: id)
                } else if let shared = candidates.nearest(to: folder, where: { parts[$0].role != .builder }, before: <),
                    ribOfPart[shared] != id, ribs[id]?.parts[parts[shared].role] == nil
                {
                    ribs[id]?.parts[parts[shared].role] = parts[shared]
                    sharedRIBs[shared, default: []].append(id)
                }
            }
        }
        // Then by name: the nearest RIB of the part's name prefix, or a new one.
        for (position, part) in parts.enumerated() where ribOfPart[position] == nil && part.isConventional && !part.isFoundByWhatItBuilds {
            let nearest = ribsNamed[part.rib]?.nearest(to: Self.folder(of: part.point.path), where: { ribs[$0]?.parts[part.role] == nil }, before: <)
            if let id = nearest {
                add(position, to: id)
            } else {
                let id = Self.id(part.rib, at: part.point.path)
                guard ribs[id] == nil else { continue }
                ribs[id] = RIB(id: id, name: part.rib, folder: Self.folder(of: part.point.path))
                ribsNamed[part.rib, default: Nearest()].insert(id, at: ribs[id]!.folder)
                add(position, to: id)
            }
        }
        self.ribs = ribs

        /// The RIB a reference made in `path` means by `name`: the nearest of that name; unknown ones by name.
        func resolve(_ name: String, near path: String) -> String {
            ribsNamed[name]?.nearest(to: Self.folder(of: path), where: { _ in true }, before: <) ?? name
        }
        func source(_ edge: RIBFacts.Edge) -> String {
            partInFile[TypeInFile(type: edge.fromType, path: edge.point.path)].flatMap { ribOfPart[$0] } ?? resolve(edge.from, near: edge.point.path)
        }
        func link(_ edge: RIBFacts.Edge) -> Link {
            Link(from: source(edge), to: resolve(edge.to, near: edge.point.path), point: edge.point, kinds: [edge.kind])
        }
        var links: [Link] = []
        var linkOfPair: [String: Int] = [:]
        // An attach's place stands for a pair only when nothing builds, hands or provides the child.
        let made = facts.flatMap(\.edges)
        for link in (made.filter { $0.kind != .attaches } + made.filter { $0.kind == .attaches }).map(link) where link.from != link.to {
            let pair = "\(link.from)→\(link.to)"
            if let position = linkOfPair[pair] {
                if !links[position].kinds.contains(link.kinds[0]) { links[position].kinds = (links[position].kinds + link.kinds).sorted() }
            } else {
                linkOfPair[pair] = links.count
                links.append(link)
            }
        }
        edges = links
        let navigation = project.facts(NavigationFacts.self)
        // A child handed to the router's screen through a method that pushes it is pushed: the method the call's name
        // and labels reach first along the screen's class (with its extensions), its base classes, and an extension of
        // RIBs' `ViewControllable` every screen adopts.
        var screenMethods: [String: [NavigationFacts.ScreenMethod]] = [:]
        var typesDeclaring: [String: Set<String>] = [:]
        for method in navigation.flatMap(\.screenMethods) {
            screenMethods[method.type + "." + method.name, default: []].append(method)
            typesDeclaring[method.name, default: []].insert(method.type)
        }
        /// A RIB's screen class and its base classes.
        func screenLineage(_ rib: String) -> [String] {
            ribs[rib]?.parts[.presenter].map { [$0.typeName] + $0.superclasses } ?? []
        }
        /// Whether a child's screen is a navigation controller: it has a stack, and a bar, of its own.
        func isContainer(_ rib: String) -> Bool { screenLineage(rib).contains { $0.hasSuffix("NavigationController") } }
        /// The method a call on the router's screen reaches first along the screen's class and its base classes.
        func screenMethod(_ show: NavigationFacts.Show, of rib: String) -> NavigationFacts.ScreenMethod? {
            for type in screenLineage(rib) {
                if let method = screenMethods[type + "." + show.method]?.first(where: { $0.accepts(show.labels) }) { return method }
            }
            return nil
        }
        let shows = navigation.flatMap(\.shows).map { show -> (link: Link, method: NavigationFacts.ScreenMethod?) in
            let link = link(show.edge)
            if let method = screenMethod(show, of: link.from) { return (link, method) }
            // Whatever the screen is (its presenter out of view), it is a `ViewControllable` — unless an extension of another
            // view controllable protocol (the router's own `FeedViewControllable`) declares the method too, which Swift
            // may pick instead.
            guard !typesDeclaring[show.method, default: []].contains(where: { $0 != "ViewControllable" && $0.hasSuffix("ViewControllable") })
            else { return (link, nil) }
            return (link, screenMethods["ViewControllable." + show.method]?.first(where: { $0.accepts(show.labels) }))
        }
        // A child handed to the screen's method that pushes it is pushed.
        let shownAndPushed = shows.filter { $0.method?.pushes == true }.map(\.link)
        // Children whose screen the router embeds in its own, itself (`viewController.uiviewController.addChild(…)`) or
        // through a method of its screen that does (`viewController.embedViewController(profile.viewControllable)` whose
        // body calls `addChild`): their screens sit in the parent's, on its stack.
        let embedded = (navigation.flatMap(\.embeds).map(link) + shows.filter { $0.method?.embeds == true }.map(\.link)).filter { !isContainer($0.to) }
        // A push written as a call of the router's screen is none where the screen's class (or a base class) declares
        // that method and it only presents (`func push(viewController:)` presenting modally).
        let notPushing = Set(navigation.flatMap(\.pushesThroughScreen).filter { show in
            screenMethod(show, of: link(show.edge).from)?.presentsOnly == true
        }.map(\.edge.point))
        pushes = navigation.flatMap(\.pushes).filter { !notPushing.contains($0.point) }.map(link) + shownAndPushed
        // A presenter handles back navigation when its own file or a base view controller's does.
        func ribIDs(withPresenterIn types: Set<String>, orPartsPlaying roles: [Role] = []) -> Set<String> {
            Set(parts.indices.filter { position in
                (parts[position].role == .presenter || roles.contains(parts[position].role))
                    && (types.contains(parts[position].typeName) || parts[position].superclasses.contains(where: types.contains))
            }.flatMap { (ribOfPart[$0].map { [$0] } ?? []) + (sharedRIBs[$0] ?? []) })
        }
        // Or calls an app's helper that replaces or hides the back button of the view controller it is called on.
        // A helper counts for a class that is, or descends from, the type it serves: UIKit's screen classes, the class
        // itself, one of its superclasses (a presenter's, as its part knows them), what its file's classes inherit and
        // adopt and the protocols those refine, or RIBs' `ViewControllable`.
        var superclassesOf: [String: [String]] = [:]
        for part in parts where part.role == .presenter { superclassesOf[part.typeName] = part.superclasses }
        var protocols: [String: NavigationFacts.DeclaredProtocol] = [:]
        for declared in navigation.flatMap(\.protocols) where protocols[declared.name] == nil { protocols[declared.name] = declared }
        /// `names` and every protocol they refine, as the project declares them (`FeedPresentable: FullScreenPlaying`).
        func withRefined(_ names: [String]) -> [String] {
            var all: [String] = []
            var pending = names
            while let name = pending.popLast(), all.count < 256 {
                guard !all.contains(name) else { continue }
                all.append(name)
                pending += protocols[name]?.inherits ?? []
            }
            return all
        }
        /// The classes whose files call one of `helpers` that serves them.
        func classesCalling(_ helpers: [NavigationFacts.BackButtonHelper]) -> [String] {
            var extendedByHelper: [String: Set<String>] = [:]
            for helper in helpers { extendedByHelper[helper.method, default: []].insert(helper.type) }
            guard !extendedByHelper.isEmpty else { return [] }
            return navigation.compactMap(\.helperCalls).flatMap { calls -> [String] in
                let extended = calls.methods.compactMap { extendedByHelper[$0] }
                guard !extended.isEmpty else { return [] }
                let bases = withRefined(calls.bases) + ["ViewControllable"]
                return calls.types.filter { type in
                    let lineage = [type] + (superclassesOf[type] ?? []) + bases + SwiftUIPresenterRule.uiKitScreens
                    return extended.contains { types in lineage.contains(where: types.contains) }
                }
            }
        }
        ribsHandlingBack = ribIDs(
            withPresenterIn: Set(navigation.flatMap(\.typesHandlingBack) + classesCalling(navigation.flatMap(\.backButtonHelpers))))
        // A class calling a helper that hides its bar hides it (a base view controller's `viewDidLoad` calling
        // `hideOriginNavigationBar()` from a protocol's extension `where Self: BaseViewController`).
        ribsHidingBar = ribIDs(
            withPresenterIn: Set(navigation.flatMap(\.typesHidingBar) + classesCalling(navigation.flatMap(\.barHidingHelpers))))
        ribsObservingPops = ribIDs(withPresenterIn: Set(navigation.flatMap(\.typesObservingPops)), orPartsPlaying: [.interactor, .router])
        ribsShowingBar = ribIDs(
            withPresenterIn: Set(navigation.flatMap(\.typesShowingBar) + classesCalling(navigation.flatMap(\.barShowingHelpers))))
        pushesOntoMadeContainers = navigation.flatMap(\.pushesOntoMadeContainers)
        // A router's initializer label is barless where every container handed under it is.
        let factories = Set(navigation.flatMap(\.barlessContainerFactories))
        var sites: [String: Bool] = [:]
        for handed in navigation.flatMap(\.handedContainers) {
            let key = handed.type + "." + handed.label
            sites[key] = (sites[key] ?? true) && handed.isBarless(factories: factories)
        }
        let barless = Set(sites.filter(\.value).keys)
        pushesOntoBarlessHandedContainers = barless.isEmpty ? [] : Set(navigation.flatMap(\.pushesOntoHandedContainers).filter { push in
            barless.contains(push.router + "." + push.label)
        }.map(\.point))
        rootsOfContainersPushedOnto = Dictionary(navigation.flatMap(\.pushesOntoRootedContainers).map { ($0.point, link($0).to) }) { first, _ in first }
        ribsOnStacksWithoutBar = Self.ribsOnStacksWithoutBar(
            hiding: ribsHidingBar.subtracting(ribsShowingBar), showing: ribsShowingBar, pushes: pushes, edges: links,
            ontoMadeContainers: Set(pushesOntoMadeContainers), rooted: navigation.flatMap(\.rootsOfStacksWithoutBar).map(link),
            embedded: embedded)
        /// Whether the protocol, or one it refines that the project declares, requires one of `methods`.
        func requires(_ name: String, _ methods: [String]) -> Bool {
            var seen: Set<String> = []
            var next = [name]
            while let current = next.popLast() {
                guard seen.insert(current).inserted, let declared = protocols[current] else { continue }
                if methods.contains(where: declared.requires.contains) { return true }
                next += declared.inherits
            }
            return false
        }
        pushesStartingStacks = Set(navigation.flatMap(\.pushesStartingStacks) + navigation.flatMap(\.shows).filter { $0.startsStack == true }.map(\.edge.point)).union(
            navigation.flatMap(\.pushesStartingStacksUnlessRequired).filter { push in
                // Each protocol the router conforms to is the project's (another module's may require the methods), and
                // none requires one of them, itself or through the protocols it refines.
                push.conformances.allSatisfy { protocols[$0] != nil && !requires($0, push.methods) }
            }.map(\.point))
        filePaths = project.filePaths
    }

    /// `ribsOnStacksWithoutBar`: from the RIBs that hide the bar, along pushes, a RIB joining once each RIB that has it
    /// in its tree (`edges`) pushes it and is on such a stack already, or makes its screen the root of a container
    /// whose bar it hides (`rooted`) and pushes it nowhere, or embeds its screen in its own (`embedded`): a parent that
    /// presents it otherwise, or pushes it onto a container it made, keeps it out. Each edge and push is looked at once
    /// from each end.
    static func ribsOnStacksWithoutBar(
        hiding: Set<String>, showing: Set<String>, pushes: [Link], edges: [Link], ontoMadeContainers: Set<SourcePoint>, rooted: [Link],
        embedded: [Link] = []
    ) -> Set<String> {
        var excluded = showing
        var pushed: [String: Set<String>] = [:]
        var parents: [String: Set<String>] = [:]
        for push in pushes where push.from != push.to {
            if ontoMadeContainers.contains(push.point) { excluded.insert(push.to) } else { pushed[push.from, default: []].insert(push.to) }
            parents[push.to, default: []].insert(push.from)
        }
        for edge in edges where edge.isInTree && edge.from != edge.to { parents[edge.to, default: []].insert(edge.from) }
        for root in rooted where root.from != root.to { parents[root.to, default: []].insert(root.from) }
        // An embedded screen is on its parent's stack, as a pushed one is.
        for embed in embedded where embed.from != embed.to && !excluded.contains(embed.to) {
            pushed[embed.from, default: []].insert(embed.to)
            parents[embed.to, default: []].insert(embed.from)
        }
        // How many parents of each RIB have not yet pushed it from a stack without a bar.
        var waiting = parents.mapValues(\.count)
        var joined = hiding
        var next = hiding.sorted()
        // A parent making the child's screen the root of a stack without a bar, and pushing it nowhere, puts it on one.
        var rooting = Set<[String]>()
        for root in rooted where root.from != root.to && pushed[root.from]?.contains(root.to) != true && !excluded.contains(root.to)
            && rooting.insert([root.from, root.to]).inserted
        {
            waiting[root.to, default: 0] -= 1
            if waiting[root.to] == 0, joined.insert(root.to).inserted { next.append(root.to) }
        }
        while let rib = next.popLast() {
            for child in pushed[rib] ?? [] {
                waiting[child, default: 0] -= 1
                if waiting[child] == 0, !excluded.contains(child), joined.insert(child).inserted { next.append(child) }
            }
        }
        return joined
    }

    /// The RIBs called `name`, in id order: one, unless two apps or modules each have one.
    public func ribs(named name: String) -> [RIB] {
        ribs.values.filter { $0.name == name }.sorted { $0.id < $1.id }
    }

    /// The name a user reads for a RIB id (the id itself for a child no file declares).
    public func name(of id: String) -> String { ribs[id]?.name ?? id }

    static func id(_ name: String, at path: String) -> String { name + "@" + folder(of: path) }

    /// Whether two folders have their first component in common (`App/Root`, `App/Launch`): one app or module tree.
    static func sharesFolder(_ a: String, _ b: String) -> Bool {
        guard let first = a.split(separator: "/").first else { return b.isEmpty }
        return b.split(separator: "/").first == first
    }

    /// The folder of a file path: `Shop/Profile/ProfileBuilder.swift` → `Shop/Profile`.
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// A type declared in a file: no string is built to look one up.
    struct TypeInFile: Hashable {
        let type: String
        let path: String
    }

    /// Candidates by the folders they lie in, for the one nearest a folder: whose folder shares the most leading
    /// components with it. A few candidates (a name most projects declare once) are compared one by one; past
    /// `indexedFrom`, each is filed under every folder above its own, so a question walks up from the folder
    /// asked about and stops at the first that holds an answer — a `Login` in each of 5,000 modules is no search.
    struct Nearest<Candidate> {
        /// Each candidate with its folder, or with its file when `placesAreFiles` (the folder is then the path's,
        /// found when asked: the path's string is shared with the part's, where a folder would be a copy).
        private var entries: [(candidate: Candidate, place: String)] = []
        private let placesAreFiles: Bool
        private var under: [String: [Candidate]]?
        static var indexedFrom: Int { 16 }

        init(placesAreFiles: Bool = false) { self.placesAreFiles = placesAreFiles }

        mutating func insert(_ candidate: Candidate, at place: String) {
            entries.append((candidate, place))
            if under != nil {
                file(candidate, place: place)
            } else if entries.count >= Self.indexedFrom {
                under = [:]
                for entry in entries { file(entry.candidate, place: entry.place) }
            }
        }

        private func folder(of place: String) -> String { placesAreFiles ? RIBProject.folder(of: place) : place }

        private mutating func file(_ candidate: Candidate, place: String) {
            for key in Self.folders(above: folder(of: place)) { under![key, default: []].append(candidate) }
        }

        /// The folder and every folder above it, as the names `nearest` asks for: its components joined by `/`
        /// (`Shop//Profile/` is `Shop/Profile`), from the whole down to `` for none.
        static func folders(above folder: String) -> [String] {
            let components = folder.split(separator: "/")
            var keys = [""]
            keys.reserveCapacity(components.count + 1)
            var key = ""
            for component in components {
                if !key.isEmpty { key += "/" }
                key += component
                keys.append(key)
            }
            return keys.reversed()
        }

        /// How many leading folder names two paths share, by bytes (`Shop//Profile` and `Shop/Profile/Edit`: 2): empty
        /// components are skipped, as `split(separator:)` drops them. No component is copied.
        static func sharedComponents(_ first: Substring.UTF8View, _ second: Substring.UTF8View) -> Int {
            var (a, b) = (first[...], second[...])
            var shared = 0
            while true {
                a = a.drop { $0 == UInt8(ascii: "/") }
                b = b.drop { $0 == UInt8(ascii: "/") }
                guard !a.isEmpty, !b.isEmpty else { return shared }
                let nameA = a.prefix { $0 != UInt8(ascii: "/") }
                let nameB = b.prefix { $0 != UInt8(ascii: "/") }
                guard nameA.elementsEqual(nameB) else { return shared }
                shared += 1
                a = a[nameA.endIndex...]
                b = b[nameB.endIndex...]
            }
        }

        /// The nearest candidate to `reference` that passes `accepted`; among equally near ones, the least by `before`.
        func nearest(to reference: String, where accepted: (Candidate) -> Bool, before: (Candidate, Candidate) -> Bool) -> Candidate? {
            guard let under else {
                var best: (candidate: Candidate, shared: Int)?
                for entry in entries where accepted(entry.candidate) {
                    let place = entry.place[...]
                    let folder = placesAreFiles ? place.lastIndex(of: "/").map { place[..<$0] } ?? "" : place
                    let shared = Self.sharedComponents(reference.utf8[...], folder.utf8)
                    if let current = best, shared < current.shared || shared == current.shared && !before(entry.candidate, current.candidate) { continue }
                    best = (entry.candidate, shared)
                }
                return best?.candidate
            }
            for key in Self.folders(above: reference) {
                guard let candidates = under[key] else { continue }
                var best: Candidate?
                for candidate in candidates where accepted(candidate) {
                    if let current = best, !before(candidate, current) { continue }
                    best = candidate
                }
                if let best { return best }
            }
            return nil
        }
    }

    /// A reference that closes a cycle of RIBs.
    public struct ClosingReference: Sendable, Equatable {
        public let reference: Link
        /// The way back from the child to the referencing RIB (`to → … → from`), by id: whole when it holds up to
        /// eleven RIBs, else its first five and last five.
        public let way: [String]
        /// How many RIBs the whole way holds.
        public let length: Int
        /// For the first closing reference of a group of RIBs that reach one another, the files of every reference
        /// among them (a run over listed files shows it when one of them is listed); none for the others, so that a
        /// hub with a thousand children that each refer back costs a thousand paths, not a million.
        public let files: [String]
    }

    /// The references that close cycles, linear in RIBs and references: each group of RIBs that reach one another
    /// (`cycles`) is walked depth first from its first RIB by id, references in the order of their children's ids;
    /// a reference to a RIB still on the way closes a cycle. Without the references found, no cycle is left.
    public var closingReferences: [ClosingReference] {
        let groups = cycles
        var groupOf: [String: Int] = [:]
        for (position, group) in groups.enumerated() {
            for id in group { groupOf[id] = position }
        }
        var inside = Array(repeating: [Link](), count: groups.count)
        for edge in edges {
            if let group = groupOf[edge.from], groupOf[edge.to] == group { inside[group].append(edge) }
        }
        var found: [ClosingReference] = []
        for (group, members) in groups.enumerated() {
            var children: [String: [Link]] = [:]
            for link in inside[group] { children[link.from, default: []].append(link) }
            for (id, links) in children { children[id] = links.sorted { $0.to < $1.to } }
            let files = Set(inside[group].map(\.point.path)).sorted()
            let firstOfGroup = found.count
            // The way from the first RIB to the one being walked, and where on it each of its RIBs stands.
            var way: [String] = [members[0]]
            var place: [String: Int] = [members[0]: 0]
            var visited: Set<String> = [members[0]]
            var frames: [(id: String, next: Int)] = [(members[0], 0)]
            while let (id, next) = frames.last {
                let links = children[id, default: []]
                guard next < links.count else {
                    frames.removeLast()
                    place[way.removeLast()] = nil
                    continue
                }
                frames[frames.count - 1].next += 1
                let link = links[next]
                if let start = place[link.to] {
                    let length = way.count - start
                    let shown = length > 11 ? Array(way[start..<(start + 5)] + way.suffix(5)) : Array(way[start...])
                    let first = found.count == firstOfGroup
                    found.append(ClosingReference(reference: link, way: shown, length: length, files: first ? files : []))
                } else if visited.insert(link.to).inserted {
                    place[link.to] = way.count
                    way.append(link.to)
                    frames.append((link.to, 0))
                }
            }
        }
        return found
    }

    /// RIB ids in every cycle of the parent → child graph (strongly connected, more than one RIB). Tarjan's
    /// algorithm with its own stack: a chain of any depth costs memory, never the thread's stack.
    public var cycles: [[String]] { Self.cycles(of: edges.map { ($0.from, $0.to) }) }

    public static func cycles(of edges: [(from: String, to: String)]) -> [[String]] {
        var adjacency: [String: [String]] = [:]
        for edge in edges { adjacency[edge.from, default: []].append(edge.to) }
        for (node, next) in adjacency { adjacency[node] = next.sorted() }
        var index = 0
        var indices: [String: Int] = [:]
        var lowLinks: [String: Int] = [:]
        var stack: [String] = []
        var onStack = Set<String>()
        var components: [[String]] = []
        for root in Set(edges.flatMap { [$0.from, $0.to] }).sorted() where indices[root] == nil {
            // Each frame: a node and how many of its children have been looked at.
            var frames: [(node: String, next: Int)] = [(root, 0)]
            indices[root] = index
            lowLinks[root] = index
            index += 1
            stack.append(root)
            onStack.insert(root)
            while let (node, next) = frames.last {
                let children = adjacency[node, default: []]
                if next < children.count {
                    frames[frames.count - 1].next += 1
                    let child = children[next]
                    if indices[child] == nil {
                        indices[child] = index
                        lowLinks[child] = index
                        index += 1
                        stack.append(child)
                        onStack.insert(child)
                        frames.append((child, 0))
                    } else if onStack.contains(child) {
                        lowLinks[node] = min(lowLinks[node]!, indices[child]!)
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { lowLinks[parent] = min(lowLinks[parent]!, lowLinks[node]!) }
                if lowLinks[node] == indices[node] {
                    var component: [String] = []
                    while let top = stack.popLast() {
                        onStack.remove(top)
                        component.append(top)
                        if top == node { break }
                    }
                    if component.count > 1 { components.append(component.sorted()) }
                }
            }
        }
        return components.sorted { $0.first ?? "" < $1.first ?? "" }
    }
}
