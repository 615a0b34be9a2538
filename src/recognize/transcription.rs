//! The wrapper grammars as literal regular expressions (`WRAP-TRANS-1`).
//!
//! The deployed system matches units with ECMAScript regular expressions.
//! These are the same patterns, run by `fancy-regex`, with every class whose
//! meaning differs between ECMAScript and Rust spelled out explicitly:
//! `.` becomes "not an ECMAScript line terminator" and `\s` becomes the
//! ECMAScript whitespace set (`ECMA-1`..`ECMA-3`). Rust's own `.` and `\s`
//! are never used. `$` without the multi-line flag is the end of input in
//! both dialects.
//!
//! These are the *oracle* for the hand-written recognizers in the parent
//! module: tests and fuzz targets run both on the same input and require the
//! same captures. Production code uses the hand-written ones (linear, total).

use std::sync::OnceLock;

use fancy_regex::Regex;

use super::{NonTransparent, Wrapper};

/// ECMAScript `.` without the `s` flag: anything but LF, CR, U+2028, U+2029.
pub const ECMA_DOT: &str = r"[^\n\r\x{2028}\x{2029}]";

/// The members of ECMAScript `\s`, as the inside of a character class.
pub const ECMA_WHITESPACE_MEMBERS: &str = r"\t\n\x{0B}\x{0C}\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";

/// The `timeout` grammar, transcribed.
#[must_use]
pub fn timeout_pattern() -> String {
    format!(r"^timeout[ \t]+([1-9][0-9]*(?:\.[0-9]+)?[smhd]?)[ \t]+({ECMA_DOT}+)$")
}

/// The `time` grammar, transcribed.
#[must_use]
pub fn time_pattern() -> String {
    format!(r"^time[ \t]+(?![-{ECMA_WHITESPACE_MEMBERS}])({ECMA_DOT}+)$")
}

/// Why a transcribed grammar could not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TranscriptionError {
    /// The pattern did not compile (a bug in this module).
    Compile(String),
    /// The regex engine gave up (for example, its backtracking limit).
    Match(String),
}

impl std::fmt::Display for TranscriptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Compile(m) => write!(f, "transcribed grammar does not compile: {m}"),
            Self::Match(m) => write!(f, "transcribed grammar could not match: {m}"),
        }
    }
}

impl std::error::Error for TranscriptionError {}

fn compiled(
    cell: &'static OnceLock<Result<Regex, String>>,
    pattern: fn() -> String,
) -> Result<&'static Regex, TranscriptionError> {
    cell.get_or_init(|| Regex::new(&pattern()).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| TranscriptionError::Compile(e.clone()))
}

fn captures<'a>(
    regex: &Regex,
    input: &'a str,
    groups: usize,
) -> Result<Option<Vec<&'a str>>, TranscriptionError> {
    let Some(caps) = regex
        .captures(input)
        .map_err(|e| TranscriptionError::Match(e.to_string()))?
    else {
        return Ok(None);
    };
    Ok(Some(
        (1..=groups)
            .map(|i| caps.get(i).map_or("", |m| m.as_str()))
            .collect(),
    ))
}

/// The transcribed `timeout` grammar: `Some((duration, inner))` on a match.
///
/// # Errors
/// When the regex engine cannot answer.
pub fn match_timeout(unit: &str) -> Result<Option<(&str, &str)>, TranscriptionError> {
    static CELL: OnceLock<Result<Regex, String>> = OnceLock::new();
    let regex = compiled(&CELL, timeout_pattern)?;
    Ok(
        captures(regex, unit, 2)?.and_then(|groups| match groups.as_slice() {
            [duration, inner] => Some((*duration, *inner)),
            _ => None,
        }),
    )
}

/// The transcribed `time` grammar: `Some(inner)` on a match.
///
/// # Errors
/// When the regex engine cannot answer.
pub fn match_time(unit: &str) -> Result<Option<&str>, TranscriptionError> {
    static CELL: OnceLock<Result<Regex, String>> = OnceLock::new();
    let regex = compiled(&CELL, time_pattern)?;
    Ok(captures(regex, unit, 1)?.and_then(|groups| groups.first().copied()))
}

/// The transcribed word check `^WORD(?:[ \t]|$)`, as a pattern.
#[must_use]
pub fn word_pattern(word: &str) -> String {
    format!(r"^{}(?:[ \t]|$)", fancy_regex::escape(word))
}

/// The word checks of the wrappers' and claims' own words, compiled once.
///
/// Compiling a pattern costs far more than running it: in the
/// `recognize_diff` fuzz target, compiling the word patterns on every call
/// took about a third of the time per input. The fixed words are the ones
/// every caller asks about; any other word is compiled per call.
fn known_word_regexes() -> &'static [(&'static str, Result<Regex, String>)] {
    static CELL: OnceLock<Vec<(&'static str, Result<Regex, String>)>> = OnceLock::new();
    CELL.get_or_init(|| {
        let words = Wrapper::ALL
            .map(Wrapper::word)
            .into_iter()
            .chain(NonTransparent::ALL.map(NonTransparent::word));
        words.map(|word| (word, compile_word(word))).collect()
    })
}

/// [`word_pattern`] of `word`, compiled; the error as text.
fn compile_word(word: &str) -> Result<Regex, String> {
    Regex::new(&word_pattern(word)).map_err(|e| e.to_string())
}

/// The transcribed word check `^WORD(?:[ \t]|$)`.
///
/// The patterns for the wrappers' and claims' words are compiled once; any
/// other word's pattern is compiled on every call.
///
/// # Errors
/// When the pattern does not compile (`word` is escaped, so only on a bug).
pub fn starts_with_word(s: &str, word: &str) -> Result<bool, TranscriptionError> {
    let fresh;
    let compiled = match known_word_regexes()
        .iter()
        .find(|(known, _)| *known == word)
    {
        Some((_, compiled)) => compiled.as_ref(),
        None => {
            fresh = compile_word(word);
            fresh.as_ref()
        }
    };
    let regex = compiled.map_err(|e| TranscriptionError::Compile(e.clone()))?;
    regex
        .is_match(s)
        .map_err(|e| TranscriptionError::Match(e.to_string()))
}

#[cfg(test)]
mod error_tests {
    use super::*;

    /// WRAP-TRANS-1: a transcription that cannot answer says which way it failed.
    #[test]
    fn transcription_errors_display_their_cause() {
        assert_eq!(
            TranscriptionError::Compile("x".into()).to_string(),
            "transcribed grammar does not compile: x"
        );
        assert_eq!(
            TranscriptionError::Match("y".into()).to_string(),
            "transcribed grammar could not match: y"
        );
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failing test panics by design
mod cache_tests {
    use super::*;

    /// WRAP-TRANS-1: a word whose pattern is compiled once answers exactly
    /// what its pattern compiled afresh answers; a cached regex paired with
    /// the wrong word (`time` and `timeout` share a prefix) would not.
    #[test]
    fn known_words_answer_as_their_fresh_patterns() {
        let inputs = [
            "",
            "time",
            "time ls",
            "timeout",
            "timeout 5 ls",
            "timex",
            "env",
            "env A=1 x",
            "envy",
            "xargs",
            "xargs -0 rm",
            "xargs\tls",
            "time\u{a0}ls",
            " env",
        ];
        for (word, _) in known_word_regexes() {
            let fresh = Regex::new(&word_pattern(word)).unwrap();
            for input in inputs {
                assert_eq!(
                    starts_with_word(input, word),
                    Ok(fresh.is_match(input).unwrap()),
                    "{word:?} on {input:?}"
                );
            }
        }
        assert_eq!(known_word_regexes().len(), 4, "timeout, time, env, xargs");
    }
}
