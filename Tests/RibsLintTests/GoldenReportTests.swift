import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RibsLintKit
import RibsLintRules
import Testing

/// Every reporter's output for one fixed run, byte for byte, against Tests/RibsLintTests/Golden/report.<name>
/// (`RIBSLINT_BLESS=1 swift test` rewrites them): an error, a warning in another file, and a path and
/// message holding what each format must escape.
@Suite("Golden reports")
struct GoldenReportTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    let run: LintResult = {
        let findings = [
            Finding(
                ruleID: "router_child_reference", severity: .error, path: "App/Login/LoginRouter.swift", line: 12, column: 9,
                endLine: 12, endColumn: 31, message: "router stores child router 'signUp'; find it in `children` instead",
                fingerprint: "5d1c0f8a9e2b4c7d"),
            Finding(
                ruleID: "protocol_placement", severity: .warning, path: "App/Odd & <Names>/\"Quoted\" Router.swift", line: 3, column: 1,
                endLine: 5, endColumn: 2, message: "protocol 'A<B>' & \"friends\"\tbelongs\nelsewhere \u{1} é 🧭",
                fingerprint: "0a1b2c3d4e5f6071"),
        ]
        var result = LintResult(findings: findings, fileCount: 2, lineCount: 40)
        result.rules = RuleRegistry.descriptions.filter { ["router_child_reference", "protocol_placement"].contains($0.id) }
        return result
    }()

    var context: ReportContext {
        ReportContext(rules: run.rules ?? [], basePath: "/work/app", sarifCategory: "login-app")
    }

    @Test("each reporter's output is its golden file", arguments: Reporter.allCases)
    func golden(_ reporter: Reporter) throws {
        let output = reporter.render(run, context)
        let file = Self.golden.appendingPathComponent("report.\(reporter.rawValue)")
        if ProcessInfo.processInfo.environment["RIBSLINT_BLESS"] == "1" {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            try Data(output.utf8).write(to: file)
        }
        let expected = try Data(contentsOf: file)
        #expect(Data(output.utf8) == expected, "\(reporter.rawValue) differs from Golden/report.\(reporter.rawValue)")
    }

    @Test("the XML reports are well-formed XML that keeps every character of paths and messages")
    func xmlParses() throws {
        for reporter in [Reporter.junit, .checkstyle] {
            let document = try XMLDocument(data: Data(reporter.render(run, context).utf8))
            let attributes = try document.nodes(forXPath: "//@message").compactMap(\.stringValue)
            #expect(attributes.count == 2, "\(reporter)")
            // Only the control character XML cannot hold is replaced.
            #expect(attributes.contains("protocol 'A<B>' & \"friends\"\tbelongs\nelsewhere \u{FFFD} é 🧭"), "\(reporter): \(attributes)")
        }
        let checkstyle = try XMLDocument(data: Data(Reporter.checkstyle.render(run, context).utf8))
        #expect(try checkstyle.nodes(forXPath: "//file/@name").compactMap(\.stringValue) == run.findings.map(\.path))
        let junit = try XMLDocument(data: Data(Reporter.junit.render(run, context).utf8))
        #expect(try junit.nodes(forXPath: "/testsuites/@failures").first?.stringValue == "2")
        #expect(try junit.nodes(forXPath: "//testcase/@classname").compactMap(\.stringValue) == run.findings.map(\.ruleID))
        // A clean run is one passing case: CI test panes refuse a report of none.
        let clean = try XMLDocument(data: Data(Reporter.junit.render(LintResult(findings: [], fileCount: 3, lineCount: 9), context).utf8))
        #expect(try clean.nodes(forXPath: "//testcase").count == 1)
        #expect(try clean.nodes(forXPath: "//failure").isEmpty)
    }

    @Test("gitlab is a JSON array of Code Quality issues; codeclimate a NUL-separated stream of engine issues")
    func jsonFormats() throws {
        let gitlab = try #require(try JSONSerialization.jsonObject(with: Data(Reporter.gitlab.render(run, context).utf8)) as? [[String: Any]])
        #expect(gitlab.count == 2)
        for (issue, finding) in zip(gitlab, run.findings) {
            #expect(issue["check_name"] as? String == finding.ruleID)
            #expect(issue["description"] as? String == finding.message.replacingOccurrences(of: "\n", with: " "))
            #expect(issue["fingerprint"] as? String == finding.fingerprint)
            #expect(issue["severity"] as? String == (finding.severity == .error ? "critical" : "minor"))
            let location = try #require(issue["location"] as? [String: Any])
            #expect(location["path"] as? String == finding.path)
            #expect((location["lines"] as? [String: Any])?["begin"] as? Int == finding.line)
        }
        let stream = Reporter.codeclimate.render(run, context)
        #expect(stream.hasSuffix("\0"))
        let issues = stream.split(separator: "\0")
        #expect(issues.count == 2)
        for (text, finding) in zip(issues, run.findings) {
            let issue = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(issue["type"] as? String == "issue")
            #expect((issue["description"] as? String)?.contains("\n") == false)
            #expect((issue["categories"] as? [String])?.isEmpty == false)
            #expect(issue["check_name"] as? String == finding.ruleID)
            let begin = (((issue["location"] as? [String: Any])?["positions"] as? [String: Any])?["begin"] as? [String: Any])
            #expect(begin?["line"] as? Int == finding.line)
            #expect(begin?["column"] as? Int == finding.column)
            #expect(((issue["content"] as? [String: Any])?["body"] as? String)?.contains("/Docs/rules/\(finding.ruleID).md") == true)
        }
        // No finding: an empty array, and an empty stream.
        let none = LintResult(findings: [], fileCount: 1, lineCount: 1)
        #expect(Reporter.gitlab.render(none, context) == "[]\n")
        #expect(Reporter.codeclimate.render(none, context).isEmpty)
    }
}
