//! Separators and spelling (spec §12.4, `HARD-SPELL-*`).
//!
//! bash removes quotes and backslashes before it looks a command name up, and
//! it splits words on blanks and line continuations, not on the one space a
//! rule happens to contain. The hardened profile judges what bash looks up:
//! the name dequoted, the words joined by one space.

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

/// Dequotes a command name word the way bash's quote removal does
/// (`HARD-SPELL-2`), or reports that it is computed at run time
/// (`HARD-SPELL-3`): an unquoted `$`, backquote, glob character (`*?[`),
/// brace or leading `~`, or an ANSI-C escape this function does not decode.
#[must_use]
pub fn dequote_name(raw: &str) -> Name {
    let text = without_line_continuations(raw);
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut first = true;
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(escaped) => out.push(escaped),
                None => out.push('\\'),
            },
            '\'' => {
                for q in chars.by_ref() {
                    if q == '\'' {
                        break;
                    }
                    out.push(q);
                }
            }
            '"' => {
                if !double_quoted(&mut chars, &mut out) {
                    return Name::Computed;
                }
            }
            '$' if chars.peek() == Some(&'\'') => {
                chars.next();
                if !ansi_c_quoted(&mut chars, &mut out) {
                    return Name::Computed;
                }
            }
            '$' if chars.peek() == Some(&'"') => {
                chars.next();
                if !double_quoted(&mut chars, &mut out) {
                    return Name::Computed;
                }
            }
            '$' | '`' | '*' | '?' | '[' | '{' | '}' => return Name::Computed,
            '~' if first => return Name::Computed,
            _ => out.push(c),
        }
        first = false;
    }
    Name::Literal(out)
}

/// The rest of a `"…"` string; false if it holds an expansion.
fn double_quoted(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, out: &mut String) -> bool {
    while let Some(c) = chars.next() {
        match c {
            '"' => return true,
            '\\' => match chars.peek() {
                Some(&next @ ('"' | '\\' | '$' | '`')) => {
                    chars.next();
                    out.push(next);
                }
                _ => out.push('\\'),
            },
            '$' | '`' => return false,
            _ => out.push(c),
        }
    }
    true
}

/// The rest of a `$'…'` string; false on an escape other than the simple ones.
fn ansi_c_quoted(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, out: &mut String) -> bool {
    while let Some(c) = chars.next() {
        match c {
            '\'' => return true,
            '\\' => match chars.next() {
                Some('\\') => out.push('\\'),
                Some('\'') => out.push('\''),
                Some('"') => out.push('"'),
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                // Hex, octal, unicode and control escapes can spell any
                // name; not decoding them, the name is treated as computed.
                _ => return false,
            },
            _ => out.push(c),
        }
    }
    true
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
            "$'\\x72m'",
        ] {
            assert_eq!(dequote_name(raw), Name::Computed, "{raw:?}");
        }
    }
}
