//! A compiled rule set: last match wins (`POL-RULE-2`, `POL-RULE-3`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use super::engine::Engine;
use super::pattern::{alternatives, Pattern, Work};
use super::Rule;

/// Steps per byte of the rules (`P + n`) a lazy rule set may spend rule by
/// rule before it builds its engine (`POL-MATCH-11`).
pub const LAZY_STEPS_PER_RULE_BYTE: u64 = 4_096;

/// Rules compiled once, evaluated many times.
///
/// [`RuleSet::last_match`] runs the rule-set engine (`POL-MATCH-9`): one
/// pass over the value for all rules, whose cost depends on the value and
/// on the rules that can still match, not on the number of rules
/// (`POL-MATCH-10`). Each rule's own [`Pattern`] is kept: it checks the
/// engine's candidates for rules with `?`, answers [`RuleSet::matches`], and
/// runs the rule-by-rule evaluation [`RuleSet::last_match_per_rule`] that
/// the engine is tested and benchmarked against.
///
/// A set made by [`RuleSet::lazy`] builds its engine only when it first
/// needs it (`POL-MATCH-11`): until then it answers rule by rule, within a
/// budget of steps proportional to the rules' size.
#[derive(Debug)]
pub struct RuleSet {
    patterns: Vec<Pattern>,
    first_bytes: Vec<Option<u8>>,
    /// The rules' patterns as written and the home, to build the engine
    /// when it is first needed.
    sources: Vec<Box<str>>,
    home: Box<str>,
    /// Built at most once. `Some(None)` only when an automaton would exceed
    /// aho-corasick's size limits; evaluation is then rule by rule, with the
    /// same answers (as when aho-corasick refuses a search, which it does
    /// not for ours).
    engine: OnceLock<Option<Box<Engine>>>,
    /// Steps the rule-by-rule evaluations may still spend before the
    /// engine is built (`POL-MATCH-11`); 0 for an eager set.
    lazy_budget: AtomicU64,
    /// `P + n`: the expanded patterns' bytes plus the number of rules.
    size: u64,
}

impl Clone for RuleSet {
    fn clone(&self) -> Self {
        RuleSet {
            patterns: self.patterns.clone(),
            first_bytes: self.first_bytes.clone(),
            sources: self.sources.clone(),
            home: self.home.clone(),
            engine: self.engine.clone(),
            lazy_budget: AtomicU64::new(self.lazy_budget.load(Ordering::Relaxed)),
            size: self.size,
        }
    }
}

impl PartialEq for RuleSet {
    /// The engine is derived from the patterns: they decide equality.
    fn eq(&self, other: &Self) -> bool {
        self.patterns == other.patterns
    }
}

impl Eq for RuleSet {}

impl RuleSet {
    /// Compiles every rule's pattern, expanding `~`/`$HOME` to `home` (`POL-MATCH-2`).
    ///
    /// `home` is an explicit input: the matcher never reads the environment.
    /// The engine is built here, before the first evaluation.
    #[must_use]
    pub fn new(rules: &[Rule], home: &str) -> RuleSet {
        let set = RuleSet::lazy(rules, home);
        set.lazy_budget.store(0, Ordering::Relaxed);
        set.engine();
        set
    }

    /// [`RuleSet::new`], with the engine built only when the evaluations
    /// need it (`POL-MATCH-11`): a process that checks a few short values
    /// answers them rule by rule and never pays for the engine.
    #[must_use]
    pub fn lazy(rules: &[Rule], home: &str) -> RuleSet {
        let patterns: Vec<Pattern> = rules
            .iter()
            .map(|rule| Pattern::compile(&rule.pattern, home))
            .collect();
        let first_bytes = patterns.iter().map(Pattern::required_first_byte).collect();
        let expanded: u64 = rules
            .iter()
            .map(|rule| alternatives(&rule.pattern, home).full.len() as u64)
            .sum();
        let size = expanded.saturating_add(rules.len() as u64);
        RuleSet {
            patterns,
            first_bytes,
            sources: rules
                .iter()
                .map(|rule| rule.pattern.as_str().into())
                .collect(),
            home: home.into(),
            engine: OnceLock::new(),
            lazy_budget: AtomicU64::new(size.saturating_mul(LAZY_STEPS_PER_RULE_BYTE)),
            size,
        }
    }

    /// The engine, built on first use.
    fn engine(&self) -> Option<&Engine> {
        self.engine
            .get_or_init(|| {
                Engine::new(self.sources.iter().map(|source| &**source), &self.home)
                    .ok()
                    .map(Box::new)
            })
            .as_deref()
    }

    /// Whether the engine has been built (always, for [`RuleSet::new`]).
    #[must_use]
    pub fn engine_built(&self) -> bool {
        self.engine.get().is_some()
    }

    /// Number of rules.
    #[must_use]
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// Whether there are no rules.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// Index of the last rule whose pattern matches the whole `value` (`POL-RULE-2`).
    ///
    /// `None` means no rule matched: the caller applies the fallback state
    /// (`POL-RULE-3`).
    #[must_use]
    pub fn last_match(&self, value: &str) -> Option<usize> {
        self.last_match_counted(value, &mut Work::default())
    }

    /// [`RuleSet::last_match`], adding the steps taken to `work` (`POL-MATCH-10`).
    pub fn last_match_counted(&self, value: &str, work: &mut Work) -> Option<usize> {
        if let Some(found) = self.before_engine(value, work) {
            return found;
        }
        let engine = self.engine().map(|engine| {
            let mut engine_work = Work::default();
            let found = engine.last_match(&self.patterns, value, &mut engine_work);
            (found, engine_work)
        });
        match engine {
            Some((Ok(found), engine_work)) => {
                work.steps = work.steps.saturating_add(engine_work.steps);
                found
            }
            _ => self.last_match_per_rule_counted(value, work),
        }
    }

    /// The answer rule by rule, when the engine is not built yet and the
    /// worst case of this evaluation, `4 × (v + 1) × (P + n)` steps (the
    /// POL-MATCH-7 bounds of all rules), fits in what the budget has left
    /// (`POL-MATCH-11`). The worst case is taken from the budget first and
    /// what the evaluation did not spend is given back, so concurrent
    /// evaluations never spend more than the budget in all.
    fn before_engine(&self, value: &str, work: &mut Work) -> Option<Option<usize>> {
        if self.engine.get().is_some() {
            return None;
        }
        let worst = (value.len() as u64)
            .saturating_add(1)
            .saturating_mul(self.size)
            .saturating_mul(4);
        self.lazy_budget
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                left.checked_sub(worst)
            })
            .ok()?;
        let mut own = Work::default();
        let found = self.last_match_per_rule_counted(value, &mut own);
        let unspent = worst.saturating_sub(own.steps);
        self.lazy_budget.fetch_add(unspent, Ordering::Relaxed);
        work.steps = work.steps.saturating_add(own.steps);
        Some(found)
    }

    /// The same answer as [`RuleSet::last_match`], found by trying every
    /// rule's own matcher from the last rule down (`POL-MATCH-8`): the
    /// evaluation the engine replaced, kept as its baseline.
    #[must_use]
    pub fn last_match_per_rule(&self, value: &str) -> Option<usize> {
        self.last_match_per_rule_counted(value, &mut Work::default())
    }

    /// [`RuleSet::last_match_per_rule`], adding the steps taken to `work` (`POL-MATCH-7`).
    pub fn last_match_per_rule_counted(&self, value: &str, work: &mut Work) -> Option<usize> {
        let first = value.as_bytes().first().copied();
        self.patterns
            .iter()
            .zip(&self.first_bytes)
            .rposition(|(pattern, required)| {
                required.is_none_or(|byte| Some(byte) == first)
                    && pattern.is_match_counted(value, work)
            })
    }

    /// Whether the rule at `index` matches the whole `value`; `false` for an
    /// index out of range.
    #[must_use]
    pub fn matches(&self, index: usize, value: &str) -> bool {
        self.patterns
            .get(index)
            .is_some_and(|pattern| pattern.is_match(value))
    }
}
