import RibsLintKit
import SwiftSyntax

/// Navigation controllers configured where they are made and handed to a router's initializer: a builder that makes
/// the container, hides its bar, and hands it to the router it constructs (`ShopRouter(interactor: interactor,
/// navigationController: navigation)`), which keeps it and pushes onto it. What `back_navigation` reads of the guide's
/// first option when the bar is hidden away from the router.
extension NavigationFacts {
    /// A container a function makes and hands to an initializer of `type` under `label`: its bar hidden there
    /// (`navigation.isNavigationBarHidden = true`, `setNavigationBarHidden(true, …)`, `navigationBar.isHidden = true`),
    /// or made by `factory`, an app's method that returns a container whose bar it hid (known once every file is read).
    public struct HandedContainer: Codable, Sendable, Equatable {
        public let type: String
        public let label: String
        /// Nil where the function itself hid the bar.
        public let factory: String?
    }

    /// A push onto a stored property of `router` that its initializer sets from the parameter labelled `label`.
    public struct PushOntoHanded: Codable, Sendable, Equatable {
        public let router: String
        public let label: String
        public let point: SourcePoint
    }

    /// The containers the file's functions make without a bar and hand to initializers, and the names of its methods
    /// that make and return such a container (`static func makeFlowContainer() -> UINavigationController`).
    static func handedContainers(in file: LintFile) -> (handed: [HandedContainer], factories: [String]) {
        var handed: [HandedContainer] = []
        var factories: [String] = []
        for type in file.model.types where type.kind == .class || type.kind == .extension || type.kind == .struct || type.kind == .enum {
            for function in type.functions {
                guard let body = function.body else { continue }
                let finder = ContainerFinder(viewMode: .sourceAccurate)
                finder.walk(body)
                for (type, label, local, factory) in finder.handed {
                    if let local, let made = finder.locals[local] {
                        if made.hidden == true {
                            handed.append(HandedContainer(type: type, label: label, factory: nil))
                        } else if made.hidden == nil, let factory = made.factory {
                            handed.append(HandedContainer(type: type, label: label, factory: factory))
                        }
                    } else if let factory {
                        handed.append(HandedContainer(type: type, label: label, factory: factory))
                    }
                }
                if finder.returned.contains(where: { finder.locals[$0]?.hidden == true }), !factories.contains(function.name.text) {
                    factories.append(function.name.text)
                }
            }
        }
        return (handed, factories)
    }

    /// Walks one function: the containers it makes in locals and what it does with their bars, the initializers it hands
    /// them to, and the locals it returns.
    private final class ContainerFinder: SyntaxVisitor {
        /// A local holding a container the function made: whether the function leaves its bar hidden (nil: it says
        /// nothing), and the app's method that made it, if one did.
        struct Local {
            var hidden: Bool?
            var factory: String?
        }
        var locals: [String: Local] = [:]
        /// Initializer calls handed a container: the type, the argument's label, and the local or the factory call.
        var handed: [(type: String, label: String, local: String?, factory: String?)] = []
        var returned: Set<String> = []

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
            locals[name] = nil
            guard let call = node.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self) else { return .visitChildren }
            if Self.makesContainer(call) {
                locals[name] = Local(hidden: nil, factory: nil)
            } else if let factory = Self.factory(call) {
                locals[name] = Local(hidden: nil, factory: factory)
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
            // `navigation.isNavigationBarHidden = true`, `navigation.navigationBar.isHidden = true` (the rule's decision).
            let elements = Array(node.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let value = elements[2].as(BooleanLiteralExprSyntax.self),
                let target = elements[0].as(MemberAccessExprSyntax.self)
            else { return .visitChildren }
            let hidden = value.literal.tokenKind == .keyword(.true)
            if target.declName.baseName.text == "isNavigationBarHidden" {
                setBar(of: target.base, hidden: hidden)
            } else if target.declName.baseName.text == "isHidden", let bar = target.base?.as(MemberAccessExprSyntax.self),
                bar.declName.baseName.text == "navigationBar"
            {
                setBar(of: bar.base, hidden: hidden)
            }
            return .visitChildren
        }

        override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.expression?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text { returned.insert(name) }
            return .visitChildren
        }

        /// A local's bar hidden or shown: the later statement wins.
        private func setBar(of base: ExprSyntax?, hidden: Bool) {
            guard let name = base?.as(DeclReferenceExprSyntax.self)?.baseName.text, locals[name] != nil else { return }
            locals[name]?.hidden = hidden
        }

        /// `UINavigationController()`, `AppNavigationController(rootViewController: …)`, `UINavigationController.init()`.
        static func makesContainer(_ call: FunctionCallExprSyntax) -> Bool {
            var called = call.calledExpression
            if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base {
                called = base
            }
            guard let name = called.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
            return name.hasSuffix("NavigationController")
        }

        /// A container made by a static method of a navigation controller class (`UINavigationController
        /// .makeFlowContainer()`): the method's name.
        static func factory(_ call: FunctionCallExprSyntax) -> String? {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind != .keyword(.`init`),
                let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base.hasSuffix("NavigationController")
            else { return nil }
            return member.declName.baseName.text
        }
    }
}
