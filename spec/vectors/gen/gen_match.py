"""pol-match.json: wildcard pattern vs value (op `match`), SPEC.md 7.2.

Two independent sources agree on every generated expected value:
  1. construction: the value is built from the pattern by substituting known
     strings for each `*` and one code unit for each `?` (=> matched), or such a
     value is broken by one mutation whose failure follows from the pattern's
     shape (=> not matched);
  2. a tiny token matcher written from the prose rule (UTF-16 code units,
     `*` any sequence incl. newlines, `?` one code unit, optional trailing " *",
     whole value); the generator aborts if 1 and 2 ever disagree.
Hand-written cases (home expansion, trailing " *", metacharacters, code units)
carry their reasoning in the comment.
"""

from common import HOME, Vectors

# Clause ids by topic (SPEC.md 7.1/7.2).
C_LIT = ["POL-MATCH-5"]      # every other character is literal
C_STAR = ["POL-MATCH-3"]
C_QMARK = ["POL-MATCH-4"]
C_TRAIL = ["POL-MATCH-6"]
C_HOME = ["POL-MATCH-2"]
C_WHOLE = ["POL-MATCH-1"]
C_LINEAR = ["POL-MATCH-7"]


def units16(s):
    b = s.encode("utf-16-le", "surrogatepass")
    return [b[i] | (b[i + 1] << 8) for i in range(0, len(b), 2)]


def node_join_home(home, rest):
    """Node path.join(home, rest) for an absolute POSIX home: join with '/', then
    normalize ('.' and empty segments dropped, '..' pops, never above '/'),
    keeping a trailing '/' when the joined text had one; an empty rest adds nothing."""
    joined = home if rest == "" else home + "/" + rest
    trailing = joined.endswith("/") and len(joined) > 1
    out = []
    for seg in joined.split("/"):
        if seg in ("", "."):
            continue
        if seg == "..":
            if out:
                out.pop()
            continue
        out.append(seg)
    s = "/" + "/".join(out)
    if trailing and s != "/":
        s += "/"
    return s


def expand_home(pattern, home):
    if pattern in ("~", "$HOME"):
        return home
    for prefix in ("~/", "~\\", "$HOME/", "$HOME\\"):
        if pattern.startswith(prefix):
            return node_join_home(home, pattern[len(prefix):])
    return pattern


def tokens(p):
    out = []
    for ch in p:
        if ch == "*":
            out.append(("star",))
        elif ch == "?":
            out.append(("one",))
        else:
            out.extend(("lit", u) for u in units16(ch))
    return out


def seq_match(toks, vals):
    """Whole-value match of a token list against code units: next[j] says
    whether toks[i+1:] matches vals[j:]; rows are built from the last token back."""
    n = len(vals)
    nxt = [j == n for j in range(n + 1)]
    for t in reversed(toks):
        cur = [False] * (n + 1)
        for j in range(n, -1, -1):
            if t[0] == "star":
                cur[j] = nxt[j] or (j < n and cur[j + 1])
            else:
                cur[j] = j < n and (t[0] == "one" or t[1] == vals[j]) and nxt[j + 1]
        nxt = cur
    return nxt[0]


def rule_match(pattern, value, home=HOME):
    p = expand_home(pattern, home)
    v = units16(value)
    if p.endswith(" *"):
        head = p[:-2]
        return seq_match(tokens(head), v) or seq_match(tokens(head + " *"), v)
    return seq_match(tokens(p), v)


PATTERNS = [
    "git status", "git *", "rm -rf *", "*rm *-rf*", "npm run *", "*", "", "?", "??",
    "a*b", "a*b*c", "*.sh", "ls ?", "cat *secret*", "docker * --rm *",
    "echo (a|b).+[x]{2}^$\\", "a?c", "* *", " *", "x\ty *", "curl * | sh",
    "git push *", "pnpm test", "make -j? all", "a**b", "*a", "a*", "*a*", "?*?",
    "sed -i s/x/y/ *",
]
STAR_FILLS = [["x", "", "hello world"], ["\n", "a*b", "--force"], ["\u00a0", "\U0001F600", "rm -rf /"]]
ONE_FILLS = ["q", "\n", "\u00e9"]


def construct(pattern, fills, one):
    out, k = [], 0
    for ch in pattern:
        if ch == "*":
            out.append(fills[k % len(fills)])
            k += 1
        elif ch == "?":
            out.append(one)
        else:
            out.append(ch)
    return "".join(out)


def other_char(*avoid):
    for c in "Z#%@Q":
        if c not in avoid:
            return c
    raise AssertionError


def mutations(pattern, value):
    """(value, reason) pairs that provably do not match `pattern`."""
    out = []
    if value and pattern and pattern[0] not in "*?":
        out.append((other_char(pattern[0]) + value[1:], "first character changed; the pattern starts with the literal %r and matching is anchored" % pattern[0]))
    if value and pattern and pattern[-1] not in "*?" and ord(pattern[-1]) < 128:
        out.append((value[:-1] + other_char(pattern[-1]), "last character changed; the pattern ends with the literal %r and matching is anchored" % pattern[-1]))
    if "*" not in pattern:
        out.append((value + "x", "one character appended; without `*` the value must have exactly the pattern's length"))
    required = pattern[:-2] if pattern.endswith(" *") else pattern
    for lit in required:
        if lit not in "*?" and lit not in "".join(f for fs in STAR_FILLS for f in fs) + "".join(ONE_FILLS) and lit in value:
            repl = other_char(*pattern)
            out.append((value.replace(lit, repl), "every %r replaced; the pattern needs at least one literal %r" % (lit, lit)))
            break
    return out


def main():
    v = Vectors("pol-match", "Wildcard rule patterns matched against values (SPEC.md 7.2), op `match`.")
    v.note("CONSTRUCTED", "Generated by substituting known strings for each `*` and one code unit for each `?`; expected matched=true by construction.")
    v.note("MUTATED", "Generated from a CONSTRUCTED value by one change whose failure follows from the pattern's shape (stated in the comment); expected matched=false.")
    v.note("HOME_EXPANSION", "The pattern starts with `~` or `$HOME` and is expanded to the home directory with Node path.join normalization before matching.")
    v.note("CODE_UNITS", "`?` counts UTF-16 code units, so a character outside the BMP is two code units.")
    v.note("METACHARACTERS", "Regular-expression metacharacters in a pattern are literal.")
    v.note("SLOW_FOR_BACKTRACKING", "A backtracking matcher (such as the package's) needs seconds to minutes on this case; a runner may need a long timeout or a skip entry for such an implementation.")
    v.note("CONFIRMED_NPM", "Expected value also confirmed against @gotgenes/pi-permission-system@20.7.3 (wildcardMatch) in a scratch harness.")
    v.generator("construct-and-mutate", "For each pattern of PATTERNS and each fill row of STAR_FILLS/ONE_FILLS: value = pattern with the i-th `*` replaced by fills[i mod 3] and each `?` by the row's one-code-unit string => matched true; then each applicable mutation of gen_match.mutations (anchored first/last literal changed, a star-less pattern lengthened, a required literal removed everywhere) => matched false. Every expected value is cross-checked against a small token matcher written from the prose rule; the generator aborts on disagreement. All vectors of this file except the SLOW_FOR_BACKTRACKING ones were also confirmed against @gotgenes/pi-permission-system@20.7.3 (wildcardMatch, through its adapter).")
    g = v.group("match", {"home": HOME})

    def add(comment, clauses, pattern, value, matched, flags=(), home=None):
        assert rule_match(pattern, value, home or HOME) == matched, (pattern, value, matched)
        req = {"pattern": pattern, "value": value}
        if home:
            req["home"] = home
        v.add(g, comment, clauses, req, {"matched": matched}, flags)

    # --- hand-written cases -------------------------------------------------
    H = [
        ("exact literal", C_LIT, "git status", "git status", True),
        ("literal differs by one trailing space: whole-value match", C_WHOLE, "git status", "git status ", False),
        ("empty pattern matches only the empty value", C_LIT, "", "", True),
        ("empty pattern vs a value", C_LIT, "", "ls", False),
        ("`*` alone matches the empty value", C_STAR, "*", "", True),
        ("`*` spans newlines (the s flag)", C_STAR, "echo *", "echo a\nb", True),
        ("`*` spans U+2028 as well", C_STAR, "a*b", "a\u2028b", True),
        ("trailing \" *\" is optional: bare word matches", C_TRAIL, "git *", "git", True),
        ("trailing \" *\": space then anything", C_TRAIL, "git *", "git status", True),
        ("trailing \" *\": the space is literal, so `github` does not match", C_TRAIL, "git *", "github", False),
        ("trailing \" *\": word followed by a lone space matches (space + empty)", C_TRAIL, "git *", "git ", True),
        ("trailing \" *\" needs a literal space, not a tab (fail-open quirk of upstream.md 6)", C_TRAIL, "rm *", "rm\t-rf /", False),
        ("trailing \" *\" needs a literal space, not NBSP", C_TRAIL, "rm *", "rm\u00a0-rf", False),
        ("a middle \" *\" is not optional", C_STAR, "docker * --rm", "docker --rm", False),
        ("a middle \" *\" with empty star still needs both spaces", C_STAR, "docker * --rm", "docker  --rm", True),
        ("\" *\" alone: the empty value matches (whole pattern optional)", C_TRAIL, " *", "", True),
        ("\" *\" alone: `x` does not match (needs the leading space)", C_TRAIL, " *", "x", False),
        ("`* *` matches a value without any space via the optional tail", C_TRAIL, "* *", "abc", True),
        ("pattern ending in two spaces then `*`: only the last \" *\" is optional", C_TRAIL, "git  *", "git", False),
        ("pattern ending in two spaces then `*`: one space left", C_TRAIL, "git  *", "git ", True),
        ("`?` matches a newline (s flag)", C_QMARK, "a?b", "a\nb", True),
        ("`?` is exactly one code unit, not zero", C_QMARK, "a?b", "ab", False),
        ("`?` is exactly one code unit, not two", C_QMARK, "a?b", "axxb", False),
        ("`?` vs an astral character (two UTF-16 code units): no match", C_QMARK, "a?b", "a\U0001F600b", False),
        ("`??` vs an astral character: both code units consumed", C_QMARK, "a??b", "a\U0001F600b", True),
        ("`?` vs a BMP non-ASCII character: one code unit", C_QMARK, "a?b", "a\u00e9b", True),
        ("`.` is literal", C_LIT, "a.b", "axb", False),
        ("`.` is literal (positive)", C_LIT, "a.b", "a.b", True),
        ("`+` `(` `)` `|` `[` `]` `{` `}` `^` `$` `\\` are literal", C_LIT, "echo (a|b)+[x]{2}^$\\", "echo (a|b)+[x]{2}^$\\", True),
        ("regex alternation syntax does not alternate", C_LIT, "(a|b)", "a", False),
        ("character class syntax is literal", C_LIT, "[ab]", "a", False),
        ("backslash is literal and does not escape `*`", C_STAR, "a\\*", "a\\xyz", True),
        ("backslash is literal and does not escape `?`", C_QMARK, "a\\?", "a\\z", True),
        ("matching is case-sensitive", C_LIT, "git status", "GIT status", False),
        ("`**` behaves as `*`", C_STAR, "a**b", "ab", True),
        ("`a **` ends with `**`, not ` *`: nothing is optional", C_TRAIL, "a **", "a", False),
        ("`a **` still needs the space", C_TRAIL, "a **", "a ", True),
        ("whole-value: a pattern without `*` is not a prefix match", C_WHOLE, "git", "git status", False),
        ("whole-value: not a suffix match either", C_WHOLE, "status", "git status", False),
        ("`*` matches half of a surrogate pair: in `a*?` against `a` + U+1F600, `*` takes the high half and `?` the low half", C_STAR, "a*?", "a\U0001F600", True),
        ("`?*` needs at least one code unit", C_QMARK + C_STAR, "?*", "", False),
    ]
    for comment, clauses, p, val, want in H:
        flags = []
        if any(c in p for c in "+()|[]{}^$\\.") and "echo" in p or p in ("(a|b)", "[ab]", "a.b"):
            flags.append("METACHARACTERS")
        if "\ud83d" in val:
            flags.append("CODE_UNITS")
        add(comment, clauses, p, val, want, flags + ["CONFIRMED_NPM"])

    # --- home expansion (hand-written, reasoning per row) ------------------
    HOMES = [
        ("`~` alone is the home directory", "~", HOME, True),
        ("`~` alone does not match a path below home", "~", HOME + "/x", False),
        ("`$HOME` alone is the home directory", "$HOME", HOME, True),
        ("`~/x` joins home and x", "~/x", HOME + "/x", True),
        ("`~/x` does not match the literal text", "~/x", "~/x", False),
        ("`~\\x` also expands (Windows form), joined with /", "~\\x", HOME + "/x", True),
        ("`$HOME/x` joins", "$HOME/x", HOME + "/x", True),
        ("`$HOME\\x` joins", "$HOME\\x", HOME + "/x", True),
        ("`~x` is not a home form: literal", "~x", "~x", True),
        ("`$HOMEx` is not a home form: literal", "$HOMEx", "$HOMEx", True),
        ("`~` only expands at the start of the pattern", "cat ~/x", "cat ~/x", True),
        ("`~` in the middle is not expanded", "cat ~/x", "cat " + HOME + "/x", False),
        ("`..` is normalized by path.join", "~/a/../b", HOME + "/b", True),
        ("`..` normalized: the unnormalized text no longer matches", "~/a/../b", HOME + "/a/../b", False),
        ("`.` and `//` normalized", "~/./a//b", HOME + "/a/b", True),
        ("`~/` is the home directory itself (empty rest)", "~/", HOME, True),
        ("`~/..` is the parent of home", "~/..", "/home", True),
        ("`..` never climbs above /", "~/../../../../x", "/x", True),
        ("a trailing / is kept by path.join", "~/a/", HOME + "/a/", True),
        ("a trailing / is kept: no match without it", "~/a/", HOME + "/a", False),
        ("`~/*` expands then `*` is a wildcard", "~/*", HOME + "/.ssh/id_rsa", True),
        ("`~/*` does not match outside home", "~/*", "/etc/passwd", False),
        ("`~/ *` expands to home/ *, whose trailing \" *\" is optional", "~/ *", HOME + "/", True),
        ("`~/?` is one code unit after home/", "~/?", HOME + "/a", True),
    ]
    for comment, p, val, want in HOMES:
        add(comment, C_HOME, p, val, want, ["HOME_EXPANSION", "CONFIRMED_NPM"])
    # A home containing metacharacters stays literal after expansion.
    add("the home directory's `.` is literal after expansion", C_HOME + C_LIT, "~/x", "/home/uXv/x", False, ["HOME_EXPANSION", "METACHARACTERS", "CONFIRMED_NPM"], home="/home/u.v")
    add("the home directory's `.` is literal after expansion (positive)", C_HOME + C_LIT, "~/x", "/home/u.v/x", True, ["HOME_EXPANSION", "CONFIRMED_NPM"], home="/home/u.v")

    # POL-MATCH-7: a value that makes a backtracking matcher super-linear (76 s in the package).
    add("`*a*a*a*b` against 1,000 `a`s: no match (the answer is immediate for a linear matcher; the package's backtracking regex takes about 76 s)", C_STAR + C_LINEAR, "*a*a*a*b", "a" * 1000, False, ["SLOW_FOR_BACKTRACKING"])
    add("`*rm *-rf*` against 32,000 characters without a match", C_STAR + C_LINEAR, "*rm *-rf*", "rm " * 10000 + "xx", False, ["SLOW_FOR_BACKTRACKING"])

    # A home directory with a trailing slash: `~` is replaced verbatim, path.join normalizes the rest.
    add("home with a trailing slash: `~` is the home verbatim, slash included", C_HOME, "~", "/home/u/", True, ["HOME_EXPANSION"], home="/home/u/")
    add("home with a trailing slash: `~` does not match the home without it", C_HOME, "~", "/home/u", False, ["HOME_EXPANSION"], home="/home/u/")
    add("home with a trailing slash: `~/x` is joined without a double slash", C_HOME, "~/x", "/home/u/x", True, ["HOME_EXPANSION"], home="/home/u/")
    add("home with a trailing slash: `~/` keeps the trailing slash", C_HOME, "~/", "/home/u/", True, ["HOME_EXPANSION"], home="/home/u/")
    add("a home with `..` is normalized by path.join when joined", C_HOME, "~/x", "/home/x", True, ["HOME_EXPANSION"], home="/home/u/..")
    add("...but `~` alone is the home verbatim, unnormalized", C_HOME, "~", "/home/u/..", True, ["HOME_EXPANSION"], home="/home/u/..")

    # --- generated: construct and mutate -----------------------------------
    for p in PATTERNS:
        seen = set()
        for row, fills in enumerate(STAR_FILLS):
            if "*" not in p and "?" not in p and row > 0:
                break
            one = ONE_FILLS[row]
            value = construct(p, fills, one)
            if value in seen:
                continue
            seen.add(value)
            clauses = C_LIT + (C_STAR if "*" in p else []) + (C_QMARK if "?" in p else []) + (C_TRAIL if p.endswith(" *") else [])
            add("constructed: fills %r, `?`->%r" % (fills, one), clauses, p, value, True, ["CONSTRUCTED"])
            if row == 0:
                for bad, why in mutations(p, value):
                    add("mutated: " + why, clauses, p, bad, False, ["MUTATED"])
    return v.write()


if __name__ == "__main__":
    main()
