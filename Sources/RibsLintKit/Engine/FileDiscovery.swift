#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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

    /// The absolute files and folders a run over `paths` covers: the paths, or the configuration's `included`
    /// (for a pattern, the folder before its first wildcard, whose files `isIncluded` then sorts).
    func roots(of paths: [String]) -> [String] {
        paths.isEmpty
            ? configuration.included.map { absolute(Glob.literalPrefix(of: $0), from: configuration.rootDirectory) }
            : paths.map { absolute($0, from: workingDirectory) }
    }

    /// Whether the file shown as `displayPath` lies in one of `roots`, the roots of a run over `paths`, and in
    /// `folder` when the run was given no paths in a folder of the project (`Linter.folder`).
    func isCovered(_ displayPath: String, by roots: [String], paths: [String], folder: String? = nil) -> Bool {
        let path = absolute(displayPath, from: base)
        guard roots.contains(where: { Self.path(path, liesIn: $0) }) else { return false }
        return !paths.isEmpty || (isIncluded(path) && folder.map { Self.path(path, liesIn: $0) } != false)
    }

    /// Whether `path` is `folder` or lies below it.
    static func path(_ path: String, liesIn folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Whether a run over `included` lints the file at the absolute `path` found below its roots: always, unless
    /// `included` has patterns (`Sources/**/*.swift`, `Apps/*/Sources`, as SwiftLint takes them), which the file,
    /// relative to the configuration's folder, must match when no plain entry holds it. Paths a run is given
    /// are linted whatever `included` says.
    func isIncluded(_ path: String) -> Bool {
        guard configuration.included.contains(where: Glob.hasWildcard) else { return true }
        return configuration.included.contains { entry in
            // A pattern is matched below its literal folders, which may lie outside this folder (`../Shared/**`).
            let prefix = Glob.literalPrefix(of: entry)
            let root = absolute(prefix, from: configuration.rootDirectory)
            guard Self.path(path, liesIn: root) else { return false }
            guard Glob.hasWildcard(entry) else { return true }
            guard path != root else { return false }
            let below = String(path.dropFirst(root.hasSuffix("/") ? root.count : root.count + 1))
            let wildcards = entry.hasPrefix(prefix) ? String(entry.dropFirst(prefix.count).drop { $0 == "/" }) : entry
            return Glob.matches(wildcards, below)
        }
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
                    let written = configuration.included.first(where: { absolute(Glob.literalPrefix(of: $0), from: configuration.rootDirectory) == root })
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
                && (!paths.isEmpty || isIncluded(found[position].path))
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
        let trustsDisk = memory.trustsRecordedDisk
        let checks = ParallelMap.shares(recorded.folderCount, jobs: jobs) { index -> Check in
            if trustsDisk {
                // As recorded: the folder's device is not, so its inode alone tells it apart (a clash walks again).
                let stamp = recorded.recordedStamp(ofFolder: index)
                if memory.trusts(stamp) { return .unchanged(FolderIdentity(device: 0, inode: stamp.inode)) }
            }
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
                absolutePath: recorded.absolutePath(index), displayPath: recorded.displayPath(index),
                stamp: trustsDisk ? nil : recorded.currentStamp(ofFile: index))
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

    /// What the project around `files`, found under `paths`, holds that rules read: Sourcery's source roots, from
    /// `sourceryConfigurations` (those listed in a walked folder) and the configurations above the paths, and the
    /// package manifests among the files and in the folders above the paths.
    func projectFacts(of files: [DiscoveredFile], paths: [String], sourceryConfigurations walked: [String]) -> ProjectFacts {
        let configurations = Set(walked + sourceryConfigurations(paths: paths)).sorted()
        // By position and bytes: a monorepo has tens of thousands of paths.
        let manifests = Set(files.indices.lazy.filter { endsWith(files[$0].absolutePath, "/Package.swift") }.map { files[$0].absolutePath }
            + packageManifests(paths: paths)).sorted()
        return ProjectFacts(sourceryRoots: configurations.flatMap(SourceryConfiguration.sourceRoots(of:)), packageManifests: manifests)
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
