import Yams

/// A custom rule as one configuration file writes it: a nested configuration may set only some of its keys over
/// the same id above it (`severity: warning`), so a rule is complete only once its configurations are layered.
struct CustomRuleDraft: Sendable {
    var id: String
    var origin: String
    /// The profile the defining file chose with `profile:`, if it did: whose roles the rule names.
    var definedUnder: String?
    /// The folder of the file that wrote its selection and assertion.
    var folder: String
    var severity: Severity?
    var message: String?
    var why: String?
    var docs: String?
    var select: CustomRule.Query?
    /// An assertion, or a `count` alone (a nested configuration changing how many a `require` wants).
    var assertion: CustomRule.Assertion?
    var count: (min: Int?, max: Int?)?
    var fix: CustomFix?
    var examples: [CustomExample]?
    var allowEmpty: Bool?

    /// This draft with the keys `nested` sets on top.
    func layered(with nested: CustomRuleDraft) -> CustomRuleDraft {
        var merged = self
        merged.origin = nested.origin
        // What the rule selects stays the file's that wrote `select`: its roles' profile, the folder its `in:` is read from.
        if nested.select != nil {
            merged.definedUnder = nested.definedUnder ?? merged.definedUnder
            merged.folder = nested.folder
        }
        if let value = nested.severity { merged.severity = value }
        if let value = nested.message { merged.message = value }
        if let value = nested.why { merged.why = value }
        if let value = nested.docs { merged.docs = value }
        if let value = nested.select { merged.select = value }
        if let value = nested.assertion { merged.assertion = value }
        if let value = nested.count { merged.count = value }
        if let value = nested.fix { merged.fix = value }
        if let value = nested.examples { merged.examples = value }
        if let value = nested.allowEmpty { merged.allowEmpty = value }
        return merged
    }

    /// The rule, once every key it needs is set, for a folder under `profile`, whose roles are `roleNames`. Nil when
    /// it selects roles and was written under another profile: a nested configuration that switches profile leaves
    /// it behind, as it leaves the rules of the profile above (a RIBs `router` is not a VIPER one).
    func rule(profile: Profile, roleNames: [String]) throws(UsageError) -> CustomRule? {
        func missing(_ what: String) -> UsageError {
            UsageError("\(origin): error: custom rule '\(id)' has no \(what)")
        }
        guard let message else { throw missing("'message'") }
        guard let select else { throw missing("'select'") }
        guard var assertion else { throw missing("assertion: give it one of 'forbid', 'require' or 'only'") }
        if let count {
            guard case .require(let query, _, _) = assertion else {
                throw UsageError("\(origin): error: custom rule '\(id)' sets 'count', which only 'require' reads")
            }
            assertion = .require(query, min: count.min, max: count.max)
        }
        if case .only(let filter) = assertion {
            let allowed = Self.allowedKeys(select.kind)
            if let key = filter.conditionKeys.first(where: { !allowed.contains($0) }) {
                throw UsageError("\(origin): error: custom rule '\(id)': its 'only' asks for '\(key)', which a \(select.kind.rawValue) has not")
            }
            let kinds = ConfigReader.subjectKinds[select.kind] ?? []
            if let kind = filter.kindValues.first(where: { !kinds.contains($0) }) {
                throw UsageError("\(origin): error: custom rule '\(id)': its 'only' asks for kind '\(kind)', which no \(select.kind.rawValue) is")
            }
        }
        var roles = select.filter.roles
        switch assertion {
        case .forbid(let query), .require(let query, _, _): roles += query.filter.roles
        case .only(let filter): roles += filter.roles
        }
        if !roles.isEmpty, let definedUnder, definedUnder != profile.name { return nil }
        for role in roles where !roleNames.contains(role) {
            let known = roleNames.isEmpty ? "it has none a custom rule can select" : "its roles are " + roleNames.joined(separator: ", ")
            throw UsageError("\(origin): error: custom rule '\(id)' selects role '\(role)', not a role of profile '\(profile.name)': \(known)")
        }
        let captures = select.filter.captureNames
        var placeholders = ["subject", "name", "kind", "type", "module"] + captures
        if case .forbid = assertion { placeholders.append("match") }
        if case .require = assertion { placeholders.append("count") }
        for template in [message] + (fix?.template.map { [$0] } ?? []) {
            for placeholder in Self.placeholders(in: template) where !placeholders.contains(placeholder) {
                throw UsageError("""
                    \(origin): error: custom rule '\(id)' writes '{{\(placeholder)}}', which it has no value for; it may use \
                    \(placeholders.map { "{{\($0)}}" }.joined(separator: ", "))
                    """)
            }
        }
        return CustomRule(
            id: id, severity: severity ?? .warning, message: message, why: why ?? "", docs: docs, select: select, assertion: assertion,
            fix: fix, examples: examples ?? [], allowEmpty: allowEmpty ?? false, origin: origin, folder: folder,
            profiles: roles.isEmpty ? Configuration.profiles : [profile.name])
    }

    static func allowedKeys(_ kind: SubjectKind) -> Set<String> { Set((ConfigReader.filterKeys[kind] ?? []) + ["not", "any", "all"]) }

    static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        _ = CustomRule.filling(template) { name in
            names.append(name)
            return ""
        }
        return names
    }
}

extension CustomFix {
    var template: String? {
        switch action {
        case .remove: nil
        case .insertBefore(let text), .insertAfter(let text), .replace(let text): text
        }
    }
}

/// The keys of `custom_rules:` and what they take.
extension ConfigReader {
    static let customRuleKeys = ["severity", "message", "why", "docs", "select", "forbid", "require", "count", "only", "fix", "examples", "allow_empty"]

    /// Keys a filter of each subject kind may use, besides `not`, `any` and `all`.
    static let filterKeys: [SubjectKind: [String]] = [
        .type: ["role", "name", "kind", "in", "module", "inherits", "conforms", "attribute", "access", "constructs"],
        .member: ["role", "name", "kind", "in", "module", "attribute", "access", "constructs"],
        .call: ["role", "name", "in", "module", "constructs"],
        .reference: ["role", "name", "kind", "in", "module"],
        .import: ["name", "in", "module"],
        .file: ["name", "in", "module", "constructs"],
    ]
    /// `kind:` values by subject kind.
    static let subjectKinds: [SubjectKind: [String]] = [
        .type: ["class", "struct", "enum", "actor", "protocol", "extension"],
        .member: ["func", "var", "let", "init"],
        .reference: ["type", "value", "member"],
    ]
    static let accessLevels = ["private", "fileprivate", "internal", "package", "public", "open"]

    /// `roleNames`: the roles `role:` values are checked against at their line — the profile's the file chose, else
    /// every profile's (a nested file takes the profile above it, and the rule set checks them again there).
    /// `definedUnder`: the profile the file chose.
    func customRules(_ node: Node, roleNames: [String], definedUnder: String?, folder: String) throws(UsageError) -> [String: CustomRuleDraft] {
        var drafts: [String: CustomRuleDraft] = [:]
        for (keyNode, value) in try mapping(node, "'custom_rules'") {
            let id = keyNode.string ?? ""
            guard !id.isEmpty, id.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" }), id.first?.isLetter == true else {
                throw error(keyNode, "a custom rule's id is snake_case, like the rules ribslint ships: 'router_no_concrete_view_controllers', not '\(id)'")
            }
            if rules.contains(where: { $0.id == id }) {
                throw error(keyNode, "'\(id)' is a rule ribslint ships; give the custom rule another id")
            }
            drafts[id] = try customRule(id, value, origin: location(keyNode), folder: folder, roleNames: roleNames)
            drafts[id]?.definedUnder = definedUnder
        }
        return drafts
    }

    func location(_ node: Node) -> String {
        "\(path):" + (node.mark.map { "\($0.line):\($0.column)" } ?? "1:1")
    }

    private func customRule(_ id: String, _ node: Node, origin: String, folder: String, roleNames: [String]) throws(UsageError) -> CustomRuleDraft {
        var draft = CustomRuleDraft(id: id, origin: origin, folder: folder)
        let fields = try mapping(node, "custom rule '\(id)'")
        let assertions = fields.filter { ["forbid", "require", "only"].contains($0.key.string ?? "") }
        if assertions.count > 1 {
            throw error(assertions[1].key, "custom rule '\(id)' asserts one thing: 'forbid', 'require' or 'only', not several")
        }
        if let select = fields.first(where: { $0.key.string == "select" }) {
            draft.select = try query(select.value, "select", roleNames: roleNames)
        }
        for (keyNode, value) in fields {
            let key = keyNode.string ?? ""
            switch key {
            case "select": break
            case "severity": draft.severity = Severity(rawValue: try choice(value, key, from: Severity.allCases.map(\.rawValue)))
            case "message":
                let text = try string(value, key)
                guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw error(value, "'message' must say something") }
                draft.message = text
            case "why": draft.why = try string(value, key)
            case "docs": draft.docs = try string(value, key)
            case "allow_empty": draft.allowEmpty = try bool(value, key)
            case "forbid": draft.assertion = .forbid(try query(value, "forbid", roleNames: roleNames))
            case "require": draft.assertion = .require(try query(value, "require", roleNames: roleNames), min: 1, max: nil)
            case "count": draft.count = try count(value)
            case "only":
                // Without `select` here (a nested file's override), any subject kind's conditions; the rule checks them.
                draft.assertion = .only(try filter(value, draft.select?.kind, roleNames: roleNames, requiringConditions: true, label: "'only'"))
            case "fix": draft.fix = try fix(value)
            case "examples": draft.examples = try examples(value)
            default:
                throw error(keyNode, "unknown key '\(key)' in custom rule '\(id)'\(DidYouMean.clause(for: key, in: Self.customRuleKeys)); known: \(Self.customRuleKeys.joined(separator: ", "))")
            }
        }
        if let countNode = fields.first(where: { $0.key.string == "count" })?.key, let assertion = draft.assertion {
            guard case .require = assertion else { throw error(countNode, "custom rule '\(id)' sets 'count', which only 'require' reads") }
        }
        if let fix = draft.fix, case .only = draft.assertion, case .remove = fix.action {
            // Removing what fails a filter deletes code that is wrong in place: allowed, but never safe.
            if fix.isSafe { throw error(node, "custom rule '\(id)': a fix that removes a subject 'only' rejects cannot be safe; mark it 'safety: unsafe'") }
        }
        return draft
    }

    /// `{ <kind>: <filter> }`: one subject kind, filtered.
    private func query(_ node: Node, _ key: String, roleNames: [String]) throws(UsageError) -> CustomRule.Query {
        let kinds = SubjectKind.allCases.map(\.rawValue)
        guard let map = node.mapping, map.count == 1, let (kindNode, value) = map.first, let kind = SubjectKind(rawValue: kindNode.string ?? "") else {
            throw error(node, "'\(key)' picks one kind of subject: { \(kinds.joined(separator: " | ")): { filters } }")
        }
        if key != "select", kind == .file {
            throw error(kindNode, "'\(key)' looks inside the subject; a file holds no file (select files, or query what they hold)")
        }
        if value.null != nil { return CustomRule.Query(kind: kind, filter: .all([])) }
        return CustomRule.Query(kind: kind, filter: try filter(value, kind, roleNames: roleNames))
    }

    /// A mapping of conditions that must all hold, on subjects of `kind` (nil: of any kind). `requiringConditions`: an
    /// empty mapping is refused (`only: {}` asserts nothing; `select: { type: {} }` selects every type).
    func filter(
        _ node: Node, _ kind: SubjectKind?, roleNames: [String], constructed: Bool = false, requiringConditions: Bool = false,
        label: String? = nil
    ) throws(UsageError) -> Filter {
        let known = constructed ? Self.constructedKeys : kind.map { Self.filterKeys[$0] ?? [] } ?? Self.anyKindKeys
        let where_ = label ?? (constructed ? "'constructs'" : kind.map { "a \($0.rawValue) filter" } ?? "'only'")
        guard let map = node.mapping else {
            throw error(node, "\(where_) is a mapping of conditions, such as { name: \"*Router\" }; known: \((known + ["not", "any", "all"]).joined(separator: ", "))")
        }
        if requiringConditions, map.isEmpty { throw error(node, "\(where_) needs a condition, such as { name: \"*Router\" }") }
        var conditions: [Filter] = []
        for (keyNode, value) in map {
            let key = keyNode.string ?? ""
            switch key {
            case "not": conditions.append(.not(try filter(value, kind, roleNames: roleNames, constructed: constructed, requiringConditions: true, label: "'not'")))
            case "any", "all":
                guard let items = value.sequence, !items.isEmpty else { throw error(value, "'\(key)' takes a list of filters") }
                var filters: [Filter] = []
                for item in items {
                    filters.append(try filter(item, kind, roleNames: roleNames, constructed: constructed, requiringConditions: true, label: "each of '\(key)'"))
                }
                conditions.append(key == "any" ? .any(filters) : .all(filters))
            case _ where known.contains(key):
                conditions.append(try condition(key, value, kind, roleNames: roleNames, constructed: constructed))
            default:
                let hint = kind != nil && Self.filterKeys.values.contains { $0.contains(key) }
                    ? "; a \(kind?.rawValue ?? "") has no '\(key)'" : DidYouMean.clause(for: key, in: known)
                throw error(keyNode, "unknown key '\(key)' in \(where_)\(hint); known: \((known + ["not", "any", "all"]).joined(separator: ", "))")
            }
        }
        return conditions.count == 1 ? conditions[0] : .all(conditions)
    }

    static let constructedKeys = ["role", "name", "kind", "inherits", "conforms"]
    /// The conditions of every subject kind, for an `only` whose `select` another file writes.
    static let anyKindKeys = Array(Set(filterKeys.values.flatMap { $0 })).sorted()

    /// One condition: a value, a list of values (any of them) or `{ not: value }`.
    private func condition(_ key: String, _ node: Node, _ kind: SubjectKind?, roleNames: [String], constructed: Bool) throws(UsageError) -> Filter {
        if key == "constructs" {
            if case .scalar = node { return .constructs(.name(try pattern(node))) }
            return .constructs(try filter(node, .type, roleNames: roleNames, constructed: true))
        }
        if let items = node.sequence {
            guard !items.isEmpty else { throw error(node, "'\(key)' lists nothing") }
            var filters: [Filter] = []
            for item in items { filters.append(try condition(key, item, kind, roleNames: roleNames, constructed: constructed)) }
            return .any(filters)
        }
        if let map = node.mapping, map.count == 1, map.first?.key.string == "not", let inner = map.first?.value {
            return .not(try condition(key, inner, kind, roleNames: roleNames, constructed: constructed))
        }
        if key == "inherits" || key == "conforms", let map = node.mapping {
            var name: NamePattern?
            var direct = false
            for (fieldNode, value) in map {
                switch fieldNode.string ?? "" {
                case "name": name = try pattern(value)
                case "direct": direct = try bool(value, "direct")
                default: throw error(fieldNode, "'\(key)' takes a name, a list, { not: … } or { name: …, direct: true }")
                }
            }
            guard let name else { throw error(node, "'\(key)' needs a name: { name: \"Base*\", direct: true }") }
            return key == "inherits" ? .inherits(name, direct: direct) : .conforms(name, direct: direct)
        }
        guard case .scalar(let scalar) = node else {
            throw error(node, "'\(key)' takes a value, a list of values or { not: value }")
        }
        let value = scalar.string
        switch key {
        case "role":
            if !roleNames.contains(value) {
                let known = roleNames.isEmpty ? "this profile has none a custom rule can select" : "known: " + roleNames.joined(separator: ", ")
                throw error(node, "unknown role '\(value)'\(DidYouMean.clause(for: value, in: roleNames)); \(known)")
            }
            return .role(value)
        case "kind":
            let kinds = constructed ? Self.subjectKinds[.type]! : kind.map { Self.subjectKinds[$0] ?? [] } ?? Self.subjectKinds.values.flatMap { $0 }
            guard kinds.contains(value) else {
                throw error(node, "a \(constructed ? "type" : kind?.rawValue ?? "subject")'s kind is one of \(kinds.joined(separator: ", ")), not '\(value)'")
            }
            return .kind(value)
        case "access":
            guard Self.accessLevels.contains(value) else {
                throw error(node, "'access' is one of \(Self.accessLevels.joined(separator: ", ")), not '\(value)'")
            }
            return .access(value)
        case "in":
            do { return .path(try PathPattern(value)) } catch { throw self.error(node, error.message) }
        case "name": return .name(try pattern(node))
        case "module": return .module(try pattern(node))
        case "inherits": return .inherits(try pattern(node), direct: false)
        case "conforms": return .conforms(try pattern(node), direct: false)
        case "attribute": return .attribute(try NamePattern(value.hasPrefix("@") ? String(value.dropFirst()) : value, at: node, self))
        default: throw error(node, "unknown condition '\(key)'")
        }
    }

    private func pattern(_ node: Node) throws(UsageError) -> NamePattern {
        guard case .scalar(let scalar) = node else { throw error(node, "a name pattern is a string: a glob such as \"*Router\", or /a regex/") }
        return try NamePattern(scalar.string, at: node, self)
    }

    private func count(_ node: Node) throws(UsageError) -> (min: Int?, max: Int?) {
        func number(_ node: Node) throws(UsageError) -> Int {
            guard case .scalar(let scalar) = node, let value = Int(scalar.string), value >= 0 else {
                throw error(node, "'count' is a number, or { min: N, max: N }")
            }
            return value
        }
        if case .scalar = node {
            let exact = try number(node)
            return (exact, exact)
        }
        guard let map = node.mapping, !map.isEmpty else { throw error(node, "'count' is a number, or { min: N, max: N }") }
        var bounds: (min: Int?, max: Int?) = (nil, nil)
        for (keyNode, value) in map {
            switch keyNode.string ?? "" {
            case "min": bounds.min = try number(value)
            case "max": bounds.max = try number(value)
            default: throw error(keyNode, "'count' takes 'min' and 'max'")
            }
        }
        if let low = bounds.min, let high = bounds.max, low > high { throw error(node, "'count': min is above max") }
        return bounds
    }

    private func fix(_ node: Node) throws(UsageError) -> CustomFix {
        let fields = try mapping(node, "'fix'")
        var action: CustomFix.Action?
        var safety: Bool?
        let actions = ["remove", "insert_before", "insert_after", "replace"]
        for (keyNode, value) in fields {
            let key = keyNode.string ?? ""
            if key == "safety" {
                safety = try choice(value, key, from: ["safe", "unsafe"]) == "safe"
                continue
            }
            guard actions.contains(key) else {
                throw error(keyNode, "unknown key '\(key)' in 'fix'; known: \((actions + ["safety"]).joined(separator: ", "))")
            }
            guard action == nil else { throw error(keyNode, "a fix does one thing: \(actions.joined(separator: ", "))") }
            switch key {
            case "remove":
                guard try bool(value, key) else { throw error(value, "'remove: false' fixes nothing; leave 'fix' out") }
                action = .remove
            case "insert_before": action = .insertBefore(try string(value, key))
            case "insert_after": action = .insertAfter(try string(value, key))
            default: action = .replace(try string(value, key))
            }
        }
        guard let action else { throw error(node, "'fix' needs one of \(actions.joined(separator: ", "))") }
        guard let safety else {
            throw error(node, "'fix' needs 'safety: safe' (it keeps the code compiling and meaning the same) or 'safety: unsafe'")
        }
        return CustomFix(action: action, isSafe: safety)
    }

    private func examples(_ node: Node) throws(UsageError) -> [CustomExample] {
        guard let items = node.sequence else { throw error(node, "'examples' is a list of { bad, good, path, context, fixed }") }
        var examples: [CustomExample] = []
        for item in items {
            var bad: String?, good: String?, path = "Example.swift", fixed: String?
            var context: [(path: String, code: String)] = []
            for (keyNode, value) in try mapping(item, "an example") {
                let key = keyNode.string ?? ""
                switch key {
                case "bad": bad = try string(value, key)
                case "good": good = try string(value, key)
                case "path": path = try string(value, key)
                case "fixed": fixed = try string(value, key)
                case "context":
                    for (fileNode, code) in try mapping(value, "'context' (file paths to their code)") {
                        context.append((fileNode.string ?? "", try string(code, "context")))
                    }
                default: throw error(keyNode, "unknown key '\(key)' in an example; known: bad, good, path, context, fixed")
                }
            }
            guard bad != nil || good != nil else { throw error(item, "an example needs 'bad' or 'good'") }
            if fixed != nil, bad == nil { throw error(item, "'fixed' is what 'bad' becomes: give 'bad' too") }
            if let bad, !bad.contains(CustomRuleExamples.marker) {
                throw error(item, "'bad' marks where each finding is reported with \(CustomRuleExamples.marker)")
            }
            examples.append(CustomExample(bad: bad, good: good, path: path, context: context, fixed: fixed, origin: location(item)))
        }
        return examples
    }
}

extension NamePattern {
    init(_ text: String, at node: Node, _ reader: ConfigReader) throws(UsageError) {
        do { try self.init(text) } catch { throw reader.error(node, error.message) }
    }
}
