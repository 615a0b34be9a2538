//! INV-GROUND-9: a command runner's stub reads its options as the real
//! program does and runs what the real program runs: its inner command
//! through `PATH`, a shell string with `/bin/sh -c`, or nothing.
//!
//! Each row is a command ending in (or holding) `echo … ZQX9`, a marker no
//! help text holds (`/bin/echo` in a shell string, where `echo` would be
//! the builtin), and the arguments the program's manual says `echo`
//! gets, or `None` when the program runs no `echo`. Where this machine has
//! the program and can run it (some need root), the row is also run
//! through the real program in bash, which must print `ZQX9` exactly when
//! the row says it runs.

use std::process::{Command, Stdio};

use inner_cmd_spec::ground::{Origin, COMMAND_RUNNERS};

use super::run;

/// Whether a row can be checked against the real program here.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Real {
    /// Wherever the program is installed.
    Any,
    /// Only as root (another user, root, namespace or group).
    Root,
    /// Never: it needs what no test machine gives (a ptrace or scheduler
    /// permission, a terminal, a target process), or loops (`watch`).
    No,
}

use Real::{Any, No, Root};

type Row = (&'static str, Option<&'static [&'static str]>, Real);

const ZQX9: Option<&[&str]> = Some(&["ZQX9"]);

const ROWS: &[Row] = &[
    ("taskset 1 echo ZQX9", ZQX9, Any),
    ("taskset -c 0 echo ZQX9", ZQX9, Any),
    ("taskset --cpu 0 echo ZQX9", ZQX9, Any),
    ("taskset -- 1 echo ZQX9", ZQX9, Any),
    ("taskset 1 echo -c ZQX9", Some(&["-c", "ZQX9"]), Any),
    ("taskset 1 -- echo ZQX9", None, Any),
    ("taskset -p 1 echo ZQX9", None, Any),
    ("taskset -x 1 echo ZQX9", None, Any),
    ("taskset -h 1 echo ZQX9", None, Any),
    ("ionice -c3 echo ZQX9", ZQX9, Any),
    ("ionice -c 2 -n 7 echo ZQX9", ZQX9, Any),
    ("ionice --class=3 -t echo ZQX9", ZQX9, Any),
    ("ionice --classd 7 -c3 -- echo ZQX9", ZQX9, Any),
    ("ionice --cl 3 echo ZQX9", None, Any),
    ("ionice -p 1 echo ZQX9", None, Any),
    ("ionice -c", None, Any),
    ("chrt -o 0 echo ZQX9", ZQX9, Any),
    ("chrt --other 0 echo ZQX9", ZQX9, Any),
    ("chrt -b 0 echo ZQX9", ZQX9, Any),
    ("chrt -o 0 -v echo ZQX9", None, Any),
    ("chrt -m echo ZQX9", None, Any),
    ("chrt -p 0 echo ZQX9", None, Any),
    ("setarch x86_64 echo ZQX9", ZQX9, Any),
    ("setarch x86_64 -R echo ZQX9", ZQX9, Any),
    ("setarch x86_64 --addr-no-rand -3 echo ZQX9", ZQX9, Any),
    ("setarch -R echo ZQX9", ZQX9, Any),
    ("setarch -R linux32 echo ZQX9", ZQX9, Any),
    ("setarch -R -- x86_64 echo ZQX9", ZQX9, Any),
    ("setarch x86_64 -Q echo ZQX9", None, Any),
    ("linux64 echo ZQX9", ZQX9, Any),
    ("x86_64 -R -- echo ZQX9", ZQX9, Any),
    ("prlimit --nofile=100 echo ZQX9", ZQX9, Any),
    ("prlimit -n echo ZQX9", ZQX9, Any),
    ("prlimit -n50 --core echo ZQX9", ZQX9, Any),
    ("prlimit --pid 1 echo ZQX9", None, Any),
    ("prlimit -p1 echo ZQX9", None, Any),
    ("choom -n 0 echo ZQX9", ZQX9, Any),
    ("choom echo -n 0 ZQX9", ZQX9, Any),
    ("choom -n 0 -- echo -n ZQX9", Some(&["-n", "ZQX9"]), Any),
    ("choom -p 1 echo ZQX9", None, Any),
    ("uclampset -m 0 echo ZQX9", ZQX9, No),
    ("uclampset -p 1 echo ZQX9", None, Any),
    ("strace -f -o /dev/null echo ZQX9", ZQX9, No),
    ("strace -qq -e trace=none -- echo ZQX9", ZQX9, No),
    (
        "strace --follow-forks --output=/dev/null echo ZQX9",
        ZQX9,
        No,
    ),
    ("strace -h echo ZQX9", None, Any),
    ("ltrace -f -o /dev/null echo ZQX9", ZQX9, No),
    ("chroot / echo ZQX9", ZQX9, Root),
    ("chroot --skip-chdir / echo ZQX9", ZQX9, Root),
    ("chroot --userspec=0:0 / echo ZQX9", ZQX9, Root),
    ("chroot / --skip-chdir echo ZQX9", None, Root),
    ("unshare echo ZQX9", ZQX9, Any),
    ("unshare -n --fork echo ZQX9", ZQX9, Root),
    ("unshare --wd=/ -- echo ZQX9", ZQX9, Any),
    ("unshare -Q echo ZQX9", None, Any),
    ("nsenter -t 1 -m echo ZQX9", ZQX9, No),
    ("nsenter --target=1 --mount --net -- echo ZQX9", ZQX9, No),
    ("setpriv echo ZQX9", ZQX9, Any),
    ("setpriv --nnp echo ZQX9", ZQX9, Any),
    ("setpriv --reuid=0 --init-groups echo ZQX9", ZQX9, Root),
    ("setpriv -d echo ZQX9", None, Any),
    ("fakeroot echo ZQX9", ZQX9, Any),
    ("fakeroot -u -- echo ZQX9", ZQX9, Any),
    ("valgrind -q echo ZQX9", ZQX9, Any),
    ("valgrind --tool=none -q -- echo ZQX9", ZQX9, Any),
    ("flock l echo ZQX9", ZQX9, Any),
    ("flock -n -w 1 l echo ZQX9", ZQX9, Any),
    ("flock l echo -c ZQX9", Some(&["-c", "ZQX9"]), Any),
    ("flock l -c '/bin/echo ZQX9'", ZQX9, Any),
    ("flock l --command '/bin/echo ZQX9'", ZQX9, Any),
    ("flock -c '/bin/echo ZQX9' l", None, Any),
    ("flock -n l -x echo ZQX9", None, Any),
    ("watch -x echo ZQX9", ZQX9, No),
    ("watch -n 1 --exec echo ZQX9", ZQX9, No),
    ("watch -d '/bin/echo ZQX9'", ZQX9, No),
    ("watch -h echo ZQX9", None, No),
    ("su -c '/bin/echo ZQX9' root", ZQX9, Root),
    ("su root -c '/bin/echo ZQX9'", ZQX9, Root),
    ("su - root --command='/bin/echo ZQX9'", ZQX9, Root),
    ("su -s /bin/echo root ZQX9", ZQX9, Root),
    (
        "su -c '/bin/echo $0 ZQX9' root x",
        Some(&["x", "ZQX9"]),
        Root,
    ),
    ("runuser -u root -- echo ZQX9", ZQX9, Root),
    ("runuser -u root echo ZQX9", ZQX9, Root),
    ("runuser -u root echo -n ZQX9", None, Root),
    ("runuser root -c '/bin/echo ZQX9'", ZQX9, Root),
    ("script -qc '/bin/echo ZQX9' /dev/null", ZQX9, No),
    ("script -q /dev/null --command '/bin/echo ZQX9'", ZQX9, No),
    ("sg root -c '/bin/echo ZQX9'", ZQX9, Root),
    ("sg root '/bin/echo ZQX9'", ZQX9, Root),
    ("sg - root -c '/bin/echo ZQX9'", ZQX9, Root),
    ("sg -c '/bin/echo ZQX9' root", None, Root),
];

/// What the oracle records `echo` received, if an `echo` stub ran.
fn oracle_echo(command: &str) -> Option<Vec<String>> {
    let execution = run(command);
    execution
        .commands
        .iter()
        .filter_map(|c| c.argv.as_ref())
        .find(|argv| argv.first().is_some_and(|p| p.ends_with("/echo")))
        .map(|argv| argv[1..].to_vec())
}

/// Whether the real program prints `ZQX9` for `command`; `None` when the
/// row cannot be checked here.
fn real_runs(command: &str, real: Real, root: bool) -> Option<bool> {
    let program = command.split(' ').next()?;
    let checkable = match real {
        Any => true,
        Root => root,
        No => false,
    };
    if !checkable || which(program).is_none() {
        return None;
    }
    let dir = std::env::temp_dir().join(format!("inner-cmd-runners-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let output = Command::new("timeout")
        .args(["10", "bash", "-c", command])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .ok()?;
    let printed = String::from_utf8_lossy(&output.stdout).contains("ZQX9");
    // A program this machine does not let run (no privilege, no terminal,
    // no PAM session) says nothing about its syntax.
    let said = String::from_utf8_lossy(&output.stderr);
    let refused = [
        "not permitted",
        "Permission denied",
        "not supported",
        "Authentication failure",
        "authentication failure",
        "must be run from a terminal",
    ]
    .iter()
    .any(|why| said.contains(why));
    (printed || !refused).then_some(printed)
}

fn which(name: &str) -> Option<std::path::PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|path| path.is_file())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// INV-GROUND-9: every row's `echo` runs in the oracle exactly as the
/// manual says, with the arguments it says; and the real program agrees
/// wherever it can be run here.
#[test]
fn inv_ground_9_command_runners_run_what_the_programs_run() {
    let root = is_root();
    let mut wrong = Vec::new();
    let mut against_real = 0;
    for &(command, expected, real) in ROWS {
        let expected: Option<Vec<String>> =
            expected.map(|args| args.iter().map(|&a| a.to_owned()).collect());
        let recorded = oracle_echo(command);
        if recorded != expected {
            wrong.push(format!(
                "{command:?}: expected {expected:?}, the oracle ran {recorded:?}"
            ));
        }
        if let Some(printed) = real_runs(command, real, root) {
            against_real += 1;
            if printed != expected.is_some() {
                wrong.push(format!(
                    "{command:?}: the real program prints ZQX9: {printed}, the row says {}",
                    expected.is_some()
                ));
            }
        }
    }
    eprintln!(
        "{against_real} of {} rows checked against the real program",
        ROWS.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Every command runner has a row.
    for runner in COMMAND_RUNNERS {
        let named = |c: &str| c.split(' ').next() == Some(runner);
        let covered =
            ROWS.iter().any(|(c, _, _)| named(c)) || ["linux32", "i386"].contains(&runner);
        assert!(covered, "no row for {runner}");
    }
}

/// INV-GROUND-9: a command runner's inner command is an entry of its own
/// (judged on its own), and the runner is judged by its own text; a
/// permuting program's inner text is what ran, not the words after the
/// inner index; a shell string runs in the oracle's bash, its commands
/// reported.
#[test]
fn inv_ground_9_inner_commands_and_shell_strings_are_entries() {
    let execution = run("taskset 1 rm -rf x");
    assert_eq!(execution.commands.len(), 2);
    let taskset = &execution.commands[0];
    assert_eq!(taskset.inner_at, Some(2));
    assert!(!taskset.judged_through_inner());
    let inner = &execution.commands[1];
    assert_eq!(inner.text, "rm -rf x");
    assert_eq!(inner.origin, Origin::WrapperInner { wrapper: 0 });

    let permuted = run("choom rm -n 0 x");
    let texts: Vec<&str> = permuted.commands.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, ["choom rm -n 0 x", "rm x"]);

    let string = run("su root -c 'rm -rf y; ls'");
    let texts: Vec<&str> = string.commands.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "su root -c 'rm -rf y; ls'",
            "sh -c 'rm -rf y; ls'",
            "rm -rf y",
            "ls"
        ]
    );
    // The shell is the runner's inner command: W names the end of its
    // arguments, and the shell's record says what ran.
    assert_eq!(string.commands[0].inner_at, Some(4));
    assert_eq!(
        string.commands[1].origin,
        Origin::WrapperInner { wrapper: 0 }
    );
    // A transparent wrapper still is judged through its inner command.
    let timeout = run("timeout 5 rm -rf x");
    assert!(timeout.commands[0].judged_through_inner());
}

/// INV-GROUND-9: with no command, a program that runs an interactive shell
/// runs one on its standard input, which reads what follows on it (a
/// command with a NUL reaches bash on standard input, INV-GROUND-1); one
/// that acts on a process runs nothing.
#[test]
fn inv_ground_9_no_command_runs_a_shell_or_nothing() {
    let execution = run("chroot /\nrm -rf z\0");
    let texts: Vec<&str> = execution.commands.iter().map(|c| c.text.as_str()).collect();
    assert!(texts.contains(&"sh"), "{texts:?}");
    assert!(texts.contains(&"rm -rf z"), "{texts:?}");
    for command in [
        "taskset -p 1 2",
        "ionice -p 1",
        "prlimit -p 1",
        "flock 3",
        "flock l -c",
        "runuser -u root",
    ] {
        let execution = run(command);
        assert_eq!(execution.commands.len(), 1, "{command:?}: {execution:?}");
        assert_eq!(execution.commands[0].inner_at, None);
    }
}

/// INV-GROUND-9 against HARD-RUN-4, two tables kept apart on purpose: every
/// program whose stub runs an inner command is one the hardened profile
/// judges through its inner command or asks for; and every row under which
/// the oracle runs the inner command, with `rm x` for it (no option word a
/// permuting program would read), is not allowed
/// by the hardened profile under `*` allow with `rm *` denied — while the
/// oracle, run on it, reports `rm` running (fail-closed consistency: what
/// bash runs through a command runner, the hardened profile has judged).
#[test]
fn inv_ground_9_every_command_runner_is_judged_by_hard_run_4() {
    use inner_cmd_spec::ground::TRANSPARENT_WRAPPERS;
    use inner_cmd_spec::hardened::contract::programs::row;
    use inner_cmd_spec::hardened::Profile;
    use inner_cmd_spec::pipeline::{decide_profiled, Options};
    use inner_cmd_spec::verdict::PermissionState::{Allow, Deny};

    let judged = |name: &str| row(name).is_some_and(|r| r.grammar().is_some() || r.unread());
    let unjudged: Vec<&str> = TRANSPARENT_WRAPPERS
        .iter()
        .chain(&COMMAND_RUNNERS)
        .copied()
        .filter(|name| !judged(name))
        .collect();
    assert!(
        unjudged.is_empty(),
        "not in HARD-RUN-4's tables: {unjudged:?}"
    );

    let policy = crate::support::policy(&[("*", Allow), ("rm *", Deny)], "/home/u");
    let mut allowed = Vec::new();
    let mut checked = 0;
    for &(row, expected, _) in ROWS {
        if expected != ZQX9 {
            continue;
        }
        let command = row
            .replace("/bin/echo ZQX9", "rm x")
            .replace("echo ZQX9", "rm x");
        if command == row {
            continue; // the marker is split (`choom echo -n 0 ZQX9`)
        }
        let ran_rm = run(&command).commands.iter().any(|c| {
            c.argv
                .as_ref()
                .is_some_and(|argv| argv[0].ends_with("/rm") && argv[1..] == ["x"])
        });
        assert!(ran_rm, "{command:?}: the oracle does not run rm");
        checked += 1;
        let decision = decide_profiled(&policy, &command, &Options::default(), Profile::Hardened);
        if decision.outcome == Allow {
            allowed.push(command);
        }
    }
    assert!(checked >= 50, "only {checked} rows");
    assert!(
        allowed.is_empty(),
        "the hardened profile allows: {allowed:#?}"
    );
}
