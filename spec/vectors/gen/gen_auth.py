"""auth.json: the decision procedure end to end — handler order, the single
re-query, its answers, and the events (op `authorize`), SPEC.md chapters 5-6.

Hand-written: each case states the verdict, the event name and the queried
value from upstream.md 3 (and ADRs 0009, 0003), with the reasoning in its
comment; authz.authorize cross-checks them and supplies the exact event
details. A query answered "throw" fails, which defers with inner_cmd.exception
(the error text is implementation-defined: latitude exception-message).
"""

from common import Vectors
from authz import add_case, details

C_ORDER = ["AUTH-4"]      # handler order; transparent handlers look at the unit, non-transparent at the full command
C_NONTRANS = ["AUTH-12", "WRAP-NT-1"]
C_WORD = ["AUTH-5"]
C_NESTED = ["AUTH-6", "INV-4"]
C_QUERY_ONCE = ["AUTH-8", "VERDICT-3", "INV-1", "INV-5"]  # one query: surface bash, the de-wrapped full command, the agent
C_ANSWER = ["AUTH-9", "INV-2", "INV-3", "INV-6"]  # allow -> allow, deny -> deny, ask -> defer
C_EXC = ["AUTH-10"]       # a failing query -> defer + exception keeping what was derived
C_EVT = ["EVT-1", "EVT-2", "EVT-3", "EVT-4"]  # event shape, levels and detail fields
C_VERDICT = ["VERDICT-2"]


def main():
    v = Vectors("auth", "The decision procedure end to end: handler order, the one re-query and its answers, the events; op `authorize`.")
    v.note("QUERY_FAILS", "The answers table makes the policy query fail (\"throw\").")
    v.note("POLICY_QUERY", "The permission query is a policy (rules or a policy object, with home) instead of an answers table: the re-query is its advisory check; the expected answer was derived with gen_check.derive from hand-listed units of the de-wrapped command.")
    v.note("UNIT_NOT_FULL", "The triggering unit differs from the full command (a full-command evidence entry is given).")
    v.generator("hand-derived", "No generated tests; every expected verdict, event name and queried value is stated in the case from upstream.md 3 and cross-checked by authz.authorize.")
    g = v.group("authorize")
    T = "timeout 30s pnpm test"

    def a(comment, clauses, unit, full, answers, verdict, event, queried, flags=(), **over):
        d = details(unit, full, **over)
        fl = list(flags) + (["UNIT_NOT_FULL"] if full is not None and full != unit else [])
        add_case(v, g, comment, clauses, d, answers, verdict, event, queried, flags=fl)

    # answers of the re-query
    a("allow => allow, review event inner_cmd.allow with requestId, full command and inner command", C_ANSWER + C_EVT + C_QUERY_ONCE, T, None, {"pnpm test": "allow"}, "allow", "allow", "pnpm test")
    a("deny => deny, review event inner_cmd.deny", C_ANSWER + C_EVT, T, None, {"pnpm test": "deny"}, "deny", "deny", "pnpm test")
    a("ask => defer, debug event inner_cmd.inner_ask", C_ANSWER + C_EVT, T, None, {"pnpm test": "ask"}, "defer", "inner_ask", "pnpm test")
    a("a value the answers table does not list answers ask => defer", C_ANSWER, T, None, {"something else": "allow"}, "defer", "inner_ask", "pnpm test")
    a("the query is about the de-wrapped FULL command, not the inner command alone: the inner is allowed but the compound is not listed", C_QUERY_ONCE + C_ANSWER, T, "cd app && " + T, {"pnpm test": "allow"}, "defer", "inner_ask", "cd app && pnpm test")
    a("the de-wrapped full command allowed", C_QUERY_ONCE + C_ANSWER, T, "cd app && " + T, {"cd app && pnpm test": "allow"}, "allow", "allow", "cd app && pnpm test")
    a("events carry the FULL command (not the unit) and the inner command", C_EVT, T, "cd app && " + T, {"cd app && pnpm test": "deny"}, "deny", "deny", "cd app && pnpm test")
    a("the agent name is forwarded to the query", C_QUERY_ONCE, T, None, {"pnpm test": "allow"}, "allow", "allow", "pnpm test", agentName="reviewer")
    a("a null agent name is queried as no agent", C_QUERY_ONCE, T, None, {"pnpm test": "allow"}, "allow", "allow", "pnpm test", agentName=None)
    a("the requestId is echoed in the review event", C_EVT, T, None, {"pnpm test": "allow"}, "allow", "allow", "pnpm test", requestId="7f3a-\u00e9")
    a("time: allow", C_ANSWER, "time pnpm build", None, {"pnpm build": "allow"}, "allow", "allow", "pnpm build")
    a("time: deny", C_ANSWER, "time rm -rf /", None, {"rm -rf /": "deny"}, "deny", "deny", "rm -rf /")
    a("time: ask", C_ANSWER, "time make", None, {"make": "ask"}, "defer", "inner_ask", "make")
    # failing query
    a("the query fails => defer, inner_cmd.exception with the full and inner command", C_EXC + C_VERDICT, T, None, {"pnpm test": "throw"}, "defer", "exception", "pnpm test", ["QUERY_FAILS"])
    a("the query fails inside a compound: the exception keeps the full command", C_EXC, "time make", "cd a && time make", {"cd a && make": "throw"}, "defer", "exception", "cd a && make", ["QUERY_FAILS"])
    # handler order and what each handler looks at
    a("transparent handlers look at the unit: a timeout unit inside an env-leading full command is unwrapped (timeout is tried before env)", C_ORDER, "timeout 5 ls", "env A=1 true; timeout 5 ls", {"env A=1 true; ls": "ask"}, "defer", "inner_ask", "env A=1 true; ls")
    a("time is tried before xargs as well", C_ORDER, "time ls", "xargs echo; time ls", {"xargs echo; ls": "deny"}, "deny", "deny", "xargs echo; ls")
    a("env looks at the FULL command: unit `ls`, full `env ls` => env_non_transparent", C_ORDER + C_NONTRANS, "ls", "env ls", {}, "defer", "env_non_transparent", None)
    a("xargs mid-pipeline: the full command does not start with xargs => silent defer (ADR 0003)", C_ORDER + C_NONTRANS, "xargs rm", "find . | xargs rm", {}, "defer", None, None)
    a("xargs leading the full command while the unit is another command => xargs_non_transparent", C_NONTRANS, "rm x", "xargs echo; rm x", {}, "defer", "xargs_non_transparent", None)
    a("an env unit inside a full command that does not start with env: no claim", C_ORDER, "env ls", "cd a; env ls", {}, "defer", None, None)
    a("unsupported syntax reports the FULL command and the wrapper", C_WORD + C_EVT, "timeout -k 1 10 ls", "cd a && timeout -k 1 10 ls", {}, "defer", "unsupported_wrapper_syntax", None)
    a("unsupported time syntax reports wrapper time", C_WORD + C_EVT, "time -p ls", "cd a; time -p ls", {}, "defer", "unsupported_wrapper_syntax", None)
    a("nested wrapper reports the full command, the inner command and the outer wrapper; no query", C_NESTED + C_EVT, "time timeout 5 ls", "cd a && time timeout 5 ls", {"cd a && timeout 5 ls": "allow"}, "defer", "nested_wrapper", None)
    a("nested is checked before locating: a nested unit that also occurs twice reports nested_wrapper", C_NESTED + C_ORDER, "timeout 5 time ls", "timeout 5 time ls; timeout 5 time ls", {}, "defer", "nested_wrapper", None)
    a("unsupported is checked before locating", C_WORD + C_ORDER, "time -p ls", "time -p ls; time -p ls", {}, "defer", "unsupported_wrapper_syntax", None)
    a("a unit that is not a wrapper with a full command that is not claimed: silent defer", C_ORDER, "git push", "git add . && git push", {"git add . && git push": "allow"}, "defer", None, None)
    a("the unit decides the handler even if the full command starts with another wrapper", C_ORDER, "ls", "timeout 5 ls", {"ls": "allow"}, "defer", None, None)
    # PROTO-10: the permission query can be a policy (rules/policy + home): the
    # re-query is then the advisory check of the de-wrapped command (PIPE-6).
    from common import HOME
    from gen_check import derive, U, R
    import authz
    pg = v.group("authorize", {"home": HOME, "session": authz.SESSION})
    ROWS = [
        ("rules as the query: the inner command is allowed by `pnpm *`", R(("pnpm *", "allow"),), "timeout 30s pnpm test", None, [U("pnpm test")], "allow"),
        ("rules as the query: a sibling the rules deny makes the de-wrapped compound deny", R(("*", "allow"), ("rm *", "deny")), "time make", "time make && rm -rf x", [U("make"), U("rm -rf x")], "deny"),
        ("rules as the query: the default ask (no rule) defers", R(("ls", "allow"),), "time make", None, [U("make")], "defer"),
        ("rules as the query: the advisory check floors an inner sudo", R(("*", "allow"),), "timeout 5 sudo ls", None, [U("sudo ls", None, "indirection")], "defer"),
        ("rules as the query: the advisory check does not trim, the match value is trimmed (U+3000 inner start)", R(("ls", "allow"),), "timeout 5 \u3000ls", None, [U("\u3000ls")], "allow"),
        ("rules as the query: only patterns expand `~`; the command's `~/bin/x` is literal, so `~/bin/*` does not match it", R(("~/bin/*", "allow"),), "time ~/bin/x", None, [U("~/bin/x")], "defer"),
        ("rules as the query: the expanded pattern matches the spelled-out path", R(("~/bin/*", "allow"),), "time /home/u/bin/x", None, [U("/home/u/bin/x")], "allow"),
    ]
    for comment, rules, unit, full, units, verdict in ROWS:
        det = authz.details(unit, full)
        probe = authz.authorize(det, authz.SESSION, {})
        value = probe["queries"][0]["value"]
        state = derive(rules, value, units)["state"]
        exp = authz.authorize(det, authz.SESSION, {value: state})
        assert exp["verdict"] == verdict, (comment, exp)
        v.add(pg, comment, C_QUERY_ONCE + C_ANSWER + ["PROTO-10", "PIPE-6", "POL-CHECK-8"], {"details": det, "rules": rules}, exp, ["POLICY_QUERY"] + (["UNIT_NOT_FULL"] if full else []))
    pol = {"permission": {"bash": {"*": "ask", "pnpm *": "allow"}}}
    det = authz.details("timeout 30s pnpm test")
    exp = authz.authorize(det, authz.SESSION, {"pnpm test": "allow"})
    v.add(pg, "a policy object as the query", C_QUERY_ONCE + C_ANSWER + ["PROTO-10", "PROTO-6"], {"details": det, "policy": pol}, exp, ["POLICY_QUERY"])
    return v.write()


if __name__ == "__main__":
    main()
