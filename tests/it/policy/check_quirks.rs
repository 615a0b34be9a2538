//! The deployed package's fail-open quirks, reproduced (spec §7.3–§7.5).
//!
//! Policy: allow everything, deny `rm *` and `*secret*`. Each row is what
//! `@gotgenes/pi-permission-system@20.7.3` answers (Node 20, ad-hoc harness
//! around its own enumeration and check; gate and advisory agree on every
//! row). Most rows are `allow` although the command can run `rm -rf /` (or
//! read a secret): the reference specifies that behaviour so that a
//! conforming peer reproduces the package and the findings stay visible, a
//! few contrast rows show the neighbouring case that is caught.

use inner_cmd_spec::policy::Policy;
use inner_cmd_spec::verdict::PermissionState;

const ALLOW: PermissionState = PermissionState::Allow;
const ASK: PermissionState = PermissionState::Ask;
const DENY: PermissionState = PermissionState::Deny;

/// (clause, command, state, matched pattern, triggering text) — from the package.
type Row = (
    &'static str,
    &'static str,
    PermissionState,
    Option<&'static str>,
    &'static str,
);

#[rustfmt::skip]
const ROWS: &[Row] = &[
    ("POL-CHECK-2", "rm\t-rf /", ALLOW, Some("*"), "rm\t-rf /"),
    ("POL-CHECK-2", "rm\\\n -rf /", ALLOW, Some("*"), "rm\\\n -rf /"),
    ("POL-CHECK-2", "\"rm\" -rf /", ALLOW, Some("*"), "\"rm\" -rf /"),
    ("POL-CHECK-2", "\\rm -rf /", ALLOW, Some("*"), "\\rm -rf /"),
    ("POL-CHECK-2", "'rm' -rf /", ALLOW, Some("*"), "'rm' -rf /"),
    ("POL-CHECK-2", "rm${IFS}-rf /", ALLOW, Some("*"), "rm${IFS}-rf /"),
    ("POL-CHECK-2", "{rm,-rf,/}", ALLOW, Some("*"), "{rm,-rf,/}"),
    ("POL-CHECK-2", "$'rm' -rf /", ALLOW, Some("*"), "$'rm' -rf /"),
    ("POL-CHECK-2", "/bin/rm -rf /", ALLOW, Some("*"), "/bin/rm -rf /"),
    ("POL-CHECK-2", "r\\m -rf /", ALLOW, Some("*"), "r\\m -rf /"),
    ("POL-CHECK-2", "command rm -rf /", ALLOW, Some("*"), "command rm -rf /"),
    ("POL-CHECK-2", "exec rm -rf /", ALLOW, Some("*"), "exec rm -rf /"),
    ("POL-UNIT-7", "{ rm -rf /; }", ALLOW, Some("*"), "{ rm -rf /; }"),
    ("POL-UNIT-7", "if true; then rm -rf /; fi", ALLOW, Some("*"), "if true; then rm -rf /; fi"),
    ("POL-UNIT-7", "for i in 1; do rm -rf /; done", ALLOW, Some("*"), "for i in 1; do rm -rf /; done"),
    ("POL-UNIT-7", "while true; do rm -rf /; done", ALLOW, Some("*"), "while true; do rm -rf /; done"),
    ("POL-UNIT-7", "until false; do rm -rf /; done", ALLOW, Some("*"), "until false; do rm -rf /; done"),
    ("POL-UNIT-7", "select x in a; do rm -rf /; done", ALLOW, Some("*"), "select x in a; do rm -rf /; done"),
    ("POL-UNIT-7", "case x in x) rm -rf /;; esac", ALLOW, Some("*"), "case x in x) rm -rf /;; esac"),
    ("POL-UNIT-7", "f() { rm -rf /; }; f", ALLOW, Some("*"), "f() { rm -rf /; }"),
    ("POL-UNIT-7", "echo x | { rm -rf /; }", ALLOW, Some("*"), "echo x"),
    ("POL-UNIT-7", "A=$(rm -rf /)", ALLOW, Some("*"), "A=$(rm -rf /)"),
    ("POL-UNIT-7", "export A=$(rm -rf /)", ALLOW, Some("*"), "export A=$(rm -rf /)"),
    ("POL-UNIT-7", "declare A=$(rm -rf /)", ALLOW, Some("*"), "declare A=$(rm -rf /)"),
    ("POL-UNIT-7", "local A=$(rm -rf /)", ALLOW, Some("*"), "local A=$(rm -rf /)"),
    ("POL-UNIT-7", "! rm -rf /", ALLOW, Some("*"), "! rm -rf /"),
    ("POL-UNIT-7", "coproc rm -rf /", ALLOW, Some("*"), "coproc rm -rf /"),
    ("POL-UNIT-7", "[[ $(rm -rf /) ]]", ALLOW, Some("*"), "[[ $(rm -rf /) ]]"),
    ("POL-UNIT-7", "[ -n \"$(rm -rf /)\" ]", ALLOW, Some("*"), "[ -n \"$(rm -rf /)\" ]"),
    ("POL-UNIT-7", "((x=$(rm -rf /)))", ALLOW, Some("*"), "((x=$(rm -rf /)))"),
    ("POL-UNIT-7", "(( $(rm -rf /) ))", ALLOW, Some("*"), "(( $(rm -rf /) ))"),
    ("POL-UNIT-2", "ls > >(rm -rf /)", ALLOW, Some("*"), "ls"),
    ("POL-UNIT-2", "ls > $(rm -rf /)", ALLOW, Some("*"), "ls"),
    ("POL-UNIT-2", "ls 2>$(rm -rf /)", ALLOW, Some("*"), "ls"),
    ("POL-UNIT-2", "ls 3< <(rm -rf /)", ALLOW, Some("*"), "ls"),
    ("POL-UNIT-2", "cat <<EOF\n$(rm -rf /)\nEOF", ALLOW, Some("*"), "cat"),
    ("POL-UNIT-2", "cat <<EOF\n`rm -rf /`\nEOF", ALLOW, Some("*"), "cat"),
    ("POL-UNIT-2", "cat <<EOF && rm -rf /\nx\nEOF", ALLOW, Some("*"), "cat"),
    ("POL-UNIT-2", "cat <<EOF | rm -rf /\nx\nEOF", ALLOW, Some("*"), "cat"),
    ("POL-UNIT-2", "cat <<EOF || rm -rf /\nx\nEOF", ALLOW, Some("*"), "cat"),
    ("POL-UNIT-2", "cat <<EOF & rm -rf /\nx\nEOF", ALLOW, Some("*"), "cat"),
    ("POL-UNIT-2", "cat <<-EOF && rm -rf /\n\tx\n\tEOF", ALLOW, Some("*"), "cat"),
    ("POL-UNIT-2", "cat <<'EOF' && rm -rf /\nx\nEOF", ALLOW, Some("*"), "cat"),
    ("POL-UNIT-2", "cat <<EOF > $(rm -rf /)\nx\nEOF", ALLOW, Some("*"), "cat"),
    ("POL-UNIT-2", "cat <<EOF $(rm -rf /)\nx\nEOF", ALLOW, Some("*"), "cat"),
    ("POL-UNIT-2", "cat <<EOF; rm -rf /\nx\nEOF", ALLOW, Some("*"), "cat"),
    ("POL-UNIT-2", "cat <<EOF\nx\nEOF\nrm -rf /", DENY, Some("rm *"), "rm -rf /"),
    ("POL-UNIT-2", "cat <<< x && rm -rf /", DENY, Some("rm *"), "rm -rf /"),
    ("POL-UNIT-4", "2>/dev/null rm -rf /", ALLOW, Some("*"), "2>/dev/null rm -rf /"),
    ("POL-UNIT-4", "> /dev/null rm -rf /", ALLOW, Some("*"), "> /dev/null rm -rf /"),
    ("POL-UNIT-4", "FOO=1\u{00A0}rm -rf /", ALLOW, Some("*"), "-rf /"),
    ("POL-UNIT-4", "FOO=1 rm -rf /", DENY, Some("rm *"), "rm -rf /"),
    ("POL-FLOOR-2", "\"bash\" -c 'rm -rf /'", ALLOW, Some("*"), "\"bash\" -c 'rm -rf /'"),
    ("POL-FLOOR-2", "\\eval 'rm -rf /'", ALLOW, Some("*"), "\\eval 'rm -rf /'"),
    ("POL-FLOOR-2", "command eval 'rm -rf /'", ALLOW, Some("*"), "command eval 'rm -rf /'"),
    ("POL-FLOOR-2", "builtin eval 'rm -rf /'", ALLOW, Some("*"), "builtin eval 'rm -rf /'"),
    ("POL-FLOOR-2", "bash -c 'rm -rf /'", ASK, Some("<opaque-bash-wrapper>"), "bash -c 'rm -rf /'"),
    ("POL-UNIT-5", "echo `echo \\`rm -rf /\\``", ALLOW, Some("*"), "echo `echo \\`rm -rf /\\``"),
    ("POL-UNIT-5", "echo $[ $(rm -rf /) ]", DENY, Some("rm *"), "rm -rf /"),
    ("POL-UNIT-5", "test $(rm -rf /)", DENY, Some("rm *"), "rm -rf /"),
    ("POL-CHECK-1", "cat \"x\n#\" /etc/secret", ALLOW, Some("*"), "cat \"x\n#\" /etc/secret"),
    ("POL-CHECK-1", "# note\nrm -rf /", DENY, Some("rm *"), "rm -rf /"),
];

fn deny_list_policy() -> Policy {
    crate::support::policy(
        &[("*", ALLOW), ("rm *", DENY), ("*secret*", DENY)],
        "/home/user",
    )
}

/// POL-UNIT-2, POL-UNIT-4, POL-UNIT-5, POL-UNIT-7, POL-FLOOR-2, POL-CHECK-1,
/// POL-CHECK-2: the package's answers, fail-open ones included, are reproduced
/// by both the gate and the advisory check.
#[test]
fn pol_quirk_rows_agree_with_the_package() {
    let policy = deny_list_policy();
    let mut failures = Vec::new();
    for (clause, command, state, pattern, trigger) in ROWS {
        for (check, result) in [
            ("gate", policy.gate(command)),
            ("advisory", policy.advisory(command)),
        ] {
            let got = (
                result.state,
                result.matched_pattern.as_deref(),
                result.command.as_deref(),
            );
            if got != (*state, *pattern, Some(*trigger)) {
                failures.push(format!("{clause} {check} {command:?}: got {got:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
