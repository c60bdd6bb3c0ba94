#!/usr/bin/env python3
"""Independent reference implementation (Python, hashlib) of the series'
directory and special-file digests, as defined in the series' documentation
(Documentation/security/IMA-directories.rst). It generates the known-answer
vectors that the kernel's KUnit test and the userspace tool's tests read.

    dirdigest.py vectors      print the vectors, one C string a line
"""
import hashlib
import struct
import sys

DT_UNKNOWN, DT_FIFO, DT_CHR, DT_DIR, DT_BLK, DT_REG, DT_LNK, DT_SOCK = 0, 1, 2, 4, 6, 8, 10, 12


def entry_hash(algo, name, ino, d_type):
    if not 0 < len(name) < 256:
        raise ValueError("bad name length")
    return hashlib.new(algo, struct.pack("<QBB", ino, d_type, len(name)) + name).digest()


def dir_digest(algo, entries):
    hs = sorted(entry_hash(algo, n, i, t) for n, i, t in entries)
    return hashlib.new(algo, b"IMA-DIR\x01" + struct.pack("<I", len(hs)) + b"".join(hs)).digest()


def gen_entries(n):
    """The 'gen N' directory: '.', '..' and N regular files f0..f(N-1)."""
    return [(b".", 2, DT_DIR), (b"..", 2, DT_DIR)] + [(b"f%d" % i, 100 + i, DT_REG) for i in range(n)]


def special_digest(algo, kind, arg=None):
    h = hashlib.new(algo)
    if kind == "lnk":
        h.update(b"IMA-LNK\x01" + arg)
    elif kind in ("chr", "blk"):
        h.update(b"IMA-DEV\x01" + (b"c" if kind == "chr" else b"b") + struct.pack("<II", *arg))
    elif kind == "fifo":
        h.update(b"IMA-FIFO\x01")
    elif kind == "sock":
        h.update(b"IMA-SOCK\x01")
    else:
        raise ValueError(kind)
    return h.digest()


def vectors():
    dirs = [
        [(b".", 2, DT_DIR), (b"..", 2, DT_DIR)],
        [(b".", 2, DT_DIR), (b"..", 2, DT_DIR), (b"lost+found", 11, DT_DIR), (b"a", 12, DT_REG)],
        [(b"a", 12, DT_REG), (b"lost+found", 11, DT_DIR), (b"..", 2, DT_DIR), (b".", 2, DT_DIR)],
        [(b".", 12, DT_DIR), (b"..", 2, DT_DIR), (b"x" * 255, 13, DT_REG),
         (bytes(range(1, 32)), 2**64 - 1, DT_UNKNOWN), (b"l", 14, DT_LNK), (b"s", 15, DT_SOCK),
         (b"p", 16, DT_FIFO), (b"c", 17, DT_CHR), (b"b", 18, DT_BLK)],
    ]
    out = []
    for algo in ("sha256", "sha1", "sha512"):
        for d in dirs:
            ents = " ".join("%d:%d:%s" % (i, t, n.hex()) for n, i, t in d)
            out.append("%s dir %s = %s" % (algo, ents, dir_digest(algo, d).hex()))
        for n in (0, 1000):
            out.append("%s gen %d = %s" % (algo, n, dir_digest(algo, gen_entries(n)).hex()))
        for t in (b"/etc/passwd", b"a", b"../" * 100 + b"t"):
            out.append("%s lnk %s = %s" % (algo, t.hex(), special_digest(algo, "lnk", t).hex()))
        for kind, nums in (("chr", (1, 3)), ("blk", (8, 0)), ("chr", (4095, 1048575))):
            out.append("%s %s %d:%d = %s" % (algo, kind, nums[0], nums[1], special_digest(algo, kind, nums).hex()))
        out.append("%s fifo = %s" % (algo, special_digest(algo, "fifo").hex()))
        out.append("%s sock = %s" % (algo, special_digest(algo, "sock").hex()))
    return out


if __name__ == "__main__":
    if sys.argv[1:] != ["vectors"]:
        sys.exit(__doc__)
    for v in vectors():
        print('\t"%s",' % v)
