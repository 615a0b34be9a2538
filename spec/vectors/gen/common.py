"""Shared helpers for the vector generators (CONF-VEC-*).

Everything here is deliberately small and independent of the crate: the
ECMAScript tables are written out from the ECMAScript specification (SPEC.md
chapter 1), and `emit` only numbers, checks and writes what a generator built.
No generator ever runs an implementation to obtain an expected value.
"""

import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
# VECTORS_OUT redirects the output (tests/it/conform/corpus.rs regenerates into a
# temporary directory and compares byte for byte with the committed files).
VECTORS_DIR = os.environ.get("VECTORS_OUT") or os.path.dirname(HERE)
SPEC_VERSION = "0.1.0"
HOME = "/home/u"

# ECMA-1: the four line terminators.
LINE_TERMINATORS = ["\n", "\r", "\u2028", "\u2029"]
# ECMA-2: WhiteSpace ∪ LineTerminator, listed one by one (the class `\s`).
WHITESPACE = (
    ["\t", "\n", "\u000b", "\u000c", "\r", " ", "\u00a0", "\u1680"]
    + [chr(c) for c in range(0x2000, 0x200B)]
    + ["\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff"]
)
# Look-alikes that are NOT ECMAScript whitespace (ECMA-2 names U+0085 explicitly).
NOT_WHITESPACE = ["\u0085", "\u180e", "\u200b", "\u200c", "\u200d", "\u2060", "\u001c", "\u001f"]


# The protocol clause defining each operation's request and answer (SPEC.md 9).
OP_CLAUSE = {"match": "PROTO-7", "units": "PROTO-8", "check": "PROTO-9", "advisory": "PROTO-9",
             "authorize": "PROTO-10", "decide": "PROTO-11"}


def cp(c):
    """U+XXXX name of one character, for comments."""
    return "U+%04X" % ord(c)


def is_ws(c):
    return c in WHITESPACE


def trim(s):
    """ECMA-4 trim: strip WHITESPACE members at both ends."""
    start, end = 0, len(s)
    while start < end and is_ws(s[start]):
        start += 1
    while end > start and is_ws(s[end - 1]):
        end -= 1
    return s[start:end]


def is_blank(s):
    return trim(s) == ""


def spec_clause_ids():
    """Every clause id defined in spec/SPEC.md (a paragraph starting **ID**)."""
    ids = set()
    with open(os.path.join(REPO, "spec", "SPEC.md"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^\*\*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-[0-9]+(?:\.[0-9]+)?)\*\*", line)
            if m:
                ids.add(m.group(1))
    return ids


class Vectors:
    """Collects the groups of one file, numbers the tests, writes the JSON."""

    def __init__(self, stem, description):
        self.stem = stem
        self.description = description
        self.notes = {}
        self.generators = {}
        self.groups = []

    def note(self, flag, meaning):
        self.notes[flag] = meaning

    def generator(self, name, rule):
        self.generators[name] = rule

    def group(self, op, shared=None):
        g = {"op": op}
        if shared is not None:
            g["shared"] = shared
        g["tests"] = []
        self.groups.append(g)
        return g

    @staticmethod
    def add(group, comment, clauses, request, expected, flags=(), latitude=()):
        t = {"tcId": None, "comment": comment, "flags": list(dict.fromkeys(flags)), "clauses": list(dict.fromkeys(clauses)),
             "request": request, "expected": expected}
        if latitude:
            t["latitude"] = list(latitude)
        group["tests"].append(t)
        return t

    def write(self):
        known = spec_clause_ids()
        ledger = Ledger(self.stem)
        n = 0
        missing = set()
        for g in self.groups:
            for t in g["tests"]:
                n += 1
                t["tcId"] = ledger.id_of(g, t)
                # Every vector exercises its operation's request/answer shape.
                if OP_CLAUSE[g["op"]] not in t["clauses"]:
                    t["clauses"].append(OP_CLAUSE[g["op"]])
                for flag in t["flags"]:
                    if flag not in self.notes:
                        sys.exit("%s/%d: flag %s has no note" % (self.stem, n, flag))
                if not t["clauses"]:
                    sys.exit("%s/%d: names no clause" % (self.stem, n))
                missing.update(c for c in t["clauses"] if c not in known)
        path = os.path.join(VECTORS_DIR, self.stem + ".json")
        if missing:
            # A vector may only name clauses that exist (CONF-VEC-4): hold the
            # whole file back until its chapter has landed in SPEC.md.
            print("%s: HELD BACK, clauses not (yet) in SPEC.md: %s" % (self.stem, " ".join(sorted(missing))), file=sys.stderr)
            if os.path.exists(path):
                os.remove(path)
            return 0
        doc = {
            "schema": "vectors.schema.json",
            "specVersion": SPEC_VERSION,
            "chapter": self.stem,
            "description": self.description,
            "numberOfTests": n,
            "notes": self.notes,
            "generators": self.generators,
            "testGroups": [g for g in self.groups if g["tests"]],
        }
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=True, indent=1)
            f.write("\n")
        ledger.save()
        print("%s: %d tests" % (self.stem, n))
        return n


# The id ledgers (docs/docs/versioning.md, CONF-VEC-12: ids are stable): one file a vector
# file, `spec/vectors/gen/ids/<stem>.json`, mapping each case's key (its
# operation, shared members and request; a repeated key counts its
# occurrences) to its tcId, and keeping the next id to give. A case keeps
# its id whatever is added or removed around it (keys are SHA-256 prefixes
# of the canonical JSON, to keep the ledgers small); a removed case's id stays
# in the ledger, so it is never given to another. When VECTORS_OUT is set
# (the byte-for-byte regeneration test) the ledger is only read: a case it
# does not hold gets an id past every other, so the comparison fails until
# build.py is run and its ledger committed.
IDS_DIR = os.path.join(HERE, "ids")


class Ledger:
    def __init__(self, stem):
        self.path = os.path.join(IDS_DIR, stem + ".json")
        self.read_only = bool(os.environ.get("VECTORS_OUT"))
        self.ids = {}
        self.next = 1
        if os.path.exists(self.path):
            with open(self.path, encoding="utf-8") as f:
                saved = json.load(f)
            self.ids = saved["ids"]
            self.next = saved["next"]
        self.seen = {}

    def id_of(self, group, test):
        text = json.dumps([group["op"], group.get("shared"), test["request"]],
                          sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        base = hashlib.sha256(text.encode("ascii")).hexdigest()[:24]
        occurrence = self.seen.get(base, 0)
        self.seen[base] = occurrence + 1
        key = base if occurrence == 0 else "%s#%d" % (base, occurrence)
        if key not in self.ids:
            self.ids[key] = self.next
            self.next += 1
        return self.ids[key]

    def save(self):
        if self.read_only:
            return
        os.makedirs(IDS_DIR, exist_ok=True)
        with open(self.path, "w", encoding="utf-8") as f:
            json.dump({"next": self.next, "ids": self.ids}, f, ensure_ascii=True, indent=0, sort_keys=True)
            f.write("\n")
