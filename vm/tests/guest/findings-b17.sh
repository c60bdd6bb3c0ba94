#!/bin/sh
# Finding B17 of the v1 review (vm/tests/findings.sh): device nodes used
# without being opened. b17/blk was labelled as 7:0 (loop0) and renumbered
# 7:1 (loop1) offline: mounting it by path (lookup_bdev()) must refuse it,
# as opening it would. b17/upper/f.txt, a labelled character device in an
# overlay's upper layer over the lower f.txt, was renumbered 0:0 offline,
# which makes it a whiteout: the overlay must not silently hide the lower
# file.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
b=/mnt/tree/b17
plan 9
setup_disk 1
losetup /dev/loop0 /dev/vdb && losetup /dev/loop1 /dev/vdc
result $? "loop0 and loop1 attached to the two small disks"
expect_err EACCES open $b/blk "B17: opening the renumbered block device node is refused (the control)"
mkdir -p /tmp/x
if mount -t ext4 -o ro $b/blk /tmp/x 2>/tmp/mount.err; then
	result 1 "B17: mounting the renumbered block device node by its path is refused" \
		"mounted $(cat /tmp/x/which)"
	umount /tmp/x
else
	grep -q 'Permission denied' /tmp/mount.err
	result $? "B17: mounting the renumbered block device node by its path is refused" \
		"$(cat /tmp/mount.err)"
fi
mkdir -p /tmp/o
mount -t overlay -o "lowerdir=$b/lower,upperdir=$b/upper,workdir=$b/work" overlay /tmp/o
result $? "overlay mounted"
bounded 60 /tmp/stat.out itest try stat /tmp/o/f.txt
[ "$(cat /tmp/stat.out)" = EACCES ]
result $? "B17: a device node made a whiteout offline does not hide the lower file (refused)" \
	"stat /tmp/o/f.txt: got $(cat /tmp/stat.out)"
umount /tmp/o
result $? "overlay unmounted"
