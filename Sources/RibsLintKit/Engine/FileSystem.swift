#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The largest file ribslint reads: generated sources run to a few megabytes; anything past this is not
/// code to lint (or an endless device behind a link).
public let maximumFileSize = 64 << 20

/// Why a file's bytes could not be read, in the words a report uses.
enum ReadProblem: Error, Equatable {
    case cannotOpen(String)
    case notRegular
    case tooLarge

    var message: String {
        switch self {
        case .cannotOpen(let reason): "cannot read the file (\(reason))"
        case .notRegular: "not a regular file"
        case .tooLarge: "larger than \(maximumFileSize >> 20) MB"
        }
    }
}

/// A regular file's bytes by `open`/`read` (Foundation's `contents(atPath:)` costs more than the read on
/// Linux), with its stamp taken before the read: an edit racing the read changes the stamp too. A FIFO is
/// never waited on, a device never read, and no more than `maximumFileSize` bytes are read.
func readRegularFile(_ path: String, limit: Int = maximumFileSize) -> Result<(data: [UInt8], stamp: FileStamp), ReadProblem> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return .failure(.cannotOpen(systemError(errno))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.cannotOpen(systemError(errno))) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
    guard Int(info.st_size) <= limit else { return .failure(.tooLarge) }
    // Sized by `fstat` (one byte more, to see the end), read until end of file: a file may still grow
    // while it is read. The buffer is not zeroed first; only what `read` filled is kept.
    var bytes: [UInt8] = []
    var capacity = max(Int(info.st_size), 0) + 1
    while true {
        var failure: Int32?
        let filled = bytes.count
        bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let start = buffer.baseAddress!
            bytes.withUnsafeBufferPointer { old in
                if let base = old.baseAddress { start.initialize(from: base, count: old.count) }
            }
            count = filled
            while count < capacity {
                let got = read(descriptor, start + count, capacity - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failure = errno; return }
                if got == 0 { return }
                count += got
            }
        }
        if let failure { return .failure(.cannotOpen(systemError(failure))) }
        if bytes.count < capacity { return .success((bytes, FileStamp(info))) }
        guard capacity <= limit else { return .failure(.tooLarge) }
        capacity *= 2
    }
}

/// A file's size in bytes (0 when it cannot be asked).
func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
}

func readFile(_ path: String, limit: Int = maximumFileSize) -> (data: [UInt8], stamp: FileStamp)? {
    try? readRegularFile(path, limit: limit).get()
}

/// A path compared by its bytes. Swift's `String` equality is canonical equivalence, which would make
/// `Café.swift` spelled in NFC and in NFD — two files on Linux — one file.
struct PathKey: Hashable, Comparable, Sendable {
    let path: String

    init(_ path: String) { self.path = path }

    /// Byte for byte, by `memcmp` on the strings' storage: the cache compares tens of thousands of keys a run.
    static func == (a: PathKey, b: PathKey) -> Bool {
        let (x, y) = (a.path.utf8, b.path.utf8)
        guard x.count == y.count else { return false }
        return x.withContiguousStorageIfAvailable { left in
            y.withContiguousStorageIfAvailable { right in left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }.flatMap { $0 } ?? x.elementsEqual(y)
    }

    /// Byte for byte too: the first differing byte decides, else the shorter path comes first.
    static func < (a: PathKey, b: PathKey) -> Bool {
        let (x, y) = (a.path.utf8, b.path.utf8)
        let order = x.withContiguousStorageIfAvailable { left in
            y.withContiguousStorageIfAvailable { right -> Bool in
                let shared = min(left.count, right.count)
                let compared = shared == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, shared)
                return compared != 0 ? compared < 0 : left.count < right.count
            }
        }
        return order.flatMap { $0 } ?? x.lexicographicallyPrecedes(y)
    }

    func hash(into hasher: inout Hasher) {
        let hashed: Void? = path.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil { for byte in path.utf8 { hasher.combine(byte) } }
        hasher.combine(path.utf8.count)
    }
}

/// Whether `path` ends with the bytes of `suffix`, an ASCII file name (or its end): the name as the file system
/// stores it. `hasSuffix` compares Characters, which costs more than the paths of a monorepo allow, and would miss
/// a name after a prepended mark (U+0600 joins the `/` or letter after it into one Character).
public func endsWith(_ path: String, _ suffix: StaticString) -> Bool {
    let count = suffix.utf8CodeUnitCount
    guard path.utf8.count >= count else { return false }
    guard count > 0 else { return true }
    return path.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress! + ($0.count - count), suffix.utf8Start, count) == 0 }
        ?? path.utf8.suffix(count).elementsEqual(UnsafeBufferPointer(start: suffix.utf8Start, count: count))
}

func relativePath(_ path: String, to base: String) -> String? {
    let prefix = base.hasSuffix("/") ? base : base + "/"
    if path == base { return "." }
    // By bytes when they match and an ASCII byte follows, as almost always; else as Swift compares strings (a
    // combining mark after the `/` makes another Character).
    let bytes = path.utf8
    if bytes.starts(with: prefix.utf8), bytes.count > prefix.utf8.count,
        case let rest = bytes.index(bytes.startIndex, offsetBy: prefix.utf8.count), bytes[rest] < 0x80
    {
        return String(path[rest...])
    }
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
}
