//! Sorting globs into strategies (see the parent module).

use std::collections::HashMap;

use aho_corasick::{dfa::DFA, nfa::contiguous::NFA, MatchKind};
use memchr::memmem::Finder;

use super::{higher, AnchorLiteral, Anchors, Engine, Infixes, Relaxed, Scan, FEW_INFIX_GLOBS};
use crate::policy::pattern::{alternatives, Alternatives};

/// Distinct literals, each with an id, in order of first appearance;
/// borrowed from the expanded patterns until the engine is built.
#[derive(Default)]
struct Interner<'e> {
    ids: HashMap<&'e str, usize>,
    literals: Vec<&'e str>,
}

impl<'e> Interner<'e> {
    fn id(&mut self, literal: &'e str) -> usize {
        let next = self.literals.len();
        let id = *self.ids.entry(literal).or_insert(next);
        if id == next {
            self.literals.push(literal);
        }
        id
    }

    fn owned(&self) -> Vec<Box<str>> {
        self.literals.iter().map(|&l| l.into()).collect()
    }
}

/// Anchors under construction.
#[derive(Default)]
struct AnchorBuilder<'e> {
    interner: Interner<'e>,
    literals: Vec<AnchorLiteral>,
}

impl<'e> AnchorBuilder<'e> {
    fn entry(&mut self, literal: &'e str) -> Option<&mut AnchorLiteral> {
        let id = self.interner.id(literal);
        self.literals
            .resize_with(self.interner.literals.len(), AnchorLiteral::default);
        self.literals.get_mut(id)
    }

    /// `reversed`: the trie is walked from the value's end.
    fn finish(self, reversed: bool) -> Result<Anchors, BuildError> {
        let trie = if self.interner.literals.is_empty() {
            None
        } else {
            let keys = self.interner.literals.iter().map(|l| {
                let mut key = l.as_bytes().to_vec();
                if reversed {
                    key.reverse();
                }
                key
            });
            Some(trie(keys)?)
        };
        Ok(Anchors {
            trie,
            literals: self.literals.into_iter().map(descending).collect(),
        })
    }
}

/// Why an engine could not be built: an automaton beyond aho-corasick's
/// size limits (billions of states; no policy this crate loads comes near).
/// The rule set then evaluates rule by rule, with the same answers.
#[derive(Debug, Clone)]
pub(crate) struct BuildError(#[allow(dead_code)] aho_corasick::BuildError);

/// A trie over `keys` (pattern id = index): an automaton searched only
/// anchored, so a walk follows one path and stops where no key continues.
fn trie(keys: impl Iterator<Item = Vec<u8>>) -> Result<NFA, BuildError> {
    NFA::builder()
        .match_kind(MatchKind::Standard)
        .prefilter(false)
        .build(keys)
        .map_err(BuildError)
}

/// An unanchored automaton over `literals` (pattern id = index) that is
/// quick to build, for the pass that only runs when many anchored globs wait.
fn nfa(literals: &[Box<str>]) -> Result<NFA, BuildError> {
    NFA::builder()
        .match_kind(MatchKind::Standard)
        .build(literals.iter().map(|l| l.as_bytes()))
        .map_err(BuildError)
}

/// A DFA over `literals`, for the middle pass, which reads every byte of the
/// value: one table lookup per byte pays for the larger build.
fn dfa(literals: &[Box<str>]) -> Result<DFA, BuildError> {
    DFA::builder()
        .match_kind(MatchKind::Standard)
        .build(literals.iter().map(|l| l.as_bytes()))
        .map_err(BuildError)
}

/// Relaxed globs are pushed in ascending rule order; searches want them descending.
fn descending(mut literal: AnchorLiteral) -> AnchorLiteral {
    literal.globs.reverse();
    literal
}

pub(super) fn build<'a>(
    patterns: impl IntoIterator<Item = &'a str>,
    home: &str,
) -> Result<Engine, BuildError> {
    let expanded: Vec<Alternatives<'a>> = patterns
        .into_iter()
        .map(|pattern| alternatives(pattern, home))
        .collect();
    let mut builder = Builder::default();
    let mut fragments = Vec::new();
    for (rule, alternatives) in expanded.iter().enumerate() {
        for glob in alternatives.globs() {
            builder.add(rule, glob, &mut fragments);
        }
    }
    builder.finish()
}

/// The engine under construction, borrowing the expanded patterns.
#[derive(Default)]
struct Builder<'e> {
    floor: Option<usize>,
    empty_exact: Option<usize>,
    heads: AnchorBuilder<'e>,
    tails: AnchorBuilder<'e>,
    middles: Interner<'e>,
    starts: Vec<AnchorLiteral>,
    globs: Vec<Relaxed>,
    middle_ids: Vec<usize>,
    suffix_text: String,
    always_candidates: Vec<usize>,
}

impl<'e> Builder<'e> {
    /// Sorts one glob of `rule` into its strategy; `fragments` is scratch.
    fn add(&mut self, rule: usize, glob: &'e str, fragments: &mut Vec<&'e str>) {
        let certain = !glob.contains('?');
        let mut split = glob.split(['*', '?']);
        let first = split.next().unwrap_or_default();
        fragments.clear();
        fragments.extend(split);
        let Some(last) = fragments.pop() else {
            // No wildcard at all: the glob is its literal.
            if glob.is_empty() {
                self.empty_exact = higher(self.empty_exact, Some(rule));
            } else if let Some(entry) = self.heads.entry(glob) {
                entry.exact = higher(entry.exact, Some(rule));
            }
            return;
        };
        let middles_start = self.middle_ids.len();
        for &fragment in fragments.iter().filter(|f| !f.is_empty()) {
            let id = self.middles.id(fragment);
            self.middle_ids.push(id);
        }
        let middles = middles_start..self.middle_ids.len();
        self.starts
            .resize_with(self.middles.literals.len(), AnchorLiteral::default);
        let one_anchor_decides = certain && middles.is_empty();
        let first_middle = self
            .middle_ids
            .get(middles.clone())
            .and_then(|m| m.first().copied());
        let single_middle = middles.len() == 1;
        let suffix_start = self.suffix_text.len();
        self.suffix_text.push_str(last);
        let relaxed = Relaxed {
            rule,
            certain,
            prefix_len: first.len(),
            suffix: suffix_start..self.suffix_text.len(),
            middles,
        };
        let id = self.globs.len();
        if !first.is_empty() {
            let Some(entry) = self.heads.entry(first) else {
                return;
            };
            if one_anchor_decides && last.is_empty() {
                entry.certain = higher(entry.certain, Some(rule));
            } else {
                entry.globs.push(id);
                self.globs.push(relaxed);
            }
        } else if !last.is_empty() {
            let Some(entry) = self.tails.entry(last) else {
                return;
            };
            if one_anchor_decides {
                entry.certain = higher(entry.certain, Some(rule));
            } else {
                entry.globs.push(id);
                self.globs.push(relaxed);
            }
        } else if let Some(entry) = first_middle.and_then(|m| self.starts.get_mut(m)) {
            if certain && single_middle {
                entry.certain = higher(entry.certain, Some(rule));
            } else {
                entry.globs.push(id);
            }
            self.globs.push(relaxed);
        } else if certain {
            self.floor = higher(self.floor, Some(rule));
        } else {
            self.always_candidates.push(rule);
        }
    }

    fn finish(mut self) -> Result<Engine, BuildError> {
        self.always_candidates.reverse();
        let infixes = infixes(
            self.middles.owned(),
            self.starts,
            &self.globs,
            &self.middle_ids,
        )?;
        Ok(Engine {
            floor: self.floor,
            empty_exact: self.empty_exact,
            prefixes: self.heads.finish(false)?,
            suffixes: self.tails.finish(true)?,
            infixes,
            globs: self.globs,
            middle_ids: self.middle_ids,
            suffix_text: self.suffix_text,
            always_candidates: self.always_candidates,
        })
    }
}

/// The middle-fragment search: the literals, their start lists, and the scan.
fn infixes(
    literals: Vec<Box<str>>,
    starts: Vec<AnchorLiteral>,
    globs: &[Relaxed],
    middle_ids: &[usize],
) -> Result<Infixes, BuildError> {
    let mut all: Vec<usize> = (0..globs.len())
        .filter(|&id| globs.get(id).is_some_and(|g| !g.middles.is_empty()))
        .collect();
    all.reverse();
    let max_rule = all.first().and_then(|&id| globs.get(id)).map(|g| g.rule);
    let starts: Vec<AnchorLiteral> = starts.into_iter().map(descending).collect();
    // `certain` is a rule index; `globs` holds glob ids, highest rule first.
    let max_start_rule = starts
        .iter()
        .flat_map(|s| {
            let first_glob = s.globs.first().and_then(|&id| globs.get(id));
            s.certain.into_iter().chain(first_glob.map(|g| g.rule))
        })
        .max();
    let finders = literals
        .iter()
        .map(|l| Finder::new(l.as_bytes()).into_owned())
        .collect();
    let scan = if literals.is_empty() {
        Scan::None
    } else if all.len() <= FEW_INFIX_GLOBS {
        Scan::Few
    } else {
        // The literals of globs that start at the value's start: all a
        // pass needs while no anchored glob waits (the usual case).
        let mut start_literals: Vec<usize> = globs
            .iter()
            .filter(|g| g.prefix_len == 0 && g.suffix.is_empty())
            .flat_map(|g| middle_ids.get(g.middles.clone()).unwrap_or_default())
            .copied()
            .collect();
        start_literals.sort_unstable();
        start_literals.dedup();
        let starts_only = if start_literals.is_empty() {
            None
        } else {
            let texts: Vec<Box<str>> = start_literals
                .iter()
                .filter_map(|&id| literals.get(id).cloned())
                .collect();
            Some(Box::new((dfa(&texts)?, start_literals)))
        };
        Scan::Many {
            all: Box::new(nfa(&literals)?),
            starts_only,
        }
    };
    Ok(Infixes {
        literals,
        finders,
        scan,
        starts,
        max_rule,
        max_start_rule,
        all,
    })
}
