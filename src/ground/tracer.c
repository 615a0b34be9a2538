/* The real mode's recorder (src/ground, INV-GROUND-10): runs a program
 * under ptrace and records every exec and every file opened anywhere below
 * it, to a log the host reads (src/ground/trace_record.rs).
 *
 *   tracer LOG PROGRAM ARG...
 *
 * Why it cannot be dodged: the tracee is traced from before its first
 * instruction, and every process it starts is traced from its creation
 * (PTRACE_O_TRACEFORK, VFORK, CLONE attach the child before it runs). An
 * exec is seen at PTRACE_EVENT_EXEC, which the kernel raises for every
 * successful execve and execveat whatever called it (a static binary, a raw
 * system call, a shell started by system()); the argv and environment are
 * read then from the new image (/proc/PID/cmdline, environ), before it runs
 * an instruction. The argv the caller passed (before a `#!` interpreter was
 * put in front) is read at the system call's entry, which a seccomp filter
 * reports (SECCOMP_RET_TRACE); so are open, openat, openat2, creat and
 * truncate, whose result is read at the system call's exit (the file the
 * returned descriptor names). The filter is inherited by every process
 * below and cannot be removed; it refuses seccomp(2) and
 * prctl(PR_SET_SECCOMP) (a filter of the command's own with a user
 * notification would take precedence over ours), io_uring_setup (whose
 * opens no filter sees), and every system call of another ABI (i386, x32),
 * whose numbers the filter does not read. The tracer is not dumpable, so a
 * tracee of the same user cannot write its memory; if it is killed, every
 * tracee dies with it (PTRACE_O_EXITKILL) and the log lacks its last line:
 * the host answers unknown.
 *
 * Log records (lengths in bytes):
 *   F <parent> <child>\n                       a process started another
 *   E <pid>\n                                  a process exec'd, then:
 *     a <n>\n (<len> <arg>\n)*n | a -\n        argv the caller passed
 *     c <n>\n (<len> <arg>\n)*n                argv the new image got
 *     e <n>\n (<len> <NAME=value>\n)*n         its environment
 *     x <len> <path>\n                         the program (/proc/PID/exe)
 *     d <len> <path>\n                         its working directory
 *     p <len> <path>\n                         the path the caller passed
 *                                              (`exec -a NAME` renames argv[0],
 *                                              not this)
 *   X <pid> <errno>\n                          an exec that failed, then:
 *     a <n>\n (<len> <arg>\n)*n                argv the caller passed
 *     x <len> <path>\n                         the path it tried
 *   O <pid> <flags> <len> <path>\n             opened (flags in octal), the
 *                                              file the descriptor names
 *   T <pid> <len> <path>\n                     the log itself was opened:
 *                                              the record cannot be trusted
 *   Z <status>\n                               the program ended (status as
 *                                              bash reports it)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#include <elf.h>
#else
#error "the tracer knows the registers of x86-64 and AArch64 only"
#endif

#ifndef PTRACE_EVENT_SECCOMP
#define PTRACE_EVENT_SECCOMP 7
#endif
#ifndef PTRACE_O_EXITKILL
#define PTRACE_O_EXITKILL (1 << 20)
#endif
#ifndef SYS_openat2
#define SYS_openat2 437
#endif
#ifndef SYS_io_uring_setup
#define SYS_io_uring_setup 425
#endif

#define MAX_PROCS 4096
#define MAX_STRINGS 65536

static FILE *out;
static struct stat log_stat;

struct proc {
  pid_t pid;
  int used;
  int in_open;      /* at an open's entry: its exit is awaited */
  int in_exec;      /* at an exec's entry: its failure would be seen at exit */
  char *exec_path;  /* the path that exec was given */
  long open_nr;
  long open_flags;
  char *argv;       /* the argv the caller of a pending exec passed */
  size_t argv_len;
  int argc;
};
static struct proc procs[MAX_PROCS];

static struct proc *proc_of(pid_t pid, int create) {
  for (int i = 0; i < MAX_PROCS; i++)
    if (procs[i].used && procs[i].pid == pid) return &procs[i];
  if (!create) return NULL;
  for (int i = 0; i < MAX_PROCS; i++)
    if (!procs[i].used) {
      memset(&procs[i], 0, sizeof procs[i]);
      procs[i].used = 1;
      procs[i].pid = pid;
      return &procs[i];
    }
  return NULL;
}

static void forget(pid_t pid) {
  struct proc *p = proc_of(pid, 0);
  if (!p) return;
  free(p->argv);
  free(p->exec_path);
  p->used = 0;
}

static void field(char kind, const char *bytes, size_t len) {
  fprintf(out, "%c %zu ", kind, len);
  fwrite(bytes, 1, len, out);
  fputc('\n', out);
}

/* NUL-separated strings as "<n>\n" then "<len> <s>\n" each. */
static void strings(char kind, const char *buf, size_t len) {
  int n = 0;
  for (size_t i = 0; i < len; i++)
    if (buf[i] == 0) n++;
  if (len && buf[len - 1] != 0) n++;
  fprintf(out, "%c %d\n", kind, n);
  size_t start = 0;
  for (size_t i = 0; i <= len; i++) {
    if (i == len ? i > start : buf[i] == 0) {
      fprintf(out, "%zu ", i - start);
      fwrite(buf + start, 1, i - start, out);
      fputc('\n', out);
      start = i + 1;
    }
  }
}

static char *read_file(const char *path, size_t *len) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  for (;;) {
    if (n == cap) buf = realloc(buf, cap *= 2);
    ssize_t got = read(fd, buf + n, cap - n);
    if (got <= 0) break;
    n += (size_t)got;
  }
  close(fd);
  *len = n;
  return buf;
}

static void proc_link(pid_t pid, const char *what, char *buf, size_t size) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/%s", pid, what);
  ssize_t n = readlink(path, buf, size - 1);
  buf[n < 0 ? 0 : n] = 0;
}

/* A string of the tracee's memory, at most `cap` bytes (0 when unreadable). */
static size_t peek_string(pid_t pid, unsigned long addr, char *buf, size_t cap) {
  size_t n = 0;
  while (n < cap) {
    size_t chunk = 4096 - ((addr + n) & 4095);
    if (chunk > cap - n) chunk = cap - n;
    struct iovec local = {buf + n, chunk}, remote = {(void *)(addr + n), chunk};
    ssize_t got = process_vm_readv(pid, &local, 1, &remote, 1, 0);
    if (got <= 0) return n;
    char *nul = memchr(buf + n, 0, (size_t)got);
    if (nul) return (size_t)(nul - buf);
    n += (size_t)got;
  }
  return n;
}

static int peek_word(pid_t pid, unsigned long addr, unsigned long *word) {
  struct iovec local = {word, sizeof *word}, remote = {(void *)addr, sizeof *word};
  return process_vm_readv(pid, &local, 1, &remote, 1, 0) == (ssize_t)sizeof *word ? 0 : -1;
}

struct call {
  long nr;
  unsigned long arg[4];
  long ret;
};

static int registers(pid_t pid, struct call *call) {
#if defined(__x86_64__)
  struct user_regs_struct r;
  if (ptrace(PTRACE_GETREGS, pid, 0, &r) < 0) return -1;
  call->nr = (long)r.orig_rax;
  call->arg[0] = r.rdi;
  call->arg[1] = r.rsi;
  call->arg[2] = r.rdx;
  call->arg[3] = r.r10;
  call->ret = (long)r.rax;
#else
  struct user_pt_regs r;
  struct iovec io = {&r, sizeof r};
  if (ptrace(PTRACE_GETREGSET, pid, (void *)NT_PRSTATUS, &io) < 0) return -1;
  call->nr = (long)r.regs[8];
  for (int i = 0; i < 4; i++) call->arg[i] = r.regs[i];
  call->ret = (long)r.regs[0];
#endif
  return 0;
}

/* The argv of an exec at its entry: kept until PTRACE_EVENT_EXEC. */
static void exec_entry(pid_t pid, struct call *call) {
  struct proc *p = proc_of(pid, 1);
  if (!p) return;
  unsigned long vec = call->nr == SYS_execve ? call->arg[1] : call->arg[2];
  unsigned long path = call->nr == SYS_execve ? call->arg[0] : call->arg[1];
  free(p->exec_path);
  p->exec_path = malloc(4096);
  p->exec_path[peek_string(pid, path, p->exec_path, 4095)] = 0;
  p->in_exec = 1;
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  int argc = 0;
  char *arg = malloc(1 << 17);
  for (; vec && argc < MAX_STRINGS; argc++) {
    unsigned long ptr;
    if (peek_word(pid, vec + (unsigned long)argc * sizeof ptr, &ptr) < 0 || !ptr) break;
    size_t n = peek_string(pid, ptr, arg, 1 << 17);
    while (len + n + 1 > cap) buf = realloc(buf, cap *= 2);
    memcpy(buf + len, arg, n);
    buf[len + n] = 0;
    len += n + 1;
  }
  free(arg);
  free(p->argv);
  p->argv = buf;
  p->argv_len = len;
  p->argc = argc;
}

static void exec_event(pid_t pid) {
  unsigned long former = 0;
  ptrace(PTRACE_GETEVENTMSG, pid, 0, &former);
  struct proc *caller = proc_of((pid_t)former, 0);
  if (!caller) caller = proc_of(pid, 0);
  fprintf(out, "E %d\n", pid);
  if (caller) caller->in_exec = 0;
  struct proc *self = proc_of(pid, 0);
  if (self) self->in_exec = 0;
  if (caller && caller->argv) {
    fprintf(out, "a %d\n", caller->argc);
    size_t start = 0;
    for (int i = 0; i < caller->argc; i++) {
      size_t n = strlen(caller->argv + start);
      fprintf(out, "%zu ", n);
      fwrite(caller->argv + start, 1, n, out);
      fputc('\n', out);
      start += n + 1;
    }
    free(caller->argv);
    caller->argv = NULL;
  } else {
    fputs("a -\n", out);
  }
  char path[64], link[8192];
  size_t len = 0;
  snprintf(path, sizeof path, "/proc/%d/cmdline", pid);
  char *buf = read_file(path, &len);
  strings('c', buf ? buf : "", buf ? len : 0);
  free(buf);
  snprintf(path, sizeof path, "/proc/%d/environ", pid);
  buf = read_file(path, &len);
  strings('e', buf ? buf : "", buf ? len : 0);
  free(buf);
  proc_link(pid, "exe", link, sizeof link);
  field('x', link, strlen(link));
  proc_link(pid, "cwd", link, sizeof link);
  field('d', link, strlen(link));
  const char *given = caller && caller->exec_path ? caller->exec_path : "";
  field('p', given, strlen(given));
  fflush(out);
}

/* An exec that failed (the program is not there, not executable, …): the
 * caller's argv and the path it tried, seen at the system call's exit. */
static void exec_exit(pid_t pid, struct proc *p) {
  struct call call;
  p->in_exec = 0;
  if (registers(pid, &call) < 0 || call.ret >= 0 || !p->argv) return;
  fprintf(out, "X %d %ld\n", pid, -call.ret);
  fprintf(out, "a %d\n", p->argc);
  size_t start = 0;
  for (int i = 0; i < p->argc; i++) {
    size_t n = strlen(p->argv + start);
    fprintf(out, "%zu ", n);
    fwrite(p->argv + start, 1, n, out);
    fputc('\n', out);
    start += n + 1;
  }
  const char *path = p->exec_path ? p->exec_path : "";
  field('x', path, strlen(path));
  fflush(out);
}

static int is_open(long nr) {
  return
#ifdef SYS_open
      nr == SYS_open || nr == SYS_creat ||
#endif
      nr == SYS_openat || nr == SYS_openat2 || nr == SYS_truncate;
}

static void open_exit(pid_t pid, struct proc *p) {
  struct call call;
  p->in_open = 0;
  if (registers(pid, &call) < 0 || call.ret < 0) return;
  char link[8192];
  struct stat st;
  if (p->open_nr == SYS_truncate) return; /* checked at entry */
  char fd[32];
  snprintf(fd, sizeof fd, "fd/%ld", call.ret);
  proc_link(pid, fd, link, sizeof link);
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/fd/%ld", pid, call.ret);
  if (stat(path, &st) == 0 && st.st_dev == log_stat.st_dev && st.st_ino == log_stat.st_ino) {
    fprintf(out, "T %d %zu %s\n", pid, strlen(link), link);
  }
  fprintf(out, "O %d %lo %zu ", pid, (unsigned long)p->open_flags, strlen(link));
  fputs(link, out);
  fputc('\n', out);
  fflush(out);
}

static void open_entry(pid_t pid, struct call *call) {
  struct proc *p = proc_of(pid, 1);
  if (!p) return;
  p->open_nr = call->nr;
  unsigned long flags = 0;
#ifdef SYS_open
  if (call->nr == SYS_open) flags = call->arg[1];
  if (call->nr == SYS_creat) flags = O_WRONLY | O_CREAT | O_TRUNC;
#endif
  if (call->nr == SYS_openat) flags = call->arg[2];
  if (call->nr == SYS_openat2) {
    unsigned long word;
    if (peek_word(pid, call->arg[2], &word) == 0) flags = word; /* open_how.flags */
  }
  if (call->nr == SYS_truncate) {
    /* A truncate of the log by path: resolved against the caller's root
     * and working directory, as the kernel will. */
    char name[4096], full[8192], cwd[4096];
    size_t n = peek_string(pid, call->arg[0], name, sizeof name - 1);
    name[n] = 0;
    proc_link(pid, "cwd", cwd, sizeof cwd);
    snprintf(full, sizeof full, "%s/%s", name[0] == '/' ? "" : cwd, name);
    struct stat st;
    char root[8400];
    snprintf(root, sizeof root, "/proc/%d/root%s", pid, name[0] == '/' ? name : full);
    if (stat(root, &st) == 0 && st.st_dev == log_stat.st_dev && st.st_ino == log_stat.st_ino)
      fprintf(out, "T %d %zu %s\n", pid, strlen(full), full);
    fprintf(out, "O %d %lo %zu %s\n", pid, (unsigned long)(O_WRONLY | O_TRUNC), strlen(full), full);
    return;
  }
  p->open_flags = (long)flags;
  p->in_open = 1;
}

#define ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
#define TRACE_IF(nr) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), \
                     BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE)
#define ERRNO_IF(nr, e) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), \
                        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (e))

static int install_filter(void) {
  struct sock_filter filter[] = {
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NATIVE_ARCH, 1, 0),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__)
      BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1), /* x32 */
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
      TRACE_IF(SYS_open),
      TRACE_IF(SYS_creat),
#endif
      TRACE_IF(SYS_openat),
      TRACE_IF(SYS_openat2),
      TRACE_IF(SYS_truncate),
      TRACE_IF(SYS_execve),
      TRACE_IF(SYS_execveat),
      ERRNO_IF(SYS_seccomp, EPERM),
      ERRNO_IF(SYS_io_uring_setup, ENOSYS),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_prctl, 0, 3),
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PR_SET_SECCOMP, 0, 1),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
      ALLOW,
  };
  struct sock_fprog prog = {sizeof filter / sizeof filter[0], filter};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) return -1;
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fputs("usage: tracer LOG PROGRAM ARG...\n", stderr);
    return 125;
  }
  int log = open(argv[1], O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (log < 0 || fstat(log, &log_stat) < 0 || !(out = fdopen(log, "a"))) {
    perror("tracer: the log");
    return 125;
  }
  /* Not dumpable: a tracee of the same user can neither attach to the
   * tracer nor write its memory through /proc. */
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  pid_t root = fork();
  if (root < 0) return 125;
  if (root == 0) {
    /* Dumpable again (inherited otherwise), so that its first exec's argv
     * can be read; the exec resets it anyway. */
    prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
    fclose(out);
    if (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0) _exit(125);
    raise(SIGSTOP);
    if (install_filter() < 0) _exit(125);
    execv(argv[2], argv + 2);
    _exit(127);
  }
  int status;
  if (waitpid(root, &status, __WALL) < 0 || !WIFSTOPPED(status)) return 125;
  long options = PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACEEXEC | PTRACE_O_TRACEFORK |
                 PTRACE_O_TRACEVFORK | PTRACE_O_TRACECLONE | PTRACE_O_TRACESECCOMP |
                 PTRACE_O_EXITKILL;
  if (ptrace(PTRACE_SETOPTIONS, root, 0, options) < 0) {
    kill(root, SIGKILL);
    return 125;
  }
  proc_of(root, 1);
  ptrace(PTRACE_CONT, root, 0, 0);
  int root_status = -1;
  /* Until no tracee is left (waitpid answers ECHILD). */
  for (;;) {
    pid_t pid = waitpid(-1, &status, __WALL);
    if (pid < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (WIFEXITED(status) || WIFSIGNALED(status)) {
      if (pid == root)
        root_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      forget(pid);
      continue;
    }
    if (!WIFSTOPPED(status)) continue;
    struct proc *p = proc_of(pid, 0);
    if (!p) {
      /* A new process's first stop, which may come before its parent's
       * fork event: its parent is recorded now, before it runs anything
       * (a thread's is its thread group, whose program it runs). */
      p = proc_of(pid, 1);
      char status_path[64];
      size_t len = 0;
      snprintf(status_path, sizeof status_path, "/proc/%d/status", pid);
      char *text = read_file(status_path, &len);
      if (text) {
        long tgid = 0, ppid = 0;
        char *line = text;
        while (line && line < text + len) {
          sscanf(line, "Tgid: %ld", &tgid);
          sscanf(line, "PPid: %ld", &ppid);
          line = memchr(line, '\n', (size_t)(text + len - line));
          if (line) line++;
        }
        free(text);
        long parent = tgid && tgid != pid ? tgid : ppid;
        if (parent > 0) {
          fprintf(out, "F %ld %d\n", parent, pid);
          fflush(out);
        }
      }
      if (WSTOPSIG(status) == SIGSTOP) {
        ptrace(PTRACE_CONT, pid, 0, 0);
        continue;
      }
    }
    int sig = WSTOPSIG(status), event = status >> 16, inject = 0;
    if (sig == (SIGTRAP | 0x80)) {
      if (p && p->in_open) open_exit(pid, p);
      if (p && p->in_exec) exec_exit(pid, p);
      ptrace(PTRACE_CONT, pid, 0, 0);
      continue;
    }
    if (sig == SIGTRAP && event) {
      unsigned long msg = 0;
      struct call call;
      switch (event) {
      case PTRACE_EVENT_FORK:
      case PTRACE_EVENT_VFORK:
      case PTRACE_EVENT_CLONE:
        ptrace(PTRACE_GETEVENTMSG, pid, 0, &msg);
        fprintf(out, "F %d %lu\n", pid, msg);
        fflush(out);
        break;
      case PTRACE_EVENT_EXEC:
        exec_event(pid);
        break;
      case PTRACE_EVENT_SECCOMP:
        if (registers(pid, &call) == 0) {
          if (call.nr == SYS_execve || call.nr == SYS_execveat) {
            exec_entry(pid, &call);
            /* To its exit: a success is PTRACE_EVENT_EXEC first, and the
             * tracee is then resumed without stopping at the exit. */
            ptrace(PTRACE_SYSCALL, pid, 0, 0);
            continue;
          } else if (is_open(call.nr)) {
            open_entry(pid, &call);
            if (p && p->in_open) {
              ptrace(PTRACE_SYSCALL, pid, 0, 0);
              continue;
            }
          }
        }
        break;
      }
      ptrace(PTRACE_CONT, pid, 0, 0);
      continue;
    }
    /* A signal: delivered as it was sent; a group stop (no siginfo) is
     * resumed (there is no terminal to continue it from). */
    siginfo_t info;
    if (ptrace(PTRACE_GETSIGINFO, pid, 0, &info) == 0) inject = sig;
    ptrace(PTRACE_CONT, pid, 0, inject);
  }
  fprintf(out, "Z %d\n", root_status);
  fclose(out);
  return root_status < 0 ? 125 : root_status;
}
