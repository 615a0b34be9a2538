//! Checking a bash command against a policy (spec §7.5, `POL-CHECK-*`).
//!
//! Each unit is matched on its own, a wrapper floor lowers its `allow` to
//! `ask`, and the most restrictive unit decides. The gate trims the command
//! first; the advisory check (what the authorizer re-queries) does not.

use serde::Serialize;

use super::units::{enumerate, UnitsError};
use super::{CheckResult, Policy, Rule, Unit, WrapperKind};
use crate::ecma;
use crate::query::{PermissionQuery, QueryError, BASH_SURFACE};
use crate::verdict::PermissionState;

/// Matched pattern of a non-blank command without units (`POL-CHECK-6`).
pub const UNPARSEABLE_SENTINEL: &str = "<unparseable-bash-command>";
/// Matched pattern of a floored opaque-payload unit (`POL-FLOOR-6`).
pub const OPAQUE_SENTINEL: &str = "<opaque-bash-wrapper>";
/// Matched pattern of a floored indirection unit (`POL-FLOOR-6`).
pub const INDIRECTION_SENTINEL: &str = "<indirection-bash-wrapper>";
/// Matched pattern of a command beyond a `POL-LIMIT-*` bound (this spec's own).
pub const OVER_LIMIT_SENTINEL: &str = "<bash-command-over-limit>";
/// Matched pattern when the parser itself failed (this spec's own, `POL-LIMIT-4`).
pub const PARSER_FAILED_SENTINEL: &str = "<bash-parser-failed>";

/// The sentinel a floor of `kind` records (`POL-FLOOR-6`).
#[must_use]
pub const fn floor_sentinel(kind: WrapperKind) -> &'static str {
    match kind {
        WrapperKind::OpaquePayload => OPAQUE_SENTINEL,
        WrapperKind::Indirection => INDIRECTION_SENTINEL,
    }
}

/// A line that is a comment: `#` after optional whitespace (`POL-CHECK-1`).
fn is_comment_line(line: &str) -> bool {
    line.trim_start_matches(ecma::is_whitespace)
        .starts_with('#')
}

/// The value a unit's text is matched as (`POL-CHECK-1`).
///
/// Lines (split on U+000A only) that are comments are dropped, the rest
/// re-joined with U+000A and trimmed; if nothing is left, the raw text.
#[must_use]
pub fn match_value(text: &str) -> String {
    let kept: Vec<&str> = text.split('\n').filter(|l| !is_comment_line(l)).collect();
    let joined = kept.join("\n");
    let stripped = ecma::trim(&joined);
    if stripped.is_empty() {
        text.to_owned()
    } else {
        stripped.to_owned()
    }
}

/// Empty, blank, or only comment lines: nothing to gate (`POL-CHECK-5`).
///
/// Lines are split on U+000A only; every non-blank line, trimmed, must
/// start with `#`.
#[must_use]
pub fn is_trivially_empty(command: &str) -> bool {
    command
        .split('\n')
        .map(ecma::trim)
        .filter(|l| !l.is_empty())
        .all(|l| l.starts_with('#'))
}

/// How the policy judges one unit on its own (`POL-CHECK-1`, `POL-CHECK-2`,
/// `POL-FLOOR-6`): the gate aggregates these, traces show them, and INV-9
/// requires every sibling's to be an unfloored `allow`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UnitDecision {
    /// The unit.
    pub unit: Unit,
    /// Its state after the wrapper floor.
    pub state: PermissionState,
    /// The rule pattern or floor sentinel that decided it; `None`: the fallback.
    pub matched_pattern: Option<String>,
    /// True when a wrapper floor lowered the rule's `allow` to `ask`.
    pub floored: bool,
}

impl Policy {
    /// A policy of ordered `rules` (last match wins) with `home` for `~`/`$HOME`,
    /// and the built-in fallback `ask`. For rules loaded from policy files,
    /// use [`Policy::from_config`] or [`Policy::load`], which keep the file's
    /// fallback (`POL-CONFIG-10`).
    pub fn new(rules: Vec<Rule>, home: impl Into<String>) -> Self {
        let home = home.into();
        let compiled = super::matcher::RuleSet::lazy(&rules, &home);
        Self {
            rules,
            home,
            compiled,
            fallback: PermissionState::Ask,
        }
    }

    /// The same policy with `fallback` as the state when no rule matches
    /// (`POL-RULE-3`; a config's top-level `"*"`, `POL-CONFIG-3`). The
    /// matched pattern of a fallback answer stays `None`, as in the package.
    #[must_use]
    pub fn with_fallback(mut self, fallback: PermissionState) -> Self {
        self.fallback = fallback;
        self
    }

    /// The state when no rule matches (`POL-RULE-3`).
    #[must_use]
    pub fn fallback(&self) -> PermissionState {
        self.fallback
    }

    /// The rules, in order.
    #[must_use]
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The home directory `~` and `$HOME` expand to.
    #[must_use]
    pub fn home(&self) -> &str {
        &self.home
    }

    /// The tool-call gate's check: trims `command` first (`POL-CHECK-8`).
    #[must_use]
    pub fn gate(&self, command: &str) -> CheckResult {
        let trimmed = ecma::trim(command);
        if trimmed.is_empty() {
            return self.whole(trimmed, Vec::new());
        }
        self.advisory(trimmed)
    }

    /// The advisory check the authorizer re-queries: parses `command` as given
    /// (`POL-CHECK-8`).
    #[must_use]
    pub fn advisory(&self, command: &str) -> CheckResult {
        self.advisory_of(command, enumerate(command))
    }

    /// [`Policy::advisory`] of `command` from its enumeration, as
    /// [`enumerate`] gave it: for callers that judge one command under
    /// several policies and parse it once (the `authorize` fuzz target).
    #[must_use]
    pub fn advisory_of(
        &self,
        command: &str,
        enumerated: Result<Vec<Unit>, UnitsError>,
    ) -> CheckResult {
        let units = match enumerated {
            Ok(units) => units,
            Err(error) => return refusal(command, &error),
        };
        if units.is_empty() {
            if is_trivially_empty(command) {
                return self.whole(command, units);
            }
            return sentinel_result(command, UNPARSEABLE_SENTINEL);
        }
        self.aggregate(units)
    }

    /// The rule decision for one unit text, before any wrapper floor: the
    /// state and pattern of the last rule matching its match value, or the
    /// fallback and `None` (`POL-CHECK-1`, `POL-CHECK-2`).
    #[must_use]
    pub fn rule_decision(&self, text: &str) -> (PermissionState, Option<String>) {
        self.value_decision(&match_value(text))
    }

    /// The rule decision for `value` exactly as given, without computing a
    /// match value first (`POL-CHECK-2`; the hardened profile's values,
    /// `HARD-SPELL-1`).
    #[must_use]
    pub fn value_decision(&self, value: &str) -> (PermissionState, Option<String>) {
        self.compiled
            .last_match(value)
            .and_then(|i| self.rules.get(i))
            .map_or((self.fallback, None), |rule| {
                (rule.state, Some(rule.pattern.clone()))
            })
    }

    /// Whether the last rule with `pattern` matches the whole `value`
    /// (`false` when no rule has it).
    #[must_use]
    pub fn pattern_matches(&self, pattern: &str, value: &str) -> bool {
        self.rules
            .iter()
            .rposition(|rule| rule.pattern == pattern)
            .is_some_and(|index| self.compiled.matches(index, value))
    }

    /// The decision for one unit: its rule decision, then the wrapper floor,
    /// which lowers an `allow` of a wrapper unit to `ask` with the floor's
    /// sentinel (`POL-FLOOR-6`).
    #[must_use]
    pub fn unit_decision(&self, unit: &Unit) -> UnitDecision {
        let (state, matched_pattern) = self.rule_decision(&unit.text);
        match unit.wrapper_kind {
            Some(kind) if state == PermissionState::Allow => UnitDecision {
                unit: unit.clone(),
                state: PermissionState::Ask,
                matched_pattern: Some(floor_sentinel(kind).to_owned()),
                floored: true,
            },
            _ => UnitDecision {
                unit: unit.clone(),
                state,
                matched_pattern,
                floored: false,
            },
        }
    }

    /// The decision of every unit of `result`, in order: what its aggregate
    /// answer is made of.
    #[must_use]
    pub fn unit_decisions(&self, result: &CheckResult) -> Vec<UnitDecision> {
        result.units.iter().map(|u| self.unit_decision(u)).collect()
    }

    /// Matches `command` whole (`POL-CHECK-5`).
    fn whole(&self, command: &str, units: Vec<Unit>) -> CheckResult {
        let (state, matched_pattern) = self.rule_decision(command);
        CheckResult {
            state,
            matched_pattern,
            command: Some(command.to_owned()),
            command_context: None,
            units,
        }
    }

    /// Most restrictive unit wins, first on ties (`POL-CHECK-3`, `POL-CHECK-4`).
    fn aggregate(&self, units: Vec<Unit>) -> CheckResult {
        let mut worst: Option<(PermissionState, Option<String>, usize)> = None;
        for (index, unit) in units.iter().enumerate() {
            let UnitDecision {
                state,
                matched_pattern: pattern,
                ..
            } = self.unit_decision(unit);
            if worst.as_ref().is_none_or(|(w, _, _)| state > *w) {
                worst = Some((state, pattern, index));
            }
        }
        let (state, matched_pattern, index) =
            worst.unwrap_or((PermissionState::Ask, None, usize::MAX));
        let trigger = units.get(index);
        CheckResult {
            state,
            matched_pattern,
            command: trigger.map(|u| u.text.clone()),
            command_context: trigger.and_then(|u| u.context),
            units,
        }
    }
}

/// The answer for a command whose units could not be enumerated
/// (`POL-LIMIT-1`..`POL-LIMIT-4`): always `ask`, with a sentinel saying why.
#[must_use]
pub fn refusal(command: &str, error: &UnitsError) -> CheckResult {
    let sentinel = match error {
        UnitsError::Parser(_) => PARSER_FAILED_SENTINEL,
        _ => OVER_LIMIT_SENTINEL,
    };
    sentinel_result(command, sentinel)
}

/// An `ask` decided by a sentinel, with `command` as the triggering text.
fn sentinel_result(command: &str, sentinel: &str) -> CheckResult {
    CheckResult {
        state: PermissionState::Ask,
        matched_pattern: Some(sentinel.to_owned()),
        command: Some(command.to_owned()),
        command_context: None,
        units: Vec::new(),
    }
}

impl PermissionQuery for Policy {
    /// `bash` gets the advisory state (`POL-CHECK-9`); the agent is not used.
    fn check(
        &self,
        surface: &str,
        value: &str,
        _agent: Option<&str>,
    ) -> Result<PermissionState, QueryError> {
        if surface == BASH_SURFACE {
            Ok(self.advisory(value).state)
        } else {
            Err(QueryError::UnsupportedSurface(surface.to_owned()))
        }
    }
}
