import Foundation

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

/// Whether a walk from `root` reaches `path`: no folder on the way is hidden (`.build`, `.git`) or one the walk
/// skips (`FolderListing.isWalked`). A language server asks it of the files its client reports changed.
public func walkReaches(_ path: String, from root: String) -> Bool {
    guard let relative = relativePath(path, to: root), relative != ".", !relative.hasPrefix("../") else { return false }
    return relative.split(separator: "/").dropLast().allSatisfy { !$0.hasPrefix(".") && FolderListing.isWalked(folder: String($0)) }
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
    /// The folders and files are as the run that recorded them found them (`Linter.diskUnchangedSinceLastRun`): the
    /// recorded walk is taken with no folder or file asked of the file system.
    var trustsRecordedDisk = false
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
