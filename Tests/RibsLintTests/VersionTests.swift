import Foundation
import RibsLintKit
import Testing

/// One version string, and a project that pins the release it accepts.
@Suite("Versions")
struct VersionTests {
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("--version prints the version; `ribslint version` adds the swift-syntax release")
    func commands() throws {
        let folder = try makeProject([:])
        let short = try runRibslint(["--version"], in: folder)
        #expect(short.status == 0)
        #expect(short.stdout == "\(ribslintVersion)\n")
        let long = try runRibslint(["version"], in: folder)
        #expect(long.status == 0)
        #expect(long.stdout == "ribslint \(ribslintVersion)\nswift-syntax \(swiftSyntaxVersion)\n")
    }

    @Test("the version is CHANGELOG.md's newest release, or between releases the next one's pre-release; swift-syntax's is the one Package.swift pins")
    func oneVersion() throws {
        let changelog = try String(contentsOf: packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let newest = try #require(releases.first.flatMap { Version($0.dropFirst(4).prefix { $0 != "]" }) }, "\(String(describing: releases.first))")
        if Version.current.isPreRelease {
            // A build of main: past the newest release, which it must not pass for, with unreleased changes listed.
            #expect(Version.current.release > newest, "\(ribslintVersion) after \(newest)")
            #expect(changelog.contains("## [Unreleased]"))
            #expect(RuleDocumentation.defaultBaseURL.hasSuffix("/blob/main/Docs/rules/"))
            #expect(ribslintBuildIdentity.hasPrefix(ribslintVersion + "+build."), "\(ribslintBuildIdentity)")
        } else {
            #expect(Version.current == newest, "newest release in CHANGELOG.md: \(newest)")
            #expect(RuleDocumentation.defaultBaseURL.hasSuffix("/blob/v\(ribslintVersion)/Docs/rules/"))
            #expect(ribslintBuildIdentity == ribslintVersion)
        }
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("swift-syntax\", exact: \"\(swiftSyntaxVersion)\""))
        // The README's minimum Swift is the manifest's tools version.
        let tools = try #require(manifest.split(separator: "\n").first?.split(separator: ":").last)
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("with Swift \(tools) or later (the package's `swift-tools-version`"), "tools \(tools)")
    }

    @Test("requirements: a release, a series, comparators, ~>; all clauses must hold")
    func requirements() throws {
        func accepts(_ requirement: String, _ version: String) throws -> Bool {
            try VersionRequirement(requirement).accepts(#require(Version(version)))
        }
        #expect(try accepts("0.2.0", "0.2.0"))
        #expect(try !accepts("0.2.0", "0.2.1"))
        #expect(try accepts("0.2", "0.2.7"))
        #expect(try !accepts("0.2", "0.3.0"))
        #expect(try accepts(">=0.2.0 <0.3", "0.2.9"))
        #expect(try !accepts(">=0.2.0, <0.3", "0.3.0"))
        #expect(try accepts(">= 0.2", "1.4.0"))
        #expect(try !accepts("> 0.2.0", "0.2.0"))
        #expect(try accepts("<= 0.2.0", "0.2.0"))
        #expect(try accepts("~> 0.2.1", "0.2.5"))
        #expect(try !accepts("~> 0.2.1", "0.3.0"))
        #expect(try !accepts("~> 0.2.1", "0.2.0"))
        #expect(try accepts("~> 0.2", "0.9.0"))
        #expect(try !accepts("~> 0.2", "1.0.0"))
        #expect(try accepts("~> 1", "1.9.9"))
        #expect(try !accepts("~> 1", "2.0.0"))
        #expect(try accepts("==1.0", "1.0.0"))
        // A development build is judged as the release it leads to.
        #expect(try accepts("0.3", "0.3.0-dev"))
        #expect(try accepts(">= 0.3.0", "0.3.0-dev"))
        #expect(try accepts(">= 0.2", "0.3.0-dev"))
        #expect(try !accepts("~> 0.2.1", "0.3.0-dev"))
        #expect(try !accepts("< 0.3", "0.3.0-dev"))
        #expect(try !accepts("0.2", "0.3.0-dev"))
        #expect(try accepts(">= 0.3.0-dev", "0.3.0"))
        // A clause that names a pre-release compares with it as it is.
        #expect(try accepts("<= 0.3.0-dev", "0.3.0-dev"))
        #expect(try accepts("0.3.0-dev", "0.3.0-dev"))
        #expect(try !accepts("0.3.0-dev", "0.3.0"))
        #expect(try !accepts("0.3.0-dev", "0.3.0-alpha"))
        #expect(try accepts(">= 0.3.0-rc.2", "0.3.0-rc.10"))
        // It sorts before its release and after the one before.
        #expect(try #require(Version("0.3.0-dev")) < #require(Version("0.3.0")))
        #expect(try #require(Version("0.2.9")) < #require(Version("0.3.0-dev")))
        #expect(try #require(Version("0.3.0-alpha")) < #require(Version("0.3.0-beta")))
        #expect(try #require(Version("0.3.0-rc.2")) < #require(Version("0.3.0-rc.10")))
        #expect(try #require(Version("0.3.0-1")) < #require(Version("0.3.0-alpha")))
        #expect(Version("0.3.0-dev")?.description == "0.3.0-dev" && Version("0.3")?.description == "0.3.0")
        for bad in ["0.3.0-", "0.3.0-dev!", "-dev", "0.3.x-dev"] { #expect(Version(bad) == nil, "\(bad)") }
        for bad in ["", "latest", ">=", "0.2.x", "1.2.3.4", ">= >= 1", "0..1", "-1", "~>", "1.2,>="] {
            #expect(throws: UsageError.self, "'\(bad)'") { try VersionRequirement(bad) }
        }
    }

    @Test("ribslint_version in .ribslint.yml: a match lints; a mismatch or a malformed requirement is exit 2 at its line and column")
    func pinnedInConfiguration() throws {
        let source = "final class A {}\n"
        let matching = try makeProject(["A.swift": source, ".ribslint.yml": "ribslint_version: \"\(ribslintVersion)\"\n"])
        #expect(try runRibslint(["--no-cache"], in: matching).status == 0)

        let newer = try makeProject(["A.swift": source, ".ribslint.yml": "profile: ribs\nribslint_version: '>= 99.0'\n"])
        let refused = try runRibslint(["--no-cache"], in: newer)
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains(".ribslint.yml:2:19: error: this project requires ribslint >= 99.0 and this is ribslint \(ribslintVersion); install a matching release"))

        let malformed = try makeProject(["A.swift": source, ".ribslint.yml": "ribslint_version: latest\n"])
        let bad = try runRibslint(["--no-cache"], in: malformed)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains(".ribslint.yml:1:19: error: 'latest' is not a version requirement"))

        // A nested configuration pins too: the folder it governs cannot be linted by the wrong binary.
        let nested = try makeProject(["Old/A.swift": source, "Old/.ribslint.yml": "ribslint_version: 0.1\n", ".ribslint.yml": "profile: ribs\n"])
        let nestedRun = try runRibslint(["--no-cache"], in: nested)
        #expect(nestedRun.status == 2)
        #expect(nestedRun.stderr.contains("Old/.ribslint.yml:1:19: error: this project requires ribslint 0.1 and this is ribslint"))
    }
}
