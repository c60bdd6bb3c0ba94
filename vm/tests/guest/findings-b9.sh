#!/bin/sh
# Finding B9 of the v1 review (vm/tests/findings.sh): a dont_appraise rule
# without func= excludes what it matches from every appraisal, directories
# included, as it does for files (the rule that keeps /proc, /sys and
# tmpfs out of appraise_tcb-like policies). Here it names the test disk,
# whose b9 lost its security.ima offline.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
uuid=$(cmdline_value itest.uuid)
plan 5
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
ima_policy "dont_appraise fsuuid=$uuid" "appraise func=DIR_CHECK fsuuid=$uuid" \
	"appraise func=SPECIAL_CHECK fsuuid=$uuid"
result $? "IMA policy: dont_appraise fsuuid=$uuid first, then DIR_CHECK and SPECIAL_CHECK"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
expect_err 0 list /mnt/tree/b9 "B9: an unlabelled directory that a dont_appraise rule without func= covers lists"
umount /mnt
result $? "test disk unmounted"
