import Foundation

/// Per-file results from an earlier run, keyed by the file's bytes: a restored cache in a fresh CI
/// checkout hits, whatever the files' dates. The whole cache belongs to one tool version and one
/// effective configuration; any other cache, or one that does not decode, is ignored and rewritten.
public struct LintCache: Sendable {
    struct Entry: Codable, Sendable {
        let contentHash: String
        let findings: [Finding]
        let facts: FileFacts
        let lineCount: Int
        let syntaxNote: String?
    }

    struct Store: Codable {
        static let format = 1
        let format: Int
        let toolVersion: String
        let configurationKey: String
        var entries: [String: Entry]
    }

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
            let store = try? JSONDecoder().decode(Store.self, from: data),
            store.format == Store.format, store.toolVersion == toolVersion, store.configurationKey == configurationKey
        else {
            entries = [:]
            return
        }
        entries = store.entries
    }

    func entry(for path: String, contentHash: String) -> Entry? {
        guard let entry = entries[path], entry.contentHash == contentHash else { return nil }
        return entry
    }

    /// Writes the entries of this run (files no longer linted drop out).
    func save(_ fresh: [String: Entry]) throws {
        let store = Store(
            format: Store.format, toolVersion: toolVersion, configurationKey: configurationKey, entries: fresh)
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(store).write(to: url, options: .atomic)
    }

    /// `$XDG_CACHE_HOME/ribslint` (or `~/.cache/ribslint`), one file per project root.
    public static func defaultPath(rootDirectory: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("ribslint").appendingPathComponent(stableHash(rootDirectory) + ".json").path
    }
}

/// FNV-1a over raw bytes, for file contents.
func stableHash(_ data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    data.withUnsafeBytes { buffer in
        for byte in buffer {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
    }
    return String(hash, radix: 16) + ":" + String(data.count)
}
