import Foundation

/// The search `rib_test_presence` needs: the names of every Swift file of the project, tests included.
extension FileDiscovery {
    /// Every Swift file of the project around `paths`, relative to its root, excluded ones included: test files
    /// live outside the linted paths as often as not. The root is the configuration's folder when it lies in the
    /// repository holding the path (an app's folder of a monorepo keeps to its own tests); else that repository:
    /// a configuration shared from a folder above several repositories, or from outside them, must not find one
    /// repository's tests in another, nor miss a repository's own. A run over paths of several repositories
    /// searches each of them (a RIB may then take a test of its name from another: a miss, never a false alarm).
    /// `walked`: the files `discover` found under `roots` this run, which answer for a root it walked whole;
    /// `holdsDisplayPaths` says the names are then every walked file's display path.
    func allSwiftFileNames(
        paths: [String], walked: (roots: [String], files: [DiscoveredFile])? = nil
    ) -> (names: [String], holdsDisplayPaths: Bool) {
        let searched = searchedFolders(paths: paths)
        // The project's own folder, walked with nothing excluded: its files are all there are. By bytes, as paths are.
        func isWalked(_ root: String) -> Bool {
            walked.map { $0.roots.map(PathKey.init) == [PathKey(root)] } == true && configuration.excluded.isEmpty
        }
        // In path order by bytes, as the walk gives them.
        if searched.count == 1, let root = searched.first, let walked, isWalked(root), PathKey(base) == PathKey(root), root != "/" {
            return (walked.files.map(\.displayPath), true)
        }
        let names = searched.sorted().flatMap { root in
            if let walked, isWalked(root) { return walked.files.compactMap { relativePath($0.absolutePath, to: root) } }
            return walk([root], stampingFiles: false).files.compactMap { relativePath($0.path, to: root) }
        }
        return (names.sorted { PathKey($0) < PathKey($1) }, false)
    }

    /// The folders `allSwiftFileNames` searches for a run over `paths`.
    private func searchedFolders(paths: [String]) -> Set<String> {
        let folder = configuration.rootDirectory
        var searched = Set<String>()
        for path in roots(of: paths) {
            var isFolder: ObjCBool = false
            let around = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue ? path : parentFolder(of: path)
            let repository = repositoryRoot(around: around)
            searched.insert(repository.map { relativePath(folder, to: $0) == nil ? $0 : folder } ?? folder)
        }
        if searched.isEmpty { searched.insert(folder) }
        return searched
    }

    /// The names `allSwiftFileNames` gives of the Swift files below `paths` alone, in the same order: what the facts
    /// of those paths hold (`ribslint facts`), so that the names of a project's facts together are its own.
    func swiftFileNames(under paths: [String]) -> [String] {
        let searched = searchedFolders(paths: paths)
        var names: [String] = []
        for root in roots(of: paths) {
            // The innermost searched folder holding it: names are relative to that.
            guard let folder = searched.filter({ Self.path(root, liesIn: $0) }).max(by: { $0.count < $1.count }) else { continue }
            var isFolder: ObjCBool = false
            let found = FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) && isFolder.boolValue
                ? walk([root], stampingFiles: false).files.map(\.path) : (root.hasSuffix(".swift") ? [root] : [])
            names += found.compactMap { relativePath($0, to: folder) }
        }
        return Set(names).sorted { PathKey($0) < PathKey($1) }
    }
}
