//! GEN-FAM-13 for the families of reach *real* (GEN-FAM-17 to GEN-FAM-21):
//! with the machine's programs run for real (INV-GROUND-10), each form,
//! with the payload `rm -rf x`, makes some process start (or try to start)
//! `rm`. The expected answer is what the recorder saw, not this crate's
//! model.
#![cfg(feature = "gen")]

use inner_cmd_spec::gen::families::VALUE_OPTIONS;
use inner_cmd_spec::gen::{draw, families, family, Ingredients, Reach, ReplayChoices};
use inner_cmd_spec::ground::Execution;

use super::real::real_oracle;

/// Whether a traced exec, or an attempt, started the program `name`.
fn started(execution: &Execution, name: &str) -> bool {
    execution.programs.iter().any(|p| {
        p.argv
            .first()
            .is_some_and(|a| a.rsplit('/').next() == Some(name))
    })
}

/// The command of `family` drawn with `picks` (form, base, payload,
/// placement, then the holes' decisions), payload `rm -rf x`.
fn command(name: &str, picks: &[u32]) -> String {
    let family = family(name).unwrap();
    draw(family, &Ingredients::example(), &mut ReplayChoices::new(picks)).command
}

/// The commands among `commands` whose execution started no `rm`.
fn misses(commands: &[String]) -> Vec<String> {
    let all: Vec<&str> = commands.iter().map(String::as_str).collect();
    real_oracle()
        .attempt_batch(&all)
        .iter()
        .zip(commands)
        .filter(|(attempt, _)| {
            !attempt
                .result
                .as_ref()
                .ok()
                .or(attempt.recorded.as_ref())
                .is_some_and(|e| started(e, "rm"))
        })
        .map(|(_, c)| c.clone())
        .collect()
}

/// GEN-FAM-13 (GEN-FAM-18, GEN-FAM-19, GEN-FAM-20, GEN-FAM-21): every form
/// of the families of reach *real* but the option table's, in the first
/// placement (beside the base), runs the payload's program in the real
/// mode; awk's and sed's too (reach *arguments* in the stub mode).
#[test]
fn gen_fam_13_real_families_reach_their_payload() {
    let mut commands = Vec::new();
    for f in families()
        .iter()
        .filter(|f| f.reach == Reach::Real || f.clause == "GEN-FAM-20")
        .filter(|f| f.name != "program-option-value")
    {
        for form in 0..f.forms.len() {
            commands.push(command(f.name, &[form as u32, 0, 0, 0]));
        }
    }
    let missed = misses(&commands);
    assert!(missed.is_empty(), "{} of {} missed:\n{}", missed.len(), commands.len(), missed.join("\n"));
}

/// GEN-FAM-13 (GEN-FAM-17): of the options the help lists, those whose
/// program uses the value in the workspace run the payload's program:
/// tar's `--to-command`, `-I`, `--checkpoint-action`, `split --filter`,
/// `install --strip-program`, `flock --command`, `script -c`.
#[test]
fn gen_fam_17_options_of_the_help_reach_their_payload() {
    // (program, option, spelling): flock reads `-c`/`--command` only
    // as a separate word after its file, not through getopt_long.
    let required = [
        ("tar", "to-command", 0),
        ("tar", "use-compress-program", 0),
        ("tar", "checkpoint-action", 0),
        ("split", "filter", 0),
        ("install", "strip-program", 0),
        ("flock", "command", 1),
        ("script", "command", 0),
    ];
    let mut commands = Vec::new();
    for (program, long, spelling) in required {
        let entry = VALUE_OPTIONS
            .iter()
            .position(|o| o.program == program && o.long.iter().any(|l| l == long))
            .unwrap_or_else(|| panic!("{program} --{long}"));
        // form 0, base 0, payload 0, placement 0, the entry, spelling 0,
        // not permuted.
        commands.push(command(
            "program-option-value",
            &[0, 0, 0, 0, entry as u32, spelling, 0],
        ));
    }
    let missed = misses(&commands);
    assert!(missed.is_empty(), "missed:\n{}", missed.join("\n"));
}
