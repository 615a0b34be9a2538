//! Settings a program reads from its words (spec §12.5, `HARD-RUN-7`).
//!
//! A setting given on the command line can name a program the tool runs
//! later (`git -c core.pager=…`, `git -c alias.x='!…'`, `apt-get -o
//! APT::Update::Pre-Invoke::=…`, `python3 -m timeit 'code'`). The rules see
//! the key and value as one word and cannot tell; so a setting whose key is
//! not listed inert here asks. The key lists are closed: an unknown key
//! asks.

/// How a setting is spelled on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// An option whose value is `KEY=VALUE` (`-c KEY=V`, `-oKEY=V`,
    /// `--option=KEY=V`): the option's spellings, short ones (`-o`) with
    /// an attached or separate value, long ones (`--option`) with `=` or a
    /// separate value.
    KeyValue(&'static [&'static str]),
    /// A short option letter whose value (the rest of its cluster, or the
    /// next word) is the key itself (`python3 -m MODULE`, `-Im MODULE`).
    Letter(char),
    /// Options whose every use is a setting no key list can make inert (a
    /// configuration file: `apt-get -c FILE`): any use asks.
    Always(&'static [&'static str]),
}

/// Where the program reads its settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Anywhere before a `--`.
    Options,
    /// Only before the first operand (git's global options); the listed
    /// options take a separate value, skipped with it (`git -C dir -c …`).
    BeforeOperand(&'static [&'static str]),
}

/// One row: a program's settings of one form.
#[derive(Debug, Clone, Copy)]
pub struct Setting {
    /// The program's names (a versioned build is its stem, HARD-RUN-2).
    pub programs: &'static [&'static str],
    /// How the setting is spelled.
    pub form: Form,
    /// Where it is read.
    pub scope: Scope,
    /// Keys that name no program, load no code and write nothing: compared
    /// ASCII case-insensitively; a trailing `*` matches any rest.
    pub inert: &'static [&'static str],
    /// Where the facts come from.
    pub source: &'static str,
}

/// git's global options that take a separate value (git 2.39 `git --help`).
pub const GIT_GLOBAL_VALUES: &[&str] = &[
    "-C",
    "-c",
    "--git-dir",
    "--work-tree",
    "--namespace",
    "--super-prefix",
    "--config-env",
    "--attr-source",
];

/// The settings table.
pub const SETTINGS: &[Setting] = &[
    Setting {
        programs: &["git"],
        form: Form::KeyValue(&["-c"]),
        scope: Scope::BeforeOperand(GIT_GLOBAL_VALUES),
        inert: &[
            "color.*",
            "column.ui",
            "core.quotepath",
            "core.abbrev",
            "core.safecrlf",
            "core.autocrlf",
            "advice.*",
            "user.name",
            "user.email",
            "init.defaultbranch",
            "diff.renames",
            "diff.noprefix",
            "log.decorate",
            "log.date",
            "safe.directory",
        ],
        source: "git-config(1), git 2.39: every other key may name a program (an alias \
                 starting with `!`, core.pager, core.sshCommand, core.fsmonitor, \
                 core.hooksPath, diff.external, *.textconv, gpg.program, …)",
    },
    Setting {
        programs: &["git"],
        form: Form::KeyValue(&["--config-env"]),
        scope: Scope::BeforeOperand(GIT_GLOBAL_VALUES),
        inert: &[],
        source: "git(1): `--config-env=KEY=ENVVAR` sets KEY from the environment, a value \
                 the command does not show",
    },
    Setting {
        programs: &["git"],
        form: Form::Always(&["--exec-path"]),
        scope: Scope::BeforeOperand(GIT_GLOBAL_VALUES),
        inert: &[],
        source: "git(1): `--exec-path=DIR` runs git's subcommands from DIR",
    },
    Setting {
        programs: &[
            "apt",
            "apt-get",
            "apt-cache",
            "apt-config",
            "apt-mark",
            "apt-file",
        ],
        form: Form::KeyValue(&["-o", "--option"]),
        scope: Scope::Options,
        inert: &[
            "APT::Get::Assume-Yes",
            "APT::Color",
            "Dpkg::Progress-Fancy",
            "Dpkg::Use-Pty",
            "Acquire::Retries",
            "Acquire::http::Timeout",
            "Acquire::https::Timeout",
            "quiet",
            "Debug::NoLocking",
        ],
        source: "apt.conf(5), apt 2.6: `…::Pre-Invoke`, `…::Post-Invoke`, \
                 `DPkg::Pre-Install-Pkgs`, `Dpkg::Options` (passed to dpkg, which has \
                 --pre-invoke) and `Dir::Bin::*` name programs apt runs",
    },
    Setting {
        programs: &[
            "apt",
            "apt-get",
            "apt-cache",
            "apt-config",
            "apt-mark",
            "apt-file",
        ],
        form: Form::Always(&["-c", "--config-file"]),
        scope: Scope::Options,
        inert: &[],
        source: "apt-get(8): `-c FILE` reads a configuration file, any of whose keys may \
                 name a program",
    },
    Setting {
        programs: &["python", "pypy"],
        form: Form::Letter('m'),
        scope: Scope::BeforeOperand(&["-W", "-X", "-c"]),
        inert: &[
            "pytest",
            "unittest",
            "pip",
            "venv",
            "ensurepip",
            "json.tool",
            "http.server",
            "mypy",
            "black",
            "ruff",
            "isort",
            "flake8",
            "pylint",
            "build",
            "compileall",
            "tabnanny",
            "calendar",
            "site",
        ],
        source: "python3(1), Python 3.11 library reference: `timeit`, `code`, `pdb`, \
                 `asyncio`, `runpy`, `cProfile`, `profile`, `trace`, `doctest`, `idlelib`, \
                 `pydoc` and any installed module run code their words name, read \
                 commands from standard input, or run a pager",
    },
];

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
    SETTINGS
        .iter()
        .filter(|row| row.programs.contains(&program))
        .find_map(|row| row_is_live(row, args).then_some(row.source))
}

/// Whether `program` has a row here.
#[must_use]
pub fn has_settings(program: &str) -> bool {
    SETTINGS.iter().any(|row| row.programs.contains(&program))
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
