import RibsLintKit
import RibsLintRules
import Testing

/// One run of one rule example, as written or after a harmless mutation.
struct ExampleCase: CustomTestStringConvertible, Sendable {
    enum Mutation: String, CaseIterable, Sendable {
        case asWritten = "as written"
        case emojiCommentOnTop = "emoji comment on top"
        case wrappedInBlockComment = "wrapped in block comment"
        case disabledByComment = "disabled by comment"
    }

    let rule: RuleDescription
    let example: Example
    let index: Int
    let triggers: Bool
    let mutation: Mutation

    var testDescription: String {
        "\(rule.id) › \(triggers ? "triggering" : "non-triggering") #\(index + 1) › \(mutation.rawValue)"
    }

    static var all: [ExampleCase] {
        RuleRegistry.descriptions.flatMap { rule in
            let examples = rule.triggering.enumerated().map { ($0, $1, true) } + rule.nonTriggering.enumerated().map { ($0, $1, false) }
            return examples.flatMap { index, example, triggers in
                Mutation.allCases.compactMap { mutation -> ExampleCase? in
                    // A disable comment on code with nothing to silence would rightly be reported unused.
                    if mutation == .disabledByComment, !triggers { return nil }
                    return ExampleCase(rule: rule, example: example, index: index, triggers: triggers, mutation: mutation)
                }
            }
        }
    }
}

@Suite("Rule examples")
struct RuleExampleTests {
    @Test("every example of every rule", arguments: ExampleCase.all)
    func example(_ testCase: ExampleCase) throws {
        let marked = MarkedText(testCase.example.code)
        let id = testCase.rule.id
        var source = marked.text
        var lineShift = 0
        var expectsFindings = testCase.triggers
        switch testCase.mutation {
        case .asWritten: break
        case .emojiCommentOnTop:
            source = "// 🧭 ribs — ünïcödé\n" + source
            lineShift = 1
        case .wrappedInBlockComment:
            source = "/*\n" + source + "\n*/"
            expectsFindings = false
        case .disabledByComment:
            source = "// ribslint:disable \(id)\n" + source
            expectsFindings = false
        }
        let location = SourceLocation(
            fileID: "RibsLintRules/\(testCase.example.file.split(separator: "/").last ?? "")",
            filePath: testCase.example.file, line: testCase.example.line, column: 1)

        // Whether a suppression is used depends on the rules it names, so that rule runs with all of them.
        let rules = id == UnusedSuppression.id ? RuleRegistry.descriptions.map(\.id) : [id]
        let findings = try lint(
            source, path: testCase.example.path, rules: rules,
            options: testCase.example.configuration.isEmpty ? [:] : [id: testCase.example.configuration])
        let relevant = findings.filter { $0.ruleID == id }
        let stray = findings.filter { $0.ruleID != id }
        if !stray.isEmpty {
            Issue.record("unexpected findings of other rules: \(stray.map { "\($0.line):\($0.column) \($0.ruleID): \($0.message)" })", sourceLocation: location)
        }

        if testCase.mutation == .asWritten, id != UnusedSuppression.id {
            let tree = LintFile(path: "x.swift", source: marked.text, conventions: .standard)
            #expect(!tree.hasSyntaxErrors, "example does not parse cleanly", sourceLocation: location)
        }
        if testCase.triggers, marked.markers.isEmpty {
            Issue.record("a triggering example needs at least one marker", sourceLocation: location)
        }

        guard expectsFindings else {
            if !relevant.isEmpty {
                Issue.record("expected no finding, got \(relevant.map { "\($0.line):\($0.column) \($0.message)" })", sourceLocation: location)
            }
            return
        }
        let probe = LintFile(path: "x.swift", source: marked.text, conventions: .standard)
        let expected = marked.markers.map { marker -> String in
            let (line, column) = probe.location(of: marker.offset)
            return "\(line + lineShift):\(column)"
        }
        let actual = relevant.map { "\($0.line):\($0.column)" }
        if expected.sorted() != actual.sorted() {
            Issue.record(
                "findings at \(actual) but markers at \(expected): \(relevant.map(\.message))", sourceLocation: location)
        }
    }
}
