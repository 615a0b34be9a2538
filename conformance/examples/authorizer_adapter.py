#!/usr/bin/env python3
"""An authorizer-only implementation of the inner-cmd spec, behind the oracle protocol.

It is a port of the deployed TypeScript authorizer's behaviour (SPEC.md
chapters 1-5), not of this crate: the payload guards, the `timeout` and `time`
grammars as ECMAScript regular expressions, locating and stripping the
wrapper, the `env`/`xargs` handlers, and the events. It has no bash policy, so
it answers:

- `authorize` with an `answers` table: the authorizer's verdict, events, queries;
- `authorize` with `rules` or `policy`, and `match`, `units`, `check`,
  `advisory`, `decide`: `unsupported_op` (SPEC.md PROTO-12).

Check it with (docs/implementing.md):

    inner-cmd conform --impl 'python3 conformance/examples/authorizer_adapter.py'

Every supported case passes and the rest are reported `unsupported`; add
`--chapter payload,wrap,strip,auth` to run only the authorizer's chapters.
"""
import json
import re
import sys

OPERATIONS = {"match", "units", "check", "advisory", "authorize", "decide"}

# ---------------------------------------------------------------- ECMAScript (SPEC ch. 1)

# ECMA-2: WhiteSpace and LineTerminator, the class `\s` and what trim() removes.
# Not Python's `str.isspace`/`strip`, which include U+001C-U+001F and U+0085
# and leave U+FEFF alone.
ECMA_WHITESPACE = (
    "\t\n\u000b\u000c\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
ECMA_S = "[" + re.escape(ECMA_WHITESPACE) + "]"
# ECMA-3: `.` without the `s` flag: anything but the four line terminators.
ECMA_DOT = "[^\n\r\u2028\u2029]"


def ecma_trim(text):
    return text.strip(ECMA_WHITESPACE)


def is_blank(value):
    return isinstance(value, str) and ecma_trim(value) == ""


def ecma_truthy(value):
    """ToBoolean of a JSON value (PAY-1)."""
    if value is None or value is False:
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value != 0
    if isinstance(value, str):
        return value != ""
    return True  # true, objects and arrays (even empty)


# ---------------------------------------------------------------- grammars (SPEC ch. 3)

# The deployed patterns, with `.`, `\s` and `$` spelled as ECMAScript means them
# (Python's `re` backtracks like ECMAScript's RegExp for these patterns; `\Z`
# is the very end, as `$` is without the `m` flag; `[0-9]`, not `\d`, which
# is Unicode-aware in Python).
TIMEOUT = re.compile(
    r"timeout[ \t]+([1-9][0-9]*(?:\.[0-9]+)?[smhd]?)[ \t]+(" + ECMA_DOT + r"+)\Z"
)
TIME = re.compile(r"time[ \t]+(?![-" + re.escape(ECMA_WHITESPACE) + r"])(" + ECMA_DOT + r"+)\Z")
WRAPPERS = (("timeout", TIMEOUT, 2), ("time", TIME, 1))  # AUTH-4: tried in this order


def inner_command(pattern, group, unit):
    match = pattern.match(unit)
    return match.group(group) if match else None


def starts_with_word(word, text):
    """WRAP-WORD-1 / WRAP-NT-1: `^word(?:[ \\t]|$)`."""
    return text.startswith(word) and (len(text) == len(word) or text[len(word)] in " \t")


def is_recognized_wrapper(text):
    """WRAP-NEST-1: either grammar, not the word check."""
    return any(inner_command(pattern, group, text) is not None for _, pattern, group in WRAPPERS)


# ---------------------------------------------------------------- payload guards (SPEC ch. 2)


def extract(details):
    """PAY-3..PAY-12: (requestId, agentName, unit, full) or None when a guard fails.

    PAY-1's presence rule is here too: any `forwarding` member fails the guards.
    """
    if not isinstance(details, dict) or "forwarding" in details:
        return None
    request_id, agent = details.get("requestId"), details.get("agentName")
    if details.get("toolName") != "bash" or not isinstance(request_id, str):
        return None
    if agent is not None and not isinstance(agent, str):
        return None
    payload = details.get("payload")
    if not isinstance(payload, dict) or payload.get("kind") != "bash":
        return None
    request = payload.get("request")
    if not isinstance(request, dict):
        return None
    requester = request.get("requester")
    if not isinstance(requester, dict) or requester.get("forwarded") is not False:
        return None
    if request.get("surface") != "bash" or request.get("toolName") != "bash":
        return None
    if "invokedToolName" not in request or request["invokedToolName"] is not None:
        return None
    unit = request.get("value")
    if not isinstance(unit, str) or is_blank(unit):
        return None
    if "command" in details and details["command"] != unit:
        return None
    evidence = payload.get("evidence")
    if not isinstance(evidence, list) or not all(isinstance(entry, dict) for entry in evidence):
        return None
    full_entries = [entry for entry in evidence if entry.get("label") == "full command"]
    if len(full_entries) > 1:
        return None
    full = unit
    if full_entries:
        full = full_entries[0].get("text")
        if not isinstance(full, str) or is_blank(full):
            return None
    return request_id, agent, unit, full


# ---------------------------------------------------------------- the authorizer (SPEC ch. 4, 5)


def event(level, name, **details):
    return {"level": level, "event": "inner_cmd." + name, "details": details}


class QueryFailed(Exception):
    pass


def authorize(details, session, query):
    """The decision procedure of SPEC.md chapter 5: (verdict, [event], [query])."""
    queries = []

    def decided(verdict, *events):
        return {"verdict": verdict, "events": list(events), "queries": queries}

    # AUTH-1: forwarded details are not looked at; the session is not read.
    if isinstance(details, dict) and ecma_truthy(details.get("forwarding", None)):
        return decided("defer")
    # AUTH-2, AUTH-11: read the live session once.
    expected, current = session
    if isinstance(current, Exception):
        return decided("defer", event("debug", "exception", error=str(current)))
    if current != expected:
        return decided(
            "defer",
            event("debug", "session_mismatch", expectedSessionId=expected, currentSessionId=current),
        )
    # AUTH-3: the guards.
    extracted = extract(details)
    if extracted is None:
        return decided("defer")
    request_id, agent, unit, full = extracted
    # AUTH-4..AUTH-10: the transparent handlers, on the unit.
    for word, pattern, group in WRAPPERS:
        inner = inner_command(pattern, group, unit)
        if inner is None:
            if starts_with_word(word, unit):  # AUTH-5
                return decided("defer", event("debug", "unsupported_wrapper_syntax", command=full, wrapper=word))
            continue
        if is_recognized_wrapper(inner):  # AUTH-6
            return decided(
                "defer", event("debug", "nested_wrapper", command=full, innerCommand=inner, wrapper=word)
            )
        first = full.find(unit)  # STRIP-1, STRIP-2 (code points locate as UTF-16 units do)
        if first < 0 or full.find(unit, first + len(unit)) >= 0:
            return decided("defer", event("debug", "wrapper_not_located", command=full))
        dewrapped = full[:first] + inner + full[first + len(unit):]  # STRIP-3
        queries.append({"surface": "bash", "value": dewrapped, "agentName": agent})  # AUTH-8
        try:
            state = query(dewrapped)
        except QueryFailed as error:  # AUTH-10
            return decided(
                "defer", event("debug", "exception", error=str(error), command=full, innerCommand=inner)
            )
        if state == "allow":  # AUTH-9
            return decided("allow", event("review", "allow", requestId=request_id, command=full, innerCommand=inner))
        if state == "deny":
            return decided("deny", event("review", "deny", requestId=request_id, command=full, innerCommand=inner))
        return decided("defer", event("debug", "inner_ask", command=full, innerCommand=inner))
    # AUTH-12: the non-transparent wrappers, on the full command.
    for word in ("env", "xargs"):
        if starts_with_word(word, full):
            return decided("defer", event("debug", word + "_non_transparent", command=full))
    return decided("defer")


# ---------------------------------------------------------------- the protocol (SPEC ch. 9)


class Reject(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code, self.message = code, message


def parse_session(request):
    session = request.get("session")
    if not isinstance(session, dict) or not isinstance(session.get("expected"), str):
        raise Reject("bad_request", '`session` must be {"expected": string, "current": …}')
    current = session.get("current")
    if isinstance(current, dict) and isinstance(current.get("error"), str):
        current = Exception(current["error"])
    elif not isinstance(current, str):
        raise Reject("bad_request", '`session.current` must be a string or {"error": string}')
    return session["expected"], current


def parse_answers(answers):
    if not isinstance(answers, dict):
        raise Reject("bad_request", "`answers` must be an object")
    for value, state in answers.items():
        if state not in ("allow", "ask", "deny", "throw"):
            raise Reject("bad_request", f"answer for {value!r} must be allow, ask, deny or throw")

    def query(value):
        state = answers.get(value, "ask")
        if state == "throw":
            raise QueryFailed(f"the answers table throws for {value!r}")
        return state

    return query


def answer(request):
    if not isinstance(request, dict):
        raise Reject("bad_request", "a request must be a JSON object")
    op = request.get("op")
    if not isinstance(op, str):
        raise Reject("bad_request", "`op` must be a string")
    if op not in OPERATIONS:
        raise Reject("unknown_op", f"unknown op {op!r}")
    if op != "authorize":
        raise Reject("unsupported_op", f"an authorizer-only implementation has no {op!r}")
    profile = request.get("profile")  # HARD-1
    if profile not in (None, "deployed", "hardened"):
        raise Reject("bad_request", f"unknown profile {profile!r}")
    if profile == "hardened":
        raise Reject("unsupported_op", "only the deployed profile is implemented")
    if "details" not in request:
        raise Reject("bad_request", "missing `details`")
    session = parse_session(request)
    has_policy = "rules" in request or "policy" in request
    if "answers" in request and has_policy:
        raise Reject("bad_request", "give exactly one of `answers`, `rules` and `policy`")
    if has_policy:
        raise Reject("unsupported_op", "no bash policy here: `authorize` takes only `answers`")
    if "answers" not in request:
        raise Reject("bad_request", "missing `answers`")
    return authorize(request["details"], session, parse_answers(request["answers"]))


def has_lone_surrogate(value):
    if isinstance(value, str):
        return any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if isinstance(value, list):
        return any(has_lone_surrogate(item) for item in value)
    if isinstance(value, dict):
        return any(has_lone_surrogate(k) or has_lone_surrogate(v) for k, v in value.items())
    return False


def reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def handle(line):
    request_id = None
    try:
        try:
            request = json.loads(line.decode("utf-8"), parse_constant=reject_constant)
        except UnicodeDecodeError as error:
            raise Reject("bad_encoding", str(error))
        except (ValueError, RecursionError) as error:
            raise Reject("bad_json", str(error))
        if has_lone_surrogate(request):  # Python accepts "\ud800"; the protocol does not (ECMA-6)
            raise Reject("bad_encoding", "lone surrogate")
        if isinstance(request, dict):
            request_id = request.get("id")
        return {"id": request_id, "ok": True, **answer(request)}
    except Reject as error:
        return {"id": request_id, "ok": False, "error": {"code": error.code, "message": error.message}}
    except Exception as error:  # a bug here must not kill the server, and is never a verdict
        return {"id": request_id, "ok": False, "error": {"code": "internal", "message": repr(error)}}


def main():
    out = sys.stdout
    out.write(json.dumps({"protocol": 1, "spec": "0.1.0", "implementation": "authorizer_adapter.py 0.1.0"}) + "\n")
    out.flush()
    for line in sys.stdin.buffer:
        out.write(json.dumps(handle(line.rstrip(b"\n"))) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
