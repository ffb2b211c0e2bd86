import Foundation
@testable import RibsLintKit
import Testing

@Suite("Byte searches and the nesting pre-check")
struct ByteSearchTests {
    /// The first offset of `needle` in `text`, byte by byte: what the fast search must agree with.
    static func naive(_ needle: [UInt8], in text: [UInt8]) -> Int? {
        guard !needle.isEmpty else { return 0 }
        guard text.count >= needle.count else { return nil }
        return (0...(text.count - needle.count)).first { start in Array(text[start..<(start + needle.count)]) == needle }
    }

    @Test("the search by the needle's rarest byte finds what a byte-by-byte search finds, first match first")
    func agreesWithNaiveSearch() {
        // A fixed seed: the same 4,000 texts and needles on every run. Small alphabets make near misses and overlaps
        // (`aab` in `aaab`) common; capitals and digits move the rare byte to the needle's middle or end.
        var random = SplitMix(seed: 7)
        let alphabet = Array("aAb1 .Cz\n\"é".utf8)
        var compared = 0
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 0...60, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            var needle = (0..<Int.random(in: 1...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            if !text.isEmpty, Bool.random(using: &random) {
                // A needle cut from the text itself, so that most cases match somewhere.
                let start = Int.random(in: 0..<text.count, using: &random)
                needle = Array(text[start..<min(text.count, start + Int.random(in: 1...6, using: &random))])
            }
            guard let pattern = String(validating: needle, as: UTF8.self) else { continue }
            let found = text.withUnsafeBufferPointer { firstUTF8Offset(of: pattern, in: $0) }
            #expect(found == Self.naive(needle, in: text), "\(pattern.debugDescription) in \(String(decoding: text, as: UTF8.self).debugDescription)")
            compared += 1
        }
        // Cuts through the two bytes of `é` are not text; the rest are compared.
        #expect(compared > 2_000)
        let text = Array("let navigationController = nav; navigationController?.push".utf8)
        #expect(text.withUnsafeBufferPointer { firstUTF8Offset(of: "navigationController?", in: $0) } == 32)
        #expect(text.withUnsafeBufferPointer { firstUTF8Offset(of: "push", in: $0) } == 54)
        #expect(text.withUnsafeBufferPointer { firstUTF8Offset(of: "pushes", in: $0) } == nil)
        #expect(text.withUnsafeBufferPointer { firstUTF8Offset(of: "", in: $0) } == 0)
    }

    @Test("a helper method's entry gives its name and its index key, read by bytes as by characters")
    func helperEntries() {
        let entries = ["navigates push(_:animated?:)", "detaches#0 dismiss(_:)", "arranges über(_:)", "routes go", "x", ""]
        for entry in entries {
            let byCharacters = String(entry.drop { $0 != " " }.dropFirst().prefix { $0 != "(" })
            #expect(HelperMethod.name(of: entry) == byCharacters, "\(entry)")
            #expect(TypeIndex.helperKey(entry) == String(entry.prefix { $0 != " " && $0 != "#" }) + " " + byCharacters, "\(entry)")
        }
        #expect(TypeIndex.helperKey("detaches#0 dismiss(_:)") == "detaches dismiss")
        #expect(HelperMethod.name(of: "arranges cleanUp(completion?:)") == "cleanUp")
    }

    @Test("the nesting pre-check counts brackets and generics in code, not in comments or strings")
    func nestingDepth() {
        #expect(NestingDepth.of("let a = f(g([1]))").depth == 3)
        #expect(NestingDepth.of("let a: A<B<C>> = x // ((((((\nlet b = 1").depth == 2)
        #expect(NestingDepth.of("/* ((((( */ let a = (1)\n/*/ ((( */").depth == 1)
        // A line comment that ends the file, with no line break after it; a block comment left open.
        #expect(NestingDepth.of("let a = [(1)] // ((((((").depth == 2)
        #expect(NestingDepth.of("let a = [1] /* (((((( ").depth == 1)
        #expect(NestingDepth.of("let s = \"((((\" + \"\\(f(\"\\(g(1))\"))\"").interpolations == 2)
        #expect(NestingDepth.of("if a < b { c(d) }").depth == 2)
        #expect(NestingDepth.of(String(repeating: "(", count: 40), upTo: (depth: 10, interpolations: 10)).depth == 11)
        #expect(NestingDepth.problem(String(repeating: "[", count: NestingDepth.limit + 1), path: "A.swift")?.contains("brackets") == true)
        #expect(NestingDepth.problem("let a = [[1]]", path: "A.swift") == nil)
        // Too few bytes to pass the bracket limit, too few backslashes to pass the interpolation limit: no walk needed.
        #expect(NestingDepth.problem(String(repeating: "[", count: NestingDepth.limit), path: "A.swift") == nil)
        var atLimit = String(repeating: "[", count: NestingDepth.limit)
        let atLimitPasses = atLimit.withUTF8(NestingDepth.cannotPassLimits)
        #expect(atLimitPasses)
        var pastLimit = String(repeating: "[", count: NestingDepth.limit + 1)
        let pastLimitPasses = pastLimit.withUTF8(NestingDepth.cannotPassLimits)
        #expect(!pastLimitPasses)
        // Nested interpolations in a short file: more backslashes than the limit, so the walk decides, and reports it.
        let levels = NestingDepth.interpolationLimit + 1
        var nested = "let s = " + String(repeating: "\"\\(", count: levels) + "1" + String(repeating: ")\"", count: levels)
        #expect(nested.utf8.count <= NestingDepth.limit)
        let nestedPasses = nested.withUTF8(NestingDepth.cannotPassLimits)
        #expect(!nestedPasses)
        #expect(NestingDepth.problem(nested, path: "A.swift")?.contains("interpolations") == true)
    }

    @Test("the words a file must hold to declare a method that arranges the hierarchy cover every operation and presentation property")
    func arrangingWords() {
        // A call matching an operation spells each part of it between `*`s (before its labels): one part must hold a word.
        let spelled = ViewHierarchy.operations.map { $0.prefix { $0 != "(" }.split(separator: "*").map(String.init) }
            + ViewHierarchy.presentationProperties.sorted().map { [$0] }
        for parts in spelled {
            #expect(parts.contains { part in ViewHierarchy.words.contains(where: part.contains) }, "no word of ViewHierarchy.words is in \(parts)")
        }
        #expect(!ViewHierarchy.words.contains(where: "titleLabel".contains))
    }

    @Test("hierarchy operations match by their patterns: a leading `*`, text around one, required labels")
    func hierarchyOperations() {
        let configured = ViewHierarchy.Operations(["*Screen", "set*ViewControllers", "show(_:sender:)"])
        #expect(configured.contains("openScreen", labels: []))
        #expect(configured.contains("setTabViewControllers", labels: ["_", "animated"]))
        #expect(configured.contains("show", labels: ["_", "sender"]))
        #expect(!configured.contains("show", labels: ["_"]))
        #expect(!configured.contains("setTitle", labels: ["_"]))
        #expect(ViewHierarchy.defaultOperations.contains("removeFromParent", labels: []))
        #expect(!ViewHierarchy.defaultOperations.contains("reloadData", labels: []))
    }
}
