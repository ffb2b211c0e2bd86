import SwiftSyntax

/// What the language server shows on hover over a type: the role the file's profile gives it, and why — read
/// across the project, as the rules read it.
public struct TypeRoleExplanation: Sendable, Equatable {
    public let name: String
    public let kind: String
    /// Nil: no role.
    public let role: String?
    /// The superclass chain, nearest first, and the conformances, through the project's declarations.
    public let superclasses: [String]
    public let conformances: [String]
    /// Whether the role comes from what the type inherits (else from its name, in a file that imports the framework).
    public let isStructural: Bool
    public let profile: String
    /// Where its name is written: 1-based line, columns in UTF-16 code units (end exclusive).
    public let line: Int
    public let column: Int
    public let endColumn: Int

    /// The explanation in words, as Markdown.
    public var text: String {
        var lines = ["**\(name)** — " + (role.map { "\($0) (profile \(profile))" } ?? "no role under the \(profile) profile")]
        var why: [String] = []
        if let first = superclasses.first {
            why.append(superclasses.count == 1 ? "inherits `\(first)`"
                : "inherits `\(superclasses.last!)` through " + superclasses.dropLast().map { "`\($0)`" }.joined(separator: ", "))
        }
        if !conformances.isEmpty { why.append("conforms to " + conformances.map { "`\($0)`" }.joined(separator: ", ")) }
        if role != nil, !isStructural { why.append("its name gives the role: nothing it inherits does") }
        let sentence = why.joined(separator: "; ")
        if let first = sentence.first { lines.append(first.uppercased() + sentence.dropFirst() + ".") }
        return lines.joined(separator: "\n\n")
    }
}

extension Linter {
    /// The types the file at `path` declares (its text as `overlay` holds it, else on disk), each with the role
    /// its profile gives it through the whole project's declarations.
    public func typeRoles(ofFileAt path: String, workingDirectory: String) throws(UsageError) -> [TypeRoleExplanation] {
        let discovery = FileDiscovery(
            configuration: configuration, workingDirectory: workingDirectory, base: reportBase(workingDirectory: workingDirectory), jobs: jobs,
            givenTexts: Set(overlay.keys))
        let run = try RunFiles(paths: [path], discovery: discovery)
        let scoping = try scoping(of: run.files)
        guard let position = RunFiles.position(of: path, in: scoping.files) else { return [] }
        let linter = scoping.linter(position)
        let index = declarationsAhead(of: Array(scoping.files.indices), scoping: scoping) ?? TypeIndex([])
        guard case .success(let read) = linter.read(scoping.files[position]), let source = String(validating: read.data, as: UTF8.self) else { return [] }
        let file = LintFile(
            path: scoping.files[position].displayPath, source: source, profile: linter.ruleSet.profile,
            project: run.projectFacts(of: scoping.files).forFile(at: path), index: index)
        return file.model.types.map { type in
            let name = Self.nameNode(of: type.declaration)
            let start = file.location(of: name.positionAfterSkippingLeadingTrivia.utf8Offset)
            let end = file.location(of: name.endPositionBeforeTrailingTrivia.utf8Offset)
            return TypeRoleExplanation(
                name: type.name, kind: type.kind.rawValue, role: type.role?.rawValue, superclasses: type.inheritance.superclasses,
                conformances: type.inheritance.conformances, isStructural: linter.ruleSet.profile.role(of: type.inheritance) == type.role,
                profile: linter.ruleSet.profile.name, line: start.line, column: start.column, endColumn: start.line == end.line ? end.column : start.column + 1)
        }
    }

    /// The name a declaration is known by: its identifier, or the type an extension extends.
    private static func nameNode(of declaration: DeclSyntax) -> Syntax {
        if let named = declaration.asProtocol(NamedDeclSyntax.self) { return Syntax(named.name) }
        if let extended = declaration.as(ExtensionDeclSyntax.self) { return Syntax(extended.extendedType) }
        return Syntax(declaration)
    }
}
