#!/usr/bin/env bash
# Builds and runs the fuzz targets, each with its seeds, dictionary, -max_len and build flags
# (see README.md). From any directory:
#
#   fuzz/run.sh build [TARGET...]          build (every target by default)
#   fuzz/run.sh run TARGET [SECONDS] [LIBFUZZER_FLAG...]
#                                          fuzz TARGET (600 s by default) into corpus/TARGET
#   fuzz/run.sh replay TARGET FILE...      run inputs once (a crash, a regression)
#   fuzz/run.sh flags TARGET               print the cargo fuzz flags of TARGET
#   fuzz/run.sh libfuzzer-flags TARGET     print the libFuzzer flags of TARGET
#
# A crash leaves its input in artifacts/TARGET/ and makes `run` fail.
set -euo pipefail
cd "$(dirname "$0")"
# cargo-fuzz passes -Z flags that only a nightly compiler accepts; this lets stable accept them.
export RUSTC_BOOTSTRAP=1

# Every crate forbids unsafe code, so AddressSanitizer finds nothing that Rust's own checks
# do not, at three times the cost: no sanitizer. Debug assertions and overflow checks stay on
# (cargo-fuzz's default). The *_game and *_state targets read their bytes as choices and
# seeds, never as text the engine compares, so comparison tracing (half their time) is off
# for them, in a target folder of its own so that the two builds do not undo each other.
flags() {
  case "$1" in
    *_game | *_state) echo "-s none --no-trace-compares --target-dir target/choices" ;;
    *) echo "-s none" ;;
  esac
}

# Inputs longer than this are never tried: a *_game input is 10 bytes of start, point and
# seed, then 2 to 4 bytes per command; a *_state input is either that and 3 bytes per
# mutation, or raw JSON as long as the longest seed (a view, about 3.6 KB).
max_len() {
  case "$1" in
    *_game) echo 64 ;;
    *_state | *_position | sumeria_board) echo 4096 ;;
    records) echo 8192 ;;
    *) echo 256 ;;
  esac
}

libfuzzer_flags() {
  local flags=("-max_len=$(max_len "$1")")
  [ -f "dicts/$1.dict" ] && flags+=("-dict=dicts/$1.dict")
  echo "${flags[@]}"
}

targets() {
  cargo fuzz list
}

command=${1:-}
shift || true
case "$command" in
  build)
    if [ $# -eq 0 ]; then
      set -- $(targets)
    fi
    # One cargo invocation per set of flags (each builds its targets together).
    choices=() others=()
    for t in "$@"; do
      case "$t" in
        *_game | *_state) choices+=("$t") ;;
        *) others+=("$t") ;;
      esac
    done
    for t in "${choices[@]}"; do
      cargo fuzz build $(flags "$t") "$t"
    done
    for t in "${others[@]}"; do
      cargo fuzz build $(flags "$t") "$t"
    done
    ;;
  run)
    target=$1
    seconds=${2:-600}
    shift 2 || shift
    mkdir -p "corpus/$target"
    seeds=()
    [ -d "seeds/$target" ] && seeds=("seeds/$target")
    exec cargo fuzz run $(flags "$target") "$target" "corpus/$target" "${seeds[@]}" -- \
      $(libfuzzer_flags "$target") -max_total_time="$seconds" "$@"
    ;;
  replay)
    target=$1
    shift
    exec cargo fuzz run $(flags "$target") "$target" "$@" -- -runs=1
    ;;
  flags) flags "$1" ;;
  libfuzzer-flags) libfuzzer_flags "$1" ;;
  *)
    sed -n '2,12p' "$0" >&2
    exit 2
    ;;
esac
