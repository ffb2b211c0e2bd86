import Foundation

/// What a project rule keeps of one file once its syntax tree is gone: taken in the file pass, cached with
/// the file, read in the project pass. Declared beside the rules that read it, so a new project rule adds
/// its facts in its own folder and neither the engine nor the cache format changes. The cache stores them by
/// their `Codable` conformance (a synthesized one does): structs, enums with raw values, arrays, optionals,
/// strings, numbers, booleans — no sets or dictionaries, whose order is not stable.
public protocol FileFacts: Codable, Sendable {
    /// Names the facts in the cache; change it when their fields change.
    static var id: String { get }
    init(file: LintFile)
    /// The names through which these facts bear on other files' findings; nil when any file's facts may.
    var links: FactLinks? { get }
}

extension FileFacts {
    public var links: FactLinks? { nil }
}

/// How one file's facts meet other files' facts in the project rules: a run that reports the project findings
/// of a few files (a pre-commit hook's) runs the rules over those files and the files linked to them, over and
/// over, instead of the whole project. A name linking more files than it should costs time, never a finding;
/// a name missing would, so facts whose rules match on anything else keep the default: no links, every file.
public struct FactLinks: Sendable, Equatable {
    /// Names every file holding them is read together with: a RIB's name, its parts' and its builder's types.
    public var joins: [String]
    /// Names whose holders this file's findings depend on, but not theirs on it: a child RIB, a superclass.
    /// Two files referring to the same name are not linked by it.
    public var refers: [String]

    public init(joins: [String] = [], refers: [String] = []) {
        self.joins = joins
        self.refers = refers
    }
}

/// A `// ribslint:disable…` span naming a project rule (or `all`), which only the project pass can judge.
public struct SuppressedSpan: Sendable, Equatable {
    public let ruleID: String
    public let lines: ClosedRange<Int>
    /// The directive's own place, where an unused verdict is reported.
    public let point: SourcePoint
    /// The file pass found nothing for it to silence; the project pass decides.
    public let awaitingVerdict: Bool
    /// Rules an `enable` turned back on inside a `disable all` region, silenced no further than that line.
    public var reenabled: [String: Int] = [:]

    func silences(_ id: String, line: Int) -> Bool {
        (ruleID == id || ruleID == "all") && lines.contains(line) && !(reenabled[id].map { line > $0 } ?? false)
    }
}

/// What one file brings to the project pass: the facts its rules asked for and its project suppressions.
public struct FileContribution: Sendable {
    public let path: String
    public let facts: [String: any FileFacts]
    let suppressions: [SuppressedSpan]

    /// Its facts' links, hashed (see `FactLinks`); nil when one kind of its facts has none.
    var links: LinkHashes? {
        var hashes = LinkHashes()
        for (_, facts) in facts.sorted(by: { $0.key < $1.key }) {
            guard let links = facts.links else { return nil }
            hashes.joins += links.joins.map { fnv1a($0.utf8) }
            hashes.refers += links.refers.map { fnv1a($0.utf8) }
        }
        return hashes
    }

    public init(path: String, facts: [String: any FileFacts] = [:], suppressions: [SuppressedSpan] = []) {
        self.path = path
        self.facts = facts
        self.suppressions = suppressions
    }
}

/// The whole project as the project rules see it: every file's facts, in path order, and the names of its
/// Swift files, linted or not. Models built from the facts (the RIB tree) are built once and shared.
public final class Project: @unchecked Sendable {
    public let files: [FileContribution]
    /// Every Swift file the rules may ask about (test files): the linted ones and the rest of the project.
    public let filePaths: [String]
    private var models: [ObjectIdentifier: any Sendable] = [:]
    /// The lock each kind of model is built under.
    private var builders: [ObjectIdentifier: NSLock] = [:]
    private let lock = NSLock()

    public init(files: [FileContribution], otherFileNames: [String] = []) {
        self.files = files
        var paths: [String] = []
        paths.reserveCapacity(files.count + otherFileNames.count)
        for file in files { paths.append(file.path) }
        paths.append(contentsOf: otherFileNames)
        filePaths = paths
    }

    /// Every file's facts of one kind, in file order.
    public func facts<Facts: FileFacts>(_ kind: Facts.Type) -> [Facts] {
        files.compactMap { $0.facts[Facts.id] as? Facts }
    }

    /// The model of the project of this kind, built on first use; rules running in parallel share it. One
    /// thread builds it while the others asking for it wait: two threads each building the RIB model held two
    /// copies at once (20 MB more at 50,000 files) for nothing. A model may build from a model of another kind.
    public func model<Model: ProjectModel>(_ kind: Model.Type) -> Model {
        let key = ObjectIdentifier(kind)
        lock.lock()
        if let built = models[key] as? Model {
            lock.unlock()
            return built
        }
        let building = builders[key] ?? NSLock()
        builders[key] = building
        lock.unlock()
        building.lock()
        defer { building.unlock() }
        lock.lock()
        let built = models[key] as? Model
        lock.unlock()
        if let built { return built }
        let model = Model(project: self)
        lock.lock()
        models[key] = model
        lock.unlock()
        return model
    }
}

/// A view of the whole project merged from file facts, such as the RIB tree.
public protocol ProjectModel: Sendable {
    init(project: Project)
}

/// A check over the whole project: what no single file can tell.
public protocol ProjectRule: Sendable {
    static var description: RuleDescription { get }
    /// The facts this rule reads from every file.
    static var facts: [any FileFacts.Type] { get }
    /// Whether the rule reads the names of every Swift file below the project root, linted or not (test files).
    static var readsAllFileNames: Bool { get }
    init(options: RuleOptions)
    func violations(in project: Project) -> [ProjectViolation]
}

extension ProjectRule {
    public static var readsAllFileNames: Bool { false }
}

public struct ProjectViolation: Sendable, Equatable {
    public let point: SourcePoint
    public let message: String
    /// Other files the finding is about (those holding the other references of a RIB cycle): a run over listed
    /// files reports it when one of them is listed, so that a commit that closes the cycle there is stopped.
    public let concerns: [String]

    public init(at point: SourcePoint, _ message: String, concerns: [String] = []) {
        self.point = point
        self.message = message
        self.concerns = concerns
    }
}

/// A file's `FactLinks` as 64-bit hashes, which the cache keeps beside the facts: linking files needs no facts
/// decoded, and two names of one hash only link more files than needed.
struct LinkHashes: Sendable, Equatable {
    var joins: [UInt64] = []
    var refers: [UInt64] = []

    /// The files whose facts the project findings of the files at `seeds` can depend on: every file holding a
    /// name they join or refer to, and so on from those; nil when some file's links are unknown.
    /// `links(position)` gives the links of each of `count` files; `jobs` threads index them, each a share.
    static func related(to seeds: [Int], count: Int, jobs: Int = 1, links: @escaping @Sendable (Int) -> LinkHashes?) -> [Int]? {
        let shareCount = max(1, min(jobs, count))
        let shares = ParallelMap.shares(shareCount, jobs: shareCount) { share in
            Holders(of: (share * count / shareCount)..<((share + 1) * count / shareCount), links: links)
        }
        guard shares.allSatisfy(\.isComplete) else { return nil }
        var related = Set(seeds)
        var pending = seeds
        var followed = Set<UInt64>()
        while let position = pending.popLast() {
            guard let link = links(position) else { continue }
            for name in link.joins + link.refers where followed.insert(name).inserted {
                for holders in shares {
                    holders.forEach(holding: name) { if related.insert($0).inserted { pending.append($0) } }
                }
            }
        }
        return related.sorted()
    }

    /// The files of a share that join each name: the latest by name, and from each the one before it.
    private struct Holders: Sendable {
        private var latest: NameTable
        private var chain: [(position: Int, before: Int)] = []
        /// Whether every file of the share has known links.
        private(set) var isComplete = true

        init(of positions: Range<Int>, links: (Int) -> LinkHashes?) {
            // Two names a file, about what a RIB's files join and refer to: the table is not grown on the way.
            latest = NameTable(capacity: positions.count * 2)
            chain.reserveCapacity(positions.count * 2)
            for position in positions {
                guard let link = links(position) else {
                    isComplete = false
                    return
                }
                for name in link.joins {
                    let before = latest.swap(name, chain.count)
                    chain.append((position, before))
                }
            }
        }

        func forEach(holding name: UInt64, _ body: (Int) -> Void) {
            var next = latest[name]
            while next >= 0 {
                body(chain[next].position)
                next = chain[next].before
            }
        }
    }

    /// A number by name hash, -1 for none: open addressing over names that are hashes already, which a monorepo's
    /// hundreds of thousands of links fill several times faster than a `Dictionary`. Sized by the names it holds,
    /// at most half full: a file joins a few names its RIB's other files join too.
    private struct NameTable {
        private var names: [UInt64]
        private var values: [Int]
        private var shift: UInt64
        private var occupied = 0

        init(capacity wanted: Int) {
            var bits: UInt64 = 4
            while 1 << bits < wanted * 2 { bits += 1 }
            names = Array(repeating: 0, count: 1 << bits)
            values = Array(repeating: -1, count: 1 << bits)
            shift = 64 - bits
        }

        /// The slot holding `name`, or the empty one where it goes.
        private func slot(of name: UInt64) -> Int {
            var slot = Int((name &* 0x9e37_79b9_7f4a_7c15) >> shift)
            while values[slot] >= 0, names[slot] != name { slot = (slot + 1) & (names.count - 1) }
            return slot
        }

        subscript(name: UInt64) -> Int { values[slot(of: name)] }

        /// Sets `name`'s number to `value` (never negative), giving the one it had.
        mutating func swap(_ name: UInt64, _ value: Int) -> Int {
            var slot = slot(of: name)
            if values[slot] < 0 {
                occupied += 1
                if occupied * 2 > names.count {
                    grow()
                    slot = self.slot(of: name)
                }
            }
            defer {
                names[slot] = name
                values[slot] = value
            }
            return values[slot]
        }

        /// Twice the slots, every name placed again.
        private mutating func grow() {
            var larger = NameTable(capacity: names.count)
            for slot in names.indices where values[slot] >= 0 {
                let target = larger.slot(of: names[slot])
                larger.names[target] = names[slot]
                larger.values[target] = values[slot]
            }
            larger.occupied = occupied
            self = larger
        }
    }
}
