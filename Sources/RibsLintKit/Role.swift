/// The part a class plays in a RIB.
public enum Role: String, Sendable, CaseIterable {
    case interactor, router, builder, component, worker, presenter
}

/// The part a protocol plays in a RIB's contracts, from its name suffix.
public enum ProtocolRole: String, Sendable, CaseIterable {
    case dependency, buildable, interactable, viewControllable, routing, listener
    case presentable, presentableListener, working

    /// Longest suffix first, so `LoginPresentableListener` is not taken for a listener.
    static let bySuffix: [(suffix: String, role: ProtocolRole)] = [
        ("PresentableListener", .presentableListener), ("ViewControllable", .viewControllable),
        ("Interactable", .interactable), ("Presentable", .presentable), ("Dependency", .dependency),
        ("Buildable", .buildable), ("Routing", .routing), ("Listener", .listener), ("Working", .working),
    ]

    /// The name suffix that gives a protocol this role: `Listener`, `ViewControllable`, …
    public var suffix: String { Self.bySuffix.first { $0.role == self }?.suffix ?? rawValue }

    public init?(protocolName name: String) {
        guard let match = Self.bySuffix.first(where: { name.hasSuffix($0.suffix) }) else { return nil }
        self = match.role
    }
}

/// How a team spells its RIBs: base classes, name suffixes and the frameworks that make a suffix count.
public struct RoleConventions: Sendable, Equatable {
    public var frameworks: Set<String>
    public var baseClasses: [Role: Set<String>]
    public var suffixes: [Role: [String]]
    /// UIKit superclasses that make a class conforming to `*Presentable`/`*ViewControllable` a presenter.
    public var presenterBaseClasses: Set<String>

    public static let standard = RoleConventions(
        frameworks: ["RIBs", "ModernRIBs", "CombineRIBs"],
        baseClasses: [
            .interactor: ["Interactor", "PresentableInteractor"],
            .router: ["Router", "ViewableRouter", "LaunchRouter"],
            .builder: ["Builder", "ComponentizedBuilder", "SimpleComponentizedBuilder"],
            .component: ["Component"],
            .worker: ["Worker"],
        ],
        suffixes: [
            .interactor: ["Interactor"], .router: ["Router"], .builder: ["Builder"],
            .component: ["Component"], .worker: ["Worker"], .presenter: ["ViewController"],
        ],
        presenterBaseClasses: [
            "UIViewController", "UIHostingController", "UITableViewController",
            "UICollectionViewController", "UIPageViewController",
        ]
    )

    /// The role a type's inheritance clause gives it, whatever the file imports.
    public func role(inheriting inherited: [String]) -> Role? {
        for name in inherited {
            if let role = Role.allCases.first(where: { baseClasses[$0]?.contains(name) == true }) {
                return role
            }
        }
        if let superclass = inherited.first, presenterBaseClasses.contains(superclass),
            inherited.dropFirst().contains(where: {
                let role = ProtocolRole(protocolName: $0)
                return role == .presentable || role == .viewControllable
            })
        {
            return .presenter
        }
        return nil
    }

    /// The role a type's name gives it; only meaningful in a file importing a RIBs framework.
    public func role(named name: String) -> Role? {
        Role.allCases.first { role in
            suffixes[role, default: []].contains { name.hasSuffix($0) && name.count > $0.count }
        }
    }
}
