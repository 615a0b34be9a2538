#!/usr/bin/env bash
# Builds fuzz/README.md's "Fuzzing this crate from another project" snippets
# as written (issue 24): its `Cargo.toml` dependencies and its fuzz target
# become a crate under target/fuzz-consumer/, with the `version` of
# inner-cmd-spec replaced by this checkout's path, and `cargo check` must
# pass. So the documented features are the ones the target needs.
#
#   scripts/fuzz-consumer.sh
#
# Offline when the registry cache has libfuzzer-sys (as after fuzz/ci.sh's
# build); it uses the workspace's target directory, so the crate's own
# dependencies are not rebuilt.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
CRATE="$ROOT/target/fuzz-consumer"
rm -rf "$CRATE"
mkdir -p "$CRATE/fuzz_targets"
# The section's code blocks, in order: the first ```toml and the first ```rust.
section() {
  sed -n '/^## Fuzzing this crate from another project/,/^## /p' fuzz/README.md
}
block() {
  section | awk -v lang="$1" '
    $0 == "```" lang { inside = 1; next }
    inside && $0 == "```" { exit }
    inside { print }'
}
toml="$(block toml)"
rust="$(block rust)"
[[ -n "$toml" && -n "$rust" ]] || { echo "fuzz/README.md: the consumer snippets are missing" >&2; exit 1; }
grep -q 'inner-cmd-spec = { version = ' <<<"$toml" \
  || { echo "fuzz/README.md: the snippet no longer names inner-cmd-spec by version" >&2; exit 1; }
{
  printf '[package]\nname = "fuzz-consumer"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
  printf '[workspace]\n\n'
  printf '[[bin]]\nname = "inner_cmd_units"\npath = "fuzz_targets/inner_cmd_units.rs"\ntest = false\n\n'
  sed "s|inner-cmd-spec = { version = \"[^\"]*\"|inner-cmd-spec = { path = \"$ROOT\"|" <<<"$toml"
} > "$CRATE/Cargo.toml"
printf '%s\n' "$rust" > "$CRATE/fuzz_targets/inner_cmd_units.rs"
# The workspace's lock file pins the crate's own dependencies as in CI.
cp Cargo.lock "$CRATE/Cargo.lock"
offline=()
cargo metadata --offline --format-version 1 --manifest-path "$CRATE/Cargo.toml" >/dev/null 2>&1 && offline=(--offline)
CARGO_TARGET_DIR="$ROOT/target" cargo check --quiet "${offline[@]}" --manifest-path "$CRATE/Cargo.toml"
echo "fuzz/README.md's consumer snippet builds"
