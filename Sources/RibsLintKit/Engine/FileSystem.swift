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
