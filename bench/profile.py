#!/usr/bin/env python3
"""The report of bench/profile.sh: guest instruction counts by kernel function.

usage: profile.py RAW SYSTEM.MAP KTAP TOP

RAW is what bench/insn-profile.c wrote ("phase N" lines, then "ADDR COUNT"
per translation block), KTAP the guest's results, whose lines
"# profile phase N: CFG WL" name the phases. For each workload the
guest ran on (b) and (c): the instructions of each, their ratio, and the
TOP functions by what (c) executes more than (b), with the families they
belong to (IMA, EVM, SHA-256, ext4's extended attributes, ...).
"""
import bisect
import re
import sys
from collections import defaultdict

# Families of functions, first match wins: what a reader asks of a profile
# of this series (how much is the MACs' hashing, how much ext4's xattrs).
FAMILIES = [
    ("IMA", re.compile(r"^(ima_|process_measurement|integrity_)")),
    ("EVM", re.compile(r"^evm_")),
    # sha256's generic code puts its message schedule in BLEND_OP and
    # LOAD_OP when they are not inlined.
    ("SHA-256, HMAC", re.compile(r"(sha256|hmac|sha1|^BLEND_OP$|^LOAD_OP$)")),
    # What the MACs need around the hashing: the FPU for SIMD code, the
    # wiping of key material, random nonces.
    ("FPU, wipes, RNG", re.compile(r"^(kernel_fpu_|irq_fpu_usable$|memzero_explicit$|chacha|blake2s|get_random|_get_random|crng_)")),
    ("CRC32C (checksums)", re.compile(r"crc32")),
    ("ext4 xattrs", re.compile(r"^(ext4_xattr|__ext4_xattr|ext4_.*_xattr|xattr_|mb_cache)")),
    ("xattr VFS", re.compile(r"(xattr|_listxattr)")),
    ("jbd2, journal", re.compile(r"^(jbd2|__jbd2|ext4_journal|__ext4_journal|ext4_handle_dirty|__ext4_handle)")),
    ("ext4 other", re.compile(r"^(ext4|__ext4|htree|dx_|ext4fs|str2hashbuf|call_filldir$)")),
    ("block, buffer cache, virtio", re.compile(r"^(blk_|bio_|submit_bio|virtio|vring|vp_|__blk|bdev|find_get_block|__find_get_block|__getblk|__bread|mark_buffer|__brelse|submit_bh)")),
    ("memory (alloc, copy)", re.compile(r"^(kmem_|__kmem|kmalloc|__kmalloc|kfree|memcpy|memset|memmove|memcmp|__memcpy|__memset|slab|___slab|__slab|kvmalloc|kvfree|kvrealloc|vmalloc|vfree|__vmalloc|alloc_pages|__alloc|get_page_from|free_|__free|clear_page|copy_page)")),
    ("dcache, path walk", re.compile(r"^(d_|__d_|dput|dget|full_name_hash$|lookup|__lookup|link_path_walk|walk_component|path_|filename_|step_into|inode_permission|generic_permission|do_filp_open|vfs_|security_|may_)")),
    # Longer workloads take more timer ticks and more task switches.
    ("scheduler, timer ticks", re.compile(r"^(__schedule$|schedule|__update_load|update_load|update_curr|dequeue_|enqueue_|__switch_to|pick_next|timekeeping|__timekeeping|tick_|hrtimer|__hrtimer|ktime_get|sched_)")),
    ("user space", re.compile(r"^\[user\]$")),
]


def family(sym):
    for name, rx in FAMILIES:
        if rx.search(sym):
            return name
    return "other"


def load_map(path):
    addrs, names = [], []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) < 3 or parts[1] not in "tTwW":
                continue
            addrs.append(int(parts[0], 16))
            names.append(parts[2])
    order = sorted(range(len(addrs)), key=addrs.__getitem__)
    return [addrs[i] for i in order], [names[i] for i in order]


def symbolize(addr, addrs, names):
    if addr < 0xFFFF800000000000:
        return "[user]"
    i = bisect.bisect_right(addrs, addr) - 1
    return names[i] if i >= 0 else "[kernel, no symbol]"


def load_raw(path, addrs, names):
    phases = defaultdict(lambda: defaultdict(int))
    cur = None
    with open(path) as f:
        for line in f:
            if line.startswith("phase "):
                cur = int(line.split()[1])
                continue
            a, n = line.split()
            phases[cur][symbolize(int(a, 16), addrs, names)] += int(n)
    return phases


def load_names(path):
    names = {}
    rx = re.compile(r"^# profile phase (\d+): (\S+) (\S+)$")
    with open(path) as f:
        for line in f:
            m = rx.match(line.strip())
            if m:
                names[int(m.group(1))] = (m.group(2), m.group(3))
    return names


def fmt(n):
    return f"{n / 1e6:,.2f}M" if abs(n) >= 1e5 else f"{n / 1e3:,.1f}k"


def main():
    raw, smap, ktap, top = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    addrs, names = load_map(smap)
    phases = load_raw(raw, addrs, names)
    pnames = load_names(ktap)
    work = {}
    for p, (cfg, wl) in pnames.items():
        if not wl.startswith("prep-") and cfg in ("b", "c"):
            work[(cfg, wl)] = phases.get(p, {})
    wls = [wl for (cfg, wl) in sorted(work, key=lambda k: min(p for p, v in pnames.items() if v == k)) if cfg == "b"]
    if not wls:
        sys.exit("profile.py: no workload phases named in " + ktap)
    ops = re.search(r"# profile creations: (\d+)", open(ktap, errors="replace").read())
    print("Instructions the guest executed in each workload (one run each),")
    print("kernel and user space, every task and interrupt; (c) - (b) is what")
    print("the series adds. The creations are `: >FILE` in the shell, each")
    print("a creation in an appraised directory of 10 entries; dirops-dN")
    print("are cycles of create, rename and unlink (`bench dirops`) in the")
    print("appraised directory of N entries.")
    print()
    print("| workload | (b) IMA/EVM | (c) series | c/b | (c) - (b) |")
    print("| --- | --- | --- | --- | --- |")
    for wl in wls:
        b = sum(work[("b", wl)].values())
        c = sum(work.get(("c", wl), {}).values())
        print(f"| {wl} | {fmt(b)} | {fmt(c)} | {c / b if b else float('nan'):.3f} | {fmt(c - b)} |")
    print()
    for wl in wls:
        b, c = work[("b", wl)], work.get(("c", wl), {})
        diff = {s: c.get(s, 0) - b.get(s, 0) for s in set(b) | set(c)}
        extra = sum(diff.values())
        print(f"## {wl}: (c) - (b) = {fmt(extra)} instructions")
        print()
        fam = defaultdict(int)
        for s, d in diff.items():
            fam[family(s)] += d
        print("| family | (c) - (b) | share |")
        print("| --- | --- | --- |")
        for f, d in sorted(fam.items(), key=lambda kv: -kv[1]):
            print(f"| {f} | {fmt(d)} | {100 * d / extra if extra else 0:.1f}% |")
        print()
        print(f"The {top} functions with the most more instructions on (c):")
        print()
        print("| function | family | (b) | (c) | (c) - (b) |")
        print("| --- | --- | --- | --- | --- |")
        for s, d in sorted(diff.items(), key=lambda kv: -kv[1])[:top]:
            print(f"| {s} | {family(s)} | {fmt(b.get(s, 0))} | {fmt(c.get(s, 0))} | {fmt(d)} |")
        print()
    if ops:
        print(f"(creations and dirops cycles: {ops.group(1)} each; divide by it for one.)")


if __name__ == "__main__":
    main()
