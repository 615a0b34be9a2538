//! Programs that run a command in a container, a virtual machine or a
//! cluster (`HARD-RUN-6`): `docker run IMAGE rm -rf /w` deletes what a bind
//! mount shows of this machine, and the rules see a `docker` command. Each
//! subcommand that takes a command, or an ad-hoc action, asks; the
//! programs' other subcommands are the rules' to judge.

use super::{CommandOptions, Program, Runs};

/// docker's and podman's subcommands that start a container's command.
const CONTAINER_RUNS: &[Runs] = &[
    Runs::Options(CommandOptions {
        subcommand: Some("run"),
        always: true,
        ..CommandOptions::NONE
    }),
    Runs::Options(CommandOptions {
        subcommand: Some("exec"),
        always: true,
        ..CommandOptions::NONE
    }),
    Runs::Options(CommandOptions {
        subcommand: Some("create"),
        always: true,
        ..CommandOptions::NONE
    }),
    Runs::Options(CommandOptions {
        subcommand: Some("container"),
        words: &["run", "exec", "create"],
        ..CommandOptions::NONE
    }),
    Runs::Options(CommandOptions {
        subcommand: Some("compose"),
        words: &["run", "exec"],
        ..CommandOptions::NONE
    }),
];

/// A row whose listed subcommands ask at every use.
macro_rules! runs_elsewhere {
    ($name:literal, $source:literal, [$($sub:literal),*]) => {
        Program {
            name: $name,
            source: $source,
            runs: &[$(Runs::Options(CommandOptions {
                subcommand: Some($sub),
                always: true,
                ..CommandOptions::NONE
            })),*],
            ..Program::NONE
        }
    };
}

/// The rows.
pub const ROWS: &[Program] = &[
    Program::with_runs(
        "docker",
        "`docker --help`; version not recorded",
        CONTAINER_RUNS,
    ),
    Program::with_runs(
        "podman",
        "`podman --help`; version not recorded",
        CONTAINER_RUNS,
    ),
    runs_elsewhere!(
        "docker-compose",
        "`docker-compose --help`; version not recorded",
        ["run", "exec"]
    ),
    runs_elsewhere!(
        "podman-compose",
        "`podman-compose --help`; version not recorded",
        ["run", "exec"]
    ),
    runs_elsewhere!(
        "kubectl",
        "`kubectl --help`; version not recorded",
        // `kubectl edit` opens $KUBE_EDITOR or $EDITOR, vi by default.
        ["exec", "run", "debug", "attach", "edit"]
    ),
    runs_elsewhere!(
        "oc",
        "`oc --help`; version not recorded",
        ["exec", "run", "debug", "rsh"]
    ),
    runs_elsewhere!(
        "multipass",
        "`multipass --help`; version not recorded",
        ["exec", "shell"]
    ),
    runs_elsewhere!(
        "lxc",
        "`lxc --help`; version not recorded",
        ["exec", "shell"]
    ),
    runs_elsewhere!(
        "incus",
        "`incus --help`; version not recorded",
        ["exec", "shell"]
    ),
    runs_elsewhere!(
        "devcontainer",
        "`devcontainer --help`; version not recorded",
        ["exec"]
    ),
    runs_elsewhere!(
        "nerdctl",
        "`nerdctl --help`; version not recorded",
        ["run", "exec", "create"]
    ),
    Program {
        name: "vagrant",
        source: "`vagrant ssh --help`; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("ssh"),
            short: "c",
            long: &["command"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "ansible",
        source: "`ansible --help`; version not recorded",
        // An ad-hoc module and its arguments: `-m shell -a CMD`, and any
        // other action a module takes (`-m file -a 'state=absent'`).
        runs: &[Runs::Options(CommandOptions {
            short: "ma",
            long: &["module-name", "args"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "gh",
        source: "`gh alias set --help`; version not recorded",
        // `gh alias set NAME '!CMD'` (or `--shell`) runs CMD as `gh NAME`.
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("alias"),
            words: &["set", "import"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
];
