//! The directories a program's own options run it in (spec §12.6,
//! `HARD-VALUE-6`, `HARD-EFFECT-5`).

use crate::hardened::contract::programs::{row, Chdir};
use crate::hardened::words::values::{unknown_word, Word};

/// The directories the program `name` is run in by an option of
/// a `chdir` option of its row among its argument words, inward ones included (a
/// program's own write, HARD-EFFECT-5, is read from there); an unknown
/// word after the option is an unknown directory.
#[must_use]
pub fn program_dirs(name: &str, words: &[Word]) -> Vec<Word> {
    let mut out = Vec::new();
    let Some(Chdir { short, long }) = row(name).and_then(|r| r.chdir) else {
        return out;
    };
    let mut args = words.iter();
    while let Some(word) = args.next() {
        let Some(text) = word.literal_text() else {
            continue;
        };
        if text == short || (!long.is_empty() && text == long) {
            out.push(args.next().cloned().unwrap_or_else(unknown_word));
        } else if let Some(dir) = (!long.is_empty())
            .then(|| text.strip_prefix(long).and_then(|r| r.strip_prefix('=')))
            .flatten()
            .or_else(|| {
                text.strip_prefix(short)
                    .filter(|r| !r.is_empty() && !text.starts_with("--"))
            })
        {
            out.push(Word::literal(dir));
        }
    }
    out
}
