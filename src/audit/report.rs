//! The audit's report (`AUDIT-9`), its Markdown rendering, and the merge of
//! shards' reports (`AUDIT-8`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::calibrate::Calibration;
use super::causes::{group, Cause};
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

/// A refused executed command set apart (`AUDIT-5`, `AUDIT-16`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetApart {
    /// The approved command.
    pub command: String,
    /// The family of its case.
    pub family: String,
    /// The executed command the layer refuses alone.
    pub executed: String,
    /// Why it is no witness.
    pub why: Apart,
    /// Whether the case is a witness all the same, through another command
    /// bash ran for it (`AUDIT-16`).
    #[serde(default)]
    pub case_is_witness: bool,
}

/// What a replay found (`AUDIT-11`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplaySummary {
    /// Witnesses in the saved report.
    pub of: usize,
    /// Those still witnesses.
    pub hold: usize,
    /// The commands of those no longer witnesses.
    pub gone: Vec<String>,
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
    /// Refused executed commands set apart (`AUDIT-5`), at most
    /// [`MAX_APART`] of them.
    pub apart: Vec<SetApart>,
    /// Distinct set-apart records seen, listed or not (`AUDIT-16`).
    #[serde(default)]
    pub apart_total: u64,
    /// The witnesses grouped into root causes (`AUDIT-15`).
    #[serde(default)]
    pub causes: Vec<Cause>,
    /// With `--replay`: how many of the saved witnesses still hold (`AUDIT-11`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<ReplaySummary>,
    /// With `--corpus`: the corpus run (`AUDIT-18`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corpus: Option<String>,
    /// With `--corpus`: every entry's answer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answers: Vec<super::corpus::Answered>,
}

/// Set-apart records listed at most (distinct by reason and executed command).
pub const MAX_APART: usize = 50;

impl Report {
    /// Groups the witnesses into root causes (`AUDIT-15`).
    pub fn group_causes(&mut self) {
        let summary = |family: &str| {
            crate::gen::families()
                .iter()
                .find(|f| f.name == family)
                .map_or_else(|| family.to_owned(), |f| f.summary.to_owned())
        };
        self.causes = group(&self.witnesses, &self.calibration, summary);
    }

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
        merged.apart_total += report.apart_total;
        for apart in report.apart {
            if !merged.apart.contains(&apart) && merged.apart.len() < MAX_APART {
                merged.apart.push(apart);
            }
        }
    }
    merged.total();
    merged.group_causes();
    merged.witnesses.sort_by(|a, b| {
        (&a.family, a.command.len(), &a.command).cmp(&(&b.family, b.command.len(), &b.command))
    });
    Ok(merged)
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
            apart_total: 0,
            causes: Vec::new(),
            replay: None,
            corpus: None,
            answers: Vec::new(),
        };
        assert_eq!(report.shape("alias ls='kill 1'\nls"), "alias B='kill 1'\nB");
        assert_eq!(report.shape("lsof; du-x"), "lsof; du-x");
        assert!(report.add_witness(witness("alias ls='kill 1'\nls")));
        assert!(!report.add_witness(witness("alias du='kill 1'\ndu")));
        assert!(report.add_witness(witness("ls # \\\nkill 1")));
        assert_eq!(report.witnesses.len(), 2);
        assert!(super::super::markdown(&report).contains("## f"));
    }
}
