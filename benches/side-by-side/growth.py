#!/usr/bin/env python3
"""Cost growth of the matcher benches: time ratio per doubling of the value.

Reads criterion's results under target/criterion (after `cargo bench --bench
matcher`) and, for every `matcher/…` group, prints the median time per value
length and the ratio t(L2)/t(L1) normalised to one doubling (a 16x step in
length is reported as its 4th root). The target is "doubling the value at
most doubles the time": every ratio <= 2.0. Exit status 1 when some ratio
exceeds --limit (default 2.0), so the check can be scripted.

    python3 benches/side-by-side/growth.py [--criterion-dir target/criterion] [--markdown]
"""
import argparse
import collections
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from criterion_results import fmt_ns, load  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--criterion-dir", default="target/criterion")
    parser.add_argument("--limit", type=float, default=2.0)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()

    groups = collections.defaultdict(dict)
    for r in load(args.criterion_dir):
        if r.group.startswith("matcher/") and r.value is not None and r.value.isdigit():
            groups[r.group][int(r.value)] = r.median_ns
    if not groups:
        print(f"no matcher results under {args.criterion_dir}: run `cargo bench --bench matcher`", file=sys.stderr)
        return 2
    worst = 0.0
    if args.markdown:
        print("| group | value length: median time | ratio per doubling (each step) | worst |")
        print("|---|---|---|---|")
    for name in sorted(groups):
        times = groups[name]
        lengths = sorted(times)
        ratios = [
            (times[b] / times[a]) ** (1 / math.log2(b / a)) for a, b in zip(lengths, lengths[1:])
        ]
        if not ratios:
            continue
        group_worst = max(ratios)
        worst = max(worst, group_worst)
        series = ", ".join(f"{n}: {fmt_ns(times[n])}" for n in lengths)
        steps = " ".join(f"{r:.2f}" for r in ratios)
        if args.markdown:
            print(f"| `{name}` | {series} | {steps} | {group_worst:.2f} |")
        else:
            print(f"{name:<48} worst {group_worst:5.2f}  ratios {steps}\n    {series}")
    verdict = "met" if worst <= args.limit else "MISSED"
    print(f"\nworst ratio per doubling over all groups: {worst:.2f} (target <= {args.limit}: {verdict})")
    return 0 if worst <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
