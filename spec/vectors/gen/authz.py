"""The authorizer's decision procedure, transcribed from the prose of
upstream.md 2-4 and ADRs 0009/0003 (SPEC.md chapters 2-6) into a few dozen
lines, for the generators' cross-checks.

It is not a port of the crate: the grammars are the ECMAScript patterns of
upstream.md 4 with `.`, `\\s` and `$` spelled out as their ECMAScript sets, and
every step is one `if` of section 3 in the order written there. Generators
state each expected value by construction and assert that this model agrees.
"""

import re

from common import WHITESPACE, is_blank

DOT = "[^\n\r\u2028\u2029]"          # ECMA-3
S = "[" + "".join(re.escape(c) for c in WHITESPACE) + "]"  # ECMA-2
TIMEOUT = re.compile(r"timeout[ \t]+([1-9][0-9]*(?:\.[0-9]+)?[smhd]?)[ \t]+(" + DOT + r"+)\Z")
TIME = re.compile(r"time[ \t]+(?![-" + S[1:-1] + r"])(" + DOT + r"+)\Z")
WORD = {"timeout": re.compile(r"timeout(?:[ \t]|\Z)"), "time": re.compile(r"time(?:[ \t]|\Z)")}
GRAMMAR = {"timeout": (TIMEOUT, 2), "time": (TIME, 1)}


def recognize(wrapper, unit):
    pattern, group = GRAMMAR[wrapper]
    m = pattern.match(unit)
    return m.group(group) if m else None


def is_wrapper(text):
    return any(recognize(w, text) is not None for w in GRAMMAR)


def ev(level, name, **details):
    return {"level": level, "event": "inner_cmd." + name, "details": details}


def truthy(value):
    """ECMAScript ToBoolean of a JSON value (PAY-1): objects and arrays are truthy."""
    if value is None or value is False or value == "":
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value != 0
    return True


def extract(d):
    """Section 2 guards; returns (requestId, agentName, unit, full) or None.

    A `forwarding` member that is present but falsy (PAY-1) fails the guards."""
    if not isinstance(d, dict) or "forwarding" in d or d.get("toolName") != "bash":
        return None
    p = d.get("payload")
    if not isinstance(p, dict) or p.get("kind") != "bash":
        return None
    r = p.get("request")
    if not isinstance(r, dict):
        return None
    req = r.get("requester")
    if not isinstance(req, dict) or req.get("forwarded") is not False:
        return None
    if r.get("surface") != "bash" or r.get("toolName") != "bash":
        return None
    if "invokedToolName" not in r or r["invokedToolName"] is not None:
        return None
    unit = r.get("value")
    if not isinstance(unit, str) or is_blank(unit):
        return None
    if "command" in d and d["command"] != unit:
        return None
    ev_list = p.get("evidence")
    if not isinstance(ev_list, list) or not all(isinstance(e, dict) for e in ev_list):
        return None
    fulls = [e for e in ev_list if e.get("label") == "full command"]
    if len(fulls) > 1:
        return None
    full = unit
    if fulls:
        full = fulls[0].get("text")
        if not isinstance(full, str) or is_blank(full):
            return None
    rid = d.get("requestId")
    if not isinstance(rid, str):
        return None
    agent = d.get("agentName")
    if agent is not None and not isinstance(agent, str):
        return None
    return rid, agent, unit, full


def index_of(h, n, start):
    """ECMAScript indexOf on UTF-16 code units (astral characters count two)."""
    H = h.encode("utf-16-le", "surrogatepass")
    N = n.encode("utf-16-le", "surrogatepass")
    i = start * 2
    while i <= len(H) - len(N):
        if H[i:i + len(N)] == N:
            return i // 2
        i += 2
    return -1


def u16len(s):
    return len(s.encode("utf-16-le", "surrogatepass")) // 2


def strip_once(full, unit, inner):
    first = index_of(full, unit, 0)
    if first < 0 or index_of(full, unit, first + u16len(unit)) >= 0:
        return None
    F = full.encode("utf-16-le", "surrogatepass")
    U = unit.encode("utf-16-le", "surrogatepass")
    out = F[:first * 2] + inner.encode("utf-16-le", "surrogatepass") + F[first * 2 + len(U):]
    return out.decode("utf-16-le", "surrogatepass")


def authorize(details, session, answers):
    """-> {verdict, events, queries}; answers maps a queried value to allow/ask/deny/throw."""
    def out(verdict, events=(), queries=()):
        return {"verdict": verdict, "events": list(events), "queries": list(queries)}

    if isinstance(details, dict) and truthy(details.get("forwarding")):
        return out("defer")
    if isinstance(session["current"], dict):
        return out("defer", [ev("debug", "exception", error=session["current"]["error"])])
    if session["current"] != session["expected"]:
        return out("defer", [ev("debug", "session_mismatch", expectedSessionId=session["expected"], currentSessionId=session["current"])])
    got = extract(details)
    if got is None:
        return out("defer")
    rid, agent, unit, full = got
    for w in ("timeout", "time"):
        inner = recognize(w, unit)
        if inner is None:
            if WORD[w].match(unit):
                return out("defer", [ev("debug", "unsupported_wrapper_syntax", command=full, wrapper=w)])
            continue
        if is_wrapper(inner):
            return out("defer", [ev("debug", "nested_wrapper", command=full, innerCommand=inner, wrapper=w)])
        dewrapped = strip_once(full, unit, inner)
        if dewrapped is None:
            return out("defer", [ev("debug", "wrapper_not_located", command=full)])
        q = [{"surface": "bash", "value": dewrapped, "agentName": agent}]
        a = answers.get(dewrapped, "ask")
        if a == "throw":
            return out("defer", [ev("debug", "exception", error="policy query failed", command=full, innerCommand=inner)], q)
        if a == "allow":
            return out("allow", [ev("review", "allow", requestId=rid, command=full, innerCommand=inner)], q)
        if a == "deny":
            return out("deny", [ev("review", "deny", requestId=rid, command=full, innerCommand=inner)], q)
        return out("defer", [ev("debug", "inner_ask", command=full, innerCommand=inner)], q)
    if re.match(r"env(?:[ \t]|\Z)", full):
        return out("defer", [ev("debug", "env_non_transparent", command=full)])
    if re.match(r"xargs(?:[ \t]|\Z)", full):
        return out("defer", [ev("debug", "xargs_non_transparent", command=full)])
    return out("defer")


def details(value, full=None, **over):
    """A valid prompt (every guard passes) for triggering unit `value`."""
    evidence = [] if full is None else [{"label": "full command", "text": full, "detail": ""}]
    d = {
        "requestId": "req-1",
        "agentName": "main",
        "toolName": "bash",
        "toolCallId": "call-1",
        "payload": {
            "kind": "bash",
            "request": {"requester": {"forwarded": False}, "surface": "bash", "toolName": "bash", "invokedToolName": None, "value": value},
            "evidence": evidence,
        },
    }
    d.update(over)
    return d


SESSION = {"expected": "sess-1", "current": "sess-1"}


def add_case(v, group, comment, clauses, det, answers, verdict, event=None, queried=None, session=SESSION, flags=()):
    """Adds one `authorize` test. `verdict`, `event` (name without prefix, or
    None) and `queried` (the de-wrapped value, or None) are stated by the
    caller from construction; the model must agree, and then supplies the
    exact event details and query records."""
    exp = authorize(det, session, answers)
    got_event = exp["events"][0]["event"][len("inner_cmd."):] if exp["events"] else None
    got_query = exp["queries"][0]["value"] if exp["queries"] else None
    assert (exp["verdict"], got_event, got_query) == (verdict, event, queried), (comment, exp)
    req = {"details": det, "session": session, "answers": answers}
    lat = ["exception-message"] if event == "exception" else []
    return v.add(group, comment, clauses, req, exp, flags, lat)
