extension Linter {
    /// What the file pass gives for one file: its findings, its facts for the project pass, its declarations and
    /// the questions it asked about the project's types, from the cache or linted afresh.
    struct FileOutcome: Sendable {
        /// Decoded when reported: a listed run reports its own files' only.
        var storedFindings = StoredFindings.decoded([])
        /// Cached findings that do not decode give none (the checksum makes that a bug of ours).
        var findings: [Finding] { storedFindings.decoded ?? [] }
        var contribution = StoredContribution.decoded(FileContribution(path: ""))
        /// How its facts link to other files' (`FactLinks`); nil when they may bear on any file. A file with no
        /// facts (unreadable, or under rules that take none) links to nothing; the file pass and the cache set it
        /// from the facts.
        var links: LinkHashes? = LinkHashes()
        /// What the file declares, for the project's type index, and what it looked up there.
        var types = StoredTypes.decoded([], [:])
        var declarations: [DeclaredType] { types.declarations }
        var lookups: [String: String] { types.lookups }
        var lineCount = 0
        var unreadable: String?
        var syntaxNote: String?
        var contentHash: String?
        var stamp: FileStamp?
        /// The result came from the cache: by a stamp it trusts (`stampTrusted`, the file unread) or by the
        /// bytes' hash.
        var fromCache = false
        var stampTrusted = false
        /// Something the cache should record: a fresh result, or a stamp that changed or can now be trusted.
        var isNews = true
        /// Linted afresh with the declarations read ahead of every file of the run, which each file's parse
        /// confirmed: its answers about the project's types are the whole project's, but those about helper methods
        /// (`TypeIndex.Question.helperMethod`), which a scan does not read. Never cached.
        var answeredAhead = false
    }
}
