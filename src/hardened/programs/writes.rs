//! Where a program's own write targets stand among its words (spec §12.7,
//! `HARD-EFFECT-5`), read from the
//! `writes` of the program's row of [`crate::hardened::contract::programs`].

use crate::hardened::contract::programs::{row, without_g};
use crate::hardened::contract::writes::Target;
use crate::hardened::programs::globals::first_operand;
use crate::hardened::words::values::{unknown_word, Word};

/// The files `program` writes by its own options, as spelled targets:
/// `texts[i]` is argument `i`'s exact value when known, `words[i]` its
/// spelled word (an unknown target is [`unknown_word`]).
#[must_use]
pub fn write_targets(program: &str, texts: &[Option<&str>], words: &[Word]) -> Vec<Word> {
    let mut out = Vec::new();
    let word = |i: usize| words.get(i).cloned().unwrap_or_else(unknown_word);
    let attached = |i: usize, value: Option<&str>| match (texts.get(i).copied().flatten(), value) {
        (Some(_), Some(v)) => Word::literal(v),
        _ => unknown_word(),
    };
    // After git's global options, read as HARD-RUN-7 reads them.
    let first_operand = first_operand(program, texts, &[]);
    // Homebrew's and the BSDs' `g` names are the same programs (`gcp`).
    let rows = row(without_g(program)).map_or(&[][..], |r| r.writes);
    for row in rows {
        if !row.subcommands.is_empty() {
            let sub = first_operand.and_then(|i| texts.get(i).copied().flatten());
            if !sub.is_some_and(|s| row.subcommands.contains(&s)) {
                continue;
            }
        }
        let mut i = 0;
        while i < texts.len() {
            let text = texts.get(i).copied().flatten();
            if text == Some("--") && !matches!(row.target, Target::Operands | Target::LastOperand) {
                break;
            }
            match (row.target, text) {
                (_, None) => {}
                (Target::Primary(primaries), Some(t)) if primaries.contains(&t) => {
                    out.push(word(i + 1));
                    i += 1;
                }
                (Target::Assignment(key), Some(t)) => {
                    if let Some(v) = t.strip_prefix(key) {
                        out.push(attached(i, Some(v)));
                    }
                }
                // `-` is standard output, no file.
                (Target::Operands, Some(t)) if !t.starts_with('-') => out.push(word(i)),
                (Target::LastOperand, Some(t)) if !t.starts_with('-') => {
                    // Only the last operand: the ones before it are read.
                    let later = texts
                        .get(i + 1..)
                        .unwrap_or_default()
                        .iter()
                        .any(|w| w.is_none_or(|w| !w.starts_with('-')));
                    if !later {
                        out.push(word(i));
                    }
                }
                (
                    Target::Option {
                        spellings,
                        cluster,
                        abbreviates,
                    },
                    Some(t),
                ) => {
                    if let Some(value) = option_value(t, spellings, cluster, abbreviates) {
                        match value {
                            Some(v) => out.push(attached(i, Some(v))),
                            None => {
                                out.push(word(i + 1));
                                i += 1;
                            }
                        }
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }
    out
}

/// Whether `arg` is one of the option `spellings`: `Some(Some(v))` with an
/// attached value, `Some(None)` with the value in the next word.
fn option_value<'a>(
    arg: &'a str,
    spellings: &[&str],
    cluster: bool,
    abbreviates: bool,
) -> Option<Option<&'a str>> {
    if let Some(long) = arg.strip_prefix("--") {
        let (name, value) = match long.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (long, None),
        };
        let hit = spellings
            .iter()
            .filter_map(|s| s.strip_prefix("--"))
            .any(|s| s == name || (abbreviates && !name.is_empty() && s.starts_with(name)));
        return hit.then_some(value);
    }
    let letters = arg.strip_prefix('-').filter(|l| !l.is_empty())?;
    for spelling in spellings.iter().filter(|s| !s.starts_with("--")) {
        let letter = spelling.strip_prefix('-')?;
        if let Some(rest) = letters.strip_prefix(letter) {
            return Some((!rest.is_empty()).then_some(rest));
        }
        if cluster {
            if let Some(at) = letters.find(letter) {
                let rest = letters.get(at + letter.len()..).unwrap_or_default();
                return Some((!rest.is_empty()).then_some(rest));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(program: &str, args: &[&str]) -> Vec<Option<String>> {
        let texts: Vec<Option<&str>> = args.iter().map(|a| Some(*a)).collect();
        let words: Vec<Word> = args.iter().map(|a| Word::literal(a)).collect();
        write_targets(program, &texts, &words)
            .iter()
            .map(|w| w.literal_text().map(str::to_owned))
            .collect()
    }

    /// HARD-EFFECT-5: where each program's own write target stands.
    #[test]
    fn hard_effect_5_program_writes() {
        let some = |t: &str| vec![Some(t.to_owned())];
        assert_eq!(
            targets("git", &["log", "--output=.git/config"]),
            some(".git/config")
        );
        assert_eq!(targets("git", &["diff", "--outp", "../x"]), some("../x"));
        assert_eq!(targets("git", &["format-patch", "-o", "out"]), some("out"));
        assert_eq!(targets("git", &["grep", "-o", "x"]), vec![]);
        assert_eq!(targets("find", &[".", "-fprintf", "f", "%p"]), some("f"));
        assert_eq!(targets("find", &[".", "-name", "x"]), vec![]);
        assert_eq!(targets("sort", &["-uo", "f", "a"]), some("f"));
        assert_eq!(targets("sort", &["-of", "a"]), some("f"));
        assert_eq!(targets("sort", &["--out=f", "a"]), some("f"));
        assert_eq!(targets("sort", &["-u", "a"]), vec![]);
        assert_eq!(
            targets("tee", &["-a", "a", "b"]),
            vec![Some("a".to_owned()), Some("b".to_owned())]
        );
        assert_eq!(targets("curl", &["-sSLo", "x", "u"]), some("x"));
        assert_eq!(targets("dd", &["if=a", "of=b"]), some("b"));
        assert_eq!(targets("ls", &["-o", "x"]), vec![]);
        let unknown = write_targets(
            "git",
            &[Some("log"), None],
            &[Word::literal("log"), unknown_word()],
        );
        assert!(
            unknown.is_empty(),
            "an unknown word is not read as an option"
        );
    }
}
