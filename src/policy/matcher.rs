//! A compiled rule set: last match wins (`POL-RULE-2`, `POL-RULE-3`).

use super::pattern::{Pattern, Work};
use super::Rule;

/// Rules compiled once, evaluated many times without allocating.
///
/// Each rule also keeps the first byte its matches must start with, if any,
/// so that evaluating a large policy costs one byte comparison for most rules
/// instead of a match attempt (`POL-MATCH-8`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSet {
    patterns: Vec<Pattern>,
    first_bytes: Vec<Option<u8>>,
}

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
        RuleSet {
            patterns,
            first_bytes,
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

    /// [`RuleSet::last_match`], adding the steps taken to `work` (`POL-MATCH-7`).
    pub fn last_match_counted(&self, value: &str, work: &mut Work) -> Option<usize> {
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
