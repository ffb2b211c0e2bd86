import Foundation
@testable import RibsLintKit
import SwiftParser
import SwiftSyntax
import Testing

@Suite("A node's trimmed text")
struct SyntaxTextTests {
    /// Every node of these sources, well formed and broken (missing tokens first and last, unexpected code,
    /// comments and unicode in trivia), gets the text swift-syntax's `trimmedDescription` gives it.
    @Test("trimmedText equals swift-syntax's trimmedDescription on every node")
    func agreesWithSwiftSyntax() {
        let sources = [
            "  /* lead */ let a = b.c( d ) // trail\n",
            "final class R: ViewableRouter<I, V> {\n  func go() { attachChild(builder.build(withListener: interactor)) }\n}\n",
            "func f( { let = ; }\n",
            "let x = [1, 2,\n// é comment\n 3]  \n",
            "  \n",
            "#if DEBUG\nimport UIKit\n#endif\n@MainActor final class A { weak var l: L? }\n",
            "x.y(\n",
            ") let z = ",
        ]
        var compared = 0
        for source in sources {
            let tree = Parser.parse(source: source)
            final class Every: SyntaxAnyVisitor {
                var nodes: [Syntax] = []
                override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
                    nodes.append(node)
                    return .visitChildren
                }
            }
            let every = Every(viewMode: .all)
            every.walk(tree)
            for node in every.nodes {
                #expect(node.trimmedText == node.trimmedDescription, "\(node.kind) in \(source.debugDescription)")
                compared += 1
            }
        }
        #expect(compared > 150)
    }
}
