#!/usr/bin/env python3
"""The differential check: every way of running ribslint on a tree gives the same report, byte for byte, and a
change to the engine leaves reports and graphs as they were.

    python3 scripts/differential.py --binary .build/debug/ribslint Examples ~/src/App
    python3 scripts/differential.py --binary new/ribslint --reference old/ribslint ~/src/App   # before and after
    python3 scripts/differential.py --binary .build/debug/ribslint --generated 120              # plus a generated tree

For each tree and each profile (ribs, swiftui-rib, viper and composable-ribs, every opt-in rule on), it runs:
  - a cold run (an empty cache), a warm run (the cache it wrote), `--no-cache` on 1 and on 8 jobs: the JSON
    reports must be equal byte for byte;
  - a run of each of up to `--listed` files alone (a pre-commit hook's run, with the warm cache and without):
    its findings in that file must be the full run's, and all it reports must be in the full run's report;
  - `ribslint facts` of the whole tree on 1 job, and of each of its top-level folders apart on 8 (a build system's
    targets, taken without each other's types in view), each merged by `ribslint check --facts`: the reports must
    be the cold run's, byte for byte;
  - `ribslint graph --format json` for the profiles that draw a tree;
and with `--reference`, the same reports and graphs from the other binary, which must be equal to these.
A generated tree (`--generated N`: the benchmark's synthetic monorepo of N files) gets nested configurations
that turn rules off, exclude a folder and change a severity, so that scoping is part of what is compared, and
a RIB cycle across two files, each of which, linted alone, must report it.
Exits 1 naming each difference, 0 when there is none.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import bench  # noqa: E402  (the synthetic monorepo)

# Every rule of each profile on: the opt-in rules and the options that widen what rules look at.
PROFILES = {
    "ribs": "profile: ribs\nopt_in_rules: [weak_self_capture, rib_test_presence, back_navigation]\n"
            "rules:\n  create_mock_annotation:\n    sourcery: on\n",
    "swiftui-rib": "profile: swiftui-rib\n",
    "viper": "profile: viper\nopt_in_rules: [viper_task_cancellation]\n",
    "composable-ribs": "profile: composable-ribs\n",
}
GRAPH_PROFILES = ("ribs", "swiftui-rib", "composable-ribs")

# Nested configurations planted in a generated tree: a folder's own rules, an excluded folder, a severity.
NESTED = {
    # Custom rules: one over roles read across files, one over imports; a folder below turns one off.
    "Modules/Module000": (
        "disabled_rules: [weak_listener, interactor_dispose_bag]\n"
        "custom_rules:\n"
        "  routes_pop:\n"
        "    message: \"{{subject}} pops {{count}} times\"\n"
        "    select: { member: { role: router, name: \"route*\" } }\n"
        "    require: { call: { name: pop } }\n"
        "  routers_import_no_foundation:\n"
        "    severity: error\n"
        "    message: \"{{match}} in {{subject}}\"\n"
        "    select: { type: { role: router } }\n"
        "    forbid: { import: { name: [Foundation, RIBs] } }\n"
    ),
    "Modules/Module000/Sources/M000Feature00003": "disabled_rules: [routes_pop]\n",
    "Modules/Module001": "excluded: ['Sources/M001Feature00030']\n",
    "Modules/Module002/Sources": "rules:\n  router_ui_access:\n    severity: error\n",
}


class Differences:
    def __init__(self):
        self.found = []

    def expect_equal(self, what, left, right):
        if left != right:
            self.found.append(what)
            print(f"DIFFERENT: {what}", file=sys.stderr)


def run(command, cwd):
    """Runs a command; exit 0 or 1 (findings) is a report, anything else stops the check."""
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr.decode(errors='replace')}")
    return done.stdout


# Folders ribslint's walk skips (hidden ones too): a file inside is linted only when named, so a run that lists it
# reports what the full run leaves out, as it should.
SKIPPED_FOLDERS = ("Pods", "Carthage", "SourcePackages", "DerivedData")


def walked(folder_name):
    return not (folder_name.startswith(".") or folder_name.endswith(".xctemplate") or folder_name in SKIPPED_FOLDERS)


def swift_files(tree, limit):
    """Up to `limit` of the Swift files the tree's walk reaches, spread evenly over their sorted list."""
    found = []
    for folder, folders, names in os.walk(tree):
        folders[:] = [name for name in folders if walked(name)]
        found += [os.path.relpath(os.path.join(folder, name), tree) for name in names if name.endswith(".swift") and not name.startswith(".")]
    found.sort()
    if limit <= 0:
        return []
    if len(found) <= limit:
        return found
    step = len(found) / limit
    return [found[int(position * step)] for position in range(limit)]


def top_level_groups(tree):
    """The tree cut as a build system cuts a project into targets: each top-level folder the walk reaches, and its
    top-level Swift files together."""
    entries = sorted(os.listdir(tree))
    folders = [[name] for name in entries if os.path.isdir(os.path.join(tree, name)) and walked(name)]
    files = [name for name in entries if name.endswith(".swift") and not name.startswith(".") and os.path.isfile(os.path.join(tree, name))]
    return folders + ([files] if files else [])


def artifacts(binary, tree, profile, scratch, differences, listed_limit, jobs):
    """The reports and graph of one binary on one tree under one profile; checks the ways of running agree."""
    config = os.path.join(scratch, f"{profile}.yml")
    with open(config, "w") as handle:
        handle.write(PROFILES[profile] + f"included: [{json.dumps(tree)}]\n")
    cache = os.path.join(scratch, f"{profile}.cache")
    if os.path.exists(cache):
        os.remove(cache)
    lint = [binary, "lint", "--config", config, "--reporter", "json", "--quiet", "--allow-zero-files", "--base-path", tree]
    name = f"{os.path.basename(tree)} [{profile}]"
    cold = run(lint + ["--cache-path", cache, "--jobs", str(jobs)], tree)
    warm = run(lint + ["--cache-path", cache, "--jobs", str(jobs)], tree)
    differences.expect_equal(f"{name}: warm run differs from cold", cold, warm)
    for threads in (1, 8):
        uncached = run(lint + ["--no-cache", "--jobs", str(threads)], tree)
        differences.expect_equal(f"{name}: --no-cache --jobs {threads} differs from cold", cold, uncached)
    facts = [binary, "facts", "--config", config, "--quiet", "--allow-zero-files", "--base-path", tree]
    check = [binary, "check", "--config", config, "--reporter", "json", "--quiet", "--allow-zero-files", "--base-path", tree]
    whole = os.path.join(scratch, f"{profile}-whole.facts.json")
    run(facts + ["--jobs", "1", "-o", whole], tree)
    differences.expect_equal(f"{name}: check of the whole tree's facts differs from cold", cold, run(check + ["--facts", whole], tree))
    parts = []
    for group in top_level_groups(tree):
        parts.append(os.path.join(scratch, f"{profile}-part{len(parts)}.facts.json"))
        run(facts + ["--jobs", "8", "-o", parts[-1], "--"] + group, tree)
    differences.expect_equal(f"{name}: check of each top-level folder's facts differs from cold", cold, run(check + ["--facts"] + parts, tree))
    findings = json.loads(cold)["findings"]
    listed = swift_files(tree, listed_limit)
    cycle_files = [path for path in CYCLE if os.path.exists(os.path.join(tree, path))] if listed_limit and profile == "ribs" else []
    for relative in listed + cycle_files:
        expected = [finding for finding in findings if finding["file"] == relative]
        for mode in (["--cache-path", cache], ["--no-cache"]):
            alone = json.loads(run(lint + mode + ["--jobs", str(jobs), "--", relative], tree))["findings"]
            # Its own findings, and no other than the full run's: a project finding about it may point elsewhere
            # (the reference that closes a RIB cycle its own references are part of).
            differences.expect_equal(f"{name}: {relative} linted alone ({mode[0]}) differs from the full run",
                                     expected, [finding for finding in alone if finding["file"] == relative])
            strays = [finding for finding in alone if finding not in findings]
            differences.expect_equal(f"{name}: {relative} linted alone ({mode[0]}) reports what the full run does not", [], strays)
            if relative in cycle_files:
                differences.expect_equal(f"{name}: {relative} linted alone ({mode[0]}) misses the RIB cycle it is part of", True,
                                         any(finding["rule"] == "rib_cycle" for finding in alone))
    outputs = {f"lint {profile}": cold}
    if profile in GRAPH_PROFILES:
        graph = [binary, "graph", "--config", config, "--format", "json"]
        done = subprocess.run(graph, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        # A tree without Swift files has no graph (exit 2): that, too, must stay as it was.
        outputs[f"graph {profile}"] = done.stdout + f"\nexit {done.returncode}".encode()
    return outputs


# A RIB cycle across two files of a generated tree: each file's run alone must still see it.
CYCLE = {
    "Modules/Module003/Sources/Loop/LoopABuilder.swift":
        "import RIBs\nfinal class LoopABuilder: Builder<LoopADependency>, LoopABuildable {\n"
        "    func build() -> LoopARouting { LoopARouter(b: LoopBBuilder(dependency: dependency)) }\n}\n",
    "Modules/Module003/Sources/Loop/LoopBBuilder.swift":
        "import RIBs\nfinal class LoopBBuilder: Builder<LoopBDependency>, LoopBBuildable {\n"
        "    func build() -> LoopBRouting { LoopBRouter(a: LoopABuilder(dependency: dependency)) }\n}\n",
}


def plant_configurations(tree):
    for folder, text in NESTED.items():
        os.makedirs(os.path.join(tree, folder), exist_ok=True)
        with open(os.path.join(tree, folder, ".ribslint.yml"), "w") as handle:
            handle.write(text)
    for path, text in CYCLE.items():
        os.makedirs(os.path.dirname(os.path.join(tree, path)), exist_ok=True)
        with open(os.path.join(tree, path), "w") as handle:
            handle.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("trees", nargs="*", help="folders of Swift code (each is copied first; nothing is written into it)")
    parser.add_argument("--binary", required=True, help="the ribslint under test")
    parser.add_argument("--reference", help="another ribslint whose reports and graphs must be the same")
    parser.add_argument("--generated", type=int, default=0, help="also check a generated monorepo of this many files, with nested configurations")
    parser.add_argument("--listed", type=int, default=8, help="how many files of each tree to lint alone (default 8)")
    parser.add_argument("--jobs", type=int, default=2, help="threads of the cold, warm and listed runs (default 2)")
    parser.add_argument("--profile", action="append", choices=sorted(PROFILES), help="only this profile (repeatable); default: all four")
    arguments = parser.parse_args()
    if not arguments.trees and not arguments.generated:
        parser.error("give a tree or --generated N")
    profiles = arguments.profile or list(PROFILES)
    differences = Differences()
    scratch = tempfile.mkdtemp(prefix="ribslint-differential-")
    try:
        trees = []
        for position, tree in enumerate(arguments.trees):
            if not os.path.isdir(tree):
                sys.exit(f"{tree}: not a folder")
            # A copy in a folder of its own, without a git repository above it: the same paths for both binaries,
            # and the configuration written beside it, not into it.
            copy = os.path.join(scratch, f"tree{position}", os.path.basename(os.path.abspath(tree)))
            shutil.copytree(tree, copy, symlinks=True, ignore=shutil.ignore_patterns(".git", ".build"))
            trees.append(copy)
        if arguments.generated:
            generated = os.path.join(scratch, "generated", "Monorepo")
            bench.generate(arguments.generated, generated)
            plant_configurations(generated)
            trees.append(generated)
        for tree in trees:
            for profile in profiles:
                work = os.path.join(scratch, "work")
                os.makedirs(work, exist_ok=True)
                ours = artifacts(os.path.abspath(arguments.binary), tree, profile, work, differences, arguments.listed, arguments.jobs)
                summary = f"{os.path.basename(tree)} [{profile}]: {len(json.loads(ours[f'lint {profile}'])['findings'])} findings"
                before = len(differences.found)
                if arguments.reference:
                    theirs = artifacts(os.path.abspath(arguments.reference), tree, profile, work, differences, 0, arguments.jobs)
                    for key in ours:
                        differences.expect_equal(f"{os.path.basename(tree)}: {key} differs from the reference's", theirs.get(key), ours[key])
                    summary += ", the same as the reference's" if len(differences.found) == before else ", NOT the same as the reference's"
                print(summary)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if differences.found:
        print(f"{len(differences.found)} difference(s)", file=sys.stderr)
        sys.exit(1)
    print("no differences")


if __name__ == "__main__":
    main()
