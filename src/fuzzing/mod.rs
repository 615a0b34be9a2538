//! Fuzz-target checks: one function per target, shared by the cargo-fuzz
//! targets in `fuzz/`, by the corpus replay test `tests/it/gen/fuzz_replay.rs`, and
//! by any crate that fuzzes this one (see `fuzz/README.md`).
//!
//! Each function takes the fuzzer's raw bytes, runs the code under test and
//! **panics with a message naming the violated clause** when a property of
//! the spec does not hold. That is the whole purpose of this module, so it is
//! the one place in `src/` where a panic is the intended outcome: it is test
//! support at the top of the layering (it may call every module; nothing
//! calls it) and is never reached by the authorizer, the CLI or the server.
//!
//! `parity` compares the crate with the deployed package, which the caller
//! provides as a closure (the fuzz target passes the Node adapter).
//!
//! `authorize` builds structured cases with the generators' `Arbitrary`
//! front end, so it needs the crate feature `arbitrary`.
//!
//! The checks do not add behaviour: every property is a clause of
//! `spec/SPEC.md`, cited in the function's documentation.
//!
//! Inputs made of several strings separate them with the byte `0xFF`
//! ([`FIELD_SEPARATOR`]), which never occurs in UTF-8, so every field can
//! still hold any character (NUL and line terminators included). Bytes that
//! are not UTF-8 are decoded lossily (U+FFFD), so no input is wasted.

#[cfg(feature = "arbitrary")]
mod authorize;
#[cfg(all(feature = "arbitrary", feature = "ground"))]
mod ground;
#[cfg(feature = "arbitrary")]
mod hardened;
mod matching;
mod parity;
mod protocol;
mod recognize;
mod units;

#[cfg(feature = "arbitrary")]
pub use authorize::{authorize, authorize_with, AuthorizeOptions};
#[cfg(all(feature = "arbitrary", feature = "ground"))]
pub use ground::ground_report;
#[cfg(feature = "arbitrary")]
pub use hardened::hardened;
pub use matching::{match_diff, rule_set_work_bound, MATCH_WORK_FACTOR};
pub use parity::parity;
pub use protocol::protocol;
pub use recognize::recognize_diff;
pub use units::units;

use std::borrow::Cow;

/// The byte that separates the fields of a multi-string input (never valid UTF-8).
pub const FIELD_SEPARATOR: u8 = 0xFF;

/// The home directory used when an input does not give one.
pub use crate::policy::home::EXAMPLE_HOME as DEFAULT_HOME;

/// Splits `data` on [`FIELD_SEPARATOR`] into at most `N` lossily decoded
/// fields; missing fields are `None`, and the last field keeps any further
/// separators (decoded as U+FFFD).
#[must_use]
pub fn fields<const N: usize>(data: &[u8]) -> [Option<Cow<'_, str>>; N] {
    let mut out: [Option<Cow<'_, str>>; N] = std::array::from_fn(|_| None);
    let mut rest = Some(data);
    for (index, slot) in out.iter_mut().enumerate() {
        let Some(bytes) = rest else { break };
        let split = (index + 1 < N)
            .then(|| bytes.iter().position(|&b| b == FIELD_SEPARATOR))
            .flatten();
        match split {
            Some(at) => {
                *slot = Some(String::from_utf8_lossy(bytes.get(..at).unwrap_or_default()));
                rest = bytes.get(at + 1..);
            }
            None => {
                *slot = Some(String::from_utf8_lossy(bytes));
                rest = None;
            }
        }
    }
    out
}

/// Splits `data` on every [`FIELD_SEPARATOR`] into lossily decoded fields
/// (at least one, possibly empty).
#[must_use]
pub fn split_all(data: &[u8]) -> Vec<Cow<'_, str>> {
    data.split(|&b| b == FIELD_SEPARATOR)
        .map(String::from_utf8_lossy)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The field splitter: separators split, a missing field is `None`, the last keeps the rest.
    #[test]
    fn fields_split_on_the_separator() {
        type Row = (&'static str, &'static [u8], [Option<&'static str>; 3]);
        const ROWS: &[Row] = &[
            ("empty input", b"", [Some(""), None, None]),
            ("one field", b"ab", [Some("ab"), None, None]),
            ("two fields", b"a\xFFb", [Some("a"), Some("b"), None]),
            (
                "three fields",
                b"a\xFFb\xFFc",
                [Some("a"), Some("b"), Some("c")],
            ),
            (
                "extra separator kept lossily",
                b"a\xFFb\xFFc\xFFd",
                [Some("a"), Some("b"), Some("c\u{FFFD}d")],
            ),
            ("empty fields", b"\xFF\xFF", [Some(""), Some(""), Some("")]),
            ("NUL kept", b"\0\xFF\n", [Some("\0"), Some("\n"), None]),
        ];
        for (label, input, expected) in ROWS {
            let got = fields::<3>(input);
            let got: Vec<Option<&str>> = got.iter().map(|f| f.as_deref()).collect();
            assert_eq!(got, expected.to_vec(), "{label}");
        }
    }

    /// The unbounded splitter: every separator splits, nothing is kept whole.
    #[test]
    fn split_all_splits_on_every_separator() {
        type Row = (&'static str, &'static [u8], &'static [&'static str]);
        const ROWS: &[Row] = &[
            ("empty input", b"", &[""]),
            ("one field", b"ab", &["ab"]),
            ("four fields", b"a\xFFb\xFFc\xFFd", &["a", "b", "c", "d"]),
            ("empty fields", b"\xFF\xFF", &["", "", ""]),
            (
                "invalid UTF-8 kept lossily",
                b"\xC3\xFFx",
                &["\u{FFFD}", "x"],
            ),
        ];
        for (label, input, expected) in ROWS {
            let got = split_all(input);
            assert_eq!(got, expected.to_vec(), "{label}");
        }
    }
}
