#!/bin/sh
# Finding B19 (vm/tests/findings.sh): on a crafted ext4 image, readdir lists
# fewer entries than lookup finds. b19 holds x.txt, then an entry made
# malformed offline (ext4's readdir stops at it, logs an error and
# succeeds; lookup skips it), then 'evil', a hard link to b19src/secret.txt.
# What readdir lists is what was labelled, so the directory's digest still
# matches: 'evil' must not resolve all the same.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
uuid=$(cmdline_value itest.uuid)
plan 7
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
ima_policy "appraise func=DIR_CHECK fsuuid=$uuid"
result $? "IMA policy: appraise func=DIR_CHECK fsuuid=$uuid"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
expect_err 0 read /mnt/tree/ok/ok.txt "a file in labelled directories reads (the policy is in force)"
expect_err EACCES list /mnt/tree/b9ctl "an unlabelled directory is refused (DIR_CHECK is in force)"
expect_err EACCES read /mnt/tree/b19/evil "B19: a name hidden from readdir behind a malformed entry is refused"
umount /mnt
result $? "test disk unmounted"
