"""``trictrac diagram``: the board after a throw of a record, as SVG, PNG or PDF."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..core.coords import SYSTEMS

MIN_WIDTH, MAX_WIDTH = 50, 4000  # pixels: a diagram of 4000 px is a PNG of about 45 MB in memory

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.replay import Replay
    from ..notation.record import Record
    from .common import Subparsers


def register(subparsers: Subparsers) -> None:
    d = subparsers.add_parser("diagram", help="draw the board after a throw (SVG, or PNG/PDF by the extension)")
    d.add_argument("file", metavar="FILE")
    d.add_argument("--throw", type=int, metavar="N",
                   help="draw the position after throw N of the main line (0: the start; default: the last)")
    d.add_argument("-o", "--output", metavar="OUT",
                   help="write here; the extension chooses the format: .svg, .png or .pdf (default: SVG on "
                        "standard output)")
    d.add_argument("--bottom", choices=["white", "black"], help="whose side is drawn at the bottom "
                                                                "(default: the record's Bottom header)")
    d.add_argument("--coords", choices=sorted(SYSTEMS), metavar="SYSTEM",
                   help=f"label the arrows in this system: {', '.join(SYSTEMS)} (default: the record's)")
    d.add_argument("--rules", metavar="ID", help="rule set to score with (default: the record's Rules header)")
    d.add_argument("--width", type=int, metavar="PX",
                   help=f"width in pixels, {MIN_WIDTH} to {MAX_WIDTH} (SVG: 480, PNG: 900)")
    d.set_defaults(func=cmd_diagram)


def cmd_diagram(args: argparse.Namespace) -> int:
    from ..render.diagram import NoSuchThrow
    from ..render.plot import FORMATS, save_diagram
    from ..render.svg import replay_svg
    from .common import UsageError, _print_diagnostics, open_record

    out = args.output
    if out is not None and not any(out.lower().endswith(ext) for ext in FORMATS):
        raise UsageError(f"-o {out}: the diagram formats are {', '.join(FORMATS)} (chosen by the extension)")
    if args.width is not None and not MIN_WIDTH <= args.width <= MAX_WIDTH:  # 100000 px: a PNG of 30 GB
        raise UsageError(f"--width {args.width}: give a number of pixels from {MIN_WIDTH} to {MAX_WIDTH}")
    try:
        opened = open_record(args, args.file)
    except UsageError:  # a bad --rules: a bad --throw is said first, as the record is read before the rules
        from ..notation.reader import read

        _throw_number(args, read(args.file)[0])
        raise
    record, text, result = opened.record, opened.text, opened.replay
    if record is None or result is None:
        _print_diagnostics(opened.diagnostics, text, sys.stderr)
        return 1
    if opened.game is not None and opened.game.name != "trictrac":
        return _other_game(args, opened.game, record, result, text)
    n = _throw_number(args, record)
    _print_diagnostics(result.diagnostics, text, sys.stderr)
    status = 1 if result.errors else 0
    try:
        if out is None:
            sys.stdout.write(replay_svg(result, n, bottom=args.bottom, coords=args.coords, width=args.width or 480))
            sys.stdout.write("\n")
        else:
            save_diagram(result, n, out, bottom=args.bottom, coords=args.coords, width=args.width)
    except NoSuchThrow as e:
        print(f"{args.file}: error: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        raise UsageError(f"cannot write {out}: {e.strerror or e}") from None
    return status


def _other_game(args: argparse.Namespace, game: Game, record: Record, result: Replay, text: str | None) -> int:
    """A backgammon position (its bar and its dames borne off) after throw N, with the arrows of its moves,
    the throw as the title; SVG, or PNG/PDF by -o's extension."""
    from ..render.diagram import throw_view
    from ..render.looks import look_of
    from ..render.svg import board_svg
    from .common import UsageError, _print_diagnostics

    out = args.output
    count = len(result.throws)
    n = count if args.throw is None else args.throw
    if not 0 <= n <= count:
        raise UsageError(f"--throw {n}: {args.file} has {count} replayed throw{'s' if count != 1 else ''}; "
                         f"give 0 (the starting position) to {count}")
    _print_diagnostics(result.diagnostics, text, sys.stderr)
    t = result.throws[n - 1] if n else None
    position, arrows = throw_view(result, n)  # (n is a replayed throw: it has its position and its arrows)
    from ..notation.reader import WORDS, write_throw

    title = record.header("Title") or game.name
    title += f", game {t.releve}: after {write_throw(t.throw, WORDS['en'], comments=False, variations=False)}" if t \
        else ": the starting position"
    bottom = args.bottom or "white"
    look = look_of(game)
    coords = look.coords or "player"  # (a game drawn here has its own labels: backgammon's points)
    try:
        if out is None or out.lower().endswith(".svg"):
            svg = board_svg(position, width=args.width or 480, coords=coords, bottom=bottom, title=title,
                            look=look, annotations=arrows)
            if out is None:
                sys.stdout.write(svg + "\n")
            else:
                with open(out, "w", encoding="utf-8") as f:
                    f.write(svg)
        else:
            from ..render.plot import board_figure

            fig = board_figure(position, coords=coords, bottom=bottom, title=title, look=look,
                               annotations=arrows)
            fig.savefig(out, dpi=(args.width or 900) / fig.get_figwidth())
    except (OSError, ValueError) as e:
        raise UsageError(f"cannot write {out}: {getattr(e, 'strerror', None) or e}") from None
    return 1 if result.errors else 0


def _throw_number(args: argparse.Namespace, record: Record | None) -> int:
    """The throw to draw (the last by default); a number outside the record is a usage error."""
    from .common import UsageError

    if record is None:
        return 0
    count = len(record.throws)
    n = count if args.throw is None else args.throw
    if not 0 <= n <= count:
        raise UsageError(f"--throw {n}: {args.file} has {count} throw{'s' if count != 1 else ''}; "
                         f"give 0 (the starting position) to {count}")
    return n
