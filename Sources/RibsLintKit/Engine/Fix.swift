#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SwiftParser
import SwiftSyntax

/// What `--fix` changes: each file's text before and after, the findings it fixes, and the fixes it gave up
/// with the reason. Planned in memory and checked before anything is written: a fixed file must parse and,
/// linted again with the whole project in view, report fewer findings of each fixed rule by the number
/// fixed and no more of any other; otherwise that file is left as it is.
public struct FixPlan: Sendable {
    public struct File: Sendable {
        /// As reports name it.
        public let path: String
        public let absolutePath: String
        public let original: String
        public let fixed: String
        /// Findings fixed, by rule id.
        public let fixedByRule: [String: Int]
    }

    public var files: [File] = []
    /// The paths of `files` that are written together or not at all (a protocol moved between them).
    public var groups: [[String]] = []
    /// Why a file's fixes were not made: one line each, `path: note: …`.
    public var skipped: [String] = []
    /// Files that could not be linted, so were not fixed: one error line each.
    public var unreadable: [String] = []

}

extension Linter {
    /// The most rounds of fixes one run makes: each round fixes what its findings allow without overlapping, and
    /// fixes that overlapped one, or that only a fixed file shows, wait for the next.
    static let maximumFixRounds = 10

    /// Plans the fixes of the findings under `paths` (as `lint(paths:)` chooses files), without writing: round
    /// after round until nothing more is fixed, so one run reaches what running `--fix` again would. Files a fix
    /// touches together (a protocol moved from one to another) are fixed together or not at all. Every finding of
    /// a rule that fixes which is left unfixed gets a note saying why. Paths are compared by their bytes
    /// throughout: two names equal only under Unicode normalization are two files. Runs on a thread with room
    /// for deeply nested code, as `lint` parses files. `writing`: the plan is to be written here, so a file that
    /// cannot be replaced (read-only, hard-linked) keeps its findings; a plan only shown (`--dry-run`: a patch to
    /// apply elsewhere, as from a build sandbox's read-only inputs) fixes it too.
    public func planFixes(paths: [String], workingDirectory: String, writing: Bool = true) throws(UsageError) -> FixPlan {
        let outcome = ParallelMap.map([0], jobs: 1) { [self] _ in
            Result { () throws(UsageError) in try plannedToTheFixedPoint(paths: paths, workingDirectory: workingDirectory, writing: writing) }
        }
        return try outcome[0].get()
    }

    private func plannedToTheFixedPoint(paths: [String], workingDirectory: String, writing: Bool) throws(UsageError) -> FixPlan {
        var plan = FixPlan()
        var files: [PathKey: FixPlan.File] = [:]
        var groups = FileGroups()
        var previous: LintResult?
        for round in 1...Self.maximumFixRounds {
            var linter = self
            linter.overlay = overlay.merging(files.values.map { (PathKey($0.absolutePath), $0.fixed) }) { $1 }
            let step = try linter.planRound(
                paths: paths, workingDirectory: workingDirectory, before: previous, lastRound: round == Self.maximumFixRounds, writing: writing)
            plan.skipped = step.plan.skipped
            if round == 1 { plan.unreadable = step.plan.unreadable }
            previous = step.after
            guard !step.plan.files.isEmpty else { break }
            for file in step.plan.files {
                let key = PathKey(file.path)
                let earlier = files[key]
                files[key] = FixPlan.File(
                    path: file.path, absolutePath: file.absolutePath, original: earlier?.original ?? file.original, fixed: file.fixed,
                    fixedByRule: (earlier?.fixedByRule ?? [:]).merging(file.fixedByRule, uniquingKeysWith: +))
            }
            for group in step.plan.groups { groups.join(group) }
        }
        let kept = files.keys.sorted()
        plan.files = kept.map { files[$0]! }
        plan.groups = Dictionary(grouping: kept.map(\.path), by: { groups.root(of: $0) }).values.map { $0.sorted() }.sorted { $0[0] < $1[0] }
        return plan
    }

    /// One round: the fixes of the findings as the files are now (`overlay` holding earlier rounds' fixes), each
    /// fixed file checked by parsing it and linting the project again. `before`: this state's lint, when the
    /// previous round's check already made it. Returns the round's plan and, when it is exactly the state the
    /// next round starts from, the check's lint.
    private func planRound(
        paths: [String], workingDirectory: String, before known: LintResult?, lastRound: Bool, writing: Bool
    ) throws(UsageError) -> (plan: FixPlan, after: LintResult?) {
        let base = reportBase(workingDirectory: workingDirectory)
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : (base.hasSuffix("/") ? base : base + "/") + path }
        let before: LintResult
        if let known { before = known } else { before = try lint(paths: paths, workingDirectory: workingDirectory, cachePath: nil) }
        var texts: [PathKey: String] = [:]
        func text(_ path: String) -> String? {
            if let known = texts[PathKey(path)] { return known }
            if let given = overlay[PathKey(absolute(path))] {
                texts[PathKey(path)] = given
                return given
            }
            guard let (data, _) = readFile(absolute(path)), let read = String(validating: data, as: UTF8.self) else { return nil }
            texts[PathKey(path)] = read
            return read
        }
        var plan = FixPlan()
        plan.unreadable = before.unreadable
        let fixing = Dictionary(ruleSet.entries.map { ($0.id, type(of: $0.rule).description) }.filter { $0.1.fixes }) { first, _ in first }
        // Each file once: a link to a file fixed under another name (the same device and inode) is that file.
        var names: [FileIdentity: String] = [:]
        var twins: [String: String] = [:]
        // Files fixed by earlier rounds first: a twin whose findings remain is still theirs.
        let prefix = base.hasSuffix("/") ? base : base + "/"
        for fixed in overlay.keys.map(\.path).sorted() {
            guard let identity = FileIdentity(of: fixed), names[identity] == nil else { continue }
            names[identity] = base != "/" && fixed.hasPrefix(prefix) ? String(fixed.dropFirst(prefix.count)) : fixed
        }
        for path in Set(before.findings.filter { !$0.fix.isEmpty }.map(\.path)).sorted() {
            guard let identity = FileIdentity(of: absolute(path)) else { continue }
            if let first = names[identity], first != path { twins[path] = first } else { names[identity] = path }
        }
        // Each finding's edits by file; a relocation adds the insertion into its destination.
        var pending: [(finding: Finding, source: PathKey, edits: [PathKey: [Edit]])] = []
        var destinations = RelocationDestinations()
        for finding in before.findings.sorted(by: Finding.ordered) {
            guard !finding.fix.isEmpty, !finding.fixIsUnsafe || unsafeFixes else {
                let where_ = "\(finding.path):\(finding.line): note: \(finding.ruleID) not fixed"
                if finding.fixIsUnsafe {
                    plan.skipped.append("\(where_): its fix is marked `safety: unsafe` in the configuration; --unsafe-fixes makes it")
                } else if let rule = fixing[finding.ruleID] {
                    let why = finding.whyNoFix ?? rule.fixNeeds.map { "no fix is safe here: \($0)" } ?? "no fix is safe here"
                    plan.skipped.append("\(where_): \(why); `ribslint rules \(finding.ruleID)` says how to fix it")
                } else if let why = finding.whyNoFix { plan.skipped.append("\(where_): \(why)") }
                continue
            }
            if let first = twins[finding.path] {
                plan.skipped.append("\(finding.path):\(finding.line): note: \(finding.ruleID) not fixed here: this is the same file as \(first), fixed under that name")
                continue
            }
            guard let source = text(finding.path) else { continue }
            var edits = [PathKey(finding.path): finding.fix.map { $0.keepingByteOrderMark(of: source) }]
            if let relocation = finding.relocation {
                switch destinations.find(relocation, leaving: finding.path, absolute: absolute, text: text) {
                case .into(let path, let insertion):
                    edits[PathKey(path), default: []].append(text(path).map(insertion.keepingByteOrderMark(of:)) ?? insertion)
                case .refused(let reason):
                    plan.skipped.append("\(finding.path):\(finding.line): note: \(finding.ruleID) not fixed: \(reason)")
                    continue
                }
            }
            pending.append((finding, PathKey(finding.path), edits))
        }
        // Every fix whose edits overlap none already taken, in reporting order; equal edits are shared. A fix that
        // overlaps one taken waits for the next round, which sees the file as this one leaves it.
        var taken: [PathKey: Set<Edit>] = [:]
        var fixedByRule: [PathKey: [String: Int]] = [:]
        var groups = FileGroups()
        for fix in pending {
            let fits = fix.edits.allSatisfy { path, edits in
                guard let body = text(path.path) else { return false }
                return (taken[path] ?? []).admits(edits, length: body.utf8.count)
            }
            guard fits else {
                if lastRound {
                    plan.skipped.append("\(fix.finding.path):\(fix.finding.line): note: \(fix.finding.ruleID) not fixed: its fix overlaps others made in this run; run --fix again")
                }
                continue
            }
            for (path, edits) in fix.edits { taken[path, default: []].formUnion(edits) }
            fixedByRule[fix.source, default: [:]][fix.finding.ruleID, default: 0] += 1
            groups.join(fix.edits.keys.map(\.path))
        }
        var proposed: [PathKey: FixPlan.File] = [:]
        var broken = Set<PathKey>()
        for path in taken.keys.sorted() {
            guard let original = text(path.path) else { continue }
            let fixed = Edit.apply(taken[path]!, to: original)
            if writing, let obstacle = writeObstacle(absolute(path.path)) {
                plan.skipped.append("\(path.path): note: fixes not made: \(obstacle)")
                broken.insert(path)
            } else if Parser.parse(source: fixed).hasError, !Parser.parse(source: original).hasError {
                plan.skipped.append("\(path.path): note: fixes not made: the fixed file would not parse")
                broken.insert(path)
            }
            proposed[path] = FixPlan.File(
                path: path.path, absolutePath: absolute(path.path), original: original, fixed: fixed, fixedByRule: fixedByRule[path] ?? [:])
        }
        guard !proposed.isEmpty else { return (plan, before) }
        // Linted again with the fixes in place. Listed files (a hook's) bring the files their fixes reach into view.
        var verified = paths
        if paths.contains(where: { $0.hasSuffix(".swift") }) {
            let listed = Set(paths.map { PathKey(URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)).standardizedFileURL.path) })
            verified += proposed.values.map(\.absolutePath).filter { !listed.contains(PathKey($0)) }.sorted()
        }
        let reference = verified.count == paths.count ? before : try lint(paths: verified, workingDirectory: workingDirectory, cachePath: nil)
        var fixedLinter = self
        fixedLinter.overlay = overlay.merging(proposed.values.map { (PathKey($0.absolutePath), $0.fixed) }) { $1 }
        let after = try fixedLinter.lint(paths: verified, workingDirectory: workingDirectory, cachePath: nil)
        let counts = { (findings: [Finding]) in
            Dictionary(grouping: findings, by: { PathKey($0.path) }).mapValues { Dictionary(grouping: $0, by: \.ruleID).mapValues(\.count) }
        }
        let (countsBefore, countsAfter) = (counts(reference.findings), counts(after.findings))
        for path in proposed.keys.sorted() where !broken.contains(path) {
            let file = proposed[path]!
            let old = countsBefore[path] ?? [:], new = countsAfter[path] ?? [:]
            let worse = Set(old.keys).union(new.keys).sorted().filter { rule in
                new[rule, default: 0] > old[rule, default: 0] - file.fixedByRule[rule, default: 0]
            }
            if !worse.isEmpty {
                plan.skipped.append("\(path.path): note: fixes not made: linted again, the fixed file still reports \(worse.joined(separator: ", ")) where it should not")
                broken.insert(path)
            }
        }
        // A file fixed together with one that failed is left alone too.
        let failed = Set(broken.flatMap { groups.members(of: $0.path) }.map(PathKey.init))
        for path in proposed.keys.sorted() where failed.contains(path) && !broken.contains(path) {
            let partners = groups.members(of: path.path).map(PathKey.init).filter(broken.contains).sorted().map(\.path)
            plan.skipped.append("\(path.path): note: fixes not made: they go with fixes of \(partners.joined(separator: ", "))")
        }
        let kept = proposed.keys.sorted().filter { !failed.contains($0) }
        plan.files = kept.map { proposed[$0]! }
        plan.groups = Dictionary(grouping: kept.map(\.path), by: { groups.root(of: $0) }).values.map { $0.sorted() }.sorted { $0[0] < $1[0] }
        // The check's lint is the next round's state when every proposed file was kept and the check saw every file.
        return (plan, failed.isEmpty && verified.count == paths.count ? after : nil)
    }
}

/// Why a file cannot be replaced by its fixed text, or nil: a file without write permission is left as it is
/// (replacing it by rename would ignore that), and so is one with other hard links (a rename would split them).
func writeObstacle(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    if info.st_mode & S_IWUSR == 0 || access(path, W_OK) != 0 { return "the file is read-only" }
    if info.st_nlink > 1 { return "the file has \(info.st_nlink) hard links, which replacing it would split; fix it by hand" }
    return nil
}

/// A file as the system knows it, whatever the name: its device and inode.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init?(of path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        (device, inode) = (UInt64(truncatingIfNeeded: info.st_dev), UInt64(truncatingIfNeeded: info.st_ino))
    }
}

extension Edit {
    /// This edit kept clear of a byte-order mark at the start of `text`: the mark stays first in its file.
    func keepingByteOrderMark(of text: String) -> Edit {
        guard text.utf8.starts(with: [0xEF, 0xBB, 0xBF]), start < 3 else { return self }
        return Edit(start: 3, end: max(end, 3), replacement: replacement)
    }
}

/// Where relocated text goes: the file beside the one it leaves that declares the class at its top level.
struct RelocationDestinations {
    private var found: [String: (path: String, insertion: Int, imports: Set<String>)?] = [:]
    private var declared: [String: Set<String>] = [:]

    /// Where a relocated text goes, or why it stays.
    enum Placement {
        case into(path: String, insertion: Edit)
        case refused(String)
    }

    mutating func find(_ relocation: Relocation, leaving path: String, absolute: (String) -> String, text: (String) -> String?) -> Placement {
        let folder = path.contains("/") ? parentFolder(of: path) : ""
        let key = folder + "\u{0}" + relocation.besideClass
        if found[key] == nil { found[key] = Self.search(relocation.besideClass, in: folder, absolute: absolute, text: text) }
        guard let destination = found[key] ?? nil else {
            return .refused("no single Swift file in its folder declares class \(relocation.besideClass), where it belongs")
        }
        guard destination.path != path else { return .refused("class \(relocation.besideClass) is declared in this file") }
        // A module this file imports and the destination does not may be where one of the moved types lives:
        // then each of them must be declared beside the two files, in their own module.
        let missing = relocation.imports.filter { !destination.imports.contains($0) }
        if !missing.isEmpty {
            if declared[folder] == nil { declared[folder] = Self.declarations(in: folder, absolute: absolute, text: text) }
            let unknown = relocation.types.filter { !declared[folder]!.contains($0) }
            guard unknown.isEmpty else {
                return .refused(
                    "\(destination.path) does not import \(missing.joined(separator: ", ")), which may declare \(unknown.joined(separator: ", ")); "
                        + "move the protocol by hand and add the import")
            }
        }
        // The moved text takes the destination's line breaks, and never a byte-order mark.
        let lineBreak = text(destination.path).map(Self.lineBreak(of:)) ?? "\n"
        var moved = relocation.text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\n", with: lineBreak)
        while moved.hasPrefix("\u{FEFF}") { moved.removeFirst() }
        return .into(path: destination.path, insertion: Edit(inserting: moved + lineBreak + lineBreak, at: destination.insertion))
    }

    /// A text's line break, as its first one is written: `\r\n`, a lone `\r` or `\n`.
    static func lineBreak(of text: String) -> String {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }) else { return "\n" }
        guard bytes[first] == UInt8(ascii: "\r") else { return "\n" }
        let next = bytes.index(after: first)
        return next < bytes.endIndex && bytes[next] == UInt8(ascii: "\n") ? "\r\n" : "\r"
    }

    /// The names of the types, protocols and aliases the Swift files of `folder` declare at their top level.
    private static func declarations(in folder: String, absolute: (String) -> String, text: (String) -> String?) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: absolute(folder.isEmpty ? "." : folder))) ?? []
        var declared = Set<String>()
        for file in names.sorted() where file.hasSuffix(".swift") {
            guard let body = text(folder.isEmpty ? file : folder + "/" + file) else { continue }
            for item in Parser.parse(source: body).statements {
                if let named = Syntax(item.item).asProtocol(NamedDeclSyntax.self) { declared.insert(named.name.text) }
            }
        }
        return declared
    }

    /// The one Swift file of `folder` (relative to the report base; empty for the base itself) declaring
    /// `class name` at its top level: where its declaration's block (doc comment and attributes included)
    /// starts, and its imports.
    private static func search(
        _ name: String, in folder: String, absolute: (String) -> String, text: (String) -> String?
    ) -> (path: String, insertion: Int, imports: Set<String>)? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: absolute(folder.isEmpty ? "." : folder))) ?? []
        var matches: [(String, Int, Set<String>)] = []
        for file in names.sorted() where file.hasSuffix(".swift") {
            let candidate = folder.isEmpty ? file : folder + "/" + file
            guard let body = text(candidate), body.contains("class \(name)") else { continue }
            var imports = Set<String>()
            for item in Parser.parse(source: body).statements {
                if let declaration = item.item.as(ImportDeclSyntax.self) { imports.insert(declaration.path.map(\.name.text).joined(separator: ".")) }
                guard let declaration = item.item.as(ClassDeclSyntax.self), declaration.name.text == name else { continue }
                guard let start = declaration.blockStart(markNaming: name) else { return nil }
                matches.append((candidate, start, imports))
            }
        }
        return matches.count == 1 ? matches[0] : nil
    }
}

/// Files fixed together, as sets that grow by union (paths by their bytes).
struct FileGroups {
    private var parent: [PathKey: PathKey] = [:]

    mutating func root(of path: String) -> String { root(PathKey(path)).path }

    private mutating func root(_ path: PathKey) -> PathKey {
        var node = path
        while let next = parent[node], next != node { node = next }
        return node
    }

    mutating func join(_ paths: [String]) {
        let keys = paths.map(PathKey.init)
        guard let first = keys.first else { return }
        for key in keys where parent[key] == nil { parent[key] = key }
        let target = root(first)
        for key in keys.dropFirst() { parent[root(key)] = target }
    }

    mutating func members(of path: String) -> [String] {
        let target = root(PathKey(path))
        return parent.keys.filter { root($0) == target }.map(\.path)
    }
}

extension Set<Edit> {
    /// Whether a fix's edits can join these: each within the text, and equal to one taken or clear of all.
    func admits(_ edits: [Edit], length: Int) -> Bool {
        edits.allSatisfy { edit in edit.end <= length && (contains(edit) || !contains { $0.overlaps(edit) }) }
    }
}

extension Edit {
    func overlaps(_ other: Edit) -> Bool {
        start < other.end && other.start < end || (start == end || other.start == other.end) && start == other.start
    }

    /// Edits applied to `text`, last first so earlier offsets hold.
    static func apply(_ edits: Set<Edit>, to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { ($0.start, $0.end) > ($1.start, $1.end) }) {
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `findings`' fixes within one file applied to `text`, each finding's edits all or none (tests and docs).
    public static func apply(_ findings: [Finding], to text: String) -> (String, [String: Int]) {
        var taken = Set<Edit>()
        var fixed: [String: Int] = [:]
        for finding in findings where !finding.fix.isEmpty {
            guard taken.admits(finding.fix, length: text.utf8.count) else { continue }
            taken.formUnion(finding.fix)
            fixed[finding.ruleID, default: 0] += 1
        }
        return (apply(taken, to: text), fixed)
    }
}
