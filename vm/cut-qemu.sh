#!/usr/bin/env bash
# Boot a test kernel like run-qemu.sh, wait until the guest test prints
# "storm: started" on its KTAP port, then cut the power: SIGKILL QEMU after
# DELAY_MS milliseconds. The disk cache mode defaults to writethrough, so
# that every write the guest saw complete is in the image and nothing else
# is (QEMU_CACHE overrides). Logs as run-qemu.sh: build/logs/vm/NAME.*.
#   usage: cut-qemu.sh NAME KERNEL TEST DELAY_MS DISK
#   env:   APPEND (extra kernel command line), GUEST_ROOT (as run-qemu.sh),
#          START_TIMEOUT (seconds to
#          wait for the storm, default 120)
# Fails if the storm did not start, the guest stopped before the cut, or the
# console shows a panic, oops or warning before it.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"

[ $# -eq 5 ] || die "usage: ${0##*/} NAME KERNEL TEST DELAY_MS DISK"
name=$1 kernel=$2 test=$3 delay=$4 disk=$5
need qemu-system-x86_64
[[ $delay =~ ^[0-9]+$ ]] || die "DELAY_MS '$delay' is not a number"
[ -f "$kernel" ] || die "no kernel $kernel: run 'make kernels'"
guest_boot_args "$test"
[ -f "$disk" ] || die "no disk image $disk"

logdir=$LOGS/vm
mkdir -p "$logdir"
console=$logdir/$name.console ktap=$logdir/$name.ktap
rm -f "$console" "$ktap"
accel=$("$TOP/vm/accel.sh" "$kernel")
cmd=(qemu-system-x86_64 -nodefaults -no-user-config -no-reboot -display none
	-accel "$accel" -m "${QEMU_MEM:-512}" -smp 1
	-kernel "$kernel" "${GUEST_BOOT[@]}"
	-serial "file:$console" -serial "file:$ktap"
	-drive "file=$disk,if=virtio,format=raw,cache=${QEMU_CACHE:-writethrough}")
printf '%q ' "${cmd[@]}" >"$logdir/$name.cmd"
echo >>"$logdir/$name.cmd"

log "boot $name: $test on ${kernel##*/} ($accel), power cut $delay ms into the storm"
"${cmd[@]}" >"$logdir/$name.qemu" 2>&1 &
qemu=$!
trap 'kill -KILL "$qemu" 2>/dev/null || true' EXIT
waited=0
until grep -q '^storm: started' "$ktap" 2>/dev/null; do
	if ! kill -0 "$qemu" 2>/dev/null; then
		die "guest stopped before the storm started; see $console and $ktap"
	fi
	[ "$waited" -lt $((${START_TIMEOUT:-120} * 10)) ] ||
		die "no 'storm: started' within ${START_TIMEOUT:-120}s; see $console"
	sleep 0.1
	waited=$((waited + 1))
done
sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
if ! kill -KILL "$qemu" 2>/dev/null; then
	die "guest stopped before the power cut; see $console and $ktap"
fi
wait "$qemu" 2>/dev/null || true
trap - EXIT
ops=$(grep -c '^op ' "$ktap" || true)
log "boot $name: power cut after $delay ms of storm, $ops changes logged"
bad=$(grep -E 'Kernel panic|BUG:|WARNING:|Oops|general protection fault|KASAN:|UBSAN:|possible recursive locking|suspicious RCU usage|INFO: task .* blocked|soft lockup|kmemleak:.*new suspected' "$console" | head -n 3 || true)
[ -z "$bad" ] || die "the console shows a splat before the cut: $bad (see $console)"
fails=$(grep '^storm: FAIL' "$ktap" | head -n 3 || true)
[ -z "$fails" ] || die "the storm met unexpected errors before the cut: $fails (see $ktap)"
