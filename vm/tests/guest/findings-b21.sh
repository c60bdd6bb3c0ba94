#!/bin/sh
# Finding B21 of the review of v2 (vm/tests/findings.sh): the first
# verification of a directory or special file read its keyed value, and
# EVM checked it, without the inode's lock. A change of the inode's
# metadata (chmod, chown, setxattr) changes it in ->setattr under that
# lock and EVM writes the new HMAC only in its post hook, still under the
# lock: a verification between the two finds an HMAC that does not match,
# and the failure was cached until the inode was evicted or its owner
# changed. Here a child process changes the mode of each object (a
# symbolic link's group), again and again, while the object is used for
# the first time since boot (fstorm race); the timer tick preempts the
# child wherever it is in its change. The object is used again after the
# race: a failure must not have been cached either.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
b=/mnt/tree/b21
plan 9
setup_disk 1
expect_err 0 list $b "b21 lists (its entries are not used yet)"
# race_type WHAT PATH...: one result for the race on PATH...
race_type() {
	_what=$1
	shift
	fstorm race "$@" >/tmp/race.out 2>&1
	_r=$?
	sed 's/^/# /' /tmp/race.out
	[ $_r -eq 0 ]
	result $? "B21: the first use of $_what racing with a change of its mode or group is not refused" \
		"$(grep -c 'first=E\|again=E' /tmp/race.out) of $# refused"
}
race_type directories $b/d*
race_type "symbolic links (readlink)" $b/l*
race_type "device nodes (open)" $b/c*
race_type FIFOs $b/f*
echo "# B21: audit records: $(dmesg | grep -c 'audit.*b21')"
dmesg | grep 'audit.*b21' | head -5 | sed 's/^/# /'
umount /mnt
result $? "test disk unmounted"
