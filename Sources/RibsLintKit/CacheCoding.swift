import Foundation

/// The cache's binary format: varints and length-prefixed UTF-8, written and read field by field.
/// Foundation's JSON coders take seconds over tens of thousands of entries on Linux; this takes a blink.
struct CacheWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7f) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func write(_ value: String) {
        let utf8 = value.utf8
        write(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    mutating func write<Element>(_ values: [Element], _ each: (inout CacheWriter, Element) -> Void) {
        write(values.count)
        for value in values { each(&self, value) }
    }
}

/// Reads what `CacheWriter` wrote; any inconsistency throws, and the cache is then ignored.
struct CacheReader {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var offset = 0

    init(_ data: Data) { bytes = [UInt8](data) }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func int() throws(Malformed) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: value))
    }

    mutating func bool() throws(Malformed) -> Bool {
        guard offset < bytes.count else { throw Malformed() }
        offset += 1
        return bytes[offset - 1] != 0
    }

    mutating func string() throws(Malformed) -> String {
        let count = try int()
        guard count >= 0, offset + count <= bytes.count else { throw Malformed() }
        defer { offset += count }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    mutating func optionalString() throws(Malformed) -> String? {
        try bool() ? try string() : nil
    }

    mutating func array<Element>(_ each: (inout CacheReader) throws(Malformed) -> Element) throws(Malformed) -> [Element] {
        let count = try int()
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try each(&self)) }
        return values
    }
}

extension LintCache.Entry {
    func write(to writer: inout CacheWriter) {
        writer.write(contentHash)
        writer.write(lineCount)
        writer.write(syntaxNote)
        writer.write(findings) { writer, finding in
            writer.write(finding.ruleID)
            writer.write(finding.severity == .error)
            writer.write(finding.path)
            for number in [finding.line, finding.column, finding.endLine, finding.endColumn] { writer.write(number) }
            writer.write(finding.message)
            writer.write(finding.fingerprint)
        }
        writer.write(facts.path)
        writer.write(facts.parts) { writer, part in
            writer.write(part.rib)
            writer.write(part.role.rawValue)
            writer.write(part.typeName)
            writer.write(part.superclass)
            writer.write(part.isPresentable)
            part.point.write(to: &writer)
        }
        for edges in [facts.edges, facts.pushes] {
            writer.write(edges) { writer, edge in
                writer.write(edge.from)
                writer.write(edge.to)
                edge.point.write(to: &writer)
            }
        }
        writer.write(facts.handlesBack) { writer, rib in writer.write(rib) }
        writer.write(facts.suppressions) { writer, span in
            writer.write(span.ruleID)
            writer.write(span.lines.lowerBound)
            writer.write(span.lines.upperBound)
            span.point.write(to: &writer)
            writer.write(span.awaitingVerdict)
        }
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        contentHash = try reader.string()
        lineCount = try reader.int()
        syntaxNote = try reader.optionalString()
        findings = try reader.array { reader throws(CacheReader.Malformed) in
            let ruleID = try reader.string()
            let severity: Severity = try reader.bool() ? .error : .warning
            let path = try reader.string()
            let line = try reader.int(), column = try reader.int(), endLine = try reader.int(), endColumn = try reader.int()
            return Finding(
                ruleID: ruleID, severity: severity, path: path, line: line, column: column, endLine: endLine,
                endColumn: endColumn, message: try reader.string(), fingerprint: try reader.string())
        }
        var facts = FileFacts()
        facts.path = try reader.string()
        facts.parts = try reader.array { reader throws(CacheReader.Malformed) in
            let rib = try reader.string()
            guard let role = Role(rawValue: try reader.string()) else { throw CacheReader.Malformed() }
            return FileFacts.Part(
                rib: rib, role: role, typeName: try reader.string(), superclass: try reader.optionalString(),
                isPresentable: try reader.bool(), point: try SourcePoint(from: &reader))
        }
        let edge = { (reader: inout CacheReader) throws(CacheReader.Malformed) -> FileFacts.Edge in
            FileFacts.Edge(from: try reader.string(), to: try reader.string(), point: try SourcePoint(from: &reader))
        }
        facts.edges = try reader.array(edge)
        facts.pushes = try reader.array(edge)
        facts.handlesBack = try reader.array { reader throws(CacheReader.Malformed) in try reader.string() }
        facts.suppressions = try reader.array { reader throws(CacheReader.Malformed) in
            let ruleID = try reader.string()
            let lower = try reader.int(), upper = try reader.int()
            guard lower <= upper else { throw CacheReader.Malformed() }
            return FileFacts.SuppressedSpan(
                ruleID: ruleID, lines: lower...upper, point: try SourcePoint(from: &reader), awaitingVerdict: try reader.bool())
        }
        self.facts = facts
    }
}

extension SourcePoint {
    func write(to writer: inout CacheWriter) {
        writer.write(path)
        for number in [line, column, endLine, endColumn] { writer.write(number) }
        writer.write(lineText)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        self.init(
            path: try reader.string(), line: try reader.int(), column: try reader.int(), endLine: try reader.int(),
            endColumn: try reader.int(), lineText: try reader.string())
    }
}
