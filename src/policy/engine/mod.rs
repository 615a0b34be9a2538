//! The compiled rule-set engine: one pass over the value for all rules
//! (`POL-MATCH-9`, `POL-MATCH-10`).
//!
//! Evaluating a policy rule by rule costs the number of rules times the
//! value. The engine instead sorts every rule, once, by what a value must
//! contain for it to match, and reads the value once for all of them.
//!
//! # Strategies
//!
//! Each glob of a rule (a pattern has one, or two with an optional trailing
//! ` *`, `POL-MATCH-6`) is *relaxed*: every `?` becomes `*`. A relaxed glob
//! is a list of literal fragments `L0 * L1 * … * Lk`, and it matches every
//! value the glob matches (`?` matches one code unit, `*` any run). Relaxed
//! globs are decided exactly with substring searches over UTF-8 bytes,
//! which is sound because a literal of whole characters can only occur at a
//! character boundary. Like `globset`, the engine picks a strategy per glob:
//!
//! | glob (relaxed) | strategy |
//! |---|---|
//! | no `*` or `?` at all | **exact**: a first fragment that ends where the value ends |
//! | only `*`s | **universal**: matches everything (the lowest rule any answer can be) |
//! | `L0 *…` with `L0` non-empty | **prefix**: all `L0` the value starts with, by one trie walk from its start |
//! | `* … Lk` with `Lk` non-empty | **suffix**: the same from the value's end, over reversed fragments |
//! | `* L1 * … *` | **infix**: the middle fragments of all rules found in one pass |
//!
//! The infix pass is one overlapping Aho–Corasick scan (a DFA) in which
//! each glob waits in the queue of the fragment it needs next and advances
//! piece by piece, placing every fragment at its leftmost occurrence after
//! the previous one (the argument of `POL-MATCH-7`). A glob whose prefix or
//! suffix does not match never enters a queue, and while at most
//! [`FEW_INFIX_GLOBS`] anchored globs wait the pass reads only the literals
//! of unanchored globs (the anchored few are placed with `memmem`), so the
//! pass costs the value plus the rules that can still match, not the number
//! of rules. A set with only a few globs with middle fragments places each
//! on its own with `memmem` finders built once.
//!
//! # Last match wins
//!
//! A glob without `?` is decided exactly by its strategy (*certain*). A glob
//! with `?` only nominates its rule as a *candidate*; candidates are checked
//! with the rule's own [`Pattern`] matcher, in descending rule index,
//! stopping at the first that matches. No rule at or below the best match
//! found so far is started, advanced or checked.

mod build;
mod search;

pub(crate) use build::BuildError;

use std::ops::Range;

use aho_corasick::dfa::DFA;
use aho_corasick::nfa::contiguous::NFA;
use aho_corasick::MatchError;
use memchr::memmem::Finder;

use super::pattern::{Pattern, Work};

/// At most this many globs with middle fragments are searched one by one
/// with `memmem` instead of in one Aho–Corasick pass.
const FEW_INFIX_GLOBS: usize = 4;

/// Rules compiled into strategies; see the module documentation.
#[derive(Debug, Clone)]
pub(crate) struct Engine {
    /// The highest rule with a certain universal glob (`*`, `**`, …).
    floor: Option<usize>,
    /// The highest rule whose pattern is the empty string.
    empty_exact: Option<usize>,
    /// Globs anchored by their first fragment, and exact literals (a
    /// literal found at the start that ends at the value's end).
    prefixes: Anchors,
    /// Globs without a first fragment, anchored by their last one.
    suffixes: Anchors,
    /// The middle fragments of all globs.
    infixes: Infixes,
    /// Every glob that needs more than one anchor, middle fragments or a check.
    globs: Vec<Relaxed>,
    /// The middle fragment ids of all globs ([`Relaxed::middles`] ranges).
    middle_ids: Vec<usize>,
    /// The last fragments of all globs ([`Relaxed::suffix`] ranges).
    suffix_text: String,
    /// Rules with an uncertain universal glob (`?`, `*?*`, …), descending.
    always_candidates: Vec<usize>,
}

/// A relaxed glob that is not decided by one anchor alone.
#[derive(Debug, Clone)]
struct Relaxed {
    rule: usize,
    /// No `?`: a relaxed match is a match.
    certain: bool,
    /// Bytes of the first fragment (matched by the anchor that found it).
    prefix_len: usize,
    /// The last fragment, in [`Engine::suffix_text`].
    suffix: Range<usize>,
    /// The non-empty middle fragments, in [`Engine::middle_ids`] (ids into
    /// [`Infixes::literals`]).
    middles: Range<usize>,
}

/// Literal anchors (first or last fragments) found by one trie walk.
#[derive(Debug, Clone, Default)]
struct Anchors {
    /// A trie (an anchored-only automaton) over the distinct anchor
    /// literals, reversed for last fragments; `None` when there are none.
    trie: Option<NFA>,
    /// Per anchor literal id.
    literals: Vec<AnchorLiteral>,
}

/// What one anchor literal decides.
#[derive(Debug, Clone, Default)]
struct AnchorLiteral {
    /// The highest rule whose whole pattern is this literal (head anchors only).
    exact: Option<usize>,
    /// The highest rule for which this anchor alone is a match.
    certain: Option<usize>,
    /// Ids of [`Relaxed`] globs with this anchor, by descending rule.
    globs: Vec<usize>,
}

/// The middle fragments of all globs.
#[derive(Debug, Clone, Default)]
struct Infixes {
    literals: Vec<Box<str>>,
    /// A `memmem` finder per literal id.
    finders: Vec<Finder<'static>>,
    scan: Scan,
    /// Per literal id: globs whose first fragment is empty and whose first
    /// middle fragment is this literal (they start at the value's start).
    starts: Vec<AnchorLiteral>,
    /// The highest rule with a middle fragment anywhere.
    max_rule: Option<usize>,
    /// The highest rule in [`Infixes::starts`].
    max_start_rule: Option<usize>,
    /// Every glob with a middle fragment, by descending rule (for [`Scan::Few`]).
    all: Vec<usize>,
}

/// How the middle fragments are searched.
#[derive(Debug, Clone, Default)]
enum Scan {
    /// No middle fragments.
    #[default]
    None,
    /// Few globs: each is placed on its own with [`Infixes::finders`].
    Few,
    /// One overlapping pass.
    Many {
        /// Over all middle literals (pattern id = literal id); an NFA, as
        /// it runs only when more than [`FEW_INFIX_GLOBS`] anchored globs
        /// wait (or when every literal is an unanchored glob's).
        all: Box<NFA>,
        /// Over the literals of globs without anchors only, with the
        /// literal id of each pattern id: used while at most
        /// [`FEW_INFIX_GLOBS`] anchored globs wait (those are then placed on
        /// their own), so that fragments only anchored globs need cost
        /// nothing. `None` when no glob is unanchored.
        starts_only: Option<Box<(DFA, Vec<usize>)>>,
    },
}

impl Engine {
    /// Compiles the rules' patterns (`~`/`$HOME` expanded to `home`).
    pub(crate) fn new<'a>(
        patterns: impl IntoIterator<Item = &'a str>,
        home: &str,
    ) -> Result<Engine, BuildError> {
        build::build(patterns, home)
    }

    /// The index of the last rule whose pattern matches `value`
    /// (`POL-MATCH-9`); `patterns` are the rules' own matchers, used to check
    /// candidates of globs with `?`. Adds the steps taken to `work`
    /// (`POL-MATCH-10`).
    ///
    /// # Errors
    /// When aho-corasick refuses a search (it does so only for anchored
    /// overlapping searches, which the engine never asks for); the caller
    /// then evaluates rule by rule.
    pub(crate) fn last_match(
        &self,
        patterns: &[Pattern],
        value: &str,
        work: &mut Work,
    ) -> Result<Option<usize>, MatchError> {
        search::last_match(self, patterns, value, work)
    }

    /// The last fragment of `glob`.
    fn suffix(&self, glob: &Relaxed) -> &str {
        self.suffix_text
            .get(glob.suffix.clone())
            .unwrap_or_default()
    }

    /// The middle fragment ids of `glob`, in order.
    fn middles(&self, glob: &Relaxed) -> &[usize] {
        self.middle_ids
            .get(glob.middles.clone())
            .unwrap_or_default()
    }
}

/// Whether `rule` would improve on the best match `best`.
fn beats(best: Option<usize>, rule: usize) -> bool {
    best.is_none_or(|best| rule > best)
}

/// The higher of two optional rule indices.
fn higher(a: Option<usize>, b: Option<usize>) -> Option<usize> {
    a.max(b)
}
