#!/bin/sh
# Finding B5 of the v1 review (vm/tests/findings.sh): a DIR_CHECK rule that
# matches directories on an overlayfs mount (here: the merged directories p
# and m, owned by uid 1234 in both layers) makes IMA read them, and
# overlayfs's readdir of an impure directory (m) looks entries up again in
# the directory being read; that must not hang. The layers are on the labelled test disk. Every use of the overlay
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
	"appraise func=SPECIAL_CHECK fsuuid=$uuid"
result $? "IMA policy with DIR_CHECK, SPECIAL_CHECK for fsuuid=$uuid loaded"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
mkdir -p $o
ovl_mount() {
	mount -t overlay -o "lowerdir=$b/lower,upperdir=$b/upper,workdir=$b/work" overlay $o
}
ovl_mount
result $? "overlay mounted"
# upper/m is marked impure (vm/tests/findings.sh): readdir looks each of
# its entries up again to report its real inode number. Merged directories
# have no digest of their own: the rule on the overlay's own directories
# refuses them once their entries were read.
ima_policy "appraise func=DIR_CHECK fsmagic=0x794c7630 fowner=1234"
result $? "a DIR_CHECK rule for overlayfs directories of uid 1234 appended"
expect_err 0 list $o "the overlay's root (not appraised) lists"
# read_ok NAME PATH: listing PATH ends within 60 s, allowed or refused after
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
if read_ok "B5: a merged directory under a DIR_CHECK rule is read without hanging" $o/p; then
	read_ok "B5: an impure merged directory is read without hanging" $o/m
else
	result 1 "B5: an impure merged directory is read without hanging" "skipped: the overlay hung"
fi
