#!/bin/sh
# Finding B5 of the v1 review (vm/tests/findings.sh): a DIR_CHECK rule that
# matches an overlayfs mount (here by its magic number) appraises merged
# directories, whose readdir looks their entries up again; that must not
# hang. The layers are on the labelled test disk. Every use of the overlay
# runs bounded: a hung one is reported and left behind.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
uuid=$(cmdline_value itest.uuid)
b=/mnt/tree/b5
o=/tmp/ovl
plan 7
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
ima_policy "appraise fsuuid=$uuid" "appraise func=DIR_CHECK fsuuid=$uuid" \
	"appraise func=SPECIAL_CHECK fsuuid=$uuid" \
	"appraise func=DIR_CHECK fsmagic=0x794c7630"
result $? "IMA policy with DIR_CHECK for fsuuid=$uuid and for overlayfs loaded"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
mkdir -p $o
mount -t overlay -o "lowerdir=$b/lower,upperdir=$b/upper,workdir=$b/work" overlay $o
result $? "overlay mounted"
# list NAME PATH: listing PATH ends within 60 s (allowed or refused)
list() {
	bounded 60 /tmp/list.out itest try list "$2"
	r=$?
	[ $r -eq 0 ] && grep -qx -e 0 -e EACCES /tmp/list.out
	result $? "$1" "$([ $r -eq 124 ] && echo 'hung for 60 s' || echo "got $(cat /tmp/list.out)")"
	return $r
}
hung=0
list "B5: the overlay's root lists (or is refused) without hanging" $o || hung=1
if [ $hung -eq 0 ]; then
	list "B5: a merged directory lists (or is refused) without hanging" $o/m || hung=1
else
	result 1 "B5: a merged directory lists (or is refused) without hanging" "skipped: the overlay hung"
fi
# A renamed lower file makes its merged parent impure: readdir then looks
# each entry up again to report its real inode number.
r=1
if [ $hung -eq 0 ]; then
	bounded 60 /tmp/mv.out mv $o/m/l1 $o/m/l2 &&
		bounded 60 /tmp/umount.out umount $o &&
		mount -t overlay -o "lowerdir=$b/lower,upperdir=$b/upper,workdir=$b/work" overlay $o
	r=$?
fi
if [ $r -eq 0 ]; then
	list "B5: an impure merged directory lists (or is refused) without hanging" $o/m
else
	result 1 "B5: an impure merged directory lists (or is refused) without hanging" \
		"not made: the overlay hung or mv/umount/mount failed ($r): $(cat /tmp/mv.out /tmp/umount.out 2>/dev/null)"
fi
