#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Which configuration governs each file, as SwiftLint's nested configurations work: every
/// `.ribslint.yml` in the folders above a file applies to it, the nearer on top of the farther, so a
/// folder can switch to another profile (a RIBs app with a VIPER module). They are found from the file's
/// own location, whatever the working directory: a folder linted from elsewhere, single files a
/// pre-commit hook passes from the repository root, and `--stdin-path` all get the same configuration.
public struct ConfigurationScopes: Sendable {
    public let catalog: Catalog
    /// Rule ids from the command line: they replace the choice of every configuration.
    public let onlyRules: [String]
    /// A configuration given with `--config`: it is the base of every file, and only folders below its own
    /// add nested ones. Without it, every `.ribslint.yml` above a file counts.
    public let base: Configuration?
    /// A profile from the command line: every file is linted under it, whatever the configuration files say
    /// (their rule settings still apply).
    public let profile: String?
    /// The configuration files' texts by absolute path, in place of the file system's (`ribslint facts
    /// --facts-configuration`): these are then the only configuration files, none other is looked for.
    public let texts: [String: String]?

    public init(catalog: Catalog, onlyRules: [String] = [], base: Configuration? = nil, profile: String? = nil, texts: [String: String]? = nil) {
        self.catalog = catalog
        self.onlyRules = onlyRules
        self.base = base
        self.profile = profile
        self.texts = texts.map { Dictionary($0.map { (standardizedPath($0.key), $0.value) }, uniquingKeysWith: { first, _ in first }) }
    }

    /// Whether a configuration file is at `path`: in `texts` when given, else on the file system.
    func configurationExists(at path: String) -> Bool {
        if let texts { return texts[path] != nil }
        return entryExists(path)
    }

    /// With `texts`: the one nearest above `folder` (the run's own, as `Configuration.find` finds one on disk).
    public func nearestGivenConfiguration(from folder: String) throws(UsageError) -> Configuration? {
        guard let texts else { return nil }
        for above in foldersUp(from: standardizedPath(folder)) {
            let candidate = (above.hasSuffix("/") ? above : above + "/") + Configuration.fileName
            if texts[candidate] != nil { return try loadConfiguration(at: candidate) }
        }
        return nil
    }

    /// The configuration file at `path`, from `texts` when given, else read.
    func loadConfiguration(at path: String) throws(UsageError) -> Configuration {
        guard let text = texts?[path] else { return try Configuration.load(path: path, catalog: catalog) }
        var configuration: Configuration
        do {
            configuration = try Configuration.parse(yaml: text, path: path, catalog: catalog, rootDirectory: parentFolder(of: path))
        } catch {
            // Its place is one in the part of the file the facts configuration holds, not in the file.
            throw UsageError("\(error.message) (in what the facts configuration holds of \(path); write it again from the file)")
        }
        configuration.configPath = path
        return configuration
    }

    /// The configuration files that govern a file in `folder`, outermost first. `listed` says whether a
    /// folder the run listed has a `.ribslint.yml` entry (nil for one it did not list): a folder without one
    /// is not asked of the file system. `memo` holds folders by their bytes: two whose names differ only in their
    /// Unicode normalization are two folders.
    func chain(of folder: String, memo: inout [PathKey: [String]], listed: (String) -> Bool? = { _ in nil }) -> [String] {
        if let known = memo[PathKey(folder)] { return known }
        var chain: [String] = []
        if let base, !(relativePath(folder, to: base.rootDirectory).map { $0 != "." } ?? false) {
            // The base's own folder, or a folder outside it: the base alone.
            chain = []
        } else {
            let parent = parentFolder(of: folder)
            if parent != folder { chain = self.chain(of: parent, memo: &memo, listed: listed) }
            let candidate = (folder.hasSuffix("/") ? folder : folder + "/") + Configuration.fileName
            if base?.configPath != candidate, texts != nil || listed(folder) != false, configurationExists(at: candidate) { chain.append(candidate) }
        }
        memo[PathKey(folder)] = chain
        return chain
    }

    /// The configuration made of `chain`'s files on top of the base (or the defaults).
    func configuration(of chain: [String], loaded: inout [String: Configuration]) throws(UsageError) -> Configuration {
        var merged = base?.withCustomRulesUnderItsProfile() ?? Configuration(rootDirectory: "/")
        for path in chain {
            let nested: Configuration
            if let known = loaded[path] {
                nested = known
            } else {
                nested = try loadConfiguration(at: path)
                loaded[path] = nested
            }
            merged = merged.layered(with: nested, catalog: catalog)
        }
        if let profile {
            var chosen = Configuration(rootDirectory: merged.rootDirectory)
            chosen.profile = profile
            chosen.setKeys = [.profile]
            merged = merged.layered(with: chosen, catalog: catalog)
        }
        return merged
    }
}

extension Configuration {
    /// Checks a configuration file's text as a run under it would: read, then its rules chosen on top of the
    /// configuration files above it on disk (whose custom rules its lists may name and its own entries override).
    /// An editor's buffer of a `.ribslint.yml`.
    public static func check(yaml: String, path: String, catalog: Catalog) throws(UsageError) {
        let folder = parentFolder(of: standardizedPath(path))
        let own = try parse(yaml: yaml, path: path, catalog: catalog, rootDirectory: folder)
        _ = try RuleSet(configuration: try above(folder, catalog: catalog).layered(with: own, catalog: catalog), catalog: catalog)
    }

    /// The configuration files in the folders above `folder`, layered outermost first: the chain of a file there.
    static func above(_ folder: String, catalog: Catalog) throws(UsageError) -> Configuration {
        let parent = parentFolder(of: folder)
        guard parent != folder else { return Configuration(rootDirectory: "/") }
        let scopes = ConfigurationScopes(catalog: catalog)
        var memo: [PathKey: [String]] = [:]
        var loaded: [String: Configuration] = [:]
        return try scopes.configuration(of: scopes.chain(of: parent, memo: &memo), loaded: &loaded)
    }

    /// This configuration with the custom rules of the configuration files above its folder under its own: the run's
    /// configuration found in a module's folder names and overrides the project's rules as each file's chain does.
    public func withCustomRulesAbove(catalog: Catalog) throws(UsageError) -> Configuration {
        let chain = try Self.above(rootDirectory, catalog: catalog).layered(with: self, catalog: catalog)
        var configuration = self
        configuration.customRules = chain.customRules
        configuration.unresolvedRuleIDs = chain.unresolvedRuleIDs
        return configuration
    }
}

/// `path` made absolute against the working directory, without `.` and `..`.
func standardizedPath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
}

/// `folder` and every folder above it, nearest first, up to the filesystem root.
func foldersUp(from folder: String) -> [String] {
    var folders = [folder]
    while let last = folders.last, parentFolder(of: last) != last { folders.append(parentFolder(of: last)) }
    return folders
}

/// The top level of the git repository (or worktree, or submodule) holding `folder`: the nearest folder with
/// a `.git` entry.
public func repositoryRoot(around folder: String) -> String? {
    foldersUp(from: folder).first { access(($0.hasSuffix("/") ? $0 : $0 + "/") + ".git", F_OK) == 0 }
}

func parentFolder(of path: String) -> String {
    // By bytes, as paths almost always allow: a `/` next to a non-ASCII byte might make one Character with a
    // combining mark or a prepended one, and is found by Character.
    // Read in place: the path's own storage, searched from its end.
    let byBytes = path.utf8.withContiguousStorageIfAvailable { bytes -> String? in
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        if (slash + 1 < bytes.count && bytes[slash + 1] >= 0x80) || (slash > 0 && bytes[slash - 1] >= 0x80) { return nil }
        return slash == 0 ? "/" : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self)
    }
    if let parent = byBytes ?? nil { return parent }
    guard let slash = path.lastIndex(of: "/") else { return path }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// Whether anything is named `path`: a file, a folder, a FIFO, a link (even one to nothing). A configuration's
/// name held by anything but a regular file joins the chain, so that loading it stops the run with its path,
/// rather than the folder being linted silently under the configuration above.
func entryExists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
}
