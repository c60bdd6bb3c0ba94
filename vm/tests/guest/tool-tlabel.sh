#!/bin/sh
# Boot (b1) of vm/tests/tool.sh (evm=fix, EVM key loaded, no IMA policy):
# ima-dirtool fix -r labels the file system from its root (path walk
# appraises every directory from there down); on each setxattr the
# kernel's EVM writes security.evm. Two values are then set wrong on
# purpose, the negative controls of the enforce boot.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
plan 7
t=/mnt/tree
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
ima-dirtool fix -r /mnt >/tmp/fix.out 2>&1
result $? "ima-dirtool fix -r /mnt labels the file system" \
	"$(grep -v ': fixed (' /tmp/fix.out | head -n 3 | tr '\n' ' ')"
echo "# $(tail -n 1 /tmp/fix.out)"
ima-dirtool verify -r /mnt >/tmp/verify.out 2>&1
result $? "ima-dirtool verify -r passes" "$(head -n 3 /tmp/verify.out | tr '\n' ' ')"
missing=$(find /mnt | while read -r f; do
	itest getxattr "$f" security.evm >/dev/null 2>&1 || printf ' %s' "$f"
done)
[ -z "$missing" ]
result $? "EVM wrote security.evm for every object the tool labelled" "missing:$missing"
zeros=$(printf '00%.0s' $(seq 32))
itest setxattr "$t/neg" security.ima "0404$zeros" &&
	itest setxattr "$t/lnk/neg" security.ima "0404$zeros"
result $? "wrong values set on neg/ and lnk/neg (negative controls)"
umount /mnt
result $? "test disk unmounted"
