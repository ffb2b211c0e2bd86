import Foundation
import Yams

/// A problem that stops the run: bad configuration, a path that does not exist, an unknown rule.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Per-rule settings from `.ribslint.yml`.
public struct RuleSetting: Sendable, Equatable {
    public var severity: Severity?
    public var options: [String: OptionValue]

    public init(severity: Severity? = nil, options: [String: OptionValue] = [:]) {
        self.severity = severity
        self.options = options
    }
}

/// What `.ribslint.yml` says, checked: every key known, every value of the right type.
public struct Configuration: Sendable {
    public static let fileName = ".ribslint.yml"

    /// Paths in the configuration are relative to this folder; SARIF uris too.
    public var rootDirectory: String
    public var configPath: String?
    public var profile = "ribs"
    public var included: [String] = ["."]
    /// Where each `included` path is written (`line:column`), for the error when it does not exist.
    var includedLocations: [String: String] = [:]
    public var excluded: [String] = []
    public var disabledRules: [String] = []
    public var optInRules: [String] = []
    public var onlyRules: [String] = []
    public var reporter = "xcode"
    /// A baseline file (`baseline:`, relative to the configuration's folder): only findings not in it count.
    public var baseline: String?
    /// Where reports link rule pages (`docs_url:`): an internal mirror of Docs/rules, say.
    public var docsURL: String?
    /// A run that finds no Swift file to lint passes instead of failing (`allow_zero_files:`).
    public var allowZeroFiles = false
    /// `strict: true`: any finding fails the run, warnings included (`--strict`); nil when not set, so that a
    /// module's configuration takes it from the project's above.
    public var strict: Bool?
    /// A documented variant of the profile the project follows (`conventions:`), such as `uber-template`.
    public var conventions: String?
    /// The project's adjustments to the profile's roles (`roles:`).
    public var roles = RoleOverrides()
    public var ruleSettings: [String: RuleSetting] = [:]
    /// The project's own rules (`custom_rules:`), by id; a nested configuration's keys override rule by rule.
    var customRules: [String: CustomRuleDraft] = [:]

    /// Its custom rules marked as written under its own profile: a configuration given as every file's base.
    func withCustomRulesUnderItsProfile() -> Configuration {
        var configuration = self
        for id in customRules.keys where configuration.customRules[id]?.definedUnder == nil {
            configuration.customRules[id]?.definedUnder = profile
        }
        return configuration
    }
    /// Rule ids that `disabled_rules`, `opt_in_rules` or `only_rules` name and neither ribslint nor this file's
    /// `custom_rules` define, with the error to give if no configuration above defines them either.
    var unresolvedRuleIDs: [(id: String, error: String)] = []
    /// `excluded` globs of nested configurations, each relative to the folder of the file that set it.
    var nestedExclusions: [(folder: String, patterns: [String])] = []
    /// The keys the file set, so that a nested configuration overrides only what it says.
    var setKeys: Set<Key> = []

    public init(rootDirectory: String) {
        self.rootDirectory = rootDirectory
    }

    enum Key: String, CaseIterable, Sendable {
        case profile, included, excluded, reporter, roles, rules, baseline, conventions, strict
        case allowZeroFiles = "allow_zero_files"
        case ribslintVersion = "ribslint_version"
        case docsURL = "docs_url"
        case disabledRules = "disabled_rules"
        case optInRules = "opt_in_rules"
        case onlyRules = "only_rules"
        case customRules = "custom_rules"
    }

    /// The architecture profiles of RULES.md; a rule's `profiles` say where it runs.
    public static let profiles = ["ribs", "swiftui-rib", "viper", "composable-ribs"]
    public static let reporters = Reporter.allCases.map(\.rawValue)

    /// Looks for `.ribslint.yml` in `directory` and each folder above it.
    public static func find(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(fileName).path
            if entryExists(candidate) { return candidate }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    public static func load(path: String, catalog: Catalog) throws(UsageError) -> Configuration {
        let data: [UInt8]
        switch readRegularFile(path) {
        case .success(let read): data = read.data
        case .failure(let problem): throw UsageError("\(path): error: \(problem.message); not a configuration file")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw UsageError("\(path): error: the configuration file is not UTF-8 text")
        }
        let root = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        var configuration = try parse(yaml: text, path: path, catalog: catalog, rootDirectory: root)
        configuration.configPath = path
        return configuration
    }

    public static func parse(
        yaml: String, path: String, catalog: Catalog, rootDirectory: String
    ) throws(UsageError) -> Configuration {
        var reader = ConfigReader(path: path, rules: catalog.descriptions, profiles: catalog.profiles)
        var configuration = Configuration(rootDirectory: rootDirectory)
        let document: Node?
        do {
            document = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw reader.yamlError(error, in: yaml)
        } catch {
            throw UsageError("\(path): error: \(error)")
        }
        guard let document else { return configuration }
        let top = try reader.mapping(document, "the configuration")
        // Roles are checked against the profile, wherever `profile:` stands.
        if let value = top.first(where: { $0.key.string == Key.profile.rawValue })?.value {
            configuration.profile = try reader.choice(value, Key.profile.rawValue, from: catalog.profiles.map(\.name))
        }
        let profile = catalog.profile(named: configuration.profile)
        // Custom rules first, so that the lists of rule ids below may name them.
        if let value = top.first(where: { $0.key.string == Key.customRules.rawValue })?.value {
            let chosen = top.contains { $0.key.string == Key.profile.rawValue } ? profile : nil
            let roleNames = chosen.map { catalog.roleModel(of: $0).roleNames } ?? Array(Set(catalog.profiles.flatMap { catalog.roleModel(of: $0).roleNames })).sorted()
            configuration.customRules = try reader.customRules(value, roleNames: roleNames, definedUnder: chosen?.name, folder: rootDirectory)
        }
        reader.customIDs = Set(configuration.customRules.keys)
        for (keyNode, value) in top {
            let name = keyNode.string ?? ""
            guard let key = Key(rawValue: name) else { throw reader.error(keyNode, Self.unknownKey(name, rules: catalog.descriptions)) }
            configuration.setKeys.insert(key)
            switch key {
            case .profile: break
            case .included:
                configuration.included = try reader.strings(value, name)
                for item in value.sequence ?? [] {
                    if let mark = item.mark, let text = item.scalar?.string { configuration.includedLocations[text] = "\(mark.line):\(mark.column)" }
                }
            case .excluded: configuration.excluded = try reader.strings(value, name)
            case .reporter: configuration.reporter = try reader.choice(value, name, from: reporters)
            case .baseline:
                let path = try reader.string(value, name)
                configuration.baseline = path.hasPrefix("/") ? path : URL(fileURLWithPath: rootDirectory).appendingPathComponent(path).path
            case .disabledRules: configuration.disabledRules = try reader.ruleIDs(value, name, unresolved: &configuration.unresolvedRuleIDs)
            case .optInRules: configuration.optInRules = try reader.ruleIDs(value, name, unresolved: &configuration.unresolvedRuleIDs)
            case .onlyRules: configuration.onlyRules = try reader.ruleIDs(value, name, unresolved: &configuration.unresolvedRuleIDs)
            case .customRules: break
            case .roles: configuration.roles = try reader.roles(value, of: profile)
            case .allowZeroFiles: configuration.allowZeroFiles = try reader.bool(value, name)
            case .strict: configuration.strict = try reader.bool(value, name)
            case .conventions:
                let names = profile?.conventions.map(\.name) ?? []
                guard !names.isEmpty else {
                    throw reader.error(keyNode, "profile '\(configuration.profile)' has no conventions to choose from")
                }
                configuration.conventions = try reader.choice(value, name, from: names)
            case .rules: configuration.ruleSettings = try reader.ruleSettings(value)
            case .ribslintVersion: try reader.versionRequirement(value, name)
            case .docsURL:
                let url = try reader.string(value, name)
                guard !url.isEmpty, !url.contains(where: \.isWhitespace) else { throw reader.error(value, "'\(name)' must be a URL or folder without spaces") }
                configuration.docsURL = url
            }
        }
        return configuration
    }

    /// SwiftLint's keys that ribslint spells otherwise.
    static let swiftLintKeys: [String: Key] = ["allow_zero_lintable_files": .allowZeroFiles, "swiftlint_version": .ribslintVersion]
    /// SwiftLint's keys with no ribslint counterpart, and what to do instead.
    static let swiftLintOnlyKeys: [String: String] = [
        "analyzer_rules": "ribslint has no analyzer rules: every rule reads the syntax",
        "warning_threshold": "use `strict: true` to fail on warnings",
        "parent_config": "a `.ribslint.yml` in a folder applies on top of the one above it",
        "child_config": "a `.ribslint.yml` in a folder applies on top of the one above it",
        "check_for_updates": "pin the release with `ribslint_version:`",
    ]

    /// What an unknown top-level key most likely meant: a rule's settings out of `rules:`, SwiftLint's spelling
    /// of a key, a typo of one; then the keys there are.
    static func unknownKey(_ name: String, rules: [RuleDescription]) -> String {
        if rules.contains(where: { $0.id == name }) {
            return "'\(name)' is a rule: its settings go under 'rules:' (rules: {\(name): {severity: warning}})"
        }
        if let key = swiftLintKeys[name] { return "unknown key '\(name)' (SwiftLint's); ribslint's is '\(key.rawValue)'" }
        if let instead = swiftLintOnlyKeys[name] { return "unknown key '\(name)', a SwiftLint key: \(instead)" }
        let known = Key.allCases.map(\.rawValue).sorted()
        if let near = DidYouMean.closest(to: name, in: known) { return "unknown key '\(name)'; did you mean '\(near)'?" }
        if let rule = DidYouMean.closest(to: name, in: rules.map(\.id)) {
            return "unknown key '\(name)'; did you mean the rule '\(rule)'? Its settings go under 'rules:'"
        }
        return "unknown key '\(name)'; known keys: \(known.joined(separator: ", ")) (a rule's settings go under 'rules:')"
    }

    /// This configuration with a nested one (a `.ribslint.yml` in a folder below) on top, as SwiftLint's
    /// nested configurations work: what the nested file sets wins; lists of rules add up; rule settings
    /// merge option by option; its `excluded` globs count relative to its own folder. `included`,
    /// `reporter`, `baseline`, `docs_url` and `strict` describe a run, not a folder, and are read from the run's configuration only. A nested
    /// `profile:` switches the folder to another architecture: rules opted into or chosen with `only_rules`
    /// above that are not rules of the new one are left behind, and so are the roles adjusted for it.
    public func layered(with nested: Configuration, catalog: Catalog) -> Configuration {
        var merged = self
        if nested.setKeys.contains(.profile), nested.profile != profile {
            merged.profile = nested.profile
            let rulesOfProfile = Set(catalog.descriptions.filter { $0.profiles.contains(nested.profile) }.map(\.id))
            // A custom rule belongs to no profile: it stays chosen.
            merged.optInRules = optInRules.filter { rulesOfProfile.contains($0) || customRules[$0] != nil }
            merged.onlyRules = onlyRules.filter { rulesOfProfile.contains($0) || customRules[$0] != nil }
            merged.roles = RoleOverrides()
            merged.conventions = nil
        }
        // A nested opt-in re-enables what a configuration above disabled, and a nested disable turns off what
        // one above opted into or chose with `only_rules`.
        merged.disabledRules = merged.disabledRules.filter { !nested.optInRules.contains($0) } + nested.disabledRules
        merged.optInRules = merged.optInRules.filter { !nested.disabledRules.contains($0) } + nested.optInRules
        if nested.setKeys.contains(.onlyRules) {
            merged.onlyRules = nested.onlyRules
        } else if !merged.onlyRules.isEmpty {
            // Disabled rules are taken out of `only_rules` by the rule set.
            merged.onlyRules += nested.optInRules.filter { !merged.onlyRules.contains($0) }
        }
        if nested.setKeys.contains(.roles) { merged.roles = nested.roles }
        for (id, var draft) in nested.customRules {
            // A file that chose no profile writes its rules for the one in force in its folder.
            if draft.definedUnder == nil { draft.definedUnder = merged.profile }
            merged.customRules[id] = merged.customRules[id].map { $0.layered(with: draft) } ?? draft
        }
        // An id a nested configuration names stays unknown only if no configuration of the chain defines it.
        merged.unresolvedRuleIDs = (merged.unresolvedRuleIDs + nested.unresolvedRuleIDs).filter { merged.customRules[$0.id] == nil }
        if nested.setKeys.contains(.conventions) { merged.conventions = nested.conventions }
        for (id, setting) in nested.ruleSettings {
            var combined = merged.ruleSettings[id] ?? RuleSetting()
            if let severity = setting.severity { combined.severity = severity }
            combined.options.merge(setting.options) { $1 }
            merged.ruleSettings[id] = combined
        }
        if !nested.excluded.isEmpty { merged.nestedExclusions.append((nested.rootDirectory, nested.excluded)) }
        merged.configPath = nested.configPath
        return merged
    }

    /// Whether a nested configuration's `excluded` drops the file at `absolutePath`.
    func nestedExclusionDrops(_ absolutePath: String) -> Bool {
        nestedExclusions.contains { folder, patterns in
            guard let relative = relativePath(absolutePath, to: folder) else { return false }
            return patterns.contains { Glob.matches($0, relative) }
        }
    }
}

/// Reads YAML nodes into typed values, failing with the node's file:line:column.
struct ConfigReader {
    let path: String
    let rules: [RuleDescription]
    let profiles: [Profile]
    /// The ids of the file's own custom rules.
    var customIDs = Set<String>()

    /// The line and column of the second line, from `line` on, that starts with `key:` at the indentation of the
    /// first (quoted or not).
    static func secondOccurrence(of key: String, from line: Int, in yaml: String) -> (line: Int, column: Int)? {
        var indentation: Int?
        for (offset, text) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where offset + 1 >= line {
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            let spaces = text.count - trimmed.count
            guard [key + ":", "\"\(key)\":", "'\(key)':"].contains(where: { trimmed.hasPrefix($0) }) else { continue }
            if let indentation {
                if spaces == indentation { return (offset + 1, spaces + 1) }
            } else {
                indentation = spaces
            }
        }
        return nil
    }

    func error(_ node: Node, _ message: String) -> UsageError {
        let mark = node.mark.map { "\($0.line):\($0.column)" } ?? "1:1"
        return UsageError("\(path):\(mark): error: \(message)")
    }

    func yamlError(_ error: YamlError, in yaml: String) -> UsageError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return UsageError("\(path):\(mark.line):\(mark.column): error: invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
            // At the key's second occurrence in the mapping, where the user must look; else at the mapping.
            let mark = duplicates.sorted().first.flatMap { Self.secondOccurrence(of: $0, from: context.mark.line, in: yaml) }
                ?? (context.mark.line, context.mark.column)
            return UsageError("\(path):\(mark.line):\(mark.column): error: this mapping sets \(keys) more than once")
        case .reader(let problem, let offset, _, let yaml):
            // The offset counts bytes from the start: where the bad character stands.
            let before = yaml.utf8.prefix(max(0, offset ?? 0))
            let line = before.count { $0 == UInt8(ascii: "\n") } + 1
            let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
            return UsageError("\(path):\(line):\(column): error: invalid YAML: \(problem)")
        default:
            return UsageError("\(path): error: invalid YAML: \(error)")
        }
    }

    func mapping(_ node: Node, _ what: String) throws(UsageError) -> Node.Mapping {
        guard let mapping = node.mapping else { throw error(node, "\(what) must be a mapping of keys to values") }
        return mapping
    }

    func string(_ node: Node, _ key: String) throws(UsageError) -> String {
        guard case .scalar(let scalar) = node else { throw error(node, "'\(key)' must be a string") }
        return scalar.string
    }

    /// `ribslint_version:` must accept this binary: a team pins its tool, and a developer whose binary is
    /// older or newer learns it before a single finding differs from CI's.
    func versionRequirement(_ node: Node, _ key: String) throws(UsageError) {
        let text = try string(node, key)
        let requirement: VersionRequirement
        do { requirement = try VersionRequirement(text) } catch { throw self.error(node, error.message) }
        guard requirement.accepts(.current) else {
            throw self.error(node, "this project requires ribslint \(requirement) and this is ribslint \(ribslintVersion); "
                + "install a matching release (README, 'Installing') or change '\(key)'")
        }
    }

    func bool(_ node: Node, _ key: String) throws(UsageError) -> Bool {
        guard case .scalar = node, let value = node.bool else { throw error(node, "'\(key)' must be true or false") }
        return value
    }

    func strings(_ node: Node, _ key: String) throws(UsageError) -> [String] {
        guard case .sequence(let sequence) = node else {
            throw error(node, "'\(key)' must be a list of strings, such as [\(node.scalar?.string ?? "…")]")
        }
        var values: [String] = []
        for item in sequence {
            guard case .scalar(let scalar) = item else { throw error(item, "'\(key)' must be a list of strings") }
            values.append(scalar.string)
        }
        return values
    }

    func choice(_ node: Node, _ key: String, from allowed: [String]) throws(UsageError) -> String {
        let value = try string(node, key)
        guard allowed.contains(value) else {
            throw error(node, "'\(key)' must be one of \(allowed.joined(separator: ", ")), not '\(value)'")
        }
        return value
    }

    /// An id neither ribslint nor this file defines may be a custom rule of a configuration above: `unresolved`
    /// keeps it with its error, which the rule set gives if none defines it.
    func ruleIDs(_ node: Node, _ key: String, unresolved: inout [(id: String, error: String)]) throws(UsageError) -> [String] {
        let ids = try strings(node, key)
        let items: [Node] = node.sequence.map(Array.init) ?? [node]
        for (id, item) in zip(ids, items) where !rules.contains(where: { $0.id == id }) && !customIDs.contains(id) {
            let known = rules.map(\.id) + customIDs
            unresolved.append((id, error(item, "unknown rule '\(id)' in '\(key)'\(DidYouMean.clause(for: id, in: known)); `ribslint rules` lists them, and 'custom_rules' defines a project's own").message))
        }
        return ids
    }

    func ruleSettings(_ node: Node) throws(UsageError) -> [String: RuleSetting] {
        var settings: [String: RuleSetting] = [:]
        for (keyNode, value) in try mapping(node, "'rules'") {
            let id = keyNode.string ?? ""
            guard let rule = rules.first(where: { $0.id == id }) else {
                if customIDs.contains(id) {
                    throw error(keyNode, "'\(id)' is a custom rule: its severity goes under custom_rules (custom_rules: {\(id): {severity: error}})")
                }
                throw error(keyNode, "unknown rule '\(id)' in 'rules'\(DidYouMean.clause(for: id, in: rules.map(\.id))); `ribslint rules` lists them")
            }
            var setting = RuleSetting()
            for (optionNode, optionValue) in try mapping(value, "'rules.\(id)'") {
                let name = optionNode.string ?? ""
                if name == "severity" {
                    let raw = try choice(optionValue, "severity", from: Severity.allCases.map(\.rawValue))
                    setting.severity = Severity(rawValue: raw)
                    continue
                }
                guard let option = rule.options.first(where: { $0.name == name }) else {
                    // `interactor_suffixes` of a swiftui-rib rule: the profile's role holds it now, for every rule.
                    let role = Role(String(name.dropLast("_suffixes".count)))
                    if name.hasSuffix("_suffixes"),
                        let profile = profiles.first(where: { rule.profiles.contains($0.name) && $0.definition(of: role) != nil })
                    {
                        throw error(optionNode, """
                            option '\(name)' of rule '\(id)' moved to the profile's roles, one setting for every \(profile.name) rule and \
                            `ribslint graph`: write `roles: { \(role.rawValue): { suffixes: [...] } }` at the top level of .ribslint.yml
                            """)
                    }
                    let known = (["severity"] + rule.options.map(\.name)).joined(separator: ", ")
                    throw error(optionNode, "unknown option '\(name)' for rule '\(id)'; known: \(known)")
                }
                setting.options[name] = try self.option(optionValue, option)
            }
            settings[id] = setting
        }
        return settings
    }

    func option(_ node: Node, _ option: OptionDoc) throws(UsageError) -> OptionValue {
        switch option.kind {
        case .bool:
            return .bool(try bool(node, option.name))
        case .string(let allowed):
            let value = try string(node, option.name)
            if !allowed.isEmpty, !allowed.contains(value) {
                throw error(node, "'\(option.name)' must be one of \(allowed.joined(separator: ", ")), not '\(value)'")
            }
            return .string(value)
        case .stringList:
            return .stringList(try strings(node, option.name))
        }
    }

    func roles(_ node: Node, of profile: Profile?) throws(UsageError) -> RoleOverrides {
        var overrides = RoleOverrides()
        let roleNames = profile?.roles.map(\.role.rawValue) ?? []
        for (keyNode, value) in try mapping(node, "'roles'") {
            let name = keyNode.string ?? ""
            if name == "frameworks" {
                overrides.frameworks = Set(try strings(value, name))
                continue
            }
            if name == "presenter_base_classes" {
                overrides.conformingBaseClasses = Set(try strings(value, name))
                continue
            }
            guard roleNames.contains(name) else {
                let known = (["frameworks", "presenter_base_classes"] + roleNames).joined(separator: ", ")
                throw error(keyNode, "unknown key '\(name)' in 'roles'; known: \(known)")
            }
            let role = Role(name)
            for (fieldNode, fieldValue) in try mapping(value, "'roles.\(name)'") {
                switch fieldNode.string ?? "" {
                case "base_classes": overrides.baseClasses[role] = Set(try strings(fieldValue, "base_classes"))
                case "suffixes": overrides.suffixes[role] = try strings(fieldValue, "suffixes")
                default:
                    throw error(fieldNode, "unknown key '\(fieldNode.string ?? "")' in 'roles.\(name)'; known: base_classes, suffixes")
                }
            }
        }
        return overrides
    }
}
