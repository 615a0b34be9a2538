#!/usr/bin/env python3
"""An audit adapter (spec chapter 13) for a layer whose CLI takes a command
as one argument and exits 0 when it approves it:

    inner-cmd audit --impl 'python3 docs/audit-adapters/cli-exit-status.py my-layer --check'

Everything after the script's name is the layer's command line; the command
to judge is appended as its last argument.
"""
import json
import subprocess
import sys

layer = sys.argv[1:]
if not layer:
    sys.exit("usage: cli-exit-status.py LAYER [ARGS...]")
version = subprocess.run([*layer[:1], "--version"], capture_output=True, text=True).stdout.strip()
print(json.dumps({"audit": 1, "layer": layer[0], "version": version or "unknown"}), flush=True)

for line in sys.stdin:
    request = json.loads(line)
    try:
        done = subprocess.run([*layer, request["command"]], stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=20)
        answer = {"id": request["id"], "approved": done.returncode == 0}
    except (subprocess.TimeoutExpired, OSError, ValueError) as error:
        # The layer cannot say: unknown, never an approval (AUDIT-PROTO-3).
        answer = {"id": request["id"], "error": str(error)}
    print(json.dumps(answer), flush=True)
