//! The arguments of the admitted builtins (spec §12.11, `HARD-ADMIT-5`):
//! the checks of [`crate::hardened::contract::admitted::Args`] on dequoted words.

use crate::hardened::contract::admitted::{is_scratch, SET_OPTIONS, TEST_BINARY, TEST_OPERATORS};

/// One argument of a builtin: its node kind and its dequoted value, `None`
/// when computed.
pub(crate) struct Arg<'t> {
    pub(crate) kind: &'t str,
    pub(crate) text: &'t str,
    pub(crate) value: Option<String>,
}

/// Leading literal options made of `letters`; `-` and `--` are fine.
pub(crate) fn options(args: &[Arg<'_>], letters: &str) -> bool {
    for arg in args {
        match arg.value.as_deref() {
            Some("--") => return true,
            Some(v) if v.len() > 1 && v.starts_with('-') => {
                if !v.chars().skip(1).all(|c| letters.contains(c)) {
                    return false;
                }
            }
            _ => return true,
        }
    }
    true
}

/// `test` / `[`: no `-v` or `-R`; a computed argument is double-quoted and
/// an operand of a literal operator next to it, or the only argument.
pub(crate) fn test_args(args: &[Arg<'_>], bracket: bool) -> bool {
    let args = if bracket {
        match args.split_last() {
            Some((last, rest)) if last.value.as_deref() == Some("]") => rest,
            _ => return false,
        }
    } else {
        args
    };
    let literal = |i: usize| args.get(i).and_then(|a| a.value.as_deref());
    args.iter()
        .enumerate()
        .all(|(i, arg)| match arg.value.as_deref() {
            Some(v) => v != "-v" && v != "-R",
            None => {
                let unary = i.checked_sub(1).and_then(literal).is_some_and(|op| {
                    TEST_OPERATORS.contains(&op)
                        && op.starts_with('-')
                        && !TEST_BINARY.contains(&op)
                });
                let binary = i
                    .checked_sub(1)
                    .and_then(literal)
                    .is_some_and(|op| TEST_BINARY.contains(&op))
                    || literal(i + 1).is_some_and(|op| TEST_BINARY.contains(&op));
                // `$?`, `$#`, `$$`, `$!` are numbers: no splitting makes them operators.
                let number = matches!(arg.text, "$?" | "$#" | "$$" | "$!");
                (arg.kind == "string" || number) && (args.len() == 1 || unary || binary)
            }
        })
}

/// `read`: literal options of `r` and `s`, then one or more scratch names.
pub(crate) fn read_args(args: &[Arg<'_>]) -> bool {
    let names: Vec<&Arg<'_>> = args
        .iter()
        .skip_while(|a| {
            a.value.as_deref().is_some_and(|v| {
                v.len() > 1 && v.starts_with('-') && v.chars().skip(1).all(|c| "rs".contains(c))
            })
        })
        .collect();
    !names.is_empty()
        && names
            .iter()
            .all(|a| a.kind == "word" && a.value.as_deref().is_some_and(is_scratch))
}

/// `set`: clusters of `e`, `u` and `o`, each `o` followed by a named option.
pub(crate) fn set_args(args: &[Arg<'_>]) -> bool {
    let mut pending_names = 0usize;
    for arg in args {
        let Some(v) = arg.value.as_deref() else {
            return false;
        };
        if pending_names > 0 {
            if !SET_OPTIONS.contains(&v) {
                return false;
            }
            pending_names -= 1;
            continue;
        }
        let Some(letters) = v.strip_prefix('-').or_else(|| v.strip_prefix('+')) else {
            return false;
        };
        if letters.is_empty() || !letters.chars().all(|c| "euo".contains(c)) {
            return false;
        }
        pending_names = letters.matches('o').count();
    }
    pending_names == 0
}
