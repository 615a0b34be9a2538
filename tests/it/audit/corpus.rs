//! The published-bypass corpus (AUDIT-18): every entry's oracle mark is
//! what the execution oracle sees, and the hardened profile lets none of
//! them run a command it refuses alone.

use inner_cmd_spec::audit::corpus::{parse, Seen, PUBLISHED};
use inner_cmd_spec::ground::{Config, Oracle};
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::verdict::PermissionState;

use super::BIN;

/// Whether `argv` (program path first) starts with the payload's words.
fn runs(argv: &[String], payload: &[&str]) -> bool {
    let Some((program, rest)) = argv.split_first() else {
        return false;
    };
    let name = program.rsplit('/').next().unwrap_or(program);
    payload.first() == Some(&name)
        && payload.len() <= argv.len()
        && rest.iter().zip(&payload[1..]).all(|(a, p)| a == p)
}

/// AUDIT-18: a `stub` entry's payload is recorded by the stub oracle (bash
/// runs it as the command says); a `real-program` entry's is not, so the
/// mark says which entries need real programs to show their payload.
#[test]
fn audit_18_oracle_marks_are_what_the_oracle_sees() {
    let entries = parse(PUBLISHED).unwrap();
    // The audit's own oracle: every program a case names is a stub (AUDIT-17).
    let mut config = Config::default();
    config.extra_programs = inner_cmd_spec::audit::oracle::programs_named();
    let oracle = Oracle::new(config).expect("the oracle needs a sandbox");
    let commands: Vec<&str> = entries.iter().map(|e| e.command.as_str()).collect();
    let runs_of = oracle.run_batch(&commands);
    for (entry, execution) in entries.iter().zip(runs_of) {
        let execution = execution.unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        let payload: Vec<&str> = entry.payload.split(' ').collect();
        let seen = execution
            .commands
            .iter()
            .filter_map(|c| c.argv.as_ref())
            .any(|argv| runs(argv, &payload));
        assert_eq!(
            seen,
            entry.oracle == Seen::Stub,
            "{}: {:?} recorded {:?}",
            entry.id,
            entry.command,
            execution
                .commands
                .iter()
                .map(|c| &c.text)
                .collect::<Vec<_>>()
        );
    }
}

/// AUDIT-18: `inner-cmd serve --audit --profile hardened` under the example
/// policy gives no witness on the published corpus (exit 0), and every entry
/// it approves runs a payload the hardened pipeline approves alone, or needs
/// a context the real mode does not give to show it (outside the oracle's sight and the
/// profile's contract, spec/findings.md G-n).
#[test]
fn audit_18_hardened_refuses_the_published_corpus() {
    let dir = std::env::temp_dir().join(format!("inner-cmd-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("hardened.json");
    let status = std::process::Command::new(BIN)
        .args(["audit", "--quiet", "--corpus", "published", "--impl"])
        .arg(format!("{BIN} serve --audit --profile hardened"))
        .arg("--json")
        .arg(&json)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let report: inner_cmd_spec::audit::Report =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let entries = parse(PUBLISHED).unwrap();
    assert_eq!(report.answers.len(), entries.len());
    assert!(report.witnesses.is_empty());
    let policy = super::example_policy();
    for (entry, answer) in entries.iter().zip(&report.answers) {
        assert_eq!(entry.id, answer.id);
        if answer.approved != Some(true) {
            continue;
        }
        let alone = decide_profiled(
            &policy,
            &entry.payload,
            &Options::default(),
            Profile::Hardened,
        )
        .outcome
            == PermissionState::Allow;
        assert!(alone || entry.oracle == Seen::RealContext, "{entry:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// AUDIT-18, AUDIT-19: a `real-program` entry's payload is run by a program
/// when the real programs run (INV-GROUND-10): some traced exec that is not
/// machinery starts with the payload's words; a `real-context` entry's is
/// not, there (no terminal, no fsmonitor, no such file), so each mark is a
/// fact of the oracle.
#[test]
fn audit_19_real_program_entries_run_their_payload_with_real_programs() {
    let entries: Vec<_> = parse(PUBLISHED)
        .unwrap()
        .into_iter()
        .filter(|e| e.oracle != Seen::Stub)
        .collect();
    assert!(entries.iter().any(|e| e.oracle == Seen::RealProgram));
    assert!(entries.iter().any(|e| e.oracle == Seen::RealContext));
    let oracle =
        inner_cmd_spec::audit::oracle::Bash::new(2, true).expect("the real mode needs a sandbox");
    let commands: Vec<String> = entries.iter().map(|e| e.command.clone()).collect();
    for (entry, seen) in entries.iter().zip(oracle.run(&commands)) {
        let execution = seen
            .execution()
            .unwrap_or_else(|| panic!("{}: {seen:?}", entry.id));
        let payload: Vec<&str> = entry.payload.split(' ').collect();
        let ran = execution
            .programs
            .iter()
            .filter(|p| p.machinery.is_none())
            .any(|p| runs(&p.argv, &payload));
        assert_eq!(
            ran,
            entry.oracle == Seen::RealProgram,
            "{}: {:?} traced {:?}",
            entry.id,
            entry.command,
            execution
                .programs
                .iter()
                .map(|p| &p.argv)
                .collect::<Vec<_>>()
        );
    }
}

/// AUDIT-19: a layer that reads only the first word approves an interpreter
/// reading its program from standard input; the stubs run nothing, so the
/// same command is no witness there, while the real mode sees the shell the
/// interpreter started and the layer refuses it alone.
#[test]
fn audit_19_real_mode_sees_what_an_interpreter_runs() {
    use inner_cmd_spec::audit::corpus::audit_corpus;
    use inner_cmd_spec::audit::Settings;
    let script = crate::support::corpus::repo().join("tests/fixtures/audit-first-word.py");
    let settings = Settings::new(&format!("python3 {}", script.display()));
    let line = |oracle: &str| {
        serde_json::json!({
            "id": "interpreter-stdin", "layer": "test", "source": "https://example.invalid",
            "advisory": null, "fixed": null,
            "command": "python3 /dev/stdin <<< 'import os; os.system(\"kill 1\")'",
            "payload": "kill 1", "form": "reconstructed", "oracle": oracle, "note": "test"
        })
        .to_string()
    };
    let stubbed = audit_corpus(&settings, "t", &parse(&line("stub")).unwrap()).unwrap();
    assert!(stubbed.witnesses.is_empty(), "{:?}", stubbed.witnesses);
    let real = audit_corpus(&settings, "t", &parse(&line("real-program")).unwrap()).unwrap();
    let refused: Vec<&String> = real
        .witnesses
        .iter()
        .flat_map(|w| &w.refused_alone)
        .collect();
    assert_eq!(refused, [&"sh -c 'kill 1'".to_owned()], "{real:#?}");
}

/// AUDIT-3: each approved command is judged by what bash ran for it, and
/// only approved ones run: refused ones between them take no result (a
/// batch of refused, approved, refused, approved, in both modes).
#[test]
fn audit_3_each_approved_command_is_judged_by_its_own_run() {
    use inner_cmd_spec::audit::corpus::audit_corpus;
    use inner_cmd_spec::audit::Settings;
    let script = crate::support::corpus::repo().join("tests/fixtures/audit-first-word.py");
    let settings = Settings::new(&format!("python3 {}", script.display()));
    let entry = |id: &str, command: &str, oracle: &str| {
        serde_json::json!({
            "id": id, "layer": "test", "source": "https://example.invalid",
            "advisory": null, "fixed": null, "command": command,
            "payload": "kill 1", "form": "reconstructed", "oracle": oracle, "note": "test"
        })
        .to_string()
    };
    let lines = [
        entry("refused-1", "kill 1", "stub"),
        entry("approved-plain", "ls", "real-program"),
        entry("refused-2", "rm x", "real-program"),
        entry("approved-hole", "echo $(kill 1)", "stub"),
        entry("refused-3", "touch y", "stub"),
        entry("approved-real-hole", "echo $(kill 1)", "real-program"),
    ]
    .join("\n");
    let report = audit_corpus(&settings, "t", &parse(&lines).unwrap()).unwrap();
    let approved: Vec<(&str, Option<bool>)> = report
        .answers
        .iter()
        .map(|a| (a.id.as_str(), a.approved))
        .collect();
    assert_eq!(
        approved,
        [
            ("refused-1", Some(false)),
            ("approved-plain", Some(true)),
            ("refused-2", Some(false)),
            ("approved-hole", Some(true)),
            ("refused-3", Some(false)),
            ("approved-real-hole", Some(true)),
        ]
    );
    let witnesses: Vec<(&str, &Vec<String>)> = report
        .witnesses
        .iter()
        .map(|w| (w.command.as_str(), &w.refused_alone))
        .collect();
    let kill = vec!["kill 1".to_owned()];
    assert_eq!(
        witnesses,
        [("echo $(kill 1)", &kill), ("echo $(kill 1)", &kill)],
        "{report:#?}"
    );
}
