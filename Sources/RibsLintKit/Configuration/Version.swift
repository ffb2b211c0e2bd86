import Foundation

/// The one version string of ribslint: `--version`, `ribslint version`, reports, the cache key and the
/// release artifacts all read it. At a release it is CHANGELOG.md's newest release; between releases, the next
/// release as a pre-release (`0.3.0-dev`), so a build of main never passes for the release before it (a test
/// holds them together). Cutting a release sets it to the release and adds its CHANGELOG heading.
public let ribslintVersion = "0.3.0-dev"

/// What the cache knows this build by: the release; for a development build (every build of main between two
/// releases shares its pre-release version) also the size and modification time of the running executable, so
/// that the results of one build of main are never served to another.
public let ribslintBuildIdentity: String = {
    guard Version.current.isPreRelease else { return ribslintVersion }
    guard let executable = Bundle.main.executablePath, let stamp = FileStamp.of(executable) else { return ribslintVersion + "+unknown-build" }
    return ribslintVersion + "+build.\(stamp.size).\(stamp.modified.seconds).\(stamp.modified.nanoseconds)"
}()

/// The swift-syntax release ribslint parses with (Package.swift pins it exactly; a test holds them together).
public let swiftSyntaxVersion = "603.0.1"

/// A release number, `major.minor.patch` (missing parts are zero), or a pre-release of one (`0.3.0-dev`), which
/// comes before its release.
public struct Version: Comparable, Sendable, CustomStringConvertible {
    public let parts: [Int]
    /// What follows the `-` of a pre-release (`dev`); nil for a release.
    public let preRelease: String?

    public var isPreRelease: Bool { preRelease != nil }

    /// The release a pre-release becomes; a release itself.
    public var release: Version { Version(parts: parts, preRelease: nil) }

    private init(parts: [Int], preRelease: String?) {
        self.parts = parts
        self.preRelease = preRelease
    }

    public init?(_ text: some StringProtocol) {
        var numbers = Substring(text)
        var preRelease: String?
        if let dash = text.firstIndex(of: "-") {
            let label = text[text.index(after: dash)...]
            guard !label.isEmpty, label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) else { return nil }
            preRelease = String(label)
            numbers = Substring(text[..<dash])
        }
        self.preRelease = preRelease
        let pieces = numbers.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(pieces.count) else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.count <= 9, piece.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(piece) else { return nil }
            parts.append(number)
        }
        self.parts = parts + Array(repeating: 0, count: 3 - parts.count)
    }

    public static let current = Version(ribslintVersion)!

    public var description: String { parts.map(String.init).joined(separator: ".") + (preRelease.map { "-" + $0 } ?? "") }

    /// SemVer's order of pre-release labels: dot-separated identifiers, numbers by value and before words.
    private static func precedes(_ left: String, _ right: String) -> Bool {
        let lefts = left.split(separator: "."), rights = right.split(separator: ".")
        for (a, b) in zip(lefts, rights) where a != b {
            switch (Int(a), Int(b)) {
            case (let x?, let y?): return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return a < b
            }
        }
        return lefts.count < rights.count
    }

    public static func < (lhs: Version, rhs: Version) -> Bool {
        if lhs.parts != rhs.parts { return lhs.parts.lexicographicallyPrecedes(rhs.parts) }
        switch (lhs.preRelease, rhs.preRelease) {
        case (let left?, let right?): return Self.precedes(left, right)
        case (_?, nil): return true
        default: return false
        }
    }
}

/// `ribslint_version:` in `.ribslint.yml`: the releases a project accepts. Comparators separated by commas or
/// spaces, all of which must hold: `0.2.0` (that release), `0.2` (any 0.2.x), `>=0.2.0 <0.3`, `~> 0.2.1`
/// (CocoaPods' and Bundler's "at least 0.2.1, below 0.3"), `~> 0.2` (at least 0.2, below 1.0). A development
/// build is judged as the release it leads to: `0.3.0-dev` meets `0.3` and `>= 0.3.0`, not `~> 0.2.1` nor `< 0.3`;
/// a clause naming a pre-release compares with it as it is (`<= 0.3.0-dev`, `0.3.0-dev` itself).
public struct VersionRequirement: Sendable, CustomStringConvertible {
    enum Comparator: String, CaseIterable {
        // Longest first, so that `>=` is not read as `>`.
        case atLeast = ">=", atMost = "<=", compatible = "~>", exactly = "==", above = ">", below = "<", equal = "="
    }

    struct Clause {
        let comparator: Comparator?
        let version: Version
        /// How many parts the version was written with: `0.2` accepts every 0.2.x.
        let written: Int

        func accepts(_ given: Version) -> Bool {
            // A development build is judged as the release it leads to, unless the clause names a pre-release.
            let candidate = version.isPreRelease ? given : given.release
            switch comparator {
            case nil, .equal, .exactly:
                return Array(candidate.parts.prefix(written)) == Array(version.parts.prefix(written))
                    && (!version.isPreRelease || candidate.preRelease == version.preRelease)
            case .atLeast: return candidate >= version
            case .atMost: return candidate <= version
            case .above: return candidate > version
            case .below: return candidate < version
            case .compatible:
                // Below the next release of the part before the last one written.
                let kept = max(written - 1, 1)
                var ceiling = Array(version.parts.prefix(kept))
                ceiling[kept - 1] += 1
                return candidate >= version && candidate.parts.lexicographicallyPrecedes(ceiling + Array(repeating: 0, count: 3 - kept))
            }
        }
    }

    let clauses: [Clause]
    public let description: String

    /// Throws, saying what is accepted, when the text is not a requirement.
    public init(_ text: String) throws(UsageError) {
        var clauses: [Clause] = []
        var pending: Comparator?
        for token in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }) {
            var rest = Substring(token)
            var comparator: Comparator?
            if let found = Comparator.allCases.first(where: { rest.hasPrefix($0.rawValue) }) {
                comparator = found
                rest = rest.dropFirst(found.rawValue.count)
            }
            if rest.isEmpty {
                // `>= 0.2`: the comparator stands alone and the version follows.
                guard comparator != nil, pending == nil else { throw Self.problem(text) }
                pending = comparator
                continue
            }
            if let waiting = pending {
                guard comparator == nil else { throw Self.problem(text) }
                comparator = waiting
                pending = nil
            }
            guard let version = Version(rest) else { throw Self.problem(text) }
            clauses.append(Clause(comparator: comparator, version: version, written: rest.split(separator: ".").count))
        }
        guard !clauses.isEmpty, pending == nil else { throw Self.problem(text) }
        self.clauses = clauses
        description = text
    }

    public func accepts(_ version: Version) -> Bool { clauses.allSatisfy { $0.accepts(version) } }

    private static func problem(_ text: String) -> UsageError {
        UsageError("'\(text)' is not a version requirement; write a release (0.2.0), a series (0.2), "
            + "comparators (>=0.2.0 <0.3) or ~> 0.2.0")
    }
}
