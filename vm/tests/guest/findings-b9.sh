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
plan 11
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
# Special files are appraised only on the file systems directories are
# appraised on (ext4): a SPECIAL_CHECK rule without fsuuid= leaves the
# nodes of devtmpfs and tmpfs alone, which have no labels (and an
# overlayfs inode, whose key would not be its layer's).
ima_policy "appraise func=SPECIAL_CHECK"
result $? "IMA policy: appraise func=SPECIAL_CHECK (no fsuuid=) appended"
mkfifo /tmp/b9.fifo && ln -s /dev/null /tmp/b9.lnk
expect_err 0 open /dev/null "B9: a device node on devtmpfs opens under a SPECIAL_CHECK rule without fsuuid="
expect_err 0 open /tmp/b9.fifo "B9: a FIFO on tmpfs opens under a SPECIAL_CHECK rule without fsuuid="
expect_err 0 readlink /tmp/b9.lnk "B9: a symbolic link on tmpfs reads under a SPECIAL_CHECK rule without fsuuid="
umount /mnt
result $? "test disk unmounted"
