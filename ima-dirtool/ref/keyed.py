#!/usr/bin/env python3
"""Independent reference implementation (Python, hmac/hashlib) of the keyed
directory and special-file MACs of series v2, as the format reference in the
series' documentation defines them (Documentation/security/IMA-directories.rst,
"Keyed values"). It generates the known-answer vectors that the kernel's
KUnit test (ima_dir_mac_vectors.h) and the userspace tool's tests read.

    keyed.py vectors      print the vectors, one C string a line

Format, in short (HMAC is HMAC-SHA256, || concatenation, le32/le64
little-endian integers, u8 one byte):

    K   = HMAC(E, "IMA-DIR-KEY" || 0x01)
          E: EVM's HMAC key as EVM keys its HMAC, zero-padded to 128 bytes
    K_i = HMAC(K, "IMA-INODE" || 0x01 || uuid || le64 ino || le32 generation)
          uuid: the file system's 16-byte UUID; ino, generation: the inode's
    t(e) = HMAC(K_i, 0x01 || le64 ino || le32 generation || u8 type ||
                le32 major || le32 minor || u8 namelen || name)
          for each entry e of directory i but "." and "..", ino, generation
          and type (its DT_* value: the S_IFMT bits of its mode >> 12) those
          of the inode it names, major and minor its device number (MAJOR()
          and MINOR() of the kernel's dev_t, what major(3) and minor(3)
          return for st_rdev) if it is a character or block device (DT_CHR
          2, DT_BLK 6) and 0 for every other type, whatever number the inode
          holds; read as a 256-bit little-endian integer
    state (n, S): n entries, S = sum of t(e) modulo 2^256
    M   = HMAC(K_i, 0x02 || le64 n || S as 32 bytes little-endian)
    symbolic link:  HMAC(K_i, 0x03 || target)
    device:         HMAC(K_i, 0x04 || u8 'c' or 'b' || le32 major || le32 minor)
    FIFO, socket:   HMAC(K_i, 0x05), HMAC(K_i, 0x06)
    create MAC:     HMAC(K_i, 0x07 || le64 n || S || le64 nonce || u8 len || name)
                    (n, S): the directory's state after the change without the
                    entry being created
    birth MAC:      HMAC(K_c, 0x08 || le64 parent ino || le32 parent generation ||
                    le64 nonce || u8 len || name), K_c the new inode's key
"""
import hashlib
import hmac
import struct
import sys

EVM_KEY_SIZE = 128  # MAX_KEY_SIZE of security/integrity/evm/evm_crypto.c
MOD = 1 << 256


def mac(key, msg):
    return hmac.new(key, msg, hashlib.sha256).digest()


def ima_key(evm_key):
    if not 0 < len(evm_key) <= EVM_KEY_SIZE:
        raise ValueError("an EVM key has 1 to 128 bytes")
    return mac(evm_key.ljust(EVM_KEY_SIZE, b"\0"), b"IMA-DIR-KEY\x01")


def inode_key(k, uuid, ino, gen):
    if len(uuid) != 16:
        raise ValueError("a UUID has 16 bytes")
    return mac(k, b"IMA-INODE\x01" + uuid + struct.pack("<QI", ino, gen))


DT_CHR = 2
DT_BLK = 6


def term(ki, ino, gen, typ, major, minor, name):
    if not 0 < len(name) < 256:
        raise ValueError("bad name length")
    if not 0 <= typ < 16:
        raise ValueError("bad type")
    if typ not in (DT_CHR, DT_BLK):
        major = minor = 0  # only a device node's number is bound
    head = struct.pack("<QIBII", ino, gen, typ, major, minor)
    return int.from_bytes(mac(ki, b"\x01" + head + struct.pack("<B", len(name)) + name), "little")


def dir_state(ki, entries):
    """(n, S) of a directory's entries [(name, ino, gen, type, major, minor)],
    "." and ".." skipped."""
    ents = [e for e in entries if e[0] not in (b".", b"..")]
    return len(ents), sum(term(ki, i, g, t, ma, mi, n) for n, i, g, t, ma, mi in ents) % MOD


def entry_tokens(entries):
    """The entries as vectors spell them: " INO:GEN:TYPE:MAJOR:MINOR:HEXNAME" each."""
    return "".join(" %d:%d:%d:%d:%d:%s" % (i, g, t, ma, mi, n.hex())
                   for n, i, g, t, ma, mi in entries)


def state_mac(ki, n, s):
    return mac(ki, b"\x02" + struct.pack("<Q", n) + s.to_bytes(32, "little"))


def name_part(name):
    if not 0 < len(name) < 256:
        raise ValueError("bad name length")
    return struct.pack("<B", len(name)) + name


def create_mac(ki, n, s, nonce, name):
    return mac(ki, b"\x07" + struct.pack("<Q", n) + s.to_bytes(32, "little") +
               struct.pack("<Q", nonce) + name_part(name))


def birth_mac(ki, parent_ino, parent_gen, nonce, name):
    return mac(ki, b"\x08" + struct.pack("<QIQ", parent_ino, parent_gen, nonce) + name_part(name))


def special_mac(ki, kind, arg=None):
    if kind == "lnk":
        return mac(ki, b"\x03" + arg)
    if kind in ("chr", "blk"):
        return mac(ki, b"\x04" + (b"c" if kind == "chr" else b"b") + struct.pack("<II", *arg))
    if kind == "fifo":
        return mac(ki, b"\x05")
    if kind == "sock":
        return mac(ki, b"\x06")
    raise ValueError(kind)


def vectors():
    """Lines "KIND EVMKEY UUID INO GEN ARGS = HEX", one C string each."""
    key1 = bytes(range(32))
    key2 = b"\xa5" * 128
    key3 = b"k"
    uuid1 = bytes.fromhex("8bcbe3944f134144be8e5aa9ea2ce2f6")
    uuid2 = bytes(16)
    inodes = [(key1, uuid1, 2, 0), (key1, uuid1, 12, 0xdeadbeef),
              (key2, uuid2, 2**64 - 1, 2**32 - 1), (key3, uuid1, 12, 0xdeadbeef)]
    # (name, ino, gen, type, major, minor): DT_FIFO 1, DT_CHR 2, DT_DIR 4,
    # DT_BLK 6, DT_REG 8, DT_LNK 10
    lf = (b"lost+found", 11, 0, 4, 0, 0)
    dirs = [
        [],
        [(b".", 2, 0, 4, 0, 0), (b"..", 2, 0, 4, 0, 0)],
        [(b".", 2, 0, 4, 0, 0), (b"..", 2, 0, 4, 0, 0), lf, (b"a", 12, 7, 8, 0, 0)],
        [(b"a", 12, 7, 8, 0, 0), lf],
        [(b"x" * 255, 13, 2**32 - 1, 8, 0, 0), (bytes(range(1, 32)), 2**64 - 1, 1, 2, 4, 64),
         (b"l", 14, 5, 10, 0, 0), (b"a", 12, 7, 8, 0, 0), (b"b", 12, 7, 8, 0, 0)],
        [(b"a", 12, 8, 8, 0, 0), lf],
        [(b"a", 12, 7, 10, 0, 0), lf],
        # Device numbers: a character device 1:3 and, in its place, a
        # whiteout (a character device 0:0); a block device 7:1 and 7:0;
        # a FIFO given a number by mknod(), which does not count.
        [lf, (b"null", 15, 3, 2, 1, 3)],
        [lf, (b"null", 15, 3, 2, 0, 0)],
        [lf, (b"loop", 16, 9, 6, 7, 1)],
        [lf, (b"loop", 16, 9, 6, 7, 0)],
        [lf, (b"fifo", 17, 1, 1, 5, 5)],
        [lf, (b"fifo", 17, 1, 1, 0, 0)],
        [lf, (b"big", 18, 2, 2, 4095, 1048575), (b"disk", 19, 4, 6, 259, 65536)],
    ]
    out = []
    for ek, uuid, ino, gen in inodes:
        k = ima_key(ek)
        ki = inode_key(k, uuid, ino, gen)
        head = "%s %s %d %d" % (ek.hex(), uuid.hex(), ino, gen)
        out.append("key %s = %s" % (head, ki.hex()))
        macs = []
        for d in dirs:
            macs.append(state_mac(ki, *dir_state(ki, d)))
            out.append("dir %s%s = %s" % (head, entry_tokens(d), macs[-1].hex()))
        # What the device vectors show: the number of a device node counts,
        # the number of any other type does not.
        if macs[7] == macs[8] or macs[9] == macs[10] or macs[11] != macs[12]:
            raise AssertionError("device numbers bound wrongly")
        for kind, arg, text in [("lnk", b"/etc/passwd", b"/etc/passwd".hex()),
                                ("lnk", b"../" * 1364 + b"abc", (b"../" * 1364 + b"abc").hex()),
                                ("chr", (1, 3), "1:3"), ("blk", (8, 0), "8:0"),
                                ("chr", (4095, 1048575), "4095:1048575"),
                                ("fifo", None, None), ("sock", None, None)]:
            args = " " + text if text else ""
            out.append("%s %s%s = %s" % (kind, head, args, special_mac(ki, kind, arg).hex()))
    # Create MACs: "create ... NONCE HEXNAME [ENTRIES] = HEX", the entries
    # being the state without the new one; birth MACs: "birth ... PARENT_INO
    # PARENT_GEN NONCE HEXNAME = HEX".
    for ek, uuid, ino, gen in inodes:
        ki = inode_key(ima_key(ek), uuid, ino, gen)
        head = "%s %s %d %d" % (ek.hex(), uuid.hex(), ino, gen)
        for nonce, name, d in [(0, b"a", []), (2**64 - 1, b"x" * 255, dirs[3]),
                               (0x0123456789abcdef, b"new", dirs[4])]:
            n, s = dir_state(ki, d)
            out.append("create %s %d %s%s = %s" % (head, nonce, name.hex(), entry_tokens(d),
                                                   create_mac(ki, n, s, nonce, name).hex()))
        for pino, pgen, nonce, name in [(2, 0, 0, b"a"), (2**64 - 1, 2**32 - 1, 2**64 - 1, b"x" * 255),
                                        (12, 7, 0x0123456789abcdef, b"new")]:
            out.append("birth %s %d %d %d %s = %s" % (head, pino, pgen, nonce, name.hex(),
                                                      birth_mac(ki, pino, pgen, nonce, name).hex()))
    # Sums that wrap: the states of "gen N" directories (N regular files
    # f0.. with inodes 100.. and generations 0..) for N up to 1000.
    k = ima_key(key1)
    ki = inode_key(k, uuid1, 2, 0)
    for nfiles in (1, 2, 1000):
        n, s = dir_state(ki, [(b"f%d" % i, 100 + i, i, 8, 0, 0) for i in range(nfiles)])
        out.append("gen %s %s 2 0 %d = %s" % (key1.hex(), uuid1.hex(), nfiles, state_mac(ki, n, s).hex()))
    return out


def main(argv):
    if argv[1:] == ["vectors"]:
        for v in vectors():
            print('\t"%s",' % v)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
