#!/usr/bin/env bash
# Runs the real pre-commit tool (from PyPI) with this repository's hooks, pinned to this clone's HEAD, on a
# temporary git repository: a staged violation blocks the commit with that finding; once fixed, the hook passes.
#
#     scripts/check-pre-commit.sh BINARY     # CI: the `ribslint-system` hook, with BINARY's folder on the PATH
#     scripts/check-pre-commit.sh --build    # the `ribslint` hook (`language: swift`): pre-commit clones the
#                                            # revision and builds ribslint itself, a release build's time;
#                                            # prints that time and the disk the build takes
#
# Both hooks run the same command (checked here): CI runs it with the release binary it has already built
# instead of paying a second release build; `--build` measures what a developer's first commit costs.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: scripts/check-pre-commit.sh BINARY | --build" >&2; exit 2; }
repo="$(pwd)"
rev="$(git rev-parse HEAD)"
python3 -m pip --version >/dev/null
command -v pre-commit >/dev/null || python3 -m pip install --quiet pre-commit
python3 -c "import yaml" 2>/dev/null || python3 -m pip install --quiet pyyaml
if [ "$1" = --build ]; then
  hook=ribslint
else
  hook=ribslint-system
  [ -x "$1" ] && [ "$(basename "$1")" = ribslint ] || { echo "not a ribslint binary: $1" >&2; exit 2; }
  PATH="$(cd "$(dirname "$1")" && pwd):$PATH"
  export PATH
fi

# The two hooks differ only in how ribslint gets there: what runs, on which files, is the same.
python3 - .pre-commit-hooks.yaml <<'PY'
import sys
import yaml
hooks = {hook["id"]: hook for hook in yaml.safe_load(open(sys.argv[1]))}
built, installed = hooks["ribslint"], hooks["ribslint-system"]
assert built["language"] == "swift" and installed["language"] == "system", (built["language"], installed["language"])
for key in ("entry", "types", "require_serial", "pass_filenames", "files", "exclude", "args"):
    assert built.get(key) == installed.get(key), f"the hooks differ in {key}: {built.get(key)!r} and {installed.get(key)!r}"
PY

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache"
app="$work/app"
mkdir -p "$app/Sources/Login"
cd "$app"
git init -q
git config user.email ci@example.com
git config user.name CI
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $repo
    rev: $rev
    hooks:
      - id: $hook
YAML
cat > Sources/Login/LoginRouter.swift <<'SWIFT'
import RIBs

final class LoginRouter: ViewableRouter<LoginInteractable, LoginViewControllable> {
    var signUpRouter: ViewableRouting?
}
SWIFT
git add -A
started=$SECONDS
status=0
pre-commit run --files Sources/Login/LoginRouter.swift > "$work/first.log" 2>&1 || status=$?
if [ "$hook" = ribslint ]; then
  echo "pre-commit, first run of the $hook hook (builds ribslint at $rev): $((SECONDS - started)) s, exit $status;" \
    "the build takes $(du -sh "$PRE_COMMIT_HOME" | cut -f1) on disk"
else
  echo "pre-commit, first run of the $hook hook ($(command -v ribslint)): $((SECONDS - started)) s, exit $status"
fi
if [ "$status" -ne 1 ] || ! grep -q "LoginRouter.swift:4:9: error: .*(router_child_reference)" "$work/first.log"; then
  echo "expected the hook to block the commit with the router_child_reference finding:"; cat "$work/first.log"; exit 1
fi
grep "router_child_reference" "$work/first.log"
printf 'import RIBs\n\nfinal class LoginRouter: ViewableRouter<LoginInteractable, LoginViewControllable> {}\n' > Sources/Login/LoginRouter.swift
git add -A
started=$SECONDS
pre-commit run --files Sources/Login/LoginRouter.swift > "$work/second.log" 2>&1 || { echo "the hook failed on fixed code:"; cat "$work/second.log"; exit 1; }
echo "pre-commit, second run: $((SECONDS - started)) s, passed"
