"""pol-units.json: command-unit enumeration and wrapper floors (op `units`), SPEC.md 7.3-7.4.

Every expected list is hand-derived from the enumeration rules (upstream.md 5,
SPEC.md 7.3/7.4): descend program/list/pipeline/redirected_statement; skip
redirects, comments and heredoc bodies; a command is one unit whose text starts
after its leading assignments, followed by the commands of any $( ) / <( ) in
it; a subshell is emitted whole then entered; any other named node is emitted
whole and not entered. Floors: eval or a shell with a short -c cluster before
`--` => opaque-payload; the indirection names, find -exec…, fd -x… => indirection.
The hand derivations were then confirmed against @gotgenes/pi-permission-system@20.7.3
(collectCommands) in a scratch harness; the comment says where the derivation rests on
how tree-sitter-bash 0.25.1 parses the text.
"""

from common import Vectors

C_ENUM = ["POL-UNIT-3"]      # program/list/pipeline/redirected_statement descended, source order
C_TEXT = ["POL-UNIT-4"]      # a command's text starts after leading assignments
C_SUBST = ["POL-UNIT-5"]     # substitutions emitted right after their command, with context
C_SUBSHELL = ["POL-UNIT-6"]  # subshell whole, then entered
C_OTHER = ["POL-UNIT-7"]     # other named nodes whole, not entered
C_SKIP = ["POL-UNIT-2"]      # redirects/comments/heredocs give nothing and are not entered
C_CTX = ["POL-UNIT-8"]       # innermost context
C_EXACT = ["POL-UNIT-9"]     # exact source slice, parse errors, tree-sitter separators
C_NONE = ["POL-UNIT-10"]     # no units
C_PARSE = ["POL-UNIT-1"]     # parsed exactly as given
C_OPAQUE = ["POL-FLOOR-3"]
C_INDIR = ["POL-FLOOR-4"]
C_EXEC = ["POL-FLOOR-5"]
C_WORDS = ["POL-FLOOR-1"]    # only command nodes; words as in the source
C_BASENAME = ["POL-FLOOR-2"]


def U(text, context=None, kind=None):
    return {"text": text, "context": context, "wrapperKind": kind}


CS, PS, SUB = "command_substitution", "process_substitution", "subshell"
OP, IN = "opaque-payload", "indirection"

CASES = [
    # (comment, clauses, command, units, flags)
    ("a single simple command", C_ENUM, "ls -la", [U("ls -la")], []),
    ("&& splits into two units in source order", C_ENUM, "ls && rm x", [U("ls"), U("rm x")], []),
    ("every list and pipeline operator splits", C_ENUM, "a; b | c || d && e", [U("a"), U("b"), U("c"), U("d"), U("e")], []),
    ("a background & splits", C_ENUM, "a & b", [U("a"), U("b")], []),
    ("a newline separates commands", C_ENUM, "ls\nrm x", [U("ls"), U("rm x")], []),
    ("a trailing ; adds nothing", C_ENUM, "ls;", [U("ls")], []),
    ("leading assignment is not part of the unit text", C_TEXT, "FOO=1 npm test", [U("npm test")], []),
    ("several leading assignments", C_TEXT, "A=1 B=2 make all", [U("make all")], []),
    ("a pure assignment is its own unit, whole (tree-sitter gives a variable_assignment node, emitted whole)", C_OTHER, "FOO=1", [U("FOO=1")], []),
    ("assignment then command on separate statements", C_ENUM + C_OTHER, "x=1; ls", [U("x=1"), U("ls")], []),
    ("command substitution: the command, then its inner command tagged", C_SUBST, "echo $(rm x)", [U("echo $(rm x)"), U("rm x", CS)], []),
    ("backticks are a command substitution", C_SUBST, "echo `rm x`", [U("echo `rm x`"), U("rm x", CS)], []),
    ("substitution inside double quotes is still found (anywhere in the subtree)", C_SUBST, "echo \"a $(rm x) b\"", [U("echo \"a $(rm x) b\""), U("rm x", CS)], []),
    ("nested substitutions: each level emitted, all tagged command_substitution", C_SUBST, "echo $(echo $(rm x))", [U("echo $(echo $(rm x))"), U("echo $(rm x)", CS), U("rm x", CS)], []),
    ("a substitution holding a list yields each command", C_SUBST, "echo $(a; b)", [U("echo $(a; b)"), U("a", CS), U("b", CS)], []),
    ("substitution in a leading assignment of a command is found", C_SUBST + C_TEXT, "FOO=$(rm x) ls", [U("ls"), U("rm x", CS)], []),
    ("process substitution as an argument", C_SUBST, "diff <(ls a) <(ls b)", [U("diff <(ls a) <(ls b)"), U("ls a", PS), U("ls b", PS)], []),
    ("output process substitution as an argument", C_SUBST, "tee >(rm x)", [U("tee >(rm x)"), U("rm x", PS)], []),
    ("subshell: whole, then its commands tagged subshell", C_SUBSHELL, "(cd a && ls)", [U("(cd a && ls)"), U("cd a", SUB), U("ls", SUB)], []),
    ("subshell in a pipeline", C_SUBSHELL + C_ENUM, "a | (b; c)", [U("a"), U("(b; c)"), U("b", SUB), U("c", SUB)], []),
    ("command substitution inside a subshell keeps the inner context of the substitution", C_SUBSHELL + C_SUBST + C_CTX, "(echo $(rm x))", [U("(echo $(rm x))"), U("echo $(rm x)", SUB), U("rm x", CS)], []),
    ("brace group: whole, never entered", C_OTHER, "{ rm -rf x; }", [U("{ rm -rf x; }")], []),
    ("if: whole, never entered", C_OTHER, "if true; then rm x; fi", [U("if true; then rm x; fi")], []),
    ("while: whole", C_OTHER, "while true; do ls; done", [U("while true; do ls; done")], []),
    ("for: whole", C_OTHER, "for i in a b; do rm $i; done", [U("for i in a b; do rm $i; done")], []),
    ("case: whole", C_OTHER, "case x in a) rm y;; esac", [U("case x in a) rm y;; esac")], []),
    ("function definition: whole", C_OTHER, "f() { rm x; }", [U("f() { rm x; }")], []),
    ("[[ ]] test: whole, then the && sibling", C_OTHER + C_ENUM, "[[ -f x ]] && rm x", [U("[[ -f x ]]"), U("rm x")], []),
    ("negation: the negated_command is emitted whole", C_OTHER, "! rm x", [U("! rm x")], []),
    ("declaration command: whole", C_OTHER, "export A=1", [U("export A=1")], []),
    ("brace group after &&", C_ENUM + C_OTHER, "cd a && { rm x; }", [U("cd a"), U("{ rm x; }")], []),
    ("output redirect skipped", C_SKIP, "ls > out.txt", [U("ls")], []),
    ("a redirect before the command name is a named child of the command node, so the unit text starts at it", C_TEXT, "> out.txt ls", [U("> out.txt ls")], []),
    ("heredoc body and end skipped", C_SKIP, "cat <<EOF\nrm x\nEOF", [U("cat")], []),
    ("a herestring is a child of the command node (not a redirected_statement), so it stays in the unit text", C_TEXT, "cat <<< 'rm x'", [U("cat <<< 'rm x'")], []),
    ("a redirected compound statement: the if is emitted whole, the redirect skipped", C_SKIP + C_OTHER, "if a; then b; fi > out", [U("if a; then b; fi")], []),
    ("fd redirect in a pipeline", C_SKIP + C_ENUM, "ls 2>&1 | rm x", [U("ls"), U("rm x")], []),
    ("comment skipped", C_SKIP, "ls # rm x", [U("ls")], []),
    ("process substitution inside a redirect target is skipped with the redirect (fail-open quirk)", C_SKIP, "ls > >(rm x)", [U("ls")], ["FAIL_OPEN_QUIRK"]),
    ("a bare redirect has no command: zero units", C_SKIP + C_NONE, "> out.txt", [], []),
    ("empty command: zero units", C_NONE, "", [], []),
    ("comment only: zero units", C_SKIP + C_NONE, "# rm x", [], []),
    ("a line continuation stays inside the unit text", C_EXACT, "ls \\\n -la", [U("ls \\\n -la")], []),
    ("NBSP is a word character for tree-sitter: it stays in the unit text", C_ENUM, "\u00a0ls", [U("\u00a0ls")], ["ECMA_VS_BASH"]),
    ("vertical tab separates words, so one command whose text keeps it", C_ENUM + C_EXACT, "ls\u000b-la", [U("ls\u000b-la")], ["ECMA_VS_BASH"]),
    ("NBSP after an assignment: bash and tree-sitter read one assignment `FOO=1\\u00a0rm`, then the command `-rf /`", C_TEXT, "FOO=1\u00a0rm -rf /", [U("-rf /")], ["ECMA_VS_BASH"]),
    ("a substitution inside a parameter expansion default is found", C_SUBST, "echo ${x:-$(rm y)}", [U("echo ${x:-$(rm y)}"), U("rm y", CS)], []),
    ("arithmetic expansion holds no command", C_SUBST, "echo $((1+2))", [U("echo $((1+2))")], []),
    ("a substitution holding only a redirect yields no inner unit", C_SUBST, "cat $(< f)", [U("cat $(< f)")], []),
    ("a pure assignment is a variable_assignment node: emitted whole and NOT entered, so the substitution is not enumerated", C_OTHER, "FOO=$(rm x)", [U("FOO=$(rm x)")], ["FAIL_OPEN_QUIRK"]),
    ("an array assignment: whole", C_OTHER, "a=(1 2)", [U("a=(1 2)")], []),
    ("coproc: whole, not entered", C_OTHER, "coproc rm x", [U("coproc rm x")], []),
    ("CRLF: the CR does not end the command text, LF separates", C_ENUM + C_EXACT, "ls\r\nrm x", [U("ls"), U("rm x")], ["ECMA_VS_BASH"]),
    ("a leading BOM is skipped by tree-sitter", C_ENUM + C_EXACT, "\ufeffls", [U("ls")], ["ECMA_VS_BASH"]),
    ("parse error: a lone ( becomes an ERROR node emitted whole", C_OTHER + C_EXACT, "(", [U("(")], ["PARSE_ERROR"]),
    ("parse error: a stray ) becomes an ERROR unit after ls", C_OTHER + C_EXACT, "ls)", [U("ls"), U(")")], ["PARSE_ERROR"]),
    ("parse error: a dangling && leaves a missing command with empty text", C_ENUM + C_EXACT, "ls &&", [U("ls"), U("")], ["PARSE_ERROR"]),
    ("parse error: an unterminated string", C_OTHER + C_EXACT, "echo \"unterminated", [U("echo"), U("\"unterminated")], ["PARSE_ERROR"]),
    # examples stated in SPEC.md 7.3-7.4
    ("POL-UNIT-4: words after a redirect belong to the redirected_statement: `ls > out rm` gives `ls`", C_TEXT + C_SKIP, "ls > out rm", [U("ls")], []),
    ("POL-UNIT-4: `FOO=1 > out ls` keeps the redirect in the text", C_TEXT, "FOO=1 > out ls", [U("> out ls")], []),
    ("POL-UNIT-2: a substitution inside a here-document body gives no unit", C_SKIP, "cat <<EOF\n$(rm x)\nEOF", [U("cat")], ["FAIL_OPEN_QUIRK"]),
    ("POL-UNIT-8: the nearest enclosing context wins: `(rm x)` in a command substitution, `rm x` in a subshell", C_CTX + C_SUBSHELL + C_SUBST, "echo $( (rm x) )", [U("echo $( (rm x) )"), U("(rm x)", CS), U("rm x", SUB)], []),
    ("POL-UNIT-7: a declaration command with a substitution is whole and not entered", C_OTHER, "export A=$(rm x)", [U("export A=$(rm x)")], ["FAIL_OPEN_QUIRK"]),
    ("POL-UNIT-7: arithmetic command whole", C_OTHER, "(( x = 1 + 2 ))", [U("(( x = 1 + 2 ))")], []),
    ("POL-UNIT-9: a missing command after a pipe has empty text", C_EXACT, "ls |", [U("ls"), U("")], ["PARSE_ERROR"]),
    ("POL-UNIT-9: a leading pipe gives `|` and `ls`", C_EXACT, "| ls", [U("|"), U("ls")], ["PARSE_ERROR"]),
    ("POL-UNIT-9: CR is not a command separator, so `ls\\rrm -rf /` is one unit", C_EXACT, "ls\rrm -rf /", [U("ls\rrm -rf /")], ["ECMA_VS_BASH"]),
    ("POL-UNIT-9: U+0000 is read as end of input in some places: `a; \\0` is one unit", C_EXACT + ["POL-LIMIT-5"], "a; \u0000", [U("a; \u0000")], ["NUL"]),
    ("POL-UNIT-10: whitespace only gives no units", C_NONE, " \t\n ", [], []),
    ("POL-UNIT-10: a bare fd redirect gives no units", C_NONE, "2>&1", [], []),
    ("POL-UNIT-1: parsing does not depend on earlier commands (the same text as an earlier row, again)", C_PARSE + C_ENUM, "ls && rm x", [U("ls"), U("rm x")], []),
    ("POL-FLOOR-1: a redirect before the name is the first word, so the command is not floored", C_WORDS, "2>/dev/null sudo ls", [U("2>/dev/null sudo ls")], ["FAIL_OPEN_QUIRK"]),
    ("POL-FLOOR-1: a pure assignment has no words and is not floored", C_WORDS, "FOO=1 BAR=2", [U("FOO=1 BAR=2")], []),
    ("POL-FLOOR-2: a quoted name is not normalized", C_BASENAME, "\"bash\" -c x", [U("\"bash\" -c x")], ["FAIL_OPEN_QUIRK"]),
    ("POL-FLOOR-2: a backslash-escaped name is not normalized", C_BASENAME, "\\eval x", [U("\\eval x")], ["FAIL_OPEN_QUIRK"]),
    ("POL-FLOOR-2: the basename after a parameter expansion counts", C_BASENAME + C_INDIR, "${X}/sudo ls", [U("${X}/sudo ls", None, IN)], []),
    ("POL-FLOOR-3: `sh -ec`: a cluster with c", C_OPAQUE, "sh -ec x", [U("sh -ec x", None, OP)], []),
    ("POL-FLOOR-3: `ksh -norc`: a single-dash argument containing c", C_OPAQUE, "ksh -norc", [U("ksh -norc", None, OP)], []),
    ("POL-FLOOR-3: `bash script -c`: any later argument counts", C_OPAQUE, "bash script -c", [U("bash script -c", None, OP)], []),
    ("POL-FLOOR-3: a quoted '-c' keeps its quotes and does not start with -", C_OPAQUE, "bash '-c' x", [U("bash '-c' x")], []),
    ("POL-FLOOR-3: upper-case C does not count", C_OPAQUE, "sh -C x", [U("sh -C x")], []),
    ("POL-FLOOR-4: names compare exactly", C_INDIR, "Sudo ls; sudox ls", [U("Sudo ls"), U("sudox ls")], []),
    ("POL-FLOOR-5: `--exec=rm` and `-xrm` do not count", C_EXEC, "fd --exec=rm; fd -xrm", [U("fd --exec=rm"), U("fd -xrm")], []),
    ("POL-FLOOR-5: the exec flag counts anywhere, after `--` too", C_EXEC, "find . -- -exec rm", [U("find . -- -exec rm", None, IN)], []),
    # wrapper floors
    ("sudo is an indirection", C_INDIR, "sudo rm -rf /", [U("sudo rm -rf /", None, IN)], []),
    ("env is an indirection", C_INDIR, "env FOO=1 ls", [U("env FOO=1 ls", None, IN)], []),
    ("xargs is an indirection", C_INDIR, "xargs rm", [U("xargs rm", None, IN)], []),
    ("timeout is an indirection", C_INDIR, "timeout 5 ls", [U("timeout 5 ls", None, IN)], []),
    ("time is an indirection (a plain command name to tree-sitter)", C_INDIR, "time ls", [U("time ls", None, IN)], []),
    ("nohup, nice, stdbuf, watch, flock, setsid, doas are indirections", C_INDIR, "nohup a; nice b; stdbuf -o0 c; watch d; flock f e; setsid g; doas h",
     [U("nohup a", None, IN), U("nice b", None, IN), U("stdbuf -o0 c", None, IN), U("watch d", None, IN), U("flock f e", None, IN), U("setsid g", None, IN), U("doas h", None, IN)], []),
    ("parallel, rust-parallel, rush are indirections", C_INDIR, "parallel a; rust-parallel b; rush c", [U("parallel a", None, IN), U("rust-parallel b", None, IN), U("rush c", None, IN)], []),
    ("the floor looks at the name after assignments", C_INDIR + C_TEXT, "FOO=1 timeout 5 ls", [U("timeout 5 ls", None, IN)], []),
    ("the floor uses the basename of a path", C_INDIR + C_BASENAME, "/usr/bin/time ls", [U("/usr/bin/time ls", None, IN)], []),
    ("find -exec is an indirection", C_EXEC, "find . -exec rm {} \\;", [U("find . -exec rm {} \\;", None, IN)], []),
    ("find -okdir is an indirection", C_EXEC, "find . -okdir rm {} +", [U("find . -okdir rm {} +", None, IN)], []),
    ("find without an exec flag is not", C_EXEC, "find . -name x", [U("find . -name x")], []),
    ("fd -x is an indirection", C_EXEC, "fd -x rm", [U("fd -x rm", None, IN)], []),
    ("fd --exec-batch is an indirection", C_EXEC, "fd txt --exec-batch rm", [U("fd txt --exec-batch rm", None, IN)], []),
    ("fd without an exec flag is not", C_EXEC, "fd -H txt", [U("fd -H txt")], []),
    ("exec is not a floored name", C_INDIR + C_BASENAME, "exec rm x", [U("exec rm x")], ["FAIL_OPEN_QUIRK"]),
    ("command is not a floored name", C_INDIR + C_BASENAME, "command rm x", [U("command rm x")], ["FAIL_OPEN_QUIRK"]),
    ("builtin eval: the name is builtin, so no opaque floor", C_OPAQUE + C_BASENAME, "builtin eval x", [U("builtin eval x")], ["FAIL_OPEN_QUIRK"]),
    ("eval is an opaque payload", C_OPAQUE, "eval 'rm x'", [U("eval 'rm x'", None, OP)], []),
    ("bash -c is an opaque payload", C_OPAQUE, "bash -c 'rm x'", [U("bash -c 'rm x'", None, OP)], []),
    ("a short-flag cluster containing c counts (-lc)", C_OPAQUE, "bash -lc 'rm x'", [U("bash -lc 'rm x'", None, OP)], []),
    ("long flags are skipped, a later -c counts", C_OPAQUE, "bash --norc -c x", [U("bash --norc -c x", None, OP)], []),
    ("-c after `--` does not count", C_OPAQUE, "bash -x -- -c", [U("bash -x -- -c")], []),
    ("sh, dash, zsh, ksh with -c", C_OPAQUE, "sh -c a; dash -c b; zsh -ic c; ksh -c d", [U("sh -c a", None, OP), U("dash -c b", None, OP), U("zsh -ic c", None, OP), U("ksh -c d", None, OP)], []),
    ("a path to a shell: basename counts", C_OPAQUE + C_BASENAME, "/bin/bash -c x", [U("/bin/bash -c x", None, OP)], []),
    ("a shell running a script file is not floored", C_OPAQUE, "bash script.sh", [U("bash script.sh")], []),
    ("fish is not in the shell list", C_OPAQUE, "fish -c x", [U("fish -c x")], []),
    ("a shell without -c is not an indirection name", C_OPAQUE + C_INDIR, "bash -x", [U("bash -x")], []),
    ("floors inside a substitution, with context", C_INDIR + C_SUBST + C_CTX, "echo $(sudo rm x)", [U("echo $(sudo rm x)"), U("sudo rm x", CS, IN)], []),
]


def main():
    v = Vectors("pol-units", "Command-unit enumeration and wrapper floors (SPEC.md 7.3, 7.4), op `units`.")
    v.note("FAIL_OPEN_QUIRK", "Behaviour of the deployed policy that lets a command escape a rule (upstream.md 6); specified as-is.")
    v.note("ECMA_VS_BASH", "tree-sitter's word separators (space, \\t \\n \\r \\v \\f) differ from ECMAScript whitespace; the case shows which applies.")
    v.note("PARSE_ERROR", "The command does not parse cleanly; tree-sitter's error recovery (ERROR / missing nodes) still yields units.")
    v.note("LIMIT", "The command trips a resource bound of POL-LIMIT-*; the package has no such bound.")
    v.note("DIVERGES_FROM_PACKAGE", "The spec deliberately differs from @gotgenes/pi-permission-system@20.7.3 here; the expected value is the spec's. A skip file for the package adapter names these.")
    v.note("NUL", "The command contains U+0000, which the grammar may read as the end of input (POL-UNIT-9).")
    v.generator("hand-derived", "No generated tests: each row was derived by hand from the enumeration rules, then confirmed against @gotgenes/pi-permission-system@20.7.3 (collectCommands) in a scratch harness.")
    g = v.group("units")
    for comment, clauses, command, units, flags in CASES:
        v.add(g, comment, clauses, {"command": command}, {"units": units}, flags)
    # PROTO-8: a command beyond a bound of POL-LIMIT-2/3 has no unit list.
    v.add(g, "65,537 units exceed POL-LIMIT-2: the units op answers limit_exceeded", ["POL-LIMIT-2", "POL-LIMIT-5", "PROTO-3"], {"command": "a;" * 65537}, {"ok": False, "errorCode": "limit_exceeded"}, ["LIMIT", "DIVERGES_FROM_PACKAGE"])
    v.add(g, "1,001 nested command substitutions exceed POL-LIMIT-3: limit_exceeded", ["POL-LIMIT-3", "POL-LIMIT-5", "PROTO-3"], {"command": "echo " + "$(" * 1001 + "x" + ")" * 1001}, {"ok": False, "errorCode": "limit_exceeded"}, ["LIMIT", "DIVERGES_FROM_PACKAGE"])
    # POL-UNIT-1: the scanner classifies characters as the package's wasm build
    # does (musl's Unicode classes), so a non-ASCII letter is a letter and U+3000
    # is a space: `\u00e9=1` and `A=1` (after the skipped U+3000) are
    # assignments, and the unit is `ls`. A scanner under the "C" locale would
    # make `\u00e9=1` / `\u3000A=1` the command's name. Appended, so earlier
    # tcIds stay.
    v.add(g, "a non-ASCII letter is a letter to the scanner (the wasm's classes): `\u00e9=1` is an assignment", C_PARSE + C_TEXT, {"command": "\u00e9=1 ls"}, {"units": [U("ls")]}, [])
    v.add(g, "U+3000 is a space to the scanner (the wasm's classes): `\u3000A=1` is skipped space, then an assignment", C_PARSE + C_TEXT, {"command": "\u3000A=1 ls"}, {"units": [U("ls")]}, [])
    return v.write()


if __name__ == "__main__":
    main()
