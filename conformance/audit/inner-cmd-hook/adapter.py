#!/usr/bin/env python3
"""The audit protocol (spec chapter 13) for `inner-cmd hook claude-code`.

Usage: adapter.py INNER_CMD [HOOK OPTIONS...] (through ./run, which sets HOME
and the working directory). Each command is sent as Claude Code sends its
PreToolUse hook input (the JSON envelope on stdin, `cwd` the project);
approved when the hook exits 0 and answers `"permissionDecision": "allow"`,
the only answer that lets Claude Code run the command without asking.
"""
import concurrent.futures, json, os, queue, subprocess, sys, threading

binary, options = sys.argv[1], sys.argv[2:]
project = os.getcwd()
env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ["HOME"]}
version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.split()[-1]


def approved(command):
    envelope = {"session_id": "audit", "transcript_path": os.path.join(project, ".transcript.jsonl"),
                "cwd": project, "permission_mode": "default", "hook_event_name": "PreToolUse",
                "tool_name": "Bash", "tool_input": {"command": command, "description": "audit"},
                "tool_use_id": "toolu_audit"}
    done = subprocess.run([binary, "hook", "claude-code", *options], cwd=project, env=env,
                          input=json.dumps(envelope).encode(), capture_output=True)
    try:
        decision = json.loads(done.stdout)["hookSpecificOutput"]["permissionDecision"]
    except (ValueError, KeyError, TypeError):
        decision = None  # no output: Claude Code asks the user as usual
    return done.returncode == 0 and decision == "allow"


def answer(request):
    command = request.get("command")
    if not isinstance(command, str):
        return {"id": request.get("id"), "error": "no command string"}
    return {"id": request.get("id"), "approved": approved(command)}


# Pipelined requests (AUDIT-PROTO-4) are judged two at a time, answered in order.
pending = queue.Queue()


def printer():
    while (future := pending.get()) is not None:
        print(json.dumps(future.result()), flush=True)


print(json.dumps({"audit": 1, "layer": "inner-cmd hook (Claude Code)", "version": version}), flush=True)
out = threading.Thread(target=printer)
out.start()
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    for line in sys.stdin:
        pending.put(pool.submit(answer, json.loads(line)))
    pending.put(None)
    out.join()
