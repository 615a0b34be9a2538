//! The decision procedure, one labelled row per behaviour (spec chapters 2–5).
//!
//! Each row gives the triggering unit, the full command (when it differs),
//! a tweak of the otherwise well-formed details, the stub policy's answers
//! (anything not listed answers ask), and the expected verdict, event and
//! query. Every decision is also run through `invariants::check_decision`.

use crate::support::authorize::{details, set, Answer, CountingSession, StubQuery};
use inner_cmd_spec::authorize::authorize;
use inner_cmd_spec::invariants::check_decision;
use inner_cmd_spec::verdict::{PermissionState, Verdict};
use serde_json::{json, Map, Value};

const ALLOW: Answer = Answer::State(PermissionState::Allow);
const DENY: Answer = Answer::State(PermissionState::Deny);

type Fields = &'static [(&'static str, &'static str)];

struct Row {
    label: &'static str,
    unit: &'static str,
    full: Option<&'static str>,
    tweak: fn(&mut Value),
    answers: &'static [(&'static str, Answer)],
    verdict: Verdict,
    /// (level, name, details) of the one expected event; `None`: no event.
    event: Option<(&'static str, &'static str, Fields)>,
    /// (value, agent) of the one expected query; `None`: no query.
    query: Option<(&'static str, Option<&'static str>)>,
}

fn keep(_: &mut Value) {}

const SCAFFOLD: &str =
    "cd /repo && echo go && timeout 240 pnpm install --frozen-lockfile 2>&1 | tail -30; echo EXIT";
const SCAFFOLD_DEWRAPPED: &str =
    "cd /repo && echo go && pnpm install --frozen-lockfile 2>&1 | tail -30; echo EXIT";

fn silent(
    label: &'static str,
    unit: &'static str,
    full: Option<&'static str>,
    tweak: fn(&mut Value),
) -> Row {
    Row {
        label,
        unit,
        full,
        tweak,
        answers: &[],
        verdict: Verdict::Defer,
        event: None,
        query: None,
    }
}

fn debug(
    label: &'static str,
    unit: &'static str,
    full: Option<&'static str>,
    name: &'static str,
    fields: Fields,
) -> Row {
    Row {
        label,
        unit,
        full,
        tweak: keep,
        answers: &[],
        verdict: Verdict::Defer,
        event: Some(("debug", name, fields)),
        query: None,
    }
}

#[rustfmt::skip]
fn rows() -> Vec<Row> {
    vec![
        // --- AUTH-8, AUTH-9, EVT-2, EVT-3: the answer mapping ---
        Row { label: "AUTH-9 EVT-3 timeout, inner allowed -> allow + review event", unit: "timeout 30s pnpm test", full: None, tweak: keep,
              answers: &[("pnpm test", ALLOW)], verdict: Verdict::Allow,
              event: Some(("review", "inner_cmd.allow", &[("requestId", "req-7"), ("command", "timeout 30s pnpm test"), ("innerCommand", "pnpm test")])),
              query: Some(("pnpm test", Some("builder"))) },
        Row { label: "AUTH-9 EVT-3 timeout, inner denied -> deny + review event", unit: "timeout 5m rm -rf build", full: None, tweak: keep,
              answers: &[("rm -rf build", DENY)], verdict: Verdict::Deny,
              event: Some(("review", "inner_cmd.deny", &[("requestId", "req-7"), ("command", "timeout 5m rm -rf build"), ("innerCommand", "rm -rf build")])),
              query: Some(("rm -rf build", Some("builder"))) },
        Row { label: "AUTH-9 EVT-3 time, inner asks -> defer + inner_ask", unit: "time pnpm build", full: None, tweak: keep,
              answers: &[], verdict: Verdict::Defer,
              event: Some(("debug", "inner_cmd.inner_ask", &[("command", "time pnpm build"), ("innerCommand", "pnpm build")])),
              query: Some(("pnpm build", Some("builder"))) },
        Row { label: "AUTH-9 time, inner allowed -> allow", unit: "time pnpm build", full: None, tweak: keep,
              answers: &[("pnpm build", ALLOW)], verdict: Verdict::Allow,
              event: Some(("review", "inner_cmd.allow", &[("requestId", "req-7"), ("command", "time pnpm build"), ("innerCommand", "pnpm build")])),
              query: Some(("pnpm build", Some("builder"))) },
        Row { label: "AUTH-8 STRIP-3 compound: the whole de-wrapped compound is queried and allowed", unit: "timeout 60 pnpm test", full: Some("timeout 60 pnpm test && git push"), tweak: keep,
              answers: &[("pnpm test && git push", ALLOW)], verdict: Verdict::Allow,
              event: Some(("review", "inner_cmd.allow", &[("requestId", "req-7"), ("command", "timeout 60 pnpm test && git push"), ("innerCommand", "pnpm test")])),
              query: Some(("pnpm test && git push", Some("builder"))) },
        Row { label: "AUTH-8 AUTH-9 sibling git push keeps the compound deferred (policy asks for it)", unit: "timeout 30s pnpm test", full: Some("timeout 30s pnpm test && git push"), tweak: keep,
              answers: &[("pnpm test", ALLOW)], verdict: Verdict::Defer,
              event: Some(("debug", "inner_cmd.inner_ask", &[("command", "timeout 30s pnpm test && git push"), ("innerCommand", "pnpm test")])),
              query: Some(("pnpm test && git push", Some("builder"))) },
        Row { label: "AUTH-8 inner is a compound bash -c script", unit: "time bash -c 'pnpm test && git push'", full: None, tweak: keep,
              answers: &[("bash -c 'pnpm test && git push'", DENY)], verdict: Verdict::Deny,
              event: Some(("review", "inner_cmd.deny", &[("requestId", "req-7"), ("command", "time bash -c 'pnpm test && git push'"), ("innerCommand", "bash -c 'pnpm test && git push'")])),
              query: Some(("bash -c 'pnpm test && git push'", Some("builder"))) },
        Row { label: "AUTH-8 STRIP-3 EVT-2 scaffold: only the unit's occurrence is replaced, command is the full scaffold", unit: "timeout 240 pnpm install --frozen-lockfile", full: Some(SCAFFOLD), tweak: keep,
              answers: &[(SCAFFOLD_DEWRAPPED, ALLOW)], verdict: Verdict::Allow,
              event: Some(("review", "inner_cmd.allow", &[("requestId", "req-7"), ("command", SCAFFOLD), ("innerCommand", "pnpm install --frozen-lockfile")])),
              query: Some((SCAFFOLD_DEWRAPPED, Some("builder"))) },
        Row { label: "AUTH-8 PAY-10 agentName null -> query for no agent", unit: "timeout 30s pnpm test", full: None,
              tweak: |d| set(d, "/agentName", Some(Value::Null)),
              answers: &[("pnpm test", ALLOW)], verdict: Verdict::Allow,
              event: Some(("review", "inner_cmd.allow", &[("requestId", "req-7"), ("command", "timeout 30s pnpm test"), ("innerCommand", "pnpm test")])),
              query: Some(("pnpm test", None)) },
        Row { label: "AUTH-8 PAY-10 agentName absent -> query for no agent", unit: "time make", full: None,
              tweak: |d| set(d, "/agentName", None),
              answers: &[], verdict: Verdict::Defer,
              event: Some(("debug", "inner_cmd.inner_ask", &[("command", "time make"), ("innerCommand", "make")])),
              query: Some(("make", None)) },
        Row { label: "PAY-10 toolCallId missing is fine", unit: "timeout 30s pnpm test", full: None,
              tweak: |d| set(d, "/toolCallId", None),
              answers: &[("pnpm test", ALLOW)], verdict: Verdict::Allow,
              event: Some(("review", "inner_cmd.allow", &[("requestId", "req-7"), ("command", "timeout 30s pnpm test"), ("innerCommand", "pnpm test")])),
              query: Some(("pnpm test", Some("builder"))) },
        Row { label: "PAY-9 legacy command absent is fine", unit: "time make", full: None,
              tweak: |d| set(d, "/command", None),
              answers: &[("make", ALLOW)], verdict: Verdict::Allow,
              event: Some(("review", "inner_cmd.allow", &[("requestId", "req-7"), ("command", "time make"), ("innerCommand", "make")])),
              query: Some(("make", Some("builder"))) },
        Row { label: "AUTH-10 EVT-3 query failure -> exception keeping command and inner command", unit: "timeout 30s pnpm test", full: Some("timeout 30s pnpm test; ls"), tweak: keep,
              answers: &[("pnpm test; ls", Answer::Fail)], verdict: Verdict::Defer,
              event: Some(("debug", "inner_cmd.exception", &[("error", "policy query failed: policy file unreadable"), ("command", "timeout 30s pnpm test; ls"), ("innerCommand", "pnpm test")])),
              query: Some(("pnpm test; ls", Some("builder"))) },
        Row { label: "WRAP-TIMEOUT-3 AUTH-8 two blanks after the duration: inner is one space", unit: "timeout 30s  ", full: None, tweak: keep,
              answers: &[(" ", ALLOW)], verdict: Verdict::Allow,
              event: Some(("review", "inner_cmd.allow", &[("requestId", "req-7"), ("command", "timeout 30s  "), ("innerCommand", " ")])),
              query: Some((" ", Some("builder"))) },
        Row { label: "WRAP-NEST-1 time time -p x: the inner is not a wrapper in the strict sense", unit: "time time -p x", full: None, tweak: keep,
              answers: &[], verdict: Verdict::Defer,
              event: Some(("debug", "inner_cmd.inner_ask", &[("command", "time time -p x"), ("innerCommand", "time -p x")])),
              query: Some(("time -p x", Some("builder"))) },
        Row { label: "STRIP-2 overlapping second occurrence does not count", unit: "timeout 1 echo timeout 1", full: Some("timeout 1 echo timeout 1 echo timeout 1"), tweak: keep,
              answers: &[], verdict: Verdict::Defer,
              event: Some(("debug", "inner_cmd.inner_ask", &[("command", "timeout 1 echo timeout 1 echo timeout 1"), ("innerCommand", "echo timeout 1")])),
              query: Some(("echo timeout 1 echo timeout 1", Some("builder"))) },
        Row { label: "AUTH-4 timeout handler answers before env looks at the full command", unit: "timeout 5 ls", full: Some("env FOO=1 make && timeout 5 ls"), tweak: keep,
              answers: &[], verdict: Verdict::Defer,
              event: Some(("debug", "inner_cmd.inner_ask", &[("command", "env FOO=1 make && timeout 5 ls"), ("innerCommand", "ls")])),
              query: Some(("env FOO=1 make && ls", Some("builder"))) },

        // --- AUTH-5, WRAP-WORD-1: wrapper word, but not the grammar ---
        debug("AUTH-5 WRAP-TIME-2 time -p ls", "time -p ls", None, "inner_cmd.unsupported_wrapper_syntax", &[("command", "time -p ls"), ("wrapper", "time")]),
        debug("AUTH-5 WRAP-TIME-2 time -- ls", "time -- ls", None, "inner_cmd.unsupported_wrapper_syntax", &[("command", "time -- ls"), ("wrapper", "time")]),
        debug("AUTH-5 WRAP-TIME-2 time -o F ls", "time -o F ls", None, "inner_cmd.unsupported_wrapper_syntax", &[("command", "time -o F ls"), ("wrapper", "time")]),
        debug("AUTH-5 WRAP-TIME-3 bare time", "time", None, "inner_cmd.unsupported_wrapper_syntax", &[("command", "time"), ("wrapper", "time")]),
        debug("AUTH-5 WRAP-TIME-2 time, then U+00A0 before the command", "time \u{a0}ls", None, "inner_cmd.unsupported_wrapper_syntax", &[("command", "time \u{a0}ls"), ("wrapper", "time")]),
        debug("AUTH-5 EVT-2 command is the full command, not the unit", "time -p ls", Some("cd x && time -p ls"), "inner_cmd.unsupported_wrapper_syntax", &[("command", "cd x && time -p ls"), ("wrapper", "time")]),
        debug("AUTH-5 WRAP-TIMEOUT-2 timeout -k 5 10 x", "timeout -k 5 10 x", None, "inner_cmd.unsupported_wrapper_syntax", &[("command", "timeout -k 5 10 x"), ("wrapper", "timeout")]),
        debug("AUTH-5 WRAP-TIMEOUT-2 timeout 0 x", "timeout 0 x", None, "inner_cmd.unsupported_wrapper_syntax", &[("command", "timeout 0 x"), ("wrapper", "timeout")]),
        debug("AUTH-5 WRAP-TIMEOUT-2 timeout 05 x", "timeout 05 x", None, "inner_cmd.unsupported_wrapper_syntax", &[("command", "timeout 05 x"), ("wrapper", "timeout")]),
        debug("AUTH-5 WRAP-TIMEOUT-2 timeout 10ms x", "timeout 10ms x", None, "inner_cmd.unsupported_wrapper_syntax", &[("command", "timeout 10ms x"), ("wrapper", "timeout")]),
        debug("AUTH-5 WRAP-TIMEOUT-2 timeout 1. x", "timeout 1. x", None, "inner_cmd.unsupported_wrapper_syntax", &[("command", "timeout 1. x"), ("wrapper", "timeout")]),
        debug("AUTH-5 WRAP-TIMEOUT-2 timeout --preserve-status 10 x", "timeout --preserve-status 10 x", None, "inner_cmd.unsupported_wrapper_syntax", &[("command", "timeout --preserve-status 10 x"), ("wrapper", "timeout")]),
        debug("AUTH-5 WRAP-TIMEOUT-1 bare timeout", "timeout", None, "inner_cmd.unsupported_wrapper_syntax", &[("command", "timeout"), ("wrapper", "timeout")]),
        debug("AUTH-5 WRAP-TIMEOUT-3 timeout 10 with one trailing blank", "timeout 10 ", None, "inner_cmd.unsupported_wrapper_syntax", &[("command", "timeout 10 "), ("wrapper", "timeout")]),

        // --- AUTH-6: nested wrappers, never queried ---
        debug("AUTH-6 WRAP-NEST-1 time time x", "time time x", None, "inner_cmd.nested_wrapper", &[("command", "time time x"), ("innerCommand", "time x"), ("wrapper", "time")]),
        debug("AUTH-6 WRAP-NEST-1 time timeout 10 x", "time timeout 10 x", None, "inner_cmd.nested_wrapper", &[("command", "time timeout 10 x"), ("innerCommand", "timeout 10 x"), ("wrapper", "time")]),
        debug("AUTH-6 WRAP-NEST-1 timeout 10 time x", "timeout 10 time x", None, "inner_cmd.nested_wrapper", &[("command", "timeout 10 time x"), ("innerCommand", "time x"), ("wrapper", "timeout")]),
        debug("AUTH-6 WRAP-NEST-1 timeout 5 timeout 10 x", "timeout 5 timeout 10 x", None, "inner_cmd.nested_wrapper", &[("command", "timeout 5 timeout 10 x"), ("innerCommand", "timeout 10 x"), ("wrapper", "timeout")]),
        debug("AUTH-6 EVT-2 nested inside a compound: command is the full command", "time time x", Some("ls; time time x"), "inner_cmd.nested_wrapper", &[("command", "ls; time time x"), ("innerCommand", "time x"), ("wrapper", "time")]),

        // --- AUTH-7, STRIP-1, STRIP-2: the unit must occur exactly once ---
        debug("AUTH-7 STRIP-2 unit occurs twice", "timeout 5 make", Some("timeout 5 make; timeout 5 make"), "inner_cmd.wrapper_not_located", &[("command", "timeout 5 make; timeout 5 make")]),
        debug("AUTH-7 STRIP-1 unit absent from the full command", "timeout 5 make", Some("echo hi"), "inner_cmd.wrapper_not_located", &[("command", "echo hi")]),

        // --- AUTH-12, WRAP-NT-1: env and xargs ---
        debug("AUTH-12 WRAP-NT-1 leading env", "env FOO=1 make", None, "inner_cmd.env_non_transparent", &[("command", "env FOO=1 make")]),
        debug("AUTH-12 WRAP-NT-1 bare env", "env", None, "inner_cmd.env_non_transparent", &[("command", "env")]),
        debug("AUTH-12 WRAP-NT-1 env claims on the full command, whatever the unit", "rm x", Some("env FOO=1 make && rm x"), "inner_cmd.env_non_transparent", &[("command", "env FOO=1 make && rm x")]),
        debug("AUTH-12 WRAP-NT-1 leading xargs", "xargs rm", Some("xargs rm < list.txt"), "inner_cmd.xargs_non_transparent", &[("command", "xargs rm < list.txt")]),
        silent("AUTH-4 WRAP-NT-1 env mid-pipeline: silent defer", "env FOO=1 make", Some("cd x && env FOO=1 make"), keep),
        silent("AUTH-4 WRAP-NT-1 xargs mid-pipeline: silent defer", "xargs rm", Some("find . -name '*.o' | xargs rm"), keep),
        silent("AUTH-4 WRAP-NT-1 envx is not env", "envx", None, keep),

        // --- AUTH-4: no handler ---
        silent("AUTH-4 ordinary command", "pnpm test", None, keep),
        silent("AUTH-4 /usr/bin/time is claimed by no handler", "/usr/bin/time make", None, keep),
        silent("AUTH-4 WRAP-WORD-1 timeoutx is not the timeout word", "timeoutx 5 y", None, keep),
        silent("AUTH-4 WRAP-WORD-1 times is not the time word", "times", None, keep),
        silent("AUTH-4 WRAP-WORD-1 time followed by U+00A0 is not the time word", "time\u{a0}ls", None, keep),

        // --- AUTH-1, AUTH-3 and chapter 2: guards, all silent ---
        silent("AUTH-1 PAY-1 forwarded request", "timeout 30s pnpm test", None, |d| set(d, "/forwarding", Some(json!({"from": "sub-agent"})))),
        silent("PAY-1 forwarding null: not forwarded, but fails the guards", "timeout 30s pnpm test", None, |d| set(d, "/forwarding", Some(Value::Null))),
        silent("PAY-2 PAY-3 details not an object", "timeout 30s pnpm test", None, |d| *d = json!(["timeout 30s pnpm test"])),
        silent("PAY-3 non-bash tool", "timeout 30s pnpm test", None, |d| set(d, "/toolName", Some(json!("Bash")))),
        silent("PAY-3 toolName a number", "timeout 30s pnpm test", None, |d| set(d, "/toolName", Some(json!(7)))),
        silent("PAY-4 payload kind not bash", "timeout 30s pnpm test", None, |d| set(d, "/payload/kind", Some(json!("edit")))),
        silent("PAY-4 payload null", "timeout 30s pnpm test", None, |d| set(d, "/payload", Some(Value::Null))),
        silent("PAY-4 missing request", "timeout 30s pnpm test", None, |d| set(d, "/payload/request", None)),
        silent("PAY-5 forwarded requester true", "timeout 30s pnpm test", None, |d| set(d, "/payload/request/requester/forwarded", Some(json!(true)))),
        silent("PAY-5 forwarded missing", "timeout 30s pnpm test", None, |d| set(d, "/payload/request/requester/forwarded", None)),
        silent("PAY-5 forwarded the string false", "timeout 30s pnpm test", None, |d| set(d, "/payload/request/requester/forwarded", Some(json!("false")))),
        silent("PAY-5 requester missing", "timeout 30s pnpm test", None, |d| set(d, "/payload/request/requester", None)),
        silent("PAY-6 non-bash surface", "timeout 30s pnpm test", None, |d| set(d, "/payload/request/surface", Some(json!("edit")))),
        silent("PAY-6 request toolName not bash", "timeout 30s pnpm test", None, |d| set(d, "/payload/request/toolName", Some(json!("shell")))),
        silent("PAY-7 alias tool: invokedToolName non-null", "timeout 30s pnpm test", None, |d| set(d, "/payload/request/invokedToolName", Some(json!("t")))),
        silent("PAY-7 invokedToolName missing", "timeout 30s pnpm test", None, |d| set(d, "/payload/request/invokedToolName", None)),
        silent("PAY-8 blank value (ECMAScript whitespace only)", "\u{feff} \u{3000}\t", None, keep),
        silent("PAY-8 value a number", "timeout 30s pnpm test", None, |d| set(d, "/payload/request/value", Some(json!(30)))),
        silent("PAY-9 legacy command differs from value", "timeout 30s pnpm test", None, |d| set(d, "/command", Some(json!("timeout 30s pnpm build")))),
        silent("PAY-9 legacy command null", "timeout 30s pnpm test", None, |d| set(d, "/command", Some(Value::Null))),
        silent("PAY-10 requestId a number", "timeout 30s pnpm test", None, |d| set(d, "/requestId", Some(json!(7)))),
        silent("PAY-10 agentName a number", "timeout 30s pnpm test", None, |d| set(d, "/agentName", Some(json!(1)))),
        silent("PAY-11 evidence not an array", "timeout 30s pnpm test", None, |d| set(d, "/payload/evidence", Some(json!({"label": "full command"})))),
        silent("PAY-11 evidence missing", "timeout 30s pnpm test", None, |d| set(d, "/payload/evidence", None)),
        silent("PAY-11 evidence entry not an object", "timeout 30s pnpm test", None, |d| set(d, "/payload/evidence", Some(json!(["full command"])))),
        silent("PAY-12 two full-command entries", "timeout 30s pnpm test", None, |d| set(d, "/payload/evidence", Some(json!([
            {"label": "full command", "text": "timeout 30s pnpm test"}, {"label": "full command", "text": "timeout 30s pnpm test"}])))),
        silent("PAY-12 full-command text blank", "timeout 30s pnpm test", None, |d| set(d, "/payload/evidence", Some(json!([{"label": "full command", "text": " \u{2028} "}])))),
        silent("PAY-12 full-command text not a string", "timeout 30s pnpm test", None, |d| set(d, "/payload/evidence", Some(json!([{"label": "full command", "text": 12}])))),
        silent("PAY-12 full-command text missing", "timeout 30s pnpm test", None, |d| set(d, "/payload/evidence", Some(json!([{"label": "full command"}])))),
    ]
}

fn expected_events(row: &Row) -> Value {
    match row.event {
        None => json!([]),
        Some((level, name, fields)) => {
            let details: Map<String, Value> = fields
                .iter()
                .map(|(k, v)| ((*k).to_owned(), json!(v)))
                .collect();
            json!([{"level": level, "event": name, "details": details}])
        }
    }
}

/// Every row: verdict, the exact event JSON, the exact query, and the invariants.
#[test]
fn decision_table() {
    let mut failures = Vec::new();
    for row in rows() {
        let mut input = details(row.unit, row.full);
        (row.tweak)(&mut input);
        let policy = StubQuery::new(row.answers);
        let session = CountingSession::new("s-1", Ok("s-1"));
        let decision = authorize(&input, &session, &policy);

        let events = serde_json::to_value(&decision.events).expect("events serialize");
        let want_queries: Vec<(String, String, Option<String>)> = row
            .query
            .iter()
            .map(|(v, a)| ("bash".to_owned(), (*v).to_owned(), a.map(str::to_owned)))
            .collect();
        let recorded: Vec<(String, String, Option<String>)> = decision
            .queries
            .iter()
            .map(|q| (q.surface.clone(), q.value.clone(), q.agent_name.clone()))
            .collect();
        let problems = [
            (decision.verdict != row.verdict)
                .then(|| format!("verdict {:?}, want {:?}", decision.verdict, row.verdict)),
            (events != expected_events(&row))
                .then(|| format!("events {events}, want {}", expected_events(&row))),
            (*policy.calls.borrow() != want_queries).then(|| {
                format!(
                    "policy calls {:?}, want {want_queries:?}",
                    policy.calls.borrow()
                )
            }),
            (recorded != want_queries)
                .then(|| format!("recorded queries {recorded:?}, want {want_queries:?}")),
            check_decision(&input, &|v| policy.answer(v), &decision)
                .err()
                .map(|e| format!("invariant: {e}")),
        ];
        for problem in problems.into_iter().flatten() {
            failures.push(format!("[{}] {problem}", row.label));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
