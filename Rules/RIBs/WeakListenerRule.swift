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
                // file: Card/CardInteractor.swift
                import RIBs
                final class CardInteractor: Interactor, CardInteractable {
                    let 1️⃣parent: WalletListener
                }
                // file: Wallet/WalletInteractor.swift
                import RIBs
                final class WalletInteractor: PresentableInteractor<WalletPresentable>, WalletInteractable, WalletListener {}
                """),
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
            // A listener protocol only a service implements is no parent RIB; a property is judged by its type,
            // not its name.
            Example("""
                // file: Map/MapInteractor.swift
                import RIBs
                final class MapInteractor: PresentableInteractor<MapPresentable>, MapInteractable {
                    private let locationListener: LocationListener
                    private let listener: (Event) -> Void
                }
                // file: Map/LocationService.swift
                protocol LocationListener: AnyObject {}
                final class LocationService: LocationListener {}
                """),
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
            let rib = RIBName.prefix(of: interactor.name, role: .interactor, profile: file.profile)
            return interactor.storedProperties.compactMap { property -> Violation? in
                guard !property.isWeak, !property.isStatic else { return nil }
                let held = property.type?.heldTypeNames ?? []
                let listener = held.first { Self.isParentListener($0, rib: rib, in: file) }
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

    /// A `*Listener` the parent RIB implements: the RIB's own `<RIB>Listener`, one an interactor of the project
    /// conforms to, or one whose implementers are unknown here (another module). A `LocationListener` only
    /// services implement is no parent.
    static func isParentListener(_ name: String, rib: String, in file: LintFile) -> Bool {
        guard ProtocolRole(protocolName: name) == .listener else { return false }
        if name == rib + "Listener" { return true }
        let conformers = file.model.projectTypes.inheritors(of: name)
        return conformers.isEmpty || conformers.contains { conformer in
            conformer.name.hasSuffix("Interactor") || conformer.entry.inherited.contains { base in
                ["Interactor", "PresentableInteractor"].contains(base) || ProtocolRole(protocolName: base) == .interactable
            }
        }
    }
}
