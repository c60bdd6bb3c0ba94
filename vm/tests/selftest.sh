#!/usr/bin/env bash
# Run the series' kselftest (tools/testing/selftests/ima) in one VM: it
# labels trees on an unmounted scratch ext4 device, edits the raw device
# and checks the edits are refused. On the base kernel every test must
# skip (the policy has no DIR_CHECK), never pass.
#   usage: selftest.sh base|patched|patched-debug|patched-gcov
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../../ci/lib.sh"

[ $# -eq 1 ] || die "usage: ${0##*/} base|patched|patched-debug|patched-gcov"
k=$1
case $k in
base) expect=skip ;;
patched | patched-debug | patched-gcov) expect=pass ;;
*) die "usage: ${0##*/} base|patched|patched-debug|patched-gcov" ;;
esac
need mke2fs truncate
kernel=$BUILD/kernels/$k.bzImage
work=$BUILD/vm/selftest-$k
rm -rf "$work"
mkdir -p "$work"
img=$work/scratch.img
truncate -s 32M "$img"
# No metadata checksums: the test edits the raw device (see the test).
mke2fs -q -F -t ext4 -O ^metadata_csum,^has_journal \
	-U 3c6a9c84-0c59-4c4c-9e4b-6b3f5f0a0005 "$img"
APPEND="ima_appraise=enforce itest.expect=$expect" \
	"$TOP/vm/run-qemu.sh" "selftest-$k" "$kernel" selftest "$img"
