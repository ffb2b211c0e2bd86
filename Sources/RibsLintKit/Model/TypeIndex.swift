/// One declaration of a type as the project-wide index keeps it: no syntax, only what roles and rules
/// need from other files.
public struct DeclaredType: Sendable, Equatable {
    public let name: String
    public let kind: TypeDeclaration.Kind
    /// Base names of the inheritance clause, superclass first for a class.
    public let inherited: [String]
    /// Generic arguments of the first inherited type: `FeedPresentable` in `PresentableInteractor<FeedPresentable>`.
    public let genericArguments: [String]

    public init(name: String, kind: TypeDeclaration.Kind, inherited: [String], genericArguments: [String]) {
        self.name = name
        self.kind = kind
        self.inherited = inherited
        self.genericArguments = genericArguments
    }
}

/// Every type of the project by name, from declarations only: its kind, what its primary declaration
/// inherits, and the conformances extensions add anywhere. Built before the rules need it, from each
/// file's `DeclaredType`s (kept in the cache), so a `FeedRouter: BaseRouter<…>` is a router when
/// `BaseRouter: ViewableRouter<…>` lives in another file.
public struct TypeIndex: Sendable {
    public struct Entry: Sendable, Equatable {
        public var kind: TypeDeclaration.Kind
        /// The primary declaration's inheritance clause (several declarations of one name are merged).
        public var inherited: [String]
        public var genericArguments: [String]
        /// Conformances added by extensions, in any file.
        public var extensionConformances: [String]

        /// What a file that looked this entry up depended on: if it changes, that file is linted again.
        var fingerprint: String {
            stableHash([kind.rawValue, inherited.joined(separator: ","), genericArguments.joined(separator: ","),
                        extensionConformances.joined(separator: ",")].joined(separator: "|"))
        }
    }

    private var entries: [String: Entry] = [:]
    private var fingerprints: [String: String] = [:]
    /// Who inherits each name, directly: `conformers["FeedDependency"] == ["FeedComponent"]`.
    private var inheritors: [String: [String]] = [:]

    public init(_ declarations: some Sequence<DeclaredType>) {
        for declaration in declarations { add(declaration) }
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            for inherited in Set(entry.inherited + entry.extensionConformances) { inheritors[inherited, default: []].append(name) }
        }
        fingerprints = entries.mapValues(\.fingerprint)
        for (name, names) in inheritors { fingerprints[Self.inheritorsKey(name)] = stableHash(names.joined(separator: ",")) }
    }

    /// The types that list `name` in their inheritance clause or an extension's, in name order.
    public func inheritors(of name: String) -> [String] { inheritors[name] ?? [] }

    /// The lookup key under which a file records that it asked who inherits `name`.
    static func inheritorsKey(_ name: String) -> String { "<-" + name }

    private mutating func add(_ declaration: DeclaredType) {
        var entry = entries[declaration.name] ?? Entry(kind: .extension, inherited: [], genericArguments: [], extensionConformances: [])
        if declaration.kind == .extension {
            entry.extensionConformances += declaration.inherited.filter { !entry.extensionConformances.contains($0) }
        } else if entry.kind == .extension {
            entry.kind = declaration.kind
            entry.inherited = declaration.inherited
            entry.genericArguments = declaration.genericArguments
        } else {
            // The same name declared twice (two apps, two modules): what either inherits counts.
            entry.inherited += declaration.inherited.filter { !entry.inherited.contains($0) }
        }
        entries[declaration.name] = entry
    }

    public func entry(_ name: String) -> Entry? { entries[name] }

    /// The answer a lookup of `name` gets, as a file records it.
    func fingerprint(of name: String) -> String { fingerprints[name] ?? "-" }

    /// Whether a file that recorded these lookups would get other answers from this index.
    func answersDiffer(from lookups: [String: String]) -> Bool {
        lookups.contains { fingerprint(of: $0.key) != $0.value }
    }
}

/// A type's place in the type hierarchy, resolved through the index: its superclasses (nearest first)
/// and every protocol it conforms to, wherever declared.
public struct ResolvedInheritance: Sendable, Equatable {
    public var superclasses: [String] = []
    public var conformances: [String] = []

    /// Every name the type inherits, superclasses first.
    public var all: [String] { superclasses + conformances }
}

/// Resolves inheritance through an index and records every name it looked up with the answer it got.
public final class TypeResolver {
    let index: TypeIndex
    let profile: Profile
    private(set) var lookups: [String: String] = [:]
    /// Deeper chains than this are not real code: stop rather than walk a cycle or a generated tower.
    static let maximumDepth = 32

    init(index: TypeIndex, profile: Profile) {
        self.index = index
        self.profile = profile
    }

    private func entry(_ name: String) -> TypeIndex.Entry? {
        lookups[name] = index.fingerprint(of: name)
        return index.entry(name)
    }

    /// The types of the project that inherit `name` directly, with their entries.
    public func inheritors(of name: String) -> [(name: String, entry: TypeIndex.Entry)] {
        lookups[TypeIndex.inheritorsKey(name)] = index.fingerprint(of: TypeIndex.inheritorsKey(name))
        return index.inheritors(of: name).compactMap { inheritor in entry(inheritor).map { (inheritor, $0) } }
    }

    /// The primary declaration of a type declared elsewhere (nil for one only extended).
    func primary(_ name: String) -> TypeIndex.Entry? {
        guard let found = entry(name), found.kind != .extension else { return nil }
        return found
    }

    /// The superclass chain and conformances of a type named `name` whose own clause is `inherited`.
    func resolve(_ name: String, kind: TypeDeclaration.Kind, inherited: [String]) -> ResolvedInheritance {
        var resolved = ResolvedInheritance()
        var conformances = inherited
        var next: String?
        if kind == .class, let first = inherited.first {
            resolved.superclasses = [first]
            conformances.removeFirst()
            next = first
        }
        if kind != .extension, let own = entry(name) { conformances += own.extensionConformances }
        var seen: Set<String> = [name]
        while let superclass = next, resolved.superclasses.count < Self.maximumDepth, seen.insert(superclass).inserted,
            !profile.isBaseClass(superclass), !profile.isConformingBase(superclass)
        {
            next = nil
            guard let ancestor = entry(superclass) else { break }
            guard ancestor.kind == .class else {
                // Not a class after all: a protocol listed first.
                resolved.superclasses.removeLast()
                conformances.insert(superclass, at: 0)
                conformances += ancestor.inherited + ancestor.extensionConformances
                break
            }
            conformances += ancestor.inherited.dropFirst() + ancestor.extensionConformances
            if let parent = ancestor.inherited.first {
                resolved.superclasses.append(parent)
                next = parent
            }
        }
        var unique = Set<String>()
        resolved.conformances = conformances.filter { unique.insert($0).inserted }
        return resolved
    }
}
