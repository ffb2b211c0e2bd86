import RibsLintKit
import SwiftSyntax

public struct WeakListenerRule: Rule {
    public static let description = RuleDescription(
        id: "weak_listener",
        name: "Weak Listener",
        summary: "An interactor holds its listener or its router strongly.",
        rationale: """
            RIBs Architecture Guide, "Error Prevention": "NEVER retain strong references to parent RIBs (via Listener)". The parent \
            interactor owns the child through its router; a strong `listener` back to it, or a strong `router` from \
            the interactor, closes a retain cycle and the RIB is never released after detach.
            """,
        defaultSeverity: .error,
        triggering: [
            Example("""
                import RIBs
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                    var 1️⃣listener: LoginListener?
                    var 2️⃣router: LoginRouting?
                    private let 3️⃣parent: RootListener
                }
                """),
        ],
        nonTriggering: [
            Example("""
                import RIBs
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                    weak var listener: LoginListener?
                    weak var router: LoginRouting?
                    unowned let owner: LoginListener
                    var listenerCount: Int = 0
                    private var observers: [WeakBox<LoginListener>] = []
                }
                protocol LoginInteractable: Interactable {
                    var listener: LoginListener? { get set }
                }
                """),
            Example("""
                import RIBs
                final class MockLoginInteractor: LoginInteractable {
                    var listener: LoginListener?
                    var router: LoginRouting?
                }
                """),
            Example("""
                import RIBs
                final class LoginInteractor: Interactor, LoginInteractable {
                    var router: LoginRouting?
                }
                """, path: "LoginTests/LoginInteractorTests.swift"),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard !file.isTestFile else { return [] }
        return file.model.types(.interactor).flatMap { interactor in
            interactor.storedProperties.compactMap { property -> Violation? in
                guard !property.isWeak, !property.isStatic else { return nil }
                let held = property.type?.heldTypeNames ?? []
                let listener = held.first { ProtocolRole(protocolName: $0) == .listener }
                    ?? (property.name == "listener" && !held.isEmpty ? held.first : nil)
                let router = held.first { ProtocolRole(protocolName: $0) == .routing }
                // `Weak<Listener>`, `WeakBox<Listener>`: a weak hold spelled as a wrapper type.
                guard let name = listener ?? router, property.type?.trimmedDescription.contains("Weak") != true
                else { return nil }
                let what = listener != nil ? "listener" : "router"
                return Violation(
                    at: property.nameNode,
                    "interactor holds its \(what) '\(property.name)' (\(name)) strongly; declare it `weak var` to break the retain cycle")
            }
        }
    }
}
