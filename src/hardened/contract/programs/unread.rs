//! Programs that run a command in a form this profile does not read (`HARD-
//! RUN-4`): a shell string (`su -c`, `script -c`), another user, root or
//! namespace in which names resolve differently (`sudo`, `chroot`,
//! `unshare`), a syntax not installed here to read (`ltrace`, `parallel`), or
//! an editor, pager or browser chosen by the system's alternatives.

use super::{Program, Runs};

/// The rows.
pub const ROWS: &[Program] = &[
    Program {
        name: "su",
        source: "manual page, util-linux 2.38.1",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "runuser",
        source: "manual page, util-linux 2.38.1",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "sudo",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "doas",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "chroot",
        source: "manual page; version not recorded",
        g_prefixed: true,
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "unshare",
        source: "manual page, util-linux 2.38.1",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "nsenter",
        source: "manual page, util-linux 2.38.1",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "runcon",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "setpriv",
        source: "manual page, util-linux 2.38.1",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "script",
        source: "manual page, util-linux 2.38.1",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "sg",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "systemd-run",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "ltrace",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "parallel",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "rust-parallel",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "rush",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "firejail",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "cgexec",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "numactl",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "catchsegv",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "pkexec",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "proot",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "bwrap",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "ssh",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "tmux",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "screen",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "perf",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "faketime",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "xvfb-run",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "dbus-run-session",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "dbus-launch",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "unbuffer",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "chronic",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "ifne",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "eatmydata",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "nocache",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "torsocks",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "torify",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "proxychains",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "proxychains4",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "tsocks",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "trickle",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "cpulimit",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "systemd-inhibit",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "systemd-nspawn",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "rlwrap",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "lldb",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "rr",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "uftrace",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "heaptrack",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "schedtool",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "tini",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "dumb-init",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "gosu",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "su-exec",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "chpst",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "envdir",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "envuidgid",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "setuidgid",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "softlimit",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "dtach",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "abduco",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "run0",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "newgrp",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "fakechroot",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "hyperfine",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "entr",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "watchexec",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "nodemon",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "concurrently",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "cross-env",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "env-cmd",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "dotenv",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "dotenvx",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "direnv",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "nix-shell",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "flatpak-spawn",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "mispipe",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "pee",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "lckdo",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "sem",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "nq",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "tsp",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "at",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "batch",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "sshpass",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "ssh-agent",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "mpirun",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "mpiexec",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "srun",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "xterm",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "zellij",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "enosys",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "setpgid",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "scriptlive",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "coresched",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "zrun",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "capsh",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "timelimit",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "daemonize",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "daemon",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "start-stop-daemon",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "empty",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "xe",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "pexec",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "setlock",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "pgrphack",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "fghack",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "tcpserver",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "tcpclient",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "socat",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "websocketd",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "gotty",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "ttyd",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "foreground",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "background",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "fdmove",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "redirfd",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "emptyenv",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "importas",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "backtick",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "ifelse",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "ifte",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "ifthenelse",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "forx",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "forstdin",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "loopwhilex",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "withstdinas",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "ccache",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "sccache",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "distcc",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "icecc",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "nsjail",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "minijail0",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "aa-exec",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "schroot",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "arch-chroot",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "fakeroot-ng",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "pseudo",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "datefudge",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "hwloc-bind",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "likwid-pin",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "bpftrace",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "trace-cmd",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "systemd-cat",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "logsave",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "lockf",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "when-changed",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "reflex",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "please",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "envchain",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "summon",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "cmd",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "wsl",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "editor",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "sensible-editor",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "select-editor",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "pager",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "sensible-pager",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "sensible-browser",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "www-browser",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "x-www-browser",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "x-terminal-emulator",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
    Program {
        name: "sensible-terminal",
        source: "manual page; version not recorded",
        runs: &[Runs::Unread],
        ..Program::NONE
    },
];
