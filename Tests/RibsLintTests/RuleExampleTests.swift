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
        let id = testCase.rule.id
        let location = SourceLocation(
            fileID: "RibsLintRules/\(testCase.example.file.split(separator: "/").last ?? "")",
            filePath: testCase.example.file, line: testCase.example.line, column: 1)
        var sources: [(path: String, text: String)] = []
        var expected: [String] = []
        var markerCount = 0
        for file in testCase.example.files {
            let marked = MarkedText(file.code)
            markerCount += marked.markers.count
            if testCase.mutation == .asWritten, id != UnusedSuppression.id {
                let parsed = LintFile(path: file.path, source: marked.text, profile: .ribs)
                #expect(!parsed.hasSyntaxErrors, "\(file.path) does not parse cleanly", sourceLocation: location)
            }
            let probe = LintFile(path: file.path, source: marked.text, profile: .ribs)
            let lineShift = testCase.mutation == .emojiCommentOnTop ? 1 : 0
            expected += marked.markers.map { marker in
                let (line, column) = probe.location(of: marker.offset)
                return "\(file.path):\(line + lineShift):\(column)"
            }
            switch testCase.mutation {
            case .asWritten: sources.append((file.path, marked.text))
            case .emojiCommentOnTop: sources.append((file.path, "// 🧭 ribs — ünïcödé\n" + marked.text))
            case .wrappedInBlockComment: sources.append((file.path, "/*\n" + marked.text + "\n*/"))
            case .disabledByComment:
                // Only where a finding is due: elsewhere the comment would rightly be reported unused.
                let header = marked.markers.isEmpty ? "" : "// ribslint:disable \(id)\n"
                sources.append((file.path, header + marked.text))
            }
        }
        if testCase.triggers, markerCount == 0 {
            Issue.record("a triggering example needs at least one marker", sourceLocation: location)
        }
        if testCase.triggers, testCase.example.messages.count != markerCount {
            Issue.record(
                "a triggering example states the message of each marker's finding, in the markers' order: \(markerCount) markers, \(testCase.example.messages.count) messages",
                sourceLocation: location)
        }
        if !testCase.triggers, !testCase.example.messages.isEmpty {
            Issue.record("a non-triggering example has no findings to state messages of", sourceLocation: location)
        }

        // Whether a suppression is used depends on the rules it names, so that rule runs with all of them.
        let rules = id == UnusedSuppression.id ? RuleRegistry.rules.map { $0.description }.filter { !$0.isOptIn }.map(\.id) : [id]
        let findings = try lint(
            sources: sources, rules: rules,
            options: testCase.example.configuration.isEmpty ? [:] : [id: testCase.example.configuration],
            profile: testCase.rule.profiles.contains("ribs") ? "ribs" : testCase.rule.profiles[0])
        let relevant = findings.filter { $0.ruleID == id }
        let stray = findings.filter { $0.ruleID != id }
        if !stray.isEmpty {
            Issue.record("unexpected findings of other rules: \(stray.map { "\($0.path):\($0.line):\($0.column) \($0.ruleID): \($0.message)" })", sourceLocation: location)
        }
        let expectsFindings = testCase.triggers && [.asWritten, .emojiCommentOnTop].contains(testCase.mutation)
        let actual = relevant.map { "\($0.path):\($0.line):\($0.column)" }
        guard expectsFindings else {
            if !relevant.isEmpty {
                Issue.record("expected no finding, got \(actual): \(relevant.map(\.message))", sourceLocation: location)
            }
            return
        }
        if expected.sorted() != actual.sorted() {
            Issue.record("findings at \(actual.sorted()) but markers at \(expected.sorted()): \(relevant.map(\.message))", sourceLocation: location)
        }
        // Each marker's finding says what the example states, word for word.
        for (place, message) in zip(expected, testCase.example.messages) {
            let said = relevant.filter { "\($0.path):\($0.line):\($0.column)" == place }.map(\.message)
            if said != [message] {
                Issue.record("the finding at \(place) says \(said), the example states \"\(message)\"", sourceLocation: location)
            }
        }
    }
}
