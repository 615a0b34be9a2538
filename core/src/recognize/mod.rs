//! Wrapper grammars (spec chapter 3, `WRAP-*`).
//!
//! Each transparent wrapper has a grammar that the deployed system writes as
//! an ECMAScript regular expression. This module recognizes those languages
//! with hand-written, linear scanners that return borrowed slices of the
//! input. `inner_cmd_spec::recognize::transcription` holds the literal
//! regular expressions (with ECMAScript classes spelled out) so that tests
//! and fuzz targets can check the two against each other; it stays out of
//! this crate, which needs no regular-expression engine.
//!
//! [`timeout`] and [`time`] hold one grammar each; the word checks used for
//! "starts with the wrapper's word, but is not in its grammar" and the
//! non-transparent `env`/`xargs` claims live here.

pub mod time;
pub mod timeout;

pub use time::match_time;
pub use timeout::{match_timeout, TimeoutMatch};

/// A transparent wrapper this spec can unwrap (`WRAP-1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wrapper {
    /// `timeout DURATION COMMAND` (`WRAP-TIMEOUT-*`).
    Timeout,
    /// `time COMMAND`, the bare reserved-word form (`WRAP-TIME-*`).
    Time,
}

impl Wrapper {
    /// Both wrappers, in the order their handlers are tried (`AUTH-4`).
    pub const ALL: [Self; 2] = [Self::Timeout, Self::Time];

    /// The wrapper's word, as it appears in commands and in the `wrapper` event field.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Timeout => "timeout",
            Self::Time => "time",
        }
    }

    /// Matches `unit` against this wrapper's grammar; `Some` carries the inner command.
    #[must_use]
    pub fn recognize(self, unit: &str) -> Option<Recognized<'_>> {
        match self {
            Self::Timeout => match_timeout(unit).map(|m| Recognized {
                wrapper: self,
                duration: Some(m.duration),
                inner: m.inner,
            }),
            Self::Time => match_time(unit).map(|inner| Recognized {
                wrapper: self,
                duration: None,
                inner,
            }),
        }
    }

    /// `^WORD(?:[ \t]|$)`: the unit starts with this wrapper's word (`WRAP-WORD-1`).
    #[must_use]
    pub fn starts_with_word(self, unit: &str) -> bool {
        starts_with_word(unit, self.word())
    }
}

impl std::fmt::Display for Wrapper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// A unit that matched a wrapper grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recognized<'a> {
    /// Which grammar matched.
    pub wrapper: Wrapper,
    /// The duration capture (`timeout` only).
    pub duration: Option<&'a str>,
    /// The inner-command capture: a suffix of the unit.
    pub inner: &'a str,
}

/// Strict recognition: `s` matches the `timeout` or the `time` grammar (`WRAP-NEST-1`).
///
/// This is the check for nested wrappers. It is the grammar, not the word
/// check: `time -p x` is *not* a recognized wrapper.
#[must_use]
pub fn is_recognized_wrapper(s: &str) -> bool {
    Wrapper::ALL.iter().any(|w| w.recognize(s).is_some())
}

/// `^word(?:[ \t]|$)` for a literal `word` (`WRAP-WORD-1`).
///
/// Only space and tab end the word; any other character (another letter,
/// U+00A0, a newline) means the input does not start with that word.
#[must_use]
pub fn starts_with_word(s: &str, word: &str) -> bool {
    s.strip_prefix(word)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t']))
}

/// A wrapper this spec never unwraps but claims, to log it (`WRAP-NT-1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NonTransparent {
    /// `env …`: changes the environment the inner command sees (ADR 0002).
    Env,
    /// `xargs …`: the inner command's arguments come from stdin (ADR 0003).
    Xargs,
}

impl NonTransparent {
    /// Both, in the order their handlers are tried (`AUTH-4`).
    pub const ALL: [Self; 2] = [Self::Env, Self::Xargs];

    /// The word the full command must start with.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Env => "env",
            Self::Xargs => "xargs",
        }
    }

    /// `^WORD(?:[ \t]|$)` on the full command (`WRAP-NT-1`).
    #[must_use]
    pub fn claims(self, full_command: &str) -> bool {
        starts_with_word(full_command, self.word())
    }
}

/// Space or tab: the only separators the grammars accept (`[ \t]`).
pub(crate) const fn is_space_or_tab(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// `[ \t]+(.+)$` on `tail`, with ECMAScript backtracking (`WRAP-TIMEOUT-3`).
///
/// The blank run is greedy. If something follows it, `(.+)$` takes all of it
/// and succeeds iff it holds no line terminator (giving back blanks cannot
/// help: the terminator would still be inside the capture). If nothing
/// follows, the run gives back its last blank, which `(.+)` then captures —
/// possible only if the run has at least two blanks.
pub(crate) fn blank_run_then_line(tail: &str) -> Option<&str> {
    let rest = tail.trim_start_matches(is_space_or_tab);
    let run = tail.len() - rest.len(); // blanks are one byte each
    if run == 0 {
        return None;
    }
    if rest.is_empty() {
        return if run >= 2 { tail.get(run - 1..) } else { None };
    }
    if rest.contains(crate::ecma::is_line_terminator) {
        None
    } else {
        Some(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WRAP-TIMEOUT-3, called directly: the scanner must itself require the
    /// blank run (its caller happens to give it a tail that starts with one).
    #[test]
    fn wrap_timeout_3_blank_run_then_line_table() {
        let rows: [(&str, Option<&str>); 8] = [
            ("x", None),
            ("xy z", None),
            ("", None),
            (" ", None),
            ("  ", Some(" ")),
            (" \t", Some("\t")),
            (" \tx y", Some("x y")),
            (" x\ny", None),
        ];
        for (tail, want) in rows {
            assert_eq!(blank_run_then_line(tail), want, "{tail:?}");
        }
    }

    /// WRAP-1, WRAP-NT-1: a wrapper displays as its word, the `wrapper` event field.
    #[test]
    fn wrappers_display_as_their_word() {
        assert_eq!(Wrapper::Timeout.to_string(), "timeout");
        assert_eq!(Wrapper::Time.to_string(), "time");
        assert_eq!(NonTransparent::Env.word(), "env");
        assert_eq!(NonTransparent::Xargs.word(), "xargs");
    }
}
