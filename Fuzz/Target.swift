import Foundation
import RibsLintKit
import RibsLintRules

/// One linter per profile, every rule of it on: what a fuzzed source is linted with.
let linters: [Linter] = RuleRegistry.profiles.compactMap { profile in
    var configuration = Configuration(rootDirectory: "/")
    configuration.profile = profile.name
    configuration.onlyRules = RuleRegistry.descriptions.filter { $0.profiles.contains(profile.name) }.map(\.id)
    guard let ruleSet = try? RuleSet(configuration: configuration, catalog: RuleRegistry.catalog) else { return nil }
    return Linter(configuration: configuration, ruleSet: ruleSet, jobs: 1)
}

/// The target FUZZ_TARGET names: `file` (default), `config`, `suppression` or `baseline`.
let target = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "file"

/// One input through the target. Anything may come back — an error, findings, nothing — but no crash or hang.
func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let text = String(validating: bytes, as: UTF8.self), target == "baseline" || !hasManyOpenBrackets(bytes) else { return }
    switch target {
    case "baseline":
        // Read as `--baseline` reads a file, then judging findings whose keys its entries may share.
        guard let baseline = try? Baseline(json: Data(bytes), path: "fuzz.json", knownRules: Set(RuleRegistry.descriptions.map(\.id))) else { return }
        let findings = baseline.entries.prefix(50).map { entry in
            Finding(ruleID: entry.rule, severity: .error, path: entry.path, line: 1, column: 1, endLine: 1, endColumn: 1, message: "", context: entry.context, lineText: entry.line)
        }
        _ = baseline.judge(findings + findings, judged: { $0.count % 2 == 0 })
        _ = baseline.updating(with: findings, judged: { $0.path.hasPrefix("A") }).json
    case "config":
        // Read, and when it reads, its rules chosen and its custom rules run over a small RIB, their fixes applied.
        guard let configuration = try? Configuration.parse(yaml: text, path: "fuzz.yml", catalog: RuleRegistry.catalog, rootDirectory: "/"),
            let ruleSet = try? RuleSet(configuration: configuration, catalog: RuleRegistry.catalog), !ruleSet.customEntries.isEmpty
        else { return }
        let findings = Linter(configuration: configuration, ruleSet: ruleSet, jobs: 1)
            .lint(source: customRuleSample, path: "Features/Pay/Sources/PayRouter.swift", project: ProjectFacts())
        _ = Edit.apply(findings, to: customRuleSample)
    case "suppression":
        let source = text.split(separator: "\n", omittingEmptySubsequences: false).map { "// ribslint:" + $0 }.joined(separator: "\n")
            + "\nfinal class ARouter: Router<AInteractable> { var child: ChildRouting? }\n"
        for linter in linters { _ = linter.lint(source: source, path: "Fuzz/ARouter.swift", project: ProjectFacts(usesSourcery: true)) }
    default:
        // As the command line lints standard input — a large stack, the parse budget — then every report
        // written, every fix applied and shown as a diff.
        for linter in linters {
            guard let result = try? linter.lint(source: text, stdinPath: "Fuzz/FuzzInteractor.swift", workingDirectory: "/") else { continue }
            let context = ReportContext(rules: result.rules ?? [], basePath: "/")
            for reporter in Reporter.allCases { _ = reporter.render(result, context) }
            let (fixed, _) = Edit.apply(result.findings.sorted(by: Finding.ordered), to: text)
            _ = FixPlan.unifiedDiff(text, fixed, path: "Fuzz/FuzzInteractor.swift")
        }
    }
}

/// What the `config` target's custom rules look at: every subject kind, roles, a construction, a fixable member.
let customRuleSample = """
    import RIBs
    #if canImport(UIKit)
    import UIKit
    #endif

    /// The router.
    final class PayRouter: ViewableRouter<PayInteractable, PayViewControllable>, PayRouting {
        private var child: ViewableRouting?, other: Int = 0
        func routeToCard() { let screen = CardViewController(); viewController.uiviewController.present(screen, animated: true); track(); done() }
    }
    final class PayInteractor: PresentableInteractor<PayPresentable> { var listener: PayListener? }
    extension PayBuilder { func build() -> PayRouting { PayRouter(interactor: PayInteractor(presenter: p), viewController: v) } }

    """

/// Twelve or more `[` open at once: swift-syntax 603's lookahead takes exponential time on them (a 76-byte
/// input with two runs of eleven took 4 s), which the command line bounds with its parse budget
/// (`--parse-budget`) and the fuzzer would only find again and again.
func hasManyOpenBrackets(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var open = 0
    for byte in bytes {
        if byte == UInt8(ascii: "[") { open += 1 } else if byte == UInt8(ascii: "]") { open = max(0, open - 1) }
        if open >= 12 { return true }
    }
    return false
}

/// libFuzzer's entry point, when built with -sanitize=fuzzer (its `main` then drives the run).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
