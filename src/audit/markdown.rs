//! The report as Markdown (`AUDIT-9`): the root causes first (`AUDIT-15`),
//! then the families, the witnesses of each, and the records set apart with
//! every reason explained (`AUDIT-16`).

use std::fmt::Write as _;

use super::property::Apart;
use super::report::{Report, Witness, MAX_APART};

/// The report as Markdown.
#[must_use]
pub fn markdown(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Audit of {} {}\n\nSeed {}, shards {}. {} cases tried, {} approved by the layer, {} of them checked against GNU bash, {} unknown; **{} distinct minimized witnesses** ({} confirmed by the layer when re-asked) **in {} root causes**.\n",
        report.layer.name,
        report.layer.version,
        report.seed,
        report.shards.join(", "),
        report.tried,
        report.approved,
        report.checked,
        report.unknown,
        report.witnesses.len(),
        report.witnesses.iter().filter(|w| w.confirmed).count(),
        report.causes.len(),
    );
    if let Some(replay) = &report.replay {
        let _ = writeln!(
            out,
            "**Replay: {} of {} witnesses still hold.**\n",
            replay.hold, replay.of
        );
        if !replay.gone.is_empty() {
            out.push_str("No longer witnesses:\n\n");
            for gone in &replay.gone {
                let _ = writeln!(out, "- {}", code(gone));
            }
            out.push('\n');
        }
    }
    let _ = writeln!(
        out,
        "Calibration kept {} bases, {} payloads and {} options.\n",
        report.calibration.bases.len(),
        report.calibration.payloads.len(),
        report.calibration.flags.len()
    );
    causes(&mut out, report);
    families(&mut out, report);
    apart(&mut out, report);
    answers(&mut out, report);
    out
}

/// A corpus run's answer to every entry (`AUDIT-18`).
fn answers(out: &mut String, report: &Report) {
    let Some(corpus) = &report.corpus else {
        return;
    };
    let _ = writeln!(
        out,
        "\n## Corpus `{corpus}`: every entry\n\n| entry | answer | witness |\n|---|---|---|"
    );
    for a in &report.answers {
        let answer = match a.approved {
            Some(true) => "approved",
            Some(false) => "refused",
            None => "unknown",
        };
        let _ = writeln!(
            out,
            "| {} | {answer} | {} |",
            a.id,
            if a.witness { "**yes**" } else { "no" }
        );
    }
}

fn causes(out: &mut String, report: &Report) {
    if report.causes.is_empty() {
        return;
    }
    out.push_str("## Root causes\n\nWitnesses are one cause when the refused command sits in the same chain of bash constructs; each cause shows its shortest witness.\n");
    for (n, cause) in report.causes.iter().enumerate() {
        let _ = writeln!(
            out,
            "\n### {}. {}\n\nFamily `{}`{}; {} witness{}. Shortest:\n",
            n + 1,
            cause.title,
            cause.family,
            if cause.families.len() > 1 {
                format!(
                    " (also {})",
                    cause
                        .families
                        .get(1..)
                        .unwrap_or_default()
                        .iter()
                        .map(|f| format!("`{f}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            } else {
                String::new()
            },
            cause.count,
            if cause.count == 1 { "" } else { "es" },
        );
        out.push_str(&block(&cause.shortest, ""));
    }
    out.push('\n');
}

fn families(out: &mut String, report: &Report) {
    out.push_str("## Families\n\n| family | tried | approved | checked | unknown | witnesses (distinct) |\n|---|---|---|---|---|---|\n");
    for (family, counts) in &report.families {
        let distinct = report
            .witnesses
            .iter()
            .filter(|w| &w.family == family)
            .count();
        let _ = writeln!(
            out,
            "| {family} | {} | {} | {} | {} | {} ({distinct}) |",
            counts.tried, counts.approved, counts.checked, counts.unknown, counts.witnesses
        );
    }
    let mut named: std::collections::BTreeSet<&String> = report.families.keys().collect();
    named.extend(report.witnesses.iter().map(|w| &w.family));
    for family in named {
        let witnesses: Vec<&Witness> = report
            .witnesses
            .iter()
            .filter(|w| &w.family == family)
            .collect();
        if witnesses.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n## {family}\n");
        for w in witnesses {
            let refused: Vec<String> = w.refused_alone.iter().map(|r| code(r)).collect();
            let confirmed = if w.confirmed {
                "confirmed"
            } else {
                "NOT confirmed"
            };
            if w.command.contains('\n') {
                let _ = writeln!(
                    out,
                    "- refused alone: {}; {confirmed}:\n",
                    refused.join(", ")
                );
                out.push_str(&block(&w.command, "  "));
            } else {
                let _ = writeln!(
                    out,
                    "- {} — refused alone: {}; {confirmed}",
                    code(&w.command),
                    refused.join(", ")
                );
            }
        }
    }
}

fn apart(out: &mut String, report: &Report) {
    if report.apart.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\n## Set apart\n\nA refused command bash ran is set apart, not counted as a witness, for the reasons below. {} distinct records were set apart{}.\n",
        report.apart_total.max(report.apart.len() as u64),
        if (report.apart.len() as u64) < report.apart_total {
            format!("; the first {} are listed (at most {MAX_APART})", report.apart.len())
        } else {
            "; all are listed".to_owned()
        }
    );
    for why in Apart::ALL {
        if report.apart.iter().any(|a| a.why == why) {
            let _ = writeln!(out, "- `{}`: {}", reason(why), why.explain());
        }
    }
    for (witness, heading) in [
        (
            true,
            "In cases that are witnesses all the same (another command they ran is refused alone)",
        ),
        (false, "In cases that are no witness"),
    ] {
        let listed: Vec<_> = report
            .apart
            .iter()
            .filter(|a| a.case_is_witness == witness)
            .collect();
        if listed.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n### {heading}\n");
        for a in listed {
            let _ = writeln!(
                out,
                "- `{}`: {} ran {}",
                reason(a.why),
                code(&a.command),
                code(&a.executed)
            );
        }
    }
}

/// The reason's name as the JSON report spells it.
fn reason(why: Apart) -> String {
    serde_json::to_value(why)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// A fenced block of `text`, each line indented by `indent`.
fn block(text: &str, indent: &str) -> String {
    let fence = "`".repeat(longest_run(text, '`').max(2) + 1);
    let mut out = format!("{indent}{fence}sh\n");
    for line in text.split('\n') {
        let _ = writeln!(out, "{indent}{line}");
    }
    let _ = writeln!(out, "{indent}{fence}");
    out
}

fn longest_run(text: &str, of: char) -> usize {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == of { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

/// A Markdown code span of `text` on one line: fenced by more backquotes
/// than it holds in a row; a newline is shown as `⏎`.
fn code(text: &str) -> String {
    let shown = text.replace('\n', " ⏎ ");
    let longest = longest_run(&shown, '`');
    let fence = "`".repeat(longest + 1);
    if longest == 0 {
        format!("{fence}{shown}{fence}")
    } else {
        format!("{fence} {shown} {fence}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// AUDIT-16: set-apart records are listed by their case's verdict,
    /// every reason used is explained, and a cut list says so.
    #[test]
    fn audit_16_set_apart_sections() {
        use super::super::report::{LayerName, SetApart};
        let apart = |why: Apart, case_is_witness: bool| SetApart {
            command: "f() { kill 1; }; f".to_owned(),
            family: "rebind-function".to_owned(),
            executed: format!("x{case_is_witness}"),
            why,
            case_is_witness,
        };
        let mut report = Report {
            layer: LayerName {
                name: "x".into(),
                version: "1".into(),
            },
            seed: 1,
            shards: vec!["0/1".into()],
            calibration: Default::default(),
            tried: 0,
            approved: 0,
            checked: 0,
            unknown: 0,
            families: Default::default(),
            witnesses: Vec::new(),
            apart: vec![
                apart(Apart::FunctionCall, true),
                apart(Apart::NotFound, false),
            ],
            apart_total: 70,
            causes: Vec::new(),
            replay: None,
            corpus: None,
            answers: Vec::new(),
        };
        let text = markdown(&report);
        assert!(
            text.contains("70 distinct records were set apart; the first 2 are listed"),
            "{text}"
        );
        assert!(text.contains("### In cases that are witnesses all the same"));
        assert!(text.contains("### In cases that are no witness"));
        assert!(text.contains(Apart::FunctionCall.explain()));
        assert!(text.contains(Apart::NotFound.explain()));
        assert!(!text.contains(Apart::PipeFed.explain()));
        report.apart_total = 2;
        assert!(markdown(&report).contains("2 distinct records were set apart; all are listed"));
    }

    /// AUDIT-9: a multi-line command is a fenced block, never an escaped string.
    #[test]
    fn audit_9_blocks_and_spans() {
        assert_eq!(
            block("cat <<EOF\nx\nEOF", ""),
            "```sh\ncat <<EOF\nx\nEOF\n```\n"
        );
        assert_eq!(block("a ```", "  "), "  ````sh\n  a ```\n  ````\n");
        assert_eq!(code("ls `x`"), "`` ls `x` ``");
        assert_eq!(code("a\nb"), "`a ⏎ b`");
    }
}
