#!/bin/sh
# Large directories of vm/tests/faults-hostile.sh in enforce mode, labelled
# in fix mode: /mnt/tree/big (itest.big entries, made by the kernel, so
# indexed) and /mnt/tree/mid (300 entries, several blocks, linear as
# mke2fs -d writes it). itest.step says which boot this is:
#   linear   verify both; change big; then change the linear directory
#   big      verify both; create and unlink in big
#   reboot   after e2fsck -fyD (mid indexed, big reordered): both verify,
#            the changes of 'big' persisted, mid can be changed
# Prints "# time: WHAT SECONDS" figures and "# running: WHAT" before each
# step, so that a hang names its step.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
step=$(cmdline_value itest.step)
big=$(cmdline_value itest.big)
case $step in
linear) plan 11 ;;
big) plan 9 ;;
*) plan 10 ;;
esac
setup_disk 1
now() { cut -d' ' -f1 /proc/uptime; }
# timed DESC CMD...: run CMD, print its time, record whether it worked
timed() {
	desc=$1
	shift
	echo "# running: $desc"
	t0=$(now)
	out=$("$@" 2>&1)
	rc=$?
	echo "# time: $desc $(awk "BEGIN { print $(now) - $t0 }") s"
	result "$rc" "$desc" "$out"
}
# verify DIR: DIR lists (its first listing verifies it)
verify() {
	r=$(itest try list "$1")
	[ "$r" = 0 ] || { echo "list $1: $r"; return 1; }
}
# count DIR N: DIR holds N entries
count() {
	n=$(find "$1" -mindepth 1 -maxdepth 1 | wc -l)
	[ "$n" -eq "$2" ] || { echo "$1 holds $n entries, not $2"; return 1; }
}
t=/mnt/tree
case $step in
linear)
	timed "verify the $big-entry directory (first use)" verify "$t/big"
	timed "verify the 300-entry linear directory (first use)" verify "$t/mid"
	timed "create a file in the $big-entry directory" touch "$t/big/new"
	timed "unlink it" rm "$t/big/new"
	timed "create a file in the 300-entry linear directory" touch "$t/mid/new"
	timed "unlink it" rm "$t/mid/new"
	;;
big)
	timed "verify the $big-entry directory (first use)" verify "$t/big"
	count "$t/big" "$big"
	result $? "it holds $big entries"
	timed "create a file in it (its digest rewritten)" touch "$t/big/new"
	timed "unlink an entry of it" rm "$t/big/f000007"
	;;
*)
	timed "verify the changed $big-entry directory after e2fsck -D and a reboot" \
		verify "$t/big"
	[ -e "$t/big/new" ] && [ ! -e "$t/big/f000007" ] && count "$t/big" "$big"
	result $? "the create and the unlink persisted"
	timed "verify the 300-entry directory indexed by e2fsck -D" verify "$t/mid"
	timed "create a file in it" touch "$t/mid/new"
	timed "unlink it" rm "$t/mid/new"
	;;
esac
! dmesg | grep -q 'op=appraise_'
result $? "no integrity audit record" "$(dmesg | grep 'op=appraise_' | head -n 2)"
umount /mnt
result $? "test disk unmounted"
