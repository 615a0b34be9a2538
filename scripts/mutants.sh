#!/usr/bin/env bash
# Mutation testing (issue 16): runs cargo-mutants with .cargo/mutants.toml
# (which files are mutated, which tests judge a mutant, timeouts) and writes
# a summary per file.
#
#   scripts/mutants.sh                        # every mutant (hours on 2 cores)
#   scripts/mutants.sh --file core/src/ecma.rs  # one file
#   scripts/mutants.sh --shard 3/60           # one shard, as .ci/run does
#   MUTANTS_REPORT=docs/mutants-report.md scripts/mutants.sh   # also write the report there
#
# Extra arguments go to `cargo mutants`. Mutants are applied in place
# (`--in-place`), so the warm target/ is reused; do not edit the tree while it
# runs (cargo-mutants restores each file, also on Ctrl-C).
# Exit status: 0 when no mutant is missed (timeouts are reported, not failed:
# a mutant that hangs the tests is detected), 1 when one is missed, 2 when
# cargo-mutants itself failed (e.g. the unmutated tree fails its tests).
set -euo pipefail

CARGO_MUTANTS_VERSION=27.1.0
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [[ "$(cargo mutants --version 2>/dev/null || true)" != "cargo-mutants $CARGO_MUTANTS_VERSION" ]]; then
  cargo install cargo-mutants --version "$CARGO_MUTANTS_VERSION" --locked
fi

# The property tests that stay in the selection sample fewer cases: a mutant
# is judged by the tables; the full case counts run in `cargo test`.
export PROPTEST_CASES="${PROPTEST_CASES:-16}"
OUT_PARENT="${MUTANTS_OUT:-$ROOT}"
OUT="$OUT_PARENT/mutants.out"

status=0
# --workspace: the evaluator is its own package (core/); examine_globs picks the files.
cargo mutants --workspace --in-place --no-shuffle --output "$OUT_PARENT" "$@" || status=$?

# Summary: outcome counts per file, from the lists cargo-mutants writes.
summary() {
  printf '# Mutation testing report\n\n'
  printf 'cargo-mutants %s, `scripts/mutants.sh %s`, commit %s, %s.\n\n' \
    "$CARGO_MUTANTS_VERSION" "$*" "$(git rev-parse --short HEAD)" "$(date -u +%Y-%m-%dT%H:%MZ)"
  printf '| file | caught | missed | unviable | timeout |\n|---|---:|---:|---:|---:|\n'
  for kind in caught missed unviable timeout; do
    [[ -f "$OUT/$kind.txt" ]] && sed "s/:.*//; s/^/$kind /" "$OUT/$kind.txt"
  done | sort -k2 | awk '
    { if (!($2 in seen)) { seen[$2] = 1; order[++files] = $2 } n[$2, $1]++; t[$1]++ }
    END {
      for (i = 1; i <= files; i++) { f = order[i]
        printf "| `%s` | %d | %d | %d | %d |\n", f, n[f, "caught"], n[f, "missed"], n[f, "unviable"], n[f, "timeout"] }
      printf "| **total** | **%d** | **%d** | **%d** | **%d** |\n", t["caught"], t["missed"], t["unviable"], t["timeout"]
    }'
  for kind in missed timeout; do
    if [[ -s "$OUT/$kind.txt" ]]; then
      printf '\n%s:\n\n' "$kind"
      sed 's/^/- /' "$OUT/$kind.txt"
    fi
  done
}
if [[ -d "$OUT" ]]; then
  summary "$@" | tee "$OUT/summary.md"
  [[ -n "${MUTANTS_REPORT:-}" ]] && cp "$OUT/summary.md" "$MUTANTS_REPORT"
fi

# cargo-mutants exits 2 for a missed mutant and 3 for a timeout, but 3 when
# there are both: the missed list decides.
if [[ -s "$OUT/missed.txt" ]]; then
  echo "MISSED mutants: add a test that kills each, or justify it in .cargo/mutants-equivalent.md" >&2
  exit 1
fi
case "$status" in
  0 | 2 | 3) exit 0 ;;   # all caught, or some timed out (a hang is detected)
  *) echo "cargo-mutants failed (exit $status)" >&2; exit 2 ;;
esac
