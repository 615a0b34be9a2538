//! Where a `cd` may have moved the shell (spec §12.4, `HARD-VALUE-6`).
//!
//! A relative path names a file below the directory bash is in when the
//! file is opened, and a `cd` of the same command moves that directory:
//! `cd ~ && cat .ssh/id_rsa` reads what `cat ~/.ssh/id_rsa` reads, and
//! `cd /etc; echo x > passwd` writes `/etc/passwd`. The rules see words as
//! written, so each judgement's words are judged again as read from every
//! directory a `cd` of the command may have left the shell in. Each such
//! directory counts for every judgement, wherever it stands (a loop runs a
//! later `cd` before an earlier command), and a subshell's scope is not
//! followed: both only add directories.

use crate::hardened::commands::judgement::Judgement;
use crate::hardened::contract::paths::{climbs_out, in_git_dir};
use crate::hardened::contract::programs::{row, Chdir};
use crate::hardened::words::values::Word;
use crate::policy::home::posix_normalize;
use crate::policy::Policy;

/// The directories a `cd` of the command may leave the shell in, other
/// than the working directory: those below it included, since a relative
/// rule (`*.claude/*`, `.ssh/*`) sees the words read from there. The `cd`s are
/// followed in source order, each directory on the way kept; a relative one
/// after another that moved the shell leads from there (and, when it
/// climbs, from the working directory too, since the first may not have
/// run: `cd /a || cd ..`). In a command with a loop, where relative ones
/// lead together is only known at run time (`for …; do cd ..; done`).
#[must_use]
pub fn directories(command: &str, judgements: &[Judgement]) -> Vec<Word> {
    let mut cds: Vec<&Judgement> = judgements.iter().filter(|j| j.named && is_cd(j)).collect();
    cds.sort_by_key(|j| j.span.0);
    let mut out: Vec<Word> = Vec::new();
    // Where the shell is: `None` while it is in the tree.
    let mut here: Option<Word> = None;
    let mut relative = 0usize;
    for cd in &cds {
        let Some(words) = cd.spelled.first() else {
            continue;
        };
        // `cd -L`, `cd -P`, `cd -e`, `cd -@`, `cd --`: options, then the operand.
        let operand = words.iter().skip(1).find(|w| {
            w.literal_text()
                .is_none_or(|t| t == "-" || !t.starts_with('-'))
        });
        let target = match operand.map(|w| (w, w.literal_text())) {
            None => Word::home(),
            Some((_, Some("-"))) => crate::hardened::words::values::unknown_word(),
            Some((word, Some(text))) if !text.starts_with('/') => {
                relative += 1;
                let normal = posix_normalize(text);
                // Into `.git` counts too: a write there is not in the tree
                // (HARD-EFFECT-4).
                let climbs = climbs_out(&normal) || in_git_dir(&normal);
                match &here {
                    Some(dir) => {
                        if climbs {
                            // From the working directory too: the `cd`
                            // before may not have run (`cd /a || cd ..`).
                            out.push(word.clone());
                        }
                        word.under(dir)
                            .unwrap_or_else(crate::hardened::words::values::unknown_word)
                    }
                    // Downward too: a relative rule (`*.claude/*`)
                    // sees the words read from there (issue 33, class 6).
                    None => word.clone(),
                }
            }
            Some((word, _)) => word.clone(),
        };
        out.push(target.clone());
        here = Some(target);
    }
    if relative > 0 && cds.len() > 1 && has_loop(command) {
        out.push(crate::hardened::words::values::unknown_word());
    }
    // Every judgement is read again from each directory: past a bound, one
    // directory only run time knows stands for all of them (its reading
    // reaches every rule any of them can), so the work stays linear.
    if out.len() > MAX_DIRECTORIES {
        out = vec![crate::hardened::words::values::unknown_word()];
    }
    out
}

/// Most directories one command's `cd`s are followed to (`HARD-VALUE-6`).
pub const MAX_DIRECTORIES: usize = 16;

/// The directories a judgement's own program is run in by an option of
/// the `chdir` option of its row of the program contract, for every word list of the judgement (a wrapper's
/// inner command included); a static relative one without `..` is in the
/// tree and left out. They do not move bash, so writes are not read from
/// them.
#[must_use]
pub fn chdirs(judgement: &Judgement) -> Vec<Word> {
    let mut out = Vec::new();
    for words in &judgement.spelled {
        let Some(name) = words.first().and_then(Word::literal_text) else {
            continue;
        };
        let name = name.rsplit('/').next().unwrap_or(name);
        let Some(Chdir { short, long }) = row(name).and_then(|r| r.chdir) else {
            continue;
        };
        let mut args = words.iter().skip(1);
        while let Some(word) = args.next() {
            let Some(text) = word.literal_text() else {
                continue;
            };
            let attached_long = match long.is_empty() {
                true => None,
                false => text.strip_prefix(long).and_then(|r| r.strip_prefix('=')),
            };
            let attached_short = text
                .strip_prefix(short)
                .filter(|rest| !rest.is_empty() && !text.starts_with("--"));
            let dir = if text == short || (!long.is_empty() && text == long) {
                args.next().cloned()
            } else {
                attached_long.or(attached_short).map(Word::literal)
            };
            let Some(dir) = dir else {
                continue;
            };
            let inward = dir
                .literal_text()
                .is_some_and(|t| !t.starts_with('/') && !climbs_out(&posix_normalize(t)));
            if !inward {
                out.push(dir);
            }
        }
    }
    out
}

fn is_cd(judgement: &Judgement) -> bool {
    judgement
        .spelled
        .first()
        .and_then(|words| words.first())
        .and_then(Word::literal_text)
        == Some("cd")
}

/// Whether `command` may hold a loop: a `for`, `while` or `until` token
/// (anywhere, quoted too: a false one only adds a directory).
fn has_loop(command: &str) -> bool {
    command
        .split(|c: char| c.is_whitespace() || ";&|(){}".contains(c))
        .any(|token| matches!(token, "for" | "while" | "until"))
}

/// `words` (a command name, then its arguments and effects) with every
/// argument that may be a relative path read from `dir`; `None` when no
/// argument changes.
#[must_use]
pub fn relocate(words: &[Word], dir: &Word) -> Option<Vec<Word>> {
    let mut changed = false;
    let out = words
        .iter()
        .enumerate()
        .map(
            |(index, word)| match word.under(dir).filter(|_| index > 0) {
                Some(moved) => {
                    changed = true;
                    moved
                }
                None => word.clone(),
            },
        )
        .collect();
    changed.then_some(out)
}

/// Whether the rule with `pattern` that decides a relocated value decides
/// the words as written too: it then says nothing about where the words
/// lead (`*`, `git *`), and the written value's own decision stands. The
/// fallback (`None`) says nothing either; a written value with an unknown
/// part is taken not to match, so the rule counts.
#[must_use]
pub fn speaks_of_written(
    policy: &Policy,
    pattern: Option<&str>,
    written: &[crate::hardened::words::values::Spelled],
) -> bool {
    let Some(pattern) = pattern else {
        return true;
    };
    written.iter().any(|value| {
        value
            .as_static()
            .is_some_and(|text| policy.pattern_matches(pattern, &text))
    })
}
