import Foundation

/// A JSON Schema of `.ribslint.yml` for editors (the YAML language server's `# yaml-language-server: $schema=…`,
/// or its settings), made from what the reader accepts: the keys, the profiles, conventions and reporters, each
/// rule's options and kinds, the roles of every profile, and custom rules' filters by subject kind. Unknown keys
/// are refused, as the reader refuses them. `Docs/ribslint-config.schema.json` is this, written by the tests'
/// bless (`RIBSLINT_BLESS=1 swift test --filter ConfigurationSchema`).
public enum ConfigurationSchema {
    public static func json(catalog: Catalog) -> String {
        let data = try? JSONSerialization.data(withJSONObject: schema(catalog: catalog), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return (data.map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }

    static func schema(catalog: Catalog) -> [String: Any] {
        let strings: [String: Any] = ["type": "array", "items": ["type": "string"]]
        let ruleIDs: [String: Any] = [
            "type": "array",
            "items": ["anyOf": [["enum": catalog.descriptions.map(\.id)], ["type": "string", "pattern": idPattern, "description": "a custom rule's id"]]],
        ]
        var roles: [String: Any] = ["frameworks": strings, "presenter_base_classes": strings]
        for name in Set(catalog.profiles.flatMap { $0.roles.map(\.role.rawValue) }).sorted() {
            roles[name] = closed(["base_classes": strings, "suffixes": strings])
        }
        var rules: [String: Any] = [:]
        for rule in catalog.descriptions {
            var settings: [String: Any] = ["severity": ["enum": Severity.allCases.map(\.rawValue)]]
            for option in rule.options {
                switch option.kind {
                case .bool: settings[option.name] = ["type": "boolean", "description": option.summary]
                case .string(let allowed):
                    settings[option.name] = allowed.isEmpty ? ["type": "string", "description": option.summary] : ["enum": allowed, "description": option.summary]
                case .stringList: settings[option.name] = ["type": "array", "items": ["type": "string"], "description": option.summary]
                }
            }
            rules[rule.id] = closed(settings, description: rule.summary)
        }
        var properties: [String: Any] = [:]
        // Every key the reader knows, and only those: a key added there is not compiled until it is described here.
        for key in Configuration.Key.allCases {
            properties[key.rawValue] = switch key {
            case .profile: ["enum": catalog.profiles.map(\.name), "description": "The architecture: which rules run and how roles are found."]
            case .conventions: ["enum": Array(Set(catalog.profiles.flatMap { $0.conventions.map(\.name) })).sorted()]
            case .included, .excluded: strings
            case .disabledRules, .optInRules, .onlyRules: ruleIDs
            case .reporter: ["enum": Reporter.allCases.map(\.rawValue)]
            case .baseline, .docsURL, .ribslintVersion: ["type": "string"]
            case .allowZeroFiles, .strict: ["type": "boolean"]
            case .roles: closed(roles)
            case .rules: closed(rules)
            case .customRules: [
                "type": "object", "propertyNames": ["pattern": idPattern], "additionalProperties": ["$ref": "#/definitions/customRule"],
                "description": "The project's own rules (Docs/custom-rules.md).",
            ]
            }
        }
        return [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "title": ".ribslint.yml", "description": "ribslint's configuration (README, 'Configuration').",
            "type": "object", "additionalProperties": false, "properties": properties, "definitions": customRuleDefinitions(catalog),
        ]
    }

    static let idPattern = "^[a-z][a-z0-9_]*$"

    static func closed(_ properties: [String: Any], description: String? = nil) -> [String: Any] {
        var object: [String: Any] = ["type": "object", "additionalProperties": false, "properties": properties]
        if let description { object["description"] = description }
        return object
    }

    private static func customRuleDefinitions(_ catalog: Catalog) -> [String: Any] {
        // A condition's value: a string, a list of them (any), or `{ not: value }`.
        let value: [String: Any] = ["anyOf": [
            ["type": "string"], ["type": "array", "items": ["type": "string"], "minItems": 1],
            closed(["not": ["$ref": "#/definitions/value"]]),
        ]]
        let named: [String: Any] = ["anyOf": [["$ref": "#/definitions/value"], closed(["name": ["type": "string"], "direct": ["type": "boolean"]])]]
        var definitions: [String: Any] = ["value": value, "named": named]
        func filter(_ name: String, keys: [String]) -> [String: Any] {
            var properties: [String: Any] = [:]
            for key in keys {
                switch key {
                case "inherits", "conforms": properties[key] = ["$ref": "#/definitions/named"]
                case "constructs": properties[key] = ["anyOf": [["type": "string"], ["$ref": "#/definitions/constructedFilter"]]]
                default: properties[key] = ["$ref": "#/definitions/value"]
                }
            }
            properties["not"] = ["$ref": "#/definitions/\(name)"]
            properties["any"] = ["type": "array", "items": ["$ref": "#/definitions/\(name)"], "minItems": 1]
            properties["all"] = ["type": "array", "items": ["$ref": "#/definitions/\(name)"], "minItems": 1]
            return closed(properties)
        }
        for kind in SubjectKind.allCases { definitions["\(kind.rawValue)Filter"] = filter("\(kind.rawValue)Filter", keys: ConfigReader.filterKeys[kind] ?? []) }
        definitions["constructedFilter"] = filter("constructedFilter", keys: ["role", "name", "kind", "inherits", "conforms"])
        let anyFilter = Array(Set(ConfigReader.filterKeys.values.flatMap { $0 })).sorted()
        definitions["anyFilter"] = filter("anyFilter", keys: anyFilter)
        func query(_ kinds: [SubjectKind]) -> [String: Any] {
            ["oneOf": kinds.map { kind in
                ["type": "object", "additionalProperties": false, "minProperties": 1, "maxProperties": 1,
                 "properties": [kind.rawValue: ["anyOf": [["type": "null"], ["$ref": "#/definitions/\(kind.rawValue)Filter"]]]]] as [String: Any]
            }]
        }
        definitions["select"] = query(SubjectKind.allCases)
        definitions["query"] = query(SubjectKind.allCases.filter { $0 != .file })
        let count: [String: Any] = ["anyOf": [["type": "integer", "minimum": 0], closed(["min": ["type": "integer", "minimum": 0], "max": ["type": "integer", "minimum": 0]])]]
        let fix = closed([
            "remove": ["const": true], "insert_before": ["type": "string"], "insert_after": ["type": "string"], "replace": ["type": "string"],
            "safety": ["enum": ["safe", "unsafe"]],
        ])
        let example = closed([
            "bad": ["type": "string", "description": "code with ↓ where each finding is reported"], "good": ["type": "string"],
            "path": ["type": "string"], "fixed": ["type": "string"],
            "context": ["type": "object", "additionalProperties": ["type": "string"], "description": "other files, path to code"],
        ])
        definitions["customRule"] = closed([
            "severity": ["enum": Severity.allCases.map(\.rawValue)], "message": ["type": "string"], "why": ["type": "string"],
            "docs": ["type": "string"], "select": ["$ref": "#/definitions/select"], "forbid": ["$ref": "#/definitions/query"],
            "require": ["$ref": "#/definitions/query"], "count": count, "only": ["$ref": "#/definitions/anyFilter"], "fix": fix,
            "examples": ["type": "array", "items": example], "allow_empty": ["type": "boolean"],
        ])
        return definitions
    }
}
