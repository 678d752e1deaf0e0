"""``trictrac site init DIR``: a site of one's own, built from an installed package (no checkout).

It writes the settings (``mkdocs.yml``: the theme, and the plugins that generate the pages), an index page
and a ``games/`` folder with one example record, in mkdocs' own layout (the sources in ``docs/``), so that
``trictrac site build``, ``mkdocs build`` and ``mkdocs serve`` all work there.  The rules of the treatises
and the notation page come from the package (the settings may leave them out); the author's own rule
files go in ``docs/rules/NAME.yaml``, where a record's ``Rules`` header finds them by name and the rules
pages list them.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import TrictracError

SETTINGS = """\
# A trictrac site of one's own. Build it here with `trictrac site build` (or `mkdocs build`; while writing,
# `trictrac site serve`): the game pages come from docs/games/*.tric; the rules of the treatises (with your
# own rule files, docs/rules/NAME.yaml) and the notation page come from the trictrac package.
site_name: {name}
use_directory_urls: false     # the pages open from file:// without a server
theme:
  name: material
  language: en
  font: false                 # no web fonts: the site works offline
  features:
    - navigation.sections
    - navigation.indexes
    - navigation.prune        # a page holds only the navigation in sight: a sidebar of many games stays light
plugins:
  - search
  - offline                   # the search works from file:// too
  - trictrac-site:
      compendium: true        # the rules of the treatises, and yours (false: left out; unlink it in docs/index.md)
      notation: true          # the notation page (false: left out; a docs/notation.md of your own replaces it)
  - trictrac                  # ```trictrac fences in your pages: positions drawn from the notation
"""

INDEX = """\
# {name}

The [games](games/index.md): each page gives the moves, a viewer stepping through the throws, the diagrams the
record marks, the points and holes, and what the replay checked. The [rules of the treatises](rules/index.md)
compare the treatises rule by rule, and the [notation](notation.md) is the language the games are written in.

To add a game, write it in `docs/games/NAME.tric` (NAME in a-z, 0-9, `-` and `_`) and build again. A comment
`{{diagram}}` on a throw's line (or `{{diagram: a caption}}`) draws its position on the page. A rule set of your own
goes in `docs/rules/NAME.yaml` (`extends:` one of the treatises', see `trictrac rules show ID`); a game names it in
its `[Rules "NAME"]` header, and the rules pages list it.
"""

EXAMPLE = """\
[Title "A first example"]
[White "White"]
[Black "Black"]
[First "white"]
[Rules "guiton-1822"]

1. white 6-4 T-6 T-4 {each die moves a dame from the talon}
2. black 5-3 T-5 T-3
3. white sonnez T-6 T-6 {diagram: two more dames on the sixth arrow}
4. black 6-2 T-6 T-2
"""

IGNORE = "site/\n.site-cache/\n"


class InitError(TrictracError):
    """A folder that already holds a site (one message: which file, what to do)."""


def files(name: str) -> dict[str, str]:
    """The files of a new site, by their path in its folder."""
    quoted = json.dumps(name, ensure_ascii=False)  # a YAML string, whatever the name holds
    return {"mkdocs.yml": SETTINGS.format(name=quoted), "docs/index.md": INDEX.format(name=name),
            "docs/games/example.tric": EXAMPLE, ".gitignore": IGNORE}


def init(folder: Path | str, name: str = "Trictrac games") -> list[Path]:
    """Write a new site into ``folder`` (made if need be); InitError, writing nothing, if one of its files
    is there already.  Returns the files written."""
    if not str(folder).strip():
        raise InitError("error: no folder named: give the new site's folder, e.g. `trictrac site init my-games`")
    folder = Path(folder)
    todo = {folder / rel: text for rel, text in files(name).items()}
    there = [p for p in todo if p.exists() or p.is_symlink()]  # a dangling link too: it would write elsewhere
    outside = [p for p in todo if p.parent.exists() and not _within(p.parent, folder)]
    if outside:
        raise InitError(f"{outside[0].parent}: error: a link leading outside {folder}: the site's files would be "
                        "written elsewhere\n  hint: choose a new folder")
    if there:
        raise InitError(f"{there[0]}: error: already there: a site's settings or pages would be overwritten\n"
                        f"  hint: build the site that is there (`trictrac site build` in {folder}), or choose "
                        "a new folder")
    for path, text in todo.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (folder / "docs/rules").mkdir(exist_ok=True)
    return list(todo)


def _within(path: Path, folder: Path) -> bool:
    real, base = path.resolve(), folder.resolve()
    return real == base or base in real.parents
