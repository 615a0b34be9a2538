//! Reads the settings a program's row lists in its words (spec §12.5,
//! `HARD-RUN-7`): a setting whose key is not inert asks.

use crate::hardened::contract::programs::row;
use crate::hardened::contract::settings::{Form, Scope, Setting};

/// Whether `key` is one of `inert` (ASCII case-insensitive, `*` a prefix).
#[must_use]
pub fn is_inert(key: &str, inert: &[&str]) -> bool {
    inert.iter().any(|pattern| match pattern.strip_suffix('*') {
        Some(prefix) => key
            .get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix)),
        None => key.eq_ignore_ascii_case(pattern),
    })
}

/// The first setting of `program` (a name found in a row) in `args` whose
/// key is not inert, or an unreadable one: `Some(why)` asks.
#[must_use]
pub fn live_setting(program: &str, args: &[&str]) -> Option<&'static str> {
    row(program)?
        .settings
        .iter()
        .find_map(|setting| row_is_live(setting, args).then_some(setting.source))
}

fn row_is_live(row: &Setting, args: &[&str]) -> bool {
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        if *arg == "--" {
            return false;
        }
        if !arg.starts_with('-') {
            match row.scope {
                Scope::Options => {
                    i += 1;
                    continue;
                }
                Scope::BeforeOperand(_) => return false,
            }
        }
        let (live, used) = read_setting(row, args, i);
        if live {
            return true;
        }
        i += used.max(1);
        if let Scope::BeforeOperand(values) = row.scope {
            if used <= 1 && values.contains(arg) {
                i += 1;
            }
        }
    }
    false
}

/// Reads the option at `args[i]` against `row`: whether it is a live
/// setting, and how many words it used (0: not this row's).
fn read_setting(row: &Setting, args: &[&str], i: usize) -> (bool, usize) {
    let arg = args.get(i).copied().unwrap_or_default();
    let next = args.get(i + 1).copied();
    let value_of = |spelling: &str| -> Option<(Option<&str>, usize)> {
        if arg == spelling {
            return Some((next, 2));
        }
        if spelling.starts_with("--") {
            return arg
                .strip_prefix(spelling)
                .and_then(|r| r.strip_prefix('='))
                .map(|v| (Some(v), 1));
        }
        arg.strip_prefix(spelling)
            .filter(|v| !v.is_empty() && !arg.starts_with("--"))
            .map(|v| (Some(v), 1))
    };
    match row.form {
        Form::KeyValue(spellings) | Form::Always(spellings) => {
            for spelling in spellings {
                let Some((value, used)) = value_of(spelling) else {
                    continue;
                };
                if matches!(row.form, Form::Always(_)) {
                    return (true, used);
                }
                let live = match value {
                    None => true,
                    Some(value) => {
                        let key = value.split_once('=').map_or(value, |(k, _)| k);
                        key.is_empty() || !is_inert(key, row.inert)
                    }
                };
                return (live, used);
            }
            (false, 0)
        }
        Form::Letter(letter) => {
            let Some(cluster) = arg.strip_prefix('-').filter(|c| !c.starts_with('-')) else {
                return (false, 0);
            };
            let Some(at) = cluster.find(letter) else {
                return (false, 0);
            };
            let rest = cluster.get(at + letter.len_utf8()..).unwrap_or_default();
            let (key, used) = if rest.is_empty() {
                (next, 2)
            } else {
                (Some(rest), 1)
            };
            (key.is_none_or(|k| !is_inert(k, row.inert)), used)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HARD-RUN-7: a setting whose key is not inert asks, in any order
    /// and spelling of the options before it.
    #[test]
    fn hard_run_7_settings() {
        let rows: &[(&str, &[&str], bool)] = &[
            ("git", &["-C", ".", "-c", "alias.x=!rm -rf x", "x"], true),
            ("git", &["--no-pager", "-c", "core.pager=x", "log"], true),
            ("git", &["-c", "color.ui=always", "log"], false),
            ("git", &["-c", "COLOR.UI=always", "log"], false),
            ("git", &["-c", "core.fsmonitor=x", "status"], true),
            ("git", &["-c"], true),
            ("git", &["--config-env=core.pager=P", "log"], true),
            ("git", &["--config-env", "core.pager=P", "log"], true),
            ("git", &["--exec-path=/tmp", "status"], true),
            ("git", &["grep", "-c", "core.pager=x"], false),
            ("git", &["-C", "sub", "status"], false),
            (
                "apt-get",
                &["-o", "APT::Update::Pre-Invoke::=rm -rf y", "update"],
                true,
            ),
            (
                "apt-get",
                &["-oAPT::Update::Pre-Invoke::=x", "update"],
                true,
            ),
            (
                "apt",
                &["--option=Dpkg::Options::=--pre-invoke=x", "install"],
                true,
            ),
            (
                "apt-get",
                &["-o", "APT::Get::Assume-Yes=true", "install", "x"],
                false,
            ),
            ("apt-get", &["-c", "evil.conf", "update"], true),
            ("apt-get", &["install", "-y", "curl"], false),
            ("python", &["-m", "timeit", "x"], true),
            ("python", &["-mcode"], true),
            ("python", &["-Im", "pdb", "x.py"], true),
            ("python", &["-m", "pytest", "-q"], false),
            ("python", &["-m"], true),
            ("python", &["x.py", "-m", "timeit"], false),
        ];
        for (program, args, want) in rows {
            assert_eq!(
                live_setting(program, args).is_some(),
                *want,
                "{program} {args:?}"
            );
        }
    }
}
