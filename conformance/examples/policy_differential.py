#!/usr/bin/env python3
"""Differential check of the policy-only adapter against `inner-cmd serve`.

The vectors hold what the spec says on chosen cases; this asks both servers
the same `units` and `check` questions on random token strings (seeded, so a
run is reproducible) and compares the answers. A difference on a command
whose parse has an `ERROR` or `MISSING` node is counted apart (the wheel's
tree-sitter 0.26.1 runtime and the crate's 0.26.13 core may recover
differently from a syntax error), and so is a difference on a command holding
a character the host's C.UTF-8 classifies otherwise than the wasm scanner
classes of POL-UNIT-1 (HOST_CLASS_CHARACTERS). Any other difference is
unexplained and fails the run (exit 1) with its first examples.

    python policy_differential.py --inner-cmd target/debug/inner-cmd --seed 1 --count 5000

Run it with the Python that has requirements-policy.txt installed.
"""
import argparse
import json
import locale
import os
import random
import subprocess
import sys

import tree_sitter
import tree_sitter_bash

HERE = os.path.dirname(os.path.abspath(__file__))
# Shell syntax, wrappers, and the characters where scanners disagree (D-1).
TOKENS = [
    "ls", "rm -rf x", "$(", ")", "`", "(", "{", "}", ";", "&&", "||", "|", "&", ">", "<", "2>&1",
    "<(", ">(", '"', "'", "\\", "\n", "#c", "echo", "sudo", "bash -c", "A=1", "$x", "${", "if",
    "then", "fi", "[[", "]]", "<<EOF", "EOF", " ", "\t", "\u00e9", "\u3000", "\u0085", "case", "in",
    "esac", "!", "((", "))", "for", "do", "done", "$((", "=", "*", "?", "~", "\u00e9=1", "\u3000A=1",
]
# Where glibc's C.UTF-8 iswspace differs from the package's wasm classes
# (POL-UNIT-1), measured over every code point against
# grammar/c/wasm_wctype_tables.h: exactly these two. (Its iswalpha differs on
# 10,821 letters of newer Unicode versions, none of them among TOKENS.)
HOST_CLASS_CHARACTERS = ("\u0085", "\u1680")
RULES = [{"pattern": "*", "action": "allow"}, {"pattern": "rm *", "action": "deny"},
         {"pattern": "?", "action": "deny"}]


class Server:
    def __init__(self, argv):
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, encoding="utf-8")
        self.process.stdout.readline()  # the handshake

    def ask(self, request):
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        response = json.loads(self.process.stdout.readline())
        response.get("error", {}).pop("message", None)  # messages are not part of the contract
        return response

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def main():
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--inner-cmd", required=True, help="path of the inner-cmd binary")
    options.add_argument("--seed", type=int, default=1)
    options.add_argument("--count", type=int, default=2000, help="commands (two requests each)")
    args = options.parse_args()
    rng = random.Random(args.seed)
    locale.setlocale(locale.LC_CTYPE, "C.UTF-8")  # as the adapter does (POL-UNIT-1)
    parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_bash.language()))
    reference = Server([args.inner_cmd, "serve"])
    adapter = Server([sys.executable, os.path.join(HERE, "policy_adapter.py")])
    requests = recovered = host_classes = 0
    unexplained = []
    for index in range(args.count):
        command = "".join(rng.choice(TOKENS) + rng.choice(["", " "]) for _ in range(rng.randint(1, 12)))
        for request in ({"op": "units", "command": command},
                        {"op": "check", "command": command, "rules": RULES, "home": "/h"}):
            request["id"] = index
            requests += 1
            expected, got = reference.ask(request), adapter.ask(request)
            if expected == got:
                continue
            if any(c in command for c in HOST_CLASS_CHARACTERS):
                host_classes += 1
                continue
            tree = parser.parse(command.encode("utf-16-le", "surrogatepass"), encoding="utf16le")
            if tree.root_node.has_error:
                recovered += 1
            else:
                unexplained.append((request, expected, got))
    reference.close()
    adapter.close()
    print(f"{requests} requests: {recovered} differ on commands with a syntax error, "
          f"{host_classes} on commands with a host-class character, {len(unexplained)} unexplained")
    for request, expected, got in unexplained[:5]:
        print(f"  {json.dumps(request)}\n    inner-cmd: {json.dumps(expected)}\n    adapter:   {json.dumps(got)}")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
