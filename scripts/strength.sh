#!/usr/bin/env bash
# Strength, as the README and docs/benchmarks.md quote it: the default search bot `mcts`
# against the first one, `mcts-v1`, at the same CPU time per decision (`mcts:Nms-cpu`: the
# deciding thread's CPU clock, so that a loaded machine slows both bots alike), seats
# rotating every game, 95% Wilson intervals. Each run's figures are written to
# docs/strength/TABLE-BUDGET-GAMESg.json with the bots, budgets, games, seeds, wins and
# intervals, the command, the commit, the machine's cores and processor, and the date.
#
# Usage: scripts/strength.sh [TABLE...]
#   tables: te2 (Tigris & Euphrates, 2 players), te4 (T&E, `mcts` against three `mcts-v1`),
#           cards4 (the card game, one against three), sumeria3 (Sumeria, one against two),
#           old-claims (what made the withdrawn 20 ms figures: `mcts-v1` held to fewer
#           iterations than its root has legal actions; iteration budgets, any machine),
#           levels (T&E, 2 players: each of level2 to level5 against the level below; the
#           levels are iteration budgets, so any machine gives the same games);
#           default: te2 te4 cards4 sumeria3.
#           summary (no games: writes docs/strength/summary.md, one line per JSON file
#           there, which every run also does at its end).
#   environment: MS (CPU milliseconds per decision, default 50), GAMES (games per table,
#           default 200), SEED (the first game's seed, default 1: game i is seeded SEED + i),
#           THREADS (games played at once, each on one thread, default 1), LEVELS (the
#           `levels` table's higher levels, default "2 3 4 5").
#
# One game runs on one thread and its bots take turns, so each decision's search runs on the
# thread that measures it. More THREADS than free cores makes a run slower, not unfair.
set -euo pipefail
ms="${MS:-50}"
games="${GAMES:-200}"
seed="${SEED:-1}"
threads="${THREADS:-1}"
tables=("$@")
[ ${#tables[@]} -eq 0 ] && tables=(te2 te4 cards4 sumeria3)
cd "$(dirname "$0")/.."
# Only `summary` needs no build.
if [ "${tables[*]}" != summary ]; then
    cargo build --release -p mesopotamia-cli
fi
bin="${CARGO_TARGET_DIR:-target}/release/mesopotamia"
out=docs/strength
mkdir -p "$out"

# run NAME BUDGET GAME PLAYERS BOTS: one simulate run, its JSON written with the machine's.
run() {
    local name="$1" budget="$2" game="$3" players="$4" bots="$5"
    local file="$out/$name-$budget-${games}g.json"
    local args=(simulate "$game" --players "$players" --bots "$bots" --games "$games"
        --seed "$seed" --threads "$threads" --json)
    echo "== $name: mesopotamia ${args[*]}" >&2
    local start end line
    start=$(date +%s)
    line="$("$bin" "${args[@]}")"
    end=$(date +%s)
    python3 - "$file" "$name" "$budget" "$line" "$((end - start))" "${args[*]}" <<'PY'
import datetime, json, os, subprocess, sys
file, name, budget, line, seconds, args = sys.argv[1:7]
result = json.loads(line)
model = ""
try:
    for l in open("/proc/cpuinfo"):
        if l.startswith("model name"):
            model = l.split(":", 1)[1].strip()
            break
except OSError:
    pass
git = lambda *a: subprocess.run(["git", *a], capture_output=True, text=True).stdout.strip()
record = {
    "table": name,
    "budget": budget,
    "command": "mesopotamia " + args,
    "script": "scripts/strength.sh",
    "commit": git("describe", "--always", "--dirty", "--abbrev=7"),
    "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
    "cores": os.cpu_count(),
    "cpu": model,
    "load_average_at_end": os.getloadavg()[0],
    "wall_seconds": int(seconds),
    "first_seed": result["seed"],
    "last_seed": result["seed"] + result["games"] + result["failed_games"] - 1,
    **result,
}
json.dump(record, open(file, "w"), indent=2)
open(file, "a").write("\n")
first = record["bots"][0]
lo, hi = first["ci95"]
print(f"{name} ({budget}): {first['bot']} won {100 * first['win_rate']:.1f}% "
      f"({100 * lo:.1f}-{100 * hi:.1f}%) of {record['games']} games -> {file}")
PY
}

# one_against BOT OTHER PLAYERS: the list BOT,OTHER,OTHER... for PLAYERS seats.
one_against() {
    local list="$1"
    for _ in $(seq 2 "$3"); do list="$list,$2"; done
    echo "$list"
}

# summary: docs/strength/summary.md, a table of every run recorded there (what the docs quote).
summary() {
    python3 - "$out" <<'PY'
import glob, json, os, sys
out = sys.argv[1]
rows = []
for path in sorted(glob.glob(os.path.join(out, "*.json"))):
    r = json.load(open(path))
    first = r["bots"][0]
    lo, hi = first["ci95"]
    equal = 1 / r["players"]
    bots = ", ".join(dict.fromkeys(b["bot"] for b in r["bots"]))
    rows.append(f"| `{r['table']}` | {r['game']} {r['players']}p | {bots} | {r['games']} "
                f"({r['first_seed']}-{r['last_seed']}) | **{100 * first['win_rate']:.1f}%** "
                f"| {100 * lo:.1f}-{100 * hi:.1f}% | {100 * equal:.0f}% | `{r['commit']}` "
                f"{r['date'][:10]}, {r['cores']} cores | [{os.path.basename(path)}]({os.path.basename(path)}) |")
md = ["# Strength runs", "",
      "Written by `scripts/strength.sh` from the JSON files beside it: one line per run, the",
      "first bot named's share of the wins (shared first places split), its 95% Wilson interval,",
      "and what an equal bot would win. Seats rotate every game; game `i` is seeded `first + i`.",
      "",
      "| table | game | bots (the first is measured) | games (seeds) | first bot's wins | 95% interval | equal | commit, date, machine | file |",
      "|---|---|---|---|---:|---|---:|---|---|"] + rows
open(os.path.join(out, "summary.md"), "w").write("\n".join(md) + "\n")
PY
}

cpu="${ms}ms-cpu"
for table in "${tables[@]}"; do
    case "$table" in
    te2) run te2 "$cpu" tigris 2 "$(one_against "mcts:$cpu" "mcts-v1:$cpu" 2)" ;;
    te4) run te4 "$cpu" tigris 4 "$(one_against "mcts:$cpu" "mcts-v1:$cpu" 4)" ;;
    cards4) run cards4 "$cpu" cards 4 "$(one_against "mcts:$cpu" "mcts-v1:$cpu" 4)" ;;
    sumeria3) run sumeria3 "$cpu" sumeria 3 "$(one_against "mcts:$cpu" "mcts-v1:$cpu" 3)" ;;
    old-claims)
        # `mcts-v1` at 100 and 300 iterations (Tigris & Euphrates decisions have about 320
        # legal actions), against the greedy bot and against the default at 20 ms.
        run old-claims-v1-vs-greedy 100it tigris 2 "mcts-v1:100,greedy"
        run old-claims-v1-vs-greedy 300it tigris 2 "mcts-v1:300,greedy"
        run old-claims-mcts-vs-starved-v1 100it tigris 2 "mcts:$cpu,mcts-v1:100"
        ;;
    levels)
        for n in ${LEVELS:-2 3 4 5}; do
            run "levels-te2-level$n-vs-level$((n - 1))" iterations tigris 2 "level$n,level$((n - 1))"
        done
        ;;
    summary) ;;
    *)
        echo "unknown table $table (te2, te4, cards4, sumeria3, old-claims, levels, summary)" >&2
        exit 2
        ;;
    esac
done
summary
