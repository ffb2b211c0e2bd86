import RibsLintKit
import SwiftSyntax

/// Rx and Combine calls that start a subscription, and the chains they end.
enum Subscription {
    /// Method names that may start a subscription: a file with none of them has nothing to check.
    static let names = ["subscribe", "bind", "drive", "emit", "sink", "assign"]

    /// The argument labels each subscribing method of RxSwift, RxCocoa and Combine takes: a call of the same
    /// name with another label (an app's own `subscribe(disposedOnDeactivate:)`) is not one of them.
    static let labels: [String: Set<String>] = [
        "subscribe": ["_", "onNext", "onError", "onCompleted", "onDisposed", "onSuccess", "onFailure", "with"],
        "bind": ["to", "with", "onNext"],
        "drive": ["_", "with", "onNext", "onCompleted", "onDisposed"],
        "emit": ["to", "with", "onNext", "onCompleted", "onDisposed"],
        "sink": ["receiveCompletion", "receiveValue"],
    ]

    /// `.subscribe(…)`, `.bind(to:|with:|onNext:)`, `.drive(…)`, `.emit(…)`, `.sink(…)`, `.assign(to:on:)`, told
    /// apart by their labels; not the operator `subscribe(on:)`, Combine's self-managing
    /// `assign(to: &$published)`, nor an app's method that shares a name. `.bind { … }` is RxSwift's
    /// `bind(onNext:)` in a file that imports RxSwift or RxCocoa (`imports`), and an app's own method elsewhere.
    static func isSubscribing(_ call: FunctionCallExprSyntax, imports: [String]) -> MemberAccessExprSyntax? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let name = member.declName.baseName.text
        if name == "assign" { return labels == ["to", "on"] ? member : nil }
        guard let allowed = Self.labels[name], labels.allSatisfy(allowed.contains) else { return nil }
        if name == "bind", labels.isEmpty {
            let trailingOnNext = call.trailingClosure != nil && call.additionalTrailingClosures.isEmpty
            return trailingOnNext && imports.contains(where: ["RxSwift", "RxCocoa"].contains) ? member : nil
        }
        return member
    }

    /// Whether a subscribing call, in a file that imports RxSwift or RxCocoa, is surely RxSwift's: `.bind`, `.drive`,
    /// `.emit`, a chain ending in `.disposed(by:)`, or `.subscribe` with a closure, one of RxSwift's labels or no argument
    /// (Combine's `subscribe(_:)` takes one, unlabelled).
    static func isRx(_ call: FunctionCallExprSyntax, imports: [String]) -> Bool {
        guard let name = name(of: call), imports.contains(where: ["RxSwift", "RxCocoa"].contains) else { return false }
        if ["bind", "drive", "emit"].contains(name) || Self.name(of: chainEnd(from: call)) == "disposed" { return true }
        // Combine's `subscribe(_:)` takes one unlabelled argument, RxSwift's `subscribe()` none.
        return name == "subscribe" && (call.trailingClosure != nil || call.arguments.isEmpty || call.arguments.contains { $0.label != nil })
    }

    /// Whether the subscription `call` starts is bound after all, as a finding's advice says: inside what an accepted
    /// operator is called on (`AnyCancellable(….dispose).cancelOnDeactivate(interactor: self)`), or kept in a local
    /// (`let disposable = …`) that such a call later reads.
    static func isBound(_ call: FunctionCallExprSyntax, accepted: Set<String>) -> Bool {
        /// The nodes from `node` up to its statement, not out of a closure it is in.
        func statementAncestors(of node: Syntax) -> some Sequence<Syntax> {
            sequence(first: node) { $0.parent }.prefix { !$0.is(CodeBlockItemSyntax.self) && !$0.is(ClosureExprSyntax.self) }
        }
        /// Whether `node` is, within its statement, inside what an accepted operator is called on.
        func isBoundValue(_ node: Syntax) -> Bool {
            statementAncestors(of: node).contains { current in
                guard let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
                    let bound = member.parent?.as(FunctionCallExprSyntax.self), bound.calledExpression.id == member.id
                else { return false }
                return name(of: bound).map(accepted.contains) == true
            }
        }
        if isBoundValue(Syntax(call)) { return true }
        guard let binding = statementAncestors(of: Syntax(call)).lazy.compactMap({ $0.as(PatternBindingSyntax.self) }).first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let body = binding.enclosingFunction?.body
        else { return false }
        return body.tokens(viewMode: .sourceAccurate).contains { token in
            token.text == name && token.position > binding.endPosition && token.parent?.is(DeclReferenceExprSyntax.self) == true
                && isBoundValue(Syntax(token.parent!))
        }
    }

    /// Whether `receiver` is a workflow: made on the spot, or named by a local, a parameter or a stored property of
    /// `type` whose type — written, or made by its initial value — is `Workflow` or descends from it in the project.
    static func isWorkflow(_ receiver: ExprSyntax, of type: TypeDeclaration, file: LintFile) -> Bool {
        func descends(_ name: String?) -> Bool { name.map { file.model.projectTypes.supertypes(of: [$0]).contains("Workflow") } ?? false }
        let receiver = receiver.unwrapped
        if let call = receiver.as(FunctionCallExprSyntax.self) { return descends(call.constructedTypeName) }
        let name: String
        if let reference = receiver.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            if let function = receiver.enclosingFunction {
                if let binding = function.localBindings.last(where: { binding in
                    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name && binding.isVisible(at: receiver)
                }) {
                    return descends(binding.typeAnnotation?.type.unwrappedOptional.baseName ?? binding.initializer?.value.as(FunctionCallExprSyntax.self)?.constructedTypeName)
                }
                if let parameter = function.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                    return descends(parameter.type.unwrappedOptional.baseName)
                }
            }
        } else if let member = receiver.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            name = member.declName.baseName.text
        } else {
            return false
        }
        guard let property = type.storedProperties.first(where: { $0.name == name }) else { return false }
        return descends(property.type?.unwrappedOptional.baseName ?? property.initializer?.as(FunctionCallExprSyntax.self)?.constructedTypeName)
    }

    /// Whether the call sits in the closure of an `Observable.create { … }` (or `Single.create`): there
    /// `self` is usually weak and optional, and the fix is to return the inner subscription's disposable.
    static func isInsideCreate(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent {
            if let closure = parent.as(ClosureExprSyntax.self),
                let outer = closure.receivingCall,
                outer.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "create"
            {
                return true
            }
            if parent.is(MemberBlockItemSyntax.self) { return false }
            node = parent
        }
        return false
    }

    /// The outermost call of the method chain `call` starts: `a.subscribe().disposed(by:)` → the `disposed` call.
    static func chainEnd(from call: FunctionCallExprSyntax) -> FunctionCallExprSyntax {
        var end = call
        while let member = end.parent?.as(MemberAccessExprSyntax.self), member.base?.id == end.id,
            let next = member.parent?.as(FunctionCallExprSyntax.self), next.calledExpression.id == member.id
        {
            end = next
        }
        return end
    }

    static func name(of call: FunctionCallExprSyntax) -> String? {
        call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }
}

/// The operator that binds a subscription to a RIB's lifecycle, in the idiom of the framework the file
/// imports: RIBs (RxSwift) disposes, ModernRIBs and CombineRIBs cancel (they deprecate `disposeOnDeactivate`
/// for `cancelOnDeactivate`). Uber's RIBs has no operator for a Combine chain: there the `AnyCancellable` is handed
/// to an Rx disposable that is bound instead, unless the file uses a `cancelOnDeactivate` the project adds; and
/// ModernRIBs and CombineRIBs have none for an RxSwift chain: there the `Disposable` is handed to a cancellable.
struct Lifecycle {
    let isWorker: Bool
    let cancels: Bool
    /// A Combine chain in a file of Uber's RIBs with no operator of its own for it.
    let wrapsCancellable: Bool
    /// What a file of ModernRIBs or CombineRIBs (named here), which bind `AnyCancellable`s only, must hand to one: an
    /// RxSwift chain's `Disposable`, a workflow's `Cancellable`.
    let wraps: (value: Wrapped, framework: String)?

    enum Wrapped {
        case disposable, cancellable
    }

    /// `rxChain`: the chain is surely RxSwift's (`.disposed(by:)`, `.bind(to:)`, `.subscribe(onNext:)`); `workflow`: it
    /// subscribes a workflow, whose `subscribe(_:)` returns a `Cancellable` in ModernRIBs.
    init(isWorker: Bool, file: LintFile, combineChain: Bool = false, rxChain: Bool = false, workflow: Bool = false) {
        self.isWorker = isWorker
        let imports = file.model.imports
        let combineRIBs = imports.contains("ModernRIBs") || imports.contains("CombineRIBs")
        cancels = combineChain || combineRIBs
        wrapsCancellable = combineChain && !combineRIBs && imports.contains("RIBs") && !Self.uses(isWorker ? "cancelOnStop" : "cancelOnDeactivate", in: file)
        let framework = imports.contains("ModernRIBs") ? "ModernRIBs" : "CombineRIBs"
        wraps = !combineRIBs || imports.contains("RIBs") ? nil : rxChain ? (.disposable, framework) : workflow ? (.cancellable, framework) : nil
        importsRxSwift = imports.contains("RxSwift")
        importsCombine = imports.contains("Combine")
    }

    /// The file imports Combine, whose `AnyCancellable` the advice for an RxSwift chain under ModernRIBs uses.
    private let importsCombine: Bool

    /// The file imports RxSwift, whose `Disposables` the advice for a Combine chain under Uber's RIBs uses.
    private let importsRxSwift: Bool

    /// Whether the file's code calls or declares `operator` (a comment or a string naming it does not count).
    private static func uses(_ operator: String, in file: LintFile) -> Bool {
        guard file.contains(`operator`) else { return false }
        return file.tokens(spelled: `operator`, in: file.tree).contains { token in
            token.tokenKind == .identifier(`operator`) && (token.parent?.is(DeclReferenceExprSyntax.self) == true || token.parent?.is(FunctionDeclSyntax.self) == true)
        }
    }

    /// Chain endings that bind: either spelling, since ModernRIBs keeps the deprecated one working.
    var accepted: Set<String> { isWorker ? ["disposeOnStop", "cancelOnStop"] : ["disposeOnDeactivate", "cancelOnDeactivate"] }

    /// What to write: `.disposeOnDeactivate(interactor: self)`, `.cancelOnStop(self)`, and for a Combine chain under
    /// Uber's RIBs `Disposables.create(with: cancellable.cancel).disposeOnDeactivate(interactor: self)`.
    var advice: String {
        let dispose = isWorker ? ".disposeOnStop(self)" : ".disposeOnDeactivate(interactor: self)"
        let cancel = isWorker ? ".cancelOnStop(self)" : ".cancelOnDeactivate(interactor: self)"
        if wrapsCancellable { return "Disposables.create(with: cancellable.cancel)" + dispose }
        switch wraps?.value {
        case .disposable?: return "AnyCancellable(disposable.dispose)" + cancel
        case .cancellable?: return "AnyCancellable(cancellable)" + cancel
        case nil: break
        }
        return cancels ? cancel : dispose
    }

    /// How a finding says to bind the chain (`there`: where the lifecycle starts).
    func ending(there: Bool = false) -> String {
        let place = there ? " there" : ""
        if let (value, framework) = wraps {
            let kept = value == .disposable ? "`Disposable` it returns (`let disposable = …`)" : "`Cancellable` it returns (`let cancellable = …`)"
            let why = value == .disposable ? "Combine's cancellables, not RxSwift's disposables" : "`AnyCancellable`s, and a workflow returns a `Cancellable`"
            return "keep the \(kept) and bind it\(place) with `\(advice)`" + (importsCombine ? "" : " (`import Combine`)") + " (\(framework) binds \(why))"
        }
        guard wrapsCancellable else { return "end the chain\(place) with `\(advice)`" }
        return "keep the `AnyCancellable` it returns (`let cancellable = …`) and bind it\(place) with `\(advice)`"
            + (importsRxSwift ? "" : " (`import RxSwift`)") + " (Uber's RIBs binds RxSwift's disposables, not Combine's cancellables)"
    }
}

/// Where an interactor (a worker) subscribes before it is active (started): in its `init`, or in a method that
/// `init` calls, directly or through others, in the type's declaration and extensions in the file. There the lifecycle operator ends
/// the subscription at once — RIBs and ModernRIBs terminate a subscription bound to an inactive interactor — so the
/// advice is to subscribe where the lifecycle starts instead.
struct BeforeStart {
    /// The methods `init` runs, by full name (`bind(to:)`): an overload `init` does not call is not one of them.
    private var methods: Set<String> = []
    private let bodies: Set<SyntaxIdentifier>

    /// `bodies`: the member blocks of the class and its extensions in the file (`byName`).
    init(bodies: [MemberBlockSyntax]) {
        self.bodies = Set(bodies.map(\.id))
        var functions: [String: [CodeBlockSyntax]] = [:]
        var pending: [String] = []
        for item in bodies.flatMap(\.members) {
            if let function = item.decl.as(FunctionDeclSyntax.self), let body = function.body {
                functions[Self.fullName(function), default: []].append(body)
            } else if let body = item.decl.as(InitializerDeclSyntax.self)?.body {
                pending += Self.calls(in: body)
            }
        }
        while let name = pending.popLast() {
            guard let bodies = functions[name], methods.insert(name).inserted else { continue }
            pending += bodies.flatMap(Self.calls(in:))
        }
    }

    /// Where `node` is run before the start, when it stands outside any closure in `init` or a method `init` runs:
    /// "during `init`", "in 'bind()', which `init` calls".
    func caller(of node: some SyntaxProtocol) -> String? {
        var current = node.parent
        while let node = current {
            if node.is(ClosureExprSyntax.self) || node.is(MemberBlockSyntax.self) { return nil }
            // A member of the type's bodies, not of a type nested in them.
            let isMember = node.parent?.parent?.parent.map { bodies.contains($0.id) } ?? false
            if node.is(InitializerDeclSyntax.self) { return isMember ? "during `init`" : nil }
            if let function = node.as(FunctionDeclSyntax.self) {
                let name = Self.fullName(function)
                return isMember && methods.contains(name) ? "in '\(name)', which `init` calls" : nil
            }
            current = node.parent
        }
        return nil
    }

    /// The member blocks of each type name's declarations and extensions in the file: built once per file, as a
    /// file may declare thousands of types.
    static func byName(_ model: FileModel) -> [String: [MemberBlockSyntax]] {
        Dictionary(grouping: model.types, by: \.name).mapValues { $0.map(\.members) }
    }

    /// `bind()`, `bind(to:)`, `load(_:)`.
    private static func fullName(_ function: FunctionDeclSyntax) -> String {
        function.name.text + "(" + function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
    }

    /// The type's own methods a body calls outside closures, by full name: `bind()`, `self.bind(to:)`.
    private static func calls(in body: CodeBlockSyntax) -> [String] {
        final class Calls: SyntaxVisitor {
            var names: [String] = []
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                let labels = "(" + node.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
                if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                    names.append(name + labels)
                } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                    member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                {
                    names.append(member.declName.baseName.text + labels)
                }
                return .visitChildren
            }
        }
        let calls = Calls(viewMode: .sourceAccurate)
        calls.walk(body)
        return calls.names
    }
}

extension Lifecycle {
    /// The method that starts the lifecycle: `didBecomeActive()`, a worker's `didStart(_:)`.
    var start: String { isWorker ? "didStart(_:)" : "didBecomeActive()" }
    /// What the type is not yet when `init` runs.
    var notYet: String { isWorker ? "before the worker starts" : "before the interactor is active" }
}
