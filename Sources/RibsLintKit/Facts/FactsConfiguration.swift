import Foundation
import Yams

/// What `ribslint facts-configuration` writes and `ribslint facts --facts-configuration` reads: of each
/// `.ribslint.yml`, the part a file's facts depend on — `profile`, `roles`, `conventions`, the rules' options,
/// `included` and `excluded` — without what only the check reads: which rules are on, their severities, the
/// baseline, the reporter. A build system makes it in one action from the configuration files and gives it, not
/// them, to every facts action: an edit that turns a rule off or changes a severity leaves it the same bytes, and
/// only the checks run again. JSON, keys sorted.
public struct FactsConfiguration: Sendable, Equatable {
    public static let format = 1

    /// Each configuration file's part, as YAML, by its path as given (relative paths against the working directory
    /// of the run that reads it).
    public var texts: [String: String]
    /// The ribslint release that wrote it: what the facts depend on is that release's to say, so another refuses it.
    public var tool = ribslintVersion

    /// The top-level keys a file's facts depend on (of `rules`, the options, not the severities).
    /// Custom rules whole, their severities included: they are the facts' (a change re-runs the facts actions).
    static let keys: Set<Configuration.Key> = [.profile, .included, .excluded, .roles, .conventions, .rules, .customRules]
    /// The keys only a check reads: which rules are on, the report, the baseline. Every key is in one of the two.
    static let checkKeys: Set<Configuration.Key> = [
        .disabledRules, .optInRules, .onlyRules, .reporter, .baseline, .strict, .allowZeroFiles, .ribslintVersion, .docsURL,
    ]

    /// The parts of the configuration files at `paths`, each checked whole first (a mistake anywhere in it stops here,
    /// where it names its line, rather than in a facts action).
    public init(paths: [String], catalog: Catalog) throws(UsageError) {
        var texts: [String: String] = [:]
        for path in paths {
            _ = try Configuration.load(path: path, catalog: catalog)
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw UsageError("\(path): error: cannot read the configuration file")
            }
            texts[Self.name(path)] = try Self.factsPart(of: text, path: path)
        }
        self.texts = texts
    }

    /// `path` without a leading `./` or doubled slashes: the same file given two ways is one entry.
    static func name(_ path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.map(String.init)
        if parts.isEmpty { parts = ["."] }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// The part of one configuration's YAML the facts depend on: its keys in order, rule settings without
    /// `severity`, comments and layout gone.
    static func factsPart(of text: String, path: String) throws(UsageError) -> String {
        let document: Node?
        do {
            document = try Yams.compose(yaml: text)
        } catch {
            throw UsageError("\(path): error: not YAML (\(error))")
        }
        guard case .mapping(let top)? = document else { return "" }
        var kept: [(Node, Node)] = []
        for (key, value) in top where keys.contains(where: { $0.rawValue == key.string }) {
            guard key.string == "rules", case .mapping(let rules) = value else {
                kept.append((key, value))
                continue
            }
            var settings: [(Node, Node)] = []
            for (rule, setting) in rules {
                guard case .mapping(let options) = setting else { continue }
                let without = options.filter { $0.key.string != "severity" }
                if !without.isEmpty { settings.append((rule, .mapping(Node.Mapping(without.map { ($0.key, $0.value) })))) }
            }
            if !settings.isEmpty { kept.append((key, .mapping(Node.Mapping(settings)))) }
        }
        guard !kept.isEmpty else { return "" }
        do {
            return try Yams.serialize(node: .mapping(Node.Mapping(kept)), sortKeys: true)
        } catch {
            throw UsageError("\(path): error: cannot write its facts part (\(error))")
        }
    }

    /// The texts by absolute path, relative ones taken against `workingDirectory`.
    public func texts(in workingDirectory: String) -> [String: String] {
        Dictionary(texts.map { path, text in
            (path.hasPrefix("/") ? path : URL(fileURLWithPath: workingDirectory).appendingPathComponent(path).path, text)
        }, uniquingKeysWith: { first, _ in first })
    }

    /// As JSON: keys sorted, so that the same configurations give the same bytes.
    public func json() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let coded = Coded(format: Self.format, tool: tool, configurations: texts)
        return Array((try? encoder.encode(coded)) ?? Data()) + [UInt8(ascii: "\n")]
    }

    /// Reads what `ribslint facts-configuration` wrote to `path`.
    public init(contentsOf path: String) throws(UsageError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("error: cannot read the facts configuration \(path)")
        }
        guard let coded = try? JSONDecoder().decode(Coded.self, from: data) else {
            throw UsageError("error: \(path) is not a facts configuration `ribslint facts-configuration` wrote")
        }
        guard coded.format == Self.format else {
            throw UsageError("error: \(path) is a facts configuration of format \(coded.format); this ribslint reads format \(Self.format): write it again with it")
        }
        guard coded.tool == ribslintVersion else {
            throw UsageError("error: \(path) was written by another ribslint (\(coded.tool)) than this one (\(ribslintVersion)): write it again with this one (in Bazel, give `ribslint_configs` the aspect's binary)")
        }
        texts = coded.configurations
        tool = coded.tool
    }

    private struct Coded: Codable {
        let format: Int
        let tool: String
        let configurations: [String: String]
    }
}
