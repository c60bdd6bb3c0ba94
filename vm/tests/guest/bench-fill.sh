#!/bin/sh
# Boot 1 of bench/bench.sh: on the one image that becomes all four disks,
# with no IMA policy, make the directories of the create/unlink/rename
# workload: /mnt/a/dirs/dSIZE holding SIZE empty files for each SIZE of
# itest.sizes (comma-separated). The kernel makes them, so ext4 indexes
# them as it would on a running system.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
# shellcheck source=vm/tests/guest/bench-lib.sh
. /tests/bench-lib.sh
sizes=$(cmdline_value itest.sizes | tr , ' ')
n=0
for s in $sizes; do n=$((n + 1)); done
plan $((n + 2))
bench_mount a
for s in $sizes; do
	mkdir -p "/mnt/a/dirs/d$s" && fstorm fill "/mnt/a/dirs/d$s" "$s" >/dev/null
	result $? "directory of $s entries made"
done
bench_umount a
