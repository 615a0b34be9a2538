#!/usr/bin/env python3
"""The audit protocol (spec chapter 13) for safe-chains' CLI, as installed by ./setup.

Usage: run-cli.py VERSION (through ./run VERSION --cli)
Each command is judged by the installed CLI, `safe-chains "CMD"` (exit 0:
auto-approved), with an empty HOME and an empty project directory, so no
user or project configuration changes its answers. SAFE_CHAINS_LEVEL picks
`--level` (default: safe-chains' own default).
"""
import concurrent.futures, json, os, queue, re, subprocess, sys, tempfile, threading

here = os.path.dirname(os.path.abspath(__file__))
pinned = re.search(r"^PINNED=(\S+)", open(os.path.join(here, "setup")).read(), re.M).group(1)
version = sys.argv[1] if len(sys.argv) > 1 else pinned
binary = os.path.join(here, "../../../target/audit-layers/safe-chains", version, "bin/safe-chains")
if not os.access(binary, os.X_OK):
    sys.exit(f"safe-chains {version} is not installed: run {here}/setup {version}")
home, project = tempfile.mkdtemp(), tempfile.mkdtemp()
env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home}
level = os.environ.get("SAFE_CHAINS_LEVEL")
extra = ["--level", level] if level else []

def answer(request):
    command = request.get("command")
    if not isinstance(command, str) or "\0" in command:
        return {"id": request.get("id"), "error": "no command safe-chains can take"}
    done = subprocess.run([binary, *extra, command], cwd=project, env=env,
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return {"id": request.get("id"), "approved": done.returncode == 0}

# Pipelined requests (AUDIT-PROTO-4) are judged two at a time, answered in order.
pending = queue.Queue()
def printer():
    while (future := pending.get()) is not None:
        print(json.dumps(future.result()), flush=True)

print(json.dumps({"audit": 1, "layer": "safe-chains", "version": version}), flush=True)
out = threading.Thread(target=printer)
out.start()
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    for line in sys.stdin:
        pending.put(pool.submit(answer, json.loads(line)))
    pending.put(None)
    out.join()
