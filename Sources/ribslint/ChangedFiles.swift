import Foundation
import RibsLintKit

/// The Swift files git reports changed, and for `--staged` the content a commit would hold.
enum ChangedFiles {
    struct Changes {
        /// Absolute paths of the files to lint.
        var paths: [String] = []
        /// For `--staged`: the index's text of every tracked Swift file whose working-tree copy differs from it
        /// (an unstaged edit, a deletion), by absolute path. The commit holds these texts, not the files on disk.
        var stagedTexts: [String: String] = [:]
    }

    /// `--staged` lists the files staged for commit (added, copied, modified; a rename is its new path), and
    /// takes their content from the index; `--changed-since REV` lists the files changed since REV in the working
    /// tree and the untracked ones. A revision starting with `-` is refused before git sees it, `git diff` is given
    /// the resolved commit after `--end-of-options` and paths after `--`, so nothing a user or a file name supplies
    /// is read as one of git's options (`rev-parse` older than git 2.30 has no `--end-of-options`).
    static func list(since revision: String?, staged: Bool, in directory: String) throws -> Changes {
        if let revision { try checkRevision(revision) }
        let top = try String(decoding: git(["rev-parse", "--show-toplevel"], in: directory), as: UTF8.self)
            .trimmingCharacters(in: .newlines)
        var names: [String] = []
        var changes = Changes()
        if staged {
            names += try rawDiff(git(["diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames", "--diff-filter=ACMRT", "--"], in: top))
                .filter(\.isRegularFile).map(\.path)
            // Tracked files whose working-tree copy is not what the index holds: the commit holds the index's.
            let unstaged = try rawDiff(git(["diff", "--raw", "-z", "--no-abbrev", "--no-renames", "--"], in: top))
                .filter { $0.path.hasSuffix(".swift") && $0.sourceIsRegularFile }
            let blobs = try readBlobs(unstaged.map(\.sourceObject), in: top)
            for (change, blob) in zip(unstaged, blobs) {
                guard let text = String(validating: blob, as: UTF8.self) else {
                    throw UsageError("\(top)/\(change.path): error: the staged content is not UTF-8 text")
                }
                changes.stagedTexts[top + "/" + change.path] = text
            }
        }
        if let revision {
            let commit = try String(decoding: git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: top), as: UTF8.self)
                .trimmingCharacters(in: .newlines)
            names += try lines(git(["diff", "--name-only", "--no-renames", "--diff-filter=ACMRT", "-z", "--end-of-options", commit, "--"], in: top))
            names += try lines(git(["ls-files", "--others", "--exclude-standard", "-z", "--"], in: top))
        }
        let paths = Set(names.filter { $0.hasSuffix(".swift") }.map { top + "/" + $0 })
        changes.paths = paths.filter { FileManager.default.fileExists(atPath: $0) || changes.stagedTexts[$0] != nil }.sorted()
        return changes
    }

    /// A revision is a name git resolves, never one of its options: `--changed-since=--output=FILE` would have git
    /// write FILE.
    static func checkRevision(_ revision: String) throws {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw UsageError("error: --changed-since takes a git revision (a branch, a tag, a commit), not '\(revision)'")
        }
    }

    /// One line of `git diff --raw -z`: `:srcmode dstmode srcobject dstobject status`, then the path.
    struct RawChange {
        let sourceMode: String
        let destinationMode: String
        let sourceObject: String
        let path: String

        var isRegularFile: Bool { destinationMode == "100644" || destinationMode == "100755" }
        var sourceIsRegularFile: Bool { sourceMode == "100644" || sourceMode == "100755" }
    }

    static func rawDiff(_ output: [UInt8]) -> [RawChange] {
        let fields = output.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var changes: [RawChange] = []
        var position = 0
        while position + 1 < fields.count, fields[position].hasPrefix(":") {
            let header = fields[position].dropFirst().split(separator: " ")
            if header.count >= 5 {
                changes.append(RawChange(sourceMode: String(header[0]), destinationMode: String(header[1]), sourceObject: String(header[2]), path: fields[position + 1]))
            }
            position += 2
        }
        return changes
    }

    /// The objects' bytes, in order, from one `git cat-file --batch`.
    static func readBlobs(_ objects: [String], in directory: String) throws -> [[UInt8]] {
        guard !objects.isEmpty else { return [] }
        let output = try git(["cat-file", "--batch"], in: directory, input: objects.map { $0 + "\n" }.joined())
        var blobs: [[UInt8]] = []
        var position = 0
        for object in objects {
            guard let newline = output[position...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = String(decoding: output[position..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, header[0] == object, let size = Int(header[2]), newline + 1 + size <= output.count else {
                throw UsageError("error: git cat-file could not read the staged object \(object)")
            }
            blobs.append(Array(output[(newline + 1)..<(newline + 1 + size)]))
            position = newline + 1 + size + 1
        }
        guard blobs.count == objects.count else { throw UsageError("error: git cat-file gave \(blobs.count) of \(objects.count) staged objects") }
        return blobs
    }

    private static func lines(_ output: [UInt8]) -> [String] {
        output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func git(_ arguments: [String], in directory: String, input: String? = nil) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        do { try process.run() } catch { throw UsageError("error: cannot run git: \(error.localizedDescription)") }
        // Standard input fed and standard error drained on other threads: git writes while it reads, and a full
        // pipe either way would stall both.
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
            try? stdin.fileHandleForWriting.close()
        }
        let problem = Drained()
        DispatchQueue.global().async(group: group) { problem.data = err.fileHandleForReading.readDataToEndOfFile() }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: problem.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if arguments.first == "rev-parse", arguments.contains("--verify") {
                throw UsageError("error: git knows no revision '\(arguments[arguments.count - 1].dropLast(9))'")
            }
            throw UsageError("error: git \(arguments.first ?? "") failed: \(message)")
        }
        return Array(data)
    }
}

/// What a pipe gave, set by the one thread that drains it before the reader waits for that thread.
private final class Drained: @unchecked Sendable {
    var data = Data()
}
