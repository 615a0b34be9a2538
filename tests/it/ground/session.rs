//! INV-GROUND-3 through resident sandboxes ([`Session`]): each command still
//! gets a fresh bash and its own directory; a command that signals or kills
//! the driver costs at most its own answer; concurrent sessions are
//! independent.

use inner_cmd_spec::ground::{Execution, Session};

use super::oracle;

fn argv_of(execution: &Execution, program: &str) -> Vec<String> {
    execution
        .commands
        .iter()
        .find_map(|c| c.argv.clone().filter(|argv| argv[0].ends_with(program)))
        .unwrap_or_else(|| panic!("no {program} in {execution:?}"))
}

/// Each command of a session runs in a fresh bash, in a directory (and
/// `HOME`) of its own: a variable, a function or a file of one command is
/// not seen by the next.
#[test]
fn inv_ground_3_each_command_of_a_session_starts_afresh() {
    let mut session: Session<'_> = oracle().session();
    let first = session
        .run("A=1; f() { :; }; echo x > file; ls \"$HOME\" \"$PWD\"")
        .unwrap();
    let second = session
        .run("ls \"$HOME\" \"$PWD\" \"${A-unset}\" $(type -t f || echo none) *")
        .unwrap();
    let (first, second) = (argv_of(&first, "ls"), argv_of(&second, "ls"));
    assert_ne!(first[1], second[1], "HOME reused");
    assert_eq!(second[1], second[2], "HOME is the command's directory");
    assert_eq!(second[3..], ["unset", "none", "*"]);
}

/// A command that signals its process group (`kill 0`, which reaches the
/// driver too) or kills every process it may (`kill -9 -1`) costs at most
/// its own answer: the next command of the session is answered.
#[test]
fn inv_ground_3_a_command_that_kills_the_driver_costs_only_its_answer() {
    let mut session = oracle().session();
    for killer in ["kill 0; curl x", "kill -TSTP 0", "kill -9 0", "kill -9 -1"] {
        let _ = session.run(killer);
        let after = session.run("git status").unwrap();
        assert_eq!(argv_of(&after, "git")[1..], ["status"], "after {killer:?}");
    }
}

/// Concurrent sessions are independent: their own directory and, as root,
/// their own user (the process limit counts a user's processes).
#[test]
fn inv_ground_3_concurrent_sessions_are_independent() {
    let answers: Vec<Vec<String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let mut session = oracle().session();
                    let execution = session.run("ls \"$HOME\" \"$UID\"").unwrap();
                    // Hold the session while the other thread runs.
                    let again = session.run("ls \"$HOME\" \"$UID\"").unwrap();
                    assert_eq!(argv_of(&execution, "ls")[2], argv_of(&again, "ls")[2]);
                    argv_of(&execution, "ls")
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    assert_ne!(answers[0][1], answers[1][1], "shared directory");
    if answers[0][2] != "0" {
        assert_ne!(answers[0][2], answers[1][2], "shared user");
    }
}
