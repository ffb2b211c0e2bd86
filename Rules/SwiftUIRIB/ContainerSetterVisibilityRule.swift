import RibsLintKit
import SwiftSyntax

public struct ContainerSetterVisibilityRule: Rule {
    public static let description = RuleDescription(
        id: "container_setter_visibility",
        name: "Container Setter Visibility",
        summary: "A StateContainer or ViewContainer lets code outside its file write its state.",
        rationale: """
            SwiftUI-RIB README, "RIB Interaction", in its notes: "Properties of ViewContainer and StateContainer should be fileprivate(set) to ensure that other \
            components cannot modify them. This is to ensure the rigidity of the RIB." The interactor that owns the state \
            and the router that owns the child views live in the containers' files; a setter visible elsewhere lets a view \
            or another RIB change what only they should. Every stored instance `var` counts, published or not.
            """,
        profiles: ["swiftui-rib"],
        defaultSeverity: .warning,
        triggering: [
            Example("""
                @MainActor final class LapsStateContainer: ObservableObject {
                    @Published 1️⃣var selectedLap: Lap.ID?
                    2️⃣var cachedSplits: [Split] = []
                    internal(set) 3️⃣var elapsed: TimeInterval = 0
                    public 4️⃣var title = ""
                    lazy 5️⃣var zones = HeartRateZones()
                    6️⃣var pace: Double = 0 { didSet { paceChanged = true } }
                    @Published
                    7️⃣var first = 0, second = 0
                    private var paceChanged = false
                    #if DEBUG
                    8️⃣var debugCounter = 0
                    #endif
                    #if false
                    var neverCompiled = 0
                    #endif
                }
                final class LapsInteractorImpl: LapsInteractor {
                    private let stateContainer: LapsStateContainer
                    init(stateContainer: LapsStateContainer) { self.stateContainer = stateContainer }
                }
                """, messages: [
                    "property 'selectedLap' of the StateContainer 'LapsStateContainer' can be set from other files; declare it `fileprivate(set) var` so only its RIB's own file writes it",
                    "property 'cachedSplits' of the StateContainer 'LapsStateContainer' can be set from other files; declare it `fileprivate(set) var` so only its RIB's own file writes it",
                    "property 'elapsed' of the StateContainer 'LapsStateContainer' can be set from other files; declare it `fileprivate(set) var` so only its RIB's own file writes it",
                    "property 'title' of the StateContainer 'LapsStateContainer' can be set from other files; declare it `fileprivate(set) var` so only its RIB's own file writes it",
                    "property 'zones' of the StateContainer 'LapsStateContainer' can be set from other files; declare it `fileprivate(set) var` so only its RIB's own file writes it",
                    "property 'pace' of the StateContainer 'LapsStateContainer' can be set from other files; declare it `fileprivate(set) var` so only its RIB's own file writes it",
                    "property 'first' of the StateContainer 'LapsStateContainer' can be set from other files; declare it `fileprivate(set) var` so only its RIB's own file writes it",
                    "property 'debugCounter' of the StateContainer 'LapsStateContainer' can be set from other files; declare it `fileprivate(set) var` so only its RIB's own file writes it",
                ]),
            // `@Observable`, held by a router that names it `viewContainer`: a ViewContainer whatever its name.
            Example("""
                @Observable
                final class RestLayout {
                    1️⃣var restSeconds = 60
                    fileprivate(set) var rest: RestView?
                }
                final class RestScreens {
                    private let viewContainer: RestLayout
                    init(viewContainer: RestLayout) { self.viewContainer = viewContainer }
                }
                """, messages: [
                    "property 'restSeconds' of the ViewContainer 'RestLayout' can be set from other files; declare it `fileprivate(set) var` so only its RIB's own file writes it",
                ]),
            // Declared alone in its file: its RIB's protocols elsewhere show an interactor holds it.
            Example("""
                // file: Coach/CoachStateContainer.swift
                final class CoachStateContainer: ObservableObject {
                    @Published 1️⃣var tip = ""
                }
                // file: Coach/CoachInteractor.swift
                protocol CoachInteractor: AnyObject {}
                """, messages: [
                    "property 'tip' of the StateContainer 'CoachStateContainer' can be set from other files; declare it `fileprivate(set) var` so only its RIB's own file writes it",
                ]),
            // Containers declared alone in their files, known by the class that holds them in another.
            Example("""
                // file: Rest/RestLayout.swift
                import Observation
                @Observable
                final class RestLayout {
                    1️⃣var restSeconds = 60
                }
                // file: Run/RunStateContainer.swift
                import SwiftUI
                final class RunStateContainer: ObservableObject {
                    @Published 2️⃣var pace = 0.0
                }
                // file: Rest/RestScreens.swift
                final class RestScreens {
                    private let viewContainer: RestLayout
                    init(viewContainer: RestLayout) { self.viewContainer = viewContainer }
                }
                final class RunEngine {
                    private var state: MyApp.RunStateContainer!
                }
                """, messages: [
                    "property 'restSeconds' of the ViewContainer 'RestLayout' can be set from other files; declare it `fileprivate(set) var` so only its RIB's own file writes it",
                    "property 'pace' of the StateContainer 'RunStateContainer' can be set from other files; declare it `fileprivate(set) var` so only its RIB's own file writes it",
                ]),
        ],
        nonTriggering: [
            Example("""
                @MainActor final class PaceStateContainer: ObservableObject {
                    @Published fileprivate(set) var pace = 0.0
                    @Published private(set) var splits: [Split] = []
                    public private(set) var title = ""
                    private var cache: [Int] = []
                    fileprivate var scratch = 0
                    let unit: UnitSpeed = .metersPerSecond
                    var formatted: String { "\\(pace)" }
                    static var shared = 0
                    struct Zone { var lowerBound: Int }
                    private(set) var targetSeconds = 0
                    var targetMinutes: Int {
                        get { targetSeconds / 60 }
                        set { targetSeconds = newValue * 60 }
                    }
                }
                final class PaceInteractorImpl: PaceInteractor {
                    private let stateContainer: PaceStateContainer
                    init(stateContainer: PaceStateContainer) { self.stateContainer = stateContainer }
                }
                """),
            // Plain SwiftUI state held by an `App` and a view, beside RIBs that share their names' prefix.
            Example("""
                // file: Settings/SettingsApp.swift
                import SwiftUI
                final class SettingsStateContainer: ObservableObject {
                    @Published var theme = "light"
                }
                @main struct SettingsApp: App {
                    @StateObject private var settings: SettingsStateContainer = SettingsStateContainer()
                    var body: some Scene { WindowGroup { Text(settings.theme) } }
                }
                // file: Chart/ChartCard.swift
                import Observation
                import SwiftUI
                @Observable final class ChartViewContainer {
                    var zoom: Double = 1
                }
                struct ChartCard: View {
                    @State private var viewContainer = ChartViewContainer()
                    var body: some View { Text("\\(viewContainer.zoom)") }
                }
                // file: Settings/SettingsInteractor.swift
                protocol SettingsInteractor: AnyObject { func themeChanged() }
                final class SettingsInteractorImpl: SettingsInteractor {
                    func themeChanged() {}
                }
                // file: Chart/ChartInteractor.swift
                protocol ChartInteractor: AnyObject { func chartDidAppear() }
                final class ChartInteractorImpl: ChartInteractor {
                    func chartDidAppear() {}
                }
                """),
            // Plain SwiftUI: an `App` holds the observable and passes it down; a view owns its helper with `@State`.
            Example("""
                import SwiftUI
                @Observable final class PurchasesStateContainer {
                    var products: [Product] = []
                }
                @Observable final class ChartViewContainer {
                    var zoom = 1.0
                }
                @main
                struct ShopApp: App {
                    @State private var purchases = PurchasesStateContainer()
                    var body: some Scene { WindowGroup { ShopView().environment(purchases) } }
                }
                struct ChartView: View {
                    @State private var layout = ChartViewContainer()
                    var body: some View { Text("\\(layout.zoom)") }
                }
                """),
            Example("""
                struct SessionStateContainer {
                    var isRunning = false
                }
                final class SessionInteractorImpl: SessionInteractor {
                    private var stateContainer = SessionStateContainer()
                }
                """),
        ])


    public init(options: RuleOptions) {
    }

    public func violations(in file: LintFile) -> [Violation] {
        // A container is an `ObservableObject` or `@Observable` class; one whose conformance an extension elsewhere
        // adds still bears a container's name.
        let names = SwiftUIRIBNames(profile: file.profile)
        guard !file.isTestFile, file.contains("Observ") || (names.stateContainer + names.viewContainer).contains(where: file.contains)
        else { return [] }
        let roles = SwiftUIRIBRoles.of(file)
        return roles.order.filter { roles.roles[$0]?.isContainer == true }.flatMap { name -> [Violation] in
            guard let container = roles.primary(name), let role = roles.roles[name] else { return [] }
            // One per declaration, `#if DEBUG` members included.
            var seen = Set<SyntaxIdentifier>()
            let declarations = TypeDeclaration.storedProperties(of: container.members).map(\.declaration).filter { seen.insert($0.id).inserted }
            return declarations.compactMap { variable -> Violation? in
                guard variable.bindingSpecifier.tokenKind == .keyword(.var),
                    variable.bindings.contains(where: \.isStored),
                    !variable.modifiers.contains(where: Self.closesSetter)
                else { return nil }
                let property = variable.bindings.first?.pattern.trimmedText ?? "property"
                return Violation(
                    at: variable.bindingSpecifier,
                    "property '\(property)' of the \(role.title) '\(name)' can be set from other files; declare it `fileprivate(set) var` so only its RIB's own file writes it")
            }
        }
    }

    /// `private`, `fileprivate`, their `(set)` forms, and `static`/`class` (no instance state).
    private static func closesSetter(_ modifier: DeclModifierSyntax) -> Bool {
        [.keyword(.private), .keyword(.fileprivate), .keyword(.static), .keyword(.class)].contains(modifier.name.tokenKind)
    }
}
