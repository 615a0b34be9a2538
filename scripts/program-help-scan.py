#!/usr/bin/env python3
"""Reads the installed programs' own option lists (`--help`, then the manual
page for the options `--help` does not list) and keeps every
option whose description speaks of running or executing something, a
command, program, shell, hook, pager, editor, filter, wrapper, loader,
import or configuration (spec §12.5, HARD-RUN-8).

Writes `spec/programs/help-options.tsv`: one line per option, tab-separated:
program, program version (the first line of `--version`), the option's
spellings as the help lists them, the description, and its source (`help`
or `man`). The snapshot is
committed; `tests/it/hardened/help_snapshot.rs` holds every line either
modelled (the hardened profile does not allow the program with that
option) or listed inert with a reason in `spec/programs/help-inert.tsv`.

Usage: python3 scripts/program-help-scan.py [--check]
  --check  compare with the committed snapshot instead of writing it
"""

import os
import re
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SNAPSHOT = os.path.join(REPO, "spec", "programs", "help-options.tsv")

# The programs of issue 33's list that agents run every day and a stock
# Debian developer machine has; a program not installed is skipped.
PROGRAMS = [
    "git", "npm", "pnpm", "yarn", "node", "python3", "perl", "make", "cargo",
    "gcc", "tar", "sort", "apt-get", "apt", "dpkg", "ssh", "rsync", "vim",
    "find", "xargs", "env", "timeout", "nice", "nohup", "stdbuf", "sed",
    "split", "install", "man", "less", "curl", "wget", "diff", "patch",
    "flock", "setsid", "script", "su", "runuser", "unshare", "nsenter",
    "taskset", "ionice", "chrt", "prlimit", "setarch", "watch", "ssh-agent",
    "gpg-agent", "dpkg-architecture", "dpkg-source", "dpkg-buildpackage",
    "git-shell", "scp", "sftp", "zip", "unzip", "gzip", "xz", "zstd",
    "groff", "troff", "nroff", "gpg", "telnet",
]

WORDS = re.compile(
    r"\b(run|runs|running|execut\w*|command|commands|program|programs|shell|"
    r"hook|hooks|pager|editor|filter|wrapper|loader|import|config\w*|script|"
    r"unsafe|(?:options|names|arguments|file\s+names)\s+from)\b",
    re.IGNORECASE,
)
# An option line: indentation, then `-x`, `--long`, or `-x, --long`.
OPTION = re.compile(r"^\s{1,12}(-{1,2}[A-Za-z0-9@][^\s]*(?:[ ,]+-{1,2}[A-Za-z0-9][^\s,]*)*)\s*(.*)$")


def run(argv):
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=20,
                              stdin=subprocess.DEVNULL, env={**os.environ, "PAGER": "cat",
                                                             "MANPAGER": "cat", "LC_ALL": "C"})
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout + done.stderr


def version(program):
    text = run([program, "--version"])
    first = next((l.strip() for l in text.splitlines() if l.strip()), "")
    return first[:80].replace("\t", " ")


def options(program):
    text = run([program, "--help"])
    rows = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = OPTION.match(line)
        if not m:
            continue
        spellings, description = m.group(1), m.group(2)
        # A description on the following indented lines belongs to it.
        j = i + 1
        while j < len(lines) and lines[j].startswith(" " * 8) and not OPTION.match(lines[j]):
            description += " " + lines[j].strip()
            j += 1
        description = " ".join(description.split())
        if WORDS.search(description) or WORDS.search(spellings):
            rows.append((spellings.strip(), description.replace("\t", " ")))
    return rows


# A manual page's option line: seven spaces, then the spellings; the
# description follows on the same line or on lines indented further.
MAN_OPTION = re.compile(r"^ {7}(-{1,2}[A-Za-z0-9@][^\s]*(?:[ ,]+-{1,2}[A-Za-z0-9][^\s,]*)*)\s*(.*)$")


def manual_options(program):
    env = {**os.environ, "MANWIDTH": "160", "LC_ALL": "C", "MANPAGER": "cat", "PAGER": "cat"}
    try:
        done = subprocess.run(["man", "-P", "cat", program], capture_output=True, text=True,
                              timeout=20, stdin=subprocess.DEVNULL, env=env)
    except (OSError, subprocess.TimeoutExpired):
        return []
    lines = done.stdout.splitlines()
    rows = []
    for i, line in enumerate(lines):
        m = MAN_OPTION.match(line)
        if not m:
            continue
        spellings, description = m.group(1), m.group(2)
        j = i + 1
        while j < len(lines) and lines[j].startswith(" " * 8) and not MAN_OPTION.match(lines[j]):
            description += " " + lines[j].strip()
            j += 1
        description = " ".join(description.split())
        if WORDS.search(description) or WORDS.search(spellings):
            rows.append((spellings.strip(), description.replace("\t", " ")))
    return rows


def scan():
    out = []
    for program in PROGRAMS:
        if shutil.which(program) is None:
            continue
        v = version(program)
        seen = set()
        for spellings, description in options(program):
            seen.add(spellings)
            out.append("\t".join([program, v, spellings, description, "help"]))
        # The manual for what `--help` leaves out (find's, less's and vim's
        # `--help` list a fraction of their options).
        for spellings, description in manual_options(program):
            if spellings not in seen:
                seen.add(spellings)
                out.append("\t".join([program, v, spellings, description, "man"]))
    return "\n".join(out) + "\n"


def main():
    text = scan()
    if "--check" in sys.argv:
        with open(SNAPSHOT, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit("the installed programs' help differs from %s" % SNAPSHOT)
        return
    os.makedirs(os.path.dirname(SNAPSHOT), exist_ok=True)
    with open(SNAPSHOT, "w", encoding="utf-8") as f:
        f.write(text)
    print("%d options in %s" % (text.count("\n"), SNAPSHOT))


if __name__ == "__main__":
    main()
