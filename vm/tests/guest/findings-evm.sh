#!/bin/sh
# Findings B1-B4 of the v1 review (vm/tests/findings.sh), one enforce boot
# after the offline forgeries. The IMA policy is loaded before the EVM key
# (B4); everything else runs with the key loaded.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
uuid=$(cmdline_value itest.uuid)
t=/mnt/tree
plan 18

# refused NAME OP PATH: OP on PATH must give EACCES
refused() {
	got=$(itest try "$2" "$3")
	[ "$got" = EACCES ]
	result $? "$1" "$2 $3: want EACCES, got $got"
}

ima_policy "appraise fsuuid=$uuid" "appraise func=DIR_CHECK fsuuid=$uuid" \
	"appraise func=SPECIAL_CHECK fsuuid=$uuid"
result $? "IMA policy with DIR_CHECK, SPECIAL_CHECK for fsuuid=$uuid loaded (no EVM key yet)"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
b3_before=$(itest getxattr $t/b3/d security.ima)

# B4: b4/d (a file deleted, security.ima recomputed offline, security.evm
# left) used before the EVM key is loaded. Whatever that gives, nothing
# about it may outlive the key's arrival.
echo "# B4: b4/d before the EVM key is loaded: $(itest try list $t/b4/d)"
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
expect_err 0 list $t/ok "an untouched labelled directory lists"
refused "B4: a directory forged offline and first used before the EVM key was loaded is refused once it is" \
	list $t/b4/d
audit_has invalid-HMAC /tree/b4/d "B4: its audit record says invalid-HMAC"

# B1: a chmod of the forged directory, an lchown of the retargeted symlink
# and a chown of the renumbered device node (what systemd-tmpfiles,
# restorecon or the owner would do at boot) must not get the forgeries an
# HMAC.
chmod 0750 $t/b1/d
echo "# B1: chmod 0750 b1/d exited $?"
refused "B1: a directory forged offline is refused after a chmod" list $t/b1/d
chown -h 1:1 $t/b1/l/l
echo "# B1: chown -h b1/l/l exited $?"
refused "B1: a symlink retargeted offline is refused after an lchown" readlink $t/b1/l/l
chown 1:1 $t/b1/dev/n
echo "# B1: chown b1/dev/n exited $?"
refused "B1: a device node renumbered offline is refused after a chown" open $t/b1/dev/n

# B3: b3/d holds a forged pending record (the creation of 'evil', over
# its real digest, whose HMAC is still valid) and 'evil' was added.
refused "B3: a directory with a forged pending record is refused" list $t/b3/d
ima_policy "dont_measure fsmagic=0x12345678"
result $? "a rule appended to the policy"
refused "B3: ... and still refused after a policy write" list $t/b3/d
refused "B3: its forged entry cannot be read" read $t/b3/d/evil
[ "$(itest getxattr $t/b3/d security.ima)" = "$b3_before" ]
result $? "B3: its security.ima was not rewritten" "it was: $b3_before -> $(itest getxattr $t/b3/d security.ima)"

# B2: a verdict cached per inode cannot depend on the task: rules with
# subject conditions are refused for DIR_CHECK and SPECIAL_CHECK.
! ima_policy "appraise func=DIR_CHECK fsuuid=$uuid uid=1000" 2>/dev/null
result $? "B2: a DIR_CHECK rule with uid= is refused"
! ima_policy "appraise func=DIR_CHECK fsuuid=$uuid egid=1000" 2>/dev/null
result $? "B2: a DIR_CHECK rule with egid= is refused"
! ima_policy "appraise func=SPECIAL_CHECK fsuuid=$uuid euid=1000" 2>/dev/null
result $? "B2: a SPECIAL_CHECK rule with euid= is refused"
umount /mnt
result $? "test disk unmounted"
