//! The hardened profile (spec chapter 12, `HARD-*`).
//!
//! The deployed profile models the deployed system, flaws included
//! (`spec/findings.md`). The hardened profile is the same pipeline with every
//! finding closed: it keeps the deployed answer and adds judgements of its own
//! (`HARD-1`), so it is never looser than the deployed profile, and it fails
//! closed wherever its model of bash is unsure.
//!
//! The module is laid out in floors; each floor imports only from the
//! floors below it (`tests/it/hardened/floors.rs` holds the order and
//! fails on an import from above):
//!
//! | floor | folder | what it holds |
//! |---|---|---|
//! | 0 | [`contract`] | the facts, as data: admitted syntax, program tables, variables, paths, clauses |
//! | 1 | [`words`] | what bash makes of a word: pieces, values, spellings, expansions |
//! | 2 | [`syntax`] | the parse, the second reading, the closed world, the locale |
//! | 2 | [`programs`] | what a program runs, writes and where, read from the contract |
//! | 3 | [`commands`] | the walk, one command judged, effects, `cd`s, reach |
//! | 4 | this file | the profile: the hardened answer from the judgements |
//!
//! The two floors numbered 2 do not import each other. The only cycle left
//! is inside [`words`]: a word holds words (`$( )`, braces).

pub mod commands;
pub mod contract;
pub mod programs;
pub mod syntax;
pub mod words;

pub use contract::clauses::{clause_of, Clause};

pub use commands::walks::Walks;
use commands::{dewrap, effects, moved, reach, walk, written};
use syntax::parse;
use words::values;

use crate::authorize::DewrapGuard;
use crate::events::Event;
use crate::policy::check::refusal;
use crate::policy::{CheckResult, Policy};
use crate::query::{PermissionQuery, QueryError, BASH_SURFACE};
use crate::verdict::PermissionState;

/// Which rules the pipeline follows (`HARD-1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Profile {
    /// The deployed system, bit-exact, findings included (chapters 5-8).
    #[default]
    Deployed,
    /// The deployed rules plus chapter 12.
    Hardened,
}

impl Profile {
    /// Both profiles, deployed first.
    pub const ALL: [Profile; 2] = [Profile::Deployed, Profile::Hardened];

    /// The wire name: `"deployed"` or `"hardened"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Deployed => "deployed",
            Self::Hardened => "hardened",
        }
    }

    /// The profile of a wire name; `None` for any other string.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The gate check under this profile (`POL-CHECK-8`, `HARD-1`).
    #[must_use]
    pub fn gate(self, policy: &Policy, command: &str) -> CheckResult {
        self.gate_in(&Walks::new(), policy, command)
    }

    /// [`Profile::gate`], walking through `walks`, the walks of the
    /// decision it is part of.
    #[must_use]
    pub fn gate_in(self, walks: &Walks, policy: &Policy, command: &str) -> CheckResult {
        let deployed = policy.gate(command);
        match self {
            Self::Deployed => deployed,
            Self::Hardened => {
                let trimmed = crate::ecma::trim(command);
                let answer = harden(walks, policy, trimmed, deployed);
                match trimmed_away_non_blank(command, trimmed) {
                    // HARD-PARSE-3: bash runs the untrimmed text.
                    true => stricter(answer, floor_only(command, Clause::Blanks)),
                    false => answer,
                }
            }
        }
    }

    /// The pipeline's outcome under this profile (`HARD-PARSE-3`): bash runs
    /// the command untrimmed, so when trimming removed a character bash does
    /// not treat as a blank, no decision on the trimmed text may allow it.
    #[must_use]
    pub fn cap(self, command: &str, outcome: PermissionState) -> PermissionState {
        let trimmed = crate::ecma::trim(command);
        if self == Self::Hardened
            && outcome == PermissionState::Allow
            && trimmed_away_non_blank(command, trimmed)
        {
            return PermissionState::Ask;
        }
        outcome
    }

    /// The advisory check under this profile (`POL-CHECK-8`, `HARD-1`).
    #[must_use]
    pub fn advisory(self, policy: &Policy, command: &str) -> CheckResult {
        self.advisory_in(&Walks::new(), policy, command)
    }

    /// [`Profile::advisory`], walking through `walks`.
    #[must_use]
    pub fn advisory_in(self, walks: &Walks, policy: &Policy, command: &str) -> CheckResult {
        let deployed = policy.advisory(command);
        match self {
            Self::Deployed => deployed,
            Self::Hardened => harden(walks, policy, command, deployed),
        }
    }

    /// This profile's guard, walking through `walks`.
    #[must_use]
    pub fn guard(self, walks: &Walks) -> Guard<'_> {
        Guard {
            profile: self,
            walks,
        }
    }
}

/// The authorizer's guard after stripping (`AUTH-7.1`, `HARD-DEWRAP-1`):
/// always passes under the deployed profile.
impl DewrapGuard for Profile {
    fn permit(&self, full: &str, unit: &str, inner: &str, dewrapped: &str) -> Result<(), Event> {
        self.guard(&Walks::new())
            .permit(full, unit, inner, dewrapped)
    }
}

/// A profile's guard that shares the walks of the decision it guards.
#[derive(Debug, Clone, Copy)]
pub struct Guard<'w> {
    profile: Profile,
    walks: &'w Walks,
}

impl DewrapGuard for Guard<'_> {
    fn permit(&self, full: &str, unit: &str, inner: &str, dewrapped: &str) -> Result<(), Event> {
        if self.profile == Profile::Deployed
            || dewrap::parse_preserved_in(self.walks, full, unit, inner, dewrapped)
        {
            return Ok(());
        }
        Err(Event::DewrapChangesParse {
            command: full.to_owned(),
            inner_command: inner.to_owned(),
        })
    }
}

/// The most restrictive rule decision seen so far, the first on ties
/// (`allow` when none was seen).
struct Worst {
    decision: (PermissionState, Option<String>),
    seen: bool,
}

impl Worst {
    fn new() -> Self {
        Worst {
            decision: (PermissionState::Allow, None),
            seen: false,
        }
    }

    fn consider(&mut self, decision: (PermissionState, Option<String>)) {
        if !self.seen || decision.0 > self.decision.0 {
            self.decision = decision;
            self.seen = true;
        }
    }

    /// The decisions of `words` spelled with each home spelling
    /// (`HARD-VALUE-1`).
    fn consider_spellings(
        &mut self,
        policy: &Policy,
        words: &[values::Word],
        budget: &mut reach::Budget,
    ) {
        for value in values::spellings(words, policy.home()) {
            self.consider(reach::decision(policy, &value, budget));
        }
    }
}

/// One judgement's state and pattern (`HARD-1`): the most restrictive rule
/// decision over its values (first on ties), then its floor.
fn judge(
    policy: &Policy,
    judgement: &walk::Judgement,
    moved_to: &[values::Word],
    runs_written: bool,
    budget: &mut reach::Budget,
) -> (PermissionState, Option<String>) {
    let mut seen = Worst::new();
    for value in &judgement.values {
        seen.consider(policy.value_decision(value));
    }
    // HARD-VALUE-1: the same values after expansion, each home spelling.
    for words in &judgement.spelled {
        seen.consider_spellings(policy, words, budget);
    }
    // HARD-RUN-10: a package runner's inner command, unless the rule that
    // allows the runner's command names the runner's words through it.
    for inner in &judgement.named_inner {
        let (outer, pattern) = policy.value_decision(&inner.outer);
        if outer == PermissionState::Allow
            && pattern
                .as_deref()
                .is_some_and(|p| names_program(p, &inner.prefix))
        {
            continue;
        }
        seen.consider(policy.value_decision(&inner.value));
        seen.consider_spellings(policy, &inner.spelled, budget);
    }
    let mut worst = seen.decision;
    // HARD-VALUE-6: the same words read from where a `cd` may have moved,
    // or where an option runs the program.
    let own = moved::chdirs(judgement);
    for dir in moved_to.iter().chain(&own) {
        for words in &judgement.spelled {
            let Some(relocated) = moved::relocate(words, dir) else {
                continue;
            };
            let written = values::spellings(words, policy.home());
            for value in values::spellings(&relocated, policy.home()) {
                let (state, pattern) = reach::decision(policy, &value, budget);
                if state > worst.0
                    && !moved::speaks_of_written(policy, pattern.as_deref(), &written)
                {
                    worst = (state, pattern);
                }
            }
        }
    }
    // HARD-EFFECT-4: a write outside the tree that no rule names; then
    // HARD-EFFECT-7: a file the command wrote, run.
    let floor = judgement
        .floor
        .or_else(|| {
            judgement
                .writes
                .iter()
                .any(|w| !effects::write_allowed(policy, w, moved_to, budget))
                .then_some(Clause::EffectWrite)
        })
        .or_else(|| runs_written.then_some(Clause::EffectRunWritten));
    match floor {
        Some(clause) if worst.0 == PermissionState::Allow => {
            (PermissionState::Ask, Some(clause.sentinel()))
        }
        _ => worst,
    }
}

/// Whether `pattern` names the words `prefix` (a runner and the program it
/// runs): its text before any wildcard is `prefix`, or starts with `prefix`
/// and a space (`npx tsc *` names `npx tsc`; `npx *`, `npx t*` and `*` do
/// not).
fn names_program(pattern: &str, prefix: &str) -> bool {
    let literal = pattern.split(['*', '?']).next().unwrap_or_default();
    let wild = literal.len() < pattern.len();
    (literal == prefix && !wild)
        || literal
            .strip_prefix(prefix)
            .is_some_and(|rest| rest.starts_with(' '))
}

/// The hardened answer (`HARD-1`): the deployed answer, replaced by the
/// first most restrictive judgement when that is stricter.
fn harden(walks: &Walks, policy: &Policy, command: &str, deployed: CheckResult) -> CheckResult {
    let walked = walks.judgements(command);
    let judgements = match &*walked {
        Ok(judgements) => judgements,
        Err(error) => {
            let refused = refusal(command, error);
            return stricter(deployed, refused);
        }
    };
    let mut worst: Option<(PermissionState, Option<String>, usize)> = None;
    // HARD-VALUE-5: one search budget for the whole command.
    let mut budget = reach::Budget::default();
    let moved_to = moved::directories(command, judgements);
    let runs_written = written::runs_written(judgements);
    for (index, judgement) in judgements.iter().enumerate() {
        let runs = runs_written.get(index).copied().unwrap_or(false);
        let (state, pattern) = judge(policy, judgement, &moved_to, runs, &mut budget);
        if worst.as_ref().is_none_or(|(w, _, _)| state > *w) {
            worst = Some((state, pattern, index));
        }
    }
    let Some((state, pattern, index)) = worst else {
        return deployed;
    };
    if state <= deployed.state {
        return deployed;
    }
    let trigger = judgements.get(index);
    CheckResult {
        state,
        matched_pattern: pattern,
        command: trigger.map(|j| j.text.clone()),
        command_context: trigger.and_then(|j| j.context),
        units: deployed.units,
    }
}

/// Whether the gate's trim changed what bash runs (`HARD-PARSE-3`): the
/// command holds a character bash does not treat as a blank but ECMAScript
/// trims, or trailing text was trimmed from a command whose here-documents
/// bash, running it untrimmed, does not end where the parser does
/// (`HARD-PARSE-4`: a delimiter line `EOF  ` does not end one).
fn trimmed_away_non_blank(command: &str, trimmed: &str) -> bool {
    if trimmed.is_empty() {
        return false;
    }
    let trailing_trimmed = !command.ends_with(trimmed);
    parse::disagrees_on_blanks(command) || (trailing_trimmed && parse::heredoc_misread(command))
}

/// An `ask` decided by a floor alone, on the whole command.
fn floor_only(command: &str, clause: Clause) -> CheckResult {
    CheckResult {
        state: PermissionState::Ask,
        matched_pattern: Some(clause.sentinel()),
        command: Some(command.to_owned()),
        command_context: None,
        units: Vec::new(),
    }
}

/// `a` unless `b` is strictly more restrictive.
fn stricter(a: CheckResult, b: CheckResult) -> CheckResult {
    if b.state > a.state {
        CheckResult {
            units: a.units,
            ..b
        }
    } else {
        a
    }
}

/// A policy asked under a profile: the authorizer's permission query
/// (`VERDICT-3`, `POL-CHECK-9`).
#[derive(Debug, Clone, Copy)]
pub struct Profiled<'a> {
    /// The rules.
    pub policy: &'a Policy,
    /// The profile.
    pub profile: Profile,
}

impl PermissionQuery for Profiled<'_> {
    fn check(
        &self,
        surface: &str,
        value: &str,
        agent: Option<&str>,
    ) -> Result<PermissionState, QueryError> {
        if surface == BASH_SURFACE {
            Ok(self.profile.advisory(self.policy, value).state)
        } else {
            self.policy.check(surface, value, agent)
        }
    }
}
