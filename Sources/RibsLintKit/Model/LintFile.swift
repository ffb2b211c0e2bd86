#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SwiftParser
import SwiftSyntax
import Yams

/// Facts about the whole project that a file rule may read, as they stand for the file being linted.
public struct ProjectFacts: Sendable {
    /// Sourcery reads this file: one of its configurations lists a folder holding it among its `sources`.
    public var usesSourcery: Bool
    /// The folders Sourcery reads, from every configuration found (absolute, sorted); nil when `usesSourcery`
    /// was given outright.
    var sourceryRoots: [String]?
    /// The file belongs to a Swift package built with main-actor default isolation (SE-0466:
    /// `.defaultIsolation(MainActor.self)` in its `Package.swift`): every type in it is `@MainActor`.
    public var isMainActorByDefault = false
    /// The folder of every package manifest found, with whether it isolates to the main actor (absolute, sorted):
    /// a file's nearest package decides.
    var packages: [(folder: String, isMainActor: Bool)] = []
    /// The target of a Swift package the file is a source of (`Sources/<target>/…` or `Tests/<target>/…` below its
    /// nearest `Package.swift`); nil for a file of no package's target.
    var packageTarget: String?
    /// The file's absolute path, when it has one: `custom_rules`' `in:` reads paths from their configuration's folder.
    var absolutePath: String?

    public init(usesSourcery: Bool = false, isMainActorByDefault: Bool = false) {
        self.usesSourcery = usesSourcery
        self.isMainActorByDefault = isMainActorByDefault
    }

    /// The facts of a run whose Sourcery configurations read `sourceryRoots`, with the run's package manifests.
    init(sourceryRoots: [String], packageManifests: [String] = []) {
        usesSourcery = false
        self.sourceryRoots = sourceryRoots.sorted()
        packages = packageManifests.sorted().map { manifest in
            (URL(fileURLWithPath: manifest).deletingLastPathComponent().standardizedFileURL.path, PackageManifest.isolatesToMainActor(manifest))
        }
    }

    /// The facts as they stand for the file at `absolutePath`.
    func forFile(at absolutePath: String) -> ProjectFacts {
        func isBelow(_ root: String) -> Bool { relativePath(absolutePath, to: root) != nil }
        var facts = self
        facts.absolutePath = absolutePath
        if let roots = sourceryRoots { facts.usesSourcery = roots.contains(where: isBelow) }
        // The nearest package: the deepest manifest folder above the file.
        if let nearest = packages.filter({ isBelow($0.folder) }).max(by: { $0.folder.count < $1.folder.count }) {
            facts.isMainActorByDefault = nearest.isMainActor
            let parts = relativePath(absolutePath, to: nearest.folder)?.split(separator: "/") ?? []
            if parts.count >= 3, parts[0] == "Sources" || parts[0] == "Tests" { facts.packageTarget = String(parts[1]) }
        }
        return facts
    }

    /// What the cache records the entries were computed with.
    var fingerprint: String {
        "sourcery=" + (sourceryRoots?.joined(separator: "\n") ?? "\(usesSourcery)") + "\npackages="
            + packages.map { "\($0.folder)=\($0.isMainActor)" }.joined(separator: "\n")
    }
}

/// A Swift package's manifest, read for what changes how its code is checked.
enum PackageManifest {
    /// Whether `Package.swift` at `path` sets `.defaultIsolation(MainActor.self)` in code (not in a comment
    /// or a string).
    static func isolatesToMainActor(_ path: String) -> Bool {
        guard let text = readFile(path).flatMap({ String(validating: $0.data, as: UTF8.self) }), text.contains("defaultIsolation") else { return false }
        return Parser.parse(source: text).tokens(viewMode: .sourceAccurate).contains { token in
            guard token.tokenKind == .identifier("defaultIsolation"),
                let call = token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
            else { return false }
            return call.arguments.first?.expression.trimmedText == "MainActor.self"
        }
    }

}

/// Where Sourcery looks, read from its configuration file: the `sources` it lists (a path, a list, or
/// `include:`), relative to the file; a configuration that names none reads the folder it sits in.
enum SourceryConfiguration {
    static func sourceRoots(of path: String) -> [String] {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        func resolved(_ value: Node?) -> [String] {
            switch value {
            case .scalar(let scalar)?: return [scalar.string]
            case .sequence(let items)?: return items.compactMap(\.string)
            case .mapping(let mapping)?: return resolved(mapping["include"])
            default: return []
            }
        }
        var sources: [String] = []
        if let text = readFile(path).flatMap({ String(validating: $0.data, as: UTF8.self) }), let document = try? Yams.compose(yaml: text),
            let top = document.mapping
        {
            sources = resolved(top["sources"])
            for configuration in top["configurations"]?.sequence ?? [] { sources += resolved(configuration.mapping?["sources"]) }
        }
        guard !sources.isEmpty else { return [folder.standardizedFileURL.path] }
        return sources.map { folder.appendingPathComponent($0).standardizedFileURL.path }
    }
}

/// The tokens of a file by position, built on demand (`LintFile.token(at:)`).
private final class TokenIndex {
    var questions = 0
    var starts: [Int] = []
    var tokens: [TokenSyntax] = []
}

/// One parsed Swift file with its model: what every rule reads.
public struct LintFile {
    public let path: String
    public let source: String
    public let tree: SourceFileSyntax
    public let model: FileModel
    /// The profile in force for this file: what its roles come from.
    public let profile: Profile
    public let project: ProjectFacts
    private let lineStarts: [Int]
    private let sharedModels = SharedModels()
    private let tokenIndex = TokenIndex()

    /// - Parameter index: the project's types; without one, roles come from this file's declarations alone.
    public init(path: String, source: String, profile: Profile, project: ProjectFacts = ProjectFacts(), index: TypeIndex? = nil) {
        self.path = path
        var source = source
        source.makeContiguousUTF8()  // byte searches read the UTF-8 storage directly
        self.source = source
        self.tree = Parser.parse(source: source)
        let (navigates, detaches, relays, arranges, activates, routes, activatesChildren, hidesBars, makesBuilders, buildsUI) = source.withUTF8 { text in
            (firstUTF8Offset(of: "navigationController", in: text) != nil, firstUTF8Offset(of: "detachChild", in: text) != nil,
             firstUTF8Offset(of: "viewControllable.", in: text) != nil, ViewHierarchy.words.contains { firstUTF8Offset(of: $0, in: text) != nil },
             firstUTF8Offset(of: "didBecomeActive", in: text) != nil, firstUTF8Offset(of: "router", in: text) != nil,
             firstUTF8Offset(of: "activate()", in: text) != nil, firstUTF8Offset(of: "avigationBar", in: text) != nil,
             firstUTF8Offset(of: "Builder(", in: text) != nil || firstUTF8Offset(of: ".init(dependency:", in: text) != nil,
             ["static func", "class func", "extension UIViewController"].contains { firstUTF8Offset(of: $0, in: text) != nil })
        }
        self.model = FileModel(
            tree: tree, profile: profile, index: index, mayNavigate: navigates, mayDetach: detaches, mayRelay: relays, mayArrange: arranges,
            mayActivate: activates, mayRoute: routes, mayActivateChildren: activatesChildren, mayHideBars: hidesBars, mayMakeBuilders: makesBuilders,
            mayBuildUI: buildsUI)
        self.profile = profile
        self.project = project
        self.lineStarts = Self.lineStarts(of: source)
        self.fileName = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        self.isTestFile = TestCode.isTestFile(path)
    }

    /// A model several rules of a profile read (a VIPER module's roles), built by the first rule that asks
    /// under `key` and kept until the file pass drops it (`dropSharedModels`).
    public func shared<Model>(_ key: String, _ make: () -> Model) -> Model {
        if let model = sharedModels.values[key] as? Model { return model }
        let model = make()
        sharedModels.values[key] = model
        return model
    }

    /// Forgets the shared models: they hold this file, which holds them.
    func dropSharedModels() { sharedModels.values = [:] }

    /// The declarations around a position, outermost type first: `LoginInteractor.didBecomeActive`,
    /// `LoginRouter.Child.attach`, `LoginListener`; empty at the top level.
    public func context(at offset: Int) -> String {
        guard offset >= 0, offset < source.utf8.count, let token = token(at: offset) else { return "" }
        var names: [String] = []
        var node: Syntax? = Syntax(token)
        while let current = node {
            switch current.as(SyntaxEnum.self) {
            case .classDecl(let decl): names.append(decl.name.text)
            case .structDecl(let decl): names.append(decl.name.text)
            case .enumDecl(let decl): names.append(decl.name.text)
            case .actorDecl(let decl): names.append(decl.name.text)
            case .protocolDecl(let decl): names.append(decl.name.text)
            case .extensionDecl(let decl): names.append(decl.extendedType.trimmedText)
            case .functionDecl(let decl): names.append(decl.name.text)
            case .initializerDecl: names.append("init")
            case .deinitializerDecl: names.append("deinit")
            case .subscriptDecl: names.append("subscript")
            case .variableDecl(let decl) where current.parent?.is(MemberBlockItemSyntax.self) == true:
                // A member property; a local inside a function is the function's business.
                if let name = decl.bindings.first?.pattern.trimmedText { names.append(name) }
            default: break
            }
            node = current.parent
        }
        return names.reversed().joined(separator: ".")
    }

    /// The file's name without directories: `LoginRouter.swift`.
    public let fileName: String
    /// A test file (`TestCode.isTestFile`): rules about production wiring leave it alone.
    public let isTestFile: Bool

    /// UTF-8 offsets where lines begin, found with `memchr`.
    /// Where each line starts: `\n`, `\r\n` and a lone `\r` all end a line, as in swift-syntax and editors.
    private static func lineStarts(of source: String) -> [Int] {
        var starts = [0]
        var source = source
        source.withUTF8 { text in
            guard let base = text.baseAddress else { return }
            let end = base + text.count
            if memchr(base, Int32(UInt8(ascii: "\r")), text.count) == nil {
                // The common case, by `memchr`: only `\n` ends lines.
                var cursor = base
                while cursor < end, let hit = memchr(cursor, Int32(UInt8(ascii: "\n")), end - cursor) {
                    let newline = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
                    starts.append(newline - base + 1)
                    cursor = newline + 1
                }
                return
            }
            var index = 0
            while index < text.count {
                let byte = text[index]
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") && (index + 1 == text.count || text[index + 1] != UInt8(ascii: "\n")) {
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        return starts
    }

    public var hasSyntaxErrors: Bool { tree.hasError }

    /// 1-based line and UTF-16 column of a UTF-8 offset, the way editors and SARIF count.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, source.utf8.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let utf8 = source.utf8
        // A byte-order mark is no column: editors start line 1 after it.
        let lineStart = low == 0 && hasByteOrderMark ? min(3, clamped) : lineStarts[low]
        let start = utf8.index(utf8.startIndex, offsetBy: lineStart)
        let end = utf8.index(utf8.startIndex, offsetBy: clamped)
        let column = source[start..<end].utf16.count + 1
        return (low + 1, column)
    }

    /// The file starts with U+FEFF, which some Windows editors write.
    var hasByteOrderMark: Bool { source.utf8.starts(with: [0xEF, 0xBB, 0xBF]) }

    /// The text of a 1-based line, without its line break.
    public func lineText(_ line: Int) -> Substring {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let utf8 = source.utf8
        let startOffset = line == 1 && hasByteOrderMark ? 3 : lineStarts[line - 1]
        let start = utf8.index(utf8.startIndex, offsetBy: startOffset)
        let endOffset = line < lineStarts.count ? lineStarts[line] - 1 : utf8.count
        let end = utf8.index(utf8.startIndex, offsetBy: max(endOffset, startOffset))
        return source[start..<end]
    }

    /// A line's text without the spaces, tabs and carriage return around it: what fingerprints hash, so a
    /// file saved with CRLF fingerprints as with LF.
    public func trimmedLineText(_ line: Int) -> String {
        let text = lineText(line).utf8
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
        guard let start = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(Substring(text[start...last]))
    }

    public var lineCount: Int { lineStarts.count }

    /// The UTF-8 offset where a 1-based line starts.
    public func lineStart(_ line: Int) -> Int { lineStarts[min(max(line, 1), lineStarts.count) - 1] }

    /// The spaces and tabs a node's line starts with, when nothing but them stands before the node on its line;
    /// nil when code does. What a fix inserting a line above the node indents it by.
    public func indentation(before node: some SyntaxProtocol) -> String? {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let prefix = source.utf8.dropFirst(lineStart(location(of: offset).line)).prefix(offset - lineStart(location(of: offset).line))
        guard prefix.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return nil }
        return String(decoding: prefix, as: UTF8.self)
    }

    /// The token whose text or trivia holds the byte at `offset`. swift-syntax finds it by scanning each
    /// level's children, which costs a file of thousands of declarations that many steps per question; after
    /// a few questions the file's tokens are indexed by position and found by binary search.
    public func token(at offset: Int) -> TokenSyntax? {
        tokenIndex.questions += 1
        if tokenIndex.starts.isEmpty, tokenIndex.questions <= 8 { return tree.token(at: AbsolutePosition(utf8Offset: offset)) }
        if tokenIndex.starts.isEmpty {
            for token in tree.tokens(viewMode: .sourceAccurate) {
                tokenIndex.starts.append(token.position.utf8Offset)
                tokenIndex.tokens.append(token)
            }
        }
        var (low, high) = (0, tokenIndex.starts.count - 1)
        guard high >= 0, tokenIndex.starts[0] <= offset else { return nil }
        while low < high {
            let middle = (low + high + 1) / 2
            if tokenIndex.starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let token = tokenIndex.tokens[low]
        return offset < token.endPosition.utf8Offset ? token : nil
    }

    /// The file's line break, `\r\n` or `\n`, as its first line ends: what fixes write.
    public var lineBreak: String { lineStarts.count > 1 && lineText(1).utf8.last == UInt8(ascii: "\r") ? "\r\n" : "\n" }

    /// Whether the file's text contains `needle`: a byte search, much cheaper than Foundation's, for
    /// rules that can skip a file outright.
    public func contains(_ needle: String) -> Bool {
        firstOffset(of: needle, in: 0..<source.utf8.count) != nil
    }

    /// Tokens spelled `word` inside `node`, found by a byte search of the node's text and confirmed in
    /// its tree: a rule after a few names reads a few tokens instead of walking every node.
    public func tokens(spelled word: String, in node: some SyntaxProtocol) -> [TokenSyntax] {
        tokens(containing: word, in: node).filter { $0.text == word }
    }

    /// Tokens whose text contains `fragment` (not their trivia), in source order, found the same way.
    /// No token contains the empty text: a name broken code leaves empty (`func (x: Int)`) finds nothing.
    public func tokens(containing fragment: String, in node: some SyntaxProtocol) -> [TokenSyntax] {
        guard !fragment.isEmpty else { return [] }
        var found: [TokenSyntax] = []
        var start = node.position.utf8Offset
        let end = node.endPosition.utf8Offset
        while start < end, let offset = firstOffset(of: fragment, in: start..<end) {
            start = offset + 1
            guard let token = token(at: offset) else { continue }
            let text = token.positionAfterSkippingLeadingTrivia.utf8Offset..<token.endPositionBeforeTrailingTrivia.utf8Offset
            guard text.contains(offset) else { continue }
            if found.last?.id != token.id { found.append(token) }
            start = max(start, text.upperBound)
        }
        return found
    }

    /// Calls of `.name(…)` or `name(…)` for any of `names` in `node`'s own code (nested type declarations
    /// belong to other types), in source order.
    public func calls(named names: [String], in node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        names.flatMap { tokens(spelled: $0, in: node) }.compactMap { token -> FunctionCallExprSyntax? in
            guard var called = token.parent?.as(DeclReferenceExprSyntax.self).map(ExprSyntax.init) else { return nil }
            if let member = called.parent?.as(MemberAccessExprSyntax.self), member.declName.id == called.id {
                called = ExprSyntax(member)
            }
            guard let call = called.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == called.id,
                !call.isInNestedType(below: Syntax(node))
            else { return nil }
            return call
        }.sorted { $0.position < $1.position }
    }

    /// The UTF-8 offset where `needle` first occurs within `range` of the source.
    private func firstOffset(of needle: String, in range: Range<Int>) -> Int? {
        source.utf8.withContiguousStorageIfAvailable { text -> Int? in
            guard range.upperBound <= text.count else { return nil }
            return firstUTF8Offset(of: needle, in: UnsafeBufferPointer(rebasing: text[range])).map { $0 + range.lowerBound }
        } ?? nil
    }
}

/// The offset where `needle`'s UTF-8 bytes first occur in `text`: `memchr` to each place the needle's rarest byte
/// (in Swift code) could stand, then `memcmp` — much cheaper than Foundation's or the standard library's generic
/// search, and than stopping at every `n` of `navigationController`.
public func firstUTF8Offset(of needle: String, in text: UnsafeBufferPointer<UInt8>) -> Int? {
    var pattern = needle
    return pattern.withUTF8 { pattern -> Int? in
        guard let start = pattern.baseAddress, !pattern.isEmpty else { return 0 }
        guard let base = text.baseAddress, text.count >= pattern.count else { return nil }
        var pick = 0
        for index in 1..<pattern.count where ByteRarity.rank(pattern[index]) > ByteRarity.rank(pattern[pick]) { pick = index }
        let rare = Int32(pattern[pick])
        // The rare byte's place in the text, for a match starting anywhere from `base` to `last`.
        var cursor = base + pick
        let end = base + (text.count - pattern.count + pick + 1)
        while cursor < end, let hit = memchr(cursor, rare, end - cursor) {
            let candidate = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - pick
            if memcmp(candidate, start, pattern.count) == 0 { return candidate - base }
            cursor = candidate + pick + 1
        }
        return nil
    }
}

/// How rare a byte is in Swift source: lower-case letters, spaces and common punctuation are everywhere; capitals,
/// digits and the rest of ASCII less so; the later a lower-case letter comes in English's frequency order, the
/// rarer.
enum ByteRarity {
    static func rank(_ byte: UInt8) -> Int { table[Int(byte)] }

    private static let table: [Int] = {
        var ranks = [Int](repeating: 40, count: 256)
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { ranks[Int(byte)] = 30 }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { ranks[Int(byte)] = 30 }
        for (rank, byte) in "etaoinsrlhdcumfpgwybvkxjqz".utf8.enumerated() { ranks[Int(byte)] = 2 + rank }
        for byte in " \n\t.(){}:,=\"_".utf8 { ranks[Int(byte)] = 0 }
        return ranks
    }()
}

extension Substring {
    /// Where `needle` first starts in this text, found by its UTF-8 bytes (`firstUTF8Offset`).
    public func firstIndex(ofBytes needle: String) -> Index? {
        var text = self
        let offset = text.withUTF8 { firstUTF8Offset(of: needle, in: $0) }
        return offset.map { utf8.index(startIndex, offsetBy: $0) }
    }
}

/// Storage for `LintFile.shared`: one file, linted on one thread.
private final class SharedModels {
    var values: [String: Any] = [:]
}
