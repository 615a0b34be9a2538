//! The reference bash policy (spec chapter 7, `POL-*`).
//!
//! A model of the deterministic policy the authorizer re-queries: ordered
//! wildcard rules (last match wins, default ask), tree-sitter-bash command
//! units, wrapper floors, and most-restrictive aggregation. It agrees with the
//! deployed npm package except where `spec/divergences.md` says otherwise, and
//! its matcher is linear in the value where the package's is not.
//!
//! Submodules, in the order data flows through them:
//! [`config`] loads rules, [`pattern`] compiles one pattern, [`matcher`]
//! evaluates a compiled rule set with its one-pass engine ([`reference`](mod@reference) is its deliberately simple
//! twin), [`units`] splits a command (parsed within the bounds of [`bounded`]), [`floor`] applies wrapper floors, and
//! [`check`] aggregates the answer.

pub mod bounded;
pub mod check;
pub mod config;
mod engine;
pub mod floor;
pub mod home;
pub mod matcher;
pub mod pattern;
pub mod reference;
pub mod units;

use serde::{Deserialize, Serialize};

use crate::verdict::PermissionState;

/// One policy rule: a wildcard pattern and the state it gives (`POL-RULE-*`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rule {
    /// The wildcard pattern (`*`, `?`, optional trailing ` *`, `~`/`$HOME`).
    pub pattern: String,
    /// What a match gives.
    #[serde(rename = "action")]
    pub state: PermissionState,
}

/// Where a command unit was found (`POL-UNIT-*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitContext {
    /// Inside `$( … )` or backticks.
    CommandSubstitution,
    /// Inside `<( … )` or `>( … )`.
    ProcessSubstitution,
    /// Inside `( … )`.
    Subshell,
}

/// Why a unit is floored to at most `ask` (`POL-FLOOR-*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WrapperKind {
    /// `eval`, or a shell with `-c`: runs a payload the policy cannot see.
    OpaquePayload,
    /// `sudo`, `env`, `xargs`, `timeout`, …: runs another command.
    Indirection,
}

/// One command unit of a bash command (`POL-UNIT-*`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Unit {
    /// The unit's text, as the policy matches it before comment stripping.
    pub text: String,
    /// Where it was found; `None` at top level.
    pub context: Option<UnitContext>,
    /// Its wrapper floor, if any.
    pub wrapper_kind: Option<WrapperKind>,
}

/// The answer of a gate or advisory check (`POL-CHECK-*`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckResult {
    /// The aggregated state.
    pub state: PermissionState,
    /// The pattern (or sentinel) that decided; `None` for the built-in default.
    pub matched_pattern: Option<String>,
    /// The triggering unit's text; `None` when no unit decided.
    pub command: Option<String>,
    /// The triggering unit's context.
    pub command_context: Option<UnitContext>,
    /// Every unit, in source order.
    pub units: Vec<Unit>,
}

/// A bash policy: ordered rules, the home directory, and their compiled form
/// (`POL-CHECK-*`). Built by [`Policy::new`]; checked by [`Policy::gate`] and
/// [`Policy::advisory`], and usable as a [`crate::query::PermissionQuery`].
#[derive(Debug, Clone)]
pub struct Policy {
    rules: Vec<Rule>,
    home: String,
    compiled: matcher::RuleSet,
    fallback: PermissionState,
}
