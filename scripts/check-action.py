#!/usr/bin/env python3
"""Checks action.yml, the composite GitHub Action, as far as this machine can without GitHub: the metadata's
shape (every run step has a shell, every input and step it names exists), then runs its Lint step's script
for real with the given binary on the given folder, as the runner would, and reads what it reports.

    scripts/check-action.py BINARY_FOLDER PROJECT
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
action = yaml.safe_load(open(os.path.join(root, "action.yml")))
problems = []

for key in ("name", "description", "runs"):
    if key not in action:
        problems.append(f"action.yml lacks {key}")
runs = action.get("runs", {})
if runs.get("using") != "composite":
    problems.append("runs.using must be composite")
inputs = set(action.get("inputs", {}))
steps = runs.get("steps", [])
ids = {step["id"] for step in steps if "id" in step}
for number, step in enumerate(steps):
    name = step.get("name", f"step {number}")
    if "run" in step and "shell" not in step:
        problems.append(f"{name}: a composite run step needs a shell")
    if ("run" in step) == ("uses" in step):
        problems.append(f"{name}: a step has either run or uses")
    text = yaml.safe_dump(step)
    for used in re.findall(r"inputs\.([A-Za-z0-9_-]+)", text):
        if used not in inputs:
            problems.append(f"{name}: names input {used}, which action.yml does not declare")
    for used in re.findall(r"steps\.([A-Za-z0-9_-]+)\.", text):
        if used not in ids:
            problems.append(f"{name}: names step {used}, which has no such id")
for name, output in action.get("outputs", {}).items():
    for used in re.findall(r"steps\.([A-Za-z0-9_-]+)\.", output.get("value", "")):
        if used not in ids:
            problems.append(f"output {name} names step {used}, which has no such id")

# The Lint step, run as the runner runs it: bash -e, its env from the inputs' defaults, GITHUB_OUTPUT a file.
binary_folder, project = sys.argv[1], sys.argv[2]
lint = next(step for step in steps if step.get("id") == "lint")
defaults = {name: spec.get("default", "") for name, spec in action.get("inputs", {}).items()}
env = dict(os.environ)
for key, value in lint.get("env", {}).items():
    env[key] = re.sub(r"\$\{\{\s*inputs\.([A-Za-z0-9_-]+)\s*\}\}", lambda m: defaults[m.group(1)], value)
with tempfile.TemporaryDirectory() as scratch:
    env["GITHUB_OUTPUT"] = os.path.join(scratch, "output")
    env["PATH"] = binary_folder + os.pathsep + env["PATH"]
    env["RIBSLINT_SARIF"] = os.path.join(scratch, "ribslint.sarif")
    run = subprocess.run(["bash", "-e", "-c", lint["run"]], cwd=project, env=env, capture_output=True, text=True)
    outputs = dict(line.split("=", 1) for line in open(env["GITHUB_OUTPUT"]).read().splitlines())
    if run.returncode != 0:
        problems.append(f"the Lint step itself failed ({run.returncode}): {run.stderr[-400:]}")
    if outputs.get("exit-code") != "1":
        problems.append(f"the Lint step should report exit-code=1 on a project with errors, got {outputs}")
    if not os.path.getsize(env["RIBSLINT_SARIF"]) > 0:
        problems.append("the Lint step wrote no SARIF")
    annotations = [line for line in run.stdout.splitlines() if line.startswith("::error ") or line.startswith("::warning ")]
    if not annotations:
        problems.append("the Lint step printed no annotations")

# The paths input: one per line, a folder with a space in its name included; or one line split on spaces.
with tempfile.TemporaryDirectory() as scratch:
    router = "import RIBs\nfinal class {0}Router: Router<{0}Interactable> {{\n    var child: ChildRouting?\n}}\n"
    for folder, name in [("My App", "Login"), ("Second", "Home"), ("Third", "Card")]:
        os.makedirs(os.path.join(scratch, folder))
        open(os.path.join(scratch, folder, f"{name}Router.swift"), "w").write(router.format(name))
    for given, expected in [("My App\nSecond\n", {"My%20App/LoginRouter.swift", "Second/HomeRouter.swift"}),
                            ("Second Third", {"Second/HomeRouter.swift", "Third/CardRouter.swift"})]:
        env["RIBSLINT_PATHS"] = given
        env["RIBSLINT_SARIF"] = os.path.join(scratch, "paths.sarif")
        env["GITHUB_OUTPUT"] = os.path.join(scratch, "paths.output")
        run = subprocess.run(["bash", "-e", "-c", lint["run"]], cwd=scratch, env=env, capture_output=True, text=True)
        results = json.load(open(env["RIBSLINT_SARIF"]))["runs"][0]["results"] if run.returncode == 0 else []
        linted = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
        if linted != expected:
            problems.append(f"the paths input {given!r} linted {sorted(linted)}, expected {sorted(expected)}: {run.stderr[-300:]}")

# The step that names the build cache: it must give a hash from the action's sources.
sources = next(step for step in steps if step.get("id") == "sources")
with tempfile.TemporaryDirectory() as scratch:
    output = os.path.join(scratch, "output")
    run = subprocess.run(["bash", "-e", "-c", sources["run"]], env=dict(os.environ, GITHUB_ACTION_PATH=root, GITHUB_OUTPUT=output),
                         capture_output=True, text=True)
    if run.returncode != 0 or not re.fullmatch(r"hash=[0-9a-f]{40}\n", open(output).read()):
        problems.append(f"the sources step gave no hash: {run.stderr[-300:]}")


def fails_job(exit_code, fail_on_findings):
    """The Fail step's `if`, evaluated for one exit code as the runner would."""
    condition = next(step for step in steps if step.get("name") == "Fail on findings")["if"]
    expression = condition.strip()[3:-2]  # inside ${{ … }}
    expression = expression.replace("steps.lint.outputs.exit-code", repr(exit_code))
    expression = expression.replace("inputs.fail-on-findings", repr(fail_on_findings))
    expression = expression.replace("&&", " and ").replace("||", " or ")
    return eval(expression, {"__builtins__": {}})


for code, fail_on_findings, expected in [("0", "true", False), ("1", "true", True), ("1", "false", False), ("2", "false", True),
                                         ("127", "true", True), ("134", "false", True)]:
    if fails_job(code, fail_on_findings) != expected:
        problems.append(f"exit code {code} with fail-on-findings {fail_on_findings} should {'' if expected else 'not '}fail the job")

if problems:
    for problem in problems:
        print(f"check-action: {problem}", file=sys.stderr)
    sys.exit(1)
print(f"action.yml: {len(steps)} steps, {len(inputs)} inputs; its Lint step wrote SARIF, exit-code={outputs['exit-code']}, {len(annotations)} annotations")
