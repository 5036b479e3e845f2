#!/usr/bin/env bash
# The levels for people, as the docs quote them: in Tigris & Euphrates at 2 players, each of
# level2 to level5 against the level below, seats rotating, 95% intervals, each run's JSON
# written under docs/strength/ by scripts/strength.sh (its `levels` table; GAMES, SEED and
# THREADS as there). The levels are iteration budgets: the games do not depend on the machine.
#
# Usage: scripts/levels.sh   (GAMES=100 by default)
set -euo pipefail
export GAMES="${GAMES:-100}"
exec "$(dirname "$0")/strength.sh" levels
