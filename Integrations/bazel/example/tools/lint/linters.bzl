"""The linters this workspace runs (rules_lint's layout): `--aspects=//tools/lint:linters.bzl%ribslint`."""

load("@ribslint//:defs.bzl", "ribslint_aspect")

# Label(…) names these from this workspace, not from ribslint's.
ribslint = ribslint_aspect(
    binary = Label("@ribslint_binary//:ribslint"),
    configs = Label("//:ribslint_configs"),
    baseline = Label("//:ribslint-baseline.json"),
)
