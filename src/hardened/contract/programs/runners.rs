//! Programs whose subcommand runs the rest of the line as a command, found on
//! `PATH` in the tool's environment (`uv run pytest -q` runs `pytest -q`,
//! `HARD-RUN-6`), read only in the plain form: the subcommand first, then
//! optionally `--`, then the command; an option before the command asks.

use super::{Program, Runs};

/// A row whose subcommands run the rest of the line: its name, its source
/// and the subcommands.
macro_rules! runner {
    ($name:literal, $source:literal, [$($sub:literal),*]) => {
        Program {
            name: $name,
            source: $source,
            runs: &[$(Runs::Subcommand($sub)),*],
            ..Program::NONE
        }
    };
}

/// The rows.
pub const ROWS: &[Program] = &[
    runner!("uv", "`--help`; version not recorded", ["run"]),
    runner!("poetry", "`--help`; version not recorded", ["run"]),
    runner!("pipenv", "`--help`; version not recorded", ["run"]),
    runner!("pdm", "`--help`; version not recorded", ["run"]),
    runner!("hatch", "`--help`; version not recorded", ["run"]),
    runner!("rye", "`--help`; version not recorded", ["run"]),
    runner!("pixi", "`--help`; version not recorded", ["run"]),
    runner!("conda", "`--help`; version not recorded", ["run"]),
    runner!("mamba", "`--help`; version not recorded", ["run"]),
    runner!("micromamba", "`--help`; version not recorded", ["run"]),
    runner!("bundle", "`--help`; version not recorded", ["exec"]),
    runner!("rbenv", "`--help`; version not recorded", ["exec"]),
    runner!("pyenv", "`--help`; version not recorded", ["exec"]),
    runner!("asdf", "`--help`; version not recorded", ["exec"]),
    runner!("mise", "`--help`; version not recorded", ["exec", "x"]),
    runner!("volta", "`--help`; version not recorded", ["run"]),
    runner!("fnm", "`--help`; version not recorded", ["exec"]),
    runner!("opam", "`--help`; version not recorded", ["exec"]),
    runner!("stack", "`--help`; version not recorded", ["exec"]),
    runner!("cabal", "`--help`; version not recorded", ["exec"]),
    runner!("jenv", "`--help`; version not recorded", ["exec"]),
    runner!("nodenv", "`--help`; version not recorded", ["exec"]),
    runner!("goenv", "`--help`; version not recorded", ["exec"]),
    runner!("plenv", "`--help`; version not recorded", ["exec"]),
    runner!("phpenv", "`--help`; version not recorded", ["exec"]),
    runner!("luaenv", "`--help`; version not recorded", ["exec"]),
    // tox 4: `tox exec -e ENV -- CMD` runs a command in an environment
    // (its options before `--` make the reading ask).
    runner!("tox", "`tox --help`, tox 4 documentation", ["exec"]),
];
