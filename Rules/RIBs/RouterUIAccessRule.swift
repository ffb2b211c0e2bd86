import RibsLintKit
import SwiftSyntax

public struct RouterUIAccessRule: Rule {
    public static let description = RuleDescription(
        id: "router_ui_access",
        name: "Router UI Access",
        summary: "A router controls UI — calls, assignments, casts or UI construction — instead of only managing the view hierarchy.",
        rationale: """
            RIBs Architecture Guide, "Communication Patterns": "Router NEVER directly touches UI - only view hierarchy" and "ViewControllable is ONLY \
            for view hierarchy management (present/dismiss)". UI state belongs to the presenter, driven by the \
            interactor through `*Presentable`; a router that sets titles or builds alerts bypasses that contract.
            """,
        defaultSeverity: .error,
        options: [
            OptionDoc(
                "hierarchy_methods", .stringList, default: .stringList(ViewHierarchy.operations),
                "Methods a router may call on a view controller; `*` matches any text, `name(_:label:)` requires the label."),
            OptionDoc(
                "ui_types", .stringList, default: .stringList(RouterUIAccessRule.uiTypes),
                "Types whose construction in a router builds UI content."),
        ],
        triggering: RouterUIAccessRule.triggeringExamples,
        nonTriggering: RouterUIAccessRule.nonTriggeringExamples)

    static let uiTypes = [
        "UIAlertController", "UIAlertAction", "UIBarButtonItem", "UITabBarItem", "UILabel", "UIButton", "UIImageView",
        "UIActivityViewController", "SFSafariViewController", "UIImagePickerController", "PHPickerViewController",
        "UIDocumentPickerViewController", "MFMailComposeViewController", "MFMessageComposeViewController", "Text", "Button",
    ]

    /// Containers whose `delegate` manages navigation (who is pushed, shown, dismissed), like a
    /// `transitioningDelegate`: the router may set it.
    static let containerProperties: Set<String> = [
        "navigationController", "tabBarController", "splitViewController", "presentationController", "popoverPresentationController",
    ]
    static let containerTypes = ["NavigationController", "TabBarController", "SplitViewController", "NavigationControllable"]

    /// A navigation container's bar shown or hidden (`setNavigationBarHidden(true, …)`, `isNavigationBarHidden = true`):
    /// how its stack is navigated — hidden, the back button and the swipe back go with it, the guide's first option for
    /// back navigation (`back_navigation`) — not a screen's UI.
    static let barVisibility: Set<String> = ["setNavigationBarHidden", "isNavigationBarHidden"]

    /// Calls on a view controller's `view` that change what the screen shows or edits, not which views it holds.
    static let viewStateCalls: Set<String> = ["endEditing", "becomeFirstResponder", "resignFirstResponder"]

    /// A view controller's bars and items: calling into them is UI work, never hierarchy work.
    static let barItems: Set<String> = ["navigationItem", "tabBarItem", "navigationBar", "toolbar", "tabBar"]

    /// The items only a view controller has (a `UITabBarItem`, a `UINavigationItem`): whatever holds them is one.
    static let viewControllerItems: Set<String> = ["navigationItem", "tabBarItem"]

    private let hierarchy: ViewHierarchy.Operations
    private let uiTypes: Set<String>
    /// The same, in the option's order.
    private let uiTypeOrder: [String]

    public init(options: RuleOptions) {
        hierarchy = ViewHierarchy.Operations(options.strings("hierarchy_methods"))
        uiTypeOrder = options.strings("ui_types")
        uiTypes = Set(uiTypeOrder)
    }

    public func violations(in file: LintFile) -> [Violation] {
        file.model.types(.router).flatMap { router in
            // The class's stored properties serve its extensions in the file too.
            let declarations = file.model.types.filter { $0.name == router.name }
            let visitor = Visitor(rule: self, router: router, declarations: declarations, resolver: file.model.projectTypes)
            visitor.walk(router.members)
            return visitor.findings.violations
        }
    }

    func isHierarchyOperation(_ name: String, labels: [String]) -> Bool {
        hierarchy.contains(name, labels: labels)
    }

    private final class Visitor: TypeBodyVisitor {
        let rule: RouterUIAccessRule
        let reach: ViewControllerReach
        let presentables: Set<String>
        /// The router's methods that return a view controllable (`func feedTab() -> ViewControllable`).
        let viewControllerMethods: Set<String>
        var findings = OnePerStatement()

        let resolver: TypeResolver
        /// The router's name.
        let router: String
        /// The view controller protocol the router is given, as its class declares it.
        let viewControllable: String?
        /// The router's stored navigation, tab bar or split view controllers (`private let navigation: UINavigationController`).
        let containers: Set<String>

        /// `declarations`: the router's class and its extensions in the file, whose stored properties `router` sees.
        init(rule: RouterUIAccessRule, router: TypeDeclaration, declarations: [TypeDeclaration], resolver: TypeResolver) {
            self.rule = rule
            self.resolver = resolver
            self.router = router.name
            self.viewControllerMethods = Set(router.functions.filter { function in
                function.signature.returnClause.map { Self.holdsViewController($0.type) } == true
            }.map(\.name.text))
            self.reach = ViewControllerReach(scanning: router, storedContainers: true, declarations: declarations)
            // `ViewableRouter<FeedInteractable, FeedViewControllable>`: the protocol its `viewController` has.
            self.viewControllable = declarations.lazy.map(\.superclassArguments).first(where: { !$0.isEmpty })?.dropFirst().first
            let stored = declarations.flatMap(\.storedProperties)
            self.presentables = Set(stored.filter { property in
                property.type?.heldTypeNames.contains { ProtocolRole(protocolName: $0) == .presentable } == true
            }.map(\.name))
            self.containers = Set(stored.filter { property in
                property.type?.heldTypeNames.contains { name in RouterUIAccessRule.containerTypes.contains(where: name.hasSuffix) } == true
            }.map(\.name))
            super.init()
        }

        private func report(_ node: some SyntaxProtocol, _ message: String) { findings.report(node, message) }

        /// A call of an app's helper that constructs UI content for the router, read through the helper's body in any
        /// file (`DeclaredType.uiBuilt`): a static method (`AlertHelper.show(error, on: viewController.uiviewController)`)
        /// or a method of an extension of `UIViewController` called on the router's screen (`….uiviewController
        /// .showAlert(…)`). The helper's name and the first UI type it constructs.
        private func helperBuildingUI(_ call: FunctionCallExprSyntax) -> (String, String)? {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.unwrapped else { return nil }
            let method = member.declName.baseName.text
            let type: String
            // The router's own static methods are read where they are declared.
            if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true,
                reference.baseName.text != router
            {
                type = reference.baseName.text
            } else if base.lastName == "uiviewController", reach.chain(base).rootReaches {
                type = "UIViewController"
            } else {
                return nil
            }
            // Of several, the one the option lists first (an alert before its actions).
            let made = Set(resolver.helpers(DeclaredType.uiBuilt, named: method).filter { $0.type == type }.map(\.made))
            guard let first = rule.uiTypeOrder.first(where: made.contains) else { return nil }
            return (type == "UIViewController" ? method : type + "." + method, first)
        }

        /// The router's own `viewController`, whose class (one adopting the view controller protocol the router is given,
        /// in any file) declares a method the call reaches that only arranges the view hierarchy
        /// (`func cleanUp(completion: …) { child?.view.removeFromSuperview(); child?.removeFromParent(); completion?() }`):
        /// hierarchy management, whatever its name.
        /// So does an extension method of `ViewControllable` (or of what the router's protocol refines) that only
        /// arranges, called on the router's `viewController` or on a `viewControllable`
        /// (`child.viewControllable.setPresentationStyle(style: .overFullScreen)`).
        private func screenArranges(_ call: FunctionCallExprSyntax, method: String, base: ExprSyntax) -> Bool {
            let receiver = base.unwrapped
            let own = NavigationFacts.isOwn("viewController", receiver)
            guard own || receiver.lastName == "viewControllable" else { return false }
            let refined = own ? viewControllable.map { resolver.supertypes(of: [$0]) } ?? ["ViewControllable"] : ["ViewControllable"]
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            let trailing = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
            return resolver.helperMethods(named: method, doing: .arranges).contains { helper in
                guard helper.accepts(labels: labels, trailingClosures: trailing) else { return false }
                if refined.contains(helper.type) { return true }
                return own && viewControllable.map { resolver.supertypes(of: [helper.type]).contains($0) } == true
            }
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = constructedType(node), rule.uiTypes.contains(name) {
                report(node, "router builds UI content ('\(name)'); let the presenter build it, driven by the interactor through its Presentable")
            } else if let (helper, name) = helperBuildingUI(node) {
                report(node, "router builds UI content ('\(name)') through '\(helper)'; let the presenter build it, driven by the interactor through its Presentable")
            } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                let method = member.declName.baseName.text
                let labels = node.arguments.compactMap { $0.label?.text }
                let (rootReaches, members) = reach.chain(base)
                if rootReaches, let item = members.first(where: RouterUIAccessRule.barItems.contains) {
                    report(node, "router calls '\(method)' on a view controller's \(item); bar items are UI, so let the presenter configure them")
                } else if rootReaches, members == ["view"], RouterUIAccessRule.viewStateCalls.contains(method) {
                    report(node, "router calls '\(method)' on a view controller's view; a router may only manage the view hierarchy, so route UI changes through the interactor and its Presentable")
                } else if reach.reaches(base), !passesViewController(node), !(RouterUIAccessRule.barVisibility.contains(method) && isContainer(base)),
                    !rule.isHierarchyOperation(method, labels: labels) && !screenArranges(node, method: method, base: base)
                        || labels.contains(where: ViewHierarchy.contentLabels.contains)
                {
                    report(node, "router calls '\(method)' on a view controller; a router may only manage the view hierarchy, so route UI changes through the interactor and its Presentable")
                } else if let owner = base.lastName, presentables.contains(owner) {
                    report(node, "router calls Presentable member '\(method)'; the interactor drives the presenter, not the router")
                }
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            for (index, element) in elements.enumerated() {
                if element.is(AssignmentExprSyntax.self), index > 0, !(index + 1 < elements.count && handsOverViewController(elements[index + 1])) {
                    checkAssignment(to: elements[index - 1])
                }
                if element.is(UnresolvedAsExprSyntax.self) || element.is(UnresolvedIsExprSyntax.self),
                    index + 1 < elements.count, let type = elements[index + 1].as(TypeExprSyntax.self)?.type
                {
                    checkCast(element, of: index > 0 ? elements[index - 1] : nil, to: type)
                }
            }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.baseName.text
            if isAppViewController(name), !makesNavigationContainer(node) {
                report(node, "router names the concrete view controller '\(name)'; work with its ViewControllable and leave the type to the builder")
            }
            return .visitChildren
        }

        /// An app's view controller by its name, or by the UIKit screen class it descends from; one named like a system
        /// framework's (`SFSafariViewController`) only when the project declares it.
        private func isAppViewController(_ name: String) -> Bool {
            (RIBName.isAppViewController(name) && !isDeclaredContainer(name))
                || RIBName.isPlatformViewController(name) && resolver.primary(name)?.kind == .class
                || !name.hasSuffix("ViewController") && isAppScreenClass(name)
        }

        /// A navigation or tab bar container the project declares that is no RIB's screen (`final class
        /// MainNavigationViewController: UINavigationController, ViewControllable`): a container the router may create,
        /// whatever its name. One that adopts a RIB's contract (`RootTabViewController: UITabBarController,
        /// RootPresentable`, or `RootViewControllable`), here or in an extension, is a RIB's concrete screen.
        private func isDeclaredContainer(_ name: String) -> Bool {
            guard let entry = resolver.primary(name), entry.kind == .class else { return false }
            let supertypes = resolver.supertypes(of: entry.inherited + resolver.extensionConformances(of: name))
            return supertypes.contains(where: ViewControllerReach.containerClasses.contains)
                && !supertypes.contains { name in
                    // RIBs' bare `ViewControllable` lets a container be presented; a RIB's own contract makes a screen.
                    let role = ProtocolRole(protocolName: name)
                    return role == .presentable || role == .viewControllable && name != "ViewControllable"
                }
        }

        /// `FacecarNavigationViewController(rootViewController: screen)`: a navigation container made around a screen,
        /// whatever its class's name — one declared where Swift cannot see it (in Objective-C), or declared as a container.
        /// A class the project declares as a screen taking a `rootViewController:` is a screen all the same.
        private func makesNavigationContainer(_ reference: DeclReferenceExprSyntax) -> Bool {
            var called = Syntax(reference)
            if let member = called.parent?.as(MemberAccessExprSyntax.self), member.base?.id == called.id, member.declName.baseName.text == "init" {
                called = Syntax(member)
            }
            guard let call = called.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == called.id,
                call.arguments.first?.label?.text == "rootViewController"
            else { return false }
            return resolver.primary(reference.baseName.text) == nil || isDeclaredContainer(reference.baseName.text)
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            let name = node.name.text
            if isAppViewController(name), node.parent?.is(TypeExprSyntax.self) != true {
                report(node, "router names the concrete view controller '\(name)'; work with its ViewControllable and leave the type to the builder")
            }
            return .visitChildren
        }

        /// A view controller itself, or a closure giving one (`{ child.viewControllable.uiviewController }`): setting it
        /// on a screen hands it a view to hold, as `embed(child.viewControllable)` would — hierarchy, not UI state.
        private func handsOverViewController(_ value: ExprSyntax) -> Bool {
            var value = value
            if let closure = value.as(ClosureExprSyntax.self) {
                guard closure.statements.count == 1, let item = closure.statements.first?.item else { return false }
                if let returned = item.as(ReturnStmtSyntax.self)?.expression {
                    value = returned
                } else if let expression = item.as(ExprSyntax.self) {
                    value = expression
                } else {
                    return false
                }
            }
            let (rootReaches, members) = reach.chain(value)
            return rootReaches && (members.isEmpty || members == ["uiviewController"])
        }

        private func checkAssignment(to target: ExprSyntax) {
            // A container the router made is its own to set up, but its bars and items, and what they show, are the
            // screen's UI: `navigation.tabBarItem = …`, `navigation.tabBarItem.image = …`, `navigation.navigationBar
            // .tintColor = …`. Whether the bar shows at all is how the stack is navigated (`navigationBar.isHidden`).
            let (steps, root) = ViewControllerReach.memberChain(target)
            var path: [String] = []
            for (position, step) in steps.enumerated() {
                path.insert(step.name, at: 0)
                let base = position + 1 < steps.count ? steps[position + 1].node : root
                // The container itself, or the one a wrapper made here holds (`navigation.navigationController.navigationBar`).
                let made = base.as(MemberAccessExprSyntax.self).flatMap { member in
                    member.declName.baseName.text == "navigationController" ? member.base?.unwrapped : nil
                } ?? base
                if let first = path.first, RouterUIAccessRule.barItems.contains(first), path != ["navigationBar", "isHidden"],
                    let container = made.as(DeclReferenceExprSyntax.self), reach.madeContainers.contains(container.baseName.text)
                {
                    report(target, "router sets '\(path.joined(separator: "."))' on a view controller; UI state belongs to the presenter, driven by the interactor")
                    return
                }
            }
            let (rootReaches, members) = reach.chain(target)
            guard rootReaches, !members.isEmpty else {
                // Not reached from the router's screen, nor made here, but a view controller's all the same: a container a
                // component provides (`let home = component.homeNavigation; home.tabBarItem = …`).
                if let items = Self.viewControllerItemPath(target), Self.isLocalViewController(target) {
                    report(target, "router sets '\(items)' on a view controller; UI state belongs to the presenter, driven by the interactor")
                }
                return
            }
            // A presentation setting, or one of its own (`sheetPresentationController?.prefersGrabberVisible`); not what
            // is reached through it (`sheetPresentationController?.presentedViewController.title`).
            if let setting = members.firstIndex(where: { ViewHierarchy.presentationProperties.contains($0) }), setting >= members.count - 2 { return }
            if isContainerDelegate(target, members: members) { return }
            // `picker.listener = interactor` on a screen the router makes itself: wiring who hears it, no UI state; the
            // screen is reported where its class is named. (The router's own screen's listener is the interactor's to set.)
            if members.last == "listener", Self.isMadeHere(target) { return }
            // The window's root swapped (`viewController.uiviewController.view.window?.rootViewController = main`): which
            // screen the app shows, as RIBs' own launch router sets it — hierarchy, not UI state.
            if members.suffix(3).elementsEqual(["view", "window", "rootViewController"]) { return }
            if let last = members.last, RouterUIAccessRule.barVisibility.contains(last),
                let owner = target.unwrapped.as(MemberAccessExprSyntax.self)?.base, isContainer(owner)
            {
                return
            }
            report(target, "router sets '\(members.joined(separator: "."))' on a view controller; UI state belongs to the presenter, driven by the interactor")
        }

        /// The members from a `tabBarItem` or `navigationItem` on in an assignment's target (`tabBarItem.image`), where
        /// the target reaches one.
        static func viewControllerItemPath(_ target: ExprSyntax) -> String? {
            var path: [String] = []
            for member in ViewControllerReach.memberChain(target).members {
                path.insert(member.name, at: 0)
                if RouterUIAccessRule.viewControllerItems.contains(path[0]) { return path.joined(separator: ".") }
            }
            return nil
        }

        /// Whether the target's root is a local of the function the router made or took a view controller into: declared
        /// as one (`let tab: UINavigationController = …`), constructed (`UIViewController()`), or read from a property of
        /// that name (`component.homeNavigationController`); or a parameter of a closure or of the method declared as one.
        /// Not `self`, the listener, the interactor or a stored value.
        /// Whether `target` is reached from a local the enclosing method binds to a construction (`let picker =
        /// DatePickerViewController(…)`).
        static func isMadeHere(_ target: ExprSyntax) -> Bool {
            guard let root = ViewControllerReach.memberChain(target).root.as(DeclReferenceExprSyntax.self)?.baseName.text, root != "self" else { return false }
            let value = target.visibleLocalBinding(of: root)?.initializer?.value.unwrapped
            return value?.as(FunctionCallExprSyntax.self)?.constructedTypeName?.first?.isUppercase == true
        }

        static func isLocalViewController(_ target: ExprSyntax) -> Bool {
            guard let root = ViewControllerReach.memberChain(target).root.as(DeclReferenceExprSyntax.self)?.baseName.text, root != "self" else { return false }
            var node = target.parent
            /// The innermost closure on the way that declares a parameter of that name, and the parameter's type (`{ (tab:
            /// UIViewController) in … }`).
            var closureParameter: (closure: Syntax, type: TypeSyntax?)?
            while let current = node, !current.is(FunctionDeclSyntax.self), !current.is(InitializerDeclSyntax.self) {
                if closureParameter == nil, case .parameterClause(let clause)? = current.as(ClosureExprSyntax.self)?.signature?.parameterClause,
                    let parameter = clause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == root })
                {
                    closureParameter = (current, parameter.type)
                }
                node = current.parent
            }
            let bindings = node?.as(FunctionDeclSyntax.self)?.localBindings ?? node?.as(InitializerDeclSyntax.self)?.localBindings ?? []
            // The innermost declaration of the name wins: a local in view shadows a parameter (`let tab = tab`) unless it
            // lies outside the closure whose parameter it is.
            let binding = bindings.last { binding in
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == root && binding.isVisible(at: target)
                    && closureParameter.map { binding.position >= $0.closure.position && binding.endPosition <= $0.closure.endPosition } != false
            }
            func declaresController(_ type: TypeSyntax?) -> Bool { type?.heldTypeNames.first?.hasSuffix("Controller") == true }
            if binding == nil, let closureParameter { return declaresController(closureParameter.type) }
            if binding == nil {
                // A parameter of the method declared as one (`func style(_ tab: UINavigationController)`).
                let parameters = node?.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
                    ?? node?.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
                return declaresController(parameters?.first(where: { ($0.secondName ?? $0.firstName).text == root })?.type)
            }
            guard let binding else { return false }
            if let declared = binding.typeAnnotation?.type.heldTypeNames.first { return declared.hasSuffix("Controller") }
            guard let value = binding.initializer?.value.unwrapped else { return false }
            if let call = value.as(FunctionCallExprSyntax.self) { return call.calledExpression.lastName?.hasSuffix("Controller") == true }
            return value.as(MemberAccessExprSyntax.self)?.declName.baseName.text.hasSuffix("Controller") == true
        }

        /// A cast to an app's view controller, or of a view controller to a concrete controller class
        /// (`viewController.uiviewController as? MainTabBarController`), reaches past the ViewControllable.
        private func checkCast(_ cast: ExprSyntax, of source: ExprSyntax?, to type: TypeSyntax) {
            guard let name = type.heldTypeNames.first else { return }
            if isAppViewController(name) || source.map(reach.reaches) == true && isAppScreenClass(name) {
                report(cast, "router casts to the concrete view controller '\(name)'; work with its ViewControllable instead")
            } else if ProtocolRole(protocolName: name) == .presentable {
                report(cast, "router casts to Presentable '\(name)'; the interactor drives the presenter, not the router")
            }
        }

        /// A call handing a view controller to another is a hierarchy operation, whatever its name: a child's
        /// `viewControllable`, a list of them (`setTabs(tabs)`, `setVewControllers(viewControllers: [feed()])`),
        /// or what a router method returning one gives.
        private func passesViewController(_ call: FunctionCallExprSyntax) -> Bool {
            call.arguments.contains { isViewController($0.expression, in: call) }
        }

        private func isViewController(_ expression: ExprSyntax, in call: FunctionCallExprSyntax) -> Bool {
            if reach.reaches(expression) { return true }
            if let array = expression.as(ArrayExprSyntax.self) {
                return array.elements.contains { isViewController($0.expression, in: call) }
            }
            if let inner = expression.as(FunctionCallExprSyntax.self),
                let name = inner.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            {
                return viewControllerMethods.contains(name)
            }
            if expression.trimmedText.contains("viewControllable") { return true }
            guard let name = expression.lastName else { return false }
            if name.hasSuffix("ViewController") || name.hasSuffix("viewController") || name.hasSuffix("ViewControllers")
                || name.hasSuffix("viewControllers") || name == "viewControllable"
            {
                return true
            }
            // A local of the routing method holding view controllables: by its annotation, or by what it is built
            // from, or as an instance of a project type that is a view controllable (`NavigationControllable(root:)`).
            guard expression.is(DeclReferenceExprSyntax.self), let function = call.enclosingFunction else { return false }
            return function.localBindings.contains { binding in
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name && binding.isVisible(at: expression)
                    && (binding.typeAnnotation.map { Self.holdsViewController($0.type) } == true
                        || binding.initializer?.value.trimmedText.contains("viewControllable") == true
                        || binding.initializer.map { constructsViewControllable($0.value) } == true
                        // `let tabs = [feed, search]` of such locals.
                        || binding.initializer?.value.as(ArrayExprSyntax.self).map { array in
                            !array.elements.isEmpty && array.elements.allSatisfy { isViewController($0.expression, in: call) }
                        } == true)
            }
        }

        private func constructsViewControllable(_ value: ExprSyntax) -> Bool {
            guard let call = value.as(FunctionCallExprSyntax.self), let name = constructedType(call), name.first?.isUppercase == true,
                resolver.primary(name) != nil
            else { return false }
            return resolver.supertypes(of: [name]).contains { $0.hasSuffix("ViewControllable") }
        }

        static func holdsViewController(_ type: TypeSyntax) -> Bool {
            type.heldTypeNames.contains { $0.hasSuffix("ViewControllable") || $0 == "UIViewController" }
        }

        /// A navigation container: the view controller's `navigationController`, or one the router holds.
        private func isContainer(_ expression: ExprSyntax) -> Bool {
            guard let name = expression.lastName else { return false }
            return RouterUIAccessRule.containerProperties.contains(name) || containers.contains(name)
        }

        /// `navigationController?.delegate = self`, `navigation.delegate = self` on a stored container: navigation
        /// management. A screen's own `delegate`, or a table view's, is UI.
        private func isContainerDelegate(_ target: ExprSyntax, members: [String]) -> Bool {
            guard members.last == "delegate", let owner = target.unwrapped.as(MemberAccessExprSyntax.self)?.base?.lastName else { return false }
            return RouterUIAccessRule.containerProperties.contains(owner) || containers.contains(owner)
        }

        /// A view controller class of the project's that is a screen, whatever its name (`final class AlertVC:
        /// BaseViewController`), not a container (a navigation, tab bar, split or page controller subclass manages the
        /// hierarchy).
        private func isAppScreenClass(_ name: String) -> Bool {
            guard name.first?.isUppercase == true, !RIBName.isUIKit(name), let entry = resolver.primary(name), entry.kind == .class else {
                return false
            }
            let supertypes = resolver.supertypes(of: entry.inherited)
            return supertypes.contains { $0.hasSuffix("ViewController") }
                && !supertypes.contains { ViewControllerReach.containerClasses.contains($0) }
        }

        /// `UIAlertController(…)`, `UIAlertController.init(…)`, and `.init(…)` under the type annotation of what it
        /// initializes (`let alert: UIAlertController = .init(…)`), as what a method returns (`func item() ->
        /// UITabBarItem { return .init(…) }`, the `return` written or not), or handed to an alert's `addAction`.
        private func constructedType(_ call: FunctionCallExprSyntax) -> String? {
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" else { return nil }
            if let base = member.base { return base.as(DeclReferenceExprSyntax.self)?.baseName.text }
            if let annotated = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?.typeAnnotation {
                return annotated.type.heldTypeNames.first
            }
            // `alert.addAction(.init(title: "Cancel", style: .cancel))`: an alert's action, by the method it is handed to.
            if let argument = call.parent?.as(LabeledExprSyntax.self), argument.label == nil,
                let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self), outer.arguments.count == 1,
                outer.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "addAction"
            {
                return "UIAlertAction"
            }
            // What a method or a computed property returns: `return .init(…)` anywhere in its body (a `switch`'s case, an
            // `if`), or the body's only statement; not a closure's.
            if call.parent?.is(ReturnStmtSyntax.self) != true {
                guard let item = call.parent?.as(CodeBlockItemSyntax.self), item.parent?.as(CodeBlockItemListSyntax.self)?.count == 1 else { return nil }
            }
            var node = call.parent
            while let current = node {
                if current.is(ClosureExprSyntax.self) { return nil }
                if let function = current.as(FunctionDeclSyntax.self) { return function.signature.returnClause?.type.heldTypeNames.first }
                if let binding = current.as(PatternBindingSyntax.self) {
                    return binding.accessorBlock == nil ? nil : binding.typeAnnotation?.type.heldTypeNames.first
                }
                if current.is(MemberBlockItemSyntax.self) { return nil }
                // The only statement stands for the body only where it is the body's (not a branch's).
                if call.parent?.is(ReturnStmtSyntax.self) != true, current.is(CodeBlockSyntax.self) || current.is(AccessorBlockSyntax.self),
                    current.parent?.is(FunctionDeclSyntax.self) != true, current.parent?.is(PatternBindingSyntax.self) != true,
                    current.parent?.is(AccessorDeclSyntax.self) != true
                {
                    return nil
                }
                node = current.parent
            }
            return nil
        }
    }
}
