#!/usr/bin/env bash
# ima-dirtool in the guest, on the patched kernel:
#  (a) the kernel labels a tree in fix mode (directories, regular files,
#      symlinks, device nodes, FIFOs, sockets, and new ones made at run
#      time): the tool computes exactly the security.ima the kernel wrote
#      for each of them (boot klabel);
#  (c) offline changes to that image (debugfs) are each reported by
#      'ima-dirtool verify -r', and nothing else (boot offline);
#  (b) a copy of the tree labelled by the tool ('ima-dirtool fix -r', EVM
#      key loaded and evm=fix, no IMA policy) boots in enforce mode with
#      DIR_CHECK and SPECIAL_CHECK and everything on it is usable, while two
#      values set wrong on purpose are refused (boots tlabel, enforce); and
#      without evm=fix, EVM refuses the tool's values for regular files
#      (boot noevmfix).
#   usage: tool.sh [patched|patched-debug|patched-gcov]
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../../ci/lib.sh"

k=${1:-patched}
case $k in
patched | patched-debug | patched-gcov) ;;
*) die "usage: ${0##*/} [patched|patched-debug|patched-gcov]" ;;
esac
kernel=$BUILD/kernels/$k.bzImage
uuid=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0a7001
work=$BUILD/vm/tool-$k
rm -rf "$work"
need python3

# The tree: every file type the kernel labels; device nodes are added with
# debugfs below (mknod needs root, mke2fs -d copies the rest).
t=$work/src/tree
mkdir -p "$t/a/b" "$t/lnk" "$t/dev" "$t/spec" "$t/ren" "$t/new" "$t/neg"
echo f1 >"$t/a/f1"
echo f2 >"$t/a/b/f2"
echo old >"$t/ren/old.txt"
echo x >"$t/neg/x"
ln -s ../a/f1 "$t/lnk/rel"
ln -s /mnt/tree/a/f1 "$t/lnk/abs"
ln -s nowhere "$t/lnk/dangling"
# A slow symlink (target outside the inode): 307 bytes, resolves to a/f1.
ln -s "../a/$(printf './%.0s' {1..150})f1" "$t/lnk/long"
ln -s ../a/f1 "$t/lnk/neg"
mkfifo "$t/spec/fifo" "$t/spec/fifo2"
mksock "$t/spec/sock" "$t/spec/sock2"
img=$work/klabel.img
"$TOP/vm/mkdisk.sh" "$img" "$uuid" "$work/src"
off() { "$TOP/vm/offline.sh" "$1" "${@:2}"; }
off "$img" node /tree/dev/null c 1 3
off "$img" node /tree/dev/zero c 1 5
off "$img" node /tree/dev/blk b 8 0
off "$img" node /tree/dev/blk2 b 8 1
timg=$work/tlabel.img
nimg=$work/noevmfix.img
cp "$img" "$timg"
cp "$img" "$nimg"

run() {
	local name=$1 append=$2 test=$3 disk=$4
	APPEND="$append itest.uuid=$uuid" \
		"$TOP/vm/run-qemu.sh" "tool-$k-$name" "$kernel" "$test" "$disk"
}

rc=0
# (a) the kernel labels, the tool computes the same values
run klabel "ima_appraise=fix evm=fix" tool-klabel "$img" || rc=1

# (c) offline changes, one of each kind, reported by verify -r
off "$img" rename /tree/ren/old.txt /tree/ren/new.txt
off "$img" retarget /tree/lnk/rel ../a/b/f2
off "$img" devnum /tree/dev/blk 8 3
off "$img" modify /tree/a/f1
off "$img" rmxattr /tree/spec/fifo security.ima
off "$img" setxattr /tree/spec/sock security.ima "0404$(printf '00%.0s' {1..32})"
run offline "" tool-offline "$img" || rc=1

# (b) the tool labels, the kernel enforces
run tlabel "evm=fix" tool-tlabel "$timg" || rc=1
run enforce "ima_appraise=enforce" tool-enforce "$timg" || rc=1
run noevmfix "" tool-noevmfix "$nimg" || rc=1
exit "$rc"
