//! What INV-GROUND judges each executed command by (spec §6.2,
//! `INV-GROUND-6`, `INV-GROUND-7`), against records the execution oracle
//! makes of real bash runs: compound heads by their substitutions, a
//! rendering that does not parse by the argv the stub recorded.
#![cfg(feature = "ground")]

use inner_cmd_spec::ground::Execution;
use inner_cmd_spec::invariants::{check_ground, judge_ground, Basis};
use inner_cmd_spec::policy::Policy;

use crate::ground::{policy, run};
use inner_cmd_spec::verdict::PermissionState::{Allow, Ask, Deny};

/// The basis of the first executed command whose text is `text`.
fn basis_of(execution: &Execution, policy: &Policy, text: &str) -> (Basis, bool) {
    let index = execution
        .commands
        .iter()
        .position(|c| c.text == text)
        .unwrap_or_else(|| panic!("{text:?} not executed: {:?}", execution.commands));
    let judgement = &judge_ground(policy, execution)[index];
    (judgement.basis, judgement.covered())
}

/// INV-GROUND-6: the heads of `for`, `select`, `case`, `[[ ]]` and `(( ))`
/// run no program; they are judged by the commands their substitutions
/// ran, each an entry of its own (the hardened soundness run's open report:
/// `for i in 1 2; do time rm -rf build; done`).
#[test]
fn inv_ground_6_compound_heads_are_judged_by_their_substitutions() {
    let policy = policy(&[("*", Ask), ("echo *", Allow), ("ls *", Allow), ("id", Deny)]);
    let command = "for i in 1 $(echo 2); do ls; done; case $(echo a) in a) ls;; esac; \
                   [[ -n $(echo x) ]]; (( 1 + $(echo 2) )); for ((i=0;i<1;i++)); do ls; done";
    let execution = run(command);
    for head in [
        "for i in 1 $(echo 2)",
        "case $(echo a) in ",
        "[[ -n $(echo x) ]]",
        "(( 1 + $(echo 2) ))",
        "((i=0))",
        "((i++))",
    ] {
        assert_eq!(
            basis_of(&execution, &policy, head),
            (Basis::Substitutions, true),
            "{head}"
        );
    }
    assert_eq!(basis_of(&execution, &policy, "echo 2"), (Basis::Text, true));
    assert!(check_ground(&policy, &execution).is_ok());
    // A substitution in a head is still judged: it is an entry of its own.
    let execution = run("for i in $(id); do ls; done");
    let violation = check_ground(&policy, &execution).unwrap_err();
    assert_eq!(violation.text, "id");
    assert_eq!(violation.check.state, Deny);
}

/// INV-GROUND-7: bash renders an argument that is an escaped blank as `\`
/// and the blank, ending its text; that rendering does not parse (a
/// trailing backslash), so the command is judged by the argv its stub
/// recorded, not by an `ERROR` unit no rule is about.
#[test]
fn inv_ground_7_an_unparseable_rendering_is_judged_by_its_argv() {
    let allow_cat = policy(&[("*", Ask), ("cat *", Allow), ("wc *", Allow)]);
    let execution = run("cat 'a b' \\\t| wc -l");
    let rendered = "cat 'a b' \\\t";
    assert_eq!(
        basis_of(&execution, &allow_cat, rendered),
        (Basis::Argv, true)
    );
    assert!(check_ground(&allow_cat, &execution).is_ok());
    // Not weaker: the argv is judged by the same rules.
    let deny_cat = policy(&[("*", Allow), ("cat *", Deny)]);
    let violation = check_ground(&deny_cat, &execution).unwrap_err();
    assert!(violation.text.starts_with("cat 'a b' "), "{violation}");
    assert_eq!(violation.check.state, Deny);
}
