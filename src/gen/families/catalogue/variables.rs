//! Shell variables and options (manual §5 Shell Variables, §6.9 Controlling
//! the Prompt, §4.3 The Set and Shopt Builtins, `GEN-FAM-7`) and the
//! environment reached without an assignment word (§3.7.4 Environment,
//! `GEN-FAM-11`).

use super::family;
use crate::gen::families::Family;
use crate::gen::families::Reach::{Hidden, Runs};
use crate::gen::families::Slot::{Command, Lines};

const VARS: &str = "5 Shell Variables";
const ENV: &str = "3.7.4 Environment";

/// Variables bash reads but does not set itself (manual §5.1, §5.2); the
/// ones it sets are the generated `SHELL_VARIABLES`.
pub const READ_VARIABLES: &[&str] = &[
    "BASH_ENV",
    "ENV",
    "PROMPT_COMMAND",
    "PS0",
    "PS1",
    "PS2",
    "PS3",
    "CDPATH",
    "HOME",
    "MAIL",
    "MAILPATH",
    "OPTARG",
    "BASH_COMPAT",
    "BASH_XTRACEFD",
    "CHILD_MAX",
    "COLUMNS",
    "COMPREPLY",
    "EMACS",
    "EXECIGNORE",
    "FCEDIT",
    "FIGNORE",
    "FUNCNEST",
    "GLOBIGNORE",
    "HISTCONTROL",
    "HISTFILE",
    "HISTFILESIZE",
    "HISTIGNORE",
    "HISTSIZE",
    "HISTTIMEFORMAT",
    "HOSTFILE",
    "IGNOREEOF",
    "INPUTRC",
    "INSIDE_EMACS",
    "LANG",
    "LC_ALL",
    "LINES",
    "MAILCHECK",
    "POSIXLY_CORRECT",
    "READLINE_LINE",
    "TIMEFORMAT",
    "TMOUT",
    "TMPDIR",
    "auto_resume",
    "histchars",
];

/// Variables whose value bash expands or runs, and the options around them.
pub(super) const VARIABLE_FAMILIES: &[Family] = &[
    family("prompt-ps4", "`PS4` set by an assignment, a loop or `read`, then `set -x`: each traced command expands it as a prompt", "GEN-FAM-7", "6.9 Controlling the Prompt", Lines, Runs,
        &["PS4='$(«sq:P»)'; set -x; «B»", "read -r PS4 <<< '$(«sq:P»)'; set -x; «B»", "for PS4 in '$(«sq:P»)'; do set -x; «B»; done", "PS4='`«sq:P»`' ; set -o xtrace; «B»", "declare PS4='$(«sq:P»)'; set -x\n«B»"]),
    family("prompt-at-p", "`${x@P}`: a value expanded as a prompt string runs its substitutions", "GEN-FAM-7", "3.5.3 Shell Parameter Expansion", Command, Runs,
        &["x='$(«sq:P»)'; echo ${x@P}", "x='`«sq:P»`'; echo \"${x@P}\"", "read -r x <<< '$(«sq:P»)'; : ${x@P}", "printf -v x %s '$(«sq:P»)'; : \"${x@P}\""]),
    family("prompt-interactive", "`PROMPT_COMMAND`, `PS0`, `PS1`, `PS2` in an interactive bash", "GEN-FAM-7", "6.9 Controlling the Prompt", Command, Runs,
        &["PROMPT_COMMAND=«q:P» bash -i < /dev/null", "PS0='$(«sq:P»)' bash -i <<< :", "export PROMPT_COMMAND=«q:P»; bash -i < /dev/null", "PS0='`«sq:P»`' bash -i <<< :"]),
    family("startup-files", "`BASH_ENV` and `ENV`: a file a child shell sources before its command (the oracle's shell stub sets `BASH_ENV` itself)", "GEN-FAM-7", "6.2 Bash Startup Files", Command, Hidden,
        &["BASH_ENV=<(echo «q:P») bash -c :", "export BASH_ENV=/dev/stdin; bash -c : <<< «q:P»", "ENV=<(echo «q:P») sh -i < /dev/null", "BASH_ENV=/proc/self/fd/0 bash -c : <<< «q:P»"]),
    family("shellopts-environment", "`SHELLOPTS` in a child's environment turns on `xtrace` there, with `PS4` (which bash running as root, as in the oracle, does not import)", "GEN-FAM-7", VARS, Command, Hidden,
        &["SHELLOPTS=xtrace PS4='$(«sq:P»)' bash -c :", "export SHELLOPTS PS4='$(«sq:P»)'; set -x; bash -c :", "env SHELLOPTS=xtrace PS4='$(«sq:P»)' bash -c :"]),
    family("ifs", "`IFS` makes word splitting build the command from one word", "GEN-FAM-7", "3.5.7 Word Splitting", Command, Runs,
        &["IFS=,; c=«comma:P»; $c", "IFS=,; set -- «comma:P»; $@", "c=«q:P»; $c", "IFS=: read -r -a c <<< «q:P»; ${c[@]}"]),
    family("special-variables", "every variable bash sets or reads, assigned a value that runs the payload", "GEN-FAM-7", VARS, Command, Runs,
        &["declare «VAR»=«bq:P»", "export «VAR»=\"$(«P»)\"; «B»", "f() { local «VAR»=\"$(«P»)\"; }; f"]),
    family("shell-options", "every `set -o` and `shopt` option toggled before a substitution", "GEN-FAM-7", "4.3 The Set and Shopt Builtins", Lines, Runs,
        &["set -o «SETOPT» \"$(«P»)\"; «B»", "set +o «SETOPT» \"$(«P»)\"; «B»", "shopt -s «SHOPT»; «B» \"$(«P»)\"", "shopt -u «SHOPT»\n«B» \"$(«P»)\"", "shopt -s lastpipe; echo «q:P» | read -r c; $c"]),
];

/// Assignments that the syntax does not show, to a variable a program
/// reads (`GIT_SSH_COMMAND`) or bash itself reads (`PS4`).
pub(super) const ENVIRONMENT: &[Family] = &[
    family("env-program", "a variable a program reads as a command, exported without an assignment word: `set -k`, `set -a`, `read`, `for`, namerefs, quoted or brace-expanded `export` (the oracle's stubs record no environment)", "GEN-FAM-11", ENV, Lines, Hidden,
        &["set -k; «ENVPROG» «ENVVAR»=«q:ENVVAL»", "set -a; : ${«ENVVAR»:=«q:ENVVAL»}; «ENVPROG»", "set -a; «ENVVAR»=«q:ENVVAL»; «ENVPROG»",
          "read -r «ENVVAR» <<< «q:ENVVAL»; export «ENVVAR»; «ENVPROG»", "for «ENVVAR» in «q:ENVVAL»; do export «ENVVAR»; «ENVPROG»; done",
          "declare -n r=«ENVVAR»; r=«q:ENVVAL»; export «ENVVAR»; «ENVPROG»", "export '«ENVVAR»=«sq:ENVVAL»'; «ENVPROG»", "export \"«ENVVAR»\"=«q:ENVVAL»; «ENVPROG»",
          "export {«ENVVAR»,X}=«q:ENVVAL»; «ENVPROG»", "printf -v «ENVVAR» %s «q:ENVVAL»; export «ENVVAR»; «ENVPROG»", "declare -x «ENVVAR»=«q:ENVVAL»; «ENVPROG»",
          "«ENVVAR»=«q:ENVVAL» «ENVPROG»", "mapfile -t «ENVVAR» <<< «q:ENVVAL»; export «ENVVAR»; «ENVPROG»"]),
    family("env-shell", "a function exported to a child bash (`export -f`, `declare -fx`): the child runs it for the base's name", "GEN-FAM-11", ENV, Lines, Runs,
        &["«BN»() { «P»; }; export -f «BN»; bash -c «q:B»", "«BN»() { «P»; }; declare -fx «BN»; bash -c «q:B»", "function «BN» { «P»; }; typeset -fx «BN»; sh -c «q:B»",
          "«BN»() { «P»; }; export -f «BN»; bash <<< «q:B»"]),
];
