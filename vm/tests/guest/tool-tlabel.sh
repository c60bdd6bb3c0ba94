#!/bin/sh
# Boot (b1) of vm/tests/tool.sh (evm=fix, EVM key loaded, no IMA policy):
# ima-dirtool fix -r labels the file system from its root (path walk
# appraises every directory from there down); on each setxattr the
# kernel's EVM writes security.evm. Two values are then set wrong on
# purpose, the negative controls of the enforce boot. And ren/ is left as a
# crash in the middle of rename(old.txt, new.txt) leaves it: renamed, with
# the pending record the kernel writes before the rename; verify accepts it
# (the enforce boot checks that the kernel does too).
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
tool_keyed
plan 11
t=/mnt/tree
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
dirtool fix -r /mnt >/tmp/fix.out 2>&1
result $? "ima-dirtool fix -r /mnt labels the file system" \
	"$(grep -v ': fixed (' /tmp/fix.out | head -n 3 | tr '\n' ' ')"
echo "# $(tail -n 1 /tmp/fix.out)"
dirtool verify -r /mnt >/tmp/verify.out 2>&1
result $? "ima-dirtool verify -r passes" "$(head -n 3 /tmp/verify.out | tr '\n' ' ')"
missing=$(find /mnt | while read -r f; do
	itest getxattr "$f" security.evm >/dev/null 2>&1 || printf ' %s' "$f"
done)
[ -z "$missing" ]
result $? "EVM wrote security.evm for every object the tool labelled" "missing:$missing"
# A value of the series' own form whose digest or MAC is zero.
wrong=0404$(printf '00%.0s' $(seq 32))
[ -z "$TOOLK" ] || wrong=${KT}010000$(printf '00%.0s' $(seq 72))
itest setxattr "$t/neg" security.ima "$wrong" &&
	itest setxattr "$t/lnk/neg" security.ima "$wrong"
result $? "wrong values set on neg/ and lnk/neg (negative controls)"

# le64 N: N as 8 little-endian bytes, in hex
le64() {
	n=$1 i=0
	while [ "$i" -lt 8 ]; do
		printf '%02x' $((n & 255))
		n=$((n >> 8)) i=$((i + 1))
	done
}
z=$(le64 0)
if [ -n "$TOOLK" ]; then
	# v2: the value the kernel writes before the rename: the MAC of the
	# state before, and (pending 1) the MAC of the state after.
	d=$(dirtool hash "$t/ren" | sed -n 's/^keyed:\([0-9a-f]*\) .*/\1/p')
	mv "$t/ren/old.txt" "$t/ren/new.txt"
	d2=$(dirtool hash "$t/ren" | sed -n 's/^keyed:\([0-9a-f]*\) .*/\1/p')
	rec=${KT}010100${d}${d2}${z}
	[ ${#d} -eq 64 ] && [ ${#d2} -eq 64 ] &&
		itest setxattr "$t/ren" security.ima "$rec"
	result $? "ren/: old.txt renamed to new.txt, value of the rename in progress set" "M=$d M'=$d2"
	fixed=${KT}01
else
	d=$(dirtool hash "$t/ren" | sed -n 's/^sha256:\([0-9a-f]*\) .*/\1/p')
	ino=$(stat -c %i "$t/ren/old.txt")
	# 0x07 sha256 D, 2 changes: "old.txt" OLD (ino, DT_REG), "new.txt" NEW
	rec=0704${d}02
	rec=${rec}0107$(printf old.txt | od -An -tx1 | tr -d ' \n')$(le64 "$ino")08${z}00
	rec=${rec}0207$(printf new.txt | od -An -tx1 | tr -d ' \n')${z}00$(le64 "$ino")08
	[ ${#d} -eq 64 ] && mv "$t/ren/old.txt" "$t/ren/new.txt" &&
		itest setxattr "$t/ren" security.ima "$rec"
	result $? "ren/: old.txt renamed to new.txt, pending record of the rename set" "D=$d ino=$ino"
	fixed=0404
fi
dirtool verify "$t/ren" >/tmp/pend.out 2>&1
st=$?
grep -q "^$t/ren: pending record accepted (interrupted-change, dir)\$" /tmp/pend.out &&
	grep -q '^verify: pending records: 1 accepted (interrupted changes), 0 failed$' /tmp/pend.out
result $((st | $?)) "ima-dirtool verify accepts ren/ by its pending record" \
	"exit $st: $(tr '\n' '|' </tmp/pend.out)"
dirtool fix -n "$t/ren" >/tmp/pend.out 2>&1
st=$?
grep -q "^$t/ren: would fix (interrupted-change, dir) value=$fixed" /tmp/pend.out &&
	itest getxattr "$t/ren" security.ima | grep -q "^${rec}\$"
result $((st | $?)) "ima-dirtool fix -n would replace it, and writes nothing" \
	"exit $st: $(tr '\n' '|' </tmp/pend.out)"
dirtool verify "$t" >/tmp/pend.out 2>&1
result $? "the parent tree/ still verifies (the rename stayed in ren/)" \
	"$(tr '\n' '|' </tmp/pend.out)"
umount /mnt
result $? "test disk unmounted"
