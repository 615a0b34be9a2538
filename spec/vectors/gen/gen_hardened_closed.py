"""The closed world's rows of hardened.json (SPEC.md §12.11, HARD-ADMIT-*, HARD-READ-1).

Rows of gen_hardened.py's shape. The refused commands are issue 26's classes
1-7; each was run in GNU bash 5.2 with its hidden command replaced by
`touch ran`, and `ran` appeared. The deployed answer is "allowed by `*`" for
every row: one or more units, none starting with `rm`. The hardened answer
follows HARD-3 and HARD-ADMIT-1: the walk's judgements are allowed by `*`
(no value starts with `rm `), so the closed world's judgement, the last,
decides with the clause of the row that refuses the first construct in
source order. The admitted rows are everyday idioms: every construct is in
the table, every value allowed by `*`.
"""

from gen_check import R

DENY_RM = R(("*", "allow"), ("rm *", "deny"))


def S(clause):
    return "<hardened:%s>" % clause


def refused(clauses, command, clause, why):
    return ("clause", ["HARD-ADMIT-1"] + clauses, DENY_RM, command, "ask", S(clause), why)


def kept(clauses, command, why):
    return ("clause", ["HARD-ADMIT-1"] + clauses, DENY_RM, command, "allow", "*", why)


CLOSED_ROWS = [
    refused(["HARD-ADMIT-4", "HARD-ADMIT-3"], "echo ${x:-`rm -rf x`}", "HARD-ADMIT-4",
            "class 1: a backquote in an operand of `${x:-…}` is no operand character; the tree reads it as text, bash runs `rm -rf x`"),
    refused(["HARD-ADMIT-3"], "echo `echo \\`rm -rf x\\``", "HARD-ADMIT-3",
            "class 1: a backquote substitution is never admitted (the nested one is text to the tree)"),
    refused(["HARD-ADMIT-4"], "echo ${v:0:o}", "HARD-ADMIT-4",
            "class 2: a substring length is arithmetic: o holding `a[$(…)]` runs it"),
    refused(["HARD-ADMIT-4"], "echo ${@:o}", "HARD-ADMIT-4",
            "class 2: a positional slice's offset is arithmetic"),
    refused(["HARD-ADMIT-5"], "test -v 'a[$(rm -rf x)0]'", "HARD-ADMIT-5",
            "class 3: `test -v` evaluates the subscript of the name; `-v` is not an admitted operator"),
    refused(["HARD-ADMIT-5"], "[ -v 'a[$(rm -rf x)0]' ]", "HARD-ADMIT-5",
            "class 3: `[ -v` likewise"),
    refused(["HARD-ADMIT-5"], "printf '-va[$(rm -rf x)0]' x", "HARD-ADMIT-5",
            "class 3: printf's first word is an option (`-v` attached): not admitted"),
    refused(["HARD-ADMIT-5"], "read 'a[$(rm -rf x)0]' <<< x", "HARD-ADMIT-5",
            "class 3: a read target that is not a literal scratch name"),
    refused(["HARD-ADMIT-5"], "set -k; git status GIT_EXTERNAL_DIFF=/tmp/x", "HARD-ADMIT-5",
            "class 5: `set -k` turns the argument into an environment assignment; only `e`, `u`, `o` are admitted"),
    refused(["HARD-ADMIT-6"], "for LD_PRELOAD in /tmp/x.so; do export LD_PRELOAD; done; ls", "HARD-ADMIT-6",
            "class 5: a loop target that is not a scratch name, exported after (the for statement is first in source order)"),
    refused(["HARD-ADMIT-6"], "export {LD_PRELOAD,X}=/tmp/x.so; ls", "HARD-ADMIT-6",
            "class 5: `export` of a brace-expanded word: bash exports LD_PRELOAD"),
    refused(["HARD-ADMIT-6"], "export \"LD_PRELOAD=/tmp/x.so\"; ls", "HARD-ADMIT-6",
            "class 5: `export` of a quoted word"),
    refused(["HARD-ADMIT-5"], "read PS4 <<< '$(rm -rf x)'; set -x; :", "HARD-ADMIT-5",
            "class 6: PS4 read, then `set -x` expands it: the read target is not a scratch name"),
    refused(["HARD-ADMIT-5"], "set -x; ls", "HARD-ADMIT-5",
            "class 6: `set -x` expands PS4 before each command"),
    refused(["HARD-ADMIT-5"], "jobs -x rm -rf x", "HARD-ADMIT-5",
            "class 7: `jobs -x` runs its command; jobs is not an admitted builtin"),
    refused(["HARD-ADMIT-5"], "\"jobs\" -x rm -rf x", "HARD-ADMIT-5",
            "class 7: the quoted spelling is the same builtin"),
    refused(["HARD-ADMIT-2", "HARD-PROCSUB-1"], "cat >(ls)", "HARD-ADMIT-2",
            "a process substitution bash writes into (`>(…)`) is not admitted; `<(…)` is, by HARD-PROCSUB-1"),
    refused(["HARD-ADMIT-7"], "cat <<EOF\n$x\nEOF", "HARD-ADMIT-7",
            "an unquoted here-document body with an expansion"),
    ("clause", ["HARD-ADMIT-1", "HARD-READ-1"], R(("*", "ask"), ("*", "allow"), ("cd /repo", "allow")),
     "curl -s http://example.invalid \t| \tcd /repo\u0085|\u0085cd /repo\u0085|\u0085timeout \t400000000000000000000000000000000000 \ttimeout \t400000000000000000000000000000000000 \ttimeout \t400000000000000000000000000000000000 \ttimeout \t400000000000000000000000000000000000 \tpnpm build  \n| \techo EXIT && rm -rf /", "ask", S("HARD-READ-1"),
     "INV-10's fuzz witness (fuzz/regressions/hardened/inv10-newline-before-pipe): a line that starts with `|` is bash's syntax error; the parser's recovery reads it as continuing the line before, with no ERROR, so the second reading must refuse it (without ` && rm -rf /` the tree has an ERROR: HARD-PARSE-1)"),
    refused(["HARD-READ-1", "HARD-ADMIT-7"], "echo a {PATH}>/dev/null; ls", "HARD-READ-1",
            "`{PATH}>` is bash's descriptor-variable redirection (it assigns PATH the descriptor, checked in bash); the tree reads `{PATH}` as a word, the second reading does not read it"),
    refused(["HARD-READ-1"], "echo $(case x in a) ls;; esac)", "HARD-READ-1",
            "the second reading ends `$(` at the first unbalanced `)`, the tree at the last: the readings part, so it asks"),
    refused(["HARD-ADMIT-7"], "echo hi >&'$(rm -rf x)'", "HARD-ADMIT-7",
            "issue 37 class 1: bash 5.2 turns `>&WORD` (WORD not digits or `-`) into `&>` and expands WORD a second time, so the single-quoted text runs `rm -rf x`; a duplication's target must be a literal descriptor"),
    refused(["HARD-ADMIT-7"], "echo hi 1>&'$HOME/.bashrc'", "HARD-ADMIT-7",
            "issue 37 class 1: `1>&WORD` likewise; the second expansion writes ~/.bashrc"),
    refused(["HARD-ADMIT-7"], "{ echo hi; } >&'$(rm -rf x)'", "HARD-ADMIT-7",
            "issue 37 class 1 on a compound command: the redirection is refused by its row wherever it stands"),
    refused(["HARD-ADMIT-7"], "cat 2>&- .env", "HARD-ADMIT-7",
            "issue 37 class 3: a close has no target; the parser gives it `.env`, bash gives `.env` to cat"),
    refused(["HARD-ADMIT-7"], "cat <&- .env", "HARD-ADMIT-7",
            "issue 37 class 3: the input close likewise"),
    refused(["HARD-ADMIT-7"], "cat 2>&-.env", "HARD-ADMIT-7",
            "issue 37 class 3: bash reads the unquoted `-` after `>&` as its own token, so `.env` is cat's argument even with no blank"),
    refused(["HARD-ADMIT-7"], "ls 10>x", "HARD-ADMIT-7",
            "a descriptor of two digits is not admitted: one bash may hold itself"),
    refused(["HARD-READ-2"], "cd 0<&- && cat .ssh/id_rsa", "HARD-READ-2: bash reads a descriptor, the parser an argument",
            "issue 37 class 2: the parser reads the descriptor `0` as cd's argument (`cd 0`, downward), bash closes stdin and runs a bare `cd`, home; the roles disagree on the first token in source order, `0`"),
    refused(["HARD-READ-2"], "cat 0<x", "HARD-READ-2: bash reads a descriptor, the parser an argument",
            "issue 37 class 2: `0<` likewise"),
    kept(["HARD-ADMIT-7", "HARD-READ-2"], "cargo test 2>&1 >/dev/null | tail -n 20",
         "everyday duplications: literal descriptor targets, roles agree"),
    kept(["HARD-ADMIT-7", "HARD-READ-2"], "echo done >&2; cat <<< \"x\" | wc -l",
         "a duplication to stderr and a here-string"),
    kept(["HARD-ADMIT-7", "HARD-READ-2"], "make 2>&1 | tee build.log 3>&1 1>&2-",
         "a move (`1>&2-`) and descriptors of one digit"),
    kept(["HARD-ADMIT-3", "HARD-ADMIT-7", "HARD-READ-1"], "git commit -m \"$(cat <<'EOF'\nFix the walk\nEOF\n)\"",
         "a here-document commit message in a substitution: every part admitted, both readings agree"),
    kept(["HARD-ADMIT-2", "HARD-ADMIT-6"], "for f in src/*.rs; do wc -l \"$f\"; done", "a loop over a glob with a scratch name"),
    kept(["HARD-ADMIT-3", "HARD-ADMIT-4"], "echo \"$PWD\" $(pwd) ${HOME} \"${VAR:-default}\"", "names read, a literal default"),
    kept(["HARD-ADMIT-5", "HARD-ADMIT-7"], "[ -f Cargo.toml ] && cargo build 2>&1 | tail -n 50", "a test, a pipeline, a descriptor duplication"),
    kept(["HARD-ADMIT-5", "HARD-ADMIT-6"], "while read -r line; do echo \"$line\"; done < files.txt", "read into a scratch name"),
    kept(["HARD-ADMIT-6"], "export NODE_ENV=test && NODE_ENV=test npm test", "inert assignments"),
    kept(["HARD-ADMIT-6", "HARD-EFFECT-2"], "while IFS= read -r line; do wc -l -- \"$line\"; done < files.txt",
         "IFS= before read only splits what read reads: no floor (after `--` wc reads no option)"),
    refused(["HARD-ADMIT-6", "HARD-VALUE-7"], "while IFS= read -r line; do wc -l \"$line\"; done < files.txt", "HARD-VALUE-7",
            "contrast: a line read is unknown and wc reads `--files0-from=F` (HARD-RUN-6), whose file names what it reads"),
    refused(["HARD-ADMIT-6", "HARD-EFFECT-2"], "IFS=, ls", "HARD-EFFECT-2",
            "contrast: IFS before any other command is live (HARD-EFFECT-2 decides first, the closed world refuses it too)"),
    kept(["HARD-ADMIT-5"], "set -euo pipefail; make test", "the admitted set options"),
    kept(["HARD-ADMIT-4"], "echo $((1 + 2 * 3))", "arithmetic over literals"),
]
