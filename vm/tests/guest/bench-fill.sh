#!/bin/sh
# Boot 1 of bench/bench.sh: on the image that becomes the disks of (a) to
# (e) and on (f)'s image (512-byte inodes), with no IMA policy, make the
# directories of the create/unlink/rename workload: /mnt/CFG/dirs/dSIZE
# holding SIZE empty files for each SIZE of itest.sizes (comma-separated).
# The kernel makes them, so ext4 indexes them as it would on a running
# system.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
# shellcheck source=vm/tests/guest/bench-lib.sh
. /tests/bench-lib.sh
sizes=$(cmdline_value itest.sizes | tr , ' ')
n=0
for s in $sizes; do n=$((n + 1)); done
plan $((2 * n + 2))
bench_mount a f
for c in a f; do
	for s in $sizes; do
		mkdir -p "/mnt/$c/dirs/d$s" && fstorm fill "/mnt/$c/dirs/d$s" "$s" >/dev/null
		result $? "($c) directory of $s entries made"
	done
done
bench_umount a f
