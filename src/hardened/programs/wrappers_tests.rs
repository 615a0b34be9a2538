//! Tests of [`super`] (`programs.rs`), kept apart to keep the module short; the
//! parent declares this module under #[cfg(test)].

use super::*;

fn inner(name: &str, line: &str) -> Result<Vec<String>, Runs> {
    let args: Vec<&str> = line.split(' ').filter(|a| !a.is_empty()).collect();
    let literal = vec![true; args.len()];
    match runs(name, &args, &literal) {
        Runs::Commands(found) => Ok(found
            .iter()
            .map(|f| args.get(f.start..f.end).unwrap_or_default().join(" "))
            .collect()),
        other => Err(other),
    }
}

/// HARD-RUN-4: each program's inner command, from its own option syntax
/// (the rows checked in bash with `echo -Q` as the command).
#[test]
fn hard_run_4_inner_commands() {
    let rows = [
        ("timeout", "-k 5 -s KILL 30s rm -rf x", "rm -rf x"),
        ("timeout", "--signal=KILL 30 rm x", "rm x"),
        ("timeout", "5 -s KILL rm", "-s KILL rm"),
        ("nice", "-n 5 rm x", "rm x"),
        ("nice", "-5 rm x", "rm x"),
        ("nice", "-n5 rm x", "rm x"),
        ("stdbuf", "-o0 -eL rm x", "rm x"),
        ("env", "-i -u HOME CI=1 rm x", "rm x"),
        ("env", "-- rm x", "rm x"),
        ("taskset", "1 rm -rf x", "rm -rf x"),
        ("taskset", "-c 0-3 rm x", "rm x"),
        ("ionice", "-c3 rm x", "rm x"),
        ("ionice", "-c 2 -n 7 rm x", "rm x"),
        ("chrt", "-o 0 rm x", "rm x"),
        ("chrt", "--idle 0 rm x", "rm x"),
        ("setarch", "x86_64 -R rm x", "rm x"),
        ("setarch", "-R x86_64 rm x", "rm x"),
        ("linux32", "rm x", "rm x"),
        ("prlimit", "--nofile=1024 rm x", "rm x"),
        ("prlimit", "-n 1024 rm x", "1024 rm x"),
        ("prlimit", "-n1024 rm x", "rm x"),
        ("strace", "-f -e trace=file rm x", "rm x"),
        ("flock", "/tmp/lock rm x", "rm x"),
        ("flock", "-w 5 /tmp/lock rm x", "rm x"),
        ("watch", "-x -n 1 rm x", "rm x"),
        ("setsid", "-w rm x", "rm x"),
        ("choom", "-n 0 -- rm x", "rm x"),
        ("time", "-p rm x", "rm x"),
        ("valgrind", "--tool=memcheck -q rm x", "rm x"),
        ("xargs", "-0 -n 1 rm -rf", "rm -rf"),
        ("busybox", "rm -rf x", "rm -rf x"),
        ("find", ". -name '*.o' -exec rm -rf {} ;", "rm -rf {}"),
        ("nohup", "rm x", "rm x"),
        // Found missing in this session's red-team pass.
        ("toybox", "rm -rf x", "rm -rf x"),
        ("gtimeout", "5 rm -rf x", "rm -rf x"),
        ("gxargs", "rm -rf", "rm -rf"),
        ("gfind", ". -exec rm -rf {} +", "rm -rf {}"),
    ];
    for (name, line, want) in rows {
        assert_eq!(
            inner(name, line),
            Ok(vec![want.to_owned()]),
            "{name} {line}"
        );
    }
    for (name, line) in [
        ("env", "-S rm x"),
        ("watch", "-n 1 rm x"),
        ("env", "LD_PRELOAD=x.so rm x"),
        ("flock", "/tmp/lock -c rm"),
        ("timeout", "--unknown 5 rm"),
        ("strace", "-o out rm x"),
        ("setarch", "x86_64"),
        ("choom", "-n 0 rm -rf x"),
        ("sudo", "rm x"),
        ("chroot", "/ rm x"),
        ("su", "-c rm"),
        ("time", "-o out rm x"),
        ("find", ". -exec rm x"),
        ("find", ". -execdir rm {} ;"),
        ("timeout2", "5 rm x"),
        ("gchroot", "/ rm x"),
        ("capsh", "-- -c rm"),
        ("enosys", "rm x"),
        ("cmd.exe", "/c del x"),
    ] {
        assert_eq!(inner(name, line), Err(Runs::Unsure), "{name} {line}");
    }
    assert_eq!(inner("taskset", "-p 1 1234"), Err(Runs::Nothing));
    assert_eq!(inner("ls", "-la"), Err(Runs::Nothing));
    let args = ["1", "rm"];
    assert_eq!(
        runs("taskset", &args, &[false, true]),
        Runs::Unsure,
        "a computed mask"
    );
}

/// HARD-RUN-4: git's global options before the subcommand.
#[test]
fn hard_run_4_git_global_options() {
    assert_eq!(git_subcommand(&["-C", "x", "push"]), GitSubcommand::At(2));
    assert_eq!(
        git_subcommand(&["--git-dir=.git", "--no-pager", "log"]),
        GitSubcommand::At(2)
    );
    assert_eq!(git_subcommand(&["push", "-C"]), GitSubcommand::First);
    assert_eq!(
        git_subcommand(&["--frobnicate", "push"]),
        GitSubcommand::Unsure
    );
}
