#!/usr/bin/env bash
# A throwaway PostgreSQL on 127.0.0.1 for the server's tests (.ci/run and developers alike).
#
#   scripts/postgres.sh start    initdb + start in $MESOPOTAMIA_PG_DIR (default
#                                $TMPDIR/mesopotamia-postgres)
#                                on a free port, create the database `mesopotamia`, print the
#                                URL (also written to $MESOPOTAMIA_PG_DIR/url)
#   scripts/postgres.sh restart  stop and start the same cluster on the same port (fault tests)
#   scripts/postgres.sh halt     stop it, keeping its folder (an outage: `resume` ends it)
#   scripts/postgres.sh resume   start it again on the same port
#   scripts/postgres.sh stop     stop it and remove its folder
#
# Use: export MESOPOTAMIA_TEST_POSTGRES="$(scripts/postgres.sh start)"
#
# initdb refuses to run as root: as root, the cluster belongs to the `postgres` user (made by
# Debian's package) or else to `nobody`. The binaries are found in Debian's
# /usr/lib/postgresql/*/bin or on PATH; without either, Debian's `postgresql` package is installed.
set -euo pipefail
cd "$(dirname "$0")/.."

# Under the temporary folder: the cluster's owner must reach it (a clone under /root may not be).
dir="${MESOPOTAMIA_PG_DIR:-${TMPDIR:-/tmp}/mesopotamia-postgres}"
data="$dir/data"

find_bin() {
  # Debian's folder has every tool (createdb among them); a PATH may have only some.
  local found
  found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -z "$found" ] && command -v createdb >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    found="$(dirname "$(command -v initdb)")"
  fi
  if [ -z "$found" ] && [ "$(id -u)" = 0 ]; then
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  fi
  if [ -z "$found" ]; then
    echo "postgres.sh: no PostgreSQL binaries (install Debian's postgresql package)" >&2
    exit 1
  fi
  echo "$found"
}

# Runs a command as the cluster's owner (root may not run PostgreSQL).
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    local user=postgres
    getent passwd postgres >/dev/null || user=nobody
    setpriv --reuid="$user" --regid="$(id -g "$user")" --clear-groups -- "$@"
  else
    "$@"
  fi
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start_cluster() {
  local bin="$1" port="$2"
  # -w: wait until it accepts connections; only on 127.0.0.1, its socket in the folder.
  as_owner "$bin/pg_ctl" -D "$data" -l "$dir/log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c fsync=on" \
    start >&2
}

case "${1:-}" in
  start)
    bin="$(find_bin)"
    if [ -f "$data/postmaster.pid" ]; then
      echo "postgres.sh: already running in $dir ($(cat "$dir/url"))" >&2
      cat "$dir/url"
      exit 0
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
      user=postgres
      getent passwd postgres >/dev/null || user=nobody
      chown "$user" "$dir"
    fi
    # Trust on 127.0.0.1 only: a test cluster, never a site's.
    as_owner "$bin/initdb" -D "$data" -U postgres --auth=trust --no-sync -E UTF8 >/dev/null
    port="$(free_port)"
    echo "$port" > "$dir/port"
    start_cluster "$bin" "$port"
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres mesopotamia
    echo "postgres://postgres@127.0.0.1:$port/mesopotamia" > "$dir/url"
    cat "$dir/url"
    ;;
  restart)
    bin="$(find_bin)"
    as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >&2
    start_cluster "$bin" "$(cat "$dir/port")"
    ;;
  halt)
    bin="$(find_bin)"
    as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >&2
    ;;
  resume)
    bin="$(find_bin)"
    start_cluster "$bin" "$(cat "$dir/port")"
    ;;
  stop)
    if [ -f "$data/postmaster.pid" ]; then
      bin="$(find_bin)"
      as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >&2 || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: scripts/postgres.sh start|restart|halt|resume|stop" >&2
    exit 2
    ;;
esac
