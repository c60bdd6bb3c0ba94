#!/usr/bin/python3
"""The same benchmark on several kernels: (c)'s figures side by side.

usage: kernels.py OUTDIR METRIC NAME=KTAP_LOG...

Reads each kernel's run boot log (bench/report.py's input) and prints, in
markdown, per workload the median of (c) (this series) on each kernel for
METRIC (busy or secs), with (b) (IMA/EVM, the same code on every kernel)
as the reference, and the ratio of every later kernel's (c) to the first
one's with its 95% bootstrap interval; then (c)/(b) on each kernel, which
does not depend on how the kernels differ outside the series. Writes
OUTDIR/dirops.dat and dirops.gpvars for bench/dirops.gp: the per-operation
cost against directory size, (c) of every kernel and (b) of the first.
Exit status 1 if a log lacks (b) or (c) figures.
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402  (bench/report.py)


def main():
    if len(sys.argv) < 5:
        sys.exit("usage: kernels.py OUTDIR METRIC NAME=KTAP_LOG NAME=KTAP_LOG...")
    out, metric = sys.argv[1], sys.argv[2]
    if metric not in ("busy", "secs"):
        sys.exit("kernels.py: METRIC must be busy or secs")
    kernels = []
    for arg in sys.argv[3:]:
        name, _, log = arg.partition("=")
        runs = report.parse(log)
        kernels.append((name, report.Figures(runs, report.CFGS)))
    rng = random.Random(report.SEED)
    first_name, first = kernels[0]
    rows = first.rows()
    missing = [f"{n}: {wl} ({c})" for n, fig in kernels for wl, _ in rows for c in ("b", "c")
               if not fig.values(c, wl, metric)]
    what = "CPU time (busy)" if metric == "busy" else "elapsed time"

    print(f"## (c) on each kernel: {what}, medians ± half the range")
    print()
    head = [f"(b) {first_name}"] + [f"(c) {n}" for n, _ in kernels]
    head += [f"(c) {n}/{first_name}" for n, _ in kernels[1:]]
    print("| workload | " + " | ".join(head) + " |")
    print("| --- " * (len(head) + 1) + "|")
    for wl, desc in rows:
        cells = [report.cell(first.values("b", wl, metric))]
        cells += [report.cell(fig.values("c", wl, metric)) for _, fig in kernels]
        cells += [report.fmt_ratio(report.ratio_ci(fig.values("c", wl, metric),
                                                   first.values("c", wl, metric), rng))
                  for _, fig in kernels[1:]]
        print(f"| {desc} | " + " | ".join(cells) + " |")
    print()
    print("## (c)/(b) on each kernel, with [95% bootstrap interval]")
    print()
    print("| workload | " + " | ".join(n for n, _ in kernels) + " |")
    print("| --- " * (len(kernels) + 1) + "|")
    for wl, desc in rows:
        print(f"| {desc} | " + " | ".join(
            report.fmt_ratio(report.ratio_ci(fig.values("c", wl, metric),
                                             fig.values("b", wl, metric), rng))
            for _, fig in kernels) + " |")
    print()

    series = [(f"(b){first_name}", first, "b")] + [(f"(c){n}", fig, "c") for n, fig in kernels]
    with open(f"{out}/dirops.dat", "w", encoding="utf-8") as f:
        f.write("# size, then per line (" + " ".join(s[0] for s in series) +
                f") create rename unlink: ms per op ({metric}, median)\n")
        for size in first.sizes:
            vals = [report.med(fig.values(c, f"dirops-{size}-{o}", metric))
                    for _, fig, c in series for o in report.OPS]
            f.write(f"{size} " + " ".join(f"{v:.6g}" if v else "NaN" for v in vals) + "\n")
    with open(f"{out}/dirops.gpvars", "w", encoding="utf-8") as f:
        names = " ".join(s[0].replace(" ", "-") for s in series)
        f.write(f"names='{names}'; metric='{'CPU time' if metric == 'busy' else 'elapsed'}'\n")
    if missing:
        print(f"**Missing figures: {', '.join(missing[:10])}**")
        sys.exit(1)


if __name__ == "__main__":
    main()
