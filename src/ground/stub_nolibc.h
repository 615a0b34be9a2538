/* The part of the C library the stub (stub.c) uses, on raw Linux system
 * calls, for a build without any C library (GROUND_FREESTANDING; see
 * src/ground/control.rs). Why: a program linked with glibc, static or not,
 * starts by asking the CPU about its caches, dozens of CPUID instructions,
 * and in a virtual machine each one traps to the hypervisor; that start
 * cost more than everything else a stub does. Each function follows
 * glibc's behaviour where the stub can observe it (execvp's PATH search,
 * setenv's in-place replacement). x86-64 and AArch64 only: elsewhere this
 * does not compile and the stub is built with the C library instead. */
#include <asm/unistd.h>
#include <linux/auxvec.h>
#include <linux/fcntl.h>
#include <asm-generic/errno.h>

typedef unsigned long size_t;
typedef long ssize_t;
#define NULL ((void *)0)

char **environ;
static int errno;
static const char *execfn;

#if defined(__x86_64__)
static long syscall6(long n, long a, long b, long c, long d, long e, long f) {
  register long r10 __asm__("r10") = d;
  register long r8 __asm__("r8") = e;
  register long r9 __asm__("r9") = f;
  long ret;
  __asm__ volatile("syscall"
                   : "=a"(ret)
                   : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
                   : "rcx", "r11", "memory");
  return ret;
}
__asm__(".text\n.global _start\n_start:\n xor %rbp,%rbp\n mov %rsp,%rdi\n"
        " and $-16,%rsp\n call start_c\n hlt\n");
#elif defined(__aarch64__)
static long syscall6(long n, long a, long b, long c, long d, long e, long f) {
  register long x8 __asm__("x8") = n;
  register long x0 __asm__("x0") = a;
  register long x1 __asm__("x1") = b;
  register long x2 __asm__("x2") = c;
  register long x3 __asm__("x3") = d;
  register long x4 __asm__("x4") = e;
  register long x5 __asm__("x5") = f;
  __asm__ volatile("svc #0"
                   : "+r"(x0)
                   : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
                   : "memory");
  return x0;
}
__asm__(".text\n.global _start\n_start:\n mov x29, #0\n mov x30, #0\n mov x0, sp\n"
        " and sp, x0, #-16\n bl start_c\n");
#else
#error "no system calls for this architecture: build with the C library"
#endif

/* A system call's result, with errno set from a failure. */
static long checked(long ret) {
  if (ret < 0 && ret > -4096) {
    errno = (int)-ret;
    return -1;
  }
  return ret;
}

static __attribute__((noreturn)) void _exit(int status) {
  for (;;) syscall6(__NR_exit_group, status, 0, 0, 0, 0, 0);
}
/* Nothing is buffered: exit is _exit. */
static __attribute__((noreturn)) void exit(int status) { _exit(status); }

static int open(const char *path, int flags, int mode) {
  return (int)checked(syscall6(__NR_openat, AT_FDCWD, (long)path, flags, mode, 0, 0));
}
static ssize_t write(int fd, const void *bytes, size_t n) {
  return checked(syscall6(__NR_write, fd, (long)bytes, (long)n, 0, 0, 0));
}
static int close(int fd) { return (int)checked(syscall6(__NR_close, fd, 0, 0, 0, 0, 0)); }
static int getpid(void) { return (int)syscall6(__NR_getpid, 0, 0, 0, 0, 0, 0); }
static int execve(const char *path, char *const argv[], char *const envp[]) {
  return (int)checked(syscall6(__NR_execve, (long)path, (long)argv, (long)envp, 0, 0, 0));
}

/* Called by name by code the compiler generates. */
void *memcpy(void *to, const void *from, size_t n) {
  unsigned char *d = to;
  const unsigned char *s = from;
  while (n--) *d++ = *s++;
  return to;
}
void *memset(void *to, int c, size_t n) {
  unsigned char *d = to;
  while (n--) *d++ = (unsigned char)c;
  return to;
}

static size_t strlen(const char *s) {
  size_t n = 0;
  while (s[n]) n++;
  return n;
}
static int strncmp(const char *a, const char *b, size_t n) {
  for (; n; n--, a++, b++) {
    if (*a != *b || !*a) return (unsigned char)*a - (unsigned char)*b;
  }
  return 0;
}
static int strcmp(const char *a, const char *b) { return strncmp(a, b, (size_t)-1); }
static char *strchr(const char *s, int c) {
  for (;; s++) {
    if (*s == (char)c) return (char *)s;
    if (!*s) return NULL;
  }
}
static char *strrchr(const char *s, int c) {
  const char *last = NULL;
  for (;; s++) {
    if (*s == (char)c) last = s;
    if (!*s) return (char *)last;
  }
}
static size_t strcspn(const char *s, const char *reject) {
  size_t n = 0;
  while (s[n] && !strchr(reject, s[n])) n++;
  return n;
}
static size_t strspn(const char *s, const char *accept) {
  size_t n = 0;
  while (s[n] && strchr(accept, s[n])) n++;
  return n;
}
static char *strcat(char *to, const char *from) {
  memcpy(to + strlen(to), from, strlen(from) + 1);
  return to;
}
static char *strstr(const char *hay, const char *needle) {
  size_t n = strlen(needle);
  for (; *hay; hay++)
    if (strncmp(hay, needle, n) == 0) return (char *)hay;
  return n == 0 ? (char *)hay : NULL;
}

/* Memory straight from mmap, its size kept in front of it. */
static void *realloc(void *old, size_t n) {
  size_t total = n + 16;
  long got = syscall6(__NR_mmap, 0, (long)total, 3 /* read, write */, 0x22 /* private, anonymous */, -1, 0);
  if (got < 0 && got > -4096) return NULL;
  size_t *block = (size_t *)got;
  block[0] = total;
  if (old) {
    size_t *was = (size_t *)old - 2;
    size_t keep = was[0] - 16 < n ? was[0] - 16 : n;
    memcpy(block + 2, old, keep);
    syscall6(__NR_munmap, (long)was, (long)was[0], 0, 0, 0, 0);
  }
  return block + 2;
}

/* Anonymous mmap memory is zero-filled: calloc is realloc of nothing. */
static void *calloc(size_t count, size_t size) {
  if (size && count > (size_t)-1 / size) return NULL;
  return realloc(NULL, count * size);
}
static char *getenv(const char *name) {
  size_t n = strlen(name);
  for (char **e = environ; e && *e; e++)
    if (strncmp(*e, name, n) == 0 && (*e)[n] == '=') return *e + n + 1;
  return NULL;
}

/* glibc's: the first NAME= entry replaced in place, else one appended. */
static int setenv(const char *name, const char *value, int replace) {
  size_t n = strlen(name), v = strlen(value), count = 0;
  char **e = environ;
  for (; e && *e; e++, count++)
    if (strncmp(*e, name, n) == 0 && (*e)[n] == '=') break;
  if (e && *e && !replace) return 0;
  char *entry = realloc(NULL, n + v + 2);
  if (!entry) return -1;
  memcpy(entry, name, n);
  entry[n] = '=';
  memcpy(entry + n + 1, value, v + 1);
  if (e && *e) {
    *e = entry;
    return 0;
  }
  char **grown = realloc(NULL, (count + 2) * sizeof *grown);
  if (!grown) return -1;
  memcpy(grown, environ, count * sizeof *grown);
  grown[count] = entry;
  grown[count + 1] = NULL;
  environ = grown;
  return 0;
}

static int execv(const char *path, char *const argv[]) { return execve(path, argv, environ); }

/* glibc's fallback for a file the kernel cannot start: run it with /bin/sh. */
static void script_execute(const char *file, char *const argv[]) {
  size_t argc = 0;
  while (argv[argc]) argc++;
  char **shell = realloc(NULL, (argc > 1 ? argc + 2 : 3) * sizeof *shell);
  if (!shell) return;
  shell[0] = "/bin/sh";
  shell[1] = (char *)file;
  if (argc > 1)
    memcpy(shell + 2, argv + 1, argc * sizeof *shell); /* with the NULL */
  else
    shell[2] = NULL;
  execve(shell[0], shell, environ);
}

/* glibc's execvp: no search for a name with a slash; else each PATH entry
 * (an empty one is the current directory; no PATH: /bin:/usr/bin), going
 * on past the errors that mean "not here", remembering EACCES. */
static int execvp(const char *file, char *const argv[]) {
  if (!*file) {
    errno = ENOENT;
    return -1;
  }
  if (strchr(file, '/')) {
    execve(file, argv, environ);
    if (errno == ENOEXEC) script_execute(file, argv);
    return -1;
  }
  const char *path = getenv("PATH");
  if (!path) path = "/bin:/usr/bin";
  size_t file_len = strlen(file) + 1;
  size_t path_len = strlen(path) + 1;
  if (path_len > 4096) path_len = 4096; /* strnlen (path, PATH_MAX - 1) + 1 */
  if (file_len - 1 > 255) {             /* NAME_MAX */
    errno = ENAMETOOLONG;
    return -1;
  }
  char *buffer = realloc(NULL, path_len + file_len + 1);
  if (!buffer) {
    errno = ENOMEM;
    return -1;
  }
  int got_eacces = 0;
  for (const char *p = path, *next;; p = next) {
    next = strchr(p, ':');
    if (!next) next = p + strlen(p);
    if ((size_t)(next - p) >= path_len) {
      if (!*next) break;
      continue; /* as glibc: from the colon, an empty entry (the current directory) */
    }
    memcpy(buffer, p, (size_t)(next - p));
    buffer[next - p] = '/';
    memcpy(buffer + (next - p) + (p < next), file, file_len);
    execve(buffer, argv, environ);
    switch (errno) {
    case EACCES:
      got_eacces = 1;
      /* fall through */
    case ENOENT:
    case ESTALE:
    case ENOTDIR:
    case ENODEV:
    case ETIMEDOUT:
      break;
    case ENOEXEC:
      script_execute(buffer, argv);
      /* fall through */
    default:
      return -1;
    }
    if (!*next++) break;
  }
  if (got_eacces) errno = EACCES;
  return -1;
}

static unsigned long getauxval(unsigned long type) {
  return type == AT_EXECFN ? (unsigned long)execfn : 0;
}

int main(int argc, char **argv);

/* The kernel's stack: argc, argv, NULL, the environment, NULL, the auxiliary vector. */
__attribute__((used)) void start_c(long *stack) {
  int argc = (int)stack[0];
  char **argv = (char **)(stack + 1);
  char **e = argv + argc + 1;
  environ = e;
  while (*e) e++;
  for (unsigned long *aux = (unsigned long *)(e + 1); aux[0]; aux += 2)
    if (aux[0] == AT_EXECFN) execfn = (const char *)aux[1];
  _exit(main(argc, argv));
}
