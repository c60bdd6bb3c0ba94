#!/bin/sh
# Finding B12 of the v1 review (vm/tests/findings.sh), boot 1 of 2 (fix
# mode): on ext4 without the filetype feature getdents() reports every
# entry as DT_UNKNOWN. Label the small disk, then make and change
# directories with the policy loaded; boot 2 (findings-b12-check) lists
# them in enforce mode.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
t=/mnt/tree
plan 6
setup_disk 1
find /mnt -type d -exec itest try list {} \; >/dev/null
mkdir $t/new && echo f >$t/new/f && mv $t/a/x.txt $t/new/ && mkfifo $t/new/p &&
	mkdir $t/new/sub && ln -s ../a $t/new/l
result $? "a directory made and filled, a file moved into it"
expect_err 0 list $t/new "it lists in this boot"
umount /mnt
result $? "test disk unmounted"
