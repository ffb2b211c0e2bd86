#!/usr/bin/env bash
# Builds a ribslint release for this machine's platform, the same way every time:
#
#     scripts/release.sh [output folder]       # default: .build/dist
#
# - the optimized binary, the Swift runtime linked in (--static-swift-stdlib) and stripped;
# - ribslint-VERSION-TRIPLE.tar.gz: bin/ribslint, README.md, CHANGELOG.md;
# - ribslint.artifactbundle (and ribslint-VERSION.artifactbundle.zip): the Swift Package Manager artifact
#   bundle a `.binaryTarget` resolves, with its info.json;
# - SHA256SUMS for both archives, and ribslint-VERSION-TRIPLE.tar.gz.sha256 for the tarball alone (what the
#   GitHub Action checks: a release holds several platforms' tarballs). The zip's checksum is also what `.binaryTarget(url:checksum:)` wants
#   (`swift package compute-checksum` computes the same SHA-256).
#
# Archives are packed reproducibly: sorted names, owner 0, and every date set to the last commit's
# (SOURCE_DATE_EPOCH, when set, wins), so the same binary gives the same archives. On macOS the binary is
# universal (arm64 and x86_64) and the bundle's variant names both triples; on Linux it is the machine's.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/dist}"
version="$(sed -n 's/^public let ribslintVersion = "\(.*\)"$/\1/p' Sources/RibsLintKit/Configuration/Version.swift)"
[ -n "$version" ] || { echo "release: no version in Sources/RibsLintKit/Configuration/Version.swift" >&2; exit 2; }
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')"
epoch="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}"
name="ribslint-$version-$triple"

started=$SECONDS
if [ "$(uname -s)" = Darwin ]; then
  # One universal binary for both Macs; the bundle's variant names both triples.
  build=(swift build -c release --product ribslint --arch arm64 --arch x86_64)
  triples='"arm64-apple-macosx", "x86_64-apple-macosx"'
  name="ribslint-$version-macos"
else
  build=(swift build -c release --product ribslint --static-swift-stdlib)
  triples="\"$triple\""
fi
"${build[@]}" >&2
built="$("${build[@]}" --show-bin-path)/ribslint"
seconds=$((SECONDS - started))

rm -rf "$out"
mkdir -p "$out/$name/bin"
cp "$built" "$out/$name/bin/ribslint"
strip "$out/$name/bin/ribslint"
cp README.md CHANGELOG.md "$out/$name/"
"$out/$name/bin/ribslint" --version | grep -qx "$version" || { echo "release: the binary does not print $version" >&2; exit 1; }

bundle="$out/ribslint.artifactbundle"
mkdir -p "$bundle/$name/bin"
cp "$out/$name/bin/ribslint" "$bundle/$name/bin/ribslint"
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "ribslint": {
      "version": "$version",
      "type": "executable",
      "variants": [
        { "path": "$name/bin/ribslint", "supportedTriples": [$triples] }
      ]
    }
  }
}
JSON

# Packed by Python, the same on Linux and macOS: sorted names, owner 0, every date the commit's.
python3 - "$out" "$name" "$version" "$epoch" <<'PY'
import gzip, hashlib, os, sys, tarfile, time, zipfile
out, name, version, epoch = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

def entries(top):
    paths = [top]
    for folder, folders, files in os.walk(os.path.join(out, top)):
        folders.sort()
        relative = os.path.relpath(folder, out)
        paths += [os.path.join(relative, child) for child in sorted(folders + files)]
    return sorted(set(paths))

def normalized(info):
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.mtime = epoch
    info.mode = 0o755 if info.isdir() or info.mode & 0o111 else 0o644
    return info

tarball = os.path.join(out, f"{name}.tar.gz")
with open(tarball, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=epoch, filename="") as packed:
    with tarfile.open(fileobj=packed, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for path in entries(name):
            archive.add(os.path.join(out, path), arcname=path, recursive=False, filter=normalized)

bundle = os.path.join(out, f"ribslint-{version}.artifactbundle.zip")
stamp = time.gmtime(max(epoch, 315532800))[:6]  # zip dates start in 1980
with zipfile.ZipFile(bundle, "w", zipfile.ZIP_DEFLATED) as archive:
    for path in entries("ribslint.artifactbundle"):
        full = os.path.join(out, path)
        if os.path.isdir(full):
            continue
        info = zipfile.ZipInfo(path, date_time=stamp)
        info.external_attr = (0o755 if os.access(full, os.X_OK) else 0o644) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, open(full, "rb").read())

with open(os.path.join(out, "SHA256SUMS"), "w") as sums:
    for path in (tarball, bundle):
        sums.write(f"{hashlib.sha256(open(path, 'rb').read()).hexdigest()}  {os.path.basename(path)}\n")
# Each platform's tarball also gets its own checksum file: a release gathers several platforms' assets, and
# their SHA256SUMS share one name.
with open(tarball + ".sha256", "w") as single:
    single.write(f"{hashlib.sha256(open(tarball, 'rb').read()).hexdigest()}  {os.path.basename(tarball)}\n")
PY

size=$(wc -c < "$out/$name/bin/ribslint" | tr -d ' ')
echo "ribslint $version for $name: binary $((size / 1024 / 1024)) MB ($size bytes) after a ${seconds} s build" >&2
cat "$out/SHA256SUMS" >&2
