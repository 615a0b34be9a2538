//! Families of bash constructs (spec §11.3, `GEN-FAM-*`).
//!
//! A [`Family`] is one construct of the bash reference manual through which
//! bash runs a command that the words of the command line do not show as a
//! command: a parameter-expansion operand, an arithmetic context, a builtin
//! that evaluates a subscript, a variable bash expands as a prompt, a word
//! spelled so that it reads differently, a lexing corner, a rebound name, an
//! environment variable a program reads, a program that runs its arguments.
//! Its *forms* are templates of that construct around a hole for a payload.
//!
//! [`draw`] composes a [`FamilyCase`] from a family and [`Ingredients`]: a
//! *base* command the policy allows, the family's *sink* holding a *payload*
//! the policy refuses, and a *placement* of the sink relative to the base
//! (sibling, operand, argument, here-document body, substitution). Decision
//! `0` is the simplest choice everywhere (`GEN-2`).
//!
//! ```
//! use inner_cmd_spec::gen::{families, draw, Ingredients, ByteChoices};
//! let family = families().iter().find(|f| f.name == "param-default").unwrap();
//! let case = draw(family, &Ingredients::example(), &mut ByteChoices::new(&[]));
//! assert_eq!(case.command, "echo hi ${x:-`rm -rf x`}");
//! ```

mod builtins_table;
mod catalogue;
mod compose;
mod expand;

use serde::Serialize;

use super::choices::Choices;
use super::seeded::SeededChoices;

pub use builtins_table::{
    BASH_VERSION as BUILTINS_BASH_VERSION, BUILTINS, SET_OPTIONS, SHELL_VARIABLES, SHOPT_OPTIONS,
};
pub use catalogue::options::{without_context as options_without_context, VALUE_OPTIONS};
pub use catalogue::{
    ENV_READERS, GIT_GLOBAL_OPTIONS, GIT_SETTINGS, LEXING_LOCALES, LEXING_TEXTS, NPM_SETTINGS,
    RUNNING_PROGRAMS,
};
pub use compose::{COMMAND_PLACEMENTS, LINE_PLACEMENTS, WORD_PLACEMENTS};

/// What a family's sink is, syntactically, and so where it can be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub enum Slot {
    /// A word (an expansion): placed as an argument, in a here-document
    /// body, inside a substitution, beside the base in a list.
    Word,
    /// A command: placed as a sibling, as an operand of `&&`/`||`, inside a
    /// substitution or a here-document body's substitution.
    Command,
    /// A command whose meaning depends on lines (an alias, a here-document,
    /// a comment): placed only as a whole line or list element beside the base.
    Lines,
    /// A template that places the base itself (`«B»` in the form).
    Inline,
}

/// How bash's execution of a case shows that the family was reached
/// (`GEN-FAM-13`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub enum Reach {
    /// bash starts the payload's program with the payload's arguments.
    Runs,
    /// A program receives the payload in its arguments and would run it
    /// (the oracle's stubs run nothing, `INV-GROUND-4`).
    Argv,
    /// The payload reaches a program through its environment or standard
    /// input, which the oracle's records do not show.
    Hidden,
    /// Only a real program runs the payload (its option, its setting, a
    /// value or directory it reads, a locale bash lexes under): the stubs'
    /// records do not show it, the real mode's do (`INV-GROUND-10`).
    Real,
}

/// One construct of bash through which a payload runs (`GEN-FAM-1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Family {
    /// Its name, unique, kebab-case (`param-default`).
    pub name: &'static str,
    /// One line: the construct and why it hides a command.
    pub summary: &'static str,
    /// The clause of `spec/SPEC.md` it belongs to.
    pub clause: &'static str,
    /// The chapter of the bash reference manual it comes from.
    pub chapter: &'static str,
    /// What its sink is, and so where it is placed.
    pub slot: Slot,
    /// How an execution shows it was reached.
    pub reach: Reach,
    /// Templates of the sink (holes `«…»`, `expand.rs`).
    pub forms: &'static [&'static str],
    /// Placements of its slot where bash does not expand the construct
    /// (a process substitution in a here-document body is text), never drawn.
    pub unplaced: &'static [&'static str],
}

impl Family {
    /// The same family, never placed in `placements`.
    #[must_use]
    pub const fn unplaced(self, placements: &'static [&'static str]) -> Self {
        Self {
            unplaced: placements,
            ..self
        }
    }

    /// The placements it is drawn in: its slot's, less [`Family::unplaced`].
    #[must_use]
    pub fn placements(&self) -> Vec<(&'static str, &'static str)> {
        compose::placements(self.slot)
            .iter()
            .copied()
            .filter(|(name, _)| !self.unplaced.contains(name))
            .collect()
    }
}

/// Commands to compose cases of (`GEN-FAM-2`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ingredients {
    /// Commands the policy approves alone.
    pub bases: Vec<String>,
    /// Commands the policy refuses alone.
    pub payloads: Vec<String>,
}

impl Ingredients {
    /// Bases the example policy (`spec/policies/example.json`) allows and
    /// payloads it denies or asks about; a test checks both.
    #[must_use]
    pub fn example() -> Self {
        let own = |items: &[&str]| items.iter().map(|s| (*s).to_owned()).collect();
        Self {
            bases: own(&[
                "echo hi",
                "ls",
                "cat README.md",
                "git status",
                "ls -la",
                "grep -r x src",
                "wc -l README.md",
                "git diff",
                "head README.md",
                "npm test",
                "cargo test",
                "pwd",
            ]),
            payloads: own(&[
                "rm -rf x",
                "git push --force",
                "git reset --hard",
                "git clean -fdx",
                "npm publish",
                "sudo ls",
                "cat .env",
                "cargo publish",
                "rm -fr build",
                "git push origin main",
            ]),
        }
    }
}

/// One composed case (`GEN-FAM-2`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FamilyCase {
    /// The full command.
    pub command: String,
    /// The family's name.
    pub family: &'static str,
    /// The base command it holds.
    pub base: String,
    /// The payload its sink holds.
    pub payload: String,
    /// Where the sink stands relative to the base.
    pub placement: &'static str,
    /// The form of the family it was built from.
    pub form: &'static str,
}

/// Every family, in the order of the bash manual's chapters (`GEN-FAM-1`).
#[must_use]
pub fn families() -> &'static [Family] {
    &catalogue::FAMILIES
}

/// The family named `name`.
#[must_use]
pub fn family(name: &str) -> Option<&'static Family> {
    families().iter().find(|f| f.name == name)
}

/// A case of `family` from `ingredients`, composed by `choices`
/// (`GEN-FAM-2`): form, base, payload, placement, then the choices the
/// form's holes take. Empty ingredients fall back to [`Ingredients::example`].
pub fn draw<C: Choices + ?Sized>(
    family: &'static Family,
    ingredients: &Ingredients,
    choices: &mut C,
) -> FamilyCase {
    let fallback = Ingredients::example();
    let pick = |items: &[String], fallback: &[String], choices: &mut C| {
        let items = if items.is_empty() { fallback } else { items };
        items
            .get(choices.choose(items.len()))
            .cloned()
            .unwrap_or_default()
    };
    let form = family
        .forms
        .get(choices.choose(family.forms.len()))
        .copied()
        .unwrap_or_default();
    let base = pick(&ingredients.bases, &fallback.bases, choices);
    let payload = pick(&ingredients.payloads, &fallback.payloads, choices);
    let (placement, command) = compose::compose(family, form, &base, &payload, choices);
    FamilyCase {
        command,
        family: family.name,
        base,
        payload,
        placement,
        form,
    }
}

/// A case of any family: the family is the first decision (`GEN-FAM-2`);
/// what the proptest, `arbitrary` and quickcheck front ends draw.
pub fn draw_any<C: Choices + ?Sized>(ingredients: &Ingredients, choices: &mut C) -> FamilyCase {
    let all = families();
    let index = choices.choose(all.len());
    match all.get(index).or_else(|| all.first()) {
        Some(family) => draw(family, ingredients, choices),
        None => FamilyCase {
            command: String::new(),
            family: "",
            base: String::new(),
            payload: String::new(),
            placement: "",
            form: "",
        },
    }
}

/// Why [`cases`] cannot draw.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FamilyError {
    /// No family has this name.
    Unknown(String),
}

impl std::fmt::Display for FamilyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Unknown(name) => write!(f, "no family is named {name:?} (see `gen --list`)"),
        }
    }
}

impl std::error::Error for FamilyError {}

/// `count` cases from `seed` (`GEN-FAM-14`): of the family named `only`, or
/// of every family in turn. The same seed gives the same cases.
///
/// # Errors
/// [`FamilyError::Unknown`] when `only` names no family.
pub fn cases(
    only: Option<&str>,
    ingredients: &Ingredients,
    count: usize,
    seed: u64,
) -> Result<Vec<FamilyCase>, FamilyError> {
    let chosen: Vec<&'static Family> = match only {
        Some(name) => vec![family(name).ok_or_else(|| FamilyError::Unknown(name.to_owned()))?],
        None => families().iter().collect(),
    };
    let mut choices = SeededChoices::new(seed);
    Ok((0..count)
        .filter_map(|i| chosen.get(i % chosen.len().max(1)))
        .map(|f| draw(f, ingredients, &mut choices))
        .collect())
}

/// What `inner-cmd gen` prints, one line each (`GEN-FAM-14`): with `list`,
/// each family's name, clause and summary, tab-separated; otherwise `count`
/// cases of [`cases`] from the example ingredients as JSON objects.
///
/// # Errors
/// [`FamilyError::Unknown`] when `only` names no family.
pub fn gen_lines(
    only: Option<&str>,
    count: usize,
    seed: u64,
    list: bool,
) -> Result<Vec<String>, FamilyError> {
    if list {
        return Ok(families()
            .iter()
            .map(|f| format!("{}\t{}\t{}", f.name, f.clause, f.summary))
            .collect());
    }
    Ok(cases(only, &Ingredients::example(), count, seed)?
        .iter()
        .map(|case| serde_json::to_string(case).unwrap_or_default())
        .collect())
}
