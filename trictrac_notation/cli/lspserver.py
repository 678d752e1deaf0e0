"""The language server of the notation (``trictrac lsp``), on pygls: the protocol is pygls', the answers are
the library's (workbench.py).  It holds no rule: diagnostics are ``check``'s, hover ``explain``'s, completion
the replay's legal plays and scores, formatting ``fmt``'s, conversion ``convert``'s.

Diagnostics follow the text as it is typed: each change waits :data:`DEBOUNCE` seconds for the next one, then
the record is read and replayed once and the diagnostics published (a 200-throw record takes a few tens of
milliseconds: ``scripts/bench_lsp.py``).  Every other answer reads the same replay, kept until the text changes.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import ServerTextPosition, ServerTextRange

from .. import __version__
from ..core.diagnostics import Diagnostic
from ..core.resources import user_cache
from .workbench import Document, Range, completions, definition, fixes, folds, hover, rules_folder, symbols

DEBOUNCE = 0.03
"""decided: 30 ms of quiet after a change before the record is checked (a typist's keys come faster; the check
of a 200-throw record then ends well within 100 ms of the last change)."""

SEVERITY = {"error": lsp.DiagnosticSeverity.Error, "warning": lsp.DiagnosticSeverity.Warning,
            "note": lsp.DiagnosticSeverity.Information}
SYMBOL_KIND = {"headers": lsp.SymbolKind.Namespace, "header": lsp.SymbolKind.Property,
               "setup": lsp.SymbolKind.Struct, "releve": lsp.SymbolKind.Module, "throw": lsp.SymbolKind.Event,
               "variation": lsp.SymbolKind.Array}
ACTION_KINDS = [lsp.CodeActionKind.QuickFix, lsp.CodeActionKind.RefactorRewrite, lsp.CodeActionKind.Source]


class TricServer(LanguageServer):
    """The server, with each open record read once per version of its text."""

    def __init__(self) -> None:
        super().__init__("trictrac", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.documents: dict[str, Document] = {}
        self.pending: dict[str, asyncio.TimerHandle] = {}

    def document(self, uri: str) -> tuple[Document, TextDocument]:
        """The record of ``uri`` as the editor holds it now, and pygls' document (its positions' encoding)."""
        held = self.workspace.get_text_document(uri)
        doc = self.documents.get(uri)
        if doc is None or doc.text != held.source:
            path = held.path or uri
            doc = self.documents[uri] = Document(held.source, path, rules_folder(held.path))
        return doc, held

    def check_later(self, uri: str, delay: float) -> None:
        """Publish the diagnostics of ``uri`` once the text has been still for ``delay`` seconds."""
        if uri in self.pending:
            self.pending.pop(uri).cancel()
        self.pending[uri] = asyncio.get_running_loop().call_later(delay, self.publish, uri)

    def publish(self, uri: str) -> None:
        self.pending.pop(uri, None)
        if uri not in self.workspace.text_documents:
            return
        doc, held = self.document(uri)
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
            uri=uri, version=held.version, diagnostics=[to_lsp(d, held) for d in doc.opened.diagnostics]))


server = TricServer()


def _range(held: TextDocument, r: Range) -> lsp.Range:
    return held.range_to_client_units(ServerTextRange(ServerTextPosition(r[0], r[1]), ServerTextPosition(r[2], r[3])))


def to_lsp(d: Diagnostic, held: TextDocument) -> lsp.Diagnostic:
    """A diagnostic as the editor shows it: ``check``'s message, rule, hint and notes; its code; its place."""
    line, column = max(0, d.line - 1), max(0, d.column - 1)
    message = d.message + (f" [{d.rule}]" if d.rule else "")
    message += "".join(f"\n{n}" for n in ([f"hint: {d.hint}"] if d.hint else []) + d.notes)
    return lsp.Diagnostic(range=_range(held, (line, column, line, column + d.length)), message=message,
                          severity=SEVERITY[d.severity], code=d.code, source="trictrac")


def _position(held: TextDocument, position: lsp.Position) -> tuple[int, int]:
    p = held.position_from_client_units(position)
    return p.line, p.character


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: TricServer, params: lsp.DidOpenTextDocumentParams) -> None:
    ls.check_later(params.text_document.uri, 0)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: TricServer, params: lsp.DidChangeTextDocumentParams) -> None:
    ls.check_later(params.text_document.uri, DEBOUNCE)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: TricServer, params: lsp.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    if uri in ls.pending:
        ls.pending.pop(uri).cancel()
    ls.documents.pop(uri, None)
    ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def on_hover(ls: TricServer, params: lsp.HoverParams) -> lsp.Hover | None:
    doc, held = ls.document(params.text_document.uri)
    text = hover(doc, *_position(held, params.position))
    return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, text)) if text else None


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[" "]))
def on_completion(ls: TricServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    doc, held = ls.document(params.text_document.uri)
    items = [lsp.CompletionItem(
        label=c.label, detail=c.detail, sort_text=f"{k:04}",
        kind=lsp.CompletionItemKind.Value if c.kind == "play" else lsp.CompletionItemKind.Constant,
        documentation=lsp.MarkupContent(lsp.MarkupKind.PlainText, c.documentation) if c.documentation else None)
        for k, c in enumerate(completions(doc, *_position(held, params.position)))]
    return lsp.CompletionList(is_incomplete=False, items=items)


def _key(d: lsp.Diagnostic) -> tuple[int, int, Any]:
    """A diagnostic known by its place and code (a client sends back the diagnostics it was given)."""
    return d.range.start.line, d.range.start.character, d.code


@server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION, lsp.CodeActionOptions(code_action_kinds=ACTION_KINDS))
def on_code_action(ls: TricServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    uri = params.text_document.uri
    doc, held = ls.document(uri)
    asked = {_key(c) for c in params.context.diagnostics}
    ours = [d for d in doc.opened.diagnostics if _key(to_lsp(d, held)) in asked]  # the client's are ours
    line = _position(held, params.range.start)[0]
    only = params.context.only
    out = []
    for f in fixes(doc, ours, line):
        if only and not any(f.kind == k or f.kind.startswith(k + ".") for k in only):
            continue
        edit = lsp.WorkspaceEdit(changes={uri: [lsp.TextEdit(_range(held, r), text) for r, text in f.edits]})
        out.append(lsp.CodeAction(title=f.title, kind=f.kind, edit=edit, is_preferred=f.preferred or None,
                                  diagnostics=[to_lsp(f.diagnostic, held)] if f.diagnostic else None))
    return out


@server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
def on_formatting(ls: TricServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit] | None:
    """``trictrac fmt``'s layout as one edit; nothing for a record with syntax errors (their diagnostics say why)."""
    from ..notation.layout import LayoutError, format_record

    doc, held = ls.document(params.text_document.uri)
    try:
        out = format_record(doc.text, doc.path)
    except LayoutError:
        return None
    if out == doc.text:
        return []
    last = len(doc.lines) - 1
    return [lsp.TextEdit(_range(held, (0, 0, last, len(doc.lines[last]))), out)]


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def on_symbols(ls: TricServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
    doc, held = ls.document(params.text_document.uri)

    def convert(s: Any) -> lsp.DocumentSymbol:
        r = _range(held, s.range)
        return lsp.DocumentSymbol(name=s.name, detail=s.detail, kind=SYMBOL_KIND[s.kind], range=r,
                                  selection_range=r, children=[convert(c) for c in s.children] or None)

    return [convert(s) for s in symbols(doc)]


@server.feature(lsp.TEXT_DOCUMENT_FOLDING_RANGE)
def on_folding(ls: TricServer, params: lsp.FoldingRangeParams) -> list[lsp.FoldingRange]:
    doc, _ = ls.document(params.text_document.uri)
    kinds = {"comment": lsp.FoldingRangeKind.Comment, "region": lsp.FoldingRangeKind.Region}
    return [lsp.FoldingRange(start_line=a, end_line=b, kind=kinds[k]) for a, b, k in folds(doc)]


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
def on_definition(ls: TricServer, params: lsp.DefinitionParams) -> lsp.Location | None:
    doc, held = ls.document(params.text_document.uri)
    cache = user_cache("figures") or Path(tempfile.gettempdir()) / "trictrac-figures"
    found = definition(doc, *_position(held, params.position), cache)
    if found is None:
        return None
    path, r = found
    if path == doc.path:
        return lsp.Location(params.text_document.uri, _range(held, r))
    uri = from_fs_path(path) or path
    return lsp.Location(uri, lsp.Range(lsp.Position(r[0], r[1]), lsp.Position(r[2], r[3])))


def serve() -> None:
    server.start_io()
