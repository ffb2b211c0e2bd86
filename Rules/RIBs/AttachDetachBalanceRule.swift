import RibsLintKit
import SwiftSyntax

public struct AttachDetachBalanceRule: Rule {
    public static let description = RuleDescription(
        id: "attach_detach_balance",
        name: "Attach Detach Balance",
        summary: "A router attaches a kind of child it never detaches.",
        rationale: """
            RIBs Architecture Guide, "RIB Lifecycle Management": "ALWAYS attach/detach child RIBs properly" — `attachChild(childRouter) \
            // Required!` and `detachChild(childRouter) // Required!`. A child that is attached but never detached keeps \
            its interactor active and its subscriptions alive. Children attached in `didLoad` or `init`, by container \
            setup (a function that calls `set…ViewControllers` or assigns `viewControllers`), by embedding the child's \
            view in the router's own (`addChild`, `embed…`, or handing its view controllable to a method of the router's \
            view controller, never presenting, pushing or replacing it), or in functions those \
            call, live as long as the router (tabs, a launch router's permanent children, a search bar inside a \
            screen) and are left alone.
            """,
        defaultSeverity: .warning,
        triggering: [
            // Detaching one stored child says nothing about another.
            Example("""
                import RIBs
                final class TagRouter: ViewableRouter<TagInteractable, TagViewControllable>, TagRouting {
                    private var settingsRouter: ViewableRouting?
                    func attachBar() {
                        let router = barBuilder.build(withListener: interactor)
                        1️⃣attachChild(router)
                    }
                    func attachSettings() {
                        let router = settingsBuilder.build(withListener: interactor)
                        settingsRouter = router
                        attachChild(router)
                    }
                    func detachSettings() {
                        guard let router = settingsRouter else { return }
                        detachChild(router)
                        settingsRouter = nil
                    }
                }
                """, messages: [
                    "router attaches the Bar child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            Example("""
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    func routeToSettings() {
                        let settings = settingsBuilder.build(withListener: interactor)
                        1️⃣attachChild(settings)
                        viewController.present(settings.viewControllable, animated: true)
                    }
                    func routeToProfile() {
                        let profile = profileBuilder.build(withListener: interactor)
                        attachChild(profile)
                    }
                    func routeFromProfile() {
                        guard let profile = children.first(where: { $0 is ProfileRouting }) else { return }
                        detachChild(profile)
                    }
                }
                """, messages: [
                    "router attaches the Settings child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
            Example("""
                import RIBs
                final class TabsRouter: ViewableRouter<TabsInteractable, TabsViewControllable>, TabsRouting {
                    func routeToFeed() {
                        let router = feedBuilder.build(withListener: interactor)
                        attachChild(router)
                    }
                    func routeToSearch() {
                        let router = searchBuilder.build(withListener: interactor)
                        1️⃣attachChild(router)
                    }
                    func closeFeed() {
                        guard let router = children.first(where: { $0 is FeedRouting }) else { return }
                        detachChild(router)
                    }
                }
                """, messages: [
                    "router attaches the Search child but never detaches it; detach it when the child closes, or its interactor stays active",
                ]),
        ],
        nonTriggering: [
            // Embedded in the parent's screen: it lives and goes with the parent.
            Example("""
                import RIBs
                final class SearchRouter: ViewableRouter<SearchInteractable, SearchViewControllable>, SearchRouting {
                    func attachSearchBar() {
                        let router = searchBarBuilder.build(withListener: interactor)
                        attachChild(router)
                        viewController.addChild(router.viewControllable)
                    }
                }
                """),
            // A child attached by its builder's type and detached by a generically typed property's name.
            Example("""
                import RIBs
                final class AppRootRouter: LaunchRouter<AppRootInteractable, AppRootViewControllable>, AppRootRouting {
                    private let loginBuildable: LoginMainBuildable
                    private var loginRouting: Routing?
                    func attachLogin() {
                        let router = loginBuildable.build(withListener: interactor)
                        loginRouting = router
                        attachChild(router)
                        viewController.present(router.viewControllable, animated: true)
                    }
                    func detachLogin() {
                        guard let loginRouting else { return }
                        detachChild(loginRouting)
                    }
                }
                """),
            // Stored builders and children known by their types, whatever their names' typos.
            Example("""
                import RIBs
                final class CreateRouter: ViewableRouter<CreateInteractable, CreateViewControllable>, CreateRouting {
                    private let addItemBuildabel: AddItemBuildable
                    private var addItmRouting: AddItemRouting?
                    func attachAddItem() {
                        let router = addItemBuildabel.build(withListener: interactor)
                        addItmRouting = router
                        attachChild(router)
                        viewController.present(router.viewControllable, animated: true)
                    }
                    func detachAddItem() {
                        guard let router = addItmRouting else { return }
                        detachChild(router)
                    }
                }
                """),
            Example("""
                import RIBs
                final class ShopRouter: ViewableRouter<ShopInteractable, ShopViewControllable>, ShopRouting {
                    private var activeRouting: ViewableRouting?
                    func routeToCart() {
                        let router = cartBuilder.build(withListener: interactor)
                        viewController.present(router.viewControllable)
                        self.activeRouting = router
                        attachChild(router)
                    }
                    func closeCart() {
                        guard let router = activeRouting else { return }
                        detachChild(router)
                        viewController.dismiss()
                        activeRouting = nil
                    }
                    func attachStats() {
                        let stats = statsBuilder.build(withListener: interactor)
                        let panel = stats.viewControllable
                        viewController.addPanel(panel)
                        attachChild(stats)
                    }
                }
                """),
            Example("""
                import RIBs
                final class RoutineRouter: ViewableRouter<RoutineInteractable, RoutineViewControllable>, RoutineRouting {
                    func attachWeekChart() {
                        let week = weekChartBuilder.build(withListener: interactor)
                        viewController.setWeekChart(week.viewControllable)
                        attachChild(week)
                    }
                }
                """),
            Example("""
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    override func didLoad() {
                        super.didLoad()
                        attachChild(tabsBuilder.build(withListener: interactor))
                    }
                    func routeToSettings() {
                        let settings = settingsBuilder.build(withListener: interactor)
                        attachChild(settings)
                    }
                    func routeFromSettings() {
                        guard let settings = children.last as? SettingsRouting else { return }
                        detachChild(settings)
                    }
                }
                """),
            Example("""
                import RIBs
                final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable>, MainRouting {
                    override func didLoad() {
                        super.didLoad()
                        routeToSplash()
                    }
                    private func routeToSplash() {
                        attachChild(splashBuilder.build(withListener: interactor))
                    }
                    func attachTabs() {
                        viewController.setViewControllers([attachFeed(), attachSearch()], animated: false)
                    }
                    private func attachFeed() -> ViewControllable {
                        let feed = feedBuilder.build(withListener: interactor)
                        attachChild(feed)
                        return feed.viewControllable
                    }
                    private func attachSearch() -> ViewControllable {
                        let search = searchBuilder.build(withListener: interactor)
                        attachChild(search.router)
                        return search.router.viewControllable
                    }
                    func routeToDetails() {
                        let details = detailsBuilder.build(withListener: interactor)
                        attachChild(details.router)
                    }
                    func closeDetails() {
                        guard let details = children.first as? Details.Routing else { return }
                        detachChild(details)
                    }
                    func routeToSearchResults() {
                        attachChild(searchResultsBuilder.build(withListener: interactor))
                    }
                    func closeSearchResults() {
                        guard let results = (children.lazy.compactMap { $0 as? SearchResults.Routing }.first) else { return }
                        detachChild(results)
                    }
                }
                """),
            Example("""
                import RIBs
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    func routeToLoggedIn() {
                        detachCurrentChild()
                        attachChild(loggedInBuilder.build(withListener: interactor))
                    }
                    private func detachCurrentChild() {
                        guard let current = children.first else { return }
                        detachChild(current)
                    }
                }
                """),
            Example("""
                import RIBs
                final class FlowRouter: Router<FlowInteractable>, FlowRouting {
                    func routeToStep() {
                        let step = stepBuilder.build(withListener: interactor)
                        attachChild(step)
                    }
                    func closeAll() {
                        children.forEach { detachChild($0) }
                    }
                    func routeToHelp() {
                        attachChild(helpBuilder.build(withListener: interactor))
                    }
                    func routeBack() {
                        guard let child = children.last as? ViewableRouting else { return }
                        detachChild(child)
                    }
                }
                """),
            Example("""
                import RIBs
                final class SearchRouter: Router<SearchInteractable>, SearchRouting {
                    func routeToAlbums() {
                        attachChild(albumsBuilder.build(withListener: interactor))
                    }
                }
                private extension SearchRouter {
                    func detachChildren() {
                        children.forEach(detachChild(_:))
                    }
                }
                """),
        ],
        precision: .medium)

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard file.contains("attachChild") else { return [] }
        return file.model.typeGroups(.router).flatMap { router -> [Violation] in
            let lifetime = Self.lifetimeFunctions(of: router)
            let visitor = Visitor()
            // Stored builders and child routers are known by their declared types, which typos in names do not touch.
            for property in router.flatMap(\.storedProperties) {
                guard let type = property.type?.heldTypeNames.first,
                    ["Buildable", "Builder", "Routing", "Router"].contains(where: { type.hasSuffix($0) && type.count > $0.count }),
                    !Visitor.genericRouting.contains(type)
                else { continue }
                visitor.propertyTypes[property.name] = type
            }
            visitor.storedNames = Set(router.flatMap(\.storedProperties).map(\.name))
            for part in router { visitor.walk(part.members) }
            if visitor.detachesAnything { return [] }
            // A detach through a stored property (`guard let router = current`) detaches every child stored in it.
            let detached = visitor.detached.union(visitor.detachedProperties.flatMap { visitor.storedKinds[$0] ?? [] })
            return visitor.attaches.filter { attach in
                !detached.contains(attach.kind) && !(attach.alias.map(detached.contains) ?? false)
                    && !lifetime.contains(attach.function)
            }.map {
                let child = $0.isKnown ? "the \($0.kind.prefix(1).uppercased() + $0.kind.dropFirst()) child" : "a child (`\($0.kind)`)"
                return Violation(at: $0.call, "router attaches \(child) but never detaches it; detach it when the child closes, or its interactor stays active")
            }
        }
    }

    /// Functions whose children live as long as the router: `didLoad` and `init`, container setup that
    /// installs children as tabs (`setViewControllers`, `viewControllers =`), and what those call.
    static func lifetimeFunctions(of router: [TypeDeclaration]) -> Set<String> {
        var calls: [String: Set<String>] = [:]
        var lifetime: Set<String> = ["didLoad", "init"]
        var embedding: Set<String> = []
        for member in router.flatMap(\.members.members) {
            let name: String
            let body: Syntax
            if let function = member.decl.as(FunctionDeclSyntax.self), let block = function.body {
                name = function.name.text
                body = Syntax(block)
            } else if let initializer = member.decl.as(InitializerDeclSyntax.self), let block = initializer.body {
                name = "init"
                body = Syntax(block)
            } else {
                continue
            }
            if embedsAttachedChild(body) { embedding.insert(name) }
            for token in body.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let identifier) = token.tokenKind, let next = token.nextToken(viewMode: .sourceAccurate)
                else { continue }
                if next.tokenKind == .leftParen {
                    calls[name, default: []].insert(identifier)
                    if identifier.hasPrefix("set"), identifier.hasSuffix("ViewControllers") { lifetime.insert(name) }
                } else if identifier == "viewControllers", next.tokenKind == .equal {
                    lifetime.insert(name)
                }
            }
        }
        // A child whose view is embedded in the router's own (`addChild`, `embed…`, or handed to one of its view
        // controller's methods: `viewController.setWeekChart(week.viewControllable)`), not presented or pushed, is
        // part of the parent's screen and lives as long as it: a search bar, a list inside a tab.
        for (function, called) in calls where called.contains("attachChild") {
            let embeds = called.contains { $0 == "addChild" || $0.hasPrefix("embed") } || embedding.contains(function)
            let navigates = called.contains { ["present", "push", "show", "replace"].contains(where: $0.hasPrefix) }
            if embeds, !navigates { lifetime.insert(function) }
        }
        var frontier = Array(lifetime)
        while let next = frontier.popLast() {
            for called in calls[next, default: []] where calls[called] != nil && !lifetime.contains(called) {
                lifetime.insert(called)
                frontier.append(called)
            }
        }
        return lifetime
    }

    /// Whether `body` attaches a child and hands that child's `viewControllable` to a method of the router's own
    /// view controller that does not navigate (`viewController.setWeekChart(week.viewControllable)`), directly or
    /// through a local (`let panel = week.viewControllable`).
    private static func embedsAttachedChild(_ body: Syntax) -> Bool {
        var handed: Set<String> = []
        var attached: Set<String> = []
        var views: [String: String] = [:]
        for token in body.tokens(viewMode: .sourceAccurate) {
            if token.text == "attachChild" {
                if let call = token.parent?.parent?.as(FunctionCallExprSyntax.self),
                    call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.id == token.id,
                    let child = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)
                {
                    attached.insert(child.baseName.text)
                }
                continue
            }
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            if token.text == "viewControllable", let member = reference.parent?.as(MemberAccessExprSyntax.self),
                let child = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
            {
                if let local = member.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?.pattern
                    .as(IdentifierPatternSyntax.self)?.identifier.text
                {
                    views[local] = child
                } else if isEmbedding(ExprSyntax(member)) {
                    handed.insert(child)
                }
            } else if let child = views[token.text], isEmbedding(ExprSyntax(reference)) {
                handed.insert(child)
            }
        }
        return !handed.isDisjoint(with: attached)
    }

    /// Whether `argument` is handed to a method of the router's own view controller that does not navigate
    /// (`owner.method(argument)`: the argument, the list, the call).
    private static func isEmbedding(_ argument: ExprSyntax) -> Bool {
        guard let call = argument.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
            call.arguments.contains(where: { $0.expression.id == argument.id }), let method = call.calledExpression.as(MemberAccessExprSyntax.self),
            let owner = method.base?.as(DeclReferenceExprSyntax.self), ["viewController", "viewControllable"].contains(owner.baseName.text)
        else { return false }
        return !navigatingPrefixes.contains(where: method.declName.baseName.text.hasPrefix)
    }

    /// Calls that show or take away a screen rather than embed one.
    static let navigatingPrefixes = ["present", "push", "show", "replace", "dismiss", "pop"]

    private final class Visitor: LocalCollector {
        /// `isKnown`: the kind is a RIB's name; otherwise it is the attached expression's text. `alias`: the kind
        /// by names alone, where declared types gave another.
        var attaches: [(kind: String, alias: String?, isKnown: Bool, call: FunctionCallExprSyntax, function: String)] = []
        var detached: Set<String> = []
        /// The router's stored builders and child routers, by name: their declared types.
        var propertyTypes: [String: String] = [:]
        /// A detach whose child cannot be told apart (`children.forEach { detachChild($0) }`) balances every attach.
        var detachesAnything = false
        /// The router's stored properties; the kinds of the children assigned to each (`self.current = router`); and
        /// those a detach reached.
        var storedNames: Set<String> = []
        var storedKinds: [String: Set<String>] = [:]
        var detachedProperties: Set<String> = []
        private var function = ""

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            function = node.name.text
            return .visitChildren
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            function = "init"
            return .visitChildren
        }

        /// `children.forEach(detachChild(_:))` hands the function over: any child may be detached.
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if node.baseName.text == "detachChild", node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != node.id {
                detachesAnything = true
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let callee = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                let argument = node.arguments.first?.expression
            else { return .visitChildren }
            if callee == "attachChild" {
                let (kind, alias) = kinds(of: argument)
                attaches.append((kind ?? argument.trimmedDescription, alias, kind != nil, node, function))
            } else if callee == "detachChild" {
                let (kind, alias) = kinds(of: argument)
                if let kind { detached.formUnion([kind] + (alias.map { [$0] } ?? [])) } else { detachesAnything = true }
                if let property = storedProperty(argument) { detachedProperties.insert(property) }
            }
            return .visitChildren
        }

        /// `self.current = router`, `current = router`: the child now stored in the property.
        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let property = storedProperty(elements[0], following: false) {
                let (kind, alias) = kinds(of: elements[2])
                storedKinds[property, default: []].formUnion([kind, alias].compactMap { $0 })
            }
            return .visitChildren
        }

        /// The stored property an expression reads (`current`, `self.current`), through locals bound to it when `following`.
        private func storedProperty(_ expression: ExprSyntax, following: Bool = true, depth: Int = 0) -> String? {
            let expression = expression.unwrapped
            if let member = expression.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                return storedNames.contains(member.declName.baseName.text) ? member.declName.baseName.text : nil
            }
            guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
            if following, depth < 4, let bound = latestBinding(of: name) { return storedProperty(bound, depth: depth + 1) }
            return storedNames.contains(name) ? name : nil
        }

        /// The child's kind by declared types where the router declares them, and by names alone when that differs:
        /// a child attached by one and detached by the other is still the same child.
        private func kinds(of expression: ExprSyntax) -> (String?, String?) {
            let typed = kind(of: expression, byTypes: true)
            let named = kind(of: expression, byTypes: false)
            return (typed, named != typed ? named : nil)
        }

        /// The child's kind: the RIB name of the builder that built it or of the Routing type it was found as;
        /// `byTypes`: a stored builder or child router by its declared type (`propertyTypes`), else by its name.
        private func kind(of expression: ExprSyntax, byTypes: Bool, depth: Int = 0) -> String? {
            let text = expression.trimmedDescription
            if let castType = ViewControllerReach.castType(expression) ?? Self.castType(in: text) {
                // `children.last as? ViewableRouting` finds any child.
                return Self.genericRouting.contains(castType) ? nil : Self.ribName(castType)
            }
            // `children.first`, `children.last`: any kind of child.
            if text.hasPrefix("children") || text.hasPrefix("self.children") { return nil }
            if let call = expression.unwrapped.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "build",
                let builder = member.base
            {
                return builderName(of: builder, byTypes: byTypes, depth: depth).map(Self.ribName)
            }
            if let name = expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, depth < 4 {
                if let bound = latestBinding(of: name) { return kind(of: bound, byTypes: byTypes, depth: depth + 1) }
                // A stored child (`guard let router = tagSettingsRouter`): that child, not any; by its type when declared.
                if byTypes, let type = propertyTypes[name], type.hasSuffix("Router") || type.hasSuffix("Routing") {
                    return Self.ribName(type)
                }
                return name.hasSuffix("Router") || name.hasSuffix("Routing") ? Self.ribName(name) : nil
            }
            // `loggedIn.router`: the child is named by what holds its router.
            if let member = expression.unwrapped.as(MemberAccessExprSyntax.self), let base = member.base,
                ["router", "routing"].contains(member.declName.baseName.text), depth < 4
            {
                return kind(of: base, byTypes: byTypes, depth: depth + 1)
            }
            if let name = expression.lastName, depth < 4 { return Self.ribName(name) }
            return nil
        }

        /// The builder a `build` is called on: a property's name, or the type a local was constructed as
        /// (`let builder = DetailBuilder(dependency: …)` → `DetailBuilder`).
        private func builderName(of expression: ExprSyntax, byTypes: Bool, depth: Int) -> String? {
            if let name = expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, depth < 4,
                let type = latestBinding(of: name)?.unwrapped.as(FunctionCallExprSyntax.self)?.constructedTypeName, type.hasSuffix("Builder")
            {
                return type
            }
            if byTypes, let name = expression.lastName, let type = propertyTypes[name], type.hasSuffix("Buildable") || type.hasSuffix("Builder") {
                return type
            }
            return expression.lastName
        }

        static let genericRouting: Set<String> = ["Routing", "ViewableRouting", "LaunchRouting", "Router", "ViewableRouter"]

        /// `children.first(where: { $0 is XRouting })`, `children.compactMap { $0 as? Detail.Routing }`: the type
        /// tested or cast to inside a search of `children`; `Detail.Routing` reads as `DetailRouting`.
        private static func castType(in text: String) -> String? {
            guard text.contains("children"),
                let range = text.range(of: #"\b(is|as[?!])\s+"#, options: .regularExpression)
            else { return nil }
            return RIBName.qualified(text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "." }
                .split(separator: ".").map(String.init))
        }

        /// `settingsBuilder` → `settings`, `SettingsRouting` → `settings`, `settingsRouter` → `settings`.
        static func ribName(_ name: String) -> String {
            var base = name
            for suffix in ["Buildable", "Builder", "Routing", "Router"] where base.hasSuffix(suffix) && base.count > suffix.count {
                base = String(base.dropLast(suffix.count))
                break
            }
            return base.prefix(1).lowercased() + base.dropFirst()
        }
    }
}
