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

    public var fixedCount: Int { files.reduce(0) { $0 + $1.fixedByRule.values.reduce(0, +) } }
}

extension Linter {
    /// Plans the fixes of the findings under `paths` (as `lint(paths:)` chooses files), without writing.
    /// Files a fix touches together (a protocol moved from one to another) are fixed together or not at all.
    /// Paths are compared by their bytes throughout: two names equal only under Unicode normalization are two files.
    public func planFixes(paths: [String], workingDirectory: String) throws(UsageError) -> FixPlan {
        let base = reportBase(workingDirectory: workingDirectory)
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : (base.hasSuffix("/") ? base : base + "/") + path }
        let before = try lint(paths: paths, workingDirectory: workingDirectory, cachePath: nil)
        var texts: [PathKey: String] = [:]
        func text(_ path: String) -> String? {
            if let known = texts[PathKey(path)] { return known }
            guard let (data, _) = readFile(absolute(path)), let read = String(validating: data, as: UTF8.self) else { return nil }
            texts[PathKey(path)] = read
            return read
        }
        // Each finding's edits by file; a relocation adds the insertion into its destination.
        var plan = FixPlan()
        var pending: [(rule: String, source: PathKey, edits: [PathKey: [Edit]])] = []
        var destinations = RelocationDestinations()
        for finding in before.findings.sorted(by: Finding.ordered) where !finding.fix.isEmpty {
            var edits = [PathKey(finding.path): finding.fix]
            if let relocation = finding.relocation {
                switch destinations.find(relocation, leaving: finding.path, absolute: absolute, text: text) {
                case .into(let path, let insertion): edits[PathKey(path), default: []].append(insertion)
                case .refused(let reason):
                    plan.skipped.append("\(finding.path):\(finding.line): note: \(finding.ruleID) not fixed: \(reason)")
                    continue
                }
            }
            pending.append((finding.ruleID, PathKey(finding.path), edits))
        }
        // Every fix whose edits overlap none already taken, in reporting order; equal edits are shared.
        var taken: [PathKey: Set<Edit>] = [:]
        var fixedByRule: [PathKey: [String: Int]] = [:]
        var groups = FileGroups()
        for fix in pending {
            let fits = fix.edits.allSatisfy { path, edits in
                guard let body = text(path.path) else { return false }
                return (taken[path] ?? []).admits(edits, length: body.utf8.count)
            }
            guard fits else { continue }
            for (path, edits) in fix.edits { taken[path, default: []].formUnion(edits) }
            fixedByRule[fix.source, default: [:]][fix.rule, default: 0] += 1
            groups.join(fix.edits.keys.map(\.path))
        }
        var proposed: [PathKey: FixPlan.File] = [:]
        var broken = Set<PathKey>()
        for path in taken.keys.sorted() {
            guard let original = text(path.path) else { continue }
            let fixed = Edit.apply(taken[path]!, to: original)
            if Parser.parse(source: fixed).hasError, !Parser.parse(source: original).hasError {
                plan.skipped.append("\(path.path): note: fixes not made: the fixed file would not parse")
                broken.insert(path)
            }
            proposed[path] = FixPlan.File(
                path: path.path, absolutePath: absolute(path.path), original: original, fixed: fixed, fixedByRule: fixedByRule[path] ?? [:])
        }
        guard !proposed.isEmpty else { return plan }
        // Linted again with the fixes in place. Listed files (a hook's) bring the files their fixes reach into view.
        var verified = paths
        if paths.contains(where: { $0.hasSuffix(".swift") }) {
            let listed = Set(paths.map { PathKey(URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)).standardizedFileURL.path) })
            verified += proposed.values.map(\.absolutePath).filter { !listed.contains(PathKey($0)) }.sorted()
        }
        let reference = verified.count == paths.count ? before : try lint(paths: verified, workingDirectory: workingDirectory, cachePath: nil)
        var fixedLinter = self
        fixedLinter.overlay = Dictionary(uniqueKeysWithValues: proposed.values.map { (PathKey($0.absolutePath), $0.fixed) })
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
        return plan
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
        // The moved text takes the destination's line breaks.
        let crlf = text(destination.path)?.utf8.firstIndex(of: UInt8(ascii: "\r")) != nil
        let lineBreak = crlf ? "\r\n" : "\n"
        let moved = relocation.text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: lineBreak)
        return .into(path: destination.path, insertion: Edit(inserting: moved + lineBreak + lineBreak, at: destination.insertion))
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

extension FixPlan {
    /// The plan as a unified diff (`diff -u` style, paths as `a/…` and `b/…`), files in path order.
    public var unifiedDiff: String {
        files.sorted { $0.path < $1.path }.map { UnifiedDiff.of($0.original, $0.fixed, path: $0.path) }.joined()
    }

    /// Writes the fixed files, each group all or nothing: every file of a group is written beside its original
    /// first, and only when all are written, and none changed on disk since it was read, are they renamed
    /// over the originals. Returns a message for each group that could not be written (nothing of it was).
    public func write() -> [String] {
        let byPath = Dictionary(files.map { (PathKey($0.path), $0) }, uniquingKeysWith: { first, _ in first })
        return groups.compactMap { group in
            let members = group.compactMap { byPath[PathKey($0)] }
            var prepared: [PreparedWrite] = []
            do {
                for file in members {
                    guard let (bytes, _) = readFile(file.absolutePath), bytes.elementsEqual(file.original.utf8) else {
                        throw FixConflict(path: file.path)
                    }
                    prepared.append(try PreparedWrite(Array(file.fixed.utf8), to: file.absolutePath))
                }
                try prepared.forEach { try $0.commit() }
                return nil
            } catch let conflict as FixConflict {
                prepared.forEach { $0.discard() }
                return "\(conflict.path): error: changed on disk while its fixes were planned; nothing of \(group.joined(separator: ", ")) was written"
            } catch {
                prepared.forEach { $0.discard() }
                return "\(group.joined(separator: ", ")): error: cannot write the fixed files (\(writeFailureReason(error, path: members.first?.absolutePath ?? ""))); nothing was written"
            }
        }
    }

    /// The unified diff between two texts of the file at `path`.
    public static func unifiedDiff(_ old: String, _ new: String, path: String) -> String { UnifiedDiff.of(old, new, path: path) }
}

private struct FixConflict: Error {
    let path: String
}

/// Line-based unified diffs of a file and its fixed text, by Myers' algorithm: fixes change a few lines,
/// so the work grows with the file's length times the number of changed lines.
enum UnifiedDiff {
    static let context = 3

    static func of(_ old: String, _ new: String, path: String) -> String {
        let a = lines(old), b = lines(new)
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(script(a, b), a, b) {
            out += "@@ -\(range(hunk.oldStart, hunk.oldCount)) +\(range(hunk.newStart, hunk.newCount)) @@\n"
            out += hunk.lines.joined()
        }
        return out
    }

    /// `start` is 0-based; an empty range names the line before it, as `diff -u` does.
    private static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(start),0"
        case 1: "\(start + 1)"
        default: "\(start + 1),\(count)"
        }
    }

    /// Lines with their line breaks, split on the `\n` byte (a `\r\n` is one `Character`, so a CRLF file does
    /// not split by characters); a last line without one is marked as `diff` marks it.
    private static func lines(_ text: String) -> [String] {
        var result = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) + "\n" }
        if let last = result.popLast(), last != "\n" { result.append(String(last.dropLast()) + "\n\\ No newline at end of file\n") }
        return result
    }

    enum Step { case same, removed, added }

    /// The shortest edit script: each step with the old and new line index it stands at.
    static func script(_ a: [String], _ b: [String]) -> [(step: Step, old: Int, new: Int)] {
        let (n, m) = (a.count, b.count)
        let offset = n + m + 1
        var frontier = Array(repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        search: for d in 0...(n + m) {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1])
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { (x, y) = (x + 1, y + 1) }
                frontier[offset + k] = x
                if x >= n, y >= m { break search }
            }
        }
        // Walk back from the end through the recorded frontiers.
        var steps: [(step: Step, old: Int, new: Int)] = []
        var (x, y) = (n, m)
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d], k = x - y
            let previousK = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[offset + previousK], previousY = previousX - previousK
            while x > previousX, y > previousY {
                (x, y) = (x - 1, y - 1)
                steps.append((.same, x, y))
            }
            guard d > 0 else { break }
            if x == previousX {
                y -= 1
                steps.append((.added, x, y))
            } else {
                x -= 1
                steps.append((.removed, x, y))
            }
        }
        return steps.reversed()
    }

    struct Hunk {
        var oldStart = 0, oldCount = 0, newStart = 0, newCount = 0
        var lines: [String] = []
    }

    /// Hunks with `context` lines around each change; changes closer than twice that share one.
    private static func hunks(_ script: [(step: Step, old: Int, new: Int)], _ a: [String], _ b: [String]) -> [Hunk] {
        let changed = script.indices.filter { script[$0].step != .same }
        var hunks: [Hunk] = []
        var groupStart = 0
        while groupStart < changed.count {
            var groupEnd = groupStart
            while groupEnd + 1 < changed.count, changed[groupEnd + 1] - changed[groupEnd] <= 2 * context + 1 { groupEnd += 1 }
            let first = max(0, changed[groupStart] - context), last = min(script.count - 1, changed[groupEnd] + context)
            var hunk = Hunk(oldStart: script[first].old, newStart: script[first].new)
            for (step, old, new) in script[first...last] {
                switch step {
                case .same:
                    hunk.lines.append(" " + a[old])
                    hunk.oldCount += 1
                    hunk.newCount += 1
                case .removed:
                    hunk.lines.append("-" + a[old])
                    hunk.oldCount += 1
                case .added:
                    hunk.lines.append("+" + b[new])
                    hunk.newCount += 1
                }
            }
            hunks.append(hunk)
            groupStart = groupEnd + 1
        }
        return hunks
    }
}
