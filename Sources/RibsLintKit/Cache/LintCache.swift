#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Per-file results from an earlier run, keyed by the file's bytes: a restored cache in a fresh CI
/// checkout hits, whatever the files' dates. The whole cache belongs to one tool version and one
/// effective configuration; any other cache, or one whose checksum does not match, is ignored and rewritten.
///
/// A file whose `FileStamp` (size, inode, modification and change times) is what the cache recorded is
/// not read again, as git trusts its index: only while its modification time lies safely before the run
/// that recorded it (`isSettled`), so an edit in the same clock tick as that run cannot hide.
public struct LintCache: Sendable {
    /// A file's results as written; read back straight into a `Linter.FileOutcome` (`init(recorded:)`).
    struct Entry: Sendable {
        let contentHash: String
        let stamp: FileStamp
        let findings: StoredFindings
        let contribution: StoredContribution
        let links: LinkHashes?
        let types: StoredTypes
        let lineCount: Int
        let syntaxNote: String?
    }

    /// Entries and folder listings, as written, that a run writes back: those it only read, those of files and
    /// folders it did not cover, and those of listed files it linted afresh without recording them.
    struct Kept {
        var entries: [PathKey: StoredBytes] = [:]
        var folders: [PathKey: StoredBytes] = [:]
    }

    /// Findings of the project pass, valid while every file's bytes and the test file names are as they were.
    struct ProjectRecord: Sendable {
        let key: String
        /// A listed run whose key differs leaves them unread.
        private let held: StoredFindings

        init(key: String, findings: [Finding]) {
            self.key = key
            held = .decoded(findings)
        }

        /// The findings; nil when the cache's bytes are not exactly a list of findings (a bug of ours, as the
        /// checksum holds): no record, never no findings.
        func findings() -> [Finding]? { held.decoded }

        fileprivate func write(to writer: inout CacheWriter) {
            writer.write(key)
            held.write(to: &writer)
        }

        fileprivate init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
            key = try reader.string()
            held = try StoredFindings(from: &reader)
        }
    }

    /// Bumped whenever the binary layout changes.
    static let format = "ribslint-cache-25"
    /// How far before the recording run a file must have been modified for its stamp to be trusted:
    /// more than the coarsest file-system clock (FAT's 2 s).
    static let settlingSeconds = 3

    public let path: String
    let toolVersion: String
    let configurationKey: String
    /// When the run that wrote this cache started, in seconds since 1970.
    let recordedAt: Int
    /// Each file's entry as written: decoded by the thread that lints the file, when it needs it.
    private(set) var entries: StoredRecords
    /// Each folder's listing as written, by absolute path (see `FolderMemory`).
    let folders: StoredRecords
    private(set) var project: ProjectRecord?
    /// The files of the last walk of folders, as written (see `WalkSnapshot`).
    let walk: StoredBytes?
    /// The project facts the entries were computed with (`ProjectFacts.fingerprint`); this run's once known.
    private(set) var projectFacts: String
    /// The paths and bytes of the files whose entries the recording run wrote (`projectKey` without file names;
    /// a listed file it did not record counts with its recorded bytes): while they are the same, every recorded
    /// answer of the type index still holds. Empty when the recorded answers cannot be trusted without checking.
    let filesKey: String
    /// Threads summing the checksum, when it is read and when it is written.
    let jobs: Int
    /// The files are as the run that wrote the cache found them (`Linter.diskUnchangedSinceLastRun`): a file's
    /// recorded stamp is taken for its own, the file system unasked.
    var trustsRecordedDisk = false

    /// Loads the cache at `path` if it was written by this tool version for this configuration.
    public init(path: String, toolVersion: String = ribslintBuildIdentity, configurationKey: String, jobs: Int = 1) {
        self.path = path
        self.toolVersion = toolVersion
        self.configurationKey = configurationKey
        self.jobs = jobs
        // A cache holds about a kilobyte per file: a million files fit.
        guard let decoded = LastLoaded.shared.decoded(path: path, for: "\(toolVersion)\n\(configurationKey)", load: {
            guard let store = ByteStore.reading(path, limit: 4 << 30) else { return nil }
            return try? Self.decode(store, toolVersion: toolVersion, configurationKey: configurationKey, jobs: jobs)
        }) else {
            (recordedAt, projectFacts, filesKey, entries, folders, project, walk) = (0, "", "", StoredRecords(), StoredRecords(), nil, nil)
            return
        }
        (recordedAt, projectFacts, filesKey, entries, folders, project, walk) = decoded
    }

    typealias Decoded = (Int, String, String, StoredRecords, StoredRecords, ProjectRecord?, StoredBytes?)

    /// The last cache the process loaded, kept while its file is as it was (same inode, size and times): a language
    /// server lints at every change, and on a 50,000-file monorepo reading, checking and indexing the cache's 67 MB
    /// was 40% of each change's wait. A run that writes the cache replaces the file, and the next run loads it.
    private final class LastLoaded: @unchecked Sendable {
        static let shared = LastLoaded()
        private let lock = NSLock()
        private var last: (path: String, stamp: FileStamp, key: String, decoded: Decoded)?

        func decoded(path: String, for key: String, load: () -> Decoded?) -> Decoded? {
            // The stamp before the bytes: a file replaced in between is loaded again next time, never kept as old.
            guard let stamp = FileStamp.of(path) else { return nil }
            lock.lock()
            defer { lock.unlock() }
            if let last, last.path == path, last.stamp == stamp, last.key == key { return last.decoded }
            guard let decoded = load() else { return nil }
            last = (path, stamp, key, decoded)
            return decoded
        }
    }

    private static func decode(
        _ store: ByteStore, toolVersion: String, configurationKey: String, jobs: Int
    ) throws(CacheReader.Malformed) -> Decoded {
        // A checksum over the rest: a cache cut short or altered is never trusted, even where its
        // fields would still decode (the facts are decoded only when needed, long after loading).
        let data = store.bytes
        guard data.count >= 8 else { throw CacheReader.Malformed() }
        let body = StoredBytes(store: store, range: 0..<(data.count - 8))
        let stored = UInt64(littleEndian: data.loadUnaligned(fromByteOffset: data.count - 8, as: UInt64.self))
        guard body.withUnsafeBytes({ checksum($0, jobs: jobs) }) == stored else { throw CacheReader.Malformed() }
        var reader = CacheReader(body)
        guard try reader.string() == format, try reader.string() == toolVersion, try reader.string() == configurationKey
        else { throw CacheReader.Malformed() }
        let recordedAt = try reader.int()
        let projectFacts = try reader.string()
        let filesKey = try reader.string()
        let project = try reader.bool() ? try ProjectRecord(from: &reader) : nil
        let walk = try reader.bool() ? try reader.prefixed() : nil
        let folders = try reader.records(jobs: jobs)
        let entries = try reader.records(jobs: jobs)
        guard reader.isAtEnd else { throw CacheReader.Malformed() }
        return (recordedAt, projectFacts, filesKey, entries, folders, project, walk)
    }

    func entry(for path: String, contentHash: String) -> Linter.FileOutcome? {
        guard let entry = entry(for: path), entry.contentHash == contentHash else { return nil }
        return entry
    }

    /// The recorded outcome of the file at `path`.
    func entry(for path: String) -> Linter.FileOutcome? { entries[path].flatMap(Self.recorded) }

    /// An entry's recorded outcome; one that does not decode counts as none (the checksum makes that a bug of ours,
    /// never a damaged file).
    private static func recorded(_ bytes: StoredBytes) -> Linter.FileOutcome? {
        var reader = CacheReader(bytes)
        return try? Linter.FileOutcome(recorded: &reader)
    }

    /// Whether a stamp recorded by a run started at `recordedAt` can be trusted.
    static func isSettled(_ stamp: FileStamp, recordedAt: Int) -> Bool {
        stamp.modified.seconds < recordedAt - settlingSeconds
    }

    /// Writes this run's entries and folder listings, and `kept` ones (as written, of files and folders this
    /// run did not cover), in path order.
    func save(
        _ fresh: [PathKey: Entry], folders: [PathKey: FolderListing], kept: Kept, project: ProjectRecord?, walk: WalkSnapshot.Held?, filesKey: String,
        startedAt: Int
    ) throws {
        var writer = CacheWriter()
        writer.write(Self.format)
        writer.write(toolVersion)
        writer.write(configurationKey)
        writer.write(startedAt)
        writer.write(projectFacts)
        writer.write(filesKey)
        writer.write(project != nil)
        project?.write(to: &writer)
        // Length-prefixed, so a run over other folders skips it unread.
        writer.write(walk != nil)
        switch walk {
        case .recorded(let bytes)?: writer.writePrefixed(bytes)
        case .taken(let snapshot)?: writer.writePrefixed { snapshot.write(to: &$0) }
        case nil: break
        }
        writer.write(records: kept.folders, adding: folders) { listing, writer in listing.write(to: &writer) }
        writer.write(records: kept.entries, adding: fresh) { entry, writer in entry.write(to: &writer) }
        var bytes = writer.bytes
        let checksum = bytes.withUnsafeBytes { RibsLintKit.checksum($0, jobs: jobs) }
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: checksum >> (8 * $0)) }
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Only a regular file (or none) is a cache: a device or FIFO at its path is left alone.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG { throw ReadProblem.notRegular }
        try writeAtomically(bytes, to: path)
    }

    /// `$XDG_CACHE_HOME/ribslint` (or `~/.cache/ribslint`), one file per project root.
    public static func defaultPath(rootDirectory: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        // The XDG rule: a value that is empty or not absolute is ignored (it would put the cache in the project).
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("ribslint").appendingPathComponent(stableHash(rootDirectory) + ".cache").path
    }
}

/// Every decision a run makes about the cache: its key, what to reuse, what to record.
extension LintCache {
    /// What the results of a file depend on besides its bytes and the project facts: the rules, their
    /// severities and options, the profile with its roles.
    /// `factKinds`: whether the kinds of facts taken count (a facts file takes every kind its profile's rules read).
    static func key(for linter: Linter, factKinds: Bool = true) -> String {
        let ruleSet = linter.ruleSet
        var parts = [ruleSet.profile.fingerprint]
        parts += ruleSet.entries.map { "rule=\($0.id):\($0.severity.rawValue)" }
        parts += ruleSet.projectEntries.map { "project=\($0.id):\($0.severity.rawValue)" }
        parts += ruleSet.customEntries.map { "custom=" + $0.rule.fingerprint }
        if factKinds { parts += ruleSet.factKinds.map { "facts=\($0.id)" } }
        parts.append("unused=\(ruleSet.unusedSuppressionSeverity?.rawValue ?? "off")")
        if let convention = ruleSet.convention { parts.append("conventions=\(convention.name)") }
        for (id, setting) in linter.configuration.ruleSettings.sorted(by: { $0.key < $1.key }) {
            parts.append("options=\(id):" + setting.options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))
        }
        return stableHash(parts.joined(separator: "\n"))
    }

    enum Lookup {
        /// The file's recorded outcome: by a stamp the cache trusts (the file unread), or by its bytes.
        case hit(Linter.FileOutcome)
        /// Not in the cache: the bytes, read, for the file pass.
        case miss(data: [UInt8], stamp: FileStamp, hash: String)
        case unreadable(ReadProblem)
    }

    /// The recorded outcome of a file whose stamp the cache trusts, the file unread; nil otherwise. `near`: where
    /// its entry likely lies (see `StoredRecords`); `records`: the entries, through an alias of their store for the
    /// thread that asks (`settledOutcomes`).
    /// With `trustsRecordedDisk`, a file found without a stamp has the one recorded.
    func settledOutcome(_ file: DiscoveredFile, near position: Int? = nil, in records: StoredRecords? = nil) -> Linter.FileOutcome? {
        let stamp = file.stamp ?? (trustsRecordedDisk ? nil : FileStamp.of(file.absolutePath))
        if let stamp, !Self.isSettled(stamp, recordedAt: recordedAt) { return nil }
        guard stamp != nil || trustsRecordedDisk, let bytes = (records ?? entries)[file.displayPath, near: position],
            var outcome = Self.recorded(bytes), let stamp = stamp ?? outcome.stamp, outcome.stamp == stamp, Self.isSettled(stamp, recordedAt: recordedAt)
        else { return nil }
        outcome.stampTrusted = true
        outcome.isNews = false
        return outcome
    }

    /// Every file's `settledOutcome`, an empty outcome for a file whose stamp the cache does not trust: in shares on
    /// the threads, each share's fields taken through an alias of the cache's store. A monorepo's files are tens of
    /// thousands, each entry a dozen references to the store taken and dropped: on one count, the threads spent
    /// more time passing its cache line between them than decoding.
    func settledOutcomes(of files: [DiscoveredFile]) -> [Linter.FileOutcome] {
        files.withUnsafeBufferPointer { files in
            // Each file read where it lies: a copy would take and drop a reference to both its paths.
            nonisolated(unsafe) let files = files
            return ParallelMap.shares(files.count, jobs: jobs, each: { entries.aliased() }) { records, position in
                settledOutcome(files[position], near: position, in: records) ?? Linter.FileOutcome()
            }
        }
    }

    /// A file whose stamp the cache does not trust (`settledOutcome` answered nil): read, and found by its bytes.
    func lookup(_ file: DiscoveredFile, startedAt: Int) -> Lookup {
        let data: [UInt8], stamp: FileStamp
        switch readRegularFile(file.absolutePath) {
        case .success(let read): (data, stamp) = read
        case .failure(let problem): return .unreadable(problem)
        }
        let hash = stableHash(data)
        guard var outcome = entry(for: file.displayPath, contentHash: hash) else { return .miss(data: data, stamp: stamp, hash: hash) }
        // News only when the stamp changed, or will be trusted once this run records it.
        outcome.isNews = stamp != outcome.stamp || Self.isSettled(stamp, recordedAt: startedAt)
        outcome.stamp = stamp
        return .hit(outcome)
    }

    /// The cache for a run whose project facts (known once the folders are walked) are `facts`: the recorded
    /// files' results count only if they were computed with the same facts. Folder listings always do.
    /// `configurations` names every configuration in force and the files each governs (see `Linter.Scoping`).
    func forProject(_ facts: ProjectFacts, configurations: String) -> LintCache {
        var cache = self
        let fingerprint = facts.fingerprint + "\n" + configurations
        cache.projectFacts = fingerprint
        if projectFacts != fingerprint {
            cache.entries = StoredRecords()
            cache.project = nil
        }
        return cache
    }

    /// The recorded project findings, when every file's bytes and the test file names are as they were.
    func projectRecord(key: String, outcomes: [Linter.FileOutcome]) -> ProjectRecord? {
        guard let project, project.key == key, outcomes.allSatisfy({ $0.contentHash != nil }) else { return nil }
        return project
    }

    /// What the project findings depend on besides the configuration: every file's path and bytes, and
    /// the names of the project's Swift files.
    static func projectKey(files: [DiscoveredFile], outcomes: [Linter.FileOutcome], otherFileNames: [String], jobs: Int = 1) -> String {
        projectKeys(files: files, outcomes: outcomes, otherFileNames: otherFileNames, recorded: nil, jobs: jobs).key
    }

    /// In one pass over the files: `projectKey`; the files key (`projectKey` without file names); and with
    /// `recorded` (some files' hashes in place of their own, see `recordedHashes`) the recorded files key, the files
    /// key with those hashes.
    /// Each file's words are hashed on `jobs` threads, in shares, and combined in path order; so are the names',
    /// but for a name that is the file's own display path at the same position, hashed already (the test file
    /// names of a project walked whole are its files' display paths).
    static func projectKeys(
        files: [DiscoveredFile], outcomes: [Linter.FileOutcome], otherFileNames: [String], recorded: [Int: String]?, jobs: Int = 1
    ) -> (key: String, filesKey: String, recordedFilesKey: String?) {
        var hash = StableHasher()
        var recordedHash = StableHasher()
        // By position: each outcome whole, copied, would cost a retain and release per field.
        let words = ParallelMap.shares(files.count, jobs: jobs) { position in
            (path: StableHasher.word(files[position].displayPath), bytes: StableHasher.word(outcomes[position].contentHash ?? "-"))
        }
        // The few recorded hashes in position order, met as the files are: no lookup per file.
        let recordedWords = (recorded ?? [:]).map { (position: $0.key, word: StableHasher.word($0.value)) }.sorted { $0.position < $1.position }
        var nextRecorded = 0
        for (position, (path, bytes)) in words.enumerated() {
            hash.combine(word: path)
            hash.combine(word: bytes)
            guard recorded != nil else { continue }
            recordedHash.combine(word: path)
            while nextRecorded < recordedWords.count, recordedWords[nextRecorded].position < position { nextRecorded += 1 }
            let isRecorded = nextRecorded < recordedWords.count && recordedWords[nextRecorded].position == position
            recordedHash.combine(word: isRecorded ? recordedWords[nextRecorded].word : bytes)
        }
        hash.combine("other files")
        recordedHash.combine("other files")
        let filesKey = hash.value
        let nameWords = ParallelMap.shares(otherFileNames.count, jobs: jobs) { index in
            // By bytes: a name spelled otherwise (another Unicode normalization) hashes otherwise.
            index < files.count && PathKey(otherFileNames[index]) == PathKey(files[index].displayPath)
                ? words[index].path : StableHasher.word(otherFileNames[index])
        }
        for word in nameWords { hash.combine(word: word) }
        return (hash.value, filesKey, recorded.map { _ in recordedHash.value })
    }

    /// The recorded hashes of the files at `changed` positions, for `projectKeys`, nil when one of them has no entry;
    /// and whether each declares what its entry declares (with `sameAnswers`, and got the answers it got). When the
    /// files key with them is the recorded one, those files are the only ones whose bytes differ from the run that
    /// recorded this cache, over the same files; when each also declares what it declared then (an edit inside a
    /// body, a comment), every other file's recorded answers about the project's types still hold.
    func recordedHashes(
        _ changed: [Int], files: [DiscoveredFile], outcomes: [Linter.FileOutcome], sameAnswers: Bool
    ) -> (hashes: [Int: String], declareAlike: Bool)? {
        var recorded: [Int: String] = [:]
        var declareAlike = true
        for position in changed {
            guard let entry = entry(for: files[position].displayPath), let hash = entry.contentHash else { return nil }
            recorded[position] = hash
            declareAlike = declareAlike && entry.types.declarations == outcomes[position].declarations
                && (!sameAnswers || entry.types.lookups == outcomes[position].lookups)
        }
        return (recorded, declareAlike)
    }

    /// Rewrites the cache when this run learnt something: a file linted afresh, a stamp that changed or can
    /// now be trusted, a file gone, new project findings. Entries of files outside this run's paths stay, and
    /// so do the recorded entries of files at `unrecorded` positions that this run linted afresh: a pre-commit
    /// hook lints the files being edited, and rewriting a monorepo's cache for them would cost more than
    /// linting them again.
    /// `recordedFilesKey`: the files key with the files linted afresh taken at their recorded bytes (`projectKeys`).
    /// - Returns: a warning when the cache could not be written (a folder in its place, a read-only disk).
    func record(
        _ outcomes: [Linter.FileOutcome], of files: [DiscoveredFile], unrecorded: Set<Int> = [], filesKey: String, recordedFilesKey: String? = nil,
        folders: FolderMemory, project: ProjectRecord?, run discovery: FileDiscovery, paths: [String], startedAt: Int
    ) -> String? {
        // A listed file the cache has no entry for is recorded like any other: the cache is written for it anyway,
        // and without its entry no files key could name this run's answers, so every later listed run would check
        // every file's answers again (a first pre-commit run, with no full run before it).
        let kept = unrecorded.filter { !outcomes[$0].fromCache && entries[files[$0].displayPath] != nil }
        let news = outcomes.indices.contains { outcomes[$0].isNews && !kept.contains($0) }
        // With files kept as recorded, the recorded project findings stay. With nothing else new (every entry written
        // back as read, or kept as recorded), so does the recorded files key, when it is these files' with the kept
        // ones at their recorded bytes (not the key of a run over other folders). Else it names the kept
        // files' recorded bytes, and holds while they declare what they declared then and got the answers they got
        // then (every other file's this run checked); when it does not, no run may trust the recorded answers until
        // one checks them all.
        let filesKey = kept.isEmpty ? filesKey
            : !news && !self.filesKey.isEmpty && recordedFilesKey == self.filesKey ? self.filesKey
            : recordedHashes(kept.sorted(), files: files, outcomes: outcomes, sameAnswers: true).flatMap { recorded in
                !recorded.declareAlike ? nil
                    : Self.projectKeys(files: files, outcomes: outcomes, otherFileNames: [], recorded: recorded.hashes).recordedFilesKey
            } ?? ""
        let project = kept.isEmpty ? project : nil
        let learnt = news || folders.isNews || project.map { $0.key != self.project?.key } ?? false || filesKey != self.filesKey
        // Nothing new of any file or folder, and no other: the cache would come out the same.
        if !learnt, entries.count == outcomes.count, self.folders.count == folders.listings.count + folders.reused.count { return nil }
        var fresh: [PathKey: Entry] = [:]
        var keeping = Kept()
        for (position, (file, outcome)) in zip(files, outcomes).enumerated() {
            // An entry this run only read back is written back as it was read, not encoded again.
            let key = PathKey(file.displayPath)
            if outcome.fromCache && !outcome.isNews, let bytes = entries[key.path] {
                keeping.entries[key] = bytes
            } else if kept.contains(position) {
                // The recorded entry of a listed file linted afresh stays, unless the file's stamp is still the
                // one it records: the bytes changed within one clock tick, and a later run could trust that stamp.
                if let bytes = entries[key.path], let recorded = entry(for: key.path), recorded.stamp != outcome.stamp { keeping.entries[key] = bytes }
                continue
            } else if let hash = outcome.contentHash, let stamp = outcome.stamp {
                fresh[key] = Entry(
                    contentHash: hash, stamp: stamp, findings: outcome.storedFindings, contribution: outcome.contribution, links: outcome.links,
                    types: outcome.types, lineCount: outcome.lineCount,
                    syntaxNote: outcome.syntaxNote)
            }
        }
        let roots = discovery.roots(of: paths)
        var dropped = false
        for (path, entry) in entries.byPath where fresh[path] == nil && keeping.entries[path] == nil {
            if discovery.isCovered(path.path, by: roots, paths: paths) { dropped = true } else { keeping.entries[path] = entry }
        }
        // A folder the recorded walk answered for, unread, is as recorded.
        for (path, listing) in self.folders.byPath where folders.listings[path] == nil {
            if folders.reused[path] == nil, discovery.isCovered(path.path, by: roots, paths: paths) { dropped = true } else { keeping.folders[path] = listing }
        }
        guard learnt || dropped else { return nil }
        // A cache that cannot be written costs speed next time, never correctness now.
        do {
            try save(
                fresh, folders: folders.listings, kept: keeping, project: project ?? self.project, walk: folders.walkToRecord, filesKey: filesKey,
                startedAt: startedAt)
            return nil
        } catch {
            return "warning: cannot write the cache at \(path): \(writeFailureReason(error, path: path)); the next run lints every file afresh (--cache-path PATH or --no-cache)"
        }
    }
}

/// What `stat` says of a file: when any of it changes, the file is read and hashed again.
struct FileStamp: Sendable, Equatable {
    struct Time: Sendable, Equatable {
        var seconds: Int
        var nanoseconds: Int
    }

    var size: Int
    var inode: UInt64
    var modified: Time
    var changed: Time
}

extension FileStamp {
    init(_ info: stat) {
        #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        self.init(
            size: Int(info.st_size), inode: UInt64(info.st_ino),
            modified: Time(seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec)),
            changed: Time(seconds: Int(changed.tv_sec), nanoseconds: Int(changed.tv_nsec)))
    }

    /// The stamp of the file at `path`, or nil when it cannot be stat'ed.
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        return stat(path, &info) == 0 ? FileStamp(info) : nil
    }
}

/// What a file declares, for the project's type index, and what it looked up there: as the cache holds them
/// until a run's type index needs them.
enum StoredTypes: Sendable {
    case decoded([DeclaredType], [String: String])
    case encoded(StoredBytes)

    /// Cached bytes that do not decode give nothing (the checksum makes that a bug of ours).
    var decoded: (declarations: [DeclaredType], lookups: [String: String]) {
        switch self {
        case .decoded(let declarations, let lookups): return (declarations, lookups)
        case .encoded(let bytes):
            var reader = CacheReader(bytes)
            return (try? Self.read(from: &reader)) ?? ([], [:])
        }
    }

    var declarations: [DeclaredType] {
        guard case .encoded(let bytes) = self else { return decoded.declarations }
        var reader = CacheReader(bytes)
        return (try? Self.read(from: &reader, lookups: false))?.0 ?? []
    }

    var lookups: [String: String] { decoded.lookups }

    /// The hashes of every name the declarations give, inherit or hold, and of their helper methods' names:
    /// what the type index is asked by.
    static func names(of declarations: [DeclaredType]) -> [UInt64] {
        declarations.flatMap { declared in
            ([declared.name] + declared.inherited + declared.holds.compactMap { $0.split(separator: ":", maxSplits: 1).last.map(String.init) }
                + declared.helperMethods.map(HelperMethod.name(of:)))
                .map { fnv1a($0.utf8) }
        }
    }

    /// Whether some declaration gives, inherits or holds one of `names` (hashed, see `names(of:)`): only those
    /// files' declarations are decoded when the type index is built for a few questions.
    func mayDeclare(any names: Set<UInt64>) -> Bool {
        guard case .encoded(let bytes) = self else { return true }
        var reader = CacheReader(bytes)
        return (try? reader.hashes(containAny: names)) ?? true
    }
}

/// A file's contribution to the project pass: decoded only when the project pass has to run again.
/// Findings as a run found them, or as the cache holds them until a run reports them: a listed run reports
/// those of its own files only.
enum StoredFindings: Sendable {
    case decoded([Finding])
    case encoded(StoredBytes)

    /// Decoded from the cache's bytes on each call when it holds them; nil when those bytes are not exactly a
    /// list of findings (a bug of ours, as the checksum holds).
    var decoded: [Finding]? {
        switch self {
        case .decoded(let findings): return findings
        case .encoded(let bytes):
            var reader = CacheReader(bytes)
            guard let findings = try? reader.findings(), reader.isAtEnd else { return nil }
            return findings
        }
    }

    /// Length-prefixed, so a run that reports none skips them unread.
    func write(to writer: inout CacheWriter) {
        switch self {
        case .decoded(let findings): writer.writePrefixed { $0.write(findings) }
        case .encoded(let bytes): writer.writePrefixed(bytes)
        }
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        self = .encoded(try reader.prefixed())
    }
}

enum StoredContribution: Sendable {
    case decoded(FileContribution)
    case encoded(StoredBytes)

    /// The contribution with the facts of `kinds`, or nil when cached bytes do not decode or lack one of
    /// them (the checksum makes that a bug of ours).
    func decoded(_ kinds: [any FileFacts.Type]) -> FileContribution? {
        switch self {
        case .decoded(let contribution): return contribution
        case .encoded(let bytes):
            var reader = CacheReader(bytes)
            return try? FileContribution(from: &reader, kinds: kinds)
        }
    }
}
