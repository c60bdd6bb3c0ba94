#!/bin/sh
# Findings B1-B4 of the v1 review (vm/tests/findings.sh), one enforce boot
# after the offline forgeries. The IMA policy is loaded before the EVM key
# (B4); everything else runs with the key loaded. Each refusal is checked
# with its parent directory listing, so that a refused parent cannot make
# it pass.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
uuid=$(cmdline_value itest.uuid)
t=/mnt/tree
plan 25

# refused NAME OP PATH: OP on PATH gives EACCES while PATH's directory lists
refused() {
	got=$(itest try "$2" "$3")
	up=$(itest try list "${3%/*}")
	[ "$got" = EACCES ] && [ "$up" = 0 ]
	result $? "$1" "$2 $3: want EACCES, got $got; list ${3%/*}: want 0, got $up"
}

ima_policy "appraise fsuuid=$uuid" "appraise func=DIR_CHECK fsuuid=$uuid" \
	"appraise func=SPECIAL_CHECK fsuuid=$uuid"
result $? "IMA policy with DIR_CHECK, SPECIAL_CHECK for fsuuid=$uuid loaded (no EVM key yet)"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"

# B4: b4/d (a file deleted, security.ima recomputed offline) and b4/o (its
# owner changed offline: only EVM can tell) used before the EVM key is
# loaded. Whatever that gives, nothing about it may outlive the key's
# arrival.
echo "# B4: before the EVM key is loaded: b4/d $(itest try list $t/b4/d), b4/o $(itest try list $t/b4/o)"
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
expect_err 0 list $t/ok "an untouched labelled directory lists"
refused "B4: a directory forged offline and first used before the EVM key was loaded is refused once it is" \
	list $t/b4/d
audit_any /tree/b4/d "B4: its refusal is audited"
refused "B4: a directory whose owner was changed offline, first used before the EVM key was loaded, is refused once it is" \
	list $t/b4/o
audit_has invalid-HMAC /tree/b4/o "B4: ... with cause invalid-HMAC"

# B1: a chmod of the forged directories, an lchown of the retargeted
# symlink and a chown of the renumbered device node (what
# systemd-tmpfiles, restorecon or the owner would do at boot) must not get
# the forgeries an HMAC. b1/o's owner was changed offline: only EVM can
# tell, whatever digest IMA keeps.
chmod 0750 $t/b1/d
echo "# B1: chmod 0750 b1/d exited $?"
refused "B1: a directory forged offline is refused after a chmod" list $t/b1/d
chmod 0750 $t/b1/o
echo "# B1: chmod 0750 b1/o exited $?"
refused "B1: a directory whose owner was changed offline is refused after a chmod" list $t/b1/o
chown -h 1:1 $t/b1/l/l
echo "# B1: chown -h b1/l/l exited $?"
refused "B1: a symlink retargeted offline is refused after an lchown" readlink $t/b1/l/l
chown 1:1 $t/b1/dev/n
echo "# B1: chown b1/dev/n exited $?"
if [ "$KEYED" = 1 ]; then
	# Keyed values bind a device node's number into its directory's
	# entry: the directory is refused too, and the chown never reaches
	# the node.
	got=$(itest try open $t/b1/dev/n)
	up=$(itest try list $t/b1/dev)
	[ "$got" = EACCES ] && [ "$up" = EACCES ]
	result $? "B1: a device node renumbered offline is refused after a chown (with its directory)" \
		"open: want EACCES, got $got; list b1/dev: want EACCES, got $up"
else
	refused "B1: a device node renumbered offline is refused after a chown" open $t/b1/dev/n
fi
# ... while what is legitimate still changes: the control for the four
# above (an EVM that refuses every change of a labelled directory would
# pass them).
chmod 0750 $t/ok
rc=$?
got=$(itest try list $t/ok)
[ $rc = 0 ] && [ "$got" = 0 ]
result $? "an untouched labelled directory is chmod-ed and still lists (the control of B1)" \
	"chmod exited $rc; list $t/ok: want 0, got $got"
chown -h 1:1 $t/ok/ok.lnk
rc=$?
got=$(itest try readlink $t/ok/ok.lnk)
[ $rc = 0 ] && [ "$got" = 0 ]
result $? "an untouched labelled symlink is lchown-ed and still reads (the control of B1)" \
	"chown -h exited $rc; readlink $t/ok/ok.lnk: want 0, got $got"

# B3: b3/d holds a forged pending record (the creation of 'evil', over
# its real digest, whose HMAC is still valid) and 'evil' was added.
b3_before=$(itest getxattr $t/b3/d security.ima)
refused "B3: a directory with a forged pending record is refused" list $t/b3/d
# Its refusal must come from checking the record, not from failing to
# parse it (a forged record in a format the series no longer reads tests
# nothing).
dmesg | grep 'audit' | grep 'name="/tree/b3/d"' | grep -q -e 'cause=invalid-hash' -e 'cause=invalid-HMAC'
result $? "B3: ... as invalid-hash or invalid-HMAC (the record was read)" \
	"$(dmesg | grep 'audit' | grep 'name="/tree/b3/d"' | grep -o 'cause=[^ ]*' | tr '\n' ' ')"
ima_policy "appraise func=DIR_CHECK fsuuid=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0aface"
result $? "a DIR_CHECK rule appended to the policy"
refused "B3: ... and still refused after a policy write" list $t/b3/d
expect_err EACCES read $t/b3/d/evil "B3: its forged entry cannot be read"
[ "$(itest getxattr $t/b3/d security.ima)" = "$b3_before" ]
result $? "B3: its security.ima was not rewritten" "it was: $b3_before -> $(itest getxattr $t/b3/d security.ima)"

# B2: a verdict cached per inode cannot depend on the task: rules with
# subject conditions are refused for DIR_CHECK and SPECIAL_CHECK.
refused_rule "appraise func=DIR_CHECK fsuuid=$uuid uid=1000" "B2: a DIR_CHECK rule with uid= is refused"
refused_rule "appraise func=DIR_CHECK fsuuid=$uuid gid=1000" "B2: a DIR_CHECK rule with gid= is refused"
refused_rule "appraise func=DIR_CHECK fsuuid=$uuid egid=1000" "B2: a DIR_CHECK rule with egid= is refused"
refused_rule "appraise func=SPECIAL_CHECK fsuuid=$uuid euid=1000" "B2: a SPECIAL_CHECK rule with euid= is refused"
umount /mnt
result $? "test disk unmounted"
