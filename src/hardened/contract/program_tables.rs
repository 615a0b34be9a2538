//! The program tables of HARD-RUN-4 (spec §12.5), as data: the programs
//! whose arguments are a command with their option syntax ([`PROGRAMS`]),
//! the programs that run a command this profile does not read
//! ([`UNMODELLED`]), the g-prefixed GNU names, the architectures `setarch`
//! takes, and the options that run a program in another directory
//! ([`CHDIR_OPTIONS`]). [`crate::hardened::programs`] reads them.

/// Programs that run a command but whose reading this profile does not
/// model: a shell string (`su -c`, `script -c`, `sg`), another user, root
/// or namespace in which names resolve differently (`sudo`, `doas`,
/// `runuser`, `chroot`, `unshare`, `nsenter`, `runcon`, `setpriv`), or not
/// installed here to read its syntax from (`ltrace`, `parallel`, …).
pub const UNMODELLED: &[&str] = &[
    "su",
    "runuser",
    "sudo",
    "doas",
    "chroot",
    "unshare",
    "nsenter",
    "runcon",
    "setpriv",
    "script",
    "sg",
    "systemd-run",
    "ltrace",
    "parallel",
    "rust-parallel",
    "rush",
    "firejail",
    "cgexec",
    "numactl",
    "catchsegv",
    "pkexec",
    "proot",
    "bwrap",
    "ssh",
    "gdb",
    "expect",
    "tmux",
    "screen",
    // Prefix runners outside coreutils and util-linux (HARD-RUN-4): each
    // runs its operands as a command, with options this table does not read.
    "perf",
    "faketime",
    "xvfb-run",
    "dbus-run-session",
    "dbus-launch",
    "unbuffer",
    "chronic",
    "ifne",
    "eatmydata",
    "nocache",
    "torsocks",
    "torify",
    "proxychains",
    "proxychains4",
    "tsocks",
    "trickle",
    "cpulimit",
    "systemd-inhibit",
    "systemd-nspawn",
    "rlwrap",
    "lldb",
    "rr",
    "uftrace",
    "heaptrack",
    "schedtool",
    "tini",
    "dumb-init",
    "gosu",
    "su-exec",
    "chpst",
    "envdir",
    "envuidgid",
    "setuidgid",
    "softlimit",
    "dtach",
    "abduco",
    "run0",
    "newgrp",
    "fakechroot",
    "hyperfine",
    "entr",
    "watchexec",
    "nodemon",
    "concurrently",
    "cross-env",
    "env-cmd",
    "dotenv",
    "dotenvx",
    "direnv",
    "nix-shell",
    "flatpak-spawn",
    "mispipe",
    "pee",
    "lckdo",
    "sem",
    "nq",
    "tsp",
    "at",
    "batch",
    "sshpass",
    "ssh-agent",
    "mpirun",
    "mpiexec",
    "srun",
    "xterm",
    "zellij",
    // Found missing by a red-team pass (issue 26, class 9): util-linux 2.39+
    // (`enosys`, `setpgid`, `scriptlive`, `coresched`), moreutils (`zrun`),
    // libcap (`capsh --`), dpkg (`start-stop-daemon`), daemontools and
    // execline chain-loaders, build caches that run their operands as the
    // compiler, sandboxes, tracers, process supervisors, and secret
    // injectors that run a command with secrets in its environment.
    "enosys",
    "setpgid",
    "scriptlive",
    "coresched",
    "zrun",
    "capsh",
    "timelimit",
    "daemonize",
    "daemon",
    "start-stop-daemon",
    "empty",
    "xe",
    "pexec",
    "setlock",
    "pgrphack",
    "fghack",
    "tcpserver",
    "tcpclient",
    "socat",
    "websocketd",
    "gotty",
    "ttyd",
    "foreground",
    "background",
    "fdmove",
    "redirfd",
    "emptyenv",
    "importas",
    "backtick",
    "ifelse",
    "ifte",
    "ifthenelse",
    "forx",
    "forstdin",
    "loopwhilex",
    "withstdinas",
    "ccache",
    "sccache",
    "distcc",
    "icecc",
    "nsjail",
    "minijail0",
    "aa-exec",
    "schroot",
    "arch-chroot",
    "fakeroot-ng",
    "pseudo",
    "datefudge",
    "hwloc-bind",
    "likwid-pin",
    "bpftrace",
    "trace-cmd",
    "systemd-cat",
    "logsave",
    "lockf",
    "when-changed",
    "reflex",
    "please",
    "envchain",
    "summon",
    // Windows' command interpreter and WSL's launcher, reached from WSL
    // (`cmd.exe /c …`, `wsl.exe -e …`; `.exe` is part of the stem).
    "cmd",
    "wsl",
    // Debian's alternatives for whichever editor, pager, browser or
    // terminal is installed (`editor -c '!…'` is vim's `-c` when vim is
    // the editor): which program runs, and so its syntax, is not known.
    "editor",
    "sensible-editor",
    "select-editor",
    "pager",
    "sensible-pager",
    "sensible-browser",
    "www-browser",
    "x-www-browser",
    "x-terminal-emulator",
    "sensible-terminal",
];

/// GNU programs as Homebrew and the BSDs install them, with a `g` prefix
/// (`gtimeout`, `gxargs`): read as the program they are.
pub const G_PREFIXED: &[&str] = &[
    "timeout", "nice", "nohup", "stdbuf", "env", "chroot", "xargs", "find", "time",
];

/// The architectures `setarch` knows on some platform (util-linux
/// `setarch.c`, every platform's table, and the machine names `uname -m`
/// gives there).
pub const SETARCH_ARCHITECTURES: &[&str] = &[
    "uname26",
    "linux32",
    "linux64",
    "ppc32",
    "ppc",
    "ppc64",
    "ppc64pseries",
    "ppc64iseries",
    "ppc32le",
    "ppcle",
    "ppc64le",
    "i386",
    "i486",
    "i586",
    "i686",
    "athlon",
    "x86_64",
    "ia64",
    "parisc32",
    "parisc",
    "parisc64",
    "s390",
    "s390x",
    "sparc",
    "sparc32bash",
    "sparc32",
    "sparc64",
    "mips32",
    "mips",
    "mips64",
    "alpha",
    "alphaev5",
    "alphaev56",
    "alphaev6",
    "alphaev67",
    "aarch64",
    "arm64",
    "armv7l",
    "armv8l",
    "arm",
    "riscv64",
    "loongarch64",
];

/// The programs whose arguments are a command, each with its option syntax
/// as its `--help` gives it: `short` is a getopt string (`k:` takes an
/// argument, `d::` an optional attached one), `long` the long options (`=`:
/// takes an argument), `operands` the words before the command, `pid` the
/// options after which it acts on a running process and runs nothing,
/// `unsure` the options this profile does not follow (a shell string, a file
/// written, another environment), and the flags `shell` (no command: runs a
/// shell), `anywhere` (options may follow operands), `permutes` (getopt
/// permutes, so an option-like word after the command may be its own).
pub const PROGRAMS: &[(&str, &str)] = &[
    ("timeout", "operands:1 short:k:s:v long:kill-after=,signal=,preserve-status,foreground,verbose"),
    ("nice", "short:n: long:adjustment="),
    ("nohup", ""),
    ("stdbuf", "short:i:o:e: long:input=,output=,error="),
    ("env", "short:u:C:S:i0v long:unset=,chdir=,split-string=,ignore-environment,null,debug,block-signal,default-signal,ignore-signal,list-signal-handling unsure:-S,--split-string"),
    ("taskset", "operands:1 short:pac long:pid,all-tasks,cpu-list pid:-p,--pid"),
    ("ionice", "short:c:n:p:P:u:t long:class=,classdata=,pid=,pgid=,uid=,ignore pid:-p,-P,-u,--pid,--pgid,--uid"),
    ("chrt", "operands:1 short:T:P:D:bdfioRravmp long:sched-runtime=,sched-period=,sched-deadline=,batch,deadline,fifo,idle,other,rr,reset-on-fork,all-tasks,verbose,max,pid pid:-p,--pid,-m,--max"),
    ("setarch", "operands:1 short:BFILRSTXZ3v long:32bit,fdpic-funcptrs,short-inode,addr-compat-layout,addr-no-randomize,whole-seconds,sticky-timeouts,read-implies-exec,mmap-page-zero,3gb,4gb,uname-2.6,verbose shell anywhere"),
    ("linux32", "short:BFILRSTXZ3v long:32bit,fdpic-funcptrs,short-inode,addr-compat-layout,addr-no-randomize,whole-seconds,sticky-timeouts,read-implies-exec,mmap-page-zero,3gb,4gb,uname-2.6,verbose shell"),
    ("linux64", "short:BFILRSTXZ3v long:32bit,fdpic-funcptrs,short-inode,addr-compat-layout,addr-no-randomize,whole-seconds,sticky-timeouts,read-implies-exec,mmap-page-zero,3gb,4gb,uname-2.6,verbose shell"),
    ("i386", "short:BFILRSTXZ3v long:32bit,fdpic-funcptrs,short-inode,addr-compat-layout,addr-no-randomize,whole-seconds,sticky-timeouts,read-implies-exec,mmap-page-zero,3gb,4gb,uname-2.6,verbose shell"),
    ("x86_64", "short:BFILRSTXZ3v long:32bit,fdpic-funcptrs,short-inode,addr-compat-layout,addr-no-randomize,whole-seconds,sticky-timeouts,read-implies-exec,mmap-page-zero,3gb,4gb,uname-2.6,verbose shell"),
    ("prlimit", "short:p:o:c::d::e::f::i::l::m::n::q::r::s::t::u::v::x::y:: long:pid=,output=,noheadings,raw,verbose,core,data,nice,fsize,sigpending,memlock,rss,nofile,msgqueue,rtprio,stack,cpu,nproc,as,locks,rttime pid:-p,--pid"),
    ("strace", "short:a:b:e:E:I:o:O:p:P:s:S:u:U:X:cCdDfFhiknqrtTvVwxyYzZA long:attach=,user=,output=,string-limit=,trace-path=,env=,follow-forks,summary-only,summary,quiet,relative-timestamps,absolute-timestamps,syscall-times,no-abbrev,decode-fds,stack-traces unsure:-o,--output,-E,--env,-p,--attach,-u,--user,-D,-A"),
    ("flock", "operands:1 short:w:E:c:sxenouFv long:timeout=,conflict-exit-code=,command=,shared,exclusive,nonblock,close,unlock,no-fork,verbose unsure:-c,--command anywhere"),
    ("watch", "short:n:q:d::bceEgptwx long:interval=,equexit=,beep,color,differences,errexit,chgexit,precise,no-title,no-wrap,exec"),
    ("setsid", "short:cfw long:ctty,fork,wait"),
    ("choom", "short:n:p: long:adjust=,pid= pid:-p,--pid permutes"),
    ("uclampset", "short:m:M:p:asRv long:pid=,all-tasks,system,reset-on-fork,verbose pid:-p,--pid,-s,--system permutes"),
    ("time", "short:f:o:apqv long:format=,output=,append,portability,quiet,verbose unsure:-o,--output"),
    ("valgrind", "short:qvs long:* unsure:--log-file,--xml-file,--log-socket,--xml-socket,--vgdb,--db-attach,--db-command,--suppressions,--trace-children"),
    ("xargs", "short:a:d:E:I:L:n:P:s:e::i::l::0oprtx long:arg-file=,delimiter=,max-lines=,max-args=,max-procs=,max-chars=,process-slot-var=,null,eof,replace,open-tty,interactive,no-run-if-empty,verbose,exit,show-limits"),
    ("fakeroot", "short:l:f:s:i:b:uhv long:lib=,faked=,unknown-is-real unsure:-s,-i,-b"),
    ("busybox", ""),
    ("toybox", ""),
];

/// The `key:value` fields of a syntax string of this table or of
/// [`COMMAND_OPTIONS`](super::runner_tables::COMMAND_OPTIONS)'s (a field without `:` has an empty value).
pub fn syntax_fields(syntax: &str) -> impl Iterator<Item = (&str, &str)> {
    syntax
        .split(' ')
        .filter(|f| !f.is_empty())
        .map(|field| field.split_once(':').unwrap_or((field, "")))
}

/// A field's comma-separated list.
pub fn syntax_list(value: &str) -> Vec<&str> {
    value.split(',').filter(|v| !v.is_empty()).collect()
}

/// Options that run a program in another directory, where its relative
/// words lead (`env -C ~ cat .ssh/id_rsa`): `(program, short, long)`.
pub const CHDIR_OPTIONS: &[(&str, &str, &str)] = &[
    ("env", "-C", "--chdir"),
    ("git", "-C", ""),
    ("make", "-C", "--directory"),
    ("gmake", "-C", "--directory"),
    ("tar", "-C", "--directory"),
];
