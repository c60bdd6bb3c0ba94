#!/bin/sh
# Boot (a) of vm/tests/tool.sh (ima_appraise=fix evm=fix, DIR_CHECK and
# SPECIAL_CHECK): the kernel labels the tree as it is used, and new objects
# as they are made; ima-dirtool then computes, for every object of every
# type, exactly the security.ima value the kernel wrote. Finally the tool
# labels whatever the kernel left (for the offline boot).
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
tool_keyed
plan 16
uuid=$(cmdline_value itest.uuid)
t=/mnt/tree
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
ima_policy "appraise fsuuid=$uuid" "appraise func=DIR_CHECK fsuuid=$uuid"
result $? "IMA policy with DIR_CHECK for fsuuid=$uuid loaded"
# On its own, so that a kernel without it still appraises directories.
ima_policy "appraise func=SPECIAL_CHECK fsuuid=$uuid"
result $? "SPECIAL_CHECK rule for fsuuid=$uuid loaded"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"

# Use everything, as a first boot in fix mode does: walk and read, follow
# and read links, open device nodes and FIFOs, connect to sockets. (The
# walk labels the file system's root and lost+found too.)
find /mnt -type f -exec cat {} + >/dev/null
use_special "$t"
# New objects of every type, labelled by the kernel when they are made.
n=$t/new
out=$( (mkdir "$n/d" && ln -s ../a/f1 "$n/l" && mknod "$n/c" c 1 3 &&
	mknod "$n/b" b 8 16 && mkfifo "$n/p" && itest bind "$n/s" &&
	echo new >"$n/f") 2>&1)
result $? "new directory, symlink, device nodes, FIFO, socket and file made" "$out"

# compare TYPE: for each object of TYPE on the file system, whether
# `ima-dirtool hash -x` prints the value the kernel stored ("same",
# "differ" or "unlabelled")
compare() {
	find /mnt -type "$1" | while read -r f; do
		if ! kv=$(itest getxattr "$f" security.ima 2>/dev/null); then
			# Fix mode labels a socket only when a task connects
			# to it while a process listens, which never happens
			# to one from the disk: only the new one is labelled.
			[ "$1" = s ] && [ "$f" != "$t/new/s" ] ||
				echo "unlabelled $f"
			continue
		fi
		tv=$(dirtool hash -x "$f" 2>&1 | cut -d' ' -f1)
		# A keyed value made at run time also carries its birth MAC
		# and nonce: compare its type, version and MAC.
		case $kv in
		"${KT}01"*)
			kv=$(echo "$kv" | cut -c1-4,9-72)
			tv=$(echo "$tv" | cut -c1-4,9-72)
			;;
		esac
		if [ "$kv" = "$tv" ]; then
			echo "same $f"
		else
			echo "differ $f kernel=$kv tool=$tv"
		fi
	done >"/tmp/cmp-$1"
}
for type in d:directory f:regular-file l:symlink c:character-device \
	b:block-device p:FIFO s:socket; do
	compare "${type%%:*}"
	n=$(grep -c '^same ' "/tmp/cmp-${type%%:*}")
	bad=$(grep -v '^same ' "/tmp/cmp-${type%%:*}" | head -n 3 | tr '\n' ' ')
	[ "$n" -gt 0 ] && [ -z "$bad" ]
	result $? "tool value = kernel's security.ima for every ${type#*:} ($n compared)" \
		"${bad:-none labelled by the kernel}"
done

# The tool reports the sockets from the disk that fix mode left unlabelled
# (see compare): nothing else may fail.
dirtool verify -r /mnt >/tmp/verify.out 2>&1
grep -v -e '^verify:' -e ': missing-hash (sock)$' /tmp/verify.out >/tmp/verify.bad
[ ! -s /tmp/verify.bad ] && grep -q ' 0 errors$' /tmp/verify.out
result $? "ima-dirtool verify -r: every value the kernel wrote verifies" \
	"$(head -n 3 /tmp/verify.bad | tr '\n' ' ')"
by_type=$(grep '^verify: ok by type:' /tmp/verify.out)
echo "# $by_type"
missing=
for type in dir reg lnk chr blk fifo sock; do
	echo "$by_type" | grep -qE " $type [1-9]" || missing="$missing $type"
done
[ -z "$missing" ]
result $? "verify -r compared objects of every type" "none of:$missing"

# Label what the kernel left, so that the offline boot checks every type.
dirtool fix -r /mnt >/tmp/fix.out 2>&1
result $? "ima-dirtool fix -r ran without errors" "$(grep -v ': fixed (' /tmp/fix.out | head -n 3 | tr '\n' ' ')"
echo "# $(tail -n 1 /tmp/fix.out)"
umount /mnt
result $? "test disk unmounted"
