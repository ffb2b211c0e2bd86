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

    mutating func append(_ raw: ArraySlice<UInt8>) { bytes.append(contentsOf: raw) }

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

    private let bytes: ArraySlice<UInt8>
    private var offset: Int

    init(_ bytes: [UInt8]) { self.init(bytes[...]) }

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    var isAtEnd: Bool { offset == bytes.endIndex }

    mutating func int() throws(Malformed) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.endIndex, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: value))
    }

    mutating func bool() throws(Malformed) -> Bool {
        guard offset < bytes.endIndex else { throw Malformed() }
        offset += 1
        return bytes[offset - 1] != 0
    }

    /// The next `count` bytes, as they are.
    mutating func bytes(_ count: Int) throws(Malformed) -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.endIndex - offset else { throw Malformed() }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    mutating func string() throws(Malformed) -> String {
        String(decoding: try bytes(try int()), as: UTF8.self)
    }

    mutating func optionalString() throws(Malformed) -> String? {
        try bool() ? try string() : nil
    }

    mutating func array<Element>(_ each: (inout CacheReader) throws(Malformed) -> Element) throws(Malformed) -> [Element] {
        let count = try int()
        guard count >= 0, count <= bytes.endIndex - offset else { throw Malformed() }
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try each(&self)) }
        return values
    }

    /// Length-prefixed records by path, kept as written: each is decoded when it is needed.
    mutating func records() throws(Malformed) -> [String: ArraySlice<UInt8>] {
        let count = try int()
        guard count >= 0, count <= bytes.endIndex - offset else { throw Malformed() }
        var records: [String: ArraySlice<UInt8>] = [:]
        records.reserveCapacity(count)
        for _ in 0..<count {
            let path = try string()
            records[path] = try bytes(try int())
        }
        return records
    }

    mutating func strings() throws(Malformed) -> [String] {
        try array { reader throws(Malformed) in try reader.string() }
    }

    mutating func findings() throws(Malformed) -> [Finding] {
        try array { reader throws(Malformed) in
            let ruleID = try reader.string()
            let severity: Severity = try reader.bool() ? .error : .warning
            let path = try reader.string()
            let line = try reader.int(), column = try reader.int(), endLine = try reader.int(), endColumn = try reader.int()
            return Finding(
                ruleID: ruleID, severity: severity, path: path, line: line, column: column, endLine: endLine,
                endColumn: endColumn, message: try reader.string(), fingerprint: try reader.string())
        }
    }
}

extension CacheWriter {
    /// `kept` records as written and `added` ones encoded, together in path order, each length-prefixed.
    mutating func write<Record>(
        records kept: [String: ArraySlice<UInt8>], adding added: [String: Record], _ encode: (Record, inout CacheWriter) -> Void
    ) {
        var all = kept
        for (path, record) in added {
            var nested = CacheWriter()
            encode(record, &nested)
            all[path] = nested.bytes[...]
        }
        write(all.count)
        for (path, bytes) in all.sorted(by: { $0.key < $1.key }) {
            write(path)
            write(bytes.count)
            append(bytes)
        }
    }

    mutating func write(_ strings: [String]) {
        write(strings) { writer, text in writer.write(text) }
    }

    mutating func write(_ findings: [Finding]) {
        write(findings) { writer, finding in
            writer.write(finding.ruleID)
            writer.write(finding.severity == .error)
            writer.write(finding.path)
            for number in [finding.line, finding.column, finding.endLine, finding.endColumn] { writer.write(number) }
            writer.write(finding.message)
            writer.write(finding.fingerprint)
        }
    }
}

extension LintCache.Entry {
    func write(to writer: inout CacheWriter) {
        writer.write(contentHash)
        stamp.write(to: &writer)
        writer.write(lineCount)
        writer.write(syntaxNote)
        writer.write(findings)
        // Length-prefixed, so a run that needs no project pass skips the facts unread.
        switch facts {
        case .encoded(let bytes):
            writer.write(bytes.count)
            writer.append(bytes)
        case .decoded(let facts):
            var nested = CacheWriter()
            facts.write(to: &nested)
            writer.write(nested.bytes.count)
            writer.append(nested.bytes[...])
        }
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        contentHash = try reader.string()
        stamp = try FileStamp(from: &reader)
        lineCount = try reader.int()
        syntaxNote = try reader.optionalString()
        findings = try reader.findings()
        facts = .encoded(try reader.bytes(try reader.int()))
    }
}

extension FolderListing {
    func write(to writer: inout CacheWriter) {
        stamp.write(to: &writer)
        for names in [files, folders, untyped] { writer.write(names) }
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        self.init(stamp: try FileStamp(from: &reader), files: try reader.strings(), folders: try reader.strings(), untyped: try reader.strings())
    }
}

extension FileStamp {
    func write(to writer: inout CacheWriter) {
        for number in [size, Int(bitPattern: UInt(inode)), modified.seconds, modified.nanoseconds, changed.seconds, changed.nanoseconds] {
            writer.write(number)
        }
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        let size = try reader.int(), inode = UInt64(UInt(bitPattern: try reader.int()))
        let modified = Time(seconds: try reader.int(), nanoseconds: try reader.int())
        self.init(size: size, inode: inode, modified: modified, changed: Time(seconds: try reader.int(), nanoseconds: try reader.int()))
    }
}

extension FileFacts {
    func write(to writer: inout CacheWriter) {
        writer.write(path)
        writer.write(parts) { writer, part in
            writer.write(part.rib)
            writer.write(part.role.rawValue)
            writer.write(part.typeName)
            writer.write(part.superclass)
            writer.write(part.isPresentable)
            part.point.write(to: &writer)
        }
        for edges in [edges, pushes] {
            writer.write(edges) { writer, edge in
                writer.write(edge.from)
                writer.write(edge.to)
                edge.point.write(to: &writer)
            }
        }
        writer.write(handlesBack)
        writer.write(suppressions) { writer, span in
            writer.write(span.ruleID)
            writer.write(span.lines.lowerBound)
            writer.write(span.lines.upperBound)
            span.point.write(to: &writer)
            writer.write(span.awaitingVerdict)
        }
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        self.init()
        path = try reader.string()
        parts = try reader.array { reader throws(CacheReader.Malformed) in
            let rib = try reader.string()
            guard let role = Role(rawValue: try reader.string()) else { throw CacheReader.Malformed() }
            return FileFacts.Part(
                rib: rib, role: role, typeName: try reader.string(), superclass: try reader.optionalString(),
                isPresentable: try reader.bool(), point: try SourcePoint(from: &reader))
        }
        let edge = { (reader: inout CacheReader) throws(CacheReader.Malformed) -> FileFacts.Edge in
            FileFacts.Edge(from: try reader.string(), to: try reader.string(), point: try SourcePoint(from: &reader))
        }
        edges = try reader.array(edge)
        pushes = try reader.array(edge)
        handlesBack = try reader.strings()
        suppressions = try reader.array { reader throws(CacheReader.Malformed) in
            let ruleID = try reader.string()
            let lower = try reader.int(), upper = try reader.int()
            guard lower <= upper else { throw CacheReader.Malformed() }
            return FileFacts.SuppressedSpan(
                ruleID: ruleID, lines: lower...upper, point: try SourcePoint(from: &reader), awaitingVerdict: try reader.bool())
        }
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
