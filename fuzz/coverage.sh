#!/usr/bin/env bash
# Source coverage of a fuzz target over its corpus and seeds (see README.md):
#
#   fuzz/coverage.sh TARGET [PATH_REGEX]
#
# builds TARGET with coverage instrumentation, runs every input of corpus/TARGET and
# seeds/TARGET once, then prints llvm-cov's report for the project's crates (or only the files
# whose path matches PATH_REGEX) and, for those files, every line that no input reached, as
# `file:line: text`. The HTML version is written to coverage/TARGET/html/index.html.
#
# Needs llvm-tools (`rustup component add llvm-tools-preview`).
set -euo pipefail
cd "$(dirname "$0")"
export RUSTC_BOOTSTRAP=1
target=$1
only=${2:-/crates/}
inputs=()
for d in "corpus/$target" "seeds/$target"; do
  [ -d "$d" ] && inputs+=("$d")
done
cargo fuzz coverage "$target" "${inputs[@]}"

host=$(rustc -vV | sed -n 's/^host: //p')
bin_dir="$(rustc --print sysroot)/lib/rustlib/$host/bin"
binary="target/$host/coverage/$host/release/$target"
profile="coverage/$target/coverage.profdata"
files=()
while IFS= read -r f; do files+=("$f"); done < <(
  "$bin_dir/llvm-cov" export "$binary" -instr-profile="$profile" -summary-only |
    grep -o '"filename":"[^"]*"' | sed 's/"filename":"//; s/"$//' | grep -E "$only" | sort -u
)
"$bin_dir/llvm-cov" report "$binary" -instr-profile="$profile" "${files[@]}"
"$bin_dir/llvm-cov" show "$binary" -instr-profile="$profile" -format=html \
  -output-dir="coverage/$target/html" "${files[@]}" > /dev/null
echo
echo "Lines no input reached:"
for f in "${files[@]}"; do
  "$bin_dir/llvm-cov" show "$binary" -instr-profile="$profile" "$f" |
    awk -v file="${f#*/crates/}" -F'|' '$2 ~ /^ *0$/ { sub(/^ +/, "", $1); print file ":" $1 ":" $3 }'
done
