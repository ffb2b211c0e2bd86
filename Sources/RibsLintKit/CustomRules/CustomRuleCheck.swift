import Foundation
import SwiftSyntax

/// Who plays which role, in a profile's words, for `custom_rules`' `role:` filters. A profile's own rules may
/// know more (VIPER's modules, TCA's reducers); `Catalog.roleModels` gives each profile its model, and a profile
/// without one answers with the roles its `RoleDefinition`s give.
public protocol RoleModel: Sendable {
    /// The roles a custom rule may select.
    var roleNames: [String] { get }
    /// The role of a type declared in `file` (an extension: the type's).
    func role(of type: TypeDeclaration, in file: LintFile) -> String?
    /// The role of a type the project declares somewhere, by its name: what a call constructs.
    func role(ofTypeNamed name: String, in file: LintFile) -> String?
}

/// The roles a profile's `RoleDefinition`s give: base classes, conformances, then name suffixes where the file
/// imports one of the profile's frameworks.
public struct DefinedRoles: RoleModel {
    let profile: Profile

    public init(profile: Profile) { self.profile = profile }

    public var roleNames: [String] { profile.roles.map(\.role.rawValue) }

    public func role(of type: TypeDeclaration, in file: LintFile) -> String? { type.role?.rawValue }

    public func role(ofTypeNamed name: String, in file: LintFile) -> String? {
        if let role = file.model.projectTypes.role(ofType: name) { return role.rawValue }
        // The framework's own classes play their roles: `ViewableRouter(interactor:viewController:)` is a router.
        if file.model.projectTypes.primary(name) == nil, let role = profile.baseClassRole(among: [name]) { return role.rawValue }
        guard file.model.importsFramework, let entry = file.model.projectTypes.primary(name) else { return nil }
        return profile.role(named: name, kind: entry.kind)?.rawValue
    }
}

/// What the custom rules learn of one file, once for them all: its subjects (read when a rule first needs them), its
/// path and module as each configuration folder's rules read them, where its text spells each name run, and what the
/// `in:` patterns capture of its path.
final class CustomRuleFile {
    private let file: LintFile
    private(set) lazy var subjects = CustomSubjects(file)
    /// By configuration folder: a list, as a run has a folder or a few, and a folder's string is compared by identity
    /// first where hashing it reads every byte.
    private var paths: [(folder: String, path: String)] = []
    private var modules: [(folder: String, module: String?)] = []
    /// By run (`NamePattern.Literal.key`, numbered from 0): an array, as most files look up every run of their rules.
    private var offsets: [[Int]?] = []
    /// By run, likewise: whether the text spells it, where only that was asked.
    private var spelt: [Bool?] = []
    private var pathMatches: [PatternKey: [String: String]?] = [:]
    /// The roles the file's types play (a file has few types: a list).
    private var playedRoles: [String]?

    private init(_ file: LintFile) { self.file = file }

    static func of(_ file: LintFile) -> CustomRuleFile { file.shared("custom-rules") { CustomRuleFile(file) } }

    /// The file's path as the rules of a configuration's `folder` read it, made once: from the folder, when the file
    /// has a place on disk (an example's, or standard input's without one: as given).
    func path(from folder: String) -> String {
        for known in paths where known.folder == folder { return known.path }
        let path = file.project.absolutePath.flatMap { relativePath($0, to: folder) } ?? file.path
        paths.append((folder, path))
        return path
    }

    /// The file's module as the rules of a configuration's `folder` read it, made once.
    func module(from folder: String) -> String? {
        for known in modules where known.folder == folder { return known.module }
        let module = Self.module(of: file, path: path(from: folder))
        modules.append((folder, module))
        return module
    }

    /// The module a file is built in: the target of the Swift package whose `Sources/<target>/` (or `Tests/`) holds
    /// it; else the folder that holds its path's last `Sources` or `Tests` folder (`Projects/Pay/Sources/…`, as
    /// Tuist and XcodeGen projects lay modules out); else its path's first folder.
    private static func module(of file: LintFile, path: String) -> String? {
        if let target = file.project.packageTarget { return target }
        let folders = path.split(separator: "/").dropLast().filter { $0 != "." && $0 != ".." }
        if let layer = folders.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }), layer > folders.startIndex {
            return String(folders[folders.index(before: layer)])
        }
        return folders.first.map(String.init)
    }

    /// Where the file's text spells `run` whole (`NamePattern.Literal.isWhole`), in order.
    func offsets(of run: NamePattern.Literal) -> [Int] {
        if run.key < offsets.count, let known = offsets[run.key] { return known }
        let found = search(run, all: true)
        record(found, of: run)
        return found
    }

    /// Whether the file's text spells `run` whole anywhere: the search stops at the first place (most rules ask this
    /// of every file; few ask where).
    func spells(_ run: NamePattern.Literal) -> Bool {
        if run.key < offsets.count, let known = offsets[run.key] { return !known.isEmpty }
        if run.key < spelt.count, let known = spelt[run.key] { return known }
        let found = search(run, all: false)
        // Spelt nowhere: where it is spelt is known too.
        if found.isEmpty { record(found, of: run) }
        if run.key >= spelt.count { spelt += Array(repeating: nil, count: NamePattern.Literal.numbered - spelt.count) }
        spelt[run.key] = !found.isEmpty
        return !found.isEmpty
    }

    private func search(_ run: NamePattern.Literal, all: Bool) -> [Int] {
        var found: [Int] = []
        var text = file.source
        text.withUTF8 { bytes in
            var from = 0
            while from < bytes.count, let hit = firstUTF8Offset(of: run.text, in: UnsafeBufferPointer(rebasing: bytes[from...])) {
                if run.isWhole(at: from + hit, in: bytes) {
                    found.append(from + hit)
                    if !all { return }
                }
                from += hit + 1
            }
        }
        return found
    }

    private func record(_ found: [Int], of run: NamePattern.Literal) {
        if run.key >= offsets.count { offsets += Array(repeating: nil, count: NamePattern.Literal.numbered - offsets.count) }
        offsets[run.key] = found
    }

    /// Whether one of the file's types plays `role`, as `roles` says (the file's rules share one role model).
    func plays(_ role: String, _ roles: any RoleModel) -> Bool {
        if playedRoles == nil { playedRoles = file.model.types.compactMap { roles.role(of: $0, in: file) } }
        return playedRoles?.contains(role) == true
    }

    /// What `pattern` captures of the file's path from `folder`; nil when it does not match.
    func match(_ pattern: PathPattern, from folder: String) -> [String: String]? {
        let key = PatternKey(folder: folder, pattern: pattern.text)
        if let known = pathMatches[key] { return known }
        let match = pattern.match(path(from: folder))
        pathMatches[key] = .some(match)
        return match
    }

    /// Whether `pattern` matches the file's path from `folder` (`match(_:from:)` without its captures).
    func accepts(_ pattern: PathPattern, from folder: String) -> Bool { pattern.accepts(path(from: folder)) }

    private struct PatternKey: Hashable {
        let folder: String
        let pattern: String
    }
}

/// What custom rules look at in a file. Declarations — types, members, imports — and the file itself are read
/// without entering bodies; calls and references, which are most of a file's nodes, only where a rule
/// asks for them: inside the subjects it selected, or in the whole file when it selects them.
final class CustomSubjects {
    /// A class, so that rules pass it around without copying its parts.
    final class Subject {
        let kind: SubjectKind
        let name: String
        /// `class`, `func`, … for types and members; `type`, `value` or `member` for references; else the subject kind.
        let kindName: String
        /// The whole node: what "inside the subject" means.
        let span: Range<Int>
        /// Where a finding about it points.
        let nameSpan: Range<Int>
        let node: Syntax
        /// The innermost type declaration it is in (a type: itself), by index into `subjects`.
        var owner: Int?
        /// A declaration's attributes and modifiers, read when a filter first asks for its attributes or access.
        private let declaration: (attributes: AttributeListSyntax, modifiers: DeclModifierListSyntax)?
        /// A member's extension or protocol, whose access it has when it writes none of its own.
        private let accessOwner: Subject?
        /// Its attributes and modifiers (`MainActor`, `weak`, `final`), and its own access level, if it writes one.
        private lazy var modifiers: (attributes: [String], access: String?) = Self.modifiers(of: declaration)
        var attributes: [String] { modifiers.attributes }
        /// Its access level: its own; a member's of an extension or protocol without one, the owner's (a `private
        /// extension`'s members are `fileprivate`); else `internal`.
        var access: String {
            if let own = modifiers.access { return own }
            guard let accessOwner else { return "internal" }
            return accessOwner.access == "private" ? "fileprivate" : accessOwner.access
        }
        /// A type's own clause, read when a filter first asks (`AnyObject` for a `class` restriction, but in an
        /// extension's).
        private(set) lazy var inherited: [String] = clause.map { clause in
            clause.inheritedTypes.compactMap { $0.type.is(ClassRestrictionTypeSyntax.self) && kindName != "extension" ? "AnyObject" : $0.type.baseName }
        } ?? []
        private let clause: InheritanceClauseSyntax?
        /// A call's constructed type.
        let constructed: String?
        /// A type's role, once its role model was asked (`.some(nil)`: none).
        var role: String??

        init(
            kind: SubjectKind, name: String, kindName: String, span: Range<Int>, nameSpan: Range<Int>, node: Syntax, owner: Int?,
            declaration: (attributes: AttributeListSyntax, modifiers: DeclModifierListSyntax)? = nil, accessOwner: Subject? = nil,
            clause: InheritanceClauseSyntax? = nil, constructed: String? = nil
        ) {
            self.kind = kind
            self.name = name
            self.kindName = kindName
            self.span = span
            self.nameSpan = nameSpan
            self.node = node
            self.owner = owner
            self.declaration = declaration
            self.accessOwner = accessOwner
            self.clause = clause
            self.constructed = constructed
        }

        private static func modifiers(
            of declaration: (attributes: AttributeListSyntax, modifiers: DeclModifierListSyntax)?
        ) -> (attributes: [String], access: String?) {
            var attributes: [String] = []
            var access: String?
            guard let (attributed, modifiers) = declaration else { return ([], nil) }
            // Most declarations have neither: an empty list is not walked.
            if !attributed.isEmpty {
                for case .attribute(let attribute) in attributed {
                    // `MainActor`, read from its token where the name is one: printing the node costs more.
                    if let name = attribute.attributeName.as(IdentifierTypeSyntax.self), name.genericArgumentClause == nil,
                        name.unexpectedBeforeName == nil, name.unexpectedBetweenNameAndGenericArgumentClause == nil,
                        name.unexpectedAfterGenericArgumentClause == nil
                    {
                        attributes.append(name.name.text)
                    } else {
                        attributes.append(attribute.attributeName.trimmedDescription)
                    }
                }
            }
            if !modifiers.isEmpty {
                for modifier in modifiers {
                    let word = modifier.name.text
                    if ConfigReader.accessLevels.contains(word) {
                        if modifier.detail == nil { access = word }
                    } else {
                        attributes.append(word)
                    }
                }
            }
            return (attributes, access)
        }
    }

    /// The model's types by where their declarations start.
    private lazy var declarationAt: [Int: Int] = Dictionary(
        model.types.enumerated().map { ($1.declaration.positionAfterSkippingLeadingTrivia.utf8Offset, $0) }) { first, _ in first }
    /// The role of each type a call constructs, as the file's role model says.
    var constructedRoles: [String: String?] = [:]
    /// The model's type of each name the file declares (the declaration over its extensions).
    private(set) lazy var typeIndexByName: [String: Int] = {
        var byName: [String: Int] = [:]
        for (index, type) in model.types.enumerated() where byName[type.name] == nil || type.kind != .extension { byName[type.name] = index }
        return byName
    }()
    let model: FileModel

    /// The model's declaration of the type subject at `index` (nil for a protocol, or a test double the model leaves out).
    func declaration(of index: Int) -> TypeDeclaration? {
        guard subjects[index].kind == .type, let found = declarationAt[subjects[index].span.lowerBound] else { return nil }
        return model.types[found]
    }

    private(set) var subjects: [Subject]
    /// The file's own subject: the first.
    let file = 0
    /// The file's imports, types and top-level members, read together once a rule asks for one of them.
    private var outline: (imports: [Int], types: [Int], members: [Int])?
    /// Each type's member block, by the type's index: its members are read when a rule asks for them there.
    private var memberBlocks: [Int: MemberBlockSyntax] = [:]
    /// The members read so far, by their type's index.
    private var membersOf: [Int: [Int]] = [:]
    /// Every member of the file, in source order, once a rule asks for them all.
    private var everyMember: [Int]?
    /// Calls and references of the whole file, in source order, once a rule selects them.
    private var fileWide: [SubjectKind: [Int]] = [:]
    /// Calls and references inside one node, once a rule asks for them there.
    private var insideNode: [NodeKey: [Int]] = [:]
    /// The calls or references of the whole file whose names hold a run, in walk order (`expressions(_:holding:inside:spelt:)`).
    private var expressionsHolding: [RunKey: [Int]] = [:]
    /// Each call and reference found so far, by its node: found twice, it is one subject.
    private var expressionAt: [SyntaxIdentifier: Int] = [:]
    private let tree: SourceFileSyntax
    private let source: String

    private struct NodeKey: Hashable {
        let node: SyntaxIdentifier
        let kind: SubjectKind
    }

    private struct RunKey: Hashable {
        let kind: SubjectKind
        /// `NamePattern.Literal.key`.
        let run: Int
        /// `CustomRule.Query.key`.
        let query: Int
    }

    init(_ file: LintFile) {
        tree = file.tree
        source = file.source
        model = file.model
        let start = file.hasByteOrderMark ? 3 : 0
        subjects = [Subject(
            kind: .file, name: file.fileName, kindName: "file", span: start..<file.source.utf8.count, nameSpan: start..<start,
            node: Syntax(file.tree), owner: nil)]
    }

    /// The file's imports, types (nested ones too) and top-level members, each kind in source order; read once.
    private func readOutline() -> (imports: [Int], types: [Int], members: [Int]) {
        if let outline { return outline }
        var reader = DeclarationReader(base: subjects.count, nests: model.nestsDeclarations)
        reader.outline(tree.statements)
        var read: (imports: [Int], types: [Int], members: [Int]) = ([], [], [])
        for (offset, subject) in reader.subjects.enumerated() {
            switch subject.kind {
            case .import: read.imports.append(reader.base + offset)
            case .type: read.types.append(reader.base + offset)
            default: read.members.append(reader.base + offset)
            }
        }
        subjects += reader.subjects
        memberBlocks = reader.memberBlocks
        outline = read
        return read
    }

    /// The members of the types at `types` (indices into `subjects`), in source order; each type's read once.
    func members(of types: [Int]) -> [Int] {
        var found: [Int] = []
        for type in types {
            if let known = membersOf[type] {
                found += known
                continue
            }
            guard let block = memberBlocks[type] else { continue }
            var reader = DeclarationReader(base: subjects.count, nests: true)
            let owner = subjects[type]
            reader.members(block.members, owner: .init(index: type, kindName: owner.kindName, subject: owner))
            let read = Array(subjects.count..<(subjects.count + reader.subjects.count))
            subjects += reader.subjects
            membersOf[type] = read
            found += read
        }
        // Nested types' members lie within their outer type's: by where each starts (a `var a, b`'s share one start).
        return types.count > 1 ? found.sorted(by: inSourceOrder) : found
    }

    /// Whether the declaration at `first` comes before the one at `second`: by where each starts, and of two starting
    /// together (the bindings of one `var a, b`) the one read first.
    private func inSourceOrder(_ first: Int, _ second: Int) -> Bool {
        (subjects[first].span.lowerBound, first) < (subjects[second].span.lowerBound, second)
    }

    /// Every subject of `kind` in the file, in source order.
    func all(_ kind: SubjectKind) -> [Int] {
        switch kind {
        case .file: return [file]
        case .import: return readOutline().imports
        case .type: return readOutline().types
        case .member:
            if let everyMember { return everyMember }
            let outline = readOutline()
            let found = (outline.members + members(of: outline.types)).sorted(by: inSourceOrder)
            everyMember = found
            return found
        case .call, .reference: break
        }
        if let known = fileWide[kind] { return known }
        let found = collect(kind, in: Syntax(tree))
        fileWide[kind] = found
        return found
    }

    /// The subjects of `kind` inside the subject at `index` (its descendants; for imports, the file's), itself aside.
    func inside(_ index: Int, _ kind: SubjectKind) -> [Int] {
        let subject = subjects[index]
        if kind == .import || subject.kind == .file { return all(kind).filter { $0 != index } }
        let candidates: [Int]
        if kind == .call || kind == .reference, fileWide[kind] == nil {
            let key = NodeKey(node: subject.node.id, kind: kind)
            if let known = insideNode[key] { return known.filter { $0 != index } }
            candidates = collect(kind, in: subject.node)
            insideNode[key] = candidates
        } else if kind == .member, subject.kind == .type, everyMember == nil {
            // The members of the type and of the types nested in it.
            candidates = within(subject.span, members(of: within(subject.span, all(.type))))
        } else {
            candidates = within(subject.span, all(kind))
        }
        return candidates.filter { $0 != index }
    }

    /// The calls or references inside the subject at `index` (the file: all of them) whose names may hold one of
    /// `runs` (a call's name, or the name of the type it makes): a superset of those a filter requiring one of them
    /// accepts, found from where the runs are spelt rather than by walking every expression. In source order.
    /// Where a run is spelt in a word `query` cannot accept as a name (`Filter.mayAccept(named:)`), no token is
    /// looked up: every call or reference it accepts is found from its own name, where the word is that name.
    func expressions(
        _ kind: SubjectKind, holding runs: [NamePattern.Literal], inside index: Int, for query: CustomRule.Query,
        spelt offsets: (NamePattern.Literal) -> [Int]
    ) -> [Int] {
        if fileWide[kind] != nil { return subjects[index].kind == .file ? all(kind) : inside(index, kind) }
        var found = Set<Int>()
        for run in runs {
            let holding = find(kind, run, at: offsets(run), for: query)
            found.formUnion(subjects[index].kind == .file ? holding : within(subjects[index].span, holding))
        }
        found.remove(index)
        return found.sorted(by: inWalkOrder)
    }

    /// The file's calls or references whose names hold `run` where it is spelt whole, at `offsets`: the token at each
    /// one, read as a walk would read it.
    private func find(_ kind: SubjectKind, _ run: NamePattern.Literal, at offsets: [Int], for query: CustomRule.Query) -> [Int] {
        let key = RunKey(kind: kind, run: run.key, query: query.key)
        if let known = expressionsHolding[key] { return known }
        var found: [Int] = []
        var text = source
        let length = run.text.utf8.count
        // A file spells most names several times: each word judged once (a regular expression costs a match).
        var judged: [String: Bool] = [:]
        let accepted = text.withUTF8 { bytes in
            offsets.filter { offset in
                guard let word = Self.word(in: bytes, at: offset, length: length) else { return true }
                if let known = judged[word] { return known }
                let accepts = query.filter.mayAccept(named: word)
                judged[word] = accepts
                return accepts
            }
        }
        for offset in accepted {
            guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)),
                offset + run.text.utf8.count <= token.endPositionBeforeTrailingTrivia.utf8Offset,
                offset >= token.positionAfterSkippingLeadingTrivia.utf8Offset
            else { continue }
            let subject: Subject?
            if kind == .call {
                subject = ExpressionCollector.call(namedBy: token).flatMap { Self.isWalked(Syntax($0)) ? ExpressionCollector.call($0) : nil }
            } else {
                subject = Self.isWalked(Syntax(token)) ? ExpressionCollector.reference(token) : nil
            }
            guard let subject else { continue }
            let index = register(subject)
            if !found.contains(index) { found.append(index) }
        }
        found.sort(by: inWalkOrder)
        expressionsHolding[key] = found
        return found
    }

    /// The word of ASCII letters, digits and `_` that holds the `length` bytes at `offset`: a token's whole name; nil
    /// where the name may be spelt otherwise (`` `class` ``, `$0`, a name of other letters).
    private static func word(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, length: Int) -> String? {
        let isNamePart = NamePattern.Literal.continuesName
        func isOther(_ byte: UInt8) -> Bool { byte >= 0x80 || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "$") }
        var start = offset, end = offset + length
        guard end <= bytes.count else { return nil }
        while start > 0, isNamePart(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, isNamePart(bytes[end]) { end += 1 }
        if start > 0, isOther(bytes[start - 1]) { return nil }
        if end < bytes.count, isOther(bytes[end]) { return nil }
        guard bytes[start..<end].allSatisfy(isNamePart) else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Whether a walk of the file reaches `node`: not in a `#if` condition, nor in a clause never compiled.
    private static func isWalked(_ node: Syntax) -> Bool {
        var child = node
        while let parent = child.parent {
            if let clause = parent.as(IfConfigClauseSyntax.self) {
                guard !clause.isNeverCompiled, let elements = clause.elements, elements.id == child.id else { return false }
            }
            child = parent
        }
        return true
    }

    /// Whether the subject at `first` comes before the one at `second` in a walk: by where each starts, and of two
    /// starting together (`make(a)` and the `make(a).run()` around it) the enclosing one first.
    private func inWalkOrder(_ first: Int, _ second: Int) -> Bool {
        let (one, other) = (subjects[first].span, subjects[second].span)
        return one.lowerBound != other.lowerBound ? one.lowerBound < other.lowerBound : one.upperBound > other.upperBound
    }

    /// Those of `sorted` (by start) that lie inside `span`: a node's descendants, as a walk of it finds them (a call
    /// starting with a reference is not inside it).
    private func within(_ span: Range<Int>, _ sorted: [Int]) -> [Int] {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if subjects[sorted[middle]].span.lowerBound < span.lowerBound { low = middle + 1 } else { high = middle }
        }
        var found: [Int] = []
        while low < sorted.count, span.contains(subjects[sorted[low]].span.lowerBound) {
            if subjects[sorted[low]].span.upperBound <= span.upperBound { found.append(sorted[low]) }
            low += 1
        }
        return found
    }

    /// The calls or the references in `node`, in source order.
    private func collect(_ kind: SubjectKind, in node: Syntax) -> [Int] {
        let collector = ExpressionCollector(kind, viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.subjects.map(register)
    }

    /// The index of a call or reference, added with the innermost type it is in when it is new.
    private func register(_ subject: Subject) -> Int {
        if let known = expressionAt[subject.node.id] { return known }
        let at = subject.span.lowerBound
        subject.owner = all(.type).last { subjects[$0].span.contains(at) && subjects[$0].span.lowerBound < at }
        subjects.append(subject)
        expressionAt[subject.node.id] = subjects.count - 1
        return subjects.count - 1
    }

    /// Declarations only, read through the file's top level, member blocks and `#if` clauses (not `#if false`) — a
    /// body, a closure or an initial value is never entered. The outline is the imports, the types and the top-level
    /// members; a type's members are read apart, when a rule asks for them.
    private struct DeclarationReader {
        /// The index the first subject read gets.
        let base: Int
        var subjects: [Subject] = []
        /// Each type's member block, by the type's index.
        var memberBlocks: [Int: MemberBlockSyntax] = [:]
        /// Whether member blocks may declare types or imports (`FileModel.nestsDeclarations`, whose descent leaves
        /// protocols aside: Swift nests neither in a protocol).
        let nests: Bool

        /// The type whose members are read: its index, kind and subject.
        struct Owner {
            let index: Int
            let kindName: String
            let subject: Subject?
        }

        init(base: Int, nests: Bool) {
            self.base = base
            self.nests = nests
        }

        mutating func outline(_ items: CodeBlockItemListSyntax) {
            items.forEachDeclaration { outline($0, owner: nil) }
        }

        /// Imports, types and, at the top level (`owner` nil), members.
        private mutating func outline(_ declaration: DeclSyntax, owner: Int?) {
            switch declaration.kind {
            case .functionDecl, .initializerDecl, .variableDecl:
                // A type's members are read apart.
                if owner == nil { member(declaration, owner: nil) }
                return
            case .importDecl, .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl, .ifConfigDecl: break
            default: return
            }
            switch declaration.as(DeclSyntaxEnum.self) {
            case .importDecl(let node):
                // An import in a type's block is no member: its type is its owner all the same.
                add(.import, node.path.map(\.name.text).joined(separator: "."), "import", Syntax(node), name: Syntax(node), declaration: nil,
                    owner: owner.map { Owner(index: $0, kindName: "", subject: nil) })
            case .classDecl(let node):
                type(Syntax(node), "class", node.name, (node.attributes, node.modifiers), node.inheritanceClause, node.memberBlock)
            case .structDecl(let node):
                type(Syntax(node), "struct", node.name, (node.attributes, node.modifiers), node.inheritanceClause, node.memberBlock)
            case .enumDecl(let node):
                type(Syntax(node), "enum", node.name, (node.attributes, node.modifiers), node.inheritanceClause, node.memberBlock)
            case .actorDecl(let node):
                type(Syntax(node), "actor", node.name, (node.attributes, node.modifiers), node.inheritanceClause, node.memberBlock)
            case .protocolDecl(let node):
                type(Syntax(node), "protocol", node.name, (node.attributes, node.modifiers), node.inheritanceClause, node.memberBlock)
            case .extensionDecl(let node):
                let index = add(
                    .type, node.extendedType.baseName ?? node.extendedType.trimmedDescription, "extension", Syntax(node),
                    name: Syntax(node.extendedType), declaration: (node.attributes, node.modifiers), owner: nil,
                    clause: node.inheritanceClause)
                nested(node.memberBlock, of: index)
            case .ifConfigDecl(let node):
                for clause in node.clauses where !clause.isNeverCompiled {
                    switch clause.elements {
                    case .statements(let items): items.forEachDeclaration { outline($0, owner: owner) }
                    case .decls(let members): members.forEachDeclaration { outline($0, owner: owner) }
                    default: break
                    }
                }
            default: break
            }
        }

        /// The types and imports nested in the block of the type at `index` (none read inside a protocol: Swift
        /// declares neither there); the block kept for its members.
        private mutating func nested(_ block: MemberBlockSyntax, of index: Int) {
            memberBlocks[index] = block
            guard nests, subjects[index - base].kindName != "protocol" else { return }
            block.members.forEachDeclaration { outline($0, owner: index) }
        }

        /// The members of a type's block (its nested types' aside).
        mutating func members(_ members: MemberBlockItemListSyntax, owner: Owner) {
            members.forEachDeclaration { self.members($0, owner: owner) }
        }

        private mutating func members(_ declaration: DeclSyntax, owner: Owner) {
            switch declaration.kind {
            case .functionDecl, .initializerDecl, .variableDecl: member(declaration, owner: owner)
            case .ifConfigDecl:
                guard let node = declaration.as(IfConfigDeclSyntax.self) else { return }
                for clause in node.clauses where !clause.isNeverCompiled {
                    switch clause.elements {
                    case .statements(let items): items.forEachDeclaration { members($0, owner: owner) }
                    case .decls(let nested): members(nested, owner: owner)
                    default: break
                    }
                }
            default: return
            }
        }

        /// A `func`, `init` or `var`/`let` (each binding named by an identifier).
        private mutating func member(_ declaration: DeclSyntax, owner: Owner?) {
            switch declaration.as(DeclSyntaxEnum.self) {
            case .functionDecl(let node):
                add(.member, Self.spelt(node.name), "func", Syntax(node), name: Syntax(node.name), declaration: (node.attributes, node.modifiers), owner: owner)
            case .initializerDecl(let node):
                add(.member, "init", "init", Syntax(node), name: Syntax(node.initKeyword), declaration: (node.attributes, node.modifiers), owner: owner)
            case .variableDecl(let node):
                let kind = node.bindingSpecifier.tokenKind == .keyword(.let) ? "let" : "var"
                for binding in node.bindings {
                    guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                    add(.member, Self.spelt(identifier.identifier), kind, Syntax(node), name: Syntax(identifier),
                        declaration: (node.attributes, node.modifiers), owner: owner)
                }
            default: break
            }
        }

        /// A declared name as written, without backticks (what `TokenSyntax.identifier` gives, made only for those).
        private static func spelt(_ token: TokenSyntax) -> String {
            let text = token.text
            return text.hasPrefix("`") ? token.identifier?.name ?? text : text
        }

        private mutating func type(
            _ node: Syntax, _ kind: String, _ name: TokenSyntax, _ declaration: (AttributeListSyntax, DeclModifierListSyntax),
            _ clause: InheritanceClauseSyntax?, _ members: MemberBlockSyntax
        ) {
            let index = add(
                .type, Self.spelt(name), kind, node, name: Syntax(name), declaration: declaration, owner: nil,
                clause: clause)
            nested(members, of: index)
        }

        @discardableResult
        private mutating func add(
            _ kind: SubjectKind, _ name: String, _ kindName: String, _ node: Syntax, name nameNode: Syntax,
            declaration: (attributes: AttributeListSyntax, modifiers: DeclModifierListSyntax)?,
            owner: Owner?, clause: InheritanceClauseSyntax? = nil
        ) -> Int {
            // A member without an access level of its own has its protocol's, or its extension's.
            let accessOwner = kind == .member && (owner?.kindName == "extension" || owner?.kindName == "protocol") ? owner?.subject : nil
            subjects.append(Subject(
                kind: kind, name: name, kindName: kindName,
                span: node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset,
                nameSpan: nameNode.positionAfterSkippingLeadingTrivia.utf8Offset..<nameNode.endPositionBeforeTrailingTrivia.utf8Offset,
                node: node, owner: kind == .type ? base + subjects.count : owner?.index, declaration: declaration, accessOwner: accessOwner,
                clause: clause))
            return base + subjects.count - 1
        }
    }

    /// The calls or the references of a node, in source order.
    private final class ExpressionCollector: SyntaxVisitor {
        var subjects: [Subject] = []
        private let kind: SubjectKind

        init(_ kind: SubjectKind, viewMode: SyntaxTreeViewMode) {
            self.kind = kind
            super.init(viewMode: viewMode)
        }

        /// A clause's code, not its condition (`canImport(UIKit)` is no call); none of `#if false`.
        override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
            if !node.isNeverCompiled, let elements = node.elements { walk(elements) }
            return .skipChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if kind == .call, let call = Self.call(node) { subjects.append(call) }
            return .visitChildren
        }

        /// A call, named by what it calls, or by the type it makes (`constructed`); nil for a call of a closure.
        static func call(_ node: FunctionCallExprSyntax) -> Subject? {
            var called = node.calledExpression
            if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
            var nameNode: TokenSyntax?
            var constructed: String?
            if let reference = called.as(DeclReferenceExprSyntax.self) {
                nameNode = reference.baseName
                if reference.baseName.text.first?.isUppercase == true { constructed = reference.baseName.text }
            } else if let member = called.as(MemberAccessExprSyntax.self) {
                nameNode = member.declName.baseName
                if member.declName.baseName.tokenKind == .keyword(.`init`) {
                    if var base = member.base {
                        if let specialized = base.as(GenericSpecializationExprSyntax.self) { base = specialized.expression }
                        constructed = base.as(DeclReferenceExprSyntax.self)?.baseName.text ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    } else {
                        // `let router: HomeRouter = .init(…)`: the annotated type.
                        let annotated = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?.typeAnnotation?.type
                        constructed = annotated?.unwrappedOptional.baseName
                    }
                } else if member.base != nil, member.declName.baseName.text.first?.isUppercase == true {
                    // `Module.HomeRouter(…)`, `Outer.Inner(…)`: a qualified type.
                    constructed = member.declName.baseName.text
                }
            }
            guard let nameNode else { return nil }
            let end = node.endPositionBeforeTrailingTrivia.utf8Offset
            return Subject(
                kind: .call, name: constructed ?? nameNode.text, kindName: "call",
                span: node.positionAfterSkippingLeadingTrivia.utf8Offset..<end,
                nameSpan: nameNode.positionAfterSkippingLeadingTrivia.utf8Offset..<end,
                node: Syntax(node), owner: nil, constructed: constructed)
        }

        /// The call whose name, or whose made type's name, `token` may be (`call(_:)` reads both from tokens): what it
        /// calls (`present`, `HomeRouter`, `Module.HomeRouter`), the type of `HomeRouter.init` and
        /// `Outer.HomeRouter.init`, or a type in the annotation of `let router: HomeRouter = .init(…)`.
        static func call(namedBy token: TokenSyntax) -> FunctionCallExprSyntax? {
            /// The call that calls `expression`, looked for through a generic specialization (`make<T>(…)`).
            func calling(_ expression: Syntax) -> FunctionCallExprSyntax? {
                var called = expression
                if let specialized = called.parent?.as(GenericSpecializationExprSyntax.self), specialized.expression.id == called.id {
                    called = Syntax(specialized)
                }
                guard let call = called.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == called.id else { return nil }
                return call
            }
            /// The call of `base.init(…)`, `base` looked at through a generic specialization (`Box<T>.init(…)`).
            func initializing(_ base: Syntax) -> FunctionCallExprSyntax? {
                var base = base
                if let specialized = base.parent?.as(GenericSpecializationExprSyntax.self), specialized.expression.id == base.id { base = Syntax(specialized) }
                guard let member = base.parent?.as(MemberAccessExprSyntax.self), member.base?.id == base.id,
                    member.declName.baseName.tokenKind == .keyword(.`init`)
                else { return nil }
                return calling(Syntax(member))
            }
            guard let parent = token.parent else { return nil }
            if let reference = parent.as(DeclReferenceExprSyntax.self), reference.baseName.id == token.id {
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                    return calling(Syntax(member)) ?? initializing(Syntax(member))
                }
                return calling(Syntax(reference)) ?? initializing(Syntax(reference))
            }
            // A name in a type annotation: the call that initializes the binding, if any.
            var node = parent
            while node.is(TypeSyntax.self) || node.is(GenericArgumentSyntax.self) || node.is(GenericArgumentListSyntax.self)
                || node.is(GenericArgumentClauseSyntax.self) || node.is(TypeAnnotationSyntax.self)
            {
                guard let above = node.parent else { return nil }
                node = above
            }
            return node.as(PatternBindingSyntax.self)?.initializer?.value.as(FunctionCallExprSyntax.self)
        }

        override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
            if kind == .reference, let reference = Self.reference(token) { subjects.append(reference) }
            return .skipChildren
        }

        /// A name in an expression or a type, as a reference: a member after `.` (`viewController.present`), a type
        /// when capitalized (`ProfileViewController()`, `Theme.main`) or written as one, else a value; nil for any
        /// other token.
        static func reference(_ token: TokenSyntax) -> Subject? {
            guard case .identifier = token.tokenKind, let parent = token.parent else { return nil }
            let kind: String
            if let expression = parent.as(DeclReferenceExprSyntax.self), expression.baseName.id == token.id {
                let isMember = expression.parent?.as(MemberAccessExprSyntax.self)?.declName.id == expression.id
                kind = isMember ? "member" : (token.identifier?.name ?? token.text).first?.isUppercase == true ? "type" : "value"
            } else if parent.as(IdentifierTypeSyntax.self)?.name.id == token.id || parent.as(MemberTypeSyntax.self)?.name.id == token.id {
                kind = "type"
            } else {
                return nil
            }
            let span = token.positionAfterSkippingLeadingTrivia.utf8Offset..<token.endPositionBeforeTrailingTrivia.utf8Offset
            return Subject(
                kind: .reference, name: token.identifier?.name ?? token.text, kindName: kind, span: span, nameSpan: span, node: Syntax(token),
                owner: nil)
        }
    }
}

/// A custom rule at work on one file. A class: the file pass hands it to every file without copying the rule.
final class CustomRuleCheck: Sendable {
    let rule: CustomRule
    let roles: any RoleModel
    /// The rule's selection and assertion with each condition list in the order it is cheapest to judge: the same answers.
    private let select: CustomRule.Query
    private let assertion: CustomRule.Assertion
    /// What a selected subject must satisfy to be reported, each condition list cheapest first: the selection; for
    /// `only`, the selection and the assertion's failure together, so that a costly condition of the selection (the
    /// project's conformances) is judged only of the subjects that fail the assertion's cheap one (a role).
    private let reportable: Filter
    /// What a file must be for the rule to report anything there, judged before its subjects are read: the reported
    /// conditions on the file's path and module alone.
    private let fileConditions: [Filter]
    /// A role the reported subjects play: a subject's role is its type's, so one of the file's types must play it.
    private let requiredRole: String?

    init(rule: CustomRule, roles: any RoleModel) {
        self.rule = rule
        self.roles = roles
        select = CustomRule.Query(kind: rule.select.kind, filter: rule.select.filter.cheapestFirst)
        var conjuncts = rule.select.filter.conjuncts
        switch rule.assertion {
        case .forbid(let query): assertion = .forbid(CustomRule.Query(kind: query.kind, filter: query.filter.cheapestFirst))
        case .require(let query, let min, let max):
            assertion = .require(CustomRule.Query(kind: query.kind, filter: query.filter.cheapestFirst), min: min, max: max)
        case .only(let filter):
            // Judged as `reportable`'s failure, below.
            assertion = .only(filter)
            // `only: { not: { role: router } }` fails where the subject is a router.
            if case .not(let inner) = filter { conjuncts += inner.conjuncts } else { conjuncts.append(.not(filter)) }
        }
        reportable = conjuncts.count == 1 ? conjuncts[0].cheapestFirst : Filter.all(conjuncts).cheapestFirst
        fileConditions = conjuncts.filter(\.isAboutTheFile)
        requiredRole = conjuncts.lazy.compactMap { condition in
            if case .role(let role) = condition { role } else { nil }
        }.first
    }

    /// Whether the rule may report anything in the file: its path and module are the rule's, one of its types plays
    /// the role the rule names, and its text spells the names the selection needs (and those `forbid` looks for).
    /// Cheapest first: the file's roles are known once for every rule, a spelling is a search of its text.
    private func mayPick(in file: LintFile, _ answers: Answers) -> Bool {
        for condition in fileConditions where !Self.fileMatches(condition, answers) { return false }
        if let requiredRole, !answers.state.plays(requiredRole, roles) { return false }
        guard answers.spells(select) else { return false }
        if case .forbid(let query) = assertion { return answers.spells(query) }
        return true
    }

    /// Whether the file's path and module satisfy a condition on them alone (`Filter.isAboutTheFile`).
    private static func fileMatches(_ condition: Filter, _ answers: Answers) -> Bool {
        switch condition {
        case .all(let filters): filters.allSatisfy { fileMatches($0, answers) }
        case .any(let filters): filters.contains { fileMatches($0, answers) }
        case .not(let inner): !fileMatches(inner, answers)
        case .path(let pattern): answers.accepts(pattern)
        case .module(let pattern): answers.module.map(pattern.matches) == true
        default: true
        }
    }

    /// The subjects of the selection's kind that it may pick, in source order: every one; of members whose type must
    /// play a role, those of the types that play it.
    private func selectable(_ all: CustomSubjects, _ file: LintFile, _ answers: Answers) -> [Int] {
        if select.kind == .member, let requiredRole {
            return all.members(of: all.all(.type).filter { role(of: $0, all, file) == requiredRole })
        }
        return candidates(of: select, in: all.file, all, answers)
    }

    /// What the rule knows of a file: the file's custom-rule state, and its path and module as the rule reads them
    /// (made when a filter or a message first needs them).
    private struct Answers {
        let state: CustomRuleFile
        let folder: String

        init(_ check: CustomRuleCheck, _ state: CustomRuleFile) {
            self.state = state
            folder = check.rule.folder
        }

        var module: String? { state.module(from: folder) }

        /// Whether the file's text (within `span`, when given) spells a name the query needs.
        func spells(_ query: CustomRule.Query, in span: Range<Int>? = nil) -> Bool {
            // A file's name is not in its text.
            query.spelling?.isSpelt { run in
                guard let span else { return state.spells(run) }
                let offsets = state.offsets(of: run)
                // The first offset at or after the span's start.
                var low = 0, high = offsets.count
                while low < high {
                    let middle = (low + high) / 2
                    if offsets[middle] < span.lowerBound { low = middle + 1 } else { high = middle }
                }
                return low < offsets.count && offsets[low] < span.upperBound
            } ?? true
        }

        /// What an `in:` pattern captures of the file's path; nil when it does not match.
        func match(_ pattern: PathPattern) -> [String: String]? { state.match(pattern, from: folder) }

        /// Whether an `in:` pattern matches the file's path.
        func accepts(_ pattern: PathPattern) -> Bool { state.accepts(pattern, from: folder) }

    }

    /// The subjects the rule selects in `file`: its kind, name, where, and its role when it has one.
    func selections(in file: LintFile) -> [CustomRuleSelection] {
        let answers = Answers(self, CustomRuleFile.of(file))
        let all = answers.state.subjects
        return candidates(of: select, in: all.file, all, answers).filter { matches(select.filter, $0, all, file, answers) }.map { index in
            let subject = all.subjects[index]
            let (line, column) = file.location(of: subject.nameSpan.lowerBound)
            return CustomRuleSelection(
                rule: rule.id, path: file.path, line: line, column: column, kind: subject.kindName, name: subject.name,
                role: subject.owner.flatMap { role(of: $0, all, file) })
        }
    }

    /// The rule's findings in `file`, whose custom-rule state is `state` (`CustomRuleFile.of(file)`).
    func violations(in file: LintFile, _ state: CustomRuleFile) -> [Violation] {
        let answers = Answers(self, state)
        guard mayPick(in: file, answers) else { return [] }
        let all = answers.state.subjects
        var violations: [Violation] = []
        var reported = Set<Int>()
        var captures: [String: String]?
        for index in selectable(all, file, answers) where matches(reportable, index, all, file, answers) {
            let subject = all.subjects[index]
            // The message's values, once a finding needs them.
            func values() -> [String: String] {
                if captures == nil {
                    captures = Self.captures(of: rule.select.filter, answers)
                    captures?["module"] = answers.module ?? ""
                }
                var values = captures ?? [:]
                values["subject"] = subject.name
                values["kind"] = subject.kindName
                values["type"] = subject.owner.map { all.subjects[$0].name } ?? ""
                return values
            }
            switch assertion {
            case .forbid(let query):
                for match in inside(index, query, all, file, answers) where reported.insert(all.subjects[match].nameSpan.lowerBound).inserted {
                    var values = values()
                    values["match"] = all.subjects[match].name
                    values["name"] = all.subjects[match].name
                    violations.append(violation(at: match, all, values, file))
                }
            case .require(let query, let min, let max):
                let count = inside(index, query, all, file, answers).count
                if count < (min ?? 0) || count > (max ?? .max) {
                    var values = values()
                    values["count"] = "\(count)"
                    values["name"] = subject.name
                    violations.append(violation(at: index, all, values, file))
                }
            case .only:
                // `reportable` holds the assertion's failure.
                var values = values()
                values["name"] = subject.name
                violations.append(violation(at: index, all, values, file))
            }
        }
        return violations
    }

    /// The subjects of `query` inside the subject at `index`: its descendants; for imports, the file's.
    private func inside(_ index: Int, _ query: CustomRule.Query, _ all: CustomSubjects, _ file: LintFile, _ answers: Answers) -> [Int] {
        // Calls and references are looked for only where the subject's own text spells what the query names.
        let span = query.kind == .call || query.kind == .reference ? all.subjects[index].span : nil
        guard answers.spells(query, in: span) else { return [] }
        return candidates(of: query, in: index, all, answers).filter { matches(query.filter, $0, all, file, answers) }
    }

    /// The subjects of the query's kind inside the subject at `index` that its filter may accept: for calls and
    /// references of names it spells, those spelt so; else every one.
    private func candidates(of query: CustomRule.Query, in index: Int, _ all: CustomSubjects, _ answers: Answers) -> [Int] {
        if let runs = query.nameRuns {
            return all.expressions(query.kind, holding: runs, inside: index, for: query) { answers.state.offsets(of: $0) }
        }
        return index == all.file ? all.all(query.kind) : all.inside(index, query.kind)
    }

    /// The values of the captures of the `in:` patterns the file's path matches (those under `not` have none).
    private static func captures(of filter: Filter, _ answers: Answers) -> [String: String] {
        switch filter {
        case .path(let pattern): return answers.match(pattern) ?? [:]
        case .all(let filters), .any(let filters):
            return filters.reduce(into: [:]) { values, filter in values.merge(captures(of: filter, answers)) { first, _ in first } }
        default: return [:]
        }
    }

    private func matches(_ filter: Filter, _ index: Int, _ all: CustomSubjects, _ file: LintFile, _ answers: Answers) -> Bool {
        let subject = all.subjects[index]
        switch filter {
        case .all(let filters): return filters.allSatisfy { matches($0, index, all, file, answers) }
        case .any(let filters): return filters.contains { matches($0, index, all, file, answers) }
        case .not(let inner): return !matches(inner, index, all, file, answers)
        case .role(let role):
            guard let owner = subject.owner else { return false }
            return self.role(of: owner, all, file) == role
        case .name(let pattern):
            if subject.kind == .file { return pattern.matches(file.fileName) }
            if subject.kind == .import { return pattern.matches(subject.name) || pattern.matches(String(subject.name.prefix { $0 != "." })) }
            return pattern.matches(subject.name)
        case .kind(let kind): return subject.kindName == kind
        case .path(let pattern): return answers.accepts(pattern)
        case .module(let pattern): return answers.module.map(pattern.matches) == true
        case .inherits(let pattern, let direct):
            if direct { return subject.kindName == "class" && subject.inherited.first.map(pattern.matches) == true }
            return inheritance(of: index, all, file, answers).superclasses.contains(where: pattern.matches)
        case .conforms(let pattern, let direct):
            if direct { return subject.inherited.contains(where: pattern.matches) }
            let inheritance = inheritance(of: index, all, file, answers)
            return file.model.projectTypes.firstSupertype(of: inheritance.conformances + subject.inherited, where: pattern.matches) != nil
        case .attribute(let pattern): return subject.attributes.contains(where: pattern.matches)
        case .access(let access): return subject.access == access
        case .constructs(let inner):
            let calls = subject.kind == .call ? [index] : all.inside(index, .call)
            return calls.contains { call in
                guard let name = all.subjects[call].constructed else { return false }
                return constructedMatches(inner, name, file, answers)
            }
        }
    }

    /// A type a call creates, by its name, against a `constructs:` filter.
    private func constructedMatches(_ filter: Filter, _ name: String, _ file: LintFile, _ answers: Answers) -> Bool {
        switch filter {
        case .all(let filters): return filters.allSatisfy { constructedMatches($0, name, file, answers) }
        case .any(let filters): return filters.contains { constructedMatches($0, name, file, answers) }
        case .not(let inner): return !constructedMatches(inner, name, file, answers)
        case .name(let pattern): return pattern.matches(name)
        case .role(let role):
            let all = answers.state.subjects
            if all.constructedRoles[name] == nil {
                let own = all.typeIndexByName[name].flatMap { roles.role(of: file.model.types[$0], in: file) }
                all.constructedRoles[name] = .some(own ?? roles.role(ofTypeNamed: name, in: file))
            }
            return all.constructedRoles[name] == .some(role)
        case .kind(let kind):
            let declared = answers.state.subjects.typeIndexByName[name].map { file.model.types[$0].kind.rawValue }
                ?? file.model.projectTypes.primary(name)?.kind.rawValue
            return declared == kind
        case .inherits(let pattern, let direct):
            guard let entry = file.model.projectTypes.primary(name), entry.kind == .class else { return false }
            if direct { return entry.inherited.first.map(pattern.matches) == true }
            return file.model.projectTypes.resolve(name, kind: entry.kind, inherited: entry.inherited).superclasses.contains(where: pattern.matches)
        case .conforms(let pattern, let direct):
            guard let entry = file.model.projectTypes.primary(name) else { return false }
            if direct { return entry.inherited.contains(where: pattern.matches) }
            return file.model.projectTypes.firstSupertype(of: entry.inherited, where: pattern.matches) != nil
        default: return false
        }
    }

    private func role(of typeIndex: Int, _ all: CustomSubjects, _ file: LintFile) -> String? {
        let type = all.subjects[typeIndex]
        if let known = type.role { return known }
        let role = all.declaration(of: typeIndex).flatMap { roles.role(of: $0, in: file) }
        type.role = .some(role)
        return role
    }

    private func inheritance(of index: Int, _ all: CustomSubjects, _ file: LintFile, _ answers: Answers) -> ResolvedInheritance {
        let subject = all.subjects[index]
        guard subject.kind == .type else { return ResolvedInheritance() }
        if let declared = all.declaration(of: index) { return declared.inheritance }
        if subject.kindName == "protocol" { return ResolvedInheritance(conformances: subject.inherited) }
        let kind = TypeDeclaration.Kind(rawValue: subject.kindName) ?? .class
        return file.model.projectTypes.resolve(subject.name, kind: kind, inherited: subject.inherited)
    }

    private func violation(at index: Int, _ all: CustomSubjects, _ values: [String: String], _ file: LintFile) -> Violation {
        let subject = all.subjects[index]
        var violation = Violation(position: subject.nameSpan.lowerBound, endPosition: subject.nameSpan.upperBound, message: Self.render(rule.message, values))
        if let fix = rule.fix {
            switch CustomRuleFixes.edits(fix, for: subject, values: values, in: file) {
            case .success(let edits):
                violation.fix = edits
                violation.fixIsUnsafe = !fix.isSafe
            case .failure(let why): violation.whyNoFix = why.message
            }
        }
        return violation
    }

    /// `template` with each `{{name}}` replaced by its value.
    static func render(_ template: String, _ values: [String: String]) -> String { CustomRule.filling(template) { values[$0] ?? "" } }
}

// `for item in list` over a SwiftSyntax collection steps with `SyntaxCollectionIterator`, whose `next()` is not
// specialized outside SwiftSyntax: it asks the runtime for `Optional<Element>`'s metadata at each element (about 700
// instructions, callgrind). The outline of custom rules steps through every declaration of a file's top level and
// member blocks; these read each child as a `SyntaxEnum` instead.
extension CodeBlockItemListSyntax {
    /// The declarations among its items, in order.
    func forEachDeclaration(_ body: (DeclSyntax) -> Void) {
        for child in children(viewMode: .all) {
            if case .codeBlockItem(let item) = child.as(SyntaxEnum.self), case .decl(let declaration) = item.item { body(declaration) }
        }
    }
}

extension MemberBlockItemListSyntax {
    /// Each member's declaration, in order.
    func forEachDeclaration(_ body: (DeclSyntax) -> Void) {
        for child in children(viewMode: .all) {
            if case .memberBlockItem(let member) = child.as(SyntaxEnum.self) { body(member.decl) }
        }
    }
}
