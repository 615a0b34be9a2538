//! The program side of the closed world (issue 33), measured over the
//! tables rather than per example: under "`*` allow, `rm *` deny", every
//! option of HARD-RUN-6's table reached through a known value
//! (HARD-VALUE-7), every order of git's global options before a live
//! setting (HARD-RUN-7), and every program write of HARD-EFFECT-5 into
//! `.git` are not allowed, while the everyday idioms stay allowed.

use inner_cmd_spec::hardened::contract::programs;
use inner_cmd_spec::hardened::contract::settings::GIT_GLOBAL_VALUES;
use inner_cmd_spec::hardened::contract::writes::Target;
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::policy::Policy;
use inner_cmd_spec::verdict::PermissionState::{self, Allow, Deny};

fn deny_rm() -> Policy {
    let rows: &[(&str, PermissionState)] = &[("*", Allow), ("rm *", Deny)];
    crate::support::policy(rows, "/home/u")
}

fn outcome(policy: &Policy, command: &str) -> PermissionState {
    decide_profiled(policy, command, &Options::default(), Profile::Hardened).outcome
}

/// The long options of a HARD-RUN-6 form, each as a word `--NAME=x`.
fn long_options(long: &[&str]) -> Vec<String> {
    long.iter()
        .filter(|n| !n.is_empty() && !n.ends_with('.'))
        .map(|n| format!("--{n}=x"))
        .collect()
}

/// HARD-VALUE-7: every long option of the option table, given through the
/// commit-message idiom, a one-word `for` loop or written directly, is
/// read by the table (or asks as an unknown word): never allowed.
#[test]
fn hard_value_7_known_values_reach_the_option_table() {
    let policy = deny_rm();
    let mut total = 0;
    let mut allowed = Vec::new();
    let rows = programs::all().flat_map(|row| row.command_options().map(move |o| (row.name, o)));
    for (program, options) in rows {
        let head = match options.subcommand {
            Some(sub) => format!("{program} {sub}"),
            None => program.to_owned(),
        };
        for option in long_options(options.long) {
            let forms = [
                format!("{head} {option}"),
                format!("{head} \"$(cat <<'EOF'\n{option}\nEOF\n)\""),
                format!("for f in {option}; do {head} \"$f\"; done"),
            ];
            for command in forms {
                total += 1;
                if outcome(&policy, &command) == Allow {
                    allowed.push(command);
                }
            }
        }
    }
    assert!(total > 300, "{total} commands");
    assert!(allowed.is_empty(), "allowed of {total}: {allowed:#?}");
}

/// HARD-RUN-7: git's global options, in every order of two before a live
/// `-c`, never hide it.
#[test]
fn hard_run_7_git_globals_in_any_order() {
    let policy = deny_rm();
    let mut globals: Vec<String> = GIT_GLOBAL_VALUES
        .iter()
        .filter(|o| **o != "-c" && **o != "--config-env")
        .map(|o| format!("{o} ."))
        .collect();
    globals.extend(
        [
            "-p",
            "-P",
            "--no-pager",
            "--paginate",
            "--bare",
            "--no-optional-locks",
        ]
        .iter()
        .map(|o| (*o).to_owned()),
    );
    globals.push("--git-dir=.git".to_owned());
    globals.push("-c color.ui=always".to_owned());
    let mut allowed = Vec::new();
    for a in &globals {
        for b in &globals {
            let command = format!("git {a} {b} -c alias.x='!rm -rf x' x");
            if outcome(&policy, &command) == Allow {
                allowed.push(command);
            }
        }
    }
    assert!(allowed.is_empty(), "{allowed:#?}");
    for kept in [
        "git -C sub status",
        "git -c color.ui=always log --oneline",
        "git --no-pager diff",
    ] {
        assert_eq!(outcome(&policy, kept), Allow, "{kept}");
    }
}

/// HARD-EFFECT-5: every program write of the table, into `.git/config`
/// or out of the tree, is not allowed; into the tree it is.
#[test]
fn hard_effect_5_every_program_write_is_an_effect() {
    let policy = deny_rm();
    let mut checked = 0;
    let rows = programs::all().flat_map(|p| p.writes.iter().map(move |w| (p.name, w)));
    for (program, row) in rows {
        // git's options of the table are its subcommands' (`git log --output`).
        let sub = match (row.subcommands.first(), program) {
            (Some(s), _) => format!(" {s}"),
            (None, "git") => " log".to_owned(),
            (None, _) => String::new(),
        };
        {
            let writes = |target: &str| -> Vec<String> {
                match row.target {
                    Target::Option { spellings, .. } => spellings
                        .iter()
                        .map(|s| format!("{program}{sub} {s} {target} in"))
                        .collect(),
                    Target::Primary(primaries) => primaries
                        .iter()
                        .map(|p| format!("{program}{sub} . {p} {target} x"))
                        .collect(),
                    Target::Operands => vec![format!("{program}{sub} {target}")],
                    Target::LastOperand => vec![format!("{program}{sub} src.txt {target}")],
                    Target::Assignment(key) => vec![format!("{program}{sub} {key}{target}")],
                }
            };
            for target in [".git/config", "../x", "~/.bashrc"] {
                for command in writes(target) {
                    checked += 1;
                    assert_ne!(outcome(&policy, &command), Allow, "{command}");
                }
            }
            // Into the tree the rules decide, for a program the profile
            // allows at all (`ex` reads commands, HARD-RUN-3).
            if outcome(&policy, &format!("{program}{sub}")) == Allow {
                for command in writes("out/file.txt") {
                    assert_eq!(outcome(&policy, &command), Allow, "{command}");
                }
            }
        }
    }
    assert!(checked > 50, "{checked}");
}

/// Everyday idioms the program-side clauses must leave to the rules.
#[test]
fn hard_value_7_everyday_idioms_stay_allowed() {
    let policy = deny_rm();
    for command in [
        "npm test",
        "npm test -- --watch",
        "npm run build --silent",
        "cargo test",
        "git -C sub status",
        "sed -n '1,80p' src/main.rs",
        "awk '{print $1}' log | sort | uniq -c",
        "for f in src/*.rs; do git add \"$f\"; done",
        "git commit -m \"$(cat <<'EOF'\nfix the parser\nEOF\n)\"",
        "python3 -m pytest -q",
        "git log -- \"$f\"",
        "git diff --output=out.txt",
        "cd src && cat main.rs",
        "LANG=C.UTF-8; echo x",
    ] {
        assert_eq!(outcome(&policy, command), Allow, "{command}");
    }
}

/// HARD-RUN-10: every package runner of the contract judges its inner
/// command, unless the rule that decides the runner's own command names the
/// inner program; a rule that names another program, or none, does not.
#[test]
fn hard_run_10_package_runners_meet_the_rules_unless_the_rule_names_the_program() {
    use inner_cmd_spec::hardened::contract::programs::Quirk;
    let runners: Vec<&str> = programs::all()
        .filter(|p| p.has(Quirk::NamedInner))
        .map(|p| p.name)
        .collect();
    assert!(runners.len() >= 6, "{runners:?}");
    // The runner's words before the inner program, for each row.
    let before = |name: &str| match name {
        "npm" => "npm exec --".to_owned(),
        "pnpm" | "yarn" => format!("{name} dlx"),
        "bun" => "bun x".to_owned(),
        other => other.to_owned(),
    };
    for name in runners {
        let prefix = before(name);
        let rm = format!("{prefix} rm -rf x");
        assert_eq!(outcome(&deny_rm(), &rm), Deny, "{rm}");
        let tsc = format!("{prefix} tsc --noEmit");
        let named = crate::support::policy(
            &[
                ("*", PermissionState::Ask),
                (&format!("{prefix} tsc *"), Allow),
            ],
            "/home/u",
        );
        assert_eq!(outcome(&named, &tsc), Allow, "{tsc}");
        let later = crate::support::policy(
            &[
                ("*", PermissionState::Ask),
                (&format!("{prefix} tsc *"), Allow),
                (&format!("{prefix} *"), Allow),
            ],
            "/home/u",
        );
        assert_eq!(outcome(&later, &tsc), PermissionState::Ask, "{tsc}");
        let prefix_only = crate::support::policy(
            &[
                ("*", PermissionState::Ask),
                (&format!("{prefix} tsc*"), Allow),
            ],
            "/home/u",
        );
        let evil = format!("{prefix} tsc-evil");
        assert_eq!(outcome(&prefix_only, &evil), PermissionState::Ask, "{evil}");
    }
}
