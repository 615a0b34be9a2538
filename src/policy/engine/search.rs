//! One evaluation: anchors (with exact literals), the infix pass, then the
//! checks of candidates (see the parent module).

use aho_corasick::automaton::Automaton;
use aho_corasick::{Anchored, Input, MatchError};
use memchr::memmem::Finder;

use super::{beats, higher, Anchors, Engine, Relaxed, Scan, FEW_INFIX_GLOBS};
use crate::policy::pattern::{Pattern, Work};

/// The state of one evaluation.
struct Search<'a> {
    engine: &'a Engine,
    value: &'a str,
    /// The highest rule known to match.
    best: Option<usize>,
    /// Rules whose glob with `?` matched relaxed: to be checked.
    candidates: Vec<usize>,
    /// Globs whose anchors matched, waiting for their first middle fragment
    /// at or after the byte offset: `(offset, glob id)`.
    waiting: Vec<(usize, usize)>,
    work: &'a mut Work,
}

pub(super) fn last_match(
    engine: &Engine,
    patterns: &[Pattern],
    value: &str,
    work: &mut Work,
) -> Result<Option<usize>, MatchError> {
    let mut search = Search {
        engine,
        value,
        best: engine.floor,
        candidates: Vec::new(),
        waiting: Vec::new(),
        work,
    };
    if value.is_empty() {
        search.raise(engine.empty_exact);
    }
    search.anchored(&engine.prefixes, false)?;
    search.anchored(&engine.suffixes, true)?;
    search.infixes()?;
    Ok(search.check(patterns))
}

/// Whether a rule that may still match could improve on `best`.
fn may_beat(best: Option<usize>, rule: Option<usize>) -> bool {
    rule.is_some_and(|rule| beats(best, rule))
}

impl<'a> Search<'a> {
    fn raise(&mut self, rule: Option<usize>) {
        self.best = higher(self.best, rule);
    }

    /// The relaxed glob `id` (borrowing the engine, not the search).
    fn glob(&self, id: usize) -> Option<&'a Relaxed> {
        self.engine.globs.get(id)
    }

    /// A glob matched relaxed: a match if certain, else a candidate.
    fn relaxed_match(&mut self, id: usize) {
        let Some(glob) = self.glob(id) else { return };
        let (rule, certain) = (glob.rule, glob.certain);
        if certain {
            self.raise(Some(rule));
        } else {
            self.candidates.push(rule);
        }
    }

    /// Finds every first (or last) fragment the value starts (ends) with,
    /// walking the anchors' trie from the value's start (end) until no
    /// fragment continues, then settles the globs anchored there.
    fn anchored(&mut self, anchors: &Anchors, at_end: bool) -> Result<(), MatchError> {
        let Some(trie) = &anchors.trie else {
            return Ok(());
        };
        let bytes = self.value.as_bytes();
        let mut state = trie.start_state(Anchored::Yes)?;
        for depth in 1..=bytes.len() {
            let at = if at_end {
                bytes.len() - depth
            } else {
                depth - 1
            };
            let Some(&byte) = bytes.get(at) else { break };
            self.work.add(1);
            state = trie.next_state(Anchored::Yes, state, byte);
            if trie.is_dead(state) {
                break;
            }
            // `match_len` is only defined on match states.
            let matches = if trie.is_match(state) {
                trie.match_len(state)
            } else {
                0
            };
            for index in 0..matches {
                let pattern = trie.match_pattern(state, index);
                // Match lists also hold shorter literals ending here (for
                // unanchored searches); only the one of this length starts
                // at the anchor.
                if trie.pattern_len(pattern) != depth {
                    continue;
                }
                self.work.add(1);
                let Some(literal) = anchors.literals.get(pattern.as_usize()) else {
                    continue;
                };
                self.raise(literal.certain);
                if depth == bytes.len() {
                    self.raise(literal.exact);
                }
                for &id in &literal.globs {
                    match self.glob(id) {
                        Some(glob) if beats(self.best, glob.rule) => self.both_anchors(id),
                        _ => break,
                    }
                }
            }
        }
        Ok(())
    }

    /// A glob whose first (or last) fragment is in place: checks the other
    /// anchor, then settles it or queues it for the infix pass.
    fn both_anchors(&mut self, id: usize) {
        let Some(glob) = self.glob(id) else { return };
        let suffix = self.engine.suffix(glob);
        self.work.add(suffix.len().max(1));
        let fits =
            glob.prefix_len + suffix.len() <= self.value.len() && self.value.ends_with(suffix);
        if !fits {
        } else if glob.middles.is_empty() {
            self.relaxed_match(id);
        } else {
            let start = glob.prefix_len;
            self.waiting.push((start, id));
        }
    }

    /// The middle fragments, when a rule that needs them could still win.
    fn infixes(&mut self) -> Result<(), MatchError> {
        let infixes = &self.engine.infixes;
        if !may_beat(self.best, infixes.max_rule)
            || (self.waiting.is_empty() && !may_beat(self.best, infixes.max_start_rule))
        {
            return Ok(());
        }
        match &infixes.scan {
            Scan::None => Ok(()),
            Scan::Few => {
                self.one_by_one(true);
                Ok(())
            }
            Scan::Many { starts_only, .. } if self.waiting.len() <= FEW_INFIX_GLOBS => {
                if let Some(starts_only) = starts_only {
                    if may_beat(self.best, infixes.max_start_rule) {
                        let (searcher, ids) = &**starts_only;
                        self.one_pass(searcher, Some(ids))?;
                    }
                }
                self.one_by_one(false);
                Ok(())
            }
            Scan::Many { all, .. } => self.one_pass(&**all, None),
        }
    }

    /// Few globs with middle fragments: each placed on its own, leftmost
    /// first, with `memmem` finders built once, highest rule first. The
    /// waiting anchored globs, and with `starts` the unanchored ones too
    /// (then every glob with middle fragments is one of at most
    /// [`FEW_INFIX_GLOBS`]).
    fn one_by_one(&mut self, starts: bool) {
        let engine = self.engine;
        let mut runs = std::mem::take(&mut self.waiting);
        if starts {
            let unanchored = engine.infixes.all.iter().filter(|&&id| {
                engine
                    .globs
                    .get(id)
                    .is_some_and(|g| g.prefix_len == 0 && g.suffix.is_empty())
            });
            runs.extend(unanchored.map(|&id| (0, id)));
        }
        let rule = |&(_, id): &(usize, usize)| engine.globs.get(id).map(|g| g.rule);
        runs.sort_unstable_by_key(|run| std::cmp::Reverse(rule(run)));
        for (start, id) in runs {
            let Some(glob) = engine.globs.get(id) else {
                continue;
            };
            if !beats(self.best, glob.rule) {
                break;
            }
            if self.place_middles(glob, start, &engine.infixes.finders) {
                self.relaxed_match(id);
            }
        }
    }

    /// Whether `glob`'s middle fragments fit, in order, between `start` and
    /// its last fragment.
    fn place_middles(&mut self, glob: &Relaxed, start: usize, finders: &[Finder<'_>]) -> bool {
        let bytes = self.value.as_bytes();
        let Some(limit) = bytes.len().checked_sub(self.engine.suffix(glob).len()) else {
            return false;
        };
        let mut at = start;
        for &literal in self.engine.middles(glob) {
            let (Some(haystack), Some(finder)) = (bytes.get(at..limit), finders.get(literal))
            else {
                return false;
            };
            match finder.find(haystack) {
                Some(offset) => {
                    let end = offset + finder.needle().len();
                    self.work.add(end);
                    at += end;
                }
                None => {
                    self.work.add(haystack.len().max(1));
                    return false;
                }
            }
        }
        true
    }

    /// All middle fragments in one overlapping pass: each glob waits in the
    /// queue of the fragment it needs next and advances at the fragment's
    /// first occurrence starting at or after where it waits (occurrences
    /// arrive by end; all occurrences of one literal have one length, so
    /// the first to arrive is the leftmost).
    ///
    /// With `ids` (the literal id of each pattern of `searcher`), the
    /// automaton holds only the literals of unanchored globs, and the
    /// waiting anchored globs are left to [`Search::one_by_one`].
    fn one_pass<A: Automaton>(
        &mut self,
        searcher: &A,
        ids: Option<&[usize]>,
    ) -> Result<(), MatchError> {
        let engine = self.engine;
        let infixes = &engine.infixes;
        let mut waiting = match ids {
            Some(_) => Vec::new(),
            None => std::mem::take(&mut self.waiting),
        };
        waiting.sort_by_key(|&(start, _)| start);
        let mut next_waiting = 0;
        let mut queues = Queues::new(infixes.literals.len());
        // Allocated at the first occurrence: most values contain no fragment.
        let mut seen: Vec<bool> = Vec::new();
        let mut scanned = self.value.len();
        for found in searcher.try_find_overlapping_iter(Input::new(self.value))? {
            let idle = queues.live == 0 && next_waiting == waiting.len();
            if !may_beat(self.best, infixes.max_rule)
                || (idle && !may_beat(self.best, infixes.max_start_rule))
            {
                scanned = found.end();
                break;
            }
            self.work.add(1);
            if seen.is_empty() {
                seen = vec![false; infixes.literals.len()];
            }
            let pattern = found.pattern().as_usize();
            let literal = match ids {
                Some(ids) => ids.get(pattern).copied().unwrap_or(usize::MAX),
                None => pattern,
            };
            let (start, end) = (found.start(), found.end());
            // Waiting globs may need this very fragment: queue them first.
            while let Some(&(at, id)) = waiting.get(next_waiting) {
                if at > end {
                    break;
                }
                next_waiting += 1;
                if let Some(&first) = engine.globs.get(id).and_then(|g| engine.middles(g).first()) {
                    self.work.add(1);
                    queues.push(
                        first,
                        Entry {
                            at,
                            glob: id,
                            next_middle: 0,
                        },
                    );
                }
            }
            if seen.get(literal) == Some(&false) {
                if let Some(slot) = seen.get_mut(literal) {
                    *slot = true;
                }
                if let Some(starts) = infixes.starts.get(literal) {
                    self.raise(starts.certain);
                    for &id in &starts.globs {
                        match engine.globs.get(id) {
                            Some(glob) if beats(self.best, glob.rule) => {
                                self.work.add(1);
                                self.advance(id, 0, end, &mut queues);
                            }
                            _ => break,
                        }
                    }
                }
            }
            while let Some(entry) = queues.pop_ready(literal, start) {
                self.work.add(1);
                let live = engine
                    .globs
                    .get(entry.glob)
                    .is_some_and(|g| beats(self.best, g.rule));
                if live {
                    self.advance(entry.glob, entry.next_middle, end, &mut queues);
                }
            }
        }
        self.work.add(scanned.max(1));
        Ok(())
    }

    /// Glob `id` placed its middle fragment number `placed`, ending at `end`.
    fn advance(&mut self, id: usize, placed: usize, end: usize, queues: &mut Queues) {
        let Some(glob) = self.engine.globs.get(id) else {
            return;
        };
        match self.engine.middles(glob).get(placed + 1) {
            Some(&next) => queues.push(
                next,
                Entry {
                    at: end,
                    glob: id,
                    next_middle: placed + 1,
                },
            ),
            None => {
                if end + self.engine.suffix(glob).len() <= self.value.len() {
                    self.relaxed_match(id);
                }
            }
        }
    }

    /// Checks the candidates with their own matcher, highest rule first,
    /// stopping at the first match; none at or below the best is started.
    fn check(mut self, patterns: &[Pattern]) -> Option<usize> {
        let best = self.best;
        let always = self.engine.always_candidates.iter();
        self.candidates
            .extend(always.take_while(|&&rule| beats(best, rule)));
        self.candidates.sort_unstable_by(|a, b| b.cmp(a));
        self.candidates.dedup();
        for &rule in &self.candidates {
            if !beats(self.best, rule) {
                break;
            }
            let pattern = patterns.get(rule);
            if pattern.is_some_and(|p| p.is_match_counted(self.value, self.work)) {
                self.best = Some(rule);
                break;
            }
        }
        self.best
    }
}

/// A glob waiting for middle fragment `next_middle` at byte `at` or later.
#[derive(Debug, Clone, Copy)]
struct Entry {
    at: usize,
    glob: usize,
    next_middle: usize,
}

/// One FIFO queue per middle literal, in one arena. Entries enter a queue
/// in non-decreasing `at` order, so only its front can be ready.
struct Queues {
    literals: usize,
    entries: Vec<(Entry, usize)>,
    /// Per literal: (first, last) arena index, or [`NIL`]; allocated on first use.
    ends: Vec<(usize, usize)>,
    live: usize,
}

const NIL: usize = usize::MAX;

impl Queues {
    fn new(literals: usize) -> Queues {
        Queues {
            literals,
            entries: Vec::new(),
            ends: Vec::new(),
            live: 0,
        }
    }

    fn push(&mut self, literal: usize, entry: Entry) {
        if self.ends.is_empty() {
            self.ends = vec![(NIL, NIL); self.literals];
        }
        let index = self.entries.len();
        let Some(ends) = self.ends.get_mut(literal) else {
            return;
        };
        match ends.1 {
            NIL => ends.0 = index,
            last => {
                if let Some(previous) = self.entries.get_mut(last) {
                    previous.1 = index;
                }
            }
        }
        ends.1 = index;
        self.entries.push((entry, NIL));
        self.live += 1;
    }

    /// The front entry of `literal`'s queue, if it may start at `start`.
    fn pop_ready(&mut self, literal: usize, start: usize) -> Option<Entry> {
        let ends = self.ends.get_mut(literal)?;
        let &(entry, next) = self.entries.get(ends.0)?;
        if entry.at > start {
            return None;
        }
        ends.0 = next;
        if next == NIL {
            ends.1 = NIL;
        }
        self.live -= 1;
        Some(entry)
    }
}
