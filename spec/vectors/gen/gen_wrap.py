"""wrap.json: the wrapper grammars and handler claims (op `authorize`), SPEC.md chapter 3 and 5.

Every test is a valid prompt whose triggering unit is also the full command,
so only the grammar decides. Expected values are stated by construction (a
valid duration/separator => recognized, the inner command queried; an invalid
one => unsupported_wrapper_syntax when the unit starts with the wrapper word,
else no handler claims it) and cross-checked by authz.authorize, which spells
out the ECMAScript patterns of upstream.md 4.
"""

from common import WHITESPACE, NOT_WHITESPACE, LINE_TERMINATORS, cp, Vectors
from authz import add_case, details

C_TIMEOUT = ["WRAP-1", "WRAP-TIMEOUT-1"]   # the timeout grammar (ECMAScript meaning)
C_DUR = ["WRAP-TIMEOUT-2"]       # duration forms
C_INNER = ["WRAP-TIMEOUT-3"]     # the inner command after the blank run (backtracking)
C_TIME = ["WRAP-1", "WRAP-TIME-1"]  # the time grammar
C_TIME_LOOK = ["WRAP-TIME-2"]    # no dash, no whitespace after the separator
C_TIME_INNER = ["WRAP-TIME-3"]   # non-empty inner without line terminators
C_WORD = ["AUTH-5", "WRAP-WORD-1", "EVT-4"]  # wrapper word without grammar match -> unsupported
C_NESTED = ["AUTH-6", "WRAP-NEST-1", "EVT-4"]  # nested wrapper
C_NONTRANS = ["AUTH-12", "WRAP-NT-1"]  # env / xargs claims on the full command
C_ORDER = ["AUTH-4"]             # handler order, unclaimed -> silent defer
C_QUERY = ["AUTH-8", "AUTH-9"]   # allow/deny/ask from the re-query
C_ECMA_WS = ["ECMA-2"]
C_ECMA_DOT = ["ECMA-1", "ECMA-3"]

VALID_DURATIONS = [
    ("1", "smallest integer"), ("30", "plain seconds"), ("240", "three digits (upstream.md 4)"), ("30s", "s unit"),
    ("5m", "m unit"), ("1h", "h unit"), ("2d", "d unit"), ("1.5h", "fraction with unit (upstream.md 4)"),
    ("10.0s", "zero fraction"), ("1.25", "two-digit fraction, no unit"), ("999999999999", "large value"),
    ("7.0d", "fraction with d"), ("100", "trailing zeros are fine"), ("9.99m", "fraction digits"),
]
INVALID_DURATIONS = [
    ("0", "zero is excluded"), ("0s", "zero with unit"), ("00", "leading zero"), ("05", "leading zero"),
    ("0.5", "leading zero before the point"), ("-5", "sign"), ("+5", "sign"), ("1.", "point without digits"),
    (".5", "no integer part"), ("1.5.2", "two points"), ("5ms", "ms is not a unit"), ("5sec", "multi-letter unit"),
    ("5S", "upper-case unit"), ("5H", "upper-case unit"), ("1e3", "exponent"), ("5x", "unknown unit"),
    ("5w", "weeks are not a unit"), ("1_000", "digit separator"), ("1,5", "comma decimal"),
    ("\u0663", "Arabic-Indic digit (not [0-9])"), ("\uff15", "fullwidth digit"), ("inf", "word"),
    ("-k", "flag"), ("--preserve-status", "long flag"), ("--", "end of options"), ("-s", "signal flag"),
    ("5s5", "digits after the unit"), ("1.5hh", "doubled unit"),
]


def main():
    v = Vectors("wrap", "Wrapper grammars (timeout, time), the wrapper-word rule, nesting, and the non-transparent claims (env, xargs); op `authorize`.")
    v.note("DURATION_TABLE", "Generated from the duration table: one row per valid or invalid duration form, with the reason.")
    v.note("SEPARATOR_TABLE", "Generated from the ECMAScript whitespace / look-alike table: one character placed at one position of a wrapper unit.")
    v.note("ECMA_NOT_RUST", "The expected value depends on ECMAScript's definition of whitespace, `.` or `$`, which differs from Rust's regex defaults.")
    v.note("EXHAUSTIVE_SMALL", "Generated: every 3-character suffix over {space, tab, -, x, NBSP, U+0085, LF} after `time` and after `timeout 5`; expected from the transcribed ECMAScript grammar (authz.py).")
    v.note("BACKTRACKING", "The expected value depends on the regex giving back characters (backtracking).")
    v.generator("duration-table", "For each (duration, reason) of VALID_DURATIONS: unit = full = 'timeout <d> pnpm test', answers {'pnpm test': allow} => allow, inner_cmd.allow, one query 'pnpm test'. For each of INVALID_DURATIONS: same unit => defer, inner_cmd.unsupported_wrapper_syntax {command, wrapper:'timeout'}, no query (the unit starts with 'timeout ' but no [1-9][0-9]*(\\.[0-9]+)?[smhd]? token is followed by [ \\t]).")
    v.generator("separator-table", "For each character c of the ECMAScript whitespace list (SPEC ECMA-2) and of the look-alike list (U+0085, U+180E, U+200B-D, U+2060, U+001C, U+001F), five placements, expected by the rule stated per placement: (A) 'timeout<c>30s ls': recognized iff c in {space, tab}, else not the word => silent defer; (B) 'timeout 30s<c>ls': recognized iff c in {space, tab}, else unsupported; (D) 'time <c>ls': c in {space, tab} => recognized (inner 'ls'); other whitespace => the lookahead refuses => unsupported; not whitespace => recognized with inner '<c>ls'; (E) 'timeout 30s <c>ls': c in {space, tab} => inner 'ls'; a line terminator => unsupported; other => inner '<c>ls'; (F) 'timeout 30s ls<c>': a line terminator => unsupported (`.` and `$`), else inner 'ls<c>'. Answers {'ls': allow}, so a recognized inner 'ls' allows and any other inner asks (inner_ask).")
    v.generator("exhaustive-small", "For word in (time, timeout 5) and every 3-character suffix over SP, TAB, '-', 'x', NBSP, U+0085, LF: unit = full = word + suffix, answers {} (so any query answers ask); expected = authz.authorize, i.e. the grammars of upstream.md 4 with `.`, `\\s` and `$` spelled as their ECMAScript sets, tried in the order of AUTH-4.")
    g = v.group("authorize")

    for d, why in VALID_DURATIONS:
        unit = "timeout %s pnpm test" % d
        add_case(v, g, "valid duration %r: %s" % (d, why), C_TIMEOUT + C_DUR + C_QUERY, details(unit), {"pnpm test": "allow"}, "allow", "allow", "pnpm test", flags=["DURATION_TABLE"])
    for d, why in INVALID_DURATIONS:
        unit = "timeout %s pnpm test" % d
        add_case(v, g, "invalid duration %r: %s" % (d, why), C_DUR + C_WORD, details(unit), {"pnpm test": "allow"}, "defer", "unsupported_wrapper_syntax", None, flags=["DURATION_TABLE"])

    ans = {"ls": "allow"}
    for c in WHITESPACE + NOT_WHITESPACE:
        tab_or_space = c in " \t"
        ws = c in WHITESPACE
        lt = c in LINE_TERMINATORS
        name = cp(c)
        clauses_ws = C_ECMA_WS if ws or c == "\u0085" else []
        flags = ["SEPARATOR_TABLE"] + (["ECMA_NOT_RUST"] if c in ("\u0085", "\ufeff", "\r", "\u2028", "\u2029", "\u000b", "\u000c") else [])
        # (A) between the word and the duration
        unit = "timeout%s30s ls" % c
        if tab_or_space:
            add_case(v, g, "(A) %s between `timeout` and the duration: [ \\t]+ accepts it" % name, C_TIMEOUT, details(unit), ans, "allow", "allow", "ls", flags=flags)
        else:
            add_case(v, g, "(A) %s between `timeout` and the duration: not [ \\t], and not the word `timeout` followed by [ \\t] or end => no handler claims it" % name, C_TIMEOUT + C_ORDER + clauses_ws, details(unit), ans, "defer", None, None, flags=flags)
        # (B) between the duration and the inner command
        unit = "timeout 30s%sls" % c
        if tab_or_space:
            add_case(v, g, "(B) %s between the duration and the command: accepted" % name, C_TIMEOUT, details(unit), ans, "allow", "allow", "ls", flags=flags)
        else:
            add_case(v, g, "(B) %s between the duration and the command: not [ \\t] => unsupported" % name, C_TIMEOUT + C_WORD + clauses_ws, details(unit), ans, "defer", "unsupported_wrapper_syntax", None, flags=flags)
        # (D) right after `time `
        unit = "time %sls" % c
        if tab_or_space:
            add_case(v, g, "(D) %s after `time `: [ \\t]+ takes it, the lookahead sees `l`" % name, C_TIME + C_TIME_LOOK, details(unit), ans, "allow", "allow", "ls", flags=flags + ["BACKTRACKING"])
        elif ws:
            add_case(v, g, "(D) %s after `time `: \\s, the lookahead refuses; backtracking cannot help => unsupported" % name, C_TIME_LOOK + C_WORD + C_ECMA_WS, details(unit), ans, "defer", "unsupported_wrapper_syntax", None, flags=flags + ["BACKTRACKING"])
        else:
            add_case(v, g, "(D) %s after `time `: not ECMAScript \\s, so it starts the inner command (queried as is, answered ask)" % name, C_TIME + C_TIME_LOOK + C_ECMA_WS, details(unit), ans, "defer", "inner_ask", c + "ls", flags=flags)
        # (E) after `timeout 30s `: no lookahead in the timeout grammar
        unit = "timeout 30s %sls" % c
        if tab_or_space:
            add_case(v, g, "(E) %s after `timeout 30s `: [ \\t]+ takes it" % name, C_TIMEOUT + C_INNER, details(unit), ans, "allow", "allow", "ls", flags=flags)
        elif lt:
            add_case(v, g, "(E) %s after `timeout 30s `: a line terminator, `.` cannot match it => unsupported" % name, C_TIMEOUT + C_INNER + C_WORD + C_ECMA_DOT, details(unit), ans, "defer", "unsupported_wrapper_syntax", None, flags=flags)
        else:
            add_case(v, g, "(E) %s after `timeout 30s `: `.` matches it, so the inner command starts with it (queried, answered ask)" % name, C_TIMEOUT + C_INNER + C_ECMA_DOT, details(unit), ans, "defer", "inner_ask", c + "ls", flags=flags)
        # (F) at the end of the unit
        unit = "timeout 30s ls%s" % c
        if lt:
            add_case(v, g, "(F) trailing %s: a line terminator ends neither `.` nor `$` => unsupported" % name, C_TIMEOUT + C_INNER + C_WORD + C_ECMA_DOT, details(unit), ans, "defer", "unsupported_wrapper_syntax", None, flags=flags)
        else:
            add_case(v, g, "(F) trailing %s: part of the inner command (queried, answered ask)" % name, C_TIMEOUT + C_INNER + C_ECMA_DOT, details(unit), ans, "defer", "inner_ask", "ls" + c, flags=flags)

    # --- hand-written forms -------------------------------------------------
    HAND = [
        # (comment, clauses, unit, answers, verdict, event, queried, flags)
        ("ADR 0009: bare `time <command>` is recognized", C_TIME + C_QUERY, "time pnpm build", {"pnpm build": "allow"}, "allow", "allow", "pnpm build", []),
        ("`time` with a tab", C_TIME, "time\tpnpm build", {"pnpm build": "allow"}, "allow", "allow", "pnpm build", []),
        ("ADR 0009: `time -p` is not recognized", C_TIME_LOOK + C_WORD, "time -p ls", {"ls": "allow"}, "defer", "unsupported_wrapper_syntax", None, []),
        ("ADR 0009: `time --` is not recognized", C_TIME_LOOK + C_WORD, "time -- ls", {"ls": "allow"}, "defer", "unsupported_wrapper_syntax", None, []),
        ("ADR 0009: `time -o FILE` is not recognized", C_TIME_LOOK + C_WORD, "time -o out ls", {"ls": "allow"}, "defer", "unsupported_wrapper_syntax", None, []),
        ("ADR 0009: bare `time` times the shell; the word alone is unsupported", C_TIME_INNER + C_WORD, "time", {}, "defer", "unsupported_wrapper_syntax", None, []),
        ("`time ` with only a trailing space: nothing for (.+)", C_TIME_INNER + C_WORD, "time ", {}, "defer", "unsupported_wrapper_syntax", None, []),
        ("ADR 0009: `/usr/bin/time` is claimed by no handler", C_ORDER, "/usr/bin/time ls", {"ls": "allow"}, "defer", None, None, []),
        ("`times` is not the word `time`", C_ORDER, "times ls", {"ls": "allow"}, "defer", None, None, []),
        ("`TIME` is not the word (case-sensitive)", C_ORDER, "TIME ls", {"ls": "allow"}, "defer", None, None, []),
        ("`timeout30s ls`: no separator, not the word", C_ORDER, "timeout30s ls", {"ls": "allow"}, "defer", None, None, []),
        ("bare `timeout`: the word alone is unsupported", C_WORD, "timeout", {}, "defer", "unsupported_wrapper_syntax", None, []),
        ("`timeout 30s` without a command", C_WORD, "timeout 30s", {}, "defer", "unsupported_wrapper_syntax", None, []),
        ("`timeout 30s ` one trailing space: [ \\t]+ takes it, (.+) gets nothing", C_INNER + C_WORD, "timeout 30s ", {}, "defer", "unsupported_wrapper_syntax", None, ["BACKTRACKING"]),
        ("`timeout 30s   `: [ \\t]+ gives a space back, inner = one space (upstream.md 4); the de-wrapped command is that space", C_TIMEOUT + C_INNER, "timeout 30s   ", {" ": "allow"}, "allow", "allow", " ", ["BACKTRACKING"]),
        ("`timeout 5 s ls`: duration 5, inner `s ls`", C_TIMEOUT + C_DUR, "timeout 5 s ls", {"s ls": "allow"}, "allow", "allow", "s ls", []),
        ("`timeout -k 5 10 ls`: flags are not supported", C_DUR + C_WORD, "timeout -k 5 10 ls", {"ls": "allow"}, "defer", "unsupported_wrapper_syntax", None, []),
        ("the inner command is taken verbatim, quotes and all", C_TIMEOUT, "timeout 10 sh -c 'echo hi'", {"sh -c 'echo hi'": "allow"}, "allow", "allow", "sh -c 'echo hi'", []),
        ("a deny from the re-query denies", C_TIMEOUT + C_QUERY, "timeout 10 rm -rf /", {"rm -rf /": "deny"}, "deny", "deny", "rm -rf /", []),
        ("ask from the re-query defers", C_TIMEOUT + C_QUERY, "timeout 10 make", {"make": "ask"}, "defer", "inner_ask", "make", []),
        # nesting (ADR 0009: either grammar, strict form)
        ("time inside time: nested", C_NESTED, "time time ls", {"ls": "allow"}, "defer", "nested_wrapper", None, []),
        ("timeout inside time: nested", C_NESTED, "time timeout 5 ls", {"ls": "allow"}, "defer", "nested_wrapper", None, []),
        ("time inside timeout: nested", C_NESTED, "timeout 5 time ls", {"ls": "allow"}, "defer", "nested_wrapper", None, []),
        ("timeout inside timeout: nested", C_NESTED, "timeout 5 timeout 6 ls", {"ls": "allow"}, "defer", "nested_wrapper", None, []),
        ("an inner `timeout ls` is not a recognized wrapper (no duration): not nested, queried", C_NESTED + C_QUERY, "time timeout ls", {"timeout ls": "allow"}, "allow", "allow", "timeout ls", []),
        ("an inner `time -p ls` is not recognized (strict form): queried as is", C_NESTED, "timeout 5 time -p ls", {"time -p ls": "ask"}, "defer", "inner_ask", "time -p ls", []),
        ("an inner bare `time` is not recognized: queried", C_NESTED, "time time", {}, "defer", "inner_ask", "time", []),
        ("an inner `env` is not a transparent wrapper: queried (the policy floors env itself)", C_NESTED, "timeout 5 env ls", {"env ls": "ask"}, "defer", "inner_ask", "env ls", []),
        # non-transparent claims (ADR 0002, 0003)
        ("env defers with an event", C_NONTRANS, "env FOO=1 ls", {"ls": "allow"}, "defer", "env_non_transparent", None, []),
        ("bare env", C_NONTRANS, "env", {}, "defer", "env_non_transparent", None, []),
        ("env with a tab", C_NONTRANS, "env\tls", {}, "defer", "env_non_transparent", None, []),
        ("`envx` is not env", C_ORDER, "envx ls", {}, "defer", None, None, []),
        ("env followed by NBSP is not the word env", C_NONTRANS + C_ECMA_WS, "env\u00a0ls", {}, "defer", None, None, []),
        ("ADR 0003: xargs defers with an event", C_NONTRANS, "xargs rm", {"rm": "allow"}, "defer", "xargs_non_transparent", None, []),
        ("bare xargs", C_NONTRANS, "xargs", {}, "defer", "xargs_non_transparent", None, []),
        ("`xargsx` is not xargs", C_ORDER, "xargsx rm", {}, "defer", None, None, []),
        ("an unrelated command: no handler, silent defer", C_ORDER, "ls -la", {"ls -la": "allow"}, "defer", None, None, []),
        ("sudo is not handled by the authorizer: silent defer", C_ORDER, "sudo ls", {"ls": "allow"}, "defer", None, None, []),
        ("nice is not handled: silent defer", C_ORDER, "nice ls", {"ls": "allow"}, "defer", None, None, []),
        # examples stated in SPEC.md chapter 3
        ("WRAP-TIMEOUT-1: blank runs of spaces and tabs on both sides of the duration; trailing blanks stay in the inner command", C_TIMEOUT + C_INNER, "timeout\t \t10\t\t x  y ", {"x  y ": "allow"}, "allow", "allow", "x  y ", []),
        ("WRAP-TIMEOUT-1: a leading space is not the word", C_TIMEOUT + C_ORDER, " timeout 5 x", {}, "defer", None, None, []),
        ("WRAP-TIMEOUT-2: `10.25d`", C_DUR, "timeout 10.25d x", {"x": "deny"}, "deny", "deny", "x", []),
        ("WRAP-TIMEOUT-2: `10ms` is not a duration", C_DUR + C_WORD, "timeout 10ms x", {}, "defer", "unsupported_wrapper_syntax", None, []),
        ("WRAP-TIMEOUT-3: `timeout 30s` + space + tab: the run gives back the tab, which is the inner command", C_INNER, "timeout 30s \t", {"\t": "ask"}, "defer", "inner_ask", "\t", ["BACKTRACKING"]),
        ("WRAP-TIMEOUT-3: a line terminator after the blank run cannot be given back", C_INNER + C_WORD, "timeout 5  \n", {}, "defer", "unsupported_wrapper_syntax", None, ["BACKTRACKING"]),
        ("WRAP-TIMEOUT-3: a newline inside the inner command: no match", C_INNER + C_WORD, "timeout 5 a\nb", {}, "defer", "unsupported_wrapper_syntax", None, []),
        ("WRAP-TIMEOUT-3: U+0085 inside the inner command is a `.`", C_INNER + C_ECMA_DOT, "timeout 5 a\u0085b", {"a\u0085b": "allow"}, "allow", "allow", "a\u0085b", ["ECMA_NOT_RUST"]),
        ("WRAP-TIME-1: blanks after the word are all consumed, trailing blanks stay", C_TIME, "time \t  make  ", {"make  ": "allow"}, "allow", "allow", "make  ", []),
        ("WRAP-TIME-2: many spaces then a dash: the lookahead still sees `-`", C_TIME_LOOK + C_WORD, "time   -p ls", {}, "defer", "unsupported_wrapper_syntax", None, ["BACKTRACKING"]),
        ("WRAP-TIME-2: `time ls -la`: a dash later is fine", C_TIME_LOOK, "time ls -la", {"ls -la": "allow"}, "allow", "allow", "ls -la", []),
        ("WRAP-TIME-3: a trailing CR is a line terminator", C_TIME_INNER + C_WORD, "time ls\r", {}, "defer", "unsupported_wrapper_syntax", None, []),
        ("WRAP-TIME-3: `time` followed by blanks only", C_TIME_INNER + C_WORD, "time \t ", {}, "defer", "unsupported_wrapper_syntax", None, []),
        ("WRAP-WORD-1: `timeout` + newline is not the word (only space, tab or the end)", ["WRAP-WORD-1"] + C_ORDER, "timeout\nx", {}, "defer", None, None, []),
        ("WRAP-WORD-1: `timeouts` is not the word", ["WRAP-WORD-1"] + C_ORDER, "timeouts", {}, "defer", None, None, []),
        ("WRAP-NEST-1: `timeout -k 1 2 x` inside time is not a recognized wrapper: queried", ["WRAP-NEST-1"] + C_QUERY, "time timeout -k 1 2 x", {"timeout -k 1 2 x": "allow"}, "allow", "allow", "timeout -k 1 2 x", []),
        ("WRAP-NT-1: env after && is not at the start: not claimed", C_NONTRANS + C_ORDER, "cd x && env FOO=1 make", {}, "defer", None, None, []),
    ]
    for comment, clauses, unit, answers, verdict, event, queried, flags in HAND:
        add_case(v, g, comment, clauses, details(unit), answers, verdict, event, queried, flags=flags)

    # Exhaustive small-alphabet enumeration around the class boundaries. Expected
    # values come from the ECMAScript patterns as transcribed in authz.py (the
    # grammar rule, not construction); the comment names the unit's characters.
    from itertools import product
    from authz import authorize, SESSION
    alphabet = [" ", "\t", "-", "x", "\u00a0", "\u0085", "\n"]
    names = {" ": "SP", "\t": "TAB", "-": "-", "x": "x", "\u00a0": "NBSP", "\u0085": "NEL", "\n": "LF"}
    for word, stem in (("time", "time"), ("timeout", "timeout 5")):
        for chars in product(alphabet, repeat=3):
            unit = stem + "".join(chars)
            exp = authorize(details(unit), SESSION, {})
            ev = exp["events"][0]["event"] if exp["events"] else "no event"
            add_case(v, g, "exhaustive: %r + %s => %s" % (stem, " ".join(names[c] for c in chars), ev),
                     (C_TIME + C_TIME_LOOK + C_TIME_INNER if word == "time" else C_TIMEOUT + C_INNER) + C_WORD + ["ECMA-1", "ECMA-2", "ECMA-3"],
                     details(unit), {}, exp["verdict"], ev[len("inner_cmd."):] if exp["events"] else None,
                     exp["queries"][0]["value"] if exp["queries"] else None, flags=["EXHAUSTIVE_SMALL"])
    return v.write()


if __name__ == "__main__":
    main()
