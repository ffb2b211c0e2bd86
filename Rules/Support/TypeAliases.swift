import RibsLintKit
import SwiftSyntax

enum TypeAliases {
    /// The type aliases a file declares, at any level outside bodies, by name: the names each one's type holds
    /// (`typealias GoalsStore = StoreOf<GoalsFeature>` → `["StoreOf"]`, as `heldTypeNames` reads it).
    static func declared(in file: LintFile) -> [String: [String]] {
        guard file.contains("typealias") else { return [:] }
        final class Finder: SyntaxVisitor {
            var aliases: [String: [String]] = [:]
            override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
                aliases[node.name.text] = node.initializer.value.heldTypeNames
                return .skipChildren
            }
            override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(file.tree)
        return finder.aliases
    }
}
