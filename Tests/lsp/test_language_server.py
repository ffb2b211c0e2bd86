"""`ribslint lsp` end to end, with pytest-lsp, as two real clients: Neovim 0.11 (pulls diagnostics with
`textDocument/diagnostic`) and VS Code 1.65 (is pushed `textDocument/publishDiagnostics`).

    RIBSLINT_BINARY=.build/debug/ribslint python3 -m pytest -q Tests/lsp
"""
import atexit
import json
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("RIBSLINT_BINARY", str(ROOT / ".build" / "debug" / "ribslint"))
LOGGED_OUT = ROOT / "Examples" / "App" / "LoggedOut" / "LoggedOutInteractor.swift"
PROFILE_ROUTER = ROOT / "Examples" / "App" / "LoggedIn" / "Profile" / "ProfileRouter.swift"
AGENDA = ROOT / "Examples" / "VIPERApp" / "Agenda" / "AgendaInteractor.swift"
CLIENTS = {"pull": "neovim@v0.11.0", "push": "visual-studio-code@v1.65.2"}


async def start(lsp_client: LanguageClient, mode, root: pathlib.Path):
    """Starts a session as the client `mode` names, on the workspace `root`."""
    lsp_client.mode = mode
    accept_registrations(lsp_client)
    lsp_client.server_info = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities(CLIENTS[mode]), root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)]))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]), params=sorted(CLIENTS))
async def client(lsp_client: LanguageClient, request):
    await start(lsp_client, request.param, ROOT)
    yield
    await lsp_client.shutdown_session()


def accept_registrations(client: LanguageClient):
    """The test client's answer to `client/registerCapability`, which real clients handle; what was registered is kept."""
    client.registrations = []

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params):
        client.registrations += params.registrations
        return None


async def diagnostics(client: LanguageClient, uri: str):
    """The document's diagnostics as the client gets them: pulled, or the latest pushed."""
    if client.mode == "pull":
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri)))
        return report.items
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


async def open_document(client: LanguageClient, path: pathlib.Path, version=1):
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=path.as_uri(), language_id="swift", version=version, text=path.read_text())))
    return await diagnostics(client, path.as_uri())


@pytest.mark.asyncio
async def test_capabilities_follow_the_client(client: LanguageClient):
    capabilities = client.server_info.capabilities
    assert client.server_info.server_info.name == "ribslint"
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    # Pull diagnostics are offered to the client that pulls; the other is pushed them.
    assert (capabilities.diagnostic_provider is not None) == (client.mode == "pull")


@pytest.mark.asyncio
async def test_findings_of_an_open_buffer_are_diagnostics(client: LanguageClient):
    found = await open_document(client, LOGGED_OUT)
    weak = [d for d in found if d.code == "weak_listener"]
    assert len(weak) == 1, [d.code for d in found]
    # The finding's range (start and end), severity, rule and page, as the command line reports it.
    assert weak[0].range.start == types.Position(line=24, character=8)
    assert weak[0].range.end == types.Position(line=24, character=16)
    assert weak[0].severity == types.DiagnosticSeverity.Error
    assert weak[0].source == "ribslint"
    assert weak[0].code_description.href.endswith("/weak_listener.md")
    assert "declare it `weak var`" in weak[0].message


@pytest.mark.asyncio
async def test_an_edit_is_linted_as_typed_without_saving(client: LanguageClient):
    await open_document(client, LOGGED_OUT)
    # `var listener` becomes `weak var listener` in the buffer alone: the finding goes, the file on disk is untouched.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=LOGGED_OUT.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=24, character=4), end=types.Position(line=24, character=4)), text="weak ")]))
    found = await diagnostics(client, LOGGED_OUT.as_uri())
    assert not [d for d in found if d.code == "weak_listener"], [d.code for d in found]
    assert "    var listener: LoggedOutListener?" in LOGGED_OUT.read_text()


@pytest.mark.asyncio
async def test_project_rules_see_the_whole_project(client: LanguageClient):
    found = await open_document(client, PROFILE_ROUTER)
    codes = [d.code for d in found]
    # A RIB cycle runs through other files; it is reported here because the whole project is read.
    assert "rib_cycle" in codes and "router_ui_access" in codes, codes
    # The command line's findings of the same file, each where the diagnostic is.
    report = subprocess.run([BINARY, "lint", "--no-cache", "--reporter", "json", "--quiet", str(PROFILE_ROUTER)], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True).stdout
    expected = sorted((f["rule"], f["line"] - 1, f["column"] - 1, f["endLine"] - 1, f["endColumn"] - 1) for f in json.loads(report)["findings"]
                      if f["file"].endswith("ProfileRouter.swift"))
    assert sorted((d.code, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character) for d in found) == expected


@pytest.mark.asyncio
async def test_each_file_under_its_own_configuration(client: LanguageClient):
    # Examples/VIPERApp's own .ribslint.yml switches the profile to viper.
    codes = [d.code for d in await open_document(client, AGENDA)]
    assert "viper_interactor_navigation" in codes, codes
    assert not [code for code in codes if code.startswith("interactor_")], codes


@pytest.mark.asyncio
async def test_closing_clears_pushed_diagnostics_and_unknown_requests_are_refused(client: LanguageClient):
    await open_document(client, LOGGED_OUT)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=LOGGED_OUT.as_uri())))
    if client.mode == "push":
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        assert not client.diagnostics[LOGGED_OUT.as_uri()]
    with pytest.raises(Exception, match="does not handle"):
        await client.protocol.send_request_async("ribslint/unknown", {})


def apply(text: str, edits) -> str:
    """The text with LSP text edits applied (UTF-16 positions), last first."""
    lines = text.split("\n")

    def offset(position):
        before = sum(len(line.encode("utf-16-le")) // 2 + 1 for line in lines[:position.line])
        return before + position.character

    units = text.encode("utf-16-le")
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start, end = offset(edit.range.start) * 2, offset(edit.range.end) * 2
        units = units[:start] + edit.new_text.encode("utf-16-le") + units[end:]
    return units.decode("utf-16-le")


@pytest.mark.asyncio
async def test_quick_fixes_fix_or_suppress_a_finding(client: LanguageClient):
    found = await open_document(client, LOGGED_OUT)
    weak = [d for d in found if d.code == "weak_listener"][0]
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=LOGGED_OUT.as_uri()), range=weak.range,
        context=types.CodeActionContext(diagnostics=[weak])))
    titles = [action.title for action in actions]
    # The repository's custom rule `interactor_listener_is_weak` (its .ribslint.yml) reports the same line with its own fix.
    fix = [action for action in actions if action.kind == types.CodeActionKind.QuickFix and action.is_preferred and action.title.endswith("(weak_listener)")]
    assert len(fix) == 1, titles
    custom = [action for action in actions if action.is_preferred and action.title.endswith("(interactor_listener_is_weak)")]
    assert len(custom) == 1 and apply(LOGGED_OUT.read_text(), custom[0].edit.changes[LOGGED_OUT.as_uri()]) == apply(
        LOGGED_OUT.read_text(), fix[0].edit.changes[LOGGED_OUT.as_uri()]), titles
    fixed = apply(LOGGED_OUT.read_text(), fix[0].edit.changes[LOGGED_OUT.as_uri()])
    assert "    weak var listener: LoggedOutListener?" in fixed.split("\n")
    suppress = [action for action in actions if action.title == "Suppress weak_listener on this line"]
    assert len(suppress) == 1, titles
    suppressed = apply(LOGGED_OUT.read_text(), suppress[0].edit.changes[LOGGED_OUT.as_uri()]).split("\n")
    assert suppressed[24] == "    // ribslint:disable:next weak_listener - <reason>" and suppressed[25] == "    var listener: LoggedOutListener?"
    in_file = [action for action in actions if action.title == "Suppress weak_listener in this file"]
    assert len(in_file) == 1, titles
    whole = apply(LOGGED_OUT.read_text(), in_file[0].edit.changes[LOGGED_OUT.as_uri()])
    assert whole.split("\n")[0] == "// ribslint:disable:file weak_listener - <reason>"
    # The comment does what it says: the buffer holding it has no weak_listener finding left.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=LOGGED_OUT.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=whole)]))
    assert "weak_listener" not in [d.code for d in await diagnostics(client, LOGGED_OUT.as_uri())]


@pytest.mark.asyncio
async def test_a_fix_that_moves_text_to_another_file_is_a_quick_fix(client: LanguageClient):
    view = ROOT / "Examples" / "App" / "LoggedIn" / "Profile" / "ProfileViewController.swift"
    interactor = view.parent / "ProfileInteractor.swift"
    found = await open_document(client, view)
    placement = [d for d in found if d.code == "protocol_placement"]
    assert len(placement) == 1, [d.code for d in found]
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=view.as_uri()), range=placement[0].range,
        context=types.CodeActionContext(diagnostics=placement)))
    moves = [action for action in actions if action.title == "Fix: move it where it belongs, as --fix would (protocol_placement)"]
    assert len(moves) == 1, [action.title for action in actions]
    changes = moves[0].edit.changes
    assert sorted(changes) == sorted([view.as_uri(), interactor.as_uri()])
    moved_from = apply(view.read_text(), changes[view.as_uri()])
    moved_to = apply(interactor.read_text(), changes[interactor.as_uri()])
    assert "protocol ProfilePresentableListener" not in moved_from and "protocol ProfilePresentableListener: AnyObject {" in moved_to
    dry_run = subprocess.run([BINARY, "lint", "--fix", "--dry-run", "--no-cache", "--quiet", "--only-rule", "protocol_placement", str(view)],
                             cwd=ROOT, stdout=subprocess.PIPE, text=True).stdout
    assert "+protocol ProfilePresentableListener: AnyObject {" in dry_run and "-protocol ProfilePresentableListener: AnyObject {" in dry_run


@pytest.mark.asyncio
async def test_fix_all_makes_what_fix_makes(client: LanguageClient):
    await open_document(client, LOGGED_OUT)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=LOGGED_OUT.as_uri()),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
        context=types.CodeActionContext(diagnostics=[], only=["source.fixAll.ribslint"])))
    assert [action.kind for action in actions] == ["source.fixAll.ribslint"]
    fixed = apply(LOGGED_OUT.read_text(), actions[0].edit.changes[LOGGED_OUT.as_uri()])
    dry_run = subprocess.run([BINARY, "lint", "--fix", "--dry-run", "--no-cache", "--quiet", str(LOGGED_OUT)], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True).stdout
    assert "+    weak var listener: LoggedOutListener?" in dry_run and "    weak var listener: LoggedOutListener?" in fixed.split("\n")


@pytest.mark.asyncio
async def test_a_configuration_buffer_shows_its_errors_where_they_are(client: LanguageClient):
    config = ROOT / ".ribslint.yml"
    text = config.read_text() + "disabled_rules: [no_such_rule]\n"
    line = text.count("\n") - 1
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=config.as_uri(), language_id="yaml", version=1, text=text)))
    found = await diagnostics(client, config.as_uri())
    assert [(d.code, d.range.start.line, d.range.start.character) for d in found] == [("configuration", line, 17)], found
    assert "unknown rule 'no_such_rule'" in found[0].message
    # Mended in the buffer, its diagnostics are cleared.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=config.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=config.read_text())]))
    if client.mode == "pull":
        assert not await diagnostics(client, config.as_uri())
    else:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        assert not client.diagnostics[config.as_uri()]


@pytest.mark.asyncio
async def test_a_cycle_points_at_its_other_files(client: LanguageClient):
    found = await open_document(client, PROFILE_ROUTER)
    cycle = [d for d in found if d.code == "rib_cycle"][0]
    related = [info.location.uri for info in cycle.related_information or []]
    assert related and all(uri.startswith(ROOT.as_uri()) and uri != PROFILE_ROUTER.as_uri() for uri in related), related


@pytest.mark.asyncio
async def test_hover_says_why_a_type_has_its_role_and_what_a_finding_means(client: LanguageClient):
    await open_document(client, PROFILE_ROUTER)
    line = next(number for number, text in enumerate(PROFILE_ROUTER.read_text().split("\n")) if text.startswith("final class ProfileRouter"))
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=PROFILE_ROUTER.as_uri()), position=types.Position(line=line, character=14)))
    assert "**ProfileRouter** — router (profile ribs)" in hover.contents.value, hover.contents.value
    assert "Inherits `ViewableRouter`" in hover.contents.value and "`ProfileRouting`" in hover.contents.value
    assert hover.range.start == types.Position(line=line, character=12)
    # On a finding: its rule's summary and rationale, quoting the guide.
    await open_document(client, LOGGED_OUT)
    on_finding = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=LOGGED_OUT.as_uri()), position=types.Position(line=24, character=10)))
    assert "**weak_listener** — " in on_finding.contents.value, on_finding.contents.value
    assert "RIBs" in on_finding.contents.value and "weak_listener.md" in on_finding.contents.value
    # A custom rule of the repository's .ribslint.yml on the same place: its own words, and the custom rules' page.
    assert "**interactor_listener_is_weak** — A strong listener closes a cycle" in on_finding.contents.value, on_finding.contents.value
    assert "custom-rules.md" in on_finding.contents.value
    # On a suppression comment: the rule under the cursor; elsewhere on the comment, every rule it names.
    lines = LOGGED_OUT.read_text().split("\n")
    lines.insert(24, "    // ribslint:disable:next weak_listener, rib_cycle - kept for the demo")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=LOGGED_OUT.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text="\n".join(lines))]))
    await diagnostics(client, LOGGED_OUT.as_uri())
    async def hover_at(character):
        return await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=LOGGED_OUT.as_uri()), position=types.Position(line=24, character=character)))
    on_rule = await hover_at(lines[24].index("rib_cycle") + 2)
    assert on_rule.contents.value.startswith("**rib_cycle** — ") and "weak_listener" not in on_rule.contents.value, on_rule.contents.value
    assert on_rule.range.start == types.Position(line=24, character=lines[24].index("rib_cycle"))
    on_command = await hover_at(lines[24].index("disable") + 1)
    assert "**weak_listener** — " in on_command.contents.value and "**rib_cycle** — " in on_command.contents.value
    # Nowhere in particular: nothing.
    nothing = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=LOGGED_OUT.as_uri()), position=types.Position(line=0, character=0)))
    assert nothing is None


# A project of its own with a baseline: "Add to baseline" writes it, and the finding is then reported no more.
BASELINED = pathlib.Path(tempfile.mkdtemp(prefix="ribslint-lsp-baseline-"))
atexit.register(shutil.rmtree, BASELINED, True)
(BASELINED / ".ribslint.yml").write_text("included: [Sources]\nbaseline: ribslint-baseline.json\n")
(BASELINED / "ribslint-baseline.json").write_text('{"entries": [], "tool": "ribslint", "version": 1}\n')
(BASELINED / "Sources").mkdir()
CARD = BASELINED / "Sources" / "CardInteractor.swift"
CARD.write_text("import RIBs\n\nprotocol CardListener: AnyObject {}\n\n"
                "final class CardInteractor: Interactor, CardInteractable {\n    var listener: CardListener?\n}\n")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]), params=sorted(CLIENTS))
async def baselined_client(lsp_client: LanguageClient, request):
    await start(lsp_client, request.param, BASELINED)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_add_to_baseline_writes_the_projects_baseline(baselined_client: LanguageClient):
    client = baselined_client
    found = await open_document(client, CARD)
    weak = [d for d in found if d.code == "weak_listener"]
    assert len(weak) == 1, [d.code for d in found]
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=CARD.as_uri()), range=weak[0].range,
        context=types.CodeActionContext(diagnostics=weak)))
    add = [action for action in actions if action.title == "Add this weak_listener finding to the baseline"]
    assert len(add) == 1, [action.title for action in actions]
    baseline = BASELINED / "ribslint-baseline.json"
    (edit,) = add[0].edit.changes[baseline.as_uri()]
    baseline.write_text(apply(baseline.read_text(), [edit]))
    entries = json.loads(baseline.read_text())["entries"]
    assert [(entry["rule"], entry["path"]) for entry in entries] == [("weak_listener", "Sources/CardInteractor.swift")]
    # As the command line: the baselined finding no longer counts.
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=CARD.as_uri())))
    assert not [d for d in await diagnostics(client, CARD.as_uri()) if d.code == "weak_listener"]
    lint = subprocess.run([BINARY, "lint", "--no-cache", "--reporter", "json", "--quiet"], cwd=BASELINED, stdout=subprocess.PIPE, text=True)
    assert not [f for f in json.loads(lint.stdout)["findings"] if f["rule"] == "weak_listener"]
    baseline.write_text('{"entries": [], "tool": "ribslint", "version": 1}\n')


def test_bad_input_is_skipped_not_fatal():
    """Bytes that are not the protocol, a body that is not JSON, a request without its parameters: the server
    answers what it can and exits 0 after `shutdown` and `exit`."""
    def frame(message):
        body = json.dumps(message).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body
    data = (b"not the protocol\r\n\r\n" + b"Content-Length: 5\r\n\r\n{bad}" + b"Content-Length: -5\r\n\r\n"
            + b"Content-Length: 9223372036854775807\r\n\r\n"
            + frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}})
            + frame({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {}})
            + frame({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {
                "textDocument": {"uri": LOGGED_OUT.as_uri()}, "position": {"line": 9223372036854775807, "character": 9223372036854775807}}})
            + frame({"jsonrpc": "2.0", "method": "textDocument/didOpen"})
            + frame({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}) + frame({"jsonrpc": "2.0", "method": "exit"}))
    done = subprocess.run([BINARY, "lsp"], cwd=ROOT, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    assert done.returncode == 0, done.stderr
    answers = [json.loads(part.split(b"\r\n\r\n", 1)[1]) for part in done.stdout.split(b"Content-Length: ")[1:]]
    # Headers without a length, a body that is not JSON and two lengths that are not ones to read are parse errors
    # (-32700, no id); the rest is answered.
    assert [answer.get("id") for answer in answers] == [None, None, None, None, 1, 2, 5, 3], answers
    assert [answer["error"]["code"] for answer in answers[:4]] == [-32700] * 4
    assert answers[5]["error"]["code"] == -32602 and answers[6]["result"] is None and answers[7]["result"] is None


@pytest.mark.asyncio
async def test_a_change_answered_with_a_request_in_between_is_still_published(client: LanguageClient):
    """VS Code asks for code actions as the cursor moves: a change followed at once by a request is linted after it."""
    if client.mode == "pull":
        return
    await open_document(client, LOGGED_OUT)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=LOGGED_OUT.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=24, character=4), end=types.Position(line=24, character=4)), text="weak ")]))
    hover = client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=LOGGED_OUT.as_uri()), position=types.Position(line=0, character=0)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    await hover
    assert not [d for d in client.diagnostics[LOGGED_OUT.as_uri()] if d.code == "weak_listener"]


@pytest.mark.asyncio
async def test_configuration_files_are_watched_when_the_client_can(client: LanguageClient):
    await open_document(client, LOGGED_OUT)
    watchers = [registration for registration in client.registrations if registration.method == "workspace/didChangeWatchedFiles"]
    capabilities = client_capabilities(CLIENTS[client.mode])
    can = bool(capabilities.workspace and capabilities.workspace.did_change_watched_files
               and capabilities.workspace.did_change_watched_files.dynamic_registration)
    assert bool(watchers) == can
    if watchers:
        assert [watcher["globPattern"] for watcher in watchers[0].register_options["watchers"]] == ["**/.ribslint.yml", "**/*"]


# A project of its own whose files change on disk while one is open: a RIB cycle closed by another file.
WATCHED = pathlib.Path(tempfile.mkdtemp(prefix="ribslint-lsp-watched-"))
atexit.register(shutil.rmtree, WATCHED, True)
(WATCHED / ".ribslint.yml").write_text("included: [Sources]\n")
(WATCHED / "Sources").mkdir()
LOOP_A = WATCHED / "Sources" / "LoopABuilder.swift"
LOOP_B = WATCHED / "Sources" / "LoopBBuilder.swift"
PLAIN = WATCHED / "Sources" / "Plain.swift"
PLAIN.write_text("struct Plain {}\n")


def backdate(*paths):
    """An hour back, as an untouched checkout's files are: stamps the cache then trusts without reading."""
    past = __import__("time").time() - 3600
    for path in paths:
        os.utime(path, (past, past))


def warm(root):
    """The project's cache as a developer's checkout has it: one `ribslint` run over it, which records its walk."""
    subprocess.run([BINARY, "--quiet"], cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def builder(name, child):
    built = f"{name}Router(child: {child}Builder(dependency: dependency))" if child else f"{name}Router()"
    return (f"import RIBs\nfinal class {name}Builder: Builder<{name}Dependency>, {name}Buildable {{\n"
            f"    func build() -> {name}Routing {{ {built} }}\n}}\n")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]), params=sorted(CLIENTS))
async def watched_client(lsp_client: LanguageClient, request):
    LOOP_A.write_text(builder("LoopA", None))
    LOOP_B.write_text(builder("LoopB", "LoopA"))
    backdate(LOOP_A, LOOP_B, PLAIN, LOOP_A.parent, WATCHED)
    warm(WATCHED)
    await start(lsp_client, request.param, WATCHED)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_a_file_changed_on_disk_is_seen_once_the_client_says_so(watched_client: LanguageClient):
    client = watched_client
    found = await open_document(client, LOOP_B)
    assert "rib_cycle" not in [d.code for d in found]
    # Typed into, nothing changed on disk: the same findings (a watching client's server asks the disk nothing now).
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=LOOP_B.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=LOOP_B.read_text() + "\n")]))
    assert [d.code for d in await diagnostics(client, LOOP_B.as_uri())] == [d.code for d in found]
    # Another file changes on disk and the client says so: the open file's project findings follow.
    LOOP_A.write_text(builder("LoopA", "LoopB"))
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=LOOP_A.as_uri(), type=types.FileChangeType.Changed)]))
    cycle = [d for d in await diagnostics(client, LOOP_B.as_uri()) if d.code == "rib_cycle"]
    assert len(cycle) == 1 and "LoopB → LoopA → LoopB" in cycle[0].message


async def published(client: LanguageClient, uri: str):
    """The next diagnostics pushed for `uri` (a push client's; others pushed meanwhile are passed over)."""
    while True:
        params = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if params.uri == uri:
            return [d.code for d in params.diagnostics]


@pytest.mark.asyncio
async def test_a_file_saved_then_closed_is_read_from_disk_again(watched_client: LanguageClient):
    client = watched_client
    if client.mode != "push":
        return  # only a client that watches files lets the server trust the disk; VS Code's profile does
    uri = LOOP_A.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="swift", version=1, text=LOOP_A.read_text())))
    await published(client, uri)
    # LoopA typed into, saved and closed: the cycle it closes shows in LoopB, opened afterwards.
    closing = builder("LoopA", "LoopB")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=closing)]))
    await published(client, uri)
    LOOP_A.write_text(closing)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=uri, type=types.FileChangeType.Changed)]))
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    await published(client, uri)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    await published(client, uri)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=LOOP_B.as_uri(), language_id="swift", version=1, text=LOOP_B.read_text())))
    assert "rib_cycle" in await published(client, LOOP_B.as_uri())


def test_a_client_that_refuses_to_watch_leaves_the_server_asking_the_disk():
    """VS Code's capabilities (it can watch files), but the registration of the watchers answered with an error: the
    server goes on asking the disk, and sees a file changed there with no word from the client. Spoken raw, as
    pytest-lsp's client takes every registration."""
    LOOP_A.write_text(builder("LoopA", None))
    LOOP_B.write_text(builder("LoopB", "LoopA"))
    backdate(LOOP_A, LOOP_B, PLAIN, LOOP_A.parent, WATCHED)
    warm(WATCHED)
    server = subprocess.Popen([BINARY, "lsp"], cwd=WATCHED, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(message):
        body = json.dumps(dict(message, jsonrpc="2.0")).encode()
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def receive():
        length = 0
        while (line := server.stdout.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(server.stdout.read(length))

    def codes(uri):
        while True:
            message = receive()
            if message.get("method") == "client/registerCapability":
                send({"id": message["id"], "error": {"code": -32601, "message": "no watchers here"}})
            elif message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return [d["code"] for d in message["params"]["diagnostics"]]

    capabilities = {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}
    send({"id": 1, "method": "initialize", "params": {"rootUri": WATCHED.as_uri(), "capabilities": capabilities}})
    assert receive()["id"] == 1
    send({"method": "initialized", "params": {}})
    uri = LOOP_B.as_uri()
    send({"method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": LOOP_B.read_text()}}})
    assert "rib_cycle" not in codes(uri)
    LOOP_A.write_text(builder("LoopA", "LoopB"))
    send({"method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": 2},
                                                          "contentChanges": [{"text": LOOP_B.read_text() + "\n"}]}})
    assert "rib_cycle" in codes(uri)
    send({"id": 2, "method": "shutdown"})
    send({"method": "exit"})
    assert server.wait(timeout=60) == 0


@pytest.mark.asyncio
async def test_workspace_diagnostics_hold_the_files_not_open(watched_client: LanguageClient):
    client = watched_client
    provider = client.server_info.capabilities.diagnostic_provider
    if client.mode != "pull":
        assert provider is None
        return
    assert provider.workspace_diagnostics
    await open_document(client, LOOP_B)
    report = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(
        previous_result_ids=[types.PreviousResultId(uri=PLAIN.as_uri(), value="earlier")]))
    by_uri = {item.uri: item for item in report.items}
    # The open file is pulled on its own; a file reported before and clear now gets an empty report.
    assert LOOP_B.as_uri() not in by_uri
    assert not by_uri[PLAIN.as_uri()].items
    # The files not open, as the command line reports them.
    lint = subprocess.run([BINARY, "lint", "--no-cache", "--reporter", "json", "--quiet"], cwd=WATCHED, stdout=subprocess.PIPE, text=True)
    expected = sorted((pathlib.Path(f["file"]).name, f["rule"], f["line"] - 1) for f in json.loads(lint.stdout)["findings"]
                      if not f["file"].endswith("LoopBBuilder.swift"))
    got = sorted((item.uri.rsplit("/", 1)[1], d.code, d.range.start.line) for item in report.items for d in item.items)
    assert expected and got == expected
