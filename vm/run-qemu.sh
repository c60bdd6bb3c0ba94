#!/usr/bin/env bash
# Boot a test kernel in QEMU and run one guest test; record its KTAP results.
#   usage: run-qemu.sh NAME KERNEL TEST [DISK...]
#   env:   APPEND (extra kernel command line), GUEST_ROOT (1: boot the first
#          disk as root, see guest_boot_args in ci/lib.sh), TIMEOUT
#          (seconds, default 180),
#          QEMU_MEM (MiB, default 512), QEMU_CPU (a -cpu model, e.g. max;
#          default QEMU's own: qemu64 under TCG), QEMU_EXTRA (more QEMU
#          options, words),
#          QEMU_DRIVE_OPTS (more -drive options for every disk, e.g.
#          throttling.bps-total=N),
#          GCOV_DIR (a coverage kernel's gcov counters of this boot go to
#          GCOV_DIR/NAME/, through a scratch disk with serial "gcov"),
#          FINDINGS_OPEN (review findings the series does not close yet,
#          words: B1 B2 ...), FINDING and FINDING_SPLAT (the finding this
#          boot tests, and a regular expression its console splat matches)
# A guest result named after a finding ("B3: ...") that is in FINDINGS_OPEN
# is a known failure (KTAP TODO) when it fails; so is the console check of
# a FINDING boot when every bad line matches FINDING_SPLAT. Any other
# failure of the boot (a hang, another splat, a short plan) fails. Each
# open finding must still fail.
# Kernel console -> build/logs/vm/NAME.console, guest KTAP (ttyS1) ->
# build/logs/vm/NAME.ktap, results -> build/results/vm-NAME.tap.
# A guest that panics, oopses, warns, hangs or reports fewer results than its
# plan is a failure; the logs are kept.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"

[ $# -ge 3 ] || die "usage: ${0##*/} NAME KERNEL TEST [DISK...]"
name=$1 kernel=$2 test=$3
shift 3
need qemu-system-x86_64 timeout
[ -f "$kernel" ] || die "no kernel $kernel: run 'make kernels'"
guest_boot_args "$test"
timeout=${TIMEOUT:-180}

logdir=$LOGS/vm
mkdir -p "$logdir"
console=$logdir/$name.console
ktap=$logdir/$name.ktap
rm -f "$console" "$ktap"

drives=()
for d in "$@"; do
	[ -f "$d" ] || die "no disk image $d"
	drives+=(-drive "file=$d,if=virtio,format=raw,cache=${QEMU_CACHE:-writeback}${QEMU_DRIVE_OPTS:+,$QEMU_DRIVE_OPTS}")
done

read -ra extra <<<"${QEMU_EXTRA:-}"
if [ -n "${QEMU_CPU:-}" ]; then
	[[ $QEMU_CPU =~ ^[A-Za-z0-9][A-Za-z0-9_.,=+-]*$ ]] || die "QEMU_CPU='$QEMU_CPU' is not a -cpu model (see qemu-system-x86_64 -cpu help)"
	extra=(-cpu "$QEMU_CPU" "${extra[@]}")
fi
gcov_disk=
if [ -n "${GCOV_DIR:-}" ]; then
	mkdir -p "$GCOV_DIR"
	gcov_disk=$GCOV_DIR/$name.tar
	rm -rf "$gcov_disk" "${GCOV_DIR:?}/$name"
	truncate -s 64M "$gcov_disk"
	# The last PCI slot: the test's disks keep their names (vda, vdb, ...).
	drives+=(-drive "file=$gcov_disk,if=none,id=gcov,format=raw"
		-device "virtio-blk-pci,drive=gcov,serial=gcov,addr=0x1f")
	APPEND="${APPEND:-} itest.gcov=1"
fi

accel=$("$TOP/vm/accel.sh" "$kernel")
cmd=(qemu-system-x86_64 -nodefaults -no-user-config -no-reboot -display none
	-accel "$accel" -m "${QEMU_MEM:-512}" -smp 1
	-kernel "$kernel" "${GUEST_BOOT[@]}"
	-serial "file:$console" -serial "file:$ktap" "${drives[@]}" "${extra[@]}")
printf '%q ' "${cmd[@]}" >"$logdir/$name.cmd"
echo >>"$logdir/$name.cmd"

log "boot $name: $test on ${kernel##*/} ($accel)"
start=$(date +%s)
rc=0
timeout -k 5 "$timeout" "${cmd[@]}" >"$logdir/$name.qemu" 2>&1 || rc=$?
log "boot $name: finished in $(($(date +%s) - start)) s (qemu exit $rc)"
if [ -n "$gcov_disk" ]; then
	mkdir -p "$GCOV_DIR/$name"
	tar -xf "$gcov_disk" -C "$GCOV_DIR/$name" 2>/dev/null ||
		log "boot $name: no gcov counters (the guest did not write them)"
	rm -f "$gcov_disk"
fi

open=${FINDINGS_OPEN:-} boot_f=${FINDING:-}
[ -z "$boot_f" ] || { [[ $boot_f =~ ^[BD][0-9]+$ ]] && [ -n "${FINDING_SPLAT:-}" ]; } ||
	die "FINDING=$boot_f: want a finding (B1, ..., D1, ...) and FINDING_SPLAT"
tap_open "vm-$name"
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	tap_result 1 "$name: guest finished within ${timeout}s" "timed out, see $console"
else
	tap_result "$rc" "$name: qemu exited cleanly" "qemu exit $rc, see $logdir/$name.qemu"
fi
splats='Kernel panic|BUG:|WARNING:|Oops|general protection fault|KASAN:|UBSAN:|possible recursive locking|suspicious RCU usage|INFO: task .* blocked|soft lockup|kmemleak:.*new suspected'
bad=$(grep -E "$splats" "$console" 2>/dev/null | head -n 3 || true)
splat_f=
if [ -n "$boot_f" ] && [ -n "$bad" ] &&
	! grep -E "$splats" "$console" | grep -qvE -- "$FINDING_SPLAT"; then
	splat_f=$boot_f
fi
tap_finding "$open" "$splat_f" "$([ -z "$bad" ] && echo 0 || echo 1)" "$name: no panic, oops or warning on the console" \
	"$(echo "$bad" | tr '\n' ' ')see $console"

# Re-number the guest's results under this boot's name; the plan must match.
plan=$(tr -d '\r' <"$ktap" 2>/dev/null | sed -n 's/^1\.\.\([0-9]*\)$/\1/p' | head -n1)
seen=0
while IFS= read -r line; do
	if [[ $line =~ ^ok\ [0-9]+\ (.*)$ ]]; then
		st=0
	elif [[ $line =~ ^not\ ok\ [0-9]+\ (.*)$ ]]; then
		st=1
	else
		continue
	fi
	desc=${BASH_REMATCH[1]} f='' why=''
	if [[ $desc == *' # '* ]]; then why=${desc#* # } desc=${desc%% # *}; fi
	[[ $desc =~ ^([BD][0-9]+): ]] && f=${BASH_REMATCH[1]}
	tap_finding "$open" "$f" "$st" "$name: $desc" "$why"
	seen=$((seen + 1))
done < <(tr -d '\r' <"$ktap" 2>/dev/null)
if [ -z "$plan" ]; then
	tap_result 1 "$name: guest test reported a plan" "no KTAP plan in $ktap"
else
	tap_result "$([ "$seen" -eq "$plan" ] && echo 0 || echo 1)" \
		"$name: guest reported all $plan planned results" "got $seen, see $ktap"
fi
ran=0
tr -d '\r' <"$ktap" 2>/dev/null | grep -q "^itest: $test exited 0" || ran=1
tap_result "$ran" "$name: guest test script ran to the end" "see $ktap"
# shellcheck disable=SC2086 # words
tap_finding_closed $open
tap_close
