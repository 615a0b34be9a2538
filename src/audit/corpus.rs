//! The published-bypass corpus (`AUDIT-18`): command strings from public
//! advisories, issues and pull requests of real agent permission layers,
//! each with its source, run against any layer with the audit's property.
//!
//! `spec/corpus/published-bypasses.jsonl` is the corpus, carried in the
//! binary so `inner-cmd audit --corpus published` runs after `cargo
//! install`; `--corpus FILE` runs another of the same shape.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::calibrate::Calibration;
use super::check::Mode;
use super::report::{Counts, LayerName, Report, Witness};
use super::run::{confirm, name_of, start, Settings};
use super::AuditError;

/// The published corpus, one JSON entry a line.
pub const PUBLISHED: &str = include_str!("../../spec/corpus/published-bypasses.jsonl");

/// Whether the execution oracle's stubs show the payload run, or only real
/// programs would (a program's own option runs it: `find -exec`, `sed e`,
/// a pager, a repository's configuration).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seen {
    /// The stub oracle records the payload's program.
    Stub,
    /// Only a run with the real programs shows it.
    RealProgram,
    /// Only real programs in a context the real mode's workspace does not
    /// give would run it (a terminal for a pager, a repository's
    /// `core.fsmonitor`, a file the command names).
    RealContext,
}

/// Whether the command string is the source's own or built from its words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// The source prints this command.
    Quoted,
    /// The source describes the construct; the command applies it to a
    /// harmless base and a payload (`note` quotes the description).
    Reconstructed,
}

/// One published bypass.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Unique, kebab-case.
    pub id: String,
    /// The permission layer the source is about.
    pub layer: String,
    /// Where it was published (advisory, issue or pull request URL).
    pub source: String,
    /// The advisory id, if any (GHSA, CVE).
    pub advisory: Option<String>,
    /// The layer's version that fixed it, if known.
    pub fixed: Option<String>,
    /// The command string.
    pub command: String,
    /// What it reaches: the words of the payload's command as bash runs it.
    pub payload: String,
    /// Quoted or reconstructed.
    pub form: Form,
    /// Which oracle sees the payload run.
    pub oracle: Seen,
    /// What the source says.
    pub note: String,
}

/// One entry's answer in a corpus run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answered {
    /// The entry's id.
    pub id: String,
    /// The layer's answer: `true` approved, `false` refused, `null` unknown.
    pub approved: Option<bool>,
    /// The approval let bash run something the layer refuses alone.
    pub witness: bool,
}

/// The entries of `text` (JSON lines; blank lines skipped).
///
/// # Errors
/// A line that is no entry, or two entries with one id.
pub fn parse(text: &str) -> Result<Vec<Entry>, AuditError> {
    let mut entries: Vec<Entry> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let entry: Entry = serde_json::from_str(line).map_err(|error| {
            AuditError::Settings(format!("corpus line {}: {error}", number + 1))
        })?;
        if entries.iter().any(|e| e.id == entry.id) {
            return Err(AuditError::Settings(format!(
                "corpus line {}: id {:?} given twice",
                number + 1,
                entry.id
            )));
        }
        entries.push(entry);
    }
    Ok(entries)
}

/// `published` or a file of entries.
///
/// # Errors
/// The file cannot be read, or [`parse`] refuses it.
pub fn load(name: &str) -> Result<Vec<Entry>, AuditError> {
    if name == "published" {
        return parse(PUBLISHED);
    }
    let text = std::fs::read_to_string(name)
        .map_err(|error| AuditError::Settings(format!("--corpus {name}: {error}")))?;
    parse(&text)
}

/// Runs every entry against the layer (`AUDIT-18`): asked about the whole
/// command, then, approved, run in bash and judged by the property
/// (`AUDIT-4`) without calibration or minimization; a witness is confirmed
/// (`AUDIT-7`). Families are the entries' layers.
///
/// # Errors
/// As [`super::audit`].
pub fn audit_corpus(
    settings: &Settings,
    name: &str,
    entries: &[Entry],
) -> Result<Report, AuditError> {
    let mut auditor = start(settings)?;
    let commands: Vec<String> = entries.iter().map(|e| e.command.clone()).collect();
    // An entry whose payload only real programs run is checked in the
    // real mode (`AUDIT-19`).
    let modes: Vec<Mode> = entries
        .iter()
        .map(|e| match e.oracle {
            Seen::Stub => Mode::Stubs,
            Seen::RealProgram | Seen::RealContext => Mode::Real,
        })
        .collect();
    let checked = auditor.check_in(&commands, &modes)?;
    let mut families: BTreeMap<String, Counts> = BTreeMap::new();
    let mut witnesses = Vec::new();
    let mut answers = Vec::new();
    for (entry, checked) in entries.iter().zip(checked) {
        let family = format!("published: {}", entry.layer);
        let counts = families.entry(family.clone()).or_default();
        counts.tried += 1;
        let approved = match &checked {
            super::check::Checked::NotApproved => Some(false),
            super::check::Checked::LayerUnknown => {
                counts.unknown += 1;
                None
            }
            super::check::Checked::BashUnknown => {
                counts.approved += 1;
                counts.unknown += 1;
                Some(true)
            }
            super::check::Checked::Judged { complete, .. } => {
                counts.approved += 1;
                if *complete {
                    counts.checked += 1;
                } else {
                    counts.unknown += 1;
                }
                Some(true)
            }
        };
        let verdict = checked.witness().cloned();
        answers.push(Answered {
            id: entry.id.clone(),
            approved,
            witness: verdict.is_some(),
        });
        let Some(verdict) = verdict else {
            continue;
        };
        counts.witnesses += 1;
        let confirmed = confirm(&mut auditor.layer, &entry.command, &verdict)?;
        witnesses.push(Witness {
            command: entry.command.clone(),
            family,
            executed: verdict.executed,
            refused_alone: verdict.refused_alone,
            minimized_from: entry.id.clone(),
            confirmed,
        });
    }
    let mut report = Report {
        layer: LayerName {
            name: name_of(&auditor.layer).name,
            version: name_of(&auditor.layer).version,
        },
        seed: 0,
        shards: vec!["0/1".to_owned()],
        calibration: Calibration::default(),
        tried: 0,
        approved: 0,
        checked: 0,
        unknown: 0,
        families,
        witnesses,
        apart: Vec::new(),
        apart_total: 0,
        causes: Vec::new(),
        replay: None,
        corpus: Some(name.to_owned()),
        answers,
    };
    report.total();
    report.group_causes();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// AUDIT-18: the published corpus parses; every entry names a source,
    /// a layer and a payload; ids are unique; a bad line is refused by number.
    #[test]
    fn audit_18_the_published_corpus_parses() {
        let entries = parse(PUBLISHED).unwrap();
        assert!(entries.len() >= 50, "{}", entries.len());
        let layers: std::collections::BTreeSet<&str> =
            entries.iter().map(|e| e.layer.as_str()).collect();
        assert!(layers.len() >= 8, "{layers:?}");
        for entry in &entries {
            assert!(entry.source.starts_with("https://"), "{entry:?}");
            assert!(
                !entry.payload.is_empty() && !entry.command.is_empty(),
                "{entry:?}"
            );
            assert!(!entry.note.is_empty(), "{entry:?}");
        }
        let twice = format!(
            "{}\n{}",
            PUBLISHED.lines().next().unwrap(),
            PUBLISHED.lines().next().unwrap()
        );
        match parse(&twice) {
            Err(AuditError::Settings(why)) => {
                assert!(why.contains("line 2") && why.contains("twice"), "{why}")
            }
            other => panic!("{other:?}"),
        }
        match parse("{\"id\": 1}") {
            Err(AuditError::Settings(why)) => assert!(why.starts_with("corpus line 1"), "{why}"),
            other => panic!("{other:?}"),
        }
    }
}
