#!/usr/bin/env bash
# The long soundness run (INV-KNOWN-2): generated (command, policy) pairs
# through the pipeline, every allow checked against GNU bash through the
# execution oracle, every INV-GROUND violation classified to a finding.
#
#   scripts/soundness.sh [ALLOWS] [SECONDS] [SEED]   # defaults: 100000 3600 1
#
# Needs bubblewrap (`apt-get install bubblewrap`). Runs under `nice`; prints
# the report (also written to docs/soundness-report.txt) and exits 1 when a
# violation is unclassified.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ALLOWS="${1:-100000}"
SECONDS_LIMIT="${2:-3600}"
SEED="${3:-1}"
cargo build --release --quiet --features ground,arbitrary --example soundness
{
  echo "# soundness run: $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# command: scripts/soundness.sh $ALLOWS $SECONDS_LIMIT $SEED"
  nice ./target/release/examples/soundness "$ALLOWS" "$SECONDS_LIMIT" "$SEED"
} | tee docs/soundness-report.txt
