#!/bin/sh
# Finding B5 of the v1 review (vm/tests/findings.sh): a DIR_CHECK rule that
# matches directories on an overlayfs mount (here: the merged directory m,
# owned by uid 1234 in both layers) makes IMA read them, and overlayfs's
# readdir looks entries up again in the directory being read; that must not
# hang. The layers are on the labelled test disk. Every use of the overlay
# runs bounded: a hung one is reported and left behind. A listing passes
# when it returns 0, or EACCES with an audit record saying the entries were
# read and did not match (cause=invalid-hash): refusing without reading
# would test nothing.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
uuid=$(cmdline_value itest.uuid)
b=/mnt/tree/b5
o=/tmp/ovl
plan 8
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
ima_policy "appraise fsuuid=$uuid" "appraise func=DIR_CHECK fsuuid=$uuid" \
	"appraise func=SPECIAL_CHECK fsuuid=$uuid" \
	"appraise func=DIR_CHECK fsmagic=0x794c7630 fowner=1234"
result $? "IMA policy with DIR_CHECK for fsuuid=$uuid and for overlayfs directories of uid 1234"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
mkdir -p $o
ovl_mount() {
	mount -t overlay -o "lowerdir=$b/lower,upperdir=$b/upper,workdir=$b/work" overlay $o
}
ovl_mount
result $? "overlay mounted"
expect_err 0 list $o "the overlay's root (not appraised) lists"
# read NAME PATH: listing PATH ends within 60 s, allowed or refused after
# its entries were read
read_ok() {
	bounded 60 /tmp/list.out itest try list "$2"
	r=$?
	got=$(cat /tmp/list.out)
	if [ $r -eq 124 ]; then
		result 1 "$1" "hung for 60 s"
		return 1
	fi
	[ "$got" = 0 ] || { [ "$got" = EACCES ] &&
		dmesg | grep 'audit' | grep 'dev="overlay"' | grep -q 'cause=invalid-hash'; }
	result $? "$1" "got $got; overlay audit: $(dmesg | grep 'audit' | grep 'dev="overlay"' | grep -o 'cause=[^ ]*' | tr '\n' ' ')"
}
hung=0
read_ok "B5: a merged directory under a DIR_CHECK rule is read without hanging" $o/m || hung=1
# A renamed lower file makes its merged parent impure: readdir then looks
# each entry up again to report its real inode number.
r=1
if [ $hung -eq 0 ]; then
	bounded 60 /tmp/mv.out mv $o/m/l1 $o/m/l2 &&
		bounded 60 /tmp/umount.out umount $o && ovl_mount
	r=$?
fi
[ $r -eq 0 ]
result $? "B5: a lower file renamed in m, the overlay mounted again" \
	"$([ $hung -eq 1 ] && echo 'skipped: the overlay hung' || echo "failed ($r): $(cat /tmp/mv.out /tmp/umount.out)")"
if [ $r -eq 0 ]; then
	read_ok "B5: an impure merged directory is read without hanging" $o/m
else
	result 1 "B5: an impure merged directory is read without hanging" "not made impure"
fi
