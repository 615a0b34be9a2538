"""The audit protocol (spec chapter 13) for nah, in process.

Each command goes through nah's own Claude Code hook entry point
(`nah.claude_hooks.main`) with the PreToolUse envelope Claude Code sends for
a Bash call. The command is approved exactly when the hook answers
`"permissionDecision": "allow"`: that is the only answer with which Claude
Code runs the command without asking. An empty answer hands the decision to
Claude Code's own permissions (which ask for a Bash command no rule
allows), and `ask` or `deny` stop it. Run through ./run, which gives the
hook its context (HOME, the project directory).
"""
import io
import json
import os
import sys
from importlib.metadata import version

from nah import claude_hooks


def decide(command: str) -> bool:
    envelope = {
        "session_id": "audit",
        "transcript_path": "",
        "cwd": os.getcwd(),
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": command, "description": "audit"},
    }
    out = io.StringIO()
    claude_hooks.main(stdin=io.StringIO(json.dumps(envelope)), stdout=out)
    text = out.getvalue().strip()
    if not text:
        return False
    answer = json.loads(text)
    specific = answer.get("hookSpecificOutput") or {}
    return specific.get("permissionDecision") == "allow"


def main() -> None:
    # The hook writes its own answer to stdout; the protocol's lines go to
    # the real one only.
    protocol = sys.stdout
    sys.stdout = sys.stderr

    def write(value: dict) -> None:
        protocol.write(json.dumps(value) + "\n")
        protocol.flush()

    # A hook's own standard input is Claude Code's envelope, read to its
    # end before the hook judges: nah opens `/dev/stdin` when a command
    # names it (`python3 /dev/stdin <<< …`), and must find there what it
    # finds in a hook, not the protocol's next requests.
    requests = os.fdopen(os.dup(0), encoding="utf-8")
    empty = os.open(os.devnull, os.O_RDONLY)
    os.dup2(empty, 0)
    os.close(empty)
    write({"audit": 1, "layer": "nah", "version": version("nah")})
    for line in requests:
        request = json.loads(line)
        try:
            write({"id": request["id"], "approved": decide(request["command"])})
        except Exception as error:  # the layer cannot say: unknown (AUDIT-PROTO-3)
            write({"id": request["id"], "error": repr(error)})


if __name__ == "__main__":
    main()
