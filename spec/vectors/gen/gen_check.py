"""pol-check.json: the gate (`check`) and the advisory re-query (`advisory`), SPEC.md 7.5.

For each case the units are hand-derived (as in gen_units.py) and the answer is
derived from them by the checking rule, written here from the prose of
upstream.md 5 / SPEC.md 7.5 (`derive`): match value = unit text without the
lines that start (after whitespace) with `#`, then trimmed, or the raw text if
that is empty; the last matching rule wins, no rule = ask with no pattern; a
floored unit's allow becomes ask with its sentinel; the most restrictive unit
wins, the first in source order on a tie. Zero units: a blank or comment-only
command is matched whole; anything else is ask with <unparseable-bash-command>.
The gate first trims with ECMAScript trim(); the advisory does not.
The hand-derived units and the derived answers were confirmed against
@gotgenes/pi-permission-system@20.7.3 through conformance/adapters/pi-permission-system.
"""

from common import HOME, trim, is_ws, Vectors
from gen_match import rule_match

C_VALUE = ["POL-CHECK-1"]    # match value: comment lines removed, trimmed, raw if empty
C_LAST = ["POL-CHECK-2", "POL-RULE-2", "POL-RULE-3"]  # last matching rule wins, default ask without pattern
C_AGG = ["POL-CHECK-3", "POL-CHECK-4", "POL-CHECK-7", "VERDICT-1"]  # most restrictive, first on tie; triggering unit and units reported
C_FLOOR = ["POL-FLOOR-6"]    # floored allow -> ask with sentinel; deny/ask unchanged
C_EMPTY = ["POL-CHECK-5"]    # zero units, trivially empty: whole command decided
C_UNPARSE = ["POL-CHECK-6"]  # zero units otherwise: unparseable sentinel
C_GATE = ["POL-CHECK-8"]     # gate trims, advisory does not
C_DUP = ["POL-RULE-1"]       # ordered rules, duplicates allowed
C_LIMIT = ["POL-LIMIT-2", "POL-LIMIT-5"]
C_DEPTH = ["POL-LIMIT-3", "POL-LIMIT-5"]

ORDER = {"allow": 0, "ask": 1, "deny": 2}
SENTINEL = {"opaque-payload": "<opaque-bash-wrapper>", "indirection": "<indirection-bash-wrapper>"}


def match_value(text):
    lines = [ln for ln in text.split("\n") if not trim(ln).startswith("#")]
    v = trim("\n".join(lines))
    return v if v else text


def judge(rules, value, fallback="ask"):
    for r in reversed(rules):
        if rule_match(r["pattern"], value, HOME):
            return r["action"], r["pattern"]
    return fallback, None


def comment_only(command):
    return all(trim(ln) == "" or trim(ln).startswith("#") for ln in command.split("\n"))


def derive(rules, command, units, fallback="ask"):
    if not units:
        if comment_only(command):
            state, pat = judge(rules, match_value(command), fallback)
            return {"state": state, "matchedPattern": pat, "command": command, "commandContext": None, "units": []}
        return {"state": "ask", "matchedPattern": "<unparseable-bash-command>", "command": command, "commandContext": None, "units": []}
    best = None
    for u in units:
        state, pat = judge(rules, match_value(u["text"]), fallback)
        if u["wrapperKind"] and state == "allow":
            state, pat = "ask", SENTINEL[u["wrapperKind"]]
        if best is None or ORDER[state] > ORDER[best[0]]:
            best = (state, pat, u)
    state, pat, u = best
    return {"state": state, "matchedPattern": pat, "command": u["text"], "commandContext": u["context"], "units": units}


def U(text, context=None, kind=None):
    return {"text": text, "context": context, "wrapperKind": kind}


def R(*pairs):
    return [{"pattern": p, "action": a} for p, a in pairs]


ALLOW_ALL_DENY_RM = R(("*", "allow"), ("rm *", "deny"))
CS, SUB, PS = "command_substitution", "subshell", "process_substitution"

# (comment, clauses, rules, command, units (same for gate and advisory unless GATE_ONLY/ADVISORY_ONLY), expected state, flags)
CASES = [
    ("one allowed unit", C_LAST, R(("git status", "allow")), "git status", [U("git status")], "allow", []),
    ("no rule matches: default ask, matchedPattern null", C_LAST, R(("ls", "allow")), "pwd", [U("pwd")], "ask", []),
    ("last matching rule wins (specific rule last)", C_LAST, R(("git *", "allow"), ("git push *", "ask")), "git push origin", [U("git push origin")], "ask", []),
    ("last matching rule wins (general rule last)", C_LAST, R(("git push *", "ask"), ("git *", "allow")), "git push origin", [U("git push origin")], "allow", []),
    ("a later non-matching rule does not interfere", C_LAST, R(("git *", "allow"), ("npm *", "deny")), "git log", [U("git log")], "allow", []),
    ("a sibling deny wins over an allowed first unit", C_AGG, ALLOW_ALL_DENY_RM, "git status && rm -rf /", [U("git status"), U("rm -rf /")], "deny", []),
    ("deny beats ask regardless of order", C_AGG, R(("*", "ask"), ("b", "deny")), "a; b", [U("a"), U("b")], "deny", []),
    ("tie: the first unit in source order is reported", C_AGG, R(("*", "ask"),), "a; b", [U("a"), U("b")], "ask", []),
    ("tie on deny: first deny reported", C_AGG, R(("*", "deny"),), "a | b", [U("a"), U("b")], "deny", []),
    ("ask (no rule) beats allow", C_AGG, R(("ls", "allow"),), "ls && pwd", [U("ls"), U("pwd")], "ask", []),
    ("the triggering unit's context is reported (command substitution)", C_AGG, ALLOW_ALL_DENY_RM, "echo $(rm x)", [U("echo $(rm x)"), U("rm x", CS)], "deny", []),
    ("the triggering unit's context is reported (subshell)", C_AGG, ALLOW_ALL_DENY_RM, "(rm x)", [U("(rm x)"), U("rm x", SUB)], "deny", []),
    ("the triggering unit's context is reported (process substitution)", C_AGG, ALLOW_ALL_DENY_RM, "diff <(rm x) y", [U("diff <(rm x) y"), U("rm x", PS)], "deny", []),
    ("a floored indirection: allow becomes ask with the sentinel", C_FLOOR, R(("*", "allow"),), "sudo ls", [U("sudo ls", None, "indirection")], "ask", []),
    ("a floored opaque payload: allow becomes ask with the sentinel", C_FLOOR, R(("*", "allow"),), "bash -c 'ls'", [U("bash -c 'ls'", None, "opaque-payload")], "ask", []),
    ("a floor leaves deny untouched", C_FLOOR, R(("*", "allow"), ("sudo *", "deny")), "sudo ls", [U("sudo ls", None, "indirection")], "deny", []),
    ("a floor leaves an explicit ask untouched (its pattern, not the sentinel)", C_FLOOR, R(("*", "allow"), ("sudo *", "ask")), "sudo ls", [U("sudo ls", None, "indirection")], "ask", []),
    ("a floor leaves the default ask untouched (pattern null)", C_FLOOR, R(("ls", "allow"),), "sudo ls", [U("sudo ls", None, "indirection")], "ask", []),
    ("two floored units: the first is reported", C_FLOOR + C_AGG, R(("*", "allow"),), "sudo a; bash -c b", [U("sudo a", None, "indirection"), U("bash -c b", None, "opaque-payload")], "ask", []),
    ("the timeout wrapper itself is floored by the policy: this is why the authorizer exists", C_FLOOR, R(("*", "allow"),), "timeout 30s pnpm test", [U("timeout 30s pnpm test", None, "indirection")], "ask", []),
    ("a bare redirect: no units, not blank -> unparseable sentinel even under allow-all", C_UNPARSE, R(("*", "allow"),), "> out.txt", [], "ask", []),
    ("the empty command is matched whole", C_EMPTY, R(("*", "allow"),), "", [], "allow", []),
    ("a comment-only command is matched whole; its match value is the raw text (stripping left nothing)", C_EMPTY + C_VALUE, R(("*", "ask"), ("# hi", "allow")), "# hi", [], "allow", []),
    ("a missing command after && has empty text; under `ls` allow the empty value matches no rule", C_AGG + C_VALUE, R(("ls", "allow"),), "ls &&", [U("ls"), U("")], "ask", ["PARSE_ERROR"]),
    ("a missing command after && under allow-all: the empty value matches `*`", C_AGG + C_VALUE, R(("*", "allow"),), "ls &&", [U("ls"), U("")], "allow", ["PARSE_ERROR"]),
    ("comment stripping is textual: a quoted newline followed by # hides the rest of the unit (fail-open quirk)", C_VALUE, R(("*", "allow"), ("cat *secret*", "deny")), "cat \"x\n#\" /etc/secret", [U("cat \"x\n#\" /etc/secret")], "allow", ["FAIL_OPEN_QUIRK"]),
    ("a comment line inside a subshell unit is removed (the whole line, newline included) before matching the subshell unit", C_VALUE, R(("*", "deny"), ("(ls\n)", "allow"), ("ls", "allow")), "(ls\n# c\n)", [U("(ls\n# c\n)"), U("ls", SUB)], "allow", []),
    ("tab separator: `rm *` needs a literal space (fail-open quirk)", C_VALUE, ALLOW_ALL_DENY_RM, "rm\t-rf /", [U("rm\t-rf /")], "allow", ["FAIL_OPEN_QUIRK"]),
    ("line continuation without a space: `rm *` misses (fail-open quirk)", C_VALUE, ALLOW_ALL_DENY_RM, "rm\\\n -rf /", [U("rm\\\n -rf /")], "allow", ["FAIL_OPEN_QUIRK"]),
    ("line continuation after a space: `rm *` matches across the newline", C_VALUE, ALLOW_ALL_DENY_RM, "rm \\\n -rf /", [U("rm \\\n -rf /")], "deny", []),
    ("a brace group is one unit: `*` allow wins over `rm *` deny (fail-open quirk)", C_AGG, ALLOW_ALL_DENY_RM, "{ rm -rf x; }", [U("{ rm -rf x; }")], "allow", ["FAIL_OPEN_QUIRK"]),
    ("if is one unit (fail-open quirk)", C_AGG, ALLOW_ALL_DENY_RM, "if true; then rm -rf x; fi", [U("if true; then rm -rf x; fi")], "allow", ["FAIL_OPEN_QUIRK"]),
    ("a process substitution in a redirect target is not enumerated (fail-open quirk)", C_AGG, ALLOW_ALL_DENY_RM, "ls > >(rm x)", [U("ls")], "allow", ["FAIL_OPEN_QUIRK"]),
    ("a substitution in a pure assignment is not enumerated (fail-open quirk)", C_AGG, ALLOW_ALL_DENY_RM, "FOO=$(rm x)", [U("FOO=$(rm x)")], "allow", ["FAIL_OPEN_QUIRK"]),
    ("NBSP after an assignment: the command is `-rf /`, which `rm *` does not match", C_VALUE, ALLOW_ALL_DENY_RM, "FOO=1\u00a0rm -rf /", [U("-rf /")], "allow", ["FAIL_OPEN_QUIRK"]),
    ("home expansion in a rule", C_LAST, R(("~/bin/*", "allow"),), HOME + "/bin/tool", [U(HOME + "/bin/tool")], "allow", []),
    ("a leading assignment is not part of the match value", C_VALUE, R(("npm test", "allow"),), "CI=1 npm test", [U("npm test")], "allow", []),
    ("a heredoc body is not a unit; only cat is judged", C_AGG, ALLOW_ALL_DENY_RM, "cat <<EOF\nrm -rf /\nEOF", [U("cat")], "allow", []),
    ("POL-RULE-1: two rules with the same pattern: the later one decides", C_DUP + C_LAST, R(("ls", "allow"), ("ls", "deny")), "ls", [U("ls")], "deny", ["DUPLICATE_PATTERN", "DIVERGES_FROM_PACKAGE"]),
    ("POL-RULE-1: duplicates with a different rule between them", C_DUP + C_LAST, R(("ls", "deny"), ("l*", "ask"), ("ls", "allow")), "ls", [U("ls")], "allow", ["DUPLICATE_PATTERN", "DIVERGES_FROM_PACKAGE"]),
    ("a bare fd redirect is unparseable too", C_UNPARSE, R(("*", "allow"),), "2>&1", [], "ask", []),
    ("a comment-only multi-line command with blank lines is trivially empty", C_EMPTY, R(("*", "deny"),), "# a\n\n  # b", [], "deny", []),
    ("U+000D is not a line break for comment stripping: a quoted CR followed by # keeps the whole unit", C_VALUE, R(("*", "allow"), ("echo *#x*", "deny")), "echo \"a\r#x\"", [U("echo \"a\r#x\"")], "deny", []),
    ("...whereas a quoted LF followed by # drops the rest of the unit from the match value", C_VALUE, R(("*", "allow"), ("echo *#x*", "deny")), "echo \"a\n#x\"", [U("echo \"a\n#x\"")], "allow", ["FAIL_OPEN_QUIRK"]),
    ("POL-CHECK-1 uses ECMAScript whitespace: a line starting with NBSP then `#` is dropped from the subshell's match value (for bash it is a word, not a comment)", C_VALUE + ["ECMA-2"], R(("*", "allow"), ("(ls\n\u00a0#x\n)", "deny")), "(ls\n\u00a0#x\n)", [U("(ls\n\u00a0#x\n)"), U("ls", SUB), U("\u00a0#x", SUB)], "allow", ["FAIL_OPEN_QUIRK"]),
    ("a unit whose only line is NBSP + `#x`: stripping leaves nothing, so the raw text is matched", C_VALUE + ["ECMA-2"], R(("*", "ask"), ("\u00a0#x", "deny")), "ls; \u00a0#x", [U("ls"), U("\u00a0#x")], "deny", []),
    ("trailing comment is not part of any unit", C_AGG, R(("ls", "allow"),), "ls # rm", [U("ls")], "allow", []),
]

# Cases where the gate's trim makes the two ops differ: (comment, rules, command, gate units, advisory units, flags)
GATE_VS_ADVISORY = [
    ("leading NBSP: the gate trims it away; the advisory keeps it in the unit text (tree-sitter word char) but the match value is trimmed", R(("ls", "allow"),), "\u00a0ls", [U("ls")], [U("\u00a0ls")]),
    ("trailing NBSP after a space: gate unit `ls`; advisory unit keeps a second word", R(("ls", "allow"),), "ls \u00a0", [U("ls")], [U("ls \u00a0")]),
    ("trailing U+2028: the gate trims it; tree-sitter reads it as a word character", R(("ls", "allow"),), "ls\u2028", [U("ls")], [U("ls\u2028")]),
    ("leading U+3000 before a deny", ALLOW_ALL_DENY_RM, "\u3000rm -rf /", [U("rm -rf /")], [U("\u3000rm -rf /")]),
    ("leading U+0085 is not ECMAScript whitespace: neither trims it, so `ls` does not match", R(("ls", "allow"),), "\u0085ls", [U("\u0085ls")], [U("\u0085ls")]),
    ("leading BOM: trimmed by the gate, skipped by tree-sitter in the advisory", R(("ls", "allow"),), "\ufeffls", [U("ls")], [U("ls")]),
    ("surrounding spaces and newlines", R(("ls", "allow"),), "\n  ls  \n", [U("ls")], [U("ls")]),
    ("whitespace only: blank after trim, matched whole as the empty string by the gate; the advisory matches the raw text", R(("*", "ask"), ("", "allow")), "\u00a0", [], [U("\u00a0")]),
]


def main():
    v = Vectors("pol-check", "Checking a command against rules: the gate (`check`) and the advisory re-query (`advisory`), SPEC.md 7.5.")
    v.note("FAIL_OPEN_QUIRK", "Behaviour of the deployed policy that lets a command escape a rule (upstream.md 6); specified as-is.")
    v.note("PARSE_ERROR", "The command does not parse cleanly; tree-sitter's error recovery still yields units.")
    v.note("GATE_VS_ADVISORY", "The same command through both ops: the gate trims first, the advisory parses the value as given.")
    v.note("DUPLICATE_PATTERN", "Two rules share a pattern; a policy object (the package's format) cannot express this, a rule list can (POL-RULE-1).")
    v.note("DIVERGES_FROM_PACKAGE", "The spec deliberately differs from @gotgenes/pi-permission-system@20.7.3 here (or the package's adapter cannot express the request); the expected value is the spec's. A skip file for the package adapter names these.")
    v.note("LIMIT", "The command trips a resource bound of POL-LIMIT-*; the package has no such bound and answers differently (or overflows its stack).")
    v.generator("units-then-rule", "Units hand-derived per case; state, matchedPattern, command and commandContext derived from them by gen_check.derive, a direct transcription of the checking rule (comment-line stripping, last matching rule, floors, most restrictive first-on-tie, zero-unit handling). The hand-stated expected state of each case is asserted equal to the derived one. Every case is emitted for both `check` and `advisory` (the command has no leading/trailing whitespace, so the gate's trim changes nothing) except GATE_VS_ADVISORY rows.")
    gate = v.group("check", {"home": HOME})
    adv = v.group("advisory", {"home": HOME})
    for comment, clauses, rules, command, units, state, flags in CASES:
        assert trim(command) == command or command == ""
        exp = derive(rules, command, units)
        assert exp["state"] == state, (comment, exp)
        for g in (gate, adv):
            v.add(g, comment, clauses, {"rules": rules, "command": command}, exp, flags)
    for comment, rules, command, gunits, aunits in GATE_VS_ADVISORY:
        v.add(gate, comment, C_GATE + C_VALUE, {"rules": rules, "command": command}, derive(rules, trim(command), gunits), ["GATE_VS_ADVISORY"])
        v.add(adv, comment, C_GATE + C_VALUE, {"rules": rules, "command": command}, derive(rules, command, aunits), ["GATE_VS_ADVISORY"])
    # POL-LIMIT-2: more than 65,536 units; POL-LIMIT-3: more than 1,000 nested substitutions.
    many = "a;" * 65537
    deep = "echo " + "$(" * 1001 + "x" + ")" * 1001
    for g in (gate, adv):
        v.add(g, "65,537 units exceed the 65,536-unit bound: ask with the over-limit sentinel, no units, even under allow-all", C_LIMIT, {"rules": R(("*", "allow")), "command": many},
              {"state": "ask", "matchedPattern": "<bash-command-over-limit>", "commandContext": None, "units": []}, ["LIMIT", "DIVERGES_FROM_PACKAGE"])
        v.add(g, "1,001 nested command substitutions exceed the depth bound: ask with the over-limit sentinel", C_DEPTH, {"rules": R(("*", "allow")), "command": deep},
              {"state": "ask", "matchedPattern": "<bash-command-over-limit>", "command": deep, "commandContext": None, "units": []}, ["LIMIT", "DIVERGES_FROM_PACKAGE"])
        v.add(g, "1,000 nested command substitutions are within the bound: answered normally (x is allowed)", C_DEPTH[:1], {"rules": R(("*", "allow")), "command": "echo " + "$(" * 1000 + "x" + ")" * 1000},
              {"state": "allow", "matchedPattern": "*"}, ["LIMIT"])
    return v.write()


if __name__ == "__main__":
    main()
