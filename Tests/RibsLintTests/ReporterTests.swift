import Foundation
import RibsLintKit
import RibsLintRules
import Testing

@Suite("Reporters")
struct ReporterTests {
    let source = """
        import RIBs
        final class ARouter: Router<AInteractable> {
            var child: ChildRouting?
        }
        """

    func result(_ source: String, path: String = "Sources/A/ARouter.swift") throws -> LintResult {
        let findings = try lint(source, path: path, rules: ["router_child_reference"])
        return LintResult(findings: findings, fileCount: 1, lineCount: 4, unreadable: [], syntaxNotes: [])
    }

    var context: ReportContext {
        let rules = RuleRegistry.descriptions.filter { ["router_child_reference", "unused_suppression"].contains($0.id) }
        return ReportContext(rules: rules, basePath: "/work/app")
    }

    @Test("xcode lines are path:line:column: severity: message (rule)")
    func xcode() throws {
        let output = Reporter.xcode.render(try result(source), context)
        #expect(output.hasPrefix("Sources/A/ARouter.swift:3:9: error: router stores child router 'child'"))
        #expect(output.hasSuffix("(router_child_reference)\n"))
    }

    @Test("json carries version, findings and summary")
    func json() throws {
        let output = Reporter.json.render(try result(source), context)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["rule"] as? String == "router_child_reference")
        #expect(findings.first?["line"] as? Int == 3)
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 1)
    }

    @Test("json escapes what JSON must escape")
    func jsonEscaping() throws {
        let finding = Finding(
            ruleID: "router_ui_access", severity: .warning, path: "dir/\"odd\\name\".swift", line: 1, column: 1,
            endLine: 1, endColumn: 2, message: "tab\there\nnew line \u{1} é 🧭")
        let output = Reporter.json.render(LintResult(findings: [finding], fileCount: 1, lineCount: 1), context)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let item = try #require((object["findings"] as? [[String: Any]])?.first)
        #expect(item["file"] as? String == finding.path)
        #expect(item["message"] as? String == finding.message)
        #expect((object["summary"] as? [String: Any])?["warnings"] as? Int == 1)
        let empty = Reporter.json.render(LintResult(findings: [], fileCount: 0, lineCount: 0), context)
        #expect((try JSONSerialization.jsonObject(with: Data(empty.utf8)) as? [String: Any])?["findings"] as? [Any] != nil)
    }

    @Test("sarif has rules, indices, relative uris under %SRCROOT% and 1-based regions")
    func sarif() throws {
        let output = Reporter.sarif.render(try result(source), context)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["router_child_reference", "unused_suppression"])
        let resultObject = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(resultObject["ruleIndex"] as? Int == 0)
        let location = try #require(
            ((resultObject["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "Sources/A/ARouter.swift")
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 3)
        let bases = try #require(run["originalUriBaseIds"] as? [String: Any])
        #expect((bases["%SRCROOT%"] as? [String: Any])?["uri"] as? String == "file:///work/app/")
        // `--sarif-no-root-uri`: the base is left to the reader, the results unchanged (a build sandbox's report).
        var sandboxed = context
        sandboxed.sarifOmitsRootURI = true
        let unrooted = Reporter.sarif.render(try result(source), sandboxed)
        func withoutBases(_ text: String) throws -> (rest: Data, base: [String: Any]?) {
            var log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            var runs = try #require(log["runs"] as? [[String: Any]])
            let base = (runs[0]["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any]
            runs[0]["originalUriBaseIds"] = nil
            log["runs"] = runs
            return (try JSONSerialization.data(withJSONObject: log, options: [.sortedKeys]), base)
        }
        let (rest, base) = try withoutBases(unrooted)
        #expect(base != nil && base?.isEmpty == true)
        #expect(rest == (try withoutBases(output)).rest)
    }

    @Test("fingerprints survive lines inserted above a finding, and differ between findings")
    func fingerprints() throws {
        let before = try result(source).findings
        let shifted = try result("// a new header comment\n\n" + source).findings
        #expect(before.count == 1 && shifted.count == 1)
        #expect(before[0].line + 2 == shifted[0].line)
        #expect(before[0].fingerprint == shifted[0].fingerprint)
        let two = try result(source.replacingOccurrences(of: "var child: ChildRouting?", with: "var child: ChildRouting?\n    var child: ChildRouting?")).findings
        #expect(Set(two.map(\.fingerprint)).count == 2)
        let crlf = try result(source.replacingOccurrences(of: "\n", with: "\r\n")).findings
        #expect(crlf.map(\.fingerprint) == before.map(\.fingerprint), "CRLF and LF copies of a file fingerprint alike")
    }

    @Test("github annotations escape their properties and data")
    func github() {
        let finding = Finding(
            ruleID: "router_ui_access", severity: .warning, path: "a,b:c.swift", line: 2, column: 3, endLine: 2,
            endColumn: 9, message: "100% wrong\nreally")
        let output = Reporter.github.render(
            LintResult(findings: [finding], fileCount: 1, lineCount: 1, unreadable: [], syntaxNotes: []), context)
        #expect(output == "::warning file=a%2Cb%3Ac.swift,line=2,col=3,endLine=2,endColumn=9,"
            + "title=router_ui_access · \(RuleDocumentation.defaultBaseURL.replacingOccurrences(of: ":", with: "%3A"))router_ui_access.md::100%25 wrong%0Areally\n")
    }

    @Test("sarif rules link their pages (docs_url moves them) and carry tags, precision and problem.severity; the category names the run")
    func sarifForCodeScanning() throws {
        func run(_ context: ReportContext) throws -> [String: Any] {
            let log = try #require(try JSONSerialization.jsonObject(with: Data(Reporter.sarif.render(try result(source), context).utf8)) as? [String: Any])
            return try #require((log["runs"] as? [[String: Any]])?.first)
        }
        let plain = try run(context)
        #expect(plain["automationDetails"] == nil)
        let rules = try #require((plain["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?["rules"] as? [[String: Any]])
        let rule = try #require(rules.first { $0["id"] as? String == "router_child_reference" })
        #expect(rule["helpUri"] as? String == "\(RuleDocumentation.defaultBaseURL)router_child_reference.md")
        let properties = try #require(rule["properties"] as? [String: Any])
        #expect(properties["precision"] as? String == "high")
        #expect(properties["problem.severity"] as? String == "error")
        #expect(properties["tags"] as? [String] == ["architecture", "ribs"])
        let guessing = RuleDocumentation.markdown(try #require(RuleRegistry.descriptions.first { $0.id == "rib_completeness" }))
        #expect(guessing.contains("precision: medium"))

        let moved = try run(ReportContext(rules: context.rules, basePath: "/work/app", docsURL: "https://docs.example.com/ribslint", sarifCategory: "login-app"))
        #expect((moved["automationDetails"] as? [String: Any])?["id"] as? String == "login-app/")
        let movedRules = (moved["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?["rules"] as? [[String: Any]] ?? []
        #expect(movedRules.contains { $0["helpUri"] as? String == "https://docs.example.com/ribslint/router_child_reference.md" })
    }

    @Test("sarif stays within GitHub's 25,000 results a run: new findings and errors are kept, a notification says how many were cut")
    func sarifResultLimit() throws {
        func finding(_ index: Int, _ severity: Severity) -> Finding {
            Finding(ruleID: "router_child_reference", severity: severity, path: "F\(index / 1000).swift", line: index % 1000 + 1, column: 1,
                endLine: index % 1000 + 1, endColumn: 2, message: "m", fingerprint: "f\(index)")
        }
        // 10 errors after 25,000 warnings in path order: the cut must keep the errors.
        let findings = (0..<25_000).map { finding($0, .warning) } + (25_000..<25_010).map { finding($0, .error) }
        let big = LintResult(findings: findings, fileCount: 26, lineCount: 1)
        #expect(SARIF.resultsCut(big) == 10)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(Reporter.sarif.render(big, context).utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == SARIF.resultLimit)
        #expect(results.count { $0["level"] as? String == "error" } == 10)
        let notifications = (run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]] ?? []
        #expect(notifications.count == 1)
        #expect(notifications.first?["level"] as? String == "warning")
        #expect((notifications.first?["message"] as? [String: Any])?["text"] as? String
            == "10 of 25010 results were left out: GitHub code scanning takes at most 25000 per run. New findings and errors were kept first; the json reporter lists every finding.")
        #expect(SARIF.resultsCut(LintResult(findings: Array(findings.prefix(25_000)), fileCount: 25, lineCount: 1)) == 0)
    }
}
