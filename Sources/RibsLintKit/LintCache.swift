import Foundation

/// Per-file results from an earlier run, keyed by the file's bytes: a restored cache in a fresh CI
/// checkout hits, whatever the files' dates. The whole cache belongs to one tool version and one
/// effective configuration; any other cache, or one that does not decode, is ignored and rewritten.
public struct LintCache: Sendable {
    struct Entry: Sendable {
        let contentHash: String
        let findings: [Finding]
        let facts: FileFacts
        let lineCount: Int
        let syntaxNote: String?
    }

    /// Bumped whenever the binary layout changes.
    static let format = "ribslint-cache-2"

    public let path: String
    let toolVersion: String
    let configurationKey: String
    let entries: [String: Entry]

    /// Loads the cache at `path` if it was written by this tool version for this configuration.
    public init(path: String, toolVersion: String = ribslintVersion, configurationKey: String) {
        self.path = path
        self.toolVersion = toolVersion
        self.configurationKey = configurationKey
        guard let data = FileManager.default.contents(atPath: path),
            let entries = try? Self.decode(data, toolVersion: toolVersion, configurationKey: configurationKey)
        else {
            entries = [:]
            return
        }
        self.entries = entries
    }

    private static func decode(
        _ data: Data, toolVersion: String, configurationKey: String
    ) throws(CacheReader.Malformed) -> [String: Entry] {
        var reader = CacheReader(data)
        guard try reader.string() == format, try reader.string() == toolVersion, try reader.string() == configurationKey
        else { throw CacheReader.Malformed() }
        let count = try reader.int()
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(max(0, count))
        for _ in 0..<max(0, count) {
            let path = try reader.string()
            entries[path] = try Entry(from: &reader)
        }
        guard reader.isAtEnd else { throw CacheReader.Malformed() }
        return entries
    }

    func entry(for path: String, contentHash: String) -> Entry? {
        guard let entry = entries[path], entry.contentHash == contentHash else { return nil }
        return entry
    }

    /// Writes the entries of this run (files no longer linted drop out), in path order.
    func save(_ fresh: [String: Entry]) throws {
        var writer = CacheWriter()
        writer.write(Self.format)
        writer.write(toolVersion)
        writer.write(configurationKey)
        writer.write(fresh.count)
        for (path, entry) in fresh.sorted(by: { $0.key < $1.key }) {
            writer.write(path)
            entry.write(to: &writer)
        }
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(writer.bytes).write(to: url, options: .atomic)
    }

    /// `$XDG_CACHE_HOME/ribslint` (or `~/.cache/ribslint`), one file per project root.
    public static func defaultPath(rootDirectory: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("ribslint").appendingPathComponent(stableHash(rootDirectory) + ".cache").path
    }
}
