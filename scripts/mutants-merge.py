#!/usr/bin/env python3
"""Merge several cargo-mutants output directories into one per-file table.

    scripts/mutants-merge.py DIR/mutants.out [DIR/mutants.out ...]

Runs are given oldest first; when a mutant (its full name, with
line:column) was run more than once, the last run's outcome counts, so a
survivor killed by a later test shows as caught. Runs merged this way must
share the mutated sources (tests may differ), or the names do not line up.
Prints Markdown: the per-file table, then the missed and timed-out mutants. Used for docs/mutants-report.md (issue 16).
"""
import json
import sys
from collections import Counter, OrderedDict

KINDS = {"CaughtMutant": "caught", "MissedMutant": "missed",
         "Unviable": "unviable", "Timeout": "timeout"}


def main(dirs):
    latest = OrderedDict()
    for d in dirs:
        with open(f"{d}/outcomes.json") as f:
            outcomes = json.load(f)["outcomes"]
        for o in outcomes:
            scenario = o["scenario"]
            if not isinstance(scenario, dict) or "Mutant" not in scenario:
                continue  # the baseline
            m = scenario["Mutant"]
            name = m["name"]
            latest[name] = (m["file"], KINDS.get(o["summary"], o["summary"]), name)
    per_file = OrderedDict()
    for file, kind, _ in sorted(latest.values()):
        per_file.setdefault(file, Counter())[kind] += 1
    total = Counter()
    print("| file | caught | missed | unviable | timeout |\n|---|---:|---:|---:|---:|")
    for file, c in per_file.items():
        total.update(c)
        print(f'| `{file}` | {c["caught"]} | {c["missed"]} | {c["unviable"]} | {c["timeout"]} |')
    print(f'| **total** | **{total["caught"]}** | **{total["missed"]}** | '
          f'**{total["unviable"]}** | **{total["timeout"]}** |')
    for kind in ("missed", "timeout"):
        names = [n for _, k, n in latest.values() if k == kind]
        if names:
            print(f"\n{kind}:\n")
            for n in names:
                print(f"- {n}")


if __name__ == "__main__":
    main(sys.argv[1:])
