//! Embeds the conformance vectors (`spec/vectors/*.json`) in the crate, so
//! that `inner-cmd conform` runs them from any directory and after
//! `cargo install` (`CONF-RUN-3`). Writes `$OUT_DIR/builtin_vectors.rs`: one
//! `(file name, include_str!(…))` pair per file, in file-name order.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new("spec/vectors");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|entry| entry.path())
                .filter(|path| path.is_file() && path.extension().is_some_and(|ext| ext == "json"))
                .filter_map(|path| path.file_name()?.to_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from("&[\n");
    for name in &names {
        println!("cargo:rerun-if-changed=spec/vectors/{name}");
        let _ = writeln!(
            out,
            "    ({name:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/spec/vectors/{name}\"))),"
        );
    }
    out.push_str("]\n");
    let target =
        Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("builtin_vectors.rs");
    if let Err(error) = std::fs::write(&target, out) {
        panic!("cannot write {}: {error}", target.display());
    }
}
