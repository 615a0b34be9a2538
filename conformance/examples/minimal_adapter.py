#!/usr/bin/env python3
"""A minimal implementation of the inner-cmd oracle protocol (spec/protocol.md).

It implements one operation, `match` (the wildcard semantics of spec section
7.2), and answers `unsupported_op` for the other operations of the protocol.
Run it under the conformance runner:

    inner-cmd conform --impl 'python3 conformance/examples/minimal_adapter.py'

Every vector of another operation is reported `unsupported` (SPEC.md
CONF-RUN-11), so the run exits 0 when every `match` vector passes.
"""
import json
import os
import sys

OPERATIONS = {"match", "units", "check", "advisory", "authorize", "decide"}


def node_path_join(home, rest):
    """Node's path.join(home, rest) on POSIX: join with '/', then normalize."""
    joined = home + "/" + rest if rest else home
    absolute = joined.startswith("/")
    parts = []
    for part in joined.split("/"):
        if part in ("", "."):
            continue
        if part == ".." and parts and parts[-1] != "..":
            parts.pop()
        elif part == ".." and absolute:
            continue  # ".." above the root stays at the root
        else:
            parts.append(part)
    body = "/".join(parts)
    if joined.endswith("/") and body:
        body += "/"
    if absolute:
        return "/" + body
    return body or "."


def expand_home(pattern, home):
    if pattern in ("~", "$HOME"):
        return home
    for prefix in ("~/", "~\\", "$HOME/", "$HOME\\"):
        if pattern.startswith(prefix):
            return node_path_join(home, pattern[len(prefix):])
    return pattern


def utf16_units(text):
    """One Python character per UTF-16 code unit: `?` matches one code unit."""
    data = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(int.from_bytes(data[i:i + 2], "little")) for i in range(0, len(data), 2))


def pieces_match(pattern, value):
    """Whole-value match of a pattern without a trailing-" *" rule, in one pass
    (POL-MATCH-7: no backtracking). Pieces between stars have a fixed length, so
    the first is anchored at the start, the last at the end, and each middle
    piece is placed at its leftmost occurrence."""
    def fits(piece, at):
        return at + len(piece) <= len(value) and all(
            p == "?" or p == value[at + i] for i, p in enumerate(piece))
    pieces = pattern.split("*")
    if len(pieces) == 1:
        return len(pattern) == len(value) and fits(pattern, 0)
    first, middle, last = pieces[0], pieces[1:-1], pieces[-1]
    end = len(value) - len(last)
    if end < len(first) or not fits(first, 0) or not fits(last, end):
        return False
    at = len(first)
    for piece in middle:
        while at + len(piece) <= end and not fits(piece, at):
            at += 1
        if at + len(piece) > end:
            return False
        at += len(piece)
    return True


def wildcard_match(pattern, value, home):
    expanded = utf16_units(expand_home(pattern, home))
    value = utf16_units(value)
    if expanded.endswith(" *") and pieces_match(expanded[:-2], value):
        return True  # a trailing " *" makes the arguments optional
    return pieces_match(expanded, value)


class Reject(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code, self.message = code, message


def has_lone_surrogate(value):
    if isinstance(value, str):
        return any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if isinstance(value, list):
        return any(has_lone_surrogate(item) for item in value)
    if isinstance(value, dict):
        return any(has_lone_surrogate(k) or has_lone_surrogate(v) for k, v in value.items())
    return False


def string_field(request, name, default=None):
    value = request.get(name, default)
    if not isinstance(value, str):
        raise Reject("bad_request", f"`{name}` must be a string")
    return value


def answer(request):
    if not isinstance(request, dict):
        raise Reject("bad_request", "a request must be a JSON object")
    op = request.get("op")
    if not isinstance(op, str):
        raise Reject("bad_request", "`op` must be a string")
    if op not in OPERATIONS:
        raise Reject("unknown_op", f"unknown op {op!r}")
    if op != "match":
        raise Reject("unsupported_op", f"this adapter implements only `match`, not {op!r}")
    home = request.get("home")
    home = os.environ.get("HOME", "") if home is None else string_field(request, "home")
    pattern, value = string_field(request, "pattern"), string_field(request, "value")
    return {"matched": wildcard_match(pattern, value, home)}


def handle(line):
    request_id = None
    try:
        try:
            request = json.loads(line.decode("utf-8"))
        except UnicodeDecodeError as error:
            raise Reject("bad_encoding", str(error))
        except ValueError as error:
            raise Reject("bad_json", str(error))
        if has_lone_surrogate(request):  # Python accepts "\ud800"; the protocol does not
            raise Reject("bad_encoding", "lone surrogate")
        if isinstance(request, dict):
            request_id = request.get("id")
        return {"id": request_id, "ok": True, **answer(request)}
    except Reject as error:
        return {"id": request_id, "ok": False, "error": {"code": error.code, "message": error.message}}
    except Exception as error:  # a bug here must not kill the server
        return {"id": request_id, "ok": False, "error": {"code": "internal", "message": repr(error)}}


def main():
    out = sys.stdout
    out.write(json.dumps({"protocol": 1, "spec": "0.1.0", "implementation": "minimal_adapter.py 0.1.0"}) + "\n")
    out.flush()
    for line in sys.stdin.buffer:
        out.write(json.dumps(handle(line.rstrip(b"\n"))) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
