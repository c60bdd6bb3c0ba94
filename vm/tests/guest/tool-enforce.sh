#!/bin/sh
# Boot (b2) of vm/tests/tool.sh (ima_appraise=enforce, DIR_CHECK and
# SPECIAL_CHECK): the tree labelled by ima-dirtool is fully usable; the two
# values set wrong on purpose are refused (so enforcement is on); ren/,
# left with a pending record that ima-dirtool accepted, is accepted by the
# kernel too, which replaces the record by the digest.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
tool_keyed
plan 23
uuid=$(cmdline_value itest.uuid)
t=/mnt/tree
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
ima_policy "appraise fsuuid=$uuid" "appraise func=DIR_CHECK fsuuid=$uuid"
result $? "IMA policy with DIR_CHECK for fsuuid=$uuid loaded"
ima_policy "appraise func=SPECIAL_CHECK fsuuid=$uuid"
result $? "SPECIAL_CHECK rule for fsuuid=$uuid loaded"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"

# each TYPE OP WANT COUNT DESC: OP on each of the COUNT objects of TYPE on
# the file system, the negative controls left out, gives WANT
each() {
	find /mnt -type "$1" 2>/dev/null |
		grep -v -e "^$t/neg" -e "^$t/lnk/neg$" >/tmp/each
	n=$(wc -l </tmp/each)
	bad=$(while read -r f; do
		got=$(itest try "$2" "$f")
		[ "$got" = "$3" ] || printf ' %s:%s' "${f#/mnt/}" "$got"
	done </tmp/each)
	[ "$n" -eq "$4" ] && [ -z "$bad" ]
	result $? "$5 ($n)" "want $3 for $4, found $n, got:$bad"
}
each d list 0 10 "every directory lists"
each f read 0 3 "every regular file reads"
each l readlink 0 4 "every symlink can be read"
for l in rel abs long; do
	expect_err 0 follow "$t/lnk/$l" "symlink lnk/$l can be followed"
done
each c open 0 2 "every character device opens"
each b open ENXIO 2 "every block device gets to the driver's open (ENXIO: no such disk)"
each p open 0 2 "every FIFO opens"
each s connect ECONNREFUSED 2 "every socket can be connected to (ECONNREFUSED: no listener)"
# AUDIT_INTEGRITY_DATA and _METADATA records
bad=$(dmesg | grep -E 'audit: type=180[01] ' |
	grep -v -e 'name="/tree/neg"' -e 'name="/tree/lnk/neg"' |
	grep -v 'cause=interrupted-change .*name="/tree/ren" .*res=1' | head -n 3)
[ -z "$bad" ]
result $? "no integrity audit record but the negative controls' and ren/'s" "$bad"
audit_has interrupted-change /tree/ren \
	"ren/: the pending record ima-dirtool accepted is accepted by the kernel (audit interrupted-change)"
v=$(itest getxattr "$t/ren" security.ima)
if [ -n "$TOOLK" ]; then
	# v2: the MAC of the state after the rename, alone (pending 0)
	[ "${#v}" -eq 152 ] && [ "${v#"${KT}"010000}" != "$v" ]
	result $? "ren/: the kernel replaced the value by the state after the rename alone" "$v"
else
	[ "${#v}" -eq 68 ] && [ "${v#0404}" != "$v" ]
	result $? "ren/: the kernel replaced the record by the digest (0x04 0x04 + 32 bytes)" "$v"
fi
dirtool verify "$t/ren" >/tmp/pend.out 2>&1 && ! grep -q pending /tmp/pend.out
result $? "ima-dirtool verify passes on ren/ with the kernel's digest" \
	"$(tr '\n' '|' </tmp/pend.out)"

expect_err EACCES list "$t/neg" "negative control: directory with a wrong value is refused"
audit_has invalid-hash /tree/neg "negative control: audit record for the directory"
expect_err EACCES readlink "$t/lnk/neg" "negative control: symlink with a wrong value is refused"
audit_has invalid-hash /tree/lnk/neg "negative control: audit record for the symlink"
umount /mnt
result $? "test disk unmounted"
