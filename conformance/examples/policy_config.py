"""Policies of the policy-only example adapter (SPEC.md section 7.1).

A policy is `(rules, fallback)`: `rules` a list of `(pattern, state)` in
order (the last match wins), `fallback` the state when none matches. It comes
from the protocol's `rules` (a rule list, POL-CONFIG-8) or `policy` (a policy
file object, POL-CONFIG-1..3, 6, 7); anything the format does not allow is
refused with `bad_request` (PROTO-6), never replaced by a default.
"""
from minimal_adapter import Reject, wildcard_match

STATES = ("allow", "ask", "deny")


def utf16_length(text):
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def bad_policy(message):
    return Reject("bad_request", "policy: " + message)


def is_array_index(key):
    """POL-CONFIG-1: a canonical decimal integer from 0 to 2**32 - 2."""
    return key.isascii() and key.isdigit() and str(int(key)) == key and int(key) <= 2**32 - 2


def ecma_key_order(mapping):
    """POL-CONFIG-1: array-index keys ascending, then the rest as written (Python's
    dict already keeps a repeated key in its first place with its last value)."""
    indices = sorted((key for key in mapping if is_array_index(key)), key=int)
    return [(key, mapping[key]) for key in indices] + [
        (key, value) for key, value in mapping.items() if not is_array_index(key)]


def pattern_state(value, where):
    if isinstance(value, str) and value in STATES:
        return value
    if isinstance(value, dict) and value.get("action") == "deny" and set(value) <= {"action", "reason"}:
        reason = value.get("reason", "")
        if isinstance(reason, str) and utf16_length(reason) <= 500:
            return "deny"
    raise bad_policy(f"{where}: must be allow, ask, deny or {{\"action\": \"deny\", \"reason\"?: string}}")


def is_positive_integer(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


SETTINGS = {  # POL-CONFIG-6: the other top-level keys and the values they take
    "$schema": lambda v: isinstance(v, str),
    "debugLog": lambda v: isinstance(v, bool),
    "permissionReviewLog": lambda v: isinstance(v, bool),
    "doublePressToConfirm": lambda v: isinstance(v, bool),
    "yoloMode": lambda v: isinstance(v, bool),
    "toolInputPreviewMaxLength": is_positive_integer,
    "toolTextSummaryMaxLength": is_positive_integer,
    "piInfrastructureReadPaths": lambda v: isinstance(v, list) and all(isinstance(p, str) and p for p in v),
    "shellTools": lambda v: isinstance(v, dict) and all(k and isinstance(t, dict) for k, t in v.items()),
}


def config_policy(config, home):
    """POL-CONFIG-1..3, 6, 7: a policy file object to (rules, fallback), or refused."""
    for key, value in config.items():
        if key == "permission":
            continue
        if key not in SETTINGS:
            raise bad_policy(f"unknown top-level key {key!r}")
        if not SETTINGS[key](value):
            raise bad_policy(f"{key}: wrong type")
        if key == "yoloMode" and value:
            raise bad_policy("yoloMode: unsupported (it turns every ask into allow)")
    permission = config.get("permission", {})
    if not isinstance(permission, dict):
        raise bad_policy("permission: must be an object")
    rules, fallback = [], "ask"
    for surface, value in ecma_key_order(permission):
        if surface == "":
            raise bad_policy("permission: empty surface key")
        if isinstance(value, dict):
            entries = []
            for pattern, state in ecma_key_order(value):
                if pattern == "":
                    raise bad_policy(f"permission.{surface}: empty pattern key")
                entries.append((pattern, pattern_state(state, f"permission.{surface}.{pattern}")))
        elif isinstance(value, str) and value in STATES:
            entries = [("*", value)]
        else:
            raise bad_policy(f"permission.{surface}: must be a state or an object of patterns")
        if surface == "*":
            if isinstance(value, str):
                fallback = value  # POL-CONFIG-3; a "*" object is ignored
        elif wildcard_match(surface, "bash", home):  # POL-CONFIG-2
            rules.extend(entries)
    return rules, fallback


def rule_list(rules):
    """PROTO-6, POL-CONFIG-8: objects with exactly `pattern` and `action`."""
    policy = []
    for rule in rules:
        if not (isinstance(rule, dict) and set(rule) == {"pattern", "action"}
                and isinstance(rule["pattern"], str) and rule["action"] in STATES):
            raise Reject("bad_request", 'each rule must be {"pattern": string, "action": allow|ask|deny}')
        policy.append((rule["pattern"], rule["action"]))
    return policy, "ask"
