#!/usr/bin/env bash
# Prove the harness on today's IMA/EVM: label a test tree in fix mode, edit
# the powered-off image offline (modify one file, rename one, delete one),
# then boot in enforce mode and check the outcome.
#   usage: harness.sh base|patched
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../../ci/lib.sh"

[ $# -eq 1 ] || die "usage: ${0##*/} base|patched"
k=$1
kernel=$BUILD/kernels/$k.bzImage
uuid=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0a0001
work=$BUILD/vm/harness-$k
rm -rf "$work"
mkdir -p "$work/src/tree"
echo "keep me" >"$work/src/tree/keep.txt"
echo "modify me" >"$work/src/tree/modified.txt"
echo "rename me" >"$work/src/tree/rename-me.txt"
echo "delete me" >"$work/src/tree/delete-me.txt"
img=$work/disk.img
"$TOP/vm/mkdisk.sh" "$img" "$uuid" "$work/src"

rc=0
APPEND="ima_appraise=fix evm=fix itest.uuid=$uuid" \
	"$TOP/vm/run-qemu.sh" "harness-$k-label" "$kernel" label "$img" || rc=1
"$TOP/vm/offline.sh" "$img" modify /tree/modified.txt
"$TOP/vm/offline.sh" "$img" rename /tree/rename-me.txt /tree/renamed.txt
"$TOP/vm/offline.sh" "$img" delete /tree/delete-me.txt
APPEND="ima_appraise=enforce itest.uuid=$uuid" \
	"$TOP/vm/run-qemu.sh" "harness-$k-check" "$kernel" harness-check "$img" || rc=1
exit "$rc"
