//! `spec/schema/audit.schema.json` describes the audit's real traffic and
//! report (AUDIT-PROTO-5).

use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::protocol::audit::{answer_audit_line, audit_handshake};
use serde_json::{json, Value};

use crate::support::corpus::repo;
use crate::support::schema::{check_schema, Schema};

fn document() -> Value {
    let text = std::fs::read_to_string(repo().join("spec/schema/audit.schema.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// AUDIT-PROTO-1, AUDIT-PROTO-2, AUDIT-PROTO-3, AUDIT-PROTO-5, AUDIT-9: the
/// schema is well-formed; the server's handshakes and answers, requests of
/// both forms and a real report are instances; malformed ones are not.
#[test]
fn audit_proto_5_schema_describes_traffic_and_report() {
    assert_eq!(check_schema(&document()), Vec::<String>::new());
    let schema = Schema::new(&document());
    let ok = |definition: &str, instance: &Value| {
        assert_eq!(
            schema.errors_of(definition, instance, definition),
            Vec::<String>::new()
        );
    };
    let bad = |definition: &str, instance: &Value| {
        assert!(
            !schema
                .errors_of(definition, instance, definition)
                .is_empty(),
            "{instance}"
        );
    };
    let policy = super::example_policy();
    for profile in [Profile::Deployed, Profile::Hardened] {
        ok(
            "handshake",
            &serde_json::from_str(&audit_handshake(profile)).unwrap(),
        );
        for line in [
            r#"{"id":0,"op":"approve","command":"ls"}"#,
            r#"{"id":1,"op":"approve","argv":["bash","-c","git push"]}"#,
            r#"{"id":2,"op":"frobnicate"}"#,
            "not json",
        ] {
            if let Ok(request) = serde_json::from_str::<Value>(line) {
                if request["op"] == "approve" {
                    ok("request", &request);
                } else {
                    bad("request", &request);
                }
            }
            let answer = answer_audit_line(line.as_bytes(), &policy, profile);
            ok("answer", &serde_json::from_str(&answer).unwrap());
        }
    }
    bad(
        "request",
        &json!({"id": 1, "op": "approve", "command": "ls", "argv": ["ls"]}),
    );
    bad("answer", &json!({"id": 1, "approved": true, "error": "x"}));
    bad(
        "handshake",
        &json!({"audit": 2, "layer": "x", "version": "1"}),
    );
    let report = serde_json::to_value(super::deployed_report()).unwrap();
    assert!(!report["causes"].as_array().unwrap().is_empty());
    ok("report", &report);
    let mut replayed = report.clone();
    replayed["replay"] = json!({"of": 3, "hold": 2, "gone": ["ls & git push"]});
    ok("report", &replayed);
    replayed["replay"] = json!({"of": 3});
    bad("report", &replayed);
    // AUDIT-18: a corpus run's report, with every entry's answer.
    let entries =
        inner_cmd_spec::audit::corpus::parse(inner_cmd_spec::audit::corpus::PUBLISHED).unwrap();
    let settings = inner_cmd_spec::audit::Settings::new(&super::deployed_layer());
    let corpus =
        inner_cmd_spec::audit::corpus::audit_corpus(&settings, "published", &entries).unwrap();
    let corpus = serde_json::to_value(corpus).unwrap();
    assert_eq!(corpus["answers"].as_array().unwrap().len(), entries.len());
    ok("report", &corpus);
    let mut bad_answer = corpus;
    bad_answer["answers"][0]["approved"] = json!("yes");
    bad("report", &bad_answer);
    let mut no_causes = report;
    no_causes.as_object_mut().unwrap().remove("causes");
    bad("report", &no_causes);
}
