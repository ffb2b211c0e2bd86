import RibsLintKit
import SwiftSyntax

public struct VIPERTaskCancellationRule: Rule {
    public static let description = RuleDescription(
        id: "viper_task_cancellation",
        name: "VIPER Task Cancellation",
        summary: "A presenter starts a Swift Task it cannot cancel: never cancelled in deinit, replaced without cancelling, or not kept.",
        rationale: """
            VIPER Playbook, "Concurrency and Cancellation": "track active tasks and cancel stale requests" — "cancel \
            in-flight tasks before issuing new requests" and "cancel all tasks on module teardown", with \
            `loadTask?.cancel(); loadTask = Task { … }` and `deinit { loadTask?.cancel() }`. A task nobody cancels keeps \
            the presenter alive and updates a view the user has left; one replaced without a cancel lets a stale response \
            land after a newer one.
            """,
        profiles: ["viper"],
        defaultSeverity: .warning,
        isOptIn: true,
        triggering: [
            Example("""
                protocol AgendaViewOutput: AnyObject { func reload() }
                final class AgendaPresenter: AgendaViewOutput {
                    private var 1️⃣syncTask: Task<Void, Never>?
                    private var refreshTasks: [String: Task<Void, Never>] = [:]
                    deinit {
                        for task in refreshTasks.values { task.cancel() }
                    }
                    func reload() {
                        2️⃣syncTask = Task { await sync() }
                        3️⃣Task { await sync() }
                        _ = 4️⃣Task.detached { }
                    }
                    func sync() async {}
                }
                """, messages: [
                    "presenter 'AgendaPresenter' never cancels task 'syncTask' in `deinit`; cancel it there so the work stops with the module",
                    "presenter 'AgendaPresenter' replaces task 'syncTask' without cancelling the running one; call `syncTask?.cancel()` first",
                    "presenter 'AgendaPresenter' starts a task and drops its handle; keep it in a property and cancel it in `deinit`",
                    "presenter 'AgendaPresenter' starts a task and drops its handle; keep it in a property and cancel it in `deinit`",
                ]),
            Example("""
                protocol BookingPresenterProtocol: AnyObject {}
                final class BookingPresenter: BookingPresenterProtocol {
                    private var 1️⃣loadTask = Task<Void, Never> {}
                    func load() {
                        2️⃣loadTask = Task {}
                    }
                }
                """, messages: [
                    "presenter 'BookingPresenter' never cancels task 'loadTask' in `deinit`; cancel it there so the work stops with the module",
                    "presenter 'BookingPresenter' replaces task 'loadTask' without cancelling the running one; call `loadTask?.cancel()` first",
                ]),
            Example("""
                enum Todo { struct Task { let title: String } }
                protocol ClipsViewOutput: AnyObject {}
                final class ClipsPresenter: ClipsViewOutput {
                    private var 1️⃣observers = Set<Task<Void, Never>>()
                    private var refreshTask: Task<Void, Never>?
                    deinit { refreshTask?.cancel() }
                    func reload(force: Bool) {
                        if force { refreshTask?.cancel() }
                        2️⃣refreshTask = Task {}
                        3️⃣Swift.Task {}
                    }
                }
                """, messages: [
                    "presenter 'ClipsPresenter' never cancels task 'observers' in `deinit`; cancel it there so the work stops with the module",
                    "presenter 'ClipsPresenter' replaces task 'refreshTask' without cancelling the running one; call `refreshTask?.cancel()` first",
                    "presenter 'ClipsPresenter' starts a task and drops its handle; keep it in a property and cancel it in `deinit`",
                ]),
            Example("""
                // file: Tags/TagsPresenter.swift
                protocol TagsViewOutput: AnyObject {}
                final class TagsPresenter {}
                // file: Tags/TagsPresenter+Output.swift
                extension TagsPresenter: TagsViewOutput {
                    func viewDidLoad() { 1️⃣Task {} }
                }
                """, messages: [
                    "presenter 'TagsPresenter' starts a task and drops its handle; keep it in a property and cancel it in `deinit`",
                ]),
            // A task looping over a stream holds the presenter until the stream ends.
            Example("""
                protocol HintsViewOutput: AnyObject {}
                final class HintsPresenter: HintsViewOutput {
                    weak var view: HintsViewInput?
                    var router: HintsRouterInput?
                    func viewWillAppear() {
                        1️⃣Task { @MainActor in
                            for await show in hintUpdates {
                                if show { router?.showHint(from: view) }
                            }
                        }
                    }
                }
                """, messages: [
                    "presenter 'HintsPresenter' starts a task and drops its handle; keep it in a property, cancel it in `deinit`, and capture `self` weakly in it: looping over a stream, it holds the presenter while it waits, and `deinit` never runs",
                ]),
        ],
        nonTriggering: [
            Example("""
                protocol ProfileView: AnyObject {}
                protocol ProfilePresenting: AnyObject { func load() }
                @MainActor
                final class ProfilePresenter: ProfilePresenting {
                    weak var view: ProfileView?
                    private var loadTask: Task<Void, Never>?
                    private var searchTask: Task<Void, Never>?
                    private var tasks: [String: Task<Void, Never>] = [:]
                    private var cancellables = Set<AnyCancellable>()
                    deinit {
                        loadTask?.cancel()
                        cancelAll()
                    }
                    func load() {
                        loadTask?.cancel()
                        loadTask = Task { try? await Task.sleep(nanoseconds: 1) }
                    }
                    func export(pdf: Bool) {
                        if pdf { loadTask?.cancel() } else { cancelAll(); loadTask?.cancel() }
                        loadTask = Task {}
                    }
                    func search() {
                        guard searchTask == nil else { return }
                        searchTask = Task { if Task.isCancelled { return } }
                    }
                    func prefetch(_ id: String) {
                        tasks[id] = Task { try? Task.checkCancellation() }
                    }
                    func refresh() async {}
                    private func cancelAll() {
                        searchTask?.cancel()
                        tasks.values.forEach { $0.cancel() }
                    }
                }
                """),
            Example("""
                protocol HomePresenterProtocol: AnyObject {}
                final class HomePresenter: HomePresenterProtocol {
                    private var tasks: [Task<Void, Never>] = []
                    private var pending: [String: Task<Void, Never>] = [:]
                    func load() {
                        tasks.append(Task { await fetch() })
                        pending["feed"] = Task { await fetch() }
                    }
                    func fetch() async {}
                    deinit {
                        tasks.forEach({ $0.cancel() })
                        pending.values.forEach({ task in task.cancel() })
                    }
                }
                """),
            Example("""
                protocol AgendaInteractorInput: AnyObject {}
                final class AgendaInteractor: AgendaInteractorInput {
                    private var task: Task<Void, Never>?
                    func load() { Task { } }
                }
                """),
            Example("""
                struct Task { let title: String }
                protocol TodoViewOutput: AnyObject {}
                final class TodoPresenter: TodoViewOutput {
                    private var task: Task?
                    func make() { _ = Task(title: "Buy milk") }
                }
                """),
        ])

    public init(options: RuleOptions) {}

    public func violations(in file: LintFile) -> [Violation] {
        guard file.contains("Task") else { return [] }
        let module = VIPERModule.of(file)
        // A project type named `Task` (an entity) is meant where the name stands without generic arguments.
        let projectDeclaresTask = file.model.projectTypes.primary("Task") != nil
        var violations: [Violation] = []
        let presenters = module.parts(.presenter)
        var seen = Set<String>()
        for presenter in presenters where seen.insert(presenter.name).inserted {
            let group = presenters.filter { $0.name == presenter.name }
            let bodies = group.map(\.members)
            let functions = bodies.flatMap { $0.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) } }
            // Stored properties and `deinit` live in the primary declaration: an extension in another file sees
            // only the tasks it starts.
            let primary = group.first { $0.kind == .class || $0.kind == .actor }
            let tasks = primary.map { TypeDeclaration.storedProperties(of: $0.members) }?.filter { property in
                !property.isStatic && Self.holdsTask(property, projectDeclaresTask: projectDeclaresTask)
            } ?? []
            let deinitializer = primary?.members.members.lazy.compactMap { $0.decl.as(DeinitializerDeclSyntax.self) }.first
            let cancelledOnTeardown = deinitializer.map { cancelled(in: Syntax($0), functions: functions) } ?? []
            for property in tasks where !cancelledOnTeardown.contains(property.name) {
                violations.append(Violation(
                    at: property.nameNode,
                    "presenter '\(presenter.name)' never cancels task '\(property.name)' in `deinit`; cancel it there so the work stops with the module"))
            }
            let single = Set(tasks.filter { !Self.isCollection($0) }.map(\.name))
            for body in bodies {
                let visitor = TaskVisitor()
                visitor.walk(body)
                for (target, assignment) in visitor.assignments where single.contains(target) {
                    guard let function = assignment.enclosingFunction, !isGuarded(target, before: assignment, in: function, functions: functions)
                    else { continue }
                    violations.append(Violation(
                        at: assignment,
                        "presenter '\(presenter.name)' replaces task '\(target)' without cancelling the running one; call `\(target)?.cancel()` first"))
                }
                for task in visitor.discarded {
                    // A task that waits on a stream (`for await`) holds the presenter while it waits: cancelling it in `deinit`
                    // needs it not to hold `self`, or `deinit` never runs.
                    var call = Syntax(task)
                    while !call.is(FunctionCallExprSyntax.self), let parent = call.parent { call = parent }
                    let waits = call.is(FunctionCallExprSyntax.self) && call.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.await) && $0.parent?.is(ForStmtSyntax.self) == true }
                    violations.append(Violation(
                        at: task,
                        waits
                            ? "presenter '\(presenter.name)' starts a task and drops its handle; keep it in a property, cancel it in `deinit`, and capture `self` weakly in it: looping over a stream, it holds the presenter while it waits, and `deinit` never runs"
                            : "presenter '\(presenter.name)' starts a task and drops its handle; keep it in a property and cancel it in `deinit`"))
                }
            }
        }
        return violations
    }

    /// `Task { … }`, `Task.detached { … }`, `Task<…> { … }`, `Swift.Task { … }`: Swift's task initialisers, which
    /// take the operation as a closure (a project `Task(title:)` entity takes none).
    static func taskCall(_ expression: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            call.trailingClosure != nil || call.arguments.last?.expression.is(ClosureExprSyntax.self) == true
        else { return nil }
        var called = call.calledExpression
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "detached", let base = member.base {
            called = base
        }
        if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
        if let qualified = called.as(MemberAccessExprSyntax.self), qualified.declName.baseName.text == "Task",
            ["Swift", "_Concurrency"].contains(qualified.base?.as(DeclReferenceExprSyntax.self)?.baseName.text ?? "")
        {
            return call
        }
        return called.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task" ? call : nil
    }

    /// A stored property holding Swift tasks: `Task<…>?`, `[Task<…>]`, `[K: Task<…>]`, `Set<Task<…>>`, or
    /// initialised with `Task { … }` or an empty collection of them.
    static func holdsTask(_ property: StoredProperty, projectDeclaresTask: Bool) -> Bool {
        if let type = property.type {
            return type.heldTypeNames.contains("Task") && (!projectDeclaresTask || type.description.contains("Task<"))
                || type.description.contains("Set<Task<")
        }
        guard let initializer = property.initializer else { return false }
        return taskCall(initializer) != nil || initializer.as(FunctionCallExprSyntax.self)?.calledExpression.description.contains("Task<") == true
    }

    static func isCollection(_ property: StoredProperty) -> Bool {
        if let type = property.type?.as(OptionalTypeSyntax.self)?.wrappedType ?? property.type {
            return type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) || type.description.hasPrefix("Set<")
        }
        return property.initializer.map { taskCall($0) == nil } ?? false
    }

    /// Names of task properties `node` cancels: `x?.cancel()`, a loop or `forEach` over `x`, or a method of
    /// the type that does (followed a few calls deep).
    private func cancelled(in node: Syntax, functions: [FunctionDeclSyntax], depth: Int = 0) -> Set<String> {
        var names = Set<String>()
        for token in node.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier("cancel") {
            guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), let base = member.base else { continue }
            if let name = Self.propertyName(base) { names.insert(name) }
            if let loop = token.ancestor(ForStmtSyntax.self), let name = Self.propertyName(loop.sequence) { names.insert(name) }
            if let call = token.ancestor(ClosureExprSyntax.self).flatMap(Self.call(taking:)),
                let forEach = call.calledExpression.as(MemberAccessExprSyntax.self), forEach.declName.baseName.text == "forEach",
                let name = forEach.base.flatMap(Self.propertyName)
            {
                names.insert(name)
            }
        }
        guard depth < 4 else { return names }
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let called) = token.tokenKind, token.parent?.parent?.is(FunctionCallExprSyntax.self) == true
                || token.parent?.parent?.parent?.is(FunctionCallExprSyntax.self) == true,
                let helper = functions.first(where: { $0.name.text == called && Syntax($0).id != node.id })
            else { continue }
            names.formUnion(cancelled(in: Syntax(helper), functions: functions, depth: depth + 1))
        }
        return names
    }

    /// The call a closure is given to: as its trailing closure, one of several, or in its parentheses
    /// (`forEach({ $0.cancel() })`).
    static func call(taking closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self) { return call }
        if let argument = closure.parent?.as(LabeledExprSyntax.self) { return argument.parent?.parent?.as(FunctionCallExprSyntax.self) }
        return closure.parent?.parent?.as(FunctionCallExprSyntax.self)
    }

    /// `x`, `self.x`, `x?`, `x.values`: the stored property an expression reads.
    static func propertyName(_ expression: ExprSyntax) -> String? {
        let expr = expression.unwrapped
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "self" ? nil : reference.baseName.text }
        guard let member = expr.as(MemberAccessExprSyntax.self), let base = member.base?.unwrapped else { return nil }
        if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { return member.declName.baseName.text }
        if ["values", "keys"].contains(member.declName.baseName.text) { return propertyName(base) }
        return nil
    }

    /// Whether the function cancels `target`, or returns while it is set, before `assignment`.
    private func isGuarded(_ target: String, before assignment: some SyntaxProtocol, in function: FunctionDeclSyntax, functions: [FunctionDeclSyntax]) -> Bool {
        guard let body = function.body else { return false }
        let limit = assignment.positionAfterSkippingLeadingTrivia
        for statement in body.statements where statement.endPosition <= limit {
            if cancelsOnEveryPath(target, Syntax(statement.item), functions: functions) { return true }
            let text = statement.trimmedText
            if statement.item.is(GuardStmtSyntax.self) || text.hasPrefix("guard "), text.contains("\(target) == nil") { return true }
            if text.hasPrefix("if "), text.contains("\(target) != nil"), text.contains("return") { return true }
        }
        return false
    }

    /// Whether every path through a statement cancels `target`: a plain call, or an `if` whose every branch
    /// does (a cancel inside an `if` without `else`, or a loop, runs on some paths only).
    private func cancelsOnEveryPath(_ target: String, _ statement: Syntax, functions: [FunctionDeclSyntax]) -> Bool {
        if let branch = statement.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? statement.as(IfExprSyntax.self) {
            guard let otherwise = branch.elseBody,
                branch.body.statements.contains(where: { cancelsOnEveryPath(target, Syntax($0.item), functions: functions) })
            else { return false }
            switch otherwise {
            case .ifExpr(let next): return cancelsOnEveryPath(target, Syntax(next), functions: functions)
            case .codeBlock(let block): return block.statements.contains { cancelsOnEveryPath(target, Syntax($0.item), functions: functions) }
            }
        }
        guard statement.is(ExprSyntax.self) || statement.is(DeferStmtSyntax.self) || statement.is(ExpressionStmtSyntax.self) else { return false }
        return cancelled(in: statement, functions: functions).contains(target)
    }

    private final class TaskVisitor: TypeBodyVisitor {
        var assignments: [(String, ExprSyntax)] = []
        var discarded: [ExprSyntax] = []

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), VIPERTaskCancellationRule.taskCall(elements[2]) != nil {
                if elements[0].is(DiscardAssignmentExprSyntax.self) {
                    discarded.append(Self.taskName(elements[2]))
                } else if let name = VIPERTaskCancellationRule.propertyName(elements[0]) {
                    assignments.append((name, elements[0]))
                }
            }
            return .visitChildren
        }

        override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
            if let expression = node.item.as(ExprSyntax.self), VIPERTaskCancellationRule.taskCall(expression) != nil {
                discarded.append(Self.taskName(expression))
            }
            return .visitChildren
        }

        /// Where a finding about a task initialiser points: the `Task` name.
        static func taskName(_ expression: ExprSyntax) -> ExprSyntax {
            guard let call = expression.as(FunctionCallExprSyntax.self) else { return expression }
            var called = call.calledExpression
            if let member = called.as(MemberAccessExprSyntax.self), let base = member.base { called = base }
            if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
            return called
        }
    }
}

extension SyntaxProtocol {
    /// The nearest ancestor of the given kind.
    func ancestor<Kind: SyntaxProtocol>(_ kind: Kind.Type) -> Kind? {
        var node = parent
        while let current = node {
            if let found = current.as(Kind.self) { return found }
            node = current.parent
        }
        return nil
    }
}
