/* The one stub every command name on PATH links to (src/ground,
 * INV-GROUND-2), compiled when an oracle is built (src/ground/control.rs).
 * It records, in one write so that records of concurrent stubs do not
 * interleave,
 *   S <id> <pid> <argc>\n  then, per argument, <bytes> <arg>\n
 *       (the first argument is the path it was started as, AT_EXECFN)
 *   A <pid> <bytes> <argv[0]>\n         the name it was started under
 *   V <pid> <count>\n  then, per variable, <bytes> <NAME=value>\n
 *       (its environment, the oracle's own __GROUND_ variables left out)
 * A transparent wrapper then records where its inner command starts
 * (W <pid> <index>\n) and runs it through PATH as the real one would, or
 * records that it ends without one (E <pid>\n); a shell runs the real bash
 * with the trap; anything else exits with the configured status.
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

/* The wrappers' option parsing, as GNU getopt_long with a leading `+` does
 * it (options end at the first operand or `--`; short options bundle,
 * `-vsKILL`; a long option may be any unambiguous prefix, `--sig=KILL`):
 * sets *took to the number of words the options take. Returns 1 for an
 * option the program rejects (unknown, ambiguous, a missing argument), 2
 * for `--help` or `--version` (the program prints and exits, running
 * nothing). SHORT lists the short options, with `:` after one that takes an
 * argument; LONGS the long options, with `=` after one that takes an
 * argument. Stricter than the real program would hide the commands it
 * runs, so this follows it exactly. */
static int options(const char *shorts, const char *const *longs, char **args, int n, int *took) {
  *took = 0;
  int at = 0;
  while (at < n) {
    const char *arg = args[at];
    int width = 1;
    if (strcmp(arg, "--") == 0) {
      *took += 1;
      return 0;
    } else if (strncmp(arg, "--", 2) == 0) {
      const char *name = arg + 2;
      size_t name_len = strcspn(name, "=");
      const char *hit = NULL;
      int hits = 0;
      for (const char *const *o = longs; *o; o++) {
        size_t o_len = strcspn(*o, "=");
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
      int has_value = strchr(arg, '=') != NULL;
      if (strcmp(hit, "help") == 0 || strcmp(hit, "version") == 0) return 2;
      if (hit[strlen(hit) - 1] == '=') {
        if (!has_value) {
          if (at + 1 >= n) return 1;
          width = 2;
        }
      } else if (has_value) {
        return 1;
      }
    } else if (arg[0] == '-' && arg[1] != '\0') {
      for (const char *c = arg + 1; *c; c++) {
        char taking[3] = {*c, ':', '\0'};
        if (*c == ':') return 1;
        if (strstr(shorts, taking)) {
          if (c[1] == '\0') {
            if (at + 1 >= n) return 1;
            width = 2;
          }
          break;
        }
        if (!strchr(shorts, *c)) return 1;
      }
    } else {
      return 0;
    }
    at += width;
    *took += width;
  }
  return 0;
}

/* Ends a wrapper that runs no inner command: E, then its status. */
static void end(int status) {
  line("E", -1);
  exit(status);
}

struct wrapper {
  const char *name;
  const char *shorts;
  const char *const *longs;
  int reject; /* the status for an option it rejects, or too few operands */
  int needs;  /* operands needed: the inner command's index among them */
};

static const char *const timeout_longs[] = {"foreground", "kill-after=", "preserve-status", "signal=",
                                            "verbose", "help", "version", NULL};
static const char *const nice_longs[] = {"adjustment=", "help", "version", NULL};
static const char *const plain_longs[] = {"help", "version", NULL};
static const char *const stdbuf_longs[] = {"input=", "output=", "error=", "help", "version", NULL};
static const char *const setsid_longs[] = {"ctty", "fork", "wait", "help", "version", NULL};
static const char *const time_longs[] = {"append", "format=", "output=", "portability", "quiet",
                                         "verbose", "help", "version", NULL};

static const struct wrapper wrappers[] = {
    {"timeout", "k:s:v", timeout_longs, 125, 2},
    /* nice with no command runs nothing (prints its niceness): needs 0 */
    {"nice", "n:", nice_longs, 125, 0},
    {"nohup", "", plain_longs, 125, 1},
    {"stdbuf", "i:o:e:", stdbuf_longs, 125, 1},
    /* setsid's -h and -V print and exit: running the command then
     * over-reports, the safe side. */
    {"setsid", "cfwhV", setsid_longs, 1, 1},
    /* time's -V likewise. */
    {"time", "af:o:pqvV", time_longs, 125, 1},
};

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
  for (size_t w = 0; w < sizeof wrappers / sizeof *wrappers; w++) {
    const struct wrapper *wrapper = &wrappers[w];
    if (strcmp(base, wrapper->name) != 0) continue;
    char **args = argv + 1;
    int n = argc > 0 ? argc - 1 : 0;
    int took = 0;
    int nice_number = strcmp(wrapper->name, "nice") == 0 && n > 0 && args[0][0] == '-' &&
                      (((args[0][1] >= '0' && args[0][1] <= '9')) ||
                       ((args[0][1] == '-' || args[0][1] == '+') && args[0][2] >= '0' && args[0][2] <= '9'));
    if (nice_number) {
      took = 1; /* the older `nice -N` / `nice --N` form */
    } else {
      int parsed = options(wrapper->shorts, wrapper->longs, args, n, &took);
      if (parsed == 2) end(0);
      if (parsed == 1) end(wrapper->reject);
    }
    int rest = n - took;
    int needs = wrapper->needs > 0 ? wrapper->needs : 1;
    if (rest < needs) {
      if (wrapper->needs == 0) end(STUB_STATUS);
      end(wrapper->reject);
    }
    int inner = 1 + took + (needs - 1);
    line("W", inner);
    execvp(argv[inner], argv + inner);
    return errno == ENOENT ? 127 : 126;
  }
  return STUB_STATUS;
}
