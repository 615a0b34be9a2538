//! Brace expansion of literal words (spec §12.4, `HARD-VALUE-3`).
//!
//! bash expands braces before any other expansion, on unquoted text only:
//! `{a,b}` and `{1..3}` give one word per item. A word that would give more
//! words than the bound, or a sequence this reading does not model
//! (zero-padded), is one unknown word.

use crate::hardened::words::pieces::Piece;

/// Most words one word may brace-expand into before it is read as unknown.
pub const MAX_BRACE_WORDS: usize = 256;

/// Brace expansion (`HARD-VALUE-3`): the words, or `None` past the bound.
pub(crate) fn braces(word: Vec<Piece>) -> Option<Vec<Vec<Piece>>> {
    let mut done = Vec::new();
    let mut pending = vec![word];
    while let Some(word) = pending.pop() {
        match expand_first(&word)? {
            Some(alternatives) => pending.extend(alternatives.into_iter().rev()),
            None => done.push(word),
        }
        if done.len() + pending.len() > MAX_BRACE_WORDS {
            return None;
        }
    }
    Some(done)
}

pub(crate) fn is_bare(piece: Option<&Piece>, want: char) -> bool {
    matches!(piece, Some(Piece::Char { c, quoted: false }) if *c == want)
}

/// The first brace expression of `word` expanded once: `Some(None)` if it
/// has none, `None` if one is past what is modelled.
fn expand_first(word: &[Piece]) -> Option<Option<Vec<Vec<Piece>>>> {
    for (open, close, commas) in brace_pairs(word) {
        let prefix = word.get(..open)?;
        let suffix = word.get(close + 1..)?;
        let inner = word.get(open + 1..close)?;
        let items: Vec<Vec<Piece>> = if commas.is_empty() {
            match sequence(inner) {
                Sequence::Items(items) => items,
                Sequence::Unmodelled => return None,
                // Literal braces: look for a later expression.
                Sequence::Not => continue,
            }
        } else {
            let mut items = Vec::new();
            let mut from = open + 1;
            for comma in commas.iter().copied().chain(std::iter::once(close)) {
                items.push(word.get(from..comma)?.to_vec());
                from = comma + 1;
            }
            items
        };
        return Some(Some(
            items
                .into_iter()
                .map(|item| [prefix, &item, suffix].concat())
                .collect(),
        ));
    }
    Some(None)
}

/// Every bare `{` of `word` that a bare `}` closes, in the order of the
/// opening braces: its index, its closing brace's, and the bare commas
/// directly inside it (not inside a nested pair). One pass with a stack, so
/// a word of many unclosed `{` costs linear time, not quadratic.
fn brace_pairs(word: &[Piece]) -> Vec<(usize, usize, Vec<usize>)> {
    let mut open: Vec<(usize, Vec<usize>)> = Vec::new();
    let mut pairs = Vec::new();
    for (index, piece) in word.iter().enumerate() {
        let piece = Some(piece);
        if is_bare(piece, '{') {
            open.push((index, Vec::new()));
        } else if is_bare(piece, '}') {
            if let Some((start, commas)) = open.pop() {
                pairs.push((start, index, commas));
            }
        } else if is_bare(piece, ',') {
            if let Some((_, commas)) = open.last_mut() {
                commas.push(index);
            }
        }
    }
    pairs.sort_unstable_by_key(|(start, _, _)| *start);
    pairs
}

/// What the inside of a comma-less brace pair is.
enum Sequence {
    /// A sequence expression's words.
    Items(Vec<Vec<Piece>>),
    /// A sequence expression this reading does not expand (too long, padded).
    Unmodelled,
    /// Not a sequence expression: the braces are literal.
    Not,
}

/// A sequence expression `x..y[..step]` of integers or letters.
fn sequence(inner: &[Piece]) -> Sequence {
    let mut text = String::new();
    for piece in inner {
        match piece {
            Piece::Char { c, quoted: false } => text.push(*c),
            _ => return Sequence::Not,
        }
    }
    let parts: Vec<&str> = text.split("..").collect();
    let (from, to, step) = match parts.as_slice() {
        [a, b] => (*a, *b, 1i64),
        [a, b, s] => match s.parse::<i64>() {
            Ok(step) => (*a, *b, step.saturating_abs().max(1)),
            Err(_) => return Sequence::Not,
        },
        _ => return Sequence::Not,
    };
    let padded = |s: &str| {
        let digits = s.trim_start_matches('-');
        digits.len() > 1 && digits.starts_with('0')
    };
    let values: Vec<String> = match (from.parse::<i64>(), to.parse::<i64>()) {
        (Ok(_), Ok(_)) if padded(from) || padded(to) => return Sequence::Unmodelled,
        (Ok(a), Ok(b)) => {
            if a.abs_diff(b) / step.unsigned_abs() >= MAX_BRACE_WORDS as u64 {
                return Sequence::Unmodelled;
            }
            stepped(a, b, step).map(|v| v.to_string()).collect()
        }
        _ => match (single_letter(from), single_letter(to)) {
            (Some(a), Some(b)) => stepped(i64::from(a), i64::from(b), step)
                .filter_map(|v| u8::try_from(v).ok().map(|b| char::from(b).to_string()))
                .collect(),
            _ => return Sequence::Not,
        },
    };
    Sequence::Items(
        values
            .into_iter()
            .map(|v| v.chars().map(|c| Piece::Char { c, quoted: true }).collect())
            .collect(),
    )
}

fn single_letter(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [b] if b.is_ascii_alphabetic() => Some(*b),
        _ => None,
    }
}

fn stepped(a: i64, b: i64, step: i64) -> impl Iterator<Item = i64> {
    let up = a <= b;
    let count = a.abs_diff(b) / step.unsigned_abs() + 1;
    (0..count).filter_map(move |k| {
        let k = i64::try_from(k).ok()?;
        Some(if up { a + k * step } else { a - k * step })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(text: &str) -> Vec<Piece> {
        text.chars()
            .map(|c| Piece::Char { c, quoted: false })
            .collect()
    }

    fn texts(words: &[Vec<Piece>]) -> Vec<String> {
        let char_of = |p: &Piece| match p {
            Piece::Char { c, .. } => *c,
            _ => '?',
        };
        words
            .iter()
            .map(|w| w.iter().map(char_of).collect())
            .collect()
    }

    /// HARD-VALUE-3: brace expansion of literal words, as bash expands them.
    #[test]
    fn hard_value_3_brace_table() {
        let rows: &[(&str, &[&str])] = &[
            ("a{b,c}d", &["abd", "acd"]),
            ("{-delete,}", &["-delete", ""]),
            ("{a,{b,c}}", &["a", "b", "c"]),
            ("{x}{a,b}", &["{x}a", "{x}b"]),
            ("{{a,b}", &["{a", "{b"]),
            ("{1..3}", &["1", "2", "3"]),
            ("{a..c}x", &["ax", "bx", "cx"]),
            ("{a{b}", &["{a{b}"]),
            ("plain", &["plain"]),
        ];
        for (text, want) in rows {
            let got = braces(word(text)).map(|w| texts(&w));
            assert_eq!(
                got.as_deref(),
                Some(*want)
                    .map(|w| w.iter().map(|s| s.to_string()).collect::<Vec<_>>())
                    .as_deref(),
                "{text}"
            );
        }
        assert_eq!(braces(word("{01..03}")), None, "zero-padded: not modelled");
        assert_eq!(braces(word("{1..1000}")), None, "past the bound");
    }

    /// HARD-VALUE-3: a word of many unclosed braces is read in one pass
    /// (the pairs are found with a stack): every `{` is unmatched here.
    #[test]
    fn hard_value_3_unclosed_braces_have_no_pairs() {
        let many = word(&"{".repeat(50_000));
        assert!(brace_pairs(&many).is_empty());
        assert_eq!(braces(many.clone()).map(|w| w.len()), Some(1));
    }
}
