#!/usr/bin/env bash
# Speed, as docs/benchmarks.md quotes it: `mesopotamia bench` for each game, 5 runs, one after
# another, each run's JSON line kept, and the medians written to
# docs/benchmarks/bench.json with the commit, the machine's cores and model, and the date.
#
# Usage: scripts/bench.sh [RUNS]   (default 5). Run it with nothing else on the machine.
set -euo pipefail
runs="${1:-5}"
cd "$(dirname "$0")/.."
cargo build --release -p mesopotamia-cli
bin="${CARGO_TARGET_DIR:-target}/release/mesopotamia"
out=docs/benchmarks
mkdir -p "$out"
raw="$out/bench-runs.jsonl"
: > "$raw"
tables=(
    "tigris --players 2 --games 3000"
    "tigris --players 4 --games 3000"
    "cards --players 2 --games 3000"
    "cards --players 4 --games 3000"
    "sumeria --players 3 --games 10000"
)
for ((run = 1; run <= runs; run++)); do
    for table in "${tables[@]}"; do
        # shellcheck disable=SC2086
        line="$("$bin" bench $table --seed 1 --mcts --json)"
        printf '{"run": %d, "args": "%s", "figures": %s}\n' "$run" "$table" "$line" >> "$raw"
    done
done
python3 - "$raw" "$out/bench.json" "$runs" <<'PY'
import json, statistics, subprocess, sys, os, platform, datetime
raw, out, runs = sys.argv[1], sys.argv[2], sys.argv[3]
rows = [json.loads(l) for l in open(raw)]
by = {}
for r in rows:
    by.setdefault(r["args"], []).append(r["figures"])
keys = ["games_per_sec", "decisions_per_sec", "ns_per_decision", "legal_gens_per_sec", "clone_ns"]
tables = []
for args, figs in by.items():
    t = {"args": args, "runs": len(figs)}
    for k in keys:
        values = [f[k] for f in figs if f.get(k) is not None]
        if values:
            t[k] = statistics.median(values)
    for bot in ["mcts", "mcts_v1"]:
        values = [f[bot]["iterations_per_sec"] for f in figs if f.get(bot)]
        if values:
            t[bot + "_iterations_per_sec"] = statistics.median(values)
    cpu = [f["cpu_seconds"] for f in figs if f.get("cpu_seconds") is not None]
    if cpu:
        t["cpu_seconds"] = statistics.median(cpu)
    tables.append(t)
model = ""
try:
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
except OSError:
    pass
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
json.dump({
    "command": "scripts/bench.sh (mesopotamia bench GAME ARGS --seed 1 --mcts --json, medians)",
    "commit": commit,
    "date": datetime.date.today().isoformat(),
    "cores": os.cpu_count(),
    "cpu": model,
    "tables": tables,
}, open(out, "w"), indent=2)
# The table docs/benchmarks.md quotes, written from the same medians.
b = json.load(open(out))
md = [f"Medians of {runs} runs at commit `{b['commit']}` ({b['date']}, {b['cores']} cores, {b['cpu']}):", "",
      "| table | games/s | ns per decision | legal lists/s | clone (ns) | `mcts` iterations/s | `mcts-v1` iterations/s |",
      "|---|---:|---:|---:|---:|---:|---:|"]
for t in b["tables"]:
    md.append(f"| `{t['args']}` | {t['games_per_sec']:,.0f} | {t['ns_per_decision']:,.0f} | {t['legal_gens_per_sec']:,.0f} | {t['clone_ns']:,.0f} | {t['mcts_iterations_per_sec']:,.0f} | {t['mcts_v1_iterations_per_sec']:,.0f} |")
open(out.replace(".json", ".md"), "w").write("\n".join(md) + "\n")
print(open(out).read())
PY
