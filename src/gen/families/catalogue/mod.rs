//! The families, one file per group of chapters of the bash reference
//! manual (`GEN-FAM-3` to `GEN-FAM-12`, `GEN-FAM-16`), and what programs
//! read (`GEN-FAM-17` to `GEN-FAM-21`).

mod builtins;
mod expansions;
pub mod options;
mod program_reads;
mod programs;
mod redirections;
mod variables;
mod words;

use std::sync::LazyLock;

use super::{Family, Reach, Slot};

pub use program_reads::{
    GIT_GLOBAL_OPTIONS, GIT_SETTINGS, LEXING_LOCALES, LEXING_TEXTS, NPM_SETTINGS,
};
pub use programs::{ENV_READERS, RUNNING_PROGRAMS};
pub use variables::READ_VARIABLES;

/// Every family, in the manual's order.
pub static FAMILIES: LazyLock<Vec<Family>> = LazyLock::new(|| {
    let redirections = redirections::families();
    [
        expansions::PARAMETERS,
        expansions::ARITHMETIC,
        expansions::SUBSTITUTIONS,
        redirections.as_slice(),
        builtins::BUILTIN_FAMILIES,
        variables::VARIABLE_FAMILIES,
        words::SPELLINGS,
        words::LEXING,
        builtins::REBINDING,
        variables::ENVIRONMENT,
        programs::PROGRAM_FAMILIES,
        program_reads::PROGRAM_READS,
    ]
    .concat()
});

/// A family (a `const fn` so that the tables stay tables).
const fn family(
    name: &'static str,
    summary: &'static str,
    clause: &'static str,
    chapter: &'static str,
    slot: Slot,
    reach: Reach,
    forms: &'static [&'static str],
) -> Family {
    Family {
        name,
        summary,
        clause,
        chapter,
        slot,
        reach,
        forms,
        unplaced: &[],
    }
}
