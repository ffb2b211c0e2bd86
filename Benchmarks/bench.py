#!/usr/bin/env python3
"""ribslint's speed, measured against swift-format and the swift-syntax parse-and-walk floor.

    python3 Benchmarks/bench.py                     # synthetic RIBs monorepos of 1k, 10k and 50k files
    python3 Benchmarks/bench.py --files 1000 10000  # chosen sizes
    python3 Benchmarks/bench.py --dir ~/src/MyApp    # any folder of Swift code
    python3 Benchmarks/bench.py --dir ~/src/Legacy --profile viper   # under another profile, every rule on
    python3 Benchmarks/bench.py --scaling            # hostile inputs doubled: time must grow linearly

Each tree is timed in one run, on the same files and thread count: ribslint with every rule and no
cache (cold), the parse-and-walk floor, `swift-format lint -r --parallel` with its default
configuration, and ribslint again with a warm cache. ribslint (cold and warm) and the floor are timed in
interleaved rounds whose order is balanced (each kind of run takes each place, and follows each other kind, equally
often), and their medians kept; swift-format, two orders of magnitude slower, once. It prints files/s, lines/s,
peak RSS and the ratios as a table, then the same as JSON (`--json FILE` writes it to a file too).
"""
import argparse, json, os, random, resource, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------- the synthetic monorepo

BUILDER = """import RIBs

/// sourcery: CreateMock
protocol {n}Dependency: Dependency {{
    var sessionService: SessionServicing {{ get }}
    var analytics: AnalyticsLogging {{ get }}
}}

final class {n}Component: Component<{n}Dependency>{conformances} {{
    var sessionService: SessionServicing {{ dependency.sessionService }}
    var analytics: AnalyticsLogging {{ dependency.analytics }}
    lazy var {lower}Worker: {n}Working = {n}Worker(sessionService: sessionService)
}}

/// sourcery: CreateMock
protocol {n}Buildable: Buildable {{
    func build(withListener listener: {n}Listener) -> {n}Routing
}}

final class {n}Builder: Builder<{n}Dependency>, {n}Buildable {{
    func build(withListener listener: {n}Listener) -> {n}Routing {{
        let component = {n}Component(dependency: dependency)
        let viewController = {n}ViewController(analytics: component.analytics)
        let interactor = {n}Interactor(
            presenter: viewController,
            sessionService: component.sessionService,
            worker: component.{lower}Worker{dependency_arg})
        interactor.listener = listener
        return {n}Router(
            interactor: interactor,
            viewController: viewController{child_args})
    }}
}}
"""

INTERACTOR = """import RIBs
import RxSwift

/// sourcery: CreateMock
protocol {n}Routing: ViewableRouting {{
    func routeToDetail(id: Int)
    func routeFromDetail()
}}

/// sourcery: CreateMock
protocol {n}Presentable: Presentable {{
    var items: Binder<[String]> {{ get }}
    var isLoading: Binder<Bool> {{ get }}
    var itemSelected: Observable<Int> {{ get }}
    var refreshRequested: Observable<Void> {{ get }}
}}

/// sourcery: CreateMock
protocol {n}Listener: AnyObject {{
    func {lower}DidFinish()
}}

final class {n}Interactor: PresentableInteractor<{n}Presentable>, {n}Interactable {{
    weak var router: {n}Routing?
    {listener_decl}
    private let sessionService: SessionServicing
    private let worker: {n}Working
{bag_decl}
    init(presenter: {n}Presentable, sessionService: SessionServicing, worker: {n}Working{dependency_param}) {{
        self.sessionService = sessionService
        self.worker = worker
        super.init(presenter: presenter)
    }}

    override func didBecomeActive() {{
        super.didBecomeActive()
        worker.start(self)
        presenter.itemSelected
            .filter {{ $0 >= 0 }}
            .subscribe(onNext: {{ id in
                self.router?.routeToDetail(id: id)
            }})
            {disposal}
        presenter.refreshRequested
            .do(onNext: {{ _ in self.presenter.isLoading.onNext(true) }})
            .flatMapLatest {{ [sessionService] in sessionService.reload() }}
            .subscribe(onNext: {{ items in
                self.presenter.isLoading.onNext(false)
                self.presenter.items.onNext(items.map {{ "\\($0)" }})
            }})
            .disposeOnDeactivate(interactor: self)
    }}

    override func willResignActive() {{
        super.willResignActive()
    }}

    func detailDidClose() {{
        router?.routeFromDetail()
    }}

    func close() {{
        listener?.{lower}DidFinish()
    }}
}}
"""

ROUTER = """import RIBs

/// sourcery: CreateMock
protocol {n}Interactable: Interactable{child_listeners} {{
    var router: {n}Routing? {{ get set }}
    var listener: {n}Listener? {{ get set }}
}}

/// sourcery: CreateMock
protocol {n}ViewControllable: ViewControllable {{
    func push(_ viewController: ViewControllable)
    func pop()
}}

final class {n}Router: ViewableRouter<{n}Interactable, {n}ViewControllable>, {n}Routing {{
{child_props}{stored_child}
    init(interactor: {n}Interactable, viewController: {n}ViewControllable{child_params}) {{
{child_assigns}        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }}

    func routeToDetail(id: Int) {{
{route_body}    }}

    func routeFromDetail() {{
        guard let child = children.last as? ViewableRouting else {{ return }}
        detachChild(child)
        viewController.pop(){ui_violation}
    }}
}}
"""

VIEW_CONTROLLER = """import RIBs
import RxSwift
import SwiftUI

final class {n}ViewState: ObservableObject {{
    @Published var items: [String] = []
    @Published var isLoading = false
}}

struct {n}View: View {{
    @ObservedObject var state: {n}ViewState
    var onSelect: (Int) -> Void = {{ _ in }}

    var body: some View {{
        List(Array(state.items.enumerated()), id: \\.offset) {{ index, item in
            Button(item) {{ onSelect(index) }}
        }}
        .overlay {{ if state.isLoading {{ ProgressView() }} }}
    }}
}}

final class {n}ViewController: {superclass}, {n}Presentable, {n}ViewControllable {{
    private let state = {n}ViewState()
    private let selection = PublishSubject<Int>()
    private let refresh = PublishSubject<Void>()
    private let analytics: AnalyticsLogging

    init(analytics: AnalyticsLogging) {{
        self.analytics = analytics
        super.init(rootView: {n}View(state: state))
        rootView.onSelect = {{ [weak self] index in self?.selection.onNext(index) }}
    }}

    @available(*, unavailable)
    required init?(coder: NSCoder) {{ fatalError("init(coder:) has not been implemented") }}

    override func viewDidAppear(_ animated: Bool) {{
        super.{super_call}(animated)
        analytics.log("{lower}_shown")
        refresh.onNext(())
    }}

    var items: Binder<[String]> {{ Binder(state) {{ state, items in state.items = items }} }}
    var isLoading: Binder<Bool> {{ Binder(state) {{ state, value in state.isLoading = value }} }}
    var itemSelected: Observable<Int> {{ selection.asObservable() }}
    var refreshRequested: Observable<Void> {{ refresh.asObservable() }}

    func push(_ viewController: ViewControllable) {{
        present(viewController.uiviewController, animated: true)
    }}

    func pop() {{
        dismiss(animated: true)
    }}
}}
"""


def generate(files, folder):
    """Writes `files` Swift files (4 per RIB) as modules of 25 RIBs; each RIB has up to two children.
    Deterministic: the same count always gives the same bytes, with violations planted at fixed rates."""
    rng = random.Random(20261122)
    ribs = max(1, files // 4)
    for index in range(ribs):
        module = index // 25
        name = f"M{module:03d}Feature{index:05d}"
        lower = name[0].lower() + name[1:]
        children = [c for c in (2 * index + 1, 2 * index + 2) if c < ribs and c // 25 == module]
        child_names = [f"M{module:03d}Feature{c:05d}" for c in children]
        roll = rng.random()
        planted = lambda rate, salt: (index * 7919 + salt) % rate == 0
        values = dict(
            n=name, lower=lower,
            conformances="".join(f", {c}Dependency" for c in child_names),
            dependency_arg=", dependency: dependency" if planted(23, 1) else "",
            dependency_param=", dependency: " + name + "Dependency" if planted(23, 1) else "",
            child_args="".join(f",\n            {c[0].lower() + c[1:]}Builder: {c}Builder(dependency: component)" for c in child_names),
            listener_decl="var listener: " + name + "Listener?" if planted(17, 2) else "weak var listener: " + name + "Listener?",
            bag_decl="    private let disposeBag = DisposeBag()\n" if planted(13, 3) else "",
            disposal=".disposed(by: disposeBag)" if planted(13, 3) else ".disposeOnDeactivate(interactor: self)",
            child_listeners="".join(f", {c}Listener" for c in child_names),
            child_props="".join(f"    private let {c[0].lower() + c[1:]}Builder: {c}Buildable\n" for c in child_names),
            stored_child="    private var currentChild: ViewableRouting?\n" if planted(11, 4) else "",
            child_params="".join(f", {c[0].lower() + c[1:]}Builder: {c}Buildable" for c in child_names),
            child_assigns="".join(f"        self.{c[0].lower() + c[1:]}Builder = {c[0].lower() + c[1:]}Builder\n" for c in child_names),
            route_body=(f"        let child = {child_names[0][0].lower() + child_names[0][1:]}Builder.build(withListener: interactor)\n"
                        "        attachChild(child)\n        viewController.push(child.viewControllable)\n") if child_names
            else "        _ = id\n",
            ui_violation="\n        viewController.uiviewController.title = \"Back\"" if planted(19, 5) else "",
            superclass="UIHostingController<" + name + "View>",
            super_call="viewWillAppear" if planted(29, 6) else "viewDidAppear",
        )
        _ = roll
        directory = os.path.join(folder, f"Modules/Module{module:03d}/Sources/{name}")
        os.makedirs(directory, exist_ok=True)
        for suffix, template in (("Builder", BUILDER), ("Interactor", INTERACTOR), ("Router", ROUTER),
                                 ("ViewController", VIEW_CONTROLLER)):
            with open(os.path.join(directory, f"{name}{suffix}.swift"), "w") as handle:
                handle.write(template.format(**values))


# ---------------------------------------------------------------- measuring

def median(results):
    """The median run: this VM's timings vary by ±20% from one run to the next. Of an even number of runs, the two
    middle ones' mean time and the larger of their peak memories."""
    ordered = sorted(results, key=lambda result: result[0])
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    low, high = ordered[middle - 1], ordered[middle]
    return ((low[0] + high[0]) / 2, max(low[1], high[1]), high[2])


def balanced_rounds(count):
    """The order of `count` kinds of run in each round, so that over all rounds each kind takes each place, and
    follows each other kind, equally often (a Williams design): `count` rounds for an even count, twice as many for
    an odd one."""
    first = [0]
    for step in range(1, count):
        first.append((step + 1) // 2 if step % 2 else count - step // 2)
    rounds = [[(kind + shift) % count for kind in first] for shift in range(count)]
    if count % 2:
        rounds += [list(reversed(order)) for order in rounds]
    return rounds


def measure(command, cwd=None):
    """Runs a command; returns (seconds, peak RSS in MB, stdout). Exit codes 0 and 1 both count as done."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"{' '.join(command)} failed with exit code {code}")
    return seconds, usage.ru_maxrss / 1024, output.decode(errors="replace")


def swift_format(folder, config):
    """`swift-format lint --parallel` over the tree. It keeps every file of a run open, so a tree with
    more files than the open-file limit allows is linted in batches of files (times summed, RSS the
    peak); the result says how many batches it took."""
    paths = []
    for directory, folders, names in os.walk(folder):
        folders[:] = sorted(f for f in folders if not f.startswith("."))
        paths += [os.path.join(directory, n) for n in sorted(names) if n.endswith(".swift") and not n.startswith(".")]
    limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if len(paths) < limit // 2:
        seconds, rss, output = measure(["swift-format", "lint", "-r", "--parallel", "--configuration", config, folder])
        return seconds, rss, output, 1
    batch = 5000
    total, peak = 0.0, 0.0
    for start in range(0, len(paths), batch):
        seconds, rss, _ = measure(["swift-format", "lint", "--parallel", "--configuration", config] + paths[start:start + batch])
        total += seconds
        peak = max(peak, rss)
    return total, peak, "", (len(paths) + batch - 1) // batch


def first_swift_file(folder):
    for directory, folders, names in os.walk(folder):
        folders.sort()
        for name in sorted(names):
            if name.endswith(".swift"):
                return os.path.join(directory, name)
    sys.exit(f"no Swift file in {folder}")


def count(folder):
    files = lines = 0
    for directory, folders, names in os.walk(folder):
        folders[:] = [f for f in folders if not f.startswith(".")]
        for name in names:
            if name.endswith(".swift") and not name.startswith("."):
                files += 1
                with open(os.path.join(directory, name), "rb") as handle:
                    lines += handle.read().count(b"\n") + 1
    return files, lines


# Every opt-in rule of each profile: the benchmark runs every rule.
OPT_IN = {
    "ribs": "opt_in_rules: [weak_self_capture, rib_test_presence, back_navigation]\n"
            "rules:\n  create_mock_annotation:\n    sourcery: on\n",
    "viper": "profile: viper\nopt_in_rules: [viper_task_cancellation]\n",
    "swiftui-rib": "profile: swiftui-rib\n",
    "composable-ribs": "profile: composable-ribs\n",
}


# Twenty custom rules of the kinds teams write (Docs/custom-rules.md): each subject kind and assertion, over roles,
# names, folders, imports and constructions. Timed beside the cold run: they must add at most 10% to it.
CUSTOM_RULES = "custom_rules:\n" + "".join(
    f"  custom_{number:02d}:\n    message: \"{{{{subject}}}} {{{{name}}}}\"\n    select: {select}\n    {assertion}\n"
    for number, (select, assertion) in enumerate([
        ("{ type: { role: router } }", "forbid: { reference: { kind: type, name: \"*ViewController\", not: { name: \"*ViewControllable\" } } }"),
        ("{ type: { role: interactor } }", "forbid: { import: { name: [UIKit, SwiftUI] } }"),
        ("{ member: { role: builder, name: \"build*\", kind: func } }", "require: { call: { constructs: { role: router } } }\n    count: 1"),
        ("{ member: { role: interactor, name: listener, kind: var } }", "only: { attribute: weak }"),
        ("{ type: { in: \"Features/{feature}/Interface/**\", kind: { not: extension } } }", "only: { kind: protocol }"),
        ("{ type: { role: interactor } }", "forbid: { reference: { name: [shared, default, standard] } }"),
        ("{ type: { role: interactor } }", "forbid: { call: { constructs: { name: [\"*Service\", \"*Repository\"] } } }"),
        ("{ type: { role: router, kind: class } }", "only: { attribute: final }"),
        ("{ type: { role: router, kind: class } }", "only: { name: \"*Router\" }"),
        ("{ file: { in: \"Modules/{module}/**\" } }", "forbid: { import: { name: \"*Impl\" } }"),
        ("{ type: { role: presenter } }", "forbid: { reference: { name: \"*Routing\" } }"),
        ("{ type: { role: builder } }", "forbid: { call: { name: [present, pushViewController] } }"),
        ("{ member: { role: router, kind: let } }", "only: { access: private }"),
        ("{ type: { role: component } }", "forbid: { call: { constructs: { role: router } } }"),
        ("{ type: { conforms: \"*Listener\", kind: class } }", "only: { not: { role: router } }"),
        ("{ call: { name: print } }", "only: { in: \"Tests/**\" }"),
        ("{ type: { role: worker } }", "forbid: { import: { name: UIKit } }"),
        ("{ type: { inherits: ViewableRouter } }", "require: { member: { name: \"route*\" } }\n    count: { max: 20 }"),
        ("{ reference: { name: \"/^UI(Alert|Navigation)Controller$/\" } }", "only: { role: { not: interactor } }"),
        ("{ import: { name: RxSwift } }", "only: { in: [\"**/Sources/**\", \"Modules/**\"] }"),
    ]))


def bench(folder, binaries, jobs, scratch, profile="ribs"):
    ribslint, floor = binaries
    # Every run starts at the tree's top, as a developer's and a pre-commit hook's do.
    folder = os.path.abspath(folder)
    files, lines = count(folder)
    # The configuration's folder is the project root `rib_test_presence` searches for tests: give it
    # its own, or every run would walk every generated tree.
    os.makedirs(os.path.join(scratch, "config"), exist_ok=True)
    every_rule = os.path.join(scratch, "config", "every-rule.yml")
    with open(every_rule, "w") as handle:
        handle.write(OPT_IN[profile])
    format_config = os.path.join(scratch, "swift-format.json")
    with open(format_config, "w") as handle:
        handle.write(subprocess.check_output(["swift-format", "dump-configuration"]).decode())
    # The tree is the configuration's `included`: a run over listed files (a pre-commit hook's) sees the
    # whole project through it.
    with open(every_rule, "a") as handle:
        handle.write(f"included: [{json.dumps(os.path.abspath(folder))}]\n")
    cache = os.path.join(scratch, "ribslint.cache")
    lint = [ribslint, "lint", "--config", every_rule, "--reporter", "json", "--quiet", "--jobs", str(jobs), folder]
    if os.path.exists(cache):
        os.remove(cache)
    measure(lint + ["--cache-path", cache], cwd=folder)  # fills the cache the warm runs read
    # Rounds of cold, floor and warm runs, medians kept: this VM's speed drifts over tens of seconds, and
    # interleaving spreads the drift over every kind of run alike.
    runs = {"ribslint cold": lint + ["--no-cache"], "parse+walk floor": [floor, "--jobs", str(jobs), folder],
            "ribslint warm": lint + ["--cache-path", cache]}
    if profile == "ribs":
        with_custom = os.path.join(scratch, "config", "custom-rules.yml")
        with open(with_custom, "w") as handle:
            handle.write(open(every_rule).read() + CUSTOM_RULES)
        runs["ribslint cold, 20 custom rules"] = [ribslint, "lint", "--config", with_custom, "--reporter", "json", "--quiet", "--jobs", str(jobs),
                                                  "--no-cache", folder]
    timed = {name: [] for name in runs}
    # The order is balanced over the rounds: on this VM a run's place, and the run before it, move its time by a few
    # percent (the twenty custom rules timed right after the cold run read 1.14 its time, right before it 1.08), and a
    # ratio of two runs always in the same order would carry that.
    names = list(runs)
    for order in balanced_rounds(len(names)):
        for kind in order:
            timed[names[kind]].append(measure(runs[names[kind]], cwd=folder))
    # One changed file, as a pre-commit hook lints it: afresh, with every other file's facts from the warm
    # cache and the project rules over the whole tree. The file gets a new comment before each run.
    changed = first_swift_file(folder)
    with open(changed, "rb") as handle:
        original = handle.read()
    listed = [ribslint, "lint", "--config", every_rule, "--reporter", "json", "--quiet", "--jobs", str(jobs), "--cache-path", cache, changed]
    timed["one changed file, warm"] = []
    try:
        # Eleven runs: each takes a fraction of a second, and the median of three moved with the machine's moment.
        for attempt in range(11):
            with open(changed, "wb") as handle:
                handle.write(original + f"// edit {attempt}\n".encode())
            timed["one changed file, warm"].append(measure(listed, cwd=folder))
    finally:
        with open(changed, "wb") as handle:
            handle.write(original)
    rows = {name: median(results) for name, results in timed.items()}
    *rows["swift-format lint"], batches = swift_format(folder, format_config)
    rows = {name: rows[name] for name in ("ribslint cold", "parse+walk floor", "swift-format lint", "ribslint warm", "one changed file, warm",
                                          "ribslint cold, 20 custom rules") if name in rows}
    findings = len(json.loads(rows["ribslint cold"][2])["findings"])
    if rows["ribslint warm"][2] != rows["ribslint cold"][2]:
        sys.exit("the warm run's report differs from the cold run's")
    result = {"tree": folder, "files": files, "lines": lines, "findings": findings, "swift_format_batches": batches, "runs": {}}
    for name, (seconds, rss, _) in rows.items():
        result["runs"][name] = {"seconds": round(seconds, 3), "files_per_s": round(files / seconds),
                                "lines_per_s": round(lines / seconds), "peak_rss_mb": round(rss, 1)}
    runs = result["runs"]
    result["ratios"] = {
        "ribslint lines/s over swift-format": round(runs["ribslint cold"]["lines_per_s"] / runs["swift-format lint"]["lines_per_s"], 1),
        "ribslint time over floor": round(runs["ribslint cold"]["seconds"] / runs["parse+walk floor"]["seconds"], 2),
        "warm time over cold": round(runs["ribslint warm"]["seconds"] / runs["ribslint cold"]["seconds"], 3),
        "one changed file over warm": round(runs["one changed file, warm"]["seconds"] / runs["ribslint warm"]["seconds"], 3),
    }
    if "ribslint cold, 20 custom rules" in runs:
        result["ratios"]["twenty custom rules over cold"] = round(runs["ribslint cold, 20 custom rules"]["seconds"] / runs["ribslint cold"]["seconds"], 3)
    return result


def table(results):
    lines = ["| tree | files | lines | run | seconds | files/s | lines/s | peak RSS MB |", "|---|---:|---:|---|---:|---:|---:|---:|"]
    for result in results:
        for name, run in result["runs"].items():
            lines.append(f"| {os.path.basename(result['tree'])} | {result['files']} | {result['lines']} | {name} | "
                         f"{run['seconds']} | {run['files_per_s']} | {run['lines_per_s']} | {run['peak_rss_mb']} |")
    lines.append("")
    lines.append("| tree | ribslint ÷ swift-format (lines/s) | ribslint ÷ floor (time) | warm ÷ cold (time) | one changed file ÷ warm (time) | time per line vs smallest tree |")
    lines.append("|---|---:|---:|---:|---:|---:|")
    base = results[0]["runs"]["ribslint cold"]["seconds"] / results[0]["lines"]
    for result in results:
        ratios = result["ratios"]
        per_line = result["runs"]["ribslint cold"]["seconds"] / result["lines"]
        lines.append(f"| {os.path.basename(result['tree'])} | {ratios['ribslint lines/s over swift-format']}× | "
                     f"{ratios['ribslint time over floor']}× | {ratios['warm time over cold']} | {ratios['one changed file over warm']} | {per_line / base:.2f}× |")
    return "\n".join(lines)


def settle(trees, seconds=4):
    """Waits until the newest generated file is `seconds` old: ribslint, like git, re-reads a file changed
    in the seconds before the run that cached it (an edit in the same clock tick could hide otherwise), so a
    tree timed the instant it was written would not show what a warm run costs on a checkout."""
    newest = max(os.path.getmtime(os.path.join(directory, name))
                 for tree in trees for directory, _, names in os.walk(tree) for name in names + ["."])
    time.sleep(max(0.0, newest + seconds - time.time()))


# ---------------------------------------------------------------- scaling of hostile inputs

def rib_classes(count):
    """One file of `count` small RIBs (a router storing a child, an interactor with a bag): per-class
    searches of the whole file made this quadratic."""
    lines = ["import RIBs", "import RxSwift", ""]
    for i in range(count):
        lines += [f"final class R{i}Router: Router<R{i}Interactable>, R{i}Routing {{", "    var child: ChildRouting?", "}",
                  f"final class R{i}Interactor: Interactor, R{i}Interactable {{", f"    var listener: R{i}Listener?",
                  "    override func didBecomeActive() { super.didBecomeActive(); stream.subscribe().disposed(by: bag) }", "}"]
    return "\n".join(lines) + "\n"


def builder_cycle(count, per_file=500):
    """`count` builders, each building the next and the last the first: one cycle through every RIB, in files of
    `per_file` builders. Reported once, at the reference that closes it."""
    files = {}
    for start in range(0, count, per_file):
        lines = ["import RIBs", ""]
        for i in range(start, min(start + per_file, count)):
            lines.append(f"final class C{i}Builder: Builder<C{i}Dependency>, C{i}Buildable {{\n"
                         f"    func build() -> C{i}Routing {{ C{i}Router(child: C{(i + 1) % count}Builder(dependency: dependency)) }}\n}}")
        files[f"Chain/Chain{start // per_file:04d}.swift"] = "\n".join(lines) + "\n"
    return files


def reused_names(files):
    """`files` / 2 modules, each with its own Login building its own Home: RIBs of one name in every module."""
    tree = {}
    for module in range(files // 2):
        tree[f"Module{module:05d}/Login/LoginBuilder.swift"] = (
            "import RIBs\nfinal class LoginBuilder: Builder<LoginDependency>, LoginBuildable {\n"
            "    func build() -> LoginRouting { LoginRouter(homeBuilder: HomeBuilder(dependency: dependency)) }\n}\n")
        tree[f"Module{module:05d}/Home/HomeBuilder.swift"] = (
            "import RIBs\nfinal class HomeBuilder: Builder<HomeDependency>, HomeBuildable {\n"
            "    func build() -> HomeRouting { HomeRouter() }\n}\n")
    return tree


def scaling(ribslint, scratch, only=None):
    """Times each hostile input at doubling sizes and prints the growth per doubling: about 2 is linear.
    `only`: the cases whose names contain this text."""
    cases = {
        "RIB classes in one file": [(n, {"F.swift": rib_classes(n)}, ".", None) for n in (2000, 4000, 8000, 16000)],
        "ids in one suppression": [(n, {"F.swift": "// ribslint:disable " + " ".join(["router_child_reference"] * n) + "\nlet x = 1\n"}, ".", None)
                                   for n in (40000, 80000, 160000)],
        # The partial-parse note: swift-syntax's diagnostics measure each run-on statement's line from its start.
        "statements run on in one line": [(n, {"F.swift": " ".join(["router_child_reference"] * n) + "\n"}, ".", None)
                                          for n in (2000, 4000, 8000)],
        "builders in one cycle": [(n, builder_cycle(n), ".", None) for n in (12500, 25000, 50000)],
        "modules reusing RIB names (files)": [(n, reused_names(n), ".", None) for n in (2000, 4000, 8000)],
        "folders under a ** glob": [(n, {"/".join(f"d{i}" for i in range(n)) + "/B.swift": "let b = 1\n"}, ".",
                                     "excluded: ['**/**/**/**/**/**/b', '**/**/**/**/x/**/**']\n") for n in (50, 100, 200)],
    }
    rows = []
    for name, sizes in cases.items():
        if only and only not in name:
            continue
        previous = None
        for size, files, path, config in sizes:
            folder = os.path.join(scratch, f"scaling-{len(rows)}")
            for relative, text in files.items():
                os.makedirs(os.path.dirname(os.path.join(folder, relative)), exist_ok=True)
                with open(os.path.join(folder, relative), "w") as handle:
                    handle.write(text)
            command = [ribslint, "lint", "--no-cache", "--quiet", "--allow-zero-files", "--reporter", "json"]
            if config:
                with open(os.path.join(folder, ".ribslint.yml"), "w") as handle:
                    handle.write(config)
            seconds, rss, report = measure(command + [path], cwd=folder)
            findings = len(json.loads(report)["findings"])
            growth = f"{seconds / previous:.2f}" if previous else "-"
            rows.append(f"| {name} | {size} | {seconds:.3f} | {rss:.0f} | {findings} | {growth} |")
            previous = seconds
            shutil.rmtree(folder, ignore_errors=True)
    print("| hostile input | size | seconds | peak RSS MB | findings | time ÷ previous size's |\n|---|---:|---:|---:|---:|---:|")
    print("\n".join(rows))


class LanguageClient:
    """Just enough of an LSP client to time `ribslint lsp`: framed JSON-RPC over the server's pipes."""

    def __init__(self, binary, root, env):
        self.process = subprocess.Popen([binary, "lsp"], cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=env)
        self.next_id = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        """The server's next notification or response; its requests (`client/registerCapability`) are answered as a
        client that does what is asked."""
        while True:
            length = 0
            while True:
                line = self.process.stdout.readline()
                if line in (b"\r\n", b""):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(self.process.stdout.read(length))
            if "method" in message and "id" in message:
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
                continue
            return message

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.next_id:
                return message

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics_after(self, method, params):
        """Seconds from sending a notification to the server's next diagnostics."""
        started = time.monotonic()
        self.notify(method, params)
        while self.receive().get("method") != "textDocument/publishDiagnostics":
            pass
        return time.monotonic() - started

    def rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.process.wait(timeout=30)


# A client that watches the workspace's files for the server when asked, as VS Code does: the server then asks the
# disk nothing between the changes it is told of.
WATCHING = {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}


def editor(folder, ribslint, scratch, edits=20, long_run=0, capabilities=WATCHING):
    """`ribslint lsp` as an editor drives it: the project's cache warm (one `ribslint` run, as a developer's
    checkout has), one file open, `edits` changes to it; the seconds from each change to its diagnostics (project
    rules included), and with `long_run` the server's memory after that many more changes."""
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(scratch, "editor-cache"))
    subprocess.run([ribslint, "--quiet", "--reporter", "json"], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    client = LanguageClient(ribslint, folder, env)
    client.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + folder, "capabilities": capabilities})
    client.notify("initialized", {})
    path = first_swift_file(folder)
    uri, text = "file://" + path, open(path).read()
    client.diagnostics_after("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})

    def change(version):
        # A line typed, then another: the buffer is never the file on disk, so no change is answered by the cache.
        body = text + f"// edit {version % 2}\n"
        return client.diagnostics_after("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": body}]})

    latencies = sorted(change(version) for version in range(2, edits + 2))
    result = {"tree": os.path.basename(folder), "client": "watching" if capabilities else "not watching", "edits": edits,
              "median_ms": round(latencies[len(latencies) // 2] * 1000, 1),
              "max_ms": round(latencies[-1] * 1000, 1), "rss_mb_after_edits": round(client.rss_mb(), 1)}
    if long_run:
        for version in range(edits + 2, edits + 2 + long_run):
            change(version)
        result["rss_mb_after_%d_more" % long_run] = round(client.rss_mb(), 1)
    client.close()
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, nargs="*", default=[1000, 10000, 50000], help="synthetic tree sizes")
    parser.add_argument("--dir", action="append", default=[], help="benchmark this folder instead (repeatable)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count(), help="threads for ribslint and the floor")
    parser.add_argument("--json", help="also write the JSON results to this file")
    parser.add_argument("--no-build", action="store_true", help="use the release binaries already built")
    parser.add_argument("--profile", choices=sorted(OPT_IN), default="ribs", help="the profile every tree is linted under")
    parser.add_argument("--scaling", action="store_true", help="time the hostile inputs of growing size instead")
    parser.add_argument("--case", help="with --scaling: only the hostile inputs whose names contain this text")
    parser.add_argument("--editor", action="store_true",
                        help="time the language server instead: 20 edits of one file, each to its diagnostics, on a warm cache, "
                             "for a client that watches files (VS Code) and one that does not")
    parser.add_argument("--editor-long-run", type=int, default=0, help="with --editor: this many more edits, then the server's memory")
    arguments = parser.parse_args()
    # Children inherit the raised limit; swift-format --parallel holds every file of a run open at once.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 1 << 20, hard))

    if not arguments.no_build:
        # One product per call: `swift build` builds only the last `--product` it is given. Both are built
        # as the README installs ribslint, with the Swift runtime linked in (no dynamic linking at start).
        for product in ("ribslint", "ribslint-parse-floor"):
            subprocess.check_call(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", product],
                                  cwd=ROOT, stdout=sys.stderr)
    bin_path = subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT).decode().strip()
    binaries = (os.path.join(bin_path, "ribslint"), os.path.join(bin_path, "ribslint-parse-floor"))

    scratch = tempfile.mkdtemp(prefix="ribslint-bench-")
    if arguments.scaling:
        try:
            scaling(binaries[0], scratch, arguments.case)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        return
    try:
        trees = list(arguments.dir)
        if not trees:
            for files in arguments.files:
                folder = os.path.join(scratch, f"synthetic-{files}")
                generate(files, folder)
                # A repository, as a monorepo is: the search for test files keeps to it, and file names in
                # reports are relative to its top.
                os.makedirs(os.path.join(folder, ".git"))
                trees.append(folder)
        if not arguments.dir:
            settle(trees)
        if arguments.editor:
            for folder in trees:
                print(f"the language server on {folder} …", file=sys.stderr)
                print(json.dumps(editor(folder, binaries[0], scratch, long_run=arguments.editor_long_run)))
                print(json.dumps(editor(folder, binaries[0], scratch, capabilities={})))
            return
        results = []
        for folder in trees:
            print(f"benchmarking {folder} …", file=sys.stderr)
            results.append(bench(folder, binaries, arguments.jobs, scratch, arguments.profile))
        print(table(results))
        print()
        print(json.dumps(results, indent=2))
        if arguments.json:
            with open(arguments.json, "w") as handle:
                json.dump(results, handle, indent=2)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
