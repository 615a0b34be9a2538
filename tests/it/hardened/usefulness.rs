//! Usefulness of the hardened profile (spec §12.10, `HARD-USE-1`): on a
//! realistic corpus of agent commands it allows at least 99% of what the
//! deployed profile allows, and every command it stops allowing is listed,
//! with the clause that stops it, in `spec/corpus/hardened-losses.txt`.
//!
//! The corpus is `spec/corpus/agent-commands.jsonl`: base commands get each
//! scaffold agents put around them (the generators' placements: `cd` first,
//! pipes into `tail`/`head`/`grep`/`wc`, `timeout`/`time`, `; echo EXIT`),
//! whole commands (here-document commit messages, chains) are used as they
//! are. Regenerate the losses list with `INNER_CMD_BLESS=1`.

use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{decide_profiled, Options, Outcome};
use inner_cmd_spec::policy::Policy;
use inner_cmd_spec::trace::hardened_clauses;
use inner_cmd_spec::verdict::PermissionState::{self, Allow, Deny};
use serde_json::Value;

use crate::support::corpus::repo;

const SCAFFOLDS: &[&str] = &[
    "{}",
    "cd /repo && {}",
    "{} 2>&1 | tail -30",
    "cd /repo && timeout 240 {} 2>&1 | tail -30; echo EXIT",
    "timeout 120 {}",
    "time {}",
    "{} | head -20",
    "{} | grep -E 'error|warn'",
    "{} | wc -l",
    "cd /repo; {}; echo \"exit $?\"",
    "{} 2>/dev/null",
    "{} && echo ok",
];

pub(crate) fn corpus() -> Vec<String> {
    let text = std::fs::read_to_string(repo().join("spec/corpus/agent-commands.jsonl")).unwrap();
    let mut out = Vec::new();
    for line in text.lines().skip(1) {
        let entry: Value = serde_json::from_str(line).unwrap();
        if let Some(base) = entry["base"].as_str() {
            out.extend(SCAFFOLDS.iter().map(|s| s.replace("{}", base)));
        } else {
            out.push(entry["whole"].as_str().unwrap().to_owned());
        }
    }
    out
}

/// A permissive developer policy: everything allowed but a deny list.
fn permissive() -> Policy {
    let rows: &[(&str, PermissionState)] = &[
        ("*", Allow),
        ("rm -rf *", Deny),
        ("git push *", Deny),
        ("sudo *", Deny),
        ("*/.ssh/*", Deny),
        ("*~/.ssh*", Deny),
    ];
    crate::support::policy(rows, "/home/u")
}

/// The hardened clause (or rule) that stopped an allow.
fn stopped_by(outcome: &Outcome) -> String {
    if let Some(fired) = hardened_clauses(outcome).into_iter().next() {
        return fired.id;
    }
    let pattern = outcome
        .requeries
        .first()
        .filter(|_| outcome.gate.state == PermissionState::Ask)
        .map_or(&outcome.gate.matched_pattern, |r| &r.matched_pattern);
    format!("rule {pattern:?} on a hardened judgement (HARD-2)")
}

/// HARD-USE-1: hardened keeps at least 99% of the deployed allows on the
/// example policy, and the losses on both policies are exactly the listed ones.
#[test]
fn hard_use_1_hardened_keeps_the_allows() {
    let commands = corpus();
    assert!(commands.len() >= 1000, "{} commands", commands.len());
    let mut listing = String::new();
    let mut summary = Vec::new();
    for (name, policy) in [
        ("example", crate::support::example_policy("/home/u")),
        ("permissive", permissive()),
    ] {
        let (mut deployed_allows, mut kept) = (0usize, 0usize);
        for command in &commands {
            let deployed =
                decide_profiled(&policy, command, &Options::default(), Profile::Deployed);
            let hardened =
                decide_profiled(&policy, command, &Options::default(), Profile::Hardened);
            assert!(
                hardened.outcome != Allow || deployed.outcome == Allow,
                "hardened allows what deployed does not: {command:?}"
            );
            if deployed.outcome != Allow {
                continue;
            }
            deployed_allows += 1;
            if hardened.outcome == Allow {
                kept += 1;
            } else {
                listing.push_str(&format!(
                    "{name}\t{}\t{}\n",
                    stopped_by(&hardened),
                    serde_json::to_string(command).unwrap()
                ));
            }
        }
        summary.push((name, commands.len(), deployed_allows, kept));
    }
    let header: String = summary
        .iter()
        .map(|(name, total, allows, kept)| {
            format!("# {name}: {total} commands, deployed allows {allows}, hardened keeps {kept}\n")
        })
        .collect();
    let listing = format!("# policy\tstopped by\tcommand (JSON)\n{header}{listing}");
    let path = repo().join("spec/corpus/hardened-losses.txt");
    if std::env::var_os("INNER_CMD_BLESS").is_some() {
        std::fs::write(&path, &listing).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        committed, listing,
        "regenerate with INNER_CMD_BLESS=1 and review the diff"
    );
    let (_, _, allows, kept) = summary[0];
    assert!(
        allows > 0 && kept * 100 >= allows * 99,
        "example policy: {kept} of {allows}"
    );
}
