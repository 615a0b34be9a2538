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

#[cfg(test)]
mod tests {
    use super::*;

    /// VERDICT-1, VERDICT-2: the wire names, the same from `as_str`,
    /// `Display` and serde, and `from_name` inverts them.
    #[test]
    fn verdict_1_2_wire_names() {
        for (state, name) in [
            (PermissionState::Allow, "allow"),
            (PermissionState::Ask, "ask"),
            (PermissionState::Deny, "deny"),
        ] {
            assert_eq!(state.as_str(), name);
            assert_eq!(state.to_string(), name);
            assert_eq!(serde_json::to_value(state).ok(), Some(name.into()));
            assert_eq!(PermissionState::from_name(name), Some(state));
        }
        assert_eq!(PermissionState::from_name("Allow"), None);
        for (verdict, name) in [
            (Verdict::Allow, "allow"),
            (Verdict::Deny, "deny"),
            (Verdict::Defer, "defer"),
        ] {
            assert_eq!(verdict.as_str(), name);
            assert_eq!(verdict.to_string(), name);
            assert_eq!(serde_json::to_value(verdict).ok(), Some(name.into()));
        }
    }
}
