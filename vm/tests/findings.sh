#!/usr/bin/env bash
# The findings of the v1 security review (issue 15), each reproduced by
# what an attacker or an admin does, on the patched kernel:
#   B1  EVM re-signs a directory, symlink or device node forged offline
#       when its mode or owner changes (chmod, lchown)
#   B2  DIR_CHECK/SPECIAL_CHECK rules with task conditions (uid=, egid=)
#   B3  a forged pending record passes after any policy write
#   B4  a forged directory used before the EVM key is loaded stays passed
#   B5  an overlayfs directory under a DIR_CHECK rule: no hang
#   B7  a first verification interrupted by a fatal signal is not cached
#       as a failure
#   B12 ext4 without the filetype feature (getdents reports DT_UNKNOWN):
#       directories made and changed at run time pass after a reboot
#   B13 a file with a long name is removed from a full file system made
#       with 512-byte inodes (the pending record must not need a block)
#   B9  a dont_appraise rule without func= covers DIR_CHECK
#   B17 a block device used by path (mount) and a device node turned into
#       a whiteout offline in an overlay's upper layer (lookup and
#       listing); with keyed values, a device node whose creation a power
#       cut interrupted, renumbered offline (vm/crash-create.py)
#   B18 verification writes (fix mode) on a frozen file system
#   B19 a name hidden from readdir behind an entry made malformed offline
#       (ext4 readdir stops at it, lookup does not): found by the review of
#       v2's protocol (design notes), and true of v1
#   B20 a directory signed with a non-portable EVM signature (evmctl's
#       format, vm/evm-sign.py) first used on a frozen file system: path
#       walk must not rewrite security.evm (found by the review of v2)
#   B21 the first use of a directory, symbolic link, device node or FIFO
#       racing with a change of its owner or mode (found by the review of
#       v2)
# (B6, the modular build, is a step of ci/run-tests.sh; B10, the power-cut
# window, is vm/tests/faults-cuts.sh.)
# A labelled tree gets offline edits with debugfs and, for values an
# attacker computes with the public format, one boot of the base kernel
# without the EVM key that rewrites them with ima-dirtool (the attacker's
# kernel); then one check boot per finding, or one for B1-B4. Findings
# that vm/findings/open lists for the series under test are known failures
# (KTAP TODO); each must still fail (vm/run-qemu.sh).
#   usage: findings.sh [patched|patched-debug|patched-gcov]
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../../ci/lib.sh"

k=$(series_kernel "$@")
kernel=$BUILD/kernels/$k.bzImage
base=$BUILD/kernels/base.bzImage
# The attacker's kernel only rewrites values with ima-dirtool, offline: a
# backport base without a base kernel of its own (make test builds none)
# borrows mainline's.
if [ ! -f "$base" ] && [ "$BASE" != mainline ]; then
	base=$(base_build mainline)/kernels/base.bzImage
fi
[ -f "$base" ] || die "no kernel $base (the attacker's kernel): run 'make kernel-base'"
label=$(label_kernel "$k")
need python3 debugfs openssl
open=$(findings_open "" | paste -sd " ")
export FINDINGS_OPEN=$open
log "findings open in $(series_version) of base $BASE: ${open:-none}"
uuid=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0a0b15
work=$BUILD/vm/findings-$k
rm -rf "$work"
t=$work/src/tree
mkdir -p "$t"/b1/{d,o,l,t,dev} "$t"/b4/{d,o} "$t"/b3/d "$t"/b5/{lower/m,upper/m,lower/p,upper/p,work} \
	"$t"/b7/big "$t"/b9 "$t"/b9ctl "$t"/b17/{ren,ok} "$t"/b17/{ovl,ovlok}/{lower,upper,work} \
	"$t"/b17/rec/{ok,bad} "$t"/b18 "$t"/ok \
	"$t"/b19 "$t"/b19src "$t"/b20 "$t"/b20bad "$t"/keys "$t"/b21
for d in b1/d b4/d; do
	echo a >"$t/$d/a.txt"
	echo victim >"$t/$d/victim.txt"
done
echo t1 >"$t/b1/t/t1.txt"
echo t2 >"$t/b1/t/t2.txt"
ln -s ../t/t1.txt "$t/b1/l/l"
echo other >"$t/b3/d/other.txt"
echo src >"$t/b3/src.txt"
for d in m p; do
	echo l1 >"$t/b5/lower/$d/l1"
	echo u1 >"$t/b5/upper/$d/u1"
done
# B5's rule appraises the overlay's directories of uid 1234: m and p.
chown 1234 "$t/b5/lower/m" "$t/b5/upper/m" "$t/b5/lower/p" "$t/b5/upper/p"
# b7/big: 2000 entries of 200-byte names (100 blocks), hard links to one
# file (one regular file to label).
echo one >"$t/b7/one"
pad=$(printf 'x%.0s' {1..195})
for i in $(seq -w 0 1999); do
	ln "$t/b7/one" "$t/b7/big/f$i$pad"
done
echo x >"$t/b9/x.txt"
echo x >"$t/b9ctl/x.txt"
chown 1234 "$t/b9"
for d in ovl ovlok; do
	echo lower >"$t/b17/$d/lower/f.txt"
	echo lower >"$t/b17/$d/lower/g.txt"
done
echo x >"$t/b17/rec/ok/x.txt"
echo x >"$t/b17/rec/bad/x.txt"
echo x >"$t/b18/x.txt"
echo ok >"$t/ok/ok.txt"
ln -s ok.txt "$t/ok/ok.lnk"
echo x >"$t/b19/x.txt"
echo secret >"$t/b19src/secret.txt"
echo signed >"$t/b20/f.txt"
ln -s f.txt "$t/b20/l"
# B21: objects of each type that the check boot uses for the first time.
for i in $(seq -w 0 23); do
	mkdir "$t/b21/d$i"
	echo "$i" >"$t/b21/d$i/f.txt"
done
for i in $(seq -w 0 15); do
	ln -s "d$i/f.txt" "$t/b21/l$i"
	mknod "$t/b21/c$i" c 1 3
	mkfifo "$t/b21/f$i"
done
# B20: a signing key whose certificate the guest loads from the disk, and
# one it never sees.
for key in evm other; do
	openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=ima-dir-integrity B20 $key" \
		-keyout "$work/$key.pem" -outform DER -out "$work/$key.der" 2>/dev/null ||
		die "openssl could not make the B20 test key $key"
done
cp "$work/evm.der" "$t/keys/evm.der"
img=$work/disk.img
"$TOP/vm/mkdisk.sh" "$img" "$uuid" "$work/src"
off() { "$TOP/vm/offline.sh" "$img" "$@"; }
off node /tree/b1/dev/n c 1 3
off node /tree/b17/ren/blk b 7 0
off node /tree/b17/ok/blk0 b 7 0
off node /tree/b17/ovl/upper/f.txt c 1 3
off node /tree/b17/ovlok/upper/f.txt c 1 3
off node /tree/b17/rec/ok/n b 7 0
off node /tree/b17/rec/bad/n b 7 0
# Two small disks the guest attaches to loop0 and loop1 (block devices
# 7:0 and 7:1, whatever else the guest has), each naming itself.
for n in 0 1; do
	mkdir -p "$work/loop$n"
	echo "loop$n" >"$work/loop$n/which"
	"$TOP/vm/mkdisk.sh" "$work/loop$n.img" "3c6a9c84-0c59-4c4c-9e4b-6b3f5f0a0b2$n" "$work/loop$n" 8
done

# B12: its own small disk without the filetype feature; B13: one with
# 512-byte inodes and no blocks reserved for root.
mkdir -p "$work/nft/tree/a" "$work/full/tree/d/sub"
echo x >"$work/nft/tree/a/x.txt"
long=$(printf 'n%.0s' {1..255})
echo long >"$work/full/tree/d/$long"
mkdir "$work/full/tree/d/sub/$long"
MKDISK_OPTS="-O ^filetype" "$TOP/vm/mkdisk.sh" "$work/nft.img" "$uuid" "$work/nft" 16
MKDISK_OPTS="-I 512 -m 0" "$TOP/vm/mkdisk.sh" "$work/full.img" "$uuid" "$work/full" 8

rc=0
run() { "$TOP/vm/run-qemu.sh" "$@" || rc=1; }
APPEND="ima_appraise=fix evm=fix itest.uuid=$uuid itest.dirs=1" \
	run "findings-$k-label" "$label" label "$img"

# B17, from the review of its fix: b17/rec/ok and b17/rec/bad as a power
# cut during the creation of their block device node n leaves them (the
# kernel's own values, written with the test EVM key; keyed values only),
# and the node in b17/rec/bad renumbered: crash recovery must not take
# the number it finds.
if series_keyed; then
	evmhex=$(sed -n 's/^TEST_EVM_HEX=//p' "$TOP/vm/guest/lib.sh")
	for d in ok bad; do
		"$TOP/vm/crash-create.py" "$img" "/tree/b17/rec/$d" n "$uuid" "$evmhex" "$(keyed_type_hex)" \
			>"$work/rec-$d.values" || die "crash-create.py failed for b17/rec/$d"
		while read -r path value; do
			off setxattr "$path" security.ima "$value"
		done <"$work/rec-$d.values"
	done
	off devnum /tree/b17/rec/bad/n 7 1
fi

# Offline edits that need no digest.
off retarget /tree/b1/l/l ../t/t2.txt
off devnum /tree/b1/dev/n 1 5
off chown /tree/b1/o 1234
off chown /tree/b4/o 1234
off rmxattr /tree/b9 security.ima
off rmxattr /tree/b9ctl security.ima
off rmxattr /tree/b18 security.ima
off devnum /tree/b17/ren/blk 7 1
off devnum /tree/b17/ovl/upper/f.txt 0 0
off hide /tree/b19 evil /tree/b19src/secret.txt
# B20: what a distributor's signing tool (evmctl sign) writes, over the
# labels the label boot wrote (evm-sign.py runs Debian's python3, whose
# python3-cryptography ci/deps.sh installs).
kt=$(keyed_type_hex)
sign() {
	off setxattr "$1" security.evm "$("$TOP/vm/evm-sign.py" --keyed-type "$kt" \
		"$img" "$1" "$work/$2.pem" "$work/$2.der")"
}
sign /tree/b20 evm
sign /tree/b20/f.txt evm
sign /tree/b20/l evm
sign /tree/b20bad other
# B5: upper/m marked impure, as a rename of a lower file would leave it
# (trusted.* is not covered by EVM or the digest); copying a lower file
# up is refused by EVM here on every kernel (its temporary file has no
# xattrs yet), so the rename cannot be done in the guest.
off setxattr /tree/b5/upper/m trusted.overlay.impure 79
# B3: a pending record announcing the creation of 'evil' in b3/d over the
# digest b3/d has on the disk (its HMAC, security.evm, stays), and 'evil'
# added: a hard link to a labelled file.
# v1's record format over a v1 digest; over v2's keyed value (76 bytes,
# type keyed_type_hex), its analogue: the value's own MAC of the state
# before kept, a creation announced with a MAC the attacker made up (EVM
# covers only the type byte of a keyed value, so security.evm stays
# valid).
debugfs -R "ea_get -f $work/b3.ima /tree/b3/d security.ima" "$img" >/dev/null 2>&1 || true
b3rec=$(python3 - "$work/b3.ima" "$(keyed_type_hex)" <<'PY'
import sys
try:
    cur = open(sys.argv[1], "rb").read()
except OSError:
    cur = b""
if len(cur) == 76 and cur[0] == int(sys.argv[2], 16):
    # type, version 1, pending 2 (creation), reserved, MAC kept,
    # a made-up create MAC, a nonce
    rec = cur[:2] + bytes([2, 0]) + cur[4:36] + bytes([0x5a]) * 32
    rec += (0x0123456789abcdef).to_bytes(8, "little")
    print(rec.hex())
    sys.exit(0)
if len(cur) != 34 or cur[0] != 4:
    # Not a v1 sha256 digest: write something the check boot will report.
    print("07")
    sys.exit(0)
name = b"evil"
# IMA_DIR_CHG_NEW | IMA_DIR_CHG_ANY, no old entry; new type DT_REG
rec = bytes([7, cur[1]]) + cur[2:] + bytes([1, 0x06, len(name)]) + name
rec += bytes(8) + bytes([0]) + bytes(8) + bytes([8])
print(rec.hex())
PY
)
off setxattr /tree/b3/d security.ima "$b3rec"
off link /tree/b3/src.txt /tree/b3/d/evil

# The attacker's kernel (the base kernel, no EVM key): delete a file from
# b1/d and b4/d and rewrite the values of the four objects changed, with
# the public format.
APPEND="itest.uuid=$uuid" run "findings-$k-forge" "$base" findings-forge "$img"

# boot_on NAME APPEND DISK...: guest test findings-NAME on the kernel
# under test, with these disks
boot_on() {
	local name=$1 append=$2
	shift 2
	APPEND="$append itest.uuid=$uuid" run "findings-$k-$name" "$kernel" "findings-$name" "$@"
}
# findings_boot NAME APPEND [DISK...]: boot_on with a copy of the attacked
# disk first: a boot that hangs or splats leaves nothing behind for the
# next.
findings_boot() {
	cp --sparse=always "$img" "$work/disk-$1.img"
	boot_on "$1" "$2" "$work/disk-$1.img" "${@:3}"
}
findings_boot evm "ima_appraise=enforce"
# B7: the disk reads at 100 KiB/s, so the first verification of b7/big
# (400 KiB of entries, read from the disk) takes seconds: a SIGKILL sent
# 1.5 s into it lands in it.
QEMU_DRIVE_OPTS=throttling.bps-total=102400 findings_boot b7 "ima_appraise=enforce"
findings_boot b9 "ima_appraise=enforce"
findings_boot b19 "ima_appraise=enforce"
boot_on b12 "ima_appraise=fix evm=fix" "$work/nft.img"
boot_on b12-check "ima_appraise=enforce" "$work/nft.img"
boot_on b13 "ima_appraise=fix evm=fix" "$work/full.img"
TIMEOUT=300 findings_boot b5 "ima_appraise=enforce"
findings_boot b17 "ima_appraise=enforce" "$work/loop0.img" "$work/loop1.img"
# B18's warning is ext4's about a transaction on a frozen file system
# (ext4_journal_check_start(): line 78 in 7.2, 76 in 6.12).
FINDING=B18 FINDING_SPLAT='fs/ext4/ext4_jbd2\.c:[0-9]+' findings_boot b18 "ima_appraise=fix evm=fix"
# B20's warning would be the same as B18's.
FINDING=B20 FINDING_SPLAT='fs/ext4/ext4_jbd2\.c:[0-9]+' findings_boot b20 "ima_appraise=enforce"
findings_boot b21 "ima_appraise=enforce"
exit "$rc"
