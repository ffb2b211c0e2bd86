import RibsLintKit
import SwiftSyntax

/// The subscription bags an interactor or worker stores, and what `--fix` makes of them
/// (`interactor_dispose_bag`, `interactor_rx_lifecycle`): a chain ending in the type's own bag, written
/// directly in `didBecomeActive` (a worker's `didStart`), ends with the lifecycle operator instead; a bag
/// whose every use is such a chain or a reset goes away with its resets. Anywhere else — a chain built in
/// `init`, in a closure where `self` may be weak, a bag handed on — there is no safe fix.
struct OwnBags {
    let type: TypeDeclaration
    let file: LintFile
    private let isWorker: Bool
    /// Stored bag properties by name.
    private let bags: [String: StoredProperty]

    init(type: TypeDeclaration, file: LintFile) {
        self.type = type
        self.file = file
        isWorker = type.role == .worker
        bags = Dictionary(
            type.storedProperties.filter { !$0.isStatic && (InteractorDisposeBagRule.isBagType($0.type) || InteractorDisposeBagRule.isBagConstruction($0.initializer)) }
                .map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// `.disposed(by: bag)` or `.store(in: &bag)` → the lifecycle operator of the file's framework.
    func replacement(of call: FunctionCallExprSyntax) -> Edit? {
        // No lifecycle operator fits a task (`Task { … }.store(in: &bag)`): a bag holding one stays.
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), call.trailingClosure == nil,
            let argument = call.arguments.first, call.arguments.count == 1, !InteractorDisposeBagRule.isTask(member.base)
        else { return nil }
        let name = member.declName.baseName.text
        let bagged = name == "disposed" && argument.label?.text == "by"
            ? argument.expression : argument.expression.as(InOutExprSyntax.self)?.expression
        // Only where the framework has the operator for the chain: Uber's RIBs binds Rx disposables, ModernRIBs
        // and CombineRIBs bind Combine cancellables.
        let imports = file.model.imports
        let combineRIBs = imports.contains("ModernRIBs") || imports.contains("CombineRIBs")
        guard name == "disposed" ? imports.contains("RIBs") && !combineRIBs : name == "store" && argument.label?.text == "in" && combineRIBs,
            let bagged, bagName(bagged) != nil, startsLifecycle(call)
        else { return nil }
        let lifecycle = Lifecycle(isWorker: isWorker, file: file, combineChain: name == "store")
        return Edit(start: member.period.positionAfterSkippingLeadingTrivia.utf8Offset, end: call.endPositionBeforeTrailingTrivia.utf8Offset, replacement: lifecycle.advice)
    }

    /// Every edit that removes the bag `name`: its declaration, its resets, and each chain it ends rewritten;
    /// nil when it has any other use.
    func removal(of name: String) -> [Edit]? {
        // A private bag is used in this file only: in the type and its extensions here.
        guard let bag = bags[name], bag.declaration.bindings.count == 1,
            bag.declaration.modifiers.keepsToFile,
            let declarationLine = wholeLines(of: bag.declaration)
        else { return nil }
        var edits = [declarationLine]
        for token in file.model.bodies(of: type).flatMap({ file.tokens(spelled: name, in: $0) }) {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            let use: ExprSyntax
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
                use = ExprSyntax(member)
            } else {
                use = ExprSyntax(reference)
            }
            if let edit = chainReplacement(at: use) ?? reset(at: use) { edits.append(edit) } else { return nil }
        }
        return edits
    }

    /// Whether `target = <bag>` gives an own bag declared without a value its first one (`private let bag: DisposeBag`
    /// … `init(…) { self.bag = DisposeBag(); super.init(…) }`): a statement of a designated initializer's body itself,
    /// before it calls `super.init`, naming the property (`self.bag`, or `bag` where nothing local hides it), which no
    /// statement before it assigns. The bag is the stored property's, reported with it.
    func isFirstValue(of target: ExprSyntax) -> Bool {
        guard let name = bagName(target), bags[name]?.initializer == nil,
            target.as(DeclReferenceExprSyntax.self).map({ !$0.isShadowed(name) }) ?? true,
            let item = target.parent?.parent?.as(SequenceExprSyntax.self)?.parent?.as(CodeBlockItemSyntax.self),
            let body = item.parent?.as(CodeBlockItemListSyntax.self), body.parent?.parent?.is(InitializerDeclSyntax.self) == true
        else { return false }
        for earlier in body {
            if earlier.id == item.id { return true }
            // `super.init(…)`, `self.init(…)`, or the bag named already: what follows is a reset.
            if !file.tokens(spelled: name, in: earlier).isEmpty { return false }
            let callsInit = earlier.tokens(viewMode: .sourceAccurate).contains { token in
                token.tokenKind == .keyword(.`init`) && token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period
                    && [.keyword(.super), .keyword(.self)].contains(token.previousToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate)?.tokenKind)
            }
            if callsInit { return false }
        }
        return false
    }

    /// The name of the own bag an expression names: `bag`, `self.bag`.
    private func bagName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return bags[reference.baseName.text] != nil ? reference.baseName.text : nil }
        guard let member = expression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        else { return nil }
        return bags[member.declName.baseName.text] != nil ? member.declName.baseName.text : nil
    }

    /// The rewrite of the chain a use of the bag ends, when it is the argument of `.disposed(by:)`/`.store(in:)`.
    private func chainReplacement(at use: ExprSyntax) -> Edit? {
        let argument = use.parent?.as(InOutExprSyntax.self)?.parent ?? use.parent
        guard let call = argument?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self) else { return nil }
        return replacement(of: call)
    }

    /// The removal of a statement resetting the bag: `bag = DisposeBag()`, `self.bag = []`, `bag.removeAll()`.
    private func reset(at use: ExprSyntax) -> Edit? {
        var statement: Syntax?
        if let sequence = use.parent?.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[0].id == use.id, elements[1].is(AssignmentExprSyntax.self),
                InteractorDisposeBagRule.isBagConstruction(elements[2]) || elements[2].is(ArrayExprSyntax.self)
            {
                statement = Syntax(sequence)
            }
        } else if let member = use.parent?.as(MemberAccessExprSyntax.self), member.base?.id == use.id,
            member.declName.baseName.text == "removeAll", let call = member.parent?.as(FunctionCallExprSyntax.self), call.arguments.isEmpty
        {
            statement = Syntax(call)
        }
        guard let statement, let item = statement.parent?.as(CodeBlockItemSyntax.self) else { return nil }
        return wholeLines(of: item)
    }

    /// Deletes the lines a node stands on, when it stands alone on them.
    private func wholeLines(of node: some SyntaxProtocol) -> Edit? {
        guard file.indentation(before: node) != nil else { return nil }
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        let lastLine = file.location(of: end).line
        let nextLine = lastLine < file.lineCount ? file.lineStart(lastLine + 1) : file.source.utf8.count
        let rest = file.source.utf8.dropFirst(end).prefix(nextLine - end)
        guard rest.allSatisfy({ [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: ";")].contains($0) })
        else { return nil }
        let start = file.lineStart(file.location(of: node.positionAfterSkippingLeadingTrivia.utf8Offset).line)
        return Edit(start: start, end: nextLine, replacement: "")
    }

    /// Whether the call stands directly in the method that starts the lifecycle (`didBecomeActive`, a worker's
    /// `didStart`), outside any closure: only there is the type active and `self` strong.
    private func startsLifecycle(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node {
            if current.is(ClosureExprSyntax.self) { return false }
            if let function = current.as(FunctionDeclSyntax.self) {
                return function.name.text == (isWorker ? "didStart" : "didBecomeActive")
            }
            if current.is(MemberBlockSyntax.self) { return false }
            node = current.parent
        }
        return false
    }
}
