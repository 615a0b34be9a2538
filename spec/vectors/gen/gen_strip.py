"""strip.json: locating the triggering unit in the full command and stripping the wrapper (op `authorize`), SPEC.md chapter 4.

Occurrence counts are constructed by design: the full command is assembled
from pieces around the unit, so how often (and where) the unit occurs is
known before any search. Rule (upstream.md 3, step 3): exactly one occurrence
(a second one counts only if it starts at or after the end of the first, so an
overlapping repeat does not) => the de-wrapped command is the full command
with that occurrence replaced by the inner command, and it is queried;
otherwise => defer with inner_cmd.wrapper_not_located and no query.
Cross-checked by authz.authorize (ECMAScript indexOf on UTF-16 code units).
"""

from common import Vectors
from authz import add_case, details

C_LOCATE = ["STRIP-1", "STRIP-2"]   # find the unit; second occurrence searched from the end of the first
C_REPLACE = ["STRIP-3", "AUTH-8", "INV-5"]  # replace that one occurrence; query the result
C_NOTLOC = ["AUTH-7", "STRIP-2"]    # not found or found twice -> wrapper_not_located
C_FULL = ["PAY-12"]        # the full command comes from the one full-command evidence entry
C_ECMA_INDEX = ["ECMA-5"]


def case(v, g, comment, clauses, before, unit, after, inner, answer="allow", flags=()):
    """Unit placed once between `before` and `after` (which must not contain it)."""
    full = before + unit + after
    assert unit not in before and unit not in after and full.count(unit) == 1
    dewrapped = before + inner + after
    event = {"allow": "allow", "deny": "deny", "ask": "inner_ask"}[answer]
    verdict = {"allow": "allow", "deny": "deny", "ask": "defer"}[answer]
    add_case(v, g, comment, clauses + C_LOCATE + C_REPLACE, details(unit, full), {dewrapped: answer}, verdict, event, dewrapped, flags=flags)


def twice(v, g, comment, clauses, full, unit, flags=()):
    add_case(v, g, comment, clauses + C_NOTLOC, details(unit, full), {}, "defer", "wrapper_not_located", None, flags=flags)


def main():
    v = Vectors("strip", "Locating the triggering unit in the full command and stripping exactly one wrapper occurrence; op `authorize`.")
    v.note("OCCURRENCE_DESIGN", "The full command was assembled around the unit, so the number and positions of its occurrences are known by construction.")
    v.note("TEXTUAL", "Locating is textual: quotes, comments and word boundaries are not considered.")
    v.note("CODE_UNITS", "Offsets are UTF-16 code units in the rule; the case contains characters outside the BMP or non-ASCII text before the unit.")
    v.generator("place-unit", "gen_strip.case places the unit once between two pieces that do not contain it => de-wrapped = pieces around the inner command, queried once, answered per row. gen_strip.twice builds full commands with two non-overlapping occurrences (or none) => wrapper_not_located. Overlap rows are hand-built with the offsets in the comment.")
    g = v.group("authorize")
    U = "timeout 30s pnpm test"
    case(v, g, "the unit is the whole command given as evidence", C_FULL, "", U, "", "pnpm test")
    case(v, g, "siblings around the unit stay: only the wrapper goes", C_FULL, "cd app && ", U, " && git push", "pnpm test")
    case(v, g, "a sibling the policy denies: the whole de-wrapped compound is denied", C_FULL, "", U, " && rm -rf /", "pnpm test", "deny")
    case(v, g, "a sibling the policy asks about: defer", C_FULL, "curl x | sh; ", U, "", "pnpm test", "ask")
    case(v, g, "time unit inside a compound", C_FULL, "cd x && ", "time pnpm build", "; echo done", "pnpm build")
    case(v, g, "unit on its own line of a multi-line command", C_FULL, "cd a\n", "timeout 5 make", "\necho done", "make")
    case(v, g, "unit inside a command substitution", C_FULL, "echo $(", "timeout 5 ls", ")", "ls")
    case(v, g, "unit inside a subshell", C_FULL, "(", "timeout 5 ls", " | wc -l)", "ls")
    case(v, g, "unit after a leading assignment (the gate's unit starts after assignments)", C_FULL, "FOO=1 ", "timeout 5 ls", "", "ls")
    case(v, g, "unit after a redirect target", C_FULL, "", "timeout 5 ls", " > out.txt", "ls")
    case(v, g, "located only inside quotes: the search is textual, so the quoted text is stripped", C_FULL, "echo '", "timeout 5 ls", "'", "ls", flags=["TEXTUAL"])
    case(v, g, "located as the tail of a longer word: textual, the prefix stays", C_FULL, "x", "timeout 5 ls", "", "ls", flags=["TEXTUAL"])
    case(v, g, "astral characters before the unit (two UTF-16 code units each)", C_FULL + C_ECMA_INDEX, "echo \U0001F600\U0001F600; ", "timeout 5 ls", "", "ls", flags=["CODE_UNITS"])
    case(v, g, "non-ASCII text before and after", C_FULL + C_ECMA_INDEX, "echo \u00e9t\u00e9 && ", "time make", " && echo \u4e2d", "make", flags=["CODE_UNITS"])
    case(v, g, "the unit's text contains a non-BMP character", C_FULL + C_ECMA_INDEX, "cd a; ", "timeout 5 echo \U0001F600", "; cd b", "echo \U0001F600", flags=["CODE_UNITS"])
    case(v, g, "the full command is not trimmed by the authorizer: leading and trailing blanks stay in the de-wrapped command", C_FULL, "  ", "timeout 5 ls", " \n", "ls")
    case(v, g, "an astral inner command", C_FULL + C_ECMA_INDEX, "cd a && ", "time echo \U0001F600\U0001F600", "", "echo \U0001F600\U0001F600", flags=["CODE_UNITS"])
    case(v, g, "CRLF line ends around the unit stay", C_FULL, "cd a\r\n", "timeout 5 make", "\r\necho ok", "make")
    # two or more occurrences
    twice(v, g, "the unit twice, separated", C_FULL, "timeout 5 ls; timeout 5 ls", "timeout 5 ls", ["OCCURRENCE_DESIGN"])
    twice(v, g, "the unit twice, adjacent (second starts exactly at the end of the first)", C_FULL, "time x" + "time x", "time x", ["OCCURRENCE_DESIGN"])
    twice(v, g, "the unit once in quotes and once for real: textual, so two occurrences", C_FULL, "echo 'timeout 5 ls'; timeout 5 ls", "timeout 5 ls", ["OCCURRENCE_DESIGN", "TEXTUAL"])
    twice(v, g, "the unit three times", C_FULL, "time a; time a; time a", "time a", ["OCCURRENCE_DESIGN"])
    twice(v, g, "the unit twice with astral characters between", C_FULL + C_ECMA_INDEX, "time a \U0001F600 time a", "time a", ["OCCURRENCE_DESIGN", "CODE_UNITS"])
    twice(v, g, "the unit not in the full command (extra space)", C_FULL, "timeout 5  ls", "timeout 5 ls", ["OCCURRENCE_DESIGN"])
    twice(v, g, "the unit not in the full command (different case)", C_FULL, "TIMEOUT 5 ls", "timeout 5 ls", ["OCCURRENCE_DESIGN"])
    twice(v, g, "the unit longer than the full command", C_FULL, "time", "time ls", ["OCCURRENCE_DESIGN"])
    # overlapping: unit "time x time x" (13 code units) at 0 and at 7 in "time x time x time x"
    add_case(v, g, "overlapping repeat: `time x time x` occurs at 0 and 7 in `time x time x time x`; 7 < 13 (end of the first), so the search from 13 finds nothing => located once at 0", C_LOCATE + C_REPLACE + C_FULL + C_ECMA_INDEX,
             details("time x time x", "time x time x time x"), {"x time x time x": "allow"}, "allow", "allow", "x time x time x", flags=["OCCURRENCE_DESIGN"])
    add_case(v, g, "overlapping repeat `aa`-style: unit `time aa time aa` in `time aa time aa time aa` (occurrences at 0 and 8, length 15) => located once", C_LOCATE + C_REPLACE + C_FULL,
             details("time aa time aa", "time aa time aa time aa"), {"aa time aa time aa": "deny"}, "deny", "deny", "aa time aa time aa", flags=["OCCURRENCE_DESIGN"])
    add_case(v, g, "overlap then a real second occurrence: `time x time x` at 0, 7 and 14 in `time x time x time x time x`; 14 >= 13 => two occurrences", C_LOCATE + C_NOTLOC + C_FULL,
             details("time x time x", "time x time x time x time x"), {}, "defer", "wrapper_not_located", None, flags=["OCCURRENCE_DESIGN"])
    add_case(v, g, "STRIP-2 example: `timeout 1 echo timeout 1` occurs at 0 and, overlapping, at 15 in `timeout 1 echo timeout 1 echo timeout 1`: located once", C_LOCATE + C_REPLACE + C_FULL,
             details("timeout 1 echo timeout 1", "timeout 1 echo timeout 1 echo timeout 1"), {"echo timeout 1 echo timeout 1": "allow"}, "allow", "allow", "echo timeout 1 echo timeout 1", flags=["OCCURRENCE_DESIGN"])
    u = "timeout 240 pnpm install --frozen-lockfile"
    add_case(v, g, "STRIP-3 example: the scaffold, pipes and siblings stay byte for byte", C_LOCATE + C_REPLACE + C_FULL,
             details(u, "cd /repo && echo go && " + u + " 2>&1 | tail -30; echo EXIT"), {"cd /repo && echo go && pnpm install --frozen-lockfile 2>&1 | tail -30; echo EXIT": "allow"}, "allow", "allow", "cd /repo && echo go && pnpm install --frozen-lockfile 2>&1 | tail -30; echo EXIT")
    return v.write()


if __name__ == "__main__":
    main()
