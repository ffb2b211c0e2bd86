"""The ribslint binary the aspect runs, as an external repository: `@ribslint_binary//:ribslint`."""

def _ribslint_binary_impl(rctx):
    path = rctx.os.environ.get("RIBSLINT_BINARY", "")
    if path:
        # A local build or CI's own: linked, so a rebuilt binary is a changed input of every action.
        if not rctx.path(path).exists:
            fail("RIBSLINT_BINARY is set to %s, which does not exist" % path)
        rctx.symlink(path, "ribslint")
    elif rctx.attr.url:
        # The release tarball holds bin/ribslint (scripts/release.sh).
        rctx.download_and_extract(url = rctx.attr.url, sha256 = rctx.attr.sha256, output = "release")
        rctx.symlink("release/bin/ribslint", "ribslint")
    else:
        fail("no ribslint binary: set RIBSLINT_BINARY to one, or give ribslint_binary the url and sha256 of a release tarball")
    rctx.file("BUILD.bazel", 'exports_files(["ribslint"], visibility = ["//visibility:public"])\n')

ribslint_binary = repository_rule(
    implementation = _ribslint_binary_impl,
    attrs = {
        "url": attr.string(doc = "A release tarball, `ribslint-<version>-<platform>.tar.gz` (a `file://` URL works offline)."),
        "sha256": attr.string(doc = "The tarball's SHA-256, from its `.sha256` file."),
    },
    environ = ["RIBSLINT_BINARY"],
    doc = "The ribslint executable: from `RIBSLINT_BINARY` when it is set (local runs, CI), else a release's tarball.",
)
