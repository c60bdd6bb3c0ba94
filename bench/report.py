#!/usr/bin/python3
"""Tables of the benchmark (bench/bench.sh) from the run boot's KTAP log.

usage: report.py KTAP_LOG WORKDIR [--icount]

Reads the "# bench cfg=C rep=R wl=W secs=S ops=N [rd_ios=.. rd_sect=..
wr_ios=.. wr_sect=..]" lines (vm/tests/guest/bench-run.sh) and prints, in
markdown: the times (median over the repetitions, spread, ratios to (a) and
(b)), the per-operation costs of create/rename/unlink by directory size, the
disk traffic, and the issue's targets against the figures. Writes
WORKDIR/dirops.dat for bench/dirops.gp. Exits 1 if a configuration lacks a
workload (a failed workload leaves no line).
"""
import re
import statistics
import sys

CFGS = ["a", "b", "c", "d"]
NAMES = {"a": "(a) none", "b": "(b) IMA/EVM", "c": "(c) series", "d": "(d) dm-crypt"}
LINE = re.compile(r"^# bench cfg=([abcd]) rep=(\d+) wl=(\S+) (.*)$")
WHOLE = [
    ("walk", "cold walk of the tree (readdir + lstat)"),
    ("stat", "warm lstat of every path"),
    ("cat", "find \\| xargs cat, cold"),
    ("unpack", "tar -xf of the tree, synced"),
    ("copy", "copy of the large file, fsynced, cold"),
]
OPS = ["create", "rename", "unlink"]


def parse(path):
    """runs[(cfg, wl)] = list of dicts of the figures, one per repetition"""
    runs = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = LINE.match(line.rstrip("\r\n"))
            if not m:
                continue
            cfg, _, wl, rest = m.groups()
            fig = {k: float(v) for k, v in re.findall(r"(\w+)=([0-9.]+)", rest)}
            runs.setdefault((cfg, wl), []).append(fig)
    return runs


def med(values):
    return statistics.median(values) if values else None


def spread(values):
    """half the range, in % of the median"""
    m = med(values)
    if not values or not m:
        return None
    return (max(values) - min(values)) / 2 / m * 100


def cell(values, scale=1.0, digits=3):
    if not values:
        return "-"
    v = [x * scale for x in values]
    s = spread(v)
    return f"{med(v):.{digits}g} ±{s:.0f}%" if s is not None else f"{med(v):.{digits}g}"


def ratio(num, den):
    if num is None or not den:
        return "-"
    return f"{num / den:.3f}"


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    icount = "--icount" in sys.argv
    if len(args) != 2:
        sys.exit("usage: report.py KTAP_LOG WORKDIR [--icount]")
    log, work = args
    try:
        runs = parse(log)
    except OSError as e:
        sys.exit(f"report.py: error: cannot read {log}: {e}")
    unit = "virtual s (icount: ~1 ns per guest instruction)" if icount else "s"
    sizes = sorted({int(wl.split("-")[1]) for (_, wl) in runs if wl.startswith("dirops-")})
    missing = [f"{c}:{wl}" for c in CFGS for wl, _ in WHOLE if (c, wl) not in runs]
    missing += [f"{c}:dirops-{s}-{o}" for c in CFGS for s in sizes for o in OPS
                if (c, f"dirops-{s}-{o}") not in runs]
    if not sizes:
        missing.append("dirops")
    reps = max((len(v) for v in runs.values()), default=0)

    def times(c, wl):
        return [r["secs"] for r in runs.get((c, wl), [])]

    def per_op(c, wl):
        return [r["secs"] / r["ops"] for r in runs.get((c, wl), []) if r.get("ops")]

    print(f"## Times ({unit}; median of {reps} runs ±half the range, in % of the median)")
    print()
    print("| workload | " + " | ".join(NAMES[c] for c in CFGS) +
          " | b/a | c/a | d/a | c/b | d/b |")
    print("| --- " * 10 + "|")
    rows = [(wl, desc, times) for wl, desc in WHOLE]
    rows += [(f"dirops-{s}-{o}", f"one {o} in a directory of {s} entries (ms)",
              lambda c, wl: [x * 1000 for x in per_op(c, wl)]) for s in sizes for o in OPS]
    medians = {}
    for wl, desc, get in rows:
        vals = {c: get(c, wl) for c in CFGS}
        m = {c: med(vals[c]) for c in CFGS}
        medians[wl] = m
        print(f"| {desc} | " + " | ".join(cell(vals[c]) for c in CFGS) + " | " +
              " | ".join([ratio(m["b"], m["a"]), ratio(m["c"], m["a"]), ratio(m["d"], m["a"]),
                          ratio(m["c"], m["b"]), ratio(m["d"], m["b"])]) + " |")
    print()

    print("## Disk traffic (MiB read / written per run, median; independent of the host's speed)")
    print()
    print("| workload | " + " | ".join(NAMES[c] for c in CFGS) + " |")
    print("| --- " * 5 + "|")
    for wl in [w for w, _ in WHOLE] + [f"dirops-{s}" for s in sizes]:
        cells = []
        for c in CFGS:
            rs = runs.get((c, wl), [])
            if not rs or "rd_sect" not in rs[0]:
                cells.append("-")
                continue
            rd = med([r["rd_sect"] / 2048 for r in rs])
            wr = med([r["wr_sect"] / 2048 for r in rs])
            cells.append(f"{rd:.1f} / {wr:.1f}")
        print(f"| {wl} | " + " | ".join(cells) + " |")
    print()

    with open(f"{work}/dirops.dat", "w", encoding="utf-8") as f:
        f.write("# size " + " ".join(f"{c}_{o}" for c in CFGS for o in OPS) + " (ms per op)\n")
        for s in sizes:
            vals = []
            for c in CFGS:
                for o in OPS:
                    v = medians.get(f"dirops-{s}-{o}", {}).get(c)
                    vals.append(f"{v:.6g}" if v else "NaN")
            f.write(f"{s} " + " ".join(vals) + "\n")

    print("## Targets (issue 5; measured, not asserted)")
    print()
    print("Verdicts from the ratio of the medians and the ratio of the minima;")
    print("'inconclusive' when they fall on both sides of the target.")
    print()

    def target(desc, ok, fig):
        verdict = "-" if ok is None else ("met" if ok else "missed")
        print(f"| {desc} | {fig} | {verdict} |")

    def r(wl, x, y):
        m = medians.get(wl, {})
        return m[x] / m[y] if m.get(x) and m.get(y) else None

    def bound(wl, x, y, limit, below=False):
        """a target on the ratio x/y: the figure (median ratio, ratio of
        the minima, spreads) and the verdict, 'inconclusive' when the two
        ratios fall on both sides of the limit (a noisy host)"""
        v = r(wl, x, y)
        tx, ty = times(x, wl), times(y, wl)
        if v is None or not tx or not ty:
            return "-", None
        vmin = min(tx) / min(ty)
        fig = (f"{x}/{y} = {v:.3f} (medians), {vmin:.3f} (minima); "
               f"spread ±{spread(tx):.0f}% / ±{spread(ty):.0f}%")
        ok = [q < limit if below else q <= limit for q in (v, vmin)]
        return fig, (ok[0] if ok[0] == ok[1] else "inconclusive")

    def target2(desc, fig_ok):
        fig, ok = fig_ok
        verdict = ok if isinstance(ok, str) else ("-" if ok is None else ("met" if ok else "missed"))
        print(f"| {desc} | {fig} | {verdict} |")

    print("| target | measured | verdict |")
    print("| --- | --- | --- |")
    target2("warm path walk: (c) within 2% of (b)", bound("stat", "c", "b", 1.02))
    for wl, desc in (("walk", "cold walk"), ("unpack", "tree unpack")):
        target2(f"{desc}: (c) within 10% of (b)", bound(wl, "c", "b", 1.10))
    if sizes:
        lo, hi = sizes[0], sizes[-1]
        for o in OPS:
            m_lo = medians.get(f"dirops-{lo}-{o}", {})
            m_hi = medians.get(f"dirops-{hi}-{o}", {})
            figs = []
            for c in ("a", "b", "c"):
                if m_lo.get(c) and m_hi.get(c):
                    figs.append(f"({c}) {m_hi[c] / m_lo[c]:.1f}x")
            target(f"one {o} at {hi} entries against {lo} (report the ratio)", None,
                   ", ".join(figs) or "-")
    for wl in ("copy", "unpack"):
        target2(f"{wl}: (c) faster than (d)", bound(wl, "c", "d", 1.0, below=True))
    print()
    if missing:
        print(f"**Missing figures (failed workloads): {', '.join(missing)}**")
        print()
        sys.exit(1)


if __name__ == "__main__":
    main()
