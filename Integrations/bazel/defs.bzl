"""ribslint for Bazel.

One cacheable `ribslint facts` action per target with Swift sources (its files alone, with the types of the
targets it depends on in view) and one `ribslint check` action per app, which merges the facts of everything the
app depends on and runs the project rules (the RIB tree, cycles, completeness). It follows aspect-build/rules_lint's
conventions: the output groups `rules_lint_human` (the report as Xcode prints it, and the exit code),
`rules_lint_machine` (SARIF) and `rules_lint_patch` (what `--fix` would change, as a unified diff), and a flag that
fails the build on findings: `--@ribslint//:fail_on_violation`.

In your root BUILD.bazel, the configuration files (every `.ribslint.yml`, and `.sourcery.yml` files if you have any):

    load("@ribslint//:defs.bzl", "ribslint_configs")
    ribslint_configs(name = "ribslint_configs", srcs = [".ribslint.yml"], visibility = ["//visibility:public"])

(`binary` defaults to `@ribslint_binary//:ribslint`; give it the aspect's `binary` when that is another.)

In your own `tools/lint/linters.bzl`:

    load("@ribslint//:defs.bzl", "ribslint_aspect")
    ribslint = ribslint_aspect(binary = Label("@ribslint_binary//:ribslint"), configs = Label("//:ribslint_configs"))

and in `.bazelrc`:

    build:ribslint --aspects=//tools/lint:linters.bzl%ribslint
    build:ribslint --output_groups=+rules_lint_human,+rules_lint_machine
"""

RibslintFactsInfo = provider(
    doc = "What ribslint took of a target and of the targets it depends on.",
    fields = {
        "facts": "depset of facts files (`ribslint facts`): this target's and its dependencies'",
        "types": "depset of types files (`ribslint facts --types-output`): what dependents' facts actions read",
        "srcs": "depset of the Swift files behind those facts: a check lints a file again when its facts need it",
    },
)

RibslintConfigsInfo = provider(
    doc = "A workspace's ribslint configuration files, and what of them the facts actions read.",
    fields = {
        "files": "depset of every configuration file: what the checks (and the patch) read",
        "facts_configuration": "the File `ribslint facts-configuration` wrote of the `.ribslint.yml` files",
        "facts_inputs": "depset of what the facts actions read: that file, and the configuration files not named .ribslint.yml",
    },
)

_CONFIGURATION_NAME = ".ribslint.yml"

def _ribslint_configs_impl(ctx):
    configurations = [f for f in ctx.files.srcs if f.basename == _CONFIGURATION_NAME]
    others = [f for f in ctx.files.srcs if f.basename != _CONFIGURATION_NAME]
    facts_configuration = ctx.actions.declare_file("%s.facts-configuration.json" % ctx.label.name)
    args = ctx.actions.args()
    args.add_all(["facts-configuration", "--output", facts_configuration, "--"])
    args.add_all(configurations)
    ctx.actions.run(
        executable = ctx.executable.binary,
        arguments = [args],
        inputs = configurations,
        outputs = [facts_configuration],
        mnemonic = "RibslintFactsConfiguration",
        progress_message = "ribslint: what the facts depend on in %s" % ctx.label,
    )
    return [
        DefaultInfo(files = depset(ctx.files.srcs)),
        RibslintConfigsInfo(
            files = depset(ctx.files.srcs),
            facts_configuration = facts_configuration,
            facts_inputs = depset([facts_configuration] + others),
        ),
    ]

ribslint_configs = rule(
    implementation = _ribslint_configs_impl,
    attrs = {
        "srcs": attr.label_list(allow_files = True, doc = "Every `.ribslint.yml` of the workspace, and any `.sourcery.yml` files."),
        "binary": attr.label(
            default = Label("@ribslint_binary//:ribslint"),
            executable = True,
            cfg = "exec",
            allow_single_file = True,
            doc = "The ribslint executable: the aspect's `binary` (a facts configuration another release wrote is refused).",
        ),
    },
    doc = """The configuration files the ribslint aspect reads (its `configs`).

    The facts actions read only what a file's facts depend on in them (`ribslint facts-configuration`: the profile,
    roles, conventions and rule options), made here in one small action: turning a rule on or off, changing a
    severity or the baseline re-runs the checks alone, while a change of profile, roles or a rule's options re-runs
    the facts too.""",
)

FailOnViolationInfo = provider(
    doc = "The value of `--@ribslint//:fail_on_violation`.",
    fields = {"value": "whether a check with failing findings fails the build"},
)

def _bool_flag_impl(ctx):
    return [FailOnViolationInfo(value = ctx.build_setting_value)]

ribslint_bool_flag = rule(
    implementation = _bool_flag_impl,
    build_setting = config.bool(flag = True),
    doc = "A boolean command-line flag (`--@ribslint//:fail_on_violation`).",
)

# Tags that keep a target out of linting, as rules_lint's linters honour them.
_SKIP_TAGS = ["no-lint", "no-ribslint"]

# The tag that makes any target an app whose facts are checked together.
_CHECK_TAG = "ribslint-check"

# Attributes along which the facts of dependencies are gathered.
_DEPS_ATTRIBUTES = ["deps", "private_deps", "implementation_deps"]

def _swift_sources(ctx):
    if not hasattr(ctx.rule.files, "srcs"):
        return []
    return [f for f in ctx.rule.files.srcs if f.extension == "swift"]

def _dependencies(ctx):
    found = []
    for name in _DEPS_ATTRIBUTES:
        value = getattr(ctx.rule.attr, name, None)
        if type(value) != "list":
            continue
        for dep in value:
            if type(dep) == "Target" and RibslintFactsInfo in dep:
                found.append(dep[RibslintFactsInfo])
    return found

def _visits(ctx, kinds):
    tags = getattr(ctx.rule.attr, "tags", [])
    if [tag for tag in tags if tag in _SKIP_TAGS]:
        return False
    return not kinds or ctx.rule.kind in kinds

def _take_facts(target, ctx, srcs, dependencies):
    configs = ctx.attr._configs[RibslintConfigsInfo]
    facts = ctx.actions.declare_file("%s.ribslint.facts.json" % target.label.name)
    types = ctx.actions.declare_file("%s.ribslint.types.json" % target.label.name)
    dependency_types = depset(transitive = [info.types for info in dependencies])
    args = ctx.actions.args()
    args.add_all(["facts", "--quiet", "--base-path", ".", "--output", facts, "--types-output", types])
    args.add_all(["--facts-configuration", configs.facts_configuration])
    args.add_all(dependency_types, before_each = "--facts")
    args.add("--")
    args.add_all(srcs)
    ctx.actions.run(
        executable = ctx.executable._ribslint,
        arguments = [args],
        inputs = depset(srcs, transitive = [configs.facts_inputs, dependency_types]),
        outputs = [facts, types],
        mnemonic = "RibslintFacts",
        progress_message = "ribslint: taking the facts of %s" % target.label,
    )
    return facts, types

# Runs the check twice over the same facts (the human report, then SARIF: both cheap next to the facts), records
# its exit code, and fails only when asked to, or when ribslint could not do its job (exit 2).
_CHECK_COMMAND = """\
set -u
ribslint="$1"; fail="$2"; human="$3"; sarif="$4"; exit_code="$5"; facts_list="$6"; shift 6
status=0
"$ribslint" check --base-path . --quiet --reporter xcode --output "$human" --facts-list "$facts_list" "$@" || status=$?
if [ "$status" -ge 2 ]; then exit "$status"; fi
"$ribslint" check --base-path . --quiet --reporter sarif --sarif-no-root-uri --output "$sarif" --facts-list "$facts_list" "$@" || [ $? -eq 1 ]
echo "$status" > "$exit_code"
if [ "$fail" = "true" ] && [ "$status" -ne 0 ]; then
  cat "$human" >&2
  exit "$status"
fi
"""

def _check(target, ctx, info):
    name = target.label.name
    human = ctx.actions.declare_file("%s.ribslint.report" % name)
    sarif = ctx.actions.declare_file("%s.ribslint.sarif" % name)
    exit_code = ctx.actions.declare_file("%s.ribslint.exit_code" % name)
    facts_list = ctx.actions.declare_file("%s.ribslint.facts_list" % name)
    ctx.actions.write(facts_list, ctx.actions.args().add_all(info.facts).set_param_file_format("multiline"))
    fail = ctx.attr._fail_on_violation[FailOnViolationInfo].value
    args = ctx.actions.args()
    args.add_all([ctx.executable._ribslint, "true" if fail else "false", human, sarif, exit_code, facts_list])
    baseline = ctx.files._baseline
    if baseline:
        args.add_all(["--baseline", baseline[0]])
    ctx.actions.run_shell(
        command = _CHECK_COMMAND,
        arguments = [args],
        inputs = depset([facts_list] + baseline, transitive = [ctx.attr._configs[RibslintConfigsInfo].files, info.facts, info.srcs]),
        tools = [ctx.executable._ribslint],
        outputs = [human, sarif, exit_code],
        mnemonic = "RibslintCheck",
        progress_message = "ribslint: checking %s" % target.label,
    )

    # What `--fix` would change in the app's files: built only when the patch output group is asked for.
    patch = ctx.actions.declare_file("%s.ribslint.patch" % name)
    srcs = info.srcs
    patch_args = ctx.actions.args()
    patch_args.add_all(["lint", "--fix", "--dry-run", "--no-cache", "--quiet", "--base-path", ".", "--output", patch, "--"])
    patch_args.add_all(srcs)
    ctx.actions.run(
        executable = ctx.executable._ribslint,
        arguments = [patch_args],
        inputs = depset(transitive = [ctx.attr._configs[RibslintConfigsInfo].files, srcs]),
        outputs = [patch],
        mnemonic = "RibslintPatch",
        progress_message = "ribslint: the fixes of %s" % target.label,
    )
    return human, sarif, exit_code, patch

def _ribslint_aspect_impl(target, ctx):
    dependencies = _dependencies(ctx)
    srcs = _swift_sources(ctx) if _visits(ctx, ctx.attr._kinds) else []
    own_facts, own_types = [], []
    if srcs:
        facts, types = _take_facts(target, ctx, srcs, dependencies)
        own_facts, own_types = [facts], [types]
    info = RibslintFactsInfo(
        facts = depset(own_facts, transitive = [d.facts for d in dependencies]),
        types = depset(own_types, transitive = [d.types for d in dependencies]),
        srcs = depset(srcs, transitive = [d.srcs for d in dependencies]),
    )
    tags = getattr(ctx.rule.attr, "tags", [])
    groups = {}
    if (ctx.rule.kind in ctx.attr._check_kinds or _CHECK_TAG in tags) and info.facts.to_list():
        human, sarif, exit_code, patch = _check(target, ctx, info)
        groups = {
            "rules_lint_human": depset([human, exit_code]),
            "rules_lint_machine": depset([sarif, exit_code]),
            "rules_lint_patch": depset([patch]),
        }
    return [info, OutputGroupInfo(**groups)]

def ribslint_aspect(
        binary,
        configs,
        baseline = None,
        kinds = [],
        check_kinds = ["ios_application", "macos_application", "tvos_application", "watchos_application", "swift_binary"],
        fail_on_violation = Label("//:fail_on_violation")):
    """Makes the ribslint aspect.

    Args:
      binary: the ribslint executable: a release (`ribslint_binary` in `repositories.bzl`) or one built from source.
      configs: a `ribslint_configs` target holding the `.ribslint.yml` files that govern the linted files: the checks
        read them, the facts actions only what their facts depend on. Name labels of your workspace with `Label(…)`,
        or they are read as ribslint's own.
      baseline: a baseline file (`ribslint baseline`) for the checks; changing it re-runs only the checks.
      kinds: the rule kinds whose Swift `srcs` are linted; empty: every rule with Swift `srcs`. A target tagged
        `no-lint` or `no-ribslint` is skipped.
      check_kinds: the rule kinds checked as apps (one `ribslint check` over everything they depend on); any target
        tagged `ribslint-check` is one too.
      fail_on_violation: the flag that makes a failing check fail the build.

    Returns:
      The aspect, to be named by `--aspects` in `.bazelrc`.
    """
    return aspect(
        implementation = _ribslint_aspect_impl,
        attr_aspects = _DEPS_ATTRIBUTES,
        attrs = {
            "_ribslint": attr.label(default = binary, executable = True, cfg = "exec", allow_single_file = True),
            "_configs": attr.label(default = configs, providers = [RibslintConfigsInfo]),
            "_baseline": attr.label_list(default = [baseline] if baseline else [], allow_files = True),
            "_kinds": attr.string_list(default = kinds),
            "_check_kinds": attr.string_list(default = check_kinds),
            "_fail_on_violation": attr.label(default = fail_on_violation),
        },
        doc = "Takes ribslint's facts of every target with Swift sources and checks each app's.",
    )
