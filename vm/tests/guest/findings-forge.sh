#!/bin/sh
# The attacker's boot of vm/tests/findings.sh (base kernel, no EVM key, no
# IMA policy): with the disk in hand, delete a file from b1/d and b4/d and
# recompute the security.ima of these two and of b1/l/l and b1/dev/n
# (changed with debugfs before this boot) with the public format, as
# ima-dirtool does. Nothing else is written. security.evm cannot be recomputed
# without the key: it stays as the kernel wrote it.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
plan 5
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
rm /mnt/tree/b1/d/victim.txt /mnt/tree/b4/d/victim.txt
result $? "a file deleted from b1/d and from b4/d"
t=/mnt/tree
ima-dirtool fix $t/b1/d $t/b1/l/l $t/b1/dev/n $t/b4/d >/tmp/fix.out 2>&1
result $? "ima-dirtool fix rewrote the values of b1/d, b1/l/l, b1/dev/n and b4/d" "$(tr '\n' ' ' </tmp/fix.out)"
# b1/d, b4/d, b1/l/l, b1/dev/n, and nothing else
grep -q '^fix: [0-9]* checked: 4 fixed, ' /tmp/fix.out
result $? "exactly the 4 changed objects were rewritten" "$(tr '\n' ' ' </tmp/fix.out)"
umount /mnt
result $? "test disk unmounted"
