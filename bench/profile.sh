#!/usr/bin/env bash
# Where the series' CPU time goes, by kernel function: one more boot on
# the images a finished benchmark run left, with QEMU's instruction
# counting and the insn-profile plugin (bench/insn-profile.c), which counts
# every guest instruction by the block it ran in. The guest
# (vm/tests/guest/bench-profile.sh) runs the cold walk, creations in the
# directory of 10 entries, create/rename/unlink cycles in the directories
# of PROFILE_DIRS and the unpack once each on (b) IMA/EVM and (c) the
# series, between marks; bench/profile.py maps the counts to the
# kernel's functions and lists, per workload, what (c) executes more than
# (b). Instructions, not time: the disks' latency is not in it, as in the
# benchmark's CPU time.
#   usage: profile.sh RUN SYSTEM.MAP
#          RUN: a benchmark run's folder in build/bench (bench-full,
#          bench-full-kern-v2, ...), whose kernel (patched.bzImage) and
#          labelled images (b.img, c.img, tree.tar) the boot uses; they
#          are changed (an unpacked copy, removed afterwards)
#          SYSTEM.MAP: the System.map of that kernel's build
#   env:   PROFILE_OPS (creations, default 200), PROFILE_TOP (functions
#          listed per workload, default 30), PROFILE_DIRS (the run's
#          directories, by size, to profile create/rename/unlink cycles
#          in: default 10,1000; BENCH_SIZES of the run must have them),
#          BENCH_CPU (QEMU's -cpu model,
#          default max, as bench/bench.sh; empty for QEMU's default)
# Report: build/bench/RUN/profile.md (printed); the raw counts in
# build/bench/RUN/profile.raw.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"
# shellcheck source=vm/tests/faults-lib.sh
. "$TOP/vm/tests/faults-lib.sh"

[ $# -eq 2 ] || die "usage: ${0##*/} RUN SYSTEM.MAP (RUN: a folder of build/bench, e.g. bench-full)"
run=$1 map=$2
[[ $run =~ ^bench-[A-Za-z0-9._-]+$ ]] || die "RUN must be a benchmark run's folder name (bench-...), not '$run'"
work=$BUILD/bench/$run
for f in patched.bzImage b.img c.img tree.tar; do
	[ -f "$work/$f" ] || die "no $work/$f: run the benchmark first (make bench, or bench/kernels.sh)"
done
[ -f "$map" ] || die "no System.map $map"
ops=${PROFILE_OPS:-200} top=${PROFILE_TOP:-30} sizes=${PROFILE_DIRS:-10,1000}
[[ $sizes =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die "PROFILE_DIRS must be directory sizes separated by commas (10,1000)"
pdirs=d${sizes//,/,d}
[[ $ops =~ ^[1-9][0-9]*$ && $top =~ ^[1-9][0-9]*$ ]] || die "PROFILE_OPS and PROFILE_TOP must be positive numbers"
[ "${QEMU_ACCEL:-tcg}" = tcg ] || die "the profile needs QEMU_ACCEL=tcg (it is $QEMU_ACCEL)"
export QEMU_ACCEL=tcg
cpu=${BENCH_CPU-max}
export QEMU_CPU=$cpu
[ -f "$BUILD/vm/initramfs.cpio.gz" ] || die "no initramfs: run 'make initramfs'"
zcat "$BUILD/vm/initramfs.cpio.gz" | cpio -t 2>/dev/null | grep -qx 'tests/bench-profile.sh' ||
	die "the initramfs has no profile script: run 'make initramfs'"

# The mark: the entry of sethostname(2), the kernel the images were
# labelled with being the one profiled (its System.map must be its own).
mark=$(awk '$3 == "__x64_sys_sethostname" { print $1; exit }' "$map")
[ -n "$mark" ] || die "$map has no __x64_sys_sethostname: is it a System.map of an x86-64 kernel with UTS namespaces' sethostname?"
gcc -shared -fPIC -O2 -Wall -Wextra -Werror -fvisibility=hidden \
	-o "$work/insn-profile.so" "$TOP/bench/insn-profile.c" ||
	die "cannot build bench/insn-profile.c"

name=${run#bench-}-profile
results_clear "$name"
tap_open "$name"
raw=$work/profile.raw
rm -f "$raw"
# shellcheck source=bench/uuids.sh
. "$TOP/bench/uuids.sh"
uuids="itest.ub=${uuid[b]} itest.uc=${uuid[c]} itest.uf=${uuid[f]} itest.disks=b,c,tar"
rc=0
QEMU_MEM=${QEMU_MEM:-1024} QEMU_EXTRA="-icount shift=0,sleep=off -plugin $work/insn-profile.so,out=$raw,mark=$mark" \
	TIMEOUT=${PROFILE_TIMEOUT:-3600} APPEND="tsc=reliable tsc_early_khz=1000000 ima_appraise=enforce $uuids itest.ops=$ops itest.pdirs=$pdirs" \
	boot "$name" "$work/patched.bzImage" bench-profile "$work/b.img" "$work/c.img" "$work/tree.tar" || rc=1
expect "the plugin wrote the counts" "no $raw: see $LOGS/vm/$name.console" test -s "$raw"
report=$work/profile.md
{
	echo "# Profile of ${run#bench-}: guest instructions by kernel function, (c) against (b)"
	echo
	echo "$(date -u '+%F %T') UTC; command \`bench/profile.sh $run ${map#"$TOP"/}\` (PROFILE_OPS=$ops);"
	echo "kernel $work/patched.bzImage (sha256 $(sha256sum "$work/patched.bzImage" | cut -c1-12)), System.map sha256 $(sha256sum "$map" | cut -c1-12);"
	echo "repository $(git -C "$TOP" rev-parse --short=12 HEAD 2>/dev/null || echo unknown);" \
		"QEMU $(qemu-system-x86_64 --version | head -n 1 | sed 's/.*version //') (tcg, -cpu ${cpu:-qemu64}, -icount shift=0,sleep=off, bench/insn-profile.c)."
	echo
	/usr/bin/python3 "$TOP/bench/profile.py" "$raw" "$map" "$LOGS/vm/$name.ktap" "$top"
} >"$report" || rc=1
expect "the profile report was written" "see $report" test -s "$report"
cat "$report"
log "report: $report"
tap_close || rc=1
exit "$rc"
