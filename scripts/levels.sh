#!/usr/bin/env bash
# The levels' win rates of the README's "Bots and levels": each level against greedy (`level1`)
# and against the level below, seats rotating, with 95% intervals (printed by `simulate`).
# Levels are iteration budgets, so the figures do not depend on the machine's speed.
#
# Usage: scripts/levels.sh GAME [GAMES] [PLAYERS]   (defaults: 100 games; 2 players, 3 for
# Sumeria, which seats 3 or 4). In a game of more than 2 players the first bot named plays
# one seat and the second bot the others. Games with level5 take long: GAMES_TOP (default 40)
# sets how many of those.
set -euo pipefail
game="${1:?usage: scripts/levels.sh GAME [GAMES] [PLAYERS]}"
games="${2:-100}"
top="${GAMES_TOP:-40}"
default_players=2
[ "$game" = sumeria ] && default_players=3
players="${3:-$default_players}"
threads="${THREADS:-2}"
cd "$(dirname "$0")/.."
cargo build --release -p mesopotamia-cli
bin="${CARGO_TARGET_DIR:-target}/release/mesopotamia"
run() {
    local a="$1" b="$2" n="$games"
    if [ "$a" = level5 ] || [ "$b" = level5 ]; then n="$top"; fi
    local bots="$a"
    for _ in $(seq 2 "$players"); do bots="$bots,$b"; done
    echo "== $game, $players players: $a against $b"
    "$bin" simulate "$game" --players "$players" --bots "$bots" --games "$n" --seed 1 --threads "$threads"
}
for level in level2 level3 level4 level5; do
    run "$level" level1
done
run level3 level2
run level4 level3
run level5 level4
