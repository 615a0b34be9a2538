//! The reference matcher: a deliberately simple twin of [`super::pattern`]
//! (`POL-MATCH-8`).
//!
//! It transcribes the package's construction literally: the expanded pattern
//! becomes a token list over UTF-16 code units (`*` = any run, `?` = any one
//! unit, anything else = its own code units), a final "space, any run" becomes
//! the optional group `( .*)?`, and a table decides whether the tokens match
//! the whole value. It takes O(tokens × units) time and O(units) memory, has
//! no cleverness to get wrong, and is what the fast matcher is tested against.

use super::home::expand_home;

/// One token of the transcribed regular expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    /// A literal UTF-16 code unit.
    Unit(u16),
    /// `?`: any one code unit (`.` with the `s` flag).
    AnyUnit,
    /// `*`: any run of code units (`.*` with the `s` flag).
    AnyRun,
    /// The trailing `( .*)?`: the end of the value, or a space and then anything.
    OptionalTail,
}

fn tokens(pattern: &str, home: &str) -> Vec<Token> {
    let expanded = expand_home(pattern, home);
    let mut out = Vec::new();
    for c in expanded.chars() {
        match c {
            '*' => out.push(Token::AnyRun),
            '?' => out.push(Token::AnyUnit),
            other => {
                let mut buf = [0u16; 2];
                out.extend(other.encode_utf16(&mut buf).iter().map(|u| Token::Unit(*u)));
            }
        }
    }
    if out.ends_with(&[Token::Unit(u16::from(b' ')), Token::AnyRun]) {
        out.truncate(out.len() - 2);
        out.push(Token::OptionalTail);
    }
    out
}

/// Whether `pattern` (with `~`/`$HOME` expanded to `home`) matches the whole `value`.
#[must_use]
// The table is indexed directly for readability: every row has `n + 1`
// entries and `j` runs over `0..=n`, reading `j + 1` only when `units[j]` exists.
#[allow(clippy::indexing_slicing)]
pub fn is_match(pattern: &str, value: &str, home: &str) -> bool {
    let tokens = tokens(pattern, home);
    let units: Vec<u16> = value.encode_utf16().collect();
    let n = units.len();
    // `next[j]`: do tokens[i+1..] match units[j..]? Start with the empty token list.
    let mut next: Vec<bool> = (0..=n).map(|j| j == n).collect();
    for token in tokens.iter().rev() {
        let mut row = vec![false; n + 1];
        for j in (0..=n).rev() {
            let unit = units.get(j).copied();
            row[j] = match *token {
                Token::Unit(u) => unit == Some(u) && next[j + 1],
                Token::AnyUnit => unit.is_some() && next[j + 1],
                Token::AnyRun => next[j] || (unit.is_some() && row[j + 1]),
                Token::OptionalTail => j == n || unit == Some(u16::from(b' ')),
            };
        }
        next = row;
    }
    next[0]
}
