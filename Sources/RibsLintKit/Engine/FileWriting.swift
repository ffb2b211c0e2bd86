#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes `text` as every file ribslint writes is written (reports, fixes, baselines, the cache).
public func writeAtomically(_ text: String, to path: String) throws {
    try writeAtomically(Array(text.utf8), to: path)
}

/// Writes `bytes` to `path` so that nothing is destroyed and no reader sees half a file. A symlink is
/// followed to what it points at. A regular file, or none, is replaced atomically: a temporary file beside
/// it, given the old file's mode and (where allowed) owner, renamed over it. Anything else — a FIFO, a
/// device — is written through, as the user asked for it; `/dev/stdout` and `/dev/stderr` are the run's own.
public func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    // The run's own standard output or error, named as a file: written where it already goes, after what is there.
    if let descriptor = ["/dev/stdout": 1, "/dev/stderr": 2, "/dev/fd/1": 1, "/dev/fd/2": 2, "/proc/self/fd/1": 1, "/proc/self/fd/2": 2][path] {
        try writeAll(bytes, to: Int32(descriptor))
        return
    }
    // Devices and the kernel's files are written through, never resolved and replaced.
    if path.hasPrefix("/dev/") || path.hasPrefix("/proc/") { return try writeThrough(bytes, to: path, flags: O_WRONLY) }
    let target = resolvedTarget(of: path)
    var info = stat()
    if stat(target, &info) == 0, info.st_mode & S_IFMT != S_IFREG { return try writeThrough(bytes, to: target, flags: O_WRONLY | O_TRUNC) }
    try withSignalsDeferred {
        let write = try PreparedWrite(bytes, to: target)
        do { try write.commit() } catch {
            write.discard()
            throw error
        }
    }
}

/// Writes every file or none: each is written beside its place first, and only when all are written are they
/// renamed into place (with signals held). Returns the first file that could not be written, and why.
public func writeAllOrNothing(_ files: [(path: String, text: String)]) -> (path: String, reason: String)? {
    withSignalsDeferred {
        var prepared: [PreparedWrite] = []
        for (path, text) in files {
            do {
                prepared.append(try PreparedWrite(Array(text.utf8), to: path))
            } catch {
                prepared.forEach { $0.discard() }
                return (path, writeFailureReason(error, path: path) + "; no file was written")
            }
        }
        for (index, write) in prepared.enumerated() {
            do { try write.commit() } catch {
                prepared[index...].forEach { $0.discard() }
                return (files[index].path, writeFailureReason(error, path: files[index].path) + "; the \(index) file\(index == 1 ? "" : "s") before it were written")
            }
        }
        return nil
    }
}

/// Swaps the names of two files in one atomic step (Linux's `renameat2` with `RENAME_EXCHANGE`, Darwin's
/// `renamex_np` with `RENAME_SWAP`). False with `errno` set when it failed, `ENOSYS` where the system has no
/// such call.
func exchangeFiles(_ first: String, _ second: String) -> Bool {
    guard let exchange = systemExchange else {
        errno = ENOSYS
        return false
    }
    return exchange(first, second)
}

#if os(Linux)
private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
private let systemExchange: (@Sendable (String, String) -> Bool)? = dlsym(dlopen(nil, RTLD_NOW), "renameat2").map { symbol in
    let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
    // AT_FDCWD, RENAME_EXCHANGE
    return { first, second in renameat2(-100, first, -100, second, 2) == 0 }
}
#else
private typealias RenameXNP = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UInt32) -> Int32
private let systemExchange: (@Sendable (String, String) -> Bool)? = dlsym(dlopen(nil, RTLD_NOW), "renamex_np").map { symbol in
    let renamex = unsafeBitCast(symbol, to: RenameXNP.self)
    // RENAME_SWAP
    return { first, second in renamex(first, second, 2) == 0 }
}
#endif

/// SIGINT, SIGTERM and SIGHUP that arrive while `body` runs are held until it has finished (and removed its
/// temporary files), then take effect as they would have: a file is never left half-written or a temporary
/// beside it.
func withSignalsDeferred<T>(_ body: () throws -> T) rethrows -> T {
    SignalDeferral.enter()
    defer { SignalDeferral.leave() }
    return try body()
}

private enum SignalDeferral {
    static let signals = [SIGINT, SIGTERM, SIGHUP]
    nonisolated(unsafe) static var depth = 0
    nonisolated(unsafe) static var previous: [Int32: sigaction] = [:]
    static let lock = NSLock()

    static func enter() {
        lock.lock()
        defer { lock.unlock() }
        depth += 1
        guard depth == 1 else { return }
        pendingSignal = 0
        for signal in signals {
            var action = sigaction()
            #if os(Linux)
            action.__sigaction_handler.sa_handler = { pendingSignal = $0 }
            #else
            action.__sigaction_u.__sa_handler = { pendingSignal = $0 }
            #endif
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous[signal] = old
        }
    }

    static func leave() {
        lock.lock()
        defer { lock.unlock() }
        depth -= 1
        guard depth == 0 else { return }
        for signal in signals {
            guard var old = previous[signal] else { continue }
            sigaction(signal, &old, nil)
        }
        if pendingSignal != 0 { raise(pendingSignal) }
    }
}

/// The signal that arrived while signals were deferred, or 0: set by the handler, which may do no more.
nonisolated(unsafe) private var pendingSignal: Int32 = 0

/// Writes into the file at `path` as it is (a FIFO, a device), opened with `flags`.
private func writeThrough(_ bytes: [UInt8], to path: String, flags: Int32) throws {
    let descriptor = open(path, flags)
    guard descriptor >= 0 else { throw posixError() }
    defer { close(descriptor) }
    try writeAll(bytes, to: descriptor)
}

/// New bytes for a regular file (or none yet), written beside it with its mode and owner, waiting to be
/// renamed over it: `--fix` prepares every file a fix touches before it renames any.
struct PreparedWrite {
    let temporary: String
    let target: String

    init(_ bytes: [UInt8], to path: String) throws {
        target = resolvedTarget(of: path)
        var info = stat()
        // Still a link after every hop: a loop, or one too long to follow. Never replaced.
        if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { throw posixError(ELOOP) }
        let exists = stat(target, &info) == 0
        if exists, info.st_mode & S_IFMT != S_IFREG { throw ReadProblem.notRegular }
        let folder = parentFolder(of: target)
        let name = String(target[target.index(after: target.lastIndex(of: "/") ?? target.startIndex)...])
        temporary = (folder == "/" ? "" : folder) + "/.\(name).ribslint-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard descriptor >= 0 else { throw posixError() }
        defer { close(descriptor) }
        do {
            try writeAll(bytes, to: descriptor)
            if exists {
                fchmod(descriptor, info.st_mode & 0o7777)
                _ = fchown(descriptor, info.st_uid, info.st_gid)
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    func commit() throws {
        guard rename(temporary, target) == 0 else { throw posixError() }
    }

    func discard() { unlink(temporary) }
}

/// Where a write to `path` lands: symlinks followed, however many, even to a file not there yet.
func resolvedTarget(of path: String) -> String {
    var current = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    for _ in 0..<40 {
        guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
        current = destination.hasPrefix("/") ? destination : parentFolder(of: current) + "/" + destination
    }
    return current
}

private func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
    if let failure = writeFully(bytes, to: descriptor) { throw posixError(failure) }
}

/// Writes every byte to a descriptor, through interrupted and partial writes; returns the `errno` of a
/// failure (EIO for a write that wrote nothing), or nil.
public func writeFully(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    var written = 0
    while written < bytes.count {
        let count = bytes.withUnsafeBufferPointer { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return count < 0 ? errno : EIO }
        written += count
    }
    return nil
}

private func posixError(_ code: Int32 = errno) -> NSError {
    NSError(domain: NSPOSIXErrorDomain, code: Int(code))
}

/// Why writing the file at `path` failed, in a few words: a folder in its way, a folder that cannot be
/// written, else the underlying POSIX error or Foundation's description.
public func writeFailureReason(_ error: Error, path: String) -> String {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return "it is a folder" }
    if let problem = error as? ReadProblem { return problem.message }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    if access(folder, W_OK) != 0 { return "cannot write in \(folder): " + systemError(errno) }
    let posix = [error as NSError, (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError].compactMap { $0 }
        .first { $0.domain == NSPOSIXErrorDomain }
    if let posix { return systemError(Int32(posix.code)) }
    return error.localizedDescription
}

/// The C library's words for an `errno`, in lower case to sit inside a sentence: "no space left on device".
public func systemError(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
}

extension FixPlan {
    /// The plan as a unified diff (`diff -u` style, paths as `a/…` and `b/…`), files in path order.
    public var unifiedDiff: String {
        files.sorted { $0.path < $1.path }.map { UnifiedDiff.of($0.original, $0.fixed, path: $0.path) }.joined()
    }

    /// What writing the plan did: the files written (whole groups only), and a message for each group that could
    /// not be written (nothing of it was).
    public struct Written: Sendable {
        public var files: [File] = []
        public var failures: [String] = []

        public init(files: [File] = [], failures: [String] = []) {
            self.files = files
            self.failures = failures
        }
    }

    /// Writes the fixed files, each group all or nothing. Every file of a group is written beside its original
    /// first; then each original, checked again to be as it was read, is swapped with its fixed text in one
    /// atomic exchange, and the text swapped out is checked once more: an editor's save that came in between is
    /// swapped back and the group undone, so no edit is ever lost. A failure (an immutable file) undoes the group
    /// too. Where the file system has no exchange, the check comes right before an atomic rename. SIGINT, SIGTERM
    /// and SIGHUP wait until the temporary files are gone.
    public func write() -> Written {
        let byPath = Dictionary(files.map { (PathKey($0.path), $0) }, uniquingKeysWith: { first, _ in first })
        var written = Written()
        withSignalsDeferred {
            for group in groups {
                let members = group.compactMap { byPath[PathKey($0)] }
                if let failure = Self.write(members, group: group) {
                    written.failures.append(failure)
                } else {
                    written.files += members
                }
            }
        }
        return written
    }

    /// Writes one group; nil when every file was replaced.
    private static func write(_ members: [File], group: [String]) -> String? {
        var prepared: [PreparedWrite] = []
        /// How many members' files were swapped or renamed in; and how each was put in.
        var committed: [(write: PreparedWrite, exchanged: Bool)] = []
        /// Puts every committed file back. A temporary file is removed only while it holds the fixed text: one that
        /// holds anything else (an editor's save that came in between) is kept, and named in `kept`.
        var kept: [String] = []
        func undo() {
            var undone = Set<String>()
            for (write, exchanged) in committed.reversed() {
                if exchanged {
                    if exchangeFiles(write.temporary, write.target) { undone.insert(write.temporary) }
                } else if let original = members.first(where: { resolvedTarget(of: $0.absolutePath) == write.target })?.original,
                    let restore = try? PreparedWrite(Array(original.utf8), to: write.target)
                {
                    if (try? restore.commit()) == nil { restore.discard() }
                }
            }
            for (file, write) in zip(members, prepared) {
                let wasSwapped = committed.contains { $0.write.temporary == write.temporary && $0.exchanged }
                if !wasSwapped || undone.contains(write.temporary), isUnchanged(write.temporary, file.fixed) || !entryExists(write.temporary) {
                    write.discard()
                } else {
                    kept.append(write.temporary)
                }
            }
        }
        let nothing = "nothing of \(group.joined(separator: ", ")) was written"
        do {
            for file in members {
                guard isUnchanged(file.absolutePath, file.original) else { throw FixConflict(path: file.path) }
                prepared.append(try PreparedWrite(Array(file.fixed.utf8), to: file.absolutePath))
            }
            for (file, write) in zip(members, prepared) {
                guard isUnchanged(write.target, file.original) else { throw FixConflict(path: file.path) }
                if exchangeFiles(write.temporary, write.target) {
                    committed.append((write, true))
                    // What was swapped out must be what was read: else an editor saved in between.
                    guard isUnchanged(write.temporary, file.original) else { throw FixConflict(path: file.path) }
                } else if errno == EINVAL || errno == ENOSYS || errno == ENOTSUP {
                    try write.commit()
                    committed.append((write, false))
                } else {
                    throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
                }
            }
            prepared.forEach { $0.discard() }
            return nil
        } catch let conflict as FixConflict {
            undo()
            return "\(conflict.path): error: changed on disk while its fixes were planned; \(nothing)" + keptNote(kept)
        } catch {
            undo()
            let path = members.first?.absolutePath ?? ""
            return "\(group.joined(separator: ", ")): error: cannot write the fixed files (\(writeFailureReason(error, path: path))); \(nothing)"
                + keptNote(kept)
        }
    }

    private static func keptNote(_ kept: [String]) -> String {
        kept.isEmpty ? "" : "; text saved while the group was put back is kept in \(kept.joined(separator: ", "))"
    }

    /// Whether the file at `path` holds exactly `text`.
    private static func isUnchanged(_ path: String, _ text: String) -> Bool {
        guard let (bytes, _) = readFile(path) else { return false }
        return bytes.elementsEqual(text.utf8)
    }

    /// The unified diff between two texts of the file at `path`.
    public static func unifiedDiff(_ old: String, _ new: String, path: String) -> String { UnifiedDiff.of(old, new, path: path) }
}

private struct FixConflict: Error {
    let path: String
}
