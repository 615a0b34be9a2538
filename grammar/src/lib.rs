//! The bash grammar that `inner-cmd-spec` parses commands with:
//! tree-sitter-bash 0.25.1 (vendored unchanged, MIT, in
//! `vendor/tree-sitter-bash-0.25.1`), built so that its external scanner
//! classifies characters exactly as it does inside the deployed package.
//!
//! The package runs the grammar as WebAssembly under `web-tree-sitter`
//! 0.26.13. There, the scanner's `iswspace`, `iswalpha` and `iswalnum` are
//! imported from web-tree-sitter's wasm, whose libc (emscripten's musl) is
//! Unicode-aware in every locale: U+3000 is a space, `é` a letter. Natively
//! the host libc answers by the process locale (ASCII-only in the "C" locale),
//! and a library must not change the process locale. So the scanner is
//! compiled with those calls redirected to tables read from the deployed
//! wasm itself (`tools/wasm-wctype.cjs` generates `c/wasm_wctype_tables.h`).
//!
//! This crate holds the only `unsafe` of the grammar binding (declaring the C
//! functions), so that `inner-cmd-spec` itself can forbid `unsafe`.

use tree_sitter_language::LanguageFn;

extern "C" {
    fn inner_cmd_tree_sitter_bash() -> *const ();
    fn inner_cmd_wasm_iswspace(c: u32) -> i32;
    fn inner_cmd_wasm_iswalpha(c: u32) -> i32;
    fn inner_cmd_wasm_iswalnum(c: u32) -> i32;
}

/// The tree-sitter-bash 0.25.1 language (ABI 15), with the deployed wasm's
/// scanner character classes.
// SAFETY: the symbol is the grammar's language function, compiled by build.rs.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(inner_cmd_tree_sitter_bash) };

/// A character class the scanner asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CharClass {
    /// `iswspace`.
    Space,
    /// `iswalpha`.
    Alpha,
    /// `iswalnum`.
    Alnum,
}

impl CharClass {
    /// Every class, in the order `tools/wasm-wctype.cjs` reports them.
    pub const ALL: [CharClass; 3] = [CharClass::Space, CharClass::Alpha, CharClass::Alnum];

    /// The libc function's name.
    pub fn libc_name(self) -> &'static str {
        match self {
            CharClass::Space => "iswspace",
            CharClass::Alpha => "iswalpha",
            CharClass::Alnum => "iswalnum",
        }
    }

    /// What the compiled scanner's class says about the code point `c` (any
    /// `u32`, not only a valid `char`: the scanner sees raw code points).
    pub fn contains(self, c: u32) -> bool {
        // SAFETY: pure functions over a static table, defined in c/wasm_wctype.c.
        let answer = unsafe {
            match self {
                CharClass::Space => inner_cmd_wasm_iswspace(c),
                CharClass::Alpha => inner_cmd_wasm_iswalpha(c),
                CharClass::Alnum => inner_cmd_wasm_iswalnum(c),
            }
        };
        answer != 0
    }
}
