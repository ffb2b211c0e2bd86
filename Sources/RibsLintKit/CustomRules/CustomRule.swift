import Foundation

/// A rule a team writes in `.ribslint.yml` under `custom_rules:`: it selects subjects (types, members, calls,
/// references, imports or files) by what the code declares — the profile's roles included — and asserts one thing
/// of each. It obeys suppressions, baselines, `only_rules`/`disabled_rules`, every reporter and the cache like a
/// rule ribslint ships.
public struct CustomRule: Sendable {
    public let id: String
    public let severity: Severity
    /// The finding's message, with `{{subject}}`, `{{match}}`, `{{name}}`, `{{kind}}`, `{{type}}`, `{{count}}` and
    /// the captures of `in:` patterns (`{{feature}}`) filled in.
    public let message: String
    public let why: String
    public let docs: String?
    public let select: Query
    public let assertion: Assertion
    public let fix: CustomFix?
    public let examples: [CustomExample]
    /// A rule that selects nothing in a project is a warning of `ribslint test-rules` unless this is set.
    public let allowEmpty: Bool
    /// Where the rule is defined: `path:line:column` of its id.
    public let origin: String
    /// The folder of the configuration that wrote its selection: what `in:` patterns are relative to.
    public let folder: String
    /// The profiles it runs under: the one whose roles it names, else every one.
    public let profiles: [String]

    /// What one selection asks: a subject kind and a filter over it.
    public struct Query: Sendable, CustomStringConvertible {
        public let kind: SubjectKind
        public let filter: Filter
        /// For calls and references: runs of which every name the filter accepts holds one (`Filter.nameRuns`), read
        /// once.
        let nameRuns: [NamePattern.Literal]?
        /// What a text must spell for the query to match there (`Filter.spelling`), read once; nil for files, whose
        /// names are not in their text.
        let spelling: Spelling?
        /// The same number for queries alike (by their text), whichever rules ask them: what a file's calls and
        /// references found for one serve the other.
        let key: Int

        init(kind: SubjectKind, filter: Filter) {
            self.kind = kind
            self.filter = filter
            nameRuns = kind == .call || kind == .reference ? filter.nameRuns(madeTypes: kind == .call) : nil
            spelling = kind == .file ? nil : filter.spelling
            key = Self.keys.number(kind.rawValue + " " + filter.identity)
        }

        private static let keys = Numbering()

        public var description: String { "\(kind.rawValue) \(filter)" }
    }

    public enum Assertion: Sendable, CustomStringConvertible {
        /// Every match of the query inside the subject is a finding, reported at the match.
        case forbid(Query)
        /// The subject holds between `min` and `max` matches of the query (either may be open); a finding at the
        /// subject's name otherwise.
        case require(Query, min: Int?, max: Int?)
        /// Every subject satisfies the filter; a finding at the subject's name otherwise.
        case only(Filter)

        public var description: String {
            switch self {
            case .forbid(let query): "forbid \(query)"
            case .require(let query, let min, let max): "require \(query) count \(min.map(String.init) ?? "")...\(max.map(String.init) ?? "")"
            case .only(let filter): "only \(filter)"
            }
        }
    }

    /// Everything about the rule that changes its findings: its part of the cache key.
    var fingerprint: String {
        [id, severity.rawValue, message, folder, "\(select)", "\(assertion)", fix.map { "\($0)" } ?? "-"].joined(separator: "\u{1}")
    }

    /// What reporters and `ribslint rules` say of the rule.
    public var ruleDescription: RuleDescription {
        var description = RuleDescription(
            id: id, name: id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "),
            summary: why.isEmpty ? Self.placeholderFree(message) : why,
            rationale: why.isEmpty ? "A rule of this project's configuration (\(origin))." : why,
            profiles: profiles, defaultSeverity: severity,
            triggering: examples.compactMap { example in example.bad.map { Example($0, path: example.path) } },
            nonTriggering: examples.compactMap { example in example.good.map { Example($0, path: example.path) } }, precision: .high)
        description.helpURL = docs ?? RuleDocumentation.customRulesPage
        return description
    }

    /// The message with its placeholders read as words: what a rule's one-line summary says.
    static func placeholderFree(_ message: String) -> String { filling(message) { $0 } }

    /// `template` with each `{{name}}` replaced by `value(name)`: the one reading of placeholders.
    static func filling(_ template: String, _ value: (String) -> String) -> String {
        var text = ""
        var rest = template[...]
        while let open = rest.range(of: "{{"), let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) {
            text += rest[..<open.lowerBound]
            text += value(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces))
            rest = rest[close.upperBound...]
        }
        return text + rest
    }
}

/// A number for each text, the same for the same text, for the run's life: read when configurations are.
final class Numbering: @unchecked Sendable {
    private let lock = NSLock()
    private var numbers: [String: Int] = [:]

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return numbers.count
    }

    func number(_ key: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let known = numbers[key] { return known }
        numbers[key] = numbers.count
        return numbers.count - 1
    }
}

/// The runs a text must spell for a filter to accept anything in it (`Filter.spelling`): false only when nothing can.
indirect enum Spelling: Sendable {
    case run(NamePattern.Literal)
    case all([Spelling])
    case any([Spelling])

    /// Whether a text spells what it must; `spelt` tells whether it spells a run where a name holding it would.
    func isSpelt(_ spelt: (NamePattern.Literal) -> Bool) -> Bool {
        switch self {
        case .run(let run): spelt(run)
        case .all(let parts): parts.allSatisfy { $0.isSpelt(spelt) }
        case .any(let parts): parts.contains { $0.isSpelt(spelt) }
        }
    }
}

/// What a custom rule selects.
public enum SubjectKind: String, Sendable, CaseIterable {
    /// A class, struct, enum, actor, protocol or extension.
    case type
    /// A `func`, `var`, `let` or `init` of a type, or at the top level of a file.
    case member
    /// A call: `present(…)`, `ProfileViewController()`.
    case call
    /// A name the code uses: a type in an annotation, a value, a member.
    case reference
    /// An `import`.
    case `import`
    /// The file itself.
    case file
}

/// A condition on a subject. A mapping of several keys holds when all of them hold.
public indirect enum Filter: Sendable, CustomStringConvertible {
    case all([Filter])
    case any([Filter])
    case not(Filter)
    /// The role its profile gives the subject (a member, call or reference: the type it is in).
    case role(String)
    case name(NamePattern)
    case kind(String)
    /// The file's path, matched from any folder down; captures (`{feature}`) are the message's.
    case path(PathPattern)
    /// The module the file is built in (see `CustomRuleFile.module(of:path:)`).
    case module(NamePattern)
    /// A superclass anywhere in the chain (`direct`: the declared clause's first name only).
    case inherits(NamePattern, direct: Bool)
    /// A protocol it conforms to, through the project's types and extensions (`direct`: its own clause only).
    case conforms(NamePattern, direct: Bool)
    /// An attribute (`MainActor` for `@MainActor`) or a declaration modifier (`weak`, `static`, `final`, `override`).
    case attribute(NamePattern)
    /// `private`, `fileprivate`, `internal` (also when none is written), `package`, `public` or `open`.
    case access(String)
    /// A call inside it (or the call itself) creates a type this filter accepts.
    case constructs(Filter)

    public var description: String {
        switch self {
        case .all(let filters): "all(" + filters.map(\.description).joined(separator: ", ") + ")"
        case .any(let filters): "any(" + filters.map(\.description).joined(separator: ", ") + ")"
        case .not(let filter): "not(\(filter))"
        case .role(let role): "role=\(role)"
        case .name(let pattern): "name=\(pattern)"
        case .kind(let kind): "kind=\(kind)"
        case .path(let pattern): "in=\(pattern)"
        case .module(let pattern): "module=\(pattern)"
        case .inherits(let pattern, let direct): "inherits\(direct ? "(direct)" : "")=\(pattern)"
        case .conforms(let pattern, let direct): "conforms\(direct ? "(direct)" : "")=\(pattern)"
        case .attribute(let pattern): "attribute=\(pattern)"
        case .access(let access): "access=\(access)"
        case .constructs(let filter): "constructs(\(filter))"
        }
    }

    /// Its conditions written so that two filters alike in words are the same filter: each pattern's text after its
    /// length (a pattern may hold `, name=`), each list's conditions after their count.
    var identity: String {
        func spelt(_ text: String) -> String { "\(text.utf8.count):\(text)" }
        switch self {
        case .all(let filters): return "all\(filters.count)(" + filters.map(\.identity).joined() + ")"
        case .any(let filters): return "any\(filters.count)(" + filters.map(\.identity).joined() + ")"
        case .not(let filter): return "not(" + filter.identity + ")"
        case .role(let role): return "role=" + spelt(role)
        case .name(let pattern): return "name=" + spelt(pattern.text)
        case .kind(let kind): return "kind=" + spelt(kind)
        case .path(let pattern): return "in=" + spelt(pattern.text)
        case .module(let pattern): return "module=" + spelt(pattern.text)
        case .inherits(let pattern, let direct): return "inherits\(direct ? "(direct)" : "")=" + spelt(pattern.text)
        case .conforms(let pattern, let direct): return "conforms\(direct ? "(direct)" : "")=" + spelt(pattern.text)
        case .attribute(let pattern): return "attribute=" + spelt(pattern.text)
        case .access(let access): return "access=" + spelt(access)
        case .constructs(let filter): return "constructs(" + filter.identity + ")"
        }
    }

    /// The conditions that must all hold for it to: an `all`'s, flattened; else itself.
    var conjuncts: [Filter] {
        if case .all(let filters) = self { return filters.flatMap(\.conjuncts) }
        return [self]
    }

    /// Whether it is judged by the file's path and module alone: `in:`, `module:`, and lists and negations of them.
    var isAboutTheFile: Bool {
        switch self {
        case .all(let filters), .any(let filters): filters.allSatisfy(\.isAboutTheFile)
        case .not(let filter): filter.isAboutTheFile
        case .path, .module: true
        default: false
        }
    }

    /// The roles it names, with every nested filter's.
    var roles: [String] {
        switch self {
        case .all(let filters), .any(let filters): filters.flatMap(\.roles)
        case .not(let filter), .constructs(let filter): filter.roles
        case .role(let role): [role]
        default: []
        }
    }

    /// What a text must spell for something in it to satisfy the filter, judged by the names it requires alone
    /// (`NamePattern.literal`); nil when the filter requires no name.
    var spelling: Spelling? {
        switch self {
        case .all(let filters):
            let parts = filters.compactMap(\.spelling)
            return parts.count > 1 ? .all(parts) : parts.first
        case .any(let filters):
            var parts: [Spelling] = []
            for filter in filters {
                guard let part = filter.spelling else { return nil }
                parts.append(part)
            }
            return parts.count > 1 ? .any(parts) : parts.first
        case .name(let pattern): return pattern.literal.map(Spelling.run)
        // The made type's name is spelt where it is made (or in the annotation of `let x: T = .init()`).
        case .constructs(let filter): return filter.spelling
        default: return nil
        }
    }

    /// The same filter with each list of conditions ordered by what judging them costs, cheapest first: a type's
    /// kind before the project's inheritance chains, a name before the calls inside. Judging a condition changes no
    /// other's answer, so the answers are the same.
    var cheapestFirst: Filter {
        switch self {
        case .all(let filters): .all(Self.cheapestFirst(filters))
        case .any(let filters): .any(Self.cheapestFirst(filters))
        case .not(let filter): .not(filter.cheapestFirst)
        default: self
        }
    }

    /// `filters`, each ordered within, by cost; of two costing alike, the one written first first.
    private static func cheapestFirst(_ filters: [Filter]) -> [Filter] {
        filters.map(\.cheapestFirst).enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }.map(\.element)
    }

    /// What judging it costs, roughly: 0 compares a word, 5 walks the calls inside.
    private var cost: Int {
        switch self {
        case .all(let filters), .any(let filters): filters.map(\.cost).max() ?? 0
        case .not(let filter): filter.cost
        case .kind, .access: 0
        case .name, .attribute: 1
        case .role, .module: 2
        case .path: 3
        case .inherits(_, let direct), .conforms(_, let direct): direct ? 1 : 4
        case .constructs: 5
        }
    }

    /// Runs of which every name it accepts holds one (`NamePattern.literal`): nil when it may accept a name holding
    /// none. With `madeTypes`, of a call: the name of the type it makes counts, as `constructs:` reads it.
    func nameRuns(madeTypes: Bool = false) -> [NamePattern.Literal]? {
        switch self {
        case .name(let pattern): pattern.literal.map { [$0] }
        case .constructs(let filter): madeTypes ? filter.nameRuns() : nil
        // Any one condition's runs will do: the fewest.
        case .all(let filters): filters.compactMap { $0.nameRuns(madeTypes: madeTypes) }.min { $0.count < $1.count }
        case .any(let filters):
            filters.reduce([NamePattern.Literal]?.some([])) { runs, filter in
                runs.flatMap { runs in filter.nameRuns(madeTypes: madeTypes).map { runs + $0 } }
            }
        default: nil
        }
    }

    /// The condition keys it uses, nested ones included (not those inside `constructs`, which are the made type's).
    var conditionKeys: [String] {
        switch self {
        case .all(let filters), .any(let filters): filters.flatMap(\.conditionKeys)
        case .not(let filter): filter.conditionKeys
        case .role: ["role"]
        case .name: ["name"]
        case .kind: ["kind"]
        case .path: ["in"]
        case .module: ["module"]
        case .inherits: ["inherits"]
        case .conforms: ["conforms"]
        case .attribute: ["attribute"]
        case .access: ["access"]
        case .constructs: ["constructs"]
        }
    }

    /// The `kind:` values it asks for (not inside `constructs`).
    var kindValues: [String] {
        switch self {
        case .all(let filters), .any(let filters): filters.flatMap(\.kindValues)
        case .not(let filter): filter.kindValues
        case .kind(let kind): [kind]
        default: []
        }
    }

    /// Whether a call or a reference named `name` may satisfy it, judged by its name conditions alone (of a call that
    /// makes a type, its name is the type's, which `constructs:` reads): false only when none can.
    func mayAccept(named name: String) -> Bool {
        switch self {
        case .all(let filters): filters.allSatisfy { $0.mayAccept(named: name) }
        case .any(let filters): filters.contains { $0.mayAccept(named: name) }
        case .name(let pattern): pattern.matches(name)
        case .constructs(let filter): filter.mayAccept(named: name)
        default: true
        }
    }

    /// The names of the captures of its `in:` patterns (those under `not`, which match nothing to capture, aside).
    var captureNames: [String] {
        switch self {
        case .all(let filters), .any(let filters): filters.flatMap(\.captureNames)
        case .path(let pattern): pattern.captures
        default: []
        }
    }
}

/// A name pattern: a glob (`*ViewController`, `?` one character) or a regular expression between slashes
/// (`/^(UI|SwiftUI)$/`). Case matters.
public struct NamePattern: Sendable, CustomStringConvertible {
    public let text: String
    private let regex: NSRegularExpression?
    /// A run every name it matches holds, with whether it starts or ends such a name.
    let literal: Literal?
    /// The glob, read once: the common shapes are answered without matching scalar by scalar.
    private let shape: Shape

    /// A run every name the pattern matches holds: a glob's longest literal run (of two UTF-8 bytes or more), at a
    /// name's start or end where the glob is anchored; a regular expression's required run (`requiredLiteral`). Where
    /// a text does not spell it, nothing there has a name the pattern matches.
    struct Literal: Sendable {
        let text: String
        let startsName: Bool
        let endsName: Bool
        /// The run and its anchors, as one number: equal for equal runs and anchors, whichever rules spell them.
        let key: Int

        init(text: String, startsName: Bool, endsName: Bool) {
            self.text = text
            self.startsName = startsName
            self.endsName = endsName
            key = Self.keys.number((startsName ? "1" : "0") + (endsName ? "1" : "0") + text)
        }

        /// The numbers given to runs, for the run's life: read when configurations are.
        private static let keys = Numbering()

        /// How many runs have a number so far: every key is below it.
        static var numbered: Int { keys.count }
    }

    private enum Shape: Sendable {
        case exactly(String)
        case prefix(String)
        case suffix(String)
        case glob([Unicode.Scalar])
    }

    init(_ text: String) throws(CustomRuleError) {
        self.text = text
        guard !text.isEmpty else { throw CustomRuleError("an empty pattern matches no name; write a glob such as \"*Router\" or a /regex/") }
        if text.count >= 2, text.hasPrefix("/"), text.hasSuffix("/") {
            do {
                regex = try NSRegularExpression(pattern: String(text.dropFirst().dropLast()))
            } catch {
                throw CustomRuleError("'\(text)' is not a regular expression")
            }
            literal = Self.requiredLiteral(ofRegex: String(text.dropFirst().dropLast())).map { Literal(text: $0, startsName: false, endsName: false) }
            shape = .glob([])
            return
        }
        regex = nil
        // Scalar by scalar, as the glob matches: a `*` followed by a combining mark is still a wildcard.
        let scalars = Array(text.unicodeScalars)
        let runs = scalars.split(omittingEmptySubsequences: false) { $0 == "*" || $0 == "?" }.map { String(String.UnicodeScalarView($0)) }
        if let longest = runs.indices.max(by: { runs[$0].utf8.count < runs[$1].utf8.count }), runs[longest].utf8.count >= 2 {
            literal = Literal(text: runs[longest], startsName: longest == runs.startIndex, endsName: longest == runs.index(before: runs.endIndex))
        } else {
            literal = nil
        }
        let wildcards = scalars.filter { $0 == "*" || $0 == "?" }
        if wildcards.isEmpty {
            shape = .exactly(text)
        } else if wildcards == ["*"], scalars.last == "*" {
            shape = .prefix(String(String.UnicodeScalarView(scalars.dropLast())))
        } else if wildcards == ["*"], scalars.first == "*" {
            shape = .suffix(String(String.UnicodeScalarView(scalars.dropFirst())))
        } else {
            shape = .glob(scalars)
        }
    }

    public var description: String { text }

    public func matches(_ name: String) -> Bool {
        if let regex {
            // A name without the run every match holds is no match: spared the expression.
            if let literal, name[...].firstIndex(ofBytes: literal.text) == nil { return false }
            return regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
        }
        // By bytes, as the glob compares scalars: no Unicode equivalence.
        switch shape {
        case .exactly(let text): return name.utf8.elementsEqual(text.utf8)
        case .prefix(let start): return name.utf8.starts(with: start.utf8)
        case .suffix(let end): return name.utf8.count >= end.utf8.count && name.utf8.reversed().starts(with: end.utf8.reversed())
        case .glob(let pattern): return Self.glob(pattern[...], Array(name.unicodeScalars)[...])
        }
    }

    /// A run of ASCII letters, digits and `_` every match of a regular expression holds (`Controller` of
    /// `^UI(Alert|Navigation)Controller$`): the longest one outside groups, sets and quantifier bounds, of three
    /// characters or more, none of them optional, in an expression without a top-level `|`, escapes or flags; nil
    /// when there is none to be sure of.
    static func requiredLiteral(ofRegex pattern: String) -> String? {
        guard !pattern.contains("(?"), !pattern.contains("\\") else { return nil }
        let characters = Array(pattern.unicodeScalars)
        var depth = 0, classDepth = 0
        var runs: [String] = [], run = ""
        func flush() {
            if !run.isEmpty { runs.append(run) }
            run = ""
        }
        var offset = 0
        while offset < characters.count {
            let character = characters[offset]
            offset += 1
            // ICU nests sets (`[[a-z]xyz]`) and reads a `]` first in a set, nested or not, as itself: no run then.
            if character == "[" {
                if classDepth == 0 { flush() }
                classDepth += 1
                if offset < characters.count, characters[offset] == "^" { offset += 1 }
                if offset < characters.count, characters[offset] == "]" { return nil }
                continue
            }
            if classDepth > 0 {
                if character == "]" { classDepth -= 1 }
                continue
            }
            switch character {
            case "{":
                // A quantifier's bounds (`{2,100}`) are no text.
                flush()
                while offset < characters.count, characters[offset] != "}" { offset += 1 }
                offset += 1
            case "(": depth += 1; flush()
            case ")": depth -= 1; flush()
            case "|": if depth == 0 { return nil }; flush()
            default:
                let next = offset < characters.count ? characters[offset] : nil
                let isWord = character.isASCII && (character.properties.isAlphabetic || ("0"..."9").contains(character) || character == "_")
                if depth == 0, isWord, next != "?", next != "*", next != "{" {
                    run.unicodeScalars.append(character)
                } else {
                    flush()
                }
            }
        }
        flush()
        return runs.max { $0.count < $1.count }.flatMap { $0.count >= 3 ? $0 : nil }
    }

    /// `*` any run, `?` one character (a Unicode scalar), the rest itself.
    private static func glob(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        var p = pattern.startIndex, t = text.startIndex
        var star: Int?, resume = t
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.endIndex, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if let at = star {
                p = at + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}

/// A path glob for `in:`: `**` any folders, `*` within a name, `?` one character, `{name}` one folder or file name
/// captured for the message. It matches a file's path from any folder down (`Features/{feature}/Interface/**`
/// matches `App/Features/Pay/Interface/PayBuildable.swift`), and a pattern naming a folder matches the files below it.
public struct PathPattern: Sendable, CustomStringConvertible {
    public let text: String
    public let captures: [String]
    /// The pattern, piece by piece.
    private let tokens: [Token]
    /// The pattern's literal runs (`Features/`, `/Interface`): a path without one of them is no match.
    private let pieces: [String]
    /// Of a pattern that is a folder's path and everything under it, some of its folders captured (`Modules/**`,
    /// `**/Sources/**`, `Features/{feature}/**`): that path, literal runs and captures, without its `**/` and `**`.
    /// Where such a path is in a path, nothing else decides the match (`matchFolders(_:captures:in:last:)`).
    private let folders: [Token]?
    /// The pattern starts with `**/`, which takes as many folders as it can: of the places `folders` stand in a path,
    /// the last is the match.
    private let anyFoldersFirst: Bool

    /// A piece of a pattern and what it matches of a path: `*` any characters but `/`, `?` one, `{name}` one or more
    /// (captured), `**/` any folders or none, `**` anything.
    private enum Token: Sendable {
        case literal([UInt8])
        case star
        case one
        case capture(Int)
        case folders
        case anything
    }

    init(_ text: String) throws(CustomRuleError) {
        self.text = text
        guard !text.isEmpty else { throw CustomRuleError("an empty pattern matches no path; write a folder or a glob such as \"Features/**\"") }
        guard !text.hasPrefix("/") else {
            throw CustomRuleError("'\(text)': a path pattern is relative to the configuration's folder; leave out the leading '/'")
        }
        var tokens: [Token] = []
        var captures: [String] = []
        var characters = Array(text.hasPrefix("./") ? String(text.dropFirst(2)) : text)
        while characters.last == "/" { characters.removeLast() }
        var index = 0
        var pieces: [String] = [], piece = ""
        func literal(_ character: Character) {
            if case .literal(let bytes) = tokens.last {
                tokens[tokens.count - 1] = .literal(bytes + character.utf8)
            } else {
                tokens.append(.literal(Array(character.utf8)))
            }
        }
        while index < characters.count {
            let character = characters[index]
            if "*?{".contains(character) {
                if piece.count >= 2 { pieces.append(piece) }
                piece = ""
            } else {
                piece.append(character)
            }
            switch character {
            case "*":
                if index + 1 < characters.count, characters[index + 1] == "*" {
                    let slash = index + 2 < characters.count && characters[index + 2] == "/"
                    tokens.append(slash ? .folders : .anything)
                    index += slash ? 3 : 2
                    continue
                }
                tokens.append(.star)
            case "?":
                tokens.append(.one)
            case "{":
                guard let close = characters[index...].firstIndex(of: "}") else {
                    throw CustomRuleError("'\(text)' opens a capture with '{' and never closes it")
                }
                let name = String(characters[(index + 1)..<close])
                guard CustomRuleError.isIdentifier(name), !captures.contains(name) else {
                    throw CustomRuleError("'\(text)': a capture is a name of letters, digits and '_', each once, such as {feature}")
                }
                tokens.append(.capture(captures.count))
                captures.append(name)
                index = close + 1
                continue
            default:
                literal(character)
            }
            index += 1
        }
        if piece.count >= 2 { pieces.append(piece) }
        self.pieces = pieces
        self.tokens = tokens
        self.captures = captures
        folders = Self.folders(of: tokens)
        if case .folders = tokens.first { anyFoldersFirst = true } else { anyFoldersFirst = false }
    }

    /// The folders of a pattern `folders` can stand for: literal runs and captures, each capture a whole folder's
    /// name (a `/` or the start before it, a `/` after it), the last run ending with `/`, then `**`.
    private static func folders(of tokens: [Token]) -> [Token]? {
        var shape = tokens[...]
        if case .folders = shape.first { shape = shape.dropFirst() }
        guard case .anything = shape.last else { return nil }
        shape = shape.dropLast()
        guard case .literal(let last) = shape.last, last.last == UInt8(ascii: "/") else { return nil }
        for index in shape.indices {
            switch shape[index] {
            case .literal: continue
            case .capture:
                if index > shape.startIndex {
                    guard case .literal(let before) = shape[index - 1], before.last == UInt8(ascii: "/") else { return nil }
                }
                guard index + 1 < shape.endIndex, case .literal(let after) = shape[index + 1], after.first == UInt8(ascii: "/") else { return nil }
            default: return nil
            }
        }
        return Array(shape)
    }

    /// Whether `folders` stand in `path` (at its start or after a `/`; the first such place, or with `last` the last),
    /// with the span each capture takes there; nil for a path with a line's end (which `**` would not go past) or a
    /// byte that is not ASCII, left to the general matcher. Each capture takes a folder's whole name, so there is one
    /// way to try each place.
    private static func matchFolders(_ folders: [Token], captures: Int, in path: String, last: Bool) -> (matched: Bool, spans: [Range<Int>?])? {
        var path = path
        return path.withUTF8 { bytes -> (matched: Bool, spans: [Range<Int>?])? in
            for byte in bytes where byte >= 0x80 || (0x0A...0x0D).contains(byte) { return nil }
            let slash = UInt8(ascii: "/")
            var spans = [Range<Int>?](repeating: nil, count: captures)
            func stand(at start: Int) -> Bool {
                var at = start
                for token in folders {
                    switch token {
                    case .literal(let run):
                        guard at + run.count <= bytes.count else { return false }
                        for (offset, byte) in run.enumerated() where bytes[at + offset] != byte { return false }
                        at += run.count
                    case .capture(let index):
                        var end = at
                        while end < bytes.count, bytes[end] != slash { end += 1 }
                        guard end > at else { return false }
                        spans[index] = at..<end
                        at = end
                    default: return false
                    }
                }
                return true
            }
            if last {
                var index = bytes.count - 1
                while index >= 0 {
                    if bytes[index] == slash, stand(at: index + 1) { return (true, spans) }
                    index -= 1
                }
                return (stand(at: 0), spans)
            }
            if stand(at: 0) { return (true, spans) }
            for index in 0..<bytes.count where bytes[index] == slash {
                if stand(at: index + 1) { return (true, spans) }
            }
            return (false, spans)
        }
    }

    /// Whether `path` matches: `match(_:) != nil`, without making the captures where it need not.
    public func accepts(_ path: String) -> Bool {
        if let folders, let found = Self.matchFolders(folders, captures: captures.count, in: path, last: false) { return found.matched }
        return match(path) != nil
    }

    public var description: String { text }

    /// The captures by name when `path` matches; nil when it does not.
    ///
    /// The pattern matches whole folders and names, starting at the path's start or after any `/`, and what follows a
    /// match from a `/` on (a folder's files) matches with it. Of several starts the leftmost wins; at one start each
    /// `*`, `**` and capture takes as many characters (Unicode scalars) as it can while the rest still matches, as the
    /// regular expression `(?:^|/)…(?:/.*)?$` would with `[^/]*`, `[^/]`, `([^/]+)`, `(?:.*/)?` and `.*` for the pieces.
    public func match(_ path: String) -> [String: String]? {
        if let folders, let found = Self.matchFolders(folders, captures: captures.count, in: path, last: anyFoldersFirst) {
            guard found.matched else { return nil }
            let spans = found.spans
            var values: [String: String] = [:]
            let bytes = Array(path.utf8)
            for (index, name) in captures.enumerated() {
                if let span = spans[index] { values[name] = String(decoding: bytes[span], as: UTF8.self) }
            }
            return values
        }
        guard pieces.allSatisfy({ path[...].firstIndex(ofBytes: $0) != nil }) else { return nil }
        let bytes = Array(path.utf8)
        var state = Attempt(spans: [Range<Int>?](repeating: nil, count: captures.count))
        var matched = matches(0, 0, bytes, &state)
        var start = 0
        while !matched, start < bytes.count {
            if bytes[start] == slash { matched = matches(0, start + 1, bytes, &state) }
            start += 1
        }
        guard matched else { return nil }
        var values: [String: String] = [:]
        for (index, name) in captures.enumerated() {
            if let span = state.spans[index] { values[name] = String(decoding: bytes[span], as: UTF8.self) }
        }
        return values
    }

    /// A match under way: the captures so far, and the (token, position) pairs known to fail. Whether the rest of a
    /// pattern matches from a place does not depend on the captures before it, so each pair is tried once: `**a**a**…`
    /// takes polynomial time, not exponential.
    private struct Attempt {
        var spans: [Range<Int>?]
        var failed = Set<Int>()
    }

    private var slash: UInt8 { UInt8(ascii: "/") }

    /// Whether the tokens from `token` on match `path` (UTF-8) from `at`, the captures in `state`; tried in the order a
    /// backtracking regular expression tries them, longest first, a scalar at a time.
    private func matches(_ token: Int, _ at: Int, _ path: [UInt8], _ state: inout Attempt) -> Bool {
        let key = token * (path.count + 1) + at
        if state.failed.contains(key) { return false }
        if attempt(token, at, path, &state) { return true }
        state.failed.insert(key)
        return false
    }

    private func attempt(_ token: Int, _ at: Int, _ path: [UInt8], _ state: inout Attempt) -> Bool {
        guard token < tokens.count else {
            // What follows: a `/` and anything, or the end.
            if at < path.count, path[at] == slash {
                var end = Self.lineEnd(after: at + 1, path)
                while end > at {
                    if Self.isEnd(end, path) { return true }
                    end = Self.scalarStart(before: end, path)
                }
            }
            return Self.isEnd(at, path)
        }
        switch tokens[token] {
        case .literal(let bytes):
            guard at + bytes.count <= path.count, path[at..<(at + bytes.count)].elementsEqual(bytes) else { return false }
            return matches(token + 1, at + bytes.count, path, &state)
        case .one:
            return at < path.count && path[at] != slash && matches(token + 1, Self.scalarEnd(at, path), path, &state)
        case .star, .capture:
            var end = at
            while end < path.count, path[end] != slash { end += 1 }
            var least = at
            if case .capture = tokens[token] {
                guard at < path.count, path[at] != slash else { return false }
                least = Self.scalarEnd(at, path)
            }
            while end >= least {
                if case .capture(let index) = tokens[token] {
                    let before = state.spans[index]
                    state.spans[index] = at..<end
                    if matches(token + 1, end, path, &state) { return true }
                    state.spans[index] = before
                } else if matches(token + 1, end, path, &state) {
                    return true
                }
                guard end > at else { break }
                end = Self.scalarStart(before: end, path)
            }
            return false
        case .anything:
            var end = Self.lineEnd(after: at, path)
            while true {
                if matches(token + 1, end, path, &state) { return true }
                guard end > at else { return false }
                end = Self.scalarStart(before: end, path)
            }
        case .folders:
            var end = Self.lineEnd(after: at, path)
            // Folders first, the most that lets the rest match; then none.
            while end > at {
                end = Self.scalarStart(before: end, path)
                if path[end] == slash, matches(token + 1, end + 1, path, &state) { return true }
            }
            return matches(token + 1, at, path, &state)
        }
    }

    /// Where the scalar starting at `at` ends.
    private static func scalarEnd(_ at: Int, _ path: [UInt8]) -> Int {
        var end = at + 1
        while end < path.count, path[end] & 0xC0 == 0x80 { end += 1 }
        return end
    }

    /// Where the scalar ending at `end` starts.
    private static func scalarStart(before end: Int, _ path: [UInt8]) -> Int {
        var start = end - 1
        while start > 0, path[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }

    /// The bytes of the line's end (which a regular expression's `.` does not match) starting at `at`, else 0:
    /// U+000A–U+000D, U+0085, U+2028, U+2029.
    private static func lineEndLength(at: Int, _ path: [UInt8]) -> Int {
        switch path[at] {
        case 0x0A...0x0D: return 1
        case 0xC2 where at + 1 < path.count && path[at + 1] == 0x85: return 2
        case 0xE2 where at + 2 < path.count && path[at + 1] == 0x80 && (path[at + 2] == 0xA8 || path[at + 2] == 0xA9): return 3
        default: return 0
        }
    }

    /// The first line's end from `at` on, else the path's end.
    private static func lineEnd(after at: Int, _ path: [UInt8]) -> Int {
        var end = at
        while end < path.count, lineEndLength(at: end, path) == 0 { end = scalarEnd(end, path) }
        return end
    }

    /// Where a regular expression's `$` matches: the end, or before a line's end that ends the path (`\r\n` too).
    private static func isEnd(_ at: Int, _ path: [UInt8]) -> Bool {
        if at == path.count { return true }
        let length = lineEndLength(at: at, path)
        // Not between the two of a `\r\n`, which is one line's end.
        if length > 0, at + length == path.count { return !(path[at] == 0x0A && at > 0 && path[at - 1] == 0x0D) }
        return at + 2 == path.count && path[at] == 0x0D && path[at + 1] == 0x0A
    }
}

/// A mechanical fix: text inserted before or after what a finding reports, that text replaced, or it removed.
public struct CustomFix: Sendable, CustomStringConvertible {
    public enum Action: Sendable {
        case remove
        case insertBefore(String)
        case insertAfter(String)
        case replace(String)
    }

    public let action: Action
    /// `--fix` applies a safe fix; an unsafe one only with `--unsafe-fixes`.
    public let isSafe: Bool

    public var description: String { "\(action) \(isSafe ? "safe" : "unsafe")" }
}

/// One of a custom rule's examples: `bad` marks with `↓` where each finding is reported; `good` has none.
public struct CustomExample: Sendable {
    public let bad: String?
    public let good: String?
    /// The file the example pretends to be (a rule with `in:` needs one under its folders).
    public let path: String
    /// Other files the rule needs to see, by path.
    public let context: [(path: String, code: String)]
    /// What `bad` becomes once fixed.
    public let fixed: String?
    /// Where it is written, `path:line:column`.
    public let origin: String
}

/// A mistake in a custom rule, said at its place by the configuration's reader.
public struct CustomRuleError: Error {
    public let message: String

    init(_ message: String) { self.message = message }

    static func isIdentifier(_ name: String) -> Bool {
        !name.isEmpty && name.first.map { $0.isLetter || $0 == "_" } == true && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}

extension NamePattern.Literal {
    /// Whether the run at `offset` in `source` can be part of a name the pattern matches: it starts a name there
    /// when the pattern starts with it, and ends one when the pattern ends with it. Only an ASCII letter, digit or
    /// `_` beside a run that begins (or ends) with one says the name goes on: a non-ASCII neighbour may be an
    /// operator (`2×Value`), and an operator's name may touch a word (`func==`).
    func isWhole(at offset: Int, in source: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = offset + text.utf8.count
        let goesOnBefore = offset > 0 && Self.continuesName(source[offset - 1]) && Self.continuesName(source[offset])
        let goesOnAfter = end < source.count && Self.continuesName(source[end]) && Self.continuesName(source[end - 1])
        return (!startsName || !goesOnBefore) && (!endsName || !goesOnAfter)
    }

    /// An ASCII letter, digit or `_`: a byte a name goes on with.
    static func continuesName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }
}
