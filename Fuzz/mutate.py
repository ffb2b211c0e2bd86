#!/usr/bin/env python3
"""Mutation fuzzing of the `ribslint` binary over generated RIB code: the benchmark's generator writes a small
RIBs app, each round mutates one of its files (bytes deleted, duplicated, swapped, brackets or nesting
inserted, line endings changed, a byte-order mark added) and lints the tree. Any exit code but 0, 1 and 2, a
signal, or a run past the time limit is a finding: the mutated file is kept under Fuzz/artifacts/mutate/.

With --fix each round runs `ribslint --fix` instead, and each file it rewrote must also keep its byte-order
mark and its kinds of line break, and parse with `swiftc -parse` where the file it replaced did.

    python3 Fuzz/mutate.py [--rounds 500] [--seed 1] [--binary .build/debug/ribslint] [--fix]
"""
import argparse, os, random, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import bench  # noqa: E402

MUTATIONS = [
    lambda data, rng: data[:rng.randrange(len(data) + 1)],
    lambda data, rng: (lambda i, j: data[:i] + data[j:])(*sorted((rng.randrange(len(data) + 1), rng.randrange(len(data) + 1)))),
    lambda data, rng: (lambda i: data[:i] + data[i:i + 64] * rng.randint(2, 40) + data[i:])(rng.randrange(len(data) + 1)),
    lambda data, rng: (lambda i: data[:i] + rng.choice([b"[", b"(", b"{", b"<", b"#if A\n", b"\"", b"/*"]) * rng.randint(1, 400) + data[i:])(rng.randrange(len(data) + 1)),
    lambda data, rng: data.replace(b"\n", rng.choice([b"\r", b"\r\n", b"\n\n"])),
    lambda data, rng: b"\xef\xbb\xbf" + data,
    lambda data, rng: (lambda i: data[:i] + bytes([rng.randrange(256)]) + data[i + 1:])(rng.randrange(max(1, len(data)))),
    lambda data, rng: (lambda i: data[:i] + b"// ribslint:" + rng.choice([b"disable all", b"enable x", b"disable:previous", b"disable:next"]) + b"\n" + data[i:])(rng.randrange(len(data) + 1)),
]


FIXABLE = {
    "FixableInteractor.swift": "import RIBs\n\nprotocol FixableListener: AnyObject {}\n\n"
    "final class FixableInteractor: PresentableInteractor<FixablePresentable>, FixableInteractable {\n"
    "    var listener: FixableListener?\n}\n",
    "FixableViewController.swift": "import RIBs\nimport UIKit\n\nprotocol FixablePresentableListener: AnyObject {}\n\n"
    "final class FixableViewController: UIViewController, FixablePresentable, FixableViewControllable {\n"
    "    weak var listener: FixablePresentableListener?\n}\n",
}


def line_breaks(data):
    """The kinds of line break in `data`: crlf, cr (alone), lf (alone)."""
    kinds = set()
    if b"\r\n" in data:
        kinds.add("crlf")
    if b"\r" in data.replace(b"\r\n", b""):
        kinds.add("cr")
    if b"\n" in data.replace(b"\r\n", b""):
        kinds.add("lf")
    return kinds


def parses(data, scratch):
    probe = os.path.join(scratch, "probe.swift")
    with open(probe, "wb") as handle:
        handle.write(data)
    return subprocess.run(["swiftc", "-parse", probe], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def fix_problem(before, after, path, scratch):
    """What is wrong with the text --fix wrote over `before`, or None."""
    bom = b"\xef\xbb\xbf"
    if before.startswith(bom) != after.startswith(bom) or after[3:].find(bom) >= 0 and before[3:].find(bom) < 0:
        return "byte-order mark moved"
    if not line_breaks(after) <= line_breaks(before) | ({"lf"} if not line_breaks(before) else set()):
        return f"line breaks {sorted(line_breaks(before))} became {sorted(line_breaks(after))}"
    if parses(before, scratch) and not parses(after, scratch):
        return "no longer parses"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "ribslint"))
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--fix", action="store_true", help="run --fix, and check what it wrote")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    scratch = tempfile.mkdtemp(prefix="ribslint-mutate-")
    artifacts = os.path.join(ROOT, "Fuzz", "artifacts", "mutate")
    findings = 0
    codes = {}
    fixes = [0]
    try:
        tree = os.path.join(scratch, "app")
        bench.generate(12, tree)
        if arguments.fix:
            # A RIB whose findings --fix fixes: a strong listener, a protocol in the view controller's file.
            os.makedirs(os.path.join(tree, "Fixable"), exist_ok=True)
            for name, text in FIXABLE.items():
                with open(os.path.join(tree, "Fixable", name), "w") as handle:
                    handle.write(text)
        files = sorted(os.path.join(d, n) for d, _, names in os.walk(tree) for n in names if n.endswith(".swift"))
        originals = {path: open(path, "rb").read() for path in files}
        for round in range(arguments.rounds):
            path = rng.choice(files)
            mutated = originals[path]
            for _ in range(rng.randint(1, 3)):
                mutated = rng.choice(MUTATIONS)(mutated, rng)
            with open(path, "wb") as handle:
                handle.write(mutated)
            before = {other: (mutated if other == path else originals[other]) for other in files}
            command = [arguments.binary, "lint", "--no-cache", "--quiet", "--parse-budget", "5"] + (["--fix"] if arguments.fix else []) + [tree]
            try:
                result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=arguments.timeout)
                code = result.returncode
            except subprocess.TimeoutExpired:
                code = "timeout"
            if arguments.fix and code in (0, 1, 2):
                for other in files:
                    after = open(other, "rb").read()
                    if after != before[other]:
                        fixes[0] += 1
                        problem = fix_problem(before[other], after, other, scratch)
                        if problem:
                            code = "fix: " + problem
                            path, mutated = other, before[other]
                            break
            codes[code] = codes.get(code, 0) + 1
            if code not in (0, 1, 2):
                findings += 1
                os.makedirs(artifacts, exist_ok=True)
                kept = os.path.join(artifacts, f"round-{round}-{code}-{os.path.basename(path)}")
                with open(kept, "wb") as handle:
                    handle.write(mutated)
                print(f"round {round}: exit {code} on {os.path.relpath(path, tree)} (kept as {kept})", file=sys.stderr)
            for other in (files if arguments.fix else [path]):
                with open(other, "wb") as handle:
                    handle.write(originals[other])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{arguments.rounds} rounds, exit codes {dict(sorted(codes.items(), key=str))}, {findings} finding(s)"
          + (f", {fixes[0]} fixed files checked" if arguments.fix else ""))
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
