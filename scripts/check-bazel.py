#!/usr/bin/env python3
"""Builds Integrations/bazel/example with the ribslint aspect in real Bazel and proves what the aspect promises:

    python3 scripts/check-bazel.py .build/release/ribslint [--wrap FOLDER]…

  1. a first build takes the facts of each of the five targets and checks the app once;
  2. a second build executes nothing;
  3. an edit to a method's body executes exactly that target's facts action and the check (a new declaration: the
     facts of the targets depending on it too, whose roles may change);
  4. the baseline given to the aspect is read by the checks alone: changing it re-runs only the check; so is what
     `.ribslint.yml` says of which rules are on and how severe (the facts actions read only what `ribslint
     facts-configuration` keeps of it, made again in one small action), while a change of a rule's options re-runs
     the facts of every target;
  5. a second clone of the workspace with the same --disk_cache executes no action, and so does a third one with
     the same --remote_cache (an HTTP cache served here, as nginx with WebDAV would);
  6. the SARIF and the exit code the build writes are `ribslint lint --reporter sarif`'s over the same files;
  7. --@ribslint//:fail_on_violation fails the build on the app's findings, and the patch output group holds
     what `ribslint lint --fix --dry-run` prints.
With --wrap FOLDER (repeatable), a folder of Swift code (a public app) is also made a workspace — a library per
folder, an app depending on them all — built twice and compared with the command line. It installs Debian's
bazel-bootstrap when no `bazel` is on the PATH, and prints each build's executed actions and time. Exits 1 naming
what failed.
"""
import http.server, json, os, shutil, socketserver, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Cache(http.server.BaseHTTPRequestHandler):
    """Bazel's HTTP remote cache protocol: GET and PUT of /ac/<hash> and /cas/<hash>, over HTTP/1.1 as Bazel requires."""
    protocol_version = "HTTP/1.1"
    store = {}

    def do_GET(self):
        body = self.store.get(self.path)
        self.send_response(200 if body is not None else 404)
        self.send_header("Content-Length", str(len(body or b"")))
        self.end_headers()
        if body:
            self.wfile.write(body)

    def do_HEAD(self):
        self.send_response(200 if self.path in self.store else 404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_PUT(self):
        self.store[self.path] = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *_):
        pass


def spawns(log_path):
    """The actions a build ran, from --execution_log_json_file (a stream of JSON objects): (mnemonic, cache hit)."""
    text, decoder, position, found = open(log_path).read(), json.JSONDecoder(), 0, []
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position >= len(text):
            return found
        entry, position = decoder.raw_decode(text, position)
        found.append((entry.get("mnemonic", ""), bool(entry.get("remoteCacheHit"))))


# Edits of one file of the example: inside a method's body, and a new declaration.
BODY_EDIT = ("        listener?.feedDidClose()\n", "        listener?.feedDidClose()\n        router = nil\n")
DECLARATION_EDIT = ("final class FeedInteractor", "extension FeedInteractor {\n    func refresh() {}\n}\n\nfinal class FeedInteractor")


class Workspace:
    def __init__(self, scratch, name, binary):
        self.root = os.path.join(scratch, name)
        shutil.copytree(os.path.join(ROOT, "Integrations", "bazel"), self.root)
        self.example = os.path.join(self.root, "example")
        self.user_root = os.path.join(scratch, "bazel-" + name)
        self.scratch = scratch
        self.env = dict(os.environ, RIBSLINT_BINARY=binary)
        self.builds = 0

    def bazel(self, *arguments, check=True):
        command = ["bazel", f"--output_user_root={self.user_root}"] + list(arguments)
        done = subprocess.run(command, cwd=self.example, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if check and done.returncode != 0:
            sys.exit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr[-4000:]}")
        return done

    def build(self, label, *flags, target="//...", check=True):
        """Builds with the aspect; returns the executed actions by mnemonic and the build's exit code."""
        self.builds += 1
        log = os.path.join(self.scratch, f"{os.path.basename(self.root)}-{self.builds}.log.json")
        started = time.monotonic()
        done = self.bazel("build", target, "--config=ribslint", f"--execution_log_json_file={log}", *flags, check=check)
        seconds = time.monotonic() - started
        executed = {}
        for mnemonic, hit in spawns(log):
            if not hit:
                executed[mnemonic] = executed.get(mnemonic, 0) + 1
        print(f"{label}: {sum(executed.values())} actions executed {dict(sorted(executed.items()))}, {seconds:.1f} s")
        return executed, done

    def edit(self, path, old, new):
        """Replaces `old` with `new` in one file of the workspace."""
        path = os.path.join(self.example, path)
        text = open(path).read()
        if old not in text:
            sys.exit(f"{path} does not hold {old!r}")
        open(path, "w").write(text.replace(old, new))

    def output(self, name):
        return open(os.path.join(self.example, "bazel-bin", "App", name)).read()


# Folders ribslint's walk skips; a wrapped tree's targets leave them out too.
SKIPPED = ("Pods", "Carthage", "SourcePackages", "DerivedData")


def wrap(tree, scratch, binary):
    """Makes a Bazel workspace of a folder of Swift code: one library per folder holding Swift files, and an app
    (tagged `ribslint-check`) depending on all of them, with the example's tools and the tree's `.ribslint.yml`.
    Builds it with the aspect twice and compares the SARIF with the command line's over the same files."""
    workspace = Workspace(scratch, "wrapped-" + os.path.basename(tree), binary)
    for name in os.listdir(workspace.example):
        if name not in ("WORKSPACE", ".bazelrc", "tools"):
            path = os.path.join(workspace.example, name)
            shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.remove(path)
    source = os.path.join(workspace.example, "src")
    shutil.copytree(tree, source, symlinks=True, ignore=shutil.ignore_patterns(".git", ".build", "BUILD", "BUILD.bazel", "WORKSPACE"))
    configuration = os.path.join(tree, ".ribslint.yml")
    shutil.copy(configuration, os.path.join(workspace.example, ".ribslint.yml")) if os.path.exists(configuration) else \
        open(os.path.join(workspace.example, ".ribslint.yml"), "w").write("included: [src]\n")
    libraries = []
    for folder, folders, names in os.walk(source):
        folders[:] = sorted(name for name in folders if not name.startswith(".") and not name.endswith(".xctemplate") and name not in SKIPPED)
        if not any(name.endswith(".swift") and not name.startswith(".") for name in names):
            continue
        package = os.path.relpath(folder, workspace.example)
        with open(os.path.join(folder, "BUILD.bazel"), "w") as handle:
            handle.write('load("//tools/swift:swift.bzl", "swift_library")\n\n'
                         'swift_library(name = "lib", srcs = glob(["*.swift"]), visibility = ["//visibility:public"])\n')
        libraries.append(f"//{package}:lib")
    with open(os.path.join(workspace.example, "BUILD.bazel"), "w") as handle:
        handle.write('load("//tools/swift:swift.bzl", "swift_library")\n\n'
                     'load("@ribslint//:defs.bzl", "ribslint_configs")\n\n'
                     'ribslint_configs(name = "ribslint_configs", srcs = [".ribslint.yml"], visibility = ["//visibility:public"])\n\n'
                     f'swift_library(name = "app", tags = ["ribslint-check"], deps = {json.dumps(libraries)})\n')
    with open(os.path.join(workspace.example, "tools", "lint", "linters.bzl"), "w") as handle:
        handle.write('load("@ribslint//:defs.bzl", "ribslint_aspect")\n\n'
                     'ribslint = ribslint_aspect(binary = Label("@ribslint_binary//:ribslint"), configs = Label("//:ribslint_configs"))\n')
    executed, _ = workspace.build(f"{os.path.basename(tree)} wrapped in {len(libraries)} targets, cold")
    again, _ = workspace.build(f"{os.path.basename(tree)} again")
    lint = subprocess.run([binary, "lint", "--no-cache", "--base-path", ".", "--reporter", "sarif", "--sarif-no-root-uri", "--quiet", "src"],
                          cwd=workspace.example, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sarif = open(os.path.join(workspace.example, "bazel-bin", "app.ribslint.sarif")).read()
    results = len(json.loads(sarif)["runs"][0]["results"])
    workspace.bazel("shutdown", check=False)
    same = sarif == lint.stdout
    print(f"{os.path.basename(tree)}: {results} results, {'the same as' if same else 'NOT the same as'} the command line's")
    return executed.get("RibslintFacts") == len(libraries) and not again and same


def main():
    arguments = sys.argv[1:]
    wrapped = []
    while "--wrap" in arguments:
        at = arguments.index("--wrap")
        wrapped.append(os.path.abspath(arguments[at + 1]))
        del arguments[at:at + 2]
    if len(arguments) != 1:
        sys.exit(__doc__)
    binary = os.path.abspath(arguments[0])
    if shutil.which("bazel") is None:
        subprocess.run(["apt-get", "update", "-qq"], check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["apt-get", "install", "-y", "-qq", "bazel-bootstrap"], check=True, stdout=subprocess.DEVNULL)
    failures = []

    def expect(what, condition):
        if not condition:
            failures.append(what)
            print(f"FAILED: {what}", file=sys.stderr)

    scratch = tempfile.mkdtemp(prefix="ribslint-bazel-")
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Cache)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    remote = f"--remote_cache=http://127.0.0.1:{server.server_address[1]}"
    disk = f"--disk_cache={os.path.join(scratch, 'disk-cache')}"
    workspaces = []
    try:
        one = Workspace(scratch, "one", binary)
        workspaces.append(one)
        executed, _ = one.build("first build", disk, remote)
        expect("the first build takes the facts of 5 targets and checks the app once",
               executed.get("RibslintFacts") == 5 and executed.get("RibslintCheck") == 1)
        executed, _ = one.build("second build, nothing changed", disk, remote)
        expect("a second build executes nothing", not executed)

        one.edit("Modules/Feed/FeedInteractor.swift", *BODY_EDIT)
        executed, _ = one.build("an edit to a method's body in Feed", disk, remote)
        expect("an edit to a body executes exactly Feed's facts and the check",
               executed == {"RibslintFacts": 1, "RibslintCheck": 1})
        # A new declaration is a change of Feed's types: its dependents' facts are taken again too.
        one.edit("Modules/Feed/FeedInteractor.swift", *DECLARATION_EDIT)
        executed, _ = one.build("a new declaration in Feed", disk, remote)
        expect("a new declaration executes the facts of Feed and of the targets depending on it (LoggedIn, App), and the check",
               executed == {"RibslintFacts": 3, "RibslintCheck": 1})

        # The baseline is the checks' input alone: emptied, only the check runs again (and reports what it held).
        baseline = os.path.join(one.example, "ribslint-baseline.json")
        recorded = json.load(open(baseline))
        expect("the example's baseline holds an entry", len(recorded["entries"]) == 1)
        recorded["entries"] = []
        json.dump(recorded, open(baseline, "w"))
        executed, _ = one.build("the baseline emptied", disk, remote)
        expect("a changed baseline executes the check alone", executed == {"RibslintCheck": 1})
        expect("the check reports what the baseline held", "weak_listener" in one.output("App.ribslint.report"))

        # What `.ribslint.yml` says of rules on and severities is the checks' alone; a rule's options are the facts'.
        configuration, feed = os.path.join(one.example, ".ribslint.yml"), os.path.join(one.example, "Modules", "Feed", ".ribslint.yml")
        original, feed_original = open(configuration).read(), open(feed).read()
        open(configuration, "w").write(original + "disabled_rules: [router_child_reference]\n")
        open(feed, "w").write(feed_original.replace("severity: error", "severity: warning"))
        executed, _ = one.build("a rule turned off in .ribslint.yml, a severity changed in Feed's", disk, remote)
        expect("turning a rule off and changing a severity executes no facts action: the facts configuration and the check",
               executed == {"RibslintFactsConfiguration": 1, "RibslintCheck": 1})
        report = one.output("App.ribslint.report")
        expect("the check applies them: router_ui_access a warning, router_child_reference off",
               "warning: router sets" in report and "error: router sets" not in report and "router_child_reference" not in report)
        open(configuration, "w").write(original + "rules:\n  router_ui_access: { ui_types: [UIAlertController] }\n")
        executed, _ = one.build("a rule's option changed in .ribslint.yml", disk, remote)
        expect("a rule's option executes the facts of every target and the check",
               executed == {"RibslintFactsConfiguration": 1, "RibslintFacts": 5, "RibslintCheck": 1})
        open(configuration, "w").write(original)
        open(feed, "w").write(feed_original)
        executed, _ = one.build(".ribslint.yml as it was", disk, remote)
        expect(".ribslint.yml as it was executes nothing but what it is made from", "RibslintFacts" not in executed)

        # The SARIF and exit code the build wrote are the command line's over the same files.
        lint = subprocess.run([binary, "lint", "--no-cache", "--base-path", ".", "--reporter", "sarif", "--sarif-no-root-uri"],
                              cwd=one.example, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        expect("the command line finds the example's planted violations", lint.returncode == 1)
        expect("the build's SARIF is the command line's", one.output("App.ribslint.sarif") == lint.stdout)
        expect("the build's exit code is the command line's", one.output("App.ribslint.exit_code").strip() == str(lint.returncode))
        human = subprocess.run([binary, "lint", "--no-cache", "--base-path", ".", "--quiet"], cwd=one.example,
                               stdout=subprocess.PIPE, text=True).stdout
        expect("the build's report is the command line's", one.output("App.ribslint.report") == human)
        print(f"SARIF: {len(json.loads(lint.stdout)['runs'][0]['results'])} results, the same as the command line's")
        sarif_path = os.path.join(one.example, "bazel-bin", "App", "App.ribslint.sarif")
        expect("the build's SARIF passes the schema and GitHub's checklist",
               subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "check-sarif.py"), sarif_path]).returncode == 0)

        # Failing on findings, when asked; the patch, when asked.
        _, failed = one.build("with --@ribslint//:fail_on_violation", "--@ribslint//:fail_on_violation", disk, target="//App", check=False)
        expect("--@ribslint//:fail_on_violation fails the build on the app's findings",
               failed.returncode != 0 and "router_ui_access" in failed.stderr)
        one.build("the patch output group", "--output_groups=rules_lint_patch", disk, target="//App")
        fixes = subprocess.run([binary, "lint", "--no-cache", "--base-path", ".", "--fix", "--dry-run", "--quiet"], cwd=one.example,
                               stdout=subprocess.PIPE, text=True).stdout
        expect("the patch is `ribslint lint --fix --dry-run`'s", one.output("App.ribslint.patch") == fixes and "+++" in fixes)

        # Another clone, the same disk cache; a third, the same remote cache: no facts taken again.
        # The source as `one` last built it, before its baseline was emptied.
        for name, cache, label in (("two", disk, "--disk_cache"), ("three", remote, "--remote_cache")):
            clone = Workspace(scratch, name, binary)
            workspaces.append(clone)
            clone.edit("Modules/Feed/FeedInteractor.swift", *BODY_EDIT)
            clone.edit("Modules/Feed/FeedInteractor.swift", *DECLARATION_EDIT)
            executed, _ = clone.build(f"another clone with the same {label}", cache)
            expect(f"another clone with the same {label} executes nothing", not executed)
        for tree in wrapped:
            expect(f"{tree}, wrapped: every target's facts taken once, nothing again, the command line's SARIF", wrap(tree, scratch, binary))
    finally:
        for workspace in workspaces:
            workspace.bazel("shutdown", check=False)
        server.shutdown()
        shutil.rmtree(scratch, ignore_errors=True)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")
    print("the Bazel aspect: cached, incremental and the same as the command line")


if __name__ == "__main__":
    main()
