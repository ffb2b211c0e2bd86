#!/usr/bin/env python3
"""--fix against an editor that saves while it runs: no save may be lost, no temporary file left behind.

Writes FILES interactors, each with a strong listener that `--fix` makes weak, then for each trial runs
`ribslint --fix` over them while an "editor" keeps saving random files (half by atomic rename, half in
place), each save adding a numbered marker line to the text it last saved. After the run every file must hold
its editor's last marker (the fix may or may not be in it), and no `.ribslint-` temporary file may remain.
With --interrupt, each trial also sends SIGINT or SIGTERM to ribslint at a random moment: every file must then
be its original, its fixed text or an editor's save, whole.

    scripts/fix-race.py --binary .build/release/ribslint --files 3000 --trials 10
"""
import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ORIGINAL = """import RIBs

protocol Screen{n}Listener: AnyObject {{}}

final class Screen{n}Interactor: Interactor, Screen{n}Interactable {{
    var listener: Screen{n}Listener?
}}
"""


def path_of(root, n):
    return os.path.join(root, f"Feature{n // 100}", f"Screen{n}Interactor.swift")


def generate(root, count):
    for n in range(count):
        os.makedirs(os.path.dirname(path_of(root, n)), exist_ok=True)
        with open(path_of(root, n), "w") as f:
            f.write(ORIGINAL.format(n=n))


def save(path, text, atomic):
    if atomic:
        temporary = path + ".editor~"
        with open(temporary, "w") as f:
            f.write(text)
        os.replace(temporary, path)
    else:
        with open(path, "r+") as f:
            f.truncate(0)
            f.write(text)


def trial(binary, root, count, rng, interrupt, pause):
    generate(root, count)
    buffers = {n: ORIGINAL.format(n=n) for n in range(count)}
    last = {}
    # Standard error to a file: a pipe nobody reads until the end would stall a run that says much.
    log = open(os.path.join(root, "..", os.path.basename(root) + ".log"), "w+")
    process = subprocess.Popen(
        [binary, "lint", "--fix", "--no-cache", "--only-rule", "weak_listener", "--jobs", "2", "."],
        cwd=root, stdout=subprocess.DEVNULL, stderr=log, text=True)
    started = time.time()
    stop_at = started + rng.uniform(0.2, 3.0) if interrupt else None
    sent = None
    saves = 0
    while process.poll() is None:
        if stop_at and sent is None and time.time() >= stop_at:
            sent = rng.choice([signal.SIGINT, signal.SIGTERM])
            process.send_signal(sent)
        n = rng.randrange(count)
        saves += 1
        marker = f"// edit {saves}\n"
        buffers[n] += marker
        last[n] = marker
        save(path_of(root, n), buffers[n], atomic=saves % 2 == 0)
        time.sleep(pause)
    code = process.wait()
    log.seek(0)
    errors = log.read()
    log.close()
    os.unlink(log.name)
    lost = []
    for n, marker in last.items():
        with open(path_of(root, n)) as f:
            text = f.read()
        if marker not in text:
            lost.append(path_of(root, n))
    broken = []
    if interrupt:
        for n in range(count):
            with open(path_of(root, n)) as f:
                text = f.read()
            fixed = ORIGINAL.format(n=n).replace("    var listener", "    weak var listener")
            if n not in last and text not in (ORIGINAL.format(n=n), fixed):
                broken.append(path_of(root, n))
    leftovers = [os.path.join(folder, name) for folder, _, names in os.walk(root) for name in names if ".ribslint-" in name]
    conflicts = errors.count("changed on disk")
    return {"exit": code, "signal": sent, "saves": saves, "edited": len(last), "lost": lost, "broken": broken,
            "leftovers": leftovers, "conflicts": conflicts, "seconds": time.time() - started, "stderr": errors}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--files", type=int, default=3000)
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=1000, help="the editor's saves per second, at most")
    parser.add_argument("--interrupt", action="store_true", help="also send SIGINT or SIGTERM at a random moment")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    binary = os.path.abspath(arguments.binary)
    failed = False
    totals = {"lost": 0, "broken": 0, "leftovers": 0, "conflicts": 0, "saves": 0}
    for number in range(1, arguments.trials + 1):
        root = tempfile.mkdtemp(prefix="ribslint-race-")
        try:
            result = trial(binary, root, arguments.files, rng, arguments.interrupt, 1 / arguments.rate)
        finally:
            pass
        for key in ("lost", "broken", "leftovers"):
            totals[key] += len(result[key])
        totals["conflicts"] += result["conflicts"]
        totals["saves"] += result["saves"]
        crashed = result["exit"] not in (0, 1, 2) and result["signal"] is None
        print(flush=True, end="")
        print(f"trial {number}: {result['seconds']:.1f} s, exit {result['exit']}"
              + (f" after {signal.Signals(result['signal']).name}" if result["signal"] else "")
              + f", {result['saves']} saves to {result['edited']} files, {result['conflicts']} conflicts reported,"
              + f" {len(result['lost'])} lost, {len(result['broken'])} half-written, {len(result['leftovers'])} temporary files left")
        if result["lost"] or result["broken"] or result["leftovers"] or crashed:
            failed = True
            for path in (result["lost"] + result["broken"] + result["leftovers"])[:5]:
                print("   ", path)
            if crashed:
                print(result["stderr"][-2000:])
        else:
            shutil.rmtree(root)
    print(f"{arguments.trials} trials x {arguments.files} files: {totals['saves']} saves, {totals['conflicts']} conflicts reported, "
          f"{totals['lost']} lost edits, {totals['broken']} half-written files, {totals['leftovers']} temporary files left")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
