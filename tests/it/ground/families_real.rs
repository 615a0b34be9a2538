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
        // By the name it was given, or by the file it runs (a link the
        // command made, `./p` to rm: `Traced::renamed`).
        p.renamed() == Some(name)
            || p.argv
                .first()
                .is_some_and(|a| a.rsplit('/').next() == Some(name))
    })
}

/// The command of `family` drawn with `picks` (form, base, payload,
/// placement, then the holes' decisions), payload `rm -rf x`.
fn command(name: &str, picks: &[u32]) -> String {
    let family = family(name).unwrap();
    draw(
        family,
        &Ingredients::example(),
        &mut ReplayChoices::new(picks),
    )
    .command
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

/// GEN-FAM-13 (GEN-FAM-18, GEN-FAM-19, GEN-FAM-20, GEN-FAM-21, GEN-FAM-23): every form
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
    assert!(
        missed.is_empty(),
        "{} of {} missed:\n{}",
        missed.len(),
        commands.len(),
        missed.join("\n")
    );
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

/// INV-KNOWN-2 in the real mode: the witnesses of what programs do with
/// their words, each allowed by the deployed pipeline under "`*` allow,
/// `rm *` deny", run with the machine's programs, and counted by the
/// finding's own classifier: an interpreter's inline program (F-15), a
/// program's option or setting written in the command (F-46), a value bash
/// knew that became an option (F-45), a lexing locale (F-48), a command
/// runner the real mode ran (F-39), an interpreter's program on a stream
/// (F-15), a variable of a program's environment (F-38), a brace (F-37),
/// a program's name written otherwise (F-11).
#[cfg(feature = "arbitrary")]
#[test]
fn inv_known_2_real_mode_witnesses_are_claimed_by_their_findings() {
    use inner_cmd_spec::verdict::PermissionState::{Allow, Deny};
    let witnesses = [
        ("F-15", "awk 'BEGIN { print /#/; system(\"rm -rf x\") }'"),
        ("F-15", "sed -n '1e rm -rf x' README.md"),
        ("F-46", "git -C . -c alias.x='!rm -rf x' x"),
        (
            "F-46",
            "tar -cf x.tar README.md && tar -xf x.tar --to-command='rm -rf x'",
        ),
        ("F-46", "npm test --script-shell=rm"),
        ("F-46", "X='!rm -rf x' git --config-env=alias.x=X x"),
        ("F-45", "read -r v <<< '--script-shell=rm'; npm test \"$v\""),
        (
            "F-45",
            "mkdir -p 'w --script-shell=rm' && cd 'w --script-shell=rm' && npm test $PWD",
        ),
        ("F-48", "LC_ALL=zh_CN.GBK\necho 中\\; rm -rf x"),
        ("F-39", "script -qc 'rm -rf x' /dev/null"),
        ("F-15", "perl /dev/fd/0 <<< 'system(\"rm -rf x\")'"),
        (
            "F-38",
            "export 'npm_config_script_shell=/usr/bin/rm'; npm test",
        ),
        // less runs the command its LESSOPEN template names: set by
        // `set -a` and a statement (F-38), or in front of less (F-50).
        ("F-38", "set -a; LESSOPEN='|rm -rf x %s'; less README.md"),
        ("F-38", "declare -x LESSOPEN='|rm -rf x %s'; less README.md"),
        ("F-50", "LESSOPEN='|rm -rf x %s' less README.md"),
        ("F-50", "GIT_SSH_COMMAND='rm -rf x' git fetch ssh://h/r"),
        // valgrind's engine loads the client without an exec.
        ("F-39", "valgrind -q rm -rf x"),
        ("F-39", "/lib64/ld-linux-x86-64.so.2 /usr/bin/rm -rf x"),
        ("F-10", "exec -a ls rm -rf x"),
        ("F-49", "( rm -rf x ) {fd}>out"),
        ("F-6", "x=$(rm -rf 'x')"),
        // A file the command wrote or linked, then ran.
        ("F-51", "echo 'rm -rf x' > s.sh && bash s.sh"),
        (
            "F-51",
            "printf '#!/bin/sh\nrm -rf x\n' > s.sh && chmod +x s.sh && ./s.sh",
        ),
        ("F-51", "echo 'rm -rf x' > s.sh && chmod +x s.sh && ./s.sh"),
        ("F-51", "printf 'x:\n\trm -rf y\n' > Makefile && make"),
        ("F-51", "ln -s /usr/bin/rm p && ./p -rf x"),
        ("F-51", "tee t.sh <<< 'rm -rf x' > /dev/null; sh t.sh"),
    ];
    let rules = [("*", Allow), ("rm *", Deny)];
    let narrow = [("*", Allow), ("rm -rf *", Deny)];
    let wrong = crate::support::claims::unclaimed(
        real_oracle(),
        witnesses
            .iter()
            .map(|(id, command)| (*id, crate::support::policy(&rules, "/home/agent"), *command))
            .chain([
                (
                    "F-37",
                    crate::support::policy(&narrow, "/home/agent"),
                    "rm {-rf,} x",
                ),
                // A program this sandbox lacks: bash's exec fails, the
                // attempt is judged (the spelling of one it has is G-3).
                (
                    "F-11",
                    crate::support::policy(
                        &[("*", Allow), ("cargo publish *", Deny)],
                        "/home/agent",
                    ),
                    "ls; /usr/bin/../bin/cargo publish",
                ),
                (
                    "F-11",
                    crate::support::policy(
                        &[("*", Allow), ("cargo publish *", Deny)],
                        "/home/agent",
                    ),
                    "ls; ~+/../../../usr/bin/cargo publish",
                ),
                // The close's target spelled with quotes (F-36's spelling
                // too, but the close is what the parser misread).
                (
                    "F-41",
                    crate::support::policy(&[("*", Allow), ("git push *", Deny)], "/home/agent"),
                    "git 2>&- p''ush -''-force origin HEAD",
                ),
                // bash reads `<` inside a word as a redirection, in a
                // here-document body's substitution.
                (
                    "F-8",
                    crate::support::policy(&[("wc *", Allow), ("rm *", Deny)], "/home/agent"),
                    "wc -l README.md <<EOF\n$( ls --x-<y='rm -rf x' )\nEOF",
                ),
            ]),
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// INV-GROUND-10: a program's own helpers with a fixed argv
/// (`dpkg-architecture` asking `dpkg --print-architecture` and `gcc
/// -dumpmachine`) and man's formatting pipeline (`locale charmap`,
/// `preconv`, `nroff`, `groff`, `grotty`) are recorded as machinery, not
/// judged. (man runs no pager when its output is no terminal, as here.)
#[test]
fn inv_ground_10_fixed_helpers_and_mans_pipeline_are_machinery() {
    use inner_cmd_spec::invariants::ground_violations;
    use inner_cmd_spec::verdict::PermissionState::{Allow, Ask};
    let policy = crate::support::policy(
        &[("*", Ask), ("man *", Allow), ("dpkg-architecture *", Allow)],
        "/home/agent",
    );
    for (command, helper) in [
        ("dpkg-architecture -qDEB_HOST_ARCH", "gcc"),
        ("man ls", "groff"),
    ] {
        let execution = super::real::run_real(command);
        let violations = ground_violations(&policy, &execution);
        assert!(violations.is_empty(), "{command}: {violations:?}");
        assert!(
            execution.programs.iter().any(|p| p
                .argv
                .first()
                .is_some_and(|a| a.rsplit('/').next() == Some(helper))
                && p.machinery.is_some()),
            "{command}: no {helper} recorded as machinery"
        );
    }
}
