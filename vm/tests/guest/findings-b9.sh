#!/bin/sh
# Finding B9 of the v1 review (vm/tests/findings.sh): a dont_appraise rule
# without func= excludes what it matches from every appraisal, directories
# included, as it does for files (the rule that keeps /proc, /sys and
# tmpfs out of appraise_tcb-like policies). Here it names the directories
# of uid 1234 on the test disk: b9 (uid 1234) and b9ctl (uid 0) both lost
# their security.ima offline; b9ctl, which no rule excludes, shows that
# DIR_CHECK is in force. A dont_appraise rule without func= that has a
# condition on the task (uid=4321) must not exclude directories: their
# verdict is kept with the inode and holds for every task (B2), so uid
# 4321, the first to use b9ctl, is refused too.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
uuid=$(cmdline_value itest.uuid)
plan 7
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
ima_policy "dont_appraise fsuuid=$uuid fowner=1234" "dont_appraise fsuuid=$uuid uid=4321" \
	"appraise func=DIR_CHECK fsuuid=$uuid" "appraise func=SPECIAL_CHECK fsuuid=$uuid"
result $? "IMA policy: dont_appraise fsuuid=$uuid fowner=1234 and uid=4321 first, then DIR_CHECK and SPECIAL_CHECK"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
got=$(itest as 4321 try list /mnt/tree/b9ctl)
[ "$got" = EACCES ]
result $? "B2: a dont_appraise rule without func= but with uid=4321 does not exclude directories: uid 4321 is refused b9ctl" \
	"uid 4321 list /mnt/tree/b9ctl: want EACCES, got $got"
expect_err EACCES list /mnt/tree/b9ctl "an unlabelled directory no rule excludes is refused (DIR_CHECK is in force)"
expect_err 0 list /mnt/tree/b9 "B9: an unlabelled directory that a dont_appraise rule without func= covers lists"
umount /mnt
result $? "test disk unmounted"
