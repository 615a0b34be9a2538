#!/usr/bin/env python3
"""The audit protocol (spec chapter 13) for safe-chains' binary, as installed by ./setup.

Usage: run-cli.py VERSION --cli|--hook (through ./run VERSION --cli|--hook,
which sets HOME and the working directory, the project)
--cli:  each command is judged by the CLI, `safe-chains "CMD"` (exit 0:
        auto-approved); SAFE_CHAINS_LEVEL picks `--level` (default:
        safe-chains' own default).
--hook: each command is sent as Claude Code sends its PreToolUse hook input
        (the JSON envelope on stdin, `cwd` the project,
        CLAUDE_PROJECT_DIR the project); approved when the hook answers
        `"permissionDecision": "allow"`, the only answer that lets Claude
        Code run the command without asking.
"""
import concurrent.futures, json, os, queue, re, subprocess, sys, threading

here = os.path.dirname(os.path.abspath(__file__))
pinned = re.search(r"^PINNED=(\S+)", open(os.path.join(here, "setup")).read(), re.M).group(1)
version = sys.argv[1] if len(sys.argv) > 1 else pinned
hook = "--hook" in sys.argv[2:]
# ./run names the install (it knows the layer directory before it empties HOME).
binary = os.path.join(os.environ.get("SAFE_CHAINS_ROOT", ""), "bin/safe-chains")
if not os.access(binary, os.X_OK):
    sys.exit(f"safe-chains {version} is not installed: run {here}/setup {version}")
project = os.getcwd()
env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ["HOME"]}
level = os.environ.get("SAFE_CHAINS_LEVEL")
extra = ["--level", level] if level else []

def answer(request):
    command = request.get("command")
    if not isinstance(command, str) or "\0" in command:
        return {"id": request.get("id"), "error": "no command safe-chains can take"}
    if hook:
        return {"id": request.get("id"), "approved": ask_hook(command)}
    done = subprocess.run([binary, *extra, command], cwd=project, env=env,
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return {"id": request.get("id"), "approved": done.returncode == 0}

def ask_hook(command):
    envelope = {"session_id": "audit", "transcript_path": os.path.join(project, ".transcript.jsonl"),
                "cwd": project, "permission_mode": "default", "hook_event_name": "PreToolUse",
                "tool_name": "Bash", "tool_input": {"command": command, "description": "audit"}}
    done = subprocess.run([binary], cwd=project, env={**env, "CLAUDE_PROJECT_DIR": project},
                          input=json.dumps(envelope), capture_output=True, text=True)
    try:
        decision = json.loads(done.stdout)["hookSpecificOutput"]["permissionDecision"]
    except (ValueError, KeyError, TypeError):
        decision = None  # no output: Claude Code asks the user as usual
    return done.returncode == 0 and decision == "allow"

# Pipelined requests (AUDIT-PROTO-4) are judged two at a time, answered in order.
pending = queue.Queue()
def printer():
    while (future := pending.get()) is not None:
        print(json.dumps(future.result()), flush=True)

name = "safe-chains (Claude Code hook)" if hook else "safe-chains"
print(json.dumps({"audit": 1, "layer": name, "version": version}), flush=True)
out = threading.Thread(target=printer)
out.start()
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    for line in sys.stdin:
        pending.put(pool.submit(answer, json.loads(line)))
    pending.put(None)
    out.join()
