#!/usr/bin/env bash
# The game server's figures, as docs/server.md quotes them: the load example in release,
# GAMES games of Tigris & Euphrates at once (two scripted people each, all on 127.0.0.1,
# acting PACE milliseconds after their turn comes, 0: at once, choosing as PLAY says: first,
# the first legal action; random, a seeded draw, so games end and new ones start), SECONDS at
# most, on INSTANCES servers and DATABASE (sqlite, or postgres: a throwaway cluster of
# scripts/postgres.sh, started here and stopped on exit); its JSON line, with the commit and
# the date, in docs/server/load-GAMES-INSTANCES-DATABASE-SECONDSs[-paceP][-random].json.
#
# Usage: scripts/server-load.sh [GAMES] [SECONDS] [INSTANCES] [DATABASE] [PACE] [PLAY]   (100 60 1 sqlite 0 first)
# Run it with nothing else on the machine.
set -euo pipefail
games="${1:-100}"
seconds="${2:-60}"
instances="${3:-1}"
database="${4:-sqlite}"
pace="${5:-0}"
play="${6:-first}"
cd "$(dirname "$0")/.."
if [ "$instances" -gt 1 ] && [ "$database" != postgres ]; then
  echo "server-load.sh: several instances share a PostgreSQL database: DATABASE postgres" >&2
  exit 2
fi
cargo build --release -q -p mesopotamia-server --example load
bin="${CARGO_TARGET_DIR:-target}/release/examples/load"
if [ "$database" = postgres ]; then
  pg_parent="$(mktemp -d)"
  chmod 755 "$pg_parent"
  export MESOPOTAMIA_PG_DIR="$pg_parent/postgres"
  trap 'scripts/postgres.sh stop || true; rm -rf "$pg_parent"' EXIT
  MESOPOTAMIA_LOAD_POSTGRES="$(scripts/postgres.sh start)"
  export MESOPOTAMIA_LOAD_POSTGRES
fi
# The machine's load average before the run: a figure is one only from a quiet machine.
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
line="$("$bin" "$games" "$seconds" "$instances" "$pace" "$play")"
mkdir -p docs/server
out="docs/server/load-$games-$instances-$database-${seconds}s$([ "$pace" = 0 ] || echo "-pace$pace")$([ "$play" = first ] || echo "-$play").json"
python3 - "$line" "$out" "$load_before" <<'PY'
import datetime, json, subprocess, sys
figures = json.loads(sys.argv[1])
figures["load_average_before"] = sys.argv[3]
figures["commit"] = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
figures["date"] = datetime.date.today().isoformat()
figures["command"] = "scripts/server-load.sh GAMES SECONDS INSTANCES DATABASE PACE PLAY (cargo run --release -p mesopotamia-server --example load -- GAMES SECONDS INSTANCES PACE PLAY)"
open(sys.argv[2], "w").write(json.dumps(figures, indent=2) + "\n")
print(json.dumps(figures, indent=2))
PY
