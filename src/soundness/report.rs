//! What a soundness run found, per profile (`INV-KNOWN-2`, `HARD-GROUND-1`).

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use super::reach::{self, FamilyTally, Table};
use crate::hardened::Profile;

/// Which policy an allowed decision was made under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PolicyKind {
    /// The pair's generated policy ([`super::pair`]).
    Generated,
    /// The permissive policy ([`super::permissive`]; hardened only).
    Permissive,
}

impl PolicyKind {
    /// `"generated"` or `"permissive"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Generated => "generated",
            Self::Permissive => "permissive",
        }
    }
}

/// A violation no finding accounts for: under `deployed`, one no classifier
/// claimed; under `hardened`, every violation (a gap of the profile, never
/// classified away). What to reproduce it with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The pair's index in the run.
    pub index: u64,
    /// The policy it was allowed under.
    pub policy: PolicyKind,
    /// The command.
    pub command: String,
    /// The policy's rules, as `pattern: state` lines.
    pub rules: Vec<String>,
    /// What INV-GROUND reported.
    pub violation: String,
    /// Found in what was recorded before an *unknown* answer (the command
    /// timed out or forked too much), not in a complete execution.
    pub partial: bool,
    /// Under `hardened`: the deployed finding whose classifier claims it, if
    /// any — a hint at which clause has the gap, not an excuse.
    pub resembles: Option<&'static str>,
    /// The family of bash constructs the pair was drawn from, if any.
    pub family: Option<&'static str>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "#{} {:?} under {} rules {:?}: {}",
            self.index,
            self.command,
            self.policy.name(),
            self.rules,
            self.violation
        )?;
        if self.partial {
            f.write_str(" [in the records of an unknown answer]")?;
        }
        if let Some(id) = self.resembles {
            write!(f, " [resembles {id}]")?;
        }
        if let Some(family) = self.family {
            write!(f, " [family {family}]")?;
        }
        Ok(())
    }
}

/// One profile's share of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileReport {
    /// The profile the pipeline decided under.
    pub profile: Profile,
    /// Decisions made (a pair under each of the profile's policies).
    pub decisions: u64,
    /// Decisions that allowed.
    pub allows: usize,
    /// Of those, allowed by the gate alone.
    pub gate_allows: usize,
    /// Allows the oracle answered *unknown* for: checked nothing complete.
    pub unknown: usize,
    /// Allows checked against a complete execution.
    pub checked: usize,
    /// Checked allows that satisfy INV-GROUND.
    pub holds: usize,
    /// INV-GROUND violations: checked allows that do not hold, plus unknown
    /// answers whose records already hold an uncovered command.
    pub violations: usize,
    /// Classified violations per finding id (`deployed`), or per blind spot
    /// of the check (`G-*`, both profiles).
    pub per_finding: BTreeMap<&'static str, usize>,
    /// One example command per finding id.
    pub examples: BTreeMap<&'static str, String>,
    /// Violations no finding accounts for (under `hardened`: all of them).
    pub unclassified: Vec<Violation>,
    /// Per family of bash constructs, for the pairs drawn from one
    /// (`GEN-FAM-15`).
    pub families: BTreeMap<&'static str, FamilyTally>,
}

impl ProfileReport {
    /// An empty report for `profile`.
    #[must_use]
    pub fn new(profile: Profile) -> Self {
        Self {
            profile,
            decisions: 0,
            allows: 0,
            gate_allows: 0,
            unknown: 0,
            checked: 0,
            holds: 0,
            violations: 0,
            per_finding: BTreeMap::new(),
            examples: BTreeMap::new(),
            unclassified: Vec::new(),
            families: BTreeMap::new(),
        }
    }

    /// Adds `other`'s counts (the same profile's, from another batch).
    pub(super) fn absorb(&mut self, other: Self) {
        self.decisions += other.decisions;
        self.allows += other.allows;
        self.gate_allows += other.gate_allows;
        self.unknown += other.unknown;
        self.checked += other.checked;
        self.holds += other.holds;
        self.violations += other.violations;
        for (id, count) in other.per_finding {
            *self.per_finding.entry(id).or_insert(0) += count;
        }
        for (id, example) in other.examples {
            self.examples.entry(id).or_insert(example);
        }
        self.unclassified.extend(other.unclassified);
        self.unclassified.sort_by_key(|v| (v.index, v.policy));
        reach::absorb(&mut self.families, other.families);
    }
}

/// What a soundness run found (`INV-KNOWN-2`, `HARD-GROUND-1`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The seed of the pairs.
    pub seed: u64,
    /// The shards this report covers, `I/N` each (`GEN-FAM-22`).
    pub shards: Vec<String>,
    /// The bash version the oracle reported.
    pub bash_version: String,
    /// Pairs generated (each decided under every profile).
    pub pairs: u64,
    /// Distinct commands the oracle ran (an allowed command runs once, however
    /// many decisions allowed it).
    pub executed: usize,
    /// Of those, answered *unknown*.
    pub executed_unknown: usize,
    /// The commands answered *unknown* (to re-run with a longer time limit,
    /// and see whether the limit, not the command, made them unknown).
    pub unknown_commands: Vec<String>,
    /// Oracle batches running at once.
    pub workers: usize,
    /// The oracle's time limit per command.
    pub time_limit: Duration,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// One report per profile, in the order asked for.
    pub profiles: Vec<ProfileReport>,
}

impl Report {
    /// The report of `profile`, if the run decided under it.
    #[must_use]
    pub fn profile(&self, profile: Profile) -> Option<&ProfileReport> {
        self.profiles.iter().find(|p| p.profile == profile)
    }

    /// Adds another batch's report of the same run.
    pub(super) fn absorb(&mut self, other: Self) {
        self.pairs += other.pairs;
        self.executed += other.executed;
        self.executed_unknown += other.executed_unknown;
        self.unknown_commands.extend(other.unknown_commands);
        if self.bash_version.is_empty() {
            self.bash_version = other.bash_version;
        }
        for (mine, theirs) in self.profiles.iter_mut().zip(other.profiles) {
            mine.absorb(theirs);
        }
    }

    /// No violation left unaccounted for, under any profile.
    #[must_use]
    pub fn clean(&self) -> bool {
        self.profiles.iter().all(|p| p.unclassified.is_empty())
    }
}

/// Violations listed in full per profile; the rest are counted.
const LISTED: usize = 500;

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "seed                 {}", self.seed)?;
        if self.shards.iter().any(|s| s != "0/1") {
            writeln!(f, "shards               {}", self.shards.join(" "))?;
        }
        writeln!(f, "bash                 {}", self.bash_version)?;
        writeln!(
            f,
            "oracle               {} workers, time limit {:.2} s",
            self.workers,
            self.time_limit.as_secs_f64()
        )?;
        writeln!(f, "pairs generated      {}", self.pairs)?;
        writeln!(
            f,
            "commands executed    {} distinct ({} unknown)",
            self.executed, self.executed_unknown
        )?;
        for command in self.unknown_commands.iter().take(3) {
            writeln!(f, "  unknown e.g.       {command:?}")?;
        }
        for p in &self.profiles {
            write!(f, "{p}")?;
        }
        write!(
            f,
            "elapsed              {:.1} s",
            self.elapsed.as_secs_f64()
        )
    }
}

impl fmt::Display for ProfileReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let policies = match self.profile {
            Profile::Hardened => "the pair's and the permissive one",
            Profile::Deployed => "the pair's",
        };
        writeln!(f, "profile {} (policies: {policies})", self.profile.name())?;
        writeln!(f, "  decisions          {}", self.decisions)?;
        writeln!(
            f,
            "  allows             {} ({} by the gate, {} by the authorizer)",
            self.allows,
            self.gate_allows,
            self.allows - self.gate_allows
        )?;
        writeln!(f, "  oracle unknown     {}", self.unknown)?;
        writeln!(f, "  allows checked     {}", self.checked)?;
        writeln!(f, "  INV-GROUND holds   {}", self.holds)?;
        writeln!(f, "  violations         {}", self.violations)?;
        if !self.per_finding.is_empty() {
            match self.profile {
                Profile::Deployed => writeln!(f, "  per finding:")?,
                Profile::Hardened => writeln!(f, "  blind spots of the check (not gaps):")?,
            }
        }
        for (id, count) in &self.per_finding {
            let example = self.examples.get(id).map_or("", String::as_str);
            writeln!(f, "    {id:<6} {count:>8}   e.g. {example:?}")?;
        }
        write!(f, "{}", Table(&self.families))?;
        let label = match self.profile {
            Profile::Hardened => "violations (must be 0)",
            Profile::Deployed => "unclassified",
        };
        writeln!(f, "  {label:<18} {}", self.unclassified.len())?;
        for v in self.unclassified.iter().take(LISTED) {
            writeln!(f, "    {v}")?;
        }
        if self.unclassified.len() > LISTED {
            writeln!(f, "    … and {} more", self.unclassified.len() - LISTED)?;
        }
        Ok(())
    }
}
