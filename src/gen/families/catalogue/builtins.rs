//! Builtins (manual chapter 4, `GEN-FAM-6`) and name rebinding (§3.7.2
//! Command Search, §6.6 Aliases, §3.3 Functions, `GEN-FAM-10`).

use super::family;
use crate::gen::families::Family;
use crate::gen::families::Reach::{Hidden, Runs};
use crate::gen::families::Slot::{Command, Lines};

const BI: &str = "4 Shell Builtin Commands";

/// Builtins that run code, evaluate subscripts, or are any builtin at all.
pub(super) const BUILTIN_FAMILIES: &[Family] = &[
    family("builtin-subscript", "builtins that evaluate a subscript inside a variable name: `test -v`, `read`, `unset`, `printf -v`, `declare`, `typeset`", "GEN-FAM-6", BI, Command, Runs,
        &["test -v 'a[$(«sq:P»)]'", "[ -v 'a[$(«sq:P»)]' ]", "[[ -v a[$(«P»)] ]]", "read 'a[$(«sq:P»)]' <<< x", "a=(1); unset 'a[$(«sq:P»)]'",
          "declare 'a[$(«sq:P»)]=1'", "f() { local 'a[$(«sq:P»)]=1'; }; f", "printf -v 'a[$(«sq:P»)]' x", "printf -v'a[$(«sq:P»)]' x",
          "typeset 'a[$(«sq:P»)]'=1", "mapfile -t 'a' <<< x; unset -v 'a[$(«sq:P»)]'"]),
    family("builtin-runs-code", "builtins that run a command or code from their arguments: `eval`, `source`, `command`, `builtin`, `exec`, `jobs -x`, `mapfile -C`, `compgen -C`/`-F`", "GEN-FAM-6", BI, Command, Runs,
        &["eval «q:P»", "source /dev/stdin <<< «q:P»", ". <(echo «q:P»)", "command «P»", "builtin eval «q:P»", "exec «P»", "jobs -x «P»",
          "mapfile -c 1 -C '«sq:P»;:' a <<< x", "readarray -c 1 -C '«sq:P»;:' a <<< x", "compgen -C '«sq:P»;:' x", "f() { «P»; }; compgen -F f x",
          "command -p «P»", "exec -a x «P»", "builtin command «P»", "time «P»"]),
    family("traps", "`trap`: the handler is code run on a signal, `EXIT`, `ERR`, `DEBUG` or `RETURN`", "GEN-FAM-6", BI, Lines, Runs,
        &["trap «q:P» EXIT", "trap «q:P» ERR; false", "trap «q:P» DEBUG; :", "trap «q:P» USR1; kill -USR1 $$", "trap -- «q:P» INT; kill -INT $$",
          "set -T; trap «q:P» RETURN; f() { :; }; f", "f() { «P»; }; trap f EXIT"]),
    family("history-fc", "`history -s` and `fc -s`, `!!`: history re-runs a command the line does not show", "GEN-FAM-6", "9 Using History Interactively", Lines, Runs,
        &["set -o history\nhistory -s «q:P»\nfc -s", "set -o history\nhistory -s «q:P»\nfc -e -", "set -o history -H\nhistory -s «q:P»\n!!"]),
    family("builtin-table", "every builtin of `compgen -b` with an option of its `help -s` synopsis, a substitution among its arguments", "GEN-FAM-6", BI, Command, Runs,
        &["«BUILTIN» \"$(«P»)\"", "«BUILTIN» x «bq:P»"]),
];

/// Rebinding a name the policy allows to a program it denies.
pub(super) const REBINDING: &[Family] = &[
    family("rebind-hash", "`hash -p` and `BASH_CMDS[…]`: bash's command table maps an allowed name (a builtin disabled by `enable -n`) to a denied program", "GEN-FAM-10", "3.7.2 Command Search and Execution", Lines, Runs,
        &["enable -n «BN»; hash -p /usr/bin/«N» «BN»; «BN» «A»", "enable -n «BN»; BASH_CMDS[«BN»]=/usr/bin/«N»; «BN» «A»", "enable -n «BN»; BASH_CMDS+=([«BN»]=/usr/bin/«N»); «BN» «A»", "enable -n «BN»\nhash -p /bin/«N» «BN»\n«BN» «A»"]),
    family("rebind-alias", "`alias` and `BASH_ALIASES[…]` with `expand_aliases` set on an earlier line", "GEN-FAM-10", "6.6 Aliases", Lines, Runs,
        &["shopt -s expand_aliases\nalias «BN»=«q:P»\n«BN»", "shopt -s expand_aliases; alias «BN»=«q:N»\n«BN» «A»", "shopt -s expand_aliases\nBASH_ALIASES[«BN»]=«q:P»\n«BN»", "shopt -s expand_aliases\nalias «BN»='«sq:N» '\n«BN» «A»"]),
    family("rebind-function", "a function named like a program or a builtin, or `command_not_found_handle`", "GEN-FAM-10", "3.3 Shell Functions", Lines, Runs,
        &["«BN»() { «P»; }; «B»", "function «BN» { «P»; }; «B»", "«BN»() ( «P» ); «B»", "echo() { «P»; }; echo hi", "type() { «P»; }; type ls", "«BN»() { «P»; }\n«B»"]),
    family("not-found-handler", "`command_not_found_handle`: a function bash runs for a name it does not find (the oracle answers a missing name itself)", "GEN-FAM-10", "3.7.2 Command Search and Execution", Lines, Hidden,
        &["command_not_found_handle() { «P»; }; nosuchcommand", "command_not_found_handle() { «P»; }\n«BN»x"]),
];
