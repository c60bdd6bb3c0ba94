#!/bin/sh
# Boot 2 (ima_appraise=enforce) after the host's offline edits (see
# vm/tests/harness.sh): today's IMA/EVM refuse the modified file and keep the
# untouched one readable; an offline rename or delete goes unnoticed (the gap
# this project closes).
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
plan 9
setup_disk 0
expect_err EACCES read /mnt/tree/modified.txt "offline-modified file is refused (EACCES)"
audit_has invalid-hash modified.txt "audit record names the modified file (cause=invalid-hash)"
expect_err 0 read /mnt/tree/keep.txt "untouched file is readable"
[ "$(cat /mnt/tree/keep.txt)" = "keep me" ]
result $? "untouched file has its contents"
expect_err 0 read /mnt/tree/renamed.txt "gap: offline-renamed file is readable under its new name"
expect_err 0 list /mnt/tree "gap: directory with an offline-deleted file lists fine"
umount /mnt
