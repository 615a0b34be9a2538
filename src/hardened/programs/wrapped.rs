//! Judging the command a program runs (spec §12.5, `HARD-RUN-4`).
//!
//! [`crate::hardened::programs::wrappers`] finds where a program's inner command starts; this
//! gives the judgement of the outer command the inner command's values and
//! floors, peeling one program after another (`nice taskset 1 rm`).

use tree_sitter::Node;

use crate::hardened::contract::clauses::Clause;
use crate::hardened::contract::programs::Quirk;
use crate::hardened::programs::inner::Runs;
use crate::hardened::programs::runs::{reads_unknown_word, runs_code_known};
use crate::hardened::programs::wrappers::{git_subcommand, runs, GitSubcommand};
use crate::hardened::programs::writes::write_targets;
use crate::hardened::words::spelling::{dequote_name, Name};
use crate::hardened::words::values::{read_args, spell_joined, unknown_word, Word};
use crate::policy::floor::{basename, wrapper_kind};

/// Most programs peeled off one command (`nice nice nice … rm`).
pub const MAX_WRAPPERS: usize = 64;

/// The inner command of a package runner (`HARD-RUN-10`): judged by the
/// rules unless a rule allowing `outer` names `prefix`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedInner {
    /// The runner's command as written, dequoted (`npx tsc --noEmit`).
    pub outer: String,
    /// Its words through the inner program (`npx tsc`).
    pub prefix: String,
    /// The inner command's value (`tsc --noEmit`).
    pub value: String,
    /// The inner command's words spelled (`HARD-VALUE-1`).
    pub spelled: Vec<Word>,
}

/// What the inner commands add to a judgement.
#[derive(Debug, Default)]
pub struct Wrapped {
    /// Values as written (HARD-SPELL-1): each inner command's words.
    pub values: Vec<String>,
    /// Spelled values (HARD-VALUE-1): each inner command's words spelled.
    pub spelled: Vec<Vec<Word>>,
    /// The first floor of an inner command, or HARD-RUN-4 when unsure.
    pub floor: Option<Clause>,
    /// The inner commands' own writes (HARD-EFFECT-5), as `>` and target.
    pub writes: Vec<Vec<Word>>,
    /// Package runners' inner commands (`HARD-RUN-10`), kept apart from
    /// `values` and `spelled`.
    pub named: Vec<NamedInner>,
}

/// One inner command still to read: its words' range, its placeholder,
/// whether input items are appended, and the runner that names it.
type Pending = (usize, usize, Option<String>, bool, Option<(String, String)>);

/// A program's own writes (`HARD-EFFECT-5`), each as a `>` and its
/// target; a target of a program run in another directory by an option of
/// a directory option of its row (`git -C .git log --output=config`) is
/// read from there too.
#[must_use]
pub fn program_writes(
    name: &str,
    read: &crate::hardened::words::values::ReadArgs,
) -> Vec<Vec<Word>> {
    let texts: Vec<Option<&str>> = read
        .texts
        .iter()
        .zip(&read.known)
        .map(|(t, k)| k.then_some(t.as_str()))
        .collect();
    let dirs = crate::hardened::programs::dirs::program_dirs(name, &read.words);
    let mut out = Vec::new();
    for target in write_targets(name, &texts, &read.words) {
        for dir in &dirs {
            let moved = match dir.literal_text() {
                Some(_) => target.under(dir),
                None => Some(unknown_word()),
            };
            if let Some(moved) = moved {
                out.push(vec![Word::literal(">"), moved]);
            }
        }
        out.push(vec![Word::literal(">"), target]);
    }
    out
}

/// The inner commands of the command whose words are `groups` (the name
/// first; each word the parse's nodes joined as HARD-SPELL-1 says) and
/// `texts` (their source texts, line continuations removed).
#[must_use]
pub fn inner_commands(source: &str, groups: &[Vec<Node<'_>>], texts: &[String]) -> Wrapped {
    let mut out = Wrapped::default();
    let mut pending: Vec<Pending> = vec![(0, texts.len(), None, false, None)];
    let mut peeled = 0;
    while let Some((start, end, placeholder, appended, runner)) = pending.pop() {
        let words = texts.get(start..end).unwrap_or_default();
        let names: Vec<Name> = words.iter().map(|w| dequote_name(w)).collect();
        let Some(Name::Literal(name)) = names.first() else {
            out.floor = out.floor.or(Some(Clause::SpellComputed));
            continue;
        };
        let dequoted: Vec<String> = names
            .iter()
            .zip(words)
            .map(|(n, w)| match n {
                Name::Literal(text) => text.clone(),
                Name::Computed => w.clone(),
            })
            .collect();
        if start > 0 {
            // An inner command: judged as a command of its own.
            let value = dequoted.join(" ");
            let mut spelled: Vec<Word> = Vec::new();
            for (index, group) in groups
                .get(start..end)
                .unwrap_or_default()
                .iter()
                .enumerate()
            {
                let is_placeholder = placeholder.as_deref().is_some_and(|p| {
                    !p.is_empty() && words.get(index).is_some_and(|w| w.contains(p))
                });
                match index {
                    0 => spelled.push(Word::literal(name)),
                    _ if is_placeholder => spelled.push(unknown_word()),
                    _ => spelled.extend(spell_joined(source, group)),
                }
            }
            if appended {
                spelled.push(unknown_word());
            }
            match runner {
                Some((outer, prefix)) => out.named.push(NamedInner {
                    outer,
                    prefix,
                    value,
                    spelled,
                }),
                None => {
                    out.values.push(value);
                    out.spelled.push(spelled);
                }
            }
            let refs = dequoted.iter().map(String::as_str);
            // HARD-VALUE-7: the inner command's readers read values too.
            let read = read_args(
                source,
                groups.get(start + 1..end).unwrap_or_default(),
                words.get(1..).unwrap_or_default(),
            );
            let floor = if wrapper_kind(refs).is_some() {
                Some(Clause::SpellFloor)
            } else {
                runs_code_known(basename(name), &read.texts, &read.known).or_else(|| {
                    reads_unknown_word(basename(name), &read).then_some(Clause::ValueUnknown)
                })
            };
            out.floor = out.floor.or(floor);
            // HARD-EFFECT-5: the inner program's own writes.
            out.writes.extend(program_writes(basename(name), &read));
        }
        let args: Vec<&str> = dequoted.iter().skip(1).map(String::as_str).collect();
        let global = crate::hardened::contract::programs::row(basename(name))
            .filter(|row| row.has(Quirk::GlobalOptions));
        if let Some(row) = global {
            // `git -C dir push`: judged as `git push` too.
            match git_subcommand(&args) {
                GitSubcommand::At(k) => {
                    let from = start + 1 + k;
                    let rest = dequoted.get(1 + k..).unwrap_or_default();
                    out.values.push(format!("{} {}", row.name, rest.join(" ")));
                    let words = groups.get(from..end).unwrap_or_default();
                    out.spelled.push(
                        std::iter::once(Word::literal(row.name))
                            .chain(words.iter().flat_map(|g| spell_joined(source, g)))
                            .collect(),
                    );
                }
                GitSubcommand::First => {}
                GitSubcommand::Unsure => out.floor = out.floor.or(Some(Clause::RunWrapped)),
            }
        }
        let literal: Vec<bool> = names
            .iter()
            .skip(1)
            .map(|n| matches!(n, Name::Literal(_)))
            .collect();
        match runs(basename(name), &args, &literal) {
            Runs::Nothing => {}
            Runs::Unsure => out.floor = out.floor.or(Some(Clause::RunWrapped)),
            Runs::Commands(inners) => {
                peeled += 1;
                if peeled > MAX_WRAPPERS {
                    out.floor = out.floor.or(Some(Clause::RunWrapped));
                    continue;
                }
                let names_inner = crate::hardened::contract::programs::row(basename(name))
                    .is_some_and(|row| row.has(Quirk::NamedInner));
                for inner in inners.into_iter().rev() {
                    let (s, e) = (start + 1 + inner.start, start + 1 + inner.end);
                    let runner = names_inner.then(|| {
                        let through = dequoted.get(..=1 + inner.start).unwrap_or_default();
                        (dequoted.join(" "), through.join(" "))
                    });
                    pending.push((s, e, inner.placeholder, inner.appended, runner));
                }
            }
        }
    }
    out
}
