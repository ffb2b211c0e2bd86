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

    /// Whether a call of `name` with these argument labels is one of `patterns`: `*` matches any text, and
    /// `name(_:label:)` requires the label.
    public static func isOperation(_ name: String, labels: [String], patterns: [String]) -> Bool {
        patterns.contains { Pattern($0).matches(name, labels: labels) }
    }

    /// The same with the default operations, read once.
    static func isOperation(_ name: String, labels: [String]) -> Bool {
        defaultPatterns.contains { $0.matches(name, labels: labels) }
    }

    private static let defaultPatterns = operations.map(Pattern.init)

    /// `set*ViewControllers`, `show(_:sender:)`: the name's text around each `*`, and the labels a call must have.
    private struct Pattern {
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
    /// `DispatchQueue.main.async { … }`, `map`, `forEach`); each assignment to a property of the type's own or to a
    /// view's frame or layout flags; at least one operation. Such a method, called by a router on its view controller,
    /// manages the view hierarchy whatever its name.
    static func arranging(in members: MemberBlockItemListSyntax) -> [String] {
        members.compactMap { member -> String? in
            guard let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body else { return nil }
            let reader = ArrangementReader(parameters: Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }))
            reader.walk(body)
            return reader.arranges && !reader.doesMore ? "arranges " + HelperMethod.signature(of: function) : nil
        }
    }

    /// Calls that only carry hierarchy operations along: running them later or on the main actor, or over a list.
    static let carriers: Set<String> = ["Task", "async", "asyncAfter", "map", "compactMap", "forEach", "filter", "reversed"]
    /// A view's placement, which embedding a child's view sets.
    static let layout: Set<String> = ["frame", "bounds", "translatesAutoresizingMaskIntoConstraints", "autoresizingMask"]

    private final class ArrangementReader: SyntaxVisitor {
        let parameters: Set<String>
        /// It makes a hierarchy operation, and something else.
        var arranges = false
        var doesMore = false

        init(parameters: Set<String>) {
            self.parameters = parameters
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard !doesMore else { return .skipChildren }
            var called = node.calledExpression
            while let inner = called.as(OptionalChainingExprSyntax.self)?.expression ?? called.as(ForceUnwrapExprSyntax.self)?.expression {
                called = inner
            }
            let labels = node.arguments.map { $0.label?.text ?? "_" }
            if let reference = called.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                if isOperation(name, labels: labels) {
                    arranges = true
                } else if !parameters.contains(name) && !carriers.contains(name) {
                    doesMore = true
                }
            } else if let member = called.as(MemberAccessExprSyntax.self) {
                let name = member.declName.baseName.text
                if isOperation(name, labels: labels) {
                    arranges = true
                } else if !carriers.contains(name) {
                    doesMore = true
                }
            } else {
                doesMore = true
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            guard !doesMore else { return .skipChildren }
            let elements = Array(node.elements)
            for (index, element) in elements.enumerated() where element.is(AssignmentExprSyntax.self) && index > 0 {
                if !Self.isOwnOrLayout(elements[index - 1]) { doesMore = true }
            }
            return .visitChildren
        }

        /// `activeFlow = nil`, `self.activeFlow = child`, `child.view.frame = view.bounds`.
        static func isOwnOrLayout(_ target: ExprSyntax) -> Bool {
            if target.is(DeclReferenceExprSyntax.self) { return true }
            guard let member = target.as(MemberAccessExprSyntax.self) else { return false }
            if layout.contains(member.declName.baseName.text) { return true }
            return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
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
