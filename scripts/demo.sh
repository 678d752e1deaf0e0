#!/usr/bin/env bash
# The main job on the bundled examples: set up .venv, check and replay the game records, compare two
# treatises on one of them, and build the site.
set -euo pipefail
source "$(dirname "$0")/_venv.sh"
example=site_src/games/kermadeuc-lepeintre.tric
echo "== trictrac check site_src/games/*.tric (composed records)"
.venv/bin/trictrac check site_src/games/*.tric
echo
echo "== trictrac check --strict site_src/games/historical/*.tric (the treatises' own games; their slips as notes)"
.venv/bin/trictrac check --strict -q site_src/games/historical/*.tric
echo
echo "== trictrac replay $example (last position)"
.venv/bin/trictrac replay "$example" | tail -n 8
echo
echo "== trictrac compare site_src/games/jollyvet-rencontre.tric --rules jollyvet-1634,guiton-1822"
.venv/bin/trictrac compare site_src/games/jollyvet-rencontre.tric --rules jollyvet-1634,guiton-1822
echo
echo "== the players: the best play of the opening 6-4, and a short match (docs/players.md)"
echo '{"rules": "guiton-1822", "to_move": "white", "dice": [6, 4], "white": {"1": 15}, "black": {"1": 15}, "throw": 1}' \
  | .venv/bin/trictrac best
.venv/bin/trictrac match --players treatise,greedy --rules guiton-1822 --parties 10 --seed 1
echo
echo "== backgammon: trictrac check site_src/games/backgammon/*.tric, the final of a match, and the .mat round trip"
.venv/bin/trictrac check site_src/games/backgammon/*.tric
.venv/bin/trictrac replay --json site_src/games/backgammon/backgammon-match.tric \
  | .venv/bin/python -c "import json, sys; print(json.load(sys.stdin)['final'])"
mat_dir=$(mktemp -d)
.venv/bin/trictrac export site_src/games/backgammon/backgammon-match.tric --format mat -o "$mat_dir/match.mat"
.venv/bin/trictrac import "$mat_dir/match.mat" -o "$mat_dir/match.tric"
.venv/bin/trictrac check -q "$mat_dir/match.tric" && echo "exported to .mat and imported back: checks clean"
rm -rf "$mat_dir"
echo
echo "== trictrac site build (the bundled records, the rules compendium, the tutorials)"
# (a site/ built before the build marked its folders, .trictrac-site.json, is refused: the checkout's own is made anew)
if [ -d site ] && [ ! -e site/.trictrac-site.json ] && [ -f site/assets/trictrac/layout.js ]; then rm -rf site; fi
.venv/bin/trictrac site build --out site
echo "step through a game: open $(pwd)/site/games/index.html in a browser (no server needed)"
