#!/usr/bin/env bash
# The offline-attack matrix (BRIEF section 3) on directories and special
# files: label a test tree in fix mode, power off, make each attack on its
# own part of the tree with debugfs on the host, boot in enforce mode and
# check each attack is refused (patched kernel, DIR_CHECK and SPECIAL_CHECK
# in the policy) or goes unnoticed (base kernel: the negative control that
# shows the checks can fail). A second copy of the labelled disk gets one
# attack only, a file added to the file system's root directory, and its
# own check boot: refusing the root refuses everything below it.
#   usage: attacks.sh base|patched|patched-debug|patched-gcov
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../../ci/lib.sh"

[ $# -eq 1 ] || die "usage: ${0##*/} base|patched|patched-debug|patched-gcov"
k=$1
case $k in
base) dirs=0 expect=unnoticed ;;
patched | patched-debug | patched-gcov) dirs=1 expect=refused ;;
*) die "usage: ${0##*/} base|patched|patched-debug|patched-gcov" ;;
esac
kernel=$BUILD/kernels/$k.bzImage
uuid=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0a0002
work=$BUILD/vm/attacks-$k
# The type byte of a keyed value in the series under test (v2's format).
kt=$(keyed_type_hex)
rm -rf "$work"
src=$work/src/tree
# Malformed security.ima values, one directory each (name: hex value).
declare -A malformed=(
	[mal-empty]=""
	[mal-truncated]="0404$(printf '11%.0s' {1..10})"
	[mal-unknown-type]="ff04$(printf '22%.0s' {1..32})"
	[mal-oversized]="0404$(printf '33%.0s' {1..132})"
	[mal-signature]="0302$(printf '44%.0s' {1..40})"
	[mal-unknown-algo]="04ff$(printf '55%.0s' {1..32})"
	[mal-sha1-v1]="01$(printf '66%.0s' {1..20})"
	[mal-pending]="0704$(printf '88%.0s' {1..32})03"
	[mal-keyed-short]="${kt}01$(printf '77%.0s' {1..10})"
	[mal-keyed-reserved]="${kt}010001$(printf '00%.0s' {1..72})"
	[mal-keyed-forged]="${kt}010000$(printf '99%.0s' {1..32})$(printf '00%.0s' {1..40})"
)
for d in keep del ren mvsrc mvdst add hl hlsrc rmx cpx cpxsrc rend rend/sub pend dotdot/sub rootforge \
	"${!malformed[@]}" \
	lnk lnk2 lnkt lcp dev dev2 spec malsp; do
	mkdir -p "$src/$d"
done
echo keep >"$src/keep/a.txt"
echo victim >"$src/del/victim.txt"
echo other >"$src/del/other.txt"
echo old >"$src/ren/old.txt"
echo f >"$src/mvsrc/f.txt"
echo g >"$src/mvdst/g.txt"
echo a >"$src/add/a.txt"
echo a >"$src/hl/a.txt"
echo s >"$src/hlsrc/s.txt"
echo a >"$src/rmx/a.txt"
echo a >"$src/cpx/a.txt"
echo b >"$src/cpxsrc/b.txt"
echo s >"$src/rend/sub/s.txt"
echo s >"$src/dotdot/sub/s.txt"
echo victim >"$src/pend/victim.txt"
echo other >"$src/pend/other.txt"
for d in "${!malformed[@]}"; do
	echo m >"$src/$d/m.txt"
done
echo evil >"$work/evil.txt"
# Special files: symlinks, FIFOs and sockets are copied by mke2fs -d;
# device nodes are added with debugfs (no root needed).
echo t1 >"$src/lnkt/t1.txt"
echo t2 >"$src/lnkt/t2.txt"
ln -s a.txt "$src/keep/l"
for l in lnk/l lnk2/l lcp/a lcp/b malsp/l-empty malsp/l-trunc; do
	ln -s ../lnkt/t1.txt "$src/$l"
done
for p in keep/fifo spec/fifo malsp/fifo-sig; do
	mkfifo "$src/$p"
done
mksock "$src/keep/sock" "$src/spec/sock"
img=$work/disk.img
"$TOP/vm/mkdisk.sh" "$img" "$uuid" "$work/src"
for n in keep/null dev/null dev2/n malsp/dev-type; do
	"$TOP/vm/offline.sh" "$img" node "/tree/$n" c 1 3
done

rc=0
APPEND="ima_appraise=fix evm=fix itest.uuid=$uuid itest.dirs=$dirs" \
	"$TOP/vm/run-qemu.sh" "attacks-$k-label" "$kernel" label "$img" || rc=1

# The second disk: a copy of the labelled one whose only change is a file
# added to the file system's root directory (checked on its own, as it
# makes everything on the disk refused).
rootimg=$work/disk-root.img
cp --sparse=always "$img" "$rootimg"
"$TOP/vm/offline.sh" "$rootimg" write /evil.txt "$work/evil.txt"

off() { "$TOP/vm/offline.sh" "$img" "$@"; }
# pending_removal DIR NAME: the pending record the kernel writes before it
# unlinks DIR/NAME (Documentation/security/IMA-directories.rst), built from
# DIR's digest on the disk (zeros without one: base kernel). It has no
# valid EVM HMAC: an attacker cannot make one.
pending_removal() {
	local ino val=$work/pend.val
	ino=$(debugfs -R "stat $1/$2" "$img" 2>/dev/null | sed -n 's/^Inode: \([0-9]*\) .*/\1/p')
	[ -n "$ino" ] || die "no inode for $1/$2 in $img"
	debugfs -R "ea_get -f $val $1 security.ima" "$img" >/dev/null 2>&1 || true
	python3 - "$val" "$2" "$ino" <<'PY'
import os, struct, sys
val, name, ino = sys.argv[1], sys.argv[2].encode(), int(sys.argv[3])
cur = open(val, "rb").read() if os.path.exists(val) else b""
digest = cur[2:] if len(cur) == 34 and cur[0] == 4 else bytes(32)
rec = bytes([7, 4]) + digest + bytes([1, 1, len(name)]) + name
rec += struct.pack("<QBQB", ino, 8, 0, 0)
print(rec.hex())
PY
}
pending=$(pending_removal /tree/pend victim.txt)
off delete /tree/pend/victim.txt
off setxattr /tree/pend security.ima "$pending"
off delete /tree/del/victim.txt
off rename /tree/ren/old.txt /tree/ren/new.txt
off rename /tree/mvsrc/f.txt /tree/mvdst/f.txt
off write /tree/add/evil.txt "$work/evil.txt"
off link /tree/hlsrc/s.txt /tree/hl/s.txt
if [ "$dirs" = 1 ]; then
	off rmxattr /tree/rmx security.ima
	off copyxattr /tree/cpxsrc /tree/cpx security.ima
	off copyxattr /tree/cpxsrc /tree/cpx security.evm
else
	log "base kernel: directories carry no security.ima to remove or copy"
fi
off rename /tree/rend/sub /tree/rend/sub2
off dotdot /tree/dotdot/sub /tree/keep
for d in "${!malformed[@]}"; do
	off setxattr "/tree/$d" security.ima "${malformed[$d]}"
done

# Special files.
off retarget /tree/lnk/l ../lnkt/t2.txt
off symlink /tree/lnk2/l ../lnkt/t2.txt
off devnum /tree/dev/null 1 5
off mknod /tree/dev2/n 1 5
if [ "$dirs" = 1 ]; then
	off copyxattr /tree/lcp/a /tree/lcp/b security.ima
	off copyxattr /tree/lcp/a /tree/lcp/b security.evm
	off rmxattr /tree/spec/fifo security.ima
else
	log "base kernel: special files carry no security.ima to remove or copy"
fi
off setxattr /tree/spec/sock security.ima "0404$(printf '77%.0s' {1..32})"
off setxattr /tree/malsp/l-empty security.ima ""
off setxattr /tree/malsp/l-trunc security.ima "${malformed[mal-truncated]}"
off setxattr /tree/malsp/dev-type security.ima "${malformed[mal-unknown-type]}"
off setxattr /tree/malsp/fifo-sig security.ima "${malformed[mal-signature]}"

APPEND="ima_appraise=enforce itest.uuid=$uuid itest.expect=$expect" \
	"$TOP/vm/run-qemu.sh" "attacks-$k-check" "$kernel" attacks-check "$img" || rc=1
APPEND="ima_appraise=enforce itest.uuid=$uuid itest.expect=$expect itest.root=1" \
	"$TOP/vm/run-qemu.sh" "attacks-$k-root" "$kernel" attacks-check "$rootimg" || rc=1
exit "$rc"
