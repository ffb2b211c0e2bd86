import RibsLintKit

/// SwiftLint's flags that ribslint spells otherwise or has no use for: a SwiftLint user's command line gets the
/// ribslint way instead of argument-parser's bare "unknown option".
enum SwiftLintFlags {
    static let hints: [String: String] = [
        "--write-baseline": "ribslint writes a baseline with `ribslint baseline --output FILE`; `--baseline FILE` reads it",
        "--lenient": "ribslint has no --lenient: set a rule's `severity: warning` under `rules:`, or record a baseline so that only new findings fail",
        "--use-stdin": "ribslint reads standard input with `--stdin-path PATH`, the path of the file it stands for",
        "--force-exclude": "ribslint always applies `excluded` to the files it is given; no flag is needed",
        "--path": "ribslint takes the files and folders to lint as arguments: `ribslint lint PATH…`",
        "--autocorrect": "ribslint fixes with `--fix` (and `--fix --dry-run` to see the diff first)",
        "--format": "ribslint does not format code; `--fix` fixes what its rules can",
        "--enable-all-rules": "ribslint turns rules on in `.ribslint.yml`: `opt_in_rules:`, or `only_rules:` for exactly these",
    ]

    /// The hint for the first SwiftLint flag among the arguments of a lint (before a `--`), if any. Other
    /// commands have flags of their own (`graph --format`).
    static func hint(for arguments: [String]) -> String? {
        if let command = arguments.first, !command.hasPrefix("-"), command != "lint",
            RibsLint.configuration.subcommands.contains(where: { $0._commandName == command })
        {
            return nil
        }
        for argument in arguments {
            if argument == "--" { return nil }
            let flag = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if let hint = hints[flag] { return "unknown option '\(flag)' (SwiftLint's): \(hint)" }
        }
        return nil
    }
}
