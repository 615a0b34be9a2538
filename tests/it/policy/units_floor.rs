//! Wrapper floors of command units against the deployed package (spec §7.4).
//!
//! Expected rows come from `collectCommands` of
//! `@gotgenes/pi-permission-system@20.7.3` run on Node 20 (ad-hoc harness).

use inner_cmd_spec::policy::floor::{wrapper_kind, INDIRECTION_NAMES, SHELL_NAMES};
use inner_cmd_spec::policy::units::enumerate;
use inner_cmd_spec::policy::{UnitContext, WrapperKind};

const CS: UnitContext = UnitContext::CommandSubstitution;
const SUB: UnitContext = UnitContext::Subshell;
const OPAQUE: WrapperKind = WrapperKind::OpaquePayload;
const INDIR: WrapperKind = WrapperKind::Indirection;

type Expected = &'static [(&'static str, Option<UnitContext>, Option<WrapperKind>)];

/// (clause, command, expected units) — expected from the npm package.
#[rustfmt::skip]
const ROWS: &[(&str, &str, Expected)] = &[
    ("POL-FLOOR-3", "eval rm -rf /", &[("eval rm -rf /", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "eval", &[("eval", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "bash -c 'rm -rf /'", &[("bash -c 'rm -rf /'", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "/bin/bash -c x", &[("/bin/bash -c x", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "sh -ec x", &[("sh -ec x", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "bash -xc x", &[("bash -xc x", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "bash -- -c x", &[("bash -- -c x", None, None)]),
    ("POL-FLOOR-3", "bash --rcfile x -c y", &[("bash --rcfile x -c y", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "bash script -c", &[("bash script -c", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "bash", &[("bash", None, None)]),
    ("POL-FLOOR-3", "zsh -c", &[("zsh -c", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "ksh -norc", &[("ksh -norc", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "dash -i", &[("dash -i", None, None)]),
    ("POL-FLOOR-3", "dash -ic x", &[("dash -ic x", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "sh -C x", &[("sh -C x", None, None)]),
    ("POL-FLOOR-3", "FOO=1 bash -c x", &[("bash -c x", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "FOO=1 eval x", &[("eval x", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "bash -c", &[("bash -c", None, Some(OPAQUE))]),
    ("POL-FLOOR-3", "bash '-c' x", &[("bash '-c' x", None, None)]),
    ("POL-FLOOR-2", "\"bash\" -c x", &[("\"bash\" -c x", None, None)]),
    ("POL-FLOOR-2", "'eval' x", &[("'eval' x", None, None)]),
    ("POL-FLOOR-2", "\\eval x", &[("\\eval x", None, None)]),
    ("POL-FLOOR-2", "b\\ash -c x", &[("b\\ash -c x", None, None)]),
    ("POL-FLOOR-2", "/usr/bin/sudo ls", &[("/usr/bin/sudo ls", None, Some(INDIR))]),
    ("POL-FLOOR-2", "./sudo ls", &[("./sudo ls", None, Some(INDIR))]),
    ("POL-FLOOR-2", "sudo/ ls", &[("sudo/ ls", None, None)]),
    ("POL-FLOOR-2", "command sudo ls", &[("command sudo ls", None, None)]),
    ("POL-FLOOR-2", "exec rm x", &[("exec rm x", None, None)]),
    ("POL-FLOOR-2", "builtin eval x", &[("builtin eval x", None, None)]),
    ("POL-FLOOR-2", "2>/dev/null sudo ls", &[("2>/dev/null sudo ls", None, None)]),
    ("POL-FLOOR-2", "> out eval x", &[("> out eval x", None, None)]),
    ("POL-FLOOR-2", "$(echo sudo) ls", &[("$(echo sudo) ls", None, None), ("echo sudo", Some(CS), None)]),
    ("POL-FLOOR-2", "${X}/sudo ls", &[("${X}/sudo ls", None, Some(INDIR))]),
    ("POL-FLOOR-4", "sudo rm x", &[("sudo rm x", None, Some(INDIR))]),
    ("POL-FLOOR-4", "env A=1 rm", &[("env A=1 rm", None, Some(INDIR))]),
    ("POL-FLOOR-4", "xargs rm", &[("xargs rm", None, Some(INDIR))]),
    ("POL-FLOOR-4", "time ls", &[("time ls", None, Some(INDIR))]),
    ("POL-FLOOR-4", "nohup ls", &[("nohup ls", None, Some(INDIR))]),
    ("POL-FLOOR-4", "timeout 30 ls", &[("timeout 30 ls", None, Some(INDIR))]),
    ("POL-FLOOR-4", "nice ls", &[("nice ls", None, Some(INDIR))]),
    ("POL-FLOOR-4", "parallel ls", &[("parallel ls", None, Some(INDIR))]),
    ("POL-FLOOR-4", "rust-parallel ls", &[("rust-parallel ls", None, Some(INDIR))]),
    ("POL-FLOOR-4", "rush ls", &[("rush ls", None, Some(INDIR))]),
    ("POL-FLOOR-4", "doas ls", &[("doas ls", None, Some(INDIR))]),
    ("POL-FLOOR-4", "setsid ls", &[("setsid ls", None, Some(INDIR))]),
    ("POL-FLOOR-4", "stdbuf -o0 ls", &[("stdbuf -o0 ls", None, Some(INDIR))]),
    ("POL-FLOOR-4", "watch ls", &[("watch ls", None, Some(INDIR))]),
    ("POL-FLOOR-4", "flock f ls", &[("flock f ls", None, Some(INDIR))]),
    ("POL-FLOOR-4", "sudo", &[("sudo", None, Some(INDIR))]),
    ("POL-FLOOR-4", "env", &[("env", None, Some(INDIR))]),
    ("POL-FLOOR-4", "time", &[("time", None, Some(INDIR))]),
    ("POL-FLOOR-4", "git status | sudo tee x", &[("git status", None, None), ("sudo tee x", None, Some(INDIR))]),
    ("POL-FLOOR-4", "echo $(sudo rm x)", &[("echo $(sudo rm x)", None, None), ("sudo rm x", Some(CS), Some(INDIR))]),
    ("POL-FLOOR-4", "Sudo ls", &[("Sudo ls", None, None)]),
    ("POL-FLOOR-4", "sudox ls", &[("sudox ls", None, None)]),
    ("POL-FLOOR-4", "ionice ls", &[("ionice ls", None, None)]),
    ("POL-FLOOR-4", "chroot / ls", &[("chroot / ls", None, None)]),
    ("POL-FLOOR-4", "strace ls", &[("strace ls", None, None)]),
    ("POL-FLOOR-5", "find . -exec rm {} \\;", &[("find . -exec rm {} \\;", None, Some(INDIR))]),
    ("POL-FLOOR-5", "find . -execdir rm {} +", &[("find . -execdir rm {} +", None, Some(INDIR))]),
    ("POL-FLOOR-5", "find . -ok rm", &[("find . -ok rm", None, Some(INDIR))]),
    ("POL-FLOOR-5", "find . -okdir rm", &[("find . -okdir rm", None, Some(INDIR))]),
    ("POL-FLOOR-5", "find . -name x", &[("find . -name x", None, None)]),
    ("POL-FLOOR-5", "find . '-exec' rm", &[("find . '-exec' rm", None, None)]),
    ("POL-FLOOR-5", "find . -exec=x", &[("find . -exec=x", None, None)]),
    ("POL-FLOOR-5", "fd -x rm", &[("fd -x rm", None, Some(INDIR))]),
    ("POL-FLOOR-5", "fd --exec rm", &[("fd --exec rm", None, Some(INDIR))]),
    ("POL-FLOOR-5", "fd -X rm", &[("fd -X rm", None, Some(INDIR))]),
    ("POL-FLOOR-5", "fd --exec-batch rm", &[("fd --exec-batch rm", None, Some(INDIR))]),
    ("POL-FLOOR-5", "fd x", &[("fd x", None, None)]),
    ("POL-FLOOR-5", "fd --exec=rm", &[("fd --exec=rm", None, None)]),
    ("POL-FLOOR-5", "find -exec", &[("find -exec", None, Some(INDIR))]),
    ("POL-FLOOR-5", "fd -xrm", &[("fd -xrm", None, None)]),
    ("POL-FLOOR-5", "/usr/bin/find . -delete -exec ls", &[("/usr/bin/find . -delete -exec ls", None, Some(INDIR))]),
    ("POL-FLOOR-5", "find . -- -exec", &[("find . -- -exec", None, Some(INDIR))]),
    ("POL-FLOOR-1", "sudo\u{000B}ls", &[("sudo\u{000B}ls", None, Some(INDIR))]),
    ("POL-FLOOR-1", "sudo\u{000C}ls", &[("sudo\u{000C}ls", None, Some(INDIR))]),
    ("POL-FLOOR-1", "sudo\rls", &[("sudo\rls", None, Some(INDIR))]),
    ("POL-FLOOR-1", "sudo\u{00A0}ls", &[("sudo\u{00A0}ls", None, None)]),
    ("POL-FLOOR-1", "sudo\tls", &[("sudo\tls", None, Some(INDIR))]),
    ("POL-FLOOR-1", "sudo\\\nls", &[("sudo\\\nls", None, Some(INDIR))]),
    ("POL-FLOOR-1", "> $(rm x) ls", &[("> $(rm x) ls", None, None), ("rm x", Some(CS), None)]),
    ("POL-FLOOR-1", "FOO=1 BAR=2", &[("FOO=1 BAR=2", None, None)]),
    ("POL-FLOOR-1", "A=1 sudo ls", &[("sudo ls", None, Some(INDIR))]),
    ("POL-FLOOR-1", "(sudo ls)", &[("(sudo ls)", None, None), ("sudo ls", Some(SUB), Some(INDIR))]),
    ("POL-FLOOR-1", "{ sudo ls; }", &[("{ sudo ls; }", None, None)]),
];

/// POL-FLOOR-1, POL-FLOOR-2, POL-FLOOR-3, POL-FLOOR-4, POL-FLOOR-5: each unit's
/// floor agrees with the package.
#[test]
fn pol_floor_rows_agree_with_the_package() {
    let mut failures = Vec::new();
    for (clause, command, want) in ROWS {
        let got: Vec<_> = enumerate(command)
            .unwrap()
            .into_iter()
            .map(|u| (u.text, u.context, u.wrapper_kind))
            .collect();
        let want: Vec<_> = want
            .iter()
            .map(|(t, c, w)| ((*t).to_owned(), *c, *w))
            .collect();
        if got != want {
            failures.push(format!(
                "{clause} {command:?}\n  got  {got:?}\n  want {want:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// POL-FLOOR-3, POL-FLOOR-4: the name lists are exactly those of upstream.md §5 step 3.
#[test]
fn pol_floor_name_lists_are_exact() {
    let mut shells = SHELL_NAMES.to_vec();
    shells.sort_unstable();
    assert_eq!(shells, ["bash", "dash", "ksh", "sh", "zsh"]);
    let mut names = INDIRECTION_NAMES.to_vec();
    names.sort_unstable();
    let mut want = [
        "sudo",
        "env",
        "xargs",
        "time",
        "nohup",
        "timeout",
        "nice",
        "parallel",
        "rust-parallel",
        "rush",
        "doas",
        "setsid",
        "stdbuf",
        "watch",
        "flock",
    ];
    want.sort_unstable();
    assert_eq!(names, want);
}

/// POL-FLOOR-1: no words, no floor; the words are taken as given.
#[test]
fn pol_floor_1_word_api() {
    let rows: [(&[&str], Option<WrapperKind>); 5] = [
        (&[], None),
        (&["eval"], Some(OPAQUE)),
        (&["sh", "-c"], Some(OPAQUE)),
        (&["fd", "-X"], Some(INDIR)),
        (&["find", "-print"], None),
    ];
    for (words, want) in rows {
        assert_eq!(wrapper_kind(words.iter().copied()), want, "{words:?}");
    }
}
