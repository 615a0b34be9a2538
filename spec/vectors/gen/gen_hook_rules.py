"""Writes spec/vectors/hook/claude-rules.json: Claude Code's `Bash(...)`
permission rules and their translation to the policy model (SPEC.md chapter
14, HOOK-RULE-*), as a table the tests in tests/it/hook/ check the crate
against: `python3 spec/vectors/gen/gen_hook_rules.py`.

The file sits in a directory of its own: it has no protocol op, so the
conformance runner (which reads spec/vectors/*.json) does not load it.

Expected values come from the clauses, never from the crate:
- `translate` is HOOK-RULE-2 to HOOK-RULE-4 written out;
- `claude_matches` is Claude Code's own reading of a rule as HOOK-RULE-3
  describes it (`*` any sequence, a trailing ` *` or legacy `:*` also
  matching the bare prefix, every other character literal);
- `pattern_matches` is POL-MATCH-1, -3, -4, -5 and -6 (no `~` expansion is
  needed: every pattern this table produces starts with neither `~` nor
  `$HOME`).
A decision case's expected state is: Claude Code's rules by HOOK-RULE-5
(deny, then ask, then allow; no rule: the fallback `ask` of HOOK-POLICY-1),
with each dropped allow removed; the generator aborts when an exactly
translated rule and its pattern disagree on a command, and when a widened
pattern fails to match a command Claude Code's rule matches.
Deterministic: no clock, no randomness.
"""

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
OUT = os.environ.get("HOOK_VECTORS_OUT") or os.path.join(REPO, "spec", "vectors", "hook")


def translate(state, entry):
    """HOOK-RULE-2..4: ("not_bash"|"exact"|"widened"|"dropped"|"refused", pattern)."""
    if entry == "Bash":
        body = ""
    elif entry.startswith("Bash("):
        if not entry.endswith(")"):
            return ("refused", None)
        body = entry[len("Bash("):-1]
    else:
        return ("not_bash", None)
    if body == "":
        pattern = "*"
    elif body.endswith(":*"):
        pattern = body[:-2] + " *"
    else:
        pattern = body
    inexact = "?" in pattern or pattern.startswith("~") or pattern.startswith("$HOME") or entry == "Bash()"
    if not inexact:
        return ("exact", pattern)
    if state == "allow":
        return ("dropped", None)
    if pattern[0] in "~$":
        pattern = "?" + pattern[1:]
    return ("widened", pattern)


def glob_regex(text, any_one):
    out = ""
    for c in text:
        if c == "*":
            out += "[\\s\\S]*"
        elif c == "?" and any_one:
            out += "[\\s\\S]"
        else:
            out += re.escape(c)
    return out


def whole(pattern, value, any_one):
    """A whole-value match; a trailing ` *` is optional (POL-MATCH-6 / HOOK-RULE-3)."""
    options = [pattern]
    if pattern.endswith(" *") and not pattern.endswith("**"):
        options.append(pattern[:-2])
    return any(re.fullmatch(glob_regex(p, any_one), value) for p in options)


def claude_matches(entry, command):
    """Claude Code's reading of one Bash rule (HOOK-RULE-3): `*` only; `?` literal."""
    body = "" if entry == "Bash" else entry[len("Bash("):-1]
    if body in ("", "*"):
        return True
    if body.endswith(":*"):
        body = body[:-2] + " *"
    return whole(body, command, any_one=False)


def pattern_matches(pattern, command):
    """POL-MATCH-1, -3, -4, -5, -6 (no home expansion: see the module note)."""
    return whole(pattern, command, any_one=True)


def claude_state(settings, command):
    """HOOK-RULE-5 on Claude Code's own reading; no rule: ask (HOOK-POLICY-1)."""
    for state in ("deny", "ask", "allow"):
        if any(claude_matches(e, command) for e in settings.get(state, [])):
            return state
    return "ask"


def hook_state(settings, command):
    """The translated rules, ordered allow, ask, deny, the last match winning."""
    state = "ask"
    for list_state in ("allow", "ask", "deny"):
        for entry in settings.get(list_state, []):
            kind, pattern = translate(list_state, entry)
            if kind in ("exact", "widened") and pattern_matches(pattern, command):
                state = list_state
    return state


TRANSLATIONS = [
    # (list, entry, clause, why)
    ("allow", "Bash", "HOOK-RULE-3", "the bare tool name is every command"),
    ("allow", "Bash(*)", "HOOK-RULE-3", "a lone wildcard is every command"),
    ("allow", "Bash(npm run build)", "HOOK-RULE-3", "an exact command stays exact"),
    ("allow", "Bash(npm run test:*)", "HOOK-RULE-3", "the legacy :* suffix is a trailing space-star"),
    ("allow", "Bash(git diff *)", "HOOK-RULE-3", "a trailing space-star is kept: the same word boundary"),
    ("allow", "Bash(ls*)", "HOOK-RULE-3", "a star without a space matches lsof too, in both readings"),
    ("deny", "Bash(* --force*)", "HOOK-RULE-3", "stars anywhere are the same wildcard"),
    ("ask", "Bash(git push:*)", "HOOK-RULE-3", "the legacy suffix in an ask list"),
    ("allow", "Read(./src/**)", "HOOK-RULE-2", "another tool's rule gives no bash rule"),
    ("deny", "WebFetch", "HOOK-RULE-2", "another tool's bare name gives no bash rule"),
    ("deny", "Bashful(x)", "HOOK-RULE-2", "a tool whose name only starts with Bash"),
    ("allow", "Bash(npm run test", "HOOK-RULE-2", "no closing parenthesis: refused"),
    ("allow", "Bash(ls ?)", "HOOK-RULE-4", "? is literal for Claude Code, any one unit here: the allow is dropped"),
    ("deny", "Bash(rm ?)", "HOOK-RULE-4", "a deny with ? is kept: it matches more, which is stricter"),
    ("allow", "Bash(~/bin/deploy *)", "HOOK-RULE-4", "a leading ~ expands here: the allow is dropped"),
    ("deny", "Bash(~/bin/deploy *)", "HOOK-RULE-4", "a leading ~ in a deny becomes ?, which matches ~ and more"),
    ("ask", "Bash($HOME/bin/x)", "HOOK-RULE-4", "a leading $HOME in an ask: $ becomes ?"),
    ("allow", "Bash()", "HOOK-RULE-4", "the undocumented empty body: an allow is dropped"),
    ("deny", "Bash()", "HOOK-RULE-4", "the undocumented empty body: a deny is widened to every command"),
]

DECISIONS = [
    # (settings, command, clause, why)
    ({"allow": ["Bash(npm run test:*)"]}, "npm run test", "HOOK-RULE-3", "the legacy suffix matches the bare prefix"),
    ({"allow": ["Bash(npm run test:*)"]}, "npm run test -- --watch", "HOOK-RULE-3", "and the prefix followed by a space"),
    ({"allow": ["Bash(npm run test:*)"]}, "npm run testing", "HOOK-RULE-3", "but not the prefix glued to more"),
    ({"allow": ["Bash(ls *)"]}, "lsof", "HOOK-RULE-3", "a space-star is a word boundary"),
    ({"allow": ["Bash(ls*)"]}, "lsof", "HOOK-RULE-3", "a bare star is not"),
    ({"allow": ["Bash(npm run build)"]}, "npm run build", "HOOK-RULE-3", "the exact command"),
    ({"allow": ["Bash(npm run build)"]}, "npm run build --prod", "HOOK-RULE-3", "an exact rule does not match more"),
    ({"allow": ["Bash"], "deny": ["Bash(rm -rf:*)"]}, "rm -rf x", "HOOK-RULE-5", "deny wins over allow"),
    ({"allow": ["Bash"], "ask": ["Bash(git push:*)"]}, "git push origin main", "HOOK-RULE-5", "ask wins over allow"),
    ({"ask": ["Bash(git *)"], "deny": ["Bash(git push --force:*)"]}, "git push --force origin", "HOOK-RULE-5", "deny wins over ask"),
    ({"deny": ["Bash(git push --force:*)"], "allow": ["Bash(git *)"]}, "git status", "HOOK-RULE-5", "an unmatched deny leaves the allow"),
    ({"allow": ["Bash(git status)"]}, "git log", "HOOK-POLICY-1", "no rule matches: the fallback ask"),
    ({"allow": ["Bash(ls ?)"]}, "ls ?", "HOOK-RULE-4", "a dropped allow no longer allows what Claude Code would"),
    ({"deny": ["Bash(rm ?)"]}, "rm x", "HOOK-RULE-4", "a widened deny refuses more than Claude Code would"),
    ({"deny": ["Bash(~/bin/deploy *)"]}, "~/bin/deploy prod", "HOOK-RULE-4", "a widened deny still refuses what Claude Code refuses"),
    ({"allow": ["Read(./**)", "Bash(cat *)"]}, "cat README.md", "HOOK-RULE-2", "other tools' entries are skipped, Bash ones kept"),
]


def main():
    translations = []
    for n, (lst, entry, clause, why) in enumerate(TRANSLATIONS, 1):
        kind, pattern = translate(lst, entry)
        translations.append({"id": n, "list": lst, "entry": entry, "kind": kind,
                             "pattern": pattern, "clause": clause, "comment": why})
    decisions = []
    probes = ["npm run test", "npm run testing", "lsof", "ls -la", "ls", "rm x", "rm ?", "~/bin/deploy prod",
              "?/bin/deploy prod", "git push --force origin", "git status", "cat README.md", "ls ?"]
    for n, (settings, command, clause, why) in enumerate(DECISIONS, 1):
        expected = hook_state(settings, command)
        claude = claude_state(settings, command)
        # Cross-check the two readings on every entry of the case and some probes.
        for lst, entries in settings.items():
            for entry in entries:
                kind, pattern = translate(lst, entry)
                for probe in probes + [command]:
                    if kind == "exact":
                        assert claude_matches(entry, probe) == pattern_matches(pattern, probe), (entry, probe)
                    if kind == "widened" and claude_matches(entry, probe):
                        assert pattern_matches(pattern, probe), (entry, probe)
        # The hook is never looser than Claude Code's own reading.
        order = {"allow": 0, "ask": 1, "deny": 2}
        assert order[expected] >= order[claude], (settings, command, expected, claude)
        decisions.append({"id": n, "settings": {"permissions": settings}, "command": command,
                          "expected": expected, "claudeCode": claude, "clause": clause, "comment": why})
    doc = {
        "chapter": "hook-claude-rules",
        "spec": "SPEC.md chapter 14, HOOK-RULE-1 to HOOK-RULE-5, HOOK-POLICY-1",
        "generator": "spec/vectors/gen/gen_hook_rules.py (expected values from the clauses; see its docstring)",
        "translations": translations,
        "decisions": decisions,
    }
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "claude-rules.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    return len(translations) + len(decisions)


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    print("claude-rules.json: %d cases" % main())
