/// What a file declares — the `DeclaredType`s `FileModel` collects from its syntax tree — read from its bytes
/// without parsing, so that every file of a run can be linted with the whole project's types in view the first
/// time (see `Linter.declarationsAhead`). It reads what the collector reads: types, extensions and protocols at
/// the top level, in member blocks and in `#if` clauses (not `#if false`), never in bodies; each name, its
/// inheritance clause, the first inherited type's generic arguments, `@MainActor`, and the conformances
/// `@Observable` and `@Reducer` add. With `recordingHolds`, also what classes, structs and actors
/// hold: their stored properties' and initializer parameters' types (`DeclaredType.holds`).
///
/// It does not read bodies, so it finds no helper method (`DeclaredType.helperMethods`): a file that calls
/// one is linted again once the parsed declarations show it.
///
/// It only speeds a run up: where a file's parse declares otherwise than its scan read, the type index stage compares
/// every file's answers with the index built from the parsed declarations, and lints again a file whose answers
/// differ, so a declaration read wrong here costs time, never a finding. Where every file's parse agrees with its
/// scan, only the answers about helper methods are compared.
public enum DeclarationScan {
    /// How deep type declarations nest before the scan skips what is inside: no real code nests so deep, and the
    /// scan recurses once a level.
    static let maximumNesting = 64

    /// - Parameter recordingHolds: read what classes, structs and actors hold too (`Profile.indexesHeldTypes`).
    static func declarations(in bytes: [UInt8], recordingHolds: Bool = false) -> [DeclaredType] {
        var scan = Scan(bytes: bytes)
        scan.recordsHolds = recordingHolds
        scan.members(closedByBrace: false)
        // A file declaring type aliases and no type keeps them on an entry of its first alias's name, as its parse does.
        if scan.types.isEmpty, scan.protocols.isEmpty, let alias = scan.firstTypeAlias {
            return [DeclaredType(name: alias, kind: .extension, inherited: [], genericArguments: [])]
        }
        return scan.types + scan.protocols
    }
}

extension DeclarationScan {
    /// The methods the code calls by name alone (`setup(…)`, `setBackButton { … }`) or on `self` (`self.setup()`,
    /// `self?.setup()`, `self!.setup()`): a lower-case word before `(` or `{`, not the name a `func` declares. Read with
    /// the scan's tokens, so comments and string literals are skipped (a call inside an interpolation is not seen). Each
    /// once, sorted.
    public static func methodsCalledOnSelf(in bytes: [UInt8]) -> [String] {
        var scan = Scan(bytes: bytes)
        var names = Set<String>()
        // The last tokens before the one read, newest last.
        var before: [Scan.Token] = []
        while let token = scan.next() {
            if token == .punctuation(UInt8(ascii: "(")) || token == .punctuation(UInt8(ascii: "{")),
                case .word(let range)? = before.last, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[range.lowerBound])
            {
                var receiver = before.dropLast()
                let isCalled: Bool
                if receiver.last == .punctuation(UInt8(ascii: ".")) {
                    receiver = receiver.dropLast()
                    if receiver.last == .punctuation(UInt8(ascii: "?")) || receiver.last == .punctuation(UInt8(ascii: "!")) { receiver = receiver.dropLast() }
                    isCalled = scan.isWord(receiver.last, "self")
                } else {
                    isCalled = !scan.isWord(receiver.last, "func")
                }
                if isCalled { names.insert(scan.text(range)) }
            }
            before.append(token)
            if before.count > 4 { before.removeFirst() }
        }
        return names.sorted()
    }
}

private struct Scan {
    enum Token: Equatable {
        case word(Range<Int>)
        /// `#if`, `#else`, `#Preview`: the word after the `#`.
        case pound(Range<Int>)
        /// `@MainActor`: the word after the `@`.
        case attribute(Range<Int>)
        case punctuation(UInt8)
        /// `->`, which is no closing angle bracket.
        case arrow
        case other
    }

    let bytes: [UInt8]
    var position = 0
    var types: [DeclaredType] = []
    var protocols: [DeclaredType] = []
    /// The name of the first `typealias` outside bodies.
    var firstTypeAlias: String?
    var recordsHolds = false
    /// What the class, struct or actor whose members are being read holds: its stored properties' `name:Type`
    /// and its initializers' parameters', apart (the properties come first); nil for other blocks.
    private var holding: [(properties: [String], parameters: [String])?] = []
    /// A token read ahead and not yet taken.
    private var peeked: Token??

    init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: Tokens

    private func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private static func isWordStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    private static func isWordByte(_ byte: UInt8) -> Bool { isWordStart(byte) || (byte >= 0x30 && byte <= 0x39) }

    /// A word as swift-syntax spells its token: backticks kept.
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    func isWord(_ token: Token?, _ word: StaticString) -> Bool {
        guard case .word(let range)? = token, range.count == word.utf8CodeUnitCount else { return false }
        return bytes[range].elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    mutating func peek() -> Token? {
        if let peeked { return peeked }
        let token = read()
        peeked = .some(token)
        return token
    }

    mutating func next() -> Token? {
        if let peeked {
            self.peeked = nil
            return peeked
        }
        return read()
    }

    /// The rest of the line, comments left out: an `#if`'s condition.
    mutating func restOfLine() -> String {
        guard peeked == nil else { return "" }
        var text: [UInt8] = []
        while let current = byte(position), current != 0x0A, current != 0x0D {
            if current == UInt8(ascii: "/"), byte(position + 1) == UInt8(ascii: "/") { break }
            if current == UInt8(ascii: "/"), byte(position + 1) == UInt8(ascii: "*") {
                position = skipBlockComment(from: position)
                continue
            }
            text.append(current)
            position += 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    private func skipBlockComment(from start: Int) -> Int {
        var offset = start + 2
        var depth = 1
        while depth > 0, let current = byte(offset) {
            if current == UInt8(ascii: "/"), byte(offset + 1) == UInt8(ascii: "*") {
                depth += 1
                offset += 2
            } else if current == UInt8(ascii: "*"), byte(offset + 1) == UInt8(ascii: "/") {
                depth -= 1
                offset += 2
            } else {
                offset += 1
            }
        }
        return offset
    }

    private mutating func read() -> Token? {
        while let current = byte(position) {
            switch current {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x3B:
                position += 1
            case UInt8(ascii: "/") where byte(position + 1) == UInt8(ascii: "/"):
                while let next = byte(position), next != 0x0A, next != 0x0D { position += 1 }
            case UInt8(ascii: "/") where byte(position + 1) == UInt8(ascii: "*"):
                position = skipBlockComment(from: position)
            case UInt8(ascii: "\""):
                skipString(hashes: 0)
                return .other
            case UInt8(ascii: "#"):
                var hashes = 0
                while byte(position + hashes) == UInt8(ascii: "#") { hashes += 1 }
                if byte(position + hashes) == UInt8(ascii: "\"") {
                    position += hashes
                    skipString(hashes: hashes)
                    return .other
                }
                position += 1
                let start = position
                while let next = byte(position), Self.isWordByte(next) { position += 1 }
                return start == position ? .other : .pound(start..<position)
            case UInt8(ascii: "@"):
                position += 1
                let start = position
                while let next = byte(position), Self.isWordByte(next) { position += 1 }
                return start == position ? .other : .attribute(start..<position)
            case UInt8(ascii: "`"):
                let start = position
                position += 1
                while let next = byte(position), next != UInt8(ascii: "`"), next != 0x0A { position += 1 }
                if byte(position) == UInt8(ascii: "`") { position += 1 }
                return .word(start..<position)
            case UInt8(ascii: "-") where byte(position + 1) == UInt8(ascii: ">"):
                position += 2
                return .arrow
            default:
                if Self.isWordStart(current) {
                    let start = position
                    while let next = byte(position), Self.isWordByte(next) { position += 1 }
                    return .word(start..<position)
                }
                if current >= 0x30 && current <= 0x39 {
                    while let next = byte(position), Self.isWordByte(next) || next == UInt8(ascii: ".") && byte(position + 1).map({ $0 >= 0x30 && $0 <= 0x39 }) == true {
                        position += 1
                    }
                    return .other
                }
                position += 1
                return .punctuation(current)
            }
        }
        return nil
    }

    /// Past a string literal whose opening quote (after `hashes` `#`s) is at `position`: single-line or `"""`,
    /// its interpolations' own strings and parentheses included.
    private mutating func skipString(hashes: Int) {
        let multiline = byte(position + 1) == UInt8(ascii: "\"") && byte(position + 2) == UInt8(ascii: "\"")
        position += multiline ? 3 : 1
        while let current = byte(position) {
            if current == UInt8(ascii: "\\") {
                var offset = position + 1
                var count = 0
                while count < hashes, byte(offset) == UInt8(ascii: "#") {
                    offset += 1
                    count += 1
                }
                guard count == hashes else {
                    position += 1
                    continue
                }
                if byte(offset) == UInt8(ascii: "(") {
                    position = offset + 1
                    skipInterpolation()
                } else {
                    position = offset + 1
                }
                continue
            }
            if !multiline, current == 0x0A || current == 0x0D { return }
            if current == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                if (0..<quotes).allSatisfy({ byte(position + $0) == UInt8(ascii: "\"") }),
                    (0..<hashes).allSatisfy({ byte(position + quotes + $0) == UInt8(ascii: "#") })
                {
                    position += quotes + hashes
                    return
                }
            }
            position += 1
        }
    }

    /// Strings inside interpolations inside strings, open at once: each level recurses.
    private var interpolations = 0

    /// Past the tokens of an interpolation, up to its closing parenthesis. Past the nesting no real code reaches,
    /// the rest of the file is left unread: the scan only saves time.
    private mutating func skipInterpolation() {
        guard interpolations < DeclarationScan.maximumNesting else {
            position = bytes.count
            return
        }
        interpolations += 1
        defer { interpolations -= 1 }
        var depth = 1
        while depth > 0, let token = read() {
            if token == .punctuation(UInt8(ascii: "(")) { depth += 1 }
            if token == .punctuation(UInt8(ascii: ")")) { depth -= 1 }
        }
    }

    /// Past a block whose `{` was just taken, up to its matching `}`.
    mutating func skipBlock() {
        var depth = 1
        while depth > 0, let token = next() {
            if token == .punctuation(UInt8(ascii: "{")) { depth += 1 }
            if token == .punctuation(UInt8(ascii: "}")) { depth -= 1 }
        }
    }

    // MARK: Declarations

    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "static", "lazy", "weak", "unowned", "override",
        "required", "convenience", "dynamic", "mutating", "nonmutating", "indirect", "nonisolated", "isolated", "distributed", "optional",
        "prefix", "postfix", "infix", "consuming", "borrowing", "sending", "unsafe",
    ]
    /// Words after `class`, `struct` … that make it no type declaration: `class func`, `class var`.
    static let notNames: Set<String> = [
        "func", "var", "let", "init", "deinit", "subscript", "static", "final", "override", "public", "private", "fileprivate", "internal",
        "open", "required", "convenience", "dynamic", "typealias", "case", "where",
    ]

    private var nesting = 0

    /// Whether the members being read are a class's, struct's or actor's whose holds are recorded.
    private var readsHolds: Bool { holding.last.map { $0 != nil } ?? false }

    /// Declarations up to the `}` that closes the block being read (or the end of the file).
    mutating func members(closedByBrace: Bool) {
        var attributes: [String] = []
        /// A `static` or `class` modifier since the last declaration began.
        var isStatic = false
        /// `#if` clauses open in this block: an initializer inside one is not read for what its type holds.
        var conditionalDepth = 0
        /// The word before, when it was a `.` (`.init`, `self.init`): a member, no declaration.
        var afterDot = false
        while let token = next() {
            defer { afterDot = token == .punctuation(UInt8(ascii: ".")) }
            switch token {
            case .punctuation(UInt8(ascii: "(")):
                // A parameter list or a call: nothing declared inside is collected.
                skipParentheses()
                attributes = []
            case .punctuation(UInt8(ascii: "}")):
                if closedByBrace { return }
                attributes = []
            case .punctuation(UInt8(ascii: "{")):
                skipBlock()
                attributes = []
            case .attribute(let range):
                attributes.append(attributeName(range))
            case .pound(let range):
                let directive = text(range)
                if directive == "if" {
                    let condition = restOfLine().filter { !" \t()".contains($0) }
                    if condition != "false" && condition != "0" || skipNeverCompiledClause() != "endif" { conditionalDepth += 1 }
                } else if directive == "elseif" {
                    _ = restOfLine()
                } else if directive == "endif" {
                    conditionalDepth = max(0, conditionalDepth - 1)
                } else if directive != "else" {
                    attributes = []
                }
            case .word(let range):
                if afterDot {
                    attributes = []
                    continue
                }
                // Every word that matters here is a lowercase keyword: a name (most words) is passed over unread.
                guard range.count <= 14, bytes[range.lowerBound] >= UInt8(ascii: "a"), bytes[range.lowerBound] <= UInt8(ascii: "z") else {
                    attributes = []
                    isStatic = false
                    continue
                }
                let word = text(range)
                if word == "typealias", firstTypeAlias == nil, let name = peek().flatMap(wordText) { firstTypeAlias = name }
                if word == "static" || word == "class" && peek().map({ isWord($0, "var") || isWord($0, "let") || Self.modifiers.contains(wordText($0) ?? "") }) == true {
                    isStatic = true
                }
                if Self.modifiers.contains(word) {
                    if peek() == .punctuation(UInt8(ascii: "(")) {
                        _ = next()
                        skipParentheses()
                    }
                    continue
                }
                if readsHolds, !isStatic, word == "var" || word == "let" {
                    storedProperties()
                    attributes = []
                    continue
                }
                if readsHolds, conditionalDepth == 0, word == "init" {
                    initializerParameters()
                    attributes = []
                    isStatic = false
                    continue
                }
                if word == "import" {
                    // `import struct Foundation.Data`: the kind of what is imported, no declaration.
                    if case .word? = peek() { _ = next() }
                    attributes = []
                    continue
                }
                // An extension of a named type or of `[T]`; a type whose name follows (`class func` declares none).
                if word == "extension", let extended = peek(),
                    wordText(extended).map({ $0 != "where" }) ?? (extended == .punctuation(UInt8(ascii: "[")))
                {
                    declaration(word, attributes: attributes)
                } else if ["class", "struct", "enum", "actor", "protocol"].contains(word), let name = peek().flatMap(wordText),
                    !Self.notNames.contains(name)
                {
                    declaration(word, attributes: attributes)
                }
                attributes = []
                isStatic = false
            default:
                attributes = []
                isStatic = false
            }
        }
    }

    /// The name of an attribute whose first word is at `range`: the last of its dotted words; its arguments are
    /// skipped.
    mutating func attributeName(_ range: Range<Int>) -> String {
        var name = text(range)
        var end = range.upperBound
        // The words of a dotted name, and the arguments, follow with no space between: `@Sendable ()` is an
        // attribute and a function type's parameters.
        while byte(end) == UInt8(ascii: "."), peek() == .punctuation(UInt8(ascii: ".")) {
            _ = next()
            guard case .word(let word)? = peek() else { break }
            _ = next()
            name = text(word)
            end = word.upperBound
        }
        if byte(end) == UInt8(ascii: "("), peek() == .punctuation(UInt8(ascii: "(")) {
            _ = next()
            skipParentheses()
        }
        return name
    }

    mutating func skipParentheses() {
        var depth = 1
        while depth > 0, let token = next() {
            if token == .punctuation(UInt8(ascii: "(")) { depth += 1 }
            if token == .punctuation(UInt8(ascii: ")")) { depth -= 1 }
        }
    }

    /// Past an `#if false` clause, to the `#elseif`, `#else` or `#endif` of its own `#if`: which one it was.
    @discardableResult
    mutating func skipNeverCompiledClause() -> String {
        var depth = 0
        while let token = next() {
            guard case .pound(let range) = token else { continue }
            let directive = text(range)
            switch directive {
            case "if": depth += 1
            case "endif":
                if depth == 0 { return directive }
                depth -= 1
            case "else", "elseif":
                if depth == 0 {
                    if directive == "elseif" { _ = restOfLine() }
                    return directive
                }
            default: break
            }
        }
        return "endif"
    }

    /// A type, extension or protocol whose keyword was just taken: its header, then its members.
    mutating func declaration(_ keyword: String, attributes: [String]) {
        var name: String?
        if keyword == "extension" {
            name = baseName(of: typeTokens(stoppingAtColon: true))
        } else if case .word(let range)? = next() {
            name = text(range)
            if peek() == .punctuation(UInt8(ascii: "<")) {
                _ = next()
                skipAngles()
            }
        }
        var inherited: [[Token]] = []
        if peek() == .punctuation(UInt8(ascii: ":")) {
            _ = next()
            while true {
                let entry = typeTokens(stoppingAtColon: false)
                inherited.append(entry)
                guard peek() == .punctuation(UInt8(ascii: ",")) else { break }
                _ = next()
            }
        }
        // A `where` clause, to the member block.
        var depth = 0
        while let token = peek() {
            if depth == 0, token == .punctuation(UInt8(ascii: "{")) || token == .punctuation(UInt8(ascii: "}")) { break }
            _ = next()
            switch token {
            case .punctuation(UInt8(ascii: "(")), .punctuation(UInt8(ascii: "[")), .punctuation(UInt8(ascii: "<")): depth += 1
            case .punctuation(UInt8(ascii: ")")), .punctuation(UInt8(ascii: "]")), .punctuation(UInt8(ascii: ">")): depth = max(0, depth - 1)
            default: break
            }
        }
        guard peek() == .punctuation(UInt8(ascii: "{")) else { return }
        _ = next()
        guard nesting < DeclarationScan.maximumNesting else {
            skipBlock()
            return
        }
        if keyword == "protocol" {
            if let name {
                let names = inherited.compactMap { entry in entry.count == 1 && isWord(entry.first, "class") ? "AnyObject" : baseName(of: entry) }
                protocols.append(DeclaredType(name: name, kind: .protocol, inherited: names, genericArguments: [], isMainActor: attributes.contains("MainActor")))
            }
            skipBlock()
            return
        }
        if let name {
            let kind: TypeDeclaration.Kind =
                switch keyword {
                case "class": .class
                case "struct": .struct
                case "enum": .enum
                case "actor": .actor
                default: .extension
                }
            var names = inherited.compactMap(baseName(of:))
            if kind != .extension {
                for added in ["Observable", "Reducer"] where attributes.contains(added) && !names.contains(added) { names.append(added) }
            }
            let slot = types.count
            let holds = recordsHolds && [.class, .struct, .actor].contains(kind)
            types.append(DeclaredType(name: name, kind: kind, inherited: [], genericArguments: []))
            holding.append(holds ? ([], []) : nil)
            nesting += 1
            members(closedByBrace: true)
            nesting -= 1
            let held = holding.removeLast().map { $0.properties + $0.parameters.filter { !$0.isEmpty } } ?? []
            // In order, each once; by a set: a generated type may hold thousands.
            var seen = Set<String>()
            let unique = held.filter { seen.insert($0).inserted }
            types[slot] = DeclaredType(
                name: name, kind: kind, inherited: names, genericArguments: inherited.first.map(genericArguments(of:)) ?? [],
                isMainActor: kind != .extension && attributes.contains("MainActor"), holds: unique)
            return
        }
        holding.append(nil)
        nesting += 1
        members(closedByBrace: true)
        nesting -= 1
        holding.removeLast()
    }

    /// Past a generic clause whose `<` was just taken.
    mutating func skipAngles() {
        var depth = 1
        while depth > 0, let token = next() {
            if token == .punctuation(UInt8(ascii: "<")) { depth += 1 }
            if token == .punctuation(UInt8(ascii: ">")) { depth -= 1 }
            if token == .punctuation(UInt8(ascii: "{")) || token == .punctuation(UInt8(ascii: "}")) { return }
        }
    }

    /// The tokens of one type, up to a `,`, `{` or `where` outside brackets (and a `:` for an extended type).
    mutating func typeTokens(stoppingAtColon: Bool) -> [Token] {
        var tokens: [Token] = []
        var depth = 0
        while let token = peek() {
            if depth == 0 {
                if token == .punctuation(UInt8(ascii: ",")) || token == .punctuation(UInt8(ascii: "{")) || isWord(token, "where") { break }
                if stoppingAtColon, token == .punctuation(UInt8(ascii: ":")) { break }
            }
            if token == .punctuation(UInt8(ascii: "}")) { break }
            _ = next()
            switch token {
            case .punctuation(UInt8(ascii: "(")), .punctuation(UInt8(ascii: "[")), .punctuation(UInt8(ascii: "<")): depth += 1
            case .punctuation(UInt8(ascii: ")")), .punctuation(UInt8(ascii: "]")), .punctuation(UInt8(ascii: ">")): depth = max(0, depth - 1)
            default: break
            }
            tokens.append(token)
        }
        return tokens
    }

    /// The components of a plain or dotted type (`A`, `A.B<C>`), each with its generic arguments' tokens; nil for
    /// any other type (optional, composition, `any P`, an attributed type, an array).
    func components(of tokens: [Token]) -> [(name: String, arguments: [Token])]? {
        var components: [(name: String, arguments: [Token])] = []
        var index = 0
        while index < tokens.count {
            guard case .word(let range) = tokens[index] else { return nil }
            let word = text(range)
            if ["any", "some", "class"].contains(word) { return nil }
            index += 1
            var arguments: [Token] = []
            if index < tokens.count, tokens[index] == .punctuation(UInt8(ascii: "<")) {
                var depth = 1
                index += 1
                while index < tokens.count {
                    let token = tokens[index]
                    if token == .punctuation(UInt8(ascii: "<")) { depth += 1 }
                    if token == .punctuation(UInt8(ascii: ">")) {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    arguments.append(token)
                    index += 1
                }
                guard index < tokens.count else { return nil }
                index += 1
            }
            components.append((word, arguments))
            guard index < tokens.count else { break }
            guard tokens[index] == .punctuation(UInt8(ascii: ".")) else { return nil }
            index += 1
            guard index < tokens.count else { return nil }
        }
        return components.isEmpty ? nil : components
    }

    func baseName(of tokens: [Token]) -> String? { components(of: tokens)?.last?.name }

    /// The base names of the first inherited type's generic arguments: `[FeedPresentable]` for
    /// `PresentableInteractor<FeedPresentable>`.
    func genericArguments(of tokens: [Token]) -> [String] {
        guard let last = components(of: tokens)?.last, !last.arguments.isEmpty else { return [] }
        var arguments: [[Token]] = [[]]
        var depth = 0
        for token in last.arguments {
            switch token {
            case .punctuation(UInt8(ascii: "(")), .punctuation(UInt8(ascii: "[")), .punctuation(UInt8(ascii: "<")): depth += 1
            case .punctuation(UInt8(ascii: ")")), .punctuation(UInt8(ascii: "]")), .punctuation(UInt8(ascii: ">")): depth -= 1
            case .punctuation(UInt8(ascii: ",")) where depth == 0:
                arguments.append([])
                continue
            default: break
            }
            arguments[arguments.count - 1].append(token)
        }
        return arguments.compactMap(baseName(of:))
    }

    // MARK: What a type holds

    func wordText(_ token: Token) -> String? {
        guard case .word(let range) = token else { return nil }
        return text(range)
    }

    /// Words that begin a declaration or a clause of one: where an initial value's expression ends.
    static let declarationStarts: Set<String> = modifiers.union([
        "var", "let", "func", "init", "deinit", "subscript", "typealias", "associatedtype", "case", "class", "struct", "enum", "protocol",
        "extension", "actor", "import", "macro", "operator", "precedencegroup",
    ])

    /// The bindings of a `var` or `let` just taken: `name:Type` for each stored one with a written type (or the
    /// last binding's), into what the type being read holds.
    mutating func storedProperties() {
        var bindings: [(name: String?, held: [String]?, stored: Bool)] = []
        while true {
            var name: String?
            switch next() {
            case .word(let range)?: name = text(range)
            case .punctuation(UInt8(ascii: "("))?: skipParentheses()
            default: return
            }
            var held: [String]?
            if peek() == .punctuation(UInt8(ascii: ":")) {
                _ = next()
                held = heldTypeNames()
            }
            var stored = true
            if peek() == .punctuation(UInt8(ascii: "=")) {
                _ = next()
                skipExpression()
            } else if peek() == .punctuation(UInt8(ascii: "{")) {
                _ = next()
                let first = peek()
                stored = isWord(first, "willSet") || isWord(first, "didSet")
                skipBlock()
            }
            bindings.append((name, held, stored))
            guard peek() == .punctuation(UInt8(ascii: ",")) else { break }
            _ = next()
        }
        let lastType = bindings.last?.held
        for binding in bindings where binding.stored {
            guard let name = binding.name, let held = binding.held ?? lastType else { continue }
            for type in held { holding[holding.count - 1]?.properties.append("\(name):\(type)") }
        }
    }

    /// Past an initial value's expression: up to a `,` or `}` outside brackets, or a word that begins a declaration.
    mutating func skipExpression() {
        var depth = 0
        var afterDot = false
        while let token = peek() {
            if depth == 0 {
                if token == .punctuation(UInt8(ascii: ",")) || token == .punctuation(UInt8(ascii: "}")) { return }
                if case .attribute = token { return }
                if case .pound = token { return }
                if !afterDot, let word = wordText(token), Self.declarationStarts.contains(word) { return }
            }
            _ = next()
            afterDot = token == .punctuation(UInt8(ascii: "."))
            switch token {
            case .punctuation(UInt8(ascii: "{")): skipBlock()
            case .punctuation(UInt8(ascii: "(")), .punctuation(UInt8(ascii: "[")): depth += 1
            case .punctuation(UInt8(ascii: ")")), .punctuation(UInt8(ascii: "]")): depth = max(0, depth - 1)
            default: break
            }
        }
    }

    /// The parameters of an `init` just taken: `name:Type` for each, into what the type being read holds.
    mutating func initializerParameters() {
        while peek() == .punctuation(UInt8(ascii: "?")) || peek() == .punctuation(UInt8(ascii: "!")) { _ = next() }
        if peek() == .punctuation(UInt8(ascii: "<")) {
            _ = next()
            skipAngles()
        }
        guard peek() == .punctuation(UInt8(ascii: "(")) else { return }
        _ = next()
        while let first = next(), first != .punctuation(UInt8(ascii: ")")) {
            guard var name = wordText(first) else { continue }
            if let second = peek().flatMap(wordText) {
                _ = next()
                name = second
            }
            guard peek() == .punctuation(UInt8(ascii: ":")) else { continue }
            _ = next()
            for type in heldTypeNames() { holding[holding.count - 1]?.parameters.append("\(name):\(type)") }
            // A variadic's dots, a default value: to the next parameter.
            var depth = 0
            while let token = peek() {
                if depth == 0, token == .punctuation(UInt8(ascii: ",")) || token == .punctuation(UInt8(ascii: ")")) { break }
                _ = next()
                switch token {
                case .punctuation(UInt8(ascii: "{")): skipBlock()
                case .punctuation(UInt8(ascii: "(")), .punctuation(UInt8(ascii: "[")): depth += 1
                case .punctuation(UInt8(ascii: ")")), .punctuation(UInt8(ascii: "]")): depth -= 1
                default: break
                }
            }
            if peek() == .punctuation(UInt8(ascii: ",")) { _ = next() }
        }
    }

    /// The named types a value of the type that starts at the next token holds, as `TypeSyntax.heldTypeNames`
    /// gives them (optionals, `any`/`some`, arrays, dictionary values and compositions looked through; function
    /// types hold none); the type is taken.
    mutating func heldTypeNames(depth: Int = 0) -> [String] {
        guard depth < DeclarationScan.maximumNesting else { return [] }
        while true {
            if case .attribute(let range)? = peek() {
                _ = next()
                _ = attributeName(range)
            } else if let word = peek().flatMap(wordText), ["inout", "borrowing", "consuming", "__owned", "__shared", "sending", "isolated"].contains(word) {
                _ = next()
            } else {
                break
            }
        }
        var held: [String]
        if let word = peek().flatMap(wordText), word == "some" || word == "any" {
            _ = next()
            held = heldTypeNames(depth: depth + 1)
            return held
        } else if peek() == .punctuation(UInt8(ascii: "(")) {
            _ = next()
            var elements: [[String]] = []
            while let token = peek(), token != .punctuation(UInt8(ascii: ")")) {
                if token == .punctuation(UInt8(ascii: ",")) {
                    _ = next()
                    continue
                }
                // A label: `(name: Type)`.
                if wordText(token) != nil {
                    let saved = (position, peeked)
                    _ = next()
                    if peek() == .punctuation(UInt8(ascii: ":")) {
                        _ = next()
                    } else {
                        (position, peeked) = saved
                    }
                }
                let before = (position, peeked)
                elements.append(heldTypeNames(depth: depth + 1))
                if before == (position, peeked) { _ = next() }
            }
            _ = next()
            var isFunction = false
            while let word = peek().flatMap(wordText), ["async", "throws", "rethrows"].contains(word) {
                _ = next()
                isFunction = true
                if word == "throws", peek() == .punctuation(UInt8(ascii: "(")) {
                    _ = next()
                    skipParentheses()
                }
            }
            if peek() == .arrow {
                _ = next()
                _ = heldTypeNames(depth: depth + 1)
                isFunction = true
            }
            held = !isFunction && elements.count == 1 ? elements[0] : []
        } else if peek() == .punctuation(UInt8(ascii: "[")) {
            _ = next()
            held = heldTypeNames(depth: depth + 1)
            if peek() == .punctuation(UInt8(ascii: ":")) {
                _ = next()
                held = heldTypeNames(depth: depth + 1)
            }
            if peek() == .punctuation(UInt8(ascii: "]")) { _ = next() }
        } else if let first = peek().flatMap(wordText) {
            _ = next()
            var names = [first]
            var firstArgument: [String]?
            var isMetatype = false
            if peek() == .punctuation(UInt8(ascii: "<")) { firstArgument = genericArgumentsHeld(depth: depth) }
            while peek() == .punctuation(UInt8(ascii: ".")) {
                _ = next()
                guard let member = peek().flatMap(wordText) else { break }
                _ = next()
                if member == "Type" || member == "Protocol" {
                    isMetatype = true
                    continue
                }
                names.append(member)
                firstArgument = peek() == .punctuation(UInt8(ascii: "<")) ? genericArgumentsHeld(depth: depth) : nil
            }
            if isMetatype {
                held = []
            } else if names.count == 1, ["Optional", "ImplicitlyUnwrappedOptional", "Array", "Set", "Weak"].contains(first), let firstArgument {
                held = firstArgument
            } else {
                held = [names[names.count - 1]]
            }
        } else {
            return []
        }
        while peek() == .punctuation(UInt8(ascii: "?")) || peek() == .punctuation(UInt8(ascii: "!")) { _ = next() }
        if peek() == .punctuation(UInt8(ascii: "&")) {
            _ = next()
            held += heldTypeNames(depth: depth + 1)
        }
        return held
    }

    /// The held names of the first argument of a generic clause at the next token; the clause is taken.
    mutating func genericArgumentsHeld(depth: Int) -> [String]? {
        _ = next()
        var first: [String]?
        while let token = peek(), token != .punctuation(UInt8(ascii: ">")) {
            if token == .punctuation(UInt8(ascii: ",")) || token == .punctuation(UInt8(ascii: "{")) || token == .punctuation(UInt8(ascii: "}")) {
                if token != .punctuation(UInt8(ascii: ",")) { return first }
                _ = next()
                continue
            }
            let before = (position, peeked)
            let held = heldTypeNames(depth: depth + 1)
            if first == nil { first = held }
            if before == (position, peeked) { _ = next() }
        }
        _ = next()
        return first
    }
}
