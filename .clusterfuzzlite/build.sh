#!/bin/bash -eu
# Builds every cargo-fuzz target of inner-cmd-spec into $OUT with its
# dictionary and seed corpus, as ClusterFuzzLite expects (fuzz/README.md).
#
# Inside ClusterFuzzLite: SANITIZER=address and nightly Rust are present, so
# cargo-fuzz builds with AddressSanitizer. Anywhere else (stable Rust):
#   OUT=/tmp/out .clusterfuzzlite/build.sh
# builds without a sanitizer (-s none), which stable Rust supports.
: "${OUT:?set OUT to the directory that receives the fuzz targets}"

# The repository: next to this script, or where the Dockerfile copied it.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ -f "$here/../fuzz/Cargo.toml" ]]; then
  cd "$here/.."
else
  cd "$SRC/inner-cmd-spec"
fi

sanitizer_args=()
if [[ "${SANITIZER:-none}" == "none" ]]; then
  sanitizer_args=(-s none)
fi
cargo fuzz build -O "${sanitizer_args[@]}"

bin_dir="fuzz/target/$(rustc -vV | sed -n 's/^host: //p')/release"
mkdir -p "$OUT"
for target in $(cargo fuzz list); do
  # `parity` talks to the npm package through Node, which the base image lacks.
  [[ "$target" == parity ]] && continue
  cp "$bin_dir/$target" "$OUT/"
  if [[ -f "fuzz/$target.dict" ]]; then
    cp "fuzz/$target.dict" "$OUT/$target.dict"
  fi
  # Seed corpus: the committed seeds plus every regression input (not the notes).
  python3 - "$OUT/${target}_seed_corpus.zip" "fuzz/corpus/$target" "fuzz/regressions/$target" <<'PY'
import os, sys, zipfile
archive, *dirs = sys.argv[1:]
with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
    for d in dirs:
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            if os.path.isfile(path) and not name.endswith(".md"):
                out.write(path, arcname=os.path.basename(d) + "-" + name)
PY
done
