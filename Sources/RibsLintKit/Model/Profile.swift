/// A part a type plays in an architecture: a profile names its own (`router`, `presenter`, `view`, …).
public struct Role: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ name: String) { rawValue = name }

    public var description: String { rawValue }
}

/// The part a protocol plays in an architecture's contracts (`listener`, `presentable`, …), from its name.
public struct ProtocolRole: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ name: String) { rawValue = name }

    public var description: String { rawValue }
}

/// How one role is recognised in code. Inheritance always counts; a name suffix only in a file that
/// imports one of the profile's frameworks, and only for the declaration kinds listed.
public struct RoleDefinition: Sendable, Equatable {
    public let role: Role
    /// Superclasses or protocols (base names, module prefix dropped) that give the role wherever the type is.
    public var baseClasses: Set<String>
    /// A subclass of one of these that conforms to a protocol of one of `conformingTo` plays the role:
    /// a `UIViewController` conforming to its `*Presentable` is a presenter.
    public var conformingSubclassesOf: Set<String>
    public var conformingTo: Set<ProtocolRole>
    /// Name suffixes that give the role in a framework-importing file: `…Router`.
    public var suffixes: [String]
    /// Declaration kinds a name suffix can give the role to.
    public var suffixKinds: Set<TypeDeclaration.Kind>
    /// For a type that inherits and conforms to nothing, the name suffix gives the role only when the type holds
    /// one of these (a stored property or an initializer parameter of that name): a `DeepLinkRouter` holding no
    /// `interactor` is a service the app named a router. Empty: the name suffices.
    public var nameAloneNeedsOneOf: Set<String>

    public init(
        _ role: Role, baseClasses: Set<String> = [], conformingSubclassesOf: Set<String> = [], conformingTo: Set<ProtocolRole> = [],
        suffixes: [String] = [], suffixKinds: Set<TypeDeclaration.Kind> = [.class], nameAloneNeedsOneOf: Set<String> = []
    ) {
        self.role = role
        self.baseClasses = baseClasses
        self.conformingSubclassesOf = conformingSubclassesOf
        self.conformingTo = conformingTo
        self.suffixes = suffixes
        self.suffixKinds = suffixKinds
        self.nameAloneNeedsOneOf = nameAloneNeedsOneOf
    }
}

/// A documented variant of a profile (`conventions:` in `.ribslint.yml`) for code that follows another
/// source than the user's guide on purpose, such as a framework's stock template: the rules whose advice that
/// code does the opposite of become opt-ins, and some options take other defaults. What the configuration
/// says explicitly still wins.
public struct Convention: Sendable, Equatable {
    public let name: String
    public let summary: String
    /// Rules on by default in the profile that this convention leaves off unless opted into.
    public let optInRules: [String]
    /// Option defaults by rule id, under the configuration's own settings.
    public let options: [String: [String: OptionValue]]

    public init(name: String, summary: String, optInRules: [String] = [], options: [String: [String: OptionValue]] = [:]) {
        self.name = name
        self.summary = summary
        self.optInRules = optInRules
        self.options = options
    }
}

/// An architecture ribslint knows: the roles its code plays and how each is recognised, the protocol
/// roles of its contracts, and the frameworks whose import makes a name suffix count. Declared beside the
/// profile's rules (`Rules/RIBs/RIBsProfile.swift`); `.ribslint.yml`'s `roles:` adjusts it per project.
public struct Profile: Sendable, Equatable {
    public let name: String
    /// Imported modules that let name suffixes give roles: `RIBs`, `ModernRIBs`, `CombineRIBs`.
    public var frameworks: Set<String>
    /// In precedence order: the first definition whose base classes a type inherits wins.
    public var roles: [RoleDefinition] { didSet { baseClassRoles = Self.baseClassRoles(of: roles) } }
    /// Each base class's role: that of the first definition listing it. Asked for every name of every inheritance
    /// clause, a lookup instead of a search of each definition's set (1.4% of a cold run's instructions).
    private var baseClassRoles: [String: Role]
    /// Protocol roles by name suffix, longest suffix first, so `LoginPresentableListener` is no `…Listener`.
    public var protocolSuffixes: [ProtocolSuffix]
    /// The framework's own protocols beyond the bare suffixes (RIBs' `EmptyDependency`, `ViewableRouting`): declared in
    /// the project, they are a vendored copy of the framework, no RIB's contract.
    public var frameworkProtocols: Set<String>
    /// Its rules ask who holds a type (a container stored as `viewContainer` in another file): files record
    /// what their types store, for `TypeResolver.holders(of:)`.
    public var indexesHeldTypes = false
    /// Documented variants of the profile's conventions a project may choose with `conventions:`.
    public var conventions: [Convention] = []

    public struct ProtocolSuffix: Sendable, Equatable {
        public let suffix: String
        public let role: ProtocolRole

        public init(_ suffix: String, _ role: ProtocolRole) {
            self.suffix = suffix
            self.role = role
        }
    }

    public init(
        name: String, frameworks: Set<String> = [], roles: [RoleDefinition] = [], protocolSuffixes: [ProtocolSuffix] = [],
        frameworkProtocols: Set<String> = [], conventions: [Convention] = []
    ) {
        self.name = name
        self.conventions = conventions
        self.frameworks = frameworks
        self.roles = roles
        self.protocolSuffixes = protocolSuffixes
        self.frameworkProtocols = frameworkProtocols
        baseClassRoles = Self.baseClassRoles(of: roles)
    }

    private static func baseClassRoles(of roles: [RoleDefinition]) -> [String: Role] {
        var found: [String: Role] = [:]
        for definition in roles {
            for name in definition.baseClasses where found[name] == nil { found[name] = definition.role }
        }
        return found
    }

    public func convention(named name: String) -> Convention? { conventions.first { $0.name == name } }

    public func definition(of role: Role) -> RoleDefinition? { roles.first { $0.role == role } }

    /// The role a protocol's name gives it.
    public func protocolRole(named name: String) -> ProtocolRole? {
        protocolSuffixes.first { name.hasSuffix($0.suffix) }?.role
    }

    /// The role of a protocol the project declares under `name`, in a file that imports one of the profile's frameworks
    /// or none: in a file importing none, the framework's own names (a bare suffix such as `Dependency`, or one of
    /// `frameworkProtocols`) are a vendored copy of the framework, no RIB's contract. Where the framework is imported, a
    /// bare `protocol Dependency: RIBs.Dependency` is a RIB's, its module naming the RIB.
    public func declaredProtocolRole(named name: String, importsFramework: Bool) -> ProtocolRole? {
        guard let suffix = protocolSuffixes.first(where: { name.hasSuffix($0.suffix) }) else { return nil }
        if !importsFramework, name.count == suffix.suffix.count || frameworkProtocols.contains(name) { return nil }
        return suffix.role
    }

    /// The name suffix that gives a protocol `role`: `Listener`, `ViewControllable`, …
    public func suffix(of role: ProtocolRole) -> String? {
        protocolSuffixes.first { $0.role == role }?.suffix
    }

    /// The role a type's inheritance gives it, whatever the file imports: a base class anywhere in its
    /// superclass chain or among its conformances, else a conforming subclass of a given base — or, when the chain
    /// leaves the project (a base class of another module), a class conforming to every contract of the role (a
    /// `WalletVC: FormViewController, WalletPresentable, WalletViewControllable`).
    public func role(of inheritance: ResolvedInheritance) -> Role? {
        if let role = baseClassRole(of: inheritance) { return role }
        let roles = inheritance.conformances.compactMap(protocolRole(named:))
        return self.roles.first { definition in
            guard !definition.conformingSubclassesOf.isEmpty else { return false }
            if inheritance.superclasses.contains(where: definition.conformingSubclassesOf.contains) {
                return roles.contains(where: definition.conformingTo.contains)
            }
            return inheritance.reachesOutsideProject && !definition.conformingTo.isEmpty && definition.conformingTo.allSatisfy(roles.contains)
        }?.role
    }

    /// The role a base class anywhere in the type's superclass chain or conformances gives it: what no
    /// extension can change.
    public func baseClassRole(of inheritance: ResolvedInheritance) -> Role? { baseClassRole(among: inheritance.all) }

    /// The role the first of `names` that is a base class gives (`resolver.supertypes(of:)` of a declaration).
    public func baseClassRole(among names: [String]) -> Role? {
        for name in names {
            if let role = baseClassRoles[name] { return role }
        }
        return nil
    }

    /// The role a type's name gives it; only meaningful in a file importing one of `frameworks`.
    public func role(named name: String, kind: TypeDeclaration.Kind) -> Role? {
        roles.first { definition in
            (kind == .extension || definition.suffixKinds.contains(kind))
                && definition.suffixes.contains { name.hasSuffix($0) && name.count > $0.count }
        }?.role
    }

    /// Whether `name` is one of the profile's own base classes (`Router`, `Interactor`): the framework,
    /// not the app.
    public func isBaseClass(_ name: String) -> Bool { baseClassRoles[name] != nil }

    /// Whether `name` is a platform class whose conforming subclasses play a role (`UIViewController`).
    public func isConformingBase(_ name: String) -> Bool { roles.contains { $0.conformingSubclassesOf.contains(name) } }

    /// Everything about the profile that changes what rules report: part of the cache key.
    var fingerprint: String {
        var parts = ["profile=\(name)", "frameworks=" + frameworks.sorted().joined(separator: ","), "holds=\(indexesHeldTypes)"]
        for definition in roles {
            parts.append(
                "\(definition.role)=" + definition.baseClasses.sorted().joined(separator: ",") + "|"
                    + definition.conformingSubclassesOf.sorted().joined(separator: ",") + "|"
                    + definition.conformingTo.map(\.rawValue).sorted().joined(separator: ",") + "|"
                    + definition.suffixes.joined(separator: ",") + "|" + definition.suffixKinds.map(\.rawValue).sorted().joined(separator: ",")
                    + "|" + definition.nameAloneNeedsOneOf.sorted().joined(separator: ","))
        }
        parts += protocolSuffixes.map { "\($0.suffix)=\($0.role)" }
        if !frameworkProtocols.isEmpty { parts.append("framework protocols: " + frameworkProtocols.sorted().joined(separator: ",")) }
        return parts.joined(separator: "\n")
    }
}

/// A project's adjustments to its profile's roles, from `.ribslint.yml`'s `roles:`: teams rename things.
public struct RoleOverrides: Sendable, Equatable {
    public var frameworks: Set<String>?
    /// Superclasses that make a conforming subclass a presenter (every role recognised that way).
    public var conformingBaseClasses: Set<String>?
    public var baseClasses: [Role: Set<String>] = [:]
    public var suffixes: [Role: [String]] = [:]

    public init() {}

    public var isEmpty: Bool { self == RoleOverrides() }
}

extension Profile {
    /// The profile with a project's overrides applied.
    public func applying(_ overrides: RoleOverrides) -> Profile {
        var profile = self
        if let frameworks = overrides.frameworks { profile.frameworks = frameworks }
        profile.roles = roles.map { definition in
            var definition = definition
            if let bases = overrides.baseClasses[definition.role] { definition.baseClasses = bases }
            if let suffixes = overrides.suffixes[definition.role] { definition.suffixes = suffixes }
            if let bases = overrides.conformingBaseClasses, !definition.conformingTo.isEmpty { definition.conformingSubclassesOf = bases }
            return definition
        }
        return profile
    }
}
