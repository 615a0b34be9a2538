//! A run's report as JSON, and the shards' reports merged into one
//! (`GEN-FAM-22`): a long run, cut into shards (`--shard I/N`) that
//! machines run apart, is read back and added up as the one run they are.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{json, Map, Value};

use super::reach::{FamilyTally, FirstViolation};
use super::report::{PolicyKind, ProfileReport, Report, Violation};
use super::KNOWN_GROUND_VIOLATIONS;
use crate::gen::families;
use crate::hardened::Profile;

/// Why reports cannot be read or merged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MergeError(pub String);

impl std::fmt::Display for MergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MergeError {}

fn fail<T>(why: impl Into<String>) -> Result<T, MergeError> {
    Err(MergeError(why.into()))
}

fn seconds(d: Duration) -> Value {
    json!(d.as_secs_f64())
}

fn violation_json(v: &Violation) -> Value {
    json!({
        "index": v.index,
        "policy": v.policy.name(),
        "command": v.command,
        "rules": v.rules,
        "violation": v.violation,
        "partial": v.partial,
        "resembles": v.resembles,
        "family": v.family,
    })
}

fn profile_json(p: &ProfileReport) -> Value {
    let families: Map<String, Value> = p
        .families
        .iter()
        .map(|(name, t)| {
            let first = t.first.as_ref().map(|f| {
                json!({"after": seconds(f.after), "index": f.index, "finding": f.finding, "command": f.command})
            });
            (
                (*name).to_owned(),
                json!({"checked": t.checked, "violations": t.violations, "first": first}),
            )
        })
        .collect();
    json!({
        "profile": p.profile.name(),
        "decisions": p.decisions,
        "allows": p.allows,
        "gateAllows": p.gate_allows,
        "unknown": p.unknown,
        "checked": p.checked,
        "holds": p.holds,
        "violations": p.violations,
        "perFinding": p.per_finding,
        "examples": p.examples,
        "unclassified": p.unclassified.iter().map(violation_json).collect::<Vec<_>>(),
        "families": families,
    })
}

/// The report as one JSON object (what `merge` reads back).
#[must_use]
pub fn to_json(report: &Report) -> Value {
    json!({
        "seed": report.seed,
        "shards": report.shards,
        "bashVersion": report.bash_version,
        "pairs": report.pairs,
        "executed": report.executed,
        "executedUnknown": report.executed_unknown,
        "unknownCommands": report.unknown_commands,
        "workers": report.workers,
        "timeLimitSeconds": seconds(report.time_limit),
        "elapsedSeconds": seconds(report.elapsed),
        "profiles": report.profiles.iter().map(profile_json).collect::<Vec<_>>(),
    })
}

/// A finding or blind-spot id of the classifier table, as the table's own
/// `&'static str`.
fn finding_id(id: &str) -> Result<&'static str, MergeError> {
    KNOWN_GROUND_VIOLATIONS
        .iter()
        .map(|k| k.id)
        .find(|k| *k == id)
        .map_or_else(|| fail(format!("no classifier has the id {id:?}")), Ok)
}

fn family_name(name: &str) -> Result<&'static str, MergeError> {
    families()
        .iter()
        .map(|f| f.name)
        .find(|f| *f == name)
        .map_or_else(|| fail(format!("no family is named {name:?}")), Ok)
}

fn field<'v>(value: &'v Value, name: &str) -> Result<&'v Value, MergeError> {
    value
        .get(name)
        .map_or_else(|| fail(format!("missing field {name:?}")), Ok)
}

fn number(value: &Value, name: &str) -> Result<u64, MergeError> {
    field(value, name)?
        .as_u64()
        .map_or_else(|| fail(format!("{name:?} is no count")), Ok)
}

fn count(value: &Value, name: &str) -> Result<usize, MergeError> {
    usize::try_from(number(value, name)?).map_err(|_| MergeError(format!("{name:?} too large")))
}

fn text(value: &Value, name: &str) -> Result<String, MergeError> {
    field(value, name)?.as_str().map_or_else(
        || fail(format!("{name:?} is no string")),
        |s| Ok(s.to_owned()),
    )
}

fn duration(value: &Value, name: &str) -> Result<Duration, MergeError> {
    field(value, name)?
        .as_f64()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .map_or_else(|| fail(format!("{name:?} is no duration")), Ok)
}

fn strings(value: &Value, name: &str) -> Result<Vec<String>, MergeError> {
    field(value, name)?
        .as_array()
        .map_or_else(|| fail(format!("{name:?} is no list")), Ok)?
        .iter()
        .map(|s| {
            s.as_str()
                .map(str::to_owned)
                .ok_or_else(|| MergeError(format!("{name:?} holds a non-string")))
        })
        .collect()
}

fn optional<T>(
    value: &Value,
    name: &str,
    read: impl Fn(&str) -> Result<T, MergeError>,
) -> Result<Option<T>, MergeError> {
    match value.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => read(s).map(Some),
        Some(_) => fail(format!("{name:?} is no string")),
    }
}

fn violation_from(v: &Value) -> Result<Violation, MergeError> {
    Ok(Violation {
        index: number(v, "index")?,
        policy: match text(v, "policy")?.as_str() {
            "generated" => PolicyKind::Generated,
            "permissive" => PolicyKind::Permissive,
            other => return fail(format!("no policy kind {other:?}")),
        },
        command: text(v, "command")?,
        rules: strings(v, "rules")?,
        violation: text(v, "violation")?,
        partial: field(v, "partial")?.as_bool().unwrap_or(false),
        resembles: optional(v, "resembles", finding_id)?,
        family: optional(v, "family", family_name)?,
    })
}

fn counts(
    v: &Value,
    name: &str,
    key: impl Fn(&str) -> Result<&'static str, MergeError>,
) -> Result<BTreeMap<&'static str, Value>, MergeError> {
    field(v, name)?
        .as_object()
        .map_or_else(|| fail(format!("{name:?} is no object")), Ok)?
        .iter()
        .map(|(k, value)| Ok((key(k)?, value.clone())))
        .collect()
}

fn profile_from(v: &Value) -> Result<ProfileReport, MergeError> {
    let name = text(v, "profile")?;
    let profile =
        Profile::from_name(&name).ok_or_else(|| MergeError(format!("no profile {name:?}")))?;
    let mut p = ProfileReport::new(profile);
    p.decisions = number(v, "decisions")?;
    p.allows = count(v, "allows")?;
    p.gate_allows = count(v, "gateAllows")?;
    p.unknown = count(v, "unknown")?;
    p.checked = count(v, "checked")?;
    p.holds = count(v, "holds")?;
    p.violations = count(v, "violations")?;
    for (id, n) in counts(v, "perFinding", finding_id)? {
        let n = n.as_u64().and_then(|n| usize::try_from(n).ok());
        p.per_finding.insert(
            id,
            n.ok_or_else(|| MergeError("a count is no number".into()))?,
        );
    }
    for (id, example) in counts(v, "examples", finding_id)? {
        let example = example.as_str().unwrap_or_default().to_owned();
        p.examples.insert(id, example);
    }
    p.unclassified = field(v, "unclassified")?
        .as_array()
        .map_or_else(|| fail("\"unclassified\" is no list"), Ok)?
        .iter()
        .map(violation_from)
        .collect::<Result<_, _>>()?;
    for (family, t) in counts(v, "families", family_name)? {
        let first = match t.get("first") {
            None | Some(Value::Null) => None,
            Some(f) => Some(FirstViolation {
                after: duration(f, "after")?,
                index: number(f, "index")?,
                finding: optional(f, "finding", finding_id)?,
                command: text(f, "command")?,
            }),
        };
        p.families.insert(
            family,
            FamilyTally {
                checked: count(&t, "checked")?,
                violations: count(&t, "violations")?,
                first,
            },
        );
    }
    Ok(p)
}

/// A report read back from [`to_json`].
///
/// # Errors
/// A field missing or of the wrong type, or an id no classifier has.
pub fn from_json(value: &Value) -> Result<Report, MergeError> {
    Ok(Report {
        seed: number(value, "seed")?,
        shards: strings(value, "shards")?,
        bash_version: text(value, "bashVersion")?,
        pairs: number(value, "pairs")?,
        executed: count(value, "executed")?,
        executed_unknown: count(value, "executedUnknown")?,
        unknown_commands: strings(value, "unknownCommands")?,
        workers: count(value, "workers")?,
        time_limit: duration(value, "timeLimitSeconds")?,
        elapsed: duration(value, "elapsedSeconds")?,
        profiles: field(value, "profiles")?
            .as_array()
            .map_or_else(|| fail("\"profiles\" is no list"), Ok)?
            .iter()
            .map(profile_from)
            .collect::<Result<_, _>>()?,
    })
}

/// The shards' reports as the one run they are (`GEN-FAM-22`): the same
/// seed, the same profiles in the same order and the same time limit,
/// no shard twice; counts added, lists joined, each family's earliest
/// violation kept, the elapsed times added (machine time, not wall time).
///
/// # Errors
/// No report, or reports of different runs, or a shard given twice.
pub fn merge(reports: Vec<Report>) -> Result<Report, MergeError> {
    let mut all = reports.into_iter();
    let Some(mut merged) = all.next() else {
        return fail("no report to merge");
    };
    let profiles = |r: &Report| r.profiles.iter().map(|p| p.profile).collect::<Vec<_>>();
    for report in all {
        if report.seed != merged.seed {
            return fail(format!("seeds differ: {} and {}", merged.seed, report.seed));
        }
        if profiles(&report) != profiles(&merged) || report.time_limit != merged.time_limit {
            return fail("the reports decided under other profiles or time limits");
        }
        if let Some(twice) = report.shards.iter().find(|s| merged.shards.contains(s)) {
            return fail(format!("shard {twice} given twice"));
        }
        merged.shards.extend(report.shards.iter().cloned());
        merged.elapsed += report.elapsed;
        merged.workers = merged.workers.max(report.workers);
        merged.absorb(report);
    }
    merged.shards.sort();
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shard's report with `checked` allows, one violation nothing
    /// accounts for, a finding count and a family tally.
    fn shard(index: u64, checked: usize, first_after: u64) -> Report {
        let mut deployed = ProfileReport::new(Profile::Deployed);
        deployed.checked = checked;
        deployed.allows = checked;
        deployed.violations = 1;
        deployed.per_finding.insert("F-15", 1);
        deployed.examples.insert("F-15", format!("awk #{index}"));
        deployed.unclassified.push(Violation {
            index,
            policy: PolicyKind::Generated,
            command: format!("cmd {index}"),
            rules: vec!["*: allow".into()],
            violation: "ran".into(),
            partial: false,
            resembles: None,
            family: Some("awk-program"),
        });
        deployed.families.insert(
            "awk-program",
            FamilyTally {
                checked,
                violations: 1,
                first: Some(FirstViolation {
                    after: Duration::from_secs(first_after),
                    index,
                    finding: Some("F-15"),
                    command: format!("cmd {index}"),
                }),
            },
        );
        Report {
            seed: 60,
            shards: vec![format!("{index}/2")],
            bash_version: "5.2".into(),
            pairs: 10,
            executed: checked,
            executed_unknown: 0,
            unknown_commands: Vec::new(),
            workers: 1,
            time_limit: Duration::from_secs(10),
            elapsed: Duration::from_secs(100),
            profiles: vec![deployed],
        }
    }

    /// GEN-FAM-22: a report read back from its JSON is the same report;
    /// two shards merge into one run (counts added, lists joined, the
    /// earliest first violation kept, elapsed added); the same shard twice,
    /// another seed, or an id no classifier has is an error.
    #[test]
    fn gen_fam_22_shards_round_trip_and_merge() {
        let (a, b) = (shard(0, 5, 30), shard(1, 7, 20));
        assert_eq!(from_json(&to_json(&a)).unwrap(), a);
        let merged = merge(vec![a.clone(), b.clone()]).unwrap();
        assert_eq!(merged.shards, ["0/2", "1/2"]);
        assert_eq!(merged.pairs, 20);
        assert_eq!(merged.elapsed, Duration::from_secs(200));
        let p = &merged.profiles[0];
        assert_eq!((p.checked, p.violations), (12, 2));
        assert_eq!(p.per_finding["F-15"], 2);
        assert_eq!(p.unclassified.len(), 2);
        let tally = &p.families["awk-program"];
        assert_eq!((tally.checked, tally.violations), (12, 2));
        assert_eq!(tally.first.as_ref().unwrap().index, 1);
        assert!(merge(vec![a.clone(), a.clone()]).is_err());
        let mut other = b;
        other.seed = 61;
        assert!(merge(vec![a.clone(), other]).is_err());
        assert!(merge(Vec::new()).is_err());
        let mut bad = to_json(&a);
        bad["profiles"][0]["perFinding"] = json!({"F-999": 1});
        assert!(from_json(&bad).is_err());
    }
}
