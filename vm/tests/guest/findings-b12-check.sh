#!/bin/sh
# Finding B12 of the v1 review (vm/tests/findings.sh), boot 2 of 2
# (enforce): the directories of the disk without the filetype feature,
# labelled and changed in boot 1, pass.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
t=/mnt/tree
plan 8
setup_disk 1
expect_err 0 list $t "B12: a directory labelled in fix mode lists (no filetype)"
expect_err 0 list $t/a "B12: a directory a file left lists (no filetype)"
expect_err 0 list $t/new "B12: a directory made at run time lists (no filetype)"
expect_err 0 list $t/new/sub "B12: an empty directory made at run time lists (no filetype)"
umount /mnt
result $? "test disk unmounted"
