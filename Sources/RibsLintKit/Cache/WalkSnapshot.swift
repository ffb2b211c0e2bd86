#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a walk of some folders found, kept by the cache so that the next run over the same folders takes the files
/// from it while every folder is as it was: a `stat` a folder and a file, where the walk decodes every listing and
/// builds, merges and sorts every path. Folders are trusted as `FolderMemory` trusts them (a stamp the cache
/// trusts, else the same entries read again), so the files are those the walk would find. Written by every run
/// that writes the cache after a walk of folders that met no link and nothing it could not read: those it
/// settles anew each run.
struct WalkSnapshot {
    /// What the walk's result depends on besides the folders' entries (see `key(roots:base:configuration:)`).
    let key: String
    let files: [DiscoveredFile]
    let sourceryConfigurations: [String]
    /// Every folder the walk visited.
    let folders: [Folder]

    struct Folder {
        let path: String
        let stamp: FileStamp
        let hasConfiguration: Bool
        /// `FolderListing.entriesHash` of its listing: a folder whose stamp changed is read again, and still
        /// answers for its files when its entries are these.
        let entriesHash: UInt64
    }

    /// A snapshot to write: the one the cache holds, as written, or one this run took.
    enum Held {
        case recorded(StoredBytes)
        case taken(WalkSnapshot)
    }

    /// The folders walked, the folder reports name files from, and `excluded` with the folder its patterns are
    /// relative to; NUL between them, which no path holds.
    static func key(roots: [String], base: String, configuration: Configuration) -> String {
        ([base, configuration.rootDirectory] + configuration.excluded + [""] + configuration.included.filter(Glob.hasWildcard) + [""]
            + roots.sorted()).joined(separator: "\u{0}")
    }

    /// The key and sourcery configurations as fields; then the counts, a table of the lengths of every path
    /// (fixed-width, read without decoding varints), each folder's stamp as six 64-bit numbers and a byte for its
    /// configuration and its entries' hash, and the paths' bytes.
    func write(to writer: inout CacheWriter) {
        writer.write(key)
        writer.write(sourceryConfigurations)
        writer.write(files.count)
        writer.write(folders.count)
        var raw: [UInt8] = []
        func word(_ value: Int) { withUnsafeBytes(of: UInt32(clamping: value).littleEndian) { raw.append(contentsOf: $0) } }
        for file in files {
            word(file.absolutePath.utf8.count)
            word(file.displayPath.utf8.count)
        }
        for folder in folders { word(folder.path.utf8.count) }
        for folder in folders {
            for number in folder.stamp.numbers { withUnsafeBytes(of: Int64(number).littleEndian) { raw.append(contentsOf: $0) } }
            raw.append(folder.hasConfiguration ? 1 : 0)
            withUnsafeBytes(of: folder.entriesHash.littleEndian) { raw.append(contentsOf: $0) }
        }
        for file in files { raw.append(contentsOf: file.absolutePath.utf8) }
        for file in files { raw.append(contentsOf: file.displayPath.utf8) }
        for folder in folders { raw.append(contentsOf: folder.path.utf8) }
        writer.append(raw)
    }

    /// A snapshot as the cache holds it: its fields found once, its paths read where they lie.
    struct Recorded {
        let key: String
        let sourceryConfigurations: [String]
        private let bytes: StoredBytes
        /// Where each file's absolute and display paths start and end, each folder's path, and each folder's stamp.
        private let absolutePaths: [Range<Int>]
        private let displayPaths: [Range<Int>]
        private let folderPaths: [Range<Int>]
        private let stamps: Int

        var fileCount: Int { absolutePaths.count }
        var folderCount: Int { folderPaths.count }

        /// Reads the key only, unless it is `wanted`: a run over other folders decodes nothing more.
        init(_ bytes: StoredBytes, wanted: String) throws(CacheReader.Malformed) {
            var reader = CacheReader(bytes)
            key = try reader.string()
            // By bytes: two folders whose names differ only in their Unicode normalization are two folders.
            guard key.utf8.elementsEqual(wanted.utf8) else { throw CacheReader.Malformed() }
            sourceryConfigurations = try reader.strings()
            let fileCount = try reader.int(), folderCount = try reader.int()
            guard fileCount >= 0, folderCount >= 0, fileCount <= bytes.count / 8, folderCount <= bytes.count / Self.folderWidth else {
                throw CacheReader.Malformed()
            }
            let table = try reader.bytes(fileCount * 8 + folderCount * 4)
            stamps = try reader.bytes(folderCount * Self.folderWidth).range.lowerBound
            var lengths: [Int] = []
            lengths.reserveCapacity(fileCount * 2 + folderCount)
            table.withUnsafeBytes { raw in
                for index in 0..<(fileCount * 2 + folderCount) {
                    lengths.append(Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))))
                }
            }
            func spans(_ lengths: some Sequence<Int>) throws(CacheReader.Malformed) -> [Range<Int>] {
                var spans: [Range<Int>] = []
                for length in lengths { spans.append(try reader.bytes(length).range) }
                return spans
            }
            absolutePaths = try spans(stride(from: 0, to: fileCount * 2, by: 2).lazy.map { lengths[$0] })
            displayPaths = try spans(stride(from: 1, to: fileCount * 2, by: 2).lazy.map { lengths[$0] })
            folderPaths = try spans(lengths[(fileCount * 2)...])
            guard reader.isAtEnd else { throw CacheReader.Malformed() }
            self.bytes = bytes
        }

        func folderPath(_ index: Int) -> String { string(folderPaths[index]) }
        func absolutePath(_ index: Int) -> String { string(absolutePaths[index]) }
        func displayPath(_ index: Int) -> String { string(displayPaths[index]) }

        /// The folder's stamp when the snapshot was taken.
        func recordedStamp(ofFolder index: Int) -> FileStamp {
            let at = stamps + index * Self.folderWidth
            func number(_ position: Int) -> Int {
                Int(Int64(littleEndian: bytes.store.bytes.loadUnaligned(fromByteOffset: at + position * 8, as: Int64.self)))
            }
            return FileStamp(
                size: number(0), inode: UInt64(UInt(bitPattern: number(1))), modified: .init(seconds: number(2), nanoseconds: number(3)),
                changed: .init(seconds: number(4), nanoseconds: number(5)))
        }

        func hasConfiguration(folder index: Int) -> Bool { bytes.store.bytes[stamps + index * Self.folderWidth + 48] != 0 }

        func entriesHash(folder index: Int) -> UInt64 {
            UInt64(littleEndian: bytes.store.bytes.loadUnaligned(fromByteOffset: stamps + index * Self.folderWidth + 49, as: UInt64.self))
        }

        /// The folder as recorded.
        func folder(_ index: Int) -> Folder {
            Folder(
                path: folderPath(index), stamp: recordedStamp(ofFolder: index), hasConfiguration: hasConfiguration(folder: index),
                entriesHash: entriesHash(folder: index))
        }

        /// A folder's stamp, configuration byte and entries' hash.
        private static let folderWidth = 6 * 8 + 1 + 8

        /// What `stat` says of the folder or file now (following links, as the walk does), nil when it fails: the
        /// path is read where it lies, no `String` built. A folder's device comes too: with its inode, it tells
        /// the folder apart from the others.
        func currentStamp(ofFolder index: Int) -> (stamp: FileStamp, device: UInt64)? {
            Self.status(bytes.store.bytes, folderPaths[index]).map { (FileStamp($0), UInt64(truncatingIfNeeded: $0.st_dev)) }
        }

        func currentStamp(ofFile index: Int) -> FileStamp? { Self.status(bytes.store.bytes, absolutePaths[index]).map(FileStamp.init) }

        private static func status(_ bytes: UnsafeRawBufferPointer, _ span: Range<Int>) -> stat? {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: span.count + 1) { path in
                _ = path.initialize(from: bytes[span])
                path[span.count] = 0
                var info = stat()
                let found = path.withMemoryRebound(to: CChar.self) { $0.baseAddress.map { stat($0, &info) == 0 } } ?? false
                return found ? info : nil
            }
        }

        private func string(_ span: Range<Int>) -> String {
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes.store.bytes[span]), as: UTF8.self)
        }
    }
}

extension WalkSnapshot.Folder {
    /// The folder at `path` as `listing` has it; `entriesHash` when already known.
    init(_ listing: FolderListing, at path: String, entriesHash: UInt64? = nil) {
        self.init(path: path, stamp: listing.stamp, hasConfiguration: listing.hasConfiguration, entriesHash: entriesHash ?? listing.entriesHash)
    }
}
