//! Sorting globs into strategies (see the parent module).

use std::collections::HashMap;

use aho_corasick::{AhoCorasick, MatchKind};
use memchr::memmem::Finder;

use super::{higher, AnchorLiteral, Anchors, Engine, Infixes, Relaxed, Scan, FEW_INFIX_GLOBS};
use crate::policy::pattern::alternatives;

/// Distinct literals, each with an id, in order of first appearance.
#[derive(Default)]
struct Interner {
    ids: HashMap<Box<str>, usize>,
    literals: Vec<Box<str>>,
}

impl Interner {
    fn id(&mut self, literal: &str) -> usize {
        if let Some(&id) = self.ids.get(literal) {
            return id;
        }
        let id = self.literals.len();
        self.ids.insert(literal.into(), id);
        self.literals.push(literal.into());
        id
    }
}

/// Anchors under construction.
#[derive(Default)]
struct AnchorBuilder {
    interner: Interner,
    literals: Vec<AnchorLiteral>,
}

impl AnchorBuilder {
    fn entry(&mut self, literal: &str) -> Option<&mut AnchorLiteral> {
        let id = self.interner.id(literal);
        self.literals
            .resize_with(self.interner.literals.len(), AnchorLiteral::default);
        self.literals.get_mut(id)
    }

    fn finish(self) -> Result<Anchors, BuildError> {
        let window = self.interner.literals.iter().map(|l| l.len()).max();
        let searcher = match window {
            Some(_) => Some(automaton(&self.interner.literals)?),
            None => None,
        };
        Ok(Anchors {
            searcher,
            window: window.unwrap_or(0),
            literals: self.literals.into_iter().map(descending).collect(),
        })
    }
}

/// Why an engine could not be built: an automaton beyond aho-corasick's
/// size limits (billions of states; no policy this crate loads comes near).
/// The rule set then evaluates rule by rule, with the same answers.
#[derive(Debug, Clone)]
pub(crate) struct BuildError(#[allow(dead_code)] aho_corasick::BuildError);

/// An overlapping-capable automaton over `literals` (pattern id = index).
fn automaton(literals: &[Box<str>]) -> Result<AhoCorasick, BuildError> {
    AhoCorasick::builder()
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
    let mut floor = None;
    let mut exact: HashMap<Box<str>, usize> = HashMap::new();
    let mut prefixes = AnchorBuilder::default();
    let mut suffixes = AnchorBuilder::default();
    let mut middles = Interner::default();
    let mut starts: Vec<AnchorLiteral> = Vec::new();
    let mut globs: Vec<Relaxed> = Vec::new();
    let mut always_candidates = Vec::new();

    for (rule, pattern) in patterns.into_iter().enumerate() {
        let alternatives = alternatives(pattern, home);
        for glob in alternatives.globs() {
            let certain = !glob.contains('?');
            let fragments: Vec<&str> = glob.split(['*', '?']).collect();
            let (Some(&first), Some(&last)) = (fragments.first(), fragments.last()) else {
                continue; // `split` yields at least one fragment
            };
            if fragments.len() == 1 {
                // No wildcard at all: the glob is its literal.
                exact.insert(glob.into(), rule);
                continue;
            }
            let inner = fragments.get(1..fragments.len() - 1).unwrap_or_default();
            let middle_ids: Box<[usize]> = inner
                .iter()
                .filter(|f| !f.is_empty())
                .map(|f| middles.id(f))
                .collect();
            starts.resize_with(middles.literals.len(), AnchorLiteral::default);
            let one_anchor_decides = certain && middle_ids.is_empty();
            let relaxed = Relaxed {
                rule,
                certain,
                prefix_len: first.len(),
                suffix: last.into(),
                middles: middle_ids,
            };
            let id = globs.len();
            if !first.is_empty() {
                let Some(entry) = prefixes.entry(first) else {
                    continue;
                };
                if one_anchor_decides && last.is_empty() {
                    entry.certain = higher(entry.certain, Some(rule));
                } else {
                    entry.globs.push(id);
                    globs.push(relaxed);
                }
            } else if !last.is_empty() {
                let Some(entry) = suffixes.entry(last) else {
                    continue;
                };
                if one_anchor_decides {
                    entry.certain = higher(entry.certain, Some(rule));
                } else {
                    entry.globs.push(id);
                    globs.push(relaxed);
                }
            } else if let Some(entry) = relaxed.middles.first().and_then(|&m| starts.get_mut(m)) {
                if certain && relaxed.middles.len() == 1 {
                    entry.certain = higher(entry.certain, Some(rule));
                } else {
                    entry.globs.push(id);
                }
                globs.push(relaxed);
            } else if certain {
                floor = higher(floor, Some(rule));
            } else {
                always_candidates.push(rule);
            }
        }
    }
    always_candidates.reverse();
    Ok(Engine {
        floor,
        exact,
        prefixes: prefixes.finish()?,
        suffixes: suffixes.finish()?,
        infixes: infixes(middles.literals, starts, &globs)?,
        globs,
        always_candidates,
    })
}

/// The middle-fragment search: the literals, their start lists, and the scan.
fn infixes(
    literals: Vec<Box<str>>,
    starts: Vec<AnchorLiteral>,
    globs: &[Relaxed],
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
    let scan = if literals.is_empty() {
        Scan::None
    } else if all.len() <= FEW_INFIX_GLOBS {
        Scan::Few(
            literals
                .iter()
                .map(|l| Finder::new(l.as_bytes()).into_owned())
                .collect(),
        )
    } else {
        Scan::Many(automaton(&literals)?)
    };
    Ok(Infixes {
        literals,
        scan,
        starts,
        max_rule,
        max_start_rule,
        all,
    })
}
