//! Bash's own parse as a differential oracle of roles (`INV-ROLE-1` to
//! `INV-ROLE-5`): the witnesses of issue 37's three classes are reported
//! by the differential itself, whatever any profile decides; the known
//! corners of the redirection grammar read alike in both readings where
//! they agree; and a bounded run of generated commands finds no allowed
//! command whose roles disagree.
//!
//! Needs the features `ground` and `gen`, GNU bash 5.1 or later
//! (`--pretty-print`) and util-linux `unshare`.
#![cfg(all(feature = "ground", feature = "gen"))]

use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::soundness::roles::{
    differential, disagreements, BashReader, Disagreement, Reading,
};
use inner_cmd_spec::soundness::Source;

fn reader() -> BashReader {
    BashReader::new().expect("bash and unshare on PATH")
}

fn found(command: &str) -> Vec<Disagreement> {
    disagreements(&reader(), command).unwrap_or_else(|e| panic!("{command:?}: {e}"))
}

/// INV-ROLE-4: the three classes of issue 37, each reported with the token
/// and both roles, independently of any profile.
#[test]
fn inv_role_4_the_three_classes_are_role_disagreements() {
    let close = found("cat 2>&- .env");
    assert!(
        close
            .iter()
            .any(|d| d.token == ".env" && d.bash == "argument 1" && d.tree.contains("2>&-")),
        "{close:?}"
    );
    let zero = found("cd 0<&- && cat .ssh/id_rsa");
    assert!(
        zero.iter().any(|d| d.token == "0"
            && d.bash.contains("descriptor of `0>&-`")
            && d.tree == "argument 1"),
        "{zero:?}"
    );
    let word = found("echo hi >&'$(pwnd)'");
    assert!(
        word.iter()
            .any(|d| d.token == "$(pwnd)" && d.bash.contains("no descriptor")),
        "{word:?}"
    );
    // Variants of the classes: every close, a descriptor 0 before each
    // operator, a duplication word in every spelling.
    for command in [
        "cat <&- .env",
        "cat 1>&-.env",
        "cat 9<&- .env",
        "sh 0<<<'rm -rf x'",
        "cat 0< .env",
        "echo hi 1>&\"$HOME/.bashrc\"",
        "echo hi >&~/.bashrc",
        "exec {fd}>out",
        "echo >&1 hi",
    ] {
        assert!(!found(command).is_empty(), "{command:?} reads alike");
    }
}

/// INV-ROLE-2, INV-ROLE-3: everyday redirections and the corners of the
/// grammar (here-documents, `<<-`, here-strings, descriptors `3` and `10`,
/// moves, compound commands, substitutions) read alike in both readings
/// where the tree reads them as bash does.
#[test]
fn inv_role_3_corners_that_read_alike() {
    for command in [
        "ls 2>&1",
        "ls >/dev/null 2>/dev/null",
        "ls &>log",
        "ls &>>log",
        "cat <README.md",
        "echo hi >out.txt",
        "echo hi >|out.txt",
        "echo hi >>out.txt",
        "cat <<EOF\nhi $(pwd)\nEOF",
        "cat <<-'EOF'\n\thi\n\tEOF",
        "cat <<<\"$(pwd)\"",
        "cat 3<README.md",
        "echo hi 10>out 2>&1",
        "echo hi 2>&1- 1>&2",
        "{ echo hi; } 2>/dev/null",
        "for i in 1; do echo $i; done >out",
        "f() { echo hi; } >out",
        "( echo a; echo b ) | cat",
        "echo $'a\\x20b' \"c d\" e\\ f",
        "a=1 b=2 echo \"$(ls >x; echo hi)\"",
        "[ -f x ] && echo hi",
        "echo `date` ${x:-$(pwd)}",
        // A redirection after a negation is its command's (the tree hangs
        // it on the negation).
        "! ls <<'EOF'\nbody line\nEOF",
        "! grep -q x f 2>/dev/null",
    ] {
        let got = found(command);
        assert!(got.is_empty(), "{command:?}: {got:?}");
    }
}

/// INV-ROLE-1: a text that would close the frame is not read as a whole,
/// nor run: nothing of it executes (the restricted reader could not write
/// here anyway; the frame check is what refuses it).
#[test]
fn inv_role_1_a_text_that_breaks_the_frame_is_not_compared() {
    let readings = reader()
        .read(&[
            "cat <<EOF".to_owned(),
            "echo hi \\".to_owned(),
            "}; kill -9 -1; {".to_owned(),
            "echo ok".to_owned(),
        ])
        .unwrap();
    // bash warns of the here-document the frame's end closed: refused.
    assert!(
        matches!(readings[0], Reading::Refused(_)),
        "{:?}",
        readings[0]
    );
    // The line continuation joins the frame's end to the command.
    assert!(
        matches!(readings[1], Reading::Unframed(_)),
        "{:?}",
        readings[1]
    );
    assert!(
        matches!(readings[2], Reading::Refused(_)),
        "{:?}",
        readings[2]
    );
    assert_eq!(readings[3], Reading::Rendered("echo ok".to_owned()));
}

/// INV-ROLE-5: a bounded run, shapes and families, under the hardened
/// profile: no allowed command whose roles disagree.
/// Before the roles of HARD-READ-2 and the redirection table of
/// HARD-ADMIT-7 this run failed on four allowed commands, all issue 37's
/// classes (`pwd >&'$(cat .env)'`, `npm test; sh 0<<<'cat .env'`, …).
#[test]
fn inv_role_5_no_allowed_command_disagrees() {
    let report = differential(&reader(), Source::Both, 37, 400, Profile::Hardened).unwrap();
    assert!(report.compared > 200, "{report:?}");
    assert!(
        report.failures.is_empty(),
        "{} allowed commands disagree: {:#?}",
        report.failures.len(),
        report.failures
    );
}

/// INV-ROLE-5: the same run sees disagreements at all: the generators
/// reach the redirection grammar's corners (`GEN-FAM-16`), so a profile
/// that allowed them would fail the run above.
#[test]
fn inv_role_5_the_bounded_run_reaches_disagreements() {
    let report = differential(&reader(), Source::Both, 37, 400, Profile::Hardened).unwrap();
    assert!(report.compared > 200, "{report:?}");
    assert!(report.disagreeing > 0, "{report:?}");
}

/// INV-ROLE-5: the one kind of allowed command counted apart: the
/// authorizer allowed the de-wrapped command, on which both readings agree,
/// while the readings of the wrapped text differ (`!` after `time`).
#[test]
fn inv_role_5_a_dewrapped_allow_is_judged_on_the_dewrapped_text() {
    use inner_cmd_spec::pipeline::{decide_profiled, Options};
    use inner_cmd_spec::verdict::PermissionState;
    assert!(!found("time ! ls").is_empty());
    assert!(found("! ls").is_empty());
    let policy = inner_cmd_spec::soundness::permissive();
    let outcome = decide_profiled(&policy, "time ! ls", &Options::default(), Profile::Hardened);
    assert_eq!(outcome.outcome, PermissionState::Allow);
    assert_ne!(outcome.gate.state, PermissionState::Allow);
    assert_eq!(outcome.dewrapped_command(), Some("! ls"));
}
