//! `INV-GROUND-10`: a program is judged by the file it runs, whatever name
//! its caller gave it in `argv[0]` (`Traced::renamed`): bash's `exec -a`,
//! perl's `exec {PATH} NAME, …`, and a name that would make it a program's
//! machinery; and a loader's client, which runs with no exec of its own,
//! as though it had been exec'd.

use inner_cmd_spec::invariants::{ground_violations, TracedRecord};
use inner_cmd_spec::verdict::PermissionState::{Allow, Ask, Deny};

use super::real::run_real;

/// Each command runs `rm -rf x` under another name; the recorder keeps
/// the name it was given and the file it ran, and INV-GROUND judges the
/// file's name too, so `rm *` is met.
#[test]
fn inv_ground_10_a_renamed_program_is_judged_by_its_file() {
    let policy = super::policy(&[("*", Allow), ("rm *", Deny)]);
    let commands = [
        ("exec -a ls rm -rf x", "ls"),
        ("perl -e 'exec {\"/bin/rm\"} \"ls\", \"-rf\", \"x\"'", "ls"),
        // git runs its own `git-*` programs as machinery: a name given
        // with `exec -a` does not make `rm` one of them.
        (
            "git -c alias.x='!bash -c \"exec -a git-x rm -rf x\"' x",
            "git-x",
        ),
    ];
    for (command, given) in commands {
        let execution = run_real(command);
        let rm = execution
            .programs
            .iter()
            .find(|p| p.argv.first().map(String::as_str) == Some(given) && p.argv.len() == 3)
            .unwrap_or_else(|| panic!("{command}: no {given} among {:?}", execution.programs));
        assert_eq!(rm.renamed(), Some("rm"), "{command}: {rm:?}");
        assert!(rm.machinery.is_none(), "{command}: {rm:?}");
        let violations = ground_violations(&policy, &execution);
        assert!(
            violations
                .iter()
                .any(|v| v.text == "rm -rf x" && matches!(v.traced, Some(TracedRecord::Program(_)))),
            "{command}: {violations:?}"
        );
    }
}

/// A program given its own name is judged by it alone, and a `#!` script
/// by the script (the kernel's interpreter is no rename).
#[test]
fn inv_ground_10_a_program_named_as_its_file_is_not_renamed() {
    let execution = run_real("ls >/dev/null; npm test >/dev/null 2>&1; awk 'BEGIN { exit }'");
    for name in ["ls", "npm", "awk"] {
        let program = execution
            .programs
            .iter()
            .find(|p| p.name() == name)
            .unwrap_or_else(|| panic!("no {name} among {:?}", execution.programs));
        assert_eq!(program.renamed(), None, "{program:?}");
    }
}

/// The git transport a renamed git runs is still git's machinery: git is
/// known by its file, so `exec -a x git push` is judged as `git push`, and
/// what git runs for the local remote is not.
#[test]
fn inv_ground_10_a_renamed_programs_own_machinery_stays_machinery() {
    let policy = super::policy(&[("*", Allow), ("git push *", Deny)]);
    let execution = run_real("exec -a x git push origin HEAD");
    let transport = execution
        .programs
        .iter()
        .filter(|p| p.argv.first().is_some_and(|a| a.ends_with("sh")) && p.argv.len() > 2)
        .collect::<Vec<_>>();
    assert!(!transport.is_empty(), "{:?}", execution.programs);
    assert!(
        transport.iter().all(|p| p.machinery.is_some()),
        "{transport:?}"
    );
    let violations = ground_violations(&policy, &execution);
    assert!(
        violations.iter().any(|v| v.text == "git push origin HEAD"),
        "{violations:?}"
    );
    assert!(
        violations.iter().all(|v| !v.text.contains("receive-pack")),
        "{violations:?}"
    );
}

/// A loader runs its client in its own process: the recorder sees only
/// the loader's exec, and the client is judged as a program no bash record
/// started. ldd runs the same loader only to list a program's libraries
/// (`LD_TRACE_LOADED_OBJECTS=1`, `--verify`): ldd's machinery, no client.
#[test]
fn inv_ground_10_a_loaders_client_is_judged_and_ldds_listing_is_not() {
    let deny_rm = super::policy(&[("*", Allow), ("rm *", Deny)]);
    for command in [
        "/lib64/ld-linux-x86-64.so.2 /usr/bin/rm -rf x",
        "/lib64/ld-linux-x86-64.so.2 --argv0 ls /usr/bin/rm -rf x",
        "valgrind -q rm -rf x",
    ] {
        let execution = run_real(command);
        let violations = ground_violations(&deny_rm, &execution);
        assert!(
            violations
                .iter()
                .any(|v| v.text.ends_with("rm -rf x") && v.text.starts_with("rm")),
            "{command}: {violations:?}"
        );
    }
    let only_ldd = super::policy(&[("*", Ask), ("ldd *", Allow)]);
    let execution = run_real("ldd /bin/ls");
    assert!(
        execution
            .programs
            .iter()
            .any(|p| p.name().starts_with("ld-linux") && p.machinery.is_some()),
        "{:?}",
        execution.programs
    );
    let violations = ground_violations(&only_ldd, &execution);
    assert!(violations.is_empty(), "{violations:?}");
}
