//! Classifiers for the divergences listed in `spec/divergences.md`.
//!
//! One classifier per entry, each recognizing only its own cause — typically
//! by re-asking both sides about a variant of the request with that cause
//! removed and requiring them to agree — so a new divergence that merely looks
//! similar is not silently accepted. The parity test fails on any divergence
//! no classifier claims, and checks that every id here has a heading in
//! `spec/divergences.md`.

use serde_json::Value;

/// One observed divergence: the request, both answers, and a way to re-ask.
pub struct Observed<'a> {
    /// The protocol request (`op`, `command` or `pattern`/`value`, `rules`, `home`).
    pub request: &'a Value,
    /// The crate's answer.
    pub ours: &'a Value,
    /// The package's answer.
    pub theirs: &'a Value,
    /// The compared fields that differ.
    pub fields: &'a [&'static str],
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

/// Every listed divergence. None is listed now: the former D-1 (scanner
/// character classes) and D-2 (error recovery) were removed by parsing with
/// the package's tree-sitter C core and its wasm scanner's character classes
/// (`spec/divergences.md`, issue 12). A new entry needs a heading there, a
/// minimal example, and a classifier that recognizes only its own cause.
pub const KNOWN: &[Known] = &[];

/// The id of the listed divergence `o` is an instance of, if any.
pub fn classify(o: &mut Observed<'_>) -> Option<&'static str> {
    KNOWN.iter().find(|k| (k.applies)(o)).map(|k| k.id)
}
