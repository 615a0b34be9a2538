//! Known violations of `INV-9` and `INV-10`, each recognized by its own
//! classifier (spec §6.3, `INV-KNOWN-1`; findings in `spec/findings.md`).
//!
//! Tooling, not invariants: the checks themselves are in
//! [`crate::invariants`]; the property tests, the fuzz targets and the
//! soundness run hand their violations here, to be told a listed finding
//! from a new flaw.
//!
//! The crate reproduces the deployed authorizer and policy on purpose, so the
//! flaws listed in `spec/findings.md` are violations the invariants must see
//! — a property that passes only because its generator cannot reach them is a
//! false claim. Instead of narrowing the generators or the clauses, every
//! violation is handed to the classifiers below. Each one recognizes only its
//! own cause, by re-checking a variant of the input with that cause removed
//! and requiring the invariant to hold there, so a new flaw that merely looks
//! like a known one stays unclassified, and an unclassified violation fails
//! the property or the fuzz target.

use serde_json::Value;

mod here_document;
pub use here_document::{has_unterminated_here_document, without_here_documents};

use crate::authorize::Decision;
use crate::invariants::{check_siblings_judged, units_covered, PolicyInvariantViolation};
use crate::payload;
use crate::policy::check::UNPARSEABLE_SENTINEL;
use crate::policy::Policy;
use crate::recognize::Wrapper;
use crate::strip;

/// A known `INV-9` violation: the input, the decision and what broke.
#[derive(Debug, Clone, Copy)]
pub struct SiblingViolation<'a> {
    /// The policy the decision was made under.
    pub policy: &'a Policy,
    /// The full command.
    pub full: &'a str,
    /// The request's unit (the wrapper unit).
    pub unit: &'a str,
    /// The queried (de-wrapped) command.
    pub value: &'a str,
    /// What `INV-9` reported.
    pub violation: &'a PolicyInvariantViolation,
}

/// A finding of `spec/findings.md` and the test that recognizes its `INV-9` instances.
#[derive(Debug, Clone, Copy)]
pub struct KnownSiblingViolation {
    /// Its heading id in `spec/findings.md` (`A-1`, `F-16`, …).
    pub id: &'static str,
    /// True when the observation is an instance of this finding.
    pub applies: fn(&SiblingViolation<'_>) -> bool,
}

/// The findings `INV-9` violations are classified to, in order.
pub const KNOWN_SIBLING_VIOLATIONS: &[KnownSiblingViolation] = &[KnownSiblingViolation {
    id: "A-1",
    applies: dewrapping_reparses,
}];

/// The finding `observed` is an instance of, if any (`INV-KNOWN-1`).
#[must_use]
pub fn classify_sibling_violation(observed: &SiblingViolation<'_>) -> Option<&'static str> {
    KNOWN_SIBLING_VIOLATIONS
        .iter()
        .find(|known| (known.applies)(observed))
        .map(|known| known.id)
}

/// `INV-9` with the known findings classified (`INV-KNOWN-1`): `Ok(None)` when the
/// invariant holds, `Ok(Some(id))` for a violation that is an instance of the
/// finding `id`.
///
/// # Errors
/// A violation no classifier claims.
pub fn check_siblings_judged_known(
    details: &Value,
    policy: &Policy,
    decision: &Decision,
) -> Result<Option<&'static str>, PolicyInvariantViolation> {
    let Err(violation) = check_siblings_judged(details, policy, decision) else {
        return Ok(None);
    };
    let (Ok(request), Some(query)) = (payload::extract(details), decision.queries.first()) else {
        return Err(violation);
    };
    let observed = SiblingViolation {
        policy,
        full: request.full_command,
        unit: request.unit,
        value: &query.value,
        violation: &violation,
    };
    classify_sibling_violation(&observed).map_or(Err(violation.clone()), |id| Ok(Some(id)))
}

/// The neutral inner command the classifiers put in place of the real one:
/// a plain word that is no reserved word, operator or wrapper.
const NEUTRAL_INNER: &str = "x";

/// stripping the wrapper put the inner command's text in command
/// position, where bash (and tree-sitter) read it as syntax — a reserved
/// word, a brace, a comment, a function definition — so the re-query parsed
/// another command than the one the gate split. Recognized by removing the
/// cause: with the inner command replaced by a plain word (in the unit and
/// the full command alike, and so in the de-wrapped value), every unit of the
/// full command is judged.
fn dewrapping_reparses(o: &SiblingViolation<'_>) -> bool {
    if !matches!(
        o.violation,
        PolicyInvariantViolation::SiblingUnjudged { .. }
    ) {
        return false;
    }
    let Some(inner) = Wrapper::ALL
        .iter()
        .find_map(|w| w.recognize(o.unit))
        .map(|r| r.inner)
    else {
        return false;
    };
    if inner == NEUTRAL_INNER {
        return false;
    }
    let Some(located) = strip::locate_once(o.full, o.unit) else {
        return false;
    };
    let (Some(before), Some(prefix), Some(after)) = (
        o.full.get(..located.start),
        o.unit.get(..o.unit.len() - inner.len()),
        o.full.get(located.end..),
    ) else {
        return false;
    };
    // The value must be the one the authorizer derives (INV-5 checks it).
    if o.value != format!("{before}{inner}{after}") {
        return false;
    }
    let unit = format!("{prefix}{NEUTRAL_INNER}");
    let full = format!("{before}{unit}{after}");
    let value = format!("{before}{NEUTRAL_INNER}{after}");
    strip::locate_once(&full, &unit).is_some()
        && units_covered(&|command| o.policy.advisory(command), &full, &unit, &value).is_ok()
}

/// A known `INV-10` violation: appending ` && added` to the full command
/// turned a non-allow into an allow.
#[derive(Debug, Clone, Copy)]
pub struct AppendedViolation<'a> {
    /// The policy both decisions were made under.
    pub policy: &'a Policy,
    /// The full command before the sibling was appended.
    pub full: &'a str,
    /// The request's unit (the wrapper unit).
    pub unit: &'a str,
    /// The appended sibling command.
    pub added: &'a str,
}

/// A finding of `spec/findings.md` and the test that recognizes its `INV-10` instances.
#[derive(Debug, Clone, Copy)]
pub struct KnownAppendedViolation {
    /// Its heading id in `spec/findings.md`.
    pub id: &'static str,
    /// True when the observation is an instance of this finding.
    pub applies: fn(&AppendedViolation<'_>) -> bool,
}

/// The findings `INV-10` violations (an appended sibling) are classified to, in order.
pub const KNOWN_APPENDED_VIOLATIONS: &[KnownAppendedViolation] = &[
    KnownAppendedViolation {
        id: "A-1",
        applies: dewrapping_swallows_the_sibling,
    },
    KnownAppendedViolation {
        id: "F-16",
        applies: nul_swallows_the_sibling,
    },
    KnownAppendedViolation {
        id: "F-17",
        applies: bare_redirect_passes_beside_a_sibling,
    },
    KnownAppendedViolation {
        id: "F-18",
        applies: backslash_joins_the_sibling,
    },
    KnownAppendedViolation {
        id: "F-19",
        applies: here_document_swallows_the_sibling,
    },
    KnownAppendedViolation {
        id: "F-20",
        applies: later_line_error_swallows_the_sibling,
    },
    KnownAppendedViolation {
        id: "N-1",
        applies: appended_text_is_no_sibling,
    },
];

/// The finding `observed` is an instance of, if any (`INV-KNOWN-1`).
#[must_use]
pub fn classify_appended_violation(observed: &AppendedViolation<'_>) -> Option<&'static str> {
    KNOWN_APPENDED_VIOLATIONS
        .iter()
        .find(|known| (known.applies)(observed))
        .map(|known| known.id)
}

/// Whether the policy sees `command && added` as the units of `command`
/// followed by those of `added` (the proviso of `INV-10`).
#[must_use]
pub fn stays_separate(policy: &Policy, command: &str, added: &str) -> bool {
    let texts = |c: &str| {
        policy
            .advisory(c)
            .units
            .into_iter()
            .map(|u| u.text)
            .collect::<Vec<_>>()
    };
    let mut expected = texts(command);
    expected.extend(texts(added));
    texts(&format!("{command} && {added}")) == expected
}

/// The de-wrapped command for `full` and `unit`, and the same with the inner
/// command replaced by [`NEUTRAL_INNER`].
fn dewrapped_and_neutral(full: &str, unit: &str) -> Option<(String, String)> {
    let inner = Wrapper::ALL
        .iter()
        .find_map(|w| w.recognize(unit))
        .map(|r| r.inner)?;
    let located = strip::locate_once(full, unit)?;
    let before = full.get(..located.start)?;
    let after = full.get(located.end..)?;
    Some((
        format!("{before}{inner}{after}"),
        format!("{before}{NEUTRAL_INNER}{after}"),
    ))
}

/// A-1 (for `INV-10`): the full command keeps the appended sibling a unit of
/// its own, the de-wrapped command's parse does not, and with the inner
/// command replaced by a plain word it does again — the inner command's
/// syntax in command position is the cause.
fn dewrapping_swallows_the_sibling(o: &AppendedViolation<'_>) -> bool {
    let Some((value, neutral)) = dewrapped_and_neutral(o.full, o.unit) else {
        return false;
    };
    value != neutral
        && stays_separate(o.policy, o.full, o.added)
        && !stays_separate(o.policy, &value, o.added)
        && stays_separate(o.policy, &neutral, o.added)
}

/// F-16 (for `INV-10`): the de-wrapped command holds a NUL, its parse
/// swallows the appended sibling, and with every NUL replaced by a plain
/// character it does not.
fn nul_swallows_the_sibling(o: &AppendedViolation<'_>) -> bool {
    let Some((value, _)) = dewrapped_and_neutral(o.full, o.unit) else {
        return false;
    };
    value.contains('\0')
        && !stays_separate(o.policy, &value, o.added)
        && stays_separate(o.policy, &value.replace('\0', "a"), o.added)
}

/// F-17 (for `INV-10`): the de-wrapped command has no units and is not
/// trivially empty, so it was asked for as unparseable (`POL-CHECK-6`), a
/// bare redirect such as `<<< in` or `> out`; with the sibling appended the
/// two stay apart and only the sibling's units are judged, the redirect by
/// nobody.
fn bare_redirect_passes_beside_a_sibling(o: &AppendedViolation<'_>) -> bool {
    let Some((value, _)) = dewrapped_and_neutral(o.full, o.unit) else {
        return false;
    };
    let alone = o.policy.advisory(&value);
    alone.units.is_empty()
        && alone.matched_pattern.as_deref() == Some(UNPARSEABLE_SENTINEL)
        && stays_separate(o.policy, &value, o.added)
}

/// F-18 (for `INV-10`): the de-wrapped command holds a backslash whose
/// escaped character the appended ` && …` changes (`cat x \` ends in an
/// `ERROR` unit ` \` alone, an escaped space beside a sibling), so the
/// sibling is not a unit of its own; with every backslash replaced by a
/// plain character it is.
fn backslash_joins_the_sibling(o: &AppendedViolation<'_>) -> bool {
    let Some((value, _)) = dewrapped_and_neutral(o.full, o.unit) else {
        return false;
    };
    backslash_joins(o.policy, &value, o.added)
}

/// F-18's mechanism for any `command`: it holds a backslash whose escaped
/// character the appended ` && added` changes, so `added` is not a sibling
/// of its own, and with every backslash replaced by a plain character it is.
/// Appending text there is not appending a sibling: `cat x \` (a parse
/// error) followed by ` && rm -rf /` becomes `cat x '\ '` and then `rm -rf /`,
/// judged on its own. (The hardened profile needs no such classifier: it
/// asks on both sides, HARD-PARSE-1 and HARD-PARSE-5.)
fn backslash_joins(policy: &Policy, command: &str, added: &str) -> bool {
    command.contains('\\')
        && !stays_separate(policy, command, added)
        && stays_separate(policy, &command.replace('\\', "a"), added)
}

/// F-19 (for `INV-10`): the de-wrapped command holds a here-document that
/// never sees its delimiter line, so the appended ` && …` lands on that
/// operator's line, which the parse folds into the operator's unit (bash
/// runs it: `(cat <<EOF && if true; then ls; fi) && rm -rf /` runs `rm`);
/// with every here-document operator made a plain `<` redirection, the
/// sibling stays a unit of its own.
fn here_document_swallows_the_sibling(o: &AppendedViolation<'_>) -> bool {
    let Some((value, _)) = dewrapped_and_neutral(o.full, o.unit) else {
        return false;
    };
    has_unterminated_here_document(&value)
        && !stays_separate(o.policy, &value, o.added)
        && stays_separate(o.policy, &without_here_documents(&value), o.added)
}

/// F-20 (for `INV-10`): the de-wrapped command spans lines, and with the
/// sibling appended its last line is a syntax error whose `ERROR` node
/// swallows the lines before it into one unit; the full command, wrapper
/// and all, swallows the sibling just the same, so de-wrapping is not the
/// cause (that would be A-1).
fn later_line_error_swallows_the_sibling(o: &AppendedViolation<'_>) -> bool {
    let Some((value, _)) = dewrapped_and_neutral(o.full, o.unit) else {
        return false;
    };
    value.contains('\n')
        && !stays_separate(o.policy, &value, o.added)
        && !stays_separate(o.policy, o.full, o.added)
        && parse_has_error(&format!("{value} && {}", o.added))
}

/// Whether tree-sitter-bash's parse of `command` has an `ERROR` or
/// `MISSING` node (a parser that cannot load counts as one: fail closed).
pub(crate) fn parse_has_error(command: &str) -> bool {
    let Ok(mut parser) = crate::policy::units::bash_parser() else {
        return true;
    };
    parser
        .parse(command, None)
        .is_none_or(|tree| tree.root_node().has_error())
}

/// N-1 (for `INV-10`, tried last): the policy's own parse of the *full*
/// command, wrapper and all, does not keep the appended text a unit of its
/// own (it ends inside a comment, an open here-document, or another
/// construct that swallows it), so nothing was appended as a sibling and
/// INV-10's premise fails. Not a finding: the cases with a cause of their
/// own (F-16, F-18, F-19, F-20) are tried first, and A-1 needs the full command to
/// keep the sibling apart.
fn appended_text_is_no_sibling(o: &AppendedViolation<'_>) -> bool {
    !stays_separate(o.policy, o.full, o.added)
}
