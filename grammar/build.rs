//! Builds the vendored tree-sitter-bash 0.25.1 grammar with the scanner's
//! character classes redirected to the deployed wasm's (see `c/wasm_wctype.h`).

use std::path::PathBuf;

/// The grammar's C symbols, renamed so this copy can share a binary with the
/// `tree-sitter-bash` crate (whose scanner classifies by the host's locale).
const RENAMED: [&str; 6] = [
    "tree_sitter_bash",
    "tree_sitter_bash_external_scanner_create",
    "tree_sitter_bash_external_scanner_destroy",
    "tree_sitter_bash_external_scanner_scan",
    "tree_sitter_bash_external_scanner_serialize",
    "tree_sitter_bash_external_scanner_deserialize",
];

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"));
    let grammar = root.join("vendor/tree-sitter-bash-0.25.1/src");
    let classes = root.join("c");
    let mut build = cc::Build::new();
    build
        .std("c11")
        .include(&grammar)
        .include(&classes)
        .flag_if_supported("-Wno-unused-value")
        .flag_if_supported("-Wno-unused-but-set-variable")
        .flag_if_supported("-Wno-trigraphs");
    for name in RENAMED {
        build.define(name, Some(format!("inner_cmd_{name}").as_str()));
    }
    // Every call of iswspace/iswalpha/iswalnum/iswdigit in scanner.c goes to
    // the wasm's classes; parser.c's lexer uses its own tables, not libc.
    let header = classes.join("wasm_wctype.h");
    if build.get_compiler().is_like_msvc() {
        build.flag(format!("/FI{}", header.display()));
    } else {
        build.flag("-include").flag(header.display().to_string());
    }
    build
        .file(grammar.join("parser.c"))
        .file(grammar.join("scanner.c"))
        .file(classes.join("wasm_wctype.c"));
    for dir in [&grammar, &classes] {
        println!("cargo:rerun-if-changed={}", dir.display());
    }
    build.compile("inner-cmd-spec-grammar");
}
