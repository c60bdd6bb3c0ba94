#!/bin/sh
# Boot 2 of bench/bench.sh (ima_appraise=fix evm=fix): label (b), (c) and
# (f) with the benchmark's policy by using everything on them: every
# regular file of the tree and the copy source is read (security.ima,
# .evm), and on (c) and (f) every directory and symlink gets its digest;
# the files of the create/unlink/rename directories are never opened, so
# only those directories are labelled. Then check (c)'s and (f)'s trees
# are labelled throughout. Last, format (e) and (eb) (dm-integrity over
# zeroed disks) and copy (a)'s file system onto them, every sector of it,
# so that every tag is written. (a) and (d) are not touched.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
# shellcheck source=vm/tests/guest/bench-lib.sh
. /tests/bench-lib.sh
plan 15
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
bench_policy
bench_mount b c f
for c in b c f; do
	fstorm walk "/mnt/$c/tree" >/tmp/walk-$c 2>&1 &&
		cat "/mnt/$c/big.bin" >/dev/null &&
		fstorm walk -n "/mnt/$c/dirs" >>/tmp/walk-$c 2>&1
	result $? "($c) labelling walk" "$(grep -v '^walk: dirs=' /tmp/walk-$c | head -n 3)"
done
for c in c f; do
	fstorm walk -x "/mnt/$c/tree" >"/tmp/check-$c" 2>&1
	result $? "($c) every file, directory and symlink of the tree is labelled" \
		"$(grep -v '^walk: dirs=' "/tmp/check-$c" | head -n 3)"
done
itest getxattr /mnt/b/big.bin security.ima >/dev/null &&
	itest getxattr /mnt/c/big.bin security.ima >/dev/null &&
	itest getxattr /mnt/f/big.bin security.ima >/dev/null
result $? "the copy source is labelled on (b), (c) and (f)"
bench_umount b c f
bench_dm e eb
isect=$(cmdline_value itest.isect)
for c in e eb; do
	dd if="$(bench_disk a)" of="$(bench_dev "$c")" bs=1M count=$((isect / 2048)) \
		conv=fsync 2>"/tmp/dd-$c"
	result $? "($c) (a)'s file system copied through dm-integrity ($((isect / 2048)) MiB)" \
		"$(tail -n 2 "/tmp/dd-$c")"
done
bench_mount e eb
bench_umount e eb
