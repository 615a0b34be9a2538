//! GEN-FAM-13 with the oracle: for each family, GNU bash really runs the
//! payload (reach *runs*) or hands it to a program (reach *arguments*), for
//! every form in every placement. The expected answer comes from bash, not
//! from this crate's model.
#![cfg(feature = "gen")]

use inner_cmd_spec::gen::families::{
    BUILTINS, RUNNING_PROGRAMS, SET_OPTIONS, SHELL_VARIABLES, SHOPT_OPTIONS,
};
use inner_cmd_spec::gen::{draw, families, Family, Ingredients, Reach, ReplayChoices};
use inner_cmd_spec::ground::{Attempt, Execution};

use super::oracle;

/// The payloads tried: one whose program is `rm`, one `git`.
const PAYLOADS: [usize; 2] = [0, 1];

fn placements(family: &Family) -> usize {
    family.placements().len()
}

/// How many entries the table hole of `form` offers (1 without one).
fn table_entries(form: &str) -> usize {
    [
        ("«RUNNER»", RUNNING_PROGRAMS.len()),
        ("«BUILTIN»", BUILTINS.len()),
        ("«VAR»", SHELL_VARIABLES.len()),
        ("«SETOPT»", SET_OPTIONS.len()),
        ("«SHOPT»", SHOPT_OPTIONS.len()),
    ]
    .into_iter()
    .find(|(hole, _)| form.contains(hole))
    .map_or(1, |(_, n)| n)
}

/// Whether a stub ran the payload's program (by basename) with exactly the
/// payload's arguments.
fn ran(execution: &Execution, payload: &str) -> bool {
    let words: Vec<&str> = payload.split(' ').collect();
    execution
        .commands
        .iter()
        .filter_map(|c| c.argv.as_ref())
        .any(|argv| {
            let name = argv.first().map(|a| a.rsplit('/').next().unwrap_or(a));
            name == words.first().copied()
                && argv[1..]
                    .iter()
                    .map(String::as_str)
                    .eq(words[1..].iter().copied())
        })
}

/// Whether the payload was handed to a program: it ran, or a stub received
/// its words in a row or the payload inside one argument, or bash went to
/// start a program this machine lacks (no stub, `INV-GROUND-1`) with the
/// payload in the command's text.
fn handed(execution: &Execution, payload: &str) -> bool {
    let words: Vec<&str> = payload.split(' ').collect();
    ran(execution, payload)
        || execution.commands.iter().any(|c| match &c.argv {
            Some(argv) => {
                let args: Vec<&str> = argv.iter().skip(1).map(String::as_str).collect();
                args.windows(words.len()).any(|w| w == words.as_slice())
                    || args.iter().any(|a| a.contains(payload))
            }
            None => c.text.contains(payload),
        })
}

fn recorded(attempt: &Attempt) -> Option<&Execution> {
    attempt.result.as_ref().ok().or(attempt.recorded.as_ref())
}

/// Every (form, placement, payload) of the family `name` that bash did not
/// reach, as `family [placement]: command` (none for a family of reach
/// *hidden*, which the oracle cannot show, GEN-FAM-13).
pub(crate) fn misses_of(name: &str) -> Vec<String> {
    let family = inner_cmd_spec::gen::family(name).unwrap_or_else(|| panic!("no family {name}"));
    if matches!(family.reach, Reach::Hidden | Reach::Real) {
        return Vec::new();
    }
    let ingredients = Ingredients::example();
    let mut cases = Vec::new();
    for (form, text) in family.forms.iter().enumerate() {
        for place in 0..placements(family) {
            for payload in PAYLOADS {
                let picks = [form as u32, 0, payload as u32, place as u32];
                cases.push(draw(family, &ingredients, &mut ReplayChoices::new(&picks)));
            }
        }
        // Every entry of a table hole, in the first placement.
        for entry in 1..table_entries(text) {
            let picks = [form as u32, 0, 0, 0, entry as u32];
            cases.push(draw(family, &ingredients, &mut ReplayChoices::new(&picks)));
        }
    }
    let commands: Vec<&str> = cases.iter().map(|c| c.command.as_str()).collect();
    let mut missed = Vec::new();
    for (chunk, cases) in commands.chunks(200).zip(cases.chunks(200)) {
        for (attempt, case) in oracle().attempt_batch(chunk).iter().zip(cases) {
            let reaches = |attempt: &Attempt| {
                recorded(attempt).is_some_and(|execution| match family.reach {
                    Reach::Runs => ran(execution, &case.payload),
                    _ => handed(execution, &case.payload),
                })
            };
            // A loaded machine can cut a batch's command at the time limit
            // before its payload ran: a miss counts only if the command,
            // run again on its own, misses again (it was flaky under load).
            let reached = reaches(attempt)
                || (0..2).any(|_| {
                    oracle()
                        .attempt_batch(&[case.command.as_str()])
                        .first()
                        .is_some_and(reaches)
                });
            if !reached {
                missed.push(format!(
                    "{} [{}]: {:?}",
                    case.family, case.placement, case.command
                ));
            }
        }
    }
    missed
}

/// GEN-FAM-13: every family of reach *hidden* says why in its summary
/// (what the oracle's records do not show), and none of reach *runs* or
/// *arguments* goes unchecked: the per-family tests cover them all.
#[test]
fn gen_fam_13_hidden_families_say_why() {
    for family in families().iter().filter(|f| f.reach == Reach::Hidden) {
        assert!(
            ["oracle", "standard input"]
                .iter()
                .any(|w| family.summary.contains(w)),
            "{}: a hidden reach must say what the oracle cannot show",
            family.name
        );
    }
}
