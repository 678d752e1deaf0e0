#!/usr/bin/env bash
# Compose the site's backgammon showcase, site_src/games/backgammon/backgammon-match.tric: a match to 3 points that
# GNU Backgammon plays against itself (its neural net evaluating every play and cube decision, 0-ply), exported as a
# .mat match file and read by `trictrac import`, then named and titled. The seed chooses the dice; seed 2 gives three
# games, a double taken, the Crawford game and a gammon resigned.
# Needs gnubg (Debian: apt-get install gnubg); run from the checkout: bash scripts/compose_backgammon.sh [SEED] [OUT]
set -euo pipefail
cd "$(dirname "$0")/.."
seed=${1:-2}
out=${2:-site_src/games/backgammon/backgammon-match.tric}
gnubg=$(command -v gnubg || echo /usr/games/gnubg)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$gnubg" -t -q >"$work/gnubg.log" 2>&1 <<GNUBG
set rng mersenne
set seed $seed
set player 0 gnubg
set player 1 gnubg
set player 0 chequerplay evaluation plies 0
set player 1 chequerplay evaluation plies 0
set player 0 cubedecision evaluation plies 0
set player 1 cubedecision evaluation plies 0
new match 3
export match mat $work/match.mat
quit
GNUBG
.venv/bin/trictrac import "$work/match.mat" -o "$work/match.tric"
.venv/bin/python - "$work/match.tric" "$out" "$seed" <<'PY'
import re
import sys

text = open(sys.argv[1], encoding="utf-8").read()
seed = sys.argv[3]
headers = {
    "Title": "A match to 3 points, with its Crawford game",
    "Source": f"played by GNU Backgammon against itself (its neural net, 0-ply; dice seed {seed}), exported as a "
              "match file and imported by trictrac import (scripts/compose_backgammon.sh): a well-played match, not "
              "one between people",
    "White": "Nora", "Black": "Felix", "Annotator": "trictrac project",
}
for name, value in headers.items():
    line = f'[{name} "{value}"]'
    text, found = re.subn(rf"^\[{name} [^\n]*\]$", line, text, count=1, flags=re.M)
    if not found:
        text = text.replace("[Match", line + "\n[Match", 1)
text = re.sub(r"^\[Date [^\n]*\]\n", "", text, flags=re.M)  # the day it was composed says nothing of the match
text = text.replace("gnubg ", "Nora ").replace("root ", "Felix ")  # the players' names in the games' comments
open(sys.argv[2], "w", encoding="utf-8").write(text)
PY
.venv/bin/trictrac fmt -q "$out"  # the canonical layout of the bundled records
.venv/bin/trictrac check "$out"
echo "wrote $out"
