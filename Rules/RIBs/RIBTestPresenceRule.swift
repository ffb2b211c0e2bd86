import RibsLintKit

public struct RIBTestPresenceRule: ProjectRule {
    public static let description = RuleDescription(
        id: "rib_test_presence",
        name: "RIB Test Presence",
        summary: "A RIB has no test file for its interactor or its router.",
        rationale: """
            RIBs Architecture Guide, "Testing Requirements": "Each RIB MUST have corresponding test file" and "Test RIB lifecycle \
            (attach/detach)". ribslint looks for a test file named for the RIB — `<Name>Tests.swift` (or `<Name>RIBTests.swift`), `<Name>InteractorTests.swift` (or \
            `…Test.swift`), `<Name>RouterImplTests.swift`, or `…Spec.swift` as Quick names them, the part's name allowed two letters \
            wrong (`<Name>InteactorTests.swift`) — in a folder matching `test_roots`, linted or \
            not, below the configuration's folder, or anywhere in the repository holding the linted files when the \
            configuration lies outside it.
            """,
        defaultSeverity: .warning,
        isOptIn: true,
        options: [
            OptionDoc("test_roots", .stringList, default: .stringList(["Tests", "*Tests"]),
                "Folder names (with `*`) that hold tests."),
        ],
        triggering: [
            Example("""
                // file: Login/LoginInteractor.swift
                import RIBs
                final class 1️⃣LoginInteractor: Interactor, LoginInteractable {}
                // file: Tests/LoginViewModelTests.swift
                import XCTest
                """, messages: [
                    "the RIB 'Login' has no test file (LoginInteractorTests.swift) in a test folder; test its interactor and its attach/detach routing",
                ]),
            // Two modules with a RIB of one name: the app's test is its own Root's, not the sample app's.
            Example("""
                // file: Projects/App/Sources/Root/RootInteractor.swift
                import RIBs
                final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {}
                // file: Projects/Feature/Login/Sample/Sources/Root/RootInteractor.swift
                import RIBs
                final class 1️⃣RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {}
                // file: Projects/App/Tests/Root/RootInteractorTests.swift
                import XCTest
                """, messages: [
                    "the RIB 'Root' has no test file (RootInteractorTests.swift) in a test folder; test its interactor and its attach/detach routing",
                ]),
            // A test of another RIB whose name starts with this one's, in the package's test target named for it.
            Example("""
                // file: Sources/Login/LoginInteractor.swift
                import RIBs
                final class 1️⃣LoginInteractor: Interactor, LoginInteractable {}
                // file: Sources/Login/SignUp/LoginSignUpInteractor.swift
                import RIBs
                final class LoginSignUpInteractor: Interactor, LoginSignUpInteractable {}
                // file: Tests/LoginTests/LoginSignUpInteractorTests.swift
                import XCTest
                // file: Tests/LoginTests/LoginFormatterTests.swift
                import XCTest
                """, messages: [
                    "the RIB 'Login' has no test file (LoginInteractorTests.swift) in a test folder; test its interactor and its attach/detach routing",
                ]),
            // A module per RIB whose parts are named plainly: the test file suggested carries the RIB's name.
            Example("""
                // file: Albums/Interactor.swift
                import RIBs
                final class 1️⃣Interactor: PresentableInteractor<Presentable>, Interactable {}
                // file: Albums/Builder.swift
                import RIBs
                final class Builder: RIBs.Builder<Dependency>, Buildable {
                    func build(withListener listener: Listener) -> Routing {
                        let viewController = ViewController()
                        let interactor = Interactor(presenter: viewController)
                        return Router(interactor: interactor, viewController: viewController)
                    }
                }
                // file: Albums/Router.swift
                import RIBs
                final class Router: ViewableRouter<Interactable, ViewControllable>, Routing {}
                """, messages: [
                    "the RIB 'Albums' has no test file (AlbumsInteractorTests.swift or AlbumsRouterTests.swift) in a test folder; test its interactor and its attach/detach routing",
                ]),
            // The same in a package layout: the module's folder names the RIB, not its `Sources`.
            Example("""
                // file: Features/Settings/Sources/Interactor.swift
                import RIBs
                final class 1️⃣Interactor: PresentableInteractor<Presentable>, Interactable {}
                // file: Features/Settings/Sources/Router.swift
                import RIBs
                final class Router: ViewableRouter<Interactable, ViewControllable>, Routing {}
                """, messages: [
                    "the RIB 'Settings' has no test file (SettingsInteractorTests.swift or SettingsRouterTests.swift) in a test folder; test its interactor and its attach/detach routing",
                ]),
            // Parts named for something else keep their names: the suggestion is a test file the rule accepts. A folder named
            // `Classes` is a feature's name like any other.
            Example("""
                // file: LoggedOut/LoggedOutBuilder.swift
                import RIBs
                final class LoggedOutBuilder: Builder<LoggedOutDependency>, LoggedOutBuildable {
                    func build(withListener listener: LoggedOutListener) -> LoggedOutRouting {
                        let viewController = SignInViewController()
                        let interactor = SignInInteractor(presenter: viewController)
                        return LoggedOutRouter(interactor: interactor, viewController: viewController)
                    }
                }
                // file: LoggedOut/SignInInteractor.swift
                import RIBs
                final class 1️⃣SignInInteractor: PresentableInteractor<SignInPresentable>, LoggedOutInteractable {}
                // file: LoggedOut/LoggedOutRouter.swift
                import RIBs
                final class LoggedOutRouter: ViewableRouter<LoggedOutInteractable, LoggedOutViewControllable>, LoggedOutRouting {}
                // file: Features/Classes/Interactor.swift
                import RIBs
                final class 2️⃣Interactor: PresentableInteractor<Presentable>, Interactable {}
                // file: Features/Classes/Router.swift
                import RIBs
                final class Router: ViewableRouter<Interactable, ViewControllable>, Routing {}
                """, messages: [
                    "the RIB 'LoggedOut' has no test file (SignInInteractorTests.swift or LoggedOutRouterTests.swift) in a test folder; test its interactor and its attach/detach routing",
                    "the RIB 'Classes' has no test file (ClassesInteractorTests.swift or ClassesRouterTests.swift) in a test folder; test its interactor and its attach/detach routing",
                ]),
        ],
        nonTriggering: [
            SharedExamples.appBaseInteractor,
            // Two modules with a RIB of one name, each tested beside it.
            Example("""
                // file: Projects/App/Sources/Root/RootInteractor.swift
                import RIBs
                final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {}
                // file: Projects/Feature/Login/Sample/Sources/Root/RootInteractor.swift
                import RIBs
                final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {}
                // file: Projects/App/Tests/Root/RootInteractorTests.swift
                import XCTest
                // file: Projects/Feature/Login/Sample/Tests/RootInteractorTests.swift
                import XCTest
                """),
            Example("""
                // file: Settings/SettingsInteractor.swift
                import RIBs
                final class SettingsInteractor: Interactor, SettingsInteractable {}
                // file: Feed/FeedInteractor.swift
                import RIBs
                final class FeedInteractor: Interactor, FeedInteractable {}
                // file: AppTests/SettingsTests.swift
                import XCTest
                // file: AppTests/Feed/FeedInteractorImplSpec.swift
                import Quick
                """),
            Example("""
                // file: Login/LoginInteractor.swift
                import RIBs
                final class LoginInteractor: Interactor, LoginInteractable {}
                // file: Login/LoginRouter.swift
                import RIBs
                final class LoginRouter: Router<LoginInteractable>, LoginRouting {}
                // file: AppTests/Login/LoginInteractorTests.swift
                import XCTest
                """),
            // A test file named for the RIB as a RIB.
            Example("""
                // file: Onboarding/Sources/InputGender/InputGenderInteractor.swift
                import RIBs
                final class InputGenderInteractor: Interactor, InputGenderInteractable {}
                // file: Onboarding/Tests/InputGender/InputGenderRIBTests.swift
                import XCTest
                final class InputGenderRIBTests: XCTestCase {}
                """),
            // The interactor's name misspelt in its test file's.
            Example("""
                // file: Presentation/Sources/Problem/ProblemInteractor.swift
                import RIBs
                final class ProblemInteractor: Interactor, ProblemInteractable {}
                // file: Presentation/Tests/ProblemTests/ProblemInteacterSpec.swift
                import Quick
                final class ProblemInteacterSpec: QuickSpec {}
                """),
            // A test file named in the singular.
            Example("""
                // file: Onboarding/Sources/OnboardingInteractor.swift
                import RIBs
                final class OnboardingInteractor: Interactor, OnboardingInteractable {}
                // file: Onboarding/Tests/OnboardingInteractorTest.swift
                import XCTest
                final class OnboardingInteractorTests: XCTestCase {}
                """),
        ],
        precision: .medium)

    private let testRoots: [String]
    /// What may stand between a RIB's name and `Tests` in its test file's name: nothing, or the word RIB.
    private static let ribWords = ["", "RIB", "Rib", "RIBs", "Ribs"]

    /// `ProblemInteactorTests.swift`: the RIB's name, then its interactor's or router's written with at most two letters
    /// wrong, then `Tests`, `Test` or `Spec`.
    static func namesPartMisspelt(_ file: String, rib: String) -> Bool {
        guard file.hasPrefix(rib), let ending = ["Tests.swift", "Test.swift", "Spec.swift"].first(where: file.hasSuffix) else { return false }
        let part = Array(file.dropFirst(rib.count).dropLast(ending.count))
        return ["Interactor", "Router"].contains { DidYouMean.editDistance(part, Array($0)) <= 2 }
    }

    public static let facts: [any FileFacts.Type] = [RIBFacts.self]
    public static let readsAllFileNames = true

    public init(options: RuleOptions) {
        testRoots = options.strings("test_roots")
    }

    public func violations(in project: Project) -> [ProjectViolation] {
        let project = project.model(RIBProject.self)
        // Only `<Name>Tests.swift`, `<Name>Test.swift` or `<Name>Spec.swift` files (XCTest, Quick) can answer; test-root
        // folders are matched for those alone.
        let named = project.filePaths.filter { path in ["Tests.swift", "Test.swift", "Spec.swift"].contains { endsWith(path, $0) } }
        let testFiles = named.compactMap { path -> (name: String, folders: [Substring])? in
            let components = path.split(separator: "/")
            guard components.dropLast().contains(where: { folder in testRoots.contains { Wildcard.matches(Substring($0), String(folder)) } }),
                let name = components.last
            else { return nil }
            return (String(name), Array(components.dropLast()))
        }
        // RIBs of one name in several modules (each sample app's `Root`): a test file counts for the nearest of them, by
        // the folders its path shares with theirs.
        let ribsNamed = Dictionary(grouping: project.ribs.values, by: \.name)
        func shared(_ folders: [Substring], _ rib: RIBProject.RIB) -> Int {
            guard let path = (rib.parts[.interactor] ?? rib.parts[.router])?.point.path else { return 0 }
            return zip(folders, path.split(separator: "/").dropLast()).prefix { $0 == $1 }.count
        }
        return project.ribs.values.sorted { ($0.name, $0.id) < ($1.name, $1.id) }.compactMap { rib in
            guard let anchor = rib.parts[.interactor] ?? rib.parts[.router] else { return nil }
            // A part named plainly (`Interactor` in a module per RIB) is suggested with the RIB's name before it, which
            // names the test apart from every other module's.
            let candidates = [rib.parts[.interactor], rib.parts[.router]].compactMap { part in
                part.map { (["Interactor", "Router"].contains($0.typeName) ? rib.name + $0.typeName : $0.typeName) + "Tests.swift" }
            }
            // `LoginTests`, `LoginRIBTests`, `LoginInteractorTests`, `LoginInteractorImplTests`, `LoginRouterSpec`: named
            // for the RIB or one of its parts (a `LoginViewModelTests` tests something else).
            let parts = [rib.parts[.interactor]?.typeName, rib.parts[.router]?.typeName].compactMap { $0 }
            let rivals = ribsNamed[rib.name, default: []]
            guard !testFiles.contains(where: { name, folders in
                (Self.ribWords.contains { word in ["Tests.swift", "Test.swift", "Spec.swift"].contains { name == rib.name + word + $0 } }
                    || parts.contains { name.hasPrefix($0) } || Self.namesPartMisspelt(name, rib: rib.name))
                    && (rivals.count < 2 || rivals.allSatisfy { shared(folders, $0) <= shared(folders, rib) })
            }) else { return nil }
            return ProjectViolation(
                at: anchor.point,
                "the RIB '\(rib.name)' has no test file (\(candidates.joined(separator: " or "))) in a test folder; test its interactor and its attach/detach routing")
        }
    }
}
