#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The bytes a cache was read from, shared by every record and field taken from them: read into a buffer of
/// their own, never mapped. Another process that cuts the cache file short or rewrites it in place while a run
/// reads it (a second run, a CI cache restored at the wrong moment) would make a mapped page fault with SIGBUS;
/// read bytes that changed midway fail the cache's checksum instead, and the run lints without them.
final class ByteStore: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    /// The store whose bytes these are, for an alias (`init(aliasing:)`).
    private let owner: ByteStore?

    init(copying source: some Collection<UInt8>) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: 8)
        buffer.copyBytes(from: source)
        bytes = UnsafeRawBufferPointer(buffer)
        owner = nil
    }

    private init(filled buffer: UnsafeMutableRawBufferPointer, count: Int) {
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<count])
        owner = nil
    }

    /// The bytes of `owner`, under a reference count of their own: threads that each take thousands of records and
    /// fields from one store, each through its own alias, do not pass one count's cache line back and forth.
    init(aliasing owner: ByteStore) {
        bytes = owner.bytes
        self.owner = owner
    }

    /// The regular file at `path`, read whole into memory; nil when it cannot be opened or read, is empty or is
    /// larger than `limit`. A file cut short while it is read gives the bytes read.
    static func reading(_ path: String, limit: Int) -> ByteStore? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0, Int(info.st_size) <= limit else { return nil }
        let count = Int(info.st_size)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 8)
        var filled = 0
        while filled < count {
            let read = pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(filled))
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            filled += read
        }
        guard filled > 0 else {
            buffer.deallocate()
            return nil
        }
        return ByteStore(filled: buffer, count: filled)
    }

    deinit {
        if owner == nil { UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate() }
    }

    var all: StoredBytes { StoredBytes(store: self, range: 0..<bytes.count) }
}

/// A run of a store's bytes: a record or field as the cache holds it until it is decoded.
struct StoredBytes: Sendable {
    let store: ByteStore
    let range: Range<Int>

    init(store: ByteStore, range: Range<Int>) {
        self.store = store
        self.range = range
    }

    init(copying source: some Collection<UInt8>) { self = ByteStore(copying: source).all }

    var count: Int { range.count }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(rebasing: store.bytes[range]))
    }
}

/// Records in path order, as the cache holds them (see `CacheReader.records()`): found by binary search over the
/// paths' bytes, with no key built per record, and each decoded when it is needed.
struct StoredRecords: Sendable {
    private let store: ByteStore?
    /// Where each record's path and bytes lie in the store, in path order.
    private let spans: [(path: Range<Int>, record: Range<Int>)]

    init() {
        store = nil
        spans = []
    }

    fileprivate init(store: ByteStore?, spans: [(path: Range<Int>, record: Range<Int>)]) {
        self.store = store
        self.spans = spans
    }

    var count: Int { spans.count }

    /// The same records through an alias of their store (see `ByteStore.init(aliasing:)`), for one thread.
    func aliased() -> StoredRecords { StoredRecords(store: store.map(ByteStore.init(aliasing:)), spans: spans) }

    /// The record at `path`; `near` is where it likely lies, tried first: a run over the files the cache
    /// recorded asks for them in the order they were written.
    subscript(path: String, near likely: Int? = nil) -> StoredBytes? {
        guard let store else { return nil }
        var path = path
        return path.withUTF8 { wanted -> StoredBytes? in
            if let likely, spans.indices.contains(likely), Self.compare(store.bytes, spans[likely].path, UnsafeRawBufferPointer(wanted)) == 0 {
                return StoredBytes(store: store, range: spans[likely].record)
            }
            var (low, high) = (0, spans.count)
            while low < high {
                let middle = (low + high) / 2
                if Self.compare(store.bytes, spans[middle].path, UnsafeRawBufferPointer(wanted)) < 0 { low = middle + 1 } else { high = middle }
            }
            guard low < spans.count, Self.compare(store.bytes, spans[low].path, UnsafeRawBufferPointer(wanted)) == 0 else { return nil }
            return StoredBytes(store: store, range: spans[low].record)
        }
    }

    /// Every record by its path: for the runs that rewrite the cache.
    var byPath: [(path: PathKey, record: StoredBytes)] {
        guard let store else { return [] }
        return spans.map { span in
            (PathKey(String(decoding: UnsafeRawBufferPointer(rebasing: store.bytes[span.path]), as: UTF8.self)), StoredBytes(store: store, range: span.record))
        }
    }

    /// As `PathKey <` orders paths: byte by byte, then the shorter first.
    fileprivate static func compare(_ bytes: UnsafeRawBufferPointer, _ span: Range<Int>, _ other: UnsafeRawBufferPointer) -> Int {
        let shared = min(span.count, other.count)
        let compared = shared == 0 ? 0 : Int(memcmp(bytes.baseAddress! + span.lowerBound, other.baseAddress!, shared))
        return compared != 0 ? compared : span.count - other.count
    }
}

/// The cache's binary format: varints and length-prefixed UTF-8, written and read field by field.
/// Foundation's JSON coders take seconds over tens of thousands of entries on Linux; this takes a blink.
/// `FileFacts` are written in it by their `Codable` conformance (`FactsCoding`).
public struct CacheWriter {
    public private(set) var bytes: [UInt8] = []

    public mutating func write(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7f) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    public mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// 64-bit hashes, eight bytes each (little-endian) after their count: read without decoding varints.
    mutating func write(hashes: [UInt64]) {
        write(hashes.count)
        for hash in hashes { withUnsafeBytes(of: hash.littleEndian) { bytes.append(contentsOf: $0) } }
    }

    mutating func append(_ raw: StoredBytes) { raw.withUnsafeBytes { bytes.append(contentsOf: $0) } }

    /// What `body` writes, after its count of bytes: a run that needs none of it skips it unread
    /// (`CacheReader.prefixed()`).
    mutating func writePrefixed(_ body: (inout CacheWriter) -> Void) {
        var nested = CacheWriter()
        body(&nested)
        write(nested.bytes.count)
        append(nested.bytes)
    }

    /// A field `CacheReader.prefixed()` read, written back as it was.
    mutating func writePrefixed(_ raw: StoredBytes) {
        write(raw.count)
        append(raw)
    }

    mutating func append(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

    public mutating func write(_ value: String) {
        let utf8 = value.utf8
        write(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    public mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    public mutating func write<Element>(_ values: [Element], _ each: (inout CacheWriter, Element) -> Void) {
        write(values.count)
        for value in values { each(&self, value) }
    }
}

/// Reads what `CacheWriter` wrote; any inconsistency throws, and the cache is then ignored.
public struct CacheReader {
    public struct Malformed: Error {
        public init() {}
    }

    private let store: ByteStore
    private let end: Int
    private var offset: Int

    public init(_ bytes: [UInt8]) { self.init(StoredBytes(copying: bytes)) }

    init(_ bytes: StoredBytes) {
        store = bytes.store
        offset = bytes.range.lowerBound
        end = bytes.range.upperBound
    }

    public var isAtEnd: Bool { offset == end }

    var bytesLeft: Int { end - offset }

    public mutating func int() throws(Malformed) -> Int {
        let bytes = store.bytes
        // One byte: most counts and lengths.
        if offset < end, bytes[offset] < 0x80 {
            offset += 1
            return Int(bytes[offset - 1])
        }
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: value))
    }

    public mutating func bool() throws(Malformed) -> Bool {
        guard offset < end else { throw Malformed() }
        offset += 1
        return store.bytes[offset - 1] != 0
    }

    /// A field `CacheWriter.writePrefixed` wrote, as it is.
    mutating func prefixed() throws(Malformed) -> StoredBytes { try bytes(try int()) }

    /// The next `count` bytes, as they are.
    mutating func bytes(_ count: Int) throws(Malformed) -> StoredBytes {
        guard count >= 0, count <= end - offset else { throw Malformed() }
        defer { offset += count }
        return StoredBytes(store: store, range: offset..<(offset + count))
    }

    mutating func hashes() throws(Malformed) -> [UInt64] {
        let count = try hashCount()
        return try bytes(count * 8).withUnsafeBytes { raw in
            var hashes: [UInt64] = []
            hashes.reserveCapacity(count)
            for index in 0..<count { hashes.append(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))) }
            return hashes
        }
    }

    /// Whether the hashes `write(hashes:)` wrote next hold one of `wanted`; reads past them either way.
    mutating func hashes(containAny wanted: Set<UInt64>) throws(Malformed) -> Bool {
        let count = try hashCount()
        return try bytes(count * 8).withUnsafeBytes { raw in
            (0..<count).contains { wanted.contains(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))) }
        }
    }

    /// How many hashes `write(hashes:)` wrote next, eight bytes each.
    private mutating func hashCount() throws(Malformed) -> Int {
        let count = try int()
        guard count >= 0, count <= (end - offset) / 8 else { throw Malformed() }
        return count
    }

    public mutating func string() throws(Malformed) -> String {
        try bytes(try int()).withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    public mutating func optionalString() throws(Malformed) -> String? {
        try bool() ? try string() : nil
    }

    public mutating func array<Element>(_ each: (inout CacheReader) throws(Malformed) -> Element) throws(Malformed) -> [Element] {
        let count = try int()
        guard count >= 0, count <= end - offset else { throw Malformed() }
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try each(&self)) }
        return values
    }

    /// Records by path, kept as written: each is decoded when it is needed. A table of their paths' and
    /// bytes' lengths, fixed-width so that it is read without decoding varints, then the paths and bytes. Their
    /// paths must come in strictly increasing order, as the writer puts them, for the binary search; else
    /// `Malformed`. The order is checked in `jobs` shares on the threads (tens of thousands of long paths a run).
    mutating func records(jobs: Int = 1) throws(Malformed) -> StoredRecords {
        let count = try int()
        // Eight length bytes a record: a count no file could hold reserves nothing.
        guard count >= 0, count <= (end - offset) / 8 else { throw Malformed() }
        let table = try bytes(count * 8).range.lowerBound
        var spans: [(path: Range<Int>, record: Range<Int>)] = []
        spans.reserveCapacity(count)
        for index in 0..<count {
            let pathCount = Int(UInt32(littleEndian: store.bytes.loadUnaligned(fromByteOffset: table + index * 8, as: UInt32.self)))
            let recordCount = Int(UInt32(littleEndian: store.bytes.loadUnaligned(fromByteOffset: table + index * 8 + 4, as: UInt32.self)))
            spans.append((try bytes(pathCount).range, try bytes(recordCount).range))
        }
        let store = store
        let ordered = ParallelMap.shares(max(count - 1, 0), jobs: jobs) { [spans] index in
            StoredRecords.compare(store.bytes, spans[index].path, UnsafeRawBufferPointer(rebasing: store.bytes[spans[index + 1].path])) < 0
        }
        guard !ordered.contains(false) else { throw Malformed() }
        return StoredRecords(store: store, spans: spans)
    }

    public mutating func strings() throws(Malformed) -> [String] {
        try array { reader throws(Malformed) in try reader.string() }
    }

    mutating func findings() throws(Malformed) -> [Finding] {
        try array { reader throws(Malformed) in
            let ruleID = try reader.string()
            let severity: Severity = try reader.bool() ? .error : .warning
            let path = try reader.string()
            let line = try reader.int(), column = try reader.int(), endLine = try reader.int(), endColumn = try reader.int()
            var finding = Finding(
                ruleID: ruleID, severity: severity, path: path, line: line, column: column, endLine: endLine,
                endColumn: endColumn, message: try reader.string(), fingerprint: try reader.string(), context: try reader.string(),
                lineText: try reader.string())
            finding.concerns = try reader.strings()
            return finding
        }
    }
}

extension CacheWriter {
    /// `kept` records as written and `added` ones encoded, together in path order, as `CacheReader.records()`
    /// reads them. Lengths fit 32 bits: a record holds one file's results (no file past `maximumFileSize` is read),
    /// and no cache past 4 GiB is read (`LintCache`'s mapping limit), so a clamped length is never read back.
    mutating func write<Record>(
        records kept: [PathKey: StoredBytes], adding added: [PathKey: Record], _ encode: (Record, inout CacheWriter) -> Void
    ) {
        var all = kept
        for (path, record) in added {
            var nested = CacheWriter()
            encode(record, &nested)
            all[path] = StoredBytes(copying: nested.bytes)
        }
        let sorted = all.sorted(by: { $0.key < $1.key })
        write(sorted.count)
        for (path, bytes) in sorted {
            for count in [path.path.utf8.count, bytes.count] {
                withUnsafeBytes(of: UInt32(clamping: count).littleEndian) { self.bytes.append(contentsOf: $0) }
            }
        }
        for (path, bytes) in sorted {
            self.bytes.append(contentsOf: path.path.utf8)
            append(bytes)
        }
    }

    public mutating func write(_ strings: [String]) {
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
            writer.write(finding.context)
            writer.write(finding.lineText)
            writer.write(finding.concerns)
        }
    }
}

extension LintCache.Entry {
    func write(to writer: inout CacheWriter) {
        writer.write(contentHash)
        stamp.write(to: &writer)
        writer.write(lineCount)
        writer.write(syntaxNote)
        findings.write(to: &writer)
        // Length-prefixed, so a run whose type index needs no file's answers leaves them unread.
        switch types {
        case .encoded(let bytes): writer.writePrefixed(bytes)
        case .decoded(let declarations, let lookups): writer.writePrefixed { StoredTypes.write(declarations, lookups, to: &$0) }
        }
        writer.write(links != nil)
        for names in [links?.joins, links?.refers].compactMap({ $0 }) {
            writer.write(hashes: names)
        }
        // Length-prefixed, so a run that needs no project pass skips the facts unread.
        switch contribution {
        case .encoded(let bytes): writer.writePrefixed(bytes)
        case .decoded(let contribution): writer.writePrefixed { contribution.write(to: &$0) }
        }
    }
}

extension Linter.FileOutcome {
    /// A file's outcome as the cache recorded it (`LintCache.Entry.write(to:)`), read straight into the outcome.
    init(recorded reader: inout CacheReader) throws(CacheReader.Malformed) {
        let contentHash = try reader.string()
        let stamp = try FileStamp(from: &reader)
        let lineCount = try reader.int()
        let syntaxNote = try reader.optionalString()
        let findings = try StoredFindings(from: &reader)
        let types = StoredTypes.encoded(try reader.prefixed())
        var links: LinkHashes?
        if try reader.bool() {
            let joins = try reader.hashes()
            links = LinkHashes(joins: joins, refers: try reader.hashes())
        }
        self.init(
            storedFindings: findings, contribution: .encoded(try reader.prefixed()), links: links, types: types, lineCount: lineCount,
            syntaxNote: syntaxNote, contentHash: contentHash, stamp: stamp, fromCache: true)
    }
}

extension FolderListing {
    func write(to writer: inout CacheWriter) {
        stamp.write(to: &writer)
        for names in [files, folders, untyped] { writer.write(names) }
        writer.write(sourceryConfigurations)
        writer.write(hasConfiguration)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        self.init(
            stamp: try FileStamp(from: &reader), files: try reader.strings(), folders: try reader.strings(), untyped: try reader.strings(),
            sourceryConfigurations: try reader.strings(), hasConfiguration: try reader.bool())
    }
}

extension FileStamp {
    /// Its numbers, in the order the cache holds them.
    var numbers: [Int] { [size, Int(bitPattern: UInt(inode)), modified.seconds, modified.nanoseconds, changed.seconds, changed.nanoseconds] }

    func write(to writer: inout CacheWriter) {
        for number in numbers { writer.write(number) }
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        let size = try reader.int(), inode = UInt64(UInt(bitPattern: try reader.int()))
        let modified = Time(seconds: try reader.int(), nanoseconds: try reader.int())
        self.init(size: size, inode: inode, modified: modified, changed: Time(seconds: try reader.int(), nanoseconds: try reader.int()))
    }
}

extension FileContribution {
    func write(to writer: inout CacheWriter) {
        writer.write(path)
        writer.write(suppressions) { writer, span in
            writer.write(span.ruleID)
            writer.write(span.lines.lowerBound)
            writer.write(span.lines.upperBound)
            span.point.write(to: &writer)
            writer.write(span.awaitingVerdict)
            writer.write(span.reenabled.sorted { $0.key < $1.key }) { writer, entry in
                writer.write(entry.key)
                writer.write(entry.value)
            }
        }
        // Each kind length-prefixed under its id: the engine stores facts it does not know the shape of. Facts
        // that cannot be written (a set or a dictionary in them) are left out: the entry then fails to read, and
        // the file is linted again.
        let encoded = facts.sorted(by: { $0.key < $1.key }).compactMap { id, facts -> (String, [UInt8])? in
            var nested = CacheWriter()
            guard (try? FactsCoding.encode(facts, to: &nested)) != nil else { return nil }
            return (id, nested.bytes)
        }
        writer.write(encoded.count)
        for (id, bytes) in encoded {
            writer.write(id)
            writer.write(bytes.count)
            writer.append(bytes)
        }
    }

    /// Reads a contribution holding the facts of every kind in `kinds`.
    init(from reader: inout CacheReader, kinds: [any FileFacts.Type]) throws(CacheReader.Malformed) {
        let path = try reader.string()
        let suppressions = try reader.array { reader throws(CacheReader.Malformed) in
            let ruleID = try reader.string()
            let lower = try reader.int(), upper = try reader.int()
            guard lower <= upper else { throw CacheReader.Malformed() }
            let point = try SourcePoint(from: &reader), awaitingVerdict = try reader.bool()
            let reenabled = try reader.array { reader throws(CacheReader.Malformed) in (try reader.string(), try reader.int()) }
            return SuppressedSpan(
                ruleID: ruleID, lines: lower...upper, point: point, awaitingVerdict: awaitingVerdict,
                reenabled: Dictionary(reenabled, uniquingKeysWith: { first, _ in first }))
        }
        var facts: [String: any FileFacts] = [:]
        let factCount = try reader.int()
        guard factCount >= 0 else { throw CacheReader.Malformed() }
        for _ in 0..<factCount {
            let id = try reader.string()
            var nested = CacheReader(try reader.prefixed())
            guard let kind = kinds.first(where: { $0.id == id }) else { continue }
            do {
                facts[id] = try FactsCoding.decode(kind, from: &nested)
            } catch {
                throw CacheReader.Malformed()
            }
            guard nested.isAtEnd else { throw CacheReader.Malformed() }
        }
        guard kinds.allSatisfy({ facts[$0.id] != nil }) else { throw CacheReader.Malformed() }
        self.init(path: path, facts: facts, suppressions: suppressions)
    }
}

extension SourcePoint {
    func write(to writer: inout CacheWriter) {
        writer.write(path)
        for number in [line, column, endLine, endColumn] { writer.write(number) }
        writer.write(lineText)
        writer.write(context)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        self.init(
            path: try reader.string(), line: try reader.int(), column: try reader.int(), endLine: try reader.int(),
            endColumn: try reader.int(), lineText: try reader.string(), context: try reader.string())
    }
}

extension StoredTypes {
    static func write(_ declarations: [DeclaredType], _ lookups: [String: String], to writer: inout CacheWriter) {
        writer.write(hashes: names(of: declarations))
        writer.write(declarations) { writer, declared in
            writer.write(declared.name)
            writer.write(declared.kind.rawValue)
            writer.write(declared.inherited)
            writer.write(declared.genericArguments)
            writer.write(declared.isMainActor)
            writer.write(declared.holds)
            writer.write(declared.helperMethods)
        }
        writer.write(lookups.sorted { $0.key < $1.key }) { writer, lookup in
            writer.write(lookup.key)
            writer.write(lookup.value)
        }
    }

    /// Without `lookups`, the declarations alone: what the type index is built from.
    static func read(from reader: inout CacheReader, lookups wanted: Bool = true) throws(CacheReader.Malformed) -> ([DeclaredType], [String: String]) {
        _ = try reader.hashes()
        let declarations = try reader.array { reader throws(CacheReader.Malformed) in
            let name = try reader.string()
            guard let kind = TypeDeclaration.Kind(rawValue: try reader.string()) else { throw CacheReader.Malformed() }
            return DeclaredType(
                name: name, kind: kind, inherited: try reader.strings(), genericArguments: try reader.strings(), isMainActor: try reader.bool(),
                holds: try reader.strings(), helperMethods: try reader.strings())
        }
        guard wanted else { return (declarations, [:]) }
        var lookups: [String: String] = [:]
        let lookupCount = try reader.int()
        guard lookupCount >= 0 else { throw CacheReader.Malformed() }
        for _ in 0..<lookupCount { lookups[try reader.string()] = try reader.string() }
        guard reader.isAtEnd else { throw CacheReader.Malformed() }
        return (declarations, lookups)
    }
}
