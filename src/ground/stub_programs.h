/* The programs whose stub runs the command its arguments name
 * (src/ground/stub.c, INV-GROUND-2, INV-GROUND-9), each with its option
 * syntax as its manual and its source give it (coreutils 9.1, util-linux
 * 2.38 to 2.42, procps 4.0, strace 6, ltrace 0.7, GNU time 1.9, shadow's
 * sg, fakeroot 1.31, valgrind 3.19) and checked against the program in bash
 * (tests/it/ground/runners.rs). Where versions differ the stub accepts
 * the union: running a command the program would refuse over-reports,
 * the safe side.
 *
 * `shorts` is getopt's optstring: `:` after a letter that takes an
 * argument, `::` after one that takes an optional attached one, a leading
 * `+` when options end at the first operand (else getopt permutes:
 * options are read among the operands, up to `--`). `longs` are the long
 * options: `=` after one that takes an argument, `?` after one that takes
 * an optional `=value`. `roles` says what an option does beyond being
 * skipped, as space-separated `name/role` (a letter for a short option):
 *   h  prints (help, version) and exits: runs nothing;
 *   e  acts on a running process or only prints (`taskset -p`): runs nothing;
 *   c  its argument is a command string the program runs with a shell;
 *   s  its argument is the shell the program runs (`su -s`);
 *   x  the operands are a command, not a shell's (`runuser -u`, `watch -x`).
 * `--help` and `--version` print and exit wherever they are listed. */

enum form {
  ARGV,     /* the operands after the fixed ones are the command */
  CHRT,     /* ARGV, after a priority when the first operand is a number and a word follows */
  SU,       /* [-] [USER [ARG...]]: the shell, with -c STRING, then the ARGs */
  SCRIPT,   /* -c STRING runs the shell on it; else the shell reads standard input */
  SG,       /* [-] GROUP [[-c] STRING]: sh -c STRING; no options */
  FLOCK,    /* FILE COMMAND..., FILE -c STRING, or FD (runs nothing) */
  WATCH,    /* sh -c on the operands joined by spaces; with -x the operands */
  VALGRIND, /* the first word not starting with `-`, or the word after `--` */
};

enum none {
  REJECT,  /* no command: an error, the `reject` status */
  NOTHING, /* no command: it prints or acts on itself, and runs nothing */
  SHELL,   /* no command: an interactive shell, reading standard input */
};

struct program {
  const char *name;
  const char *shorts;
  const char *const *longs;
  const char *roles;
  enum form form;
  int operands; /* operands before the command: timeout's DURATION, taskset's MASK */
  enum none none;
  int reject;    /* the status for an option it rejects, or too few operands */
  int transparent; /* judged through its inner command (TRANSPARENT_WRAPPERS) */
};

static const char *const timeout_longs[] = {"foreground", "kill-after=", "preserve-status", "signal=",
                                            "verbose", "help", "version", NULL};
static const char *const nice_longs[] = {"adjustment=", "help", "version", NULL};
static const char *const plain_longs[] = {"help", "version", NULL};
static const char *const stdbuf_longs[] = {"input=", "output=", "error=", "help", "version", NULL};
static const char *const setsid_longs[] = {"ctty", "fork", "wait", "help", "version", NULL};
static const char *const time_longs[] = {"append", "format=", "output=", "portability", "quiet",
                                         "verbose", "help", "version", NULL};
static const char *const taskset_longs[] = {"all-tasks", "pid", "cpu-list", "help", "version", NULL};
static const char *const ionice_longs[] = {"class=", "classdata=", "pid=", "pgid=", "uid=", "ignore",
                                           "help", "version", NULL};
static const char *const chrt_longs[] = {"all-tasks", "batch", "deadline", "ext", "fifo", "idle", "pid",
                                         "help", "max", "other", "rr", "sched-runtime=",
                                         "sched-period=", "sched-deadline=", "reset-on-fork",
                                         "verbose", "version", NULL};
static const char *const arch_longs[] = {"help", "version", "verbose", "addr-no-randomize",
                                         "fdpic-funcptrs", "mmap-page-zero", "addr-compat-layout",
                                         "read-implies-exec", "32bit", "short-inode", "whole-seconds",
                                         "sticky-timeouts", "3gb", "4gb", "uname-2.6", "list", "show?",
                                         NULL};
static const char *const prlimit_longs[] = {"pid=", "output=", "as?", "core?", "cpu?", "data?",
                                            "fsize?", "locks?", "memlock?", "msgqueue?", "nice?",
                                            "nofile?", "nproc?", "rss?", "rtprio?", "rttime?",
                                            "sigpending?", "stack?", "version", "help", "noheadings",
                                            "raw", "verbose", NULL};
static const char *const choom_longs[] = {"adjust=", "pid=", "help", "version", NULL};
static const char *const uclampset_longs[] = {"all-tasks", "pid=", "system", "reset-on-fork", "help",
                                              "verbose", "version", NULL};
static const char *const strace_longs[] = {
    "columns=", "output-append-mode", "detach-on=", "summary-only", "summary", "debug", "daemonize?",
    "daemonised?", "daemonized?", "env=", "follow-forks", "output-separately", "help",
    "instruction-pointer", "interruptible=", "kill-on-exit", "stack-trace?", "stack-traces?",
    "stack-trace-frame-limit=", "syscall-limit=", "syscall-number", "arg-names", "output=",
    "summary-syscall-overhead=", "attach=", "trace-path=", "relative-timestamps?", "string-limit=",
    "summary-sort-by=", "absolute-timestamps?", "timestamps?", "syscall-times?", "user=",
    "summary-columns=", "no-abbrev", "version", "summary-wall-clock", "strings-in-hex?",
    "const-print-style=", "pidns-translation", "successful-only", "failed-only", "failing-only",
    "seccomp-bpf", "tips?", "argv0=", "always-show-pid", "color=", "trace=", "trace-fds=", "abbrev=",
    "verbose=", "raw=", "signals=", "status=", "read=", "write=", "fault=", "inject=", "kvm=",
    "namespace?", "quiet?", "silent?", "silence?", "decode-fds?", "decode-pids=", "secontext?", NULL};
static const char *const ltrace_longs[] = {"align=", "config=", "debug=", "demangle", "indent=", "help",
                                           "library=", "output=", "version", "no-signals", "where=",
                                           NULL};
static const char *const chroot_longs[] = {"groups=", "userspec=", "skip-chdir", "help", "version", NULL};
static const char *const unshare_longs[] = {
    "help", "version", "mount?", "uts?", "ipc?", "net?", "pid?", "user?", "cgroup?", "time?", "fork",
    "kill-child?", "forward-signals", "mount-proc?", "mount-binfmt?", "map-user=", "map-users=",
    "map-group=", "map-groups=", "map-root-user", "map-current-user", "map-auto", "map-subids",
    "owner=", "propagation=", "setgroups=", "keep-caps", "setuid=", "setgid=", "root=", "wd=",
    "monotonic=", "boottime=", "load-interp=", NULL};
static const char *const nsenter_longs[] = {
    "all", "help", "version", "target=", "mount?", "uts?", "ipc?", "net?", "net-socket=", "pid?",
    "user?", "cgroup?", "time?", "setuid=", "setgid=", "root?", "wd?", "wdns?", "env", "no-fork",
    "join-cgroup", "preserve-credentials", "keep-caps", "user-parent", "follow-context", NULL};
static const char *const setpriv_longs[] = {
    "dump", "nnp", "no-new-privs", "inh-caps=", "ambient-caps=", "list-caps", "ruid=", "euid=",
    "rgid=", "egid=", "reuid=", "regid=", "clear-groups", "keep-groups", "init-groups", "groups=",
    "bounding-set=", "securebits=", "pdeathsig=", "ptracer=", "selinux-label=", "apparmor-profile=",
    "landlock-access=", "landlock-rule=", "seccomp-filter=", "help", "reset-env", "version", NULL};
static const char *const fakeroot_longs[] = {"lib=", "faked=", "unknown-is-real", "fd-base=", "version",
                                             "help", NULL};
static const char *const flock_longs[] = {"shared", "exclusive", "unlock", "nonblock", "nb", "timeout=",
                                          "wait=", "conflict-exit-code=", "close", "no-fork",
                                          "verbose", "help", "version", NULL};
static const char *const watch_longs[] = {"beep", "color", "no-color", "differences?", "errexit",
                                          "chgexit", "equexit=", "interval=", "precise", "no-rerun",
                                          "no-title", "no-wrap", "exec", "help", "version", NULL};
static const char *const su_longs[] = {"command=", "session-command=", "fast", "group=", "supp-group=",
                                       "login", "preserve-environment", "pty", "shell=", "help",
                                       "version", "whitelist-environment=", "user=", NULL};
static const char *const script_longs[] = {"append", "command=", "echo=", "log-in=", "log-out=",
                                           "log-io=", "log-timing=", "logging-format=", "return",
                                           "flush", "force", "quiet", "output-limit=", "timing?",
                                           "help", "version", NULL};

#define ARCH_SHORTS "+hVv3BFILRSTXZ"
#define SU_ROLES "c/c command/c session-command/c s/s shell/s h/h V/h"

static const struct program programs[] = {
    /* The transparent wrappers. setsid's and time's -h and -V print and
     * exit: running the command then over-reports, the safe side. */
    {"timeout", "+k:s:v", timeout_longs, "", ARGV, 1, REJECT, 125, 1},
    {"nice", "+n:", nice_longs, "", ARGV, 0, NOTHING, 125, 1},
    {"nohup", "+", plain_longs, "", ARGV, 0, REJECT, 125, 1},
    {"stdbuf", "+i:o:e:", stdbuf_longs, "", ARGV, 0, REJECT, 125, 1},
    {"setsid", "+cfwhV", setsid_longs, "", ARGV, 0, REJECT, 1, 1},
    {"time", "+af:o:pqvV", time_longs, "", ARGV, 0, REJECT, 125, 1},
    /* Programs that run a command, judged by their own text too. */
    {"taskset", "+apchV", taskset_longs, "p/e pid/e h/h V/h", ARGV, 1, REJECT, 1, 0},
    {"ionice", "+c:n:p:P:u:tVh", ionice_longs, "p/e P/e u/e pid/e pgid/e uid/e h/h V/h", ARGV, 0,
     NOTHING, 1, 0},
    {"chrt", "+abdD:efiphmoP:T:rRvV", chrt_longs, "p/e pid/e m/e max/e h/h V/h", CHRT, 0, REJECT, 1, 0},
    /* setarch ARCH, or setarch run under an architecture's name */
    {"setarch", ARCH_SHORTS, arch_longs, "list/e show/e h/h V/h", ARGV, 0, SHELL, 1, 0},
    {"linux32", ARCH_SHORTS, arch_longs, "list/e show/e h/h V/h", ARGV, 0, SHELL, 1, 0},
    {"linux64", ARCH_SHORTS, arch_longs, "list/e show/e h/h V/h", ARGV, 0, SHELL, 1, 0},
    {"i386", ARCH_SHORTS, arch_longs, "list/e show/e h/h V/h", ARGV, 0, SHELL, 1, 0},
    {"x86_64", ARCH_SHORTS, arch_longs, "list/e show/e h/h V/h", ARGV, 0, SHELL, 1, 0},
    {"prlimit", "+c::d::e::f::i::l::m::n::q::r::s::t::u::v::x::y::p:o:vVh", prlimit_longs,
     "p/e pid/e h/h V/h", ARGV, 0, NOTHING, 1, 0},
    {"choom", "hn:p:V", choom_longs, "p/e pid/e h/h V/h", ARGV, 0, REJECT, 1, 0},
    {"uclampset", "+asRp:hm:M:vV", uclampset_longs, "p/e pid/e s/e system/e h/h V/h", ARGV, 0,
     NOTHING, 1, 0},
    {"strace", "+a:Ab:cCdDe:E:fFhiI:knNo:O:p:P:qrs:S:tTu:U:vVwxX:yYzZ", strace_longs, "h/h V/h", ARGV,
     0, REJECT, 1, 0},
    {"ltrace", "+Cw:cfhiLrStTVba:A:D:e:F:l:n:o:p:s:u:x:", ltrace_longs, "h/h V/h", ARGV, 0, REJECT, 1,
     0},
    {"chroot", "+", chroot_longs, "", ARGV, 1, SHELL, 125, 0},
    {"unshare", "+fhVmuinpCTUrR:w:S:G:cl:", unshare_longs, "h/h V/h", ARGV, 0, SHELL, 1, 0},
    {"nsenter", "+ahVt:m::u::i::n::N:p::C::U::T::S:G:r::w::W::ecFZ", nsenter_longs, "h/h V/h", ARGV, 0,
     SHELL, 1, 0},
    {"setpriv", "+dhV", setpriv_longs, "d/e dump/e list-caps/e h/h V/h", ARGV, 0, REJECT, 1, 0},
    {"fakeroot", "+l:f:i:s:ub:vh", fakeroot_longs, "h/h v/h", ARGV, 0, SHELL, 1, 0},
    {"valgrind", "+", plain_longs, "", VALGRIND, 0, REJECT, 1, 0},
    {"flock", "+sexnouw:E:hVF", flock_longs, "h/h V/h", FLOCK, 1, NOTHING, 64, 0},
    {"watch", "+bced::ghn:pq:rtvwx", watch_longs, "x/x exec/x h/h v/h", WATCH, 0, REJECT, 1, 0},
    {"su", "c:fg:G:lmpPs:hVw:", su_longs, SU_ROLES, SU, 0, SHELL, 1, 0},
    {"runuser", "c:fg:G:lmpPs:u:hVw:", su_longs, SU_ROLES " u/x user/x", SU, 0, SHELL, 1, 0},
    {"script", "aB:c:eE:fhI:O:o:qm:T:t::V", script_longs, "c/c command/c h/h V/h", SCRIPT, 0, SHELL, 1,
     0},
    {"sg", "+", plain_longs, "", SG, 0, SHELL, 1, 0},
};

/* The architectures setarch knows on some platform (its source's table
 * and the machine names uname gives there): after options, a first operand
 * naming one is the architecture, any other starts the command. */
static const char *const architectures[] = {
    "uname26", "linux32", "linux64", "ppc32", "ppc", "ppc64", "ppc64pseries", "ppc64iseries",
    "ppc32le", "ppcle", "ppc64le", "i386", "i486", "i586", "i686", "athlon", "x86_64", "ia64",
    "parisc32", "parisc", "parisc64", "s390", "s390x", "sparc", "sparc32bash", "sparc32",
    "sparc64", "mips32", "mips", "mips64", "alpha", "alphaev5", "alphaev56", "alphaev6",
    "alphaev67", "aarch64", "arm64", "armv7l", "armv8l", "arm", "riscv64", "loongarch64", NULL};
