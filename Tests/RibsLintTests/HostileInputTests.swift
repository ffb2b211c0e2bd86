import Foundation
import RibsLintKit
import RibsLintRules
import Testing

/// Nothing takes the run down: broken pipes, special files, hostile nesting, deep RIB chains.
@Suite("Hostile input", .serialized)
struct HostileInputTests {
    let violating = "import RIBs\nfinal class BRouter: Router<BInteractable> {\n    var child: ChildRouting?\n}\n"

    /// Runs a shell command line with `$RIBSLINT` set to the binary; a hang ends after 60 s as exit 124.
    func shell(_ script: String, in directory: URL) throws -> RunResult {
        try runProcess("/bin/bash", ["-c", script], in: directory, environment: ["RIBSLINT": "timeout 60 " + ribslintBinary.path])
    }

    @Test("a write error on standard output is exit 2 with the reason; a reader that goes away is a quiet exit 2")
    func standardOutput() throws {
        let many = "import RIBs\nfinal class BRouter: Router<BInteractable> {\n"
            + (0..<2000).map { "    var child\($0): ChildRouting?\n" }.joined() + "}\n"
        let project = try makeProject(["B.swift": violating, "Many.swift": many])
        let full = try shell("$RIBSLINT --quiet B.swift > /dev/full", in: project)
        #expect(full.status == 2)
        #expect(full.stderr == "ribslint: error: cannot write to standard output: no space left on device\n")
        let closed = try shell("$RIBSLINT --quiet B.swift >&-", in: project)
        #expect(closed.status == 2)
        #expect(closed.stderr.contains("cannot write to standard output: bad file descriptor"))
        let pipe = try shell("trap '' PIPE; $RIBSLINT --quiet Many.swift | head -c 10 > /dev/null; echo \"${PIPESTATUS[0]}\"", in: project)
        #expect(pipe.stdout == "2\n")
        #expect(pipe.stderr.isEmpty)
        #expect(try shell("$RIBSLINT B.swift 2> /dev/full > /dev/null", in: project).status == 1, "a full standard error still lints")
    }

    @Test("--output writes through a symlink to its target, into a FIFO and a device, and keeps a report's mode")
    func outputTargets() throws {
        let project = try makeProject(["B.swift": violating, "old.txt": "old\n"])
        let script = """
            ln -s old.txt link.txt && $RIBSLINT --quiet --output link.txt B.swift; test -L link.txt && echo link-kept
            grep -c router_child_reference old.txt
            mkfifo out.fifo && (cat out.fifo > got.txt &) && $RIBSLINT --quiet --output out.fifo B.swift; sleep 0.2
            test -p out.fifo && echo fifo-kept; grep -c router_child_reference got.txt
            printf x > report.txt && chmod 640 report.txt && $RIBSLINT --quiet --output report.txt B.swift; stat -c %a report.txt
            $RIBSLINT --quiet --output /dev/full B.swift; echo "full $?"; test -c /dev/full && echo device-kept
            { echo HEADER; $RIBSLINT --quiet --output /dev/stdout B.swift; echo FOOTER; } > around.txt; head -1 around.txt; tail -1 around.txt
            $RIBSLINT --quiet --output /dev/stdout B.swift | grep -c router_child_reference
            """
        let run = try shell(script, in: project)
        #expect(run.stdout == "link-kept\n1\nfifo-kept\n1\n640\nfull 2\ndevice-kept\nHEADER\nFOOTER\n1\n")
        #expect(run.stderr.contains("cannot write the report to /dev/full: no space left on device"))
    }

    @Test("FIFOs and endless devices are never read as sources or as the cache: not a regular file, skipped")
    func specialFiles() throws {
        let project = try makeProject(["B.swift": violating])
        let run = try shell("""
            mkfifo F.swift; ln -s /dev/zero Z.swift; mkfifo cache.fifo
            $RIBSLINT --quiet F.swift Z.swift B.swift; echo "sources $?"
            $RIBSLINT --cache-path /dev/zero B.swift > /dev/null 2> zero.err; echo "zero cache $?"; grep -c "cannot write the cache at /dev/zero: not a regular file" zero.err
            $RIBSLINT --quiet --cache-path cache.fifo B.swift > /dev/null; echo "fifo cache $?"
            """, in: project)
        #expect(run.stdout.contains("sources 2\n"))
        #expect(run.stdout.contains("zero cache 1\n1\n"))
        #expect(run.stdout.contains("fifo cache 1\n"))
        #expect(run.stderr.contains("F.swift: error: not a regular file; skipped"))
        #expect(run.stderr.contains("Z.swift: error: not a regular file; skipped"))
    }

    @Test("deeply nested code and code that takes too long to parse are reported per file; the other files are linted")
    func nesting() throws {
        let project = try makeProject([
            "B.swift": violating,
            "Generic.swift": "let x: " + String(repeating: "A<", count: 1500) + "B" + String(repeating: ">", count: 1500) + "\n",
            "Brackets.swift": "let z = " + String(repeating: "[", count: 30) + "\n",
        ])
        let run = try shell("$RIBSLINT --quiet --parse-budget 1 Brackets.swift B.swift", in: project)
        #expect(run.status == 2)
        #expect(run.stdout.contains("B.swift:3:9: error:"))
        #expect(run.stderr.contains("Brackets.swift: error: could not be parsed in 1 s; skipped"))
        // `graph` keeps the same budget (it had none: a minute and gigabytes on thirty `[`).
        let graph = try shell("$RIBSLINT graph --parse-budget 1 Brackets.swift B.swift", in: project)
        #expect(graph.status == 2, "\(graph.stderr)")
        #expect(graph.stderr.contains("Brackets.swift: error: could not be parsed in 1 s; skipped"), "\(graph.stderr)")
        #expect(graph.stdout.contains("rib_B"), "\(graph.stdout)")
        // 1,500 nested generic arguments crashed a thread with a small stack.
        let generic = try shell("$RIBSLINT --quiet --parse-budget 600 Generic.swift B.swift", in: project)
        #expect(generic.status == 1, "\(generic.stderr)")
        #expect(generic.stdout.contains("B.swift:3:9: error:"))
    }

    @Test("50,000 nested `[` and 100,000 nested `A<` are that file's error, for lint, graph, --fix and standard input; the rest is linted")
    func nestingPastTheLimit() throws {
        let project = try makeProject([
            "B.swift": violating,
            "Brackets.swift": "let z = " + String(repeating: "[", count: 50_000) + "\n",
            "Generic.swift": "let x: " + String(repeating: "A<", count: 100_000) + "B" + String(repeating: ">", count: 100_000) + "\n",
            // 12,000 ranges and shifts are no generic arguments.
            "Ranges.swift": "let r = [" + String(repeating: "0..<1, 1 << 2, ", count: 6_000) + "]\n",
            // Deep enough to parse, and 10,500 comparisons closed by braces and semicolons: not deep.
            "Fine.swift": "let y: " + String(repeating: "A<", count: 200) + "B" + String(repeating: ">", count: 200) + " = f()\n"
                + String(repeating: "let c = a < b; let d = e < f; if a < b { h() }\n", count: 3_500),
        ])
        let problem = "nests more than 10000 brackets or generic arguments deep, past what ribslint parses; skipped"
        // A budget no loaded machine reaches: the depth alone decides.
        for arguments in [["--no-cache", "--parse-budget", "600", "."], ["--fix", "--no-cache", "--parse-budget", "600", "."],
            ["--fix", "--dry-run", "--no-cache", "--parse-budget", "600", "."], ["graph", "."]] {
            let run = try shell("$RIBSLINT " + arguments.joined(separator: " "), in: project)
            #expect(run.status == 2, "\(arguments): exit \(run.status) \(run.stderr.suffix(300))")
            #expect(run.stderr.contains("Brackets.swift: error: \(problem)") && run.stderr.contains("Generic.swift: error: \(problem)"), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("Fine.swift") && !run.stderr.contains("Ranges.swift: error"), "\(arguments): \(run.stderr)")
        }
        let lint = try shell("$RIBSLINT --no-cache .", in: project)
        #expect(lint.stdout.contains("B.swift:3:9: error:"))
        let stdin = try shell("$RIBSLINT --stdin-path Generic.swift < Generic.swift", in: project)
        #expect(stdin.status == 2 && stdin.stderr.contains("Generic.swift: error: \(problem)"), "\(stdin.stderr)")
        // 8,000 string interpolations nested in one another took the parser 3 GB; 40 are parsed (past swift-syntax's own nesting limit, a syntax note).
        try ("let a = " + String(repeating: "\"\\(", count: 8_000) + "\n").write(to: project.appendingPathComponent("Strings.swift"), atomically: true, encoding: .utf8)
        try ("let b = " + String(repeating: "\"\\(", count: 40) + "x" + String(repeating: ")\"", count: 40) + "\n").write(
            to: project.appendingPathComponent("Fine2.swift"), atomically: true, encoding: .utf8)
        let strings = try shell("$RIBSLINT --no-cache --parse-budget 600 Strings.swift Fine2.swift B.swift", in: project)
        #expect(strings.status == 2, "\(strings.stderr)")
        #expect(strings.stderr.contains("Strings.swift: error: nests more than 1000 string interpolations in one another, past what ribslint parses; skipped"), "\(strings.stderr)")
        #expect(!strings.stderr.contains("Fine2.swift: error"), "\(strings.stderr)")
        #expect(strings.stdout.contains("B.swift:3:9: error:"))
    }

    @Test("xcode and github lines escape control characters and line separators from names and suppressions; an empty XDG_CACHE_HOME writes no cache into the project; graph without Swift files and --output into a link loop are exit 2")
    func oddNamesAndPlaces() throws {
        let project = try makeProject([
            "App/B\u{1B}[31mRouter.swift": violating,
            "App/CRouter.swift": "// ribslint:disable:next weak\u{2028}listener\nlet c = 1\n",
        ])
        for reporter in ["xcode", "github"] {
            let run = try shell("XDG_CACHE_HOME= $RIBSLINT --reporter \(reporter) App", in: project)
            #expect(run.status == 1, "\(reporter): \(run.stderr)")
            #expect(!run.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x2028 }, "\(reporter): \(run.stdout)")
            #expect(run.stdout.contains("App/B\\u{1B}[31mRouter.swift:") || run.stdout.contains("file=App/B\\u{1B}[31mRouter.swift,"), "\(reporter): \(run.stdout)")
            #expect(run.stdout.contains("weak\\u{2028}listener"), "\(reporter): \(run.stdout)")
            #expect(run.stdout.split(separator: "\n").count == 3, "\(reporter): \(run.stdout)")
        }
        let left = try FileManager.default.subpathsOfDirectory(atPath: project.path).filter { !$0.hasPrefix("App") }
        #expect(left.isEmpty, "a cache was written into the project: \(left)")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        let graph = try shell("$RIBSLINT graph Empty", in: project)
        #expect(graph.status == 2 && graph.stderr.contains("no Swift file to draw in Empty"), "\(graph.stderr)")
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("loop1").path, withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("loop2").path, withDestinationPath: "loop1")
        let loop = try shell("$RIBSLINT --no-cache --output loop1 App", in: project)
        #expect(loop.status == 2 && loop.stderr.contains("cannot write the report to loop1: too many levels of symbolic links"), "\(loop.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: project.appendingPathComponent("loop1").path) == "loop2")
    }

    @Test("standard input past 64 MB is refused as a file of that size is, without holding more than that")
    func largeStandardInput() throws {
        let project = try makeProject(["A.swift": "let a = 1\n"])
        let run = try shell("head -c 100000000 /dev/zero | tr '\\0' ' ' | $RIBSLINT --stdin-path A.swift; echo \"exit ${PIPESTATUS[2]}\"", in: project)
        #expect(run.stdout.contains("exit 2"), "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("standard input is larger than 64 MB"), "\(run.stderr)")
        let fits = try shell("head -c 1000000 /dev/zero | tr '\\0' ' ' | $RIBSLINT --stdin-path A.swift", in: project)
        #expect(fits.status == 0, "\(fits.stderr)")
    }

    @Test("the parse budget counts a file's own CPU time: more jobs than cores give the same bytes as one job")
    func budgetIndependentOfJobs() throws {
        // Sixteen `[` take swift-syntax 603 about a second of CPU in a debug build (seventeen took 1.7 s, too near a 2 s
        // budget on a loaded machine), well within a 3 s budget; twelve of them on six threads per core take about six
        // times that on the wall clock each, and a budget of wall-clock time would skip them.
        var files: [String: String] = ["B.swift": violating]
        for n in 1...12 { files["Slow\(n).swift"] = "let z = " + String(repeating: "[", count: 16) + "\n" }
        let project = try makeProject(files)
        let one = try shell("$RIBSLINT --no-cache --parse-budget 3 --jobs 1 .", in: project)
        let six = try shell("$RIBSLINT --no-cache --parse-budget 3 --jobs \(ProcessInfo.processInfo.activeProcessorCount * 6) .", in: project)
        #expect(one.status == 1 && six.status == 1, "\(one.stderr)\(six.stderr)")
        #expect(one.stdout == six.stdout)
        #expect(!six.stderr.contains("could not be parsed"), "\(six.stderr)")
    }

    @Test("a cache cut short or rewritten in place by another process while runs read it: every run answers, none dies of SIGBUS")
    func cacheChangedWhileRead() throws {
        var files: [String: String] = [:]
        for n in 0..<200 { files["F\(n)/F\(n)Router.swift"] = violating.replacingOccurrences(of: "BRouter", with: "F\(n)Router") }
        let project = try makeProject(files)
        let cache = project.appendingPathComponent("lint.cache").path
        let first = try runRibslint(["--quiet", "--cache-path", cache, "."], in: project)
        #expect(first.status == 1)
        let recorded = try Data(contentsOf: URL(fileURLWithPath: cache))
        #expect(recorded.count > 10_000)
        // Another process truncates the cache in place and writes it back, over and over, while 30 runs read it.
        try recorded.write(to: project.appendingPathComponent("lint.keep"))
        let script = """
            (while :; do : > lint.cache; head -c \(recorded.count / 2) lint.keep > lint.cache; cat lint.keep > lint.cache; done) > /dev/null 2>&1 &
            writer=$!
            trap 'kill -9 $writer 2>/dev/null' EXIT
            for run in $(seq 30); do
              status=0; $RIBSLINT --quiet --cache-path lint.cache . > out.txt 2> err.txt || status=$?
              findings=$(grep -c router_child_reference out.txt)
              if [ "$status" -ne 1 ] || [ "$findings" -ne 200 ]; then echo "run $run: exit $status, $findings findings"; tail -3 err.txt; exit 1; fi
            done
            echo "30 runs answered"
            """
        let runs = try shell(script, in: project)
        #expect(runs.status == 0 && runs.stdout.contains("30 runs answered"), "\(runs.stdout)\(runs.stderr)")
    }

    @Test("an `=` after a control character, which swift-syntax 603 traps on when it builds the fix-it, is a parse note at the `=`, not a crash")
    func unevenlySpacedEqual() throws {
        let project = try makeProject([
            "Odd.swift": "func f() {\n    if let pace \u{1C}= container.pace { print(pace) }\n}\n",
            "BRouter.swift": "import RIBs\nfinal class BRouter: Router<BInteractable> {\n    var child: ChildRouting?\n}\n",
        ])
        let run = try runRibslint(["--no-cache", "."], in: project)
        #expect(run.status == 1)
        #expect(run.stderr.contains("Odd.swift:2:18: warning: swift-syntax could not fully parse this file ('=' must have consistent whitespace on both sides)"))
        #expect(run.stdout.contains("BRouter.swift:3:9: error:"))
    }

    @Test("a 50,000-deep chain of RIBs and a cycle at its end are searched without recursion")
    func deepChain() {
        let chain = (0..<50_000).map { (from: "R\($0)", to: "R\($0 + 1)") } + [(from: "R50000", to: "R49998")]
        #expect(RIBProject.cycles(of: chain) == [["R49998", "R49999", "R50000"]])
        #expect(RIBCycleRule.shown("R0", way: (1...5).map { "R\($0)" } + (15...19).map { "R\($0)" }, length: 19)
            == "R0 → R1 → R2 → R3 → R4 → R5 → … 9 more … → R15 → R16 → R17 → R18 → R19")
        #expect(RIBCycleRule.shown("A", way: ["B", "A"], length: 2) == "A → B → A")
    }

    @Test("a hub whose 300 children each refer back to it: a finding per cycle, and the files they concern listed once")
    func hubCycles() throws {
        let children = (0..<300).map { String(format: "C%03d", $0) }
        let hub = """
            import RIBs
            final class HubBuilder: Builder<HubDependency>, HubBuildable {
                func build() -> HubRouting { HubRouter(\(children.map { "b\($0): \($0)Builder(dependency: dependency)" }.joined(separator: ", "))) }
            }
            """
        let sources = [("Hub/HubBuilder.swift", hub)] + children.map { name in
            ("\(name)/\(name)Builder.swift", """
                import RIBs
                final class \(name)Builder: Builder<\(name)Dependency>, \(name)Buildable {
                    func build() -> \(name)Routing { \(name)Router(hub: HubBuilder(dependency: dependency)) }
                }
                """)
        }
        let findings = try lint(sources: sources, rules: ["rib_cycle"])
        #expect(findings.count == 300)
        // The first closing reference carries the group's 301 files; the others, none.
        #expect(findings.map(\.concerns.count).reduce(0, +) == 301, "\(findings.map(\.concerns.count).filter { $0 > 0 })")
    }

    @Test("a cycle of 3,000 builders is one finding, at the reference that closes it, with a message of bounded length")
    func longCycle() throws {
        let count = 3_000
        let sources = (0..<count).map { position -> (path: String, text: String) in
            let name = String(format: "R%05d", position), child = String(format: "R%05d", (position + 1) % count)
            return ("\(name)/\(name)Builder.swift", """
                import RIBs
                final class \(name)Builder: Builder<\(name)Dependency>, \(name)Buildable {
                    func build() -> \(name)Routing { \(name)Router(child: \(child)Builder(dependency: dependency)) }
                }
                """)
        }
        let findings = try lint(sources: sources, rules: ["rib_cycle"])
        #expect(findings.map(\.path) == ["R02999/R02999Builder.swift"])
        #expect(findings.first?.message.contains(
            "closes the RIB cycle R02999 → R00000 → R00001 → R00002 → R00003 → R00004 → … 2990 more … → R02995 → R02996 → R02997 → R02998 → R02999;") == true,
            "\(findings)")
    }
}

@Suite("Odd text and names")
struct OddTextTests {
    let violating = "import RIBs\nfinal class BRouter: Router<BInteractable> {\n    var child: ChildRouting?\n}\n"

    @Test("\\r\\n, a lone \\r and \\n all end a line; disable:this silences its own line only")
    func lineEndings() throws {
        let lines = ["import RIBs", "final class BRouter: Router<BInteractable> {", "    var child: ChildRouting? // ribslint:disable:this router_child_reference",
            "    var other: OtherRouting?", "}", ""]
        for separator in ["\n", "\r\n", "\r"] {
            let findings = try lint(lines.joined(separator: separator), rules: ["router_child_reference"])
            #expect(findings.map { "\($0.line):\($0.column)" } == ["4:9"], "\(separator.debugDescription)")
        }
    }

    @Test("a byte-order mark is no column, and changes no fingerprint")
    func byteOrderMark() throws {
        let plain = try lint("final class BRouter: Router<BInteractable> { var child: ChildRouting? }\n", rules: ["router_child_reference"])
        let marked = try lint("\u{FEFF}final class BRouter: Router<BInteractable> { var child: ChildRouting? }\n", rules: ["router_child_reference"])
        #expect(marked.map(\.column) == plain.map(\.column))
        #expect(marked.map(\.column) == [50])
        #expect(marked.map(\.fingerprint) == plain.map(\.fingerprint))
    }

    @Test("two files whose names differ only in Unicode normalization are two files")
    func normalizationTwins() throws {
        // A dictionary literal would take the two names for one key: written one by one.
        let project = try makeProject([:])
        for name in ["Caf\u{E9}Router.swift", "Cafe\u{301}Router.swift"] {
            try Data(violating.utf8).write(to: project.appendingPathComponent(name))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: project.path)
        #expect(names.count == 2, "this file system folds the names: \(names)")
        let run = try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "."], in: project)
        #expect(run.stderr.contains("Linted 2 files"))
        #expect(run.stdout.split(separator: "\n").count == 2)
        let cached = try runRibslint(["--cache-path", "c.cache", "--only-rule", "router_child_reference", "."], in: project)
        let again = try runRibslint(["--cache-path", "c.cache", "--only-rule", "router_child_reference", "."], in: project)
        #expect(cached.stdout == run.stdout)
        #expect(again.stdout == run.stdout)
    }

    @Test("broken code whose function has no name: no token holds the empty name, and the run goes on")
    func namelessFunction() throws {
        let file = LintFile(path: "A.swift", source: "func f() { g() }\nfunc (x: Int) {}\n", profile: .ribs)
        #expect(file.tokens(containing: "", in: file.tree).isEmpty && file.calls(named: [""], in: file.tree).isEmpty)
        #expect(file.tokens(spelled: "g", in: file.tree).count == 1)
        // The fuzzer's crash, reduced by hand: a ComposableRIBs router whose last helper lost its name.
        let input = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fuzz/corpus/file/nameless-func-in-router.swift"), encoding: .utf8)
        let run = try runProcess(ribslintBinary.path, ["lint", "--no-cache", "--profile", "composable-ribs", "--stdin-path", "Fuzz/AccountsRouter.swift"],
            in: FileManager.default.temporaryDirectory, stdin: input)
        #expect([0, 1].contains(run.status) && run.stderr.contains("Linted 1 file"))
    }
}

@Suite("Small answers")
struct SmallAnswerTests {
    let violating = "import RIBs\nfinal class BRouter: Router<BInteractable> {\n    var child: ChildRouting?\n}\n"

    @Test("a path with a line break stays on one xcode line; --stdin-path with paths is a usage error")
    func reporterAndFlags() throws {
        let project = try makeProject([:])
        try Data(violating.utf8).write(to: project.appendingPathComponent("Odd\nName.swift"))
        let run = try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "."], in: project)
        #expect(run.stdout == "Odd\\nName.swift:3:9: error: router stores child router 'child' (ChildRouting); find it in `children` when you need it, so attach and detach keep one source of truth (router_child_reference)\n")
        let stdin = try runRibslint(["--stdin-path", "A.swift", "Missing.swift"], in: project, stdin: violating)
        #expect(stdin.status == 2)
        #expect(stdin.stderr.contains("--stdin-path lints standard input alone"))
    }

    @Test("SARIF says when files could not be linted: executionSuccessful false, one notification each")
    func sarifNotifications() throws {
        let project = try makeProject(["B.swift": violating])
        try Data([0xFF, 0xFE]).write(to: project.appendingPathComponent("Latin.swift"))
        let run = try runRibslint(["--no-cache", "--reporter", "sarif", "."], in: project)
        #expect(run.status == 2)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let invocation = try #require(((log["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notes = invocation["toolExecutionNotifications"] as? [[String: Any]] ?? []
        #expect(notes.count == 1)
        #expect((notes.first?["message"] as? [String: Any])?["text"] as? String == "Latin.swift: error: not UTF-8 text; skipped")
    }

    @Test("a directive naming one rule 40,000 times costs what naming it once does; globs with many ** match in linear time")
    func quadraticInputs() throws {
        let ids = Array(repeating: "router_child_reference", count: 40_000).joined(separator: " ")
        let findings = try lint("// ribslint:disable \(ids)\n" + violating, rules: ["router_child_reference"])
        #expect(findings.isEmpty)
        let deep = (0..<60).map { "d\($0)" }.joined(separator: "/")
        let project = try makeProject(["\(deep)/B.swift": violating, ".ribslint.yml": "excluded: ['**/**/**/**/**/**/b', '**/**/**/**/x/**/**']\n"])
        // Backtracking took minutes here; the benchmark's scaling cases time it.
        let run = try runRibslint(["--no-cache", "--only-rule", "router_child_reference"], in: project)
        #expect(run.stdout.contains("B.swift:3:9: error:"))
    }

    @Test("a line of 20,000 statements run on has the note of its first, found without diagnosing the others")
    func runOnStatements() throws {
        // Every statement's diagnosis measured its line from the start: this took minutes; the benchmark's scaling
        // cases time it.
        let line = Array(repeating: "router_child_reference", count: 20_000).joined(separator: " ")
        let project = try makeProject(["Long.swift": "let a = 1\n" + line + "\n", "B.swift": violating])
        let run = try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "."], in: project)
        #expect(run.status == 1)
        #expect(run.stderr.contains(
            "Long.swift:2:23: warning: swift-syntax could not fully parse this file (consecutive statements on a line must be separated by newline or ';')"),
            "\(run.stderr)")
        #expect(run.stdout.contains("B.swift:3:9: error:"))
    }

    @Test("when listed files show no project, an unused `disable all` is judged against the rules that ran")
    func unusedDisableAll() throws {
        let project = try makeProject(["A.swift": "// ribslint:disable all\nlet a = 1\n"])
        let run = try runRibslint(["A.swift"], in: project)
        #expect(run.stdout.contains("A.swift:1:1: warning: suppression of 'all' silences no finding; remove it (unused_suppression)"))
    }
}

@Suite("Folders that cannot be read")
struct UnreadableFolderTests {
    @Test("a file name that is not UTF-8 is reported, exit 2; the other files are linted")
    func nonUTF8Name() throws {
        let project = try makeProject(["B.swift": "import RIBs\nfinal class BRouter: Router<BInteractable> {\n    var child: ChildRouting?\n}\n"])
        // A Latin-1 byte in the name: made with the C library, as Foundation paths are strings.
        let path = Array((project.path + "/Latin").utf8) + [0xE9] + Array(".swift".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        let run = try runRibslint(["--no-cache", "--only-rule", "router_child_reference", "."], in: project)
        #expect(run.status == 2)
        #expect(run.stderr.contains(".: error: a name in this folder is not UTF-8; skipped"))
        #expect(run.stdout.contains("B.swift:3:9: error:"))
    }

    @Test("a folder that cannot be listed is reported, exit 2 (run as nobody when the tests run as root: root lists anything)")
    func unlistableFolder() throws {
        let project = try makeProject(["Locked/A.swift": "let a = 1\n", "B.swift": "let b = 1\n"])
        let locked = project.appendingPathComponent("Locked").path
        let binary = project.appendingPathComponent("ribslint").path
        try FileManager.default.copyItem(atPath: ribslintBinary.path, toPath: binary)
        for path in [project.path, binary, project.appendingPathComponent("B.swift").path] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }
        let command = "cd '\(project.path)' && ./ribslint --no-cache ."
        let run = try runProcess("/bin/sh", getuid() == 0 ? ["-c", "su nobody -s /bin/sh -c \"\(command)\""] : ["-c", command], in: project)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("Locked: error: cannot list the folder (permission denied); skipped"))
    }
}
