#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A Swift file to lint: where it is and how to name it in output.
public struct DiscoveredFile: Sendable, Equatable {
    public let absolutePath: String
    /// Relative to the working directory when below it, else absolute.
    public let displayPath: String
}

/// Expands paths into a sorted list of Swift files: folders are walked (hidden entries and Xcode template
/// bundles skipped, symlinked folders followed once), `excluded` globs are dropped.
struct FileDiscovery {
    let configuration: Configuration
    let workingDirectory: String
    /// Threads reading folders: listing thousands of folders is mostly waiting on the kernel.
    var jobs = 1

    /// The absolute files and folders a run over `paths` covers: the paths, or the configuration's `included`.
    func roots(of paths: [String]) -> [String] {
        paths.isEmpty
            ? configuration.included.map { absolute($0, from: configuration.rootDirectory) }
            : paths.map { absolute($0, from: workingDirectory) }
    }

    /// Whether the file shown as `displayPath` lies in one of `roots`.
    func isCovered(_ displayPath: String, by roots: [String]) -> Bool {
        let path = absolute(displayPath, from: workingDirectory)
        return roots.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    func swiftFiles(paths: [String]) throws(UsageError) -> [DiscoveredFile] {
        let roots = roots(of: paths)
        var found: [String] = []
        var folders: [String] = []
        for root in roots {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
                throw UsageError("error: no such file or directory: \(display(root))")
            }
            if isDirectory.boolValue {
                folders.append(root)
            } else if root.hasSuffix(".swift") {
                found.append(root)
            } else {
                throw UsageError("error: not a Swift file: \(display(root))")
            }
        }
        found += walk(folders)
        var previous: String?
        return found.sorted().filter { path in
            defer { previous = path }
            return path != previous && !isExcluded(path)
        }.map { DiscoveredFile(absolutePath: $0, displayPath: display($0)) }
    }

    /// Every Swift file below the project root, relative to it, excluded ones included: test files live
    /// outside the linted paths as often as not.
    func allSwiftFileNames() -> [String] {
        walk([configuration.rootDirectory]).compactMap { relativePath($0, to: configuration.rootDirectory) }.sorted()
    }

    /// Whether a Sourcery configuration sits at the project root or in a folder on the way to a linted path.
    func findsSourceryConfiguration(paths: [String]) -> Bool {
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
        return Set(folders).contains { folder in
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return entries.contains(where: Self.isSourceryConfiguration)
        }
    }

    /// `.sourcery.yml`, `sourcery.yaml`, `.sourcery-mocks.yml`: Sourcery's default name or a variant of it.
    static func isSourceryConfiguration(_ name: String) -> Bool {
        let base = name.hasPrefix(".") ? name.dropFirst() : Substring(name)
        return base.hasPrefix("sourcery") && (base.hasSuffix(".yml") || base.hasSuffix(".yaml"))
    }

    func isExcluded(_ path: String) -> Bool {
        let relative = relativePath(path, to: configuration.rootDirectory) ?? path
        return configuration.excluded.contains { Glob.matches($0, relative) }
    }

    /// The Swift files below `folders`, read a level at a time on `jobs` threads. A folder is walked once
    /// however many links lead to it: it is known by device and inode, which one `stat` gives, where
    /// resolving every folder's real path cost more than reading the files. Folders are taken in path
    /// order, so the link a file is reached by never depends on timing.
    private func walk(_ folders: [String]) -> [String] {
        struct Listing {
            var identity = ""
            var files: [String] = []
            var folders: [String] = []
        }
        var found: [String] = []
        var visited = Set<String>()
        var level = folders.sorted()
        while !level.isEmpty {
            let listings = ParallelMap.map(level, jobs: jobs) { directory -> Listing? in
                var info = stat()
                guard stat(directory, &info) == 0 else { return nil }
                var listing = Listing(identity: "\(info.st_dev):\(info.st_ino)")
                for (entry, kind) in Self.entries(of: directory) where !entry.hasPrefix(".") {
                    let path = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
                    var isDirectory = kind == .directory
                    if kind == .other {
                        // A link or an entry the folder listing does not type: ask `stat`, which follows links.
                        guard stat(path, &info) == 0 else { continue }
                        isDirectory = info.st_mode & S_IFMT == S_IFDIR
                    }
                    if isDirectory {
                        // `*.xctemplate` bundles hold Xcode's file templates: placeholders, not code.
                        if !entry.hasSuffix(".xctemplate") { listing.folders.append(path) }
                    } else if entry.hasSuffix(".swift") {
                        listing.files.append(path)
                    }
                }
                return listing
            }
            level = []
            for case let listing? in listings where visited.insert(listing.identity).inserted {
                found += listing.files
                level += listing.folders
            }
            level.sort()
        }
        return found
    }

    private enum EntryKind { case file, directory, other }

    /// A folder's entries with the type `readdir` reports: no `stat` per regular file.
    private static func entries(of directory: String) -> [(String, EntryKind)] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var entries: [(String, EntryKind)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
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

    private func display(_ path: String) -> String {
        relativePath(path, to: workingDirectory) ?? path
    }
}

func relativePath(_ path: String, to base: String) -> String? {
    let prefix = base.hasSuffix("/") ? base : base + "/"
    if path == base { return "." }
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
        return match(Array(pattern.utf8)[...], Array(path.utf8)[...])
            || match(Array((pattern + "/**").utf8)[...], Array(path.utf8)[...])
    }

    private static func match(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let head = pattern.first else { return text.isEmpty }
        let star = UInt8(ascii: "*")
        let slash = UInt8(ascii: "/")
        if head == star {
            let rest = pattern.dropFirst()
            if rest.first == star {
                var afterGlobstar = rest.dropFirst()
                if afterGlobstar.first == slash {
                    afterGlobstar = afterGlobstar.dropFirst()
                    if match(afterGlobstar, text) { return true }
                }
                for index in text.indices where match(afterGlobstar, text[index...]) || (text[index] == slash && match(afterGlobstar, text[(index + 1)...])) {
                    return true
                }
                return match(afterGlobstar, text[text.endIndex...])
            }
            var index = text.startIndex
            while true {
                if match(rest, text[index...]) { return true }
                guard index < text.endIndex, text[index] != slash else { return false }
                index += 1
            }
        }
        guard let first = text.first else { return false }
        if head == UInt8(ascii: "?") ? first != slash : head == first {
            return match(pattern.dropFirst(), text.dropFirst())
        }
        return false
    }
}
