import RibsLintKit
import SwiftSyntax

public struct CreateMockAnnotationRule: Rule {
    public static let description = RuleDescription(
        id: "create_mock_annotation",
        name: "CreateMock Annotation",
        summary: "A RIB protocol lacks a `/// sourcery: CreateMock` annotation that Sourcery would attach to it.",
        rationale: """
            RIBs Architecture Guide, "Testing Requirements": "All protocols MUST have `/// sourcery: CreateMock`" — the mocks RIB \
            tests rely on are generated from it. ribslint reads annotations the way Sourcery does: upward from the \
            declaration through `//`, `///` and `/* */` comment lines, attribute lines such as `@MainActor` and \
            `#if` lines, stopping at the first other line — a blank line included — and honouring \
            `sourcery:begin:`/`sourcery:end` blocks and `sourcery:file:` annotations.
            """,
        defaultSeverity: .warning,
        options: [
            OptionDoc("scope", .string(allowed: ["rib_protocols", "all_protocols"]), default: .string("rib_protocols"),
                "Which protocols need the annotation: those with a RIB suffix (`*Listener`, `*Routing`, …) or all."),
            OptionDoc("sourcery", .string(allowed: ["auto", "on", "off"]), default: .string("auto"),
                "`auto` checks only when a Sourcery configuration (`.sourcery.yml`, `sourcery.yaml`, `.sourcery-mocks.yml`: a YAML file named `sourcery…`) sits at the project root or in a folder above a linted path."),
        ],
        triggering: [
            Example("""
                1️⃣protocol LoginListener: AnyObject {}
                """, messages: [
                    "protocol 'LoginListener' has no `/// sourcery: CreateMock`; add it above the declaration so its mock is generated",
                ]),
            Example("""
                /// sourcery: CreateMock

                1️⃣protocol LoginRouting: ViewableRouting {
                    func routeToHome()
                }
                """, messages: [
                    "the CreateMock annotation above 'LoginRouting' is cut off by a blank line, so Sourcery never attaches it; move `/// sourcery: CreateMock` directly above the protocol",
                ]),
            Example("""
                /// Talks to the parent RIB.
                /// sourcery: AutoEquatable
                @MainActor
                public 1️⃣protocol LoginPresentable: Presentable {}
                """, messages: [
                    "protocol 'LoginPresentable' has no `/// sourcery: CreateMock`; add it above the declaration so its mock is generated",
                ]),
            Example("""
                /// sourcery: CreateMock
                let unrelated = 1
                1️⃣protocol HomeBuildable: Buildable {}
                """, messages: [
                    "protocol 'HomeBuildable' has no `/// sourcery: CreateMock`; add it above the declaration so its mock is generated",
                ]),
            // A `where` clause that constrains something else, or names a protocol, leaves the protocol a RIB's.
            Example("""
                1️⃣protocol ProfilePresentable: Presentable where Self: ProfileViewControllable {}
                """, messages: [
                    "protocol 'ProfilePresentable' has no `/// sourcery: CreateMock`; add it above the declaration so its mock is generated",
                ]),
            // A RIB in a module of its own names its contracts by their suffixes alone (`Albums.Dependency`).
            Example("""
                import RIBs
                public 1️⃣protocol Dependency: RIBs.Dependency {
                    var apiClient: APIClient { get }
                }
                """, messages: [
                    "protocol 'Dependency' has no `/// sourcery: CreateMock`; add it above the declaration so its mock is generated",
                ]),
            Example("""
                /// sourcery: CreateMock
                protocol HomeDependency: Dependency {}
                2️⃣protocol SessionStoring {}
                """, configuration: ["scope": .string("all_protocols")], messages: [
                    "protocol 'SessionStoring' has no `/// sourcery: CreateMock`; add it above the declaration so its mock is generated",
                ]),
        ],
        nonTriggering: [
            Example("""
                /// sourcery: CreateMock
                protocol LoginListener: AnyObject {
                    func loginDidFinish()
                }
                """),
            Example("""
                /// Routes the login flow.
                /// - Note: owned by the interactor.
                /// sourcery: CreateMock
                /// Keep the methods small.
                @MainActor
                public protocol LoginRouting: ViewableRouting {}
                """),
            Example("""
                // sourcery: CreateMock, AutoEquatable
                protocol LoginDependency: Dependency {}
                /* sourcery: CreateMock */
                protocol LoginBuildable: Buildable {}
                """),
            Example("""
                // sourcery:begin: CreateMock
                protocol ProfileRouting: ViewableRouting {}

                protocol ProfileListener: AnyObject {}
                // sourcery:end
                protocol SessionStoring {}
                """),
            Example("""
                protocol LoginListener: AnyObject {}
                """, configuration: ["sourcery": .string("off")]),
            // The framework's own protocols, in a vendored copy of RIBs, and a Tuist manifest's: no RIB's contracts.
            Example("""
                public protocol Buildable: AnyObject {}
                public protocol EmptyDependency: Dependency {}
                public protocol ViewableRouting: Routing {}
                """),
            Example("""
                import ProjectDescription
                public protocol AppDependency {
                    var name: String { get }
                }
                """),
            // Mixins only view controllers and cells adopt: no mock class could conform to them.
            Example("""
                protocol AlertPresentable where Self: UIViewController {
                    func presentAlert(title: String)
                }
                protocol SkeletonPresentable: UICollectionViewCell {}
                """),
        ],
        corrections: [
            Correction(Example("""
                protocol LoginListener: AnyObject {}
                """), becomes: """
                /// sourcery: CreateMock
                protocol LoginListener: AnyObject {}
                """),
            // Above the attributes, after the doc comment, at the declaration's indentation.
            Correction(Example("""
                enum Login {
                    /// Talks to the parent RIB.
                    @MainActor
                    protocol Presentable: RIBs.Presentable {}
                }
                """, configuration: ["scope": .string("all_protocols")]), becomes: """
                enum Login {
                    /// Talks to the parent RIB.
                    /// sourcery: CreateMock
                    @MainActor
                    protocol Presentable: RIBs.Presentable {}
                }
                """),
        ],
        fixNeeds: "the annotation goes on its own line at the protocol's indentation, which could not be read here")

    private let allProtocols: Bool
    private let mode: String

    public init(options: RuleOptions) {
        allProtocols = options.string("scope") == "all_protocols"
        mode = options.string("sourcery")
    }

    public func violations(in file: LintFile) -> [Violation] {
        guard mode == "on" || (mode == "auto" && file.project.usesSourcery) else { return [] }
        let candidates = file.model.protocols.filter { allProtocols || $0.role != nil }
        guard !candidates.isEmpty else { return [] }
        let annotations = SourceryAnnotations(file: file)
        return candidates.compactMap { declaration in
            let line = file.location(of: declaration.declaration.name.positionAfterSkippingLeadingTrivia.utf8Offset).line
            let presence = annotations.createMock(forDeclarationAt: line)
            // A mixin only Apple's view classes or the app's classes may adopt (`protocol AlertPresentable where Self:
            // UIViewController`) cannot have a mock: no mock class can conform to it.
            guard presence != .attached, !Self.isClassConstrained(declaration.declaration, file.model.projectTypes) else { return nil }
            switch presence {
            case .attached: return nil
            case .detached:
                return Violation(
                    at: declaration.declaration.protocolKeyword,
                    "the CreateMock annotation above '\(declaration.name)' is cut off by a blank line, so Sourcery never attaches it; move `/// sourcery: CreateMock` directly above the protocol")
            case .missing:
                // The annotation goes on a line of its own above the declaration (its attributes included), at its indentation.
                let fix: [Edit] = file.indentation(before: declaration.declaration).map { indentation in
                    let line = file.location(of: declaration.declaration.positionAfterSkippingLeadingTrivia.utf8Offset).line
                    return [Edit(inserting: indentation + "/// sourcery: CreateMock" + file.lineBreak, at: file.lineStart(line))]
                } ?? []
                return Violation(
                    at: declaration.declaration.protocolKeyword,
                    "protocol '\(declaration.name)' has no `/// sourcery: CreateMock`; add it above the declaration so its mock is generated",
                    fix: fix)
            }
        }
    }
}

extension CreateMockAnnotationRule {
    /// Whether only a class may adopt `node`: its clause or a `where Self:` requirement names one of Apple's view, view
    /// controller or cell classes, or its `where Self:` names a class the project declares.
    static func isClassConstrained(_ node: ProtocolDeclSyntax, _ resolver: TypeResolver) -> Bool {
        if node.inheritanceClause?.inheritedTypes.contains(where: { $0.type.baseName.map(isPlatformViewClass) == true }) == true { return true }
        guard let requirements = node.genericWhereClause?.requirements else { return false }
        return requirements.contains { requirement in
            guard case .conformanceRequirement(let conformance) = requirement.requirement,
                conformance.leftType.as(IdentifierTypeSyntax.self)?.name.tokenKind == .keyword(.Self),
                let name = conformance.rightType.baseName
            else { return false }
            return isPlatformViewClass(name) || resolver.primary(name)?.kind == .class
        }
    }

    /// `UIViewController`, `UITableViewCell`, `UIView`: one of UIKit's view classes (its protocols end otherwise:
    /// `UITableViewDelegate`). `NSObject` is none: a mock can subclass it.
    static func isPlatformViewClass(_ name: String) -> Bool {
        RIBName.isUIKit(name) && name != "UIContentView"
            && ["Controller", "View", "Cell", "Responder", "Window", "Control", "Button", "Label"].contains(where: name.hasSuffix)
    }
}

/// Sourcery's view of a file's annotations, read upward from each declaration as Sourcery reads them.
/// Only the lines above a protocol are classified; the whole file is scanned only when it has
/// `sourcery:begin:` blocks or `sourcery:file:` annotations.
struct SourceryAnnotations {
    enum Presence { case attached, detached, missing }

    private enum Kind { case comment, attribute, blank, other }

    private let file: LintFile
    private let blockLines: Set<Int>
    private let fileWide: Bool

    init(file: LintFile) {
        self.file = file
        var blockLines = Set<Int>()
        var fileWide = false
        if file.contains("sourcery:begin:") || file.contains("sourcery:file:") {
            var inBlock = false
            for number in 1...file.lineCount {
                let text = Self.trimmed(file.lineText(number))
                if Self.isComment(text), let annotation = Self.annotation(in: text) {
                    if annotation.hasPrefix("begin:") {
                        inBlock = Self.keys(annotation.dropFirst("begin:".count)).contains("CreateMock")
                    } else if annotation.hasPrefix("end") {
                        inBlock = false
                    } else if annotation.hasPrefix("file:") {
                        fileWide = fileWide || Self.keys(annotation.dropFirst("file:".count)).contains("CreateMock")
                    }
                }
                if inBlock { blockLines.insert(number) }
            }
        }
        self.blockLines = blockLines
        self.fileWide = fileWide
    }

    func createMock(forDeclarationAt line: Int) -> Presence {
        if fileWide || blockLines.contains(line) { return .attached }
        var number = line - 1
        while number >= 1, let (kind, createMock) = classify(number), kind == .comment || kind == .attribute {
            if createMock { return .attached }
            number -= 1
        }
        // Sourcery stops at a blank line; an annotation just beyond it was meant for this protocol.
        while number >= 1, classify(number)?.kind == .blank { number -= 1 }
        while number >= 1, let (kind, createMock) = classify(number), kind == .comment || kind == .attribute {
            if createMock { return .detached }
            number -= 1
        }
        return .missing
    }

    /// A line's kind as Sourcery sees it, and whether it carries `CreateMock`. Lines inside a multi-line
    /// `/* */` comment start with `*` by convention, as Sourcery also assumes.
    private func classify(_ number: Int) -> (kind: Kind, createMock: Bool)? {
        let text = Self.trimmed(file.lineText(number))
        if Self.isComment(text) {
            // Most comment lines are prose: a byte search rules them out before any parsing.
            guard text.firstIndex(ofBytes: "CreateMock") != nil, let annotation = Self.annotation(in: text) else {
                return (.comment, false)
            }
            let isBlockOrFile = annotation.utf8.starts(with: "begin:".utf8) || annotation.utf8.starts(with: "file:".utf8)
            return (.comment, !isBlockOrFile && Self.keys(annotation).contains("CreateMock"))
        }
        let bytes = text.utf8
        if bytes.first == UInt8(ascii: "@") && (bytes.contains(UInt8(ascii: ")")) || !bytes.contains(UInt8(ascii: " ")))
            || bytes.first == UInt8(ascii: "#")
        {
            return (.attribute, false)
        }
        return (text.isEmpty ? .blank : .other, false)
    }

    private static func isComment(_ text: Substring) -> Bool {
        text.utf8.starts(with: "//".utf8) || text.utf8.starts(with: "/*".utf8) || text.utf8.first == UInt8(ascii: "*")
    }

    /// Spaces, tabs and a carriage return trimmed, byte by byte (lines are read often; `Character`s are slow).
    private static func trimmed(_ line: Substring) -> Substring {
        let bytes = line.utf8
        let start = bytes.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? bytes.endIndex
        let end = bytes.lastIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
            .map(bytes.index(after:)) ?? start
        return start < end ? line[start..<end] : line[start..<start]
    }

    /// The text after `sourcery:` in a comment line, or nil when the line carries no annotation.
    private static func annotation(in line: Substring) -> Substring? {
        var text = line
        for prefix in ["///", "//", "/**", "/*", "*"] where text.utf8.starts(with: prefix.utf8) {
            text = Substring(text.utf8.dropFirst(prefix.utf8.count))
            break
        }
        text = trimmed(text)
        guard text.utf8.starts(with: "sourcery:".utf8) else { return nil }
        text = Substring(text.utf8.dropFirst("sourcery:".utf8.count))
        if let end = text.firstIndex(ofBytes: "*/") { text = text[..<end] }
        return text
    }

    /// Annotation names, namespaces and values dropped: ` CreateMock, name = "x"` → [CreateMock, name].
    /// Split on bytes: the separators are ASCII, and `Character`s cost more than the rest of the rule.
    private static func keys(_ annotation: Substring) -> [String] {
        annotation.utf8.split(separator: UInt8(ascii: ",")).compactMap { part in
            let name = part.split(separator: UInt8(ascii: "=")).first?.split(separator: UInt8(ascii: ":")).last
            return name.map { String(trimmed(Substring($0))) }
        }
    }
}
