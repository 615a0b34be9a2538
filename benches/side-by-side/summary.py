#!/usr/bin/env python3
"""Markdown table of every criterion result (median, 95 % interval, throughput).

    python3 benches/side-by-side/summary.py [--criterion-dir target/criterion] [--prefix GROUP]
"""
import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from criterion_results import fmt_ns, fmt_throughput, load  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--criterion-dir", default="target/criterion")
    parser.add_argument("--prefix", default="", help="only groups starting with this")
    args = parser.parse_args()
    results = [r for r in load(args.criterion_dir) if r.group.startswith(args.prefix)]
    # Numeric parameters (value lengths) in numeric order within each group.
    results.sort(key=lambda r: (r.group, r.function or "", int(r.value) if (r.value or "").isdigit() else 0, r.value or ""))
    if not results:
        print("no criterion results found", file=sys.stderr)
        return 2
    print("| benchmark | median | 95 % interval | throughput |")
    print("|---|---|---|---|")
    for r in results:
        print(f"| `{r.full_id}` | {fmt_ns(r.median_ns)} | {fmt_ns(r.low_ns)} – {fmt_ns(r.high_ns)} | {fmt_throughput(r)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
