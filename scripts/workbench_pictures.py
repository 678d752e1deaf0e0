"""The pictures of the page "Transcribing a game" (site_src/transcribing.md), drawn from ``trictrac lsp``'s real
answers: a language client starts the server, opens a transcription being typed, and asks what an editor asks
(the diagnostics, the hover on a throw, the completion after the dice, the fixes); each answer is drawn as an
editor's pane would show it — the text coloured by the notation's Pygments lexer, the diagnostic underlined,
the answer in its box — and written as SVG beside the page.

    python scripts/workbench_pictures.py        # rewrites site_src/transcribing-*.svg
"""

from __future__ import annotations

import asyncio
import sys
from html import escape
from pathlib import Path
from textwrap import wrap

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient
from pygments.token import Token, _TokenType

from trictrac_notation.notation.highlight import TricLexer

OUT = Path(__file__).resolve().parent.parent / "site_src"
URI = "file:///transcriptions/lepeintre-fig8.tric"
# Lepeintre 1818, part 1 §III, fig. 8, being typed: the beating is first taken to be à vrai
TYPED = """[Title "Beaten à faux: Kermadeuc's 6-1 in fig. 8"]
[Source "Lepeintre 1818, part 1, §III, fig. 8"]
[Rules "lepeintre-1818"]
[Coords "lepeintre"]
[First "white"]

@white a:7 f:2 g:2 k:2 l:2
@black y:4 x:1 v:1 s:1 r:2 q:2 n:2 m:2

1. white 6-1 +4 [battre-a-vrai 4] a-g a-b {the lone dame of S, 7 away}
"""
COLOURS = {Token.Comment: "#6a9955", Token.Name.Tag: "#569cd6", Token.String: "#ce9178", Token.Number: "#b5cea8",
           Token.Name.Class: "#4ec9b0", Token.Keyword: "#c586c0", Token.Name.Decorator: "#dcdcaa",
           Token.Name.Variable: "#9cdcfe", Token.Name.Function: "#dcdcaa"}
SEVERITY = {lsp.DiagnosticSeverity.Error: "#f14c4c", lsp.DiagnosticSeverity.Warning: "#cca700",
            lsp.DiagnosticSeverity.Information: "#3794ff"}
CHAR, LINE, GUTTER, TOP = 7.8, 18, 44, 30


async def answers() -> dict[str, object]:
    """What the server says of the record being typed."""
    client = LanguageClient("pictures", "1")
    published: asyncio.Queue[lsp.PublishDiagnosticsParams] = asyncio.Queue()
    client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(lambda params: published.put_nowait(params))
    await client.start_io(sys.executable, "-m", "trictrac_notation.cli.main", "lsp")
    await client.initialize_async(lsp.InitializeParams(capabilities=lsp.ClientCapabilities()))
    client.initialized(lsp.InitializedParams())
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(URI, "tric", 1, TYPED)))
    diagnostics = list((await published.get()).diagnostics)
    throw = TYPED.split("\n").index(next(ln for ln in TYPED.split("\n") if ln.startswith("1. white")))
    doc = lsp.TextDocumentIdentifier(URI)
    hover = await client.text_document_hover_async(lsp.HoverParams(doc, lsp.Position(throw, 3)))
    fixes = await client.text_document_code_action_async(lsp.CodeActionParams(
        doc, lsp.Range(lsp.Position(throw, 0), lsp.Position(throw, 0)),
        lsp.CodeActionContext([d for d in diagnostics if d.range.start.line == throw])))
    typing = TYPED.replace("+4 [battre-a-vrai 4] a-g a-b {the lone dame of S, 7 away}\n", "")
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        lsp.VersionedTextDocumentIdentifier(2, URI), [lsp.TextDocumentContentChangeWholeDocument(typing)]))
    await published.get()
    completion = await client.text_document_completion_async(lsp.CompletionParams(
        doc, lsp.Position(throw, len("1. white 6-1 "))))
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return {"diagnostics": diagnostics, "hover": hover, "fixes": fixes, "completion": completion, "typing": typing}


def _colour(kind: _TokenType) -> str:
    while kind not in COLOURS and kind.parent is not None:
        kind = kind.parent
    return COLOURS.get(kind, "#d4d4d4")


def pane(text: str, title: str, boxes: list[tuple[int, int, list[str], str]],
         underlines: list[tuple[lsp.Range, str]]) -> str:
    """An editor's pane: the text coloured, ``underlines`` (range, colour) wavy, each box (line, column, lines,
    border colour) drawn under its line."""
    lines = text.rstrip("\n").split("\n")
    rows: list[list[tuple[str, str]]] = [[]]
    for kind, value in TricLexer(ensurenl=False).get_tokens(text.rstrip("\n")):
        for k, piece in enumerate(value.split("\n")):
            if k:
                rows.append([])
            if piece:
                rows[-1].append((piece, _colour(kind)))
    box_rows = sum(len(b[2]) + 1 for b in boxes)
    width = int(GUTTER + CHAR * max(max(len(ln) for ln in lines), *(b[1] + max(map(len, b[2])) + 2 for b in boxes))
                + 24)
    height = TOP + LINE * (len(lines) + box_rows) + 20
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}"'
           ' font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="13">',
           f'<rect width="{width}" height="{height}" rx="6" fill="#1e1e1e"/>',
           f'<rect width="{width}" height="22" rx="6" fill="#2d2d2d"/>',
           f'<text x="12" y="15" fill="#cccccc" font-size="12">{escape(title)}</text>']
    shift = 0
    for n, row in enumerate(rows):
        y = TOP + LINE * (n + shift) + 13
        out.append(f'<text x="{GUTTER - 10}" y="{y}" fill="#858585" text-anchor="end">{n + 1}</text>')
        spans = "".join(f'<tspan fill="{c}">{escape(p)}</tspan>' for p, c in row)
        out.append(f'<text x="{GUTTER}" y="{y}" xml:space="preserve">{spans}</text>')
        for r, colour in underlines:
            if r.start.line == n:
                x0, x1 = GUTTER + CHAR * r.start.character, GUTTER + CHAR * max(r.end.character, r.start.character + 1)
                wave = " ".join(f"l 2 {2 if k % 2 else -2}" for k in range(int((x1 - x0) / 2)))
                out.append(f'<path d="M {x0:.1f} {y + 4} {wave}" stroke="{colour}" fill="none" stroke-width="1.2"/>')
        for line, column, said, colour in boxes:
            if line == n:
                x, top = GUTTER + CHAR * column, y + 7
                w, h = CHAR * (max(map(len, said)) + 2), LINE * len(said) + 6
                out.append(f'<rect x="{x:.1f}" y="{top}" width="{w:.1f}" height="{h}" fill="#252526" '
                           f'stroke="{colour}" rx="3"/>')
                for k, s in enumerate(said):
                    out.append(f'<text x="{x + CHAR:.1f}" y="{top + 16 + LINE * k}" fill="#cccccc" '
                               f'xml:space="preserve">{escape(s)}</text>')
                shift += len(said) + 1
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _wrapped(text: str, width: int = 88) -> list[str]:
    return [piece for line in text.split("\n") for piece in (wrap(line, width, subsequent_indent="  ") or [""])]


def main() -> None:
    said = asyncio.run(answers())
    diagnostics = [d for d in said["diagnostics"] if isinstance(d, lsp.Diagnostic)]  # type: ignore[attr-defined]
    first = diagnostics[0]
    message = [f"{first.severity.name.lower() if first.severity else ''} [{first.code}] " + ln if k == 0 else ln
               for k, ln in enumerate(_wrapped(first.message))]
    fixes = [f"fix: {a.title}" for a in said["fixes"] or [] if isinstance(a, lsp.CodeAction)  # type: ignore[attr-defined]
             and a.kind != "source.convert" and not a.kind.startswith("source")][:3]
    (OUT / "transcribing-diagnostics.svg").write_text(pane(
        TYPED, "lepeintre-fig8.tric — diagnostics and fixes from trictrac lsp",
        [(first.range.start.line, 2, message + [""] + fixes, SEVERITY[first.severity or 1])],
        [(d.range, SEVERITY[d.severity or 1]) for d in diagnostics]), encoding="utf-8")
    hover = said["hover"]
    assert isinstance(hover, lsp.Hover) and isinstance(hover.contents, lsp.MarkupContent)
    shown = [ln for ln in hover.contents.value.split("\n") if not ln.startswith("```")]
    (OUT / "transcribing-hover.svg").write_text(pane(
        TYPED, "lepeintre-fig8.tric — hover on throw 1", [(9, 2, shown, "#454545")], []), encoding="utf-8")
    completion = said["completion"]
    assert isinstance(completion, lsp.CompletionList)
    items = [f"{i.label:<34} {i.detail or ''}" for i in completion.items][:10]
    typing = str(said["typing"])
    (OUT / "transcribing-completion.svg").write_text(pane(
        typing, "lepeintre-fig8.tric — completion after the dice", [(9, 13, items, "#454545")], []),
        encoding="utf-8")
    for name in ("diagnostics", "hover", "completion"):
        print(OUT / f"transcribing-{name}.svg")


if __name__ == "__main__":
    main()
