#!/usr/bin/env python3
"""Cost growth of the matcher benches: time ratio per doubling of the value.

Reads criterion's estimates under target/criterion (after `cargo bench --bench
matcher`) and, for every group whose benchmark ids are value lengths, prints
the median time per length and the ratio t(2L)/t(L) normalised to one
doubling (a step of 16x in length is reported as its 4th root). The target is
"doubling the value at most doubles the time": every ratio <= 2.0. Exit status
1 when some ratio exceeds --limit (default 2.0), so the check can be scripted.

    python3 benches/side-by-side/growth.py [--criterion-dir target/criterion] [--markdown]
"""
import argparse
import json
import math
import pathlib
import sys


def medians(group_dir: pathlib.Path) -> dict[int, float]:
    out = {}
    for bench_dir in group_dir.iterdir():
        estimates = bench_dir / "new" / "estimates.json"
        if not estimates.is_file():
            continue
        try:
            length = int(bench_dir.name)
        except ValueError:
            continue
        out[length] = json.loads(estimates.read_text())["median"]["point_estimate"]
    return out


def fmt_ns(ns: float) -> str:
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.0f} ns"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--criterion-dir", default="target/criterion")
    parser.add_argument("--limit", type=float, default=2.0)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()

    root = pathlib.Path(args.criterion_dir)
    # criterion stores group "matcher/rules-10" as directory "matcher_rules-10".
    groups = sorted(p for p in root.glob("matcher_*") if p.is_dir())
    if not groups:
        print(f"no matcher groups under {root}: run `cargo bench --bench matcher` first", file=sys.stderr)
        return 2
    worst = 0.0
    if args.markdown:
        print("| group | length → median time | worst ratio per doubling |")
        print("|---|---|---|")
    for group in groups:
        times = medians(group)
        if len(times) < 2:
            continue
        lengths = sorted(times)
        ratios = []
        for short, long in zip(lengths, lengths[1:]):
            doublings = math.log2(long / short)
            ratios.append((times[long] / times[short]) ** (1 / doublings))
        group_worst = max(ratios)
        worst = max(worst, group_worst)
        name = group.name.replace("matcher_", "matcher/", 1)
        series = ", ".join(f"{n} B {fmt_ns(times[n])}" for n in lengths)
        if args.markdown:
            print(f"| `{name}` | {series} | {group_worst:.2f} |")
        else:
            print(f"{name:<40} worst {group_worst:5.2f}  ratios {' '.join(f'{r:.2f}' for r in ratios)}")
            print(f"    {series}")
    verdict = "met" if worst <= args.limit else "MISSED"
    print(f"\nworst ratio per doubling over all groups: {worst:.2f} (target <= {args.limit}: {verdict})")
    return 0 if worst <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
