import RibsLintKit
import SwiftSyntax

/// Navigation controllers configured where they are made and handed to a router's initializer: a builder that makes
/// the container, hides its bar, and hands it to the router it constructs (`ShopRouter(interactor: interactor,
/// navigationController: navigation)`), which keeps it and pushes onto it. What `back_navigation` reads of the guide's
/// first option when the bar is hidden away from the router.
extension NavigationFacts {
    /// A container a function makes and hands to an initializer of `type` under `label`, and what the function leaves
    /// of its bar: hidden (`navigation.isNavigationBarHidden = true`, `setNavigationBarHidden(true, …)`,
    /// `navigationBar.isHidden = true`, or a container class that hides its own as it is made), shown, or nothing said
    /// of it; then, where an app's static method made it, that method (`UINavigationController.makeFlowContainer`), whose
    /// bar is known once every file is read.
    public struct HandedContainer: Codable, Sendable, Equatable {
        public let type: String
        public let label: String
        /// Nil where the function says nothing of the bar.
        public let barHidden: Bool?
        /// `Type.method` of the app's static method that made it.
        public let factory: String?

        /// Whether the container has no bar, given the app's methods that make containers without one.
        func isBarless(factories: Set<String>) -> Bool {
            barHidden ?? factory.map(factories.contains) ?? false
        }
    }

    /// A push onto a stored property of `router` that its initializers set only from parameters labelled `label`.
    public struct PushOntoHanded: Codable, Sendable, Equatable {
        public let router: String
        public let label: String
        public let point: SourcePoint
    }

    /// `UINavigationController(…)`, `UIKit.UINavigationController(…)`, `AppNavigationController.init(…)`, the guide's
    /// wrapper `NavigationControllerable(…)`: the class made; nil for any other call.
    static func madeContainer(_ call: FunctionCallExprSyntax) -> String? {
        var called = call.calledExpression
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base {
            called = base
        }
        guard let name = called.lastName, name.first?.isUppercase == true else { return nil }
        return name.hasSuffix("NavigationController") || NavigationControllerDiscoveryRule.isNavigationWrapper(name) ? name : nil
    }

    /// `navigation.isNavigationBarHidden = true`, or `navigation.navigationBar.isHidden = true` (the rule's decision: it
    /// counts as hiding the bar): the container, whether the bar is hidden, and whether it was set through `navigationBar`.
    static func barAssignment(_ elements: [ExprSyntax]) -> (container: ExprSyntax?, hidden: Bool, throughBar: Bool)? {
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let value = elements[2].as(BooleanLiteralExprSyntax.self),
            let target = elements[0].as(MemberAccessExprSyntax.self)
        else { return nil }
        let hidden = value.literal.tokenKind == .keyword(.true)
        if target.declName.baseName.text == "isNavigationBarHidden" { return (target.base, hidden, false) }
        guard target.declName.baseName.text == "isHidden", let bar = target.base?.as(MemberAccessExprSyntax.self),
            bar.declName.baseName.text == "navigationBar"
        else { return nil }
        return (bar.base, hidden, true)
    }

    /// The containers the file's functions make and hand to initializers, and its static methods that make and return
    /// a container whose bar they hid (`static func makeFlowContainer() -> UINavigationController`), as `Type.method`.
    static func handedContainers(in file: LintFile) -> (handed: [HandedContainer], factories: [String]) {
        var handed: [HandedContainer] = []
        var factories: [String] = []
        let types = file.model.projectTypes
        let hidesBarAtInit = { (name: String) in types.helperMethods(ofType: name).contains(DeclaredType.hidesBarAtInit) }
        for declaration in file.model.types where declaration.kind != .protocol {
            for function in declaration.functions {
                guard let body = function.body else { continue }
                let finder = ContainerFinder(hidesBarAtInit: hidesBarAtInit)
                finder.walk(body)
                for site in finder.handed {
                    if let local = site.local {
                        // A name bound twice in the function (two branches, a closure's own) says nothing sure.
                        guard let made = finder.locals[local], !finder.rebound.contains(local) else { continue }
                        handed.append(HandedContainer(type: site.type, label: site.label, barHidden: made.barHidden, factory: made.factory))
                    } else {
                        handed.append(HandedContainer(type: site.type, label: site.label, barHidden: nil, factory: site.factory))
                    }
                }
                let isStatic = function.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
                if isStatic, !finder.returned.isEmpty,
                    finder.returned.allSatisfy({ finder.locals[$0]?.barHidden == true && !finder.rebound.contains($0) })
                {
                    let key = declaration.name + "." + function.name.text
                    if !factories.contains(key) { factories.append(key) }
                }
            }
        }
        return (handed, factories)
    }

    /// Walks one function: the containers it makes in locals and what it does with their bars, the initializers it hands
    /// them to, and the names it returns.
    private final class ContainerFinder: SyntaxVisitor {
        /// A local holding a container the function made: what the function leaves of its bar (nil: it says nothing),
        /// and the app's static method that made it, if one did.
        struct Local {
            var barHidden: Bool?
            var factory: String?
        }
        let hidesBarAtInit: (String) -> Bool
        var locals: [String: Local] = [:]
        /// Names bound more than once.
        var rebound: Set<String> = []
        private var bound: Set<String> = []
        /// Initializer calls handed a container: the type, the argument's label, and the local or the factory call.
        var handed: [(type: String, label: String, local: String?, factory: String?)] = []
        var returned: [String] = []

        init(hidesBarAtInit: @escaping (String) -> Bool) {
            self.hidesBarAtInit = hidesBarAtInit
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
            if !bound.insert(name).inserted { rebound.insert(name) }
            guard let call = node.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self) else { return .visitChildren }
            if let made = NavigationFacts.madeContainer(call) {
                locals[name] = Local(barHidden: hidesBarAtInit(made) ? true : nil, factory: nil)
            } else if let factory = Self.factory(call) {
                locals[name] = Local(barHidden: nil, factory: factory)
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            // `navigation.setNavigationBarHidden(true, animated: false)`.
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "setNavigationBarHidden",
                let value = node.arguments.first?.expression.as(BooleanLiteralExprSyntax.self)
            {
                setBar(of: member.base, hidden: value.literal.tokenKind == .keyword(.true))
            }
            // `ShopRouter(interactor: interactor, navigationController: navigation)`, `ShopRouter.init(…)`.
            var called = node.calledExpression
            if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base {
                called = base
            }
            if let type = called.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true {
                for argument in node.arguments {
                    guard let label = argument.label?.text else { continue }
                    if let local = argument.expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, locals[local] != nil {
                        handed.append((type, label, local, nil))
                    } else if let made = argument.expression.unwrapped.as(FunctionCallExprSyntax.self), let factory = Self.factory(made) {
                        handed.append((type, label, nil, factory))
                    }
                }
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            if let assignment = NavigationFacts.barAssignment(Array(node.elements)) { setBar(of: assignment.container, hidden: assignment.hidden) }
            return .visitChildren
        }

        override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.expression?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text { returned.append(name) }
            return .visitChildren
        }

        /// A local's bar hidden or shown: the later statement wins.
        private func setBar(of base: ExprSyntax?, hidden: Bool) {
            guard let name = base?.as(DeclReferenceExprSyntax.self)?.baseName.text, locals[name] != nil else { return }
            locals[name]?.barHidden = hidden
        }

        /// A container made by a static method of a navigation controller class (`UINavigationController
        /// .makeFlowContainer()`): `Type.method`.
        static func factory(_ call: FunctionCallExprSyntax) -> String? {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind != .keyword(.`init`),
                let base = member.base?.lastName, base.hasSuffix("NavigationController")
            else { return nil }
            return base + "." + member.declName.baseName.text
        }
    }
}
