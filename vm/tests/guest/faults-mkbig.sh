#!/bin/sh
# Build the large directory of vm/tests/faults-hostile.sh with the kernel
# (no IMA policy loaded yet): itest.big empty files in /mnt/tree/big, which
# ext4 indexes as it grows (mke2fs -d takes minutes to link 100 000 entries
# into one linear directory).
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
big=$(cmdline_value itest.big)
plan 3
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted (no IMA policy)"
mkdir -p /mnt/tree/big
t0=$(cut -d' ' -f1 /proc/uptime)
fstorm fill /mnt/tree/big "$big"
result $? "$big files created in /mnt/tree/big"
echo "# time: creating $big files without the policy $(awk "BEGIN { print $(cut -d' ' -f1 /proc/uptime) - $t0 }") s"
umount /mnt
result $? "test disk unmounted"
