"""``trictrac lsp``: the language server of the notation, over standard input and output (lspserver.py).

Registered here without importing the server, so that the help of the other commands does not load pygls.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .common import Subparsers


def cmd_lsp(args: argparse.Namespace) -> int:
    from .lspserver import serve

    serve()
    return 0


def register(sub: Subparsers) -> None:
    s = sub.add_parser("lsp", help="the language server for editors (diagnostics, hover, completion, fixes) on stdio",
                       description="Speak the Language Server Protocol on standard input and output for *.tric "
                                   "files: diagnostics as check gives them, hover, completion, code actions, "
                                   "formatting, outline, folding, go to definition.")
    s.add_argument("--stdio", action="store_true", help="use standard input and output (the default and only way)")
    s.set_defaults(func=cmd_lsp)
