//! Small layers written for the tests: each speaks the audit protocol
//! (AUDIT-PROTO-*) in a few lines of Python, some of them wrongly on purpose.

use std::process::Command;

use inner_cmd_spec::audit::{self, Budget, Settings};

use super::BIN;

/// A Python layer: `body` maps `request` (a dict) to `answer` (a dict).
fn python_layer(handshake: &str, body: &str) -> String {
    let program = format!(
        "import json,sys\nprint(json.dumps({handshake}),flush=True)\nfor line in sys.stdin:\n request=json.loads(line)\n{body}\n print(json.dumps(answer),flush=True)\n"
    );
    let quoted = program.replace('\'', r"'\''");
    format!("python3 -c '{quoted}'")
}

const HELLO: &str = r#"{"audit":1,"layer":"test","version":"0"}"#;

/// Refuses everything.
pub fn refuse_all() -> String {
    python_layer(HELLO, r#" answer={"id":request["id"],"approved":False}"#)
}

fn exit_code(layer: &str) -> Option<i32> {
    Command::new(BIN)
        .args(["audit", "--impl", layer, "--cases", "8"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap()
        .code()
}

/// AUDIT-1, AUDIT-10, AUDIT-PROTO-1, AUDIT-PROTO-4: a layer that breaks the
/// protocol, or with which calibration keeps nothing to compose, makes the
/// audit an error (exit 2), never a clean report.
#[test]
fn audit_proto_4_broken_layers_are_errors() {
    let approve = |body: &str| python_layer(HELLO, body);
    let rows = [
        (
            "no handshake",
            python_layer(
                r#"{"hello":1}"#,
                r#" answer={"id":request["id"],"approved":True}"#,
            ),
        ),
        (
            "handshake without version",
            python_layer(
                r#"{"audit":1,"layer":"x"}"#,
                r#" answer={"id":request["id"],"approved":True}"#,
            ),
        ),
        (
            "wrong id",
            approve(r#" answer={"id":request["id"]+1,"approved":True}"#),
        ),
        (
            "approved not a boolean",
            approve(r#" answer={"id":request["id"],"approved":"yes"}"#),
        ),
        (
            "approves everything: no payload",
            approve(r#" answer={"id":request["id"],"approved":True}"#),
        ),
        ("refuses everything: no base", refuse_all()),
        ("not a program", "/nonexistent/layer".to_owned()),
    ];
    for (label, layer) in rows {
        assert_eq!(exit_code(&layer), Some(2), "{label}");
    }
}

/// AUDIT-PROTO-2, AUDIT-PROTO-3: a layer in the argv form gets whole
/// commands as `["bash", "-c", …]` and executed commands as their argv; an
/// `error` answer is unknown, never an approval. This layer refuses any argv
/// holding `git push` or `touch pwned` in a row and cannot say about
/// `stat`, so every witness must hide the phrase from its words (a
/// spelling, an expansion) while bash runs it.
#[test]
fn audit_proto_2_argv_form() {
    let body = r#" argv=request["argv"]
 script=argv[2] if argv[:2]==["bash","-c"] else " ".join(argv)
 bad=("git push" in script) or ("touch pwned" in script)
 answer={"id":request["id"],"error":"no"} if "stat" in script else {"id":request["id"],"approved":not bad}"#;
    let layer = python_layer(
        r#"{"audit":1,"layer":"argv","version":"0","form":"argv"}"#,
        body,
    );
    let mut settings = Settings::new(&layer);
    settings.budget = Budget::Cases(400);
    let report = audit::audit(&settings).unwrap();
    assert!(!report.calibration.bases.iter().any(|b| b.contains("stat")));
    assert!(report.calibration.payloads.contains(&"git push".to_owned()));
    assert!(!report.witnesses.is_empty(), "{report:#?}");
    for witness in &report.witnesses {
        assert!(!witness.command.contains("git push") && !witness.command.contains("touch pwned"));
        assert!(
            witness
                .refused_alone
                .iter()
                .any(|r| r.contains("git push") || r.contains("touch pwned")),
            "{witness:?}"
        );
    }
}

/// AUDIT-PROTO-1, AUDIT-PROTO-3: the example adapter of `docs/audit-adapters/`
/// speaks the protocol for a CLI that exits 0 to approve; calibration then
/// keeps exactly what that CLI refuses.
#[test]
fn audit_proto_1_example_cli_adapter() {
    let repo = crate::support::corpus::repo();
    let adapter = repo.join("docs/audit-adapters/cli-exit-status.py");
    let layer = format!(
        "python3 {} sh -c 'case $0 in *\"git push\"*) exit 1;; esac'",
        adapter.display()
    );
    let mut settings = Settings::new(&layer);
    settings.budget = Budget::Cases(16);
    let report = audit::audit(&settings).unwrap();
    assert_eq!(report.layer.name, "sh");
    assert_eq!(report.calibration.payloads, vec!["git push".to_owned()]);
    assert_eq!(
        report.calibration.bases.len(),
        inner_cmd_spec::audit::calibrate::BASES.len()
    );
    assert_eq!(report.tried, 16);
}

/// AUDIT-13: `--cwd` and `--env` give the layer its working directory and
/// environment (a relative `--impl` program still read from the audit's
/// directory); a `--cwd` that is no directory and an `--env` without `=`
/// are errors of the audit.
#[test]
fn audit_13_the_layer_runs_in_its_context() {
    use inner_cmd_spec::audit::layer::{Answer, Ask, Layer};
    use inner_cmd_spec::audit::Context;
    let dir = std::env::temp_dir().join(format!("inner-cmd-context-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dir = dir.canonicalize().unwrap();
    let layer = python_layer(
        HELLO,
        r#" import os
 here=os.getcwd()==os.environ.get("WANT") and os.environ.get("HOME")=="/nowhere"
 answer={"id":request["id"],"approved":here}"#,
    );
    let ask = [Ask::Command("ls".to_owned())];
    let context = Context {
        cwd: Some(dir.clone()),
        env: vec![
            ("WANT".to_owned(), dir.display().to_string()),
            ("HOME".to_owned(), "/nowhere".to_owned()),
        ],
    };
    let timeout = std::time::Duration::from_secs(30);
    let mut inside = Layer::start_in(&layer, &context, timeout).unwrap();
    assert_eq!(inside.approve(&ask).unwrap(), [Answer::Approved]);
    let mut outside = Layer::start(&layer, timeout).unwrap();
    assert_eq!(outside.approve(&ask).unwrap(), [Answer::Refused]);
    let run = |extra: &[&str]| {
        let output = Command::new(BIN)
            .args(["audit", "--quiet", "--cases", "8", "--impl", &refuse_all()])
            .args(extra)
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let (code, why) = run(&["--cwd", "/nonexistent/dir"]);
    assert_eq!(code, Some(2));
    assert!(
        why.contains("--cwd /nonexistent/dir: not a directory"),
        "{why}"
    );
    let (code, why) = run(&["--env", "NOEQUALS"]);
    assert_eq!(code, Some(2));
    assert!(why.contains("is not NAME=VALUE"), "{why}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// AUDIT-PROTO-1, AUDIT-PROTO-3, AUDIT-13: the in-process Python template of
/// `docs/audit-adapters/` imports a layer's decision function from the
/// layer's working directory; what the function prints does not break the
/// protocol, and calibration keeps exactly what it refuses.
#[test]
fn audit_proto_1_python_in_process_template() {
    let repo = crate::support::corpus::repo();
    let dir = std::env::temp_dir().join(format!("inner-cmd-pylayer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("toylayer.py"),
        "def decide(command):\n    print('noise')\n    return 'git push' not in command\n",
    )
    .unwrap();
    let adapter = repo.join("docs/audit-adapters/in-process.py");
    let mut settings = Settings::new(&format!("python3 {} toylayer:decide", adapter.display()));
    settings.budget = Budget::Cases(16);
    settings.context.cwd = Some(dir.clone());
    let report = audit::audit(&settings).unwrap();
    assert_eq!(report.layer.name, "toylayer");
    assert_eq!(report.calibration.payloads, vec!["git push".to_owned()]);
    assert_eq!(report.tried, 16);
    std::fs::remove_dir_all(&dir).unwrap();
}
