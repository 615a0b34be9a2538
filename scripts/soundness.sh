#!/usr/bin/env bash
# The long soundness run (INV-KNOWN-2, HARD-GROUND-1): generated (command,
# policy) pairs through the pipeline under the deployed and the hardened
# profile, every allow checked against GNU bash through the execution oracle;
# every deployed INV-GROUND violation classified to a finding, no hardened one.
#
#   scripts/soundness.sh [ALLOWS] [SECONDS] [SEED] [OPTIONS…]
#     # defaults: 100000 (checked allows per profile) 3600 1;
#     # OPTIONS go to the example: --workers 4 --time-limit-ms 500 --batch 100
#     # --profiles deployed,hardened --source shapes|families|both (default both:
#     # the case grammar's shapes and the families of bash constructs, GEN-FAM-15)
#
# Needs bubblewrap (`apt-get install bubblewrap`). Runs under `nice`; prints
# the report (also written to docs/soundness-report.txt; progress lines go to
# standard error) and exits 1 when a deployed violation is unclassified or a
# hardened one exists.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ALLOWS="${1:-100000}"
SECONDS_LIMIT="${2:-3600}"
SEED="${3:-1}"
shift $(( $# < 3 ? $# : 3 ))
cargo build --release --quiet --features ground,arbitrary --example soundness
{
  echo "# soundness run: $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), commit $(git rev-parse --short HEAD)"
  echo "# command: scripts/soundness.sh $ALLOWS $SECONDS_LIMIT $SEED $*"
  status=0
  nice ./target/release/examples/soundness --allows "$ALLOWS" --seconds "$SECONDS_LIMIT" \
    --seed "$SEED" "$@" || status=$?
  echo "# finished: $(date -u +%Y-%m-%dT%H:%M:%SZ), load $(cut -d' ' -f1-3 /proc/loadavg), exit $status"
  exit "$status"
} | tee docs/soundness-report.txt
