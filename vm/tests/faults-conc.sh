#!/usr/bin/env bash
# Concurrent changes: label a tree of shared directories in fix mode, then
# in enforce mode let 8 processes create, unlink, mkdir, rmdir, symlink,
# mknod, bind, link, rename across directories and RENAME_EXCHANGE on the
# same names while 4 others look paths up (stat/lstat: RCU path walk on
# cached dentries), read links, open nodes and walk the tree
# (vm/helpers/fstorm.c). No operation may fail with anything but a
# collision error (EACCES is a failure), the tree must verify in the same
# boot, e2fsck must find the unmounted image clean, and after a reboot in
# enforce mode everything must verify. On the debug kernel (KASAN, lockdep,
# PROVE_RCU, hung-task and soft-lockup detectors) the console must show no
# splat (run-qemu.sh checks it on every boot). The tree is labelled by the
# patched kernel even when the storm runs on patched-debug: the same series
# writes the same labels, and labelling its 2 060 files took 155 s of the
# debug run's 224 s (20 s on patched); labelling on the debug kernel is
# tested by attacks.sh, changes.sh and tool.sh.
#   usage: faults-conc.sh [patched|patched-debug|patched-gcov]
#   env:   FAULTS_SECS (length of the storm, default 15), FAULTS_SEED
#          (default the time)
# Figures: build/faults/conc-KERNEL-SECSs.md; results: build/results/faults-conc-
# KERNEL.tap and the boots' vm-faults-conc-KERNEL-*.tap.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"
# shellcheck source=vm/tests/faults-lib.sh
. "$TOP/vm/tests/faults-lib.sh"

k=$(series_kernel "$@")
secs=${FAULTS_SECS:-15} seed=${FAULTS_SEED:-$(date +%s)}
[[ $secs =~ ^[1-9][0-9]*$ ]] || die "FAULTS_SECS must be a positive number"
[[ $seed =~ ^[0-9]+$ ]] || die "FAULTS_SEED must be a number"
need e2fsck
[ -f "$BUILD/kernels/$k.bzImage" ] ||
	die "no kernel $BUILD/kernels/$k.bzImage: run 'make kernels' (or 'make kernel-debug')"
uuid=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0a0007
name=faults-conc-$k
work=$BUILD/vm/$name
report=$BUILD/faults/conc-$k-${secs}s.md
rm -rf "$work"
results_clear "$name"
mkdir -p "$work" "$BUILD/faults"
# Every boot of a run uses the same kernel, even if it is rebuilt meanwhile.
kernel=$work/$k.bzImage
cp -p "$BUILD/kernels/$k.bzImage" "$kernel"
lkernel=$work/label.bzImage
cp -p "$(label_kernel "$k")" "$lkernel"

s=$work/src/tree/storm
keep=0
for d in s0 s1 s2 s3 s4 s5 big; do
	mkdir -p "$s/$d"
	count=$([ "$d" = big ] && echo 2000 || echo 10)
	for ((i = 0; i < count; i++)); do
		printf 'keep-%04d\n' "$i" >"$s/$d/keep-$(printf %04d "$i")"
	done
	keep=$((keep + count))
	ln -s keep-0000 "$s/$d/keep-link"
	mkfifo "$s/$d/keep-fifo"
done
img=$work/disk.img
"$TOP/vm/mkdisk.sh" "$img" "$uuid" "$work/src" 256
"$TOP/vm/offline.sh" "$img" node /tree/storm/s0/keep-null c 1 3
# Index the large directory as a running ext4 would (see faults-cuts.sh).
e2fsck -fyD "$img" >"$work/index.fsck" 2>&1 || [ $? -lt 4 ] ||
	die "e2fsck -fyD failed on $img: see $work/index.fsck"

tap_open "$name"
slow=1
[ "$k" = patched ] || slow=4
TIMEOUT=600 APPEND="ima_appraise=fix evm=fix itest.uuid=$uuid itest.dirs=1" \
	boot "$name-label" "$lkernel" label "$img" || true
TIMEOUT=$((secs + 300 * slow)) \
	APPEND="ima_appraise=enforce itest.uuid=$uuid itest.seed=$seed itest.secs=$secs itest.workers=8 itest.walkers=4 itest.verbose=0" \
	boot "$name-storm" "$kernel" faults-storm "$img" || true
e2fsck -fn "$img" >"$work/storm.fsck" 2>&1 && fsck_rc=0 || fsck_rc=$?
expect "after the storm and a clean shutdown e2fsck -fn finds nothing" \
	"exit $fsck_rc, see $work/storm.fsck" [ "$fsck_rc" -eq 0 ]
TIMEOUT=$((300 * slow)) APPEND="ima_appraise=enforce itest.uuid=$uuid itest.keep=$keep itest.expect=ok" \
	boot "$name-check" "$kernel" faults-check "$img" || true

log_storm=$LOGS/vm/$name-storm.ktap
log_check=$LOGS/vm/$name-check.ktap
total=$(tr -d '\r' <"$log_storm" | grep '^storm: total ' | tail -n 1 || true)
walkers=$(tr -d '\r' <"$log_storm" | grep '^storm: walkers ' | tail -n 1 || true)
fig() { sed -n "s/.*\b$1=\([0-9]*\).*/\1/p" <<<"$2"; }
expect "the storm ran to its end and reported its figures" "no summary in $log_storm" \
	[ -n "$total" ]
walk=$(tr -d '\r' <"$log_check" | sed -n 's/^# walk: //p' | tail -n 1)
{
	echo "## Concurrent changes ($k kernel)"
	echo
	echo "$(date -u '+%F %T') UTC; kernel build/kernels/$k.bzImage of $(stat -c %y "$kernel" | cut -d. -f1), sha256 $(sha256sum "$kernel" | cut -c1-12);"
	echo "seed $seed (rerun: FAULTS_SEED=$seed FAULTS_SECS=$secs); $secs s; 8 changing processes,"
	echo "4 walking; 7 shared directories (6 small, one of 2000 entries); $keep stable files."
	echo
	echo "**Operations: $(fig ops "$total") changes ($(fig ok "$total") succeeded," \
		"$(fig expected_err "$total") collisions), $(fig lookups "$walkers") lookups," \
		"$(fig walks "$walkers") full walks ($(fig entries "$walkers") entries);" \
		"failures: $(fig unexpected_err "$total") in changes," \
		"$(fig walker_unexpected_err "$total") in lookups.**"
	echo
	echo "| change | tries | ok | collisions | failures |"
	echo "| --- | --- | --- | --- | --- |"
	tr -d '\r' <"$log_storm" | sed -n 's/^storm: \([a-z]*\) tries=\([0-9]*\) ok=\([0-9]*\) expected_err=\([0-9]*\) unexpected_err=\([0-9]*\)$/| \1 | \2 | \3 | \4 | \5 |/p'
	echo
	echo "- e2fsck -fn after the clean shutdown: exit $fsck_rc"
	echo "- reboot in enforce mode: ${walk:-no walk figures (see $log_check)}"
	echo "- failures named by the storm:"
	tr -d '\r' <"$log_storm" | grep '^storm: FAIL' | sed 's/^/  - /' || echo "  - none"
	echo "- console splats (panic, oops, WARNING, lockdep, KASAN, hung task, soft lockup):" \
		"$(boot_files "$LOGS/vm" "$name" .console | xargs -r -d '\n' cat | grep -cE 'Kernel panic|BUG:|WARNING:|Oops|KASAN:|possible recursive locking|suspicious RCU usage|INFO: task .* blocked|soft lockup' || true)"
	echo
} >"$report"
cat "$report"
tap_close || true
# Fail if any boot or host check failed.
mapfile -t boots < <(boot_files "$RESULTS" "vm-$name" .tap)
! grep -q '^not ok ' "$RESULTS/$name.tap" "${boots[@]}"
