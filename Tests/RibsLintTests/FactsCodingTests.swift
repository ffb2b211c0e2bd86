import Foundation
@testable import RibsLintKit
import RibsLintRules
import Testing

/// File facts reach the cache through their `Codable` conformance (`FactsCoding`): no rule writes a codec.
@Suite("Facts coding")
struct FactsCodingTests {
    static func roundTrip<Value: Codable>(_ value: Value) throws -> (Value, [UInt8]) {
        var writer = CacheWriter()
        try FactsCoding.encode(value, to: &writer)
        var reader = CacheReader(writer.bytes)
        let decoded = try FactsCoding.decode(Value.self, from: &reader)
        #expect(reader.isAtEnd, "bytes left after \(Value.self)")
        return (decoded, writer.bytes)
    }

    @Test("every facts kind of every example file, under each profile, reads back as it was written")
    func examplesRoundTrip() throws {
        let root = DeclarationScanTests.repository.appendingPathComponent("Examples")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
        var parts = 0
        var edges = 0
        var pushes = 0
        for path in paths {
            let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for profile in [Profile.ribs, .swiftUIRIB, .viper, .composableRIBs] {
                let file = LintFile(path: path, source: source, profile: profile)
                let rib = RIBFacts(file: file)
                let navigation = NavigationFacts(file: file)
                #expect(try Self.roundTrip(rib).0 == rib, "\(path) under \(profile.name)")
                #expect(try Self.roundTrip(navigation).0 == navigation, "\(path) under \(profile.name)")
                parts += rib.parts.count
                edges += rib.edges.count + rib.wirings.count
                pushes += navigation.pushes.count + navigation.typesHandlingBack.count
            }
        }
        // The examples hold RIBs: the facts compared are not empty ones.
        #expect(parts > 50 && edges > 30 && pushes > 0, "\(parts) parts, \(edges) edges and wirings, \(pushes) pushes")
    }

    struct Shapes: Codable, Equatable {
        enum Kind: String, Codable { case router, builder }
        struct Inner: Codable, Equatable {
            var name: String
            var kinds: [Kind]
        }

        var text = "Caf\u{E9} \u{1F4A5}"
        var empty = ""
        var negative = -42
        var largest = Int.max
        var unsigned = UInt64.max
        var small: Int8 = -3
        var ratio = -0.125
        var single: Float = 3.5
        var flag = true
        var missing: String?
        var present: Int? = 0
        var missingNumber: UInt16?
        var nested: [[Inner]] = [[], [Inner(name: "a", kinds: [.router, .builder])]]
        var optionals: [String?] = [nil, "b", nil]
        var twice: Int?? = .some(nil)
        var inner: Inner? = Inner(name: "", kinds: [])
    }

    @Test("numbers at their limits, optionals in and around arrays, nested arrays and raw-value enums read back")
    func shapesRoundTrip() throws {
        let value = Shapes()
        #expect(try Self.roundTrip(value).0 == value)
        var other = Shapes()
        other.missing = "now here"
        other.present = nil
        other.twice = nil
        other.inner = nil
        other.nested = []
        #expect(try Self.roundTrip(other).0 == other)
        // Keys are not written: the facts are their values, in order.
        let (_, bytes) = try Self.roundTrip(value)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("negative"))
    }

    struct WithSet: Codable { var names: Set<String> = ["a", "b"] }
    struct WithDictionary: Codable { var names: [String: Int] = ["a": 1] }
    struct Key: Codable, Hashable { var name = "a" }
    struct WithStructKeys: Codable { var names: [Key: Int] = [Key(): 1] }
    enum Named: Codable { case first, second }
    enum Payload: Codable { case value(Int) }
    struct WithNamed: Codable { var kind = Named.second }
    struct WithPayload: Codable { var kind = Payload.value(3) }

    @Test("a set or a dictionary (no stable order) and an enum coded by case name (not readable back) are refused when written")
    func unstableShapesRefused() {
        var writer = CacheWriter()
        #expect(throws: FactsCoding.Unsupported.self) { try FactsCoding.encode(WithSet(), to: &writer) }
        #expect(throws: FactsCoding.Unsupported.self) { try FactsCoding.encode(WithDictionary(), to: &writer) }
        #expect(throws: FactsCoding.Unsupported.self) { try FactsCoding.encode(WithStructKeys(), to: &writer) }
        #expect(throws: FactsCoding.Unsupported.self) { try FactsCoding.encode(WithNamed(), to: &writer) }
        #expect(throws: FactsCoding.Unsupported.self) { try FactsCoding.encode(WithPayload(), to: &writer) }
        #expect(writer.bytes.isEmpty)
    }

    @Test("every facts kind a project rule declares is written, read back and written again to the same bytes, over the examples")
    func everyRegisteredKind() throws {
        let kinds = RuleRegistry.projectRules.flatMap { $0.facts }
        var seen = Set<String>()
        let root = DeclarationScanTests.repository.appendingPathComponent("Examples")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
        var nonEmpty = 0
        for kind in kinds where seen.insert(kind.id).inserted {
            for path in paths {
                let file = LintFile(path: path, source: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8), profile: .ribs)
                func again<Facts: FileFacts>(_ facts: Facts) throws -> ([UInt8], [UInt8]) {
                    let (decoded, bytes) = try Self.roundTrip(facts)
                    var writer = CacheWriter()
                    try FactsCoding.encode(decoded, to: &writer)
                    return (bytes, writer.bytes)
                }
                let (first, second) = try again(kind.init(file: file))
                #expect(first == second, "\(kind.id), \(path)")
                if first.contains(where: { $0 != 0 }) { nonEmpty += 1 }
            }
        }
        #expect(seen.count >= 2 && nonEmpty > 10, "\(seen.sorted()), \(nonEmpty) files with facts")
    }

    @Test("damaged bytes are an error, never a crash: cut short, a count past the end, a flag where a string was")
    func damagedBytes() throws {
        let (_, bytes) = try Self.roundTrip(Shapes())
        for length in [0, 1, bytes.count / 2, bytes.count - 1] {
            var reader = CacheReader(Array(bytes.prefix(length)))
            #expect(throws: (any Error).self, "cut at \(length)") { try FactsCoding.decode(Shapes.self, from: &reader) }
        }
        var huge = CacheWriter()
        huge.write(1 << 40)
        var reader = CacheReader(huge.bytes)
        #expect(throws: (any Error).self) { try FactsCoding.decode([String].self, from: &reader) }
    }
}
