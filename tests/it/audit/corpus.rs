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
/// a real program to show it (outside the stub oracle's sight and the
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
        assert!(alone || entry.oracle == Seen::RealProgram, "{entry:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
