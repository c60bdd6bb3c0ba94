#!/bin/sh
# The profiled boot of bench/profile.sh (ima_appraise=enforce, QEMU's
# insn-profile plugin loaded): on (b) and (c) of a finished benchmark run
# (the labelled images bench/bench.sh leaves), each workload once, between
# two marks. A mark is a call of sethostname(2), which nothing else in the
# guest makes: the plugin closes a phase of its instruction counts at each.
# The workloads, as bench-run.sh runs them:
#   walk     cold walk of the tree (remounted first): readdir + lstat
#   create   itest.ops creations (`: >FILE`, no rename or unlink) in the
#            directory of 10 entries
#   dirops-dN  itest.ops cycles of create, rename and unlink in the
#            directory of N entries (bench dirops, as bench-run.sh runs
#            it), for each dN of itest.pdirs (comma-separated)
#   unpack   tar -xf of the archive disk into a new directory, synced
# The phases: 0 is the boot; then for each workload and configuration the
# preparation (remount, drop the caches), then the workload. The host
# names them from the lines "# profile phase N: CFG WL".
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
# shellcheck source=vm/tests/guest/bench-lib.sh
. /tests/bench-lib.sh
ops=$(cmdline_value itest.ops)
pdirs=$(cmdline_value itest.pdirs | tr , ' ')
cfgs="b c"
plan 6
echo "# profile creations: $ops"
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
bench_policy
tar=$(bench_disk tar)
# shellcheck disable=SC2086 # a list of words
bench_mount $cfgs

phase=0
# mark CFG WL: close the running phase; the next one is WL on CFG
mark() {
	phase=$((phase + 1))
	echo "# profile phase $phase: $1 $2"
	hostname "p$phase"
}
# cold CFG: remount CFG, drop the caches
cold() {
	umount "/mnt/$1" && mount -t ext4 "$(bench_dev "$1")" "/mnt/$1" &&
		sync && echo 3 >/proc/sys/vm/drop_caches
}
fail=
for c in $cfgs; do
	m=/mnt/$c
	mark "$c" prep-walk
	cold "$c" || fail="$fail $c-remount"
	mark "$c" walk
	bench walk "$m/tree" /tmp/list >/dev/null || fail="$fail $c-walk"
	mark "$c" prep-create
	bench dirops "$m/dirs/d10" 1 >/dev/null || fail="$fail $c-dirops"
	mark "$c" create
	i=0
	while [ "$i" -lt "$ops" ] && : >"$m/dirs/d10/profile-$i"; do
		i=$((i + 1))
	done
	[ "$i" = "$ops" ] || fail="$fail $c-create"
	mark "$c" prep-cleanup
	rm -f "$m"/dirs/d10/profile-*
	for d in $pdirs; do
		mark "$c" "prep-dirops-$d"
		bench dirops "$m/dirs/$d" 1 >/dev/null || fail="$fail $c-$d"
		mark "$c" "dirops-$d"
		bench dirops "$m/dirs/$d" "$ops" >/dev/null || fail="$fail $c-$d"
	done
	mark "$c" prep-unpack
	mkdir -p "$m/unpack/profile"
	cold "$c" || fail="$fail $c-remount"
	mark "$c" unpack
	{ tar -xf "$tar" -C "$m/unpack/profile" && sync; } || fail="$fail $c-unpack"
done
mark - end
for c in $cfgs; do
	rm -rf "/mnt/$c/unpack/profile" || fail="$fail $c-cleanup"
done
[ -z "$fail" ]
result $? "every workload succeeded on $cfgs" "failed:$fail"
# shellcheck disable=SC2086 # a list of words
bench_umount $cfgs
echo "# profile phases: $phase"
result 0 "$phase phases marked"
