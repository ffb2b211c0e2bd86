#!/usr/bin/env bash
# Runs the real pre-commit tool (from PyPI) with this repository's `language: swift` hook, pinned to this
# clone's HEAD, on a temporary git repository: pre-commit clones the revision and builds ribslint itself.
# A staged violation blocks the commit with that finding; once fixed, the hook passes.
#
#     scripts/check-pre-commit.sh            # needs a committed HEAD; takes a release build's time
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
rev="$(git rev-parse HEAD)"
python3 -m pip --version >/dev/null
command -v pre-commit >/dev/null || python3 -m pip install --quiet pre-commit
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
      - id: ribslint
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
echo "pre-commit, first run (builds ribslint at $rev): $((SECONDS - started)) s, exit $status"
if [ "$status" -ne 1 ] || ! grep -q "LoginRouter.swift:4:9: error: .*(router_child_reference)" "$work/first.log"; then
  echo "expected the hook to block the commit with the router_child_reference finding:"; cat "$work/first.log"; exit 1
fi
grep "router_child_reference" "$work/first.log"
printf 'import RIBs\n\nfinal class LoginRouter: ViewableRouter<LoginInteractable, LoginViewControllable> {}\n' > Sources/Login/LoginRouter.swift
git add -A
started=$SECONDS
pre-commit run --files Sources/Login/LoginRouter.swift > "$work/second.log" 2>&1 || { echo "the hook failed on fixed code:"; cat "$work/second.log"; exit 1; }
echo "pre-commit, second run (built): $((SECONDS - started)) s, passed"
