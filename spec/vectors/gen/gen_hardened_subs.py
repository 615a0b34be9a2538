"""Sub-languages read twice and the idioms the word model now knows: rows of
hardened-values.json (SPEC.md 12.12 and 12.13).

Rows of gen_hardened_values.py's shape: (clauses, rules, command, state,
pattern, flag, why). Each hidden effect was checked with the real programs
(GNU sed 4.9 with --debug, gawk 5.2, mawk 1.3.4, the one true awk of
2022-09-12) and each idiom's value in GNU bash 5.2.15. The deployed answer
of every CLOSES row is "allowed by `*`" (one unit, not starting with `rm `),
so the hardened answer replaces it when stricter (HARD-2): a refused sed or
awk program is floored with `<hardened:HARD-RUN-3>` (HARD-RUN-5 admits only
what both readings read alike).
"""

from gen_check import R

RM = R(("*", "allow"), ("rm *", "deny"))
SSH = R(("*", "allow"), ("*/.ssh/*", "deny"))
ENV = R(("*", "allow"), ("*.env", "deny"))
HOME_SSH = R(("*", "allow"), ("*~/.ssh*", "deny"))
TOP = "\"$(git rev-parse --show-toplevel)\""


def S(clause):
    return "<hardened:%s>" % clause


SUB_ROWS = [
    # HARD-SUB-3: the token before the `/` is a `)`, the grammar expects a statement.
    (["HARD-SUB-3", "HARD-SUB-4", "HARD-RUN-5"], RM, "awk 'BEGIN { if (1) /#/; system(\"rm -rf x\") }'", "ask", S("HARD-RUN-3"), "CLOSES",
     "after a condition's `)` a statement starts: `/#/` is a regular expression to gawk and the one true awk, which run `system()`; the lexer-only reading sees a division and a comment, the grammar-driven one a regular expression: they part"),
    (["HARD-SUB-3", "HARD-RUN-5"], RM, "awk 'BEGIN { while (x) /[]#]/; system(\"rm -rf x\") }' f", "ask", S("HARD-RUN-3"), "CLOSES",
     "the same after `while (x)`, with a bracket expression whose first `]` is a member"),
    (["HARD-SUB-3", "HARD-RUN-5"], RM, "awk '{ if ($1 > 3) print $1; else print \"#\" }' f", "allow", "*", "KEEPS",
     "both readings read the same tokens: a `#` inside a string, `>` inside a condition"),
    (["HARD-SUB-3", "HARD-RUN-5"], RM, "awk '{ print $1 / 2 }' f", "allow", "*", "KEEPS",
     "after an operand a `/` is a division to both readings"),
    # HARD-SUB-1: sed read twice.
    (["HARD-SUB-1", "HARD-RUN-5"], RM, "sed 's/a/b\ne rm -rf x\n/' f", "ask", S("HARD-RUN-3"), "CLOSES",
     "the recursive descent reads a replacement across two bare newlines; GNU sed ends every delimited part at a bare newline (its second reading too): the readings part, so the `e` line is never trusted to be text"),
    (["HARD-SUB-1", "HARD-SUB-2", "HARD-RUN-5"], RM, "sed ':a#x;p' f", "ask", S("HARD-RUN-3"), "CLOSES",
     "GNU sed ends a `:` label at `#` and reads `#x;p` as a comment; the first reading reads the label `a#x` and a `p`: the readings part"),
    (["HARD-SUB-1", "HARD-RUN-5"], RM, "sed -n 's/[/]/X/gp' f", "allow", "*", "KEEPS",
     "a bracket expression holds the delimiter in both readings, as in GNU sed"),
    (["HARD-SUB-1", "HARD-RUN-5"], RM, "sed -n '1!G;h;$p' f", "allow", "*", "KEEPS",
     "addresses, `!` and bare commands: the same steps in both readings"),
]

# HARD-GLOB-1: a component-leading wildcard spells no leading dot; `**` is `*`.
SUB_ROWS += [
    (["HARD-GLOB-1", "HARD-VALUE-4", "HARD-VALUE-5"], SSH, "ls src/**/*.rs", "allow", "*", "KEEPS",
     "every `/` of the value is followed by a wildcard that starts a component, which spells no `.`: `*/.ssh/*` is unreachable, `*` holds"),
    (["HARD-GLOB-1", "HARD-VALUE-4", "HARD-VALUE-5"], SSH, "cat ~/*/id_rsa", "allow", "*", "KEEPS",
     "bash never globs `~/*/id_rsa` to `~/.ssh/id_rsa` (dotglob is off): `*/.ssh/*` is unreachable"),
    (["HARD-GLOB-1", "HARD-VALUE-4", "HARD-VALUE-5"], SSH, "cat ~/.*/id_rsa", "ask", "*/.ssh/*", "CLOSES",
     "the component starts with a literal `.`: the wildcard after it may spell `ssh`, so `*/.ssh/*` deny and `*` allow are both reachable"),
    (["HARD-GLOB-1", "HARD-VALUE-4", "HARD-VALUE-5"], SSH, "cat src/*/.ssh/x", "deny", "*/.ssh/*", "CLOSES",
     "the literal `/.ssh/` is written: every text of the value matches `*/.ssh/*`"),
]

# HARD-TOPLEVEL-1: the top level is here or above, spelled `.` and dots and slashes.
SUB_ROWS += [
    (["HARD-TOPLEVEL-1", "HARD-VALUE-6"], SSH, "cd %s && cargo test" % TOP, "allow", "*", "KEEPS",
     "the cd's value is `.` then only `.` and `/`, and `cargo test` read from there `cargo .…/test`: `*/.ssh/*` is unreachable, `*` holds"),
    (["HARD-TOPLEVEL-1", "HARD-VALUE-6"], SSH, "cd %s && cat .ssh/id_rsa" % TOP, "deny", "*/.ssh/*", "CLOSES",
     "read from the top level, `cat .…/.ssh/id_rsa`: every text of it matches `*/.ssh/*` (the top level may be the home directory of a dotfiles repository)"),
    (["HARD-TOPLEVEL-1", "HARD-VALUE-7", "HARD-VALUE-6"], SSH, "cd $(git rev-parse --show-toplevel) && cargo test", "ask", "*/.ssh/*", "CLOSES",
     "unquoted, bash splits and globs the path: the operand is a word only run time knows, from which `*/.ssh/*` is reachable"),
    (["HARD-TOPLEVEL-1", "HARD-VALUE-6"], HOME_SSH, "git config core.worktree ~ && cd %s && cat .ssh/id_rsa" % TOP, "ask", "*~/.ssh*", "CLOSES",
     "another git in the command can name any work tree (`core.worktree`): the top level is a directory only run time knows, from which `*~/.ssh*` is reachable"),
]

# HARD-DEFAULT-1: a default does not bound a variable the environment may set.
SUB_ROWS += [
    (["HARD-DEFAULT-1", "HARD-RUN-5"], RM, "sed -n \"${START:-1},+40p\" f", "ask", S("HARD-RUN-3"), "CLOSES",
     "START comes from the environment the command starts in: with START=$'1e rm -rf x\\n1' GNU sed runs `rm -rf x`; the script is not known, so no reader admits it"),
]

# HARD-PROCSUB-1: `<(…)` is a /dev/fd path; its commands are judged.
SUB_ROWS += [
    (["HARD-PROCSUB-1", "HARD-UNIT-2"], SSH, "diff <(sort a.txt) <(sort b.txt)", "allow", "*", "KEEPS",
     "bash passes `/dev/fd/63` and `/dev/fd/62`: `diff /dev/fd/<n> /dev/fd/<n>` and each `sort` are held by `*`"),
    (["HARD-PROCSUB-1", "HARD-UNIT-2"], RM, "diff <(rm -rf x) b", "deny", "rm *", "CLOSES",
     "the command inside is judged on its own and `rm *` denies it"),
    (["HARD-PROCSUB-1", "HARD-VALUE-6"], ENV, "diff <(cat .env) b", "deny", "*.env", "CLOSES",
     "the inner `cat .env` meets `*.env`"),
    (["HARD-PROCSUB-1", "HARD-READ-1"], RM, "cat x<(ls)", "ask", S("HARD-READ-1"), "CLOSES",
     "joined to other text bash makes one word (`x/dev/fd/63`); the second reading does not read it"),
]

# decide under the example policy: (clauses, command, outcome, why)
SUB_PIPELINE = [
    (["HARD-TOPLEVEL-1"], "cd %s && cargo test 2>&1 | tail -20" % TOP, "allow",
     "`cd *`, `git rev-parse *`, `cargo test *` and `tail *` allow, and no deny rule is reachable from the top level's value"),
    (["HARD-GLOB-1"], "ls src/**/*.rs", "allow",
     "`ls *` allows; no deny rule is reachable through a component-leading glob (`*/.ssh/*` needs a leading dot, `*.env` an ending the value does not have)"),
]
