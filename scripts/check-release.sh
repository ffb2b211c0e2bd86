#!/usr/bin/env bash
# Builds a release with scripts/release.sh and checks what it made, as a user would take it:
# the tarball's binary prints the version and needs no Swift runtime installed; the checksums hold; a second
# packing of the same binary gives the same archives; and a sample package's `.binaryTarget` resolves the
# artifact bundle from a local path and runs ribslint from it through a command plugin.
#
#     scripts/check-release.sh          # a release build: minutes
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(cd "$(mktemp -d)" && pwd -P)"
trap 'rm -rf "$work"' EXIT
version="$(sed -n 's/^public let ribslintVersion = "\(.*\)"$/\1/p' Sources/RibsLintKit/Configuration/Version.swift)"

started=$SECONDS
scripts/release.sh "$work/dist"
echo "release.sh: $((SECONDS - started)) s"
cd "$work/dist"
python3 - <<'PY'
import hashlib
import glob
for sums in ["SHA256SUMS"] + glob.glob("*.tar.gz.sha256"):
    for line in open(sums):
        digest, name = line.split()
        assert hashlib.sha256(open(name, "rb").read()).hexdigest() == digest, f"{name}: checksum differs from {sums}"
assert glob.glob("*.tar.gz.sha256"), "no tarball checksum file (the GitHub Action reads it)"
PY
cp SHA256SUMS "$work/first.sums"
tarball="$(ls ribslint-"$version"-*.tar.gz)"
mkdir "$work/unpacked"
tar -xzf "$tarball" -C "$work/unpacked"
binary="$(ls "$work"/unpacked/ribslint-"$version"-*/bin/ribslint)"
[ "$("$binary" --version)" = "$version" ] || { echo "the tarball's binary does not print $version"; exit 1; }
"$binary" version
# What the binary loads at run time: nothing of a Swift toolchain (on macOS the system's own Swift runtime).
if [ "$(uname -s)" = Darwin ]; then libraries="$(otool -L "$binary" | tail -n +2)"; else libraries="$(ldd "$binary")"; fi
if grep -q "/opt/swift\|\.build/\|libswiftCore.so\|libFoundation.so" <<< "$libraries"; then
  echo "the binary needs a Swift toolchain's libraries at run time:"; echo "$libraries"; exit 1
fi
echo "tarball: $(basename "$tarball"), $(wc -c < "$tarball" | tr -d ' ') bytes; binary $(wc -c < "$binary" | tr -d ' ') bytes, $(wc -l <<< "$libraries" | tr -d ' ') system libraries and no Swift toolchain's"

# The same binary packed again gives the same archives.
cd - > /dev/null
scripts/release.sh "$work/again" 2> /dev/null
cmp "$work/first.sums" "$work/again/SHA256SUMS" || { echo "packing the same binary twice gave different archives"; exit 1; }

# A binary target resolves the bundle from a local path, and a plugin runs the tool in it.
sample="$work/Consumer"
mkdir -p "$sample/Plugins/RibslintVersion"
cp -R "$work/dist/ribslint.artifactbundle" "$sample/"
cat > "$sample/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Consumer",
    targets: [
        .binaryTarget(name: "ribslint", path: "ribslint.artifactbundle"),
        .plugin(
            name: "RibslintVersion",
            capability: .command(intent: .custom(verb: "ribslint-version", description: "Print the bundled ribslint's version")),
            dependencies: ["ribslint"]),
    ]
)
SWIFT
cat > "$sample/Plugins/RibslintVersion/plugin.swift" <<'SWIFT'
import Foundation
import PackagePlugin

@main
struct RibslintVersion: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "ribslint").url
        process.arguments = ["version"]
        try process.run()
        process.waitUntilExit()
    }
}
SWIFT
output="$(cd "$sample" && swift package ribslint-version 2>&1)"
echo "$output" | grep -qx "ribslint $version" || { echo "the artifact bundle's binary did not run through the binary target:"; echo "$output"; exit 1; }
checksum="$(cd "$sample" && swift package compute-checksum "$work/dist/ribslint-$version.artifactbundle.zip")"
grep -q "^$checksum  ribslint-$version.artifactbundle.zip$" "$work/dist/SHA256SUMS" \
  || { echo "swift package compute-checksum disagrees with SHA256SUMS"; exit 1; }
echo "artifact bundle: resolved by a local .binaryTarget, ran 'ribslint version'; its zip's checksum is $checksum"
