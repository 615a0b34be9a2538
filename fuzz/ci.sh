#!/usr/bin/env bash
# CI fuzzing burst (issue 6): build every cargo-fuzz target on stable Rust,
# replay the committed corpora and regressions, fuzz each target for a
# bounded time, and prove the ClusterFuzzLite build recipe.
#
#   fuzz/ci.sh                  # 60 s per target
#   FUZZ_SECONDS=10 fuzz/ci.sh  # shorter burst
#   FUZZ_JOBS=1 fuzz/ci.sh      # one target at a time (default: one per core)
#
# Exits non-zero on any crash, timeout or leak, printing the artifact and the
# command that reproduces it. See fuzz/README.md.
set -euo pipefail

CARGO_FUZZ_VERSION=0.13.1
FUZZ_SECONDS="${FUZZ_SECONDS:-60}"
# Targets fuzzed at the same time: one per core by default.
FUZZ_JOBS="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

step() { printf '\n== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }

step "cargo-fuzz $CARGO_FUZZ_VERSION"
if [[ "$(cargo fuzz --version 2>/dev/null || true)" != "cargo-fuzz $CARGO_FUZZ_VERSION" ]]; then
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
fi
cargo fuzz --version

step "build (release, no sanitizer: stable Rust)"
build_start=$SECONDS
cargo fuzz build -O -s none
echo "build took $((SECONDS - build_start)) s"

TRIPLE="$(rustc -vV | sed -n 's/^host: //p')"
BIN_DIR="fuzz/target/$TRIPLE/release"
mapfile -t TARGETS < <(cargo fuzz list)
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
failed=()

# Records a failure: the artifact libFuzzer wrote and how to reproduce it.
report_failure() {
  local target="$1" log="$2" artifact
  # A fuzzing crash names the unit it wrote; a replayed file is the one running last.
  artifact="$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)"
  [[ -n "$artifact" ]] || artifact="$(sed -n 's/^Running: \(.*\)$/\1/p' "$log" | tail -n 1)"
  grep -E 'panicked at|ERROR: libFuzzer|SUMMARY' -A 3 "$log" | head -n 20 || true
  echo "FAILED: $target"
  if [[ -n "$artifact" ]]; then
    echo "  artifact:  $artifact"
    echo "  reproduce: (cd $ROOT && cargo fuzz run -O -s none $target $artifact)"
    echo "  minimize:  (cd $ROOT && cargo fuzz tmin -O -s none $target $artifact)"
  else
    cp "$log" "fuzz/artifacts/$target.log"
    echo "  log: fuzz/artifacts/$target.log"
  fi
  failed+=("$target")
}

step "replay committed corpora and regressions"
for target in "${TARGETS[@]}"; do
  mkdir -p "fuzz/artifacts/$target"
  regressions=()
  if [[ -d "fuzz/regressions/$target" ]]; then
    while IFS= read -r -d '' file; do regressions+=("$file"); done \
      < <(find "fuzz/regressions/$target" -type f ! -name '*.md' -print0 | sort -z)
  fi
  log="$WORK/$target.replay.log"
  # The seed corpus as a directory (-runs=0: load it, do not fuzz), then each
  # regression file on its own (libFuzzer runs named files once each).
  if "$BIN_DIR/$target" -runs=0 -artifact_prefix="fuzz/artifacts/$target/" \
        "fuzz/corpus/$target" >"$log" 2>&1 \
     && { (( ${#regressions[@]} == 0 )) \
          || "$BIN_DIR/$target" -artifact_prefix="fuzz/artifacts/$target/" \
               "${regressions[@]}" >>"$log" 2>&1; }; then
    echo "$target: $(find "fuzz/corpus/$target" -type f | wc -l) seed(s) and ${#regressions[@]} regression(s) pass"
  else
    report_failure "$target" "$log"
  fi
done

step "fuzz each target for $FUZZ_SECONDS s, $FUZZ_JOBS at a time"
# Fuzzes one target into a copy of its corpus (the committed one does not grow);
# the exit status is libFuzzer's.
fuzz_one() {
  local target="$1" corpus="$WORK/corpus-$1" dict=() status=0
  cp -r "fuzz/corpus/$target" "$corpus"
  [[ -f "fuzz/$target.dict" ]] && dict=(-dict="fuzz/$target.dict")
  "$BIN_DIR/$target" "$corpus" "${dict[@]}" -max_total_time="$FUZZ_SECONDS" \
    -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="fuzz/artifacts/$target/" >"$WORK/$target.fuzz.log" 2>&1 || status=$?
  echo "$status" >"$WORK/$target.fuzz.status"
}
# Replayed above, not fuzzed here: a target with an open finding
# (fuzz/open/<target>/) that the burst would only find again, as " a b ".
# None now: hardened's INV-10 finding (an unterminated here-document) was
# closed by HARD-PARSE-4 (fuzz/regressions/hardened/).
NOT_FUZZED=" "
running=0
for target in "${TARGETS[@]}"; do
  if [[ "$NOT_FUZZED" == *" $target "* ]]; then echo 0 >"$WORK/$target.fuzz.status"; : >"$WORK/$target.fuzz.log"; continue; fi
  if (( running >= FUZZ_JOBS )); then wait -n; running=$((running - 1)); fi
  fuzz_one "$target" &
  running=$((running + 1))
done
wait
total=0
for target in "${TARGETS[@]}"; do
  log="$WORK/$target.fuzz.log"
  [[ "$(cat "$WORK/$target.fuzz.status")" == 0 ]] || report_failure "$target" "$log"
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
  [[ -n "$runs" ]] || runs="$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -n 1)"
  runs="${runs:-0}"
  if [[ "$NOT_FUZZED" == *" $target "* ]]; then printf '%-16s not fuzzed (open finding in fuzz/open/%s/)\n' "$target" "$target"; continue; fi
  total=$((total + runs))
  printf '%-16s %12s executions  (%s exec/s)\n' "$target" "$runs" "$((runs / FUZZ_SECONDS))"
done
echo "total: $total executions"

step "ClusterFuzzLite build recipe (.clusterfuzzlite/build.sh, SANITIZER unset)"
OUT="$WORK/out" && mkdir -p "$OUT"
OUT="$OUT" .clusterfuzzlite/build.sh
ls "$OUT"

step "fuzz/README.md's consumer snippet builds as written (scripts/fuzz-consumer.sh)"
scripts/fuzz-consumer.sh || failed+=("consumer-snippet")

if (( ${#failed[@]} > 0 )); then
  printf '\nfuzzing FAILED for: %s\n' "${failed[*]}"
  exit 1
fi
printf '\nfuzzing passed: %s\n' "${TARGETS[*]}"
