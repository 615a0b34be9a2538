//! Reading words off bash's rendering of a simple command (`INV-GROUND-2`):
//! where a wrapper's inner command starts in its text, and whether a command
//! can have started a program.

use super::{quote_words, Executed};

/// The text of a wrapper's inner command (`INV-GROUND-2`): the wrapper's text from
/// its `index`-th command word on, when the words before it are literals equal
/// to the wrapper's argv; else the inner argv, shell-quoted.
pub(super) fn inner_text(wrapper: &Executed, index: usize) -> String {
    let argv = wrapper.argv.as_deref().unwrap_or_default();
    let quoted = || quote_words(argv.get(index..).unwrap_or_default());
    let Some(words) = lex_words(&wrapper.text) else {
        return quoted();
    };
    let command_words: Vec<_> = words
        .iter()
        .skip_while(|&&(start, end)| is_assignment(wrapper.text.get(start..end).unwrap_or("")))
        .collect();
    let literal_at = |i: usize| {
        command_words
            .get(i)
            .and_then(|&&(start, end)| wrapper.text.get(start..end))
            .and_then(unquote_literal)
    };
    let name_matches = literal_at(0).is_some_and(|name| {
        argv.first()
            .is_some_and(|path| basename(path) == basename(&name))
    });
    let options_match = (1..index).all(|i| literal_at(i).is_some_and(|w| argv.get(i) == Some(&w)));
    match command_words.get(index) {
        Some(&&(start, _)) if name_matches && options_match => {
            wrapper.text.get(start..).map_or_else(quoted, str::to_owned)
        }
        _ => quoted(),
    }
}

/// What stands in command position of `text`: `Unreadable` when quoting does
/// not balance, `None` for assignments only, else the word as written.
enum CommandWord<'a> {
    Unreadable,
    None,
    Word(&'a str),
}

/// The names the leading assignments of `text` assign (`A=1 B+=2 git x`:
/// `A`, `B`), by bash's words; none when quoting does not balance
/// (`INV-GROUND-8`).
#[must_use]
pub fn assigned_names(text: &str) -> Vec<String> {
    lex_words(text)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(start, end)| text.get(start..end))
        .take_while(|word| is_assignment(word))
        .filter_map(|word| {
            let name = word.split(['=', '[', '+']).next()?;
            Some(name.to_owned())
        })
        .collect()
}

/// Whether `text` is assignments only, by bash's words (`A=1`, `A=$(x) B=2`).
pub(super) fn names_no_command(text: &str) -> bool {
    matches!(command_word(text), CommandWord::None)
}

fn command_word(text: &str) -> CommandWord<'_> {
    let Some(words) = lex_words(text) else {
        return CommandWord::Unreadable;
    };
    words
        .iter()
        .filter_map(|&(start, end)| text.get(start..end))
        .find(|word| !is_assignment(word))
        .map_or(CommandWord::None, CommandWord::Word)
}

/// Whether the literal command name `name` is the program `argv` started.
fn same_program(name: &str, argv: &[String]) -> bool {
    argv.first()
        .is_some_and(|path| basename(path) == basename(name))
}

/// Whether the bash command `text` can have started the program `argv`: its
/// command word names that program, is not a literal, or is `command` or `exec`.
pub(super) fn can_start(text: &str, argv: &[String]) -> bool {
    match command_word(text) {
        CommandWord::Unreadable => true,
        CommandWord::None => false,
        CommandWord::Word(word) => unquote_literal(word).is_none_or(|name| {
            matches!(name.as_str(), "command" | "exec") || same_program(&name, argv)
        }),
    }
}

/// Whether the command word of `text` (after assignments) is a literal
/// naming the program `argv` started (by basename).
pub(super) fn names_program(text: &str, argv: &[String]) -> bool {
    match command_word(text) {
        CommandWord::Word(word) => {
            unquote_literal(word).is_some_and(|name| same_program(&name, argv))
        }
        CommandWord::Unreadable | CommandWord::None => false,
    }
}

pub(super) fn basename(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// `NAME=…`, `NAME+=…` or `NAME[…]=…`.
fn is_assignment(word: &str) -> bool {
    let Some(eq) = word.find('=') else {
        return false;
    };
    let name = word.get(..eq).unwrap_or("");
    let name = name.strip_suffix('+').unwrap_or(name);
    let name = match name.find('[') {
        Some(open) if name.ends_with(']') => name.get(..open).unwrap_or(""),
        _ => name,
    };
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The words of a simple command's text up to its first operator or
/// redirection, quotes removed, when each expands to itself alone (`None`
/// otherwise): `cat 'a b' \ <<` gives `cat`, `a b` and a blank. Braces are
/// literal in a word with no `,` and no `..` (`-I{}`: brace expansion needs
/// one of them); a `{name}` right before `<` or `>` is a redirection's fd
/// variable and ends the words. The soundness classifiers compare them with
/// a stub's argv (`INV-KNOWN-2`).
#[must_use]
pub fn literal_words(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    for (start, end) in lex_words(text)? {
        let word = text.get(start..end)?;
        let redirects = text.get(end..).is_some_and(|r| r.starts_with(['<', '>']));
        if redirects && word.starts_with('{') && word.ends_with('}') {
            break;
        }
        let braces_literal = !word.contains(',') && !word.contains("..");
        words.push(unquote(word, braces_literal)?);
    }
    Some(words)
}

/// The value of a word that expands to itself alone: no expansion, no glob,
/// quotes removed. `None` when the word needs bash to know its value.
fn unquote_literal(word: &str) -> Option<String> {
    unquote(word, false)
}

/// [`unquote_literal`], with braces literal when `braces_literal`.
fn unquote(word: &str, braces_literal: bool) -> Option<String> {
    if word.starts_with('~') {
        return None;
    }
    let mut out = String::new();
    let mut chars = word.chars();
    while let Some(c) = chars.next() {
        match c {
            '{' | '}' if !braces_literal => return None,
            '$' | '`' | '*' | '?' | '[' | '(' | '<' | '>' | '|' | '&' | ';' => return None,
            '\\' => out.push(chars.next()?),
            '\'' => loop {
                match chars.next()? {
                    '\'' => break,
                    c => out.push(c),
                }
            },
            '"' => loop {
                match chars.next()? {
                    '"' => break,
                    '$' | '`' => return None,
                    '\\' => {
                        let next = chars.next()?;
                        if !matches!(next, '$' | '`' | '"' | '\\') {
                            out.push('\\');
                        }
                        out.push(next);
                    }
                    c => out.push(c),
                }
            },
            c => out.push(c),
        }
    }
    Some(out)
}

/// Byte ranges of the words of bash's rendering of a simple command, up to
/// the first operator or redirection. `None` when quoting does not balance.
fn lex_words(text: &str) -> Option<Vec<(usize, usize)>> {
    let bytes = text.as_bytes();
    let mut words = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes.get(i)? {
            b' ' | b'\t' => i += 1,
            b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')' => break,
            _ => {
                let start = i;
                i = word_end(bytes, i)?;
                words.push((start, i));
            }
        }
    }
    Some(words)
}

/// The end of the word starting at `i`: quotes, escapes and `$( )`, `${ }`,
/// backticks are skipped as a unit. A brace is a grouping only after `$`
/// (`{ ls; }` starts with the word `{`, `-I{}` is a word).
fn word_end(bytes: &[u8], mut i: usize) -> Option<usize> {
    // The closers of the groupings still open, innermost last.
    let mut open: Vec<u8> = Vec::new();
    while let Some(&b) = bytes.get(i) {
        match b {
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b')' if open.is_empty() => {
                return Some(i)
            }
            b'\\' => i += 1,
            b'\'' => i = i + 1 + bytes.get(i + 1..)?.iter().position(|&c| c == b'\'')?,
            b'"' => {
                i += 1;
                while *bytes.get(i)? != b'"' {
                    i += if bytes.get(i) == Some(&b'\\') { 2 } else { 1 };
                }
            }
            b'`' => i = i + 1 + bytes.get(i + 1..)?.iter().position(|&c| c == b'`')?,
            b'(' => open.push(b')'),
            b'{' if i > 0 && bytes.get(i - 1) == Some(&b'$') => open.push(b'}'),
            b')' | b'}' if open.last() == Some(&b) => {
                open.pop();
            }
            _ => {}
        }
        i += 1;
    }
    open.is_empty().then_some(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::Origin;

    fn entry(text: &str, argv: &[&str]) -> Executed {
        Executed {
            text: text.to_owned(),
            argv: Some(argv.iter().map(|&s| s.to_owned()).collect()),
            origin: Origin::Bash,
            inner_at: None,
            pid: 1,
            ..Executed::unresolved()
        }
    }

    /// INV-GROUND-2: the inner text keeps the source form when the wrapper words are literal.
    #[test]
    fn inv_ground_2_inner_text_table() {
        let rows: [(&str, &[&str], usize, &str); 6] = [
            (
                "timeout 30s pnpm test",
                &["/usr/bin/timeout", "30s", "pnpm", "test"],
                2,
                "pnpm test",
            ),
            (
                "A=1 nice -n 5 cat \"a b\" > out",
                &["/usr/bin/nice", "-n", "5", "cat", "a b"],
                3,
                "cat \"a b\" > out",
            ),
            ("timeout '3' ls", &["/usr/bin/timeout", "3", "ls"], 2, "ls"),
            // The duration came from an expansion: the argv is all we can trust.
            (
                "timeout $T ls x",
                &["/usr/bin/timeout", "5", "ls", "x"],
                2,
                "ls x",
            ),
            (
                "timeout $T",
                &["/usr/bin/timeout", "5", "ls", "a b"],
                2,
                "ls 'a b'",
            ),
            ("nohup if", &["/usr/bin/nohup", "if"], 1, "if"),
        ];
        for (text, argv, index, want) in rows {
            assert_eq!(inner_text(&entry(text, argv), index), want, "{text:?}");
        }
    }

    /// INV-KNOWN-2: the literal words a classifier compares with a stub's argv.
    #[test]
    fn inv_known_2_literal_words_table() {
        let words = |ws: &[&str]| Some(ws.iter().map(|&w| w.to_owned()).collect::<Vec<_>>());
        let rows: [(&str, Option<Vec<String>>); 9] = [
            ("cat 'a b' \\ <<", words(&["cat", "a b", " "])),
            (
                "xargs  -I{} cat \"x\" y",
                words(&["xargs", "-I{}", "cat", "x", "y"]),
            ),
            ("ls {fd}>out", words(&["ls"])),
            ("echo {a,b}", None),
            ("echo {1..3}", None),
            ("echo $x", None),
            ("ls *", None),
            ("git push; rm -rf x", words(&["git", "push"])),
            (
                "{ timeout 1 cat 'a b' \\; {; }",
                words(&["{", "timeout", "1", "cat", "a b", ";", "{"]),
            ),
        ];
        for (text, want) in rows {
            assert_eq!(literal_words(text), want, "{text:?}");
        }
    }
}
