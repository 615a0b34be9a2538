/* The one stub every command name on PATH links to (src/ground,
 * INV-GROUND-2), compiled when an oracle is built (src/ground/control.rs).
 * It records, in one write so that records of concurrent stubs do not
 * interleave,
 *   S <id> <pid> <argc>\n  then, per argument, <bytes> <arg>\n
 *       (the first argument is the path it was started as, AT_EXECFN)
 *   A <pid> <bytes> <argv[0]>\n         the name it was started under
 *   V <pid> <count>\n  then, per variable, <bytes> <NAME=value>\n
 *       (its environment, the oracle's own __GROUND_ variables left out)
 * A program that runs a command (stub_programs.h: the transparent
 * wrappers, taskset, chroot, su, ...) reads its options as the real one,
 * then records where its inner command starts (W <pid> <index>\n) and runs
 * it through PATH, or runs a shell (/bin/sh, a stub) on a command string or
 * on its standard input (W <pid> <argc>\n: no suffix of its arguments), or
 * records that it runs nothing (E <pid>\n) and exits; a shell runs the real bash with the
 * trap; anything else exits with the configured status.
 * STUB_STATUS, GROUND_ENV and GROUND_BASH are given on the compiler's
 * command line. */
#ifdef GROUND_FREESTANDING
#include "stub_nolibc.h"
#else
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>
#endif

extern char **environ;

static char *record;
static size_t used, room;

static void add(const char *bytes, size_t n) {
  if (used + n + 1 > room) {
    size_t want = (used + n + 1) * 2;
    char *grown = realloc(record, want);
    if (!grown) _exit(STUB_STATUS);
    record = grown;
    room = want;
  }
  memcpy(record + used, bytes, n);
  used += n;
}

static void add_text(const char *text) { add(text, strlen(text)); }

/* In decimal, as printf's %ld. */
static void add_number(long n) {
  char digits[24];
  int at = sizeof digits;
  unsigned long magnitude = n < 0 ? 0UL - (unsigned long)n : (unsigned long)n;
  do {
    digits[--at] = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  if (n < 0) digits[--at] = '-';
  add(digits + at, sizeof digits - at);
}

/* <bytes> <value>\n */
static void add_field(const char *value) {
  size_t n = strlen(value);
  add_number((long)n);
  add(" ", 1);
  add(value, n);
  add("\n", 1);
}

static void flush(void) {
  const char *log = getenv("__GROUND_LOG");
  if (log && *log && used) {
    int fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd >= 0) {
      size_t at = 0;
      while (at < used) {
        ssize_t n = write(fd, record + at, used - at);
        if (n <= 0) break;
        at += (size_t)n;
      }
      close(fd);
    }
  }
  used = 0;
}

static void line(const char *kind, long value) {
  add_text(kind);
  add(" ", 1);
  add_number((long)getpid());
  if (value >= 0) {
    add(" ", 1);
    add_number(value);
  }
  add("\n", 1);
  flush();
}

#include "stub_programs.h"

/* What a program's options said (read_options). */
struct reading {
  int *operands; /* indices into its arguments of the operands, in order */
  int count;
  int ends;           /* an option after which it runs nothing (role e) */
  int exec;           /* the operands are a command (role x) */
  const char *string; /* the last command string (role c) */
  const char *shell;  /* the last shell named (role s) */
};

/* The role of the option NAME (LEN bytes) in PROGRAM's roles, or 0. */
static char role(const struct program *program, const char *name, size_t len) {
  for (const char *at = program->roles; *at;) {
    size_t word = strcspn(at, " ");
    if (word == len + 2 && strncmp(at, name, len) == 0 && at[len] == '/') return at[len + 1];
    at += word;
    at += strspn(at, " ");
  }
  return 0;
}

/* Notes what an option does; 1 when it prints and exits (help, version). */
static int note(const struct program *program, const char *name, size_t len, const char *value,
                struct reading *r) {
  if ((len == 4 && strncmp(name, "help", 4) == 0) || (len == 7 && strncmp(name, "version", 7) == 0))
    return 1;
  switch (role(program, name, len)) {
  case 'h': return 1;
  case 'e': r->ends = 1; break;
  case 'x': r->exec = 1; break;
  case 'c': r->string = value; break;
  case 's': r->shell = value; break;
  default: break;
  }
  return 0;
}

static int is_number(const char *word, int zero_only) {
  if (*word == '+' || *word == '-') word++;
  if (!*word) return 0;
  for (; *word; word++)
    if (*word < '0' || *word > '9' || (zero_only && *word != '0')) return 0;
  return 1;
}

static int old_nice(const struct program *program, const char *arg) {
  const char *digit = arg + 1 + (arg[1] == '-' || arg[1] == '+');
  return strcmp(program->name, "nice") == 0 && arg[0] == '-' && *digit >= '0' && *digit <= '9';
}

/* The options of ARGS[AT..N] as GNU getopt_long reads them with the
 * program's optstring (short options bundle, `-vsKILL`; an argument may be
 * attached or the next word; a long option may be any unambiguous prefix,
 * `--sig=KILL`; `--` ends them; with no leading `+`, options are read
 * among the operands too). Returns 1 for an option the program rejects
 * (unknown, ambiguous, a missing argument, an argument it takes none for),
 * 2 when it prints and exits. Stricter than the real program would hide
 * the commands it runs, so this follows it exactly. */
static int read_options(const struct program *program, char **args, int n, int at, struct reading *r) {
  const char *shorts = program->shorts;
  int permutes = shorts[0] != '+';
  if (!permutes) shorts++;
  while (at < n) {
    const char *arg = args[at];
    int width = 1;
    if (strcmp(arg, "--") == 0) {
      for (at++; at < n; at++) r->operands[r->count++] = at;
      return 0;
    } else if (old_nice(program, arg)) {
      /* nice's older `-N`, `--N`, `-+N`, read wherever an option may stand */
      if (!is_number(arg + 1, 0)) return 1;
    } else if (arg[0] != '-' || arg[1] == '\0') {
      r->operands[r->count++] = at;
      if (!permutes)
        for (at++; at < n; at++) r->operands[r->count++] = at;
      at++;
      continue;
    } else if (arg[1] == '-') {
      const char *name = arg + 2;
      size_t name_len = strcspn(name, "=");
      const char *hit = NULL;
      int hits = 0;
      for (const char *const *o = program->longs; *o; o++) {
        size_t o_len = strcspn(*o, "=?");
        if (o_len == name_len && strncmp(*o, name, name_len) == 0) {
          hit = *o;
          hits = 1;
          break;
        }
        if (o_len >= name_len && strncmp(*o, name, name_len) == 0) {
          hit = *o;
          hits++;
        }
      }
      if (hits != 1) return 1;
      size_t hit_len = strcspn(hit, "=?");
      const char *value = name[name_len] == '=' ? name + name_len + 1 : NULL;
      if (hit[hit_len] == '=' && !value) {
        if (at + 1 >= n) return 1;
        value = args[at + 1];
        width = 2;
      } else if (hit[hit_len] == '\0' && value) {
        return 1;
      }
      if (note(program, hit, hit_len, value, r)) return 2;
    } else {
      for (const char *c = arg + 1; *c; c++) {
        const char *spec = *c == ':' ? NULL : strchr(shorts, *c);
        if (!spec) return 1;
        if (spec[1] == ':') {
          const char *value = c[1] ? c + 1 : NULL;
          if (!value && spec[2] != ':') {
            if (at + 1 >= n) return 1;
            value = args[at + 1];
            width = 2;
          }
          if (note(program, c, 1, value, r)) return 2;
          break;
        }
        if (note(program, c, 1, NULL, r)) return 2;
      }
    }
    at += width;
  }
  return 0;
}

/* Ends a program that runs no inner command: E, then its status. */
static void end(int status) {
  line("E", -1);
  exit(status);
}

/* Runs the operands from FROM on as the inner command, through PATH: W
 * names the argument it starts at (a permuting program's operands need
 * not be a suffix of its arguments; the record of the inner stub says
 * what ran). */
static void run_command(char **args, const struct reading *r, int from) {
  int count = r->count - from;
  char **inner = calloc((size_t)count + 1, sizeof *inner);
  if (!inner || count <= 0) _exit(STUB_STATUS);
  for (int i = 0; i < count; i++) inner[i] = args[r->operands[from + i]];
  line("W", 1 + r->operands[from]);
  execvp(inner[0], inner);
  _exit(errno == ENOENT ? 127 : 126);
}

/* The program's argc: W names it for a shell the program chose. */
static int program_argc;

/* Runs a shell (the program's own choice, or /bin/sh: a stub, so the
 * oracle's bash) on `-c STRING` and the words EXTRA, or, with no string
 * and no words, on its standard input. Its inner command is no suffix of
 * its arguments: W names their end, and the shell's stub records what
 * runs. */
static void run_shell(const char *shell, const char *string, char **extra, int extras) {
  if (!shell || !*shell) shell = "/bin/sh";
  char **argv = calloc((size_t)extras + 4, sizeof *argv);
  if (!argv) _exit(STUB_STATUS);
  int n = 0;
  const char *base = strrchr(shell, '/');
  argv[n++] = (char *)(base ? base + 1 : shell);
  if (string) {
    argv[n++] = "-c";
    argv[n++] = (char *)string;
  }
  for (int i = 0; i < extras; i++) argv[n++] = extra[i];
  line("W", program_argc);
  execv(shell, argv);
  _exit(errno == ENOENT ? 127 : 126);
}

/* What PROGRAM does with its arguments ARGS[0..N], as the real one. */
static void run_program(const struct program *program, char **args, int n) {
  struct reading r = {calloc((size_t)n + 1, sizeof(int)), 0, 0, 0, NULL, NULL};
  if (!r.operands) _exit(STUB_STATUS);
  int at = 0;
  const char *name = program->name;
  if (program->form == SG) {
    at = n > 0 && strcmp(args[0], "-") == 0;
    if (at >= n || args[at][0] == '-') end(program->reject);
    at++; /* the group */
    if (at == n) run_shell(NULL, NULL, NULL, 0);
    if (n - at > 1 && strcmp(args[at], "-c") == 0) at++;
    run_shell(NULL, args[at], NULL, 0);
  }
  if (program->form == VALGRIND) {
    while (at < n && args[at][0] == '-' && strcmp(args[at], "--") != 0) at++;
    at += at < n && strcmp(args[at], "--") == 0;
    for (; at < n; at++) r.operands[r.count++] = at;
  } else {
    /* setarch's architecture comes before its options */
    if (strcmp(name, "setarch") == 0 && n > 0 && args[0][0] != '-') at = 1;
    int parsed = read_options(program, args, n, at, &r);
    if (parsed == 2) end(0);
    if (parsed == 1) end(program->reject);
  }
  /* taskset reads the pid from its last word: pid 0 is itself, and then it runs the command */
  if (strcmp(name, "taskset") == 0 && r.ends && n > 0 && is_number(args[n - 1], 1)) r.ends = 0;
  if (r.ends) end(STUB_STATUS);
  int from = program->operands;
  if (strcmp(name, "setarch") == 0 && at == 0 && r.count > 0)
    for (const char *const *a = architectures; *a; a++)
      if (strcmp(args[r.operands[0]], *a) == 0) from = 1;
  if (program->form == CHRT && r.count >= 2 && is_number(args[r.operands[0]], 0)) from = 1;
  if (program->form == FLOCK && r.count >= 2) {
    const char *next = args[r.operands[1]];
    if (strcmp(next, "-c") == 0 || strcmp(next, "--command") == 0) {
      if (r.count != 3) end(program->reject);
      run_shell(getenv("SHELL"), args[r.operands[2]], NULL, 0);
    }
  }
  if (program->form == SCRIPT) run_shell(getenv("SHELL"), r.string, NULL, 0);
  /* runuser -u USER runs its operands, and fails without any */
  if (program->form == SU && r.exec && strcmp(name, "runuser") == 0 && r.count == 0)
    end(program->reject);
  if (program->form == SU && !(r.exec && strcmp(name, "runuser") == 0)) {
    int first = r.count > 0 && strcmp(args[r.operands[0]], "-") == 0;
    first += first < r.count; /* the user */
    char **extra = calloc((size_t)r.count + 1, sizeof *extra);
    if (!extra) _exit(STUB_STATUS);
    for (int i = first; i < r.count; i++) extra[i - first] = args[r.operands[i]];
    run_shell(r.shell, r.string, extra, r.count - first);
  }
  if (program->form == WATCH && !r.exec && r.count > 0) {
    size_t size = 1;
    for (int i = 0; i < r.count; i++) size += strlen(args[r.operands[i]]) + 1;
    char *joined = calloc(size, 1);
    if (!joined) _exit(STUB_STATUS);
    for (int i = 0; i < r.count; i++) {
      if (i) strcat(joined, " ");
      strcat(joined, args[r.operands[i]]);
    }
    run_shell("/bin/sh", joined, NULL, 0);
  }
  if (r.count < from) end(program->reject);
  if (r.count == from) {
    if (program->none == NOTHING) end(STUB_STATUS);
    if (program->none == SHELL) run_shell(getenv("SHELL"), NULL, NULL, 0);
    end(program->reject);
  }
  run_command(args, &r, from);
}

static const char *const shells[] = {"bash", "sh", "dash", "rbash", "ksh", "zsh"};

int main(int argc, char **argv) {
  const char *path = (const char *)getauxval(AT_EXECFN);
  if (!path) path = argc > 0 ? argv[0] : "";
  const char *zero = argc > 0 ? argv[0] : "";
  const char *id = getenv("__GROUND_ID");
  if (!id || !*id) id = "-";
  add_text("S ");
  add_text(id);
  add(" ", 1);
  add_number((long)getpid());
  add(" ", 1);
  add_number((long)(argc > 0 ? argc : 1));
  add("\n", 1);
  add_field(path);
  for (int i = 1; i < argc; i++) add_field(argv[i]);
  add_text("A ");
  add_number((long)getpid());
  add(" ", 1);
  add_field(zero);
  long variables = 0;
  for (char **e = environ; *e; e++) variables += strncmp(*e, "__GROUND_", 9) != 0;
  add_text("V ");
  add_number((long)getpid());
  add(" ", 1);
  add_number(variables);
  add("\n", 1);
  for (char **e = environ; *e; e++)
    if (strncmp(*e, "__GROUND_", 9) != 0) add_field(*e);
  flush();

  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  for (size_t s = 0; s < sizeof shells / sizeof *shells; s++) {
    if (strcmp(base, shells[s]) == 0) {
      setenv("BASH_ENV", GROUND_ENV, 1);
      argv[0] = (char *)GROUND_BASH;
      execv(GROUND_BASH, argv);
      return 127;
    }
  }
  program_argc = argc > 0 ? argc : 1;
  for (size_t p = 0; p < sizeof programs / sizeof *programs; p++)
    if (strcmp(base, programs[p].name) == 0) run_program(&programs[p], argv + 1, argc > 0 ? argc - 1 : 0);
  return STUB_STATUS;
}
