#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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

/// A Swift file to lint: where it is and how to name it in output.
public struct DiscoveredFile: Sendable, Equatable {
    public let absolutePath: String
    /// Relative to the run's report base (the repository's top level) when below it, else absolute.
    public let displayPath: String
    /// What `stat` said of the file when the walk met it, for a run with a cache; nil when no walk did.
    var stamp: FileStamp?

    init(absolutePath: String, displayPath: String, stamp: FileStamp? = nil) {
        self.absolutePath = absolutePath
        self.displayPath = displayPath
        self.stamp = stamp
    }

    /// The same file, however it was found.
    public static func == (a: DiscoveredFile, b: DiscoveredFile) -> Bool {
        a.absolutePath == b.absolutePath && a.displayPath == b.displayPath
    }
}

/// Expands paths into a sorted list of Swift files: folders are walked (hidden entries and Xcode template
/// bundles skipped, symlinked folders followed once), `excluded` globs are dropped.
struct FileDiscovery {
    let configuration: Configuration
    let workingDirectory: String
    /// The folder files are named relative to in reports (`Linter.reportBase`); `/` for absolute paths.
    let base: String
    /// Threads reading folders: listing thousands of folders is mostly waiting on the kernel.
    var jobs = 1
    /// Listings of an earlier run to reuse, and this run's to record: see `FolderMemory`.
    var memory: FolderMemory?
    /// Files the run is given the text of (`Linter.overlay`): a listed one is linted even when it is not on disk.
    var givenTexts: Set<PathKey> = []

    /// The absolute files and folders a run over `paths` covers: the paths, or the configuration's `included`.
    func roots(of paths: [String]) -> [String] {
        paths.isEmpty
            ? configuration.included.map { absolute($0, from: configuration.rootDirectory) }
            : paths.map { absolute($0, from: workingDirectory) }
    }

    /// Whether the file shown as `displayPath` lies in one of `roots`.
    func isCovered(_ displayPath: String, by roots: [String]) -> Bool {
        let path = absolute(displayPath, from: base)
        return roots.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    func swiftFiles(paths: [String]) throws(UsageError) -> [DiscoveredFile] {
        try discover(paths: paths).files
    }

    /// The Swift files below `paths`, and the Sourcery configurations kept in the folders walked on the way.
    func discover(paths: [String]) throws(UsageError) -> (files: [DiscoveredFile], sourceryConfigurations: [String], problems: [String]) {
        let roots = roots(of: paths)
        var found: [(path: String, stamp: FileStamp?)] = []
        var folders: [String] = []
        for root in roots {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
                if givenTexts.contains(PathKey(root)), root.hasSuffix(".swift") {
                    found.append((root, nil))
                    continue
                }
                if paths.isEmpty, let configPath = configuration.configPath,
                    let written = configuration.included.first(where: { absolute($0, from: configuration.rootDirectory) == root })
                {
                    let location = configuration.includedLocations[written].map { ":" + $0 } ?? ""
                    throw UsageError("\(configPath)\(location): error: 'included' names \(written), which does not exist")
                }
                throw UsageError("error: no such file or directory: \(display(root))")
            }
            if isDirectory.boolValue {
                folders.append(root)
            } else if root.hasSuffix(".swift") {
                found.append((root, nil))
            } else {
                throw UsageError("error: not a Swift file: \(display(root))")
            }
        }
        // Folders only: the walk the cache recorded over them may answer, and this one is recorded.
        let snapshotKey =
            found.isEmpty && !folders.isEmpty && memory != nil ? WalkSnapshot.key(roots: folders, base: base, configuration: configuration) : nil
        if let snapshotKey, let memory, let recorded = memory.recordedWalk(key: snapshotKey), let files = takeFiles(of: recorded, memory: memory) {
            return (files, recorded.sourceryConfigurations, [])
        }
        let walked = walk(folders)
        // The walk gives each root's files in path order: sorted already unless files or several roots were given.
        found = found.isEmpty ? walked.files : found + walked.files
        if !found.indices.dropFirst().allSatisfy({ PathKey(found[$0 - 1].path) < PathKey(found[$0].path) }) {
            found.sort { PathKey($0.path) < PathKey($1.path) }
        }
        let kept = found.indices.filter { position in
            (position == 0 || PathKey(found[position - 1].path) != PathKey(found[position].path)) && !isExcluded(found[position].path)
        }
        // Each file's display path on the threads: a monorepo has tens of thousands.
        let files = ParallelMap.shares(kept.count, jobs: jobs) { [self, found] in
            DiscoveredFile(absolutePath: found[kept[$0]].path, displayPath: display(found[kept[$0]].path), stamp: found[kept[$0]].stamp)
        }
        if let snapshotKey {
            memory?.walked(
                walked.folders.map { folders in
                    WalkSnapshot(key: snapshotKey, files: files, sourceryConfigurations: walked.sourceryConfigurations, folders: folders)
                })
        }
        return (files, walked.sourceryConfigurations, walked.problems)
    }

    /// The files of the walk the cache recorded, with their stamps now, when every folder it visited is as it was:
    /// its stamp trusted, else its entries read again and the same. Nil otherwise, and the run walks.
    private func takeFiles(of recorded: WalkSnapshot.Recorded, memory: FolderMemory) -> [DiscoveredFile]? {
        enum Check {
            case unchanged(FolderIdentity)
            case read(FolderListing, FolderIdentity)
            case changed
        }
        let checks = ParallelMap.shares(recorded.folderCount, jobs: jobs) { index -> Check in
            guard let (stamp, device) = recorded.currentStamp(ofFolder: index) else { return .changed }
            let identity = FolderIdentity(device: device, inode: stamp.inode)
            if stamp == recorded.recordedStamp(ofFolder: index), memory.trusts(stamp) { return .unchanged(identity) }
            let listing = Self.listing(of: recorded.folderPath(index), stamp: stamp)
            let same = listing.problems.isEmpty && listing.untyped.isEmpty && listing.entriesHash == recorded.entriesHash(folder: index)
            return same ? .read(listing, identity) : .changed
        }
        var reused: [(path: String, hasConfiguration: Bool)] = []
        var read: [(path: String, listing: FolderListing)] = []
        reused.reserveCapacity(checks.count)
        // A folder met twice (a root replaced by a link to another) is walked once: the walk would tell.
        var identities = Set<FolderIdentity>()
        identities.reserveCapacity(checks.count)
        for (index, check) in checks.enumerated() {
            switch check {
            case .unchanged(let identity) where identities.insert(identity).inserted:
                reused.append((recorded.folderPath(index), recorded.hasConfiguration(folder: index)))
            case .read(let listing, let identity) where identities.insert(identity).inserted: read.append((recorded.folderPath(index), listing))
            default: return nil
            }
        }
        let files = ParallelMap.shares(recorded.fileCount, jobs: jobs) { index in
            DiscoveredFile(
                absolutePath: recorded.absolutePath(index), displayPath: recorded.displayPath(index), stamp: recorded.currentStamp(ofFile: index))
        }
        // Folders read again have other stamps now: the cache records them when it is written.
        let snapshot = read.isEmpty ? nil : WalkSnapshot(
            key: recorded.key, files: files, sourceryConfigurations: recorded.sourceryConfigurations,
            folders: checks.indices.map { index in
                guard case .read(let listing, _) = checks[index] else { return recorded.folder(index) }
                return WalkSnapshot.Folder(listing, at: recorded.folderPath(index))
            })
        memory.tookRecordedWalk(reusing: reused, read: read, snapshot: snapshot)
        return files
    }

    /// Every Swift file of the project around `paths`, relative to its root, excluded ones included: test files
    /// live outside the linted paths as often as not. The root is the configuration's folder when it lies in the
    /// repository holding the path (an app's folder of a monorepo keeps to its own tests); else that repository:
    /// a configuration shared from a folder above several repositories, or from outside them, must not find one
    /// repository's tests in another, nor miss a repository's own. A run over paths of several repositories
    /// searches each of them (a RIB may then take a test of its name from another: a miss, never a false alarm).
    /// `walked`: the files `discover` found under `roots` this run, which answer for a root it walked whole;
    /// `holdsDisplayPaths` says the names are then every walked file's display path.
    func allSwiftFileNames(
        paths: [String], walked: (roots: [String], files: [DiscoveredFile])? = nil
    ) -> (names: [String], holdsDisplayPaths: Bool) {
        let folder = configuration.rootDirectory
        var searched = Set<String>()
        for path in roots(of: paths) {
            var isFolder: ObjCBool = false
            let around = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue ? path : parentFolder(of: path)
            let repository = repositoryRoot(around: around)
            searched.insert(repository.map { relativePath(folder, to: $0) == nil ? $0 : folder } ?? folder)
        }
        if searched.isEmpty { searched.insert(folder) }
        // The project's own folder, walked with nothing excluded: its files are all there are. By bytes, as paths are.
        func isWalked(_ root: String) -> Bool {
            walked.map { $0.roots.map(PathKey.init) == [PathKey(root)] } == true && configuration.excluded.isEmpty
        }
        // In path order by bytes, as the walk gives them.
        if searched.count == 1, let root = searched.first, let walked, isWalked(root), PathKey(base) == PathKey(root), root != "/" {
            return (walked.files.map(\.displayPath), true)
        }
        let names = searched.sorted().flatMap { root in
            if let walked, isWalked(root) { return walked.files.compactMap { relativePath($0.absolutePath, to: root) } }
            return walk([root], stampingFiles: false).files.compactMap { relativePath($0.path, to: root) }
        }
        return (names.sorted { PathKey($0) < PathKey($1) }, false)
    }

    /// The Sourcery configurations at the project root, in the working directory and in the folders on the
    /// way to a linted path.
    func sourceryConfigurations(paths: [String]) -> [String] {
        var folders = [configuration.rootDirectory, workingDirectory]
        let roots = paths.isEmpty ? configuration.included.map { absolute($0, from: configuration.rootDirectory) }
            : paths.map { absolute($0, from: workingDirectory) }
        for root in roots {
            var url = URL(fileURLWithPath: root)
            for _ in 0..<6 {
                folders.append(url.path)
                url.deleteLastPathComponent()
            }
        }
        return Set(folders).sorted().flatMap { folder in
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return entries.filter(Self.isSourceryConfiguration).sorted().map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
        }
    }

    /// The `Package.swift` files in the folders above the linted paths (a package's sources sit below its
    /// manifest), up to the filesystem root.
    func packageManifests(paths: [String]) -> [String] {
        let manifests = roots(of: paths).flatMap(foldersUp(from:)).map { ($0.hasSuffix("/") ? $0 : $0 + "/") + "Package.swift" }
        return Set(manifests).filter { FileManager.default.fileExists(atPath: $0) }.sorted()
    }

    /// `.sourcery.yml`, `sourcery.yaml`, `.sourcery-mocks.yml`: Sourcery's default name or a variant of it.
    static func isSourceryConfiguration(_ name: String) -> Bool {
        let base = name.hasPrefix(".") ? name.dropFirst() : Substring(name)
        return base.hasPrefix("sourcery") && (base.hasSuffix(".yml") || base.hasSuffix(".yaml"))
    }

    func isExcluded(_ path: String) -> Bool {
        guard !configuration.excluded.isEmpty else { return false }
        let relative = relativePath(path, to: configuration.rootDirectory) ?? path
        return configuration.excluded.contains { Glob.matches($0, relative) }
    }

    /// The Swift files below `folders`, read a level at a time on `jobs` threads. A folder is walked once
    /// however many links lead to it: it is known by device and inode, which one `stat` gives, where
    /// resolving every folder's real path cost more than reading the files. Folders are taken in path
    /// order, so the link a file is reached by never depends on timing.
    ///
    /// With a cache, each file's stamp is taken on the way, relative to its open folder: the cache trusts
    /// most files by their stamps, and a name looked up in its folder costs a fraction of a whole path's walk.
    ///
    /// The files come back folder by folder in the byte order of their paths (each root's), so that sorting
    /// them finds them sorted: a folder's files and subfolders are merged by name, a subfolder's name with its
    /// `/` after it.
    ///
    /// With a cache, the folders visited come back too, for a `WalkSnapshot`; nil when the walk met a link, a folder
    /// it could not read or met twice, or a name that is not UTF-8.
    func walk(
        _ folders: [String], stampingFiles: Bool = true
    ) -> (files: [(path: String, stamp: FileStamp?)], sourceryConfigurations: [String], problems: [String], folders: [WalkSnapshot.Folder]?) {
        struct Visit {
            let identity: FolderIdentity
            let listing: FolderListing
            let wasRead: Bool
            /// The folder's path with a `/` after it.
            let base: String
            /// The paths of `listing.files`, with their stamps when taken.
            let files: [(path: String, stamp: FileStamp?)]
            /// The paths of `listing.folders`.
            let folders: [String]
            /// `listing.entriesHash`, for a snapshot.
            let entriesHash: UInt64
        }
        var walked: [WalkedFolder] = []
        var sourceryConfigurations: [String] = []
        var problems: [String] = []
        var visited = Set<FolderIdentity>()
        // About the folders the last run listed, as `FolderMemory` reserves for.
        visited.reserveCapacity(memory?.recordedFolderCount ?? 0)
        var level: [(path: String, parent: Int?)] = folders.sorted().map { ($0, nil) }
        let stampsFiles = stampingFiles && memory != nil
        var visitedFolders: [WalkSnapshot.Folder]? = stampsFiles ? [] : nil
        while !level.isEmpty {
            // Folders cost a few system calls each: taken in shares, with no bookkeeping per folder.
            // A folder that cannot even be looked at answers its `errno`: one gone since its parent was listed
            // (ENOENT) is passed over, any other (a path longer than the system allows) is reported.
            let visits = ParallelMap.shares(level.count, jobs: jobs) { [level, memory] position -> (visit: Visit?, failure: Int32) in
                let directory = level[position].path
                let folder = stampsFiles ? openFolder(directory) : -1
                defer { if folder >= 0 { close(folder) } }
                var info = stat()
                guard folder >= 0 ? fstat(folder, &info) == 0 : stat(directory, &info) == 0 else { return (nil, errno) }
                let stamp = FileStamp(info)
                let identity = FolderIdentity(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
                let recorded = memory?.recorded(directory, stamp: stamp)
                let listing = recorded ?? Self.listing(of: directory, stamp: stamp)
                let base = directory.hasSuffix("/") ? directory : directory + "/"
                let files = listing.files.map { name -> (path: String, stamp: FileStamp?) in
                    var info = stat()
                    // `withCString`: a name passed as a `String` is copied into a new array first.
                    let stamped = folder >= 0 && name.withCString { fstatat(folder, $0, &info, 0) } == 0
                    return (base + name, stamped ? FileStamp(info) : nil)
                }
                return (Visit(
                    identity: identity, listing: listing, wasRead: recorded == nil, base: base, files: files,
                    folders: listing.folders.map { base + $0 }, entriesHash: stampsFiles ? listing.entriesHash : 0), 0)
            }
            let entries = level
            level = []
            for ((directory, parent), (visit, failure)) in zip(entries, visits) {
                if visit == nil, failure != ENOENT {
                    problems.append("\(display(directory)): error: cannot read the folder (\(systemError(failure))); skipped")
                }
                guard let visit, visited.insert(visit.identity).inserted else {
                    visitedFolders = nil
                    continue
                }
                if !visit.listing.problems.isEmpty || !visit.listing.untyped.isEmpty { visitedFolders = nil }
                visitedFolders?.append(WalkSnapshot.Folder(visit.listing, at: directory, entriesHash: visit.entriesHash))
                problems += visit.listing.problems.map { "\(display(directory)): error: \($0)" }
                if visit.listing.problems.isEmpty { memory?.remember(directory, visit.listing, wasRead: visit.wasRead) }
                let base = visit.base
                let position = walked.count
                walked.append(WalkedFolder(files: visit.files, isRoot: parent == nil))
                if let parent { walked[parent].folders.append((PathKey(base), position)) }
                sourceryConfigurations += visit.listing.sourceryConfigurations.map { base + $0 }
                for folder in visit.folders { level.append((folder, position)) }
                // Entries the folder listing does not type (links) are asked of `stat`, which follows them.
                for name in visit.listing.untyped {
                    var info = stat()
                    guard stat(base + name, &info) == 0 else { continue }
                    if info.st_mode & S_IFMT == S_IFDIR {
                        if FolderListing.isWalked(folder: name) { level.append((base + name, position)) }
                    } else if name.hasSuffix(".swift") {
                        walked[position].files.append((base + name, stampsFiles ? FileStamp(info) : nil))
                    }
                }
            }
            level.sort { $0.path < $1.path }
        }
        return (WalkedFolder.files(of: &walked), sourceryConfigurations, problems, visitedFolders)
    }

    /// A folder's entries as `readdir` gives them: hidden ones left out.
    private static func listing(of directory: String, stamp: FileStamp) -> FolderListing {
        var listing = FolderListing(stamp: stamp)
        guard let entries = entries(of: directory) else {
            listing.problems.append("cannot list the folder (\(systemError(errno))); skipped")
            return listing
        }
        for (entry, kind) in entries {
            guard let entry else {
                listing.problems.append("a name in this folder is not UTF-8; skipped")
                continue
            }
            if FileDiscovery.isSourceryConfiguration(entry) { listing.sourceryConfigurations.append(entry) }
            // Without regard to case: a case-insensitive volume opens `.Ribslint.yml` by the name.
            if entry.lowercased() == Configuration.fileName { listing.hasConfiguration = true }
            guard !entry.hasPrefix(".") else { continue }
            switch kind {
            case .directory: if FolderListing.isWalked(folder: entry) { listing.folders.append(entry) }
            case .file: if entry.hasSuffix(".swift") { listing.files.append(entry) }
            case .other: listing.untyped.append(entry)
            }
        }
        // In the order the walk gives files (see `walk`), whatever order `readdir` had.
        listing.files.sort { PathKey($0) < PathKey($1) }
        listing.folders.sort { PathKey($0 + "/") < PathKey($1 + "/") }
        return listing
    }

    private enum EntryKind { case file, directory, other }

    /// A folder's entries with the type `readdir` reports: no `stat` per regular file. A name that is not
    /// UTF-8 comes back nil; a folder that cannot be opened, nil altogether.
    private static func entries(of directory: String) -> [(String?, EntryKind)]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var entries: [(String?, EntryKind)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(validating: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let type = Int32(entry.pointee.d_type)
            entries.append((name, type == Int32(DT_DIR) ? .directory : type == Int32(DT_REG) ? .file : .other))
        }
        return entries
    }

    private func absolute(_ path: String, from base: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: base).appendingPathComponent(path)
        var result = url.standardizedFileURL.path
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// How reports name the file at the absolute `path`.
    func display(_ path: String) -> String {
        base == "/" ? path : relativePath(path, to: base) ?? path
    }
}

/// A folder as the file system knows it, whatever the path that led to it.
struct FolderIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
}

/// A folder the walk visited: its Swift files, and the folders it walked below it, each by its path with a `/`
/// after, at its position among the walked folders.
private struct WalkedFolder {
    var files: [(path: String, stamp: FileStamp?)]
    let isRoot: Bool
    var folders: [(key: PathKey, position: Int)] = []

    /// The files below each root, depth first, each folder's files and subfolders merged by those keys: in the
    /// byte order of their paths, as a file name sorts before a longer folder name it starts ("A.swift" before
    /// "A.swiftui/"), and a folder name before a longer one ("A/" before "AB/"). A stack, not recursion:
    /// folders nest as deep as paths allow. Each folder's files are taken out of `walked` and popped from their
    /// end, so every path moves into the result rather than being copied and released.
    static func files(of walked: inout [WalkedFolder]) -> [(path: String, stamp: FileStamp?)] {
        var files: [(path: String, stamp: FileStamp?)] = []
        files.reserveCapacity(walked.reduce(0) { $0 + $1.files.count })
        struct Frame {
            /// Last first.
            var files: [(path: String, stamp: FileStamp?)] = []
            var folders: [(key: PathKey, position: Int)]
            var nextFolder = 0
        }
        // A folder's entries come as its listing has them: sorted, unless read by an older version.
        func frame(_ position: Int) -> Frame {
            var frame = Frame(folders: walked[position].folders)
            swap(&frame.files, &walked[position].files)
            if !frame.files.indices.dropFirst().allSatisfy({ PathKey(frame.files[$0 - 1].path) < PathKey(frame.files[$0].path) }) {
                frame.files.sort { PathKey($0.path) < PathKey($1.path) }
            }
            frame.files.reverse()
            if !frame.folders.indices.dropFirst().allSatisfy({ frame.folders[$0 - 1].key < frame.folders[$0].key }) {
                frame.folders.sort { $0.key < $1.key }
            }
            return frame
        }
        for root in walked.indices where walked[root].isRoot {
            var stack = [frame(root)]
            while !stack.isEmpty {
                let top = stack.count - 1
                let next = stack[top].nextFolder < stack[top].folders.count ? stack[top].folders[stack[top].nextFolder] : nil
                // The folder's files that come before its next subfolder, then that subfolder's.
                while !stack[top].files.isEmpty, next.map({ PathKey(stack[top].files[stack[top].files.count - 1].path) < $0.key }) ?? true {
                    files.append(stack[top].files.removeLast())
                }
                guard let next else {
                    stack.removeLast()
                    continue
                }
                stack[top].nextFolder += 1
                stack.append(frame(next.position))
            }
        }
        return files
    }
}

/// A folder opened to look names up in (`fstatat`), or -1.
private func openFolder(_ path: String) -> Int32 {
    // `withCString`: a path passed as a `String` is copied into a new array first.
    #if os(Linux)
    // `O_PATH` (Linux's value on every architecture Swift runs on), which Glibc's module does not export:
    // the folder is only looked into, never read.
    path.withCString { open($0, 0o10000000 | O_DIRECTORY | O_CLOEXEC) }
    #else
    path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    #endif
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

/// Glob patterns for `excluded`: `*` within a path component, `**` across components, `?` one
/// character; a pattern without wildcards also matches everything below the folder it names.
enum Glob {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        var pattern = pattern
        if pattern.hasPrefix("./") { pattern.removeFirst(2) }
        while pattern.hasSuffix("/") { pattern.removeLast() }
        if !pattern.contains(where: { "*?".contains($0) }) {
            return path == pattern || path.hasPrefix(pattern + "/")
        }
        var whole = Matcher(pattern: Array(pattern.utf8), text: Array(path.utf8))
        var below = Matcher(pattern: Array((pattern + "/**").utf8), text: Array(path.utf8))
        return whole.matches(0, 0) || below.matches(0, 0)
    }

    /// `*` within a path segment, `**` across segments, `?` one character but `/`. Literal runs are a loop and
    /// each star remembers where it failed, so time stays polynomial (`**/**/**/…` used to backtrack without
    /// end) and recursion never goes deeper than the pattern has stars.
    private struct Matcher {
        let pattern: [UInt8]
        let text: [UInt8]
        private var failed = Set<Int>()

        init(pattern: [UInt8], text: [UInt8]) {
            self.pattern = pattern
            self.text = text
        }

        mutating func matches(_ start: Int, _ position: Int) -> Bool {
            let star = UInt8(ascii: "*"), slash = UInt8(ascii: "/")
            var (i, j) = (start, position)
            while i < pattern.count {
                if pattern[i] == star {
                    let key = i * (text.count + 1) + j
                    if failed.contains(key) { return false }
                    var found = false
                    if i + 1 < pattern.count, pattern[i + 1] == star {
                        var after = i + 2
                        if after < pattern.count, pattern[after] == slash { after += 1 }
                        found = (j...text.count).contains { matches(after, $0) }
                    } else {
                        var k = j
                        while !found {
                            found = matches(i + 1, k)
                            guard k < text.count, text[k] != slash else { break }
                            k += 1
                        }
                    }
                    if !found { failed.insert(key) }
                    return found
                }
                guard j < text.count else { return false }
                if pattern[i] == UInt8(ascii: "?") ? text[j] == slash : pattern[i] != text[j] { return false }
                i += 1
                j += 1
            }
            return j == text.count
        }
    }
}

/// A folder's Swift files, subfolders and untyped entries (links), by name, with the folder's stamp.
struct FolderListing: Sendable, Equatable {
    var stamp: FileStamp
    var files: [String] = []
    var folders: [String] = []
    var untyped: [String] = []
    /// The Sourcery configurations the folder holds (`.sourcery.yml`, `sourcery-mocks.yaml`, …), by name.
    var sourceryConfigurations: [String] = []
    /// Whether an entry is named `.ribslint.yml`: a folder without one needs no `stat` to say it governs nothing.
    var hasConfiguration = false
    /// What could not be read: the folder itself, or entries whose names are not UTF-8. Never cached, so the
    /// next run says it again.
    var problems: [String] = []

    /// Its entries, hashed: what a `WalkSnapshot` knows a folder read again by.
    var entriesHash: UInt64 {
        var writer = CacheWriter()
        for names in [files, folders, untyped, sourceryConfigurations] { writer.write(names) }
        writer.write(hasConfiguration)
        return fnv1a(writer.bytes)
    }

    func hasSameEntries(as other: FolderListing?) -> Bool {
        files == other?.files && folders == other?.folders && untyped == other?.untyped
            && sourceryConfigurations == other?.sourceryConfigurations && hasConfiguration == other?.hasConfiguration
    }

    /// `*.xctemplate` bundles hold Xcode's file templates: placeholders, not code. `Pods`, `Carthage`,
    /// `SourcePackages` and `DerivedData` hold other people's code, vendored or checked out by a package
    /// manager: not the project's to fix (name a path inside one to lint it anyway).
    static func isWalked(folder name: String) -> Bool {
        !name.hasSuffix(".xctemplate") && !["Pods", "Carthage", "SourcePackages", "DerivedData"].contains(name)
    }
}

/// Folder listings across runs, as git's untracked cache keeps them: a folder's entries change only with
/// its modification time, so a folder whose stamp the cache trusts is not read again. What this run
/// listed or reused is remembered for the next one.
final class FolderMemory: @unchecked Sendable {
    /// The cache's listings, as written, and when the run that recorded them started.
    private let recordedListings: StoredRecords
    private let recordedAt: Int
    private(set) var listings: [PathKey: FolderListing] = [:]
    /// A folder was read whose entries differ from the recorded ones. A folder read only because its stamp
    /// changed is not news on its own: the folder holding the cache file changes with every write.
    private(set) var isNews = false
    private(set) var foldersRead = 0

    /// The walk the cache recorded, as written (see `WalkSnapshot`).
    private let recordedWalk: StoredBytes?
    /// Folders the recorded walk answered for, unread, and whether each has a `.ribslint.yml` entry.
    private(set) var reused: [PathKey: Bool] = [:]
    /// This run's walk for the cache to record; when nil, the recorded one stays unless `dropsRecordedWalk`.
    private var walk: WalkSnapshot?
    private var dropsRecordedWalk = false
    /// Whether this run took its files from the recorded walk.
    private(set) var tookRecordedWalk = false

    init(cache: LintCache?) {
        recordedListings = cache?.folders ?? StoredRecords()
        recordedAt = cache?.recordedAt ?? 0
        recordedWalk = cache?.walk
        // A run lists about the folders the last one did: no table grows a dozen times on the way.
        listings.reserveCapacity(cache?.folders.count ?? 0)
    }

    /// The walk the cache recorded under `key`, if any.
    func recordedWalk(key: String) -> WalkSnapshot.Recorded? {
        recordedWalk.flatMap { try? WalkSnapshot.Recorded($0, wanted: key) }
    }

    /// Whether a stamp the cache recorded can be trusted.
    func trusts(_ stamp: FileStamp) -> Bool { LintCache.isSettled(stamp, recordedAt: recordedAt) }

    /// The walk for the cache to record: this run's, else the recorded one unless this run walked the same folders
    /// and met what no snapshot holds.
    var walkToRecord: WalkSnapshot.Held? {
        walk.map { .taken($0) } ?? (dropsRecordedWalk ? nil : recordedWalk.map { .recorded($0) })
    }

    /// Called once a run walked folders: with the snapshot of a walk that met no link and nothing unreadable,
    /// else nil.
    func walked(_ snapshot: WalkSnapshot?) {
        walk = snapshot
        dropsRecordedWalk = snapshot == nil
    }

    /// Called once a run took its files from the recorded walk: `folders` were unread, `read` read again (their
    /// stamps changed, not their entries); `snapshot` is the walk with those stamps, when there were any.
    func tookRecordedWalk(
        reusing folders: [(path: String, hasConfiguration: Bool)], read: [(path: String, listing: FolderListing)], snapshot: WalkSnapshot?
    ) {
        tookRecordedWalk = true
        reused.reserveCapacity(folders.count)
        for (path, hasConfiguration) in folders { reused[PathKey(path)] = hasConfiguration }
        for (path, listing) in read { remember(path, listing, wasRead: true) }
        if let snapshot { walk = snapshot }
    }

    /// How many folders the cache holds listings of.
    var recordedFolderCount: Int { recordedListings.count }

    /// The listing recorded for `directory`, when its stamp is the recorded one and trusted.
    func recorded(_ directory: String, stamp: FileStamp) -> FolderListing? {
        guard LintCache.isSettled(stamp, recordedAt: recordedAt), let listing = recordedListing(directory), listing.stamp == stamp
        else { return nil }
        return listing
    }

    /// The listing the cache holds for `directory`, trusted or not.
    private func recordedListing(_ directory: String) -> FolderListing? {
        guard let bytes = recordedListings[directory] else { return nil }
        var reader = CacheReader(bytes)
        return try? FolderListing(from: &reader)
    }

    /// Whether `folder`, listed by this run (or taken unread from the recorded walk), has a `.ribslint.yml` entry;
    /// nil when this run did not list it.
    func hasConfiguration(_ folder: String) -> Bool? {
        let key = PathKey(folder)
        // An empty table is not asked: the key's hash is most of a lookup.
        if !listings.isEmpty, let listing = listings[key] { return listing.hasConfiguration }
        return reused.isEmpty ? nil : reused[key]
    }

    /// Called on one thread, between the parallel reads of each level.
    func remember(_ directory: String, _ listing: FolderListing, wasRead: Bool) {
        let key = PathKey(directory)
        listings[key] = listing
        if !reused.isEmpty { reused[key] = nil }
        if wasRead { foldersRead += 1 }
        guard wasRead, !isNews else { return }
        isNews = !listing.hasSameEntries(as: recordedListing(directory))
    }
}
