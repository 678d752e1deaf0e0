#!/usr/bin/env bash
# The site's simulation of real play (site_src/simulation-player.json): parties played by one player on both sides
# under the five treatises whose rules were read most fully, seed 1822, on every core. The greedy figures beside
# them are site_src/simulation.json (trictrac simulate without --player). Prints its command and its time.
#   PLAYER=learned GAMES=200 JOBS=2 bash scripts/simulate_players.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PLAYER=${PLAYER:-learned}
GAMES=${GAMES:-200}
JOBS=${JOBS:-$(nproc)}
RULES=jollyvet-1634,soumille-1738,lepeintre-1818,guiton-1822,lelasseux-1852
command=(.venv/bin/trictrac simulate --rules "$RULES" --games "$GAMES" --seed 1822 --jobs "$JOBS" --player "$PLAYER" --json)
echo "${command[*]} > site_src/simulation-player.json"
start=$(date +%s)
"${command[@]}" > site_src/simulation-player.json.new
mv site_src/simulation-player.json.new site_src/simulation-player.json
echo "took $(( $(date +%s) - start )) s"
