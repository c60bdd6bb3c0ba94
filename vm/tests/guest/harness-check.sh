#!/bin/sh
# Boot 2 (ima_appraise=enforce) after the host's offline edits (see
# vm/tests/harness.sh): today's IMA/EVM refuse the modified file and keep the
# untouched one readable; an offline rename or delete goes unnoticed (the gap
# this project closes).
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
uuid=$(cmdline_value itest.uuid)
plan 9
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
ima_policy "appraise fsuuid=$uuid"
result $? "IMA policy loaded"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
expect_err EACCES read /mnt/tree/modified.txt "offline-modified file is refused (EACCES)"
audit_has invalid-hash modified.txt "audit record names the modified file (cause=invalid-hash)"
expect_err 0 read /mnt/tree/keep.txt "untouched file is readable"
[ "$(cat /mnt/tree/keep.txt)" = "keep me" ]
result $? "untouched file has its contents"
expect_err 0 read /mnt/tree/renamed.txt "gap: offline-renamed file is readable under its new name"
expect_err 0 list /mnt/tree "gap: directory with an offline-deleted file lists fine"
umount /mnt
