//! What the violations of one execution come to (`INV-KNOWN-2`,
//! `HARD-GROUND-1`): the decisive one past the check's blind spots, and the
//! records of an unknown answer that can be checked.

use super::known::classify;
use super::observation::GroundObservation;
use crate::ground::{Execution, TRANSPARENT_WRAPPERS};
use crate::hardened::Profile;
use crate::invariants::GroundViolation;
use crate::pipeline::Outcome;
use crate::policy::Policy;

/// What an execution's INV-GROUND `violations` (in the order bash ran the
/// commands; at least one) come to under `profile` (`INV-KNOWN-2`,
/// `HARD-GROUND-1`): the decisive violation, the first that is not a blind
/// spot of the check, with the finding whose classifier claims it (`None`
/// when every one is a blind spot); and the id the run counts, when it
/// counts one: a finding of the decisive violation under `deployed`, or the
/// first blind spot when every violation is one.
#[must_use]
pub fn decide_violations<'a>(
    profile: Profile,
    policy: &'a Policy,
    command: &'a str,
    outcome: &'a Outcome,
    execution: &'a Execution,
    violations: &'a [GroundViolation],
) -> (
    Option<(&'a GroundViolation, Option<&'static str>)>,
    Option<&'static str>,
) {
    let classified: Vec<(&GroundViolation, Option<&'static str>)> = violations
        .iter()
        .map(|violation| {
            let observed = GroundObservation {
                policy,
                command,
                outcome,
                execution,
                violation,
            };
            (violation, classify(&observed))
        })
        .collect();
    let decisive = classified
        .iter()
        .copied()
        .find(|(_, id)| !id.is_some_and(|id| is_blind_spot(profile, id)));
    let counted = match decisive {
        None => classified.first().and_then(|(_, id)| *id),
        Some((_, Some(id))) if profile == Profile::Deployed => Some(id),
        Some(_) => None,
    };
    (decisive, counted)
}

/// Whether finding `id` is a blind spot of the check under `profile`
/// (`INV-KNOWN-2`, `HARD-GROUND-1`): under `deployed` every `G-*`; under
/// `hardened` only those that do not rest on the deployed units being
/// allowed (G-3 compares with them, and a hardened allow does not imply
/// it), so G-1, G-2, G-4, G-5, G-6 (which asks the hardened profile) and
/// G-9 (which rests on the profile's own list of inert names).
fn is_blind_spot(profile: Profile, id: &str) -> bool {
    match profile {
        Profile::Deployed => id.starts_with("G-"),
        Profile::Hardened => matches!(id, "G-1" | "G-2" | "G-4" | "G-5" | "G-6" | "G-9"),
    }
}

/// The records of an unknown answer without the transparent wrappers the
/// stop cut off: bash recorded the wrapper's text, but its stub never ran
/// its inner command (no `inner_at`), so whether it would have is unknown,
/// and INV-GROUND-6 cannot judge it through that command (an endless
/// `while timeout 5 make; do :; done` is stopped at some iteration).
pub(super) fn without_cut_off_wrappers(recorded: &Execution) -> Execution {
    let mut kept = recorded.clone();
    kept.commands.retain(|executed| {
        let first = executed
            .text
            .split([' ', '\t', '\n'])
            .find(|w| !w.is_empty());
        executed.inner_at.is_some() || !first.is_some_and(|w| TRANSPARENT_WRAPPERS.contains(&w))
    });
    kept
}
