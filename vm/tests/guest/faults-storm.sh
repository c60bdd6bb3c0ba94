#!/bin/sh
# A storm of directory changes on the labelled test disk, in enforce mode
# (vm/tests/faults-cuts.sh, faults-conc.sh). Every directory below
# /mnt/tree/storm is changed by vm/helpers/fstorm.c for itest.secs seconds
# (0: until the host cuts the power) by itest.workers processes while
# itest.walkers processes look paths up and walk the tree; itest.verbose=1
# logs every change. When the storm ends, the tree must verify in the same
# boot and the disk unmount cleanly.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
seed=$(cmdline_value itest.seed)
secs=$(cmdline_value itest.secs)
workers=$(cmdline_value itest.workers)
walkers=$(cmdline_value itest.walkers)
verbose=$(cmdline_value itest.verbose)
plan 6
setup_disk 1
cd /mnt/tree/storm || exit 1
set -- -s "${seed:-1}" -t "${secs:-10}" -w "${workers:-4}" -r "${walkers:-0}"
[ "$verbose" = 1 ] && set -- "$@" -v
# shellcheck disable=SC2046 # one argument a directory
fstorm storm "$@" $(ls)
result $? "storm: no change or lookup failed with an unexpected error (EACCES first)"
cd /
fstorm walk /mnt/tree >/tmp/walk
rc=$?
sed 's/^/# /' /tmp/walk | tail -n 40
[ "$rc" -eq 0 ] && ! dmesg | grep -qE 'op=appraise_(dir|special)'
result $? "after the storm every directory and special file verifies in this boot" \
	"$(grep -E 'refused|error' /tmp/walk | head -n 3)"
umount /mnt
result $? "test disk unmounted"
