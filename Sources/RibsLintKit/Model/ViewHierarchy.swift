import Foundation
import SwiftSyntax

/// What managing the view hierarchy is, by the calls that do it: what `router_ui_access` lets a router call on a view
/// controller unless configured otherwise, and what a screen's method may call and still only arrange its hierarchy
/// (`DeclaredType.helperMethods`, `arranges cleanUp(completion?:)`).
public enum ViewHierarchy {
    public static let operations = [
        "present*", "dismiss*", "push*", "pop*", "show(_:sender:)", "showDetailViewController*",
        "set*ViewControllers", "set*ViewController", "setTabs", "embed*", "addChild*", "removeFromParent", "willMove*",
        "didMove*", "addSubview", "removeFromSuperview", "replace*", "attach*", "detach*",
        "setNeedsStatusBarAppearanceUpdate", "setNeedsUpdateOf*",
    ]

    /// Text every one of `operations` and `presentationProperties` contains: a file holding none declares no method
    /// that arranges the hierarchy.
    static let words = ["present", "dismiss", "push", "pop", "show", "ViewController", "setTabs", "embed", "addChild", "removeFrom",
                        "willMove", "didMove", "addSubview", "replace", "attach", "detach", "setNeeds", "Presentation", "Transition", "transitioning",
                        "selected", "iewControllers", "frame", "utoresizing", "hidesBottomBar"]

    /// The default operations, read once.
    static let defaultOperations = Operations(operations)

    /// Calls that manage the view hierarchy, as patterns (`present*`, `show(_:sender:)`: `*` matches any text, and
    /// `name(_:label:)` requires the label), read once: a router's configured `hierarchy_methods`, or the defaults.
    public struct Operations: Sendable {
        private let patterns: [Pattern]
        /// The letters the patterns start with: most calls start with another, and are no operation.
        private let firstLetters: Set<UInt8>

        public init(_ patterns: [String]) {
            self.patterns = patterns.map(Pattern.init)
            firstLetters = Set(patterns.compactMap { $0.utf8.first })
        }

        /// Whether a call of `name` with these argument labels is one of the operations.
        public func contains(_ name: String, labels: [String]) -> Bool {
            guard let first = name.utf8.first, firstLetters.contains(first) || firstLetters.contains(UInt8(ascii: "*")) else { return false }
            return patterns.contains { $0.matches(name, labels: labels) }
        }
    }

    /// `set*ViewControllers`, `show(_:sender:)`: the name's text around each `*`, and the labels a call must have.
    private struct Pattern: Sendable {
        let parts: [Substring]
        let required: [Substring]

        init(_ text: String) {
            var name = Substring(text)
            var required: [Substring] = []
            if let open = name.firstIndex(of: "(") {
                required = name[name.index(after: open)...].dropLast().split(separator: ":").filter { $0 != "_" }
                name = name[..<open]
            }
            parts = name.split(separator: "*", omittingEmptySubsequences: false)
            self.required = required
        }

        func matches(_ name: String, labels: [String]) -> Bool {
            guard required.allSatisfy({ label in labels.contains { $0 == label } }) else { return false }
            return Wildcard.matches(parts, name)
        }
    }

    /// The entries (`arranges cleanUp(completion?:)`) of the methods among `members` whose bodies only arrange the view
    /// hierarchy: each call a hierarchy operation (`removeFromParent()`, `view.removeFromSuperview()`,
    /// `setViewControllers(…)`), a closure handed in (`completion?()`), or what only carries those along (`Task { … }`,
    /// `DispatchQueue.main.async { … }`, `map`, `forEach`), none handing over text (`title:`, `message:`); each
    /// assignment to a stored property these members declare or to a view's frame or layout flags; at least one
    /// operation, or a presentation property set (`uiviewController.modalPresentationStyle = style`, `selectedIndex = 2`). Such a method, called by a router on its view controller,
    /// manages the view hierarchy whatever its name.
    /// - Parameter stored: the stored properties of the type (its class's, for an extension in the same file), worked
    ///   out only for a method that assigns a property of its own.
    static func arranging(in block: MemberBlockSyntax, stored: () -> Set<String>) -> [String] {
        var known: Set<String>?
        return block.members.compactMap { member -> String? in
            guard let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body else { return nil }
            let reader = ArrangementReader(parameters: Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }))
            reader.walk(body)
            guard reader.arranges, !reader.doesMore else { return nil }
            if !reader.assigned.isEmpty {
                if known == nil { known = stored() }
                guard reader.assigned.isSubset(of: known!) else { return nil }
            }
            return "arranges " + HelperMethod.signature(of: function)
        }
    }

    /// Calls that only carry hierarchy operations along: running them later or on the main actor, or over a list.
    static let carriers: Set<String> = ["Task", "async", "asyncAfter", "map", "compactMap", "forEach", "filter", "reversed"]
    /// Assigning these on a view controller configures presentation or layout, not content.
    public static let presentationProperties: Set<String> = [
        "modalPresentationStyle", "modalTransitionStyle", "transitioningDelegate", "isModalInPresentation",
        "modalPresentationCapturesStatusBarAppearance", "viewControllers", "selectedIndex", "selectedViewController",
        "translatesAutoresizingMaskIntoConstraints", "frame", "autoresizingMask", "presentationController",
        "popoverPresentationController", "sheetPresentationController", "hidesBottomBarWhenPushed",
    ]

    /// Arguments that hand a screen text to show: a call with one (`presentAlert(title:message:)`) builds what the
    /// screen shows, whatever its name.
    public static let contentLabels: Set<String> = ["title", "message", "text", "subtitle", "body"]
    /// A view's bounds, which embedding a child's view sets beside its frame and layout flags (those are among
    /// `presentationProperties`).
    static let layout: Set<String> = ["bounds"]

    private final class ArrangementReader: SyntaxVisitor {
        let parameters: Set<String>
        /// It makes a hierarchy operation, and something else.
        var arranges = false
        var doesMore = false
        /// The names of the type's own properties it assigns (`activeFlow = nil`, `self.activeFlow = child`): each must
        /// be a stored property the type declares.
        var assigned: Set<String> = []

        init(parameters: Set<String>) {
            self.parameters = parameters
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard !doesMore else { return .skipChildren }
            let called = node.calledExpression.unwrapped
            let labels = node.arguments.map { $0.label?.text ?? "_" }
            // Text handed over (`presentAlert(title:message:)`) is what the screen shows, whatever the call's name.
            if labels.contains(where: contentLabels.contains) {
                doesMore = true
                return .skipChildren
            }
            // `removeFromParent()` or `child.removeFromParent()`; a closure handed in is called by its name alone.
            let reference = called.as(DeclReferenceExprSyntax.self)
            guard let name = reference?.baseName.text ?? called.as(MemberAccessExprSyntax.self)?.declName.baseName.text else {
                doesMore = true
                return .visitChildren
            }
            if defaultOperations.contains(name, labels: labels) {
                arranges = true
            } else if !carriers.contains(name) && !(reference != nil && parameters.contains(name)) {
                doesMore = true
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            guard !doesMore else { return .skipChildren }
            let elements = Array(node.elements)
            for (index, element) in elements.enumerated() where index > 0 {
                // `=`, and `+=` and the other operators that assign.
                let assigns = element.is(AssignmentExprSyntax.self)
                    || element.as(BinaryOperatorExprSyntax.self).map { $0.operator.text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains($0.operator.text) } == true
                if assigns, !isOwnOrLayout(elements[index - 1]) { doesMore = true }
            }
            return .visitChildren
        }

        /// `activeFlow = nil`, `self.activeFlow = child` (a stored property the members declare), `child.view.frame =
        /// view.bounds`; not `title = …`, which the screen inherits and shows.
        func isOwnOrLayout(_ target: ExprSyntax) -> Bool {
            // How a screen is presented, or which of its children shows (`modalPresentationStyle`, `selectedIndex`).
            let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text ?? target.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            if let name, presentationProperties.contains(name) {
                arranges = true
                return true
            }
            if let reference = target.as(DeclReferenceExprSyntax.self) {
                assigned.insert(reference.baseName.text)
                return true
            }
            guard let member = target.as(MemberAccessExprSyntax.self) else { return false }
            if layout.contains(member.declName.baseName.text) { return true }
            guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return false }
            assigned.insert(member.declName.baseName.text)
            return true
        }

        /// A nested function or type is not the method's own work.
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind { doesMore ? .skipChildren : .visitChildren }
    }
}

/// `*` matches any run of characters; everything else matches itself.
public enum Wildcard {
    public static func matches(_ pattern: Substring, _ text: String) -> Bool {
        matches(pattern.split(separator: "*", omittingEmptySubsequences: false), text)
    }

    /// The same for a pattern already split at its `*`s.
    static func matches(_ parts: [Substring], _ text: String) -> Bool {
        guard parts.count > 1 else { return parts.first.map { $0 == text } ?? text.isEmpty }
        var rest = Substring(text)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts[parts.count - 1])
    }
}
