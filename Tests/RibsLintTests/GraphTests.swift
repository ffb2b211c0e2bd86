import Foundation
import RibsLintKit
import RibsLintRules
import Testing

@Suite("RIB graph")
struct GraphTests {
    let sources: [(path: String, text: String)] = [
        ("Root/RootBuilder.swift", """
            import RIBs
            final class RootBuilder: Builder<RootDependency>, RootBuildable {
                func build() -> LaunchRouting { RootRouter(homeBuilder: HomeBuilder(dependency: component)) }
            }
            final class RootInteractor: Interactor, RootInteractable {}
            final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {}
            """),
        ("Home/HomeRouter.swift", """
            import RIBs
            final class HomeBuilder: Builder<HomeDependency>, HomeBuildable {}
            final class HomeInteractor: PresentableInteractor<HomePresentable>, HomeInteractable {}
            final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
                private let cardBuilder: CardBuildable
            }
            final class HomeViewController: UIHostingController<HomeView>, HomePresentable, HomeViewControllable {}
            """),
        ("Card/CardBuilder.swift", """
            import RIBs
            final class CardBuilder: Builder<CardDependency>, CardBuildable {
                func build() -> CardRouting { CardRouter(homeBuilder: HomeBuilder(dependency: component)) }
            }
            """),
    ]

    func project() -> RIBProject {
        let files = sources.map {
            FileContribution(path: $0.path, facts: [RIBFacts.id: RIBFacts(file: LintFile(path: $0.path, source: $0.text, profile: .ribs))])
        }
        return Project(files: files).model(RIBProject.self)
    }

    @Test("the model knows view-having, view-less, incomplete RIBs and the cycle")
    func model() {
        let project = project()
        #expect(project.ribs(named: "Root").first?.isViewHaving == false)
        #expect(project.ribs(named: "Home").first?.isViewHaving == true)
        #expect(project.ribs(named: "Card").first?.missingParts == ["Interactor", "Router"])
        #expect(project.cycles.map { $0.map(project.name(of:)) } == [["Card", "Home"]])
    }

    @Test("a router's child builders come from its properties, its initializer and what it constructs")
    func routerEdges() {
        let source = """
            import RIBs
            final class ShopRouter: ViewableRouter<ShopInteractable, ShopViewControllable>, ShopRouting {
                private let cartBuilder: any CartBuildable
                init(interactor: ShopInteractable, viewController: ShopViewControllable, search: Search.Buildable) {}
                func routeToHelp() { attachChild(HelpBuilder(dependency: component).build(withListener: interactor)) }
            }
            """
        let facts = RIBFacts(file: LintFile(path: "Shop/ShopRouter.swift", source: source, profile: .ribs))
        #expect(Set(facts.edges.map(\.to)) == ["Cart", "Search", "Help"])
        #expect(facts.edges.allSatisfy { $0.from == "Shop" })
    }

    @Test("mermaid draws view-less RIBs round, marks incomplete ones and cycle edges")
    func mermaid() {
        let output = RIBGraph.render(project(), as: .mermaid)
        #expect(output.hasPrefix("graph TD\n"))
        #expect(output.contains("rib_Root([\"Root\"])"))
        #expect(output.contains("rib_Home[\"Home\"]"))
        #expect(output.contains("rib_Card([\"Card (no Interactor, Router)\"])"))
        #expect(output.contains("rib_Root --> rib_Home"))
        #expect(output.contains("rib_Card -->|cycle| rib_Home"))
        #expect(output.contains("rib_Home -->|cycle| rib_Card"))
        #expect(output.contains("class rib_Card incomplete"))
    }

    @Test("dot and json carry the same tree")
    func dotAndJSON() throws {
        let dot = RIBGraph.render(project(), as: .dot)
        #expect(dot.contains("\"Root\" [shape=ellipse"))
        #expect(dot.contains("\"Card\" -> \"Home\" [color=red"))
        let json = RIBGraph.render(project(), as: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["cycles"] as? [[String]]) == [["Card", "Home"]])
        #expect((object["edges"] as? [[String: Any]])?.count == 3)
    }

    @Test("`ribslint graph` prints the tree; project rules skip a list of single files")
    func commandLine() throws {
        let root = try makeProject(Dictionary(uniqueKeysWithValues: sources.map { ($0.path, $0.text) }))
        let graph = try runRibslint(["graph", "--format", "mermaid"], in: root)
        #expect(graph.status == 0)
        #expect(graph.stdout.contains("rib_Root --> rib_Home"))
        #expect(try runRibslint(["graph", "--format", "svg"], in: root).status == 2)
        let whole = try runRibslint(["."], in: root)
        #expect(whole.stdout.contains("(rib_cycle)"))
        #expect(whole.stdout.contains("(rib_completeness)"))
        let staged = try runRibslint(["Card/CardBuilder.swift", "Home/HomeRouter.swift"], in: root)
        #expect(!staged.stdout.contains("(rib_cycle)"))
        #expect(!staged.stdout.contains("(rib_completeness)"))
    }

    /// The tree of a profile's files, each file read under that profile.
    func tree(_ files: [(path: String, text: String)], profile: Profile) -> RIBProject {
        Project(files: files.map {
            FileContribution(path: $0.path, facts: [RIBFacts.id: RIBFacts(file: LintFile(path: $0.path, source: $0.text, profile: profile))])
        }).model(RIBProject.self)
    }

    @Test("swiftui-rib: a RIB is its builder, interactor, router and view; a router's attach builds its child")
    func swiftUIRIBTree() {
        let project = tree([
            ("Workout/Workout.swift", """
                protocol WorkoutRouter: AnyObject {}
                protocol WorkoutInteractor: AnyObject {}
                final class WorkoutViewContainer: ObservableObject {}
                final class WorkoutStateContainer: ObservableObject {}
                final class WorkoutRouterImpl: WorkoutRouter {
                    private let viewContainer: WorkoutViewContainer
                    func attachPace() { _ = PaceBuilder(withDependency: PaceDependency()).build() }
                }
                final class WorkoutInteractorImpl: WorkoutInteractor {
                    private let stateContainer: WorkoutStateContainer
                }
                struct WorkoutView: View {
                    let interactor: WorkoutInteractor
                    @ObservedObject var stateContainer: WorkoutStateContainer
                    var body: some View { Text("") }
                }
                final class WorkoutBuilder {
                    func build() -> WorkoutView {
                        let viewContainer = WorkoutViewContainer()
                        let stateContainer = WorkoutStateContainer()
                        let router = WorkoutRouterImpl(viewContainer: viewContainer)
                        return WorkoutView(interactor: WorkoutInteractorImpl(router: router, stateContainer: stateContainer), stateContainer: stateContainer)
                    }
                }
                """),
            ("Pace/PaceBuilder.swift", """
                final class PaceStateContainer: ObservableObject {}
                final class PaceBuilder {
                    func build() -> PaceOutput { PaceOutput(view: PaceView(), stateContainer: PaceStateContainer()) }
                }
                """),
        ], profile: .swiftUIRIB)
        let workout = project.ribs(named: "Workout").first
        #expect(workout?.missingParts == [])
        #expect(workout?.isViewHaving == true)
        #expect(project.edges.map { "\(project.name(of: $0.from)) → \(project.name(of: $0.to))" } == ["Workout → Pace"])
    }

    @Test("composable-ribs: builders and hosting routers make RIBs, a held child buildable an edge, a launch router needs no interactor")
    func composableTree() {
        let project = tree([
            ("App/AppRoot.swift", """
                import ComposableRIBs
                struct AppRootBuilder {
                    func build() -> any LaunchRouting { AppRootRouter(accountsBuilder: AccountsBuilder()) }
                }
                final class AppRootRouter: UIKitLaunchRouter {
                    private let accountsBuilder: any AccountsBuildable
                }
                """),
            ("Accounts/Accounts.swift", """
                import ComposableRIBs
                protocol AccountsRouting: RoutableViewControlling {}
                protocol AccountsBuildable { func build() -> any AccountsRouting }
                struct AccountsBuilder: AccountsBuildable {
                    func build() -> any AccountsRouting { AccountsRouter() }
                }
                final class AccountsRouter: SwiftUIHostingRouter<AccountsFeature, AccountsView>, AccountsRouting {}
                """),
        ], profile: .composableRIBs)
        #expect(project.ribs(named: "AppRoot").first?.missingParts == [])
        #expect(project.ribs(named: "Accounts").first?.missingParts == [])
        #expect(project.ribs(named: "Accounts").first?.isViewHaving == true)
        #expect(project.ribs(named: "SwiftUIHostingRouter").isEmpty)
        #expect(project.edges.map { "\(project.name(of: $0.from)) → \(project.name(of: $0.to))" } == ["AppRoot → Accounts"])
    }

    /// A root whose builder builds and hands one child to its router, which attaches it from an extension in
    /// another file; its component provides a builder for descendants, and a child's component passes one on.
    let familySources: [(path: String, text: String)] = [
        ("Root/RootBuilder.swift", """
            import RIBs
            final class RootComponent: Component<RootDependency> {
                var settingsBuilder: SettingsBuildable { SettingsBuilder(dependency: self) }
            }
            final class RootBuilder: Builder<RootDependency>, RootBuildable {
                func build() -> LaunchRouting {
                    let component = RootComponent(dependency: dependency)
                    let interactor = RootInteractor()
                    return RootRouter(interactor: interactor, homeBuilder: HomeBuilder(dependency: component))
                }
            }
            final class RootInteractor: Interactor, RootInteractable {}
            final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
                private let homeBuilder: HomeBuildable
                init(interactor: RootInteractable, homeBuilder: HomeBuildable) {
                    self.homeBuilder = homeBuilder
                    super.init(interactor: interactor, viewController: RootViewController())
                }
            }
            """),
        ("Root/RootRouter+Routing.swift", """
            import RIBs
            extension RootRouter {
                func routeToHome() {
                    let home = homeBuilder.build(withListener: interactor)
                    attachChild(home)
                }
            }
            """),
        ("Home/HomeBuilder.swift", """
            import RIBs
            final class HomeComponent: Component<HomeDependency> {
                var settingsBuilder: SettingsBuildable { dependency.settingsBuilder }
            }
            final class HomeBuilder: Builder<HomeDependency>, HomeBuildable {
                func build(withListener listener: HomeListener) -> HomeRouting {
                    let component = HomeComponent(dependency: dependency)
                    return HomeRouter(interactor: HomeInteractor(), settingsBuilder: component.settingsBuilder)
                }
            }
            final class HomeInteractor: Interactor, HomeInteractable {}
            final class HomeRouter: Router<HomeInteractable>, HomeRouting {
                private let settingsBuilder: SettingsBuildable
            }
            """),
        ("Settings/SettingsBuilder.swift", """
            import RIBs
            final class SettingsBuilder: Builder<SettingsDependency>, SettingsBuildable {}
            final class SettingsInteractor: Interactor, SettingsInteractable {}
            final class SettingsRouter: Router<SettingsInteractable>, SettingsRouting {}
            """),
    ]

    @Test("an edge says what the parent does: attaches, builds, is handed or only provides the child's builder")
    func edgeKinds() {
        let project = tree(familySources, profile: .ribs)
        let kinds = Dictionary(uniqueKeysWithValues: project.edges.map { ("\(project.name(of: $0.from)) → \(project.name(of: $0.to))", $0.kinds) })
        #expect(kinds == [
            "Root → Home": [.attaches, .builds, .handed],
            "Root → Settings": [.provides],
            "Home → Settings": [.handed, .provides],
        ])
        #expect(project.edges.filter(\.isInTree).count == 2)
    }

    @Test("the picture is the tree the app runs: provided builders only on request, each kind of edge drawn apart")
    func providedOnRequest() throws {
        let project = tree(familySources, profile: .ribs)
        let mermaid = RIBGraph.render(project, as: .mermaid)
        #expect(mermaid.contains("rib_Root ==> rib_Home\n"))
        #expect(mermaid.contains("rib_Home --> rib_Settings\n"))
        #expect(!mermaid.contains("rib_Root -.-> rib_Settings"))
        #expect(RIBGraph.render(project, as: .mermaid, provided: true).contains("rib_Root -.-> rib_Settings\n"))
        let dot = RIBGraph.render(project, as: .dot, provided: true)
        #expect(dot.contains("\"Root\" -> \"Home\" [style=bold];"))
        #expect(dot.contains("\"Home\" -> \"Settings\";"))
        #expect(dot.contains("\"Root\" -> \"Settings\" [style=dashed];"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(RIBGraph.render(project, as: .json).utf8)) as? [String: Any])
        #expect(json["version"] as? Int == 2)
        let edges = try #require(json["edges"] as? [[String: Any]])
        #expect(edges.map { "\($0["from"]!) → \($0["to"]!): \(($0["kinds"] as? [String]) ?? [])" } == [
            "Home → Settings: [\"handed\", \"provides\"]", "Root → Home: [\"attaches\", \"builds\", \"handed\"]",
        ])
    }

    @Test("a provided builder that closes a cycle is drawn without --show-provided, so the cycle is in the picture")
    func providedCycleDrawn() {
        let project = tree([
            ("Root/RootBuilder.swift", """
                import RIBs
                final class RootComponent: Component<RootDependency> {
                    var settingsBuilder: SettingsBuildable { SettingsBuilder(dependency: self) }
                }
                final class RootBuilder: Builder<RootDependency>, RootBuildable {}
                final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {}
                """),
            ("Settings/SettingsBuilder.swift", """
                import RIBs
                final class SettingsBuilder: Builder<SettingsDependency>, SettingsBuildable {
                    func build() -> SettingsRouting { SettingsRouter(rootBuilder: RootBuilder(dependency: component)) }
                }
                final class SettingsRouter: Router<SettingsInteractable>, SettingsRouting {}
                """),
        ], profile: .ribs)
        let mermaid = RIBGraph.render(project, as: .mermaid)
        #expect(mermaid.contains("rib_Root -.->|cycle| rib_Settings\n"))
        #expect(mermaid.contains("rib_Settings -->|cycle| rib_Root\n"))
    }

    @Test("`graph` says what it cannot draw: a VIPER project is refused with why, other profiles' files and no RIB are noted")
    func profilesWithoutTree() throws {
        let viper = """
            protocol LoginWireframeProtocol: AnyObject {}
            final class LoginWireframe: LoginWireframeProtocol {}
            """
        let root = try makeProject([".ribslint.yml": "profile: viper\n", "Login/LoginWireframe.swift": viper])
        let refused = try runRibslint(["graph"], in: root)
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("nothing to draw in the configuration's included paths (.): 1 Swift file under viper, whose modules form no tree of RIBs"))
        let mixed = try makeProject(Dictionary(uniqueKeysWithValues: familySources.map { ($0.path, $0.text) })
            .merging(["Legacy/.ribslint.yml": "profile: viper\n", "Legacy/LoginWireframe.swift": viper]) { $1 })
        let drawn = try runRibslint(["graph", "--show-provided"], in: mixed)
        #expect(drawn.status == 0)
        #expect(drawn.stderr.contains("note: not drawn: 1 Swift file under viper, whose modules form no tree of RIBs"))
        #expect(drawn.stdout.contains("rib_Root -.-> rib_Settings"))
        let plain = try makeProject(["Sources/Parser.swift": "struct Parser {}\n"])
        let empty = try runRibslint(["graph"], in: plain)
        #expect(empty.status == 0)
        #expect(empty.stderr.contains("note: no RIB found in 1 Swift file: none declares a builder, router or interactor of a RIB"))
    }

    @Test("a class that builds a RIB's router and interactor is its builder, whatever its name or imports; one more makes no second RIB")
    func builderByWhatItBuilds() throws {
        let root = try makeProject([
            "Pay/PayAssembly.swift": """
                final class PayAssembly {
                    func make(listener: PayListener) -> PayRouting {
                        let viewController = PayViewController()
                        let logic = PayLogic(presenter: viewController)
                        return PayRouter(interactor: logic, viewController: viewController)
                    }
                }
                """,
            "Pay/PayLauncher.swift": """
                final class PayLauncher {
                    func start() -> PayRouting {
                        let viewController = PayViewController()
                        return PayRouter(interactor: PayLogic(presenter: viewController), viewController: viewController)
                    }
                }
                """,
            "Pay/PayLogic.swift": """
                import RIBs
                protocol PayRouting: ViewableRouting {}
                protocol PayPresentable: Presentable {}
                final class PayLogic: PresentableInteractor<PayPresentable>, PayInteractable {}
                """,
            "Pay/PayRouter.swift": """
                import RIBs
                protocol PayInteractable: Interactable {}
                protocol PayViewControllable: ViewControllable {}
                final class PayRouter: ViewableRouter<PayInteractable, PayViewControllable>, PayRouting {}
                """,
            "Pay/PayViewController.swift": """
                import RIBs
                import SwiftUI
                final class PayViewController: UIHostingController<PayView>, PayPresentable, PayViewControllable {}
                """,
            // A helper that constructs a router but no interactor builds no RIB.
            "Pay/PayPreview.swift": """
                final class PayPreview {
                    func router() -> PayRouting { PayRouter(interactor: nil, viewController: PayViewController()) }
                }
                """,
        ])
        let lint = try runRibslint(["--no-cache"], in: root)
        #expect(lint.status == 0)
        #expect(!lint.stdout.contains("rib_completeness"))
        let graph = try runRibslint(["graph", "--format", "json"], in: root)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(graph.stdout.utf8)) as? [String: Any])
        let ribs = try #require(json["ribs"] as? [[String: Any]])
        #expect(ribs.map { $0["name"] as? String } == ["Pay"])
        #expect((ribs.first?["parts"] as? [String: String])?["builder"] == "Pay/PayAssembly.swift:1")
        #expect((ribs.first?["missing"] as? [String]) == [])
        // Another app's Pay RIB, built by its own `PayBuilder`, leaves this one to its assembly.
        let apps = try makeProject([
            "App1/Pay/Pay.swift": """
                import RIBs
                import SwiftUI
                final class PayBuilder: Builder<PayDependency>, PayBuildable {
                    func build() -> PayRouting { PayRouter(interactor: PayInteractor(), viewController: PayViewController()) }
                }
                final class PayInteractor: PresentableInteractor<PayPresentable>, PayInteractable {}
                final class PayRouter: ViewableRouter<PayInteractable, PayViewControllable>, PayRouting {}
                final class PayViewController: UIHostingController<PayView>, PayPresentable, PayViewControllable {}
                """,
            "App2/Pay/PayAssembly.swift": """
                final class PayAssembly {
                    func make() -> PayRouting { PayRouter(interactor: PayLogic(), viewController: PayScreen()) }
                }
                """,
            "App2/Pay/Pay.swift": """
                import RIBs
                import SwiftUI
                final class PayLogic: PresentableInteractor<PayPresentable>, PayInteractable {}
                final class PayRouter: ViewableRouter<PayInteractable, PayViewControllable>, PayRouting {}
                final class PayScreen: UIHostingController<PayView>, PayPresentable, PayViewControllable {}
                """,
        ])
        let both = try runRibslint(["--no-cache"], in: apps)
        #expect(!both.stdout.contains("rib_completeness"))
        let twoApps = try runRibslint(["graph", "--format", "json"], in: apps)
        let twoRIBs = try #require(try JSONSerialization.jsonObject(with: Data(twoApps.stdout.utf8)) as? [String: Any])
        #expect((twoRIBs["ribs"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Pay (App1/Pay)", "Pay (App2/Pay)"])
    }

    @Test("swiftui-rib: `roles:` renames parts once for every rule and the graph; the former rule options say where they went")
    func swiftUIRIBRolesConfigured() throws {
        let workout = """
            import SwiftUI
            protocol WorkoutRouter: AnyObject {}
            protocol WorkoutEngine: AnyObject {}
            final class WorkoutStore: ObservableObject {
                @Published var calories = 0
            }
            final class WorkoutRouterImpl: WorkoutRouter {}
            final class WorkoutEngineImpl: WorkoutEngine {
                private let store: WorkoutStore
                init(store: WorkoutStore) { self.store = store }
            }
            struct WorkoutView: View {
                let engine: WorkoutEngine
                @ObservedObject var store: WorkoutStore
                var body: some View { Text("") }
            }
            final class WorkoutBuilder {
                func build() -> WorkoutView {
                    let store = WorkoutStore()
                    _ = WorkoutRouterImpl()
                    return WorkoutView(engine: WorkoutEngineImpl(store: store), store: store)
                }
            }
            """
        let renamed = try makeProject([
            ".ribslint.yml": "profile: swiftui-rib\nroles:\n  state_container:\n    suffixes: [Store]\n  interactor:\n    suffixes: [Engine]\n",
            "Workout/Workout.swift": workout,
        ])
        let lint = try runRibslint(["--no-cache"], in: renamed)
        #expect(lint.stdout.contains("property 'calories' of the StateContainer 'WorkoutStore' can be set from other files"))
        let graph = try runRibslint(["graph", "--format", "json"], in: renamed)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(graph.stdout.utf8)) as? [String: Any])
        let ribs = try #require(json["ribs"] as? [[String: Any]])
        #expect(ribs.map { $0["name"] as? String } == ["Workout"])
        #expect((ribs.first?["parts"] as? [String: String])?["interactor"] == "Workout/Workout.swift:8")
        // The default names know neither the store nor the engine.
        let plain = try makeProject([".ribslint.yml": "profile: swiftui-rib\n", "Workout/Workout.swift": workout])
        #expect(!(try runRibslint(["--no-cache"], in: plain)).stdout.contains("StateContainer 'WorkoutStore'"))
        let former = try makeProject([
            ".ribslint.yml": "profile: swiftui-rib\nrules:\n  container_setter_visibility:\n    state_container_suffixes: [Store]\n",
            "Workout/Workout.swift": workout,
        ])
        let refused = try runRibslint(["--no-cache"], in: former)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("option 'state_container_suffixes' of rule 'container_setter_visibility' moved to the profile's roles"))
        #expect(refused.stderr.contains("`roles: { state_container: { suffixes: [...] } }`"))
    }
}
