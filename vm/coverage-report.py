#!/usr/bin/env python3
"""Line coverage of the series from the gcov counters of many boots.

usage: coverage-report.py KTREE OBJDIR BASE_TAG GCDA_ROOT OUT.md

KTREE is the patched kernel tree (a git repository whose BASE_TAG is the
pristine base), OBJDIR the coverage kernel's object folder (its .gcno
files), GCDA_ROOT a folder with one subfolder per boot holding the
counters the guest copied out of /sys/kernel/debug/gcov (vm/guest/init).
For every kernel .c file the series changes, a line counts as reached if
any boot ran it. Two figures per file: all of its executable lines, and
the lines the series adds (git diff BASE_TAG HEAD); the lines the series
adds that no boot reaches are listed. Writes OUT.md and prints a summary.
"""
import glob
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def changed_files(ktree, base):
    out = subprocess.run(
        ["git", "-C", ktree, "diff", "--name-only", base, "HEAD", "--",
         "*.c", ":!tools/"], check=True, capture_output=True, text=True)
    return [f for f in out.stdout.split() if f]


def added_lines(ktree, base, path):
    out = subprocess.run(
        ["git", "-C", ktree, "diff", "-U0", base, "HEAD", "--", path],
        check=True, capture_output=True, text=True)
    added = set()
    for m in re.finditer(r"^@@ -\S+ \+(\d+)(?:,(\d+))? @@", out.stdout, re.M):
        start, count = int(m.group(1)), int(m.group(2) or 1)
        added.update(range(start, start + count))
    return added


def gcov_lines(objdir, rel, gcda):
    """{line: count} of the .c file rel from one boot's counters."""
    stem = os.path.splitext(rel)[0]
    gcno = os.path.join(objdir, stem + ".gcno")
    if not os.path.exists(gcno):
        sys.exit(f"no {gcno}: is {rel} profiled (make coverage builds it)?")
    with tempfile.TemporaryDirectory() as tmp:
        base = os.path.basename(stem)
        shutil.copy(gcno, os.path.join(tmp, base + ".gcno"))
        if gcda:
            shutil.copy(gcda, os.path.join(tmp, base + ".gcda"))
        subprocess.run(["gcov", "-j", "-o", tmp, os.path.basename(rel)],
                       cwd=tmp, check=True, capture_output=True)
        [js] = glob.glob(os.path.join(tmp, "*.gcov.json.gz"))
        with gzip.open(js) as f:
            data = json.load(f)
    lines = {}
    for f in data["files"]:
        if not f["file"].endswith(rel):
            continue
        for ln in f["lines"]:
            n = ln["line_number"]
            lines[n] = lines.get(n, 0) + ln["count"]
    return lines


def ranges(nums):
    out, nums = [], sorted(nums)
    for n in nums:
        if out and n == out[-1][1] + 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return out


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    ktree, objdir, base, root, outp = sys.argv[1:]
    boots = sorted(d for d in glob.glob(os.path.join(root, "*"))
                   if os.path.isdir(d))
    if not boots:
        sys.exit(f"no boot counters under {root}")
    rows, report = [], []
    tot = {"exe": 0, "hit": 0, "new": 0, "newhit": 0}
    for rel in changed_files(ktree, base):
        exe, hit = set(), set()
        for b in boots:
            found = glob.glob(os.path.join(b, "**", os.path.splitext(rel)[0] + ".gcda"),
                              recursive=True)
            lines = gcov_lines(objdir, rel, found[0] if found else None)
            exe.update(lines)
            hit.update(n for n, c in lines.items() if c > 0)
        new = added_lines(ktree, base, rel) & exe
        newhit = new & hit
        test = rel.endswith("_kunit.c")
        rows.append((rel, len(exe), len(hit), len(new), len(newhit), test))
        if not test:
            for k, v in (("exe", exe), ("hit", hit), ("new", new), ("newhit", newhit)):
                tot[k] += len(v)
        missed = new - hit
        if missed and not test:
            src = open(os.path.join(ktree, rel), errors="replace").read().split("\n")
            report.append(f"\n### {rel}: {len(missed)} added lines not reached\n")
            for a, z in ranges(missed):
                where = f"{a}" if a == z else f"{a}-{z}"
                report.append(f"- {where}: `{src[a - 1].strip()[:90]}`")
    pct = lambda a, b: f"{100.0 * a / b:.1f}%" if b else "-"
    head = [
        "# Line coverage of the series",
        "",
        f"{len(boots)} boots of the coverage kernel; a line is reached if any "
        "boot ran it. 'Added' counts the executable lines the series adds "
        f"(git diff {base} HEAD). Test code (KUnit) is listed, not counted.",
        "",
        "| file | lines reached | added lines reached |",
        "| --- | --- | --- |",
    ]
    for rel, e, h, n, nh, test in rows:
        head.append(f"| {rel}{' (test)' if test else ''} | {h}/{e} "
                    f"({pct(h, e)}) | {nh}/{n} ({pct(nh, n)}) |")
    head.append(f"| **all but tests** | {tot['hit']}/{tot['exe']} "
                f"({pct(tot['hit'], tot['exe'])}) | {tot['newhit']}/{tot['new']} "
                f"({pct(tot['newhit'], tot['new'])}) |")
    text = "\n".join(head + ["", "## Added lines no test reaches"] + report) + "\n"
    with open(outp, "w") as f:
        f.write(text)
    print("\n".join(head))
    print(f"added lines reached: {pct(tot['newhit'], tot['new'])}; details in {outp}")


if __name__ == "__main__":
    main()
