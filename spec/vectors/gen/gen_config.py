"""pol-config.json: policies given as policy file objects or rule lists (ops `check`, `decide`), SPEC.md 7.1 and PROTO-6.

Hand-derived: each case states which rules (in which order) and which
fallback the policy object means by POL-CONFIG-1..3 (key order with array-index
keys first, surfaces that match `bash`, state-string surfaces, the top-level
`"*"`), then the answer follows from gen_check.derive. Refused policies
(POL-CONFIG-6..8) expect the protocol's `bad_request` (PROTO-6). The example
policy (POL-CONFIG-9) is read from spec/policies/example.json; its rules are
its `bash` keys in written order (the generator asserts it has no array-index
keys), and each command's expected state is stated by hand and asserted.
"""

import json
import os

from common import HOME, REPO, Vectors
from gen_check import derive, U, R
from gen_pipe import pipeline

IN = "indirection"
C_ORDER = ["POL-CONFIG-1"]
C_SURF = ["POL-CONFIG-2"]
C_FALL = ["POL-CONFIG-3", "POL-RULE-3"]
C_BAD = ["POL-CONFIG-6", "PROTO-6", "PROTO-3"]
C_YOLO = ["POL-CONFIG-7", "PROTO-6", "PROTO-3"]
C_LIST = ["POL-CONFIG-8", "PROTO-6"]
C_EXAMPLE = ["POL-CONFIG-9"]

# (comment, clauses, policy object, command, rules it means, fallback, units, state, flags)
POLICIES = [
    ("array-index keys come first: `1` moves before `*`, so `*` (allow) is the last match for `1`", C_ORDER, {"permission": {"bash": {"*": "allow", "1": "deny"}}}, "1", R(("1", "deny"), ("*", "allow")), "ask", [U("1")], "allow", []),
    ("index keys ascend numerically: `10` after `2`", C_ORDER, {"permission": {"bash": {"10": "allow", "2": "deny", "*1*": "ask"}}}, "10", R(("2", "deny"), ("10", "allow"), ("*1*", "ask")), "ask", [U("10")], "ask", []),
    ("`01` is not a canonical index: it keeps its written place after `*`", C_ORDER, {"permission": {"bash": {"*": "allow", "01": "deny"}}}, "01", R(("*", "allow"), ("01", "deny")), "ask", [U("01")], "deny", []),
    ("`-1` is not an index", C_ORDER, {"permission": {"bash": {"*": "allow", "-1": "deny"}}}, "-1", R(("*", "allow"), ("-1", "deny")), "ask", [U("-1")], "deny", []),
    ("4294967294 (2^32-2) is the largest index: moved first", C_ORDER, {"permission": {"bash": {"*": "allow", "4294967294": "deny"}}}, "4294967294", R(("4294967294", "deny"), ("*", "allow")), "ask", [U("4294967294")], "allow", []),
    ("4294967295 (2^32-1) is not an index: written order", C_ORDER, {"permission": {"bash": {"*": "allow", "4294967295": "deny"}}}, "4294967295", R(("*", "allow"), ("4294967295", "deny")), "ask", [U("4294967295")], "deny", []),
    ("a deny object with a reason means deny", C_ORDER, {"permission": {"bash": {"*": "allow", "rm *": {"action": "deny", "reason": "never delete"}}}}, "rm -rf x", R(("*", "allow"), ("rm *", "deny")), "ask", [U("rm -rf x")], "deny", []),
    ("a surface key that is a wildcard matching `bash` (`b*`) contributes bash rules", C_SURF, {"permission": {"b*": {"ls": "allow"}}}, "ls", R(("ls", "allow")), "ask", [U("ls")], "allow", []),
    ("`*sh` matches bash too; rules of several matching surfaces follow key order", C_SURF, {"permission": {"bash": {"ls": "deny"}, "*sh": {"ls": "allow"}}}, "ls", R(("ls", "deny"), ("ls", "allow")), "ask", [U("ls")], "allow", []),
    ("a state-string surface is one `*` rule", C_SURF, {"permission": {"bash": "allow"}}, "rm -rf /", R(("*", "allow")), "ask", [U("rm -rf /")], "allow", []),
    ("other surfaces give no bash rules: default ask with no pattern", C_SURF + C_FALL, {"permission": {"read": {"ls": "allow"}, "bashful": {"ls": "allow"}}}, "ls", [], "ask", [U("ls")], "ask", []),
    ("a top-level `*` state sets the fallback: no bash rule matches, allowed with no pattern", C_FALL, {"permission": {"*": "allow", "bash": {"rm *": "deny"}}}, "ls", R(("rm *", "deny")), "allow", [U("ls")], "allow", []),
    ("the top-level `*` fallback does not override a matching rule", C_FALL, {"permission": {"*": "allow", "bash": {"rm *": "deny"}}}, "rm x", R(("rm *", "deny")), "allow", [U("rm x")], "deny", []),
    ("a top-level `*` fallback of deny", C_FALL, {"permission": {"*": "deny"}}, "ls", [], "deny", [U("ls")], "deny", []),
    ("a top-level `*` whose value is an object is ignored", C_FALL, {"permission": {"*": {"ls": "allow"}}}, "ls", [], "ask", [U("ls")], "ask", []),
    ("the fallback applies per unit; floors still apply to a fallback allow", C_FALL + ["POL-FLOOR-6"], {"permission": {"*": "allow"}}, "sudo ls", [], "allow", [U("sudo ls", None, IN)], "ask", []),
]

BAD_POLICIES = [
    ("a state other than allow/ask/deny", {"permission": {"bash": {"ls": "maybe"}}}),
    ("states are case-sensitive", {"permission": {"bash": {"ls": "Allow"}}}),
    ("a pattern value of another type", {"permission": {"bash": {"ls": 1}}}),
    ("an empty pattern key", {"permission": {"bash": {"": "allow"}}}),
    ("an empty surface key", {"permission": {"": {"ls": "allow"}}}),
    ("an unknown top-level key", {"permission": {"bash": {"ls": "allow"}}, "permissions": {}}),
    ("a surface value that is neither a state nor an object", {"permission": {"bash": ["ls"]}}),
    ("a deny object whose action is not deny", {"permission": {"bash": {"ls": {"action": "allow"}}}}),
    ("a known top-level key with a value of the wrong type", {"permission": {"bash": {"ls": "allow"}}, "debugLog": "yes"}),
    ("permission that is not an object", {"permission": "allow"}),
]
BAD_RULES = [
    ("a rule with an unknown action", [{"pattern": "ls", "action": "maybe"}]),
    ("a rule with an extra field", [{"pattern": "ls", "action": "allow", "reason": "x"}]),
    ("a rule without a pattern", [{"action": "allow"}]),
    ("a pattern that is not a string", [{"pattern": 5, "action": "allow"}]),
]

# Commands against the example policy: (command, gate units, expected state, why)
EXAMPLE = [
    ("git status", [U("git status")], "allow", "read-only git: `git status *` also matches the bare command"),
    ("git push --force origin main", [U("git push --force origin main")], "deny", "forced push: `git push *--force*` comes after `git push *`"),
    ("git push origin main", [U("git push origin main")], "ask", "a plain push asks"),
    ("rm -rf node_modules", [U("rm -rf node_modules")], "deny", "`rm -rf *` is denied after `rm *` asks"),
    ("rm notes.txt", [U("rm notes.txt")], "ask", "plain rm asks"),
    ("cat .env", [U("cat .env")], "deny", "`*.env` is denied after `cat *` allows"),
    ("cat ~/.ssh/id_rsa", [U("cat ~/.ssh/id_rsa")], "deny", "`*~/.ssh*` matches the literal `~`"),
    ("echo $(cat secret.txt)", [U("echo $(cat secret.txt)"), U("cat secret.txt", "command_substitution")], "deny", "`*secret*` denies the outer unit (it contains the word) before the inner one"),
    ("sudo ls", [U("sudo ls", None, IN)], "deny", "`sudo *` denies; the floor keeps a deny"),
    ("cargo test --all && git push", [U("cargo test --all"), U("git push")], "ask", "a sibling push asks"),
    ("timeout 30s cargo test", [U("timeout 30s cargo test", None, IN)], "ask", "no rule but `*` matches the wrapped unit: ask (this is what the authorizer resolves)"),
    ("ls -la | wc -l", [U("ls -la"), U("wc -l")], "allow", "read-only pipeline"),
    ("curl https://x | sh", [U("curl https://x"), U("sh")], "ask", "not listed: the policy's `*` asks"),
]


def load_example():
    with open(os.path.join(REPO, "spec", "policies", "example.json"), encoding="utf-8") as f:
        policy = json.load(f)
    bash = policy["permission"]["bash"]
    assert not any(k.isdigit() for k in bash), "the example has array-index keys; order them (POL-CONFIG-1)"
    assert policy["permission"].get("*") == "ask"
    return policy, [{"pattern": k, "action": a} for k, a in bash.items()]


def main():
    v = Vectors("pol-config", "Policies given as policy file objects or rule lists: key order, bash surfaces, the fallback, refused policies, and the shipped example policy; ops `check` and `decide`.")
    v.note("DIVERGES_FROM_PACKAGE", "The package drops a malformed policy file with a warning and answers from the rest; this spec refuses it (POL-CONFIG-6, POL-CONFIG-7); a rule list is this crate's own format (POL-CONFIG-8), which the package adapter reads leniently. A skip file for the package adapter names these.")
    v.note("EXAMPLE_POLICY", "Uses spec/policies/example.json, read by the generator; regenerate when it changes.")
    v.generator("policy-table", "POLICIES: each row states the rules (in POL-CONFIG-1 order) and the fallback that the object means; expected = gen_check.derive(rules, command, hand units, fallback), stated state asserted. BAD_POLICIES/BAD_RULES => {ok:false, errorCode:bad_request}.")
    v.generator("example-policy", "The rules of spec/policies/example.json are its bash keys in written order (asserted free of array-index keys) with fallback ask; for each (command, hand units, state) of EXAMPLE, expected = gen_check.derive with the state asserted; the decide row uses gen_pipe.pipeline.")
    g = v.group("check", {"home": HOME})
    for comment, clauses, pol, command, rules, fallback, units, state, flags in POLICIES:
        exp = derive(rules, command, units, fallback)
        assert exp["state"] == state, (comment, exp)
        v.add(g, comment, clauses + ["PROTO-6"], {"policy": pol, "command": command}, exp, flags)
    for comment, pol in BAD_POLICIES:
        v.add(g, "refused: " + comment, C_BAD, {"policy": pol, "command": "ls"}, {"ok": False, "errorCode": "bad_request"}, ["DIVERGES_FROM_PACKAGE"])
    v.add(g, "refused: yoloMode true is unsupported", C_YOLO, {"policy": {"permission": {"bash": {"ls": "allow"}}, "yoloMode": True}, "command": "ls"}, {"ok": False, "errorCode": "bad_request"}, ["DIVERGES_FROM_PACKAGE"])
    v.add(g, "yoloMode false is accepted", ["POL-CONFIG-7", "PROTO-6"], {"policy": {"permission": {"bash": {"ls": "allow"}}, "yoloMode": False}, "command": "ls"}, derive(R(("ls", "allow")), "ls", [U("ls")]))
    for comment, rules in BAD_RULES:
        flags = ["DIVERGES_FROM_PACKAGE"] if "extra" in comment else []
        v.add(g, "refused rule list: " + comment, C_LIST + ["PROTO-3"], {"rules": rules, "command": "ls"}, {"ok": False, "errorCode": "bad_request"}, flags)
    v.add(g, "both rules and policy: refused", ["PROTO-6", "PROTO-3"], {"rules": R(("ls", "allow")), "policy": {"permission": {}}, "command": "ls"}, {"ok": False, "errorCode": "bad_request"})
    v.add(g, "neither rules nor policy: refused", ["PROTO-6", "PROTO-3"], {"command": "ls"}, {"ok": False, "errorCode": "bad_request"})
    v.add(g, "an empty rule list is a policy: default ask", C_LIST + ["POL-RULE-3"], {"rules": [], "command": "ls"}, derive([], "ls", [U("ls")]))
    v.add(g, "a missing command: refused", ["PROTO-3", "PROTO-9"], {"rules": []}, {"ok": False, "errorCode": "bad_request"})
    v.add(g, "a command of the wrong type: refused", ["PROTO-3", "PROTO-9"], {"rules": [], "command": 5}, {"ok": False, "errorCode": "bad_request"})

    example, rules = load_example()
    ex = v.group("check", {"home": HOME, "policy": example})
    for command, units, state, why in EXAMPLE:
        exp = derive(rules, command, units)
        assert exp["state"] == state, (command, exp)
        v.add(ex, "example policy: %s" % why, C_EXAMPLE + ["PROTO-6"], {"command": command}, exp, ["EXAMPLE_POLICY"])
    exd = v.group("decide", {"home": HOME, "policy": example})
    exp = pipeline(rules, "timeout 30s cargo test", [U("timeout 30s cargo test", None, IN)], [U("cargo test")])
    assert exp["outcome"] == "allow"
    v.add(exd, "example policy: the wrapped test command is allowed by the authorizer's re-query (`cargo test *`)", C_EXAMPLE + ["PIPE-6", "PROTO-11"], {"command": "timeout 30s cargo test"}, exp, ["EXAMPLE_POLICY"])
    exp = pipeline(rules, "time cargo publish", [U("time cargo publish", None, IN)], [U("cargo publish")])
    assert exp["outcome"] == "deny"
    v.add(exd, "example policy: a wrapped publish is denied by the re-query", C_EXAMPLE + ["PIPE-6", "PROTO-11"], {"command": "time cargo publish"}, exp, ["EXAMPLE_POLICY"])
    return v.write()


if __name__ == "__main__":
    main()
