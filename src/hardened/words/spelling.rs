//! Separators and spelling (spec §12.4, `HARD-SPELL-*`).
//!
//! bash removes quotes and backslashes before it looks a command name up, and
//! it splits words on blanks and line continuations, not on the one space a
//! rule happens to contain. The hardened profile judges what bash looks up:
//! the name dequoted, the words joined by one space.

use tree_sitter::Node;

use crate::hardened::words::pieces::Piece;

/// A command name as bash would look it up (`HARD-SPELL-2`, `HARD-SPELL-3`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Name {
    /// The name after quote removal; fixed before any expansion runs.
    Literal(String),
    /// The name depends on an expansion, a glob or a brace expansion: only run
    /// time knows which command runs.
    Computed,
}

/// Removes `\` + newline pairs: bash deletes them before splitting words (`HARD-SPELL-1`).
#[must_use]
pub fn without_line_continuations(text: &str) -> String {
    text.replace("\\\r\n", "").replace("\\\n", "")
}

/// The words of a command as bash reads them (`HARD-SPELL-1`): the parse
/// ends a word at a line continuation, bash does not unless a blank comes
/// before it, so `r\`-newline-`m` is one word `rm`. Adjacent nodes with
/// only line continuations between them are one word.
#[must_use]
pub fn bash_words<'t>(source: &str, nodes: &[Node<'t>]) -> Vec<Vec<Node<'t>>> {
    let mut out: Vec<Vec<Node<'t>>> = Vec::new();
    for node in nodes {
        let joins = out
            .last()
            .and_then(|group| group.last())
            .is_some_and(|prev| {
                let gap = source
                    .get(prev.end_byte()..node.start_byte())
                    .unwrap_or(" ");
                !gap.is_empty() && without_line_continuations(gap).is_empty()
            });
        match out.last_mut() {
            Some(group) if joins => group.push(*node),
            _ => out.push(vec![*node]),
        }
    }
    out
}

/// The source text of a word of [`bash_words`], line continuations removed.
#[must_use]
pub fn joined_text(source: &str, group: &[Node<'_>]) -> String {
    match (group.first(), group.last()) {
        (Some(first), Some(last)) => without_line_continuations(
            source
                .get(first.start_byte()..last.end_byte())
                .unwrap_or(""),
        ),
        _ => String::new(),
    }
}

/// Dequotes a command name word the way bash's quote removal does
/// (`HARD-SPELL-2`), or reports that it is computed at run time
/// (`HARD-SPELL-3`): an expansion, an unquoted glob character (`*?[`),
/// brace or leading `~`, or an ANSI-C escape whose byte is not ASCII.
#[must_use]
pub fn dequote_name(raw: &str) -> Name {
    // One pass, no piece kept: a command's words may be megabytes (PROTO-15).
    let mut out = String::new();
    let mut computed = false;
    let mut index = 0usize;
    let read = crate::hardened::words::pieces::read_pieces(raw, 0, None, |piece, _| {
        match piece {
            Piece::Char { c, quoted: false }
                if matches!(c, '*' | '?' | '[' | '{' | '}') || (c == '~' && index == 0) =>
            {
                computed = true;
            }
            Piece::Char { c, .. } if !computed => out.push(c),
            Piece::Char { .. } => {}
            Piece::Expansion { .. } => computed = true,
        }
        index += 1;
    });
    if read.is_err() || computed {
        return Name::Computed;
    }
    Name::Literal(out)
}

/// Decodes the body of a `$'…'` string (`rest` follows `$'`) as bash does
/// (`HARD-SPELL-2`): the decoded text, or `None` when an escape gives a byte
/// that is not ASCII (its meaning depends on the locale) or a control escape
/// this reading does not model; and the bytes read, closing quote included.
/// `None` overall when the string is not closed. A NUL ends the text (bash
/// drops the rest of the string).
#[must_use]
pub fn ansi_c(rest: &str) -> Option<(Option<String>, usize)> {
    let bytes = rest.as_bytes();
    let mut out = String::new();
    let mut known = true;
    let mut ended = false;
    let mut i = 0usize;
    loop {
        let c = rest.get(i..)?.chars().next()?;
        if c == '\'' {
            return Some((known.then_some(out), i + 1));
        }
        if c != '\\' {
            if !ended {
                out.push(c);
            }
            i += c.len_utf8();
            continue;
        }
        let escape = *bytes.get(i + 1)?;
        let (value, len): (Option<u32>, usize) = match escape {
            b'a' => (Some(7), 2),
            b'b' => (Some(8), 2),
            b'e' | b'E' => (Some(0x1b), 2),
            b'f' => (Some(0xc), 2),
            b'n' => (Some(0xa), 2),
            b'r' => (Some(0xd), 2),
            b't' => (Some(9), 2),
            b'v' => (Some(0xb), 2),
            b'\\' | b'\'' | b'"' | b'?' => (Some(u32::from(escape)), 2),
            b'0'..=b'7' => {
                let digits = run(bytes, i + 1, 3, |b| (b'0'..=b'7').contains(&b));
                (number(rest, i + 1, digits, 8).map(|v| v & 0xff), 1 + digits)
            }
            // `\x{HH…}`: any number of hex digits (the byte is the last two;
            // none is a NUL), the closing brace optional.
            b'x' if bytes.get(i + 2) == Some(&b'{') => {
                let digits = run(bytes, i + 3, usize::MAX, |b| b.is_ascii_hexdigit());
                let low = digits.saturating_sub(2);
                let value = number(rest, i + 3 + low, digits - low, 16).unwrap_or(0);
                let brace = usize::from(bytes.get(i + 3 + digits) == Some(&b'}'));
                (Some(value), 3 + digits + brace)
            }
            b'x' | b'u' | b'U' => {
                let max = match escape {
                    b'x' => 2,
                    b'u' => 4,
                    _ => 8,
                };
                let digits = run(bytes, i + 2, max, |b| b.is_ascii_hexdigit());
                if digits == 0 {
                    (None, 0)
                } else {
                    (number(rest, i + 2, digits, 16), 2 + digits)
                }
            }
            b'c' => match bytes.get(i + 2) {
                // `\c\\` is control-backslash: bash takes the second
                // backslash with it (`$'\c\\n'` is 0x1c then `n`).
                Some(b'\\') if bytes.get(i + 3) == Some(&b'\\') => (Some(0x1c), 4),
                // bash's lexer reads `\'` as an escaped quote before the
                // string is decoded: `$'\c\'` is not closed there.
                Some(b'\\') if bytes.get(i + 3) == Some(&b'\'') => {
                    known = false;
                    (None, 4)
                }
                Some(&x) if x.is_ascii_alphabetic() || (b'@'..=b'_').contains(&x) => {
                    (Some(u32::from(x.to_ascii_uppercase() & 0x1f)), 3)
                }
                // `$'\c'`: the quote closes the string, `\c` stays as written.
                Some(b'\'') | None => (None, 0),
                _ => {
                    known = false;
                    (None, 3)
                }
            },
            _ => (None, 0),
        };
        match (value, len) {
            // An escape bash does not decode keeps its backslash.
            (None, 0) => {
                if !ended {
                    out.push('\\');
                }
                i += 1;
            }
            (Some(0), _) => {
                ended = true;
                i += len;
            }
            (Some(v), _) if v < 0x80 => {
                if !ended {
                    out.extend(char::from_u32(v));
                }
                i += len;
            }
            _ => {
                known &= ended;
                i += len;
            }
        }
    }
}

/// How many bytes from `from` (at most `max`) satisfy `digit`.
fn run(bytes: &[u8], from: usize, max: usize, digit: impl Fn(u8) -> bool) -> usize {
    bytes
        .iter()
        .skip(from)
        .take(max)
        .take_while(|b| digit(**b))
        .count()
}

/// The number written by `len` digits of `text` from `from`.
fn number(text: &str, from: usize, len: usize, radix: u32) -> Option<u32> {
    u32::from_str_radix(text.get(from..from + len)?, radix).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HARD-SPELL-2, HARD-SPELL-3: names as bash looks them up.
    #[test]
    fn hard_spell_2_names_are_dequoted_or_computed() {
        let literal = [
            ("rm", "rm"),
            ("\"rm\"", "rm"),
            ("'rm'", "rm"),
            ("r\\m", "rm"),
            ("$'rm'", "rm"),
            ("$\"rm\"", "rm"),
            ("/bin/rm", "/bin/rm"),
            ("r\\\nm", "rm"),
            ("\\eval", "eval"),
            ("$'\\x72m'", "rm"),
            ("$'\\162m'", "rm"),
            ("$'\\u0072m'", "rm"),
            ("$'r\\0m'", "r"),
            ("$'\\q'", "\\q"),
        ];
        for (raw, want) in literal {
            assert_eq!(dequote_name(raw), Name::Literal(want.to_owned()), "{raw:?}");
        }
        for raw in [
            "$X",
            "$(echo rm)",
            "`echo rm`",
            "rm${IFS}",
            "{rm,-rf}",
            "r*",
            "~/bin/x",
            "\"$X\"",
            "$'\\xff'",
            "$'\\u00e9'",
        ] {
            assert_eq!(dequote_name(raw), Name::Computed, "{raw:?}");
        }
    }
}
