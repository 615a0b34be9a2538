//! Parsing an untrusted command within bounds (spec §7.5, `POL-LIMIT-6`).
//!
//! tree-sitter's memory does not follow the command's length: it keeps the
//! stages of an unfinished pipeline on its stack, its error recovery over
//! that stack is quadratic, and nesting and long lists grow with its work.
//! So every parse of a command (the units, the hardened walk) goes through
//! here: a command with too many `|` is refused before parsing, and a parse
//! is cancelled after a fixed number of the parser's progress checks.

use std::cell::Cell;
use std::ops::ControlFlow;

use tree_sitter::{ParseOptions, Parser, Tree};

/// Why a bounded parse gave no tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoundedParseError {
    /// Beyond a bound of `POL-LIMIT-6`: answered as over the limit.
    TooCostly,
    /// The parser gave no tree for another reason (`POL-LIMIT-4`).
    NoTree,
}

/// Most `|` characters a command may contain to be parsed (`POL-LIMIT-6`):
/// the parser keeps an unfinished pipeline's stages on its stack, and its
/// error recovery over that stack takes memory quadratic in their number.
pub const MAX_PIPE_CHARACTERS: usize = 1 << 11;
/// Most progress checks (one per 100 parser operations) a parse may take
/// (`POL-LIMIT-6`): the parser's memory grows with its work.
pub const MAX_PARSE_CHECKS: usize = 1 << 12;

/// Whether `command` is refused before parsing (`POL-LIMIT-6`).
fn exceeds_pipe_budget(command: &str) -> bool {
    memchr::memchr_iter(b'|', command.as_bytes())
        .nth(MAX_PIPE_CHARACTERS)
        .is_some()
}

/// One progress check of a parse: counts it in `checks`, and stops the parse
/// once it is past [`MAX_PARSE_CHECKS`].
fn spend(checks: &Cell<usize>) -> ControlFlow<()> {
    checks.set(checks.get().saturating_add(1));
    if exhausted(checks) {
        ControlFlow::Break(())
    } else {
        ControlFlow::Continue(())
    }
}

/// Whether the checks counted so far are past the budget (the parse was stopped).
fn exhausted(checks: &Cell<usize>) -> bool {
    checks.get() > MAX_PARSE_CHECKS
}

/// The progress callback of a bounded parse, counting in `checks`.
fn work_budget(
    checks: &Cell<usize>,
) -> impl FnMut(&tree_sitter::ParseState) -> ControlFlow<()> + '_ {
    move |_| spend(checks)
}

/// Parses `command` (UTF-8) with `parser` within the bounds of `POL-LIMIT-6`:
/// for every parse of an untrusted command (the units, the hardened walk).
///
/// # Errors
/// [`BoundedParseError::TooCostly`] beyond a bound;
/// [`BoundedParseError::NoTree`] if the parser gives no tree for another reason.
pub fn parse(parser: &mut Parser, command: &str) -> Result<Tree, BoundedParseError> {
    if exceeds_pipe_budget(command) {
        return Err(BoundedParseError::TooCostly);
    }
    let checks = Cell::new(0);
    let mut budget = work_budget(&checks);
    let bytes = command.as_bytes();
    let mut read = |offset: usize, _: tree_sitter::Point| bytes.get(offset..).unwrap_or_default();
    let options = ParseOptions::new().progress_callback(&mut budget);
    let parsed = parser.parse_with_options(&mut read, None, Some(options));
    finish(parsed, &checks, parser)
}

/// [`parse`] of `command` given as its UTF-16 `code_units` as well, the
/// encoding the units are parsed in (`POL-UNIT-1`).
///
/// # Errors
/// As [`parse`].
pub fn parse_utf16(
    parser: &mut Parser,
    command: &str,
    code_units: &[u16],
) -> Result<Tree, BoundedParseError> {
    if exceeds_pipe_budget(command) {
        return Err(BoundedParseError::TooCostly);
    }
    let checks = Cell::new(0);
    let mut budget = work_budget(&checks);
    let mut read =
        |offset: usize, _: tree_sitter::Point| code_units.get(offset..).unwrap_or_default();
    let options = ParseOptions::new().progress_callback(&mut budget);
    let parsed = if cfg!(target_endian = "big") {
        parser.parse_utf16_be_with_options(&mut read, None, Some(options))
    } else {
        parser.parse_utf16_le_with_options(&mut read, None, Some(options))
    };
    finish(parsed, &checks, parser)
}

/// The tree of a bounded parse. A parse the budget cancelled is over the
/// limit, and the parser is reset so that it never resumes into the next
/// command; no tree otherwise is a parser failure (`POL-LIMIT-4`).
fn finish(
    parsed: Option<Tree>,
    checks: &Cell<usize>,
    parser: &mut Parser,
) -> Result<Tree, BoundedParseError> {
    match parsed {
        Some(tree) => Ok(tree),
        None if exhausted(checks) => {
            parser.reset();
            Err(BoundedParseError::TooCostly)
        }
        None => Err(BoundedParseError::NoTree),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// POL-LIMIT-6: the parse budget is exact: MAX_PARSE_CHECKS progress
    /// checks continue the parse, the next one stops it.
    #[test]
    fn pol_limit_6_parse_budget_is_exact() {
        let checks = Cell::new(0);
        for _ in 0..MAX_PARSE_CHECKS {
            assert_eq!(spend(&checks), ControlFlow::Continue(()));
        }
        assert_eq!(spend(&checks), ControlFlow::Break(()));
        assert_eq!(checks.get(), MAX_PARSE_CHECKS + 1);
    }
}
