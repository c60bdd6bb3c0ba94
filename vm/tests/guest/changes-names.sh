#!/bin/sh
# Directories whose names IMA cannot hash (vm/tests/changes.sh, a series
# with keyed values): ima_dir_read() refuses casefolded and encrypted
# directories, so an appraised empty directory may not become one (chattr
# +F, an fscrypt policy), or it would be refused at its next verification
# after a reboot. A directory that no rule appraises (owned by uid 4321)
# still may: the refusal is IMA's, not the file system's. Fix mode: the
# directories are labelled when first used. The disk has the casefold and
# encrypt features.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
plan 10
setup_disk 1
t=/mnt/tree/names
expect_err 0 list "$t" "the appraised parent lists (fix mode labels it)"
expect_err 0 list "$t/cf" "an appraised empty directory lists"
expect_err EOPNOTSUPP casefold "$t/cf" "chattr +F on an appraised directory is refused"
expect_err EOPNOTSUPP encrypt "$t/enc" "an fscrypt policy on an appraised directory is refused"
expect_err 0 casefold "$t/free-cf" "chattr +F on a directory no rule appraises (uid 4321) works"
expect_err 0 encrypt "$t/free-enc" "an fscrypt policy on a directory no rule appraises (uid 4321) works"
umount /mnt
result $? "test disk unmounted"
