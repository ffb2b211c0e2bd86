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
                """, messages: [
                    "interactor holds its listener 'parent' (WalletListener) strongly; declare it `weak var` to break the retain cycle",
                ]),
            Example("""
                import RIBs
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                    var 1️⃣listener: LoginListener?
                    var 2️⃣router: LoginRouting?
                    private let 3️⃣parent: RootListener
                }
                """, messages: [
                    "interactor holds its listener 'listener' (LoginListener) strongly; declare it `weak var` to break the retain cycle",
                    "interactor holds its router 'router' (LoginRouting) strongly; declare it `weak var` to break the retain cycle",
                    "interactor holds its listener 'parent' (RootListener) strongly; declare it `weak var` to break the retain cycle",
                ]),
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
        ],
        corrections: [
            Correction(Example("""
                import RIBs
                protocol LoginListener: AnyObject {}
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                    var listener: LoginListener?
                }
                """), becomes: """
                import RIBs
                protocol LoginListener: AnyObject {}
                final class LoginInteractor: PresentableInteractor<LoginPresentable>, LoginInteractable {
                    weak var listener: LoginListener?
                }
                """),
            // A private listener becomes optional, and each call through it `?.`; the initializer's parameter is left alone.
            Correction(Example("""
                import RIBs
                protocol RootListener: AnyObject { func done() }
                final class CardInteractor: Interactor, CardInteractable {
                    private let parent: RootListener
                    init(parent: RootListener) {
                        self.parent = parent
                        parent.done()
                    }
                    func finish() {
                        parent.done()
                        DispatchQueue.main.async { [weak self] in
                            self?.parent.done()
                            self?.finished = true
                        }
                    }
                }
                """), becomes: """
                import RIBs
                protocol RootListener: AnyObject { func done() }
                final class CardInteractor: Interactor, CardInteractable {
                    private weak var parent: RootListener?
                    init(parent: RootListener) {
                        self.parent = parent
                        parent.done()
                    }
                    func finish() {
                        parent?.done()
                        DispatchQueue.main.async { [weak self] in
                            self?.parent?.done()
                            self?.finished = true
                        }
                    }
                }
                """),
        ],
        fixNeeds: "`weak var` must still compile: the protocol bound to classes, and a property that is optional, or private with every use an assignment or a call that can become `?.`")

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
                guard let name = listener ?? router, property.type?.trimmedText.contains("Weak") != true
                else { return nil }
                let what = listener != nil ? "listener" : "router"
                return Violation(
                    at: property.nameNode,
                    "interactor holds its \(what) '\(property.name)' (\(name)) strongly; declare it `weak var` to break the retain cycle",
                    fix: Self.fix(property, held: name, in: interactor, file: file))
            }
        }
    }

    /// `weak var`, with the type made optional where it is not: only for a class-bound protocol declared in
    /// the project, a property with no initializer, and — when the type becomes optional — a private one whose
    /// every use in the file is an assignment or a statement calling through it (`listener.done()` becomes
    /// `listener?.done()`). Anything else keeps the finding and gets no fix.
    static func fix(_ property: StoredProperty, held: String, in type: TypeDeclaration, file: LintFile) -> [Edit] {
        let declaration = property.declaration
        guard declaration.bindings.count == 1, property.initializer == nil, property.binding.accessorBlock == nil,
            let propertyType = property.type,
            file.model.projectTypes.primary(held)?.kind == .protocol,
            file.model.projectTypes.supertypes(of: [held]).contains(where: ["AnyObject", "class", "NSObjectProtocol"].contains)
        else { return [] }
        var edits = [Edit(replacing: declaration.bindingSpecifier, with: "weak var")]
        if propertyType.is(OptionalTypeSyntax.self) || propertyType.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return edits }
        // Private: every use is in this file, in the type and its extensions here.
        guard declaration.modifiers.keepsToFile, let uses = OptionalUses.edits(for: property.name, in: file.model.bodies(of: type), file: file)
        else { return [] }
        let simple = propertyType.is(IdentifierTypeSyntax.self) || propertyType.is(MemberTypeSyntax.self)
        edits.append(Edit(replacing: propertyType, with: simple ? propertyType.trimmedText + "?" : "(\(propertyType.trimmedText))?"))
        return edits + uses
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

/// The uses of a stored property that is about to become optional, and the `?` each needs.
enum OptionalUses {
    /// `?` after each reference that calls through the property in a statement of its own; nil when a use would
    /// need more than that (passed on, returned, compared) or a local of the same name makes a use ambiguous.
    static func edits(for name: String, in bodies: [MemberBlockSyntax], file: LintFile) -> [Edit]? {
        var edits: [Edit] = []
        for token in bodies.flatMap({ file.tokens(spelled: name, in: $0) }) {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            var use = ExprSyntax(reference)
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                // `self.listener` and `self?.listener` are the property; `other.listener` may be too (another
                // instance of the type), or something else: no fix either way.
                let base = member.base?.as(OptionalChainingExprSyntax.self)?.expression ?? member.base
                guard base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
                use = ExprSyntax(member)
            } else if let shadow = shadowing(of: name, at: reference) {
                // A bare name is the property unless a parameter or local of the same name stands for it.
                if shadow == .parameter { continue }
                return nil
            }
            if isAssigned(use) { continue }
            guard let member = use.parent?.as(MemberAccessExprSyntax.self), member.base?.id == use.id, isStatement(member) else { return nil }
            edits.append(Edit(inserting: "?", at: use.endPositionBeforeTrailingTrivia.utf8Offset))
        }
        return edits
    }

    private static func isAssigned(_ use: ExprSyntax) -> Bool {
        guard let sequence = use.parent?.parent?.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        return elements.count == 3 && elements[0].id == use.id && elements[1].is(AssignmentExprSyntax.self)
    }

    /// Whether the call chain starting at `member` stands as a statement of its own, its value unused — not
    /// the lone expression of a function, getter or closure, which returns it.
    private static func isStatement(_ member: MemberAccessExprSyntax) -> Bool {
        var node = Syntax(member)
        while let parent = node.parent {
            if let item = parent.as(CodeBlockItemSyntax.self) {
                guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 else { return true }
                let owner = list.parent
                if owner?.is(ClosureExprSyntax.self) == true || owner?.is(AccessorBlockSyntax.self) == true { return false }
                if let body = owner?.parent {
                    if let function = body.as(FunctionDeclSyntax.self) { return function.signature.returnClause == nil }
                    if let accessor = body.as(AccessorDeclSyntax.self) { return accessor.accessorSpecifier.tokenKind != .keyword(.get) }
                }
                return true
            }
            if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
                node = parent
            } else if let access = parent.as(MemberAccessExprSyntax.self), access.base?.id == node.id {
                node = parent
            } else {
                return false
            }
        }
        return false
    }

    enum Shadow { case parameter, local }

    /// A parameter or local of the enclosing functions and closures with the property's name.
    private static func shadowing(of name: String, at reference: DeclReferenceExprSyntax) -> Shadow? {
        var node = reference.parent
        while let current = node, !current.is(MemberBlockSyntax.self) {
            var parameters: [String] = []
            if let function = current.as(FunctionDeclSyntax.self) {
                parameters = function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
            } else if let initializer = current.as(InitializerDeclSyntax.self) {
                parameters = initializer.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
            } else if let closure = current.as(ClosureExprSyntax.self), let signature = closure.signature {
                parameters = signature.parameterClause.map { clause in
                    switch clause {
                    case .simpleInput(let names): names.map(\.name.text)
                    case .parameterClause(let clause): clause.parameters.map { ($0.secondName ?? $0.firstName).text }
                    }
                } ?? []
            }
            if parameters.contains(name) { return .parameter }
            if current.is(FunctionDeclSyntax.self) || current.is(InitializerDeclSyntax.self) || current.is(ClosureExprSyntax.self)
                || current.is(AccessorDeclSyntax.self),
                current.tokens(viewMode: .sourceAccurate).contains(where: { token in
                    token.text == name && token.parent?.is(IdentifierPatternSyntax.self) == true
                })
            {
                return .local
            }
            node = current.parent
        }
        return nil
    }
}
