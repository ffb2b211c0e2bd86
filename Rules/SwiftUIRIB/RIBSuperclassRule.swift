import RibsLintKit
import SwiftSyntax

public struct RIBSuperclassRule: Rule {
    public static let description = RuleDescription(
        id: "rib_superclass",
        name: "RIB Superclass",
        summary: "A SwiftUI-RIB part inherits one of RIBs' lifecycle classes.",
        rationale: """
            SwiftUI-RIB README, "Simplifying things", first of the changes from Uber's RIBs: "No more super classes. No more lifecycle." A \
            SwiftUI-RIB interactor, router or builder is a plain class behind its RIB's own protocol; inheriting RIBs' \
            `Interactor`, `Router<…>`, `Builder<…>` or `Presenter<…>` brings back the activation lifecycle and the \
            framework the architecture drops. Only classes that are SwiftUI-RIB parts count — a class adopting its RIB's \
            `…Interactor`/`…Router`/`…PublisherContainer` protocol, a `…Impl`, one storing a container, or any class of a \
            file declaring a SwiftUI-RIB container or builder (a half-migrated RIB) — so a plain RIBs \
            `LoginRouter: ViewableRouter<…>, LoginRouting` in its own file stays silent.
            """,
        profiles: ["swiftui-rib"],
        defaultSeverity: .error,
        options: [
            OptionDoc("frameworks", .stringList, default: .stringList(["RIBs", "ModernRIBs", "CombineRIBs"]),
                "Modules whose import (or qualification) makes a superclass name RIBs' class."),
        ],
        triggering: [
            Example("""
                import RIBs
                protocol StatsRouter: AnyObject {}
                final class StatsRouterImpl: 1️⃣Router<StatsInteractable>, StatsRouter {}
                """, messages: [
                    "class 'StatsRouterImpl' inherits RIBs' lifecycle class 'Router'; SwiftUI-RIB parts have no superclass: drop it and keep only the RIB's own protocol",
                ]),
            Example("""
                final class CoachInteractorImpl: 1️⃣RIBs.Interactor, CoachInteractor {
                    private let stateContainer: CoachStateContainer
                    init(stateContainer: CoachStateContainer) { self.stateContainer = stateContainer }
                }
                @MainActor final class CoachStateContainer: ObservableObject {}
                """, messages: [
                    "class 'CoachInteractorImpl' inherits RIBs' lifecycle class 'Interactor'; SwiftUI-RIB parts have no superclass: drop it and keep only the RIB's own protocol",
                ]),
            Example("""
                import ModernRIBs
                final class LapsBuilder: 1️⃣Builder<LapsDependency> {
                    func build() -> LapsOutput {
                        let viewContainer = LapsViewContainer()
                        return LapsOutput(view: LapsView(viewContainer: viewContainer), publishers: LapsInteractorImpl())
                    }
                }
                final class LapsViewContainer: ObservableObject {}
                """, messages: [
                    "class 'LapsBuilder' inherits RIBs' lifecycle class 'Builder'; SwiftUI-RIB parts have no superclass: drop it and keep only the RIB's own protocol",
                ]),
            // A project with SwiftUI-RIB containers: its RIBs classes are leftovers, whatever their role.
            Example("""
                // file: Login/LoginRouter.swift
                import RIBs
                final class LoginRouter: 1️⃣ViewableRouter<LoginInteractable, LoginViewControllable>, LoginRouting {}
                final class SyncWorker: 2️⃣Worker {}
                // file: Workout/WorkoutStateContainer.swift
                import SwiftUI
                final class WorkoutStateContainer: ObservableObject {}
                """, messages: [
                    "class 'LoginRouter' inherits RIBs' lifecycle class 'ViewableRouter'; SwiftUI-RIB parts have no superclass: drop it and keep only the RIB's own protocol",
                    "class 'SyncWorker' inherits RIBs' lifecycle class 'Worker'; SwiftUI-RIB parts have no superclass: drop it and keep only the RIB's own protocol",
                ]),
        ],
        nonTriggering: [
            Example("""
                import RIBs
                final class WorkoutInteractorImpl: WorkoutInteractor, WorkoutPublisherContainer {}
                protocol WorkoutInteractor: AnyObject {}
                protocol WorkoutPublisherContainer {}
                protocol Interactor: AnyObject {}
                final class CoachInteractorImpl: Interactor {}
                final class TrackerRouterImpl: NSObject, TrackerRouter {}
                protocol TrackerRouter: AnyObject {}
                final class GPXExporter: FileExporter {}
                final class RunComponent: Component<RunDependency> {}
                """),
            // A plain RIBs app linted under this profile: RIBs parts with RIBs' own protocols, no SwiftUI-RIB structure.
            Example("""
                import RIBs
                final class LoginRouter: ViewableRouter<LoginInteractable, LoginViewControllable>, LoginRouting {}
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {}
                """),
            // A project's own base class is not RIBs' (the grey `TrackedRouter` case is left alone).
            Example("""
                // file: Base/Router.swift
                class Router<Interactor>: NSObject {}
                // file: Coach/CoachRouter.swift
                import RIBs
                final class CoachRouterImpl: Router<CoachInteractor>, CoachRouter {}
                final class ZoneRouterImpl: TrackedRouter, ZoneRouter {}
                """),
        ])

    private static let lifecycleClasses: Set<String> = [
        "Interactor", "PresentableInteractor", "Router", "ViewableRouter", "LaunchRouter", "Builder", "ComponentizedBuilder",
        "SimpleComponentizedBuilder", "MultiStageComponentizedBuilder", "Worker", "Presenter",
    ]

    private let frameworks: Set<String>

    public init(options: RuleOptions) {
        frameworks = Set(options.strings("frameworks"))
    }

    public func violations(in file: LintFile) -> [Violation] {
        guard !file.isTestFile else { return [] }
        let importsRIBs = file.model.imports.contains(where: frameworks.contains)
        let candidates = file.model.types.compactMap { type -> (TypeDeclaration, TypeSyntax, String)? in
            guard type.kind == .class, let clause = type.declaration.as(ClassDeclSyntax.self)?.inheritanceClause,
                let superclass = clause.inheritedTypes.first?.type, let name = superclass.baseName,
                Self.lifecycleClasses.contains(name)
            else { return nil }
            let module = superclass.as(MemberTypeSyntax.self)?.baseType.baseName
            guard importsRIBs || module.map(frameworks.contains) == true else { return nil }
            return (type, superclass, name)
        }
        guard !candidates.isEmpty else { return [] }
        let roles = SwiftUIRIBRoles.of(file)
        return candidates.compactMap { type, superclass, name in
            guard !declaresType(name, in: file), isSwiftUIRIBPart(type, roles: roles) else { return nil }
            return Violation(
                at: superclass,
                "class '\(type.name)' inherits RIBs' lifecycle class '\(name)'; SwiftUI-RIB parts have no superclass: drop it and keep only the RIB's own protocol")
        }
    }

    /// The project's own `Router`, `Interactor` (a protocol or a base class) is not RIBs'.
    private func declaresType(_ name: String, in file: LintFile) -> Bool {
        file.model.types.contains { $0.name == name && $0.kind != .extension } || file.model.protocols.contains { $0.name == name }
            || file.model.projectTypes.primary(name) != nil
    }

    /// SwiftUI-RIB structure, not merely a RIBs class in a `swiftui-rib` path.
    private func isSwiftUIRIBPart(_ type: TypeDeclaration, roles: SwiftUIRIBRoles) -> Bool {
        if type.name.hasSuffix("Impl") || roles.declaresSwiftUIRIBParts || roles.stores(type.name, \.isContainer) || roles.projectHasContainers {
            return true
        }
        return type.inherited.dropFirst().contains { conformance in
            roles.names.protocolRole(conformance) != nil && roles.isProjectProtocol(conformance)
        }
    }
}
