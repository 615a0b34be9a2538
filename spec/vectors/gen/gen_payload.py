"""payload.json: the prompt-details guards and the session check (op `authorize`), SPEC.md chapter 2 and 5.

Rule (upstream.md 2-3): from one valid prompt whose unit `timeout 30s pnpm test`
is allowed by the re-query, break exactly one condition at a time. A broken
guard => defer, no event, no query. A change the guards do not look at =>
still allow. Forwarding => defer before the session is read; a session
mismatch => defer with inner_cmd.session_mismatch, before the payload is
looked at. Each expected value is stated by construction and cross-checked by
authz.authorize.
"""

import copy

from common import Vectors
from authz import add_case, details, SESSION

UNIT = "timeout 30s pnpm test"
ANSWERS = {"pnpm test": "allow"}
DELETE = object()

C_FWD = ["PAY-1", "AUTH-1"]          # forwarding present -> defer, nothing read
C_SESSION = ["AUTH-2", "EVT-3", "INV-8"]      # session mismatch, its event
C_SESSION_FAIL = ["AUTH-11", "EVT-3", "INV-8"]  # the live session cannot be read
C_TOOL = ["PAY-3"]                   # toolName is "bash"
C_PAYLOAD = ["PAY-4"]                # payload object of kind bash with a request object
C_SURFACE = ["PAY-6"]                # request surface and toolName are "bash"
C_REQUESTER = ["PAY-5"]              # requester.forwarded exactly false
C_INVOKED = ["PAY-7"]                # invokedToolName exactly null
C_VALUE = ["PAY-8"]                  # value non-blank string
C_LEGACY = ["PAY-9"]                 # legacy command equals value
C_EVIDENCE = ["PAY-11"]              # evidence is an array of objects
C_FULL = ["PAY-12"]                  # full-command entries
C_IDS = ["PAY-10"]                   # requestId string, agentName string or null
C_GUARD = ["PAY-2", "AUTH-3", "INV-4"]  # a failed guard defers silently, no query
C_ECMA_BLANK = ["ECMA-4"]
C_TOTAL = ["INV-7"]

# (path, new value or DELETE, reason, clauses)
BREAKS = [
    (["toolName"], "Bash", "toolName is case-sensitive", C_TOOL),
    (["toolName"], "shell", "toolName of another tool", C_TOOL),
    (["toolName"], DELETE, "toolName missing", C_TOOL),
    (["toolName"], None, "toolName null", C_TOOL),
    (["toolName"], ["bash"], "toolName an array", C_TOOL),
    (["payload"], DELETE, "payload missing", C_PAYLOAD),
    (["payload"], "bash", "payload a string", C_PAYLOAD),
    (["payload", "kind"], "tool", "payload.kind not bash", C_PAYLOAD),
    (["payload", "kind"], DELETE, "payload.kind missing", C_PAYLOAD),
    (["payload", "request"], DELETE, "payload.request missing", C_PAYLOAD),
    (["payload", "request"], [], "payload.request an array", C_PAYLOAD),
    (["payload", "request", "requester", "forwarded"], True, "forwarded true", C_REQUESTER),
    (["payload", "request", "requester", "forwarded"], "false", "forwarded the string \"false\" (exactly false required)", C_REQUESTER),
    (["payload", "request", "requester", "forwarded"], 0, "forwarded 0", C_REQUESTER),
    (["payload", "request", "requester", "forwarded"], None, "forwarded null", C_REQUESTER),
    (["payload", "request", "requester", "forwarded"], DELETE, "forwarded missing", C_REQUESTER),
    (["payload", "request", "requester"], DELETE, "requester missing", C_REQUESTER),
    (["payload", "request", "surface"], "read", "surface not bash", C_SURFACE),
    (["payload", "request", "surface"], DELETE, "surface missing", C_SURFACE),
    (["payload", "request", "toolName"], "shell_alias", "request.toolName not bash", C_SURFACE),
    (["payload", "request", "toolName"], DELETE, "request.toolName missing", C_SURFACE),
    (["payload", "request", "invokedToolName"], "bash", "invokedToolName non-null (a shell alias tool)", C_INVOKED),
    (["payload", "request", "invokedToolName"], "", "invokedToolName empty string is not null", C_INVOKED),
    (["payload", "request", "invokedToolName"], DELETE, "invokedToolName missing is not exactly null", C_INVOKED),
    (["payload", "request", "value"], DELETE, "value missing", C_VALUE),
    (["payload", "request", "value"], None, "value null", C_VALUE),
    (["payload", "request", "value"], 42, "value a number", C_VALUE),
    (["payload", "request", "value"], "", "value empty", C_VALUE),
    (["payload", "request", "value"], "   ", "value spaces only", C_VALUE + C_ECMA_BLANK),
    (["payload", "request", "value"], "\u00a0\u3000\ufeff", "value of ECMAScript whitespace only (NBSP, ideographic space, BOM)", C_VALUE + C_ECMA_BLANK),
    (["payload", "request", "value"], "\u2028\t\n", "value of line terminators and a tab", C_VALUE + C_ECMA_BLANK),
    (["command"], "timeout 30s pnpm", "legacy command differs from value", C_LEGACY),
    (["command"], UNIT + " ", "legacy command differs by a trailing space", C_LEGACY),
    (["command"], None, "legacy command null (present, not equal)", C_LEGACY),
    (["payload", "evidence"], DELETE, "evidence missing", C_EVIDENCE),
    (["payload", "evidence"], {"label": "full command", "text": UNIT}, "evidence an object, not an array", C_EVIDENCE),
    (["payload", "evidence"], ["full command"], "an evidence entry that is not an object", C_EVIDENCE),
    (["payload", "evidence"], [{"label": "full command", "text": UNIT, "detail": ""}, {"label": "full command", "text": UNIT, "detail": ""}], "two full-command entries, even identical", C_FULL),
    (["payload", "evidence"], [{"label": "full command", "text": "", "detail": ""}], "full-command text empty", C_FULL),
    (["payload", "evidence"], [{"label": "full command", "text": " \u00a0", "detail": ""}], "full-command text blank (ECMAScript)", C_FULL + C_ECMA_BLANK),
    (["payload", "evidence"], [{"label": "full command", "detail": ""}], "full-command text missing", C_FULL),
    (["payload", "evidence"], [{"label": "full command", "text": 7, "detail": ""}], "full-command text a number", C_FULL),
    (["requestId"], DELETE, "requestId missing", C_IDS),
    (["requestId"], 17, "requestId a number", C_IDS),
    (["agentName"], 5, "agentName a number", C_IDS),
    (["agentName"], {"name": "main"}, "agentName an object", C_IDS),
]

# Changes the guards must NOT reject: (path, value, reason, expected agentName in the query, clauses)
KEEPS = [
    (["toolCallId"], DELETE, "toolCallId missing: not needed for the decision", "main", C_IDS),
    (["toolCallId"], 99, "toolCallId of another type: not read", "main", C_IDS),
    (["agentName"], None, "agentName null: the query has no agent", None, C_IDS),
    (["agentName"], DELETE, "agentName absent: the query has no agent", None, C_IDS),
    (["agentName"], "reviewer", "agentName forwarded to the query", "reviewer", C_IDS),
    (["agentName"], "", "an empty agentName is a string: forwarded as the empty agent", "", C_IDS),
    (["requestId"], "", "an empty requestId is a string: accepted", "main", C_IDS),
    (["command"], UNIT, "legacy command equal to value", "main", C_LEGACY),
    (["payload", "evidence"], [{"label": "note", "text": "x", "detail": ""}], "evidence entries with other labels are ignored", "main", C_FULL),
    (["payload", "evidence"], [{"label": "Full Command", "text": "", "detail": ""}], "the label is case-sensitive: `Full Command` is another label", "main", C_FULL),
    (["payload", "evidence"], [{"label": "full command", "text": UNIT, "detail": ""}], "one full-command entry equal to the unit", "main", C_FULL),
    (["extra"], {"anything": 1}, "unknown top-level fields are ignored", "main", ["PAY-2"]),
    (["payload", "request", "extra"], True, "unknown request fields are ignored", "main", ["PAY-2"]),
]


def modified(path, value):
    d = details(UNIT)
    target = d
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        target.pop(path[-1], None)
    else:
        target[path[-1]] = copy.deepcopy(value)
    return d


def main():
    v = Vectors("payload", "Guards on the prompt details, the forwarding and session checks; op `authorize`.")
    v.note("GUARD_BROKEN", "Generated: one guard of the valid prompt broken; expected defer with no event and no query.")
    v.note("GUARD_KEPT", "Generated: a change the guards ignore; the valid prompt's allow stands.")
    v.generator("break-one-guard", "Start from authz.details('timeout 30s pnpm test') with answers {'pnpm test': allow} (a prompt every guard accepts, verdict allow). For each row of BREAKS set or delete one field => defer, events [], queries []. For each row of KEEPS => allow with inner_cmd.allow and one query whose agentName is the row's. Stated by construction, cross-checked by authz.authorize.")
    g = v.group("authorize")
    add_case(v, g, "the valid base prompt: allowed", C_TOOL + C_PAYLOAD + C_SURFACE + C_REQUESTER + C_INVOKED + C_VALUE + C_EVIDENCE + C_IDS, details(UNIT), ANSWERS, "allow", "allow", "pnpm test")
    for path, value, why, clauses in BREAKS:
        add_case(v, g, "guard broken: " + why, clauses + C_GUARD, modified(path, value), ANSWERS, "defer", None, None, flags=["GUARD_BROKEN"])
    for path, value, why, agent, clauses in KEEPS:
        t = add_case(v, g, "not a guard: " + why, clauses, modified(path, value), ANSWERS, "allow", "allow", "pnpm test", flags=["GUARD_KEPT"])
        assert t["expected"]["queries"][0]["agentName"] == agent
    # details that are not an object at all
    for bad, why in [(None, "null"), ("timeout 30s ls", "a string"), ([UNIT], "an array"), (3, "a number")]:
        add_case(v, g, "details is %s: defer" % why, C_GUARD + C_TOOL + C_TOTAL, bad, ANSWERS, "defer", None, None, flags=["GUARD_BROKEN"])
    # forwarding and session (ordering: forwarding, then session, then guards)
    add_case(v, g, "forwarding present: defer, no event", C_FWD, details(UNIT, forwarding={"from": "sub-agent"}), ANSWERS, "defer", None, None)
    add_case(v, g, "forwarding present with value null still counts as present", C_FWD, details(UNIT, forwarding=None), ANSWERS, "defer", None, None)
    add_case(v, g, "forwarding is decided before the session: no session_mismatch event", C_FWD + C_SESSION, details(UNIT, forwarding={}), ANSWERS, "defer", None, None, session={"expected": "sess-1", "current": "sess-2"})
    add_case(v, g, "session mismatch: defer with session_mismatch", C_SESSION, details(UNIT), ANSWERS, "defer", "session_mismatch", None, session={"expected": "sess-1", "current": "sess-2"})
    add_case(v, g, "session ids compare exactly (case)", C_SESSION, details(UNIT), ANSWERS, "defer", "session_mismatch", None, session={"expected": "sess-1", "current": "SESS-1"})
    add_case(v, g, "session mismatch is decided before the payload guards", C_SESSION + C_GUARD, modified(["toolName"], "read"), ANSWERS, "defer", "session_mismatch", None, session={"expected": "a", "current": "b"})
    add_case(v, g, "equal session ids other than the default", C_SESSION, details(UNIT), ANSWERS, "allow", "allow", "pnpm test", session={"expected": "x-9", "current": "x-9"})
    # AUTH-11: the live session cannot be read (PROTO-10: current = {"error": text})
    add_case(v, g, "the live session cannot be read: defer with inner_cmd.exception carrying only the error text", C_SESSION_FAIL, details(UNIT), ANSWERS, "defer", "exception", None, session={"expected": "sess-1", "current": {"error": "session store unavailable"}})
    add_case(v, g, "a session read failure comes before the guards: reported even for broken details", C_SESSION_FAIL + C_GUARD, modified(["toolName"], "read"), ANSWERS, "defer", "exception", None, session={"expected": "sess-1", "current": {"error": "boom"}})
    add_case(v, g, "forwarded details are deferred without reading the session: no exception even though it would fail", C_FWD + C_SESSION_FAIL, details(UNIT, forwarding={}), ANSWERS, "defer", None, None, session={"expected": "sess-1", "current": {"error": "boom"}})
    # Added after the first corpus; appended so that existing tcIds keep their numbers.
    # ECMA-4: BOM, ogham space mark and line separator are ECMAScript whitespace
    # (a Unicode-only strip keeps the BOM): the full-command text is blank.
    add_case(v, g, "guard broken: full-command text of BOM, ogham space mark and line separator is blank under ECMAScript trim", C_FULL + C_ECMA_BLANK + C_GUARD, modified(["payload", "evidence"], [{"label": "full command", "text": "\ufeff\u1680\u2028", "detail": ""}]), ANSWERS, "defer", None, None, flags=["GUARD_BROKEN"])
    # ECMA-4: text that only a non-ECMAScript trim would call blank is a full
    # command; the unit is not in it, so the wrapper is not located.
    for text, name in [("\u0085", "U+0085 NEXT LINE"), ("\u001c", "U+001C FILE SEPARATOR")]:
        add_case(v, g, "full-command text %s: not ECMAScript whitespace, so not blank; the unit is not in it => wrapper_not_located" % name, C_FULL + C_ECMA_BLANK + ["AUTH-7"], details(UNIT, full=text), ANSWERS, "defer", "wrapper_not_located", None)
    # PAY-1: a falsy forwarding member does not forward: the session is read first.
    for value, name in [(None, "null"), (False, "false"), (0, "0"), ("", "the empty string")]:
        add_case(v, g, "forwarding %s is falsy: not forwarded, so a session mismatch is still reported" % name, C_FWD + C_SESSION, details(UNIT, forwarding=value), ANSWERS, "defer", "session_mismatch", None, session={"expected": "sess-1", "current": "sess-2"})
    return v.write()


if __name__ == "__main__":
    main()
