import RibsLintKit
import SwiftSyntax

/// Collects violations, at most one per statement: a statement that both casts and calls is one lesson.
struct OnePerStatement {
    private(set) var violations: [Violation] = []
    private var reported: Set<SyntaxIdentifier> = []

    mutating func report(_ node: some SyntaxProtocol, _ message: String, fix: [Edit] = []) {
        let statement = node.enclosingStatement?.id ?? node.id
        guard reported.insert(statement).inserted else { return }
        violations.append(Violation(at: node, message, fix: fix))
    }

    /// The statement's lesson is taught by a finding elsewhere: nothing is reported there.
    mutating func settle(_ node: some SyntaxProtocol) {
        reported.insert(node.enclosingStatement?.id ?? node.id)
    }

    /// Records a violation whatever its statement already holds.
    mutating func append(_ violation: Violation) {
        violations.append(violation)
    }
}
