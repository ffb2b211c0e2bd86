#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The walk below the folders a run lints: `readdir` a level at a time, on the run's threads.
extension FileDiscovery {
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
    static func listing(of directory: String, stamp: FileStamp) -> FolderListing {
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
