#!/usr/bin/env bash
# Legitimate changes persist: label a tree in fix mode (boot 1), change it
# in enforce mode with every VFS operation that changes directory entries
# (boot 2), and check in enforce mode after a reboot that every change is
# accepted (boot 3). Patched kernels only.
#
# Twice: with small directories, whose digest is computed again by reading
# the directory after each change, and with every directory padded to more
# than 64 entries, where the kernel keeps the entry hashes of a directory
# that changed and applies its next changes to them (boot 2 changes each
# directory once before the tested operations, so that each of them takes
# that path). RENAME_WHITEOUT cannot take it: the kernel drops the hashes
# and reads the directory again, which would also repair a wrong digest
# left by an earlier change; so it has a directory of its own (wo/).
# On patched-debug the padded tree is labelled by the patched kernel (the
# same labels; that boot took 70 s of the debug run's 120 s); the small tree
# is labelled by the kernel under test.
# A series with keyed values (v2) gets a fourth boot on a disk with the
# casefold and encrypt features: an appraised empty directory may not be
# made casefolded or encrypted, one that no rule appraises may
# (guest/changes-names.sh).
#   usage: changes.sh [patched|patched-debug|patched-gcov]
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../../ci/lib.sh"

k=$(series_kernel "$@")
kernel=$BUILD/kernels/$k.bzImage
uuid=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0a0003
# The directories boot 2 changes; overlayfs's work directory must stay
# empty.
dirs=(. a a/subdir b x1 x2 wo ovl/lower ovl/lower/ldir ovl/upper)

# make_tree DIR FILL: the test tree under DIR, each changed directory with
# FILL extra files
make_tree() {
	local t=$1/tree/live fill=$2 d i f
	mkdir -p "$t/a/subdir" "$t/b" "$t/rmdir-me" "$t/x1" "$t/x2" "$t/wo"
	for f in unlink-me rename-me a/move-me wo/src; do
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
	for d in "${dirs[@]}"; do
		for ((i = 0; i < fill; i++)); do
			: >"$t/$d/fill-$i"
		done
	done
}

# run_layout NAME FILL LABEL_KERNEL: the three boots on a tree made with
# FILL, the first with LABEL_KERNEL
run_layout() {
	local name=changes-$k$1 fill=$2 lkernel=$3 work img f warm rc=0
	warm=$(IFS=,; echo "${dirs[*]}")
	work=$BUILD/vm/$name
	rm -rf "$work"
	make_tree "$work/src" "$fill"
	img=$work/disk.img
	"$TOP/vm/mkdisk.sh" "$img" "$uuid" "$work/src"
	"$TOP/vm/offline.sh" "$img" node /tree/live/olddev c 1 3
	for f in keep mod del keep2; do
		"$TOP/vm/offline.sh" "$img" chown "/tree/live/ovl/lower/$f.txt" 4321
	done
	APPEND="ima_appraise=fix evm=fix itest.uuid=$uuid itest.dirs=1" \
		"$TOP/vm/run-qemu.sh" "$name-label" "$lkernel" label "$img" || rc=1
	APPEND="ima_appraise=enforce itest.uuid=$uuid itest.warm=$warm" \
		"$TOP/vm/run-qemu.sh" "$name-do" "$kernel" changes-do "$img" || rc=1
	APPEND="ima_appraise=enforce itest.uuid=$uuid" \
		"$TOP/vm/run-qemu.sh" "$name-check" "$kernel" changes-check "$img" || rc=1
	return "$rc"
}

# names: a series with keyed values refuses to make an appraised directory
# casefolded or encrypted (a disk with both features; one boot).
run_names() {
	local name=changes-$k-names work
	work=$BUILD/vm/$name
	rm -rf "$work"
	mkdir -p "$work/src/tree/names/"{cf,enc,free-cf,free-enc}
	chown 4321 "$work/src/tree/names/free-cf" "$work/src/tree/names/free-enc"
	MKDISK_OPTS="-O casefold,encrypt" "$TOP/vm/mkdisk.sh" "$work/disk.img" "$uuid" "$work/src" 64 &&
		APPEND="ima_appraise=fix evm=fix itest.uuid=$uuid" \
			"$TOP/vm/run-qemu.sh" "$name" "$kernel" changes-names "$work/disk.img"
}

rc=0
run_layout "" 0 "$kernel" || rc=1
run_layout -big 100 "$(label_kernel "$k")" || rc=1
if series_keyed; then
	run_names || rc=1
fi
exit "$rc"
