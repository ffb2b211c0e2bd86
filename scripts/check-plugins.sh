#!/usr/bin/env bash
# Builds a sample Swift package that uses ribslint's plugins, from a clone of this repository's HEAD:
# the build-tool plugin fails `swift build` on error-level findings and shows warnings as compiler
# diagnostics; the command plugin lints the package and, with --fix, rewrites it.
#
#     scripts/check-plugins.sh        # needs a committed HEAD; a debug build of ribslint (a few minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
# The sample package needs the plugins, which this variable leaves out of the package (CONTRIBUTING.md).
unset RIBSLINT_NO_PLUGINS
# Symlinks resolved (macOS' /var is /private/var): the diagnostics name real paths.
work="$(cd "$(mktemp -d)" && pwd -P)"
trap 'rm -rf "$work"' EXIT
# The dependency's folder name is its package identity: clone it as `ribslint`.
git clone --quiet "$(pwd)" "$work/ribslint"
app="$work/LoginApp"
mkdir -p "$app/Sources/Login"
cat > "$app/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LoginApp",
    dependencies: [.package(path: "../ribslint")],
    targets: [
        .target(name: "Login", plugins: [.plugin(name: "RibsLintBuildToolPlugin", package: "ribslint")]),
    ]
)
SWIFT
cat > "$app/Sources/Login/RIBsStubs.swift" <<'SWIFT'
// Just enough of RIBs' shapes for the sample to compile without the framework, declared as RIBs declares them
// (a class the app declares itself under a framework's name, conforming to nothing of it, would be the app's own).
open class Interactor: Interactable { public init() {} }
open class Router<InteractorType>: Routing {
    public let interactor: InteractorType
    public init(interactor: InteractorType) { self.interactor = interactor }
}
public protocol Interactable: AnyObject {}
public protocol Routing: AnyObject {}
public protocol ViewableRouting: Routing {}
SWIFT
cat > "$app/Sources/Login/LoginRouter.swift" <<'SWIFT'
protocol LoginInteractable: Interactable {}

final class LoginRouter: Router<LoginInteractable>, LoginRouting {
    var signUp: ViewableRouting?
}
SWIFT
cat > "$app/Sources/Login/LoginInteractor.swift" <<'SWIFT'
protocol LoginRouting: Routing {}
protocol LoginListener: AnyObject {}

final class LoginInteractor: Interactor, LoginInteractable {
    weak var listener: LoginListener?
}
SWIFT
cd "$app"
router="$app/Sources/Login/LoginRouter.swift"

# Runs `swift ARGS…` with its output in LOG and returns its exit status. SwiftPM on Linux now and then dies of a
# signal of its own (a segmentation fault in its dispatch threads, seen once in CI in `swift package`); ribslint
# cannot cause that — a plugin whose tool fails or crashes makes SwiftPM exit 1 — so a death by signal is said
# and the command is run once more. A second one fails the check.
swiftpm() {
  local log="$1"; shift
  local status=0
  swift "$@" > "$log" 2>&1 || status=$?
  if [ "$status" -ge 128 ]; then
    echo "swift $* died of signal $((status - 128)) (SwiftPM's own crash); running it once more"
    status=0
    swift "$@" > "$log" 2>&1 || status=$?
  fi
  return "$status"
}

started=$SECONDS
status=0
swiftpm "$work/build1.log" build || status=$?
echo "build-tool plugin, an error-level finding: swift build exit $status after $((SECONDS - started)) s"
if [ "$status" -eq 0 ] || ! grep -q "^$router:4:9: error: router stores child router 'signUp'.*(router_child_reference)" "$work/build1.log"; then
  echo "expected the build to fail with the router_child_reference finding as a diagnostic:"; tail -40 "$work/build1.log"; exit 1
fi

# The error fixed, a warning is left: the build passes and shows it.
printf 'protocol LoginInteractable: Interactable {}\n\nfinal class LoginRouter: Router<LoginInteractable>, LoginRouting {}\n' > "$router"
started=$SECONDS
swiftpm "$work/build2.log" build || { echo "the build failed on warnings only:"; tail -40 "$work/build2.log"; exit 1; }
echo "build-tool plugin, warnings only: swift build passed after $((SECONDS - started)) s"
grep -q "^$router:3:13: warning: the RIB 'Login' has no Builder.*(rib_completeness)" "$work/build2.log" \
  || { echo "expected the rib_completeness warning in the build's output:"; tail -40 "$work/build2.log"; exit 1; }

# The command plugin: lint, then --fix a strong listener.
swiftpm "$work/command1.log" package ribslint || { echo "swift package ribslint failed on warnings only:"; cat "$work/command1.log"; exit 1; }
grep -q "Sources/Login/LoginRouter.swift:3:13: warning: .*(rib_completeness)" "$work/command1.log" \
  || { echo "expected the warning from swift package ribslint:"; cat "$work/command1.log"; exit 1; }
perl -pi -e 's/^    weak var listener/    var listener/' Sources/Login/LoginInteractor.swift
status=0
swiftpm "$work/command2.log" package ribslint --target Login || status=$?
grep -q "(weak_listener)" "$work/command2.log" && [ "$status" -ne 0 ] \
  || { echo "expected swift package ribslint to fail on weak_listener:"; cat "$work/command2.log"; exit 1; }
swiftpm "$work/command3.log" package --allow-writing-to-package-directory ribslint-fix \
  || { echo "swift package ribslint-fix failed:"; cat "$work/command3.log"; exit 1; }
grep -q "^    weak var listener: LoginListener?$" Sources/Login/LoginInteractor.swift \
  || { echo "--fix through the command plugin did not make the listener weak:"; cat "$work/command3.log"; cat Sources/Login/LoginInteractor.swift; exit 1; }
swiftpm "$work/build3.log" build || { echo "the fixed package does not build:"; tail -20 "$work/build3.log"; exit 1; }
echo "command plugin: linted, failed on weak_listener, fixed it with --fix; the package builds"
