"""Where a game's files go in the staging folder, and JSON safe in a page's scripts (the generator and game pages)."""

from __future__ import annotations

import json

GAMES = "games"
ASSETS = "assets/trictrac"


def json_for_script(data) -> str:
    """JSON that is safe inside an HTML ``<script>`` (no ``</script>``, no ``<!--``) and in JavaScript."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for char, code in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"),
                       ("\u2029", "\\u2029")):
        text = text.replace(char, code)
    return text
