#!/usr/bin/env bash
# The strength comparisons of the README's "Bots and levels" table: the search bot `mcts`
# against the first one, `mcts-v1`, at the same time per decision, seats rotating, with 95%
# intervals (printed by `simulate`).
#
# Usage: scripts/strength.sh [GAMES] [MILLISECONDS]   (defaults: 200 games, 20 ms)
#
# Each game runs on one thread and its bots take turns, so a time budget gives both bots the
# same CPU time per decision as long as the machine is not overloaded: keep --threads at or
# below the free cores (THREADS, default 2).
set -euo pipefail
games="${1:-200}"
ms="${2:-20}"
threads="${THREADS:-2}"
cd "$(dirname "$0")/.."
cargo build --release -p mesopotamia-cli
bin="${CARGO_TARGET_DIR:-target}/release/mesopotamia"
run() {
    echo "== $*"
    "$bin" simulate "$@" --games "$games" --seed 1 --threads "$threads"
}
run tigris --players 2 --bots "mcts:${ms}ms,mcts-v1:${ms}ms"
run tigris --players 4 --bots "mcts:${ms}ms,mcts-v1:${ms}ms,mcts-v1:${ms}ms,mcts-v1:${ms}ms"
run cards --players 4 --bots "mcts:${ms}ms,mcts-v1:${ms}ms,mcts-v1:${ms}ms,mcts-v1:${ms}ms"
run sumeria --players 3 --bots "mcts:${ms}ms,mcts-v1:${ms}ms,mcts-v1:${ms}ms"
