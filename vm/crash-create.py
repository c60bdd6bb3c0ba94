#!/usr/bin/env python3
"""Make a directory of an ext4 image look as a power cut left it in the
middle of the creation of one of its entries, with keyed values (series
v2): the directory's security.ima as the pre-change hook writes it (the MAC
of its state without the entry, and the create MAC of the entry with a
nonce), and the entry's own as inode_init_security writes it (its birth
value: the MAC of its own contents, and the birth MAC that binds the
directory, the nonce and the name). EVM covers only the type byte of a
keyed value, so security.evm stays valid.

This is the legitimate kernel's state (it uses the test EVM key, as the
kernel that crashed did), not an attack: tests edit it further offline.

    crash-create.py IMAGE DIR NAME UUID EVMKEYHEX TYPEHEX

IMAGE is read with debugfs for the inodes' numbers, generations, types and
device numbers; the values are printed, one "PATH HEX" a line, for the
caller to write (vm/offline.sh setxattr).
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "ima-dirtool", "ref"))
import keyed  # noqa: E402  (the independent reference implementation)

NONCE = 0x5EED0123456789AB
BORN, CREATE = 3, 2
DT = {"directory": 4, "regular": 8, "symlink": 10, "character special": 2,
      "block special": 6, "FIFO": 1, "socket": 12}


def die(msg):
    sys.exit(f"crash-create.py: {msg}")


def debugfs(image, request):
    out = subprocess.run(["debugfs", "-R", request, image], check=True,
                         capture_output=True, text=True).stdout
    if not out.strip():
        die(f"debugfs '{request}' printed nothing: is the path on the image?")
    return out


def inode(image, path):
    """(ino, generation, DT_* type, major, minor) of PATH on IMAGE."""
    out = debugfs(image, f"stat {path}")
    m = re.search(r"Inode: (\d+)\s+Type: ([a-zA-Z ]+?)\s+Mode:", out)
    g = re.search(r"Generation: (\d+)", out)
    if not m or not g or m.group(2) not in DT:
        die(f"cannot read the inode of {path} from debugfs stat")
    major = minor = 0
    d = re.search(r"Device major/minor number: (\d+):(\d+)", out)
    if d:
        major, minor = int(d.group(1)), int(d.group(2))
    return int(m.group(1)), int(g.group(1)), DT[m.group(2)], major, minor


def entries(image, path):
    """Names in directory PATH, "." and ".." left out."""
    out = debugfs(image, f"ls -p {path}")
    names = []
    for line in out.splitlines():
        f = line.split("/")
        if len(f) >= 7 and f[5] not in (".", ".."):
            names.append(f[5])
    return names


def value(kind, pending, mac, pending_mac, nonce):
    return (bytes([kind, 1, pending, 0]) + mac + pending_mac +
            nonce.to_bytes(8, "little")).hex()


def main(argv):
    if len(argv) != 7:
        die("usage: crash-create.py IMAGE DIR NAME UUID EVMKEYHEX TYPEHEX")
    image, dirpath, name, uuid, evmkey, kind = argv[1:]
    uuid = bytes.fromhex(uuid.replace("-", ""))
    kind = int(kind, 16)
    k = keyed.ima_key(bytes.fromhex(evmkey))
    dino, dgen = inode(image, dirpath)[:2]
    ki = keyed.inode_key(k, uuid, dino, dgen)
    others = []
    for n in entries(image, dirpath):
        if n == name:
            continue
        ino, gen, typ, major, minor = inode(image, f"{dirpath}/{n}")
        others.append((n.encode(), ino, gen, typ, major, minor))
    count, total = keyed.dir_state(ki, others)
    before = keyed.state_mac(ki, count, total)
    cmac = keyed.create_mac(ki, count, total, NONCE, name.encode())
    print(f"{dirpath} {value(kind, CREATE, before, cmac, NONCE)}")

    cino, cgen, ctyp, major, minor = inode(image, f"{dirpath}/{name}")
    kc = keyed.inode_key(k, uuid, cino, cgen)
    if ctyp == 2:
        own = keyed.special_mac(kc, "chr", (major, minor))
    elif ctyp == 6:
        own = keyed.special_mac(kc, "blk", (major, minor))
    elif ctyp == 1:
        own = keyed.special_mac(kc, "fifo")
    else:
        die(f"{dirpath}/{name}: only device nodes and FIFOs are made here")
    bmac = keyed.birth_mac(kc, dino, dgen, NONCE, name.encode())
    print(f"{dirpath}/{name} {value(kind, BORN, own, bmac, NONCE)}")


if __name__ == "__main__":
    main(sys.argv)
