#!/usr/bin/python3
"""Do the medians of several benchmark runs agree? (bench/stability.sh)

usage: compare.py LIMIT_PCT NAME=MEDIANS_TSV...

Reads each run's medians.tsv (bench/report.py: workload, configuration,
metric, median) and prints, in markdown, per metric (CPU time "busy",
elapsed "secs"): for every workload and configuration the largest
difference between the runs' medians, (max - min) / min in %, with the
runs' medians, and whether it is within LIMIT_PCT. Then a summary line per
metric: how many of the figures agree within the limit and the worst one.
Exit status: 0 when it could compare, 1 when a run lacks figures the first
has, 2 on bad usage.
"""
import sys


def load(path):
    figs = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            wl, cfg, metric, value = line.rstrip("\n").split("\t")
            figs[(wl, cfg, metric)] = float(value)
    return figs


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: compare.py LIMIT_PCT NAME=MEDIANS_TSV NAME=MEDIANS_TSV...")
    try:
        limit = float(sys.argv[1])
        runs = [(a.split("=", 1)[0], load(a.split("=", 1)[1])) for a in sys.argv[2:]]
    except (ValueError, IndexError, OSError) as e:
        print(f"compare.py: {e}", file=sys.stderr)
        sys.exit(2)
    keys = list(runs[0][1])
    missing = [f"{n}: {'/'.join(k)}" for n, figs in runs[1:] for k in keys if k not in figs]
    names = [n for n, _ in runs]
    for metric, what in (("busy", "CPU time (busy)"), ("secs", "elapsed time")):
        rows = [k for k in keys if k[2] == metric and all(k in figs for _, figs in runs)]
        if not rows:
            continue
        print(f"## {what}: the runs' medians, and their largest difference")
        print()
        print("| workload | configuration | " + " | ".join(names) + " | difference |")
        print("| --- " * (len(names) + 3) + "|")
        worst, within = None, 0
        for k in rows:
            vals = [figs[k] for _, figs in runs]
            diff = (max(vals) - min(vals)) / min(vals) * 100 if min(vals) > 0 else float("inf")
            ok = diff <= limit
            within += ok
            if worst is None or diff > worst[0]:
                worst = (diff, k)
            print(f"| {k[0]} | {k[1]} | " + " | ".join(f"{v:.6g}" for v in vals) +
                  f" | {diff:.2f}%{'' if ok else ' **over**'} |")
        print()
        print(f"**{what}: {within} of {len(rows)} medians agree within {limit:g}%; "
              f"the largest difference is {worst[0]:.2f}% ({worst[1][0]}, "
              f"configuration {worst[1][1]}).**")
        print()
    if missing:
        print(f"**Missing figures: {', '.join(missing[:10])}**")
        sys.exit(1)


if __name__ == "__main__":
    main()
