//! Tokens of a bash text: words, control operators and redirections
//! (`INV-ROLE-2`). Written for bash's own rendering of a parse
//! (`bash --pretty-print`), where every redirection is printed in one
//! canonical spelling, but it reads any text bash would: quotes, escapes,
//! substitutions nested to any depth and here-document bodies.
//!
//! This is deliberately independent of tree-sitter and of the hardened
//! profile's second reading: a differential oracle that shared their code
//! would share their mistakes.

/// One token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Token {
    /// A word as written (quotes and all).
    Word(String),
    /// A control operator: `;` `&` `&&` `||` `|` `|&` `;;` `;&` `;;&` `(`
    /// `)` or a newline (`"\n"`).
    Operator(&'static str),
    /// A redirection: its descriptor as written (digits or `{name}`), its
    /// operator, and its target word as written (`-` for a close, the
    /// delimiter for a here-document).
    Redirection {
        /// Digits or `{name}` before the operator, as written.
        descriptor: Option<String>,
        /// The operator: `<` `>` `>|` `>>` `<>` `&>` `&>>` `<<` `<<-` `<<<`
        /// `<&` `>&`.
        operator: &'static str,
        /// The target word (for `<&`/`>&` the word glued to the operator).
        target: String,
    },
}

/// Operators bash reads after an optional descriptor, longest first.
const REDIRECTIONS: [&str; 12] = [
    "&>>", "<<<", "<<-", "&>", ">>", ">|", "<>", "<<", "<&", ">&", "<", ">",
];

/// Control operators, longest first.
const CONTROLS: [&str; 11] = [";;&", ";;", ";&", "&&", "||", "|&", ";", "&", "|", "(", ")"];

/// Why a text could not be read.
pub(super) type LexError = String;

/// The tokens of `text`; here-document bodies are skipped (their content
/// is no token of the command).
pub(super) fn lex(text: &str) -> Result<Vec<Token>, LexError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut pending: Vec<(String, bool)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars.get(i).copied().unwrap_or(' ');
        match c {
            ' ' | '\t' => i += 1,
            '\\' if chars.get(i + 1) == Some(&'\n') => i += 2,
            '#' => {
                while i < chars.len() && chars.get(i) != Some(&'\n') {
                    i += 1;
                }
            }
            '\n' => {
                tokens.push(Token::Operator("\n"));
                i += 1;
                for (delimiter, strip) in std::mem::take(&mut pending) {
                    i = skip_body(&chars, i, &delimiter, strip);
                }
            }
            _ => {
                if let Some((token, next)) = redirection(&chars, i)? {
                    if let Token::Redirection {
                        operator: op @ ("<<" | "<<-"),
                        target,
                        ..
                    } = &token
                    {
                        pending.push((dequote_plain(target), *op == "<<-"));
                    }
                    tokens.push(token);
                    i = next;
                } else if starts_with(&chars, i, "((") {
                    // An arithmetic command, one word (bash prints a
                    // subshell in a subshell as `( ( … ) )`).
                    let end = balanced(&chars, i + 1, '(', ')')?;
                    tokens.push(Token::Word(
                        chars.get(i..end).unwrap_or(&[]).iter().collect(),
                    ));
                    i = end;
                } else if let Some(op) = control(&chars, i) {
                    tokens.push(Token::Operator(op));
                    i += op.chars().count();
                } else {
                    let end = word_end(&chars, i)?;
                    tokens.push(Token::Word(
                        chars.get(i..end).unwrap_or(&[]).iter().collect(),
                    ));
                    i = end;
                }
            }
        }
    }
    Ok(tokens)
}

fn starts_with(chars: &[char], at: usize, text: &str) -> bool {
    text.chars()
        .enumerate()
        .all(|(k, t)| chars.get(at + k) == Some(&t))
}

fn control(chars: &[char], at: usize) -> Option<&'static str> {
    CONTROLS.into_iter().find(|op| starts_with(chars, at, op))
}

/// A redirection starting at `at`: `[digits|{name}]op` then, for `<&`,
/// `>&` and the here-document operators, the word glued to it, else the
/// next word after blanks.
fn redirection(chars: &[char], at: usize) -> Result<Option<(Token, usize)>, LexError> {
    let mut i = at;
    while chars.get(i).is_some_and(char::is_ascii_digit) {
        i += 1;
    }
    let mut descriptor = (i > at).then(|| chars.get(at..i).unwrap_or(&[]).iter().collect());
    if i == at && chars.get(at) == Some(&'{') {
        let mut j = at + 1;
        while chars
            .get(j)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
        {
            j += 1;
        }
        if j > at + 1 && chars.get(j) == Some(&'}') {
            let name_start = chars.get(at + 1).is_some_and(|c| !c.is_ascii_digit());
            if name_start && REDIRECTIONS.iter().any(|op| starts_with(chars, j + 1, op)) {
                descriptor = Some(chars.get(at..=j).unwrap_or(&[]).iter().collect());
                i = j + 1;
            }
        }
    }
    let Some(operator) = REDIRECTIONS
        .into_iter()
        .find(|op| starts_with(chars, i, op))
    else {
        return Ok(None);
    };
    // `<(` and `>(` open a process substitution, a word.
    let after = i + operator.chars().count();
    if matches!(operator, "<" | ">") && chars.get(after) == Some(&'(') {
        return Ok(None);
    }
    if descriptor.is_some() && operator.starts_with('&') {
        // `2&>x` is the word `2` and then `&>`.
        return Ok(None);
    }
    let glued = matches!(operator, "<&" | ">&" | "<<" | "<<-");
    let mut start = after;
    if !glued || chars.get(start).is_some_and(|c| *c == ' ' || *c == '\t') {
        while chars.get(start).is_some_and(|c| *c == ' ' || *c == '\t') {
            start += 1;
        }
    }
    let end = word_end(chars, start)?;
    if end == start {
        return Err(format!("a redirection `{operator}` without a target"));
    }
    let target = chars.get(start..end).unwrap_or(&[]).iter().collect();
    Ok(Some((
        Token::Redirection {
            descriptor,
            operator,
            target,
        },
        end,
    )))
}

/// Skips a here-document body from `at` (the start of the line after the
/// operator's line) through its delimiter line.
fn skip_body(chars: &[char], mut at: usize, delimiter: &str, strip_tabs: bool) -> usize {
    while at < chars.len() {
        let mut end = at;
        while end < chars.len() && chars.get(end) != Some(&'\n') {
            end += 1;
        }
        let line: String = chars.get(at..end).unwrap_or(&[]).iter().collect();
        let line = if strip_tabs {
            line.trim_start_matches('\t').to_owned()
        } else {
            line
        };
        at = (end + 1).min(chars.len());
        if line == delimiter {
            break;
        }
    }
    at
}

/// The end of the word starting at `at`: unquoted blanks and metacharacters
/// end it; quotes, escapes and substitutions are read whole.
pub(super) fn word_end(chars: &[char], at: usize) -> Result<usize, LexError> {
    let mut i = at;
    loop {
        let Some(&c) = chars.get(i) else {
            return Ok(i);
        };
        match c {
            ' ' | '\t' | '\n' | ';' | '&' | '|' | ')' => return Ok(i),
            '(' if i == at => return Ok(i),
            '(' if is_assignment_prefix(chars.get(at..i).unwrap_or(&[])) => {
                i = balanced(chars, i + 1, '(', ')')?;
            }
            '(' => return Ok(i),
            '<' | '>' if chars.get(i + 1) == Some(&'(') => i = balanced(chars, i + 2, '(', ')')?,
            '<' | '>' => return Ok(i),
            _ => i = one_part(chars, i)?,
        }
    }
}

/// `NAME=` or `NAME+=` (a subscript allowed): a `(` after it opens a
/// compound assignment.
fn is_assignment_prefix(word: &[char]) -> bool {
    let text: String = word.iter().collect();
    let Some(head) = text.strip_suffix('=') else {
        return false;
    };
    let head = head.strip_suffix('+').unwrap_or(head);
    let name = head.split('[').next().unwrap_or_default();
    !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The end of one part of a word starting at `at`: a quoted string, an
/// escape, a substitution, or one plain character.
fn one_part(chars: &[char], at: usize) -> Result<usize, LexError> {
    let c = chars.get(at).copied().unwrap_or(' ');
    let next = chars.get(at + 1).copied();
    Ok(match (c, next) {
        ('\\', Some(_)) => at + 2,
        ('\'', _) => closing(chars, at + 1, '\'')?,
        ('$', Some('\'')) => ansi_end(chars, at + 2)?,
        ('$', Some('"')) | ('"', _) => {
            let from = if c == '$' { at + 2 } else { at + 1 };
            double_quoted_end(chars, from)?
        }
        ('$', Some('(')) => balanced(chars, at + 2, '(', ')')?,
        ('$', Some('{')) => balanced(chars, at + 2, '{', '}')?,
        ('$', Some('[')) => balanced(chars, at + 2, '[', ']')?,
        ('`', _) => backquote_end(chars, at + 1)?,
        _ => at + 1,
    })
}

fn closing(chars: &[char], from: usize, quote: char) -> Result<usize, LexError> {
    (from..chars.len())
        .find(|&k| chars.get(k) == Some(&quote))
        .map(|k| k + 1)
        .ok_or_else(|| format!("an unterminated {quote}"))
}

fn ansi_end(chars: &[char], mut i: usize) -> Result<usize, LexError> {
    while let Some(&c) = chars.get(i) {
        match c {
            '\\' => i += 2,
            '\'' => return Ok(i + 1),
            _ => i += 1,
        }
    }
    Err("an unterminated $'".to_owned())
}

fn double_quoted_end(chars: &[char], mut i: usize) -> Result<usize, LexError> {
    while let Some(&c) = chars.get(i) {
        match c {
            '"' => return Ok(i + 1),
            '\\' => i += 2,
            '$' | '`' => i = one_part(chars, i)?,
            _ => i += 1,
        }
    }
    Err("an unterminated \"".to_owned())
}

fn backquote_end(chars: &[char], mut i: usize) -> Result<usize, LexError> {
    while let Some(&c) = chars.get(i) {
        match c {
            '\\' => i += 2,
            '`' => return Ok(i + 1),
            _ => i += 1,
        }
    }
    Err("an unterminated `".to_owned())
}

/// The end of a bracketed text whose opener is before `from`: nesting of
/// the same brackets counted, quotes and substitutions read whole.
pub(super) fn balanced(
    chars: &[char],
    mut i: usize,
    open: char,
    close: char,
) -> Result<usize, LexError> {
    let mut depth = 1_usize;
    while let Some(&c) = chars.get(i) {
        if c == close {
            depth -= 1;
            i += 1;
            if depth == 0 {
                return Ok(i);
            }
        } else if c == open {
            depth += 1;
            i += 1;
        } else if c == '#'
            && open == '('
            && i > 0
            && chars.get(i - 1).is_some_and(|p| p.is_whitespace())
        {
            // A comment inside a command substitution runs to the line's end.
            while chars.get(i).is_some_and(|c| *c != '\n') {
                i += 1;
            }
        } else {
            i = one_part(chars, i)?;
        }
    }
    Err(format!("an unterminated {open}"))
}

/// A word with its quotes removed where that is all there is to it (a
/// here-document delimiter).
fn dequote_plain(word: &str) -> String {
    let mut out = String::new();
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {}
            '\\' => out.extend(chars.next()),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redirection(d: Option<&str>, op: &'static str, t: &str) -> Token {
        Token::Redirection {
            descriptor: d.map(str::to_owned),
            operator: op,
            target: t.to_owned(),
        }
    }

    #[test]
    fn canonical_redirections() {
        let tokens = lex("cat .env 2>&- 0<> f >| g &>> h {fd}> out 10>&2- >&'$(x)'").unwrap();
        assert_eq!(
            tokens,
            vec![
                Token::Word("cat".into()),
                Token::Word(".env".into()),
                redirection(Some("2"), ">&", "-"),
                redirection(Some("0"), "<>", "f"),
                redirection(None, ">|", "g"),
                redirection(None, "&>>", "h"),
                redirection(Some("{fd}"), ">", "out"),
                redirection(Some("10"), ">&", "2-"),
                redirection(None, ">&", "'$(x)'"),
            ]
        );
    }

    #[test]
    fn words_with_substitutions_and_here_documents() {
        let tokens =
            lex("echo \"$(ls > x; echo ')')\" <(cat) a=(1 2)\ncat <<'E' x\n$(no)\nE\necho")
                .unwrap();
        assert_eq!(
            tokens,
            vec![
                Token::Word("echo".into()),
                Token::Word("\"$(ls > x; echo ')')\"".into()),
                Token::Word("<(cat)".into()),
                Token::Word("a=(1 2)".into()),
                Token::Operator("\n"),
                Token::Word("cat".into()),
                redirection(None, "<<", "'E'"),
                Token::Word("x".into()),
                Token::Operator("\n"),
                Token::Word("echo".into()),
            ]
        );
    }
}
