#!/usr/bin/env bash
# The measurement behind BENCHMARKS.md, in one go: machine facts and load,
# the side-by-side run against the npm package, every criterion bench, then
# the growth check and the summary tables. Output in target/bench-report/.
#
#   bash benches/side-by-side/measure.sh            # ~5 minutes on 2 cores
#   BENCHES=matcher bash benches/side-by-side/measure.sh   # side by side + matcher only
#
# Needs `npm ci` in conformance/adapters/pi-permission-system first.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=target/bench-report
mkdir -p "$out"
here=benches/side-by-side
load() { echo "$(date -u +%H:%M:%S) $1: $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15-min load)" | tee -a "$out/load.txt"; }

{
  echo "date: $(date -u)"
  echo "nproc: $(nproc)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo "rustc: $(rustc --version)"
  echo "node: $(node --version)"
  echo "commit: $(git rev-parse --short HEAD)"
} | tee "$out/machine.txt"
: > "$out/load.txt"

cargo bench --no-run --bench side_by_side $(for b in ${BENCHES:-matcher recognize units authorize serve}; do echo --bench "$b"; done) 2>&1 | tail -1
load "before side-by-side"
cargo bench --bench side_by_side -- --json "$out/side-by-side.json" | tee "$out/side-by-side.txt"
load "after side-by-side"

rm -rf target/criterion
for bench in ${BENCHES:-matcher recognize units authorize serve}; do
  [ -f "benches/$bench.rs" ] || continue
  load "before $bench"
  cargo bench --bench "$bench" 2>&1 | tee "$out/criterion-$bench.txt" | grep -E '^[a-z].*time:|^ +time:|work-steps' || true
done
load "after criterion"

python3 "$here/growth.py" --markdown > "$out/growth.md" || true
python3 "$here/summary.py" > "$out/summary.md"
cat "$out/growth.md"
echo "report in $out/"
