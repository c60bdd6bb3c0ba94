#!/bin/sh
# Finding B17 of the v1 review (vm/tests/findings.sh): device nodes used
# without being opened. b17/blk was labelled as 7:0 (loop0) and renumbered
# 7:1 (loop1) offline: mounting it by path (lookup_bdev()) must refuse it,
# as opening it would (b17/blk0, untouched, is the control).
# b17/upper/f.txt, a labelled character device in an
# overlay's upper layer over the lower f.txt, was renumbered 0:0 offline,
# which makes it a whiteout: the overlay must not silently hide the lower
# file.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
b=/mnt/tree/b17
plan 10
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
# The control: the untouched node b17/blk0 (7:0) mounts by its path.
mkdir -p /tmp/y
mount -t ext4 -o ro $b/blk0 /tmp/y 2>/tmp/mount0.err && [ "$(cat /tmp/y/which)" = loop0 ]
result $? "an untouched labelled block device node mounts by its path" "$(cat /tmp/mount0.err)"
umount /tmp/y 2>/dev/null
mkdir -p /tmp/o
mount -t overlay -o "lowerdir=$b/lower,upperdir=$b/upper,workdir=$b/work" overlay /tmp/o
result $? "overlay mounted"
bounded 60 /tmp/stat.out itest try stat /tmp/o/f.txt
g=$(itest try stat /tmp/o/g.txt)
[ "$(cat /tmp/stat.out)" = EACCES ] && [ "$g" = 0 ]
result $? "B17: a device node made a whiteout offline does not hide the lower file (refused)" \
	"stat /tmp/o/f.txt: got $(cat /tmp/stat.out); an untouched lower file (g.txt): want 0, got $g"
umount /tmp/o
result $? "overlay unmounted"
