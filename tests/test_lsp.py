"""``trictrac lsp`` driven by a real language client (pytest-lsp: pygls' client over the server's stdin and
stdout), as an editor drives it: diagnostics as ``check`` gives them, hover as ``explain`` says it, completion
of the legal plays and marks, the fixes applied and the record checked again, formatting as ``fmt``, the
outline, the folds, go to definition."""

from __future__ import annotations

import asyncio
import glob
import sys
import time
from pathlib import Path

import pytest
import pytest_lsp
from conftest import run_cli
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient

from trictrac_notation.engine.opengame import open_game
from trictrac_notation.games.trictrac.randomgame import random_record
from trictrac_notation.notation.layout import format_record
from trictrac_notation.notation.reader import write

ROOT = Path(__file__).resolve().parents[1]
RECORDS = sorted(glob.glob(str(ROOT / "site_src/games/**/*.tric"), recursive=True))
KERMADEUC = ROOT / "site_src/games/kermadeuc-lepeintre.tric"
FIG8 = ROOT / "site_src/games/historical/lepeintre-1818-1-iii-fig8-six-ace.tric"
FIG6 = ROOT / "site_src/games/historical/lelasseux-1852-053-petit-jan-one-case.tric"
GAME = """[Title "x"]
[Rules "guiton-1822"]
[First "white"]

1. white 6-4 T-6 T-4
2. black 5-3 T-5 T-3
3. white 3-1 +0 6-9 4-5
4. black 6-5 T-6 T-7
5. white 6-2 +0 T-6-8
"""
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(
    server_command=[sys.executable, "-m", "trictrac_notation.cli.main", "lsp", "--stdio"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=pytest_lsp.client_capabilities("visual-studio-code")))
    yield
    await lsp_client.shutdown_session()


_VERSIONS: dict[str, int] = {}


async def opened(client: LanguageClient, uri: str, text: str) -> list[lsp.Diagnostic]:
    """Open (or replace) a document and wait for its diagnostics."""
    version = _VERSIONS[uri] = _VERSIONS.get(uri, 0) + 1
    if version == 1:
        client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "tric", version, text)))
    else:
        client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            lsp.VersionedTextDocumentIdentifier(version, uri), [lsp.TextDocumentContentChangeWholeDocument(text)]))
    while True:
        published = await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if published.uri == uri and published.version == version:
            return list(published.diagnostics)


def uri_of(path: Path | str) -> str:
    return Path(path).resolve().as_uri()


def _offset(text: str, position: lsp.Position) -> int:
    """A client position (UTF-16 units, as Visual Studio Code counts) as an index into ``text``."""
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[:position.line])
    line, units, k = lines[position.line] if position.line < len(lines) else "", 0, 0
    while k < len(line) and units < position.character:
        units += 2 if ord(line[k]) > 0xFFFF else 1
        k += 1
    return start + k


def _column(text: str, position: lsp.Position) -> int:
    """A client position's column as a record's diagnostics count it (1-based, in characters)."""
    return _offset(text, position) - _offset(text, lsp.Position(position.line, 0)) + 1


def applied(text: str, edits: list[lsp.TextEdit]) -> str:
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[:_offset(text, e.range.start)] + e.new_text + text[_offset(text, e.range.end):]
    return text


def doc(uri: str) -> lsp.TextDocumentIdentifier:
    return lsp.TextDocumentIdentifier(uri)


# --- diagnostics ---------------------------------------------------------------------------------------------

async def test_diagnostics_are_checks_on_every_bundled_and_historical_record(client: LanguageClient):
    assert len(RECORDS) > 100
    for path in RECORDS:
        text = Path(path).read_text(encoding="utf-8")
        got = await opened(client, uri_of(path), text)
        expected = open_game(path).diagnostics  # what `trictrac check` prints
        assert [(d.range.start.line + 1, _column(text, d.range.start), d.code, d.severity.name.lower(),
                 d.message.split("\n")[0]) for d in got] == [
            (d.line, d.column, d.code, {"note": "information"}.get(d.severity, d.severity),
             d.message + (f" [{d.rule}]" if d.rule else "")) for d in expected], path


async def test_diagnostics_carry_the_hint_and_the_legal_plays(client: LanguageClient):
    got = await opened(client, "file:///work/game.tric", GAME)
    fausse = next(d for d in got if d.code == "illegal-play")
    assert (fausse.range.start.line, fausse.range.start.character) == (7, 13)
    assert fausse.severity == lsp.DiagnosticSeverity.Error and fausse.source == "trictrac"
    assert "legal plays of 6-5: T-6 T-5 | T-6 3-8 | T-6 5-10 | 3-9 T-5 | 3-9 5-10" in fausse.message
    ecole = next(d for d in got if d.code == "ecole")
    assert ecole.severity == lsp.DiagnosticSeverity.Warning and "hint: if black marked it" in ecole.message


async def test_diagnostics_wait_for_the_typing_to_pause_and_follow_the_last_text(client: LanguageClient):
    uri = "file:///work/typed.tric"
    await opened(client, uri, GAME)
    published: list[lsp.PublishDiagnosticsParams] = []
    features = client.protocol.fm.features
    keep = features[lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]
    features[lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = lambda params: (published.append(params), keep(params))
    lines = GAME.split("\n")
    for version, typed in enumerate(["4. black 6-5 T-6", "4. black 6-5 T-6 T-", "4. black 6-5 T-6 T-5"], start=2):
        text = "\n".join(lines[:7] + [typed] + lines[8:])
        client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            lsp.VersionedTextDocumentIdentifier(version, uri), [lsp.TextDocumentContentChangeWholeDocument(text)]))
    _VERSIONS[uri] = 4
    while not any(p.uri == uri and p.version == 4 for p in published):
        await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    await asyncio.sleep(0.2)  # a late publication of an earlier version would show now
    features[lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = keep
    mine = [p for p in published if p.uri == uri]
    assert [p.version for p in mine] == [4]  # the first two changes were never checked
    assert not any(d.code == "illegal-play" and d.range.start.line == 7 for d in mine[0].diagnostics)


async def test_the_diagnostics_of_a_200_throw_record_come_soon_after_a_change(client: LanguageClient):
    record = random_record(7, max_throws=200, relevés=3)
    record.set_header("Rules", "guiton-1822")
    text = write(record)
    assert len(record.throws) == 200
    uri = "file:///work/long.tric"
    await opened(client, uri, text)
    changed = text.replace("\n100. ", "\n100.  ", 1)
    start = time.perf_counter()
    await opened(client, uri, changed)
    assert time.perf_counter() - start < 1.0  # (scripts/bench_lsp.py measures it: tens of milliseconds)


# --- hover, completion -----------------------------------------------------------------------------------------

async def test_hover_shows_the_position_and_what_explain_says(client: LanguageClient):
    uri = uri_of(KERMADEUC)
    text = KERMADEUC.read_text(encoding="utf-8")
    await opened(client, uri, text)
    line = next(i for i, ln in enumerate(text.split("\n")) if ln.startswith("9. white 6-3"))
    hover = await client.text_document_hover_async(lsp.HoverParams(doc(uri), lsp.Position(line, 20)))
    assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
    shown = hover.contents.value
    code, said_all, _ = run_cli("explain", KERMADEUC, "--throw", 9)
    assert code == 0
    for said in said_all.splitlines():
        assert said in shown
    assert "battre-a-vrai → white +4, 2 ways" in shown and "Lepeintre 1818" in shown
    assert "   a   b   c   d   e   f |   g   h   i   j   k   l   white's side" in shown  # the board after it


async def test_hover_and_formatting_on_every_bundled_and_historical_record(client: LanguageClient):
    """On every record: the hover over its last throw of the main line says what ``explain`` says of it, and the
    formatting changes nothing (the records are in ``fmt``'s layout)."""
    import re

    hovered = 0
    for path in RECORDS:
        text = Path(path).read_text(encoding="utf-8")
        uri = uri_of(path)
        await opened(client, uri, text)
        edits = await client.text_document_formatting_async(lsp.DocumentFormattingParams(
            doc(uri), lsp.FormattingOptions(tab_size=2, insert_spaces=True)))
        assert applied(text, list(edits or [])) == format_record(text), path
        throws = [(i, int(m.group(1))) for i, ln in enumerate(text.split("\n"))
                  if (m := re.match(r"(\d+)\. (?:white|black) \d-\d", ln))]
        if not throws:
            continue
        line, number = throws[-1]
        if '[Game "backgammon"]' in text:  # explain weighs trictrac's jans: the hover shows the position
            hover = await client.text_document_hover_async(lsp.HoverParams(doc(uri), lsp.Position(line, 3)))
            assert hover is not None and isinstance(hover.contents, lsp.MarkupContent) and hover.contents.value, path
            continue
        code, explained, _ = run_cli("explain", path, "--throw", number)
        if code != 0:  # a record whose last throw explain cannot reach (an error before it): check says why
            assert open_game(path).errors, path
            continue
        hover = await client.text_document_hover_async(lsp.HoverParams(doc(uri), lsp.Position(line, 3)))
        assert hover is not None and isinstance(hover.contents, lsp.MarkupContent), path
        for said in explained.splitlines():
            assert said in hover.contents.value, (path, said)
        hovered += 1
    assert hovered >= 180  # the trictrac records with a numbered throw on a line of its own


async def test_completion_after_the_dice_offers_the_legal_plays_and_the_marks(client: LanguageClient):
    uri = "file:///work/complete.tric"
    text = GAME.replace("4. black 6-5 T-6 T-7\n5. white 6-2 +0 T-6-8\n", "4. black 6-5 T-6 T-5\n5. white 6-2 ")
    await opened(client, uri, text)
    items = await client.text_document_completion_async(lsp.CompletionParams(doc(uri), lsp.Position(8, 13)))
    labels = [i.label for i in items.items]
    assert labels[0] == "+2 [battre-a-vrai 2]"
    assert set(labels[1:]) == {"T-6-8", "T-6 T-2", "T-6 5-7", "5-11 9-11"}  # check's "legal plays of 6-2"
    before = await client.text_document_completion_async(lsp.CompletionParams(doc(uri), lsp.Position(8, 9)))
    assert list(before.items) == []  # the dice are not written yet


async def test_completion_speaks_the_records_coordinates(client: LanguageClient):
    uri = "file:///work/lepeintre.tric"
    text = '[Coords "lepeintre"]\n[First "white"]\n\n1. white 6-4 '
    await opened(client, uri, text)
    items = await client.text_document_completion_async(lsp.CompletionParams(doc(uri), lsp.Position(3, 13)))
    assert {"a-g a-e", "a-g-k", "a-e-k"} & {i.label for i in items.items} == {"a-g a-e", "a-g-k"}


# --- code actions ---------------------------------------------------------------------------------------------

async def actions(client: LanguageClient, uri: str, line: int, diagnostics: list[lsp.Diagnostic]
                  ) -> list[lsp.CodeAction]:
    got = await client.text_document_code_action_async(lsp.CodeActionParams(
        doc(uri), lsp.Range(lsp.Position(line, 0), lsp.Position(line, 0)),
        lsp.CodeActionContext([d for d in diagnostics if d.range.start.line == line])))
    return [a for a in got or [] if isinstance(a, lsp.CodeAction)]


def edited(text: str, action: lsp.CodeAction, uri: str) -> str:
    assert action.edit is not None and action.edit.changes is not None
    return applied(text, list(action.edit.changes[uri]))


async def test_a_legal_play_in_place_of_a_fausse_case(client: LanguageClient):
    uri = "file:///work/fausse.tric"
    diagnostics = await opened(client, uri, GAME)
    offered = [a for a in await actions(client, uri, 7, diagnostics) if a.title.startswith("Play ")]
    assert offered[0].is_preferred and offered[0].title == "Play T-6 T-5 (a legal play of 6-5)"
    assert len(offered) == 5 and offered[0].diagnostics and offered[0].diagnostics[0].code == "illegal-play"
    fixed = edited(GAME, offered[0], uri)
    assert "4. black 6-5 T-6 T-5\n" in fixed
    again = await opened(client, uri, fixed)
    assert not any(d.code == "illegal-play" and d.range.start.line == 7 for d in again)


async def test_the_marks_the_rules_give_and_the_missing_claim(client: LanguageClient):
    uri = "file:///work/marks.tric"
    text = GAME.replace("T-6 T-7", "T-6 T-5")
    diagnostics = await opened(client, uri, text)
    mark = next(a for a in await actions(client, uri, 8, diagnostics) if a.title.startswith("Mark "))
    assert mark.title == "Mark +2 [battre-a-vrai 2] for white (what the rules give)" and mark.is_preferred
    fixed = edited(text, mark, uri)
    assert "5. white 6-2 +2 [battre-a-vrai 2] T-6-8" in fixed
    assert [d for d in await opened(client, uri, fixed) if d.code == "ecole"] == []
    unmarked = fixed.replace("+2 [battre-a-vrai 2] ", "")
    assert await opened(client, uri, unmarked) == []  # a throw with no marks is simply scored
    claim = next(a for a in await actions(client, uri, 8, []) if a.title.startswith("Add the claim"))
    assert edited(unmarked, claim, uri) == fixed


async def test_a_slip_of_the_source_acknowledged_with_sic(client: LanguageClient):
    uri = "file:///work/sic.tric"
    text = GAME.replace("T-6 T-7", "T-6 T-5").replace("6-9 4-5", "6-9 4-5 {white forgets nothing}")
    text = text.replace("5. white 6-2 +0 T-6-8", "5. white 6-2 +0 T-6-8 {the book's slip}")
    diagnostics = await opened(client, uri, text)
    sic = next(a for a in await actions(client, uri, 8, diagnostics) if "sic:" in a.title)
    assert sic.title == "Acknowledge as a slip of the source (sic:ecole)"
    fixed = edited(text, sic, uri)
    assert "5. white 6-2 +0 T-6-8 sic:ecole {the book's slip}" in fixed
    after = await opened(client, uri, fixed)
    assert [(d.code, d.severity) for d in after] == [("ecole", lsp.DiagnosticSeverity.Information)]


async def test_the_record_converted_to_another_coordinate_system_loses_nothing(client: LanguageClient):
    uri = uri_of(KERMADEUC)
    text = KERMADEUC.read_text(encoding="utf-8")
    diagnostics = await opened(client, uri, text)
    got = await client.text_document_code_action_async(lsp.CodeActionParams(
        doc(uri), lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0)),
        lsp.CodeActionContext(diagnostics, only=[lsp.CodeActionKind.Source])))
    titles = [a.title for a in got or [] if isinstance(a, lsp.CodeAction)]
    assert "Convert the record to player coordinates" in titles and "lepeintre" not in " ".join(titles)
    action = next(a for a in got or [] if isinstance(a, lsp.CodeAction) and a.title.endswith("player coordinates"))
    converted = edited(text, action, uri)
    assert '[Coords "player"]' in converted and "1. white 6-5 +0 T-6 T-5 {The usual opening" in converted
    assert converted.count("{") == text.count("{")  # every comment kept, the variation's too
    before, after = open_game(text, kind="text"), open_game(converted, kind="text")
    assert after.diagnostics == [] and before.replay and after.replay
    assert [t.after for t in after.replay.throws] == [t.after for t in before.replay.throws]


# --- formatting, outline, folds, definitions ------------------------------------------------------------------

async def test_formatting_is_fmt(client: LanguageClient):
    uri = "file:///work/messy.tric"
    text = '[First "white"]  [Title "t"]\n1.  white 6-4\tT-6 T-4 2. black 5-3 T-5 T-3 (2. black 6-5 T-6 T-5)\n'
    await opened(client, uri, text)
    edits = await client.text_document_formatting_async(lsp.DocumentFormattingParams(
        doc(uri), lsp.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert edits and applied(text, list(edits)) == format_record(text)
    for path in (KERMADEUC, FIG8):
        source = path.read_text(encoding="utf-8")
        await opened(client, uri_of(path), source)
        edits = await client.text_document_formatting_async(lsp.DocumentFormattingParams(
            doc(uri_of(path)), lsp.FormattingOptions(tab_size=2, insert_spaces=True)))
        assert applied(source, list(edits or [])) == format_record(source)


async def test_the_outline_folds_and_definitions(client: LanguageClient):
    uri = uri_of(KERMADEUC)
    text = format_record(KERMADEUC.read_text(encoding="utf-8"))
    await opened(client, uri, text)
    outline = await client.text_document_document_symbol_async(lsp.DocumentSymbolParams(doc(uri)))
    names = [s.name for s in outline or []]
    assert names == ["headers", "relevé 1", "relevé 2"]
    first = outline[1]  # type: ignore[index]
    assert isinstance(first, lsp.DocumentSymbol) and first.children and len(first.children) == 31
    third = first.children[2]
    assert third.name == "3. white 4-2" and third.children and third.children[0].name == "variation 1"
    assert [c.name for c in third.children[0].children or []] == ["3. white 6-5", "4. black 6-5"]
    folds = await client.text_document_folding_range_async(lsp.FoldingRangeParams(doc(uri)))
    lines = text.split("\n")
    variation = next(i for i, ln in enumerate(lines) if ln.startswith("  (3. white 6-5"))
    assert any(f.start_line == variation and f.end_line > variation and f.kind == "region" for f in folds or [])
    assert any(f.kind == "comment" and f.end_line > f.start_line for f in folds or [])
    rules = next(i for i, ln in enumerate(lines) if ln.startswith("[Rules"))
    where = await client.text_document_definition_async(lsp.DefinitionParams(doc(uri), lsp.Position(rules, 3)))
    assert isinstance(where, lsp.Location) and where.uri.endswith("/rules_data/lepeintre-1818.yaml")


async def test_go_to_a_figure(client: LanguageClient):
    uri = uri_of(FIG8)
    text = FIG8.read_text(encoding="utf-8")
    await opened(client, uri, text)
    lines = text.split("\n")
    item = next(i for i, ln in enumerate(lines) if ln.startswith("figure 8"))
    drawn = await client.text_document_definition_async(lsp.DefinitionParams(doc(uri), lsp.Position(item, 2)))
    assert isinstance(drawn, lsp.Location) and drawn.uri.endswith(".svg")
    svg = Path(drawn.uri.removeprefix("file://")).read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "</svg>" in svg
    uri = uri_of(FIG6)  # [Figure "6"]: the record's figure 6
    text = FIG6.read_text(encoding="utf-8")
    await opened(client, uri, text)
    lines = text.split("\n")
    header = next(i for i, ln in enumerate(lines) if ln.startswith("[Figure"))
    item = next(i for i, ln in enumerate(lines) if ' figure 6 "' in ln or ln.startswith('figure 6 "'))
    there = await client.text_document_definition_async(lsp.DefinitionParams(doc(uri), lsp.Position(header, 3)))
    assert isinstance(there, lsp.Location) and there.uri == uri and there.range.start.line == item
