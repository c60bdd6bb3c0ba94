#!/bin/sh
# Boot 2 of bench/bench.sh (ima_appraise=fix evm=fix): label (b) and (c)
# with the benchmark's policy by using everything on them: every regular
# file of the tree and the copy source is read (security.ima, .evm), and on
# (c) every directory and symlink gets its digest; the files of the
# create/unlink/rename directories are never opened, so only those
# directories are labelled. Then check (c)'s tree is labelled throughout.
# (a) and (d) are not touched.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
# shellcheck source=vm/tests/guest/bench-lib.sh
. /tests/bench-lib.sh
plan 8
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
bench_policy
bench_mount b c
for c in b c; do
	fstorm walk "/mnt/$c/tree" >/tmp/walk-$c 2>&1 &&
		cat "/mnt/$c/big.bin" >/dev/null &&
		fstorm walk -n "/mnt/$c/dirs" >>/tmp/walk-$c 2>&1
	result $? "($c) labelling walk" "$(grep -v '^walk: dirs=' /tmp/walk-$c | head -n 3)"
done
fstorm walk -x /mnt/c/tree >/tmp/check-c 2>&1
result $? "(c) every file, directory and symlink of the tree is labelled" \
	"$(grep -v '^walk: dirs=' /tmp/check-c | head -n 3)"
itest getxattr /mnt/b/big.bin security.ima >/dev/null &&
	itest getxattr /mnt/c/big.bin security.ima >/dev/null
result $? "the copy source is labelled on (b) and (c)"
bench_umount b c
