#!/bin/sh
# Finding B7 of the v1 review (vm/tests/findings.sh): a transient error in
# a directory's first verification is not a verdict. The disk is throttled
# (100 KiB/s) so that reading b7/big's 400 KiB of entries takes seconds;
# a listing of it is killed (SIGKILL) 1.5 s after it started, inside that
# read, where ext4 stops at the fatal signal. The next listing must
# verify it again and pass.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
b=/mnt/tree/b7
plan 6
setup_disk 1
expect_err 0 list $b "b7 lists (its parents are verified)"
t0=$(cut -d' ' -f1 /proc/uptime)
ITEST_MARK=1 itest try list $b/big >/tmp/b7.out 2>/tmp/b7.err &
pid=$!
sleep 1.5
# The directory is verified before open() returns: the kill must come
# while it is not open yet ("opened" not written).
opened=$(cat /tmp/b7.err)
kill -9 $pid
wait $pid
st=$?
[ $st -eq 137 ] && [ -z "$opened" ]
result $? "the first listing of b7/big was killed before its open() returned" \
	"it exited $st ($(cat /tmp/b7.out)); at the kill it had written '$opened'"
echo "# B7: audit records of b7/big after the kill: $(dmesg | grep 'audit' | grep -c 'b7/big')"
dmesg | grep 'audit' | grep 'b7/big' | sed 's/^/# /'
expect_err 0 list $b/big "B7: a directory whose first verification was killed lists afterwards"
echo "# B7: both listings took $(awk "BEGIN { print $(cut -d' ' -f1 /proc/uptime) - $t0 }") s"
