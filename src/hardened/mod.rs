//! The hardened profile (spec chapter 12, `HARD-*`).
//!
//! The deployed profile models the deployed system, flaws included
//! (`spec/findings.md`). The hardened profile is the same pipeline with every
//! finding closed: it keeps the deployed answer and adds judgements of its own
//! (`HARD-1`), so it is never looser than the deployed profile, and it fails
//! closed wherever its model of bash is unsure.
//!
//! Submodules, in the order a command flows through them: [`walk`] finds
//! what to judge (`command` judges one simple command), using [`parse`]
//! for texts the parser and bash read
//! differently, [`spelling`] for names and separators, [`runs`] for
//! commands that run unseen code, [`expand`] for expansions that evaluate
//! data and [`effects`] for redirections and assignments, and [`moved`]
//! for where a `cd` leads relative words; [`dewrap`] is the
//! authorizer's extra guard. [`closed`] holds the whole tree to the admitted
//! subset of [`admitted`] and [`redirections`] (the closed world), and
//! [`reading`] reads the text a second time, without the parser, giving each
//! token the role bash's grammar gives it ([`roles`]), for [`agree`] to
//! check that both readings agree on spans and roles.

pub mod admitted;
pub mod agree;
pub mod awk;
pub mod awk_second;
mod awk_second_lexer;
mod bound;
pub mod braces;
mod builtin_args;
pub mod closed;
mod command;
pub mod contract;
pub mod dewrap;
pub mod effects;
pub mod expand;
mod judgement;
pub mod locale;
pub mod moved;
pub mod parse;
mod program_tables;
pub mod programs;
pub mod reach;
pub mod reading;
pub mod redirections;
pub mod roles;
pub mod runners;
pub mod runs;
pub mod sed;
pub mod sed_second;
pub mod spelling;
pub mod toplevel;
pub mod values;
pub mod walk;
mod word_parts;
pub mod words;
pub mod wrapped;

use serde::{Serialize, Serializer};
use tree_sitter::Node;

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
        let deployed = policy.gate(command);
        match self {
            Self::Deployed => deployed,
            Self::Hardened => {
                let trimmed = crate::ecma::trim(command);
                let answer = harden(policy, trimmed, deployed);
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
        let deployed = policy.advisory(command);
        match self {
            Self::Deployed => deployed,
            Self::Hardened => harden(policy, command, deployed),
        }
    }
}

/// The authorizer's guard after stripping (`AUTH-7.1`, `HARD-DEWRAP-1`):
/// always passes under the deployed profile.
impl DewrapGuard for Profile {
    fn permit(&self, full: &str, unit: &str, inner: &str, dewrapped: &str) -> Result<(), Event> {
        if *self == Self::Deployed || dewrap::parse_preserved(full, unit, inner, dewrapped) {
            return Ok(());
        }
        Err(Event::DewrapChangesParse {
            command: full.to_owned(),
            inner_command: inner.to_owned(),
        })
    }
}

/// A hardened clause that can decide an answer (`HARD-*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Clause {
    /// `HARD-PARSE-1`: the parse has an `ERROR` or `MISSING` node.
    ParseError,
    /// `HARD-PARSE-2`: the command contains U+0000.
    Nul,
    /// `HARD-PARSE-3`: blanks the parser and bash disagree on.
    Blanks,
    /// `HARD-PARSE-4`: a here-document bash does not end where the parser does.
    HeredocDelimiter,
    /// `HARD-PARSE-5`: an escaped blank the parser skips or that ends an argument.
    EscapedBlank,
    /// `HARD-PARSE-6`: a newline the parser reads as a blank inside a command.
    NewlineInCommand,
    /// `HARD-PARSE-7`: words after a redirection's target, which the parser
    /// gives to the redirection and bash to the command.
    WordsAfterRedirect,
    /// `HARD-UNIT-5`: a command of comments only.
    CommentOnly,
    /// `HARD-DEWRAP-1`: de-wrapping changed the parse.
    DewrapChangesParse,
    /// `HARD-SPELL-2`: a wrapper floor of the dequoted name.
    SpellFloor,
    /// `HARD-SPELL-3`: the command name is computed at run time.
    SpellComputed,
    /// `HARD-RUN-1`: a builtin that runs code or changes what runs.
    RunBuiltin,
    /// `HARD-RUN-2`: a shell reading its script from standard input.
    RunShellStdin,
    /// `HARD-RUN-3`: an interpreter's inline or standard-input program.
    RunInline,
    /// `HARD-RUN-4`: a program that runs a command this profile cannot read.
    RunWrapped,
    /// `HARD-RUN-6`: an option, subcommand word or setting that runs a
    /// command line or a program it names.
    RunOption,
    /// `HARD-RUN-7`: a setting whose key is not inert.
    RunSetting,
    /// `HARD-VALUE-7`: a word only run time knows where a modelled program
    /// may read an option, a setting or a command.
    ValueUnknown,
    /// `HARD-EFFECT-6`: a locale assignment before bytes outside ASCII.
    EffectLocale,
    /// `HARD-EXPAND-1`: arithmetic evaluation of run-time data.
    ExpandArithmetic,
    /// `HARD-EXPAND-2`: indirect or prompt expansion.
    ExpandIndirect,
    /// `HARD-EFFECT-2`: an assignment that can change what runs.
    EffectAssignment,
    /// `HARD-EFFECT-3`: redirections with no command.
    NamelessCommand,
    /// `HARD-EFFECT-4`: a write outside the working and temporary directories.
    EffectWrite,
    /// `HARD-ADMIT-2` to `HARD-ADMIT-7`: a construct outside the admitted
    /// subset, by the row of the table it fails.
    NotAdmitted(admitted::Row),
    /// `HARD-READ-1`: the second reading disagrees with the tree, or cannot
    /// read the text.
    SecondReading,
    /// `HARD-READ-2`: a token the second reading gives the first role and
    /// the tree the second.
    Roles(roles::Role, roles::Role),
}

impl Clause {
    /// The clause id in `spec/SPEC.md`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::ParseError => "HARD-PARSE-1",
            Self::Nul => "HARD-PARSE-2",
            Self::Blanks => "HARD-PARSE-3",
            Self::HeredocDelimiter => "HARD-PARSE-4",
            Self::EscapedBlank => "HARD-PARSE-5",
            Self::NewlineInCommand => "HARD-PARSE-6",
            Self::WordsAfterRedirect => "HARD-PARSE-7",
            Self::CommentOnly => "HARD-UNIT-5",
            Self::DewrapChangesParse => "HARD-DEWRAP-1",
            Self::SpellFloor => "HARD-SPELL-2",
            Self::SpellComputed => "HARD-SPELL-3",
            Self::RunBuiltin => "HARD-RUN-1",
            Self::RunShellStdin => "HARD-RUN-2",
            Self::RunInline => "HARD-RUN-3",
            Self::RunWrapped => "HARD-RUN-4",
            Self::RunOption => "HARD-RUN-6",
            Self::RunSetting => "HARD-RUN-7",
            Self::ValueUnknown => "HARD-VALUE-7",
            Self::EffectLocale => "HARD-EFFECT-6",
            Self::ExpandArithmetic => "HARD-EXPAND-1",
            Self::ExpandIndirect => "HARD-EXPAND-2",
            Self::EffectAssignment => "HARD-EFFECT-2",
            Self::NamelessCommand => "HARD-EFFECT-3",
            Self::EffectWrite => "HARD-EFFECT-4",
            Self::NotAdmitted(row) => row.id(),
            Self::SecondReading => "HARD-READ-1",
            Self::Roles(..) => "HARD-READ-2",
        }
    }

    /// A clause of §12.1: the parser and bash read the text differently.
    #[must_use]
    pub const fn is_parse(self) -> bool {
        matches!(
            self,
            Self::ParseError
                | Self::Nul
                | Self::Blanks
                | Self::HeredocDelimiter
                | Self::EscapedBlank
                | Self::NewlineInCommand
                | Self::WordsAfterRedirect
        )
    }

    /// The matched pattern of an answer this clause decided: `<hardened:ID>`,
    /// and for `HARD-READ-2` the two roles (`<hardened:HARD-READ-2: bash
    /// reads an argument, the parser a redirection target>`, `HARD-TRACE-1`).
    #[must_use]
    pub fn sentinel(self) -> String {
        match self {
            Self::Roles(reading, tree) => format!(
                "<hardened:{}: bash reads {} {}, the parser {} {}>",
                self.id(),
                article(reading.name()),
                reading.name(),
                article(tree.name()),
                tree.name()
            ),
            _ => format!("<hardened:{}>", self.id()),
        }
    }
}

impl Serialize for Clause {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

/// The hardened clause named by a matched pattern `<hardened:ID>`, if any.
#[must_use]
pub fn clause_of(matched_pattern: Option<&str>) -> Option<&str> {
    let inner = matched_pattern?
        .strip_prefix("<hardened:")?
        .strip_suffix('>')?;
    inner.split(':').next()
}

/// `a` or `an` before a role's name.
fn article(name: &str) -> &'static str {
    if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// One judgement's state and pattern (`HARD-1`): the most restrictive rule
/// decision over its values (first on ties), then its floor.
fn judge(
    policy: &Policy,
    judgement: &walk::Judgement,
    moved_to: &[values::Word],
    budget: &mut reach::Budget,
) -> (PermissionState, Option<String>) {
    let mut worst = (PermissionState::Allow, None);
    let mut first = true;
    for value in &judgement.values {
        let (state, pattern) = policy.value_decision(value);
        if first || state > worst.0 {
            worst = (state, pattern);
            first = false;
        }
    }
    // HARD-VALUE-1: the same values after expansion, each home spelling.
    for words in &judgement.spelled {
        for value in values::spellings(words, policy.home()) {
            let (state, pattern) = reach::decision(policy, &value, budget);
            if first || state > worst.0 {
                worst = (state, pattern);
                first = false;
            }
        }
    }
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
    // HARD-EFFECT-4: a write outside the tree that no rule names.
    let floor = judgement.floor.or_else(|| {
        judgement
            .writes
            .iter()
            .any(|w| !effects::write_allowed(policy, w, moved_to, budget))
            .then_some(Clause::EffectWrite)
    });
    match floor {
        Some(clause) if worst.0 == PermissionState::Allow => {
            (PermissionState::Ask, Some(clause.sentinel()))
        }
        _ => worst,
    }
}

/// The hardened answer (`HARD-1`): the deployed answer, replaced by the
/// first most restrictive judgement when that is stricter.
fn harden(policy: &Policy, command: &str, deployed: CheckResult) -> CheckResult {
    let judgements = match walk::judgements(command) {
        Ok(judgements) => judgements,
        Err(error) => {
            let refused = refusal(command, &error);
            return stricter(deployed, refused);
        }
    };
    let mut worst: Option<(PermissionState, Option<String>, usize)> = None;
    // HARD-VALUE-5: one search budget for the whole command.
    let mut budget = reach::Budget::default();
    let moved_to = moved::directories(command, &judgements);
    for (index, judgement) in judgements.iter().enumerate() {
        let (state, pattern) = judge(policy, judgement, &moved_to, &mut budget);
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

/// The named children of `node`, in order (the walk's parts share it).
fn named_children(node: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor).collect()
}

/// The source text of `node`.
fn slice<'s>(source: &'s str, node: Node<'_>) -> &'s str {
    source.get(node.start_byte()..node.end_byte()).unwrap_or("")
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
