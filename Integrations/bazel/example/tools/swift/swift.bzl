"""Minimal stand-ins for rules_swift's `swift_library` and `swift_binary`, which cannot be fetched offline: the same
attributes the ribslint aspect reads (`srcs`, `deps`), and a list of the sources as the build's product. A
workspace with rules_swift uses its rules instead; the aspect is the same."""

def _swift_target_impl(ctx):
    listing = ctx.actions.declare_file("%s.sources" % ctx.label.name)
    ctx.actions.write(listing, "".join([f.path + "\n" for f in ctx.files.srcs]))
    return [DefaultInfo(files = depset([listing]))]

_ATTRS = {
    "srcs": attr.label_list(allow_files = [".swift"]),
    "deps": attr.label_list(),
}

swift_library = rule(implementation = _swift_target_impl, attrs = _ATTRS)

swift_binary = rule(implementation = _swift_target_impl, attrs = _ATTRS, executable = False)
