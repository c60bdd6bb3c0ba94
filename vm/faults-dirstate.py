#!/usr/bin/env python3
"""Explain a directory refused with cause=invalid-hash after a power cut.

Reads the directory's entries and its security.ima from a powered-off ext4
image with debugfs, recomputes the directory digest (the format of
Documentation/security/IMA-directories.rst: sha256 only), and, when it does
not match, looks for the one change that explains the stored digest: an
entry on the disk that the digest does not cover yet (an entry added, the
digest from before), an entry the digest still covers (an entry removed;
its inode number is searched up to --max-ino, with the type of the change
that made it), or a rename within the directory (an entry whose old name
the digest covers).
Changes the storm logged (--log, lines "op W SEQ KIND PATH [PATH2] = RES",
paths relative to --prefix) give the candidate names.

    usage: faults-dirstate.py IMAGE DIR [--log LOG --prefix PREFIX]
                              [--max-ino N] [--tree LIST] [--names FMT:N]

--tree: the image's listing by vm/ls-image.sh -i: an entry removed from DIR
whose inode lives on elsewhere (moved away) is searched among its inodes.
--names: the storm's name space (e.g. n%02d:48), tried when the log, which
misses the changes still running at the cut, names none that fits.
Prints one line "state: ..." and exits 0 when it found an explanation
(or the digest matches), 1 otherwise.
"""
import argparse
import bisect
import hashlib
import os
import re
import struct
import subprocess
import sys
import tempfile

DT = {0o010000: 1, 0o020000: 2, 0o040000: 4, 0o060000: 6, 0o100000: 8,
      0o120000: 10, 0o140000: 12}


def debugfs(img, req):
    return subprocess.run(["debugfs", "-R", req, img], capture_output=True,
                          check=False).stdout


def entries(img, path):
    out = debugfs(img, 'ls -p "%s"' % path).decode("latin-1")
    ents = []
    for line in out.splitlines():
        m = re.match(r"^/(\d+)/([0-7]+)/\d+/\d+/(.*)/\d*/$", line)
        if not m or m.group(1) == "0" or not m.group(3):
            continue
        mode = int(m.group(2), 8) & 0o170000
        ents.append((int(m.group(1)), DT.get(mode, 0),
                     m.group(3).encode("latin-1")))
    return ents


def entry_hash(ino, dtype, name):
    return hashlib.sha256(struct.pack("<QBB", ino, dtype, len(name)) +
                          name).digest()


def digest(hashes, presorted=False):
    h = hashlib.sha256(b"IMA-DIR\x01" + struct.pack("<I", len(hashes)))
    h.update(b"".join(hashes if presorted else sorted(hashes)))
    return h.digest()


def stored(img, path):
    with tempfile.TemporaryDirectory() as tmp:
        f = os.path.join(tmp, "v")
        debugfs(img, 'ea_get -f %s "%s" security.ima' % (f, path))
        if not os.path.exists(f):
            return None
        with open(f, "rb") as fh:
            return fh.read()


# d_type of what each kind of change creates (None: any)
KIND_DT = {"create": (8,), "mkdir": (4,), "symlink": (10,), "mkfifo": (1,),
           "mknod": (2,), "bind": (12,)}


def logged_names(log, prefix, rel):
    """(name, d_types) the storm changed in directory rel, latest first."""
    names = {}
    if not log:
        return []
    for line in open(log, encoding="latin-1"):
        m = re.match(r"^op \d+ \d+ (\w+) (\S+)(?: (\S+))? = 0$", line.strip())
        if not m:
            continue
        for p in (m.group(2), m.group(3)):
            if p and os.path.dirname(prefix + "/" + p) == rel:
                name = os.path.basename(p).encode()
                names.pop(name, None)
                names[name] = KIND_DT.get(m.group(1), (1, 2, 4, 8, 10, 12))
    return list(reversed(names.items()))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("image")
    ap.add_argument("dir")
    ap.add_argument("--log")
    ap.add_argument("--prefix", default="")
    ap.add_argument("--max-ino", type=int, default=0)
    ap.add_argument("--tree")
    ap.add_argument("--names")
    a = ap.parse_args()
    val = stored(a.image, a.dir)
    if not val or len(val) != 34 or val[:2] != b"\x04\x04":
        print("state: security.ima is not a sha256 digest: %s" %
              (val.hex() if val else "missing"))
        return 1
    want = val[2:]
    ents = entries(a.image, a.dir)
    hs = {e: entry_hash(*e) for e in ents}
    if digest(list(hs.values())) == want:
        print("state: the digest matches the %d entries on the disk" % len(ents))
        return 0
    for e in ents:
        rest = [h for k, h in hs.items() if k != e]
        if digest(rest) == want:
            print("state: entry '%s' (inode %d) is on the disk, the digest is "
                  "from before it was added" % (e[2].decode("latin-1"), e[0]))
            return 0
    cands = logged_names(a.log, a.prefix, a.dir)
    if a.names:
        fmt, n = a.names.rsplit(":", 1)
        known = {c[0] for c in cands}
        cands += [((fmt % i).encode(), (1, 2, 4, 8, 10, 12))
                  for i in range(int(n)) if (fmt % i).encode() not in known]
    base = sorted(hs.values())
    # Stable files (keep-*) are never renamed.
    for e in [e for e in ents if not e[2].startswith(b"keep-")]:
        rest = sorted(h for k, h in hs.items() if k != e)
        for old, _ in cands:
            if old == e[2]:
                continue
            h = entry_hash(e[0], e[1], old)
            i = bisect.bisect(rest, h)
            if digest(rest[:i] + [h] + rest[i:], True) == want:
                print("state: entry '%s' (inode %d) is on the disk, the digest "
                      "still has its old name '%s' (a rename)" %
                      (e[2].decode(), e[0], old.decode()))
                return 0
    on_disk = {e[2] for e in ents}
    storm = [e for e in ents if not e[2].startswith(b"keep-")]
    # RENAME_EXCHANGE of two entries of the directory.
    for i, e in enumerate(storm):
        for f in storm[i + 1:]:
            rest = [h for k, h in hs.items() if k not in (e, f)]
            if digest(rest + [entry_hash(f[0], f[1], e[2]),
                              entry_hash(e[0], e[1], f[2])]) == want:
                print("state: entries '%s' and '%s' are exchanged on the disk, "
                      "the digest is from before the exchange" %
                      (e[2].decode(), f[2].decode()))
                return 0
    if a.tree:
        lt = {"f": 8, "d": 4, "l": 10, "c": 2, "b": 6, "p": 1, "s": 12}
        alive = set()
        for line in open(a.tree, encoding="latin-1"):
            t, ino, path = line.rstrip("\n").split(" ", 2)
            if t in lt and not os.path.basename(path).startswith("keep-"):
                alive.add((int(ino), lt[t]))
        # An entry that now names another inode (exchanged with an entry
        # of another directory).
        for e in storm:
            rest = sorted(h for k, h in hs.items() if k != e)
            for ino, dt in alive:
                if ino == e[0]:
                    continue
                h = entry_hash(ino, dt, e[2])
                i = bisect.bisect(rest, h)
                if digest(rest[:i] + [h] + rest[i:], True) == want:
                    print("state: entry '%s' names inode %d on the disk, the "
                          "digest has it naming inode %d (from before an "
                          "exchange with another directory)" %
                          (e[2].decode(), e[0], ino))
                    return 0
        for name, _ in cands:
            if name in on_disk:
                continue
            for ino, dt in alive:
                h = entry_hash(ino, dt, name)
                i = bisect.bisect(base, h)
                if digest(base[:i] + [h] + base[i:], True) == want:
                    print("state: entry '%s' (inode %d, type %d) is gone from "
                          "the disk (the inode lives on elsewhere), the digest "
                          "still covers it (from before it was moved away)" %
                          (name.decode(), ino, dt))
                    return 0
    for name, dts in [c for c in cands if c[0] not in on_disk][:12]:
        for ino in range(11, a.max_ino + 1):
            for dt in dts:
                h = entry_hash(ino, dt, name)
                i = bisect.bisect(base, h)
                if digest(base[:i] + [h] + base[i:], True) == want:
                        print("state: entry '%s' (inode %d, type %d) is gone "
                              "from the disk, the digest still covers it "
                              "(from before it was removed)" %
                              (name.decode(), ino, dt))
                        return 0
    print("state: no single change explains the digest (%d entries on the "
          "disk, %d candidate names; a rename over an existing entry, whose "
          "inode is freed, is not searched)" % (len(ents), len(cands)))
    return 1


if __name__ == "__main__":
    sys.exit(main())
