#!/usr/bin/env bash
# The game server's figures, as docs/server.md quotes them: the load example in release,
# GAMES games of Tigris & Euphrates at once (two scripted people each, all on 127.0.0.1),
# SECONDS at most; its JSON line, with the commit and the date, in docs/server/load.json.
#
# Usage: scripts/server-load.sh [GAMES] [SECONDS]   (100 60). Run it with nothing else on the machine.
set -euo pipefail
games="${1:-100}"
seconds="${2:-60}"
cd "$(dirname "$0")/.."
cargo build --release -q -p mesopotamia-server --example load
bin="${CARGO_TARGET_DIR:-target}/release/examples/load"
line="$("$bin" "$games" "$seconds")"
mkdir -p docs/server
python3 - "$line" <<'PY'
import datetime, json, subprocess, sys
figures = json.loads(sys.argv[1])
figures["commit"] = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
figures["date"] = datetime.date.today().isoformat()
figures["command"] = "scripts/server-load.sh (cargo run --release -p mesopotamia-server --example load -- GAMES SECONDS)"
open("docs/server/load.json", "w").write(json.dumps(figures, indent=2) + "\n")
print(json.dumps(figures, indent=2))
PY
