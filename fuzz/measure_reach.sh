#!/usr/bin/env bash
# Measures how long the `authorize` fuzz target takes to reach a first raw
# violation of INV-9/INV-10 (known findings NOT classified as expected), with
# the default weights and with each class of shell syntax alone (GEN-9).
# One run each, from the committed seed corpus; prints one line per run.
#
#   fuzz/measure_reach.sh [SECONDS_PER_RUN]      # default 120
#
# Witnesses land in $OUT (default: a temporary directory).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
LIMIT="${1:-120}"
OUT="${OUT:-$(mktemp -d)}"
TRIPLE="$(rustc -vV | sed -n 's/^host: //p')"
BIN="fuzz/target/$TRIPLE/release/authorize"
cargo fuzz build -O -s none authorize >/dev/null
echo "load: $(cut -d' ' -f1-3 /proc/loadavg), ${LIMIT}s limit per run, witnesses in $OUT"
for class in default reserved compound comment fdvariable heredoc function substitution; do
  corpus="$(mktemp -d)"
  cp fuzz/corpus/authorize/* "$corpus/"
  log="$OUT/$class.log"
  start=$(date +%s.%N)
  env INNER_CMD_FUZZ_RAW=1 \
    $([[ $class != default ]] && echo "INNER_CMD_FUZZ_SYNTAX=$class") \
    "$BIN" "$corpus" -max_total_time="$LIMIT" -timeout=5 -rss_limit_mb=2048 \
    -artifact_prefix="$OUT/$class-" >"$log" 2>&1 || true
  end=$(date +%s.%N)
  rm -rf "$corpus"
  if grep -q "panicked at" "$log"; then
    execs="$(grep -o '#[0-9]*' "$log" | tail -n 1)"
    what="$(grep -A1 'panicked at' "$log" | tail -n 1 | cut -c1-120)"
    printf '%-13s %6.1f s  %s  %s\n' "$class" "$(echo "$end - $start" | bc)" "$execs" "$what"
  else
    printf '%-13s none within %s s\n' "$class" "$LIMIT"
  fi
done
