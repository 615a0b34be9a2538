//! The real mode (spec §6.2, `INV-GROUND-10` to `INV-GROUND-12`): the
//! machine's programs run for real in a throwaway workspace, every exec and
//! every open recorded by the tracer.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use inner_cmd_spec::ground::{Config, Execution, Oracle, Traced};
use inner_cmd_spec::invariants::{ground_violations, TracedRecord};
use inner_cmd_spec::verdict::PermissionState::{Allow, Deny};

/// One real-mode oracle for the whole file.
pub(crate) fn real_oracle() -> &'static Oracle {
    static ORACLE: OnceLock<Oracle> = OnceLock::new();
    ORACLE.get_or_init(|| {
        let mut config = Config::default();
        config.real = true;
        config.time_limit = Duration::from_secs(30);
        Oracle::new(config).unwrap_or_else(|error| panic!("{error}"))
    })
}

pub(crate) fn run_real(command: &str) -> Execution {
    real_oracle()
        .run(command)
        .unwrap_or_else(|error| panic!("{command:?}: {error}"))
}

/// The traced programs whose argv is exactly `argv`.
fn traced<'a>(execution: &'a Execution, argv: &[&str]) -> Vec<&'a Traced> {
    execution
        .programs
        .iter()
        .filter(|p| p.argv == argv)
        .collect()
}

fn names(execution: &Execution) -> Vec<String> {
    execution
        .programs
        .iter()
        .map(|p| p.argv.join(" "))
        .collect()
}

/// A deployed-style policy: everything allowed but what the deny rules name.
fn open_policy() -> inner_cmd_spec::policy::Policy {
    super::policy(&[("*", Allow), ("rm *", Deny), ("*/.ssh/*", Deny)])
}

/// A C program compiled into the test's scratch directory (visible, read
/// only, inside the sandbox), with `flags`.
fn compiled(name: &str, source: &str, flags: &[&str]) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("real-mode");
    std::fs::create_dir_all(&dir).ok()?;
    let c = dir.join(format!("{name}.c"));
    std::fs::write(&c, source).ok()?;
    let binary = dir.join(name);
    let ok = Command::new("cc")
        .arg("-O1")
        .args(flags)
        .arg("-o")
        .arg(&binary)
        .arg(&c)
        .status()
        .is_ok_and(|s| s.success());
    ok.then_some(binary)
}

/// INV-GROUND-10: the recorder sees an exec made by a statically linked
/// program through the raw system call (no C library wrapper), and one made
/// by a shell that `system()` started, each with its parent chain.
#[test]
fn inv_ground_10_the_recorder_sees_a_static_raw_execve_and_system() {
    let raw = r#"
#include <sys/syscall.h>
#include <unistd.h>
int main(void) {
  char *argv[] = {"rm", "-rf", "raw-x", 0};
  char *envp[] = {"FROM=raw", 0};
  syscall(SYS_execve, "/bin/rm", argv, envp);
  return 1;
}
"#;
    // Statically where the C library's static archive is installed, else
    // freestanding of it (no C library at all: the raw call by hand).
    let freestanding = r#"
void _start(void) {
  static char *argv[] = {"rm", "-rf", "raw-x", 0};
  static char *envp[] = {"FROM=raw", 0};
  long ret;
  __asm__ volatile("syscall" : "=a"(ret) : "a"(59), "D"("/bin/rm"), "S"(argv), "d"(envp) : "rcx", "r11", "memory");
  __asm__ volatile("syscall" : : "a"(60), "D"(1));
  for (;;) {}
}
"#;
    let static_binary = compiled("raw-static", raw, &["-static"])
        .or_else(|| {
            compiled(
                "raw-nolibc",
                freestanding,
                &["-static", "-nostdlib", "-ffreestanding"],
            )
        })
        .expect("a static test program builds");
    let system = r#"
#include <stdlib.h>
int main(void) { return system("rm -rf system-x") == 0 ? 0 : 1; }
"#;
    let system_binary = compiled("calls-system", system, &[]).expect("builds");
    let static_path = static_binary.display().to_string();
    let system_path = system_binary.display().to_string();
    let execution = run_real(&format!("{static_path}; {system_path}"));
    let raw = traced(&execution, &["rm", "-rf", "raw-x"]);
    assert_eq!(raw.len(), 1, "{:?}", names(&execution));
    assert_eq!(raw[0].environment, ["FROM=raw"]);
    assert_eq!(raw[0].program, "/usr/bin/rm");
    // Its own process: the static program's image was replaced in place.
    let static_image = traced(&execution, &[&static_path]);
    assert_eq!(static_image.len(), 1);
    assert_eq!(static_image[0].pid, raw[0].pid);
    let shell = traced(&execution, &["sh", "-c", "rm -rf system-x"]);
    assert_eq!(shell.len(), 1, "{:?}", names(&execution));
    let rm = traced(&execution, &["rm", "-rf", "system-x"]);
    assert_eq!(rm.len(), 1, "{:?}", names(&execution));
    // The chain: sh (or the shell's own process, when it execs the last
    // command in place), the program that called system(), bash.
    let chain: Vec<String> = rm[0].parents.iter().map(|p| p.argv.join(" ")).collect();
    assert!(chain.contains(&system_path), "{chain:?}");
    assert!(execution.programs[0].argv.len() >= 2, "the command's bash");
    let violations = ground_violations(&open_policy(), &execution);
    for argv in ["rm -rf raw-x", "rm -rf system-x"] {
        assert!(
            violations
                .iter()
                .any(|v| v.text == argv && matches!(v.traced, Some(TracedRecord::Program(_)))),
            "{argv}: {violations:?}"
        );
    }
}

/// INV-GROUND-10: `rm -rf ~` in the sandbox removes the throwaway HOME and
/// nothing else: the system is read-only (a file of this test's, outside,
/// survives), the remote outside HOME survives, and the next command meets
/// a fresh workspace again.
#[test]
fn inv_ground_10_rm_rf_home_removes_only_the_throwaway_home() {
    let marker = Path::new(env!("CARGO_TARGET_TMPDIR")).join("real-mode-marker");
    std::fs::write(&marker, "outside").unwrap();
    let execution = run_real(&format!(
        "rm -rf ~ {m}; test ! -e ~ && test -d /var/tmp/origin.git && test -e {m}",
        m = marker.display()
    ));
    assert_eq!(execution.status, 0, "{:?}", names(&execution));
    assert_eq!(std::fs::read_to_string(&marker).unwrap(), "outside");
    let again = run_real(
        "test -s ~/.ssh/id_rsa && git -C ~/project log --oneline | grep -q 'first commit'",
    );
    assert_eq!(again.status, 0);
}

/// INV-GROUND-11: a file a program opens is judged as a word of that
/// program: `cd ~/.ssh && cat id_rsa` names no `.ssh` path, but cat opens
/// one, which a `*/.ssh/*` deny forbids.
#[test]
fn inv_ground_11_an_opened_secret_is_judged_as_the_programs_word() {
    let execution = run_real("cd ~/.ssh && cat id_rsa");
    let opened = execution
        .opened
        .iter()
        .find(|o| o.path == "/home/agent/.ssh/id_rsa")
        .expect("cat opened the key");
    assert!(!opened.write);
    let by = &execution.programs[opened.by.expect("by a program")];
    assert_eq!(by.argv, ["cat", "id_rsa"]);
    let violations = ground_violations(&open_policy(), &execution);
    assert!(
        violations
            .iter()
            .any(|v| matches!(v.traced, Some(TracedRecord::Opened(_)))
                && v.text == "cat id_rsa /home/agent/.ssh/id_rsa"),
        "{violations:?}"
    );
    // The same command where no rule denies the file: no violation.
    let lenient = super::policy(&[("*", Allow)]);
    assert!(ground_violations(&lenient, &execution).is_empty());
}

/// The chain above the one record of `argv`, as argvs joined by spaces,
/// the program its process replaced first when it exec'd in place.
fn chain_of(execution: &Execution, argv: &[&str]) -> Vec<String> {
    let found = traced(execution, argv);
    assert_eq!(found.len(), 1, "{argv:?} in {:?}", names(execution));
    let record = found[0];
    record
        .replaced
        .iter()
        .chain(record.parents.iter().map(|p| &p.argv))
        .map(|argv| argv.join(" "))
        .collect()
}

fn judged_violation(execution: &Execution, text: &str) {
    let violations = ground_violations(&open_policy(), execution);
    assert!(
        violations
            .iter()
            .any(|v| v.text == text && matches!(v.traced, Some(TracedRecord::Program(_)))),
        "{text:?} not among {violations:?}"
    );
}

/// INV-GROUND-10: what programs run with their words, seen by the real
/// mode and judged: git's `!` alias runs a shell, awk's `system()` one;
/// npm runs its script through the `--script-shell` it is given.
#[test]
fn inv_ground_10_programs_run_what_their_words_say() {
    let git = run_real("git -C . -c alias.x='!rm -rf x' x");
    let chain = chain_of(&git, &["rm", "-rf", "x"]);
    assert!(
        chain.iter().any(|c| c.starts_with("/bin/sh -c rm -rf x")),
        "{chain:?}"
    );
    assert!(
        chain.iter().any(|c| c == "git -C . -c alias.x=!rm -rf x x"),
        "{chain:?}"
    );
    judged_violation(&git, "rm -rf x");

    let awk = run_real("awk 'BEGIN { print /#/; system(\"rm -rf x\") }'");
    let chain = chain_of(&awk, &["rm", "-rf", "x"]);
    assert_eq!(
        chain.get(..2),
        Some(
            &[
                "sh -c rm -rf x".to_owned(),
                "awk BEGIN { print /#/; system(\"rm -rf x\") }".to_owned()
            ][..]
        ),
        "{chain:?}"
    );
    judged_violation(&awk, "rm -rf x");

    let npm = run_real("npm test --script-shell=rm");
    let chain = chain_of(&npm, &["rm", "-c", "node test.js"]);
    assert_eq!(
        chain.first().map(String::as_str),
        Some("node /usr/bin/npm test --script-shell=rm"),
        "{chain:?}"
    );
    judged_violation(&npm, "rm -c 'node test.js'");
    // Without the option, npm runs the workspace's script through sh:
    // machinery, and what the script runs is the script's.
    let plain = run_real("npm test");
    assert!(
        ground_violations(&open_policy(), &plain).is_empty(),
        "{:?}",
        names(&plain)
    );
    let script = traced(&plain, &["sh", "-c", "node test.js"]);
    assert_eq!(script.len(), 1, "{:?}", names(&plain));
    assert_eq!(
        script[0].machinery,
        Some(inner_cmd_spec::ground::NPM_SCRIPT)
    );
}

/// INV-GROUND-12: the sandbox has the multibyte locales, and under GBK bash
/// reads the second byte of 中's last GBK character (0xAD 0x5C) as part of
/// it: the backslash escapes nothing, so `;` ends the echo and `rm -rf x`
/// runs. Under UTF-8 the same bytes escape the `;` and nothing runs.
#[test]
fn inv_ground_12_bash_swallows_a_backslash_after_a_gbk_character() {
    for (name, _, charmap) in inner_cmd_spec::ground::LOCALES {
        let execution = run_real(&format!(
            "LC_ALL={name} locale charmap | grep -qx {charmap}"
        ));
        assert_eq!(execution.status, 0, "{name}");
    }
    let gbk = run_real("LC_ALL=zh_CN.GBK\necho 中\\; rm -rf x");
    assert_eq!(
        chain_of(&gbk, &["rm", "-rf", "x"])
            .first()
            .map(|c| c.starts_with("/tmp/.ground/bash -c LC_ALL=zh_CN.GBK")),
        Some(true)
    );
    judged_violation(&gbk, "rm -rf x");
    let utf8 = run_real("LC_ALL=en_US.UTF-8\necho 中\\; rm -rf x");
    assert!(
        traced(&utf8, &["rm", "-rf", "x"]).is_empty(),
        "{:?}",
        names(&utf8)
    );
}

/// INV-KNOWN-2, INV-GROUND-11: F-40's classifier claims the deployed
/// profile's allow of a command whose program opens a file no judged word
/// names (`cd ~/.ssh && cat id_rsa` under `*/.ssh/*` deny), and nothing
/// else: not a program a command's words ran (git's `!` alias), not an
/// open of a file a word names once expanded.
#[test]
fn inv_known_2_f40_claims_an_opened_file_no_word_names() {
    use inner_cmd_spec::pipeline::{decide, Options};
    use inner_cmd_spec::soundness::{GroundObservation, KNOWN_GROUND_VIOLATIONS};
    let f40 = KNOWN_GROUND_VIOLATIONS
        .iter()
        .find(|k| k.id == "F-40")
        .expect("F-40 is classified");
    let policy = open_policy();
    for (command, claimed) in [
        ("cd ~/.ssh && cat id_rsa", true),
        ("cd ~ && cat .ssh/id_rsa", true),
        ("git -C . -c alias.x='!rm -rf x' x", false),
        // A word that names the file once expanded (F-36's cause).
        ("cat ~/.ss''h/id_rsa", false),
    ] {
        let outcome = decide(&policy, command, &Options::default());
        assert_eq!(outcome.outcome, Allow, "{command:?}");
        let execution = run_real(command);
        let violations = ground_violations(&policy, &execution);
        assert!(!violations.is_empty(), "{command:?}");
        let claims = violations.iter().any(|violation| {
            (f40.applies)(&GroundObservation {
                policy: &policy,
                command,
                outcome: &outcome,
                execution: &execution,
                violation,
            })
        });
        assert_eq!(claims, claimed, "{command:?}: {violations:?}");
    }
}

/// INV-KNOWN-2: F-15 claims a command a program ran from its standard
/// input: vim's keystrokes (vim 9.0: `:!cmd` runs through the shell), a
/// bare tclsh, and make's makefile on `/dev/stdin`.
#[test]
fn inv_known_2_f15_claims_a_command_typed_into_vim() {
    for command in [
        "printf ':!rm -rf x\\n:qa!\\n' | vim -n",
        "echo 'exec rm -rf x' | tclsh",
        "make -s -f /dev/stdin <<< $'x:\\n\\trm -rf x'",
    ] {
        f15_claims(command);
    }
}

fn f15_claims(command: &str) {
    use inner_cmd_spec::pipeline::{decide, Options};
    use inner_cmd_spec::soundness::{GroundObservation, KNOWN_GROUND_VIOLATIONS};
    let policy = super::policy(&[("*", Allow), ("rm *", Deny)]);
    let outcome = decide(&policy, command, &Options::default());
    assert_eq!(outcome.outcome, Allow, "{command}");
    let execution = run_real(command);
    let violations = ground_violations(&policy, &execution);
    assert!(
        violations.iter().any(|v| v.text == "rm -rf x"),
        "{violations:?} {:?}",
        names(&execution)
    );
    let claimed = violations.iter().all(|violation| {
        KNOWN_GROUND_VIOLATIONS.iter().any(|k| {
            (k.applies)(&GroundObservation {
                policy: &policy,
                command,
                outcome: &outcome,
                execution: &execution,
                violation,
            }) && k.id == "F-15"
        })
    });
    assert!(claimed, "{violations:?}");
}

/// INV-GROUND-10: an exec that fails is recorded too (once per process
/// and argv): `npm test --script-shell=pwnd` tries to run `pwnd -c 'node
/// test.js'`, which this sandbox lacks and another machine may have; the
/// attempt is judged like a program that ran.
#[test]
fn inv_ground_10_a_failed_exec_is_recorded_and_judged() {
    let execution = run_real("npm test --script-shell=pwnd");
    let attempts = traced(&execution, &["pwnd", "-c", "node test.js"]);
    assert_eq!(attempts.len(), 1, "{:?}", names(&execution));
    assert_eq!(attempts[0].failed, Some(2), "ENOENT");
    assert!(attempts[0].program.ends_with("/pwnd"));
    let policy = super::policy(&[("*", Allow), ("pwnd *", Deny)]);
    let violations = ground_violations(&policy, &execution);
    assert!(
        violations
            .iter()
            .any(|v| v.text == "pwnd -c 'node test.js'"),
        "{violations:?}"
    );
}

/// INV-GROUND-6 in the real mode: a transparent wrapper that ran its inner
/// program, in a child (`timeout` forks) or in its own process (`nice`
/// execs), is judged through it: its bash record gets where the inner
/// command starts from the trace, and its own exec is not judged.
#[test]
fn inv_ground_6_real_wrappers_are_judged_through_their_inner_program() {
    let policy = super::policy(&[("git status", Allow), ("git status *", Allow)]);
    for command in ["timeout 30s git status", "nice -n 5 git status"] {
        let execution = run_real(command);
        let wrapper = &execution.commands[0];
        assert_eq!(wrapper.text, command);
        assert!(wrapper.judged_through_inner(), "{command}: {wrapper:?}");
        let violations = ground_violations(&policy, &execution);
        assert!(violations.is_empty(), "{command}: {violations:?}");
    }
    // A wrapper whose inner program this sandbox lacks tried to run it:
    // judged through that attempt, as the stub mode judges any inner.
    let lacking = super::policy(&[("pnpm-absent build", Allow)]);
    let execution = run_real("timeout 30s pnpm-absent build");
    assert!(execution.commands[0].judged_through_inner());
    assert!(ground_violations(&lacking, &execution).is_empty());
    let execution = run_real("timeout 30s rm -rf x");
    let violations = ground_violations(&policy, &execution);
    assert!(
        violations.iter().any(|v| v.text == "rm -rf x"),
        "{violations:?}"
    );
}

/// INV-GROUND-10: npm's package runner starts the words it was given
/// through `sh -c`, each word quoted: that shell is machinery and the
/// program it runs is judged; a shell whose script is anything else is
/// judged.
#[test]
fn inv_ground_10_npm_exec_shell_is_machinery_and_its_program_is_judged() {
    let policy = super::policy(&[("*", Allow), ("rm *", Deny)]);
    let allowed = run_real("npm exec -- ls -d 'a*' \"it's\" '$(id)'");
    let shell: Vec<&Traced> = allowed
        .programs
        .iter()
        .filter(|t| {
            t.failed.is_none()
                && t.argv.first().is_some_and(|w| w == "sh")
                && t.argv.get(1).is_some_and(|w| w == "-c")
        })
        .collect();
    assert_eq!(shell.len(), 1, "{:?}", names(&allowed));
    assert_eq!(
        shell[0].machinery,
        Some(inner_cmd_spec::ground::NPM_EXEC_SHELL)
    );
    assert_eq!(
        traced(&allowed, &["ls", "-d", "a*", "it's", "$(id)"])
            .iter()
            .filter(|t| t.failed.is_none())
            .count(),
        1,
        "{:?}",
        names(&allowed)
    );
    assert!(
        ground_violations(&policy, &allowed).is_empty(),
        "{:?}",
        names(&allowed)
    );
    let denied = run_real("npm exec -- rm -rf x");
    let violations = ground_violations(&policy, &denied);
    assert!(
        violations.iter().any(|v| v.text == "rm -rf x"),
        "{violations:?}"
    );
    let npx = run_real("npx rm -rf x");
    let violations = ground_violations(&policy, &npx);
    assert_eq!(
        violations
            .iter()
            .map(|v| v.text.as_str())
            .collect::<Vec<_>>(),
        ["rm -rf x"],
        "{:?}",
        names(&npx)
    );
    // `npm exec -c SCRIPT` hands npm a script, not words: judged.
    let script = run_real("npm exec -c 'echo hi'");
    assert!(
        script
            .programs
            .iter()
            .all(|t| t.machinery != Some(inner_cmd_spec::ground::NPM_EXEC_SHELL)),
        "{:?}",
        names(&script)
    );
}

/// INV-GROUND-10: make running a recipe of the workspace's Makefile is its
/// machinery; a recipe the command's words supply is judged.
#[test]
fn inv_ground_10_make_runs_the_workspaces_recipes_as_machinery() {
    let policy = super::policy(&[("make", Allow), ("make *", Allow)]);
    let plain = run_real("make");
    assert_eq!(plain.status, 0);
    let recipe = traced(&plain, &["echo", "built"]);
    assert_eq!(recipe.len(), 1, "{:?}", names(&plain));
    assert_eq!(
        recipe[0].machinery,
        Some(inner_cmd_spec::ground::MAKE_RECIPE)
    );
    assert!(ground_violations(&policy, &plain).is_empty());
    let evaled = run_real("make --eval='x:;rm -rf x' x");
    let violations = ground_violations(&policy, &evaled);
    assert!(
        violations.iter().any(|v| v.text == "rm -rf x"),
        "{violations:?}"
    );
}
