#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Which configuration and rules govern each file of a run: nested `.ribslint.yml` files honoured.
extension Linter {
    /// Each file's configuration and rules: which `Linter` lints it.
    struct Scoping {
        /// The files left once nested configurations' `excluded` are applied.
        var files: [DiscoveredFile] = []
        var linters: [Linter] = []
        /// `linters[scopeOfFile[i]]` lints `files[i]`.
        var scopeOfFile: [Int] = []
        /// What the cache must have been recorded under: every distinct configuration and the files it governs.
        var key = ""
        var notes: [String] = []

        func linter(_ position: Int) -> Linter { linters[scopeOfFile[position]] }
    }

    /// Finds the configuration of every file (see `ConfigurationScopes`).
    /// `listings`: the folders the run listed, which say where a `.ribslint.yml` is without asking the file system.
    func scoping(of files: [DiscoveredFile], listings: FolderMemory? = nil) throws(UsageError) -> Scoping {
        guard let scopes else { return Scoping(files: files, linters: [self], scopeOfFile: files.map { _ in 0 }) }
        // Each file's chain, on the threads, in shares of files in path order; then each distinct chain's linter,
        // made in the order the files first need it, as one pass over the files would.
        let chains = ParallelMap.shares(files.count, jobs: jobs, each: { ChainScan() }) { scan, position in
            scan.chain(ofFileAt: files[position].absolutePath, scopes: scopes, listings: listings)
        }
        var scoping = Scoping()
        var loaded: [String: Configuration] = [:]
        var scopeOfChain: [[String]: Int] = [:]
        var unconfigured: [String] = []
        /// The previous file's chain, the linter of that chain, and whether it drops files by nested `excluded`.
        var previous: (chain: [String], scope: Int, excludes: Bool)?
        var kept: [Int] = []
        kept.reserveCapacity(files.count)
        scoping.scopeOfFile.reserveCapacity(files.count)
        for position in files.indices {
            let chain = chains[position]
            if previous.map({ $0.chain != chain }) ?? true {
                let scope: Int
                if let known = scopeOfChain[chain] {
                    scope = known
                } else {
                    let configuration = try scopes.configuration(of: chain, loaded: &loaded)
                    let ruleSet = try RuleSet(configuration: configuration, catalog: scopes.catalog, onlyRules: scopes.onlyRules)
                    scope = scoping.linters.count
                    scopeOfChain[chain] = scope
                    var linter = Linter(configuration: configuration, ruleSet: ruleSet, jobs: jobs)
                    linter.overlay = overlay
                    linter.lintsGivenTextsAfresh = lintsGivenTextsAfresh
                    linter.parseBudget = parseBudget
                    scoping.linters.append(linter)
                }
                previous = (chain, scope, !scoping.linters[scope].configuration.nestedExclusions.isEmpty)
            }
            guard let previous else { continue }
            if previous.excludes, scoping.linters[previous.scope].configuration.nestedExclusionDrops(files[position].absolutePath) { continue }
            if previous.chain.isEmpty, scopes.base == nil { unconfigured.append(files[position].displayPath) }
            kept.append(position)
            scoping.scopeOfFile.append(previous.scope)
        }
        scoping.files = kept.count == files.count ? files : kept.map { files[$0] }
        // Project rules of one profile read the facts of every file of that profile, whichever folder's rules
        // are on for it.
        var factKinds: [String: [any FileFacts.Type]] = [:]
        for linter in scoping.linters {
            for kind in linter.ruleSet.factKinds where !factKinds[linter.ruleSet.profile.name, default: []].contains(where: { $0.id == kind.id }) {
                factKinds[linter.ruleSet.profile.name, default: []].append(kind)
            }
        }
        for position in scoping.linters.indices {
            scoping.linters[position].ruleSet.factKinds = factKinds[scoping.linters[position].ruleSet.profile.name] ?? []
        }
        // Every configuration in force, by the files it is made of: a file added or removed changes no other
        // file's results unless it brings a configuration of its own.
        var hasher = StableHasher()
        for (chain, scope) in scopeOfChain.sorted(by: { $0.key.joined(separator: "\n") < $1.key.joined(separator: "\n") }) {
            hasher.combine(chain.joined(separator: "\n"))
            hasher.combine(LintCache.key(for: scoping.linters[scope]))
        }
        scoping.key = hasher.value
        if let first = unconfigured.first {
            scoping.notes.append(
                "note: no \(Configuration.fileName) governs \(first)\(unconfigured.count > 1 ? " and \(unconfigured.count - 1) more file(s)" : ""); "
                    + "the defaults apply (profile \(scopes.profile ?? Configuration(rootDirectory: "/").profile))")
        }
        return scoping
    }

}

/// Whether `path` names an entry of `folder` itself (not of a folder below it), by bytes: as `parentFolder(of:)`
/// would say when the bytes around the last `/` are ASCII, else by asking it.
func isDirectly(_ path: String, in folder: String) -> Bool {
    let slash = UInt8(ascii: "/")
    let answer = path.utf8.withContiguousStorageIfAvailable { bytes in
        folder.utf8.withContiguousStorageIfAvailable { prefix -> Bool? in
            guard bytes.count > prefix.count + 1, prefix.count > 0, memcmp(bytes.baseAddress!, prefix.baseAddress!, prefix.count) == 0 else { return false }
            // Where the file's name starts, after the folder's own `/` (the root's is its only byte).
            let start = prefix.count == 1 && prefix[0] == slash ? 1 : prefix.count + 1
            guard start == 1 || bytes[prefix.count] == slash else { return false }
            guard memchr(bytes.baseAddress! + start, Int32(slash), bytes.count - start) == nil else { return false }
            // The bytes beside that `/`: ASCII, or a Character might straddle it.
            guard bytes[start] < 0x80, bytes[start - 2 < 0 ? 0 : start - 2] < 0x80 || start == 1 else { return nil }
            return true
        }
    }
    return answer.flatMap { $0 }.flatMap { $0 } ?? (parentFolder(of: path) == folder)
}

/// One share of `Linter.scoping`'s files, in path order (a folder's files together): the previous file's folder
/// is asked first, by its bytes, and a folder the run listed without a `.ribslint.yml` takes its parent's chain (see
/// `ConfigurationScopes.chain`), so its siblings look nothing up.
fileprivate final class ChainScan {
    private var folder: String?
    private var chain: [String] = []
    /// The folder's parent, when the folder has its parent's chain.
    private var parent: (folder: String, chain: [String])?
    private var memo: [PathKey: [String]] = [:]

    func chain(ofFileAt path: String, scopes: ConfigurationScopes, listings: FolderMemory?) -> [String] {
        if let folder, isDirectly(path, in: folder) { return chain }
        let folder = parentFolder(of: path)
        // Configuration texts given in place of files: what a folder lists says nothing of them.
        let listings = scopes.texts == nil ? listings : nil
        let parentOfFolder = listings?.hasConfiguration(folder) == false ? parentFolder(of: folder) : nil
        if let parentOfFolder, let parent, PathKey(parent.folder) == PathKey(parentOfFolder) {
            chain = parent.chain
        } else {
            chain = scopes.chain(of: folder, memo: &memo, listed: { listings?.hasConfiguration($0) })
            parent = parentOfFolder.map { ($0, chain) }
        }
        self.folder = folder
        return chain
    }
}
