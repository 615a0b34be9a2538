#!/usr/bin/env python3
"""A policy-only implementation of the inner-cmd spec, behind the oracle protocol.

It implements the reference bash policy of SPEC.md chapter 7 in Python, from
the spec's prose: the wildcard matcher (section 7.2, taken from
`minimal_adapter.py` beside this file), command units over tree-sitter-bash
(7.3), wrapper floors (7.4), comment stripping and the gate/advisory checks
(7.5), and policies given as `rules` or as a policy file object (7.1, in
`policy_config.py`). It has
no authorizer, so it answers `match`, `units`, `check` and `advisory`, and
declines `authorize` and `decide` with `unsupported_op` (PROTO-12).

It needs PyPI's `tree-sitter` and `tree-sitter-bash` (pinned in
`requirements-policy.txt`). Check it with (docs/implementing.md):

    python3 -m venv .venv && .venv/bin/pip install -r conformance/examples/requirements-policy.txt
    inner-cmd conform --impl '.venv/bin/python conformance/examples/policy_adapter.py'

Every `match`, `units`, `check` and `advisory` vector passes without a skip
file. Its runtime is the wheel's tree-sitter 0.26.1 and its scanner classes
the host's C.UTF-8 ones; the crate's are the package's 0.26.13 core and wasm
classes, so on a command with a syntax error or with U+0085/U+1680 the two
may differ (policy_differential.py); no vector has such a command.
"""
import json
import locale
import os
import sys
from importlib import metadata

import tree_sitter
import tree_sitter_bash

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The matcher (section 7.2) and the protocol's error type have one home, the minimal adapter.
from minimal_adapter import Reject, string_field, wildcard_match  # noqa: E402
from policy_config import config_policy, rule_list, utf16_length  # noqa: E402

OPERATIONS = {"match", "units", "check", "advisory", "authorize", "decide"}

# ---------------------------------------------------------------- ECMAScript (SPEC ch. 1)

# ECMA-2: not Python's str.isspace (which has U+001C-U+001F and U+0085, lacks U+FEFF).
ECMA_WHITESPACE = (
    "\t\n\u000b\u000c\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def ecma_trim(text):
    return text.strip(ECMA_WHITESPACE)


# ---------------------------------------------------------------- command units (SPEC 7.3)

MAX_CODE_UNITS = 16_777_216  # POL-LIMIT-1, and the unit-text budget of POL-LIMIT-2
MAX_UNITS = 65_536  # POL-LIMIT-2
MAX_NESTING = 1_000  # POL-LIMIT-3

NOT_ENTERED = {"file_redirect", "heredoc_redirect", "herestring_redirect", "comment", "heredoc_body", "heredoc_end"}
TRANSPARENT = {"program", "list", "pipeline", "redirected_statement"}
SUBSTITUTIONS = {"command_substitution": "command_substitution", "process_substitution": "process_substitution"}


class LimitExceeded(Exception):
    pass


class ParserFailed(Exception):
    pass


def command_words(node):
    """POL-FLOOR-1: the named children of a command that are not assignments."""
    return [child for child in node.children if child.is_named and child.type != "variable_assignment"]


def enumerate_units(command, parser):
    """POL-UNIT-1..10: [(text, context, wrapper kind)], walked with an explicit
    stack (POL-LIMIT-5); the source is UTF-16, so a byte offset is twice a code unit."""
    if utf16_length(command) > MAX_CODE_UNITS:
        raise LimitExceeded("command longer than 16,777,216 UTF-16 code units")
    source = command.encode("utf-16-le", "surrogatepass")
    try:
        tree = parser.parse(source, encoding="utf16le")
    except Exception as error:
        raise ParserFailed(repr(error))
    if tree is None:
        raise ParserFailed("no syntax tree")

    def text(start, end):
        return source[start:end].decode("utf-16-le", "surrogatepass")

    units, budget = [], 0

    def emit(start, end, context, wrapper):
        nonlocal budget
        budget += (end - start) // 2
        if len(units) >= MAX_UNITS or budget > MAX_CODE_UNITS:
            raise LimitExceeded("too many units, or too much unit text")
        units.append({"text": text(start, end), "context": context, "wrapperKind": wrapper})

    # Tasks: ("walk", node, context, depth) enumerates a node (POL-UNIT-2..7);
    # ("search", node, depth) looks for the substitutions of a command (POL-UNIT-5).
    stack = [("walk", tree.root_node, None, 0)]
    while stack:
        task = stack.pop()
        if task[0] == "search":
            _, node, depth = task
            for child in reversed(node.children):
                inner = SUBSTITUTIONS.get(child.type)
                if inner is None:
                    stack.append(("search", child, depth))
                else:
                    stack.extend(("walk", c, inner, depth + 1) for c in reversed(child.children))
            continue
        _, node, context, depth = task
        if depth > MAX_NESTING:
            raise LimitExceeded("nested deeper than 1,000 substitutions and subshells")
        kind = node.type
        if not node.is_named or kind in NOT_ENTERED:
            continue
        if kind in TRANSPARENT:
            stack.extend(("walk", c, context, depth) for c in reversed(node.children))
        elif kind == "command":
            words = command_words(node)
            start = words[0].start_byte if words else node.start_byte
            emit(start, node.end_byte, context, wrapper_kind([text(w.start_byte, w.end_byte) for w in words]))
            stack.append(("search", node, depth))
        elif kind == "subshell":
            emit(node.start_byte, node.end_byte, context, None)
            stack.extend(("walk", c, "subshell", depth + 1) for c in reversed(node.children))
        else:  # POL-UNIT-7: one unit, not entered
            emit(node.start_byte, node.end_byte, context, None)
    return units


# ---------------------------------------------------------------- wrapper floors (SPEC 7.4)

SHELLS = {"bash", "sh", "dash", "zsh", "ksh"}
INDIRECTIONS = {
    "sudo", "env", "xargs", "time", "nohup", "timeout", "nice", "parallel", "rust-parallel",
    "rush", "doas", "setsid", "stdbuf", "watch", "flock",
}
EXEC_FLAGS = {"find": {"-exec", "-execdir", "-ok", "-okdir"}, "fd": {"-x", "--exec", "-X", "--exec-batch"}}
SENTINELS = {"opaque-payload": "<opaque-bash-wrapper>", "indirection": "<indirection-bash-wrapper>"}


def wrapper_kind(words):
    if not words:
        return None
    name, arguments = words[0].rsplit("/", 1)[-1], words[1:]
    if name == "eval":
        return "opaque-payload"
    if name in SHELLS:
        for argument in arguments:
            if argument == "--":
                break
            if argument.startswith("-") and not argument.startswith("--") and "c" in argument:
                return "opaque-payload"
    if name in INDIRECTIONS:
        return "indirection"
    if any(argument in EXEC_FLAGS.get(name, ()) for argument in arguments):
        return "indirection"
    return None


# ---------------------------------------------------------------- checking (SPEC 7.5)

RESTRICTIVENESS = {"allow": 0, "ask": 1, "deny": 2}


def match_value(text):
    """POL-CHECK-1: drop comment lines, trim; an empty result is the text itself."""
    kept = [line for line in text.split("\n") if not ecma_trim(line).startswith("#")]
    stripped = ecma_trim("\n".join(kept))
    return stripped if stripped else text


def rule_decision(policy, text, home):
    """POL-CHECK-2, POL-RULE-2, POL-RULE-3: (state, pattern or None)."""
    rules, fallback = policy
    value = match_value(text)
    for pattern, state in reversed(rules):
        if wildcard_match(pattern, value, home):
            return state, pattern
    return fallback, None


def over_limit(command, sentinel):
    return {"state": "ask", "matchedPattern": sentinel, "command": command, "commandContext": None, "units": []}


def advisory(policy, command, home, parser):
    """POL-CHECK-3..7 on the command as given."""
    try:
        units = enumerate_units(command, parser)
    except LimitExceeded:
        return over_limit(command, "<bash-command-over-limit>")
    except ParserFailed:
        return over_limit(command, "<bash-parser-failed>")
    if not units:
        lines = [ecma_trim(line) for line in command.split("\n")]
        if all(line == "" or line.startswith("#") for line in lines):  # POL-CHECK-5
            state, pattern = rule_decision(policy, command, home)
            return {"state": state, "matchedPattern": pattern, "command": command, "commandContext": None, "units": []}
        return over_limit(command, "<unparseable-bash-command>")  # POL-CHECK-6
    trigger = None
    for unit in units:
        state, pattern = rule_decision(policy, unit["text"], home)
        if state == "allow" and unit["wrapperKind"] is not None:  # POL-FLOOR-6
            state, pattern = "ask", SENTINELS[unit["wrapperKind"]]
        if trigger is None or RESTRICTIVENESS[state] > RESTRICTIVENESS[trigger[0]]:
            trigger = (state, pattern, unit)
    state, pattern, unit = trigger
    return {"state": state, "matchedPattern": pattern, "command": unit["text"],
            "commandContext": unit["context"], "units": units}


def gate(policy, command, home, parser):
    """POL-CHECK-8: trim, then the advisory check; blank is the decision of ''."""
    trimmed = ecma_trim(command)
    if trimmed == "":
        state, pattern = rule_decision(policy, "", home)
        return {"state": state, "matchedPattern": pattern, "command": "", "commandContext": None, "units": []}
    return advisory(policy, trimmed, home, parser)


# ---------------------------------------------------------------- the protocol (SPEC ch. 9)


def home_member(request):
    """PROTO-6: absent or null is the server's HOME, as Node's os.homedir()."""
    if request.get("home") is None:
        return os.environ.get("HOME", "")
    return string_field(request, "home")


def policy_member(request, home):
    has_rules, has_policy = "rules" in request, "policy" in request
    if has_rules == has_policy:
        raise Reject("bad_request", "give exactly one of `rules` and `policy`")
    if has_rules:
        if not isinstance(request["rules"], list):
            raise Reject("bad_request", "`rules` must be an array")
        return rule_list(request["rules"])
    if not isinstance(request["policy"], dict):
        raise Reject("bad_request", "`policy` must be an object")
    return config_policy(request["policy"], home)


class Server:
    def __init__(self):
        self.parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_bash.language()))

    def answer(self, request):
        if not isinstance(request, dict):
            raise Reject("bad_request", "a request must be a JSON object")
        op = request.get("op")
        if not isinstance(op, str):
            raise Reject("bad_request", "`op` must be a string")
        if op not in OPERATIONS:
            raise Reject("unknown_op", f"unknown op {op!r}")
        if op in ("authorize", "decide"):
            raise Reject("unsupported_op", f"a policy-only implementation has no {op!r}")
        check_profile(request)
        if op == "match":
            home = home_member(request)
            return {"matched": wildcard_match(string_field(request, "pattern"), string_field(request, "value"), home)}
        command = string_field(request, "command")
        if op == "units":
            try:
                return {"units": enumerate_units(command, self.parser)}
            except LimitExceeded as error:
                raise Reject("limit_exceeded", str(error))
            except ParserFailed as error:
                raise Reject("internal", "the parser failed: " + str(error))
        home = home_member(request)
        policy = policy_member(request, home)
        check = gate if op == "check" else advisory
        return check(policy, command, home, self.parser)

    def handle(self, line):
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
            return {"id": request_id, "ok": True, **self.answer(request)}
        except Reject as error:
            return {"id": request_id, "ok": False, "error": {"code": error.code, "message": error.message}}
        except Exception as error:  # a bug here must not kill the server, and is never a verdict
            return {"id": request_id, "ok": False, "error": {"code": "internal", "message": repr(error)}}


def check_profile(request):
    """HARD-1: `profile` is absent, null, "deployed" or "hardened"; this
    adapter implements the deployed profile only and declines the other."""
    profile = request.get("profile")
    if profile not in (None, "deployed", "hardened"):
        raise Reject("bad_request", f"unknown profile {profile!r}")
    if profile == "hardened":
        raise Reject("unsupported_op", "only the deployed profile is implemented")


def reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def has_lone_surrogate(value):
    """Iterative, so a deeply nested request cannot exhaust the stack."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if any(0xD800 <= ord(c) <= 0xDFFF for c in item):
                return True
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
    return False


def main():
    # POL-UNIT-1: the grammar's external scanner classifies characters with
    # iswspace/iswalpha, which follow the C library's LC_CTYPE. The spec's
    # classes are those of the package's wasm build (musl, Unicode-aware); the
    # closest a host libc offers is a UTF-8 locale. glibc's C.UTF-8 agrees with
    # them except where its Unicode tables differ (spaces: U+0085 is one in the
    # wasm and not here, U+1680 the reverse; letters: 10,821 code points of
    # newer Unicode versions), so this adapter is exact only on commands
    # without such characters (policy_differential.py counts them apart).
    locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
    server = Server()
    out = sys.stdout
    runtime = "tree-sitter {} + tree-sitter-bash {}".format(*map(metadata.version, ("tree-sitter", "tree-sitter-bash")))
    out.write(json.dumps({"protocol": 1, "spec": "0.1.0", "implementation": f"policy_adapter.py 0.1.0 ({runtime})"}) + "\n")
    out.flush()
    for line in bounded_lines(sys.stdin.buffer):
        response = server.handle(line) if line is not None else {
            "id": None, "ok": False, "error": {"code": "line_too_long", "message": "a line over 8 MiB"}}
        out.write(json.dumps(response) + "\n")
        out.flush()


MAX_LINE = 8 * 1024 * 1024  # PROTO-4


def bounded_lines(stream):
    """Each line without its newline, or None for a line over 8 MiB, which is
    read and discarded in pieces, never held whole (PROTO-4)."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if line.endswith(b"\n"):
            yield line[:-1]
        elif len(line) <= MAX_LINE:
            yield line  # the last line, without a newline (PROTO-2)
        else:
            while line and not line.endswith(b"\n"):
                line = stream.readline(1024 * 1024)
            yield None


if __name__ == "__main__":
    main()
