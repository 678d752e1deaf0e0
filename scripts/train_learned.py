"""Train the learned player's weights by self-play, TD(λ) as TD-Gammon was, and write them for a rule family.

The network (play/learned.py) starts from the treatise's weights; it plays parties against itself under the
rule set, both sides choosing by its own values, and after every throw moves its weights towards what the throw
showed: the points it scored plus the value of the position it left, the relevé ending at a sortie or a go (the
value's unit, points from the side that has just played; learned in holes, 12 points). Everything is drawn from
--seed: the same command writes the same file.

Usage: python scripts/train_learned.py [--rules guiton-1822] [--parties 600] [--seed 1] [--out PATH]
The weights shipped (trictrac_notation/play/weights/nineteenth.json) were written by
    python scripts/train_learned.py --rules guiton-1822 --parties 600 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

from trictrac_notation.core.board import BLACK, WHITE
from trictrac_notation.play.learned import FAMILIES, Learned, Net, term_rows
from trictrac_notation.play.partie import Partie
from trictrac_notation.play.player import GO, best_of
from trictrac_notation.play.registry import player
from trictrac_notation.play.situation import ruleset_named

HOLE = 12.0


def scale_of(label: str, rng: random.Random, throws: int = 3000) -> np.ndarray:
    """The spread of each term over the positions of parties the treatise player plays against itself."""
    ruleset, treatise = ruleset_named(label), player("treatise")
    rows = []
    partie = Partie(ruleset)
    while len(rows) < throws:
        s = partie.situation
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        choice = best_of(treatise.rank(s, dice), rng)
        rows.append(term_rows(s, [choice])[0])
        partie.throw(dice, choice, treatise.stay_or_go)
        if partie.winner is not None:
            partie = Partie(ruleset)
    return np.maximum(np.array(rows).std(axis=0), 0.5)


def train(label: str, parties: int, seed: int, units: int = 16, alpha: float = 0.01, lam: float = 0.7,
          max_throws: int = 3000, scale_throws: int = 3000) -> Net:
    rng = random.Random(f"trictrac-train:{seed}")
    net = Net.initial(units, np.random.default_rng(seed), scale_of(label, rng, scale_throws))
    learner = Learned(net)
    ruleset = ruleset_named(label)
    start = time.perf_counter()
    for i in range(parties):
        partie = Partie(ruleset, first=WHITE if i % 2 == 0 else BLACK)
        trace: list[np.ndarray] | None = None
        before = 0.0  # the value, to white, of the last position left (in holes)
        while partie.winner is None and partie.throws < max_throws:
            s = partie.situation
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            choice = best_of(learner.rank(s, dice), rng)
            sign = 1.0 if s.mover == WHITE else -1.0
            phi = term_rows(s, [choice])[0]
            thrown = partie.throw(dice, choice, learner.stay_or_go)
            own, theirs = choice.points
            went = thrown.decision is not None and thrown.decision.decision == GO
            reward = sign * (own - (0 if went else theirs)) / HOLE
            now = 0.0 if thrown.releve_over else sign * float(net.values(phi[None, :])[0]) / HOLE
            if trace is not None:
                delta = reward + now - before
                for p, e in zip(net.params(), trace, strict=True):
                    p += alpha * delta * e
            if thrown.releve_over:
                trace = None
                continue
            grad = [sign * g / HOLE for g in net.gradient(phi)]
            trace = grad if trace is None else [lam * e + g for e, g in zip(trace, grad, strict=True)]
            before = now
        if (i + 1) % 25 == 0:
            print(f"{i + 1} parties, {time.perf_counter() - start:.0f} s; linear weights "
                  + " ".join(f"{w:.2f}" for w in net.linear), file=sys.stderr)
    return net


def main() -> int:
    a = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    a.add_argument("--rules", default="guiton-1822")
    a.add_argument("--parties", type=int, default=600)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--units", type=int, default=16)
    a.add_argument("--out", default=None, help="default: the package's weights file of the rule set's family")
    args = a.parse_args()
    family = FAMILIES.get(args.rules)
    out = Path(args.out) if args.out else Path(__file__).resolve().parent.parent / "trictrac_notation" / "play" \
        / "weights" / f"{family or args.rules}.json"
    net = train(args.rules, args.parties, args.seed, args.units)
    out.parent.mkdir(parents=True, exist_ok=True)
    data = {"trained": f"scripts/train_learned.py --rules {args.rules} --parties {args.parties} --seed {args.seed} "
                       f"--units {args.units}"} | net.to_json()
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
