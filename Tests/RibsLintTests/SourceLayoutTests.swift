import Foundation
import Testing

/// The engine stays readable: the run reads as its list of stages (`Linter.swift`), and each stage and support
/// file of `Engine/` is short enough to read at a sitting (ARCHITECTURE.md names them).
@Suite("The engine's source layout")
struct SourceLayoutTests {
    static let engine = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/RibsLintKit/Engine")

    static func lineCounts() throws -> [String: Int] {
        let names = try FileManager.default.contentsOfDirectory(atPath: engine.path).filter { $0.hasSuffix(".swift") }
        var counts: [String: Int] = [:]
        for name in names {
            let text = try String(contentsOf: engine.appendingPathComponent(name), encoding: .utf8)
            counts[name] = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        }
        return counts
    }

    @Test("Linter.swift holds the stage list in under 250 lines")
    func linterIsShort() throws {
        let counts = try Self.lineCounts()
        let linter = try #require(counts["Linter.swift"])
        #expect(linter < 250, "Linter.swift has \(linter) lines: move a stage's work into its own file under Engine/")
        let linterText = try String(contentsOf: Self.engine.appendingPathComponent("Linter.swift"), encoding: .utf8)
        // The orchestrator calls each stage by name.
        for stage in ["RunFiles(", "scoping(of:", "lintFiles(", "answerTypeQuestions(", "projectStage(", ".record(", "assemble("] {
            #expect(linterText.contains(stage), "Linter.swift no longer calls the stage \(stage)")
        }
    }

    @Test("no file in Engine/ is over 400 lines")
    func engineFilesAreShort() throws {
        let counts = try Self.lineCounts()
        #expect(counts.count >= 10, "Engine/ should hold the stages: \(counts.keys.sorted())")
        let long = counts.filter { $0.value > 400 }.map { "\($0.key): \($0.value) lines" }.sorted()
        #expect(long.isEmpty, "split these along the stage they serve: \(long)")
    }
}
