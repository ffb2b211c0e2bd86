/// The rules reference, generated from the rule descriptions so it cannot drift from behaviour.
public enum RuleDocumentation {
    public static func table(_ rules: [RuleDescription]) -> String {
        var lines = ["| id | profiles | severity | default | autofix | summary |", "| --- | --- | --- | --- | --- | --- |"]
        for rule in rules {
            lines.append("| `\(rule.id)` | \(rule.profiles.joined(separator: ", ")) | \(rule.defaultSeverity.rawValue) | \(rule.isOptIn ? "opt-in" : "on") | \(rule.fixes ? "yes" : "no") | \(rule.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func markdown(_ rule: RuleDescription) -> String {
        var out = "# \(rule.name) (`\(rule.id)`)\n\n"
        out += "Profiles: \(rule.profiles.joined(separator: ", ")) · default severity: \(rule.defaultSeverity.rawValue) · "
        out += rule.isOptIn ? "opt-in" : "on by default"
        out += rule.fixes ? " · autofix: `ribslint --fix`\n\n" : "\n\n"
        out += "## What it does\n\n\(rule.summary)\n\n## Why is this bad?\n\n\(rule.rationale)\n\n## Examples\n\n"
        out += "Triggering (`↓` marks each finding):\n\n"
        for example in rule.triggering { out += swiftBlock(MarkedText.arrows(example.code), example) }
        out += "Not triggering:\n\n"
        for example in rule.nonTriggering { out += swiftBlock(example.code, example) }
        if rule.fixes {
            out += "## Autofix\n\n`ribslint --fix` rewrites the code; `--fix --dry-run` shows the diff first.\n\n"
            for correction in rule.corrections {
                out += swiftBlock(correction.before.code, correction.before) + "becomes\n\n```swift\n\(correction.after)\n```\n\n"
            }
        }
        if !rule.options.isEmpty {
            out += "## Options\n\n| option | default | meaning |\n| --- | --- | --- |\n"
            for option in rule.options {
                out += "| `\(option.name)` | `\(option.defaultValue)` | \(option.summary) |\n"
            }
            out += "\n"
        }
        out += """
            ## Suppressing

            ```swift
            // ribslint:disable:next \(rule.id) - reason
            ```

            or, for every file below a folder, in `.ribslint.yml`: `disabled_rules: [\(rule.id)]`.

            """
        return out
    }

    private static func swiftBlock(_ code: String, _ example: Example) -> String {
        let note = example.configuration.isEmpty ? "" : "With " + example.configuration.sorted { $0.key < $1.key }
            .map { "`\($0.key): \($0.value)`" }.joined(separator: ", ") + ":\n\n"
        return note + "```swift\n\(code)\n```\n\n"
    }
}
