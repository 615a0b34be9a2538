//! A compiled rule set: last match wins (`POL-RULE-2`, `POL-RULE-3`).

use super::engine::Engine;
use super::pattern::{Pattern, Work};
use super::Rule;

/// Rules compiled once, evaluated many times.
///
/// [`RuleSet::last_match`] runs the rule-set engine (`POL-MATCH-9`): one
/// pass over the value for all rules, whose cost depends on the value and
/// on the rules that can still match, not on the number of rules
/// (`POL-MATCH-10`). Each rule's own [`Pattern`] is kept: it checks the
/// engine's candidates for rules with `?`, answers [`RuleSet::matches`], and
/// runs the rule-by-rule evaluation [`RuleSet::last_match_per_rule`] that
/// the engine is tested and benchmarked against.
#[derive(Debug, Clone)]
pub struct RuleSet {
    patterns: Vec<Pattern>,
    first_bytes: Vec<Option<u8>>,
    /// `None` only when an automaton would exceed aho-corasick's size
    /// limits; evaluation is then rule by rule, with the same answers (as
    /// when aho-corasick refuses a search, which it does not for ours).
    engine: Option<Box<Engine>>,
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
    #[must_use]
    pub fn new(rules: &[Rule], home: &str) -> RuleSet {
        let patterns: Vec<Pattern> = rules
            .iter()
            .map(|rule| Pattern::compile(&rule.pattern, home))
            .collect();
        let first_bytes = patterns.iter().map(Pattern::required_first_byte).collect();
        let engine = Engine::new(rules.iter().map(|rule| rule.pattern.as_str()), home)
            .ok()
            .map(Box::new);
        RuleSet {
            patterns,
            first_bytes,
            engine,
        }
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
        let engine = self.engine.as_ref().map(|engine| {
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
