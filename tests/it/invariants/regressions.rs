//! Named regression tests: every case a property of `tests/it/invariants/properties.rs` or
//! `tests/it/gen/grammar.rs` ever shrank to, with what it taught (spec
//! chapters 6 and 11). Also the check that the properties are not vacuous.
#![cfg(feature = "proptest")]

use crate::support;
use crate::support::properties::{
    decide, grammar_capture, is_separator_like, layer, pipeline, policy_of,
};
use inner_cmd_spec::authorize::{authorize, FixedSession};
use inner_cmd_spec::gen::{DurationForm, LayerForm, Route, Weights, INNER_COMMANDS};
use inner_cmd_spec::invariants::check_siblings_judged;
use inner_cmd_spec::policy::Policy;
use inner_cmd_spec::verdict::{PermissionState, Verdict};
use serde_json::json;

/// INV-11 regression (first shrink of `inv_11_transparent_wrappers_decide_like_the_bare_command`,
/// when it still drew `*` deny): rules `[* deny, npm * allow]` allow `npm test`
/// but the gate denies `timeout 1 npm test` (last match `*`), so the property
/// only holds for catch-alls that do not deny. Not a bug: the authorizer is
/// consulted on ask only (chapter 8).
#[test]
fn inv_11_regression_catch_all_deny_denies_the_wrapper_at_the_gate() {
    let policy = support::policy(
        &[
            ("*", PermissionState::Deny),
            ("npm *", PermissionState::Allow),
        ],
        "/home/u",
    );
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
    let policy = support::policy(&[("ls *", PermissionState::Allow)], "/home/u");
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
    let policy = support::policy(&[("npm *", PermissionState::Allow)], "/home/u");
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

/// GEN-8 regression (shrunk by `gen_8_route_agrees_with_the_grammars`): U+0085
/// is not ECMAScript `\s`, so `time \u{85}npm test` is recognized with inner
/// `\u{85}npm test`; the generator first predicted "unsupported".
#[test]
fn gen_8_regression_next_line_after_time_is_not_whitespace() {
    let time = layer(LayerForm::TimeBare, " \u{85}", "time \u{85}");
    let predicted = time.grammar_inner("npm test");
    assert_eq!(predicted.as_deref(), Some("\u{85}npm test"));
    assert_eq!(grammar_capture("time \u{85}npm test"), predicted);
}

/// GEN-8 regression (shrunk by `gen_8_route_agrees_with_the_grammars`): a
/// `time -p` layer whose separator hides the dash behind U+0085 still matches
/// the bare grammar: `time \u{85} -p npm test` captures `\u{85} -p npm test`.
#[test]
fn gen_8_regression_modifier_hidden_behind_next_line_matches() {
    let time_p = layer(LayerForm::TimeP, " \u{85} ", "time \u{85} -p ");
    let predicted = time_p.grammar_inner("npm test");
    assert_eq!(predicted.as_deref(), Some("\u{85} -p npm test"));
    assert_eq!(grammar_capture("time \u{85} -p npm test"), predicted);
}

/// GEN-6 regression (shrunk by `gen_6_separators_come_from_the_named_sets`):
/// the junk duration `∞` is a word character, not a separator; the check must
/// only look at separator-like characters. `timeout ∞ npm test` is unsupported.
#[test]
fn gen_6_regression_junk_duration_is_not_a_separator() {
    assert!(!'∞'.is_whitespace() && !'∞'.is_control());
    let mut timeout = layer(LayerForm::TimeoutBare, " ", "timeout ∞ ");
    timeout.duration = Some(("∞".to_owned(), DurationForm::Junk));
    timeout.trailing_separator = " ".to_owned();
    assert_eq!(timeout.grammar_inner("npm test"), None);
    assert!(timeout.starts_with_word("npm test"));
    assert_eq!(grammar_capture("timeout ∞ npm test"), None);
}

/// GEN-6 regression (shrunk by `gen_6_separators_come_from_the_named_sets`
/// once inner commands gained a NUL): `time echo 😀 \0` holds U+0000, which is
/// a word character, not a separator, so the check must not count it.
#[test]
fn gen_6_regression_nul_is_not_a_separator() {
    assert!(!is_separator_like('\0'));
    assert!(!is_separator_like('😀'));
    assert!(is_separator_like('\u{85}') && is_separator_like('\u{FEFF}'));
    assert!(INNER_COMMANDS.contains(&"echo 😀 \u{0}"));
}

/// INV-10 regression (shrunk by `inv_10_stricter_inputs_are_never_allowed_more`
/// at 15,000 cases: `echo '…😀 \0'` with `&& rm -rf /` appended). A NUL inside
/// single quotes makes tree-sitter end the command early: `echo 'a \0'` has the
/// units `echo` and ` 'a \0'` (an ERROR node), and an appended `&& rm -rf /` is
/// swallowed into that ERROR unit instead of becoming a unit of its own
/// (POL-UNIT-7, POL-UNIT-9). Expected values verified against the real
/// `@gotgenes/pi-permission-system@20.7.3` through its oracle adapter (same
/// units and states). Two consequences, both fail-open and both the deployed
/// package's behaviour, not an authorizer bug:
/// - not monotone: with `[echo * allow, *rm *-rf* allow]`, `echo 'a \0'` asks
///   but `echo 'a \0' && rm -rf /` is allowed;
/// - a deny rule is bypassed: with `[* allow, rm * deny]` the gate allows
///   `echo 'a \0' && rm -rf /` (and denies `echo 'a' && rm -rf /`).
#[test]
fn inv_10_regression_nul_in_quotes_swallows_the_sibling() {
    let texts = |policy: &Policy, command: &str| -> Vec<String> {
        policy
            .gate(command)
            .units
            .into_iter()
            .map(|u| u.text)
            .collect()
    };
    let permissive = support::policy(
        &[
            ("echo *", PermissionState::Allow),
            ("*rm *-rf*", PermissionState::Allow),
        ],
        "/home/u",
    );
    assert_eq!(texts(&permissive, "echo 'a \0'"), vec!["echo", " 'a \0'"]);
    assert_eq!(
        texts(&permissive, "echo 'a \0' && rm -rf /"),
        vec!["echo", " 'a \0' && rm -rf /"]
    );
    assert_eq!(
        permissive.advisory("echo 'a \0'").state,
        PermissionState::Ask
    );
    assert_eq!(
        permissive.advisory("echo 'a \0' && rm -rf /").state,
        PermissionState::Allow
    );
    let deny_rm = support::policy(
        &[
            ("*", PermissionState::Allow),
            ("rm *", PermissionState::Deny),
        ],
        "/home/u",
    );
    assert_eq!(
        deny_rm.gate("echo 'a' && rm -rf /").state,
        PermissionState::Deny
    );
    assert_eq!(
        deny_rm.gate("echo 'a \0' && rm -rf /").state,
        PermissionState::Allow
    );
}
