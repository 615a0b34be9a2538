//! Programs whose operands after their options are a command (`HARD-RUN-4`),
//! each read with its own option grammar from its `--help` on Debian 12 and
//! checked in bash: each stops reading options at its first operand, except
//! those that permute. What follows is the inner command, judged as a command
//! of its own; an unknown option, or one that runs a shell string, writes a
//! file or changes identity, root or namespaces, asks.

use super::{Chdir, Grammar, Program, Quirk, Runs};

/// The rows.
pub const ROWS: &[Program] = &[
    Program {
        name: "timeout",
        source: "`--help` on Debian 12, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Command(Grammar {
            operands: 1,
            short: "k:s:v",
            long: &[
                "kill-after=",
                "signal=",
                "preserve-status",
                "foreground",
                "verbose",
            ],
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "nice",
        source: "`--help` on Debian 12, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Command(Grammar {
            short: "n:",
            long: &["adjustment="],
            ..Grammar::NONE
        })],
        quirks: &[Quirk::OldIncrement],
        ..Program::NONE
    },
    Program {
        name: "nohup",
        source: "`--help` on Debian 12, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Command(Grammar { ..Grammar::NONE })],
        ..Program::NONE
    },
    Program {
        name: "stdbuf",
        source: "`--help` on Debian 12, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Command(Grammar {
            short: "i:o:e:",
            long: &["input=", "output=", "error="],
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "env",
        source: "`--help` on Debian 12, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Command(Grammar {
            short: "u:C:S:i0v",
            long: &[
                "unset=",
                "chdir=",
                "split-string=",
                "ignore-environment",
                "null",
                "debug",
                "block-signal",
                "default-signal",
                "ignore-signal",
                "list-signal-handling",
            ],
            unsure: &["-S", "--split-string"],
            ..Grammar::NONE
        })],
        chdir: Some(Chdir {
            short: "-C",
            long: "--chdir",
        }),
        quirks: &[Quirk::Assignments],
        ..Program::NONE
    },
    Program {
        name: "taskset",
        source: "`--help` on Debian 12, util-linux 2.38.1",
        runs: &[Runs::Command(Grammar {
            operands: 1,
            short: "pac",
            long: &["pid", "all-tasks", "cpu-list"],
            acts_on_process: &["-p", "--pid"],
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "ionice",
        source: "`--help` on Debian 12, util-linux 2.38.1",
        runs: &[Runs::Command(Grammar {
            short: "c:n:p:P:u:t",
            long: &["class=", "classdata=", "pid=", "pgid=", "uid=", "ignore"],
            acts_on_process: &["-p", "-P", "-u", "--pid", "--pgid", "--uid"],
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "chrt",
        source: "`--help` on Debian 12, util-linux 2.38.1",
        runs: &[Runs::Command(Grammar {
            operands: 1,
            short: "T:P:D:bdfioRravmp",
            long: &[
                "sched-runtime=",
                "sched-period=",
                "sched-deadline=",
                "batch",
                "deadline",
                "fifo",
                "idle",
                "other",
                "rr",
                "reset-on-fork",
                "all-tasks",
                "verbose",
                "max",
                "pid",
            ],
            acts_on_process: &["-p", "--pid", "-m", "--max"],
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "setarch",
        source: "`--help` on Debian 12, util-linux 2.38.1",
        runs: &[Runs::Command(Grammar {
            operands: 1,
            short: "BFILRSTXZ3v",
            long: &[
                "32bit",
                "fdpic-funcptrs",
                "short-inode",
                "addr-compat-layout",
                "addr-no-randomize",
                "whole-seconds",
                "sticky-timeouts",
                "read-implies-exec",
                "mmap-page-zero",
                "3gb",
                "4gb",
                "uname-2.6",
                "verbose",
            ],
            shell_without_command: true,
            options_anywhere: true,
            ..Grammar::NONE
        })],
        quirks: &[Quirk::OptionalArchitecture],
        ..Program::NONE
    },
    Program {
        name: "linux32",
        source: "`--help` on Debian 12, util-linux 2.38.1",
        runs: &[Runs::Command(Grammar {
            short: "BFILRSTXZ3v",
            long: &[
                "32bit",
                "fdpic-funcptrs",
                "short-inode",
                "addr-compat-layout",
                "addr-no-randomize",
                "whole-seconds",
                "sticky-timeouts",
                "read-implies-exec",
                "mmap-page-zero",
                "3gb",
                "4gb",
                "uname-2.6",
                "verbose",
            ],
            shell_without_command: true,
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "linux64",
        source: "`--help` on Debian 12, util-linux 2.38.1",
        runs: &[Runs::Command(Grammar {
            short: "BFILRSTXZ3v",
            long: &[
                "32bit",
                "fdpic-funcptrs",
                "short-inode",
                "addr-compat-layout",
                "addr-no-randomize",
                "whole-seconds",
                "sticky-timeouts",
                "read-implies-exec",
                "mmap-page-zero",
                "3gb",
                "4gb",
                "uname-2.6",
                "verbose",
            ],
            shell_without_command: true,
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "i386",
        source: "`--help` on Debian 12, util-linux 2.38.1",
        runs: &[Runs::Command(Grammar {
            short: "BFILRSTXZ3v",
            long: &[
                "32bit",
                "fdpic-funcptrs",
                "short-inode",
                "addr-compat-layout",
                "addr-no-randomize",
                "whole-seconds",
                "sticky-timeouts",
                "read-implies-exec",
                "mmap-page-zero",
                "3gb",
                "4gb",
                "uname-2.6",
                "verbose",
            ],
            shell_without_command: true,
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "x86_64",
        source: "`--help` on Debian 12, util-linux 2.38.1",
        runs: &[Runs::Command(Grammar {
            short: "BFILRSTXZ3v",
            long: &[
                "32bit",
                "fdpic-funcptrs",
                "short-inode",
                "addr-compat-layout",
                "addr-no-randomize",
                "whole-seconds",
                "sticky-timeouts",
                "read-implies-exec",
                "mmap-page-zero",
                "3gb",
                "4gb",
                "uname-2.6",
                "verbose",
            ],
            shell_without_command: true,
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "prlimit",
        source: "`--help` on Debian 12, util-linux 2.38.1",
        runs: &[Runs::Command(Grammar {
            short: "p:o:c::d::e::f::i::l::m::n::q::r::s::t::u::v::x::y::",
            long: &[
                "pid=",
                "output=",
                "noheadings",
                "raw",
                "verbose",
                "core",
                "data",
                "nice",
                "fsize",
                "sigpending",
                "memlock",
                "rss",
                "nofile",
                "msgqueue",
                "rtprio",
                "stack",
                "cpu",
                "nproc",
                "as",
                "locks",
                "rttime",
            ],
            acts_on_process: &["-p", "--pid"],
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "strace",
        source: "`--help` on Debian 12, strace 6.1",
        runs: &[Runs::Command(Grammar {
            short: "a:b:e:E:I:o:O:p:P:s:S:u:U:X:cCdDfFhiknqrtTvVwxyYzZA",
            long: &[
                "attach=",
                "user=",
                "output=",
                "string-limit=",
                "trace-path=",
                "env=",
                "follow-forks",
                "summary-only",
                "summary",
                "quiet",
                "relative-timestamps",
                "absolute-timestamps",
                "syscall-times",
                "no-abbrev",
                "decode-fds",
                "stack-traces",
            ],
            unsure: &[
                "-o", "--output", "-E", "--env", "-p", "--attach", "-u", "--user", "-D", "-A",
            ],
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "flock",
        source: "`--help` on Debian 12, util-linux 2.38.1",
        runs: &[Runs::Command(Grammar {
            operands: 1,
            short: "w:E:c:sxenouFv",
            long: &[
                "timeout=",
                "conflict-exit-code=",
                "command=",
                "shared",
                "exclusive",
                "nonblock",
                "close",
                "unlock",
                "no-fork",
                "verbose",
            ],
            unsure: &["-c", "--command"],
            options_anywhere: true,
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "watch",
        source: "`--help` on Debian 12, procps 4.0.2",
        runs: &[Runs::Command(Grammar {
            short: "n:q:d::bceEgptwx",
            long: &[
                "interval=",
                "equexit=",
                "beep",
                "color",
                "differences",
                "errexit",
                "chgexit",
                "precise",
                "no-title",
                "no-wrap",
                "exec",
            ],
            ..Grammar::NONE
        })],
        quirks: &[Quirk::ShellUnlessExec],
        ..Program::NONE
    },
    Program {
        name: "setsid",
        source: "`--help` on Debian 12, util-linux 2.38.1",
        runs: &[Runs::Command(Grammar {
            short: "cfw",
            long: &["ctty", "fork", "wait"],
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "choom",
        source: "`--help` on Debian 12, util-linux 2.38.1",
        runs: &[Runs::Command(Grammar {
            short: "n:p:",
            long: &["adjust=", "pid="],
            acts_on_process: &["-p", "--pid"],
            permutes: true,
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "uclampset",
        source: "`--help` on Debian 12, util-linux 2.38.1",
        runs: &[Runs::Command(Grammar {
            short: "m:M:p:asRv",
            long: &["pid=", "all-tasks", "system", "reset-on-fork", "verbose"],
            acts_on_process: &["-p", "--pid", "-s", "--system"],
            permutes: true,
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "time",
        source: "`--help` on Debian 12; version not recorded",
        g_prefixed: true,
        runs: &[Runs::Command(Grammar {
            short: "f:o:apqv",
            long: &[
                "format=",
                "output=",
                "append",
                "portability",
                "quiet",
                "verbose",
            ],
            unsure: &["-o", "--output"],
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "valgrind",
        source: "`--help` on Debian 12, valgrind 3.19",
        runs: &[Runs::Command(Grammar {
            short: "qvs",
            any_long: true,
            unsure: &[
                "--log-file",
                "--xml-file",
                "--log-socket",
                "--xml-socket",
                "--vgdb",
                "--db-attach",
                "--db-command",
                "--suppressions",
                "--trace-children",
            ],
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "xargs",
        source: "`--help` on Debian 12, findutils 4.9",
        g_prefixed: true,
        runs: &[Runs::Command(Grammar {
            short: "a:d:E:I:L:n:P:s:e::i::l::0oprtx",
            long: &[
                "arg-file=",
                "delimiter=",
                "max-lines=",
                "max-args=",
                "max-procs=",
                "max-chars=",
                "process-slot-var=",
                "null",
                "eof",
                "replace",
                "open-tty",
                "interactive",
                "no-run-if-empty",
                "verbose",
                "exit",
                "show-limits",
            ],
            ..Grammar::NONE
        })],
        quirks: &[Quirk::InputItems],
        ..Program::NONE
    },
    Program {
        name: "fakeroot",
        source: "`--help` on Debian 12, fakeroot 1.31",
        runs: &[Runs::Command(Grammar {
            short: "l:f:s:i:b:uhv",
            long: &["lib=", "faked=", "unknown-is-real"],
            unsure: &["-s", "-i", "-b"],
            ..Grammar::NONE
        })],
        ..Program::NONE
    },
    // `corepack PM[@VERSION] ARGS…` runs the package manager with ARGS
    // (`corepack pnpm exec rm -rf x`): its operands are a command.
    Program {
        name: "corepack",
        source: "`corepack --help`, corepack 0.x (Node 20)",
        runs: &[Runs::Command(Grammar { ..Grammar::NONE })],
        ..Program::NONE
    },
    Program {
        name: "busybox",
        source: "`--help` on Debian 12; version not recorded",
        runs: &[Runs::Command(Grammar { ..Grammar::NONE }), Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "toybox",
        source: "`--help` on Debian 12; version not recorded",
        runs: &[Runs::Command(Grammar { ..Grammar::NONE }), Runs::Shell],
        ..Program::NONE
    },
];
