/// One declaration of a type as the project-wide index keeps it: no syntax, only what roles and rules
/// need from other files.
public struct DeclaredType: Sendable, Equatable {
    public let name: String
    public let kind: TypeDeclaration.Kind
    /// Base names of the inheritance clause, superclass first for a class.
    public let inherited: [String]
    /// Generic arguments of the first inherited type: `FeedPresentable` in `PresentableInteractor<FeedPresentable>`.
    public let genericArguments: [String]
    /// Written `@MainActor`: what conforming to or inheriting it makes Swift infer.
    public let isMainActor: Bool
    /// What its stored properties and initializer parameters hold, as `name:Type` (profiles that ask who holds
    /// a type record them: see `Profile.indexesHeldTypes`).
    public let holds: [String]
    /// What its methods do that rules ask about from the files that call them, each as the action and the signature
    /// (`navigates push(_:animated?:)`, `?` marking a defaulted parameter; `detaches#0 dismiss(_:)`: detaches the child
    /// handed in first; `arranges cleanUp(completion?:)`; see `HelperMethod`): an extension's helper that discovers the
    /// navigation controller, or detaches a child, for whoever calls it; a class's or an extension's method that only
    /// arranges the view hierarchy (`ViewHierarchy.arranging(in:)`); a router method a class calls as it becomes active
    /// (`activates routeToMain()`, `InteractorActivation`); an extension's method that calls a method on the router's
    /// view controller (`relays#pushViewController(_:animated:)+0 pushRouter(_:animated:)`, the trailing closures'
    /// count after the `+`); a class whose initializer hides its own navigation bar (`hidesBarAtInit`); a computed property
    /// that makes a new RIB builder each time it is read (`buildersMade`); a static method that constructs a UIKit type
    /// (`uiBuilt`); a value an extension of `EnvironmentValues` declares (`environmentValue`); a type alias (`typeAlias`).
    public let helperMethods: [String]

    /// The entry of a class whose initializer hides its own navigation bar (`init(rootViewController:) { …;
    /// navigationBar.isHidden = true }`): a navigation controller made of it shows no bar.
    public static let hidesBarAtInit = "hidesBar init"

    /// The kind of entry of a computed property that makes a new RIB builder each time it is read (`var detailBuilder:
    /// DetailBuildable { DetailBuilder(dependency: self) }` on a component): `makes detailBuilder(DetailBuilder)`. Asked
    /// with `TypeResolver.helpers(_:named:)`.
    public static let buildersMade = "makes"

    /// The kind of entry of a static method (or a method of an extension of `UIViewController`) that constructs a UIKit
    /// type (`static func show(_ text: String, on screen: UIViewController) { let alert = UIAlertController(…) … }`):
    /// `buildsUI show(UIAlertController)`, one for each type it constructs. Asked with `TypeResolver.helpers(_:named:)`.
    public static let uiBuilt = "buildsUI"

    /// The kind of entry of a value an extension of `EnvironmentValues` or `DependencyValues` declares, one for each type
    /// it holds (`extension EnvironmentValues { @Entry var cardsRouter: CardsRouter? = nil }`): `environmentValue
    /// cardsRouter(CardsRouter)`. Asked with `TypeResolver.helpers(_:named:)`: what `@Environment(\.cardsRouter)` holds.
    public static let environmentValue = "environmentValue"
    /// The kind of entry of a type alias, one for each type it holds, kept by any declaration of the file that declares
    /// it (`typealias PayeeChild = any PayeeRouting`: `typeAlias PayeeChild(PayeeRouting)`). Asked with
    /// `TypeResolver.helpers(_:named:)`: what an alias another file declares stands for.
    public static let typeAlias = "typeAlias"
    /// The types whose extensions declare environment values.
    public static let environments: Set<String> = ["EnvironmentValues", "DependencyValues"]

    /// An entry of one of those kinds: what the helper `name` makes.
    static func entry(_ kind: String, _ name: String, making made: String) -> String { "\(kind) \(name)(\(made))" }

    /// Whether two readings of a file's declarations give the type index the same answers to every question but
    /// about helper methods: the same declarations in the same order, what their methods do aside.
    static func declareAlike(_ one: [DeclaredType], _ other: [DeclaredType]) -> Bool {
        one.count == other.count && zip(one, other).allSatisfy { first, second in
            first.name == second.name && first.kind == second.kind && first.inherited == second.inherited
                && first.genericArguments == second.genericArguments && first.isMainActor == second.isMainActor && first.holds == second.holds
        }
    }

    public init(
        name: String, kind: TypeDeclaration.Kind, inherited: [String], genericArguments: [String], isMainActor: Bool = false,
        holds: [String] = [], helperMethods: [String] = []
    ) {
        self.name = name
        self.kind = kind
        self.inherited = inherited
        self.genericArguments = genericArguments
        self.isMainActor = isMainActor
        self.holds = holds
        self.helperMethods = helperMethods
    }
}

/// Every type of the project by name, from declarations only: its kind, what its primary declaration
/// inherits, and the conformances extensions add anywhere. Built before the rules need it, from each
/// file's `DeclaredType`s (kept in the cache), so a `FeedRouter: BaseRouter<…>` is a router when
/// `BaseRouter: ViewableRouter<…>` lives in another file. Every question a file asks is recorded with a
/// fingerprint of its answer (see `TypeResolver`); the three kinds of question — a type's primary
/// declaration, its extensions' conformances, who inherits it — are answered and fingerprinted apart, so
/// an `extension UIView` in every file makes no file depend on every other.
public struct TypeIndex: Sendable {
    public struct Entry: Sendable, Equatable {
        /// `.extension` when the project only extends the type (a platform type).
        public var kind: TypeDeclaration.Kind
        /// The primary declaration's inheritance clause (several declarations of one name are merged).
        public var inherited: [String]
        public var genericArguments: [String]
        /// Conformances added by extensions, in any file.
        public var extensionConformances: [String]
        /// Some declaration of the name is written `@MainActor`.
        public var isMainActor = false
        /// `name:Type` of what it stores or is initialized with (see `DeclaredType.holds`).
        public var holds: [String] = []
        /// What its methods and its extensions' do, in any file (see `DeclaredType.helperMethods`).
        public var helperMethods: [String] = []
    }

    enum Question {
        case primary, extensions, inheritors, holders, helperMethod, helpersOfType

        func key(_ name: String) -> String {
            switch self {
            case .primary: "=" + name
            case .extensions: "+" + name
            case .inheritors: "<" + name
            case .holders: "@" + name
            case .helperMethod: "^" + name  // `^navigates push`: the action's word and the method's name
            case .helpersOfType: "%" + name  // `%FeedInteractor`: what the type's methods do (its `helperMethods`)
            }
        }

        /// Whether the question is about what methods do, which the declarations read ahead do not hold
        /// (`DeclarationScan`): `^` and `%` keys.
        static func isAboutHelpers(_ key: String) -> Bool { key.first == "^" || key.first == "%" }
    }

    private var entries: [String: Entry] = [:]
    /// Who inherits each name, directly, in name order: `inheritors["FeedDependency"] == ["FeedComponent"]`.
    /// Nil for a file's own small index, which scans its entries instead.
    private var inheritorsByName: [String: [String]]?
    /// Who holds each type, as `Holder.property`, in order: `holders["RestLayout"] == ["RestScreens.viewContainer"]`.
    private var holdersByName: [String: [String]]?
    /// The helper methods of each action and name, as `Type action signature`, in order: `["navigates push":
    /// ["ViewControllable navigates push(_:animated?:)"]]`.
    private var helpersByKey: [String: [String]]?

    /// - Parameter project: index the whole project (who inherits what is tabulated once); a file's own
    ///   declarations, read while it is linted alone, need no table.
    public init(_ declarations: some Sequence<DeclaredType>, project: Bool = true) {
        for declaration in declarations { add(declaration) }
        guard project else { return }
        var inheritors: [String: [String]] = [:]
        for (name, entry) in entries {
            for inherited in entry.inherited { inheritors[inherited, default: []].append(name) }
            for added in entry.extensionConformances where !entry.inherited.contains(added) { inheritors[added, default: []].append(name) }
        }
        inheritorsByName = inheritors.mapValues { $0.count > 1 ? $0.sorted() : $0 }
        var holders: [String: [String]] = [:]
        for (name, entry) in entries {
            for held in entry.holds {
                guard let colon = held.firstIndex(of: ":") else { continue }
                holders[String(held[held.index(after: colon)...]), default: []].append(name + "." + held[..<colon])
            }
        }
        holdersByName = holders.mapValues { $0.count > 1 ? $0.sorted() : $0 }
        var helpers: [String: [String]] = [:]
        for (name, entry) in entries {
            for helper in entry.helperMethods { helpers[Self.helperKey(helper), default: []].append(name + " " + helper) }
        }
        helpersByKey = helpers.mapValues { $0.count > 1 ? $0.sorted() : $0 }
    }

    private mutating func add(_ declaration: DeclaredType) {
        // Taken out and put back: mutated in place, one lookup each way.
        let known = entries.removeValue(forKey: declaration.name)
        var entry = known ?? Entry(kind: .extension, inherited: [], genericArguments: [], extensionConformances: [])
        // An extension's helpers, and a class's methods that only arrange the view hierarchy.
        for helper in declaration.helperMethods where !entry.helperMethods.contains(helper) { entry.helperMethods.append(helper) }
        if declaration.kind == .extension {
            for added in declaration.inherited where !entry.extensionConformances.contains(added) { entry.extensionConformances.append(added) }
            // An extension that adds nothing makes no entry.
            if known != nil || !entry.helperMethods.isEmpty || !entry.extensionConformances.isEmpty { entries[declaration.name] = entry }
            return
        }
        if declaration.isMainActor { entry.isMainActor = true }
        for held in declaration.holds where !entry.holds.contains(held) { entry.holds.append(held) }
        if entry.kind == .extension {
            entry.kind = declaration.kind
            entry.inherited = declaration.inherited
            entry.genericArguments = declaration.genericArguments
        } else {
            // The same name declared twice (two apps, two modules): what either inherits counts.
            for inherited in declaration.inherited where !entry.inherited.contains(inherited) { entry.inherited.append(inherited) }
        }
        entries[declaration.name] = entry
    }

    func entry(_ name: String) -> Entry? { entries[name] }

    func holders(of name: String) -> [String] {
        if let holdersByName { return holdersByName[name] ?? [] }
        return entries.flatMap { holder, entry in entry.holds.filter { $0.hasSuffix(":" + name) }.map { holder + "." + $0.prefix { $0 != ":" } } }.sorted()
    }

    /// The helper methods of an action and a name (`navigates push`), as `Type action signature`.
    func helperMethods(_ key: String) -> [String] {
        if let helpersByKey { return helpersByKey[key] ?? [] }
        return entries.flatMap { type, entry in
            entry.helperMethods.filter { Self.helperKey($0) == key }.map { type + " " + $0 }
        }.sorted()
    }

    /// `navigates push` of `navigates push(_:animated?:)`, `detaches dismiss` of `detaches#0 dismiss(_:)`.
    static func helperKey(_ declared: String) -> String {
        let bytes = declared.utf8
        let end = bytes.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "#") } ?? bytes.endIndex
        return String(declared[..<end]) + " " + HelperMethod.name(of: declared)
    }

    func inheritors(of name: String) -> [String] {
        if let inheritorsByName { return inheritorsByName[name] ?? [] }
        return entries.filter { $0.value.inherited.contains(name) || $0.value.extensionConformances.contains(name) }.keys.sorted()
    }

    /// The fingerprint of the answer to a question, as a file records it: computed when asked, since a
    /// run asks about few of the project's names.
    func fingerprint(_ question: Question, _ name: String) -> String {
        switch question {
        case .primary, .extensions: return Self.fingerprint(question, of: entries[name])
        case .inheritors:
            let names = inheritors(of: name)
            return names.isEmpty ? "-" : stableHash(names.joined(separator: ","))
        case .holders:
            let names = holders(of: name)
            return names.isEmpty ? "-" : stableHash(names.joined(separator: ","))
        case .helperMethod:
            let helpers = helperMethods(name)
            return helpers.isEmpty ? "-" : stableHash(helpers.joined(separator: ","))
        case .helpersOfType:
            guard let helpers = entries[name]?.helperMethods, !helpers.isEmpty else { return "-" }
            return stableHash(helpers.joined(separator: ","))
        }
    }

    /// The fingerprint of a primary or an extensions question, from the entry of its name (nil: none).
    static func fingerprint(_ question: Question, of entry: Entry?) -> String {
        switch question {
        case .primary:
            guard let entry, entry.kind != .extension else { return "-" }
            // `stableHash` of `kind|inherited,…|generic,…` (and `|@MainActor`), hashed in parts.
            var hash = fnv1a(entry.kind.rawValue.utf8)
            hash = fnv1a(CollectionOfOne(UInt8(ascii: "|")), continuing: hash)
            hash = Self.hash(entry.inherited, continuing: hash)
            hash = fnv1a(CollectionOfOne(UInt8(ascii: "|")), continuing: hash)
            hash = Self.hash(entry.genericArguments, continuing: hash)
            if entry.isMainActor { hash = fnv1a("|@MainActor".utf8, continuing: hash) }
            return hex16(hash)
        case .extensions:
            guard let conformances = entry?.extensionConformances, !conformances.isEmpty else { return "-" }
            return hex16(Self.hash(conformances, continuing: fnv1a([])))
        default: return "-"
        }
    }

    /// `fnv1a` of the names joined by commas, carried on from `hash`.
    private static func hash(_ names: [String], continuing hash: UInt64) -> UInt64 {
        var hash = hash
        for (position, name) in names.enumerated() {
            if position > 0 { hash = fnv1a(CollectionOfOne(UInt8(ascii: ",")), continuing: hash) }
            hash = fnv1a(name.utf8, continuing: hash)
        }
        return hash
    }

    /// Whether a file that recorded these lookups would get other answers from this index.
    func answersDiffer(from lookups: [String: String]) -> Bool {
        var answers: [String: String] = [:]
        return answersDiffer(from: lookups, answers: &answers)
    }

    /// The same, with `answers` holding this index's answer to each question already asked: files of one RIB, and
    /// most of a project, ask about the same names.
    /// With `helpersOnly`, only the questions about helper methods are judged.
    func answersDiffer(from lookups: [String: String], answers: inout [String: String], helpersOnly: Bool = false) -> Bool {
        lookups.contains { key, answer in
            if helpersOnly, !Question.isAboutHelpers(key) { return false }
            if let known = answers[key] { return known != answer }
            guard let question = Question(key: key) else { return true }
            let current = fingerprint(question, String(key.dropFirst()))
            answers[key] = current
            return current != answer
        }
    }
}

extension TypeIndex.Question {
    init?(key: String) {
        switch key.first {
        case "=": self = .primary
        case "+": self = .extensions
        case "<": self = .inheritors
        case "@": self = .holders
        case "^": self = .helperMethod
        case "%": self = .helpersOfType
        default: return nil
        }
    }
}

/// A type's place in the type hierarchy, resolved through the index: its superclasses (nearest first)
/// and every protocol it conforms to, wherever declared.
public struct ResolvedInheritance: Sendable, Equatable {
    public var superclasses: [String] = []
    public var conformances: [String] = []
    /// The superclass chain ends in a class the project does not declare and the profile does not know (another
    /// module's, such as a form library's `FormViewController`): what it descends from is not known here.
    public var reachesOutsideProject = false

    /// Every name the type inherits, superclasses first.
    public var all: [String] { superclasses + conformances }
}

/// Answers questions about the project's types from the index and records each question with the
/// fingerprint of its answer: while the answers stay the same, so do the results of the file that asked.
public final class TypeResolver {
    let index: TypeIndex
    let profile: Profile
    private(set) var lookups: [String: String] = [:]
    /// Deeper chains than this are not real code: stop rather than walk a cycle or a generated tower.
    public static let maximumDepth = 32

    /// The file asking imports one of the profile's frameworks: a base class's name is the framework's there, even
    /// when some other module of the project declares a class of that name.
    let importsFramework: Bool

    init(index: TypeIndex, profile: Profile, importsFramework: Bool = false) {
        self.index = index
        self.profile = profile
        self.importsFramework = importsFramework
    }

    /// The index does not change while the file asks: a question asked again keeps its fingerprint (a key's slot is
    /// found once, and filled when new; no fingerprint is empty).
    private func record(_ question: TypeIndex.Question, _ name: String) {
        Self.fill(&lookups[question.key(name), default: ""]) { index.fingerprint(question, name) }
    }

    /// A primary or an extensions question, answered from the entry of its name already looked up.
    private func record(_ question: TypeIndex.Question, _ name: String, entry: TypeIndex.Entry?) {
        Self.fill(&lookups[question.key(name), default: ""]) { TypeIndex.fingerprint(question, of: entry) }
    }

    private static func fill(_ slot: inout String, _ fingerprint: () -> String) {
        if slot.isEmpty { slot = fingerprint() }
    }

    /// The primary declaration of a type declared in the project (nil for one it only extends).
    public func primary(_ name: String) -> TypeIndex.Entry? {
        let found = index.entry(name)
        record(.primary, name, entry: found)
        guard let found, found.kind != .extension else { return nil }
        return found
    }

    /// The role the profile gives a class or struct the project declares, by its base classes and conformances
    /// (through the project's declarations and extensions), never by its name: what a builder constructs.
    public func role(ofType name: String) -> Role? {
        guard let entry = primary(name), entry.kind == .class || entry.kind == .struct else { return nil }
        var inheritance = resolve(name, kind: entry.kind, inherited: entry.inherited)
        if profile.baseClassRole(of: inheritance) == nil {
            inheritance.conformances += extensionConformances(of: name).filter { !inheritance.conformances.contains($0) }
        }
        return profile.role(of: inheritance)
    }

    /// The conformances extensions anywhere in the project add to `name`.
    public func extensionConformances(of name: String) -> [String] {
        let found = index.entry(name)
        record(.extensions, name, entry: found)
        return found?.extensionConformances ?? []
    }

    /// The types of the project that inherit `name` directly, with their primary declarations (a type only
    /// extended has none).
    public func inheritors(of name: String) -> [(name: String, entry: TypeIndex.Entry)] {
        record(.inheritors, name)
        return index.inheritors(of: name).compactMap { inheritor in primary(inheritor).map { (inheritor, $0) } }
    }

    /// The project's types that store a `name` (or take one in an initializer), with the property or parameter
    /// name: who holds a `RestLayout` as its `viewContainer`. Answered where the profile indexes held types.
    public func holders(of name: String) -> [(holder: String, property: String, entry: TypeIndex.Entry)] {
        record(.holders, name)
        return index.holders(of: name).compactMap { held in
            guard let dot = held.firstIndex(of: "."), let entry = primary(String(held[..<dot])) else { return nil }
            return (String(held[..<dot]), String(held[held.index(after: dot)...]), entry)
        }
    }

    /// The methods named `name` declared anywhere in the project that do `action` (`DeclaredType.helperMethods`):
    /// navigate on the navigation controller their view controller sits in, detach a child (at any parameter), only
    /// arrange the view hierarchy, or are called on the router by an interactor becoming active. Each action is its
    /// own question, so a file asking about one is not linted again for another.
    public func helperMethods(named name: String, doing action: HelperMethod.Action) -> [HelperMethod] {
        let key = action.word + " " + name
        record(.helperMethod, key)
        return index.helperMethods(key).compactMap(HelperMethod.init(entry:))
    }

    /// The helpers of one kind (`DeclaredType.buildersMade`, `DeclaredType.uiBuilt`, `DeclaredType.environmentValue`,
    /// `DeclaredType.typeAlias`) named `name`, declared anywhere in the project: each one's type and what it makes. Each
    /// kind and name is its own question, as for `helperMethods(named:doing:)`.
    public func helpers(_ kind: String, named name: String) -> [(type: String, made: String)] {
        let key = kind + " " + name
        record(.helperMethod, key)
        // `FeedComponent makes detailBuilder(DetailBuilder)`.
        return index.helperMethods(key).compactMap { entry in
            guard let space = entry.firstIndex(of: " "), let open = entry.lastIndex(of: "("), entry.last == ")" else { return nil }
            return (String(entry[..<space]), String(entry[entry.index(after: open)..<entry.index(before: entry.endIndex)]))
        }
    }

    /// What the methods of the type named `name` and of its extensions do, anywhere in the project, as its entry
    /// lists them (`DeclaredType.helperMethods`: `routes detachCurrentChild()`); none for a type the project does
    /// not declare or extend.
    public func helperMethods(ofType name: String) -> [String] {
        record(.helpersOfType, name)
        return index.entry(name)?.helperMethods ?? []
    }

    /// Every name `inherited` leads to through the project's declarations, transitively (`firstSupertype(of:where:)`'s
    /// order). `[AccountsRouting]` → `[AccountsRouting, RoutableViewControlling, …]`.
    public func supertypes(of inherited: [String]) -> [String] {
        var order: [String] = []
        _ = firstSupertype(of: inherited) { name in
            order.append(name)
            return false
        }
        return order
    }

    /// The first name `inherited` leads to through the project's declarations, transitively, that `accepts`:
    /// superclasses, the protocols they and the protocols refine, and what extensions add to each (breadth first,
    /// each once: `[AccountsRouting]` → `AccountsRouting`, `RoutableViewControlling`, …). The names after it are not
    /// looked up, nor recorded: which one comes first depends on those before it alone.
    public func firstSupertype(of inherited: [String], where accepts: (String) -> Bool) -> String? {
        var count = 0
        var seen = Set<String>()
        var queue = inherited[...]
        while let name = queue.popFirst(), count < Self.maximumDepth * 4 {
            guard seen.insert(name).inserted else { continue }
            count += 1
            if accepts(name) { return name }
            if let entry = primary(name) { queue.append(contentsOf: entry.inherited) }
            queue.append(contentsOf: extensionConformances(of: name))
        }
        return nil
    }

    /// The superclass chain and conformances of a type named `name` whose own clause is `inherited`, without
    /// the conformances extensions add to the type itself (ask `extensionConformances(of:)` when they matter).
    func resolve(_ name: String, kind: TypeDeclaration.Kind, inherited: [String]) -> ResolvedInheritance {
        var resolved = ResolvedInheritance()
        var conformances = inherited
        var next: String?
        if kind == .class, let first = inherited.first {
            resolved.superclasses = [first]
            conformances.removeFirst()
            next = first
        }
        // Chains are short: a list is cheaper than a set.
        var seen = [name]
        while let superclass = next, resolved.superclasses.count < Self.maximumDepth, !seen.contains(superclass),
            !profile.isConformingBase(superclass)
        {
            next = nil
            seen.append(superclass)
            if profile.isBaseClass(superclass) {
                // The framework's class — unless, in a file that does not import the framework, the project
                // declares a class of that name of its own, as the compiler would then take it: an MVVM app's
                // `class Interactor {}` makes no RIBs interactor.
                guard !importsFramework, let own = primary(superclass), own.kind == .class, !isFrameworkCopy(own) else { break }
                resolved.superclasses.removeLast()
            }
            guard let ancestor = primary(superclass) else {
                resolved.reachesOutsideProject = !profile.isBaseClass(superclass) && !Self.platformProtocols.contains(superclass)
                break
            }
            let added = extensionConformances(of: superclass)
            guard ancestor.kind == .class else {
                // Not a class after all: a protocol listed first.
                resolved.superclasses.removeLast()
                conformances.insert(superclass, at: 0)
                conformances += ancestor.inherited + added
                break
            }
            conformances += ancestor.inherited.dropFirst() + added
            if let parent = ancestor.inherited.first {
                resolved.superclasses.append(parent)
                next = parent
            }
        }
        resolved.conformances.reserveCapacity(conformances.count)
        for conformance in conformances where !resolved.conformances.contains(conformance) { resolved.conformances.append(conformance) }
        return resolved
    }

    /// Protocols of the Swift standard library, Foundation, Combine and SwiftUI that a class lists first as often as a
    /// superclass: not a base class of another module.
    static let platformProtocols: Set<String> = [
        "AnyObject", "Identifiable", "Sendable", "ObservableObject", "Equatable", "Hashable", "Comparable", "Codable", "Decodable",
        "Encodable", "CustomStringConvertible", "CustomDebugStringConvertible", "NSObjectProtocol", "NSCopying", "NSCoding",
        "NSSecureCoding", "Error", "CaseIterable", "View", "App", "Scene", "Publisher", "Subscriber",
        "Cancellable", "UIApplicationDelegate", "UIWindowSceneDelegate",
    ]

    /// Whether a class the project declares under a framework base class's name is the framework's own, vendored
    /// (`open class Interactor: Interactable`, `open class ViewableRouter<I, V>: Router<I>, ViewableRouting`): it
    /// inherits another base class or conforms to one of the framework's protocols, where an app's class of
    /// that name inherits nothing of the framework's.
    private func isFrameworkCopy(_ entry: TypeIndex.Entry) -> Bool {
        entry.inherited.contains { name in
            profile.isBaseClass(name) || profile.protocolSuffixes.contains { $0.suffix == name } || name.hasSuffix("Routing")
        }
    }
}
