#!/usr/bin/env bash
# A long fuzzing run of one target (issue 16), recorded in the ledger.
#
#   fuzz/long.sh TARGET MINUTES        # e.g. fuzz/long.sh authorize 60
#   FUZZ_FORK=2 fuzz/long.sh units 30  # libFuzzer -fork=2: two processes
#   FUZZ_JOBS=2 fuzz/long.sh hardened 60  # libFuzzer -jobs=2 -workers=2: two
#                                       # whole fuzzing processes side by side,
#                                       # sharing the corpus; each keeps its own
#                                       # log, so per-process counts (the
#                                       # executions, the ground feature's allows
#                                       # checked) are summed, which -fork loses
#   FUZZ_SKIP_BUILD=1 fuzz/long.sh …    # use the binary already built from HEAD
#   FUZZ_FEATURES=ground fuzz/long.sh hardened 30  # the fuzz crate's features
#                                       # (ground: every allow run in bash)
#   FUZZ_TIMEOUT=30 fuzz/long.sh …      # libFuzzer -timeout (default 5 s; raise it under load)
#
# To stop a run early, send SIGINT to its fuzzing processes (the binary,
# not this script): libFuzzer prints its counts and exits 72, and the line
# records the minutes actually fuzzed beside the planned ones.
#
# 1. builds TARGET (`cargo fuzz build -O -s none`, stable Rust);
# 2. fuzzes it for MINUTES, starting from the committed corpus, with its
#    dictionary, into a scratch corpus (the committed one is not touched yet);
# 3. merges what it found into fuzz/corpus/TARGET and minimises that as
#    `cargo fuzz cmin` does (libFuzzer -merge=1: only inputs that add
#    coverage stay), ready to commit;
# 4. appends one line to fuzz/RUNS.md: date, commit, target, minutes,
#    executions, executions per second, corpus size after cmin, coverage
#    (libFuzzer's `cov`/`ft`), crashes and invariant violations.
#
# A crash (a violated clause panics, see src/fuzzing/) stops libFuzzer: the
# line records it, the artifact stays in fuzz/artifacts/TARGET/, and the
# script exits 1. Classify it (fuzz/README.md, "Corpus, dictionaries,
# regressions") before anything else.
set -euo pipefail

CARGO_FUZZ_VERSION=0.13.1
TARGET="${1:?usage: fuzz/long.sh TARGET MINUTES}"
MINUTES="${2:?usage: fuzz/long.sh TARGET MINUTES}"
FORK="${FUZZ_FORK:-0}"
JOBS="${FUZZ_JOBS:-0}"
if (( FORK > 0 && JOBS > 0 )); then
  echo "FUZZ_FORK and FUZZ_JOBS exclude each other" >&2
  exit 2
fi
FEATURES="${FUZZ_FEATURES:-}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
LEDGER=fuzz/RUNS.md

if [[ "$(cargo fuzz --version 2>/dev/null || true)" != "cargo-fuzz $CARGO_FUZZ_VERSION" ]]; then
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
fi
TRIPLE="$(rustc -vV | sed -n 's/^host: //p')"
BIN="fuzz/target/$TRIPLE/release/$TARGET"
commit="$(git rev-parse --short HEAD)"
if [[ -n "${FUZZ_SKIP_BUILD:-}" ]]; then
  # The binary built earlier (e.g. while the tree is busy with mutants): the
  # caller vouches that it was built from HEAD.
  [[ -x "$BIN" ]] || { echo "no binary $BIN" >&2; exit 2; }
  commit="$commit (prebuilt)"
else
  features=()
  [[ -n "$FEATURES" ]] && features=(--features "$FEATURES")
  cargo fuzz build -O -s none "${features[@]}" "$TARGET"
  git diff --quiet HEAD -- src fuzz/fuzz_targets Cargo.toml Cargo.lock || commit="$commit+dirty"
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/corpus" "fuzz/artifacts/$TARGET" "fuzz/corpus/$TARGET"
cp -r "fuzz/corpus/$TARGET/." "$WORK/corpus/"
dict=()
[[ -f "fuzz/$TARGET.dict" ]] && dict=(-dict="fuzz/$TARGET.dict")
parallel=()
(( FORK > 0 )) && parallel=(-fork="$FORK" -ignore_crashes=0)
(( JOBS > 0 )) && parallel=(-jobs="$JOBS" -workers="$JOBS")

status=0
started="$(date +%s)"
# With -jobs, libFuzzer writes each job's output to fuzz-JOB.log in the
# working directory: the run happens in $WORK/jobs, so absolute paths.
mkdir "$WORK/jobs"
(cd "$WORK/jobs" && "$ROOT/$BIN" "$WORK/corpus" "${dict[@]/#-dict=/-dict=$ROOT/}" "${parallel[@]}" \
  -max_total_time=$((MINUTES * 60)) -timeout="${FUZZ_TIMEOUT:-5}" -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix="$ROOT/fuzz/artifacts/$TARGET/") >"$WORK/log" 2>&1 || status=$?

# One log per fuzzing process: the run's own, or each job's.
logs=("$WORK/log")
(( JOBS > 0 )) && logs=("$WORK"/jobs/fuzz-*.log)
runs=0
ground_checked=0 ground_unknown=0 ground_blind=0 ground_seen=""
for log in "${logs[@]}"; do
  # Executions: the final stats (one process); with -fork, the last status
  # line (`#N: cov: …`; a single process prints `#N<TAB>…`).
  n="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
  [[ -n "$n" ]] || n="$(sed -n 's/^#\([0-9]*\)[:[:space:]].*/\1/p' "$log" | tail -n 1)"
  runs=$((runs + ${n:-0}))
  # With the ground feature: the allows checked against bash (each
  # process's last count, printed at exit).
  line="$(grep -oE 'ground: [0-9]+ allows checked against bash, [0-9]+ unknown(, [0-9]+ with blind spots of the check only)?' "$log" | tail -n 1 || true)"
  if [[ -n "$line" ]]; then
    ground_seen=1
    mapfile -t counts < <(grep -oE '[0-9]+' <<<"$line")
    ground_checked=$((ground_checked + counts[0]))
    ground_unknown=$((ground_unknown + counts[1]))
    ground_blind=$((ground_blind + ${counts[2]:-0}))
  fi
done
cov="$(cat "${logs[@]}" | grep -o 'cov: [0-9]* ft: [0-9]*' | tail -n 1 | sed 's/cov: \([0-9]*\) ft: \([0-9]*\)/\1 \/ \2/')"
crashes="$(cat "${logs[@]}" | grep -c 'Test unit written to' || true)"
# A job's crash does not change the exit status of libFuzzer's -jobs parent.
(( status == 0 && crashes > 0 )) && status=77
# Stopped by hand: every process ended on SIGINT (libFuzzer prints its final
# stats, then exits 72) and none crashed. Not a failure: the line gives the
# minutes actually fuzzed and the planned ones.
minutes="$MINUTES" seconds=$((MINUTES * 60)) stopped=""
interrupted="$(grep -l 'libFuzzer: run interrupted' "${logs[@]}" | wc -l || true)"
if (( status != 0 && crashes == 0 && interrupted == ${#logs[@]} )); then
  seconds=$(( $(date +%s) - started ))
  (( seconds > 0 )) || seconds=1
  minutes="$(( seconds / 60 )) ($MINUTES planned)"
  stopped="; stopped by hand after $(( seconds / 60 )) min (SIGINT)"
  status=0
fi
verdict="none$stopped"
ground=""
summed=""
(( JOBS > 0 )) && summed=" (sum of $JOBS processes)"
[[ -n "$ground_seen" ]] && ground="ground: $ground_checked allows checked against bash, $ground_unknown unknown, $ground_blind with blind spots of the check only$summed"
if (( status != 0 )); then
  # The first error line; else (a -jobs parent that failed without one)
  # how each job ended. `|| true`: no match must not end the script.
  why="$(cat "${logs[@]}" | grep -m1 -E 'panicked at|ERROR: libFuzzer' -A1 || true)"
  [[ -n "$why" ]] || why="$(grep -E 'exited with exit code|Job [0-9]+' "$WORK/log" | tail -n 4 || true)"
  verdict="$crashes crash(es), exit $status: $(tr '\n|' '  ' <<<"$why" | cut -c1-160)"
fi

# Merge into the committed corpus and minimise it: what `cargo fuzz cmin`
# does (libFuzzer's -merge=1 keeps only inputs that add coverage), run on the
# binary itself so that it needs no rebuild.
mkdir "$WORK/min"
if "$BIN" -merge=1 -timeout=5 -rss_limit_mb=2048 "$WORK/min" "fuzz/corpus/$TARGET" "$WORK/corpus" \
     >"$WORK/cmin.log" 2>&1; then
  find "fuzz/corpus/$TARGET" -type f -delete
  cp "$WORK/min/"* "fuzz/corpus/$TARGET/"
else
  echo "corpus minimisation failed; the committed corpus is unchanged:"
  tail -n 20 "$WORK/cmin.log"
fi
corpus="$(find "fuzz/corpus/$TARGET" -type f | wc -l)"

if [[ ! -f "$LEDGER" ]]; then
  echo "fuzz/RUNS.md is missing: it holds the ledger's header" >&2
  exit 2
fi
printf '| %s | %s | `%s` | %s | %s | %s | %s | %s | %s |\n' \
  "$(date -u +%Y-%m-%dT%H:%MZ)" "$commit${FEATURES:+, features $FEATURES}" "$TARGET" "$minutes" "$runs" \
  "$((runs / seconds))" "$corpus" "${cov:-?}" "$verdict${ground:+; $ground}" >>"$LEDGER"
tail -n 1 "$LEDGER"
if (( status != 0 )); then
  # Keep the logs of a failed run: its counts and how each process ended.
  kept="fuzz/artifacts/$TARGET/logs-$(date -u +%Y%m%dT%H%M%SZ)"
  mkdir -p "$kept" && cp "${logs[@]}" "$WORK/log" "$kept/" 2>/dev/null || true
  echo "logs kept in $kept"
  cat "${logs[@]}" | grep -E 'panicked at|ERROR: libFuzzer|SUMMARY' -A 3 | head -n 20 || true
  exit 1
fi
