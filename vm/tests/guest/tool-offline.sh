#!/bin/sh
# Boot (c) of vm/tests/tool.sh (no IMA policy, nothing enforced): after one
# offline change of each kind to the labelled image, ima-dirtool verify -r
# reports each of them, with the kernel's cause, and nothing else.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
tool_keyed
plan 5
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
dirtool verify -r /mnt >/tmp/verify.out 2>/tmp/verify.err
rc=$?
[ "$rc" -eq 1 ]
result $? "ima-dirtool verify -r exits 1" "exit $rc"
# The forged value on the socket is v1's form: keyed mode (v2) knows it
# as another format. Keyed values also bind a device node's number into
# its directory's entry: the directory fails too.
forged=invalid-hash
devdir=
n=6
if [ -n "$TOOLK" ]; then
	forged=unknown-ima-data
	devdir="/mnt/tree/dev: invalid-hash (dir)
"
	n=7
fi
cat >/tmp/want <<WANT
/mnt/tree/a/f1: invalid-hash (reg)
$devdir/mnt/tree/dev/blk: invalid-hash (blk)
/mnt/tree/lnk/rel: invalid-hash (lnk)
/mnt/tree/ren: invalid-hash (dir)
/mnt/tree/spec/fifo: missing-hash (fifo)
/mnt/tree/spec/sock: $forged (sock)
WANT
grep -v '^verify:' /tmp/verify.out >/tmp/got
diff /tmp/want /tmp/got >/tmp/diff
result $? "it reports exactly the 6 offline changes (file, device numbers, symlink target, rename, removed and forged values): $n values" \
	"$(tr '\n' ' ' </tmp/diff)"
grep -q "^verify: [0-9]* checked: [0-9]* ok, $n failed, 0 unchecked (signatures), 0 errors\$" \
	/tmp/verify.out && [ ! -s /tmp/verify.err ]
result $? "summary: $n failed, no errors" "$(head -n 1 /tmp/verify.out) $(head -n 2 /tmp/verify.err)"
umount /mnt
result $? "test disk unmounted"
