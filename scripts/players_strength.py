"""What the players are worth against each other: matches under one rule set, each share of parties won with its
95% Wilson interval (play/match.py; the same figures from the same seed whatever --jobs).

Usage: python scripts/players_strength.py [--rules guiton-1822] [--seed 1] [--jobs 2]
           [--pairs treatise:greedy:2000,lookahead:greedy:200,treatise:lookahead:400,learned:treatise:400]
Each pair A:B:N plays N parties, A white (they throw first in turn). Long: the default pairs take hours on two
cores; the figures are in docs/players.md.
"""

from __future__ import annotations

import argparse
import sys

from trictrac_notation.play.match import match

PAIRS = "treatise:greedy:2000,lookahead:greedy:200,treatise:lookahead:400,learned:treatise:400,learned:lookahead:400"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rules", default="guiton-1822")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--pairs", default=PAIRS)
    args = p.parse_args()
    print(f"rules {args.rules}, seed {args.seed}, {args.jobs} processes")
    for pair in args.pairs.split(","):
        a, b, n = pair.split(":")
        r = match((a, b), args.rules, int(n), args.seed, args.jobs)
        first = r["players"][a] if a != b else next(iter(r["players"].values()))
        share = first["share"]
        lo, hi = share["ci95"]
        stakes = first["stakes_per_partie"]
        length = r["partie_length"]["mean"]
        print(f"{a} against {b}: {first['won']} of {r['finished']} finished parties ({r['parties']} played): "
              f"{100 * share['share']:.1f}% [{100 * lo:.1f}%, {100 * hi:.1f}%]; stakes per partie "
              f"{stakes['mean']:+.2f} [{stakes['ci95'][0]:+.2f}, {stakes['ci95'][1]:+.2f}]; "
              f"{length:.0f} throws a partie; {r['seconds']:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
