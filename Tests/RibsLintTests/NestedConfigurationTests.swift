import Foundation
import Testing

/// `.ribslint.yml` files in folders: each applies below its folder, on top of those above, found from the
/// file's own location.
@Suite("Nested configuration", .serialized)
struct NestedConfigurationTests {
    /// `interactor_ui_import` (ribs only) fires on this file under `ribs`, and nothing fires under `viper`.
    let ribsInteractor = "import RIBs\nimport UIKit\nfinal class LoginInteractor: PresentableInteractor<LoginPresentable> {}\n"

    func project() throws -> URL {
        try makeProject([
            ".ribslint.yml": "profile: ribs\nrules:\n  interactor_ui_import:\n    severity: error\n",
            "App/LoginInteractor.swift": ribsInteractor,
            "Legacy/.ribslint.yml": "profile: viper\n",
            "Legacy/LoginInteractor.swift": ribsInteractor,
            "Quiet/.ribslint.yml": "disabled_rules: [interactor_ui_import]\n",
            "Quiet/LoginInteractor.swift": ribsInteractor,
            "Warn/.ribslint.yml": "rules:\n  interactor_ui_import:\n    severity: warning\nexcluded: [Generated]\n",
            "Warn/LoginInteractor.swift": ribsInteractor,
            "Warn/Generated/LoginInteractor.swift": ribsInteractor,
        ])
    }

    /// `file severity` of each `interactor_ui_import` finding in a JSON report.
    func importFindings(_ report: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        return findings.filter { $0["rule"] as? String == "interactor_ui_import" }
            .map { "\($0["file"] as? String ?? "") \($0["severity"] as? String ?? "")" }.sorted()
    }

    @Test("a folder's configuration switches its profile, disables or re-grades rules and excludes paths below it")
    func perFolder() throws {
        let root = try project()
        let run = try runRibslint(["--reporter", "json", "."], in: root)
        let seen = try importFindings(run.stdout)
        #expect(seen == ["App/LoginInteractor.swift error", "Warn/LoginInteractor.swift warning"])
        #expect(run.stderr.contains("Linted 4 files"))
    }

    @Test("folders whose names differ only in Unicode normalization are two folders: one's configuration never governs the other, whatever the threads")
    func normalizations() throws {
        var files = [
            ".ribslint.yml": "profile: ribs\nrules:\n  interactor_ui_import:\n    severity: error\n",
            "Cafe\u{301}/.ribslint.yml": "profile: viper\n",
            "Cafe\u{301}/LoginInteractor.swift": ribsInteractor,
        ]
        // Files before them, so that both folders fall in one share of the files on some thread counts.
        for index in 0..<10 { files["A/File\(index).swift"] = "let value = \(index)\n" }
        let root = try makeProject(files)
        // Made apart: the two names are one key of a Swift dictionary.
        let composed = root.path + "/Caf\u{e9}"
        try FileManager.default.createDirectory(atPath: composed, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: composed + "/LoginInteractor.swift", contents: Data(ribsInteractor.utf8)))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: root.path).map { Array($0.utf8) }).count == 4)
        for jobs in ["1", "2", "3", "8"] {
            let run = try runRibslint(["--reporter", "json", "--no-cache", "--jobs", jobs, "."], in: root)
            // By bytes: the two names are equal as Swift strings.
            #expect(try importFindings(run.stdout).map { Array($0.utf8) } == [Array("Caf\u{e9}/LoginInteractor.swift error".utf8)], "jobs \(jobs)")
        }
    }

    @Test("sibling folders without a configuration share their parent's, a sibling with one does not, with the cache's listings or without")
    func siblings() throws {
        let root = try makeProject([
            ".ribslint.yml": "profile: ribs\nrules:\n  interactor_ui_import:\n    severity: error\n",
            "Quiet/.ribslint.yml": "disabled_rules: [interactor_ui_import]\n",
            "Quiet/A/LoginInteractor.swift": ribsInteractor, "Quiet/B/LoginInteractor.swift": ribsInteractor,
            "Quiet/C/.ribslint.yml": "opt_in_rules: [interactor_ui_import]\n", "Quiet/C/LoginInteractor.swift": ribsInteractor,
            "Quiet/D/LoginInteractor.swift": ribsInteractor, "Quiet/D/E/LoginInteractor.swift": ribsInteractor,
            "Quiet/F/LoginInteractor.swift": ribsInteractor,
            "Warn/.ribslint.yml": "rules:\n  interactor_ui_import:\n    severity: warning\n",
            "Warn/G/LoginInteractor.swift": ribsInteractor, "Warn/H/LoginInteractor.swift": ribsInteractor,
        ])
        let expected = ["Quiet/C/LoginInteractor.swift error", "Warn/G/LoginInteractor.swift warning", "Warn/H/LoginInteractor.swift warning"]
        let cache = root.appendingPathComponent(".cache/ribslint.cache").path
        for arguments in [["--no-cache"], ["--cache-path", cache], ["--cache-path", cache]] {
            let run = try runRibslint(["--reporter", "json"] + arguments + ["."], in: root)
            #expect(try importFindings(run.stdout) == expected, "\(arguments)")
        }
    }

    @Test("the configuration is found from the file: single files from the root, another working directory, stdin")
    func foundFromTheFile() throws {
        let root = try project()
        let hook = try runRibslint(["Legacy/LoginInteractor.swift", "App/LoginInteractor.swift"], in: root)
        #expect(hook.stdout.contains("App/LoginInteractor.swift:2:1: error:"))
        #expect(!hook.stdout.contains("Legacy/"))
        let outside = FileManager.default.temporaryDirectory
        let elsewhere = try runRibslint([root.appendingPathComponent("Warn").path], in: outside)
        #expect(elsewhere.stdout.contains("Warn/LoginInteractor.swift:2:1: warning:"))
        #expect(!elsewhere.stdout.contains("Generated"))
        #expect(!elsewhere.stderr.contains("defaults apply"))
        let stdin = try runRibslint(["--stdin-path", "Legacy/LoginInteractor.swift"], in: root, stdin: ribsInteractor)
        #expect(stdin.status == 0)
        #expect(stdin.stdout.isEmpty)
        let stdinWarn = try runRibslint(
            ["--stdin-path", root.appendingPathComponent("Warn/LoginInteractor.swift").path], in: outside, stdin: ribsInteractor)
        #expect(stdinWarn.stdout.contains("LoginInteractor.swift:2:1: warning:"))
    }

    @Test("without any configuration a note says the defaults apply; a broken nested one stops the run at its line")
    func defaultsAndErrors() throws {
        let bare = try makeProject(["A/LoginInteractor.swift": ribsInteractor])
        let run = try runRibslint(["A"], in: bare)
        #expect(run.stderr.contains("note: no .ribslint.yml governs A/LoginInteractor.swift; the defaults apply (profile ribs)"))
        #expect(run.stdout.contains("A/LoginInteractor.swift:2:1: warning:"))
        #expect(try runRibslint(["--quiet", "A"], in: bare).stderr.isEmpty)
        let root = try project()
        try Data("profile: ribs\nrules:\n  no_such_rule: {}\n".utf8).write(to: root.appendingPathComponent("Legacy/.ribslint.yml"))
        let broken = try runRibslint(["."], in: root)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("Legacy/.ribslint.yml:3:3: error: unknown rule 'no_such_rule'"))
    }

    @Test("`--config` replaces the configurations above; nested ones below its folder still apply")
    func explicitBase() throws {
        let root = try project()
        try Data("profile: ribs\n".utf8).write(to: root.appendingPathComponent("base.yml"))
        let run = try runRibslint(["--config", "base.yml", "--reporter", "json", "."], in: root)
        let seen = try importFindings(run.stdout)
        #expect(seen == ["App/LoginInteractor.swift warning", "Warn/LoginInteractor.swift warning"])
    }

    @Test("`--profile` lints every file under one profile, whatever the configuration files say")
    func profileFlag() throws {
        let root = try project()
        let run = try runRibslint(["--profile", "viper", "--reporter", "json", "."], in: root)
        #expect(try importFindings(run.stdout).isEmpty)
        #expect(run.status == 0)
        let bad = try runRibslint(["--profile", "android", "."], in: root)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown profile 'android'"))
    }

    @Test("a folder switching profile leaves the rules chosen above for the other profile behind, only_rules included")
    func switchingProfileDropsForeignRules() throws {
        let root = try makeProject([
            "base.yml": "profile: swiftui-rib\nonly_rules: [rib_superclass, container_setter_visibility]\n",
            "Legacy/.ribslint.yml": "profile: ribs\n",
            "Legacy/LoginInteractor.swift": ribsInteractor,
        ])
        let run = try runRibslint(["--config", "base.yml", "--reporter", "json", "."], in: root)
        #expect(try importFindings(run.stdout) == ["Legacy/LoginInteractor.swift warning"])
        #expect(!run.stdout.contains("rib_superclass"))
    }

    @Test("nested rule lists combine: a nested disable turns off a rule chosen above, a nested opt-in turns one back on")
    func ruleListsCombine() throws {
        let root = try makeProject([
            ".ribslint.yml": "only_rules: [interactor_ui_import]\ndisabled_rules: [weak_self_capture]\n",
            "Off/.ribslint.yml": "disabled_rules: [interactor_ui_import]\n",
            "Off/LoginInteractor.swift": ribsInteractor,
            "On/LoginInteractor.swift": ribsInteractor,
        ])
        let run = try runRibslint(["--reporter", "json", "."], in: root)
        #expect(try importFindings(run.stdout) == ["On/LoginInteractor.swift warning"])
        let viper = try runRibslint(["--config", ".ribslint.yml", "--profile", "viper", "--reporter", "json", "."], in: root)
        #expect(try importFindings(viper.stdout).isEmpty, "--profile with --config leaves the ribs rules chosen in the file behind")
    }

    @Test("`ribslint rules --profile` lists that profile's rules only")
    func rulesOfProfile() throws {
        let root = try project()
        let ribs = try runRibslint(["rules", "--profile", "ribs"], in: root).stdout
        #expect(ribs.contains("interactor_ui_import"))
        let viper = try runRibslint(["rules", "--profile", "viper"], in: root)
        #expect(viper.status == 0)
        #expect(!viper.stdout.contains("interactor_ui_import"))
    }

    @Test("a package built with main-actor default isolation needs no `@MainActor` on its presenters; a comment does not count; the nearest package decides")
    func packageDefaultIsolation() throws {
        let presenter = """
            protocol WeatherViewOutput: AnyObject {}
            final class WeatherPresenter: WeatherViewOutput {}
            final class WeatherRouter {}
            """
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(name: "Weather", targets: [
                .target(name: "Weather", swiftSettings: [.defaultIsolation(MainActor.self)]),
            ])
            """
        let root = try makeProject([
            ".ribslint.yml": "profile: viper\n",
            "Isolated/Package.swift": manifest,
            "Isolated/Sources/Weather/WeatherPresenter.swift": presenter,
            "Plain/Package.swift": "// .defaultIsolation(MainActor.self)\nimport PackageDescription\nlet package = Package(name: \"Plain\")\n",
            "Plain/Sources/Plain/WeatherPresenter.swift": presenter,
            "Isolated/Inner/Package.swift": "import PackageDescription\nlet package = Package(name: \"Inner\")\n",
            "Isolated/Inner/Sources/WeatherPresenter.swift": presenter,
        ])
        let run = try runRibslint(["."], in: root)
        #expect(!run.stdout.contains("Isolated/Sources/"))
        #expect(run.stdout.contains("Isolated/Inner/Sources/WeatherPresenter.swift:2:7"), "the nearest package decides")
        #expect(run.stdout.contains("Plain/Sources/Plain/WeatherPresenter.swift:2:7: warning: presenter 'WeatherPresenter' is not isolated"))
        let single = try runRibslint(["Isolated/Sources/Weather/WeatherPresenter.swift"], in: root)
        #expect(!single.stdout.contains("viper_presenter_main_actor"))
    }

    @Test("a nested .ribslint.yml that is a dangling link, a folder or a FIFO stops the run with its path; a top-level one too")
    func unreadableNestedConfiguration() throws {
        let router = "import RIBs\nfinal class BRouter: Router<BInteractable> {\n    var child: ChildRouting?\n}\n"
        let root = try makeProject([".ribslint.yml": "profile: ribs\n", "App/BRouter.swift": router, "Module/BRouter.swift": router])
        let nested = root.appendingPathComponent("Module/.ribslint.yml").path
        let cases: [(String, () throws -> Void, String)] = [
            ("a dangling link", { try FileManager.default.createSymbolicLink(atPath: nested, withDestinationPath: "viper.yml") }, "cannot read the file (no such file or directory)"),
            ("a folder", { try FileManager.default.createDirectory(atPath: nested, withIntermediateDirectories: false) }, "not a regular file"),
            ("a FIFO", { #expect(mkfifo(nested, 0o644) == 0) }, "not a regular file"),
        ]
        for (what, make, reason) in cases {
            try make()
            let run = try runRibslint(["--no-cache"], in: root)
            #expect(run.status == 2, "\(what): \(run.stderr)")
            #expect(run.stderr.contains("Module/.ribslint.yml: error: \(reason); not a configuration file"), "\(what): \(run.stderr)")
            try FileManager.default.removeItem(atPath: nested)
        }
        // The top-level one, found from the working directory: a dangling link is no silent default.
        let top = root.appendingPathComponent(".ribslint.yml").path
        try FileManager.default.removeItem(atPath: top)
        try FileManager.default.createSymbolicLink(atPath: top, withDestinationPath: "gone.yml")
        let run = try runRibslint(["--no-cache"], in: root.appendingPathComponent("App"))
        #expect(run.status == 2 && run.stderr.contains(".ribslint.yml: error: cannot read the file (no such file or directory)"), "\(run.stderr)")
    }

    @Test("`included: []` is nothing to lint: exit 2 with why, unless zero files are allowed; a folder past the system's path length is an error")
    func nothingOrTooLong() throws {
        let root = try makeProject([".ribslint.yml": "included: []\n", "A.swift": "let a = 1\n"])
        let empty = try runRibslint(["--no-cache"], in: root)
        #expect(empty.status == 2 && empty.stderr.contains("the configuration's `included` is empty, so there is nothing to lint"), "\(empty.stderr)")
        #expect(try runRibslint(["--no-cache", "--allow-zero-files"], in: root).status == 0)
        // A violation 5,000 bytes deep, where the system allows 4,096: reported, never a silent pass.
        let deep = try makeProject(["A.swift": "let a = 1\n"])
        let name = String(repeating: "d", count: 200)
        let make = try runProcess("/bin/bash", ["-c", "for i in $(seq 25); do mkdir \(name) && cd \(name) || exit 1; done; printf 'import RIBs\\nfinal class BRouter: Router<BInteractable> {\\n    var child: ChildRouting?\\n}\\n' > BRouter.swift"], in: deep)
        #expect(make.status == 0, "\(make.stderr)")
        let run = try runRibslint(["--no-cache", "."], in: deep)
        #expect(run.status == 2, "\(run.stderr.suffix(300))")
        #expect(run.stderr.contains("error: cannot read the folder (file name too long); skipped"), "\(run.stderr.suffix(300))")
    }
}
