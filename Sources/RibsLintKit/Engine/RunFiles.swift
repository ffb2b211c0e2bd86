/// The first stage of a run, discover: the Swift files to lint, and — when files are listed (a pre-commit
/// hook's staged files) — the whole project around them, since the project rules need every file and the
/// cache answers for the unchanged ones. Only the listed files are reported. The project is the
/// configuration's `included`, else the git repository holding the files.
struct RunFiles {
    let discovery: FileDiscovery
    /// Every file the run reads, in path order, before nested configurations drop any.
    var files: [DiscoveredFile]
    /// The project's files as walked, before nested configurations drop any: the test file names' search may
    /// take them rather than walk again.
    var walked: (roots: [String], files: [DiscoveredFile])
    /// The listed files, when files were listed and the project around them is known; or the project's files in
    /// the folder a run given no paths was started in, below the project's own (`Linter.folder`).
    var focus: Set<PathKey>?
    /// What the run lints: the paths given, or the project's paths around listed files.
    var paths: [String]
    /// Whether Swift files were listed (a pre-commit run), rather than folders or nothing.
    let listsFiles: Bool
    var sourceryConfigurations: [String]
    var problems: [String]

    /// `readsProject`: whether listed files bring the project around them into the run (not for `ribslint facts`,
    /// which reads only what it is given).
    init(paths: [String], discovery: FileDiscovery, folder: String? = nil, readsProject: Bool = true) throws(UsageError) {
        self.discovery = discovery
        let found = try discovery.discover(paths: paths)
        (files, sourceryConfigurations, problems) = (found.files, found.sourceryConfigurations, found.problems)
        walked = (discovery.roots(of: paths), found.files)
        self.paths = paths
        listsFiles = paths.contains { $0.hasSuffix(".swift") }
        if paths.isEmpty, let folder {
            // The whole project is read; only its files in the folder are reported.
            focus = Set(files.lazy.filter { FileDiscovery.path($0.absolutePath, liesIn: folder) }.map { PathKey($0.absolutePath) })
            return
        }
        guard listsFiles, readsProject, let projectPaths = Self.projectPaths(around: files, discovery: discovery) else { return }
        focus = Set(files.map { PathKey($0.absolutePath) })
        let whole = try discovery.discover(paths: projectPaths)
        walked = (discovery.roots(of: projectPaths), whole.files)
        // The project holds the listed files, unless its walk skips them (a template, vendored code).
        let outside = files.filter { Self.position(of: $0.absolutePath, in: whole.files) == nil }
        files = outside.isEmpty ? whole.files : (whole.files + outside).sorted { PathKey($0.absolutePath) < PathKey($1.absolutePath) }
        sourceryConfigurations += whole.sourceryConfigurations
        problems += whole.problems
        self.paths = projectPaths
    }

    /// Whole-project rules need the whole project: listed files without it would make every RIB look incomplete.
    var seesWholeProject: Bool { focus != nil || !listsFiles }

    /// What the project around `files` (those left once nested configurations dropped theirs) holds that
    /// rules read: Sourcery's source roots, from the configurations listed in a walked folder or above the
    /// linted paths, and the package manifests among the files and in the folders above the linted paths.
    func projectFacts(of files: [DiscoveredFile]) -> ProjectFacts {
        discovery.projectFacts(of: files, paths: paths, sourceryConfigurations: sourceryConfigurations)
    }

    /// The positions of the listed files among `files`; nil when the run is not of listed files in their project.
    func listed(in files: [DiscoveredFile]) -> [Int]? {
        focus.map { focus in focus.compactMap { Self.position(of: $0.path, in: files) }.sorted() }
    }

    /// Where the file at `absolutePath` is among `files`, which are in path order (a binary search).
    static func position(of absolutePath: String, in files: [DiscoveredFile]) -> Int? {
        let key = PathKey(absolutePath)
        var (low, high) = (0, files.count)
        while low < high {
            let middle = (low + high) / 2
            if PathKey(files[middle].absolutePath) < key { low = middle + 1 } else { high = middle }
        }
        return low < files.count && PathKey(files[low].absolutePath) == key ? low : nil
    }

    /// The paths that make up the project around listed files: the configuration's `included` when a
    /// configuration file was found, else the git repository holding the first file; nil when neither is known.
    static func projectPaths(around files: [DiscoveredFile], discovery: FileDiscovery) -> [String]? {
        if discovery.configuration.configPath != nil { return discovery.roots(of: []) }
        guard let first = files.first else { return nil }
        return repositoryRoot(around: parentFolder(of: first.absolutePath)).map { [$0] }
    }
}
