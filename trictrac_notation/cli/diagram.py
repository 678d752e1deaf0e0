"""``trictrac diagram``: the board after a throw of a record, as SVG, PNG or PDF."""

from __future__ import annotations

import sys

from ..core.coords import SYSTEMS


def register(subparsers) -> None:
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
    d.add_argument("--width", type=int, metavar="PX", help="width in pixels (SVG: 480, PNG: 900)")
    d.set_defaults(func=cmd_diagram)


def cmd_diagram(args) -> int:
    from ..render.diagram import NoSuchThrow
    from ..render.plot import FORMATS, save_diagram
    from ..render.svg import replay_svg
    from .common import UsageError, _print_diagnostics, open_record

    out = args.output
    if out is not None and not any(out.lower().endswith(ext) for ext in FORMATS):
        raise UsageError(f"-o {out}: the diagram formats are {', '.join(FORMATS)} (chosen by the extension)")
    if args.width is not None and args.width <= 0:
        raise UsageError(f"--width {args.width}: give a positive number of pixels")
    opened = open_record(args, args.file)
    record, text, result = opened.record, opened.text, opened.replay
    if record is None or result is None:
        _print_diagnostics(opened.diagnostics, text, sys.stderr)
        return 1
    if opened.game is not None and opened.game.name != "trictrac":
        span = record.header_span("Game")
        where = f"{span.line}:{span.column}" if span else "1:1"
        print(f"{args.file}:{where}: error: the board diagrams draw trictrac positions; {opened.game.name} "
              "(its bar and its dames borne off) is not drawn yet: trictrac replay FILE prints its positions as text",
              file=sys.stderr)
        return 1
    count = len(record.throws)
    n = count if args.throw is None else args.throw
    if not 0 <= n <= count:
        raise UsageError(f"--throw {n}: {args.file} has {count} throw{'s' if count != 1 else ''}; "
                         f"give 0 (the starting position) to {count}")
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
