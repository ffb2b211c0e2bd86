import Foundation
import SwiftSyntax

/// Who plays which role, in a profile's words, for `custom_rules`' `role:` filters. A profile's own rules may
/// know more (VIPER's modules, TCA's reducers); `Catalog.roleModels` gives each profile its model, and a profile
/// without one answers with the roles its `RoleDefinition`s give.
public protocol RoleModel: Sendable {
    /// The roles a custom rule may select.
    var roleNames: [String] { get }
    /// The role of a type declared in `file` (an extension: the type's).
    func role(of type: TypeDeclaration, in file: LintFile) -> String?
    /// The role of a type the project declares somewhere, by its name: what a call constructs.
    func role(ofTypeNamed name: String, in file: LintFile) -> String?
}

/// The roles a profile's `RoleDefinition`s give: base classes, conformances, then name suffixes where the file
/// imports one of the profile's frameworks.
public struct DefinedRoles: RoleModel {
    let profile: Profile

    public init(profile: Profile) { self.profile = profile }

    public var roleNames: [String] { profile.roles.map(\.role.rawValue) }

    public func role(of type: TypeDeclaration, in file: LintFile) -> String? { type.role?.rawValue }

    public func role(ofTypeNamed name: String, in file: LintFile) -> String? {
        if let role = file.model.projectTypes.role(ofType: name) { return role.rawValue }
        // The framework's own classes play their roles: `ViewableRouter(interactor:viewController:)` is a router.
        if file.model.projectTypes.primary(name) == nil, let role = profile.baseClassRole(among: [name]) { return role.rawValue }
        guard file.model.importsFramework, let entry = file.model.projectTypes.primary(name) else { return nil }
        return profile.role(named: name, kind: entry.kind)?.rawValue
    }
}

/// What a custom rule looks at in a file: every type, member, call, reference and import, found in one walk.
struct CustomSubjects {
    struct Subject {
        let kind: SubjectKind
        let name: String
        /// `class`, `func`, … for types and members; the subject kind otherwise.
        let kindName: String
        /// The whole node: what "inside the subject" means.
        let span: Range<Int>
        /// Where a finding about it points.
        let nameSpan: Range<Int>
        let node: Syntax
        /// The innermost type declaration it is in (a type: itself), by index into `subjects`.
        var owner: Int?
        let attributes: [String]
        let access: String
        /// A type's own clause.
        let inherited: [String]
        /// A call's constructed type.
        let constructed: String?
    }

    let subjects: [Subject]

    static func of(_ file: LintFile) -> CustomSubjects { file.shared("custom-rule-subjects") { CustomSubjects(file) } }

    init(_ file: LintFile) {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file.tree)
        let start = file.hasByteOrderMark ? 3 : 0
        subjects = collector.subjects + [Subject(
            kind: .file, name: file.fileName, kindName: "file", span: start..<file.source.utf8.count, nameSpan: start..<start,
            node: Syntax(file.tree), owner: nil, attributes: [], access: "internal", inherited: [], constructed: nil)]
    }

    func of(kind: SubjectKind) -> [Int] { subjects.indices.filter { subjects[$0].kind == kind } }

    private final class Collector: SyntaxVisitor {
        var subjects: [Subject] = []
        var owners: [Int] = []

        /// A clause's code, not its condition (`canImport(UIKit)` is no call); none of `#if false`.
        override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
            if !node.isNeverCompiled, let elements = node.elements { walk(elements) }
            return .skipChildren
        }

        override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
            let name = node.path.map(\.name.text).joined(separator: ".")
            add(.import, name, "import", Syntax(node), name: Syntax(node), declaration: nil)
            return .skipChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { type(node, "class", node.name, node.inheritanceClause) }
        override func visitPost(_ node: ClassDeclSyntax) { owners.removeLast() }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { type(node, "struct", node.name, node.inheritanceClause) }
        override func visitPost(_ node: StructDeclSyntax) { owners.removeLast() }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { type(node, "enum", node.name, node.inheritanceClause) }
        override func visitPost(_ node: EnumDeclSyntax) { owners.removeLast() }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { type(node, "actor", node.name, node.inheritanceClause) }
        override func visitPost(_ node: ActorDeclSyntax) { owners.removeLast() }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { type(node, "protocol", node.name, node.inheritanceClause) }
        override func visitPost(_ node: ProtocolDeclSyntax) { owners.removeLast() }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            let index = add(
                .type, node.extendedType.baseName ?? node.extendedType.trimmedDescription, "extension", Syntax(node), name: Syntax(node.extendedType),
                declaration: node, inherited: node.inheritanceClause?.inheritedTypes.compactMap { $0.type.baseName } ?? [])
            owners.append(index)
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { owners.removeLast() }

        private func type(_ node: some DeclSyntaxProtocol, _ kind: String, _ name: TokenSyntax, _ clause: InheritanceClauseSyntax?) -> SyntaxVisitorContinueKind {
            let index = add(
                .type, name.text, kind, Syntax(node), name: Syntax(name), declaration: node,
                inherited: clause?.inheritedTypes.compactMap { $0.type.is(ClassRestrictionTypeSyntax.self) ? "AnyObject" : $0.type.baseName } ?? [])
            owners.append(index)
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            if isMember(node) { add(.member, node.name.text, "func", Syntax(node), name: Syntax(node.name), declaration: node) }
            return .visitChildren
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            if isMember(node) { add(.member, "init", "init", Syntax(node), name: Syntax(node.initKeyword), declaration: node) }
            return .visitChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard isMember(node) else { return .visitChildren }
            let kind = node.bindingSpecifier.tokenKind == .keyword(.let) ? "let" : "var"
            for binding in node.bindings {
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                add(.member, identifier.identifier.text, kind, Syntax(node), name: Syntax(identifier), declaration: node)
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            var called = node.calledExpression
            if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
            var nameNode: Syntax?
            var constructed: String?
            if let reference = called.as(DeclReferenceExprSyntax.self) {
                nameNode = Syntax(reference.baseName)
                if reference.baseName.text.first?.isUppercase == true { constructed = reference.baseName.text }
            } else if let member = called.as(MemberAccessExprSyntax.self) {
                nameNode = Syntax(member.declName.baseName)
                if member.declName.baseName.tokenKind == .keyword(.`init`) {
                    if var base = member.base {
                        if let specialized = base.as(GenericSpecializationExprSyntax.self) { base = specialized.expression }
                        constructed = base.as(DeclReferenceExprSyntax.self)?.baseName.text ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    } else {
                        // `let router: HomeRouter = .init(…)`: the annotated type.
                        constructed = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?.typeAnnotation?.type.baseName
                    }
                } else if member.base != nil, member.declName.baseName.text.first?.isUppercase == true {
                    // `Module.HomeRouter(…)`, `Outer.Inner(…)`: a qualified type.
                    constructed = member.declName.baseName.text
                }
            }
            if let nameNode {
                let name = constructed ?? nameNode.trimmedDescription
                add(.call, name, "call", Syntax(node), name: nameNode, end: node.endPositionBeforeTrailingTrivia.utf8Offset, declaration: nil,
                    constructed: constructed)
            }
            return .visitChildren
        }

        /// A name in an expression: a member after `.` (`viewController.present`), else a type when capitalized
        /// (`ProfileViewController()`, `Theme.main`), else a value.
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            let isMember = node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id
            let name = node.baseName.identifier?.name ?? node.baseName.text
            reference(node.baseName, kind: isMember ? "member" : name.first?.isUppercase == true ? "type" : "value")
            return .visitChildren
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            reference(node.name, kind: "type")
            return .visitChildren
        }

        override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
            reference(node.name, kind: "type")
            return .visitChildren
        }

        private func reference(_ token: TokenSyntax, kind: String) {
            guard case .identifier = token.tokenKind else { return }
            add(.reference, token.identifier?.name ?? token.text, kind, Syntax(token), name: Syntax(token), declaration: nil)
        }

        /// A declaration of a type's member block or of the file's top level (`#if` clauses included), not a local one.
        private func isMember(_ node: some SyntaxProtocol) -> Bool {
            var parent = node.parent
            while let current = parent {
                if current.is(MemberBlockItemSyntax.self) || current.is(SourceFileSyntax.self) { return true }
                if current.is(CodeBlockSyntax.self) || current.is(AccessorBlockSyntax.self) || current.is(ClosureExprSyntax.self) { return false }
                parent = current.parent
            }
            return false
        }

        @discardableResult
        private func add(
            _ kind: SubjectKind, _ name: String, _ kindName: String, _ node: Syntax, name nameNode: Syntax, end: Int? = nil,
            declaration: (any SyntaxProtocol)?, inherited: [String] = [], constructed: String? = nil
        ) -> Int {
            var attributes: [String] = []
            var access: String?
            func read(_ declaration: any SyntaxProtocol) {
                if let attributed = declaration.asProtocol(WithAttributesSyntax.self) {
                    for case .attribute(let attribute) in attributed.attributes {
                        attributes.append(attribute.attributeName.trimmedDescription)
                    }
                }
                if let modified = declaration.asProtocol(WithModifiersSyntax.self) {
                    for modifier in modified.modifiers {
                        let word = modifier.name.text
                        if ConfigReader.accessLevels.contains(word) {
                            if modifier.detail == nil { access = word }
                        } else {
                            attributes.append(word)
                        }
                    }
                }
            }
            if let declaration { read(declaration) }
            // A member without an access level of its own has its protocol's, or its extension's (a `private extension`'s
            // members are `fileprivate`).
            if access == nil, kind == .member, let owner = owners.last, ["extension", "protocol"].contains(subjects[owner].kindName) {
                access = subjects[owner].access == "private" ? "fileprivate" : subjects[owner].access
            }
            let start = nameNode.positionAfterSkippingLeadingTrivia.utf8Offset
            subjects.append(Subject(
                kind: kind, name: name, kindName: kindName,
                span: node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset,
                nameSpan: start..<(end ?? nameNode.endPositionBeforeTrailingTrivia.utf8Offset), node: node,
                owner: kind == .type ? subjects.count : owners.last, attributes: attributes, access: access ?? "internal",
                inherited: inherited, constructed: constructed))
            return subjects.count - 1
        }
    }
}

/// A custom rule at work on one file.
struct CustomRuleCheck {
    let rule: CustomRule
    let roles: any RoleModel

    /// What a subject's role, inheritance and conformances are, asked once per file and type.
    private final class Answers {
        var roles: [Int: String?] = [:]
        var typesByName: [String: TypeDeclaration] = [:]
        var constructedRoles: [String: String?] = [:]
    }

    /// The subjects the rule selects in `file`: its kind, name, where, and its role when it has one.
    func selections(in file: LintFile) -> [CustomRuleSelection] {
        let all = CustomSubjects.of(file)
        let answers = answers(file)
        return all.of(kind: rule.select.kind).filter { matches(rule.select.filter, $0, all, file, answers) }.map { index in
            let subject = all.subjects[index]
            let (line, column) = file.location(of: subject.nameSpan.lowerBound)
            return CustomRuleSelection(
                rule: rule.id, path: file.path, line: line, column: column, kind: subject.kindName, name: subject.name,
                role: subject.owner.flatMap { role(of: $0, all, file, answers) })
        }
    }

    private func answers(_ file: LintFile) -> Answers {
        let answers = Answers()
        for type in file.model.types where answers.typesByName[type.name] == nil || type.kind != .extension {
            answers.typesByName[type.name] = type
        }
        return answers
    }

    func violations(in file: LintFile) -> [Violation] {
        let all = CustomSubjects.of(file)
        let answers = answers(file)
        let path = path(of: file)
        let captures = Self.captures(of: rule.select.filter, in: path)
        var violations: [Violation] = []
        var reported = Set<Int>()
        for index in all.of(kind: rule.select.kind) where matches(rule.select.filter, index, all, file, answers) {
            let subject = all.subjects[index]
            var values = captures
            values["subject"] = subject.name
            values["kind"] = subject.kindName
            values["type"] = subject.owner.map { all.subjects[$0].name } ?? ""
            values["module"] = Self.module(of: file) ?? ""
            switch rule.assertion {
            case .forbid(let query):
                for match in inside(index, query, all, file, answers) where reported.insert(all.subjects[match].nameSpan.lowerBound).inserted {
                    values["match"] = all.subjects[match].name
                    values["name"] = all.subjects[match].name
                    violations.append(violation(at: match, all, values, file))
                }
            case .require(let query, let min, let max):
                let count = inside(index, query, all, file, answers).count
                if count < (min ?? 0) || count > (max ?? .max) {
                    values["count"] = "\(count)"
                    values["name"] = subject.name
                    violations.append(violation(at: index, all, values, file))
                }
            case .only(let filter):
                if !matches(filter, index, all, file, answers) {
                    values["name"] = subject.name
                    violations.append(violation(at: index, all, values, file))
                }
            }
        }
        return violations
    }

    /// The subjects of `query` inside the subject at `index`: its descendants; for imports, the file's.
    private func inside(_ index: Int, _ query: CustomRule.Query, _ all: CustomSubjects, _ file: LintFile, _ answers: Answers) -> [Int] {
        let span = all.subjects[index].span
        return all.of(kind: query.kind).filter { candidate in
            candidate != index && (query.kind == .import || all.subjects[index].kind == .file || span.contains(all.subjects[candidate].span.lowerBound))
                && matches(query.filter, candidate, all, file, answers)
        }
    }

    /// The file's path as `in:` reads it: from the folder of the configuration that wrote the rule, when the file has
    /// a place on disk (an example's, or standard input's without one: as given).
    func path(of file: LintFile) -> String {
        file.project.absolutePath.flatMap { relativePath($0, to: rule.folder) } ?? file.path
    }

    /// The values of the captures of the `in:` patterns `path` matches (those under `not` have none).
    static func captures(of filter: Filter, in path: String) -> [String: String] {
        switch filter {
        case .path(let pattern): return pattern.match(path) ?? [:]
        case .all(let filters), .any(let filters):
            return filters.reduce(into: [:]) { values, filter in values.merge(captures(of: filter, in: path)) { first, _ in first } }
        default: return [:]
        }
    }

    private func matches(_ filter: Filter, _ index: Int, _ all: CustomSubjects, _ file: LintFile, _ answers: Answers) -> Bool {
        let subject = all.subjects[index]
        switch filter {
        case .all(let filters): return filters.allSatisfy { matches($0, index, all, file, answers) }
        case .any(let filters): return filters.contains { matches($0, index, all, file, answers) }
        case .not(let inner): return !matches(inner, index, all, file, answers)
        case .role(let role):
            guard let owner = subject.owner else { return false }
            return self.role(of: owner, all, file, answers) == role
        case .name(let pattern):
            if subject.kind == .file { return pattern.matches(file.fileName) }
            if subject.kind == .import { return pattern.matches(subject.name) || pattern.matches(String(subject.name.prefix { $0 != "." })) }
            return pattern.matches(subject.name)
        case .kind(let kind): return subject.kindName == kind
        case .path(let pattern): return pattern.match(path(of: file)) != nil
        case .module(let pattern): return Self.module(of: file).map(pattern.matches) == true
        case .inherits(let pattern, let direct):
            if direct { return subject.kindName == "class" && subject.inherited.first.map(pattern.matches) == true }
            return inheritance(of: index, all, file, answers).superclasses.contains(where: pattern.matches)
        case .conforms(let pattern, let direct):
            if direct { return subject.inherited.contains(where: pattern.matches) }
            let inheritance = inheritance(of: index, all, file, answers)
            return file.model.projectTypes.supertypes(of: inheritance.conformances + subject.inherited).contains(where: pattern.matches)
        case .attribute(let pattern): return subject.attributes.contains(where: pattern.matches)
        case .access(let access): return subject.access == access
        case .constructs(let inner):
            let calls = subject.kind == .call ? [index] : all.of(kind: .call).filter {
                subject.kind == .file || subject.span.contains(all.subjects[$0].span.lowerBound)
            }
            return calls.contains { call in
                guard let name = all.subjects[call].constructed else { return false }
                return constructedMatches(inner, name, file, answers)
            }
        }
    }

    /// A type a call creates, by its name, against a `constructs:` filter.
    private func constructedMatches(_ filter: Filter, _ name: String, _ file: LintFile, _ answers: Answers) -> Bool {
        switch filter {
        case .all(let filters): return filters.allSatisfy { constructedMatches($0, name, file, answers) }
        case .any(let filters): return filters.contains { constructedMatches($0, name, file, answers) }
        case .not(let inner): return !constructedMatches(inner, name, file, answers)
        case .name(let pattern): return pattern.matches(name)
        case .role(let role):
            if answers.constructedRoles[name] == nil {
                let own = answers.typesByName[name].flatMap { roles.role(of: $0, in: file) }
                answers.constructedRoles[name] = .some(own ?? roles.role(ofTypeNamed: name, in: file))
            }
            return answers.constructedRoles[name] == .some(role)
        case .kind(let kind):
            let declared = answers.typesByName[name]?.kind.rawValue ?? file.model.projectTypes.primary(name)?.kind.rawValue
            return declared == kind
        case .inherits(let pattern, let direct):
            guard let entry = file.model.projectTypes.primary(name), entry.kind == .class else { return false }
            if direct { return entry.inherited.first.map(pattern.matches) == true }
            return file.model.projectTypes.resolve(name, kind: entry.kind, inherited: entry.inherited).superclasses.contains(where: pattern.matches)
        case .conforms(let pattern, let direct):
            guard let entry = file.model.projectTypes.primary(name) else { return false }
            if direct { return entry.inherited.contains(where: pattern.matches) }
            return file.model.projectTypes.supertypes(of: entry.inherited).contains(where: pattern.matches)
        default: return false
        }
    }

    private func role(of typeIndex: Int, _ all: CustomSubjects, _ file: LintFile, _ answers: Answers) -> String? {
        if let known = answers.roles[typeIndex] { return known }
        let subject = all.subjects[typeIndex]
        let declared = file.model.types.first { $0.declaration.positionAfterSkippingLeadingTrivia.utf8Offset == subject.span.lowerBound }
        let role = declared.flatMap { roles.role(of: $0, in: file) }
        answers.roles[typeIndex] = .some(role)
        return role
    }

    private func inheritance(of index: Int, _ all: CustomSubjects, _ file: LintFile, _ answers: Answers) -> ResolvedInheritance {
        let subject = all.subjects[index]
        guard subject.kind == .type else { return ResolvedInheritance() }
        if let declared = file.model.types.first(where: { $0.declaration.positionAfterSkippingLeadingTrivia.utf8Offset == subject.span.lowerBound }) {
            return declared.inheritance
        }
        if subject.kindName == "protocol" { return ResolvedInheritance(conformances: subject.inherited) }
        let kind = TypeDeclaration.Kind(rawValue: subject.kindName) ?? .class
        return file.model.projectTypes.resolve(subject.name, kind: kind, inherited: subject.inherited)
    }

    private func violation(at index: Int, _ all: CustomSubjects, _ values: [String: String], _ file: LintFile) -> Violation {
        let subject = all.subjects[index]
        var violation = Violation(position: subject.nameSpan.lowerBound, endPosition: subject.nameSpan.upperBound, message: Self.render(rule.message, values))
        if let fix = rule.fix {
            switch CustomRuleFixes.edits(fix, for: subject, values: values, in: file) {
            case .success(let edits):
                violation.fix = edits
                violation.fixIsUnsafe = !fix.isSafe
            case .failure(let why): violation.whyNoFix = why.message
            }
        }
        return violation
    }

    /// The module a file is built in: the target of the Swift package whose `Sources/<target>/` (or `Tests/`) holds
    /// it; else the folder that holds its path's last `Sources` or `Tests` folder (`Projects/Pay/Sources/…`, as
    /// Tuist and XcodeGen projects lay modules out); else its path's first folder.
    static func module(of file: LintFile) -> String? {
        if let target = file.project.packageTarget { return target }
        let folders = file.path.split(separator: "/").dropLast().filter { $0 != "." && $0 != ".." }
        if let layer = folders.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }), layer > folders.startIndex {
            return String(folders[folders.index(before: layer)])
        }
        return folders.first.map(String.init)
    }

    /// `template` with each `{{name}}` replaced by its value.
    static func render(_ template: String, _ values: [String: String]) -> String { CustomRule.filling(template) { values[$0] ?? "" } }
}
