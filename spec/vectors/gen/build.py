"""Regenerates every vector file: `python3 spec/vectors/gen/build.py`.

Deterministic: no randomness, no clock, no implementation is run. Prints the
count per file and any clause a vector names that SPEC.md does not (yet) define.
"""

import importlib
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

GENERATORS = ["gen_payload", "gen_wrap", "gen_strip", "gen_auth", "gen_match", "gen_units", "gen_check", "gen_findings", "gen_pipe", "gen_config"]

if __name__ == "__main__":
    total = sum(importlib.import_module(name).main() for name in GENERATORS)
    print("total: %d vectors" % total)
