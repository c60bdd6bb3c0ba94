#!/bin/sh
# Boot of vm/tests/tool.sh without evm=fix (EVM key loaded, no IMA policy):
# EVM lets ima-dirtool write security.ima on directories and special files
# (and writes security.evm for them) but refuses it on a regular file that
# has no valid security.evm yet: labelling a new image with the tool needs
# evm=fix. The tool names the path and the cause.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
tool_keyed
plan 6
t=/mnt/tree
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
dirtool fix -r /mnt >/tmp/fix.out 2>/tmp/fix.err
rc=$?
echo "# $(tail -n 1 /tmp/fix.out)"
[ "$rc" -eq 1 ]
result $? "ima-dirtool fix -r exits 1" "exit $rc"
sed -n 's/^ima-dirtool: \(.*\): cannot set security.ima: Operation not permitted (.*CAP_SYS_ADMIN.*evm=fix.*)$/\1/p' \
	/tmp/fix.err | sort >/tmp/refused
find /mnt -type f | sort >/tmp/regular
cmp -s /tmp/refused /tmp/regular && [ "$(wc -l </tmp/fix.err)" -eq "$(wc -l </tmp/regular)" ]
result $? "EVM refused exactly the regular files, and the message says evm=fix" \
	"$(head -n 2 /tmp/fix.err | tr '\n' ' ')"
dirtool verify -r /mnt >/tmp/verify.out 2>&1
bad=$(grep -v -e '^verify:' -e ': missing-hash (reg)$' /tmp/verify.out | head -n 3)
[ -z "$bad" ] && itest getxattr "$t/lnk" security.evm >/dev/null &&
	itest getxattr "$t/spec/fifo" security.evm >/dev/null
result $? "directories and special files were labelled, with security.evm" "$bad"
umount /mnt
result $? "test disk unmounted"
