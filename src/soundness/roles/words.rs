//! What a word is once quoting is set aside (`INV-ROLE-3`): both readings
//! are compared on it, because bash's rendering respells some words
//! (`$'e'` as `'e'`) and reprints the commands inside substitutions.

/// Stands for a substitution or parameter expansion: its text is compared
/// as the commands inside it, not as characters.
pub(super) const EXPANSION: &str = "\u{27e8}$\u{27e9}";

/// `word` with quotes and escapes removed and each substitution or
/// `${…}` replaced by [`EXPANSION`].
pub(super) fn normal(word: &str) -> String {
    let chars: Vec<char> = word.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let next = chars.get(i + 1).copied();
        match (c, next) {
            ('\\', Some('\n')) => i += 2,
            ('\\', Some(n)) => {
                out.push(n);
                i += 2;
            }
            ('\'', _) => {
                let end = until(&chars, i + 1, '\'');
                out.extend(chars.get(i + 1..end).unwrap_or(&[]));
                i = end + 1;
            }
            ('$', Some('\'')) => {
                let (text, end) = ansi(&chars, i + 2);
                out.push_str(&text);
                i = end;
            }
            ('$', Some('"')) | ('"', _) => {
                i = double_quoted(&chars, if c == '$' { i + 2 } else { i + 1 }, &mut out);
            }
            ('$' | '<' | '>', Some('(')) | ('$', Some('{' | '[')) | ('`', _) => {
                out.push_str(EXPANSION);
                i = expansion_end(&chars, i);
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

fn until(chars: &[char], from: usize, quote: char) -> usize {
    (from..chars.len())
        .find(|&k| chars.get(k) == Some(&quote))
        .unwrap_or(chars.len())
}

/// The end of the expansion starting at `at` (`$(`, `${`, `$[`, `` ` ``,
/// `<(`, `>(`).
fn expansion_end(chars: &[char], at: usize) -> usize {
    let first = chars.get(at).copied();
    let result = match first {
        Some('`') => {
            let mut i = at + 1;
            while let Some(&c) = chars.get(i) {
                match c {
                    '\\' => i += 2,
                    '`' => return i + 1,
                    _ => i += 1,
                }
            }
            Ok(chars.len())
        }
        _ => {
            let (open, close) = match chars.get(at + 1) {
                Some('{') => ('{', '}'),
                Some('[') => ('[', ']'),
                _ => ('(', ')'),
            };
            super::lex::balanced(chars, at + 2, open, close)
        }
    };
    result.unwrap_or(chars.len())
}

fn double_quoted(chars: &[char], mut i: usize, out: &mut String) -> usize {
    while let Some(&c) = chars.get(i) {
        let next = chars.get(i + 1).copied();
        match (c, next) {
            ('"', _) => return i + 1,
            ('\\', Some('\n')) => i += 2,
            ('\\', Some(n @ ('$' | '`' | '"' | '\\'))) => {
                out.push(n);
                i += 2;
            }
            ('$', Some('(' | '{' | '[')) | ('`', _) => {
                out.push_str(EXPANSION);
                i = expansion_end(chars, i);
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    i
}

/// The text of an ANSI-C quoted string starting after `$'`, and the index
/// after its closing quote.
fn ansi(chars: &[char], mut i: usize) -> (String, usize) {
    let mut out = String::new();
    let mut bytes: Vec<u8> = Vec::new();
    let flush = |bytes: &mut Vec<u8>, out: &mut String| {
        out.push_str(&String::from_utf8_lossy(bytes));
        bytes.clear();
    };
    while let Some(&c) = chars.get(i) {
        if c == '\'' {
            i += 1;
            break;
        }
        if c != '\\' {
            flush(&mut bytes, &mut out);
            out.push(c);
            i += 1;
            continue;
        }
        let Some(&e) = chars.get(i + 1) else {
            i += 1;
            break;
        };
        i += 2;
        let digits = |i: &mut usize, radix: u32, max: usize| -> Option<u32> {
            let start = *i;
            while *i - start < max && chars.get(*i).is_some_and(|d| d.is_digit(radix)) {
                *i += 1;
            }
            let text: String = chars.get(start..*i).unwrap_or(&[]).iter().collect();
            u32::from_str_radix(&text, radix).ok()
        };
        let simple = match e {
            'n' => Some('\n'),
            't' => Some('\t'),
            'r' => Some('\r'),
            'a' => Some('\u{7}'),
            'b' => Some('\u{8}'),
            'e' | 'E' => Some('\u{1b}'),
            'f' => Some('\u{c}'),
            'v' => Some('\u{b}'),
            '\\' | '\'' | '"' | '?' => Some(e),
            _ => None,
        };
        if let Some(s) = simple {
            flush(&mut bytes, &mut out);
            out.push(s);
            continue;
        }
        match e {
            'x' => match digits(&mut i, 16, 2) {
                Some(v) => bytes.push(u8::try_from(v).unwrap_or(0)),
                None => out.push_str("\\x"),
            },
            '0'..='7' => {
                i -= 1;
                if let Some(v) = digits(&mut i, 8, 3) {
                    bytes.push(u8::try_from(v & 0xff).unwrap_or(0));
                }
            }
            'u' | 'U' => {
                flush(&mut bytes, &mut out);
                let max = if e == 'u' { 4 } else { 8 };
                match digits(&mut i, 16, max).and_then(char::from_u32) {
                    Some(ch) => out.push(ch),
                    None => out.push(e),
                }
            }
            other => {
                flush(&mut bytes, &mut out);
                out.push('\\');
                out.push(other);
            }
        }
    }
    flush(&mut bytes, &mut out);
    (out, i)
}

/// The bodies of the command and process substitutions in `word`, at any
/// depth of quoting, arithmetic and parameter expansion (not in single
/// quotes), backquotes with one level of escapes removed.
pub(super) fn substitution_bodies(word: &str) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    let mut bodies = Vec::new();
    collect(&chars, &mut bodies);
    bodies
}

fn collect(chars: &[char], bodies: &mut Vec<String>) {
    let mut i = 0;
    let mut in_double = false;
    while let Some(&c) = chars.get(i) {
        let next = chars.get(i + 1).copied();
        match (c, next) {
            ('\\', _) => i += 2,
            ('\'', _) if !in_double => i = until(chars, i + 1, '\'') + 1,
            ('$', Some('\'')) if !in_double => {
                i = ansi(chars, i + 2).1;
            }
            ('"', _) => {
                in_double = !in_double;
                i += 1;
            }
            ('$', Some('(')) if chars.get(i + 2) == Some(&'(') => {
                // Arithmetic: its text may hold substitutions.
                let end = expansion_end(chars, i);
                collect(
                    chars.get(i + 3..end.saturating_sub(2)).unwrap_or(&[]),
                    bodies,
                );
                i = end;
            }
            ('$' | '<' | '>', Some('(')) => {
                let end = expansion_end(chars, i);
                let body: String = chars
                    .get(i + 2..end.saturating_sub(1))
                    .unwrap_or(&[])
                    .iter()
                    .collect();
                bodies.push(body);
                i = end;
            }
            ('$', Some('{' | '[')) => {
                let end = expansion_end(chars, i);
                collect(
                    chars.get(i + 2..end.saturating_sub(1)).unwrap_or(&[]),
                    bodies,
                );
                i = end;
            }
            ('`', _) => {
                let end = expansion_end(chars, i);
                let raw: String = chars
                    .get(i + 1..end.saturating_sub(1))
                    .unwrap_or(&[])
                    .iter()
                    .collect();
                bodies.push(unescape_backquoted(&raw));
                i = end;
            }
            _ => i += 1,
        }
    }
}

/// One level of backquote escapes removed: `\\`, `` \` `` and `\$`.
fn unescape_backquoted(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.peek() {
                Some(&n @ ('\\' | '`' | '$')) => {
                    out.push(n);
                    chars.next();
                }
                _ => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_set_aside() {
        assert_eq!(normal("$'e\\x41'"), "eA");
        assert_eq!(normal("'e'"), "e");
        assert_eq!(normal("a\\ b"), "a b");
        assert_eq!(normal("\"c $(ls) d\""), format!("c {EXPANSION} d"));
        assert_eq!(normal("'$(pwnd)'"), "$(pwnd)");
        assert_eq!(normal("~/.ssh/id_rsa"), "~/.ssh/id_rsa");
    }

    #[test]
    fn bodies_at_any_depth() {
        assert_eq!(
            substitution_bodies("\"${x:-$(ls > y)}\"$((1+`id`))<(cat)'$(no)'"),
            vec!["ls > y".to_owned(), "id".to_owned(), "cat".to_owned()]
        );
        assert_eq!(
            substitution_bodies("`echo \\`rm x\\``"),
            vec!["echo `rm x`".to_owned()]
        );
    }
}
