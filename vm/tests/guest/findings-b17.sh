#!/bin/sh
# Finding B17 of the v1 review (vm/tests/findings.sh): device nodes used
# without being opened. b17/ren/blk was labelled as 7:0 (loop0) and
# renumbered 7:1 (loop1) offline: mounting it by its path (lookup_bdev())
# must refuse it, as opening it would; b17/ok/blk0, untouched, mounts.
# b17/ovl/upper/f.txt, a labelled character device in an overlay's upper
# layer over the lower f.txt, was renumbered 0:0 offline, which makes it a
# whiteout: the overlay must not silently hide the lower file. The same
# overlay untouched (b17/ovlok) is the control, and its upper layer must
# still verify after a whiteout made at run time.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
b=/mnt/tree/b17
# 2 more with keyed values: the crash recovery of a device node
if [ "$KEYED" = 1 ]; then plan 21; else plan 19; fi
setup_disk 1
losetup /dev/loop0 /dev/vdb && losetup /dev/loop1 /dev/vdc
result $? "loop0 and loop1 attached to the two small disks"
expect_err EACCES open $b/ren/blk "B17: opening the renumbered block device node is refused (the control)"
mkdir -p /tmp/x
if mount -t ext4 -o ro $b/ren/blk /tmp/x 2>/tmp/mount.err; then
	result 1 "B17: mounting the renumbered block device node by its path is refused" \
		"mounted $(cat /tmp/x/which)"
	umount /tmp/x
else
	grep -q 'Permission denied' /tmp/mount.err
	result $? "B17: mounting the renumbered block device node by its path is refused" \
		"$(cat /tmp/mount.err)"
fi
mkdir -p /tmp/y
mount -t ext4 -o ro $b/ok/blk0 /tmp/y 2>/tmp/mount0.err && [ "$(cat /tmp/y/which)" = loop0 ]
result $? "an untouched labelled block device node mounts by its path" "$(cat /tmp/mount0.err)"
umount /tmp/y 2>/dev/null

# ovl_mount NAME DIR: mount the overlay of b17/NAME on DIR
ovl_mount() {
	mkdir -p "$2"
	mount -t overlay -o "lowerdir=$b/$1/lower,upperdir=$b/$1/upper,workdir=$b/$1/work" overlay "$2"
}
ovl_mount ovl /tmp/o
result $? "overlay mounted"
# Merged readdir decides whiteouts from the layer's directory too: list
# first, before a lookup caches the upper layer's verdict.
bounded 60 /tmp/list.out itest try list /tmp/o
[ "$(cat /tmp/list.out)" = EACCES ]
result $? "B17: a device node made a whiteout offline does not hide the lower file from a listing (refused)" \
	"list /tmp/o: want EACCES, got $(cat /tmp/list.out)"
bounded 60 /tmp/stat.out itest try stat /tmp/o/f.txt
[ "$(cat /tmp/stat.out)" = EACCES ]
result $? "B17: ... nor from a lookup (refused)" \
	"stat /tmp/o/f.txt: want EACCES, got $(cat /tmp/stat.out)"
umount /tmp/o
result $? "overlay unmounted"

ovl_mount ovlok /tmp/o2
result $? "the untouched overlay mounted"
s=$(itest try stat /tmp/o2/f.txt)
[ "$s" = 0 ] && [ -c /tmp/o2/f.txt ]
result $? "its upper layer's device node shows" "stat /tmp/o2/f.txt: got $s"
[ "$(cat /tmp/o2/g.txt)" = lower ] && [ "$(itest try list /tmp/o2)" = 0 ]
result $? "its lower file shows, and it lists"
rm /tmp/o2/g.txt && [ ! -e /tmp/o2/g.txt ]
result $? "deleting the lower file leaves a whiteout that hides it"
umount /tmp/o2
result $? "the untouched overlay unmounted"
# Forget every cached verdict: the upper layer is verified again from the
# disk, whiteout included.
sync && echo 3 >/proc/sys/vm/drop_caches
s=$(itest try stat $b/ovlok/upper/g.txt)
[ "$s" = 0 ] && [ -c $b/ovlok/upper/g.txt ]
result $? "the whiteout made at run time verifies in the upper layer" "stat: got $s"
ovl_mount ovlok /tmp/o2 && [ ! -e /tmp/o2/g.txt ] && [ -c /tmp/o2/f.txt ]
result $? "mounted again, the overlay still hides the deleted file"
umount /tmp/o2
result $? "unmounted again"

# Keyed values only (vm/tests/findings.sh): a creation of a block device
# node that a power cut interrupted, recovered (b17/rec/ok, the control),
# and the same with the node renumbered offline (b17/rec/bad).
if [ "$KEYED" = 1 ]; then
	s=$(itest try list $b/rec/ok)
	mount -t ext4 -o ro $b/rec/ok/n /tmp/y 2>/tmp/mount1.err && [ "$(cat /tmp/y/which)" = loop0 ]
	result $? "a device node whose creation a power cut interrupted is recovered, and mounts by its path" \
		"list: $s; $(cat /tmp/mount1.err)"
	umount /tmp/y 2>/dev/null
	s=$(itest try list $b/rec/bad)
	if mount -t ext4 -o ro $b/rec/bad/n /tmp/x 2>/dev/null; then
		s="$s, mounted $(cat /tmp/x/which)"
		umount /tmp/x
	fi
	[ "$s" = EACCES ]
	result $? "B17: ... not when it was renumbered offline (crash recovery checks its number)" \
		"list $b/rec/bad: want EACCES, got $s"
fi
