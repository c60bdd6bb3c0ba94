#!/bin/sh
# Finding B18 of the v1 review (vm/tests/findings.sh), in fix mode: the
# first use of a directory without security.ima writes it. On a frozen
# file system that write must wait for the thaw like any other (or not
# happen): it must not start a transaction the freeze forbids.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
plan 7
setup_disk 1
fsfreeze --freeze /mnt
result $? "the test disk is frozen"
itest try list /mnt/tree/b18 >/tmp/b18.out 2>&1 &
pid=$!
sleep 5
fsfreeze --unfreeze /mnt
result $? "the test disk is thawed"
# The listing may wait for the thaw; it must end after it.
await 60 $pid
r=$?
[ $r -ne 124 ] && [ "$(cat /tmp/b18.out)" = 0 ]
result $? "B18: the directory first used while frozen lists once thawed" \
	"got '$(cat /tmp/b18.out)' ($([ $r -eq 124 ] && echo 'still running 60 s after the thaw' || echo "exit $r"))"
! dmesg | grep -q -e 'WARNING:' -e 'BUG:'
result $? "B18: no warning from the file system about a write while frozen" \
	"$(dmesg | grep -m1 -A2 'WARNING:' | tr '\n' ' ')"
