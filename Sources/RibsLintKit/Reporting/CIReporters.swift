/// The formats other CI systems read: JUnit XML (test report panes), Checkstyle XML (Jenkins' warnings
/// plugins, reviewdog), GitLab Code Quality (merge request widgets) and the Code Climate engine stream.
enum CIReports {
    /// JUnit XML: one failed test case per finding, named by its rule (Jenkins splits class names at dots, so
    /// no path) and its place; a run without findings is one passing case, as CI test panes refuse empty reports.
    static func junit(_ result: LintResult) -> String {
        let failures = result.findings.count, cases = max(failures, 1)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"ribslint\" tests=\"\(cases)\" failures=\"\(failures)\" errors=\"0\">\n"
        out += "  <testsuite name=\"ribslint\" tests=\"\(cases)\" failures=\"\(failures)\" errors=\"0\">\n"
        if result.findings.isEmpty {
            out += "    <testcase classname=\"ribslint\" name=\"\(result.fileCount) files linted, no findings\"/>\n"
        }
        for finding in result.findings {
            out += "    <testcase classname=\"\(xml(finding.ruleID))\" name=\"\(xml(finding.path)):\(finding.line):\(finding.column)\""
            out += " file=\"\(xml(finding.path))\" line=\"\(finding.line)\">\n"
            out += "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(xml(finding.message))\">"
            out += xml(Reporter.xcodeLine(finding).dropLast()) + "</failure>\n"
            out += "    </testcase>\n"
        }
        return out + "  </testsuite>\n</testsuites>\n"
    }

    /// Checkstyle XML: findings grouped by file, in path order.
    static func checkstyle(_ result: LintResult) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var index = result.findings.startIndex
        while index < result.findings.endIndex {
            let path = result.findings[index].path
            out += "  <file name=\"\(xml(path))\">\n"
            while index < result.findings.endIndex, result.findings[index].path == path {
                let finding = result.findings[index]
                out += "    <error line=\"\(finding.line)\" column=\"\(finding.column)\" severity=\"\(finding.severity.rawValue)\""
                out += " message=\"\(xml(finding.message))\" source=\"ribslint.\(xml(finding.ruleID))\"/>\n"
                index += 1
            }
            out += "  </file>\n"
        }
        return out + "</checkstyle>\n"
    }

    /// GitLab Code Quality: a JSON array of issues (`artifacts: reports: codequality:`).
    static func gitlab(_ result: LintResult) -> String {
        var out = Reporter.JSONText()
        out.raw("[")
        for (index, finding) in result.findings.enumerated() {
            out.raw(index == 0 ? "\n  {\n" : ",\n  {\n")
            for (key, value) in [("check_name", finding.ruleID), ("description", oneLine(finding.message)), ("fingerprint", finding.fingerprint)] {
                out.raw("    \"\(key)\" : ")
                out.string(value)
                out.raw(",\n")
            }
            out.raw("    \"location\" : {\n      \"lines\" : {\n        \"begin\" : \(finding.line),\n        \"end\" : \(finding.endLine)\n      },\n")
            out.raw("      \"path\" : ")
            out.string(finding.path)
            out.raw("\n    },\n    \"severity\" : \"\(severity(finding))\"\n  }")
        }
        out.raw(result.findings.isEmpty ? "]\n" : "\n]\n")
        return out.text
    }

    /// The Code Climate engine specification's stream: one issue object per finding, each followed by a NUL
    /// byte, with a category, line and column positions and the rule's page as its body.
    static func codeclimate(_ result: LintResult, _ context: ReportContext) -> String {
        var out = Reporter.JSONText()
        for finding in result.findings {
            out.raw("{\"categories\":[\"\(finding.severity == .error ? "Bug Risk" : "Clarity")\"],\"check_name\":")
            out.string(finding.ruleID)
            out.raw(",\"content\":{\"body\":")
            out.string("[\(finding.ruleID)](\(context.page(finding.ruleID)))")
            out.raw("},\"description\":")
            out.string(oneLine(finding.message))
            out.raw(",\"engine_name\":\"ribslint\",\"fingerprint\":")
            out.string(finding.fingerprint)
            out.raw(",\"location\":{\"path\":")
            out.string(finding.path)
            out.raw(",\"positions\":{\"begin\":{\"column\":\(finding.column),\"line\":\(finding.line)},")
            out.raw("\"end\":{\"column\":\(finding.endColumn),\"line\":\(finding.endLine)}}}")
            out.raw(",\"severity\":\"\(severity(finding))\",\"type\":\"issue\"}\0")
        }
        return out.text
    }

    /// Code Climate's specification wants a description on one line: line breaks become spaces.
    private static func oneLine(_ text: String) -> String {
        text.contains(where: \.isNewline) ? text.split(whereSeparator: \.isNewline).joined(separator: " ") : text
    }

    /// Code Climate's and GitLab's scale: an error fails the run, so it is critical; a warning is minor.
    private static func severity(_ finding: Finding) -> String { finding.severity == .error ? "critical" : "minor" }

    /// Text for an XML attribute or element: markup characters escaped, and the control characters XML 1.0
    /// cannot hold at all replaced by U+FFFD.
    static func xml(_ text: some StringProtocol) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
