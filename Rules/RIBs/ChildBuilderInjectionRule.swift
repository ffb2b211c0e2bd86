import RibsLintKit
import SwiftSyntax

public struct ChildBuilderInjectionRule: Rule {
    public static let description = RuleDescription(
        id: "child_builder_injection",
        name: "Child Builder Injection",
        summary: "A router gets a child builder some other way than a `let` assigned from its initializer.",
        rationale: """
            RIBs Architecture Guide, "Passing Child Builders to Routers": "The best way to pass the child builder to the router is via \
            the initializer." A builder set later through a setter or kept in a `var` may be missing or replaced: \
            "Child builders should be available unconditionally ... It should be impossible to 'forget' to pass required \
            properties." A builder constructed inside the router ties it to the DI system only the Builder may know.
            """,
        defaultSeverity: .warning,
        triggering: [
            // A type made in a routing method whose `build…` result the router attaches is a builder, whatever its name.
            Example("""
                import RIBs
                final class WalletRouter: Router<WalletInteractable>, WalletRouting {
                    func routeToAddCard() {
                        let assembly = 1️⃣PaymentCardAssembly(cardService: cardService)
                        attachChild(assembly.build(listener: interactor))
                    }
                    func routeToHistory() {
                        let history = 2️⃣HistoryFlow().build(listener: interactor)
                        attachChild(history)
                    }
                }
                """, messages: [
                    "router constructs 'PaymentCardAssembly'; let the parent's builder create it and pass it to the router's `init`",
                    "router constructs 'HistoryFlow'; let the parent's builder create it and pass it to the router's `init`",
                ]),
            // A `var` its initializer already assigns: only the `let` is missing.
            Example("""
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    private var 1️⃣topupBuildable: TopupBuildable
                    init(interactor: HomeInteractable, viewController: HomeViewControllable, topupBuildable: TopupBuildable) {
                        self.topupBuildable = topupBuildable
                        super.init(interactor: interactor, viewController: viewController)
                    }
                }
                """, messages: [
                    "router keeps child builder 'topupBuildable' in a `var`; its `init` already takes it: keep it as `private let`",
                ]),
            // A `var` its initializer takes but a method sets again: the `var` is what the method needs, so the advice is
            // to take it in `init` and stop setting it.
            Example("""
                import RIBs
                final class IntroRouter: ViewableRouter<IntroInteractable, IntroViewControllable>, IntroRouting {
                    private var 1️⃣tutorialBuildable: TutorialBuildable?
                    init(interactor: IntroInteractable, viewController: IntroViewControllable, tutorialBuildable: TutorialBuildable) {
                        self.tutorialBuildable = tutorialBuildable
                        super.init(interactor: interactor, viewController: viewController)
                    }
                    func routeToTutorial() {
                        guard let builder = tutorialBuildable else { return }
                        attachChild(builder.build(withListener: interactor))
                        2️⃣tutorialBuildable = nil
                    }
                }
                """, messages: [
                    "router keeps child builder 'tutorialBuildable' in a `var`; take it in `init` and keep it as `private let`",
                    "router sets child builder 'tutorialBuildable' after creation; pass it to `init` instead",
                ]),
            // A `let` given its value where it is declared: not handed in through `init`.
            Example("""
                import RIBs
                protocol AlarmBuildable: Buildable {}
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                    private let 1️⃣alarmBuildable: AlarmBuildable? = nil
                    private let detailBuilder = 2️⃣DetailBuilder(dependency: DetailComponent())
                    private let homeBuilder: HomeBuildable
                    init(interactor: RootInteractable, viewController: RootViewControllable, homeBuilder: HomeBuildable) {
                        self.homeBuilder = homeBuilder
                        super.init(interactor: interactor, viewController: viewController)
                    }
                }
                """, messages: [
                    "router gives child builder 'alarmBuildable' its value itself; take it in `init` and keep it as `private let`",
                    "router constructs 'DetailBuilder'; let the parent's builder create it and pass it to the router's `init`",
                ]),
            Example("""
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    func routeToDetail() {
                        let settings: SettingsBuilder = 1️⃣.init(dependency: component)
                        let profile = 2️⃣ProfileBuilder.init(dependency: component)
                        attachChild(settings.build(withListener: interactor))
                        attachChild(profile.build(withListener: interactor))
                    }
                }
                """, messages: [
                    "router constructs 'SettingsBuilder'; let the parent's builder create it and pass it to the router's `init`",
                    "router constructs 'ProfileBuilder'; let the parent's builder create it and pass it to the router's `init`",
                ]),
            Example("""
                import RIBs
                final class ParentRouter: ViewableRouter<ParentInteractable, ParentViewControllable>, ParentRouting {
                    private var 1️⃣childBuilder: ChildBuildable?
                    var 2️⃣detailBuilder: DetailBuilder

                    func setChildBuilder(_ builder: ChildBuildable) {
                        3️⃣self.childBuilder = builder
                    }

                    func routeToDetail() {
                        let builder = 4️⃣DetailBuilder(dependency: component)
                        attachChild(builder.build(withListener: interactor))
                    }

                    func routeToHelp() {
                        attachChild(5️⃣HelpBuilder().build(withListener: interactor))
                    }

                    func routeToCheckout() {
                        let builder = 6️⃣CheckoutFlowBuilder()
                        attachChild(builder.build(withListener: interactor))
                    }
                }
                """, messages: [
                    "router keeps child builder 'childBuilder' in a `var`; take it in `init` and keep it as `private let`",
                    "router keeps child builder 'detailBuilder' in a `var`; take it in `init` and keep it as `private let`",
                    "router sets child builder 'childBuilder' after creation; pass it to `init` instead",
                    "router constructs 'DetailBuilder'; let the parent's builder create it and pass it to the router's `init`",
                    "router constructs 'HelpBuilder'; let the parent's builder create it and pass it to the router's `init`",
                    "router constructs 'CheckoutFlowBuilder'; let the parent's builder create it and pass it to the router's `init`",
                ]),
            // A builder of the project's, constructed without a dependency and handed on.
            Example("""
                import RIBs
                final class PaymentBuilder: Builder<PaymentDependency>, PaymentBuildable {}
                final class CartRouter: ViewableRouter<CartInteractable, CartViewControllable>, CartRouting {
                    func routeToPayment() {
                        let builder = 1️⃣PaymentBuilder()
                        showPayment(from: builder)
                    }
                }
                """, messages: [
                    "router constructs 'PaymentBuilder'; let the parent's builder create it and pass it to the router's `init`",
                ]),
            // A component kept by the router, whose computed property (in the builder's file) makes a new builder each time.
            Example("""
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable> {
                    private let component: FeedComponent
                    init(interactor: FeedInteractable, viewController: FeedViewControllable, component: FeedComponent) {
                        self.component = component
                        super.init(interactor: interactor, viewController: viewController)
                    }
                    func routeToDetail() {
                        attachChild(1️⃣component.detailBuilder.build(withListener: interactor))
                    }
                }
                extension FeedRouter: FeedRouting {
                    func routeToSettings() {
                        let builder = 2️⃣self.component.settingsBuilder
                        attachChild(builder.build(withListener: interactor))
                    }
                }
                // file: Feed/FeedBuilder.swift
                import RIBs
                final class FeedComponent: Component<FeedDependency> {
                    var detailBuilder: DetailBuildable { DetailBuilder(dependency: self) }
                    var settingsBuilder: SettingsBuilder {
                        get { return .init(dependency: self) }
                    }
                }
                """, messages: [
                    "router constructs 'DetailBuilder' each time it reads 'component.detailBuilder' (a computed property of 'FeedComponent'); let the parent's builder create it and pass it to the router's `init`",
                    "router constructs 'SettingsBuilder' each time it reads 'self.component.settingsBuilder' (a computed property of 'FeedComponent'); let the parent's builder create it and pass it to the router's `init`",
                ]),
        ],
        nonTriggering: [
            // What a component keeps is made once, and a computed property that makes no RIB builder is no child.
            Example("""
                // file: Feed/FeedRouter.swift
                import RIBs
                final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {
                    private let component: FeedComponent
                    init(interactor: FeedInteractable, viewController: FeedViewControllable, component: FeedComponent) {
                        self.component = component
                        super.init(interactor: interactor, viewController: viewController)
                    }
                    func routeToDetail() {
                        attachChild(component.detailBuilder.build(withListener: interactor))
                        let request = component.requestBuilder.build()
                    }
                }
                // file: Feed/FeedBuilder.swift
                import RIBs
                final class FeedComponent: Component<FeedDependency> {
                    let detailBuilder: DetailBuildable
                    var requestBuilder: URLRequestBuilder { URLRequestBuilder(host: "example.com") }
                    override init(dependency: FeedDependency) {
                        detailBuilder = DetailBuilder(dependency: dependency)
                        super.init(dependency: dependency)
                    }
                }
                """),
            // Builders of values given their value where declared: no RIB's.
            Example("""
                import RIBs
                final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                    private let requestBuilder: URLRequestBuilder = URLRequestBuilder()
                    private let text: AttributedStringBuilder = .init(font: .body)
                }
                """),
            // The app's own builders of values: a `Builder` protocol it declares, a `*Buildable` that is not RIBs'.
            Example("""
                import RIBs
                protocol Builder { func build() -> String }
                protocol RequestBuildable { func build() -> URLRequest }
                final class QueryBuilder: Builder { func build() -> String { "" } }
                final class RequestBuilder: RequestBuildable { func build() -> URLRequest { URLRequest(url: home) } }
                final class SearchRouter: ViewableRouter<SearchInteractable, SearchViewControllable>, SearchRouting {
                    func routeToResults() {
                        let query = QueryBuilder()
                        let request = RequestBuilder()
                        open(query.build(), request.build())
                    }
                }
                """),
            Example("""
                import RIBs
                final class ParentRouter: ViewableRouter<ParentInteractable, ParentViewControllable>, ParentRouting {
                    private let childBuilder: ChildBuildable

                    init(childBuilder: ChildBuildable, interactor: ParentInteractable, viewController: ParentViewControllable) {
                        self.childBuilder = childBuilder
                        super.init(interactor: interactor, viewController: viewController)
                    }

                    func routeToChild() {
                        let childRouter = childBuilder.build(withListener: interactor)
                        attachChild(childRouter)
                    }

                    func routeToHelp() {
                        let url = URLBuilder().path("help").url
                        let title = AttributedStringBuilder(font: .body).text("Help").make()
                        let query = QueryBuilder()
                        openHelp(url, title, query.build())
                    }
                }
                """),
            Example("""
                import RIBs
                final class ParentBuilder: Builder<ParentDependency>, ParentBuildable {
                    func build(withListener listener: ParentListener) -> ParentRouting {
                        let component = ParentComponent(dependency: dependency)
                        return ParentRouter(childBuilder: ChildBuilder(dependency: component))
                    }
                }
                """),
        ])

    public init(options: RuleOptions) {}

    static func isBuilderType(_ name: String) -> Bool {
        ProtocolRole(protocolName: name) == .buildable || (name.hasSuffix("Builder") && name != "ViewBuilder")
    }

    public func violations(in file: LintFile) -> [Violation] {
        file.model.types(.router).flatMap { router -> [Violation] in
            let builderProperties = router.storedProperties.filter {
                !$0.isStatic && $0.type?.heldTypeNames.contains(where: Self.isBuilderType) == true
            }
            // Found by text, then confirmed in the tree: builders are few, a router's code is not.
            let names = Set(builderProperties.map(\.name))
            let setters = router.functions.flatMap { function in
                names.flatMap { name in assignments(to: name, in: function, file: file).map { (name: name, violation: $0) } }
            }
            // `init` takes it and nothing else sets it: a builder set to `nil` after use needs its `var`, and is told so.
            let initialized = Self.assignedInInitializers(of: router).subtracting(setters.map(\.name))
            var violations = builderProperties.filter { !$0.isLet }.map {
                Violation(
                    at: $0.nameNode,
                    initialized.contains($0.name)
                        ? "router keeps child builder '\($0.name)' in a `var`; its `init` already takes it: keep it as `private let`"
                        : "router keeps child builder '\($0.name)' in a `var`; take it in `init` and keep it as `private let`")
            }
            // A `let` given its value where it is declared is not handed in: `let alarm: AlarmBuildable? = nil`, or a
            // builder constructed there (`let detail = DetailBuilder(dependency: component)`).
            for property in router.storedProperties where !property.isStatic && property.isLet {
                guard property.initializer != nil else { continue }
                // RIBs' `Buildable` itself, or a type that is a RIB builder; not a `URLRequestBuilder`.
                let holdsRIBBuilder = property.type?.heldTypeNames.contains { $0 == "Buildable" || Self.isRIBBuilder($0, file: file) } == true
                if holdsRIBBuilder, builderProperties.contains(where: { $0.binding.id == property.binding.id }) {
                    violations.append(Violation(
                        at: property.nameNode, "router gives child builder '\(property.name)' its value itself; take it in `init` and keep it as `private let`"))
                } else {
                    violations += constructions(in: property.binding, file: file)
                }
            }
            for function in router.functions {
                violations += constructions(in: function, file: file) + constructedChildBuilders(in: function, file: file)
            }
            return violations + constructionsThroughHeldTypes(of: router, file: file) + setters.map(\.violation)
        }
    }

    /// The stored properties the router's initializers assign what they are handed (`self.topupBuildable =
    /// topupBuildable`, a parameter's value).
    static func assignedInInitializers(of router: TypeDeclaration) -> Set<String> {
        final class Assignments: SyntaxVisitor {
            var names: Set<String> = []
            var parameters: Set<String> = []
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                    let value = elements[2].as(DeclReferenceExprSyntax.self), parameters.contains(value.baseName.text)
                {
                    if let member = elements[0].as(MemberAccessExprSyntax.self),
                        member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                    {
                        names.insert(member.declName.baseName.text)
                    } else if let reference = elements[0].as(DeclReferenceExprSyntax.self) {
                        names.insert(reference.baseName.text)
                    }
                }
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let visitor = Assignments(viewMode: .sourceAccurate)
        for member in router.members.members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self), let body = initializer.body {
                visitor.parameters = Set(initializer.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
                visitor.walk(body)
            }
        }
        return visitor.names
    }

    /// A RIB builder is made with `dependency:` (or `componentBuilder:`) or is built from at once;
    /// a `URLBuilder()` or `AttributedStringBuilder()` is no child. Every spelling counts: `DetailBuilder(…)`,
    /// `DetailBuilder.init(…)`, and `let builder: DetailBuilder = .init(…)`.
    private func constructions(in scope: some SyntaxProtocol, file: LintFile) -> [Violation] {
        file.tokens(containing: "Builder", in: scope).compactMap { token in
            let name = token.text
            guard name.hasSuffix("Builder"), name.first?.isUppercase == true, let call = Self.construction(by: token),
                !call.isInNestedType(below: Syntax(scope))
            else { return nil }
            let labels = call.arguments.compactMap { $0.label?.text }
            let builtAtOnce = call.parent?.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "build"
            // Without a dependency, a RIB's builder is told from a `URLBuilder` by what it is or what it makes.
            guard labels.contains("dependency") || labels.contains("componentBuilder") || builtAtOnce
                || Self.isRIBBuilder(name, file: file)
                || scope.as(FunctionDeclSyntax.self).map({ Self.buildsChild(call, in: $0, file: file) }) == true
            else { return nil }
            return Violation(at: call, "router constructs '\(name)'; let the parent's builder create it and pass it to the router's `init`")
        }
    }

    /// A type a routing method constructs and whose `build…` result it attaches, whatever the type is named: a builder by
    /// what the code does with it (`let assembly = PaymentCardAssembly(cardService: service)`, then
    /// `attachChild(assembly.build(listener: interactor))`, or the result through a local). Types named `…Builder` are
    /// `constructions(in:file:)`'s.
    private func constructedChildBuilders(in function: FunctionDeclSyntax, file: LintFile) -> [Violation] {
        guard let body = function.body else { return [] }
        /// The value the local `expression` names was bound to where it is read (`let name = value`), if it is one.
        func bound(_ expression: ExprSyntax) -> ExprSyntax? {
            guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
            return expression.visibleLocalBinding(of: name)?.initializer?.value
        }
        var found: [Violation] = []
        for token in file.tokens(spelled: "attachChild", in: body) {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                let attach = (reference.parent?.as(FunctionCallExprSyntax.self)
                    ?? reference.parent?.as(MemberAccessExprSyntax.self)?.parent?.as(FunctionCallExprSyntax.self)),
                var child = attach.arguments.first?.expression
            else { continue }
            if let value = bound(child) { child = value }
            guard let build = child.as(FunctionCallExprSyntax.self), let member = build.calledExpression.as(MemberAccessExprSyntax.self),
                RIBName.isBuildMethod(member.declName.baseName.text), var builder = member.base
            else { continue }
            if let value = bound(builder) { builder = value }
            guard let construction = builder.as(FunctionCallExprSyntax.self), let name = construction.constructedTypeName,
                name.first?.isUppercase == true, !name.hasSuffix("Builder"), !found.contains(where: { $0.position == construction.positionAfterSkippingLeadingTrivia.utf8Offset })
            else { continue }
            found.append(Violation(at: construction, "router constructs '\(name)'; let the parent's builder create it and pass it to the router's `init`"))
        }
        return found
    }

    /// A builder a routing method reads from a type the router keeps, whose computed property makes a new one each time
    /// it is read (`component.detailBuilder`, with `var detailBuilder: DetailBuildable { DetailBuilder(dependency: self) }`
    /// on the component, in any file: `DeclaredType.buildersMade`): the router constructs it all the same.
    private func constructionsThroughHeldTypes(of router: TypeDeclaration, file: LintFile) -> [Violation] {
        // An extension's methods read what the class declared in the file keeps.
        let declaration = router.kind == .extension ? file.model.types.first { $0.name == router.name && $0.kind != .extension } ?? router : router
        // The types each stored property keeps, builders aside (`private let component: FeedComponent`).
        var kept: [String: [String]] = [:]
        for property in declaration.storedProperties where !property.isStatic {
            let types = property.type?.heldTypeNames.filter { !Self.isBuilderType($0) } ?? []
            if !types.isEmpty { kept[property.name] = types }
        }
        guard !kept.isEmpty else { return [] }
        let resolver = file.model.projectTypes
        var violations: [Violation] = []
        for function in router.functions {
            // Found by text, then confirmed in the tree: `component.detailBuilder`, `self.component.detailBuilder`, not
            // a method called (`component.makeDetail()`).
            var reads: [(access: MemberAccessExprSyntax, holder: String)] = []
            for (holder, _) in kept.sorted(by: { $0.key < $1.key }) {
                for token in file.tokens(spelled: holder, in: function) {
                    guard var base = token.parent?.as(DeclReferenceExprSyntax.self).map(ExprSyntax.init) else { continue }
                    if let own = base.parent?.as(MemberAccessExprSyntax.self), own.declName.baseName.id == token.id { base = ExprSyntax(own) }
                    guard Self.reads(base, holder), let access = base.parent?.as(MemberAccessExprSyntax.self), access.base?.id == base.id,
                        access.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != access.id,
                        !access.isInNestedType(below: Syntax(function))
                    else { continue }
                    reads.append((access, holder))
                }
            }
            for (access, holder) in reads.sorted(by: { $0.access.position < $1.access.position }) {
                let types = kept[holder] ?? []
                guard let made = resolver.helpers(DeclaredType.buildersMade, named: access.declName.baseName.text).first(where: { types.contains($0.type) })
                else { continue }
                violations.append(Violation(
                    at: access,
                    "router constructs '\(made.made)' each time it reads '\(access.trimmedText)' (a computed property of '\(made.type)'); let the parent's builder create it and pass it to the router's `init`"))
            }
        }
        return violations
    }

    /// Whether `expression` is the stored property `name`, bare or on `self`.
    static func reads(_ expression: ExprSyntax, _ name: String) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == name }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return false }
        return member.declName.baseName.text == name && member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }

    /// A project type whose superclass chain reaches RIBs' `Builder` family, or that conforms to RIBs' `Buildable`
    /// (through a `*Buildable` of the app's): the framework's names, not ones the project declares itself.
    static func isRIBBuilder(_ name: String, file: LintFile) -> Bool {
        let resolver = file.model.projectTypes
        guard let entry = resolver.primary(name) else { return false }
        let framework: Set<String> = ["Builder", "ComponentizedBuilder", "SimpleComponentizedBuilder", "MultiStageComponentizedBuilder", "Buildable"]
        return resolver.supertypes(of: entry.inherited).contains { framework.contains($0) && resolver.primary($0) == nil }
    }

    /// `let builder = CheckoutBuilder()` whose local then builds a child: `builder.build(withListener: …)`.
    static func buildsChild(_ call: FunctionCallExprSyntax, in function: FunctionDeclSyntax, file: LintFile) -> Bool {
        guard let local = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?.pattern
            .as(IdentifierPatternSyntax.self)?.identifier.text
        else { return false }
        return file.tokens(spelled: local, in: function).contains { token in
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), let member = reference.parent?.as(MemberAccessExprSyntax.self),
                member.base?.id == reference.id, member.declName.baseName.text == "build",
                let build = member.parent?.as(FunctionCallExprSyntax.self)
            else { return false }
            return build.arguments.first?.label?.text == "withListener"
        }
    }

    /// The call that constructs the type `token` names, if it does.
    static func construction(by token: TokenSyntax) -> FunctionCallExprSyntax? {
        if let reference = token.parent?.as(DeclReferenceExprSyntax.self) {
            if let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id { return call }
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id,
                member.declName.baseName.tokenKind == .keyword(.`init`),
                let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id
            {
                return call
            }
            return nil
        }
        // `let builder: DetailBuilder = .init(…)`: the type comes from the annotation.
        guard let type = token.parent?.as(IdentifierTypeSyntax.self), let annotation = type.parent?.as(TypeAnnotationSyntax.self),
            let binding = annotation.parent?.as(PatternBindingSyntax.self),
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.tokenKind == .keyword(.`init`)
        else { return nil }
        return call
    }

    /// `childBuilder = …` or `self.childBuilder = …`.
    private func assignments(to name: String, in function: FunctionDeclSyntax, file: LintFile) -> [Violation] {
        file.tokens(spelled: name, in: function).compactMap { token in
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return nil }
            var target = ExprSyntax(reference)
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
                target = ExprSyntax(member)
            }
            guard let elements = target.parent?.as(ExprListSyntax.self), elements.parent?.is(SequenceExprSyntax.self) == true,
                let index = elements.firstIndex(where: { $0.id == target.id }), elements.index(after: index) != elements.endIndex,
                elements[elements.index(after: index)].is(AssignmentExprSyntax.self), !target.isInNestedType(below: Syntax(function))
            else { return nil }
            return Violation(at: target, "router sets child builder '\(name)' after creation; pass it to `init` instead")
        }
    }
}
