import Foundation
@testable import RibsLintKit
import RibsLintRules
import Testing

/// The declaration scan (`DeclarationScan`) reads, from a file's bytes, the declarations the parser-based
/// `FileModel` collects: every file is then linted with the whole project's types in view the first time.
@Suite("The declaration scan")
struct DeclarationScanTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Under `viper`, which records what types hold; under `ribs`, which does not. Without what methods do
    /// (`helperMethods`): the scan reads no bodies, and the type index stage relints a file whose answers that changes.
    static func parsed(_ source: String, holds: Bool = false) -> [DeclaredType] {
        LintFile(path: "Scan.swift", source: source, profile: holds ? .viper : .ribs).model.declarations.map { declared in
            DeclaredType(
                name: declared.name, kind: declared.kind, inherited: declared.inherited, genericArguments: declared.genericArguments,
                isMainActor: declared.isMainActor, holds: declared.holds)
        }
    }

    static func scanned(_ source: String, holds: Bool = false) -> [DeclaredType] {
        DeclarationScan.declarations(in: Array(source.utf8), recordingHolds: holds)
    }

    @Test("every Swift file of the repository's examples reads the same declarations as the parser gives")
    func examplesAgree() throws {
        let root = Self.repository.appendingPathComponent("Examples")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(paths.count > 40)
        var declarations = 0
        var held = 0
        for path in paths {
            let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            let parsed = Self.parsed(source)
            declarations += parsed.count
            #expect(Self.scanned(source) == parsed, "\(path)")
            let holding = Self.parsed(source, holds: true)
            held += holding.reduce(0) { $0 + $1.holds.count }
            #expect(Self.scanned(source, holds: true) == holding, "\(path), with what types hold")
        }
        #expect(declarations > 100)
        #expect(held > 30)
    }

    static let cases: [(String, String)] = [
        ("attributes, modifiers and generic arguments", """
            @MainActor @objc(FeedRouter) public final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable>, FeedRouting {}
            @available(iOS 13, *) open class Base<T>: NSObject where T: Equatable { class func make() {} ; class var shared: Base<T>? { nil } }
            @Observable final class Store: Swift.Identifiable {}
            @ComposableArchitecture.Reducer struct Feature { struct State: Equatable {} ; enum Action { case tap(Int) } }
            """),
        ("nested types and extensions, member and generic types", """
            enum Outer: String, CaseIterable { case a; struct Inner: Codable { class Deep: Outer.Inner.Base<Int>.Leaf {} } }
            extension Outer.Inner: CustomStringConvertible where Self: Sendable { var description: String { "" } ; struct Added {} }
            extension [Int] { struct HiddenInArray {} }
            extension Array: Feed where Element == String {}
            actor Counter: Sendable {}
            struct Pair: Hashable, @unchecked Sendable, ~Copyable, A & B, any Q {}
            """),
        ("protocols, and imports of one declaration", """
            import struct Foundation.Data
            @testable import class Alamofire.Session
            protocol FeedListener: class { func done() }
            @MainActor protocol FeedRouting: ViewableRouting, AnyObject { var child: Foo { get } }
            protocol Store<State>: Swift.Sendable {}
            """),
        ("a file of type aliases alone: kept on an entry of the first alias's name", """
            import ComposableArchitecture
            /* typealias Commented = Int */
            public typealias CardsStore = StoreOf<CardsFeature>
            typealias Handler = (Int) -> Void
            #if DEBUG
            typealias DebugStore = StoreOf<DebugFeature>
            #endif
            """),
        ("strings, comments and bodies that look like declarations", ###"""
            final class A: B {
                let text = "class Fake: Thing { \(value.map { "}" }) }"
                let raw = #"struct NotReal { "# + ##"""
                    enum Nope {}
                    """##
                /* class Commented: X { /* nested */ } */
                // struct Comment {
                func run(in extension: Int, class: Int) { class Local: A {} ; let s = "\"{" }
                var body: some View { VStack { Text("}") } }
            }
            #if false
            class Never: Compiled {}
            #elseif DEBUG
            class Debug: Compiled {}
            #else
            #if os(iOS)
            struct Nested: InIf {}
            #endif
            #endif
            #if (0)
            class AlsoNever {}
            #endif
            """###),
    ]

    @Test("tricky syntax reads as the parser reads it", arguments: cases)
    func tricky(_ name: String, _ source: String) {
        let parsed = Self.parsed(source)
        #expect(!parsed.isEmpty)
        #expect(Self.scanned(source) == parsed, "\(name)")
        #expect(Self.scanned(source, holds: true) == Self.parsed(source, holds: true), "\(name), with what types hold")
    }

    static let holding: [(String, String)] = [
        ("stored properties and what they hold", """
            final class ListPresenter: NSObject, ListModuleInterface {
                weak var view: ListViewInterface?
                var interactor: ListInteractorInput!, wireframe: ListWireframe
                private(set) lazy var items: [ListItem] = { [ListItem]() }()
                var byID: [String: Entry] = [:], optional: Optional<Clock>, boxed: Array<Weak<Listener>>
                static var shared: ListPresenter? = nil
                class var kind: Kind { .list }
                var computed: Computed { Computed() }
                var observed: Observed = Observed() { didSet { print("}") } }
                var getter: Getter { get { Getter() } set {} }
                let handler: (Int) -> Void, closure: @escaping @Sendable () async throws -> Result
                let tuple: (Single), pair: (A, B), labeled: (only: Labeled)
                let meta: Factory.Type, existential: any Store & Sendable, opaque: some View
                let member: Swift.Optional<Qualified>, nested: Outer.Inner<Arg>
                #if DEBUG
                var debugOnly: DebugThing
                #endif
                #if false
                var never: Never
                #endif
                init(view: ListViewInterface, _ clock: Clock, wireframe wire: ListWireframe = .init(), rest: Int...) { self.view = view }
                convenience init?(coder: NSCoder) { fatalError() }
                #if DEBUG
                init(debug: DebugOnlyInit) {}
                #endif
                func run(_ x: NotHeld) {}
                struct Inner { let innerHeld: InnerThing }
                var afterNested: After = .init(), afterExpression = Foo.bar(1) + 2
                enum Mode { case a(ModeThing) }
            }
            struct Value { let id: ID; init(id: ID) { self.id = id } }
            actor Holder { var state: State? }
            enum NotHolding { case x; static let y: Y = Y() }
            extension ListPresenter { var extra: ExtensionHeld { .init() } }
            """),
    ]

    @Test("what classes, structs and actors hold reads as the parser reads it", arguments: holding)
    func holds(_ name: String, _ source: String) {
        let parsed = Self.parsed(source, holds: true)
        #expect(parsed.reduce(0) { $0 + $1.holds.count } > 20)
        #expect(Self.scanned(source, holds: true) == parsed, "\(name)")
    }

    @Test("malformed and hostile bytes end the scan without a crash")
    func hostile() {
        let nested = String(repeating: "struct S: P {", count: 5_000) + String(repeating: "}", count: 5_000)
        let deep = Self.scanned(nested)
        // The scan stops descending where no real code nests; the parser's side refuses such a file (`NestingDepth`).
        #expect(deep.count == DeclarationScan.maximumNesting && deep.allSatisfy { $0.name == "S" && $0.inherited == ["P"] })
        // A generated struct holding 30,000 properties is read in one pass, not in the square of their count.
        let wide = "struct Wide {\n" + (0..<30_000).map { "    var p\($0): T\($0 % 7)\n" }.joined() + "}\n"
        #expect(Self.scanned(wide, holds: true).first?.holds.count == 30_000)
        // Strings in interpolations in strings, 100,000 deep: the scan gives up reading, without running out of stack.
        let interpolated = "class Before {}\nlet s = " + String(repeating: "\"\\(", count: 100_000)
        #expect(Self.scanned(interpolated).map(\.name) == ["Before"])
        for text in ["class", "class A: ", "class A: B<", "\"unterminated { class", "/* open comment class A {}", "#\"raw\\#(", "@", "#", "extension",
                     "protocol P: class,", "class A<T: {}", String(repeating: "(", count: 10_000), String(repeating: "<", count: 10_000)] {
            _ = Self.scanned(text)
            for cut in 0..<min(text.utf8.count, 64) { _ = DeclarationScan.declarations(in: Array(text.utf8.prefix(cut))) }
        }
        let bytes: [UInt8] = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        _ = DeclarationScan.declarations(in: bytes)
    }
}
