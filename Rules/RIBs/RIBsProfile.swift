import RibsLintKit

extension Role {
    public static let interactor = Role("interactor")
    public static let router = Role("router")
    public static let builder = Role("builder")
    public static let component = Role("component")
    public static let worker = Role("worker")
    /// A view controller implementing its RIB's `*Presentable` or `*ViewControllable`.
    public static let presenter = Role("presenter")
}

extension ProtocolRole {
    public static let dependency = ProtocolRole("dependency")
    public static let buildable = ProtocolRole("buildable")
    public static let interactable = ProtocolRole("interactable")
    public static let viewControllable = ProtocolRole("viewControllable")
    public static let routing = ProtocolRole("routing")
    public static let listener = ProtocolRole("listener")
    public static let presentable = ProtocolRole("presentable")
    public static let presentableListener = ProtocolRole("presentableListener")
    public static let working = ProtocolRole("working")

    /// The role a RIB contract protocol's name gives it: `LoginListener` → listener.
    public init?(protocolName name: String) {
        guard let role = Profile.ribs.protocolRole(named: name) else { return nil }
        self = role
    }

    /// The name suffix of a RIB contract role: `Listener`, `ViewControllable`, …
    public var suffix: String { Profile.ribs.suffix(of: self) ?? rawValue }
}

extension Profile {
    /// Uber RIBs (RIBs Architecture Guide; RULES.md "Roles"): roles from the framework's base classes,
    /// else from a name suffix in a file importing RIBs, ModernRIBs or CombineRIBs.
    public static let ribs = Profile(
        name: "ribs",
        frameworks: ["RIBs", "ModernRIBs", "CombineRIBs"],
        roles: [
            RoleDefinition(.interactor, baseClasses: ["Interactor", "PresentableInteractor"], suffixes: ["Interactor"]),
            RoleDefinition(.router, baseClasses: ["Router", "ViewableRouter", "LaunchRouter"], suffixes: ["Router"]),
            RoleDefinition(
                .builder, baseClasses: ["Builder", "ComponentizedBuilder", "SimpleComponentizedBuilder"], suffixes: ["Builder"]),
            RoleDefinition(.component, baseClasses: ["Component"], suffixes: ["Component"]),
            RoleDefinition(.worker, baseClasses: ["Worker"], suffixes: ["Worker"]),
            // RIBs' own `Presenter<ViewController>` drives a view controller that may live in another module.
            RoleDefinition(
                .presenter, baseClasses: ["Presenter"],
                conformingSubclassesOf: [
                    "UIViewController", "UIHostingController", "UITableViewController", "UICollectionViewController",
                    "UIPageViewController", "UITabBarController", "UINavigationController", "UISplitViewController",
                ],
                conformingTo: [.presentable, .viewControllable], suffixes: ["ViewController"]),
        ],
        protocolSuffixes: [
            .init("PresentableListener", .presentableListener), .init("ViewControllable", .viewControllable),
            .init("Interactable", .interactable), .init("Presentable", .presentable), .init("Dependency", .dependency),
            .init("Buildable", .buildable), .init("Routing", .routing), .init("Listener", .listener), .init("Working", .working),
        ])
}
