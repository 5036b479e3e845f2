#!/usr/bin/env bash
# An outside reference for our default search bot: OpenSpiel's own ISMCTSBot against
# `mcts` at the same number of simulations a decision (scripts/openspiel_ismcts.py says
# how), on Tigris & Euphrates (2 players) and Sumeria (3 players). Builds the Python wheel
# into a fresh virtual environment with open_spiel from PyPI, then writes
# docs/strength/openspiel-ismcts-GAMEPLAYERS-SIMULATIONS-GAMESg.json per table and
# rewrites docs/strength/summary.md.
#
# Usage: scripts/openspiel-ismcts.sh [GAME:PLAYERS...]   (default: tigris:2 sumeria:3)
#   environment: SIMULATIONS (per decision, default 100), GAMES (default 40), SEED (the
#   first game's seed, default 1), VENV (an existing environment with open_spiel and the
#   wheel installed: skips the build).
set -euo pipefail
simulations="${SIMULATIONS:-100}"
games="${GAMES:-40}"
seed="${SEED:-1}"
tables=("$@")
[ ${#tables[@]} -eq 0 ] && tables=(tigris:2 sumeria:3)
cd "$(dirname "$0")/.."
venv="${VENV:-}"
if [ -z "$venv" ]; then
  venv="$(mktemp -d)/venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet maturin numpy open_spiel
  (
    cd crates/mesopotamia-py
    CARGO_PROFILE_RELEASE_DEBUG=0 "$venv/bin/maturin" build --release --quiet -i "$venv/bin/python" --out "$venv/../wheels"
  )
  "$venv/bin/pip" install --quiet "$venv"/../wheels/mesopotamia-*.whl
fi
for table in "${tables[@]}"; do
  game="${table%%:*}"
  players="${table##*:}"
  out="docs/strength/openspiel-ismcts-$game$players-$simulations-${games}g.json"
  echo "== $game, $players players, $simulations simulations, $games games -> $out" >&2
  "$venv/bin/python" scripts/openspiel_ismcts.py "$game" "$players" "$simulations" "$games" "$seed" "$out"
done
scripts/strength.sh summary
