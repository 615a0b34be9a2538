//! Brace expansion of literal words (spec §12.4, `HARD-VALUE-3`).
//!
//! bash expands braces before any other expansion, on unquoted text only:
//! `{a,b}` and `{1..3}` give one word per item. A word that would give more
//! words than the bound, or a sequence this reading does not model
//! (zero-padded), is one unknown word.

use super::words::Piece;

/// Most words one word may brace-expand into before it is read as unknown.
pub const MAX_BRACE_WORDS: usize = 256;

/// Brace expansion (`HARD-VALUE-3`): the words, or `None` past the bound.
pub(super) fn braces(word: Vec<Piece>) -> Option<Vec<Vec<Piece>>> {
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

pub(super) fn is_bare(piece: Option<&Piece>, want: char) -> bool {
    matches!(piece, Some(Piece::Char { c, quoted: false }) if *c == want)
}

/// The first brace expression of `word` expanded once: `Some(None)` if it
/// has none, `None` if one is past what is modelled.
fn expand_first(word: &[Piece]) -> Option<Option<Vec<Vec<Piece>>>> {
    for open in 0..word.len() {
        if !is_bare(word.get(open), '{') {
            continue;
        }
        let mut depth = 0usize;
        let mut commas = Vec::new();
        for close in open + 1..word.len() {
            if is_bare(word.get(close), '{') {
                depth += 1;
            } else if is_bare(word.get(close), '}') {
                if depth > 0 {
                    depth -= 1;
                    continue;
                }
                let prefix = word.get(..open)?;
                let suffix = word.get(close + 1..)?;
                let inner = word.get(open + 1..close)?;
                let items: Vec<Vec<Piece>> = if commas.is_empty() {
                    match sequence(inner) {
                        Sequence::Items(items) => items,
                        Sequence::Unmodelled => return None,
                        // Literal braces: look for a later expression.
                        Sequence::Not => break,
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
            } else if depth == 0 && is_bare(word.get(close), ',') {
                commas.push(close);
            }
        }
    }
    Some(None)
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
