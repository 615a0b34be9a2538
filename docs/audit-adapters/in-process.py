#!/usr/bin/env python3
"""An audit adapter (spec chapter 13) for a layer written in Python: import
its decision function and answer one line per request, in process (no
process start per command, so an audit reaches many more cases).

    inner-cmd audit --impl 'python3 docs/audit-adapters/in-process.py my_layer.hooks:decide'

The argument names a module (importable from the working directory or the
Python path) and a function, `module:function`; the function takes the
command string and returns True when the layer would run it without asking
a human. Call the layer's whole decision path, not one classifier: whatever
the hook does after classifying (an ask fallback, a second opinion, what it
emits for "allow") decides what the agent runs. conformance/audit/nah/
adapter.py does this for nah's Claude Code hook.
"""
import importlib
import json
import sys
from importlib.metadata import PackageNotFoundError, version

if len(sys.argv) != 2 or ":" not in sys.argv[1]:
    sys.exit("usage: in-process.py MODULE:FUNCTION")
module_name, function_name = sys.argv[1].split(":", 1)
sys.path.insert(0, ".")
decide = getattr(importlib.import_module(module_name), function_name)
package = module_name.split(".")[0]
try:
    layer_version = version(package)
except PackageNotFoundError:
    layer_version = "unknown"

# A layer that prints must not break the protocol: its stdout goes to stderr.
protocol, sys.stdout = sys.stdout, sys.stderr


def write(value):
    protocol.write(json.dumps(value) + "\n")
    protocol.flush()


write({"audit": 1, "layer": package, "version": layer_version})
for line in sys.stdin:
    request = json.loads(line)
    try:
        write({"id": request["id"], "approved": decide(request["command"]) is True})
    except Exception as error:  # the layer cannot say: unknown (AUDIT-PROTO-3)
        write({"id": request["id"], "error": repr(error)})
