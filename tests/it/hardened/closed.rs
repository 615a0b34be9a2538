//! The closed world (spec §12.11, `HARD-ADMIT-*`, `HARD-READ-1`): the
//! classes of issue 26 are closed by the admitted subset itself, not by
//! clauses written for them, and the idioms agents run stay inside it.
//!
//! Every witness below was run in GNU bash 5.2 with its hidden command
//! replaced by `touch ran` (in a scratch directory), and `ran` appeared:
//! bash runs what the tree does not show. Spellings beyond the are
//! included on purpose (another operator, quoting, nesting, attached
//! options).

use inner_cmd_spec::hardened::syntax::{agree, closed};
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::policy::units::bash_parser;
use inner_cmd_spec::verdict::PermissionState::{Allow, Deny};

use crate::support;

const HOME: &str = "/home/u";

/// The classes 1-7, each with several spellings.
const WITNESSES: &[(&str, &str)] = &[
    // 1: backquotes anywhere, at any depth.
    ("1", "echo ${x:-`rm -rf x`}"),
    ("1", "x=1; echo ${x#`rm -rf x`}"),
    ("1", "x=1; echo \"${x:+`rm -rf x`}\""),
    ("1", "x=1; echo ${x%`rm -rf x`}"),
    ("1", "echo `echo \\`rm -rf x\\``"),
    ("1", "x=`echo \\`rm -rf x\\``"),
    ("1", "echo \"`rm -rf x`\""),
    ("1", ": `echo a; rm -rf x`"),
    // 2: arithmetic contexts; a value `a[$(…)]` evaluated recursively.
    ("2", "v=abc; o='a[$(rm -rf x)0]'; echo ${v:o}"),
    ("2", "echo ${v:0:o}"),
    ("2", "echo ${@:o}"),
    ("2", "echo $((o))"),
    ("2", "[[ $o -eq 0 ]]"),
    ("2", "echo ${a[o]}"),
    ("2", "echo $[o]"),
    ("2", "echo ${a[o]:-x} ${#a[o]}"),
    // 3: builtins that evaluate a subscript inside a name.
    ("3", "test -v 'a[$(rm -rf x)0]'"),
    ("3", "[ -v 'a[$(rm -rf x)0]' ]"),
    ("3", "[[ -v a[$(rm -rf x)0] ]]"),
    ("3", "op=-v; test \"$op\" 'a[$(rm -rf x)0]'"),
    (
        "3",
        "for op in -v; do [ \"$op\" = x -o \"$op\" 'a[$(rm -rf x)0]' ]; done",
    ),
    ("3", "read 'a[$(rm -rf x)0]' <<< x"),
    ("3", "unset 'a[$(rm -rf x)0]'"),
    ("3", "declare 'a[$(rm -rf x)0]=1'"),
    ("3", "local 'a[$(rm -rf x)0]=1'"),
    ("3", "printf -v 'a[$(rm -rf x)0]' x"),
    ("3", "printf '-va[$(rm -rf x)0]' x"),
    ("3", "printf \"-va[\\$(rm -rf x)0]\" x"),
    // 4: bash's command tables written as arrays.
    ("4", "BASH_CMDS[ls]=/bin/rm; ls -rf x"),
    ("4", "BASH_ALIASES[ls]='rm -rf x'"),
    ("4", "BASH_CMDS['ls']=/bin/rm"),
    // 5: assignments the syntax does not show.
    ("5", "set -k; git status GIT_EXTERNAL_DIFF=/tmp/x"),
    ("5", "set -ka"),
    ("5", "set -a; : ${LD_PRELOAD:=/tmp/x.so}; ls"),
    (
        "5",
        "for LD_PRELOAD in /tmp/x.so; do export LD_PRELOAD; done; ls",
    ),
    ("5", "read LD_PRELOAD <<< /tmp/x.so; export LD_PRELOAD; ls"),
    ("5", "select BASH_ENV in /tmp/x; do break; done"),
    ("5", "export \"LD_PRELOAD=/tmp/x.so\"; ls"),
    ("5", "export {LD_PRELOAD,X}=/tmp/x.so; ls"),
    ("5", "declare -n r=PATH; r=/tmp; ls"),
    ("5", "export -n CI"),
    // 6: prompt expansion.
    ("6", "for PS4 in '$(rm -rf x)'; do set -x; :; done"),
    ("6", "read PS4 <<< '$(rm -rf x)'; set -x; :"),
    ("6", "set -x; ls"),
    ("6", "IFS= read -r PS4 <<< '$(rm -rf x)'; set -x; :"),
    ("5", "IFS=x ls"),
    ("5", "IFS=, ls"),
    ("6", "set -o xtrace; ls"),
    ("6", "x='$(rm -rf x)'; echo ${x@P}"),
    // 7: code-running builtins, however spelled.
    ("7", "jobs -x rm -rf x"),
    ("7", "\"jobs\" -x rm -rf x"),
    ("7", "j\\obs -x rm -rf x"),
    ("7", "wait -p 'a[$(rm -rf x)0]'"),
    ("7", "shopt -s expand_aliases"),
];

fn admitted(command: &str) -> Result<(), String> {
    let mut parser = bash_parser().unwrap();
    let tree = parser.parse(command, None).unwrap();
    if tree.root_node().has_error() {
        return Err("parse error".to_owned());
    }
    if let Some(refusal) = closed::first_refusal(command, tree.root_node()) {
        return Err(format!("{} at {:?}", refusal.row.id(), refusal.span));
    }
    agree::agree(command, tree.root_node()).map_err(|span| format!("HARD-READ-1 at {span:?}"))
}

/// HARD-ADMIT-1, HARD-ADMIT-2, HARD-ADMIT-3, HARD-ADMIT-4, HARD-ADMIT-5,
/// HARD-ADMIT-6, HARD-ADMIT-7, HARD-READ-1: each witness of classes 1-7
/// is outside the admitted subset (the closed world alone refuses it, with
/// no other clause's help), and the hardened gate does not allow it under
/// `*` allow with `rm *` denied.
#[test]
fn hard_admit_1_closes_the_classes() {
    let policy = support::policy(&[("*", Allow), ("rm *", Deny)], HOME);
    let mut failures = Vec::new();
    for (class, command) in WITNESSES {
        let mut parser = bash_parser().unwrap();
        let tree = parser.parse(command, None).unwrap();
        // Closed by the closed world itself, whatever other clause asks too.
        if !tree.root_node().has_error() && admitted(command).is_ok() {
            failures.push(format!("class {class}: admitted: {command:?}"));
        }
        let hardened = Profile::Hardened.gate(&policy, command);
        if hardened.state == Allow {
            failures.push(format!("class {class}: hardened allows {command:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// HARD-USE-1, HARD-ADMIT-2, HARD-ADMIT-3, HARD-ADMIT-4, HARD-ADMIT-5,
/// HARD-ADMIT-6, HARD-ADMIT-7, HARD-READ-1: the idioms agents
/// run every day are inside the admitted subset, and the hardened pipeline
/// allows them under `*` allow.
#[test]
fn hard_admit_1_keeps_the_idioms() {
    let idioms = [
        "git commit -m \"$(cat <<'EOF'\nFix the walk\n\nDetails.\nEOF\n)\"",
        "git add -A && git commit -m \"$(cat <<\"EOF\"\nmsg\nEOF\n)\"",
        "cargo test 2>&1 | tail -n 50",
        "cd /repo && npm test",
        "for f in src/*.rs; do wc -l \"$f\"; done",
        "echo \"$PWD\" $(pwd) ${HOME} \"${VAR:-default}\"",
        "echo \"${PORT:-3000}\" ${NODE_ENV:-test}",
        "cd \"${XDG_CONFIG_HOME:-$HOME/.config}\" && ls",
        "echo \"build of $USER in $HOME: $?\"",
        "ls -la | head -20 | grep rs | wc -l | sort | uniq -c",
        "git log --oneline | head -20; git status || true",
        "ls 2>/dev/null > /tmp/x",
        "cat <<'EOF' > notes.md\n# Notes\nEOF",
        "cat <<EOF\nplain text\nEOF",
        "[ -f Cargo.toml ] && cargo build",
        "[ -n \"$CI\" ] || echo local",
        "[ $? -eq 0 ] && echo ok",
        "test -d node_modules || npm install",
        "[[ -f x && \"$y\" == *.rs ]] && echo yes",
        "if [ -d target ]; then cargo test; else echo none; fi",
        "while read -r line; do echo \"$line\"; done < files.txt",
        "while read -r a b; do echo \"$a\"; done <<< \"x y\"",
        "while IFS= read -r line; do echo \"$line\"; done < files.txt",
        "IFS=, read -r a b <<< \"x,y\"",
        "echo $(git rev-parse --abbrev-ref HEAD) $(git rev-parse HEAD)",
        "export NODE_ENV=production && npm run build",
        "export CI=1 RUST_BACKTRACE=1; cargo test",
        "NODE_ENV=test npm test",
        "RUST_LOG=debug cargo run -- --help",
        "time cargo build --release",
        "timeout 120 cargo test -- --nocapture",
        "echo $((1 + 2 * 3))",
        "set -euo pipefail; make test",
        "mkdir -p build && cd build && cmake .. && make -j4",
        "find . -name '*.rs' -not -path './target/*' | head -n 20",
        "grep -rn 'TODO' src/ | head -n 30",
        "case \"$x\" in a|b) echo ab;; *) echo other;; esac",
        "ls # list the files",
        "docker compose ps\ndocker compose logs --tail 20",
        "npm run dev &",
        "ls \\\n  -la",
        "echo ${x%.rs} ${x##*/} ${#x}",
        "printf '%s\\n' a b",
        "cd - && pwd",
        "kill %1; true",
        "npm run dev & sleep 2; curl -s localhost:3000; kill $!; wait",
        "sleep 1 & wait $! %1",
        "(cd sub && make)",
        "{ echo a; echo b; } > /tmp/out.txt",
        "cat $'a\\tb'",
        "git log @{u}..HEAD",
        "npm test 2>&1 | tee /tmp/out.log; echo \"exit: ${PIPESTATUS[0]}\" ${a[@]}",
    ];
    let policy = support::allow_all(HOME);
    let mut failures = Vec::new();
    for idiom in idioms {
        if let Err(why) = admitted(idiom) {
            failures.push(format!("not admitted ({why}): {idiom:?}"));
        }
        let hardened = decide_profiled(&policy, idiom, &Options::default(), Profile::Hardened);
        if hardened.outcome != Allow {
            failures.push(format!("hardened {:?}: {idiom:?}", hardened.outcome));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// HARD-READ-1: the second reading refuses what it does not read even where
/// the tree has no error, and agrees where both read the same.
#[test]
fn hard_read_1_second_reading() {
    let mut parser = bash_parser().unwrap();
    for (command, agrees) in [
        ("echo a b | wc -l", true),
        ("cat <<-EOF\n\tbody\n\tEOF\nls", true),
        ("echo 'a b' \"c $(ls) d\" # c", true),
        ("echo `ls`", false),
        ("ec\\\nho hi", false),
        ("echo $\"x\"", false),
        ("cat <(ls)", false),
        ("cat <<EOF\n$(rm -rf x)\nEOF", false),
    ] {
        let tree = parser.parse(command, None).unwrap();
        assert_eq!(
            agree::agree(command, tree.root_node()).is_ok(),
            agrees,
            "{command:?}"
        );
    }
}

/// HARD-ADMIT-1, HARD-READ-1, HARD-UNIT-4: the closed world's checks are one
/// pass each, so large words get a verdict (a quadratic brace search once
/// made a word of many `{` run for minutes), and it is the fail-closed one.
/// (The sizes are kept small: the whole walk, not only the closed world,
/// must be linear for larger ones.)
#[test]
fn hard_admit_1_large_words_get_a_verdict() {
    let policy = support::allow_all(HOME);
    let braces = format!("echo {}a,b{}", "{".repeat(4_000), "}".repeat(4_000));
    assert_ne!(Profile::Hardened.gate(&policy, &braces).state, Allow);
    let unmatched = format!("echo {}", "{".repeat(4_000));
    assert_eq!(Profile::Hardened.gate(&policy, &unmatched).state, Allow);
    let quoted = format!("echo \"{}\"", "$(echo a)".repeat(1_000));
    assert_eq!(Profile::Hardened.gate(&policy, &quoted).state, Allow);
}

/// HARD-TRACE-1, HARD-ADMIT-5: the trace names the clause of the row and the
/// construct it refused.
#[test]
fn hard_trace_1_names_the_construct() {
    let policy = support::allow_all(HOME);
    let outcome = decide_profiled(
        &policy,
        "ls && jobs -x rm -rf x",
        &Options::default(),
        Profile::Hardened,
    );
    let trace = inner_cmd_spec::trace::render_hardened(&outcome);
    assert!(
        trace.contains("HARD-ADMIT-5 decided the gate on `jobs -x rm -rf x`: a command or builtin"),
        "{trace}"
    );
}
