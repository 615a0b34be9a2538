//! INV-GROUND's environment clause (`INV-GROUND-8`): under an allow, every
//! program runs with the base environment or with assignments that were
//! judged with it.
//!
//! A variable is judged with a program when the text the program is judged
//! by assigns it as a leading assignment (`A=1 git x`; for a wrapper's inner
//! command, the wrapper's text). Any other change (`export`, `declare -x`,
//! `set -a`, `set -k`, `read` into an exported name, a variable exported
//! earlier) reached the program without a rule seeing it beside the
//! program: `export 'GIT_SSH_COMMAND=rm -rf x'; git ls-remote ssh://h/r`
//! runs `rm` under rules that allowed `export *` and `git *`. Such a
//! program is judged by its environment form, `env NAME=value … program
//! arguments`, which is what ran: `env` is an indirection (POL-FLOOR-4), so
//! no rule allows it.

use crate::ground::{assigned_names, quote_words, Executed, Execution, Origin};

/// Variables bash sets itself: `SHLVL` in every nested bash, `PWD` and
/// `OLDPWD` on every `cd` (the oracle's `cd` runs and is judged).
const SET_BY_BASH: [&str; 3] = ["SHLVL", "PWD", "OLDPWD"];

/// The variables `executed`'s program received that were not judged with
/// it (`INV-GROUND-8`), in name order: each with its value, `None` for a
/// removed one. Empty when no stub recorded an environment or every
/// difference was judged.
#[must_use]
pub fn unjudged_variables<'e>(
    execution: &'e Execution,
    executed: &'e Executed,
) -> Vec<(&'e str, Option<&'e str>)> {
    let Some(difference) = executed.environment.as_ref() else {
        return Vec::new();
    };
    let judged_text = match executed.origin {
        Origin::Bash => Some(executed.text.as_str()),
        Origin::WrapperInner { wrapper } => {
            execution.commands.get(wrapper).map(|w| w.text.as_str())
        }
        Origin::Program => None,
    };
    let judged = judged_text.map(assigned_names).unwrap_or_default();
    difference
        .iter()
        .filter(|(name, _)| !SET_BY_BASH.contains(&name.as_str()) && !judged.contains(*name))
        .map(|(name, value)| (name.as_str(), value.as_deref()))
        .collect()
}

/// The environment form of `executed` when its program received variables
/// that were not judged with it (`INV-GROUND-8`): `env`, each such variable
/// (a removed one as `-u NAME`), the program's basename and arguments,
/// shell-quoted. `None` when no stub ran or every difference was judged.
#[must_use]
pub fn unjudged_environment(execution: &Execution, executed: &Executed) -> Option<String> {
    let unjudged = unjudged_variables(execution, executed);
    if unjudged.is_empty() {
        return None;
    }
    let argv = executed.argv.as_deref()?;
    let mut words = vec!["env".to_owned()];
    for (name, value) in unjudged {
        match value {
            Some(value) => words.push(format!("{name}={value}")),
            None => words.extend(["-u".to_owned(), name.to_owned()]),
        }
    }
    let mut program = argv.to_vec();
    if let Some(first) = program.first_mut() {
        if let Some((_, base)) = first.rsplit_once('/') {
            *first = base.to_owned();
        }
    }
    words.extend(program);
    Some(quote_words(&words))
}
