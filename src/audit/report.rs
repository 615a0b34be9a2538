//! The audit's report (`AUDIT-9`), its Markdown rendering, and the merge of
//! shards' reports (`AUDIT-8`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::calibrate::Calibration;
use super::property::Apart;
use super::AuditError;

/// A layer, as its handshake names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayerName {
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
}

/// One witness (`AUDIT-4`, `AUDIT-6`, `AUDIT-7`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Witness {
    /// The minimized command the layer approves.
    pub command: String,
    /// The family of the case it came from.
    pub family: String,
    /// Every simple command bash executed for it, rendered.
    pub executed: Vec<String>,
    /// Those the layer refuses on their own.
    pub refused_alone: Vec<String>,
    /// The generated case it was minimized from.
    pub minimized_from: String,
    /// Re-asked after minimization, the layer approved the command and
    /// refused each of `refusedAlone` again.
    pub confirmed: bool,
}

/// A refused executed command set apart (`AUDIT-5`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetApart {
    /// The approved command.
    pub command: String,
    /// The family of its case.
    pub family: String,
    /// The executed command the layer refuses alone.
    pub executed: String,
    /// Why it is no witness.
    pub why: Apart,
}

/// Counts of one family.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// Cases generated.
    pub tried: u64,
    /// Approved by the layer.
    pub approved: u64,
    /// Approved and judged against what bash ran.
    pub checked: u64,
    /// Approved, but the layer's or bash's answer was unknown.
    pub unknown: u64,
    /// Witnesses before minimization and deduplication.
    pub witnesses: u64,
}

impl Counts {
    fn add(&mut self, other: &Self) {
        self.tried += other.tried;
        self.approved += other.approved;
        self.checked += other.checked;
        self.unknown += other.unknown;
        self.witnesses += other.witnesses;
    }
}

/// The audit's report (`AUDIT-9`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// The layer audited.
    pub layer: LayerName,
    /// The seed of the case stream.
    pub seed: u64,
    /// The shards this report covers, as `K/N` each.
    pub shards: Vec<String>,
    /// What calibration kept.
    pub calibration: Calibration,
    /// Cases generated.
    pub tried: u64,
    /// Approved by the layer.
    pub approved: u64,
    /// Approved and judged.
    pub checked: u64,
    /// Approved, answer unknown.
    pub unknown: u64,
    /// Counts per family.
    pub families: BTreeMap<String, Counts>,
    /// Distinct minimized witnesses.
    pub witnesses: Vec<Witness>,
    /// Refused executed commands set apart (`AUDIT-5`).
    pub apart: Vec<SetApart>,
}

impl Report {
    /// Recomputes the totals from the families.
    pub fn total(&mut self) {
        let mut sum = Counts::default();
        for counts in self.families.values() {
            sum.add(counts);
        }
        self.tried = sum.tried;
        self.approved = sum.approved;
        self.checked = sum.checked;
        self.unknown = sum.unknown;
    }

    /// Adds a witness unless one of the same shape is already there
    /// (`AUDIT-6`): the same command once every calibrated base's program
    /// name is read as one placeholder, so `alias ls='kill 1'` and
    /// `alias du='kill 1'` count once.
    /// Whether it was added.
    pub fn add_witness(&mut self, witness: Witness) -> bool {
        let shape = self.shape(&witness.command);
        let new = !self
            .witnesses
            .iter()
            .any(|w| self.shape(&w.command) == shape);
        if new {
            self.witnesses.push(witness);
        }
        new
    }

    /// `command` with every whole word that is a calibrated base's program
    /// name replaced by `B`.
    #[must_use]
    pub fn shape(&self, command: &str) -> String {
        let names: std::collections::BTreeSet<&str> = self
            .calibration
            .bases
            .iter()
            .filter_map(|b| b.split(' ').next())
            .collect();
        let mut out = String::with_capacity(command.len());
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            if names.contains(word.as_str()) {
                out.push('B');
            } else {
                out.push_str(word);
            }
            word.clear();
        };
        for c in command.chars() {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        out
    }
}

/// The shards' reports as one (`AUDIT-8`).
///
/// # Errors
/// No report, or reports of different layers, seeds or calibrations.
pub fn merge(reports: Vec<Report>) -> Result<Report, AuditError> {
    let mut reports = reports.into_iter();
    let mut merged = reports
        .next()
        .ok_or_else(|| AuditError::Report("nothing to merge".to_owned()))?;
    for report in reports {
        if report.layer != merged.layer
            || report.seed != merged.seed
            || report.calibration != merged.calibration
        {
            return Err(AuditError::Report(format!(
                "cannot merge {} {} seed {} with {} {} seed {}",
                report.layer.name,
                report.layer.version,
                report.seed,
                merged.layer.name,
                merged.layer.version,
                merged.seed
            )));
        }
        for shard in report.shards {
            if merged.shards.contains(&shard) {
                return Err(AuditError::Report(format!("shard {shard} given twice")));
            }
            merged.shards.push(shard);
        }
        for (family, counts) in &report.families {
            merged
                .families
                .entry(family.clone())
                .or_default()
                .add(counts);
        }
        for witness in report.witnesses {
            merged.add_witness(witness);
        }
        for apart in report.apart {
            if !merged.apart.contains(&apart) {
                merged.apart.push(apart);
            }
        }
    }
    merged.total();
    merged.witnesses.sort_by(|a, b| {
        (&a.family, a.command.len(), &a.command).cmp(&(&b.family, b.command.len(), &b.command))
    });
    Ok(merged)
}

/// The report as Markdown, grouped by family (`AUDIT-9`).
#[must_use]
pub fn markdown(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Audit of {} {}\n\nSeed {}, shards {}. {} cases tried, {} approved by the layer, {} of them checked against GNU bash, {} unknown; **{} distinct minimized witnesses** ({} confirmed by the layer when re-asked).\n",
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
    );
    let _ = writeln!(
        out,
        "Calibration kept {} bases, {} payloads and {} options.\n",
        report.calibration.bases.len(),
        report.calibration.payloads.len(),
        report.calibration.flags.len()
    );
    out.push_str("| family | tried | approved | checked | unknown | witnesses (distinct) |\n|---|---|---|---|---|---|\n");
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
            let _ = writeln!(
                out,
                "- {} — refused alone: {}{}",
                code(&w.command),
                w.refused_alone
                    .iter()
                    .map(|r| code(r))
                    .collect::<Vec<_>>()
                    .join(", "),
                if w.confirmed {
                    "; confirmed"
                } else {
                    "; NOT confirmed"
                }
            );
        }
    }
    if !report.apart.is_empty() {
        let _ = writeln!(out, "\n## Set apart (not witnesses)\n");
        for a in &report.apart {
            let _ = writeln!(
                out,
                "- {:?}: {} ran {}",
                a.why,
                code(&a.command),
                code(&a.executed)
            );
        }
    }
    out
}

/// A Markdown code span of `text` on one line: fenced by more backquotes
/// than it holds in a row; a text with a newline is shown as a JSON string.
fn code(text: &str) -> String {
    let shown = if text.contains('\n') {
        serde_json::to_string(text).unwrap_or_default()
    } else {
        text.to_owned()
    };
    let mut longest = 0;
    let mut run = 0;
    for c in shown.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
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

    fn witness(command: &str) -> Witness {
        Witness {
            command: command.to_owned(),
            family: "f".to_owned(),
            executed: Vec::new(),
            refused_alone: vec!["kill 1".to_owned()],
            minimized_from: command.to_owned(),
            confirmed: true,
        }
    }

    /// AUDIT-6, AUDIT-8: witnesses are distinct by shape, the program names
    /// of calibrated bases read as one placeholder.
    #[test]
    fn audit_6_witnesses_distinct_by_shape() {
        let mut report = Report {
            layer: LayerName {
                name: "x".into(),
                version: "1".into(),
            },
            seed: 1,
            shards: vec!["0/1".into()],
            calibration: Calibration {
                bases: vec!["ls".into(), "du -sh .".into()],
                payloads: vec!["kill 1".into()],
                flags: Vec::new(),
            },
            tried: 0,
            approved: 0,
            checked: 0,
            unknown: 0,
            families: BTreeMap::new(),
            witnesses: Vec::new(),
            apart: Vec::new(),
        };
        assert_eq!(report.shape("alias ls='kill 1'\nls"), "alias B='kill 1'\nB");
        assert_eq!(report.shape("lsof; du-x"), "lsof; du-x");
        assert!(report.add_witness(witness("alias ls='kill 1'\nls")));
        assert!(!report.add_witness(witness("alias du='kill 1'\ndu")));
        assert!(report.add_witness(witness("ls # \\\nkill 1")));
        assert_eq!(report.witnesses.len(), 2);
        assert!(markdown(&report).contains("## f"));
    }
}
