import RibsLintKit
import SwiftSyntax

public struct RIBReferenceDirectionRule: Rule {
    public static let description = RuleDescription(
        id: "rib_reference_direction",
        name: "RIB Reference Direction",
        summary: "A SwiftUI-RIB part stores a reference against the one-way ownership graph, or a weak one between parts.",
        rationale: """
            SwiftUI-RIB README, "RIB Interaction", in its notes: "View holds the reference to Interactor, StateContainer, and ViewContainer; Interactor holds the \
            reference to Router and StateContainer; Router holds the reference to ViewContainer ... All relationships are \
            one-way, therefore, there is no need for weak references." Parent and child talk through streams, not \
            listeners ("Simplifying things"): "I decided to remove the delegate and use streams for communication in both directions." A router \
            keeping an interactor, an interactor keeping a view or a parent's part, or a container keeping logic closes a \
            cycle the architecture was designed without; a `weak`/`unowned` reference between parts has nothing else \
            owning its target and breaks at once. Builders hold everything while they build and are left alone.
            """,
        profiles: ["swiftui-rib"],
        defaultSeverity: .error,
        triggering: [
            Example("""
                final class WorkoutRouterImpl: WorkoutRouter {
                    private let viewContainer: WorkoutViewContainer
                    private let 1️⃣interactor: WorkoutInteractor
                    private let 2️⃣stateContainer: WorkoutStateContainer
                    var 3️⃣host: WorkoutHostRouting!
                    init(viewContainer: WorkoutViewContainer, interactor: WorkoutInteractor, stateContainer: WorkoutStateContainer) {
                        self.viewContainer = viewContainer
                        self.interactor = interactor
                        self.stateContainer = stateContainer
                    }
                }
                @MainActor protocol WorkoutRouter: AnyObject {}
                @MainActor protocol WorkoutInteractor: AnyObject {}
                @MainActor final class WorkoutViewContainer: ObservableObject {}
                @MainActor final class WorkoutStateContainer: ObservableObject {}
                protocol WorkoutHostRouting: AnyObject {}
                protocol HostRouter: AnyObject {}
                final class HostRouterImpl: HostRouter, WorkoutHostRouting {}
                """, messages: [
                    "the router 'WorkoutRouterImpl' stores the interactor 'WorkoutInteractor' in 'interactor'; references run one way (view → interactor → router → ViewContainer), so drop it and talk to other RIBs through their Output publishers",
                    "the router 'WorkoutRouterImpl' stores the StateContainer 'WorkoutStateContainer' in 'stateContainer'; references run one way (view → interactor → router → ViewContainer), so drop it and talk to other RIBs through their Output publishers",
                    "the router 'WorkoutRouterImpl' stores the router 'WorkoutHostRouting' in 'host'; references run one way (view → interactor → router → ViewContainer), so drop it and talk to other RIBs through their Output publishers",
                ]),
            Example("""
                final class CoachInteractorImpl: CoachInteractor {
                    private unowned let 1️⃣router: CoachRouter
                    private let stateContainer: CoachStateContainer
                    private let 2️⃣viewContainer: CoachViewContainer
                    private let 3️⃣parent: SessionInteractor
                    private let 4️⃣sessionRouter: SessionRouter
                    init(
                        router: CoachRouter, stateContainer: CoachStateContainer, viewContainer: CoachViewContainer,
                        parent: SessionInteractor, sessionRouter: SessionRouter
                    ) {
                        self.router = router
                        self.stateContainer = stateContainer
                        self.viewContainer = viewContainer
                        self.parent = parent
                        self.sessionRouter = sessionRouter
                    }
                }
                protocol CoachInteractor: AnyObject {}
                protocol CoachRouter: AnyObject {}
                protocol SessionInteractor: AnyObject {}
                protocol SessionRouter: AnyObject {}
                final class CoachStateContainer: ObservableObject {}
                final class CoachViewContainer: ObservableObject {}
                """, messages: [
                    "property 'router' is a weak or unowned reference to the router 'CoachRouter'; nothing else owns it, so hold it strongly (SwiftUI-RIB references run one way and need no weak ones)",
                    "the interactor 'CoachInteractorImpl' stores the ViewContainer 'CoachViewContainer' in 'viewContainer'; references run one way (view → interactor → router → ViewContainer), so drop it and talk to other RIBs through their Output publishers",
                    "the interactor 'CoachInteractorImpl' stores the interactor 'SessionInteractor' in 'parent'; references run one way (view → interactor → router → ViewContainer), so drop it and talk to other RIBs through their Output publishers",
                    "the interactor 'CoachInteractorImpl' stores the router 'SessionRouter' in 'sessionRouter'; references run one way (view → interactor → router → ViewContainer), so drop it and talk to other RIBs through their Output publishers",
                ]),
            Example("""
                import SwiftUI
                struct LapsView: View {
                    @ObservedObject private var stateContainer: LapsStateContainer
                    private let interactor: LapsInteractor
                    private let 1️⃣navigation: LapsRouterImpl
                    var body: some View { Text("\\(stateContainer.count)") }
                }
                """, messages: [
                    "the RIB view 'LapsView' stores the router 'LapsRouterImpl' in 'navigation'; references run one way (view → interactor → router → ViewContainer), so drop it and talk to other RIBs through their Output publishers",
                ]),
            Example("""
                final class TimerStateContainer: ObservableObject {
                    @Published fileprivate(set) var seconds = 0
                    private let 1️⃣interactor: TimerInteractor
                    init(interactor: TimerInteractor) { self.interactor = interactor }
                }
                final class TimerInteractorImpl: TimerInteractor {
                    private let stateContainer: TimerStateContainer
                    init(stateContainer: TimerStateContainer) { self.stateContainer = stateContainer }
                }
                protocol TimerInteractor: AnyObject {}
                """, messages: [
                    "the StateContainer 'TimerStateContainer' stores the interactor 'TimerInteractor' in 'interactor'; references run one way (view → interactor → router → ViewContainer), so drop it and talk to other RIBs through their Output publishers",
                ]),
        ],
        nonTriggering: [
            Example("""
                import SwiftUI
                import Combine
                import CoreLocation
                struct PaceView: View {
                    @ObservedObject private var stateContainer: PaceStateContainer
                    @StateObject private var viewContainer: PaceViewContainer
                    @EnvironmentObject var units: MeasurementUnits
                    private let interactor: PaceInteractor
                    var body: some View { Text("\\(stateContainer.pace)") }
                }
                final class PaceInteractorImpl: PaceInteractor, PacePublisherContainer {
                    private let router: PaceRouter
                    private let stateContainer: PaceStateContainer
                    private let service: LocationService
                    private var zonesCancellable: AnyCancellable?
                    private let doneSubject = PassthroughSubject<Void, Never>()
                    weak var locationDelegate: CLLocationManagerDelegate?
                    init(router: PaceRouter, stateContainer: PaceStateContainer, service: LocationService) {
                        self.router = router
                        self.stateContainer = stateContainer
                        self.service = service
                        zonesCancellable = service.updates.sink { [weak self] in self?.stateContainer.update($0) }
                    }
                }
                final class PaceRouterImpl: PaceRouter {
                    private let viewContainer: PaceViewContainer
                    private let dependency: PaceDependency
                    init(viewContainer: PaceViewContainer, dependency: PaceDependency) {
                        self.viewContainer = viewContainer
                        self.dependency = dependency
                    }
                }
                protocol PaceInteractor: AnyObject {}
                protocol PacePublisherContainer {}
                protocol PaceRouter: AnyObject {}
                final class PaceStateContainer: ObservableObject {}
                final class PaceViewContainer: ObservableObject {}
                final class MeasurementUnits: ObservableObject {}
                """),
            // Builders hold every part while they build, and may keep a parent's values to pass down.
            Example("""
                @MainActor final class SplitsBuilder {
                    private let dependency: SplitsDependency
                    private let parentRouter: WorkoutRouter
                    private var interactor: SplitsInteractorImpl?
                    init(withDependency dependency: SplitsDependency, parentRouter: WorkoutRouter) {
                        self.dependency = dependency
                        self.parentRouter = parentRouter
                    }
                    func build() -> SplitsOutput {
                        let viewContainer = SplitsViewContainer()
                        let router = SplitsRouterImpl(viewContainer: viewContainer)
                        return SplitsOutput(view: SplitsView(viewContainer: viewContainer), publishers: SplitsInteractorImpl(router: router))
                    }
                }
                final class SplitsViewContainer: ObservableObject {}
                protocol WorkoutRouter: AnyObject {}
                """),
        ])


    public init(options: RuleOptions) {
    }

    public func violations(in file: LintFile) -> [Violation] {
        guard !file.isTestFile else { return [] }
        let roles = SwiftUIRIBRoles.of(file)
        return roles.order.flatMap { holder -> [Violation] in
            guard let role = roles.roles[holder], role != .builder, role != .dependency, roles.showsStructure(holder) else { return [] }
            let properties = (roles.holdings[holder] ?? []).filter { $0.property.map { !$0.isStatic } == true }
            let parts = properties.map { holding in (holding, partRoles(of: holding, besides: holder, roles: roles)) }
            let ownRouter = role == .interactor ? ownRouter(of: holder, among: parts, names: roles.names) : nil
            return parts.compactMap { holding, held -> Violation? in
                guard let property = holding.property, let (type, heldRole) = held.first else { return nil }
                if property.isWeak {
                    return Violation(
                        at: property.nameNode,
                        "property '\(property.name)' is a weak or unowned reference to the \(heldRole.title) '\(type)'; nothing else owns it, so hold it strongly (SwiftUI-RIB references run one way and need no weak ones)")
                }
                guard let (type, heldRole) = held.first(where: { !Self.allowed(role, holds: $0.1) || ($0.1 == .router && holding.name != ownRouter) })
                else { return nil }
                return Violation(
                    at: property.nameNode,
                    "the \(role.title) '\(holder)' stores the \(heldRole.title) '\(type)' in '\(property.name)'; references run one way (view → interactor → router → ViewContainer), so drop it and talk to other RIBs through their Output publishers")
            }
        }
    }

    /// The parts a stored property holds, with protocols another part adopts (`WorkoutHostRouting` adopted by the
    /// parent's router) counted as that part.
    private func partRoles(of holding: SwiftUIRIBHolding, besides holder: String, roles: SwiftUIRIBRoles) -> [(String, SwiftUIRIBRole)] {
        holding.typeNames.filter { $0 != holder }.compactMap { name in
            if let role = roles.role(of: name) { return (name, role) }
            guard roles.isProjectProtocol(name) else { return nil }
            let adopters = roles.file.model.projectTypes.inheritors(of: name).filter { $0.entry.kind == .class }
            for adopter in adopters {
                if let role = roles.role(of: adopter.name) ?? adopter.entry.inherited.lazy.compactMap(roles.names.protocolRole).first,
                    role == .router || role == .interactor
                {
                    return (name, role)
                }
            }
            return nil
        }
    }

    private static func allowed(_ holder: SwiftUIRIBRole, holds part: SwiftUIRIBRole) -> Bool {
        switch holder {
        case .view: part != .router
        case .interactor: part == .router || part == .stateContainer
        case .router: part == .viewContainer
        case .stateContainer, .viewContainer: part != .interactor && part != .router
        case .builder, .dependency: true
        }
    }

    /// The interactor's own router: the one named for its RIB, else the first it stores.
    private func ownRouter(of interactor: String, among parts: [(SwiftUIRIBHolding, [(String, SwiftUIRIBRole)])], names: SwiftUIRIBNames) -> String? {
        let routers = parts.filter { $0.1.contains { $0.1 == .router } }
        let rib = names.prefix(of: interactor)
        let named = routers.first { $0.1.contains { names.prefix(of: $0.0) == rib && $0.1 == .router } }
        return (named ?? routers.first)?.0.name
    }
}
