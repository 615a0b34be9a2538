"""Reads criterion's saved results (target/criterion/**/new/*.json)."""
import json
import pathlib
from dataclasses import dataclass


@dataclass
class Result:
    group: str
    function: str | None
    value: str | None
    full_id: str
    median_ns: float
    low_ns: float
    high_ns: float
    throughput: dict | None


def load(root: str | pathlib.Path) -> list[Result]:
    out = []
    for meta_path in sorted(pathlib.Path(root).glob("**/new/benchmark.json")):
        meta = json.loads(meta_path.read_text())
        median = json.loads((meta_path.parent / "estimates.json").read_text())["median"]
        interval = median["confidence_interval"]
        out.append(
            Result(
                group=meta["group_id"],
                function=meta.get("function_id"),
                value=meta.get("value_str"),
                full_id=meta["full_id"],
                median_ns=median["point_estimate"],
                low_ns=interval["lower_bound"],
                high_ns=interval["upper_bound"],
                throughput=meta.get("throughput"),
            )
        )
    return out


def fmt_ns(ns: float) -> str:
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.0f} ns"


def fmt_throughput(result: Result) -> str:
    t = result.throughput or {}
    seconds = result.median_ns / 1e9
    if "Bytes" in t:
        rate = t["Bytes"] / seconds
        for unit, scale in (("GiB/s", 2**30), ("MiB/s", 2**20), ("KiB/s", 2**10)):
            if rate >= scale:
                return f"{rate / scale:.1f} {unit}"
        return f"{rate:.0f} B/s"
    if "Elements" in t:
        return f"{t['Elements'] / seconds:,.0f} /s"
    return ""
