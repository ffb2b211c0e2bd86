#!/usr/bin/env python3
"""Checks action.yml, the composite GitHub Action, as far as this machine can without GitHub: the metadata's
shape (every run step has a shell, every input and step it names exists), then runs its Lint step's script
for real with the given binary on the given folder, as the runner would, and reads what it reports.

    scripts/check-action.py BINARY_FOLDER PROJECT
"""
import hashlib
import json
import os
import re
import shutil
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


# The release step: a release of the action's version at `release-url` is downloaded, checked against its
# SHA256SUMS and put on PATH, and the Lint step runs that binary; a wrong checksum, a missing release and a
# development revision leave `installed` false, and each build step runs only then.
release = next(step for step in steps if step.get("id") == "release")
for step in steps:
    if step.get("id") in ("sources",) or "actions/cache" in step.get("uses", "") or step.get("name", "").startswith("Build ribslint"):
        if "steps.release.outputs.installed != 'true'" not in step.get("if", ""):
            problems.append(f"{step.get('name')}: a build step must run only when no release was installed")
system, machine = os.uname().sysname, os.uname().machine
triple = {"Linux-x86_64": "x86_64-unknown-linux-gnu", "Linux-aarch64": "aarch64-unknown-linux-gnu"}.get(f"{system}-{machine}", "macos")


def run_release_step(scratch, version, sums=None, releases=None):
    """Runs the release step with the action's sources saying `version` and a release of it in `scratch`."""
    action_path = os.path.join(scratch, f"action-{version}")
    version_file = os.path.join(action_path, "Sources", "RibsLintKit", "Configuration", "Version.swift")
    os.makedirs(os.path.dirname(version_file))
    open(version_file, "w").write(f'public let ribslintVersion = "{version}"\n')
    name = f"ribslint-{version}-{triple}"
    tag = os.path.join(scratch, "releases", f"v{version}")
    os.makedirs(os.path.join(tag, name, "bin"))
    shutil.copy(os.path.join(binary_folder, "ribslint"), os.path.join(tag, name, "bin", "ribslint"))
    subprocess.run(["tar", "-czf", f"{name}.tar.gz", name], cwd=tag, check=True)
    shutil.rmtree(os.path.join(tag, name))
    digest = hashlib.sha256(open(os.path.join(tag, f"{name}.tar.gz"), "rb").read()).hexdigest()
    open(os.path.join(tag, f"{name}.tar.gz.sha256"), "w").write(sums or f"{digest}  {name}.tar.gz\n")
    step_env = dict(os.environ, GITHUB_ACTION_PATH=action_path, RUNNER_TEMP=os.path.join(scratch, f"runner-{version}"),
                    GITHUB_OUTPUT=os.path.join(scratch, f"output-{version}"), GITHUB_PATH=os.path.join(scratch, f"path-{version}"),
                    RIBSLINT_RELEASES=releases or "file://" + os.path.join(scratch, "releases"))
    os.makedirs(step_env["RUNNER_TEMP"])
    done = subprocess.run(["bash", "-e", "-c", release["run"]], env=step_env, capture_output=True, text=True)
    said = dict(line.split("=", 1) for line in open(step_env["GITHUB_OUTPUT"]).read().splitlines()) if os.path.exists(step_env["GITHUB_OUTPUT"]) else {}
    added = open(step_env["GITHUB_PATH"]).read().split() if os.path.exists(step_env["GITHUB_PATH"]) else []
    return done, said, added


with tempfile.TemporaryDirectory() as scratch:
    done, said, added = run_release_step(scratch, "9.8.7")
    if done.returncode != 0 or said.get("installed") != "true" or len(added) != 1:
        problems.append(f"the release step did not install a release it could download: {said} {done.stdout[-300:]} {done.stderr[-300:]}")
    else:
        # The Lint step, with only the installed release on PATH as a ribslint.
        lint_env = dict(env, PATH=added[0] + os.pathsep + os.environ["PATH"], RIBSLINT_PATHS="",
                        RIBSLINT_SARIF=os.path.join(scratch, "release.sarif"), GITHUB_OUTPUT=os.path.join(scratch, "release.output"))
        which = subprocess.run(["bash", "-c", "command -v ribslint"], env=lint_env, capture_output=True, text=True).stdout.strip()
        run = subprocess.run(["bash", "-e", "-c", lint["run"]], cwd=project, env=lint_env, capture_output=True, text=True)
        lint_said = dict(line.split("=", 1) for line in open(lint_env["GITHUB_OUTPUT"]).read().splitlines())
        if which != os.path.join(added[0], "ribslint") or lint_said.get("exit-code") != "1" or not os.path.getsize(lint_env["RIBSLINT_SARIF"]):
            problems.append(f"the Lint step did not run the installed release ({which}): {lint_said} {run.stderr[-300:]}")
    for version, sums, releases, expected in [
        ("9.8.6", "0" * 64 + f"  ribslint-9.8.6-{triple}.tar.gz\n", None, "failed its checksum"),
        ("9.8.5", None, "file://" + os.path.join(scratch, "nowhere"), "no ribslint-9.8.5"),
        ("9.8.4", f"{'1' * 64}  another.tar.gz\n", None, "names no checksum"),
        ("9.9.0-dev", None, None, "a development revision"),
    ]:
        done, said, added = run_release_step(scratch, version, sums, releases)
        if done.returncode != 0 or said.get("installed") != "false" or added or expected not in done.stdout:
            problems.append(f"the release step of {version} should fall back to building ({expected}): {said} {added} {done.stdout[-300:]}")


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
print(f"action.yml: {len(steps)} steps, {len(inputs)} inputs; its Lint step wrote SARIF, exit-code={outputs['exit-code']}, {len(annotations)} annotations;"
      " a release was installed checksum-verified and run, and a wrong checksum, a missing release and a development revision built instead")
