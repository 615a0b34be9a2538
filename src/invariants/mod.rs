//! Fail-closed invariants (spec chapter 6, `INV-*`).
//!
//! The evaluator's own invariants (`INV-1`..`INV-8`: [`check_decision`],
//! [`check_decision_in_session`], [`InvariantViolation`]) live in
//! `inner-cmd-core` and are re-exported here under their old paths. The
//! checks below need the reference policy, the hardened profile or the
//! execution oracle, so they stay in this crate: policy-level checks
//! (INV-9, INV-10, INV-12, matcher and recognizer agreement), the hardened
//! profile's INV-9, and INV-GROUND. The classifiers that tell a known
//! finding from a new violation are [`crate::findings`].

pub use inner_cmd_core::invariants::*;

mod image;
mod policy;
#[cfg(feature = "fuzzing")]
pub(crate) use policy::check_matchers_agree_with;
// For the finding classifiers (crate::findings), which re-check a variant of a case.
pub(crate) use policy::units_covered;
pub use policy::{
    check_deterministic, check_matchers_agree, check_monotone, check_recognizers_agree,
    check_siblings_judged, check_siblings_judged_with, PolicyInvariantViolation,
};

mod hardened;
pub use hardened::{check_gate_allow_judged, check_siblings_judged_hardened};

// INV-GROUND, against the execution oracle's record of what bash ran.
#[cfg(feature = "ground")]
mod ground;
#[cfg(feature = "ground")]
mod ground_environment;
#[cfg(feature = "ground")]
mod ground_traced;
#[cfg(feature = "ground")]
pub use ground::{
    check_ground, ground_violations, judge_ground, Basis, GroundJudgement, GroundViolation,
};
#[cfg(feature = "ground")]
pub use ground_environment::{unjudged_environment, unjudged_variables};
#[cfg(feature = "ground")]
pub use ground_traced::{traced_violations, TracedRecord, TracedViolation};
