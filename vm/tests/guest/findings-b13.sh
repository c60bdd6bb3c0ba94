#!/bin/sh
# Finding B13 of the v1 review (vm/tests/findings.sh), fix mode: on a file
# system made with 512-byte inodes (xattrs in the inode, as the docs may
# recommend) and no blocks reserved, filled to the last block, a file and
# a directory with 255-byte names can still be removed: freeing space
# must not need space.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
d=/mnt/tree/d
plan 7
setup_disk 1
find /mnt -exec itest try stat {} \; >/dev/null
find /mnt -type d -exec itest try list {} \; >/dev/null
long=$(printf 'n%.0s' $(seq 255))
dd if=/dev/zero of=/mnt/fill bs=4096 2>/dev/null
df /mnt | sed 's/^/# /'
[ "$(df /mnt | awk 'NR == 2 { print $4 }')" -eq 0 ]
result $? "the file system is full"
expect_err 0 unlink "$d/$long" "B13: a file with a 255-byte name is removed from the full file system"
expect_err 0 rmdir "$d/sub/$long" "B13: a directory with a 255-byte name is removed from the full file system"
rm -f /mnt/fill
umount /mnt
result $? "test disk unmounted"
