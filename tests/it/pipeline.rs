//! The pipeline: gate, then authorizer (`PIPE-*`).
//!
//! Expected values are worked by hand from spec chapters 5, 7 and 8 (and
//! upstream.md sections 3 and 5), never recorded from the code.

use inner_cmd_spec::pipeline::{decide, prompt_details, Options, DEFAULT_REQUEST_ID};
use inner_cmd_spec::policy::CheckResult;
use inner_cmd_spec::verdict::PermissionState::{self, Allow, Ask, Deny};
use serde_json::{json, Value};

use crate::support::policy;

const HOME: &str = "/home/u";

/// One pipeline case: what the outcome is, whether the authorizer ran, and on
/// what request value / evidence text, and which event it emitted.
struct Row {
    label: &'static str,
    rules: &'static [(&'static str, PermissionState)],
    command: &'static str,
    outcome: PermissionState,
    /// `None`: the authorizer must not be consulted.
    value: Option<&'static str>,
    /// The evidence's full-command text, if any.
    evidence: Option<&'static str>,
    event: Option<&'static str>,
    /// The de-wrapped command the authorizer queried.
    queried: Option<&'static str>,
}

const ROWS: &[Row] = &[
    Row {
        label: "gate allows: authorizer not consulted",
        rules: &[("*", Allow)],
        command: "ls -la",
        outcome: Allow,
        value: None,
        evidence: None,
        event: None,
        queried: None,
    },
    Row {
        label: "gate denies a sibling: authorizer not consulted",
        rules: &[("*", Allow), ("rm *", Deny)],
        command: "ls && rm -rf x",
        outcome: Deny,
        value: None,
        evidence: None,
        event: None,
        queried: None,
    },
    Row {
        label: "timeout around an allowed command",
        rules: &[("pnpm *", Allow)],
        command: "timeout 30s pnpm test",
        outcome: Allow,
        value: Some("timeout 30s pnpm test"),
        evidence: None,
        event: Some("inner_cmd.allow"),
        queried: Some("pnpm test"),
    },
    Row {
        label: "wrapper in a compound: evidence carries the full command",
        rules: &[("pnpm *", Allow), ("git status", Allow)],
        command: "git status && timeout 30s pnpm test",
        outcome: Allow,
        value: Some("timeout 30s pnpm test"),
        evidence: Some("git status && timeout 30s pnpm test"),
        event: Some("inner_cmd.allow"),
        queried: Some("git status && pnpm test"),
    },
    Row {
        label: "a gate-denied sibling: the authorizer is never reached",
        rules: &[("pnpm *", Allow), ("rm *", Deny)],
        command: "timeout 30s pnpm test; rm -rf /tmp/x",
        outcome: Deny,
        value: None,
        evidence: None,
        event: None,
        queried: None,
    },
    Row {
        label: "an unknown sibling stays judged after stripping",
        rules: &[("pnpm *", Allow)],
        command: "timeout 30s pnpm test && curl x",
        outcome: Ask,
        value: Some("timeout 30s pnpm test"),
        evidence: Some("timeout 30s pnpm test && curl x"),
        event: Some("inner_cmd.inner_ask"),
        queried: Some("pnpm test && curl x"),
    },
    Row {
        label: "floored wrapper around a denied command",
        rules: &[("*", Allow), ("rm *", Deny)],
        command: "timeout 5 rm -rf x",
        outcome: Deny,
        value: Some("timeout 5 rm -rf x"),
        evidence: None,
        event: Some("inner_cmd.deny"),
        queried: Some("rm -rf x"),
    },
    Row {
        label: "inner command not allowed: defer becomes ask",
        rules: &[("git *", Allow)],
        command: "timeout 30s pnpm test",
        outcome: Ask,
        value: Some("timeout 30s pnpm test"),
        evidence: None,
        event: Some("inner_cmd.inner_ask"),
        queried: Some("pnpm test"),
    },
    Row {
        label: "env is not transparent: ask",
        rules: &[("*", Allow)],
        command: "env FOO=1 make",
        outcome: Ask,
        value: Some("env FOO=1 make"),
        evidence: None,
        event: Some("inner_cmd.env_non_transparent"),
        queried: None,
    },
    Row {
        label: "surrounding whitespace is trimmed before the gate and in the evidence",
        rules: &[("*", Allow)],
        command: "  time make\n",
        outcome: Allow,
        value: Some("time make"),
        evidence: None,
        event: Some("inner_cmd.allow"),
        queried: Some("make"),
    },
    Row {
        label: "the unit occurs twice in the full command: not located",
        rules: &[("make", Allow), ("ls", Allow)],
        command: "timeout 5 make; timeout 5 make",
        outcome: Ask,
        value: Some("timeout 5 make"),
        evidence: Some("timeout 5 make; timeout 5 make"),
        event: Some("inner_cmd.wrapper_not_located"),
        queried: None,
    },
];

/// PIPE-1, PIPE-2, PIPE-3, PIPE-4, PIPE-6, PIPE-8: outcomes, consultation, request value and evidence.
#[test]
fn pipe_outcomes_follow_gate_then_authorizer() {
    for row in ROWS {
        let result = decide(&policy(row.rules, HOME), row.command, &Options::default());
        assert_eq!(result.outcome, row.outcome, "{}: {result:#?}", row.label);
        let Some(value) = row.value else {
            assert!(
                result.authorizer.is_none() && result.details.is_none(),
                "{}",
                row.label
            );
            assert_ne!(result.gate.state, Ask, "{}", row.label);
            assert_eq!(result.outcome, result.gate.state, "{}", row.label);
            continue;
        };
        assert_eq!(result.gate.state, Ask, "{}", row.label);
        let details = result.details.as_ref().unwrap();
        assert_eq!(
            details["payload"]["request"]["value"], value,
            "{}",
            row.label
        );
        let evidence = details["payload"]["evidence"].as_array().unwrap();
        match row.evidence {
            None => assert!(evidence.is_empty(), "{}: {evidence:?}", row.label),
            Some(text) => {
                assert_eq!(evidence.len(), 1, "{}", row.label);
                assert_eq!(evidence[0]["label"], "full command", "{}", row.label);
                assert_eq!(evidence[0]["text"], text, "{}", row.label);
            }
        }
        let decision = result.authorizer.as_ref().unwrap();
        let events = serde_json::to_value(&decision.events).unwrap();
        assert_eq!(
            events
                .get(0)
                .and_then(|e| e.get("event"))
                .and_then(Value::as_str),
            row.event,
            "{}",
            row.label
        );
        let queried: Vec<&str> = decision.queries.iter().map(|q| q.value.as_str()).collect();
        assert_eq!(
            queried,
            row.queried.into_iter().collect::<Vec<_>>(),
            "{}",
            row.label
        );
        assert_eq!(result.dewrapped_command(), row.queried, "{}", row.label);
        // PIPE-7: one advisory re-check per query, agreeing with the verdict.
        assert_eq!(result.requeries.len(), queried.len(), "{}", row.label);
        if let Some(requery) = result.requeries.first() {
            let verdict_state = match row.event {
                Some("inner_cmd.allow") => Allow,
                Some("inner_cmd.deny") => Deny,
                _ => Ask,
            };
            assert_eq!(requery.state, verdict_state, "{}", row.label);
        }
    }
}

/// PIPE-3, PIPE-4, PIPE-5: the exact prompt details.
#[test]
fn pipe_prompt_details_shape() {
    let result = decide(
        &policy(&[("pnpm *", Allow)], HOME),
        "cd x && timeout 30s pnpm test",
        &Options::default(),
    );
    let expected = json!({
        "requestId": DEFAULT_REQUEST_ID,
        "agentName": null,
        "toolName": "bash",
        "payload": {
            "kind": "bash",
            "request": {
                "requester": {"forwarded": false},
                "surface": "bash",
                "toolName": "bash",
                "invokedToolName": null,
                "value": "cd x",
            },
            "evidence": [{
                "label": "full command",
                "text": "cd x && timeout 30s pnpm test",
                "detail": "the complete Bash input; the request value is the command unit that triggered the ask",
            }],
        },
    });
    // `cd x` matches no rule (ask) and comes first: it is the triggering unit,
    // so the timeout handler does not claim it and the authorizer defers.
    assert_eq!(result.details.as_ref().unwrap(), &expected);
    assert_eq!(result.outcome, Ask);
    assert!(result.authorizer.as_ref().unwrap().events.is_empty());

    let options = Options {
        request_id: Some("r-7".into()),
        agent_name: Some("scout".into()),
    };
    let result = decide(
        &policy(&[("pnpm *", Allow)], HOME),
        "timeout 30s pnpm test",
        &options,
    );
    let details = result.details.unwrap();
    assert_eq!(
        (&details["requestId"], &details["agentName"]),
        (&json!("r-7"), &json!("scout"))
    );
    let queries = &result.authorizer.unwrap().queries;
    assert_eq!(queries[0].agent_name.as_deref(), Some("scout"));
}

/// PIPE-3: without a triggering unit, the request value is the trimmed command itself.
#[test]
fn pipe_request_value_falls_back_to_the_command() {
    let gate = CheckResult {
        state: Ask,
        matched_pattern: None,
        command: None,
        command_context: None,
        units: Vec::new(),
    };
    let details = prompt_details(&gate, "> out.txt", "r", None);
    assert_eq!(details["payload"]["request"]["value"], "> out.txt");
    assert_eq!(details["payload"]["evidence"], json!([]));
}

/// PIPE-7: per-unit decisions explain the gate's aggregate, floors included.
#[test]
fn pipe_unit_decisions_explain_the_gate() {
    let policy = policy(&[("*", Allow), ("rm *", Deny)], HOME);
    let result = decide(
        &policy,
        "ls && timeout 5 make && rm -rf x",
        &Options::default(),
    );
    let units: Vec<(String, PermissionState, Option<String>, bool)> = policy
        .unit_decisions(&result.gate)
        .into_iter()
        .map(|d| (d.unit.text, d.state, d.matched_pattern, d.floored))
        .collect();
    assert_eq!(
        units,
        vec![
            ("ls".to_owned(), Allow, Some("*".to_owned()), false),
            (
                "timeout 5 make".to_owned(),
                Ask,
                Some("<indirection-bash-wrapper>".to_owned()),
                true
            ),
            ("rm -rf x".to_owned(), Deny, Some("rm *".to_owned()), false),
        ]
    );
    assert_eq!(result.outcome, Deny);
}

/// PIPE-7: the trace accessors name the handler, the inner and the de-wrapped command.
#[test]
fn pipe_trace_accessors() {
    // (command, rules, handler, inner command, de-wrapped command)
    type Row = (
        &'static str,
        &'static [(&'static str, PermissionState)],
        Option<&'static str>,
        Option<&'static str>,
        Option<&'static str>,
    );
    const TRACE: &[Row] = &[
        (
            "git status && timeout 30s pnpm test",
            &[("pnpm *", Allow), ("git status", Allow)],
            Some("timeout"),
            Some("pnpm test"),
            Some("git status && pnpm test"),
        ),
        (
            "time make",
            &[("*", Allow)],
            Some("time"),
            Some("make"),
            Some("make"),
        ),
        ("time -p make", &[("*", Allow)], Some("time"), None, None),
        ("env FOO=1 make", &[("*", Allow)], Some("env"), None, None),
        ("xargs rm", &[("*", Allow)], Some("xargs"), None, None),
        ("curl x", &[], None, None, None),
        ("ls", &[("*", Allow)], None, None, None),
    ];
    for (command, rules, handler, inner, dewrapped) in TRACE {
        let result = decide(&policy(rules, HOME), command, &Options::default());
        assert_eq!(result.handler(), *handler, "{command}");
        assert_eq!(result.inner_command().as_deref(), *inner, "{command}");
        assert_eq!(result.dewrapped_command(), *dewrapped, "{command}");
    }
}
