//! Classifiers for the divergences listed in `spec/divergences.md`.
//!
//! One classifier per entry, each recognizing only its own cause — typically
//! by re-asking both sides about a variant of the request with that cause
//! removed and requiring them to agree — so a new divergence that merely looks
//! similar is not silently accepted. The parity test fails on any divergence
//! no classifier claims, and checks that every id here has a heading in
//! `spec/divergences.md`.

use inner_cmd_spec::ecma;
use serde_json::{json, Value};

/// One observed divergence: the request and a way to re-ask both sides.
pub struct Observed<'a> {
    /// The protocol request (`op`, `command` or `pattern`/`value`, `rules`, `home`).
    pub request: &'a Value,
    /// Asks both sides about another request: true when they agree.
    pub agrees: &'a mut dyn FnMut(&Value) -> bool,
}

/// A listed divergence and the test that recognizes it.
pub struct Known {
    /// Its heading id in `spec/divergences.md` (`D-1`, …).
    pub id: &'static str,
    /// True when the observation is an instance of this divergence.
    pub applies: fn(&mut Observed<'_>) -> bool,
}

/// Every listed divergence.
pub const KNOWN: &[Known] = &[
    Known {
        id: "D-1",
        applies: scanner_character_classes,
    },
    Known {
        id: "D-2",
        applies: error_recovery,
    },
];

/// The id of the listed divergence `o` is an instance of, if any.
pub fn classify(o: &mut Observed<'_>) -> Option<&'static str> {
    KNOWN.iter().find(|k| (k.applies)(o)).map(|k| k.id)
}

/// Beyond ASCII, the characters musl's `iswspace` (the libc inside the
/// package's wasm) calls spaces; glibc's in the "C" locale (the crate's
/// native tree-sitter-bash scanner) calls none of them spaces.
const WASM_ONLY_SPACES: &[(char, char)] = &[
    ('\u{0085}', '\u{0085}'),
    ('\u{2000}', '\u{2006}'),
    ('\u{2008}', '\u{200A}'),
    ('\u{2028}', '\u{2029}'),
    ('\u{205F}', '\u{205F}'),
    ('\u{3000}', '\u{3000}'),
];

/// A character the two scanners classify differently: a wasm-only space, or
/// a non-ASCII letter (`iswalpha`/`iswalnum` are ASCII-only in the "C" locale).
fn scanner_sensitive(c: char) -> bool {
    !c.is_ascii()
        && (c.is_alphabetic()
            || WASM_ONLY_SPACES
                .iter()
                .any(|&(lo, hi)| (lo..=hi).contains(&c)))
}

/// The same character as both scanners see it natively (an ordinary word
/// character), keeping its ECMAScript whitespace class so `trim()` and
/// comment detection are unchanged: U+00A0 for ECMAScript whitespace,
/// `%` otherwise.
fn neutral(c: char) -> char {
    match (scanner_sensitive(c), ecma::is_whitespace(c)) {
        (false, _) => c,
        (true, true) => '\u{00A0}',
        (true, false) => '%',
    }
}

/// D-1: the command contains characters the two runtimes' scanners classify
/// differently, and with each replaced by a neutral stand-in, both sides agree.
fn scanner_character_classes(o: &mut Observed<'_>) -> bool {
    let Some(command) = o.request.get("command").and_then(Value::as_str) else {
        return false;
    };
    if !command.chars().any(scanner_sensitive) {
        return false;
    }
    let mut variant = o.request.clone();
    variant["command"] = json!(command.chars().map(neutral).collect::<String>());
    (o.agrees)(&variant)
}

/// True when the crate's tree-sitter-bash (native, runtime 0.25) parses
/// `command` with an `ERROR` or `MISSING` node.
fn native_parse_has_error(command: &str) -> bool {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_bash::LANGUAGE.into())
        .expect("bash grammar");
    parser
        .parse(command, None)
        .is_none_or(|tree| tree.root_node().has_error())
}

/// D-2: the grammar cannot parse the command (the crate's parse has an error
/// node), so each tree-sitter runtime's error recovery chose its own tree.
/// Without an error there is no recovery, and the two runtimes, running the
/// same grammar tables, build the same tree.
fn error_recovery(o: &mut Observed<'_>) -> bool {
    let Some(command) = o.request.get("command").and_then(Value::as_str) else {
        return false;
    };
    let parsed_as = if o.request["op"] == "check" {
        ecma::trim(command)
    } else {
        command
    };
    native_parse_has_error(parsed_as)
}
