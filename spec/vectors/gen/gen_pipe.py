"""pipe.json: the pipeline, gate then authorizer (op `decide`), SPEC.md chapter 8 and PROTO-11.

Each case lists, by hand, the gate's units of the trimmed command and the
advisory units of the command the authorizer re-queries (as in gen_units.py);
the expected answer is then assembled by the rule of chapter 8: the gate
result is gen_check.derive of the gate units; allow/deny ends there
(authorizer and details null); on ask the prompt details are built as PIPE-3/4/5
say, the authorizer is authz.authorize with the policy's advisory answer for
the re-queried value, and the outcome maps allow/deny/defer to
allow/deny/ask. The stated outcome of each case is asserted.
"""

from common import HOME, trim, Vectors
from gen_check import derive, U, R
from authz import authorize
import authz

C_GATE = ["PIPE-1", "PIPE-7"]
C_SHORT = ["PIPE-2", "PIPE-8"]
C_DETAILS = ["PIPE-3", "PIPE-4", "PIPE-5"]
C_AUTH = ["PIPE-6", "PIPE-8"]
C_PROTO = ["PROTO-11"]
DETAIL = "the complete Bash input; the request value is the command unit that triggered the ask"
IN, OP, CS = "indirection", "opaque-payload", "command_substitution"


def pipeline(rules, command, gate_units, requery_units, request_id=None, agent=None):
    t = trim(command)
    gate = derive(rules, t, gate_units)
    if gate["state"] != "ask":
        return {"outcome": gate["state"], "gate": gate, "authorizer": None, "details": None}
    v = gate["command"] if gate["command"] is not None else t
    evidence = [] if t == v else [{"label": "full command", "text": t, "detail": DETAIL}]
    det = {
        "requestId": request_id or "inner-cmd-pipeline",
        "agentName": agent,
        "toolName": "bash",
        "payload": {"kind": "bash", "request": {"requester": {"forwarded": False}, "surface": "bash", "toolName": "bash", "invokedToolName": None, "value": v}, "evidence": evidence},
    }
    # The re-query is the advisory check of the queried value under the same rules.
    probe = authorize(det, authz.SESSION, {})
    answers = {}
    if probe["queries"]:
        value = probe["queries"][0]["value"]
        answers[value] = derive(rules, value, requery_units)["state"]
    else:
        assert requery_units is None, "no query is made, so no re-query units"
    decision = authorize(det, authz.SESSION, answers)
    outcome = {"allow": "allow", "deny": "deny", "defer": "ask"}[decision["verdict"]]
    return {"outcome": outcome, "gate": gate, "authorizer": decision, "details": det}


# (comment, clauses, rules, command, gate units (of the trimmed command), re-query units or None, outcome, extra request)
CASES = [
    ("the gate allows: that is the outcome, the authorizer is not consulted", C_SHORT, R(("*", "ask"), ("pnpm *", "allow")), "pnpm test", [U("pnpm test")], None, "allow", {}),
    ("the gate denies: that is the outcome, the authorizer is not consulted", C_SHORT, R(("*", "allow"), ("rm *", "deny")), "rm -rf /", [U("rm -rf /")], None, "deny", {}),
    ("a wrapper around an allowed command: the gate asks (floor), the authorizer strips and the re-query allows", C_DETAILS + C_AUTH + ["INV-11", "INV-12"], R(("*", "allow"),), "timeout 30s pnpm test", [U("timeout 30s pnpm test", None, IN)], [U("pnpm test")], "allow", {}),
    ("protocol.md example: no rule matches the wrapped unit (ask, no pattern); pnpm * allows the inner command", C_DETAILS + C_AUTH, R(("pnpm *", "allow"),), "timeout 30s pnpm test", [U("timeout 30s pnpm test", None, IN)], [U("pnpm test")], "allow", {}),
    ("time: same pipeline", C_DETAILS + C_AUTH + ["INV-11"], R(("pnpm *", "allow"),), "time pnpm build", [U("time pnpm build", None, IN)], [U("pnpm build")], "allow", {}),
    ("siblings stay judged: the de-wrapped compound still contains `git push`, which asks", C_DETAILS + C_AUTH + ["INV-9", "INV-10"], R(("*", "ask"), ("cd *", "allow"), ("pnpm *", "allow"), ("git push *", "ask")), "cd app && timeout 30s pnpm test && git push",
     [U("cd app"), U("timeout 30s pnpm test", None, IN), U("git push")], [U("cd app"), U("pnpm test"), U("git push")], "ask", {}),
    ("siblings all allowed: the de-wrapped compound is allowed; the full command goes in the evidence", C_DETAILS + C_AUTH + ["INV-9", "INV-10"], R(("*", "ask"), ("cd *", "allow"), ("pnpm *", "allow")), "cd app && timeout 30s pnpm test",
     [U("cd app"), U("timeout 30s pnpm test", None, IN)], [U("cd app"), U("pnpm test")], "allow", {}),
    ("a denied sibling is denied by the gate before any unwrapping", C_SHORT, R(("*", "allow"), ("rm *", "deny")), "timeout 5 ls; rm -rf x", [U("timeout 5 ls", None, IN), U("rm -rf x")], None, "deny", {}),
    ("the gate asks, the re-query denies the inner command: deny", C_AUTH, R(("*", "allow"), ("rm *", "deny")), "timeout 5 rm -rf x", [U("timeout 5 rm -rf x", None, IN)], [U("rm -rf x")], "deny", {}),
    ("the inner command itself asks: ask", C_AUTH, R(("*", "allow"), ("make *", "ask")), "time make all", [U("time make all", None, IN)], [U("make all")], "ask", {}),
    ("the inner command is floored by the policy (sudo): the re-query asks", C_AUTH, R(("*", "allow"),), "timeout 5 sudo ls", [U("timeout 5 sudo ls", None, IN)], [U("sudo ls", None, IN)], "ask", {}),
    ("a denied substitution inside a wrapped command: the gate already denies it (the unit `rm x` of the substitution)", C_SHORT, R(("*", "allow"), ("rm *", "deny")), "time echo $(rm x)", [U("time echo $(rm x)", None, IN), U("rm x", CS)], None, "deny", {}),
    ("an ordinary asked command: no handler, the authorizer defers silently: ask", C_DETAILS + C_AUTH, R(("*", "ask"),), "git push", [U("git push")], None, "ask", {}),
    ("env: the authorizer defers with env_non_transparent: ask", C_AUTH, R(("*", "allow"),), "env FOO=1 make", [U("env FOO=1 make", None, IN)], None, "ask", {}),
    ("nested wrappers: defer: ask", C_AUTH, R(("*", "allow"),), "time timeout 5 ls", [U("time timeout 5 ls", None, IN)], None, "ask", {}),
    ("the unit twice in the command: not located: ask", C_AUTH, R(("ls", "allow"),), "timeout 5 ls; timeout 5 ls", [U("timeout 5 ls", None, IN), U("timeout 5 ls", None, IN)], None, "ask", {}),
    ("unsupported wrapper syntax: ask", C_AUTH, R(("*", "allow"),), "timeout -k 5 10 ls", [U("timeout -k 5 10 ls", None, IN)], None, "ask", {}),
    ("a bare redirect: the gate's unparseable ask; the details carry the whole command as value", C_DETAILS + C_AUTH, R(("*", "allow"),), "> out.txt", [], None, "ask", {}),
    ("PIPE-4: surrounding whitespace is trimmed by the gate, so the evidence is empty (T equals V) and the wrapper is located", C_DETAILS + C_AUTH, R(("ls", "allow"),), "  timeout 5 ls \n", [U("timeout 5 ls", None, IN)], [U("ls")], "allow", {}),
    ("PIPE-4: ECMAScript whitespace (U+3000, U+FEFF) around the command is trimmed too", C_DETAILS + C_AUTH, R(("ls", "allow"),), "\u3000timeout 5 ls\ufeff", [U("timeout 5 ls", None, IN)], [U("ls")], "allow", {}),
    ("PIPE-3/5: requestId and agentName reach the details, the review event and the query", C_DETAILS + C_AUTH, R(("pnpm *", "allow"),), "timeout 30s pnpm test", [U("timeout 30s pnpm test", None, IN)], [U("pnpm test")], "allow", {"requestId": "req-42", "agentName": "reviewer"}),
    ("the gate's blank command: the rule decision of the empty string (allowed by `*`)", C_SHORT + C_GATE, R(("*", "allow"),), " \t ", [], None, "allow", {}),
]


def main():
    v = Vectors("pipe", "The pipeline: gate check of the trimmed command, then (on ask) the authorizer with the policy as its query; op `decide`.")
    v.note("POLICY_OBJECT", "The policy is given as a policy file object (`policy`), not as a rule list.")
    v.generator("pipeline-rule", "gen_pipe.pipeline assembles the expected answer from hand-listed gate units and re-query units: gate = gen_check.derive; allow/deny => outcome, authorizer and details null; ask => details per PIPE-3/4/5, authorizer = authz.authorize with the advisory state of the re-queried value (gen_check.derive of the re-query units), outcome allow/deny/ask from allow/deny/defer. Each case's stated outcome is asserted.")
    g = v.group("decide", {"home": HOME})
    for comment, clauses, rules, command, gunits, runits, outcome, extra in CASES:
        exp = pipeline(rules, command, gunits, runits, extra.get("requestId"), extra.get("agentName"))
        assert exp["outcome"] == outcome, (comment, exp)
        req = {"rules": rules, "command": command}
        req.update(extra)
        v.add(g, comment, clauses + C_GATE + C_PROTO, req, exp)
    # The same policy written as a policy file object (PROTO-6, POL-CONFIG-2).
    pol = {"permission": {"bash": {"*": "ask", "pnpm *": "allow"}}}
    exp = pipeline(R(("*", "ask"), ("pnpm *", "allow")), "timeout 30s pnpm test", [U("timeout 30s pnpm test", None, IN)], [U("pnpm test")])
    assert exp["outcome"] == "allow"
    v.add(g, "a policy file object instead of rules: `*` asks, `pnpm *` allows the inner command", C_AUTH + C_GATE + C_PROTO + ["PROTO-6", "POL-CONFIG-2"], {"policy": pol, "command": "timeout 30s pnpm test"}, exp, ["POLICY_OBJECT"])
    return v.write()


if __name__ == "__main__":
    main()
