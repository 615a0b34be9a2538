//! Reach of the families of bash constructs in a soundness run
//! (`GEN-FAM-15`): per family, allows checked, violations, and the time and
//! pair of the first violation.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

/// One family's share of a profile's run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FamilyTally {
    /// Allows of its cases checked against a complete execution.
    pub checked: usize,
    /// INV-GROUND violations among its cases.
    pub violations: usize,
    /// The earliest violation of the run.
    pub first: Option<FirstViolation>,
}

/// When and where a family first produced an INV-GROUND violation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirstViolation {
    /// Time since the run started.
    pub after: Duration,
    /// The pair's index.
    pub index: u64,
    /// The finding it was classified to (`None`: unclassified, or hardened).
    pub finding: Option<&'static str>,
    /// The command.
    pub command: String,
}

/// Records one checked allow of `family` (`violated`: INV-GROUND failed,
/// classified to `finding`).
pub(super) fn record(
    families: &mut BTreeMap<&'static str, FamilyTally>,
    family: &'static str,
    complete: bool,
    violation: Option<(Option<&'static str>, Duration, u64, &str)>,
) {
    let tally = families.entry(family).or_default();
    tally.checked += usize::from(complete);
    if let Some((finding, after, index, command)) = violation {
        tally.violations += 1;
        if tally.first.as_ref().is_none_or(|f| after < f.after) {
            tally.first = Some(FirstViolation {
                after,
                index,
                finding,
                command: command.to_owned(),
            });
        }
    }
}

/// Adds another batch's tallies.
pub(super) fn absorb(
    mine: &mut BTreeMap<&'static str, FamilyTally>,
    theirs: BTreeMap<&'static str, FamilyTally>,
) {
    for (family, other) in theirs {
        let tally = mine.entry(family).or_default();
        tally.checked += other.checked;
        tally.violations += other.violations;
        if let Some(first) = other.first {
            if tally.first.as_ref().is_none_or(|f| first.after < f.after) {
                tally.first = Some(first);
            }
        }
    }
}

/// The per-family table of a profile's report.
pub(super) struct Table<'a>(pub &'a BTreeMap<&'static str, FamilyTally>);

impl fmt::Display for Table<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return Ok(());
        }
        writeln!(
            f,
            "  per family (checked, violations, first violation: after, pair, finding):"
        )?;
        for (family, tally) in self.0 {
            write!(
                f,
                "    {family:<26} {:>7} {:>7}",
                tally.checked, tally.violations
            )?;
            match &tally.first {
                Some(first) => writeln!(
                    f,
                    "   {:>7.1} s  #{}  {}  e.g. {:?}",
                    first.after.as_secs_f64(),
                    first.index,
                    first.finding.unwrap_or("unclassified"),
                    first.command
                )?,
                None => writeln!(f, "   none")?,
            }
        }
        Ok(())
    }
}
