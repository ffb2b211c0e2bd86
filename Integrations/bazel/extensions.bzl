"""The module extension that makes `@ribslint_binary` for Bzlmod: `ribslint.binary(url = …, sha256 = …)`."""

load(":repositories.bzl", "ribslint_binary")

_binary = tag_class(
    attrs = {
        "url": attr.string(doc = "A release tarball, `ribslint-<version>-<platform>.tar.gz` (a `file://` URL works offline)."),
        "sha256": attr.string(doc = "The tarball's SHA-256, from its `.sha256` file."),
    },
    doc = "Where the ribslint binary comes from when RIBSLINT_BINARY is not set. The root module's tag wins.",
)

def _ribslint_impl(module_ctx):
    # The root module's choice first, then the others' in the order Bazel visits them; none: RIBSLINT_BINARY alone.
    chosen = None
    for module in module_ctx.modules:
        if module.tags.binary and (chosen == None or module.is_root):
            chosen = module.tags.binary[0]
    ribslint_binary(
        name = "ribslint_binary",
        url = chosen.url if chosen else "",
        sha256 = chosen.sha256 if chosen else "",
    )

ribslint = module_extension(
    implementation = _ribslint_impl,
    tag_classes = {"binary": _binary},
    doc = "Makes the repository `@ribslint_binary`, holding the ribslint executable the aspect runs.",
)
