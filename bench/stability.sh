#!/usr/bin/env bash
# Do the benchmark's figures hold still? The same benchmark (bench/bench.sh,
# one kernel) run three times: twice on a quiet host, then once with a hog
# on every host CPU beside it; then the medians of every workload and
# configuration compared between the runs (bench/compare.py). Issue 17
# asks for agreement within 2% in the instruction-counted mode.
#   usage: stability.sh
#   env:   STAB_HOG   build (default): kernel builds of the base tree
#                     (tinyconfig, plain gcc without ccache, make -jNCPUS)
#                     one after the other until the run ends; spin: one
#                     busy loop per host CPU
#          STAB_LIMIT the agreement asked for, in % (2)
#          BENCH_ICOUNT 1 (default) or 0: the wall-clock mode, to compare
#          BENCH_FILES, BENCH_COPY_MB, BENCH_REPS, BENCH_SIZES, BENCH_OPS:
#                     as bench.sh; defaults here 5000, 32, 3,
#                     10,1000,10000 and 100,100,100 (a run of about 10
#                     minutes on a quiet 2-CPU host)
#          BENCH_KERNEL as bench.sh (default build/kernels/patched.bzImage)
# Report: build/bench/stability[-wall]/report.md (printed); the runs'
# reports in build/bench/bench-full-stab-{quiet1,quiet2,hog}[-wall]/.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"

hog=${STAB_HOG:-build} limit=${STAB_LIMIT:-2}
case $hog in build | spin) ;; *) die "STAB_HOG must be build or spin" ;; esac
[[ $limit =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "STAB_LIMIT must be a number (%)"
export BENCH_FILES=${BENCH_FILES:-5000} BENCH_COPY_MB=${BENCH_COPY_MB:-32}
export BENCH_REPS=${BENCH_REPS:-3} BENCH_SIZES=${BENCH_SIZES:-10,1000,10000}
export BENCH_OPS=${BENCH_OPS:-100,100,100} BENCH_ICOUNT=${BENCH_ICOUNT:-1}
suffix=
[ "$BENCH_ICOUNT" = 1 ] || suffix=-wall
work=$BUILD/bench/stability$suffix
rm -rf "$work"
mkdir -p "$work"
kernel_src=${BENCH_KERNEL:-$BUILD/kernels/patched.bzImage}
[ -f "$kernel_src" ] || die "no kernel $kernel_src: run 'make kernel-patched'"
# One kernel for the three runs, even if it is rebuilt meanwhile.
cp -p "$kernel_src" "$work/patched.bzImage"
export BENCH_KERNEL=$work/patched.bzImage
export BENCH_SERIES=${BENCH_SERIES:-$(git -C "$KTREE" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)}
export BENCH_CMD="bench/stability.sh"
need gcc make nproc

hog_pids=()
stop_hog() {
	local p
	for p in "${hog_pids[@]}"; do
		kill -- "-$p" 2>/dev/null || kill "$p" 2>/dev/null || true
	done
	for p in "${hog_pids[@]}"; do wait "$p" 2>/dev/null || true; done
	hog_pids=()
}
trap stop_hog EXIT

# start_hog: the hog, each piece in its own process group (set -m), so
# that stop_hog ends the builds' children too.
start_hog() {
	local i
	set -m
	case $hog in
	build)
		[ -f "$KBASE/Makefile" ] || die "no base kernel tree $KBASE for the hog: run 'make tree'"
		mkdir -p "$work/hog"
		(
			while :; do
				rm -rf "$work/hog/obj"
				make -s -C "$KBASE" O="$work/hog/obj" CC=gcc tinyconfig >/dev/null 2>&1
				make -s -C "$KBASE" O="$work/hog/obj" CC=gcc -j"$(nproc)" vmlinux \
					>/dev/null 2>&1 || true
				echo "hog: one kernel build done at $(date -u +%T)" >>"$work/hog/log"
			done
		) &
		hog_pids+=($!)
		;;
	spin)
		for ((i = 0; i < $(nproc); i++)); do
			(while :; do :; done) &
			hog_pids+=($!)
		done
		;;
	esac
	set +m
	sleep 30
	log "hog ($hog) running: load average $(cut -d' ' -f1-3 /proc/loadavg)"
}

runs=()
for run in quiet1 quiet2 hog; do
	[ "$run" != hog ] || start_hog
	log "stability: run $run"
	BENCH_NAME=stab-$run "$TOP/bench/bench.sh" full >"$work/$run.out" 2>&1 ||
		die "the $run run failed: see $work/$run.out"
	[ "$run" != hog ] || stop_hog
	runs+=("$run=$BUILD/bench/bench-full-stab-$run$suffix/medians.tsv")
done

{
	echo "# Benchmark stability: two quiet runs and one beside a hog ($(date -u +%F))"
	echo
	echo "Command \`bench/stability.sh\` (STAB_HOG=$hog BENCH_ICOUNT=$BENCH_ICOUNT" \
		"BENCH_FILES=$BENCH_FILES BENCH_COPY_MB=$BENCH_COPY_MB BENCH_REPS=$BENCH_REPS" \
		"BENCH_SIZES=$BENCH_SIZES BENCH_OPS=$BENCH_OPS); kernel tree $BENCH_SERIES;" \
		"kernel sha256 $(sha256sum "$BENCH_KERNEL" | cut -c1-12)."
	echo
	for run in quiet1 quiet2 hog; do
		r=$BUILD/bench/bench-full-stab-$run$suffix/report.md
		echo "- $run: $(grep -m1 '^Host load average' "$r"); $(grep -m1 -o 'whole run [0-9]* s' "$r")."
	done
	[ ! -s "$work/hog/log" ] || echo "- the hog: $(wc -l <"$work/hog/log") kernel builds finished during the hog run."
	echo
	/usr/bin/python3 "$TOP/bench/compare.py" "$limit" "${runs[@]}"
} >"$work/report.md"
cat "$work/report.md"
log "report: $work/report.md"
