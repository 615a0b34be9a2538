//! Fail-closed properties of the authorizer and the reference policy, on
//! generated adversarial cases (spec chapter 6 `INV-*`, chapter 11 `GEN-*`).
//!
//! Run: `cargo test --test properties --features proptest` (or `--all-features`).
//! `PROPTEST_CASES=N` scales every property (default [`DEFAULT_CASES`]).
//! Each property body calls the shared check functions of
//! `inner_cmd_spec::invariants`, which the fuzz targets call too.
#![cfg(feature = "proptest")]

use inner_cmd_spec::authorize::{authorize, Decision, FixedSession};
use inner_cmd_spec::ecma::is_line_terminator;
use inner_cmd_spec::events::Event;
use inner_cmd_spec::gen::proptest_front::{cases, cases_of};
use inner_cmd_spec::gen::{Case, Guard, Route, Shape, Weights, INNER_COMMANDS};
use inner_cmd_spec::invariants::{
    check_decision_in_session, check_deterministic, check_matchers_agree, check_monotone,
    check_recognizers_agree, check_siblings_judged,
};
use inner_cmd_spec::pipeline;
use inner_cmd_spec::policy::{check::match_value, Policy, Rule};
use inner_cmd_spec::query::PermissionQuery;
use inner_cmd_spec::verdict::{PermissionState, Verdict};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use serde_json::{json, Value};

/// Cases per property unless `PROPTEST_CASES` says otherwise.
const DEFAULT_CASES: u32 = 2000;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_CASES);
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/properties.txt",
        ))),
        ..ProptestConfig::with_cases(cases)
    }
}

fn policy_of(case: &Case) -> Policy {
    Policy::new(case.rules.clone(), case.home.clone())
}

fn session_of(case: &Case) -> FixedSession {
    FixedSession {
        registered: case.registered_session.clone(),
        current: Ok(case.live_session.clone()),
    }
}

fn decide(details: &Value, case: &Case, policy: &Policy) -> Decision {
    authorize(details, &session_of(case), policy)
}

fn answer(policy: &Policy, value: &str) -> Option<PermissionState> {
    policy.check("bash", value, None).ok()
}

/// `details` with its full command replaced by `full` (a single evidence entry).
fn with_full_command(details: &Value, full: &str) -> Value {
    let mut details = details.clone();
    let entry = json!({"label": "full command", "text": full, "detail": null});
    if let Some(evidence) = details
        .get_mut("payload")
        .and_then(|p| p.get_mut("evidence"))
        .and_then(Value::as_array_mut)
    {
        evidence.retain(|e| e.get("label").and_then(Value::as_str) != Some("full command"));
        evidence.push(entry);
    }
    details
}

/// The gate-then-authorizer pipeline's outcome (chapter 8, `PIPE-*`).
fn pipeline(policy: &Policy, command: &str) -> PermissionState {
    pipeline::decide(policy, command, &pipeline::Options::default()).outcome
}

/// `check_decision_in_session` for a case: the policy answers, and whether
/// the case's live session is the registered one.
fn check(
    case: &Case,
    policy: &Policy,
    details: &Value,
    decision: &Decision,
) -> Result<(), TestCaseError> {
    let session_matches = case.live_session == case.registered_session;
    check_decision_in_session(details, session_matches, &|v| answer(policy, v), decision)
        .map_err(|e| TestCaseError::fail(e.to_string()))
}

proptest! {
    #![proptest_config(config())]

    /// INV-2, INV-5 (property 1): an allow has exactly one query, on the full
    /// command with exactly the one occurrence of the unit replaced by the
    /// inner command — the value the generator predicts (GEN-8) — and the
    /// reference policy answered allow for it.
    #[test]
    fn inv_2_inv_5_allow_is_one_query_on_the_dewrapped_command(case in cases(Weights::default())) {
        let policy = policy_of(&case);
        let decision = decide(&case.details, &case, &policy);
        check(&case, &policy, &case.details, &decision)?;
        if decision.verdict == Verdict::Allow {
            prop_assert_eq!(decision.queries.len(), 1);
            let Route::Query { dewrapped, .. } = case.route() else {
                return Err(TestCaseError::fail(format!("allow off the query route: {:?}", case.route())));
            };
            prop_assert_eq!(&decision.queries[0].value, &dewrapped);
            prop_assert_eq!(policy.advisory(&dewrapped).state, PermissionState::Allow);
        }
    }

    /// INV-9 (property 2): never allow while a sibling is unjudged.
    #[test]
    fn inv_9_no_allow_with_a_sibling_unjudged(case in cases_of(Shape::Compound, Weights::default())) {
        let policy = policy_of(&case);
        let decision = decide(&case.details, &case, &policy);
        check_siblings_judged(&case.details, &policy, &decision).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }

    /// INV-3 (property 3): deny only on a deny answer.
    #[test]
    fn inv_3_deny_only_on_a_deny_answer(case in cases(Weights::default())) {
        let policy = policy_of(&case);
        let decision = decide(&case.details, &case, &policy);
        check(&case, &policy, &case.details, &decision)?;
        if decision.verdict == Verdict::Deny {
            let value = &decision.queries[0].value;
            prop_assert_eq!(answer(&policy, value), Some(PermissionState::Deny));
        }
    }

    /// INV-4, INV-8 (property 4): no query for nested, unsupported, non-unique,
    /// forwarded, aliased, mismatched or malformed inputs — exactly one query,
    /// on the predicted value, on the query route (GEN-8).
    #[test]
    fn inv_4_query_only_on_the_query_route(case in cases(Weights::default())) {
        let policy = policy_of(&case);
        let decision = decide(&case.details, &case, &policy);
        check(&case, &policy, &case.details, &decision)?;
        match case.route() {
            Route::Query { dewrapped, .. } => {
                let values: Vec<&str> = decision.queries.iter().map(|q| q.value.as_str()).collect();
                prop_assert_eq!(values, vec![dewrapped.as_str()]);
            }
            route => {
                prop_assert!(decision.queries.is_empty(), "{:?} queried {:?}", route, decision.queries);
                prop_assert_eq!(decision.verdict, Verdict::Defer);
            }
        }
    }

    /// AUTH-1..AUTH-9, AUTH-12, EVT-3: each route the generator predicts
    /// (GEN-8) ends in its own event — none for forwarded, malformed and
    /// unclaimed inputs, `session_mismatch`, `unsupported_wrapper_syntax` for
    /// the right wrapper, `nested_wrapper`, `wrapper_not_located`,
    /// `env_non_transparent`/`xargs_non_transparent` — and on the query route
    /// `allow`/`deny`/`inner_ask` as the policy answered, naming the full
    /// and the predicted inner command.
    #[test]
    fn auth_each_route_ends_in_its_event(case in cases(Weights::default())) {
        let policy = policy_of(&case);
        let decision = decide(&case.details, &case, &policy);
        let event = decision.events.first();
        let full = case.full.as_str();
        match case.route() {
            Route::Guard(Guard::SessionMismatch) => {
                prop_assert!(matches!(event, Some(Event::SessionMismatch { .. })), "{:?}", event);
            }
            Route::Guard(_) | Route::Unclaimed => prop_assert_eq!(event, None),
            Route::Unsupported(wrapper) => match event {
                Some(Event::UnsupportedWrapperSyntax { command, wrapper: named }) => {
                    prop_assert_eq!(command.as_str(), full);
                    prop_assert_eq!(named.word(), wrapper.word());
                }
                other => prop_assert!(false, "unsupported {:?} gave {:?}", wrapper, other),
            },
            Route::Nested => {
                prop_assert!(matches!(event, Some(Event::NestedWrapper { command, .. }) if command == full), "{:?}", event);
            }
            Route::NotLocated => {
                prop_assert!(matches!(event, Some(Event::WrapperNotLocated { command }) if command == full), "{:?}", event);
            }
            Route::NonTransparent(wrapper) => {
                let named = match event {
                    Some(Event::EnvNonTransparent { command }) if command == full => "env",
                    Some(Event::XargsNonTransparent { command }) if command == full => "xargs",
                    other => return Err(TestCaseError::fail(format!("non-transparent gave {other:?}"))),
                };
                prop_assert_eq!(named, wrapper.word());
            }
            Route::Query { inner, dewrapped } => {
                let (command, inner_command) = match (policy.advisory(&dewrapped).state, event) {
                    (PermissionState::Allow, Some(Event::Allow { command, inner_command, .. }))
                    | (PermissionState::Deny, Some(Event::Deny { command, inner_command, .. }))
                    | (PermissionState::Ask, Some(Event::InnerAsk { command, inner_command })) => (command, inner_command),
                    (state, other) => return Err(TestCaseError::fail(format!("answer {state} gave {other:?}"))),
                };
                prop_assert_eq!(command.as_str(), full);
                prop_assert_eq!(inner_command, &inner);
            }
        }
    }

    /// INV-10 (property 5): turning any rule from allow to ask or deny never
    /// turns a non-allow into an allow, and neither does adding a sibling.
    #[test]
    fn inv_10_stricter_inputs_are_never_allowed_more(case in cases(Weights::default()), sibling in 0..3usize) {
        let policy = policy_of(&case);
        let before = decide(&case.details, &case, &policy).verdict;
        for (index, rule) in case.rules.iter().enumerate().filter(|(_, r)| r.state == PermissionState::Allow) {
            for stricter in [PermissionState::Ask, PermissionState::Deny] {
                let mut rules = case.rules.clone();
                rules[index] = Rule { pattern: rule.pattern.clone(), state: stricter };
                let tightened = Policy::new(rules, case.home.clone());
                let after = decide(&case.details, &case, &tightened).verdict;
                check_monotone(before, after).map_err(|e| TestCaseError::fail(format!("{e}: rule {index} -> {stricter}")))?;
            }
        }
        if case.broken.is_none() {
            let added = ["git push", "rm -rf /", "echo done"][sibling];
            let longer = format!("{} && {added}", case.full);
            let after = decide(&with_full_command(&case.details, &longer), &case, &policy).verdict;
            check_monotone(before, after).map_err(|e| TestCaseError::fail(format!("{e}: added {added:?}")))?;
        }
    }

    /// INV-11, PIPE-2, PIPE-6 (property 6): `timeout D A` and `time A` decide like the pipeline
    /// on `A` alone, for every valid duration D, when A has no siblings, no
    /// line terminator, and
    /// the rules are about A: patterns of A's words, and a catch-all `*` that
    /// allows or asks. (A `*` deny denies `timeout D A` at the gate before the
    /// authorizer is consulted; see the regression test below.)
    #[test]
    fn inv_11_transparent_wrappers_decide_like_the_bare_command(
        inner in prop::sample::select(INNER_COMMANDS.iter().copied().filter(|a| !a.chars().any(is_line_terminator)).collect::<Vec<_>>()),
        duration in "[1-9][0-9]{0,3}(\\.[0-9]{1,2})?[smhd]?",
        catch_all in prop::option::of(prop::sample::select(vec![PermissionState::Allow, PermissionState::Ask])),
        own in prop::collection::vec((any::<bool>(), prop::sample::select(vec![PermissionState::Allow, PermissionState::Ask, PermissionState::Deny])), 0..3),
    ) {
        let word = inner.split(' ').next().unwrap_or(inner);
        let mut rules: Vec<Rule> = catch_all.map(|state| Rule { pattern: "*".into(), state }).into_iter().collect();
        rules.extend(own.into_iter().map(|(exact, state)| Rule {
            pattern: if exact { inner.to_owned() } else { format!("{word} *") },
            state,
        }));
        let policy = Policy::new(rules, "/home/u");
        let bare = pipeline(&policy, inner);
        prop_assert_eq!(pipeline(&policy, &format!("timeout {duration} {inner}")), bare, "timeout {}", duration);
        prop_assert_eq!(pipeline(&policy, &format!("time {inner}")), bare);
    }

    /// WRAP-TRANS-1 (property 7): the hand-written recognizers equal the fancy-regex
    /// transcriptions on every unit, inner command and full command generated
    /// (up to 4,000 bytes), and on the unit's suffixes.
    #[test]
    fn wrap_trans_1_recognizers_equal_transcriptions(case in cases(Weights::default())) {
        let mut texts = vec![case.unit.clone(), case.inner.clone(), case.full.clone()];
        texts.extend(case.layers.iter().map(|l| format!("{}{}", l.text, case.inner)));
        if case.unit.len() < 2_000 {
            texts.extend(case.unit.char_indices().map(|(i, _)| case.unit[i..].to_owned()));
        }
        // The transcriptions backtrack: long texts are left to the
        // `recognize_diff` fuzz target.
        for text in texts.iter().filter(|t| t.len() <= 4_000) {
            check_recognizers_agree(text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }

    /// WRAP-TRANS-1 (property 7): the same on short strings over the grammars' alphabet.
    #[test]
    fn wrap_trans_1_recognizers_equal_transcriptions_on_noise(
        text in "(time|timeout|[ \t\u{a0}\u{85}\u{2028}\u{feff}\n-]|[0-9.smhd]|ls){0,8}"
    ) {
        check_recognizers_agree(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }

    /// POL-MATCH-8 (property 8): the fast matcher equals the reference matcher
    /// on every rule of a case against its commands and their match values
    /// (values up to 4,000 bytes, the first 40 units).
    #[test]
    fn pol_match_8_fast_matcher_equals_reference(case in cases(Weights::default())) {
        let policy = policy_of(&case);
        let mut values = vec![case.full.clone(), case.unit.clone(), case.inner.clone()];
        values.extend(case.siblings.iter().map(|s| s.text.clone()));
        if let Route::Query { dewrapped, .. } = case.route() {
            values.push(dewrapped);
        }
        values.extend(policy.advisory(&case.full).units.iter().take(40).map(|u| match_value(&u.text)));
        // The reference matcher is deliberately quadratic: huge values are
        // left to the fuzz target and the criterion benchmarks.
        for value in values.iter().filter(|v| v.len() <= 4_000) {
            check_matchers_agree(&case.rules, &case.home, value).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }

    /// INV-7, INV-12 (property 9): every generated input gets a verdict, and
    /// deciding it twice gives the same decision, events included.
    #[test]
    fn inv_7_inv_12_total_and_deterministic(case in cases(Weights::default())) {
        let policy = policy_of(&case);
        let first = decide(&case.details, &case, &policy);
        let second = decide(&case.details, &case, &policy);
        check_deterministic(&first, &second).map_err(|e| TestCaseError::fail(e.to_string()))?;
        check(&case, &policy, &case.details, &first)?;
    }
}

/// INV-11 regression (first shrink of `inv_11_transparent_wrappers_decide_like_the_bare_command`,
/// when it still drew `*` deny): rules `[* deny, npm * allow]` allow `npm test`
/// but the gate denies `timeout 1 npm test` (last match `*`), so the property
/// only holds for catch-alls that do not deny. Not a bug: the authorizer is
/// consulted on ask only (chapter 8).
#[test]
fn inv_11_regression_catch_all_deny_denies_the_wrapper_at_the_gate() {
    let rules = vec![
        Rule {
            pattern: "*".into(),
            state: PermissionState::Deny,
        },
        Rule {
            pattern: "npm *".into(),
            state: PermissionState::Allow,
        },
    ];
    let policy = Policy::new(rules, "/home/u");
    assert_eq!(pipeline(&policy, "npm test"), PermissionState::Allow);
    assert_eq!(
        policy.gate("timeout 1 npm test").state,
        PermissionState::Deny
    );
    assert_eq!(
        pipeline(&policy, "timeout 1 npm test"),
        PermissionState::Deny
    );
}

/// GEN-8: the properties above are not vacuous — over a fixed stream of
/// generated cases every route occurs, and the authorizer allows, denies and
/// defers on the query route.
#[test]
fn gen_8_properties_see_every_route_and_verdict() {
    use inner_cmd_spec::gen::{build, ByteChoices};
    use std::collections::HashSet;
    let weights = Weights::default();
    let mut routes = HashSet::new();
    let mut verdicts = HashSet::new();
    let mut state: u64 = 0x1234_5678_9ABC_DEF1;
    for _ in 0..3000 {
        let bytes: Vec<u8> = (0..160)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state.to_le_bytes()[0]
            })
            .collect();
        let case = build(&mut ByteChoices::new(&bytes), &weights);
        let route = case.route();
        routes.insert(std::mem::discriminant(&route));
        if matches!(route, Route::Query { .. }) {
            let policy = policy_of(&case);
            verdicts.insert(decide(&case.details, &case, &policy).verdict);
        }
    }
    assert_eq!(routes.len(), 7, "routes seen: {}", routes.len());
    assert_eq!(
        verdicts.len(),
        3,
        "verdicts on the query route: {verdicts:?}"
    );
}

/// INV-11 regression (shrunk by `inv_11_transparent_wrappers_decide_like_the_bare_command`
/// once inner commands gained a line continuation): with no rules but `ls *`
/// allow, `ls \` newline `-la` is allowed alone, but `time ls \` newline `-la`
/// and `timeout 1 ls \` newline `-la` are unsupported syntax (`.` does not cross
/// the newline) and stay ask. Fail-closed, as the grammar says; INV-11 now
/// excludes line terminators.
#[test]
fn inv_11_regression_line_continuation_is_not_unwrapped() {
    let policy = Policy::new(
        vec![Rule {
            pattern: "ls *".into(),
            state: PermissionState::Allow,
        }],
        "/home/u",
    );
    assert_eq!(pipeline(&policy, "ls \\\n-la"), PermissionState::Allow);
    assert_eq!(pipeline(&policy, "time ls \\\n-la"), PermissionState::Ask);
    assert_eq!(
        pipeline(&policy, "timeout 1 ls \\\n-la"),
        PermissionState::Ask
    );
}

/// INV-9 regression (shrunk by `inv_9_no_allow_with_a_sibling_unjudged`, an
/// `Overlapping` placement): value `timeout 30s FOO=1 npm test timeout` in full
/// `timeout 30s FOO=1 npm test timeout 30s FOO=1 npm test timeout`. The only
/// unit is the whole command; its image `FOO=1 npm test timeout 30s …` is
/// judged as `npm test timeout 30s …` (assignments omitted, POL-UNIT-4). The
/// first INV-9 check compared whole texts and cried wolf; it now accepts a
/// judged suffix for the wrapper unit. The allow itself is right.
#[test]
fn inv_9_regression_wrapper_unit_judged_without_its_assignments() {
    let full = "timeout 30s FOO=1 npm test timeout 30s FOO=1 npm test timeout";
    let unit = "timeout 30s FOO=1 npm test timeout";
    let policy = Policy::new(
        vec![Rule {
            pattern: "npm *".into(),
            state: PermissionState::Allow,
        }],
        "/home/u",
    );
    let details = json!({
        "requestId": "r", "agentName": null, "toolName": "bash",
        "payload": {"kind": "bash", "request": {"requester": {"forwarded": false}, "surface": "bash",
            "toolName": "bash", "invokedToolName": null, "value": unit},
            "evidence": [{"label": "full command", "text": full, "detail": null}]},
    });
    let decision = authorize(&details, &FixedSession::matching("s"), &policy);
    assert_eq!(decision.verdict, Verdict::Allow);
    assert_eq!(
        decision.queries[0].value,
        "FOO=1 npm test timeout 30s FOO=1 npm test timeout"
    );
    let judged: Vec<String> = policy
        .advisory(&decision.queries[0].value)
        .units
        .into_iter()
        .map(|u| u.text)
        .collect();
    assert_eq!(judged, vec!["npm test timeout 30s FOO=1 npm test timeout"]);
    check_siblings_judged(&details, &policy, &decision).unwrap();
}
