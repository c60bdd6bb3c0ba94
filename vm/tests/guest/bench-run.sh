#!/bin/sh
# Boot 3 of bench/bench.sh (ima_appraise=enforce): the timed workloads on
# the seven configurations (see bench-lib.sh), itest.reps times; each
# repetition runs the configurations in a rotated order. Workloads:
#   walk    cold walk of the tree (remounted first): readdir + lstat
#   stat    warm lstat of every path the walk saw (after one untimed pass)
#   cat     find TREE -type f | xargs cat, cold (remounted first)
#   dirops-SIZE  create, rename, unlink in the directory of SIZE entries:
#           one cycle timed as a whole (the first change after a cold
#           mount), then itest.ops operations of each kind (per size,
#           comma-separated)
#   unpack  tar -xf of the archive disk into a new directory, synced
#   copy    copy of the itest.copymb MiB file, fsynced, cold
# Each timed quantity is a line "# bench cfg=C rep=R wl=... secs=... ..."
# (vm/helpers/bench.c) for the host's report; one result per configuration
# and workload: every repetition of it succeeded.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
# shellcheck source=vm/tests/guest/bench-lib.sh
. /tests/bench-lib.sh
reps=$(cmdline_value itest.reps)
sizes=$(cmdline_value itest.sizes | tr , ' ')
ops=$(cmdline_value itest.ops | tr , ' ')
wls="walk stat cat dirops unpack copy"
ncfgs=0
for c in $BENCH_CFGS; do ncfgs=$((ncfgs + 1)); done
plan $((5 + ncfgs * 6 + 1))
# The times need a fine clock: under TCG the kernel's watchdog finds the
# TSC unstable against jiffies and falls back to them (4 ms steps) unless
# booted with tsc=reliable (bench/bench.sh).
clk=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)
echo "# clocksource: $clk"
case $clk in
tsc | tsc-early) result 0 "the clock source is the TSC (fine-grained times)" ;;
*)
	# itest.fineclock=0 (smoke run): the times are not a result.
	if [ "$(cmdline_value itest.fineclock)" = 0 ]; then
		result 0 "clock source $clk: coarse times, acceptable for a smoke run"
	else
		result 1 "the clock source is the TSC (fine-grained times)" "it is $clk"
	fi
	;;
esac
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
bench_policy
bench_dm d e eb
tar=$(bench_disk tar)
# shellcheck disable=SC2086 # a list of words
bench_mount $BENCH_CFGS
# Which implementations the protections' algorithms run on, now that
# dm-crypt and dm-integrity have instantiated theirs (the report quotes
# it: ratios between them depend on it).
drv() { awk -v n="$1" '$1 == "name" { name = $3 } $1 == "driver" && name == n { print $3; exit }' /proc/crypto; }
echo "# crypto: sha256 $(drv sha256), xts(aes) $(drv 'xts(aes)'), hmac(sha256) $(drv 'hmac(sha256)')"

# cold: drop the caches; with an argument, remount that configuration first
cold() {
	if [ -n "${1:-}" ]; then
		umount "/mnt/$1" && mount -t ext4 "$(bench_dev "$1")" "/mnt/$1" || return 1
	fi
	sync
	echo 3 >/proc/sys/vm/drop_caches
}
# timed CFG REP WL BENCH-ARGS...: run bench, print its lines for the host;
# a failure is kept in /tmp/fail-CFG-WL
timed() {
	c=$1 r=$2 w=$3
	shift 3
	if bench -w "$w" -m "/mnt/$c" -d "$(bench_stat "$c")" "$@" >/tmp/out 2>/tmp/err; then
		sed "s/^/# bench cfg=$c rep=$r /" /tmp/out
	else
		echo "rep $r: $(tail -n 2 /tmp/err | tr '\n' ' ')" >>"/tmp/fail-$c-${w%%-*}"
		sed "s/^/# bench FAILED cfg=$c rep=$r wl=$w: /" /tmp/err | head -n 5
	fi
}
# workloads CFG REP: one repetition of every workload on CFG
workloads() {
	c=$1 r=$2 m=/mnt/$1
	cold "$c" || echo "rep $r: remount failed" >>"/tmp/fail-$c-walk"
	timed "$c" "$r" walk walk "$m/tree" "/tmp/list-$c"
	bench stat "/tmp/list-$c" >/dev/null 2>&1
	timed "$c" "$r" stat stat "/tmp/list-$c"
	cold "$c" || echo "rep $r: remount failed" >>"/tmp/fail-$c-cat"
	timed "$c" "$r" cat run sh -c "set -o pipefail; find $m/tree -type f | xargs cat >/dev/null"
	# shellcheck disable=SC2086 # a list of words
	set -- $ops
	for s in $sizes; do
		timed "$c" "$r" "dirops-$s" dirops "$m/dirs/d$s" "$1"
		shift
	done
	mkdir -p "$m/unpack/r$r"
	cold
	timed "$c" "$r" unpack -S run tar -xf "$tar" -C "$m/unpack/r$r"
	cold "$c" || echo "rep $r: remount failed" >>"/tmp/fail-$c-copy"
	timed "$c" "$r" copy -S copy "$m/big.bin" "$m/copy.bin"
	rm -f "$m/copy.bin"
	sync
}

t0=$(cut -d' ' -f1 /proc/uptime)
order=$BENCH_CFGS
r=1
while [ "$r" -le "$reps" ]; do
	for c in $order; do
		echo "# running: rep $r of $reps, configuration $c"
		workloads "$c" "$r"
	done
	# rotate: a b c ... -> b c ... a
	# shellcheck disable=SC2086 # a list of words
	set -- $order
	first=$1
	shift
	order="$* $first"
	r=$((r + 1))
done
echo "# bench: workloads took $(awk "BEGIN { print $(cut -d' ' -f1 /proc/uptime) - $t0 }") s"
for c in $BENCH_CFGS; do
	for w in $wls; do
		[ ! -e "/tmp/fail-$c-$w" ]
		result $? "($c) $w: all $reps repetitions succeeded" "$(head -n 2 "/tmp/fail-$c-$w" 2>/dev/null | tr '\n' ' ')"
	done
done
# shellcheck disable=SC2086 # a list of words
bench_umount $BENCH_CFGS
