//! Gate and advisory checks against the deployed package (spec §7.4, §7.5).
//!
//! Every expected answer below is what `@gotgenes/pi-permission-system@20.7.3`
//! answered on Node 20 (ad-hoc harness around its own `collectCommands`,
//! `resolveBashCommandCheck`, `normalizeInput` and `evaluate`; the gate row
//! trims first as its tool-call gate does). Patterns use no `~`, `$HOME` or
//! `?`, so the answers do not depend on the wildcard matcher's corner cases.

use inner_cmd_spec::policy::{CheckResult, Policy, UnitContext};
use inner_cmd_spec::verdict::PermissionState;

use crate::support;

const ALLOW: PermissionState = PermissionState::Allow;
const ASK: PermissionState = PermissionState::Ask;
const DENY: PermissionState = PermissionState::Deny;
const CS: UnitContext = UnitContext::CommandSubstitution;
const PS: UnitContext = UnitContext::ProcessSubstitution;
const SUB: UnitContext = UnitContext::Subshell;

type Answer = (
    PermissionState,
    Option<&'static str>,
    Option<&'static str>,
    Option<UnitContext>,
);
type Row = (
    &'static str,
    &'static [(&'static str, PermissionState)],
    &'static str,
    Answer,
    Answer,
);

/// Rule sets, as (pattern, state) in order.
const WIDE: &[(&str, PermissionState)] = &[
    ("*", ALLOW),
    ("rm *", DENY),
    ("git push*", ASK),
    ("sudo *", ALLOW),
    ("bash *", ALLOW),
    ("eval *", ALLOW),
    ("find *", ALLOW),
    ("fd *", ALLOW),
    ("xargs *", DENY),
    ("env *", ASK),
];
const NARROW: &[(&str, PermissionState)] = &[
    ("ls*", ALLOW),
    ("git status", ALLOW),
    ("cat *", ALLOW),
    ("rm *", DENY),
];
const EMPTYISH: &[(&str, PermissionState)] = &[("", ALLOW), ("# c", DENY), ("*secret*", DENY)];
const NONE: &[(&str, PermissionState)] = &[];

/// (clause, rules, command, gate answer, advisory answer) — answers from the npm package.
#[rustfmt::skip]
const ROWS: &[Row] = &[
    ("POL-CHECK-1", NARROW, "{ # c\nls; }", (ASK, None, Some("{ # c\nls; }"), None), (ASK, None, Some("{ # c\nls; }"), None)),
    ("POL-CHECK-1", NARROW, "{\n  # c\n  ls\n}", (ASK, None, Some("{\n  # c\n  ls\n}"), None), (ASK, None, Some("{\n  # c\n  ls\n}"), None)),
    ("POL-CHECK-1", NARROW, "if x; then\n# c\nrm y; fi", (ASK, None, Some("if x; then\n# c\nrm y; fi"), None), (ASK, None, Some("if x; then\n# c\nrm y; fi"), None)),
    ("POL-CHECK-1", NARROW, "(\n# c\nls\n)", (ASK, None, Some("(\n# c\nls\n)"), None), (ASK, None, Some("(\n# c\nls\n)"), None)),
    ("POL-CHECK-1", NARROW, "# describe\nls -la", (ALLOW, Some("ls*"), Some("ls -la"), None), (ALLOW, Some("ls*"), Some("ls -la"), None)),
    ("POL-CHECK-1", NARROW, "ls\n# c\nrm x", (DENY, Some("rm *"), Some("rm x"), None), (DENY, Some("rm *"), Some("rm x"), None)),
    ("POL-CHECK-1", NARROW, "  # c\n\tls", (ALLOW, Some("ls*"), Some("ls"), None), (ALLOW, Some("ls*"), Some("ls"), None)),
    ("POL-CHECK-1", NARROW, "ls # trailing", (ALLOW, Some("ls*"), Some("ls"), None), (ALLOW, Some("ls*"), Some("ls"), None)),
    ("POL-CHECK-1", NARROW, "# a\n# b", (ASK, None, Some("# a\n# b"), None), (ASK, None, Some("# a\n# b"), None)),
    ("POL-CHECK-1", NARROW, "cat \"x\n#\" /etc/secret", (ALLOW, Some("cat *"), Some("cat \"x\n#\" /etc/secret"), None), (ALLOW, Some("cat *"), Some("cat \"x\n#\" /etc/secret"), None)),
    ("POL-CHECK-1", NARROW, "\u{3000}# c\nls", (ALLOW, Some("ls*"), Some("ls"), None), (ASK, None, Some("\u{3000}# c"), None)),
    ("POL-CHECK-1", NARROW, "\u{0085}# c\nls", (ASK, None, Some("\u{0085}# c"), None), (ASK, None, Some("\u{0085}# c"), None)),
    ("POL-CHECK-1", EMPTYISH, "# c", (DENY, Some("# c"), Some("# c"), None), (DENY, Some("# c"), Some("# c"), None)),
    ("POL-CHECK-1", EMPTYISH, "  # c  ", (DENY, Some("# c"), Some("# c"), None), (ASK, None, Some("  # c  "), None)),
    ("POL-CHECK-1", EMPTYISH, "# c\n", (DENY, Some("# c"), Some("# c"), None), (ASK, None, Some("# c\n"), None)),
    ("POL-CHECK-1", EMPTYISH, "\n# c", (DENY, Some("# c"), Some("# c"), None), (ASK, None, Some("\n# c"), None)),
    ("POL-CHECK-1", EMPTYISH, "cat \"x\n#\" /etc/secret", (ASK, None, Some("cat \"x\n#\" /etc/secret"), None), (ASK, None, Some("cat \"x\n#\" /etc/secret"), None)),
    ("POL-CHECK-1", EMPTYISH, "cat /etc/secret", (DENY, Some("*secret*"), Some("cat /etc/secret"), None), (DENY, Some("*secret*"), Some("cat /etc/secret"), None)),
    ("POL-CHECK-2", NARROW, "ls", (ALLOW, Some("ls*"), Some("ls"), None), (ALLOW, Some("ls*"), Some("ls"), None)),
    ("POL-CHECK-2", NARROW, "ls -la", (ALLOW, Some("ls*"), Some("ls -la"), None), (ALLOW, Some("ls*"), Some("ls -la"), None)),
    ("POL-CHECK-2", NARROW, "git status", (ALLOW, Some("git status"), Some("git status"), None), (ALLOW, Some("git status"), Some("git status"), None)),
    ("POL-CHECK-2", NARROW, "git status -s", (ASK, None, Some("git status -s"), None), (ASK, None, Some("git status -s"), None)),
    ("POL-CHECK-2", NARROW, "rm -rf /", (DENY, Some("rm *"), Some("rm -rf /"), None), (DENY, Some("rm *"), Some("rm -rf /"), None)),
    ("POL-CHECK-2", NARROW, "cat x", (ALLOW, Some("cat *"), Some("cat x"), None), (ALLOW, Some("cat *"), Some("cat x"), None)),
    ("POL-CHECK-2", NARROW, "whoami", (ASK, None, Some("whoami"), None), (ASK, None, Some("whoami"), None)),
    ("POL-CHECK-2", NARROW, "lsblk", (ALLOW, Some("ls*"), Some("lsblk"), None), (ALLOW, Some("ls*"), Some("lsblk"), None)),
    ("POL-CHECK-2", NONE, "ls", (ASK, None, Some("ls"), None), (ASK, None, Some("ls"), None)),
    ("POL-CHECK-2", NONE, "rm x", (ASK, None, Some("rm x"), None), (ASK, None, Some("rm x"), None)),
    ("POL-CHECK-2", NONE, "(ls)", (ASK, None, Some("(ls)"), None), (ASK, None, Some("(ls)"), None)),
    ("POL-CHECK-2", NONE, "eval x", (ASK, None, Some("eval x"), None), (ASK, None, Some("eval x"), None)),
    ("POL-CHECK-3", WIDE, "ls && rm -rf /", (DENY, Some("rm *"), Some("rm -rf /"), None), (DENY, Some("rm *"), Some("rm -rf /"), None)),
    ("POL-CHECK-3", WIDE, "git push && rm x", (DENY, Some("rm *"), Some("rm x"), None), (DENY, Some("rm *"), Some("rm x"), None)),
    ("POL-CHECK-3", WIDE, "rm x && git push", (DENY, Some("rm *"), Some("rm x"), None), (DENY, Some("rm *"), Some("rm x"), None)),
    ("POL-CHECK-3", WIDE, "ls | git push origin | cat", (ASK, Some("git push*"), Some("git push origin"), None), (ASK, Some("git push*"), Some("git push origin"), None)),
    ("POL-CHECK-3", WIDE, "echo $(rm x) && git push", (DENY, Some("rm *"), Some("rm x"), Some(CS)), (DENY, Some("rm *"), Some("rm x"), Some(CS))),
    ("POL-CHECK-3", WIDE, "git push; xargs rm", (DENY, Some("xargs *"), Some("xargs rm"), None), (DENY, Some("xargs *"), Some("xargs rm"), None)),
    ("POL-CHECK-3", WIDE, "xargs rm; rm x", (DENY, Some("xargs *"), Some("xargs rm"), None), (DENY, Some("xargs *"), Some("xargs rm"), None)),
    ("POL-CHECK-3", WIDE, "ls; git push; env x", (ASK, Some("git push*"), Some("git push"), None), (ASK, Some("git push*"), Some("git push"), None)),
    ("POL-CHECK-3", WIDE, "env x; git push", (ASK, Some("env *"), Some("env x"), None), (ASK, Some("env *"), Some("env x"), None)),
    ("POL-CHECK-3", NARROW, "ls && whoami && rm x", (DENY, Some("rm *"), Some("rm x"), None), (DENY, Some("rm *"), Some("rm x"), None)),
    ("POL-CHECK-3", NARROW, "ls && cat y", (ALLOW, Some("ls*"), Some("ls"), None), (ALLOW, Some("ls*"), Some("ls"), None)),
    ("POL-CHECK-3", NARROW, "whoami; id", (ASK, None, Some("whoami"), None), (ASK, None, Some("whoami"), None)),
    ("POL-CHECK-4", WIDE, "echo $(git push)", (ASK, Some("git push*"), Some("git push"), Some(CS)), (ASK, Some("git push*"), Some("git push"), Some(CS))),
    ("POL-CHECK-4", WIDE, "(cd /; rm x)", (DENY, Some("rm *"), Some("rm x"), Some(SUB)), (DENY, Some("rm *"), Some("rm x"), Some(SUB))),
    ("POL-CHECK-4", WIDE, "cat <(rm x)", (DENY, Some("rm *"), Some("rm x"), Some(PS)), (DENY, Some("rm *"), Some("rm x"), Some(PS))),
    ("POL-CHECK-4", WIDE, "echo $( (git push) )", (ASK, Some("git push*"), Some("git push"), Some(SUB)), (ASK, Some("git push*"), Some("git push"), Some(SUB))),
    ("POL-CHECK-4", WIDE, "ls", (ALLOW, Some("*"), Some("ls"), None), (ALLOW, Some("*"), Some("ls"), None)),
    ("POL-FLOOR-6", WIDE, "sudo ls", (ASK, Some("<indirection-bash-wrapper>"), Some("sudo ls"), None), (ASK, Some("<indirection-bash-wrapper>"), Some("sudo ls"), None)),
    ("POL-FLOOR-6", WIDE, "bash -c ls", (ASK, Some("<opaque-bash-wrapper>"), Some("bash -c ls"), None), (ASK, Some("<opaque-bash-wrapper>"), Some("bash -c ls"), None)),
    ("POL-FLOOR-6", WIDE, "eval ls", (ASK, Some("<opaque-bash-wrapper>"), Some("eval ls"), None), (ASK, Some("<opaque-bash-wrapper>"), Some("eval ls"), None)),
    ("POL-FLOOR-6", WIDE, "find . -exec ls {} +", (ASK, Some("<indirection-bash-wrapper>"), Some("find . -exec ls {} +"), None), (ASK, Some("<indirection-bash-wrapper>"), Some("find . -exec ls {} +"), None)),
    ("POL-FLOOR-6", WIDE, "fd -x ls", (ASK, Some("<indirection-bash-wrapper>"), Some("fd -x ls"), None), (ASK, Some("<indirection-bash-wrapper>"), Some("fd -x ls"), None)),
    ("POL-FLOOR-6", WIDE, "xargs ls", (DENY, Some("xargs *"), Some("xargs ls"), None), (DENY, Some("xargs *"), Some("xargs ls"), None)),
    ("POL-FLOOR-6", WIDE, "env ls", (ASK, Some("env *"), Some("env ls"), None), (ASK, Some("env *"), Some("env ls"), None)),
    ("POL-FLOOR-6", WIDE, "sudo rm -rf /", (ASK, Some("<indirection-bash-wrapper>"), Some("sudo rm -rf /"), None), (ASK, Some("<indirection-bash-wrapper>"), Some("sudo rm -rf /"), None)),
    ("POL-FLOOR-6", WIDE, "time ls", (ASK, Some("<indirection-bash-wrapper>"), Some("time ls"), None), (ASK, Some("<indirection-bash-wrapper>"), Some("time ls"), None)),
    ("POL-FLOOR-6", WIDE, "ls && sudo ls", (ASK, Some("<indirection-bash-wrapper>"), Some("sudo ls"), None), (ASK, Some("<indirection-bash-wrapper>"), Some("sudo ls"), None)),
    ("POL-FLOOR-6", WIDE, "sudo ls && git push", (ASK, Some("<indirection-bash-wrapper>"), Some("sudo ls"), None), (ASK, Some("<indirection-bash-wrapper>"), Some("sudo ls"), None)),
    ("POL-FLOOR-6", WIDE, "echo $(sudo ls)", (ASK, Some("<indirection-bash-wrapper>"), Some("sudo ls"), Some(CS)), (ASK, Some("<indirection-bash-wrapper>"), Some("sudo ls"), Some(CS))),
    ("POL-FLOOR-6", NONE, "sudo ls", (ASK, None, Some("sudo ls"), None), (ASK, None, Some("sudo ls"), None)),
    ("POL-FLOOR-6", NONE, "eval x", (ASK, None, Some("eval x"), None), (ASK, None, Some("eval x"), None)),
    ("POL-CHECK-5", EMPTYISH, "", (ALLOW, Some(""), Some(""), None), (ALLOW, Some(""), Some(""), None)),
    ("POL-CHECK-5", EMPTYISH, " ", (ALLOW, Some(""), Some(""), None), (ASK, None, Some(" "), None)),
    ("POL-CHECK-5", EMPTYISH, "\t", (ALLOW, Some(""), Some(""), None), (ASK, None, Some("\t"), None)),
    ("POL-CHECK-5", EMPTYISH, "\n", (ALLOW, Some(""), Some(""), None), (ASK, None, Some("\n"), None)),
    ("POL-CHECK-5", EMPTYISH, "# c", (DENY, Some("# c"), Some("# c"), None), (DENY, Some("# c"), Some("# c"), None)),
    ("POL-CHECK-5", EMPTYISH, "  # c\n# d", (ASK, None, Some("# c\n# d"), None), (ASK, None, Some("  # c\n# d"), None)),
    ("POL-CHECK-5", EMPTYISH, "\u{FEFF}", (ALLOW, Some(""), Some(""), None), (ASK, None, Some("\u{FEFF}"), None)),
    ("POL-CHECK-5", EMPTYISH, "\r", (ALLOW, Some(""), Some(""), None), (ASK, None, Some("\r"), None)),
    ("POL-CHECK-5", EMPTYISH, "\r\n", (ALLOW, Some(""), Some(""), None), (ASK, None, Some("\r\n"), None)),
    ("POL-CHECK-5", NONE, "", (ASK, None, Some(""), None), (ASK, None, Some(""), None)),
    ("POL-CHECK-5", NONE, "# c", (ASK, None, Some("# c"), None), (ASK, None, Some("# c"), None)),
    ("POL-CHECK-6", WIDE, "> out.txt", (ASK, Some("<unparseable-bash-command>"), Some("> out.txt"), None), (ASK, Some("<unparseable-bash-command>"), Some("> out.txt"), None)),
    ("POL-CHECK-6", WIDE, "< in", (ASK, Some("<unparseable-bash-command>"), Some("< in"), None), (ASK, Some("<unparseable-bash-command>"), Some("< in"), None)),
    ("POL-CHECK-6", WIDE, "2>&1", (ASK, Some("<unparseable-bash-command>"), Some("2>&1"), None), (ASK, Some("<unparseable-bash-command>"), Some("2>&1"), None)),
    ("POL-CHECK-6", WIDE, ">>x", (ASK, Some("<unparseable-bash-command>"), Some(">>x"), None), (ASK, Some("<unparseable-bash-command>"), Some(">>x"), None)),
    ("POL-CHECK-6", WIDE, " > out", (ASK, Some("<unparseable-bash-command>"), Some("> out"), None), (ASK, Some("<unparseable-bash-command>"), Some(" > out"), None)),
    ("POL-CHECK-8", WIDE, "  rm -rf /  ", (DENY, Some("rm *"), Some("rm -rf /"), None), (DENY, Some("rm *"), Some("rm -rf /"), None)),
    ("POL-CHECK-8", WIDE, "\u{3000}ls", (ALLOW, Some("*"), Some("ls"), None), (ALLOW, Some("*"), Some("\u{3000}ls"), None)),
    ("POL-CHECK-8", WIDE, "ls\u{3000}", (ALLOW, Some("*"), Some("ls"), None), (ALLOW, Some("*"), Some("ls\u{3000}"), None)),
    ("POL-CHECK-8", WIDE, "\u{FEFF}rm x", (DENY, Some("rm *"), Some("rm x"), None), (DENY, Some("rm *"), Some("rm x"), None)),
    ("POL-CHECK-8", WIDE, "\u{2028}ls", (ALLOW, Some("*"), Some("ls"), None), (ALLOW, Some("*"), Some("\u{2028}ls"), None)),
    ("POL-CHECK-8", WIDE, "\u{0085}ls", (ALLOW, Some("*"), Some("\u{0085}ls"), None), (ALLOW, Some("*"), Some("\u{0085}ls"), None)),
    ("POL-CHECK-8", WIDE, "\n\nls\n", (ALLOW, Some("*"), Some("ls"), None), (ALLOW, Some("*"), Some("ls"), None)),
    ("POL-CHECK-8", WIDE, "\u{00A0}git push", (ASK, Some("git push*"), Some("git push"), None), (ASK, Some("git push*"), Some("\u{00A0}git push"), None)),
    ("POL-CHECK-8", NARROW, "\u{3000}ls", (ALLOW, Some("ls*"), Some("ls"), None), (ALLOW, Some("ls*"), Some("\u{3000}ls"), None)),
    ("POL-CHECK-8", NARROW, "ls\u{3000}", (ALLOW, Some("ls*"), Some("ls"), None), (ALLOW, Some("ls*"), Some("ls\u{3000}"), None)),
    ("POL-CHECK-8", NARROW, "\tls\t", (ALLOW, Some("ls*"), Some("ls"), None), (ALLOW, Some("ls*"), Some("ls"), None)),
    ("POL-CHECK-8", NARROW, "\u{00A0}ls", (ALLOW, Some("ls*"), Some("ls"), None), (ALLOW, Some("ls*"), Some("\u{00A0}ls"), None)),
    ("POL-CHECK-8", EMPTYISH, "\t", (ALLOW, Some(""), Some(""), None), (ASK, None, Some("\t"), None)),
    ("POL-CHECK-8", EMPTYISH, "\n", (ALLOW, Some(""), Some(""), None), (ASK, None, Some("\n"), None)),
    ("POL-CHECK-8", EMPTYISH, "\u{3000}", (ALLOW, Some(""), Some(""), None), (ASK, None, Some("\u{3000}"), None)),
    ("POL-CHECK-8", EMPTYISH, " \u{00A0} ", (ALLOW, Some(""), Some(""), None), (ASK, None, Some("\u{00A0}"), None)),
];

fn answer(
    result: &CheckResult,
) -> (
    PermissionState,
    Option<&str>,
    Option<&str>,
    Option<UnitContext>,
) {
    (
        result.state,
        result.matched_pattern.as_deref(),
        result.command.as_deref(),
        result.command_context,
    )
}

/// POL-CHECK-1, POL-CHECK-2, POL-CHECK-3, POL-CHECK-4, POL-CHECK-5, POL-CHECK-6,
/// POL-CHECK-7, POL-CHECK-8, POL-FLOOR-6: gate and advisory answers (state, matched
/// pattern, triggering unit, its context) agree with the package on every row.
#[test]
fn pol_check_rows_agree_with_the_package() {
    let mut failures = Vec::new();
    for (clause, rules, command, gate, advisory) in ROWS {
        let policy = support::policy(rules, "/home/user");
        let got_gate = policy.gate(command);
        let got_advisory = policy.advisory(command);
        if answer(&got_gate) != *gate {
            failures.push(format!(
                "{clause} gate {command:?}\n  got  {:?}\n  want {gate:?}",
                answer(&got_gate)
            ));
        }
        if answer(&got_advisory) != *advisory {
            failures.push(format!(
                "{clause} advisory {command:?}\n  got  {:?}\n  want {advisory:?}",
                answer(&got_advisory)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// POL-RULE-1, POL-RULE-3: a policy keeps its rules in order (duplicates
/// included) and its home; its fallback is `ask` until a config's `"*"` sets
/// another.
#[test]
fn pol_rule_policy_keeps_its_rules_home_and_fallback() {
    let rules = support::rules(&[("git *", ALLOW), ("git push *", DENY), ("git *", ASK)]);
    let policy = Policy::new(rules.clone(), "/home/u");
    assert_eq!(policy.rules(), &rules[..]);
    assert_eq!(policy.home(), "/home/u");
    assert_eq!(policy.fallback(), ASK);
    let denying = policy.with_fallback(DENY);
    assert_eq!(denying.fallback(), DENY);
    assert_eq!(denying.rules(), &rules[..]);
    assert_eq!(denying.gate("ls").state, DENY);
}
