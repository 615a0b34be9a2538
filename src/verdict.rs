//! Verdicts and permission states (spec chapter 6, `VERDICT-*`).

use serde::{Deserialize, Serialize};

/// What a rule, a unit or a whole policy check answers (`VERDICT-1`).
///
/// Ordered by restrictiveness: `Allow < Ask < Deny`, so `max` is "most restrictive".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PermissionState {
    /// Run without asking.
    Allow,
    /// Ask a human (or the next authority).
    Ask,
    /// Refuse.
    Deny,
}

impl PermissionState {
    /// The lowercase wire name: `"allow"`, `"ask"` or `"deny"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Allow => "allow",
            Self::Ask => "ask",
            Self::Deny => "deny",
        }
    }

    /// Parses a wire name; anything else (including other casings) is `None`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "allow" => Some(Self::Allow),
            "ask" => Some(Self::Ask),
            "deny" => Some(Self::Deny),
            _ => None,
        }
    }
}

impl std::fmt::Display for PermissionState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the inner-cmd authorizer answers (`VERDICT-2`).
///
/// `Defer` means "not mine to decide": the next authority (in the end, a human)
/// is asked. It is the answer to everything the spec does not positively allow
/// or deny.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The de-wrapped command was allowed by the policy.
    Allow,
    /// The de-wrapped command was denied by the policy.
    Deny,
    /// Anything else: ask the next authority.
    Defer,
}

impl Verdict {
    /// The lowercase wire name: `"allow"`, `"deny"` or `"defer"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Allow => "allow",
            Self::Deny => "deny",
            Self::Defer => "defer",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
