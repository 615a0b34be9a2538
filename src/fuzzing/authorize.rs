//! The `authorize` target: every decision satisfies the fail-closed invariants.

use std::cell::RefCell;
use std::collections::HashMap;

use arbitrary::Unstructured;
use serde_json::Value;

use crate::authorize::{authorize as decide, FixedSession};
use crate::findings::{
    check_siblings_judged_known, classify_appended_violation, AppendedViolation,
};
use crate::gen::{case_from_unstructured, Route, SyntaxClass, SyntaxWeights, Weights};
use crate::invariants::{
    check_decision_in_session, check_deterministic, check_monotone, check_siblings_judged_with,
};
use crate::policy::units::{enumerate, UnitsError};
use crate::policy::{CheckResult, Policy, Rule, Unit};
use crate::query::{PermissionQuery, QueryError, BASH_SURFACE};
use crate::verdict::PermissionState;

/// How the fuzz input answers the authorizer's policy query.
enum Answers {
    /// The case's own rules, as the reference policy (an advisory check).
    Policy(Policy),
    /// Every query gets this state.
    Fixed(PermissionState),
    /// Every query fails.
    Failing,
}

impl Answers {
    fn draw(input: &mut Unstructured<'_>, policy: Policy) -> Answers {
        match input.int_in_range(0..=4u8).unwrap_or(0) {
            0 | 1 => Answers::Policy(policy),
            2 => Answers::Fixed(PermissionState::Allow),
            3 => Answers::Fixed(PermissionState::Deny),
            _ => {
                if input.arbitrary().unwrap_or(false) {
                    Answers::Fixed(PermissionState::Ask)
                } else {
                    Answers::Failing
                }
            }
        }
    }
}

/// The enumerations of one input's commands, shared by all its checks.
///
/// The decision, its repetition (INV-12), the tightened policy (INV-10) and
/// the sibling check (INV-9) all judge the same one or two commands (the
/// de-wrapped and the full one), and parsing them is most of the cost of an
/// input. The units of a command do not depend on the rules
/// ([`Policy::advisory_of`]), so each command is parsed once per input.
/// (The parser's own determinism is the `units` target's check, POL-UNIT-1.)
#[derive(Default)]
struct Parses(RefCell<HashMap<String, Result<Vec<Unit>, UnitsError>>>);

impl Parses {
    /// `policy.advisory(command)`, from the shared enumeration.
    fn advisory(&self, policy: &Policy, command: &str) -> CheckResult {
        let enumerated = self
            .0
            .borrow_mut()
            .entry(command.to_owned())
            .or_insert_with(|| enumerate(command))
            .clone();
        policy.advisory_of(command, enumerated)
    }
}

/// The policy query of one input: its [`Answers`] (or a tightened policy),
/// answering from the shared [`Parses`].
struct Query<'a> {
    answers: &'a Answers,
    parses: &'a Parses,
}

impl Query<'_> {
    /// What the policy answers for `value`; `None` when the query fails.
    fn answer(&self, value: &str) -> Option<PermissionState> {
        self.check(BASH_SURFACE, value, None).ok()
    }
}

impl PermissionQuery for Query<'_> {
    fn check(
        &self,
        surface: &str,
        value: &str,
        _agent: Option<&str>,
    ) -> Result<PermissionState, QueryError> {
        match self.answers {
            // As `Policy`'s own `PermissionQuery` impl (POL-CHECK-9).
            Answers::Policy(_) if surface != BASH_SURFACE => {
                Err(QueryError::UnsupportedSurface(surface.to_owned()))
            }
            Answers::Policy(policy) => Ok(self.parses.advisory(policy, value).state),
            Answers::Fixed(state) => Ok(*state),
            Answers::Failing => Err(QueryError::Failed("fuzz input: the query fails".into())),
        }
    }
}

/// How the `authorize` check runs: the generators' weights, and whether
/// violations of `INV-9`/`INV-10` that are instances of a listed finding pass
/// (`INV-KNOWN-1`, the default) or fail like any other (for measuring how
/// fast the generators reach a finding).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthorizeOptions {
    /// The generators' weights.
    pub weights: Weights,
    /// Classify known findings as expected (`true`) or report every violation.
    pub classify_known: bool,
}

impl Default for AuthorizeOptions {
    fn default() -> Self {
        Self {
            weights: Weights::default(),
            classify_known: true,
        }
    }
}

impl AuthorizeOptions {
    /// The defaults, changed by two environment variables meant for
    /// measurements only: `INNER_CMD_FUZZ_RAW=1` reports known findings too,
    /// and `INNER_CMD_FUZZ_SYNTAX=<class>` (a [`SyntaxClass`] name in lower
    /// case, e.g. `reserved`) draws shell syntax of that class only, half the
    /// time.
    #[must_use]
    pub fn from_env() -> Self {
        let mut options = Self::default();
        if std::env::var("INNER_CMD_FUZZ_RAW").is_ok_and(|v| v == "1") {
            options.classify_known = false;
        }
        if let Ok(name) = std::env::var("INNER_CMD_FUZZ_SYNTAX") {
            if let Some(class) = SyntaxClass::ALL
                .into_iter()
                .find(|c| format!("{c:?}").eq_ignore_ascii_case(&name))
            {
                options.weights.syntax = SyntaxWeights::only(class, 50);
            }
        }
        options
    }
}

/// [`authorize_with`] and the default options.
pub fn authorize(data: &[u8]) {
    authorize_with(data, &AuthorizeOptions::default());
}

/// Fuzz check for the authorizer (`INV-1`..`INV-10`, `INV-12`, `GEN-8`).
///
/// Input: decisions for a generated case (`crate::gen`, the `Arbitrary` front
/// end), then how the policy answers (the case's rules, a fixed state, or a
/// failing query), whether the live session is the case's or unreadable,
/// which `allow` rule to tighten, and whether (rarely) the details are
/// replaced by the rest of the input read as arbitrary JSON (`INV-7`).
/// Checks that
/// - [`decide`] returns (no panic, no stack overflow: `INV-7`);
/// - the decision passes [`check_decision_in_session`], the same invariant
///   check the property tests use (`INV-1`..`INV-6`, `INV-8`);
/// - deciding again gives the same decision ([`check_deterministic`], `INV-12`);
/// - when the case's own rules answer: no allow leaves a sibling unjudged
///   ([`crate::invariants::check_siblings_judged`], `INV-9`), turning one of its `allow`
///   rules (chosen by the input) to `ask` or `deny` never turns a non-allow
///   into an allow, and neither does appending a sibling (chosen by the
///   input) ([`check_monotone`], `INV-10`) — except for instances of a
///   listed finding, each recognized by its own classifier (`INV-KNOWN-1`),
///   unless `options.classify_known` is off;
/// - for generated details, it queries exactly the de-wrapped full command
///   when the case's route is a query and the session matches, and nothing
///   otherwise (`GEN-8`).
///
/// # Panics
/// When one of these properties is violated: that is a bug in the authorizer
/// (or in the generator's route, which the panic message shows).
pub fn authorize_with(data: &[u8], options: &AuthorizeOptions) {
    let mut input = Unstructured::new(data);
    let Ok(case) = case_from_unstructured(&mut input, &options.weights) else {
        return;
    };
    let answers = Answers::draw(
        &mut input,
        Policy::new(case.rules.clone(), case.home.clone()),
    );
    let session_readable = input.int_in_range(0..=7u8).unwrap_or(0) != 0;
    let session = FixedSession {
        registered: case.registered_session.clone(),
        current: if session_readable {
            Ok(case.live_session.clone())
        } else {
            Err("fuzz input: the session cannot be read".to_owned())
        },
    };
    let session_matches = session_readable && case.live_session == case.registered_session;
    let tighten_pick = usize::from(input.arbitrary::<u16>().unwrap_or(0));
    let tighten_to_deny = input.arbitrary::<bool>().unwrap_or(false);
    let appended = APPENDED
        .get(usize::from(input.int_in_range(0..=2u8).unwrap_or(0)))
        .copied()
        .unwrap_or("git push");
    let raw_details = input.ratio(1u8, 16).unwrap_or(false);
    let details: Value = if raw_details {
        let rest = input.take_rest();
        match serde_json::from_slice(rest) {
            Ok(value) => value,
            Err(_) => Value::String(String::from_utf8_lossy(rest).into_owned()),
        }
    } else {
        case.details.clone()
    };

    let parses = Parses::default();
    let query = Query {
        answers: &answers,
        parses: &parses,
    };
    let decision = decide(&details, &session, &query);
    if let Err(violation) =
        check_decision_in_session(&details, session_matches, &|v| query.answer(v), &decision)
    {
        panic!(
            "INV: {violation}\ndetails: {details}\nsession matches: {session_matches}\n\
             decision: {decision:?}"
        );
    }
    let again = decide(&details, &session, &query);
    if let Err(violation) = check_deterministic(&decision, &again) {
        panic!("INV-12: {violation}\ndetails: {details}\n{decision:?}\n{again:?}");
    }
    if let Answers::Policy(policy) = &answers {
        let advisory = |command: &str| parses.advisory(policy, command);
        // The raw check on the shared parses first; only a violation is
        // classified (which re-checks it from scratch).
        let judged = match check_siblings_judged_with(&details, policy, &decision, &advisory) {
            Err(_) if options.classify_known => {
                check_siblings_judged_known(&details, policy, &decision).map(|_| ())
            }
            other => other,
        };
        if let Err(violation) = judged {
            panic!("INV-9: {violation}\ndetails: {details}\ndecision: {decision:?}");
        }
        if let Some(tightened) = tighten_one_rule(policy, tighten_pick, tighten_to_deny) {
            let tightened = Answers::Policy(tightened);
            let tightened_query = Query {
                answers: &tightened,
                parses: &parses,
            };
            let after = decide(&details, &session, &tightened_query).verdict;
            if let Err(violation) = check_monotone(decision.verdict, after) {
                panic!(
                    "INV-10: {violation}: {:?} became {after:?} with rules {:?}\ndetails: {details}",
                    decision.verdict,
                    match &tightened { Answers::Policy(p) => p.rules(), _ => &[] }
                );
            }
        }
    }
    if raw_details {
        return;
    }
    if let Answers::Policy(policy) = &answers {
        if case.broken.is_none() {
            let longer = format!("{} && {appended}", case.full);
            let after = decide(&with_full_command(&details, &longer), &session, policy).verdict;
            if let Err(violation) = check_monotone(decision.verdict, after) {
                let observed = AppendedViolation {
                    policy,
                    full: &case.full,
                    unit: &case.unit,
                    added: appended,
                };
                let known = options
                    .classify_known
                    .then(|| classify_appended_violation(&observed))
                    .flatten();
                assert!(
                    known.is_some(),
                    "INV-10: {violation}: {:?} became {after:?} with {appended:?} appended\n\
                     details: {details}",
                    decision.verdict
                );
            }
        }
    }
    let route = case.route();
    let expected: Vec<&str> = match &route {
        Route::Query { dewrapped, .. } if session_matches => vec![dewrapped.as_str()],
        _ => Vec::new(),
    };
    let queried: Vec<&str> = decision.queries.iter().map(|q| q.value.as_str()).collect();
    assert_eq!(
        queried, expected,
        "GEN-8: the decision's queries differ from the case's route {route:?}\ndetails: {details}"
    );
}

/// Siblings the check appends (`INV-10`).
const APPENDED: [&str; 3] = ["git push", "rm -rf /", "echo done"];

/// `details` with the full command replaced by `full` (one evidence entry).
fn with_full_command(details: &Value, full: &str) -> Value {
    let mut details = details.clone();
    let entry =
        serde_json::json!({"label": crate::gen::FULL_COMMAND_LABEL, "text": full, "detail": null});
    if let Some(evidence) = details
        .get_mut("payload")
        .and_then(|p| p.get_mut("evidence"))
        .and_then(Value::as_array_mut)
    {
        evidence.retain(|e| {
            e.get("label").and_then(Value::as_str) != Some(crate::gen::FULL_COMMAND_LABEL)
        });
        evidence.push(entry);
    }
    details
}

/// The policy with one of its `allow` rules (the `pick`-th, cyclically)
/// turned to `deny` or `ask`; `None` when it has no `allow` rule (`INV-10`).
fn tighten_one_rule(policy: &Policy, pick: usize, to_deny: bool) -> Option<Policy> {
    let allows: Vec<usize> = (0..policy.rules().len())
        .filter(|&i| policy.rules().get(i).map(|r| r.state) == Some(PermissionState::Allow))
        .collect();
    let index = *allows.get(pick.checked_rem(allows.len())?)?;
    let stricter = if to_deny {
        PermissionState::Deny
    } else {
        PermissionState::Ask
    };
    let mut rules = policy.rules().to_vec();
    let rule = rules.get_mut(index)?;
    *rule = Rule {
        pattern: rule.pattern.clone(),
        state: stricter,
    };
    Some(Policy::new(rules, policy.home()))
}
