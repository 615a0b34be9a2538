//! Auditing a permission layer (spec chapter 13, `AUDIT-*`). Needs the
//! `audit` feature and bubblewrap, like the oracle's tests.
#![cfg(feature = "audit")]

use std::process::Command;
use std::sync::OnceLock;

use inner_cmd_spec::audit::{self, AuditError, Budget, Report, Settings, Shard};
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::policy::{config, Policy};
use inner_cmd_spec::verdict::PermissionState;

mod corpus;
mod layers;
mod planted;
mod schema;

const BIN: &str = env!("CARGO_BIN_EXE_inner-cmd");

/// The crate's deployed pipeline under the example policy, as a layer (AUDIT-12).
fn deployed_layer() -> String {
    format!("{BIN} serve --audit --profile deployed")
}

fn settings(layer: &str, cases: u64, shard: Shard) -> Settings {
    let mut settings = Settings::new(layer);
    settings.seed = 3;
    settings.budget = Budget::Cases(cases);
    settings.shard = shard;
    settings
}

/// One bounded self-audit of the deployed profile, shared by the tests.
fn deployed_report() -> &'static Report {
    static REPORT: OnceLock<Report> = OnceLock::new();
    REPORT.get_or_init(|| {
        audit::audit(&settings(&deployed_layer(), 96, Shard::ALL)).expect("the audit runs")
    })
}

fn example_policy() -> Policy {
    let loaded = config::example_policy().unwrap();
    Policy::from_config(loaded, "/home/u")
}

fn allowed(policy: &Policy, command: &str) -> bool {
    decide_profiled(policy, command, &Options::default(), Profile::Deployed).outcome
        == PermissionState::Allow
}

/// AUDIT-1, AUDIT-3, AUDIT-4, AUDIT-7, AUDIT-9, AUDIT-12: the deployed
/// self-audit finds witnesses, and each is one by the pipeline itself,
/// asked directly rather than through the audit: the command is allowed,
/// each command it names as refused alone is not, and bash ran it.
#[test]
fn audit_4_deployed_self_audit_witnesses_hold_against_the_pipeline() {
    let report = deployed_report();
    assert_eq!(report.layer.name, "inner-cmd-spec deployed");
    assert!(report.calibration.bases.contains(&"ls".to_owned()));
    assert!(report.calibration.payloads.contains(&"git push".to_owned()));
    assert!(
        !report.calibration.bases.contains(&"date".to_owned()),
        "no rule allows date"
    );
    assert_eq!(report.tried, 96);
    // The crate's layer never answers `error`, so every approved case is
    // either judged on a complete execution or unknown by bash (AUDIT-9).
    assert!(report.checked > 0);
    assert_eq!(report.approved, report.checked + report.unknown);
    assert!(
        !report.witnesses.is_empty(),
        "the deployed profile fails open (spec/findings.md)"
    );
    let policy = example_policy();
    for witness in &report.witnesses {
        assert!(witness.confirmed, "{witness:?}");
        assert!(allowed(&policy, &witness.command), "{witness:?}");
        for refused in &witness.refused_alone {
            assert!(!allowed(&policy, refused), "{refused:?} of {witness:?}");
            assert!(witness.executed.contains(refused), "{witness:?}");
        }
        assert!(witness.command.len() <= witness.minimized_from.len());
    }
    let markdown = audit::markdown(report);
    let family = &report.witnesses[0].family;
    assert!(markdown.contains(&format!("## {family}")), "{markdown}");
    // AUDIT-15: every witness is in exactly one cause, whose shortest
    // witness is among its own and no longer than any of them.
    let mut grouped: Vec<&String> = report.causes.iter().flat_map(|c| &c.witnesses).collect();
    grouped.sort();
    let mut listed: Vec<&String> = report.witnesses.iter().map(|w| &w.command).collect();
    listed.sort();
    assert_eq!(grouped, listed);
    for cause in &report.causes {
        assert_eq!(cause.count, cause.witnesses.len());
        assert!(cause.witnesses.contains(&cause.shortest));
        assert!(cause
            .witnesses
            .iter()
            .all(|w| w.len() >= cause.shortest.len()));
    }
    let first_cause = markdown.find("## Root causes").expect("causes lead");
    assert!(first_cause < markdown.find("## Families").unwrap());
    assert_eq!(audit::exit_status(report), 1);
}

/// AUDIT-8: shards partition the stream: two halves count what the whole
/// counts, and the merge refuses shards of another seed or a shard twice.
#[test]
fn audit_8_shards_partition_and_merge() {
    let layer = deployed_layer();
    let whole = audit::audit(&settings(&layer, 24, Shard::ALL)).unwrap();
    let halves: Vec<Report> = (0..2)
        .map(|index| {
            let shard = Shard { index, count: 2 };
            audit::audit(&settings(&layer, 12, shard)).unwrap()
        })
        .collect();
    let merged = audit::merge(halves.clone()).unwrap();
    assert_eq!(merged.tried, whole.tried);
    assert_eq!(merged.approved, whole.approved);
    assert_eq!(
        merged.checked + merged.unknown,
        whole.checked + whole.unknown
    );
    for (family, counts) in &whole.families {
        assert_eq!(merged.families[family].tried, counts.tried, "{family}");
        assert_eq!(
            merged.families[family].approved, counts.approved,
            "{family}"
        );
    }
    assert_eq!(merged.shards, vec!["0/2".to_owned(), "1/2".to_owned()]);
    let refusal = |result: Result<Report, AuditError>| match result {
        Err(AuditError::Report(why)) => why,
        other => panic!("expected a report error, got {other:?}"),
    };
    assert_eq!(
        refusal(audit::merge(vec![halves[0].clone(), halves[0].clone()])),
        "shard 0/2 given twice"
    );
    let mut other = halves[1].clone();
    other.seed += 1;
    let why = refusal(audit::merge(vec![halves[0].clone(), other]));
    assert!(
        why.starts_with("cannot merge") && why.contains("seed 4"),
        "{why}"
    );
    assert_eq!(refusal(audit::merge(Vec::new())), "nothing to merge");
    for bad in ["2/2", "x", "1/0", "-1/2"] {
        match Shard::parse(bad) {
            Err(AuditError::Settings(why)) => assert!(why.contains(bad), "{why}"),
            other => panic!("--shard {bad}: {other:?}"),
        }
    }
    assert_eq!(Shard::parse("1/3").unwrap().case(2), 7);
}

/// AUDIT-11: a replay against the same layer keeps every witness; against
/// a layer that approves nothing, none is left.
#[test]
fn audit_11_replay() {
    let report = deployed_report();
    let again = audit::replay(&deployed_layer(), report, 2).unwrap();
    let commands = |r: &Report| {
        r.witnesses
            .iter()
            .map(|w| w.command.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(commands(&again), commands(report));
    assert!(again.witnesses.iter().all(|w| w.confirmed));
    let summary = again.replay.as_ref().expect("a replay says what holds");
    assert_eq!(
        (summary.hold, summary.of),
        (report.witnesses.len(), report.witnesses.len())
    );
    assert!(summary.gone.is_empty());
    let text = audit::markdown(&again);
    let line = format!(
        "Replay: {n} of {n} witnesses still hold.",
        n = report.witnesses.len()
    );
    assert!(text.contains(&line), "{text}");
    let none = audit::replay(&layers::refuse_all(), report, 2).unwrap();
    assert!(none.witnesses.is_empty() && none.causes.is_empty());
    let summary = none.replay.as_ref().unwrap();
    assert_eq!((summary.hold, summary.of), (0, report.witnesses.len()));
    assert_eq!(summary.gone, commands(report));
    assert!(audit::markdown(&none).contains(&format!(
        "Replay: 0 of {} witnesses still hold.",
        report.witnesses.len()
    )));
    assert_eq!(audit::exit_status(&none), 0);
}

/// AUDIT-10: the command's exit status: 1 with witnesses, and the reports it writes.
#[test]
fn audit_10_cli_exit_status_and_files() {
    let dir = std::env::temp_dir().join(format!("inner-cmd-audit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("report.json");
    let md = dir.join("report.md");
    let status = Command::new(BIN)
        .args([
            "audit",
            "--impl",
            &deployed_layer(),
            "--cases",
            "64",
            "--seed",
            "3",
        ])
        .arg("--json")
        .arg(&json)
        .arg("--markdown")
        .arg(&md)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    let saved: Report = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(status.code(), Some(i32::from(audit::exit_status(&saved))));
    assert!(std::fs::read_to_string(&md)
        .unwrap()
        .starts_with("# Audit of inner-cmd-spec deployed"));
    let merged = Command::new(BIN)
        .args(["audit", "--merge"])
        .arg(&json)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert_eq!(merged.code(), status.code());
    let missing = Command::new(BIN)
        .args(["audit", "--merge", "/nonexistent/report.json"])
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert_eq!(missing.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}
