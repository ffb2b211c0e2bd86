import Foundation
import RibsLintKit
import RibsLintRules
import Testing

@Suite("Rule descriptions")
struct RuleMetaTests {
    let rules = RuleRegistry.descriptions

    @Test("ids are unique and snake_case")
    func ids() {
        let ids = rules.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.allSatisfy { $0.isLowercase || $0 == "_" }, "\(id) is not snake_case")
        }
    }

    @Test("every rule has triggering and non-triggering examples")
    func examples() {
        for rule in rules {
            #expect(!rule.triggering.isEmpty, "\(rule.id) has no triggering example")
            #expect(!rule.nonTriggering.isEmpty, "\(rule.id) has no non-triggering example")
        }
    }

    @Test("summaries are one sentence and rationales cite the guide")
    func prose() {
        for rule in rules {
            #expect(rule.summary.hasSuffix("."), "\(rule.id) summary should end with a period")
            #expect(rule.summary.filter { $0 == "." }.count >= 1)
            #expect(rule.rationale.contains("Guide") || rule.rationale.contains("Playbook") || rule.rationale.contains("README") || rule.id == UnusedSuppression.id,
                    "\(rule.id) rationale should name the architecture guide it comes from")
            // Users never see the guides' internal file names.
            #expect(!rule.rationale.lowercased().contains("seed"), "\(rule.id) rationale names a guide by an internal name")
        }
    }

    @Test("messages start lower-case and end without a period")
    func messages() throws {
        for rule in rules {
            for example in rule.triggering {
                let findings = try lint(
                    MarkedText(example.code).text, path: example.path, rules: [rule.id],
                    options: example.configuration.isEmpty ? [:] : [rule.id: example.configuration])
                for finding in findings {
                    #expect(finding.message.first?.isLowercase == true, "\(rule.id): \(finding.message)")
                    #expect(!finding.message.hasSuffix("."), "\(rule.id): \(finding.message)")
                }
            }
        }
    }

    @Test("example configurations name documented options")
    func options() {
        for rule in rules {
            for example in rule.triggering + rule.nonTriggering {
                for key in example.configuration.keys {
                    #expect(rule.options.contains { $0.name == key }, "\(rule.id): undocumented option \(key)")
                }
            }
        }
    }

    @Test("the registry holds every rule file in Rules/")
    func registryMatchesFiles() throws {
        let rulesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Rules")
        let enumerator = FileManager.default.enumerator(atPath: rulesFolder.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name.hasSuffix("Rule.swift") { files.append(String(name.dropLast(".swift".count))) }
        }
        let registered = RuleRegistry.rules.map { String(describing: $0) } + RuleRegistry.projectRules.map { String(describing: $0) }
        #expect(files.sorted() == registered.sorted())
    }

    @Test("`ribslint rules <id>` documentation carries every section")
    func documentation() {
        for rule in rules {
            let doc = RuleDocumentation.markdown(rule)
            for section in ["## What it does", "## Why is this bad?", "## Examples", "## Suppressing"] {
                #expect(doc.contains(section), "\(rule.id) doc lacks \(section)")
            }
            #expect(!doc.contains("1️⃣"), "markers must render as arrows")
        }
    }
}

@Suite("README")
struct ReadmeTests {
    @Test("Docs/rules holds exactly the pages `ribslint docs` writes (RIBSLINT_BLESS=1 swift test, or `swift run ribslint docs`, rewrites them)")
    func rulePages() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/rules")
        let pages = RuleDocumentation.pages(RuleRegistry.descriptions)
        if ProcessInfo.processInfo.environment["RIBSLINT_BLESS"] == "1" {
            for page in pages { try page.text.write(to: folder.appendingPathComponent(page.name), atomically: true, encoding: .utf8) }
        }
        let committed = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(committed == pages.map(\.name).sorted(), "Docs/rules has pages of no rule, or lacks some")
        #expect(pages.count == RuleRegistry.descriptions.count + 1)
        for page in pages {
            let text = try? String(contentsOf: folder.appendingPathComponent(page.name), encoding: .utf8)
            #expect(text == page.text, "Docs/rules/\(page.name) differs from what `ribslint docs` writes")
        }
    }

    @Test("the rules table is the generated one (RIBSLINT_BLESS=1 swift test rewrites it)")
    func rulesTable() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- rules:begin -->\n"
        let end = "<!-- rules:end -->"
        let start = try #require(readme.range(of: begin))
        let stop = try #require(readme.range(of: end))
        let table = RuleDocumentation.table(RuleRegistry.descriptions, base: "Docs/rules")
        if ProcessInfo.processInfo.environment["RIBSLINT_BLESS"] == "1" {
            try (readme[..<start.upperBound] + table + readme[stop.lowerBound...]).write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(readme[start.upperBound..<stop.lowerBound]) == table, "run RIBSLINT_BLESS=1 swift test to regenerate")
    }
}
