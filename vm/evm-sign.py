#!/usr/bin/python3
"""Sign an inode of a powered-off ext4 image the way evmctl signs one on a
mounted file system: an EVM signature (security.evm), version 2, sha256,
RSA PKCS#1 v1.5, over what EVM's evm_calc_hash() covers.

  usage: evm-sign.py [--portable] [--keyed-type HEX] IMAGE PATH KEY.pem CERT.der

Prints the value in hex, for 'vm/offline.sh IMAGE setxattr PATH
security.evm HEX'. Without --portable the value is type 3
(EVM_IMA_XATTR_DIGSIG: bound to the inode's number, generation and the
file system's UUID; the kernel replaces it by an HMAC once it verified it
on a regular file, and on other inodes only at their next change); with
it, type 5 (EVM_XATTR_PORTABLE_DIGSIG, never replaced).

What EVM covers, in its order: the protected xattrs present (only
security.ima is accepted here: the test kernels have no LSM that labels,
and an inode with another protected xattr is refused rather than signed
wrong), of which a keyed IMA value (its type byte given by
--keyed-type, default 07: IMA_XATTR_INODE_MAC) contributes only its type byte as the series
makes EVM do; then struct h_misc (unsigned long ino, u32 generation,
uid_t uid, gid_t gid, umode_t mode: 24 bytes on x86-64, the number and
generation zero for a portable signature); then the file system's UUID
(CONFIG_EVM_ATTR_FSUUID), not for a portable signature.
"""
import argparse
import hashlib
import re
import struct
import subprocess
import sys
import tempfile

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, utils

EVM_IMA_XATTR_DIGSIG = 3
EVM_XATTR_PORTABLE_DIGSIG = 5
HASH_ALGO_SHA256 = 4
FILE_TYPES = {
    "regular": 0o100000, "directory": 0o040000, "symlink": 0o120000,
    "character special": 0o020000, "block special": 0o060000,
    "FIFO": 0o010000, "socket": 0o140000,
}
# EVM's protected xattrs (evm_config_default_xattrnames) other than
# security.ima, and the POSIX ACLs it covers: refused, see above.
OTHERS = ("security.selinux", "security.SMACK64", "security.SMACK64EXEC",
          "security.SMACK64TRANSMUTE", "security.SMACK64MMAP",
          "security.apparmor", "security.capability",
          "system.posix_acl_access", "system.posix_acl_default")


def die(msg):
    sys.exit(f"evm-sign.py: {msg}")


def debugfs(img, request):
    out = subprocess.run(["debugfs", "-R", request, img], capture_output=True,
                         text=True, check=False)
    if out.returncode:
        die(f"debugfs '{request}' on {img} failed: {out.stderr.strip()}")
    return out.stdout


def field(text, pattern, what):
    m = re.search(pattern, text)
    if not m:
        die(f"no {what} in debugfs's output")
    return m.group(1)


def xattr(img, path, name):
    with tempfile.NamedTemporaryFile() as f:
        debugfs(img, f"ea_get -f {f.name} {path} {name}")
        return f.read()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--portable", action="store_true")
    ap.add_argument("--keyed-type", default="07",
                    help="type byte (hex) of a keyed IMA value")
    ap.add_argument("image")
    ap.add_argument("path")
    ap.add_argument("key")
    ap.add_argument("cert")
    a = ap.parse_args()

    st = debugfs(a.image, f"stat {a.path}")
    if "File not found" in st or not st.strip():
        die(f"{a.path} is not in {a.image}")
    ino = int(field(st, r"Inode: (\d+)", "inode number"))
    ftype = field(st, r"Type: ([a-zA-Z ]+?)\s+Mode:", "type")
    if ftype not in FILE_TYPES:
        die(f"unknown file type '{ftype}'")
    mode = FILE_TYPES[ftype] | int(field(st, r"Mode:\s+(\d+)", "mode"), 8)
    gen = int(field(st, r"Generation: (\d+)", "generation"))
    uid = int(field(st, r"User:\s+(\d+)", "owner"))
    gid = int(field(st, r"Group:\s+(\d+)", "group"))
    uuid = field(debugfs(a.image, "stats"), r"Filesystem UUID:\s+(\S+)",
                 "file system UUID")

    names = debugfs(a.image, f"ea_list {a.path}")
    for other in OTHERS:
        if re.search(rf"\b{re.escape(other)}\b", names):
            die(f"{a.path} has {other}: only security.ima is supported")
    ima = xattr(a.image, a.path, "security.ima") \
        if "security.ima" in names else b""

    portable = a.portable
    h = hashlib.sha256()
    if ima:
        h.update(ima[:1] if ima[0] == int(a.keyed_type, 16) else ima)
    else:
        # EVM finds no protected xattr: nothing to verify (NOXATTRS).
        die(f"{a.path} has no security.ima: EVM would not verify a signature")
    h.update(struct.pack("<QIIIH2x", 0 if portable else ino,
                         0 if portable else gen, uid, gid, mode))
    if not portable:
        h.update(bytes.fromhex(uuid.replace("-", "")))

    with open(a.key, "rb") as f:
        key = serialization.load_pem_private_key(f.read(), password=None)
    with open(a.cert, "rb") as f:
        cert = x509.load_der_x509_certificate(f.read())
    skid = cert.extensions.get_extension_for_class(
        x509.SubjectKeyIdentifier).value.digest
    sig = key.sign(h.digest(), padding.PKCS1v15(),
                   utils.Prehashed(hashes.SHA256()))
    kind = EVM_XATTR_PORTABLE_DIGSIG if portable else EVM_IMA_XATTR_DIGSIG
    value = struct.pack(">BBB4sH", kind, 2, HASH_ALGO_SHA256, skid[-4:],
                        len(sig)) + sig
    print(value.hex())


if __name__ == "__main__":
    main()
