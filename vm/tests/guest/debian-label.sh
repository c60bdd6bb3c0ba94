#!/bin/sh
# 'make vm-debian', from trusted media (this initramfs) in fix mode
# (ima_appraise=fix evm=fix): label the test root on /dev/vda the way a
# distribution's first labelling (or a relabelling after a rescue) does:
# load the EVM key and the root's policy, mount it and use everything on
# it; then check with ima-dirtool that every directory, special file and
# root-owned regular file has the value the kernel will verify.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
tool_keyed
plan 8
uuid=$(cmdline_value itest.uuid)
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
root_policy "$uuid"
result $? "the root's IMA policy loaded"
mount -t ext4 /dev/vda /mnt
result $? "the root mounted"
walk_root /mnt /tmp/walk
walk_results /tmp/walk
dirtool_failures /mnt /tmp/verify.bad
[ ! -s /tmp/verify.bad ]
result $? "ima-dirtool verify -r: every labelled object verifies" \
	"$(grep -c . /tmp/verify.bad) failed: $(head -n 3 /tmp/verify.bad | tr '\n' ' ')"
echo "# $(grep '^verify: [0-9]' /tmp/verify.bad.all)"
