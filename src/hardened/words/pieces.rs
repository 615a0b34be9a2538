//! Reading one shell word the way bash expands it (spec §12.4, `HARD-VALUE-1`).
//!
//! A word is read into *pieces*: characters, each marked quoted or not, and
//! expansions whose value only run time knows. Quote removal, escape removal
//! and ANSI-C decoding happen here; brace and tilde expansion and globbing
//! happen on the pieces ([`crate::hardened::words::values`]). The scanner follows bash's
//! quoting rules itself and takes the ends of expansions from the parse: an
//! expansion start the parse has no node for, or a node the scanner does not
//! reach, means the two readings disagree, and the word is not understood.

use std::collections::BTreeMap;

/// One piece of a word after quote removal.
///
/// Eight bytes: a word of megabytes is one piece per character, so an
/// expansion names what it is known to give by its place in the word's
/// [`Pieces::known`] instead of holding it (`PROTO-15`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// A character.
    Char {
        /// The character.
        c: char,
        /// Quoting or a backslash made it literal.
        quoted: bool,
    },
    /// An expansion (`$x`, `${…}`, `$(…)`, backquotes, `$((…))`, `<(…)`).
    Expansion {
        /// Which of the word's expansions it is, in reading order: what it
        /// is known to give is `known[at]` of the word's [`Pieces`].
        at: u32,
        /// Inside double quotes.
        quoted: bool,
    },
}

const _: () = assert!(std::mem::size_of::<Piece>() == 8);

/// A word read into pieces, and what each of its expansions is known to give.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pieces {
    /// The pieces, in order.
    pub list: Vec<Piece>,
    /// Per expansion ([`Piece::Expansion`]'s `at`), what it is known to give.
    pub known: Vec<Known>,
}

impl Pieces {
    /// What the expansion `at` is known to give; [`Known::Unknown`] for an
    /// index the word does not have.
    #[must_use]
    pub fn known(known: &[Known], at: u32) -> &Known {
        usize::try_from(at)
            .ok()
            .and_then(|at| known.get(at))
            .unwrap_or(&Known::Unknown)
    }
}

/// What an expansion is known to give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Known {
    /// `$HOME`, `${HOME}`: the policy's home directory.
    Home,
    /// `$PWD`, `${PWD}`, `$(pwd)`: the working directory, spelled `.`.
    WorkingDirectory,
    /// `$?`, `$#`, `$$`, `$!`, `$((…))`: a decimal integer.
    Number,
    /// `<(…)`: the path `/dev/fd/N` bash passes (`HARD-PROCSUB-1`).
    FdPath,
    /// `$(cat <<'EOF' … EOF)`: the text of a quoted here-document.
    Text(String),
    /// `"$f"` in the body of `for f in WORD`: one expansion of that word.
    Word(crate::hardened::words::values::Word),
    /// Anything else: only run time knows.
    Unknown,
}

/// Why a word could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unread {
    /// An expansion starts where the parse has none, or the reverse.
    Disagrees,
    /// An expansion and no parse to delimit it (a name read without a tree).
    Expansion,
}

/// Where the parse put the word's expansions: start byte -> (end byte,
/// text, what it is known to give when the parse shows it).
pub type Spans<'s> = BTreeMap<usize, (usize, &'s str, Option<Known>)>;

/// Reads `text` (the word's source, starting at byte `offset` of the
/// command) into pieces. With `spans` = `None` any expansion is [`Unread::Expansion`].
///
/// # Errors
/// The word is not understood.
pub fn pieces(text: &str, offset: usize, spans: Option<&Spans<'_>>) -> Result<Pieces, Unread> {
    // At most one piece per character: reserved once, so that a word of
    // megabytes never holds a vector and its doubled copy at once.
    let mut out = Pieces {
        list: Vec::with_capacity(text.chars().count()),
        known: Vec::new(),
    };
    read_pieces(text, offset, spans, |piece, known| {
        out.list.push(piece);
        out.known.extend(known);
    })?;
    Ok(out)
}

/// [`pieces`], each handed to `emit` as it is read, with what an expansion
/// is known to give, so a reader that needs one pass keeps no piece of a
/// word of megabytes (`PROTO-15`).
///
/// # Errors
/// The word is not understood.
pub fn read_pieces(
    text: &str,
    offset: usize,
    spans: Option<&Spans<'_>>,
    mut emit: impl FnMut(Piece, Option<Known>),
) -> Result<(), Unread> {
    let mut used = 0usize;
    let mut expansions = 0u32;
    let mut expansion = |known: Known, quoted: bool| {
        let at = expansions;
        expansions = expansions.checked_add(1).ok_or(Unread::Disagrees)?;
        Ok::<_, Unread>((Piece::Expansion { at, quoted }, Some(known)))
    };
    let bytes = text.as_bytes();
    let mut i = 0usize;
    let mut double = false;
    while i < text.len() {
        let Some(c) = text.get(i..).and_then(|t| t.chars().next()) else {
            return Err(Unread::Disagrees);
        };
        let next = bytes.get(i + 1).copied();
        match c {
            '\\' if next == Some(b'\n') => i += 2,
            '\\' if double => match next {
                Some(n @ (b'$' | b'`' | b'"' | b'\\')) => {
                    emit(
                        Piece::Char {
                            c: char::from(n),
                            quoted: true,
                        },
                        None,
                    );
                    i += 2;
                }
                _ => {
                    emit(
                        Piece::Char {
                            c: '\\',
                            quoted: true,
                        },
                        None,
                    );
                    i += 1;
                }
            },
            '\\' => match text.get(i + 1..).and_then(|t| t.chars().next()) {
                Some(n) => {
                    emit(Piece::Char { c: n, quoted: true }, None);
                    i += 1 + n.len_utf8();
                }
                None => {
                    emit(
                        Piece::Char {
                            c: '\\',
                            quoted: false,
                        },
                        None,
                    );
                    i += 1;
                }
            },
            '"' => {
                double = !double;
                i += 1;
            }
            '\'' if !double => {
                let rest = text.get(i + 1..).unwrap_or("");
                let end = rest.find('\'').ok_or(Unread::Disagrees)?;
                rest.get(..end)
                    .unwrap_or("")
                    .chars()
                    .for_each(|c| emit(Piece::Char { c, quoted: true }, None));
                i += end + 2;
            }
            '$' if !double && next == Some(b'\'') => {
                let (decoded, len) =
                    crate::hardened::words::spelling::ansi_c(text.get(i + 2..).unwrap_or(""))
                        .ok_or(Unread::Disagrees)?;
                match decoded {
                    Some(s) => s
                        .chars()
                        .for_each(|c| emit(Piece::Char { c, quoted: true }, None)),
                    None => {
                        let (piece, known) = expansion(Known::Unknown, true)?;
                        emit(piece, known);
                    }
                }
                i += 2 + len;
            }
            '$' if !double && next == Some(b'"') => {
                double = true;
                i += 2;
            }
            '$' | '`' | '<' | '>' if starts_expansion(c, next, double) => {
                let Some(spans) = spans else {
                    return Err(Unread::Expansion);
                };
                let (end, node_text, shown) = spans.get(&(offset + i)).ok_or(Unread::Disagrees)?;
                let len = end.checked_sub(offset + i).ok_or(Unread::Disagrees)?;
                let known = shown.clone().unwrap_or_else(|| known(node_text));
                let (piece, known) = expansion(known, double)?;
                emit(piece, known);
                used += 1;
                i += len.max(1);
            }
            _ => {
                emit(Piece::Char { c, quoted: double }, None);
                i += c.len_utf8();
            }
        }
    }
    let expected = spans.map_or(0, |s| s.range(offset..offset + text.len()).count());
    if double || used != expected {
        return Err(Unread::Disagrees);
    }
    Ok(())
}

/// Whether `c` followed by `next` starts an expansion bash performs.
fn starts_expansion(c: char, next: Option<u8>, double: bool) -> bool {
    match c {
        '`' => true,
        '<' | '>' => !double && next == Some(b'('),
        _ => next.is_some_and(|n| {
            n.is_ascii_alphanumeric()
                || matches!(
                    n,
                    b'_' | b'{' | b'(' | b'[' | b'@' | b'*' | b'#' | b'?' | b'-' | b'$' | b'!'
                )
        }),
    }
}

/// The expansions whose value the profile knows, by their exact text.
fn known(text: &str) -> Known {
    match text {
        "$HOME" | "${HOME}" => Known::Home,
        "$PWD" | "${PWD}" | "$(pwd)" | "`pwd`" => Known::WorkingDirectory,
        "$?" | "$#" | "$$" | "$!" | "${?}" | "${#}" | "${$}" | "${!}" => Known::Number,
        _ => Known::Unknown,
    }
}

/// Whether `name` is assigned or named anywhere in `source` other than in a
/// `$NAME` or `${NAME}` expansion: then its value is not the known one.
#[must_use]
pub fn mentioned_otherwise(source: &str, name: &str) -> bool {
    let identifier = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(found) = source.get(from..).and_then(|s| s.find(name)) {
        let at = from + found;
        from = at + name.len();
        let before = source.get(..at).unwrap_or("");
        let after = source.get(at + name.len()..).unwrap_or("");
        let longer = before.chars().next_back().is_some_and(identifier)
            || after.chars().next().is_some_and(identifier);
        if longer {
            // Part of another name (`$HOMEDIR`, `MY_HOME`): not this one.
            continue;
        }
        let expanded = before.ends_with('$') || (before.ends_with("${") && after.starts_with('}'));
        if !expanded {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(text: &str) -> String {
        pieces(text, 0, None)
            .unwrap()
            .list
            .iter()
            .map(|p| match p {
                Piece::Char { c, .. } => *c,
                Piece::Expansion { .. } => '\u{1}',
            })
            .collect()
    }

    /// HARD-VALUE-1: quote removal, escapes, ANSI-C decoding.
    #[test]
    fn hard_value_1_quote_removal() {
        let rows = [
            (".s''sh", ".ssh"),
            ("\\.e\\nv", ".env"),
            ("\"a\\\"b\\c\"", "a\"b\\c"),
            ("$'\\x2e\\145nv'", ".env"),
            ("$\"x\"", "x"),
            ("a\\\nb", "ab"),
            ("'a\\\nb'", "a\\\nb"),
        ];
        for (raw, want) in rows {
            assert_eq!(chars(raw), want, "{raw:?}");
        }
        assert_eq!(pieces("$x", 0, None), Err(Unread::Expansion));
        assert_eq!(pieces("'open", 0, None), Err(Unread::Disagrees));
        let quoted = pieces("a'*'*", 0, None).unwrap().list;
        assert_eq!(
            quoted[1],
            Piece::Char {
                c: '*',
                quoted: true
            }
        );
        assert_eq!(
            quoted[2],
            Piece::Char {
                c: '*',
                quoted: false
            }
        );
    }

    /// HARD-VALUE-2: HOME is known only when nothing else names it.
    #[test]
    fn hard_value_2_known_variables() {
        assert!(!mentioned_otherwise("cat $HOME/x ${HOME}", "HOME"));
        assert!(mentioned_otherwise("HOME=/etc; cat $HOME/x", "HOME"));
        assert!(mentioned_otherwise(
            "for HOME in /etc; do cat ~/x; done",
            "HOME"
        ));
        assert!(!mentioned_otherwise("cat $HOMEDIR $MY_HOME", "HOME"));
        assert!(mentioned_otherwise("read -r f; echo $f", "f"));
        assert!(!mentioned_otherwise(
            "for  in x; do wc -l \"$f\"; done",
            "f"
        ));
    }
}
