//! The findings register (`spec/findings.md`) as data: fail-open answers of
//! the deployed policy, with the answer the npm package gave (read through the
//! adapter, gate and advisory alike).
//!
//! `tests/it/policy/findings.rs` asserts that the crate's reference policy reproduces
//! every row (the reference models the deployed system); `tests/it/policy/parity.rs`
//! asks the package live, so an upstream fix shows up as a failure there.

use inner_cmd_spec::policy::Rule;
use inner_cmd_spec::verdict::PermissionState::{self, Allow, Deny};

/// One witness command of a finding.
pub struct Finding {
    /// The finding's id in `spec/findings.md`.
    pub id: &'static str,
    /// The command.
    pub command: &'static str,
    /// The rules, in order.
    pub rules: &'static [(&'static str, PermissionState)],
    /// The package's state (the same for gate and advisory).
    pub state: PermissionState,
    /// The package's matched pattern.
    pub matched_pattern: &'static str,
    /// The package's triggering unit.
    pub triggering: &'static str,
}

impl Finding {
    /// The rules as crate rules.
    pub fn rules(&self) -> Vec<Rule> {
        super::rules(self.rules)
    }
}

/// Everything allowed except `rm`.
pub const DENY_RM: &[(&str, PermissionState)] = &[("*", Allow), ("rm *", Deny)];
/// Everything allowed except reading secrets with `cat`.
pub const DENY_SECRET: &[(&str, PermissionState)] = &[("*", Allow), ("cat *secret*", Deny)];

/// Everything allowed except `git push`.
pub const DENY_PUSH: &[(&str, PermissionState)] = &[("*", Allow), ("git push *", Deny)];

/// Everything allowed except reading `/etc/passwd` with `cat`.
pub const DENY_PASSWD: &[(&str, PermissionState)] = &[("*", Allow), ("cat /etc/passwd", Deny)];

/// Everything allowed except paths in an `.ssh` directory.
pub const DENY_SSH: &[(&str, PermissionState)] = &[("*", Allow), ("*/.ssh/*", Deny)];

/// Home directory used for every finding (no finding depends on it).
pub const HOME: &str = "/home/u";

const fn allowed(id: &'static str, command: &'static str, triggering: &'static str) -> Finding {
    Finding {
        id,
        command,
        rules: DENY_RM,
        state: Allow,
        matched_pattern: "*",
        triggering,
    }
}

/// Allowed, triggered by the whole command (one unit, nothing entered).
const fn whole(id: &'static str, command: &'static str) -> Finding {
    allowed(id, command, command)
}

/// Every witness, in register order.
pub const FINDINGS: &[Finding] = &[
    whole("F-1", "rm\t-rf /"),
    whole("F-1", "rm\\\n -rf /"),
    whole("F-2", "rm\r-rf /"),
    whole("F-2", "rm\u{0b}-rf /"),
    whole("F-2", "rm\u{0c}-rf /"),
    whole("F-3", "{ rm -rf x; }"),
    whole("F-3", "if true; then rm -rf x; fi"),
    whole("F-3", "for i in 1; do rm -rf x; done"),
    whole("F-3", "while true; do rm -rf x; done"),
    whole("F-3", "until false; do rm -rf x; done"),
    whole("F-3", "select x in a; do rm -rf x; done"),
    whole("F-3", "case a in a) rm -rf x;; esac"),
    allowed("F-3", "f() { rm -rf x; }; f", "f() { rm -rf x; }"),
    whole("F-4", "! rm -rf x"),
    whole("F-4", "coproc rm -rf x"),
    whole("F-5", "declare x=$(rm y)"),
    whole("F-5", "export Y=$(rm x)"),
    whole("F-5", "readonly Y=`rm x`"),
    whole("F-5", "[[ $(rm x) ]]"),
    whole("F-5", "(( $(rm x) ))"),
    whole("F-6", "X=$(rm x)"),
    whole("F-6", "a=$(rm x) b=2"),
    whole("F-6", "x=( $(rm y) )"),
    allowed("F-7", "ls > >(rm x)", "ls"),
    allowed("F-7", "ls 2>&1 > >(rm x)", "ls"),
    allowed("F-7", "cat < <(rm x)", "cat"),
    allowed("F-7", "ls > $(rm x)", "ls"),
    allowed("F-8", "cat <<EOF\n$(rm x)\nEOF", "cat"),
    Finding {
        id: "F-9",
        command: "cat \"x\n#\" /etc/secret",
        rules: DENY_SECRET,
        state: Allow,
        matched_pattern: "*",
        triggering: "cat \"x\n#\" /etc/secret",
    },
    whole("F-10", "exec rm -rf x"),
    whole("F-10", "command rm -rf x"),
    whole("F-10", "builtin command rm x"),
    whole("F-11", "\"rm\" -rf x"),
    whole("F-11", "r\\m -rf x"),
    whole("F-11", "/bin/rm -rf x"),
    whole("F-11", "rm${IFS}-rf x"),
    whole("F-11", "{rm,-rf,x}"),
    whole("F-11", "$'rm' -rf x"),
    whole("F-12", "\"sudo\" rm x"),
    whole("F-12", "s\\udo rm x"),
    whole("F-12", "\\eval 'rm x'"),
    whole("F-12", "'eval' 'rm x'"),
    whole("F-13", "bash <<< 'rm x'"),
    allowed("F-13", "echo rm x | bash", "echo rm x"),
    whole("F-13", "source <(echo rm x)"),
    whole("F-14", "$(echo rm) -rf x"),
    allowed("F-14", "X=rm; $X -rf x", "X=rm"),
    whole("F-15", "python3 -c 'import shutil; shutil.rmtree(\"x\")'"),
    whole("F-15", "perl -e 'unlink \"x\"'"),
    allowed("F-16", "echo 'a \u{0}' && rm -rf /", "echo"),
    allowed(
        "F-21",
        "time rm -rf x \\ <<'EOF'\nb\nEOF",
        "time rm -rf x \\ <<",
    ),
    Finding {
        id: "F-23",
        command: "(cat secret.txt && time f() ( ls ))",
        rules: DENY_SECRET,
        state: Allow,
        matched_pattern: "*",
        triggering: "(cat secret.txt && time f()",
    },
    Finding {
        id: "F-22",
        command: "git >out push --force",
        rules: DENY_PUSH,
        state: Allow,
        matched_pattern: "*",
        triggering: "git",
    },
    allowed("F-24", "git push | ls | rm -rf x \\", "git push"),
    Finding {
        id: "F-25",
        command: "git push ; cat /etc/passwd || make & !",
        rules: DENY_PASSWD,
        state: Allow,
        matched_pattern: "*",
        triggering: "git push ; cat /etc/passwd || make & !",
    },
    allowed("F-26", "ls \u{b}# x ; rm -rf y", "ls"),
    allowed("F-26", "ls\u{c}# x ; rm -rf y", "ls"),
    allowed("F-26", "ls \r# x ; rm -rf y", "ls"),
    allowed("F-28", "cat a | cat b | cat c\nrm x && echo EXIT", "cat a"),
    // Found by the soundness run drawing from the families (GEN-FAM-15).
    whole("F-29", "echo ${x:-`rm -rf x`}"),
    allowed(
        "F-29",
        "echo hi `echo \\`rm -rf x\\``",
        "echo hi `echo \\`rm -rf x\\``",
    ),
    whole("F-30", "echo ${PWD%%$(rm -rf x)}"),
    allowed(
        "F-31",
        "x='a[$(rm -rf x)]'; echo $((x))",
        "x='a[$(rm -rf x)]'",
    ),
    allowed(
        "F-31",
        "x='a[$(rm -rf x)]'; echo ${PWD:x}",
        "x='a[$(rm -rf x)]'",
    ),
    whole("F-32", "test -v 'a[$(rm -rf x)]'"),
    whole("F-32", "printf -v'a[$(rm -rf x)]' x"),
    allowed(
        "F-33",
        "PS4='$(rm -rf x)'; set -x; echo hi",
        "PS4='$(rm -rf x)'",
    ),
    allowed("F-33", "x='$(rm -rf x)'; echo ${x@P}", "x='$(rm -rf x)'"),
    allowed(
        "F-34",
        "hash -p /usr/bin/rm ls; ls -rf x",
        "hash -p /usr/bin/rm ls",
    ),
    allowed(
        "F-34",
        "BASH_CMDS[ls]=/usr/bin/rm; ls -rf x",
        "BASH_CMDS[ls]=/usr/bin/rm",
    ),
    allowed("F-35", "cat <<EOF && rm -rf x\nbody\nEOF", "cat"),
    Finding {
        id: "F-36",
        command: "git p\\\nush --force",
        rules: DENY_PUSH,
        state: Allow,
        matched_pattern: "*",
        triggering: "git p\\\nush --force",
    },
    allowed("F-37", "ls -la \"$( {rm,-rf,x} )\"", "ls -la"),
    whole("F-10", "jobs -x rm -rf x"),
    whole("F-13", "bash /dev/stdin <<< 'rm -rf x'"),
    allowed(
        "F-38",
        "export 'GIT_SSH_COMMAND=rm -rf x'; git ls-remote ssh://h/r",
        "export 'GIT_SSH_COMMAND=rm -rf x'",
    ),
    allowed(
        "F-38",
        "set -k; git ls-remote ssh://h/r GIT_SSH_COMMAND='rm -rf x'",
        "set -k",
    ),
    whole("F-39", "taskset 1 rm -rf x"),
    whole("F-39", "su root -c 'rm -rf x'"),
    reads_a_key("cd ~/.ssh && cat id_rsa", "cd ~/.ssh"),
    reads_a_key("cd ~ && cat .ssh/id_rsa", "cd ~"),
    Finding {
        id: "F-41",
        command: "git 2>&- push --force",
        rules: DENY_PUSH,
        state: Allow,
        matched_pattern: "*",
        triggering: "git",
    },
    Finding {
        id: "F-42",
        command: "echo hi >&'$(git push --force)'",
        rules: DENY_PUSH,
        state: Allow,
        matched_pattern: "*",
        triggering: "echo hi",
    },
    Finding {
        id: "F-43",
        command: "git 0</dev/null push --force",
        rules: DENY_PUSH,
        state: Allow,
        matched_pattern: "*",
        triggering: "git 0",
    },
    allowed("F-44", "0<>f rm -rf x", "0"),
    allowed(
        "F-45",
        "npm test \"$(cat <<'EOF'\n--script-shell=pwnd\nEOF\n)\"",
        "npm test \"$(cat <<'EOF'\n--script-shell=pwnd\nEOF\n)\"",
    ),
    whole("F-46", "git -C . -c alias.x='!rm -rf x' x"),
    whole("F-47", "git log -1 --output=.git/config"),
    allowed(
        "F-48",
        "LC_ALL=zh_CN.GBK; echo '\u{e9}'",
        "LC_ALL=zh_CN.GBK",
    ),
    whole("F-49", "( rm -rf x ) {fd}>out"),
    allowed(
        "F-50",
        "LESSOPEN='|rm -rf x %s' less README.md",
        "less README.md",
    ),
    allowed(
        "F-50",
        "GIT_SSH_COMMAND='rm -rf x' git fetch ssh://h/r",
        "git fetch ssh://h/r",
    ),
    allowed(
        "F-51",
        "echo 'rm -rf x' > s.sh && bash s.sh",
        "echo 'rm -rf x'",
    ),
    allowed(
        "F-51",
        "ln -s /usr/bin/rm p && ./p -rf x",
        "ln -s /usr/bin/rm p",
    ),
];

/// F-40: allowed by `*` under a `*/.ssh/*` deny, triggered by the first unit.
const fn reads_a_key(command: &'static str, triggering: &'static str) -> Finding {
    Finding {
        id: "F-40",
        command,
        rules: DENY_SSH,
        state: Allow,
        matched_pattern: "*",
        triggering,
    }
}

/// The clauses of chapter 7 each finding follows (the reference reproduces
/// the package by following them), in register order.
pub const CLAUSES: &[(&str, &[&str])] = &[
    ("F-1", &["POL-UNIT-9", "POL-MATCH-6", "POL-CHECK-2"]),
    ("F-2", &["POL-UNIT-9", "POL-MATCH-6", "POL-CHECK-2"]),
    ("F-3", &["POL-UNIT-7"]),
    ("F-4", &["POL-UNIT-7"]),
    ("F-5", &["POL-UNIT-5", "POL-UNIT-7"]),
    ("F-6", &["POL-UNIT-7"]),
    ("F-7", &["POL-UNIT-2"]),
    ("F-8", &["POL-UNIT-2"]),
    ("F-9", &["POL-CHECK-1"]),
    ("F-10", &["POL-FLOOR-2", "POL-FLOOR-4"]),
    ("F-11", &["POL-MATCH-5", "POL-CHECK-2"]),
    ("F-12", &["POL-FLOOR-2"]),
    ("F-13", &["POL-FLOOR-3"]),
    ("F-14", &["POL-FLOOR-2", "POL-CHECK-2"]),
    ("F-15", &["POL-FLOOR-3", "POL-FLOOR-4"]),
    ("F-16", &["POL-UNIT-7", "POL-UNIT-9"]),
    ("F-21", &["POL-UNIT-7", "POL-FLOOR-1"]),
    ("F-22", &["POL-UNIT-4"]),
    ("F-23", &["POL-UNIT-7"]),
    ("F-24", &["POL-UNIT-7"]),
    ("F-25", &["POL-UNIT-7"]),
    ("F-26", &["POL-UNIT-1"]),
    ("F-28", &["POL-UNIT-1"]),
    ("F-29", &["POL-UNIT-2"]),
    ("F-30", &["POL-UNIT-2"]),
    ("F-31", &["POL-UNIT-2"]),
    ("F-32", &["POL-FLOOR-2"]),
    ("F-33", &["POL-UNIT-2"]),
    ("F-34", &["POL-FLOOR-2"]),
    ("F-35", &["POL-UNIT-2"]),
    ("F-36", &["POL-MATCH-5", "POL-CHECK-2"]),
    ("F-37", &["POL-UNIT-7"]),
    ("F-38", &["POL-FLOOR-2"]),
    ("F-39", &["POL-FLOOR-4"]),
    ("F-40", &["POL-CHECK-1"]),
    ("F-41", &["POL-UNIT-2", "POL-UNIT-4"]),
    ("F-42", &["POL-UNIT-2"]),
    ("F-43", &["POL-UNIT-4"]),
    ("F-44", &["POL-UNIT-2", "POL-UNIT-4", "POL-UNIT-7"]),
    ("F-45", &["POL-UNIT-5", "POL-CHECK-2"]),
    ("F-46", &["POL-FLOOR-4"]),
    ("F-47", &["POL-CHECK-2"]),
    ("F-48", &["POL-UNIT-7"]),
    ("F-49", &["POL-UNIT-7"]),
    ("F-50", &["POL-UNIT-4"]),
    ("F-51", &["POL-CHECK-2"]),
];

/// The clauses finding `id` follows.
pub fn clauses(id: &str) -> &'static [&'static str] {
    CLAUSES
        .iter()
        .find(|(i, _)| *i == id)
        .map_or(&[], |(_, c)| c)
}
