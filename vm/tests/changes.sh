#!/usr/bin/env bash
# Legitimate changes persist: label a tree in fix mode (boot 1), change it
# in enforce mode with every VFS operation that changes directory entries
# (boot 2), and check in enforce mode after a reboot that every change is
# accepted (boot 3). Patched kernels only.
#   usage: changes.sh [patched|patched-debug]
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../../ci/lib.sh"

k=$(series_kernel "$@")
kernel=$BUILD/kernels/$k.bzImage
uuid=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0a0003
work=$BUILD/vm/changes-$k
rm -rf "$work"
t=$work/src/tree/live
mkdir -p "$t/a/subdir" "$t/b" "$t/rmdir-me" "$t/x1" "$t/x2"
for f in unlink-me rename-me a/move-me wo-src; do
	echo "$f" >"$t/$f.txt"
done
echo deep >"$t/a/subdir/deep.txt"
echo x1 >"$t/x1/id"
echo x2 >"$t/x2/id"
ln -s ../x1/id "$t/oldlink"
# overlayfs: lower, upper and work directories all on the appraised fs
mkdir -p "$t/ovl/lower/ldir" "$t/ovl/upper" "$t/ovl/work"
for f in keep mod del keep2; do
	echo "$f" >"$t/ovl/lower/$f.txt"
done
mkfifo "$t/oldfifo"
img=$work/disk.img
"$TOP/vm/mkdisk.sh" "$img" "$uuid" "$work/src"
"$TOP/vm/offline.sh" "$img" node /tree/live/olddev c 1 3
for f in keep mod del keep2; do
	"$TOP/vm/offline.sh" "$img" chown "/tree/live/ovl/lower/$f.txt" 4321
done

rc=0
APPEND="ima_appraise=fix evm=fix itest.uuid=$uuid itest.dirs=1" \
	"$TOP/vm/run-qemu.sh" "changes-$k-label" "$kernel" label "$img" || rc=1
APPEND="ima_appraise=enforce itest.uuid=$uuid" \
	"$TOP/vm/run-qemu.sh" "changes-$k-do" "$kernel" changes-do "$img" || rc=1
APPEND="ima_appraise=enforce itest.uuid=$uuid" \
	"$TOP/vm/run-qemu.sh" "changes-$k-check" "$kernel" changes-check "$img" || rc=1
exit "$rc"
