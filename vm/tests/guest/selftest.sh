#!/bin/sh
# Run tools/testing/selftests/ima/ima_dir_offline_test on the scratch disk
# (/dev/vda) and report each of its tests: passed on the patched kernel
# (itest.expect=pass), skipped on the base kernel (itest.expect=skip).
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
expect=$(cmdline_value itest.expect)
tests="rename_in_place delete_file retarget_symlink"
plan 5
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
IMA_DIR_SCRATCH_DEV=/dev/vda ima_dir_offline_test >/tmp/kselftest.out 2>&1
rc=$?
sed 's/^/# /' /tmp/kselftest.out
for t in $tests; do
	line=$(grep -E "^(not )?ok [0-9]+ offline\.$t( |$)" /tmp/kselftest.out)
	case $expect:$line in
	pass:"ok "*"# SKIP"*) ok=1 ;;
	pass:"ok "*) ok=0 ;;
	skip:"ok "*"# SKIP"*) ok=0 ;;
	*) ok=1 ;;
	esac
	result "$ok" "kselftest offline.$t: want $expect" "got: ${line:-no result}"
done
# The harness exits 0 when no test failed (skipped ones included).
[ "$rc" -eq 0 ]
result $? "kselftest exit status $rc"
