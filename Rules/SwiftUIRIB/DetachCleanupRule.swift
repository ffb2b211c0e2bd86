import RibsLintKit
import SwiftSyntax

public struct DetachCleanupRule: Rule {
    public static let description = RuleDescription(
        id: "detach_cleanup",
        name: "Detach Cleanup",
        summary: "Detaching a child leaves its view in the ViewContainer or its subscription in the interactor alive.",
        rationale: """
            SwiftUI-RIB README, "RIB Interaction", in its notes: "When detaching a RIB, remember to remove the view references in ViewContainer and dispose the \
            subscriptions of streams in Interactor." With no lifecycle to do it, a detach is only what the code says: a \
            router whose `detach…` leaves the child's view in the ViewContainer keeps the whole child RIB alive (its view \
            holds its interactor, which holds its router), and an interactor that detaches a child without releasing the \
            subscription to the child's `output.publishers` keeps listening to a RIB that is gone — "Simplifying things": "you'll have to dispose \
            the subscription at the time of RIB detaching". A detach method is a router method named `detach…`, or one with \
            another detach prefix that has an attach method of the same remainder; its pair's view members are the \
            ViewContainer members the attach method puts `output.view` in.
            """,
        profiles: ["swiftui-rib"],
        defaultSeverity: .error,
        options: [
            OptionDoc("attach_prefixes", .stringList, default: .stringList(["attach", "show", "present", "add", "open", "push"]),
                "Name prefixes of router methods that attach a child."),
            OptionDoc("detach_prefixes", .stringList, default: .stringList(["detach", "dismiss", "hide", "remove", "close", "pop"]),
                "Name prefixes of router methods that detach a child."),
        ],
        triggering: [
            Example("""
                @MainActor final class LapsViewContainer: ObservableObject {
                    @Published fileprivate(set) var lapList: LapListView?
                    @Published fileprivate(set) var splits: [Split] = []
                    @Published fileprivate(set) var stack: [LapsRoute] = []
                    @Published fileprivate(set) var editor: ZoneEditorView?
                }
                final class LapsRouterImpl: LapsRouter {
                    private let viewContainer: LapsViewContainer
                    init(viewContainer: LapsViewContainer) { self.viewContainer = viewContainer }
                    func attachLapList() -> LapListOutput {
                        let output = LapListBuilder(withDependency: LapListDependency()).build()
                        viewContainer.lapList = output.view
                        viewContainer.stack.append(.lapList)
                        return output
                    }
                    1️⃣func detachLapList() {
                        viewContainer.splits.removeAll()
                    }
                    func presentZoneEditor() -> ZoneEditorOutput {
                        let output = ZoneEditorBuilder(withDependency: ZoneEditorDependency()).build()
                        viewContainer.editor = output.view
                        return output
                    }
                    2️⃣func closeZoneEditor() {
                        viewContainer.stack.removeLast()
                    }
                    3️⃣func detachSummary() {}
                }
                """, messages: [
                    "detach method 'detachLapList' leaves 'lapList' in the ViewContainer, where 'attachLapList' put the child's view; set it to nil (or remove it) so the detached RIB is released",
                    "detach method 'closeZoneEditor' leaves 'editor' in the ViewContainer, where 'presentZoneEditor' put the child's view; set it to nil (or remove it) so the detached RIB is released",
                    "detach method 'detachSummary' clears no ViewContainer member that holds the child's view; set that member to nil so the detached RIB is released",
                ]),
            Example("""
                final class PaceInteractorImpl: PaceInteractor {
                    private var zonesCancellable: AnyCancellable?
                    private var cancellables = Set<AnyCancellable>()
                    private let router: PaceRouter
                    private let stateContainer: PaceStateContainer
                    init(router: PaceRouter, stateContainer: PaceStateContainer) {
                        self.router = router
                        self.stateContainer = stateContainer
                    }
                    func paceDidTapZones() {
                        let output = router.attachZones()
                        zonesCancellable = output.publishers.donePublisher.sink { [weak self] in
                            self?.router.1️⃣detachZones()
                        }
                    }
                    func paceDidTapSplits() {
                        let output = router.attachSplits()
                        output.publishers.closePublisher
                            .sink { [weak self] in self?.router.2️⃣detachSplits() }
                            .store(in: &cancellables)
                    }
                }
                """, messages: [
                    "the call to 'detachZones' detaches a child whose subscription in 'zonesCancellable' stays alive; set `zonesCancellable = nil` (or cancel it) where the child is detached",
                    "the subscription to the child's publishers is stored in the shared 'cancellables', which cannot release it on its own; keep it in its own `AnyCancellable?` and set that to nil when calling 'detachSplits'",
                ]),
            // An extension in another file shares the router's role.
            Example("""
                // file: Rest/RestRouter.swift
                protocol RestRouter: AnyObject {}
                final class RestViewContainer: ObservableObject {
                    @Published fileprivate(set) var timer: TimerView?
                }
                final class RestRouterImpl: RestRouter {
                    let viewContainer: RestViewContainer
                    init(viewContainer: RestViewContainer) { self.viewContainer = viewContainer }
                }
                // file: Rest/RestRouter+Timer.swift
                extension RestRouterImpl {
                    1️⃣func detachTimer() {}
                }
                """, messages: [
                    "detach method 'detachTimer' clears no ViewContainer member that holds the child's view; set that member to nil so the detached RIB is released",
                ]),
        ],
        nonTriggering: [
            // Helpers in an extension in another file clear the view and release the subscription.
            Example("""
                // file: Coach/CoachRouter.swift
                protocol CoachRouter: AnyObject {
                    func attachCoach() -> CoachOutput
                    func detachCoach()
                }
                protocol TrailInteractor: AnyObject {}
                @MainActor final class CoachViewContainer: ObservableObject {
                    @Published fileprivate(set) var coach: CoachView?
                }
                final class CoachRouterImpl: CoachRouter {
                    private let viewContainer: CoachViewContainer
                    init(viewContainer: CoachViewContainer) { self.viewContainer = viewContainer }
                    func attachCoach() -> CoachOutput {
                        let output = CoachBuilder(withDependency: CoachDependency()).build()
                        viewContainer.coach = output.view
                        return output
                    }
                    func detachCoach() { resetCoach() }
                }
                final class TrailInteractorImpl: TrailInteractor {
                    private var coachCancellable: AnyCancellable?
                    private let router: CoachRouter
                    init(router: CoachRouter) { self.router = router }
                    func trailDidTapCoach() {
                        let output = router.attachCoach()
                        coachCancellable = output.publishers.donePublisher.sink { [weak self] in
                            self?.releaseCoach()
                            self?.router.detachCoach()
                        }
                    }
                }
                // file: Coach/CoachRouter+Helpers.swift
                extension TrailInteractorImpl {
                    func releaseCoach() { coachCancellable = nil }
                }
                """),
            // A view appended to a list member, removed again; a member set to `.none`.
            Example("""
                @MainActor final class TrailViewContainer: ObservableObject {
                    @Published fileprivate(set) var waypoints: [WaypointView] = []
                    @Published fileprivate(set) var weather: WeatherView?
                }
                final class TrailRouterImpl: TrailRouter {
                    private let viewContainer: TrailViewContainer
                    init(viewContainer: TrailViewContainer) { self.viewContainer = viewContainer }
                    func addWaypoint() -> WaypointOutput {
                        let output = WaypointBuilder(withDependency: WaypointDependency()).build()
                        viewContainer.waypoints.append(output.view)
                        return output
                    }
                    func removeWaypoint() { viewContainer.waypoints.removeAll() }
                    func showWeather() -> WeatherOutput {
                        let output = WeatherBuilder(withDependency: WeatherDependency()).build()
                        viewContainer.weather = output.view
                        return output
                    }
                    func dismissWeather() { viewContainer.weather = .none }
                }
                """),
            // The child's view wrapped in an array literal, cleared by a helper.
            Example("""
                @MainActor final class TrendsViewContainer: ObservableObject {
                    @Published fileprivate(set) var tips: [TipView] = []
                    @Published fileprivate(set) var header: HeaderView?
                }
                final class TrendsRouterImpl: TrendsRouter {
                    private let viewContainer: TrendsViewContainer
                    init(viewContainer: TrendsViewContainer) { self.viewContainer = viewContainer }
                    func attachTips() -> TipOutput {
                        let output = TipBuilder(withDependency: TipDependency()).build()
                        viewContainer.tips = [output.view]
                        return output
                    }
                    func detachTips() { clearTips() }
                    private func clearTips() { viewContainer.tips.removeAll() }
                }
                """),
            // VIPER: a router behind a `…Router` protocol, with no ViewContainer, dismisses its own way.
            Example("""
                // file: Agenda/AgendaRouter.swift
                import UIKit
                protocol AgendaRouter: AnyObject {}
                final class AgendaRouterImpl: AgendaRouter {
                    weak var viewController: UIViewController?
                    func presentDetail() { viewController?.present(DetailViewController(), animated: true) }
                    func dismissDetail() { viewController?.dismiss(animated: true) }
                }
                // file: Agenda/AgendaRouter+Edit.swift
                extension AgendaRouterImpl {
                    func detachEditor() {}
                }
                """),
            Example("""
                @MainActor final class CoachViewContainer: ObservableObject {
                    @Published fileprivate(set) var coach: CoachView?
                    @Published fileprivate(set) var zones: [ZoneView] = []
                    @Published fileprivate(set) var laps: [Lap.ID: LapView] = [:]
                    @Published fileprivate(set) var path: [CoachRoute] = []
                    @Published fileprivate(set) var showsHint = false
                    func setZones(_ view: ZoneView) { zones = [view] }
                    func dropZones() { zones.removeAll() }
                }
                protocol CoachRouter: AnyObject {
                    func detachCoach()
                }
                final class CoachRouterImpl: CoachRouter {
                    private let viewContainer: CoachViewContainer
                    init(viewContainer: CoachViewContainer) { self.viewContainer = viewContainer }
                    func attachCoach() -> CoachOutput {
                        let output = CoachBuilder(withDependency: CoachDependency()).build()
                        viewContainer.coach = output.view
                        viewContainer.path.append(.coach)
                        return output
                    }
                    func detachCoach() { resetCoach() }
                    private func resetCoach() {
                        viewContainer.path.removeAll()
                        viewContainer.coach = nil
                    }
                    func showZones() -> ZonesOutput {
                        let output = ZonesBuilder(withDependency: ZonesDependency()).build()
                        viewContainer.setZones(output.view)
                        return output
                    }
                    func hideZones() { viewContainer.dropZones() }
                    func openLap(_ lap: Lap) -> LapOutput {
                        let output = LapBuilder(withDependency: LapDependency(lap: lap)).build()
                        viewContainer.laps[lap.id] = output.view
                        return output
                    }
                    func closeLap(_ lap: Lap) {
                        defer { viewContainer.laps[lap.id] = nil }
                        viewContainer.path.removeAll()
                    }
                    func dismissHint() { viewContainer.showsHint = false }
                    func backToStart() { viewContainer.path.removeAll() }
                }
                """),
            Example("""
                final class WorkoutInteractorImpl: WorkoutInteractor {
                    private var paceCancellable: AnyCancellable?
                    private var zonesCancellable: AnyCancellable?
                    private var coachCancellable: AnyCancellable?
                    private var lapCancellables: [Lap.ID: AnyCancellable] = [:]
                    private var cancellables = Set<AnyCancellable>()
                    private let router: WorkoutRouter
                    private let stateContainer: WorkoutStateContainer
                    private let service: HeartRateService
                    init(router: WorkoutRouter, stateContainer: WorkoutStateContainer, service: HeartRateService) {
                        self.router = router
                        self.stateContainer = stateContainer
                        self.service = service
                        service.bpmPublisher.sink { [weak self] in self?.router.detachStats() }.store(in: &cancellables)
                    }
                    func workoutDidTapPace() {
                        let output = router.attachPace()
                        paceCancellable = output.publishers.donePublisher.sink { [weak self] in
                            self?.paceCancellable = nil
                            self?.router.detachPace()
                        }
                    }
                    func workoutDidTapZones() {
                        let output = router.attachZones()
                        zonesCancellable = output.publishers.donePublisher.sink { [weak self] in self?.closeZones() }
                    }
                    private func closeZones() {
                        defer { zonesCancellable = nil }
                        router.detachZones()
                    }
                    func workoutDidTapCoach() {
                        let output = router.attachCoach()
                        coachCancellable = output.publishers.donePublisher.sink { [weak self] in
                            self?.router.detachCoach()
                            self?.coachCancellable?.cancel()
                        }
                    }
                    func workoutDidTapLap(_ lap: Lap) {
                        let output = router.attachLap(lap)
                        lapCancellables[lap.id] = output.publishers.donePublisher.sink { [weak self] in
                            self?.lapCancellables.removeValue(forKey: lap.id)
                            self?.router.detachLap(lap)
                        }
                    }
                    func workoutDidTapStats() { router.attachStats() }
                    func workoutDidCloseStats() { router.detachStats() }
                }
                """),
        ])

    private let attachPrefixes: [String]
    private let detachPrefixes: [String]

    public init(options: RuleOptions) {
        attachPrefixes = options.strings("attach_prefixes")
        detachPrefixes = options.strings("detach_prefixes")
    }

    public func violations(in file: LintFile) -> [Violation] {
        guard !file.isTestFile, file.contains("func") else { return [] }
        let roles = SwiftUIRIBRoles.of(file)
        return roles.types(.router).flatMap { routerViolations($0, roles) }
            + roles.types(.interactor).flatMap { interactorViolations($0, roles) }
    }

    /// The rest of a name after one of `prefixes`: `detachLapList` → `LapList`.
    private static func remainder(of name: String, after prefixes: [String]) -> String? {
        for prefix in prefixes where name.hasPrefix(prefix) && name.count > prefix.count {
            let rest = name.dropFirst(prefix.count)
            if rest.first?.isUppercase == true { return String(rest) }
        }
        return nil
    }

    // MARK: - Router half

    private func routerViolations(_ router: String, _ roles: SwiftUIRIBRoles) -> [Violation] {
        var containerProperties = Set((roles.holdings[router] ?? []).filter { holding in
            holding.property != nil && roles.heldRoles(of: holding).contains { $0.1 == .viewContainer }
        }.map(\.name))
        // An extension in another file than the router's declaration: the template's property name.
        if roles.primary(router) == nil, roles.showsStructure(router) { containerProperties.insert("viewContainer") }
        guard !containerProperties.isEmpty else { return [] }
        let container = (roles.holdings[router] ?? []).first { containerProperties.contains($0.name) }?
            .typeNames.first.flatMap { roles.primary($0) }
        let functions = (roles.declarations[router] ?? []).flatMap(\.functions).filter { $0.body != nil }
        let reach = ContainerReach(properties: containerProperties, container: container, helpers: functions)
        let attaches = functions.filter { Self.remainder(of: $0.name.text, after: attachPrefixes) != nil }
        var viewHolders = Set(attaches.flatMap { reach.viewMembers(of: $0).members })
        if let container {
            viewHolders.formUnion(TypeDeclaration.storedProperties(of: container.members).filter { property in
                property.type?.heldTypeNames.contains { $0.hasSuffix("View") } == true
            }.map(\.name))
        }
        return functions.compactMap { function -> Violation? in
            let name = function.name.text
            guard let rest = Self.remainder(of: name, after: detachPrefixes) else { return nil }
            let pair = attaches.first { Self.remainder(of: $0.name.text, after: attachPrefixes) == rest }
            guard pair != nil || name.hasPrefix("detach") else { return nil }
            let cleared = reach.clearedMembers(by: function)
            if cleared.everything { return nil }
            if let pair {
                let placed = reach.viewMembers(of: pair)
                let missing = placed.members.subtracting(cleared.members).sorted()
                if !missing.isEmpty {
                    return Violation(
                        at: function.funcKeyword,
                        "detach method '\(name)' leaves \(missing.map { "'\($0)'" }.joined(separator: ", ")) in the ViewContainer, where '\(pair.name.text)' put the child's view; set it to nil (or remove it) so the detached RIB is released")
                }
                if !placed.members.isEmpty || (placed.everything && !cleared.members.isEmpty) { return nil }
            }
            let holdsView = viewHolders.isEmpty ? !cleared.members.isEmpty : !cleared.members.isDisjoint(with: viewHolders)
            guard !holdsView else { return nil }
            return Violation(
                at: function.funcKeyword,
                "detach method '\(name)' clears no ViewContainer member that holds the child's view; set that member to nil so the detached RIB is released")
        }
    }

    // MARK: - Interactor half

    private func interactorViolations(_ interactor: String, _ roles: SwiftUIRIBRoles) -> [Violation] {
        let file = roles.file
        guard file.contains("publishers") else { return [] }
        let declarations = roles.declarations[interactor] ?? []
        let routers = Set(["router"] + (roles.holdings[interactor] ?? []).filter { holding in
            holding.property != nil && roles.heldRoles(of: holding).contains { $0.1 == .router }
        }.map(\.name))
        let functions = declarations.flatMap(\.functions).filter { $0.body != nil }
        var holders: [String: [SubscriptionHolder]] = [:]
        var detachCalls: [(call: FunctionCallExprSyntax, name: TokenSyntax, rest: String)] = []
        for declaration in declarations {
            for call in RouterCalls(routers: routers, in: declaration.members) {
                let name = call.name.text
                if let rest = Self.remainder(of: name, after: attachPrefixes) {
                    holders[rest, default: []] += SubscriptionHolder.holders(ofOutputOf: call.call, file: file)
                } else if let rest = Self.remainder(of: name, after: detachPrefixes) {
                    detachCalls.append((call.call, call.name, rest))
                }
            }
        }
        return detachCalls.compactMap { detach -> Violation? in
            guard let subscribed = holders[detach.rest], !subscribed.isEmpty else { return nil }
            if let shared = subscribed.first(where: \.isShared) {
                return Violation(
                    at: detach.name,
                    "the subscription to the child's publishers is stored in the shared '\(shared.property)', which cannot release it on its own; keep it in its own `AnyCancellable?` and set that to nil when calling '\(detach.name.text)'")
            }
            let scopes = Self.scopes(around: detach.call)
            let unreleased = subscribed.filter { holder in
                !scopes.contains { scope in holder.isReleased(in: scope, helpers: functions) }
            }
            guard let holder = unreleased.first else { return nil }
            return Violation(
                at: detach.name,
                "the call to '\(detach.name.text)' detaches a child whose subscription in '\(holder.property)' stays alive; set `\(holder.property) = nil` (or cancel it) where the child is detached")
        }
    }

    /// The closures and the function around a call, innermost first: "on that path".
    private static func scopes(around call: some SyntaxProtocol) -> [Syntax] {
        var scopes: [Syntax] = []
        var node = call.parent
        while let current = node {
            if current.is(ClosureExprSyntax.self) { scopes.append(current) }
            if let function = current.as(FunctionDeclSyntax.self) { scopes.append(Syntax(function)); break }
            if current.is(InitializerDeclSyntax.self) || current.is(MemberBlockSyntax.self) { scopes.append(current); break }
            node = current.parent
        }
        return scopes
    }
}
