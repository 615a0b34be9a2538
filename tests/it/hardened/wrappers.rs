//! Programs that run a command (spec §12.5, `HARD-RUN-4`), measured: under a
//! policy of the kind "`*` allow with a deny list", no denied command is
//! reached by prefixing a program that runs its arguments — with no option,
//! and with each option its syntax table lists (every short letter and long
//! name, with an argument where it takes one).

use inner_cmd_spec::hardened::contract::programs::{self, Grammar};
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::policy::floor::INDIRECTION_NAMES;
use inner_cmd_spec::policy::Policy;
use inner_cmd_spec::verdict::PermissionState::{self, Allow, Deny};

/// The permissive policy of the usefulness measurement, plus `rm *`.
fn permissive() -> Policy {
    let rows: &[(&str, PermissionState)] = &[
        ("*", Allow),
        ("rm *", Deny),
        ("git push *", Deny),
        ("sudo *", Deny),
        ("*/.ssh/*", Deny),
        ("*~/.ssh*", Deny),
    ];
    crate::support::policy(rows, "/home/u")
}

/// Commands each denied as written by [`permissive`].
const DENIED: &[&str] = &[
    "rm -rf build",
    "git push --force origin main",
    "sudo ls",
    "cat ~/.ssh/id_rsa",
    "cp x /home/u/.ssh/authorized_keys",
];

/// The option words of a syntax entry: each short letter and long name,
/// followed by an argument when it takes one; not the `pid:` options, with
/// which the program acts on a running process and runs no command
/// (checked in bash: `taskset -p 1 echo RAN`, `ionice -p 1 echo RAN`,
/// `chrt -m 1 …`, `prlimit -p 1 …`, `choom -p 1 …`, `uclampset -p 1 …` and
/// `-s` print no `RAN`).
fn option_forms(grammar: &Grammar) -> Vec<String> {
    let pid = grammar.acts_on_process;
    let mut out = vec![String::new()];
    let letters: Vec<char> = grammar.short.chars().collect();
    for (i, letter) in letters.iter().enumerate() {
        if *letter == ':' {
            continue;
        }
        let takes = letters.get(i + 1) == Some(&':') && letters.get(i + 2) != Some(&':');
        if pid.contains(&format!("-{letter}").as_str()) {
            continue;
        }
        out.push(if takes {
            format!("-{letter} 1")
        } else {
            format!("-{letter}")
        });
    }
    for name in grammar.long {
        if pid.contains(&format!("--{}", name.trim_end_matches('=')).as_str()) {
            continue;
        }
        out.push(match name.strip_suffix('=') {
            Some(n) => format!("--{n}=1"),
            None => format!("--{name}"),
        });
    }
    out
}

/// HARD-RUN-4: no prefix of a program that runs a command reaches a denied command.
#[test]
fn hard_run_4_no_wrapper_prefix_reaches_a_denied_command() {
    let policy = permissive();
    let mut prefixes: Vec<String> = Vec::new();
    for (name, grammar) in programs::all().filter_map(|p| Some((p.name, p.grammar()?))) {
        let operand_words = " 1".repeat(grammar.operands);
        for option in option_forms(grammar) {
            let option = if option.is_empty() {
                String::new()
            } else {
                format!(" {option}")
            };
            prefixes.push(format!("{name}{option}{operand_words}"));
        }
    }
    prefixes.extend(
        programs::all()
            .filter(|p| p.unread())
            .map(|p| p.name.to_owned()),
    );
    prefixes.extend(INDIRECTION_NAMES.iter().map(|n| (*n).to_owned()));
    prefixes.extend(
        [
            "nice taskset 1",
            "timeout 5 ionice -c3",
            "busybox env",
            "/usr/bin/taskset 1",
        ]
        .map(str::to_owned),
    );
    let mut total = 0;
    let mut allowed = Vec::new();
    for denied in DENIED {
        let alone = decide_profiled(&policy, denied, &Options::default(), Profile::Hardened);
        assert_eq!(alone.outcome, Deny, "{denied:?} is denied as written");
        for prefix in &prefixes {
            let command = format!("{prefix} {denied}");
            total += 1;
            let outcome =
                decide_profiled(&policy, &command, &Options::default(), Profile::Hardened);
            if outcome.outcome == Allow {
                allowed.push(command);
            }
        }
        let find = format!("find . -name x -exec {denied} {{}} ;");
        total += 1;
        if decide_profiled(&policy, &find, &Options::default(), Profile::Hardened).outcome == Allow
        {
            allowed.push(find);
        }
    }
    println!(
        "HARD-RUN-4: {total} prefixed commands ({} prefixes × {} denied), {} allowed",
        prefixes.len(),
        DENIED.len(),
        allowed.len()
    );
    assert!(
        prefixes.len() > 300,
        "every option of every program ({})",
        prefixes.len()
    );
    assert!(allowed.is_empty(), "allowed: {allowed:#?}");
}
